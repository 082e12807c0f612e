"""Computer players for Cat Days (rules: :mod:`catcards.games.cat_days`).

Both agents see only their seat's observation: their hand, both weeks (public, covered cats
included), pile sizes and the discard pile.
"""
from __future__ import annotations

from ..games.cat_days import Draw, Play, Weeks
from ..games.cat_days.deck import ALL_DAYS, CAT_EFFECTS
from . import Agent, pick, strategy

__all__ = ["SensibleAgent", "PatientAgent", "evaluate"]

#: what one more filled day is worth, in points, while the game goes on
FILL_VALUE = 0.5
#: the end of the game dwarfs every other consideration
END_VALUE = 100.0
#: the cat effects that put a cat on an empty day (a Cat Tree with room included): all but "cover"
_ON_EMPTY_DAY = frozenset(CAT_EFFECTS) - {"cover"}

def evaluate(weeks: Weeks, seat: int) -> float:
    """How good ``weeks`` looks for ``seat``: the score difference plus :data:`FILL_VALUE` per
    filled day ahead; a finished game (a full week) is worth +-:data:`END_VALUE` plus the margin
    (0 plus the margin for a shared victory)."""
    return _value(seat, [weeks.score(0), weeks.score(1)], [weeks.filled(0), weeks.filled(1)],
                  weeks.full(0) or weeks.full(1))


def _value(seat: int, scores: list[int], filled: list[int], over: bool) -> float:
    """:func:`evaluate` from each week's score and filled days and whether a week is full."""
    mine, theirs = scores[seat], scores[1 - seat]
    if over:
        margin = mine - theirs
        return margin + (END_VALUE if margin > 0 else -END_VALUE if margin < 0 else 0.0)
    return mine - theirs + FILL_VALUE * (filled[seat] - filled[1 - seat])


def draw_value(hand_size: int) -> float:
    """What one more card in hand is worth (in points): much when the hand is nearly empty."""
    return 1.5 if hand_size <= 2 else 0.8 if hand_size <= 4 else 0.3

