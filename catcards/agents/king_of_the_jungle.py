"""Computer players for King of the Jungle.

Every strategy here plays its cards the same way (:class:`BidderAgent`: try to win exactly the
tricks it bid) and differs only in how it bids, so a simulation comparing them answers "which
bidding rule scores best":

- ``"sensible"``: bids its expected tricks from its top cards and long suits (:func:`expected_tricks`);
- ``"top-cards"``: bids the number of Lions and Tigers it holds;
- ``"average"``: bids the average share of tricks, 13 / players rounded down (4 or 3);
- ``"zero"``: bids 0 and tries to win nothing.

A bid the hook rule forbids (the last bidder may not make the total 13) is replaced by the
nearest allowed bid, the lower one on a tie.
"""
from __future__ import annotations

from typing import Sequence

from ..cards import Card
from ..games.king_of_the_jungle import TRICKS, Bid, Play
from . import Agent, strategy

__all__ = ["BidderAgent", "expected_tricks", "SUIT_VALUES"]

#: the 13 values of a suit, lowest first
SUIT_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 50)
_ALL_VALUES = frozenset(SUIT_VALUES)
_LION = max(SUIT_VALUES)


def expected_tricks(hand: Sequence[Card], players: int) -> float:
    """A rough count of the tricks ``hand`` should take with ``players`` players (no trump).

    Per suit held: the Lion counts 1; the Tiger 0.8 with a second card of its suit (0.4 bare);
    the Wildcat 0.5 with two more cards of its suit (0.2 otherwise); and every card of the suit
    beyond ``13 // players + 1`` counts 0.3 (long suits win late tricks when others are out).
    """
    by_suit: dict[str, list[int]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c.rank)
    total = 0.0
    for ranks in by_suit.values():
        n = len(ranks)
        if 50 in ranks:
            total += 1.0
        if 30 in ranks:
            total += 0.8 if n >= 2 else 0.4
        if 20 in ranks:
            total += 0.5 if n >= 3 else 0.2
        total += 0.3 * max(0, n - (13 // players + 1))
    return total


class BidderAgent(Agent):
    """Bids by ``rule`` ("sensible", "top-cards", "average" or "zero"), then plays to win exactly
    the tricks bid, remembering the cards played this hand (``observation["played"]``).

    Play: while it still needs tricks it plays the lowest card that wins the trick if it is last
    to play, or its highest card of the suit when that card is the highest still out; otherwise
    it plays low and discards its lowest card. Once it has its tricks it ducks: the highest card
    that loses, and discards its highest card.
    """

    RULES = ("sensible", "top-cards", "average", "zero")
    #: reads its observation only while choosing: a play-out may give it the lazy
    #: :meth:`~catcards.games.tricks.TrickState.view` instead (same keys, same choice)
    takes_view = True

    def __init__(self, rule: str = "sensible"):
        if rule not in self.RULES:
            raise ValueError(f"bidding rule must be one of {self.RULES}, not {rule!r}")
        self.rule = rule
        self.name = rule

    def __repr__(self) -> str:
        return f"BidderAgent({self.rule!r})"

    def __deepcopy__(self, memo) -> "BidderAgent":
        """Itself: it remembers nothing between moves (its rule never changes), so the fresh
        copy a play-out takes of each agent may be the agent."""
        return self

    # ---- bidding ----------------------------------------------------------------------------------
    def wanted_bid(self, hand: Sequence[Card], players: int) -> int:
        """The bid this rule wants before the hook rule is applied."""
        if self.rule == "zero":
            return 0
        if self.rule == "average":
            return TRICKS // players
        if self.rule == "top-cards":
            return sum(1 for c in hand if c.rank >= 30)
        return int(round(expected_tricks(hand, players)))

    def choose(self, observation, legal, rng):
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Bid):
            want = self.wanted_bid(observation["hand"], observation["players"])
            for b in legal:  # the bid it wants, unless the hook rule forbids it
                if b.tricks == want:
                    return b
            return min(legal, key=lambda b: (abs(b.tricks - want), b.tricks))
        return self._play(observation, legal, rng)

    # ---- card play --------------------------------------------------------------------------------
    def _play(self, obs, legal: Sequence[Play], rng) -> Play:
        # one of the legal plays themselves is returned (not a new Play of the same card): the
        # state need not look the card up; among equal ranks the first in ``legal`` is taken.
        # It reads only the keys the case needs (a play-out hands it the lazy view): the led
        # suit tells leading, following and discarding apart; the trick is read only to follow
        seat = obs["seat"]
        need = obs["bids"][seat] - obs["won"][seat]
        led = obs["led_suit"]
        ranks = [a.card.rank for a in legal]
        if led is None:  # leading
            if need > 0:
                # its highest card that is the highest still out of its suit (the first in
                # ``legal`` among equal ranks): asked highest rank first, so the suits of lower
                # cards are looked at only when no higher card is such a top card
                out = _OutRanks(obs["played"], (), legal)  # a leader may play any card it holds
                for j in sorted(range(len(legal)), key=ranks.__getitem__, reverse=True):  # stable
                    if out.is_top(legal[j].card):
                        return legal[j]
            return legal[ranks.index(min(ranks))]
        if legal[0].card.suit != led:  # discard: cannot win
            return legal[ranks.index(min(ranks) if need > 0 else max(ranks))]
        # following: every legal card is of the led suit, so no two ranks are equal
        # (plain loops and no default= below: on a trick of one to three cards a comprehension or
        # a keyword argument costs more than the work, and a play-out makes some 30 choices)
        trick = obs["trick"]
        best = 0  # the highest card of the led suit in the trick
        for p in trick:
            card = p["card"]
            if card.suit == led and card.rank > best:
                best = card.rank
        high = max(ranks)
        if need > 0:
            if high > best:  # it can win the trick
                if len(trick) == obs["players"] - 1:  # last to play: with its lowest winner
                    return legal[ranks.index(min([r for r in ranks if r > best]))]
                top = legal[ranks.index(high)]
                if _OutRanks(obs["played"], trick, legal).is_top(top.card):
                    return top
            return legal[ranks.index(min(ranks))]
        losers = [r for r in ranks if r < best]
        return legal[ranks.index(max(losers) if losers else high)]


class _OutRanks:
    """Per suit the highest value still out against the seat: not among the cards played this
    hand (``played``: the finished tricks' cards, ``trick``: the trick in the middle, as in an
    observation) nor in its own hand, worked out for a suit the first time it is asked about.

    ``own`` are the seat's legal plays: they hold every card of its hand of the suits asked about
    (all its cards when it leads, all of the led suit when it follows: the rules' follow suit),
    so the hand itself need not be read."""

    __slots__ = ("played", "trick", "own", "highest")

    def __init__(self, played: Sequence[Card], trick: Sequence[dict], own: Sequence[Play]) -> None:
        self.played, self.trick, self.own, self.highest = played, trick, own, {}

    def is_top(self, card: Card) -> bool:
        """True when no higher card of ``card`` 's suit is still out (all are gone); ``card`` is
        one of ``own``."""
        if card.rank == _LION:  # nothing is higher: the suit need not be looked at
            return True
        suit = card.suit
        highest = self.highest.get(suit)
        if highest is None:
            gone = {c.rank for c in self.played if c.suit == suit}
            for p in self.trick:
                if p["card"].suit == suit:
                    gone.add(p["card"].rank)
            for a in self.own:
                if a.card.suit == suit:
                    gone.add(a.card.rank)
            out = _ALL_VALUES - gone
            highest = self.highest[suit] = max(out) if out else 0
        return card.rank > highest


for _rule in BidderAgent.RULES:
    strategy("king-of-the-jungle", _rule)(lambda rule=_rule, **options: BidderAgent(rule, **options))
