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
from ..decks import REWARD_NAMES
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
            allowed = [b.tricks for b in legal]
            best = min(allowed, key=lambda k: (abs(k - want), k))
            return Bid(best)
        return self._play(observation, legal, rng)

    # ---- card play --------------------------------------------------------------------------------
    def _play(self, obs, legal: Sequence[Play], rng) -> Play:
        seat = obs["seat"]
        need = obs["bids"][seat] - obs["won"][seat]
        trick = obs["trick"]
        cards = [a.card for a in legal]
        gone = set(obs["played"]) | {p["card"] for p in trick} | set(obs["hand"])
        if not trick:  # leading
            if need > 0:
                tops = [c for c in cards if _is_top(c, gone)]
                if tops:
                    return Play(max(tops, key=lambda c: c.rank))
            return Play(min(cards, key=lambda c: c.rank))
        led = trick[0]["card"].suit
        best = max((p["card"].rank for p in trick if p["card"].suit == led), default=0)
        following = cards[0].suit == led
        last = len(trick) == obs["players"] - 1
        if not following:  # discard: cannot win
            key = (lambda c: c.rank) if need > 0 else (lambda c: -c.rank)
            return Play(min(cards, key=key))
        winners = [c for c in cards if c.rank > best]
        losers = [c for c in cards if c.rank < best]
        if need > 0:
            if winners and last:
                return Play(min(winners, key=lambda c: c.rank))
            if winners:
                top = max(winners, key=lambda c: c.rank)
                if _is_top(top, gone):
                    return Play(top)
            return Play(min(cards, key=lambda c: c.rank))
        if losers:
            return Play(max(losers, key=lambda c: c.rank))
        return Play(max(cards, key=lambda c: c.rank))


def _is_top(card: Card, gone: set) -> bool:
    """True when no higher card of ``card``'s suit is still out (all higher ones are in ``gone``)."""
    return all(Card(card.suit, v, REWARD_NAMES.get(v, "")) in gone for v in SUIT_VALUES if v > card.rank)


for _rule in BidderAgent.RULES:
    strategy("king-of-the-jungle", _rule)(lambda rule=_rule, **options: BidderAgent(rule, **options))
