"""Card Game: The Card Game: what the players see: money, points, the prompt and each seat's
observation, and the zones where every card lies (public and hidden, for tests and sampling).
"""
from __future__ import annotations

from typing import Any

from ...cards import Card
from .deck import FINAL, LOG_LINES, sushi_points

__all__ = ["Views"]


class Views:
    """Part of :class:`~catcards.games.card_game.engine.CardGameState` (its methods come in four
    parts, ``Views``, :class:`~.stack.Responses`, :class:`~.effects.Effects` and
    :class:`~.moves.Moves`, each a plain class without attributes of its own): public queries
    and views."""

    def _types(self, name: str) -> frozenset:
        return self.deck.types.get(name, frozenset())

    def _on_table(self, name: str) -> bool:
        for _, as_name in self.table:
            if as_name == name:
                return True
        return False

    def cost(self, name: str) -> int:
        """Money ($) to play the card ``name`` now (its list cost, 1 less under Cheap Day, >= 0)."""
        return self._costs().get(name, 0)

    def _costs(self) -> dict[str, int]:
        """Every card's cost now (see :meth:`cost`)."""
        return self.deck.cheap_costs if self.cheap else self.deck.costs

    def _rules_changed(self) -> None:
        """Set what follows from the RULE cards on the table (after the deal and whenever one is
        put there): ``cheap``, whether Cheap Day is there (every card costs 1$ less)."""
        self.cheap = self._on_table("Cheap Day")

    def money_name(self, c: int) -> str:
        """The name the card ``c`` of a money area counts as: "Dark Flower" for a Joker played as
        Dark Flower (the Joker keeps the name it was played as), else its own name."""
        return "Dark Flower" if c in self.flower_jokers else self.deck.names[c]

    def money_value(self, seat: int) -> int:
        """Dollars in ``seat``'s money area (Money and a Joker played as Money 1$; Dark Flower, or
        a Joker played as Dark Flower, 2$), kept in ``cash`` as cards come and go."""
        return self.cash[seat]

    def _count_cash(self, seat: int) -> int:
        """:meth:`money_value` counted card by card (what ``cash`` keeps; the tests compare them)."""
        area = self.money[seat]
        return sum(map(self.deck.dollars.__getitem__, area)) + len(self.flower_jokers.intersection(area))

    def _to_money_area(self, seat: int, c: int) -> None:
        """Put the card ``c`` into ``seat``'s money area (a Joker as Dark Flower already in
        ``flower_jokers``), keeping ``cash`` up to date."""
        self.money[seat].append(c)
        self.cash[seat] += self.deck.dollars[c] + (c in self.flower_jokers)

    def points(self, seat: int) -> int:
        """Tokens + Sullen Houses (1 each) + Sushi Tray points of ``seat`` (rules/card-game.md)."""
        houses = trays = 0
        for _, as_name in self.front[seat]:
            if as_name == "Sullen House":
                houses += 1
            elif as_name == "Sushi Tray":
                trays += 1
        return self.tokens[seat] + houses + sushi_points(trays)

    def decision(self) -> str | None:
        """The kind of decision asked now: "draw", "main", "end" (the active player's phases, and
        "end" also for the other players asked in the end-phase round), "respond" (a response window), "bluff" (believe or challenge), "choice" (a choice while an
        effect resolves), or None when the game is over."""
        if self._outcome is not None:
            return None
        if self.pending is not None:
            return "choice"
        if self.window is not None:
            return self.window.kind
        return self.phase

    def prompt(self) -> str:
        """What the player to act is asked, in words (for tables and logs)."""
        if self._outcome is not None:
            return "the game is over"
        seat = self.current_player
        if self.pending is not None:
            return {"ttt_draw": "draw the card To The Top put there, or take Money instead?",
                    "ttt_pick": "To The Top: put a card from the discard pile on top, or done",
                    "discard": "the claim was genuine: discard a card",
                    "peek": "Fortune Teller: put the cards back in any order",
                    "eat4": "Eat Four!: take the LOCK card, or take Money instead?"}[self.pending.kind]
        if self.window is not None:
            top = self.stack[-1]
            if self.window.kind == "bluff":
                return f"{top.describe()}: believe or challenge?"
            return f"{top.describe()}: respond with an INSTANT card, or pass?"
        if self.end_queue is not None:
            return f"end phase of seat {self.active}'s turn: play an INSTANT card, or pass?"
        if self.phase == "draw":
            return f"seat {seat}: draw phase: take Money or draw from the main deck"
        if self.phase == "end":
            return f"seat {seat}: end phase: play an INSTANT card, or end the turn"
        return f"seat {seat}: main phase: play a card, use an Ability, or end the turn"

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator).

        Keys: ``seat``, ``players``, ``turn``, ``active``, ``phase``, ``current_player``,
        ``prompt`` (what the player to act is asked, in words), ``decision`` (see
        :meth:`decision`), ``hand`` (own Cards), ``hand_sizes``, ``money`` (per seat, Cards; money areas
        are public), ``money_names`` (per seat, the name each money-area card counts as: a Joker played
        as Dark Flower counts as "Dark Flower"), ``money_values`` ($ per seat), ``money_top`` (the visible top Money card or
        None), ``money_deck_size``, ``draw_pile_size``, ``discard_pile`` (Cards, bottom first: anyone may
        look), ``front`` (per seat, LOCK cards as ``(Card, name it counts as)``), ``table`` (RULE
        cards, same pairs), ``island`` (per seat), ``tokens``, ``points``, ``out``, ``stack``
        (bottom first, dicts ``who``, ``what``, ``card`` (a Card, or None for a face-down claim),
        ``target``), ``window`` ("respond", "bluff" or None), ``facedown`` (your own face-down
        claim card, else None), ``facedown_count``, ``peek`` (Fortune Teller's cards, for its user
        only), ``turned`` (Eat Four!'s LOCK cards awaiting a choice), ``resolving`` (To The Top
        while its cards are chosen), ``card_counts`` (copies of
        each card in the card list), ``final_round_variant``, ``hand_played``,
        ``ability_used``, ``final_round`` (the seat whose turn ends the game, or None),
        ``legal`` (seat to act only), ``log`` (the last 60 public lines; all are in
        ``state.log``), ``is_over``, ``outcome``.
        """
        n = self.game.players
        seat = self.check_seat(seat)
        cards = self.deck.cards
        own_face = self.facedown is not None and seat is not None and self.facedown[0] == seat
        pending_seat = self.pending.seat if self.pending is not None else None
        return {
            "seat": seat,
            "players": n,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "current_player": self.current_player,
            "prompt": self.prompt(),
            "decision": self.decision(),
            "hand": [cards[c] for c in self.hands[seat]] if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "money": [[cards[c] for c in m] for m in self.money],
            "money_names": [[self.money_name(c) for c in m] for m in self.money],
            "money_values": [self.money_value(s) for s in range(n)],
            "money_top": cards[self.money_deck[-1]] if self.money_deck else None,
            "money_deck_size": len(self.money_deck),
            "draw_pile_size": len(self.main),
            "discard_pile": [cards[c] for c in self.discard],
            "front": [[(cards[c], x) for c, x in f] for f in self.front],
            "table": [(cards[c], x) for c, x in self.table],
            "island": [[(cards[c], x) for c, x in f] for f in self.island],
            "tokens": list(self.tokens),
            "points": [self.points(s) for s in range(n)],
            "out": list(self.out),
            "stack": [
                {"who": it.seat, "what": it.describe(), "name": it.name, "kind": it.kind,
                 "card": cards[it.card] if it.card is not None else None, "target": it.target,
                 "settled": it.settled}
                for it in self.stack
            ],
            "window": self.window.kind if self.window is not None else None,
            "facedown": cards[self.facedown[1]] if own_face else None,
            "facedown_count": 1 if self.facedown is not None else 0,
            "peek": [cards[c] for c in self.peek] if seat is not None and seat == pending_seat else [],
            "turned": [cards[c] for c in self.turned],
            "resolving": [cards[c] for c in self.resolving],
            "card_counts": dict(self.deck.counts),
            "final_round_variant": self.game.final_round,
            "hand_played": self.hand_played,
            "ability_used": self.ability_used,
            "final_round": self.final_last if self._on_table(FINAL) else None,
            "legal": self.legal_for(seat),
            "log": self.log[-LOG_LINES:],
            "is_over": self.is_over,
            "outcome": self._outcome,
        }

    def zones(self) -> dict[str, list[Card]]:
        cards = self.deck.cards
        z = {f"hand {s}": [cards[c] for c in h] for s, h in enumerate(self.hands)}
        z["main deck"] = [cards[c] for c in self.main]
        z["money deck"] = [cards[c] for c in self.money_deck[:-1]]
        z["money deck top"] = [cards[c] for c in self.money_deck[-1:]]
        for s in range(self.game.players):
            z[f"money {s}"] = [cards[c] for c in self.money[s]]
            z[f"front {s}"] = [cards[c] for c, _ in self.front[s]]
            z[f"island {s}"] = [cards[c] for c, _ in self.island[s]]
        z["table"] = [cards[c] for c, _ in self.table]
        z["discard"] = [cards[c] for c in self.discard]
        z["stack"] = [cards[it.card] for it in self.stack if it.card is not None]
        z["face down"] = [cards[self.facedown[1]]] if self.facedown is not None else []
        z["peek"] = [cards[c] for c in self.peek]
        z["turned"] = [cards[c] for c in self.turned]
        z["resolving"] = [cards[c] for c in self.resolving]
        z["box"] = [cards[c] for c in self._box]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        hidden = [f"hand {s}" for s in range(self.game.players) if s != seat]
        hidden += ["main deck", "money deck", "box"]
        if self.facedown is None or self.facedown[0] != seat:
            hidden.append("face down")
        if self.pending is None or self.pending.seat != seat or self.pending.kind != "peek":
            hidden.append("peek")
        return hidden
