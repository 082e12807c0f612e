"""Cat Days: the two weeks (:class:`Weeks`), what stands on every day, and carrying out a play.

Which plays are legal is decided in :mod:`.plays`, from the day masks kept here.

Source: ``rules/cat-days.md`` ("Table", "Deck") and the readings in :mod:`catcards.games.cat_days`.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...cards import Card
from ...seat_view import SeatView
from .actions import Play
from .deck import ALL_DAYS, CAT_EFFECTS, DAYS, TREE_CAPACITY, Deck
from .plays import DAY_BITS, play_table, tree_targets

__all__ = ["Weeks"]


class Weeks:
    """What stands on the 2 x 7 days: the public part of the table, with the rules of placing.

    ``base[w][d]`` is the Cat Tree or Cardboard Box on seat ``w``'s day ``d`` (or None);
    ``stack[w][d]`` lists its cats, bottom first. On a Cat Tree day every cat is visible; on any
    other day only the top one is (the ones under it are covered by Grumpy Cats). The state uses
    this class, and so can an agent, rebuilt from an observation with :meth:`from_observation`,
    to see what a play would do.
    """

    __slots__ = ("deck", "base", "stack", "holds_cat", "tree_days", "bare_days", "open_days", "points", "swaps")

    def __init__(self, deck: Deck, base=None, stack=None):
        self.deck = deck
        self.base: list[list[Card | None]] = base or [[None] * 7 for _ in range(2)]
        self.stack: list[list[list[Card]]] = stack or [[[] for _ in range(7)] for _ in range(2)]
        #: per week, a 7-bit mask of days (bit d = day d, Monday = bit 0): days holding a cat,
        #: days with a Cat Tree, days with no card at all (where a Cat Tree or Cardboard Box may
        #: go) and days "empty" for a cat (no cat, or a Cat Tree with room). They follow from
        #: ``base`` and ``stack``, kept up to date by :meth:`carry_out` so that the legal plays
        #: (:mod:`.plays`) and the end of the game are a few bit operations, not a walk over the
        #: days. Code that edits ``base`` or ``stack`` itself calls :meth:`refresh` afterwards.
        self.holds_cat = [0, 0]
        self.tree_days = [0, 0]
        self.bare_days = [ALL_DAYS, ALL_DAYS]  # the masks of empty weeks
        self.open_days = [ALL_DAYS, ALL_DAYS]
        #: per week, each day's points (:meth:`day_score`), kept up to date with the masks, so
        #: that a week's score (:meth:`score`, read at every computer player's choice) is a sum
        #: of 7 numbers
        self.points = [[0] * 7, [0] * 7]
        if base or stack:
            self.refresh()
        #: the Yarn Ball swaps built so far in this game, by keys of plain values (see
        #: :meth:`.plays.PlayTable._swaps`), shared with copies: a swap is a value, the same
        #: whichever copy builds it
        self.swaps: dict[int, dict[int, dict[int, Play]]] = {}

    @classmethod
    def from_observation(cls, obs: Mapping[str, Any], read_only: bool = False) -> "Weeks":
        """The weeks as an observation shows them (``obs["weeks"]``, ``obs["deck"]``); from a
        :class:`~catcards.seat_view.SeatView` (``state.view(seat)``), a copy of its state's
        weeks, the same days without building the observation's day views (the weeks are all
        public). ``read_only=True``: from a view, its state's weeks themselves, not copied (for
        a reader that changes nothing, as a computer player's look-ahead with
        :meth:`tally_after`; valid until the next action, like the view)."""
        if isinstance(obs, SeatView):
            return obs.state.weeks if read_only else obs.state.weeks.copy()
        base = [[day["base"] for day in week] for week in obs["weeks"]]
        stack = [[list(day["cats"]) for day in week] for week in obs["weeks"]]
        return cls(obs["deck"], base, stack)

    def __reduce__(self):
        # pickled as what stands on the days (the masks follow from it), without the swaps: they
        # are kept by the ids of this process's objects (see Deck.__getstate__)
        return Weeks, (self.deck, self.base, self.stack)

    def copy(self) -> "Weeks":
        other = Weeks.__new__(Weeks)  # no __init__: every attribute is set below
        other.deck = self.deck
        other.base = [list(b) for b in self.base]
        other.stack = [[list(s) for s in w] for w in self.stack]
        other.holds_cat = list(self.holds_cat)
        other.tree_days = list(self.tree_days)
        other.bare_days = list(self.bare_days)
        other.open_days = list(self.open_days)
        other.points = [list(self.points[0]), list(self.points[1])]
        other.swaps = self.swaps
        return other

    def refresh(self) -> None:
        """Recompute the day masks (``holds_cat`` ...) and points from ``base`` and ``stack``, after editing
        them directly (as :func:`.deals.parse_deals` does)."""
        for w in (0, 1):
            for d in range(7):
                self._refresh(w, d)

    def _refresh(self, w: int, d: int) -> None:
        """Set day ``d``'s bit of week ``w``'s masks, and its points, from what stands on it now."""
        bit = 1 << d
        keep = 127 ^ bit
        s = self.stack[w][d]
        b = self.base[w][d]
        tree = b is not None and b.name in self.deck.tree_names
        self.holds_cat[w] = (self.holds_cat[w] & keep) | (bit if s else 0)
        self.tree_days[w] = (self.tree_days[w] & keep) | (bit if tree else 0)
        self.bare_days[w] = (self.bare_days[w] & keep) | (bit if b is None and not s else 0)
        room = len(s) < TREE_CAPACITY if tree else not s
        self.open_days[w] = (self.open_days[w] & keep) | (bit if room else 0)
        self.points[w][d] = self.day_score(w, d)

    # -- reading the days --
    def is_tree(self, w: int, d: int) -> bool:
        b = self.base[w][d]
        return b is not None and b.name in self.deck.tree_names

    def visible(self, w: int, d: int) -> list[Card]:
        """The visible cats of a day (all of a Cat Tree's; else the top one, or none)."""
        s = self.stack[w][d]
        return list(s) if self.is_tree(w, d) else s[-1:]

    def covered(self, w: int, d: int) -> list[Card]:
        """Cats on a day hidden under the top one (they can still be looked at)."""
        return [] if self.is_tree(w, d) else self.stack[w][d][:-1]

    def open_for_cat(self, w: int, d: int) -> bool:
        """An "empty day" for a cat: no cat on it, or a Cat Tree with room."""
        s = self.stack[w][d]
        return len(s) < TREE_CAPACITY if self.is_tree(w, d) else not s

    def bare(self, w: int, d: int) -> bool:
        """No card at all on the day (where a Cat Tree or Cardboard Box may go)."""
        return self.base[w][d] is None and not self.stack[w][d]

    def day_score(self, w: int, d: int) -> int:
        """Points of the visible cats of a day."""
        s = self.stack[w][d]
        if not s:
            return 0
        b = self.base[w][d]
        if b is not None and b.name in self.deck.tree_names:
            return sum(c.rank for c in s)
        return s[-1].rank

    def score(self, w: int) -> int:
        """Week ``w``'s score: the points of its visible cats (rulebook, "End of the Game"): the
        top cat of each day holding one, every cat of a Cat Tree day (the days' points, kept)."""
        return sum(self.points[w])

    def full(self, w: int) -> bool:
        """True when every day of week ``w`` holds a cat (the game ends)."""
        return self.holds_cat[w] == ALL_DAYS

    def filled(self, w: int) -> int:
        """How many days of week ``w`` hold a cat."""
        return self.holds_cat[w].bit_count()

    # -- what a card may do --
    def plays(self, seat: int, card: Card, cards_to_draw: int) -> list[Play]:
        """Every complete legal play of ``card`` by ``seat`` (empty: its text cannot be carried
        out). ``cards_to_draw``: cards in the draw and discard piles together. The plays come
        from the deck's table of plays (:func:`.plays.play_table`), in the order legal actions
        list them."""
        return list(play_table(self.deck).plays(self, seat, card, cards_to_draw))

    def targets(self, w: int, d: int) -> list[Card]:
        """Visible cats of a day, one per name (the topmost copy), for choosing targets: the top
        cat, or on a Cat Tree each name once, in the order the names first stand there."""
        s = self.stack[w][d]
        if not s:
            return []
        b = self.base[w][d]
        if b is None or b.name not in self.deck.tree_names:
            return [s[-1]]
        return list(tree_targets(s))

    def day_targets(self, w: int, days: int = ALL_DAYS) -> list[tuple[int, Card]]:
        """``(day, cat)`` for each of :meth:`targets` of the days of week ``w`` in the mask
        ``days`` (all by default), Monday first: what a card acting on a visible cat may
        choose. Read off the day masks: a day off a Cat Tree gives just its top cat."""
        stack, trees = self.stack[w], self.tree_days[w]
        days &= self.holds_cat[w]
        if not days & trees:  # no Cat Tree among them (the usual case): each day's top cat
            return [(d, stack[d][-1]) for d in DAY_BITS[days]]
        return [(d, c) for d in DAY_BITS[days]
                for c in (tree_targets(stack[d]) if trees >> d & 1 else stack[d][-1:])]

    def carry_out(self, seat: int, action: Play) -> Sequence[tuple[str, int, Card]]:
        """Do ``action``'s work on the days (the card itself is placed if it is a cat, Cat Tree or
        Cardboard Box). Returns cats that left the days: ``("discard", week, cat)`` or
        ``("hand", week owner, cat)``. Only call with a legal play."""
        e, d = action.effect, action.day
        w = seat if action.week == "my" else 1 - seat
        if e in CAT_EFFECTS:  # the usual play
            self.place_cat(w, d, action.card)
            return ()
        moved: list[tuple[str, int, Card]] = []
        card = action.card
        if e == "cat tree":
            self.base[seat][d] = card
            self._refresh(seat, d)
        elif e == "cardboard box":
            opp = 1 - seat
            self._remove(opp, action.target_day, action.target)
            self.base[seat][d] = card
            self.stack[seat][d].append(action.target)
            self._refresh(seat, d)
        elif e == "swap":  # place for place: no day changes whether it holds a cat
            opp = 1 - seat
            mine, theirs = self.stack[seat][d], self.stack[opp][action.target_day]
            i = len(mine) - 1 - mine[::-1].index(action.target)
            j = len(theirs) - 1 - theirs[::-1].index(action.other)
            mine[i], theirs[j] = action.other, action.target
            self._refresh(seat, d)  # the days' points
            self._refresh(opp, action.target_day)
        elif e == "discard top cat":
            self._remove(w, d, action.target)
            moved.append(("discard", w, action.target))
        elif e == "return top cat":
            self._remove(w, d, action.target)
            moved.append(("hand", w, action.target))
        return moved

    def tally_after(self, seat: int, action: Play, scores: Sequence[int]) -> tuple[list[int], list[int], bool]:
        """What the weeks would count after ``seat`` carries out ``action`` (a legal play, not a
        "draw N" card), the weeks left as they are (nothing is changed, not even for a moment:
        a reader of a live state's weeks may call it): ``(each week's score, each week's filled
        days, whether a week is full)``. ``scores``: each week's score now (:meth:`score`). So a
        computer player looks ahead without copying the weeks.

        Counted as :meth:`carry_out` changes the days (tests/games/test_cat_days.py compares the
        two for every legal play of seeded games): a cat put on a day changes only that day's
        points and its week's filled days; a Cat Tree (on a bare day) changes nothing counted; a
        swap of two visible cats moves their points; a cat taken off a day (Vacuum Cleaner,
        Water Spray, or a Cardboard Box from the opponent's day) leaves that day's other cats
        (on a Cat Tree all visible, else the one under it uncovered, or no cat), and a Cardboard
        Box puts the cat it takes alone on its bare day."""
        after = list(scores)
        d = action.day
        w = seat if action.week == "my" else 1 - seat
        effect = action.effect
        if effect in CAT_EFFECTS:  # the usual play: place_cat's change, counted
            bit = 1 << d
            stack = self.stack[w][d]
            rank = action.card.rank
            # on a Cat Tree every cat counts: the day gains the cat's points; elsewhere the cat
            # covers the top one (Grumpy Cat) or stands alone
            after[w] += rank if self.tree_days[w] & bit else rank - stack[-1].rank if stack else rank
            h0, h1 = self.holds_cat
            if w:
                h1 |= bit
            else:
                h0 |= bit
            return after, [h0.bit_count(), h1.bit_count()], h0 == ALL_DAYS or h1 == ALL_DAYS
        if effect == "cat tree":  # it goes on a bare day: no cat comes or goes
            return after, [self.filled(0), self.filled(1)], ALL_DAYS in self.holds_cat
        if effect == "swap":  # visible cat for visible cat, place for place
            gain = action.other.rank - action.target.rank
            after[seat] += gain
            after[1 - seat] -= gain
            return after, [self.filled(0), self.filled(1)], ALL_DAYS in self.holds_cat
        # a cat taken off a day (_remove): of the opponent's target day for a Cardboard Box
        holds = list(self.holds_cat)
        if effect == "cardboard box":
            w, d = 1 - seat, action.target_day
            box = 1 << action.day  # a bare day of the seat's week: the taken cat alone on it
            after[seat] += action.target.rank
            holds[seat] |= box
        stack = self.stack[w][d]
        if stack[-1] is action.target:  # the top cat (always, off a Cat Tree): no card compared
            left = stack[:-1]
        else:
            left = list(stack)
            left.remove(action.target)
        bit = 1 << d
        if not left:
            holds[w] &= ~bit
            now = 0
        elif self.tree_days[w] & bit:
            now = sum(c.rank for c in left)
        else:
            now = left[-1].rank
        after[w] += now - self.points[w][d]
        return after, [holds[0].bit_count(), holds[1].bit_count()], ALL_DAYS in holds

    def place_cat(self, w: int, d: int, cat: Card) -> None:
        """Put ``cat`` on day ``d`` of week ``w`` (a legal place: an empty day or a Cat Tree with
        room); the masks change as a cat arriving changes them."""
        s = self.stack[w][d]
        s.append(cat)
        bit = 1 << d
        points = self.points[w]  # a Cat Tree's cats all count; elsewhere the cat is the top one
        points[d] = points[d] + cat.rank if self.tree_days[w] & bit else cat.rank
        self.holds_cat[w] |= bit
        self.bare_days[w] &= ~bit
        if not (self.tree_days[w] & bit and len(s) < TREE_CAPACITY):
            self.open_days[w] &= ~bit

    def _remove(self, w: int, d: int, cat: Card) -> None:
        s = self.stack[w][d]
        if s[-1] is cat:  # the top cat (always, off a Cat Tree): no card compared
            s.pop()
        else:
            s.remove(cat)
        self._refresh(w, d)

    def day_view(self, w: int, d: int) -> dict[str, Any]:
        """One day as an observation shows it (all public)."""
        return {
            "day": DAYS[d],
            "base": self.base[w][d],
            "cats": list(self.stack[w][d]),
            "visible": self.visible(w, d),
            "covered": self.covered(w, d),
            "score": self.day_score(w, d),
        }
