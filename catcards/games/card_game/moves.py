"""Card Game: The Card Game: the legal actions of the player asked, and why an action is not legal.

The lists follow the turn (rulebook "Turn"; rules/card-game.md): a draw phase (take Money or draw,
INSTANT cards allowed), a main phase (one HAND or RULE card, one Ability, INSTANT cards, end
turn), the end phase, response and bluff windows (:mod:`.stack`) and choices while an effect
resolves (:mod:`.effects`). Every action object is built once (``_interned``).
"""
from __future__ import annotations

from typing import Sequence

from ...core import Action
from .actions import (BELIEVE, CHALLENGE, DRAW, END_TURN, PASS, TAKE_MONEY, Claim, Play, UseAbility,
                      _interned, _malformed, parse_action)
from .deck import CHOOSE_ANY, EAT_TYPES, ISLAND_ABILITY_COST, THREATS

__all__ = ["Moves"]


def _claims(deck, name: str, target: int | None) -> dict[str, Claim]:
    """The claims of ``name`` at ``target`` by face-down card name (built once per game)."""
    key = (name, target)
    row = deck.claim_rows.get(key)
    if row is None:
        row = deck.claim_rows[key] = {fd: _interned(Claim, name, fd, target) for fd in deck.specs}
    return row


class Moves:
    """Mixin of :class:`~catcards.games.card_game.engine.CardGameState`: legal actions."""

    def _legal_actions(self) -> Sequence[Action]:
        if self._outcome is not None or self.current_player is None:
            return ()
        if self.pending is not None:
            return self._pending_actions()
        if self.window is not None:
            seat = self.window.queue[0]
            if self.window.kind == "bluff":
                return (BELIEVE, CHALLENGE)
            return [PASS] + self._instant_actions(seat, self.stack[-1])
        if self.end_queue is not None:
            return [PASS] + self._instant_actions(self.end_queue[0], None)
        seat = self.active
        if self.phase == "draw":  # INSTANT cards "whenever you want": before a draw too
            return [a for a, ok in ((TAKE_MONEY, self.money_deck), (DRAW, self.main)) if ok] + \
                self._instant_actions(seat, None)
        if self.phase == "end":
            return [END_TURN] + self._instant_actions(seat, None)
        return self._main_actions(seat)

    def _targets(self, seat: int, effect: str = "") -> list[int]:
        """The seats ``effect`` may choose: every other player still in, then ``seat`` itself
        for a card that says "Choose a player" (:data:`CHOOSE_ANY`)."""
        others = self._others(seat)
        return others + [seat] if effect in CHOOSE_ANY else others

    def _variants(self, name: str, as_name: str, seat: int) -> tuple[Play, ...]:
        others = self._others(seat)
        key = (name, as_name, seat, *others)
        cache = self.deck.variant_cache
        found = cache.get(key)
        if found is None:  # a few per game (card, seat, players still in): built once (issue 14)
            found = cache[key] = tuple(self._build_variants(name, as_name, seat))
        return found

    def _build_variants(self, name: str, as_name: str, seat: int) -> list[Play]:
        effect = as_name or name
        if effect in THREATS:
            return [_interned(Play, name, as_name, t) for t in self._targets(seat, effect)]
        if effect == "The Guardian":
            return [_interned(Play, name, as_name, t, x) for t in self._targets(seat, effect)
                    for x in self.deck.nameable]
        if effect == "Eat Four!":
            return [_interned(Play, name, as_name, t, x) for t in self._targets(seat) for x in EAT_TYPES]
        return [_interned(Play, name, as_name)]

    def _main_actions(self, seat: int) -> list[Action]:
        deck = self.deck
        acts: list[Action] = [END_TURN]
        money = self.money_value(seat)
        hand = self._distinct(self.hands[seat])
        joker = "Joker" in hand
        costs = self._costs()
        held = set(hand)
        if not self.hand_played:
            # the cards this money pays for, in list order (worked out once per game, issue 14)
            main, bluffs = deck.affordable(money, costs)
            for x in main:
                if x in held:
                    acts.extend(self._variants(x, "", seat))
                if joker:
                    acts.extend(self._variants("Joker", x, seat))
            for x in bluffs:
                for t in self._targets(seat, x):
                    row = _claims(deck, x, t)
                    acts.extend([row[fd] for fd in hand])
        instants = self._instant_actions(seat, None, money, hand, costs)
        if instants:
            have = set(acts)
            acts.extend(a for a in instants if a not in have)
        if not self.ability_used:
            for x in deck.bluff_ability:
                if money >= costs[x]:
                    row = _claims(deck, x, None)
                    acts.extend([row[fd] for fd in hand])
            front = self.front[seat]
            if front:
                held = held | {as_name for _, as_name in front}
            if "Pickpocket" in held:
                acts.extend(_interned(UseAbility, "Pickpocket", t) for t in self._targets(seat) if self.money[t])
            if "Fortune Teller" in held and self.main:
                acts.append(_interned(UseAbility, "Fortune Teller"))
            if self.table and self._on_table("Exploding Island") and money >= ISLAND_ABILITY_COST:
                acts.extend(_interned(UseAbility, "Exploding Island", t) for t in self._targets(seat) if self.island[t])
        if joker:
            acts.append(_interned(Play, "Joker", "Money"))
        return acts

    def _why_illegal(self, action: Action) -> str:
        if not isinstance(action, Action):
            return f"{action!r} is not a Card Game action; legal: " + ", ".join(map(str, self.legal_actions()))
        malformed = _malformed(action)
        if malformed is not None:
            return malformed
        seat = self.current_player
        legal = ", ".join(map(str, self.legal_actions()))
        if self.pending is not None:
            return f"seat {seat} must first make a choice for the effect resolving ({legal})"
        if self.window is not None:
            if self.window.kind == "bluff":
                return f"seat {seat} must believe or challenge the claim first"
            return f"seat {seat} may only respond with an INSTANT card or pass now ({legal})"
        if self.end_queue is not None:
            return f"seat {seat} may only play an INSTANT card or pass in the end phase ({legal})"
        if self.phase == "end":
            return f"seat {seat} may only play INSTANT cards or end the turn in the end phase ({legal})"
        if self.phase == "draw":
            return (f"seat {seat} must first take Money or draw from the main deck (draw phase; "
                    f"INSTANT cards may be played too): {legal}")
        if isinstance(action, (Play, Claim)):
            name = action.name
            if name not in self.deck.specs:
                return f"{name!r} is not a card of this game"
            if isinstance(action, Play) and "BLUFF" in self._types(name) and name != "Joker":
                return f"{name} is a BLUFF card: it is used by a claim ('claim {name} ... face down')"
            if name not in self._distinct(self.hands[seat]) and not (
                    isinstance(action, Claim) and action.facedown in self._distinct(self.hands[seat])):
                return f"seat {seat} holds no {name}"
            effect = getattr(action, "as_name", "") or name
            if effect in self.deck.specs and self.money_value(seat) < self.cost(effect):
                return f"{effect} costs {self.cost(effect)}$ and seat {seat} has {self.money_value(seat)}$"
            if self.hand_played and effect in self.deck.main_names + self.deck.bluff_hand:
                return "only one HAND card may be played each turn"
        if isinstance(action, UseAbility) and self.ability_used:
            return "only one Ability (A:) may be used each turn"
        return f"it is not one of the legal actions now ({legal})"

    def _parse_action(self, text: str) -> Action | None:
        """The card action ``text`` names, so the error can say why it is not legal (see
        :func:`~catcards.games.card_game.actions.parse_action`); None otherwise."""
        return parse_action(self.deck, text)
