"""Cat Days: the two weeks (:class:`Weeks`), what stands on every day, and the placing rules.

Source: ``rules/cat-days.md`` ("Table", "Deck") and the readings in :mod:`catcards.games.cat_days`.
"""
from __future__ import annotations

from typing import Any

from ...cards import Card
from .actions import Play, _play
from .deck import CAT_EFFECTS, DAYS, TREE_CAPACITY, Deck

__all__ = ["Weeks"]


class Weeks:
    """What stands on the 2 x 7 days: the public part of the table, with the rules of placing.

    ``base[w][d]`` is the Cat Tree or Cardboard Box on seat ``w``'s day ``d`` (or None);
    ``stack[w][d]`` lists its cats, bottom first. On a Cat Tree day every cat is visible; on any
    other day only the top one is (the ones under it are covered by Grumpy Cats). The state uses
    this class, and so can an agent, rebuilt from an observation with :meth:`from_observation`,
    to see what a play would do.
    """

    __slots__ = ("deck", "base", "stack")

    def __init__(self, deck: Deck, base=None, stack=None):
        self.deck = deck
        self.base: list[list[Card | None]] = base or [[None] * 7 for _ in range(2)]
        self.stack: list[list[list[Card]]] = stack or [[[] for _ in range(7)] for _ in range(2)]

    @classmethod
    def from_observation(cls, obs: dict) -> "Weeks":
        """The weeks as an observation shows them (``obs["weeks"]``, ``obs["deck"]``)."""
        base = [[day["base"] for day in week] for week in obs["weeks"]]
        stack = [[list(day["cats"]) for day in week] for week in obs["weeks"]]
        return cls(obs["deck"], base, stack)

    def copy(self) -> "Weeks":
        return Weeks(self.deck, [list(b) for b in self.base], [[list(s) for s in w] for w in self.stack])

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
        """Week ``w``'s score: the points of its visible cats (rulebook, "End of the Game")."""
        total = 0
        trees = self.deck.tree_names
        for b, s in zip(self.base[w], self.stack[w]):
            if s:
                if b is not None and b.name in trees:
                    total += sum(c.rank for c in s)
                else:
                    total += s[-1].rank
        return total

    def full(self, w: int) -> bool:
        """True when every day of week ``w`` holds a cat (the game ends)."""
        return all(self.stack[w])

    def filled(self, w: int) -> int:
        return sum(1 for s in self.stack[w] if s)

    # -- what a card may do --
    def plays(self, seat: int, card: Card, cards_to_draw: int) -> list[Play]:
        """Every complete legal play of ``card`` by ``seat`` (empty: its text cannot be carried
        out). ``cards_to_draw``: cards in the draw and discard piles together."""
        k = self.deck.kind(card)
        e = k.effect
        opp = 1 - seat
        days = self.deck.day_order[k.name]
        trees = self.deck.tree_names
        out: list[Play] = []
        if k.is_cat:
            for w, word in (((seat, "my"),) if k.week == "your" else ((seat, "my"), (opp, "their"))):
                stack, base = self.stack[w], self.base[w]
                for d in days:
                    s = stack[d]
                    b = base[d]
                    tree = b is not None and b.name in trees
                    if e == "cover":
                        if s and not tree:
                            out.append(_play(card, e, word, d, s[-1]))
                        continue
                    if (len(s) >= TREE_CAPACITY) if tree else s:
                        continue  # not an empty day for a cat
                    if e == "neighbours empty":
                        if (d > 0 and stack[d - 1]) or (d < 6 and stack[d + 1]):
                            continue
                    elif e == "neighbours hold cats":
                        if not (0 < d < 6 and stack[d - 1] and stack[d + 1]):
                            continue
                    out.append(_play(card, e, word, d))
            return out
        if k.draws:
            return [_play(card, e)] if cards_to_draw >= k.draws else []
        if e == "cat tree":
            base, stack = self.base[seat], self.stack[seat]
            return [_play(card, e, "my", d) for d in days if base[d] is None and not stack[d]]
        if e == "cardboard box":
            base, stack = self.base[seat], self.stack[seat]
            free = [d for d in days if base[d] is None and not stack[d]]
            if not free:
                return out
            theirs = [(od, c) for od in range(7) for c in self._targets(opp, od)]
            return [_play(card, e, "my", d, c, od) for d in free for od, c in theirs]
        if e == "swap":
            mine = [(d, c) for d in range(7) for c in self._targets(seat, d)]
            if not mine:
                return out
            theirs = [(od, c) for od in range(7) for c in self._targets(opp, od)]
            return [_play(card, e, "my", d, c, od, oc) for d, c in mine for od, oc in theirs]
        # discard top cat / return top cat
        return [_play(card, e, word, d, c)
                for w, word in (((seat, "my"),) if k.week == "your" else ((seat, "my"), (opp, "their")))
                for d in days for c in self._targets(w, d)]

    def _targets(self, w: int, d: int) -> list[Card]:
        """Visible cats of a day, one per name (the topmost copy), for choosing targets."""
        s = self.stack[w][d]
        if not s:
            return []
        b = self.base[w][d]
        if b is None or b.name not in self.deck.tree_names:
            return [s[-1]]
        out: dict[str, Card] = {}
        for c in s:
            out[c.name] = c
        return list(out.values())

    def carry_out(self, seat: int, action: Play) -> list[tuple[str, int, Card]]:
        """Do ``action``'s work on the days (the card itself is placed if it is a cat, Cat Tree or
        Cardboard Box). Returns cats that left the days: ``("discard", week, cat)`` or
        ``("hand", week owner, cat)``. Only call with a legal play."""
        e, card = action.effect, action.card
        w = seat if action.week == "my" else 1 - seat
        d = action.day
        moved: list[tuple[str, int, Card]] = []
        if e in CAT_EFFECTS:
            self.stack[w][d].append(card)
        elif e == "cat tree":
            self.base[seat][d] = card
        elif e == "cardboard box":
            opp = 1 - seat
            self._remove(opp, action.target_day, action.target)
            self.base[seat][d] = card
            self.stack[seat][d].append(action.target)
        elif e == "swap":
            opp = 1 - seat
            mine, theirs = self.stack[seat][d], self.stack[opp][action.target_day]
            i = len(mine) - 1 - mine[::-1].index(action.target)
            j = len(theirs) - 1 - theirs[::-1].index(action.other)
            mine[i], theirs[j] = action.other, action.target
        elif e == "discard top cat":
            self._remove(w, d, action.target)
            moved.append(("discard", w, action.target))
        elif e == "return top cat":
            self._remove(w, d, action.target)
            moved.append(("hand", w, action.target))
        return moved

    def _remove(self, w: int, d: int, cat: Card) -> None:
        self.stack[w][d].remove(cat)

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
