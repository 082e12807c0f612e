"""Card Game: The Card Game: the stack of effects and the windows in which players answer them.

The stack holds :class:`Item` entries (a card played, an Ability used, a BLUFF claim, Suicide
Kitten drawn), last in first out. A :class:`Window` asks the other players in turn order, one at a
time, to respond (an INSTANT card or pass) or, for an unsettled claim, to believe or challenge;
a :class:`Pending` choice asks one player to decide something while an effect resolves (see the
reading of the rules in :mod:`.engine`). :class:`Responses` holds the state's methods for who may
respond, with what, and what announcing a card or a claim puts on the stack.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core import Action
from .actions import _OPTION_WORD, Claim, Play
from .deck import THREATS

__all__ = ["Item", "Window", "Pending", "Responses", "threatens"]


@dataclass(eq=False, slots=True)
class Item:
    """One entry of the stack: a card played, an Ability used, a claim, or Suicide Kitten.

    Attributes: ``kind`` ("card", "ability", "claim", "kitten"), ``seat`` (who announced it; the
    drawer for Suicide Kitten), ``name`` (the card or Ability named; for a Joker the card it is
    played as), ``card`` (physical card id on the stack, or None), ``joker`` (played as a Joker),
    ``target``, ``option``, ``settled`` (a claim whose believe/challenge round is over),
    ``protected`` (seats saved from its token loss by Imaginary Dinosaur). Compared by identity
    (``eq=False``): two claims of the same card are two items.
    """

    kind: str
    seat: int
    name: str
    card: int | None = None
    joker: bool = False
    target: int | None = None
    option: str = ""
    settled: bool = True
    protected: frozenset = frozenset()

    def copy(self) -> "Item":
        return Item(self.kind, self.seat, self.name, self.card, self.joker, self.target,
                    self.option, self.settled, self.protected)

    def describe(self) -> str:
        """Public words for the item ("seat 0: Shot! on seat 2")."""
        if self.kind == "kitten":
            return f"Suicide Kitten drawn by seat {self.seat}"
        what = self.name + (" (Joker)" if self.joker else "")
        if self.kind == "ability":
            what = f"Ability of {self.name}"
        elif self.kind == "claim":
            what = f"claim of {self.name}"
        on = f" on seat {self.target}" if self.target is not None else ""
        opt = f" {_OPTION_WORD.get(self.name, 'with')} {self.option}" if self.option else ""
        return f"seat {self.seat}: {what}{on}{opt}"


@dataclass(slots=True)
class Window:
    """A round of answers to the top item: ``kind`` "respond" (an INSTANT card or pass) or "bluff"
    (believe or challenge); ``queue`` the seats still to be asked, the one asked now first.
    Equal when both fields are."""

    kind: str
    queue: list

    def copy(self) -> "Window":
        return Window(self.kind, list(self.queue))


@dataclass(slots=True)
class Pending:
    """A choice one player makes while an effect resolves: ``kind`` "ttt_draw" (draw To The
    Top's card or take Money), "ttt_pick" (To The Top's cards; ``left`` how many more), "discard"
    (a challenger's discard), "peek" (Fortune Teller's order) or "eat4" (Eat Four!'s LOCK cards);
    ``seat`` the player choosing. Equal when all fields are."""

    kind: str
    seat: int
    left: int = 0

    def copy(self) -> "Pending":
        return Pending(self.kind, self.seat, self.left)


def threatens(top: Item | None, seat: int) -> bool:
    """Whether ``top`` (the top item of the stack, or None) would take ``seat``'s tokens: a card
    or settled claim of a threat (:data:`~.deck.THREATS`) on ``seat`` that Imaginary Dinosaur has
    not yet protected it from (the answers :meth:`Responses._instant_actions` offers depend on it)."""
    return (top is not None and top.settled and top.target == seat and top.name in THREATS
            and (top.kind == "card" or top.kind == "claim") and seat not in top.protected)


class Responses:
    """Part of :class:`~catcards.games.card_game.engine.CardGameState` (see :class:`.views.Views`):
    who may answer the top item, with which INSTANT cards, and what playing a card or making a
    claim puts on the stack."""

    def _threatens(self, top: Item | None, seat: int) -> bool:
        return threatens(top, seat)

    def _may_respond(self, seat: int, top: Item | None) -> bool:
        """Whether ``seat`` is asked in a response window (``top`` the top item), or in the end
        phase (``top`` None): public information only (a card in hand, the money to pay an
        INSTANT card that may answer ``top``; the thresholds are ``deck.respond_costs``)."""
        return self._first_asked([seat], top) is not None

    def _first_asked(self, queue: list, top: Item | None) -> int | None:
        """Drop from the front of ``queue`` (seats in turn order) every seat that is not asked
        (see :meth:`_may_respond`) and return the first one asked, or None when none is left."""
        out, hands, cash = self.out, self.hands, self.cash
        anything, item, threat = self.deck.respond_costs[self.cheap]
        while queue:
            seat = queue[0]
            if not out[seat] and hands[seat]:
                money = cash[seat]
                if top is None:  # the end phase: only a card that needs nothing to answer
                    if money >= anything:
                        return seat
                elif money >= anything or money >= item or (money >= threat and threatens(top, seat)):
                    return seat
            queue.pop(0)
        return None

    def _instant_actions(self, seat: int, top: Item | None, hand: dict[str, None] | None = None) -> list[Action]:
        """The INSTANT cards ``seat`` may play or claim now (``top`` the top item, or None); the
        caller may pass ``seat``'s distinct hand names (a dict, in order) when it has them."""
        deck = self.deck
        if top is None:
            plays, claims = deck.usable[self.cheap][False][False][self.cash[seat]]
        else:
            plays, claims = deck.usable[self.cheap][True][threatens(top, seat)][self.cash[seat]]
        acts: list[Action] = []
        if not plays and not claims:
            return acts
        if hand is None and not claims:  # ask the hand for a few names only (ids, no name list)
            cards, ids = self.hands[seat], deck.id_sets
            joker = not deck.joker_ids.isdisjoint(cards)
            for x in plays:
                if not ids[x].isdisjoint(cards):
                    acts.append(deck.plain_play[x])
                if joker:
                    acts.append(deck.joker_play[x])
            return acts
        if hand is None:
            hand = self._hand_names(seat)
        joker = "Joker" in hand
        for x in plays:
            if x in hand:
                acts.append(deck.plain_play[x])
            if joker:
                acts.append(deck.joker_play[x])
        for x in claims:
            row = deck.plain_claims[x]
            acts += [row[y] for y in hand]
        return acts

    def _in_main(self, seat: int) -> bool:
        return seat == self.active and not self.stack and self.window is None

    def _play(self, seat: int, a: Play) -> None:
        """Play a card: pay for it and put it on the stack (a Joker as Money goes to the money
        area at once)."""
        self.end_queue = None
        if a.as_name == "Money":
            self._to_money_area(seat, self._take_from_hand(seat, "Joker"))
            self.log.append(f"Seat {seat} plays a Joker as Money (1$).")
            return
        effect = a.as_name or a.name
        if self._in_main(seat) and effect in self.deck.main_names:
            self.hand_played = True
        c = self._take_from_hand(seat, a.name)
        self._pay(seat, self.cost(effect))
        self.stack.append(Item("card", seat, effect, c, joker=bool(a.as_name), target=a.target, option=a.option))
        self.log.append(f"Seat {seat} plays{str(a)[4:]}.")
        self.window = None

    def _claim(self, seat: int, a: Claim) -> None:
        """Make a claim: the card goes face down, the claim is paid for and goes on the stack."""
        self.end_queue = None
        deck = self.deck
        if seat == self.active and not self.stack and self.window is None:  # the main phase
            if a.name in deck.bluff_hand:
                self.hand_played = True
            elif a.name in deck.bluff_ability:
                self.ability_used = True
        c = self._take_from_hand(seat, a.facedown)
        self._pay(seat, (deck.cheap_costs if self.cheap else deck.costs)[a.name])
        self.facedown = (seat, c)
        self.stack.append(Item("claim", seat, a.name, None, False, a.target, "", False))
        on = f" on seat {a.target}" if a.target is not None else ""
        self.log.append(f"Seat {seat} puts a card face down and claims {a.name}{on}.")
        self.window = None

    def _believed(self) -> None:
        seat, c = self.facedown
        self.facedown = None
        self.hands[seat].append(c)
        top = self.stack[-1]
        top.settled = True
        self.log.append(f"Everyone believes seat {seat}: {top.name} takes effect; the card goes back to their hand unseen.")

    def _challenge(self, challenger: int, action: Action | None = None) -> None:
        """``challenger`` challenges the claim on top of the stack: the face-down card is shown."""
        self.window = None
        seat, c = self.facedown
        self.facedown = None
        top = self.stack[-1]
        shown = self.deck.names[c]
        genuine = shown in (top.name, "Joker")
        self._to_discard(c)
        if genuine:
            top.settled = True
            self.log.append(
                f"Seat {challenger} challenges: the card is {shown}, genuine; {shown} is discarded."
            )   # the draw, the discard and the token each say what happened on a line of their own
            self.ops += [("draw", seat), ("discard", challenger), ("lose", challenger, 1)]
        else:
            self.stack.pop()
            self.log.append(
                f"Seat {challenger} challenges: the card is {shown}, not {top.name}. Seat {seat} "
                f"discards it; {top.name} is cancelled."
            )
            self.ops.append(("lose", seat, 1))