@strategy("cat-days", "sensible")
class SensibleAgent(Agent):
    """Looks one move ahead on the public table.

    Every legal play is counted on the two weeks as they would be after it
    (:meth:`~catcards.games.cat_days.Weeks.tally_after`, which changes nothing: from a view the
    weeks are the state's own, not copied; plays that count alike, such as one cat on any empty
    day of a week, are counted once) and scored with :func:`evaluate`: the change in (my score - their score), half a point per day
    filled ahead, and the end of the game when a week fills (a play that ends the game is taken
    when it wins and avoided when it loses). Drawing, and a draw card such as Catnip, is worth
    :func:`draw_value` of the hand size; a Cat Tree on an empty day is worth a little while cats
    are in hand. A cat that would take a day which another, better cat in hand can *only* go on
    (Demanding Cat's Sunday, Weekend Cat's weekend) is marked down. Ties are broken at random.

    Args:
        draw_turns: draw (while anything is left to draw) on this many of its own first turns
            before playing sensibly (0: play from the first turn). Used by the lesson on whether
            drawing or playing is worth more early.
    """

    name = "sensible"
    #: reads its observation only while choosing: a play-out may hand it ``state.view(seat)``
    takes_view = True

    def __init__(self, draw_turns: int = 0):
        if isinstance(draw_turns, bool) or not isinstance(draw_turns, int) or draw_turns < 0:
            raise ValueError(f"draw_turns must be a whole number >= 0, not {draw_turns!r}")
        self.draw_turns = draw_turns

    def __repr__(self) -> str:
        return f"{type(self).__name__}(draw_turns={self.draw_turns})"

    def __deepcopy__(self, memo) -> "SensibleAgent":
        """Itself: it remembers nothing between moves (``draw_turns`` never changes; the turn is
        read from the observation), so the fresh copy a play-out takes of each agent may be the
        agent."""
        return self

    def choose(self, observation, legal, rng):
        if len(legal) == 1:
            return legal[0]
        seat = observation["seat"]
        if self.draw_turns and observation["turn"] // 2 < self.draw_turns:
            for a in legal:
                if isinstance(a, Draw):
                    return a
        weeks = Weeks.from_observation(observation, read_only=True)  # looked at, never changed
        kinds = weeks.deck.by_name  # card name -> kind (the plays' cards are the hand's)
        p0, p1 = weeks.points  # per week, each day's points: a week's score is their sum
        scores = [sum(p0), sum(p1)]
        holds = weeks.holds_cat  # per week, the mask of days holding a cat
        h0, h1 = holds
        base = _value(seat, scores, [h0.bit_count(), h1.bit_count()], h0 == ALL_DAYS or h1 == ALL_DAYS)
        hand = observation["hand"]
        cats_in_hand = 0
        narrow = []  # cats with one or two days to go on, as (name, kind)
        for c in hand:
            k = kinds[c.name]
            if k.kind == "cat":
                cats_in_hand += 1
                if len(k.days) <= 2:
                    narrow.append((c.name, k))
        # a Cat Tree goes on a bare day: the weeks count the same, so every Cat Tree play is worth this
        tree = base + 0.3 * min(cats_in_hand, 3)
        values = []
        card = None
        for a in legal:
            if isinstance(a, Play):
                if a.card is not card:  # a card's plays come one after another: its kind is read once
                    card = a.card
                    kind = kinds[card.name]
                    if kind.draws:
                        same = base + draw_value(len(hand) - 1) + 0.1 * (kind.draws - 1)
                    elif kind.effect == "cat tree":
                        same = tree
                    else:
                        same = None  # each play counted on the weeks
                        # a cat put on an empty day (any cat but a Grumpy Cat) counts the same on
                        # every day of a week that holds a cat, or does not, alike: the week gains
                        # its points (and a filled day, or not): counted once per such pair
                        counted = {} if kind.effect in _ON_EMPTY_DAY else None
                        # a swap moves the two cats' points, nothing else; a Grumpy Cat takes the
                        # place of the top cat it covers on a day that keeps holding a cat:
                        # counted once per pair of points, or per week and covered points
                        swapped = {} if kind.effect == "swap" else None
                        covers = {} if kind.effect == "cover" else None
                        # a Cardboard Box goes on a bare day of my week (no cat: one more filled
                        # day, and a full week only if it is the one day without a cat, whichever
                        # bare day it is) with the cat it takes: counted once per taken cat's day
                        # and points (on a Cat Tree, cats of equal points leave the same day)
                        boxes = {} if kind.effect == "cardboard box" else None
                        # the mark-down of a day depends on the card and the day only
                        marks = [None] * 7 if narrow and kind.kind == "cat" else None
                if same is not None:
                    values.append(same)
                    continue
                if counted is not None:  # the usual play (a third of all)
                    week = a.week
                    key = (week, holds[seat if week == "my" else 1 - seat] >> a.day & 1)
                    v = counted.get(key)
                    if v is None:
                        v = counted[key] = _value(seat, *weeks.tally_after(seat, a, scores))
                elif swapped is not None:
                    key = (a.target.rank, a.other.rank)
                    v = swapped.get(key)
                    if v is None:
                        v = swapped[key] = _value(seat, *weeks.tally_after(seat, a, scores))
                elif covers is not None:
                    key = (a.week, a.target.rank)
                    v = covers.get(key)
                    if v is None:
                        v = covers[key] = _value(seat, *weeks.tally_after(seat, a, scores))
                elif boxes is not None:
                    key = (a.target_day, a.target.rank)
                    v = boxes.get(key)
                    if v is None:
                        v = boxes[key] = _value(seat, *weeks.tally_after(seat, a, scores))
                else:
                    v = _value(seat, *weeks.tally_after(seat, a, scores))
                if marks is not None and a.week == "my":
                    mark = marks[a.day]
                    if mark is None:
                        mark = marks[a.day] = self._blocks(a, kind, narrow)
                    v -= mark
            elif isinstance(a, Draw):
                v = base + draw_value(len(hand))
            else:  # Pass
                v = base
            values.append(v)
        low = max(values) - 1e-9  # the best value, give or take rounding
        return pick(rng, [a for a, v in zip(legal, values) if v >= low])

    @staticmethod
    def _blocks(action: Play, kind, narrow) -> float:
        """Mark-down for taking a day that a better cat in hand can only go on. ``kind``: the
        card's kind; ``narrow``: ``(name, kind)`` of the cats in hand with at most two days."""
        worst = 0.0
        points = kind.points
        for name, k in narrow:
            if name != action.card.name and action.day in k.days and k.points > points:
                worst = max(worst, 0.5 * (k.points - points) + 0.5)
        return worst

@strategy("cat-days", "patient")
def PatientAgent(draw_turns: int = 3) -> SensibleAgent:
    """The sensible player that first draws on its first ``draw_turns`` (default 3) turns."""
    return SensibleAgent(draw_turns=draw_turns)
