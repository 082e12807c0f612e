"""Card Game: The Card Game: what the players see: money, points, the prompt and each seat's
observation, and the zones where every card lies (public and hidden, for tests and sampling).
"""
from __future__ import annotations

from typing import Any

from ...cards import Card
from ...seat_view import SeatView, observe
from .deck import FINAL, LOG_LINES, sushi_points

__all__ = ["Views", "OBSERVATION_FIELDS"]


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
        return observe(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def view(self, seat: int | None) -> SeatView:
        """:meth:`observation` read key by key (:class:`catcards.seat_view.SeatView`: each key
        computed when first read), valid until the next action: what the play loops give a
        computer player, which reads a few keys of the observation.

        Raises:
            ValueError: ``seat`` is not a seat of the game or None.
        """
        return SeatView(OBSERVATION_FIELDS, self, self.check_seat(seat))

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


def _stack(state, seat) -> list[dict[str, Any]]:
    cards = state.deck.cards
    return [{"who": it.seat, "what": it.describe(), "name": it.name, "kind": it.kind,
             "card": cards[it.card] if it.card is not None else None, "target": it.target,
             "settled": it.settled}
            for it in state.stack]


def _facedown(state, seat) -> Card | None:
    own = state.facedown is not None and seat is not None and state.facedown[0] == seat
    return state.deck.cards[state.facedown[1]] if own else None


def _peek(state, seat) -> list[Card]:
    pending_seat = state.pending.seat if state.pending is not None else None
    return [state.deck.cards[c] for c in state.peek] if seat is not None and seat == pending_seat else []


# The fields below that list cards turn card ids into Cards with ``map`` over the deck's tuple
# (one C call per list, not a Python step per card): a computer player's claim odds read ten of
# them at each believe-or-challenge, the most frequent decision of a play-out.
def _hand(state, seat) -> list[Card]:
    return list(map(state.deck.cards.__getitem__, state.hands[seat])) if seat is not None else []


def _cards(zone: str):
    """The field listing the cards of the state's list ``zone`` (card ids), in order."""
    def field(state, seat) -> list[Card]:
        ids = getattr(state, zone)
        return list(map(state.deck.cards.__getitem__, ids)) if ids else []
    return field


def _money(state, seat) -> list[list[Card]]:
    card = state.deck.cards.__getitem__
    return [list(map(card, m)) if m else [] for m in state.money]


def _money_names(state, seat) -> list[list[str]]:
    return [[state.money_name(c) for c in m] if m else [] for m in state.money]


def _seat_cards(zone: str):
    """The field listing, per seat, the cards of the state's per-seat list ``zone`` (``front``:
    its LOCK cards; ``island``: its characters on Exploding Island) as ``(Card, name it counts as)``."""
    def field(state, seat) -> list[list[tuple[Card, str]]]:
        cards = state.deck.cards
        return [[(cards[c], x) for c, x in f] if f else [] for f in getattr(state, zone)]
    return field


def _table(state, seat) -> list[tuple[Card, str]]:
    cards = state.deck.cards
    return [(cards[c], x) for c, x in state.table]


def _points(state, seat) -> list[int]:
    return list(map(state.points, range(state.game.players)))


#: the fields of ``observation(seat)`` (and ``view(seat)``) of a Card Game state: key ->
#: ``field(state, seat)``, seat already checked (None: a spectator); see :meth:`Views.observation`
OBSERVATION_FIELDS: dict[str, Any] = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state.game.players,
    "turn": lambda state, seat: state.turn,
    "active": lambda state, seat: state.active,
    "phase": lambda state, seat: state.phase,
    "current_player": lambda state, seat: state.current_player,
    "prompt": lambda state, seat: state.prompt(),
    "decision": lambda state, seat: state.decision(),
    "hand": _hand,
    "hand_sizes": lambda state, seat: list(map(len, state.hands)),
    "money": _money,
    "money_names": _money_names,
    "money_values": lambda state, seat: list(state.cash),
    "money_top": lambda state, seat: state.deck.cards[state.money_deck[-1]] if state.money_deck else None,
    "money_deck_size": lambda state, seat: len(state.money_deck),
    "draw_pile_size": lambda state, seat: len(state.main),
    "discard_pile": _cards("discard"),
    "front": _seat_cards("front"),
    "table": _table,
    "island": _seat_cards("island"),
    "tokens": lambda state, seat: list(state.tokens),
    "points": _points,
    "out": lambda state, seat: list(state.out),
    "stack": _stack,
    "window": lambda state, seat: state.window.kind if state.window is not None else None,
    "facedown": _facedown,
    "facedown_count": lambda state, seat: 1 if state.facedown is not None else 0,
    "peek": _peek,
    "turned": _cards("turned"),
    "resolving": _cards("resolving"),
    "card_counts": lambda state, seat: dict(state.deck.counts),
    "final_round_variant": lambda state, seat: state.game.final_round,
    "hand_played": lambda state, seat: state.hand_played,
    "ability_used": lambda state, seat: state.ability_used,
    "final_round": lambda state, seat: state.final_last if state._on_table(FINAL) else None,
    "legal": lambda state, seat: state.legal_for(seat),
    "log": lambda state, seat: state.log[-LOG_LINES:],
    "is_over": lambda state, seat: state.is_over,
    "outcome": lambda state, seat: state._outcome,
}
