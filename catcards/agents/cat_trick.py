"""Computer players for Cat Trick.

- ``"collector"`` (also registered as ``"sensible"``, the widget tables' default): wants tricks that bring new colours and avoids tricks that would make it
  greedy (4 cards of a colour); see :class:`CollectorAgent`.
- ``"highest"``: always plays its strongest card (highest trump, else highest card), a simple
  "win every trick" baseline.
"""
from __future__ import annotations

from ..cards import Card
from ..games.cat_trick import COLOURS, GREEDY_LIMIT
from . import Agent, pick, strategy

__all__ = ["CollectorAgent", "HighestAgent", "collection_value", "would_win"]


def collection_value(counts: dict[str, int]) -> float:
    """How good a collection is for a player: 3 per colour held, minus 2 per card of every
    colour with 4 or more (those cards will be lost), plus 100 for all 5 colours without being
    greedy (the round is won). ``counts`` maps colour -> collected cards."""
    held = greedy = 0  # colours held; cards in greedy colours
    for k in counts.values():
        if k >= GREEDY_LIMIT:
            greedy += k
        elif k > 0:
            held += 1
    value = 3.0 * held - 2.0 * greedy
    if held == len(COLOURS):
        value += 100.0
    return value


def would_win(trick: list[Card], card: Card, trump: str) -> bool:
    """True when ``card`` added to the cards ``trick`` played so far would win it now: the highest
    trump wins, else the highest card of the led colour, a 1 counting as 8 with the 7 of its
    colour in the trick (:func:`catcards.games.cat_trick.trick_values`, rulebook "Who Wins the
    Trick?")."""
    return _TrickSoFar(trick, trump).won_by(card)


class _TrickSoFar:
    """The cards of a trick played so far, read once for asking of several cards whether each
    would win it (:func:`would_win`). Only cards of the winning colour (trump if any is played,
    else the led colour, or trump) can win, and numbers within a colour differ, so a card wins
    when its colour can win and its value beats the highest of its colour already played. A 1
    counts as 8 with the 7 of its colour in the trick: the trick's 1 beats a 7 of its colour
    played now, and a 1 played now beats its colour when the trick holds the 7."""

    __slots__ = ("trump", "led", "trumped", "best", "sevens", "ones")

    def __init__(self, trick: list[Card], trump: str) -> None:
        self.trump, self.led = trump, trick[0].suit if trick else None
        self.trumped = False
        self.sevens = {c.suit for c in trick if c.rank == 7}
        self.ones: set[str] = set()  # colours whose 1 is in the trick
        self.best: dict[str, int] = {}  # colour -> the highest value of its cards in the trick
        for c in trick:
            suit, value = c.suit, c.rank
            if suit == trump:
                self.trumped = True
            if value == 1:
                self.ones.add(suit)
                if suit in self.sevens:
                    value = 8
            if value > self.best.get(suit, 0):
                self.best[suit] = value

    def won_by(self, card: Card) -> bool:
        suit, rank = card.suit, card.rank
        if suit != self.trump and (self.trumped or (self.led is not None and suit != self.led)):
            return False  # neither trump nor (with no trump played) the led colour
        if rank == 7 and suit in self.ones:
            return False  # the trick's 1 of its colour counts as 8 with it
        value = 8 if rank == 1 and suit in self.sevens else rank
        return value > self.best.get(suit, 0)


def _strength(card: Card, trump: str) -> int:
    return card.rank + (10 if card.suit == trump else 0)


@strategy("cat-trick", "sensible")
@strategy("cat-trick", "collector")
class CollectorAgent(Agent):
    """For each card it could play, asks "would it win the trick so far?" and "would I want this
    trick?" (:func:`collection_value` of its collection with the trick's cards added, against
    now). It plays the weakest card that wins a wanted trick (the strongest when players are still
    to come), else the weakest card that loses; if every card wins an unwanted trick, the weakest.
    Ties at random."""

    name = "collector"
    #: reads its observation only while choosing: a play-out may give it the lazy
    #: :meth:`~catcards.games.tricks.TrickState.view` instead (same keys, same choice)
    takes_view = True

    def __deepcopy__(self, memo) -> "CollectorAgent":
        """Itself: it remembers nothing between moves, so the fresh copy a play-out takes of
        each agent may be the agent."""
        return self

    def choose(self, observation, legal, rng):
        if len(legal) == 1:
            return legal[0]
        trump = observation["trump"]
        trick = [p["card"] for p in observation["trick"]]
        if trick:
            so_far = _TrickSoFar(trick, trump)
            winners, losing = [], []
            for a in legal:
                (winners if so_far.won_by(a.card) else losing).append(a)
        else:  # leading: any card wins the trick so far
            winners, losing = legal, []
        if not winners:  # nothing to want: the collections need not be read
            return _strongest(losing, trump, rng, weakest=True)
        seat = observation["seat"]
        mine = {c: len(v) for c, v in observation["collections"][seat].items()}
        now = collection_value(mine)
        with_trick = dict(mine)  # the collection if it takes the trick so far
        for c in trick:
            with_trick[c.suit] = with_trick.get(c.suit, 0) + 1
        # a winning card's gain depends on its colour only (the trick's cards plus one of that
        # colour): asked once per colour; what a card that loses would add is never looked at
        gains: dict[str, bool] = {}
        want = []
        for a in winners:
            suit = a.card.suit
            good = gains.get(suit)
            if good is None:
                after = dict(with_trick)
                after[suit] = after.get(suit, 0) + 1
                good = gains[suit] = collection_value(after) - now > 0
            if good:
                want.append(a)
        if want:
            # a sure win (last to play): spend the weakest card that does it; else the strongest
            last = len(trick) == observation["players"] - 1
            return _strongest(want, trump, rng, weakest=last)
        return _strongest(losing or legal, trump, rng, weakest=True)


def _strongest(options, trump: str, rng, weakest: bool = False):
    """The play among ``options`` whose card is strongest (:func:`_strength`; the weakest with
    ``weakest``), ties at random (:func:`catcards.agents.pick`, in the order of ``options``)."""
    strengths = [_strength(a.card, trump) for a in options]
    best = min(strengths) if weakest else max(strengths)
    if strengths.count(best) == 1:  # no tie: nothing to draw (as pick among one)
        return options[strengths.index(best)]
    return pick(rng, [a for a, s in zip(options, strengths) if s == best])


@strategy("cat-trick", "highest")
class HighestAgent(Agent):
    """Always plays its strongest card: the highest trump, else its highest card (ties at random)."""

    name = "highest"
    takes_view = True  # as CollectorAgent

    def __deepcopy__(self, memo) -> "HighestAgent":
        """Itself: it remembers nothing between moves (as :class:`CollectorAgent`)."""
        return self

    def choose(self, observation, legal, rng):
        return _strongest(legal, observation["trump"], rng)

