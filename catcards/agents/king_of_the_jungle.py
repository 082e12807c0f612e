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
            return min(legal, key=lambda b: (abs(b.tricks - want), b.tricks))
        return self._play(observation, legal, rng)

    # ---- card play --------------------------------------------------------------------------------
    def _play(self, obs, legal: Sequence[Play], rng) -> Play:
        # the legal plays themselves are returned (not new Plays of the same cards): the same
        # choice, and the state need not look the card up
        seat = obs["seat"]
        need = obs["bids"][seat] - obs["won"][seat]
        trick = obs["trick"]
        if not trick:  # leading
            if need > 0:
                out = _OutRanks(obs)
                tops = [a for a in legal if out.is_top(a.card)]
                if tops:
                    return max(tops, key=_rank)
            return min(legal, key=_rank)
        led = trick[0]["card"].suit
        best = max((p["card"].rank for p in trick if p["card"].suit == led), default=0)
        following = legal[0].card.suit == led
        last = len(trick) == obs["players"] - 1
        if not following:  # discard: cannot win
            return min(legal, key=_rank) if need > 0 else max(legal, key=_rank)
        winners = [a for a in legal if a.card.rank > best]
        losers = [a for a in legal if a.card.rank < best]
        if need > 0:
            if winners and last:
                return min(winners, key=_rank)
            if winners:
                top = max(winners, key=_rank)
                if _OutRanks(obs).is_top(top.card):
                    return top
            return min(legal, key=_rank)
        if losers:
            return max(losers, key=_rank)
        return max(legal, key=_rank)


def _rank(play: Play) -> int:
    return play.card.rank


class _OutRanks:
    """Per suit the values no longer out against the seat: the cards played this hand (the
    finished tricks and the trick in the middle) and its own hand, from an observation."""

    __slots__ = ("gone",)

    def __init__(self, obs) -> None:
        gone: dict[str, set[int]] = {}
        for card in obs["played"]:
            gone.setdefault(card.suit, set()).add(card.rank)
        for p in obs["trick"]:
            gone.setdefault(p["card"].suit, set()).add(p["card"].rank)
        for card in obs["hand"]:
            gone.setdefault(card.suit, set()).add(card.rank)
        self.gone = gone

    def is_top(self, card: Card) -> bool:
        """True when no higher card of ``card``'s suit is still out (all are gone)."""
        gone = self.gone.get(card.suit, ())
        return all(v in gone for v in SUIT_VALUES if v > card.rank)


for _rule in BidderAgent.RULES:
    strategy("king-of-the-jungle", _rule)(lambda rule=_rule, **options: BidderAgent(rule, **options))
