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

__all__ = ["Moves", "SeatMoves"]

_BLUFF_CHOICES = (BELIEVE, CHALLENGE)
_FORTUNE = _interned(UseAbility, "Fortune Teller")
_JOKER_MONEY = _interned(Play, "Joker", "Money")


class SeatMoves:
    """The action objects one seat may be offered while the same other players are still in.

    Built once per card list and (seat, seats still in), kept in ``deck.seat_moves`` and shared
    by every game of that list (issue 14: the main phase's list is assembled from these tuples,
    never built action by action). What it holds depends only on that key, so states and their
    clones share it.

    Attributes: ``seat``; ``others`` (the other seats still in, in turn order from ``seat``'s
    left: "another player"); ``anyone`` (``others`` then ``seat``: "a player", see
    :data:`~.deck.CHOOSE_ANY`); ``plays`` and ``joker_plays`` (each main-phase card's plays, by
    its name: played itself, or a Joker played as it); ``claims`` (each BLUFF HAND card's
    claims: per target, the claim by face-down card name).
    """

    __slots__ = ("seat", "others", "anyone", "plays", "joker_plays", "claims")

    def __init__(self, deck, seat: int, others: tuple[int, ...]):
        self.seat, self.others = seat, others
        self.anyone = others + (seat,)
        self.plays = {x: self._plays(deck, x, "") for x in deck.main_names}
        self.joker_plays = {x: self._plays(deck, "Joker", x) for x in deck.main_names}
        self.claims = {x: tuple(deck.claim_row(x, t) for t in self.targets(x)) for x in deck.bluff_hand}

    def targets(self, effect: str = "") -> tuple[int, ...]:
        """The seats ``effect`` may choose: :attr:`anyone` for a card that says "Choose a
        player" (:data:`~.deck.CHOOSE_ANY`), else :attr:`others`."""
        return self.anyone if effect in CHOOSE_ANY else self.others

    def _plays(self, deck, name: str, as_name: str) -> tuple[Play, ...]:
        """Every ``Play`` of the card ``name`` (a Joker ``as_name``): one per target and option
        the card's text allows (rules/card-game.md, "Cards")."""
        effect = as_name or name
        if effect in THREATS:
            return tuple(_interned(Play, name, as_name, t) for t in self.targets(effect))
        if effect == "The Guardian":
            return tuple(_interned(Play, name, as_name, t, x) for t in self.targets(effect) for x in deck.nameable)
        if effect == "Eat Four!":
            return tuple(_interned(Play, name, as_name, t, x) for t in self.others for x in EAT_TYPES)
        return (_interned(Play, name, as_name),)


class Moves:
    """Part of :class:`~catcards.games.card_game.engine.CardGameState` (see :class:`.views.Views`):
    legal actions."""

    def _legal_actions(self) -> Sequence[Action]:
        if self.current_player is None:  # the game is over
            return ()
        if self.pending is not None:
            return self._pending_actions()
        window = self.window
        if window is not None:
            if window.kind == "bluff":
                return _BLUFF_CHOICES
            return [PASS, *self._instant_actions(window.queue[0], self.stack[-1])]
        if self.end_queue is not None:
            return [PASS, *self._instant_actions(self.end_queue[0], None)]
        seat, phase = self.active, self.phase
        if phase == "main":
            return self._main_actions(seat)
        if phase == "draw":  # INSTANT cards "whenever you want": before a draw too
            acts = [TAKE_MONEY, DRAW] if self.money_deck else [DRAW]
            if not self.main:
                acts.pop()
            if self.cash[seat] >= self.deck.respond_costs[self.cheap][0]:  # an INSTANT card paid for
                acts += self._instant_actions(seat, None)
            return acts
        return [END_TURN, *self._instant_actions(seat, None)]

    def _main_actions(self, seat: int) -> list[Action]:
        """The main phase's actions, in the order players see them: end turn, the HAND and RULE
        cards (and BLUFF HAND claims) if none was played yet, INSTANT cards, BLUFF Ability claims
        and Abilities if none was used yet, a Joker as Money."""
        deck = self.deck
        moves = self.seating[seat]
        names, hand = deck.names, {}  # the names held, each once, in order (see _hand_names)
        for c in self.hands[seat]:
            hand[names[c]] = None
        money = self.cash[seat]
        cheap = self.cheap
        joker = "Joker" in hand
        acts: list[Action] = [END_TURN]
        if not self.hand_played:
            main, bluffs = deck.affordable[cheap][money]  # main: card name -> its place in the list
            if joker:  # the Joker may be played as each of them
                plays, joker_plays = moves.plays, moves.joker_plays
                for x in main:
                    if x in hand:
                        acts += plays[x]
                    acts += joker_plays[x]
            else:  # only the cards held (a few), in the list's order
                held = [x for x in hand if x in main]
                if len(held) > 1:
                    held.sort(key=main.__getitem__)
                for x in held:
                    acts += moves.plays[x]
            for x in bluffs:
                for row in moves.claims[x]:  # every name of the list is a key of row
                    acts += [row[y] for y in hand]
        if money >= deck.respond_costs[cheap][0]:  # an INSTANT card paid for
            instants = self._instant_actions(seat, None, hand)
            if instants:
                if deck.main_and_instant:  # an edited list may offer a card both ways: once only
                    have = set(acts)
                    instants = [a for a in instants if a not in have]
                acts += instants
        if not self.ability_used:
            costs = deck.cheap_costs if cheap else deck.costs
            for x in deck.bluff_ability:
                if money >= costs[x]:
                    row = deck.plain_claims[x]
                    acts += [row[y] for y in hand]
            front = self.front[seat]
            held = hand.keys() | {as_name for _, as_name in front} if front else hand
            if "Pickpocket" in held:
                acts += [_interned(UseAbility, "Pickpocket", t) for t in moves.others if self.money[t]]
            if "Fortune Teller" in held and self.main:
                acts.append(_FORTUNE)
            if self.table and self._on_table("Exploding Island") and money >= ISLAND_ABILITY_COST:
                acts += [_interned(UseAbility, "Exploding Island", t) for t in moves.others if self.island[t]]
        if joker:
            acts.append(_JOKER_MONEY)
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
