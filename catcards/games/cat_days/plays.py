"""Cat Days: the legal plays of a card, read off the day masks and looked up in a table.

Source: the placing rules of ``rules/cat-days.md`` ("Table", "Deck") and the readings listed in
:mod:`catcards.games.cat_days`; this module is where they are decided for the engine
(:meth:`.weeks.Weeks.plays` and the state's legal actions both come here).

Why a table (issue 14, speed): a :class:`~.actions.Play` is an immutable value, so each play a
deck allows is built once, the first time some game needs it, and every later game with that
deck reuses the same object. Listing a card's plays is then a few bit operations on the weeks'
day masks (:class:`~.weeks.Weeks` keeps them: ``holds_cat``, ``tree_days``, ``bare_days``,
``open_days``) and one dictionary look-up per play (or per week, for cards placed on a day),
instead of building objects on every turn (Yarn Ball swaps, too many to keep for every game, are
kept for the game that built them). The plays are the same values, listed in the same order, as
building them afresh would give.
"""
from __future__ import annotations

from typing import Any

from ...cards import Card
from .actions import Play, _play
from .deck import ALL_DAYS, Deck

__all__ = ["PlayTable", "play_table", "MAX_KEPT", "DAY_BITS"]

#: for each 7-bit mask of days, the days it holds in order (Monday first): the order plays are
#: listed in
DAY_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(d for d in range(7) if m >> d & 1) for m in range(ALL_DAYS + 1))

#: how a card finds its plays, from its effect: placed on days of a mask (a cat on an empty day;
#: with both neighbours empty; with both neighbours holding a cat; a Cat Tree on a bare day),
#: drawing, or acting on visible cats (cover, Cardboard Box, swap, discard or return a top cat)
PLACE, NEIGHBOURS_EMPTY, NEIGHBOURS_CATS, TREE, DRAW_N, COVER, BOX, SWAP, TAKE = range(9)
_HOW = {"empty day": PLACE, "neighbours empty": NEIGHBOURS_EMPTY, "neighbours hold cats": NEIGHBOURS_CATS,
        "cat tree": TREE, "cover": COVER, "cardboard box": BOX, "swap": SWAP,
        "discard top cat": TAKE, "return top cat": TAKE}
#: the words of a Play's week, by 0 (the acting seat's week) and 1 (the opponent's)
WORDS = ("my", "their")

#: the most plays with targets one table keeps (then it starts again, see :class:`PlayTable`):
#: a Play with its key takes about 500 bytes; the packaged deck's covers, boxes, discards and
#: returns are about 4,000 plays. Swaps are not kept here: the packaged deck alone allows 51,842
#: (2 Yarn Balls x 7 days x 23 cats x 7 x 23), so each game keeps its own (``Weeks.swaps``)
MAX_KEPT = 20_000


class Rule:
    """One card name's rules as the table reads them (from its :class:`~.deck.CardKind`).

    Attributes:
        how: one of :data:`PLACE` .. :data:`TAKE` (from the effect).
        effect: the effect keyword; days: the days it may go on or act on, as a 7-bit mask.
        either: True when it may act on the opponent's week too (week "either"); weeks: the
            weeks it acts on, (0,) or (0, 1) (0: the acting seat's, 1: the opponent's).
        draws: N of a "draw N" card, else 0.
        discarded: True for an event that goes to the discard pile once carried out (every
            event but the Cat Tree and the Cardboard Box, which stay on their day).
        uncovers: True when it takes a cat off a day (Cardboard Box, Vacuum Cleaner, Water
            Spray), which may uncover the cat under it.
        placed: for a card placed on the days of a mask (``how`` below :data:`DRAW_N`), per copy
            number, 256 slots: slot ``128 * week + mask`` holds the tuple of plays putting that
            copy on the days of ``mask`` (Monday first) of week 0 (the acting seat's) or 1 (the
            opponent's), None until a game first needs it. A list, not a dictionary, so a look-up
            hashes nothing.
        single: per copy number, 14 slots: slot ``7 * week + day`` holds the one play putting
            that copy on that day (so every mask's tuple shares the same plays), or None.
    """

    __slots__ = ("how", "effect", "days", "either", "weeks", "draws", "discarded", "uncovers", "placed", "single")

    def __init__(self, kind, copies: int):
        self.how = DRAW_N if kind.draws else _HOW[kind.effect]
        self.effect = kind.effect
        self.days = sum(1 << d for d in kind.days)
        self.either = kind.week != "your"
        self.weeks = (0, 1) if self.either else (0,)
        self.draws = kind.draws
        self.discarded = not (kind.is_cat or kind.stays)
        self.uncovers = self.how in (BOX, TAKE)
        placed = self.how < DRAW_N
        self.placed = [[None] * 256 for _ in range(copies)] if placed else None
        self.single = [[None] * 14 for _ in range(copies)] if placed else None


class PlayTable:
    """The plays of one deck, each built once (see the module docstring).

    Attributes:
        rules: card name -> :class:`Rule` (which holds the tables of plays placed by a mask).
        kept: the other plays built so far, by a key of plain values (card names, copy numbers,
            days, week 0/1), never by hashing Cards: (name, copy) -> the one play of a draw card;
            for plays with targets, (name, copy, [week,] day, [the opponent's day of a Cardboard
            Box,] target's name and copy) -> the play. At most :data:`MAX_KEPT` entries: when full it is emptied and fills
            again with the plays games need (a large deck could otherwise take tens of megabytes).
    """

    def __init__(self, deck: Deck):
        copies = {}  # copy numbers run from 0 (see Deck)
        for c in deck.cards:
            copies[c.name] = max(copies.get(c.name, 0), c.copy + 1)
        self.rules = {k.name: Rule(k, copies.get(k.name, 0)) for k in deck.kinds}
        self.kept: dict[tuple, Any] = {}

    def plays(self, weeks, seat: int, card: Card, cards_to_draw: int) -> tuple[Play, ...]:
        """Every complete legal play of ``card`` by ``seat`` on ``weeks`` (a
        :class:`~.weeks.Weeks`), as a tuple: empty when its whole text cannot be carried out.
        ``cards_to_draw``: cards in the draw and discard piles together (a "draw N" card needs
        N of them). Order: the acting seat's week before the opponent's, days Monday first,
        then the target's order on its day."""
        return tuple(self.hand_plays(weeks, seat, (card,), cards_to_draw))

    def hand_plays(self, weeks, seat: int, hand, cards_to_draw: int) -> list[Play]:
        """The plays of every card of ``hand`` (Cards) by ``seat``, as the legal actions list
        them: identical copies give one play, of the lowest copy in the hand; cards by name in
        alphabetical order, each card's plays in the order of :meth:`plays`.

        The days a placed card may go on (a mask): an empty day (``open_days``); one whose
        neighbours hold no cat; one whose two neighbours both hold a cat (never Monday or
        Sunday: the shifts bring no neighbour in there); a bare day for a Cat Tree."""
        firsts: dict[str, Card] = {}
        for c in hand:
            f = firsts.get(c.name)
            if f is None or c.copy < f.copy:
                firsts[c.name] = c
        out: list[Play] = []
        rules = self.rules
        for name in sorted(firsts) if len(firsts) > 1 else firsts:
            card = firsts[name]
            r = rules[name]
            how = r.how
            if how < DRAW_N:
                slots = r.placed[card.copy]
                for week in r.weeks:
                    w = seat ^ week  # week 0: the acting seat's; 1: the opponent's
                    if how == PLACE:
                        mask = weeks.open_days[w] & r.days
                    elif how == TREE:
                        mask = weeks.bare_days[w] & r.days
                    elif how == NEIGHBOURS_EMPTY:
                        cats = weeks.holds_cat[w]
                        mask = weeks.open_days[w] & r.days & ~((cats << 1) | (cats >> 1))
                    else:  # NEIGHBOURS_CATS
                        cats = weeks.holds_cat[w]
                        mask = weeks.open_days[w] & r.days & (cats << 1) & (cats >> 1)
                    if mask:
                        found = slots[128 * week + mask]
                        if found is None:
                            found = slots[128 * week + mask] = self._placed(card, r, week, mask)
                        out += found
            elif how == DRAW_N:
                if cards_to_draw >= r.draws:
                    key = (name, card.copy)
                    found = self.kept.get(key)
                    if found is None:
                        found = self._keep(key, _play(card, r.effect))
                    out.append(found)
            elif how == COVER:
                out += self._covers(weeks, seat, card, r)
            elif how == BOX:
                out += self._boxes(weeks, seat, card, r)
            elif how == SWAP:
                out += self._swaps(weeks, seat, card, r)
            else:
                out += self._takes(weeks, seat, card, r)
        return out

    def _placed(self, card: Card, r: Rule, week: int, mask: int) -> tuple[Play, ...]:
        """The plays putting ``card`` on the days of ``mask`` of ``week`` (0: mine), each play
        built once: one mask's tuple shares its plays with every other mask's."""
        one = r.single[card.copy]
        out = []
        for d in DAY_BITS[mask]:
            p = one[7 * week + d]
            if p is None:
                p = one[7 * week + d] = _play(card, r.effect, WORDS[week], d)
            out.append(p)
        return tuple(out)

    def _keep(self, key: tuple, value: Any) -> Any:
        if len(self.kept) >= MAX_KEPT:
            self.kept.clear()
        self.kept[key] = value
        return value

    def _covers(self, weeks, seat: int, card: Card, r: Rule) -> tuple[Play, ...]:
        """Grumpy Cat: on the top cat of any day holding one that is not a Cat Tree."""
        out = []
        kept, name, copy = self.kept, card.name, card.copy
        for word in r.weeks:
            w = seat ^ word
            stack = weeks.stack[w]
            for d in DAY_BITS[weeks.holds_cat[w] & ~weeks.tree_days[w] & r.days]:
                top = stack[d][-1]
                key = (name, copy, word, d, top.name, top.copy)
                p = kept.get(key)
                if p is None:
                    p = self._keep(key, _play(card, r.effect, WORDS[word], d, top))
                out.append(p)
        return tuple(out)

    def _takes(self, weeks, seat: int, card: Card, r: Rule) -> tuple[Play, ...]:
        """Vacuum Cleaner, Water Spray: any visible top cat of the days they act on."""
        out = []
        kept, name, copy = self.kept, card.name, card.copy
        for word in r.weeks:
            w = seat ^ word
            for d in DAY_BITS[weeks.holds_cat[w] & r.days]:
                for c in weeks.targets(w, d):
                    key = (name, copy, word, d, c.name, c.copy)
                    p = kept.get(key)
                    if p is None:
                        p = self._keep(key, _play(card, r.effect, WORDS[word], d, c))
                    out.append(p)
        return tuple(out)

    def _boxes(self, weeks, seat: int, card: Card, r: Rule) -> tuple[Play, ...]:
        """Cardboard Box: a bare day of my week, taking a visible cat of any of their days."""
        free = weeks.bare_days[seat] & r.days
        if not free:
            return ()
        opp = 1 - seat
        theirs = [(od, c) for od in DAY_BITS[weeks.holds_cat[opp]] for c in weeks.targets(opp, od)]
        out = []
        kept, name, copy = self.kept, card.name, card.copy
        for d in DAY_BITS[free]:
            for od, c in theirs:
                key = (name, copy, d, od, c.name, c.copy)
                p = kept.get(key)
                if p is None:
                    p = self._keep(key, _play(card, r.effect, "my", d, c, od))
                out.append(p)
        return tuple(out)

    def _swaps(self, weeks, seat: int, card: Card, r: Rule) -> tuple[Play, ...]:
        """Yarn Ball: one of my visible cats with one of theirs, any days. The swaps are kept
        for the game (``weeks.swaps``), not for the deck: there are too many to keep them all."""
        mine = [(d, c) for d in DAY_BITS[weeks.holds_cat[seat]] for c in weeks.targets(seat, d)]
        if not mine:
            return ()
        opp = 1 - seat
        theirs = [(od, c) for od in DAY_BITS[weeks.holds_cat[opp]] for c in weeks.targets(opp, od)]
        out = []
        kept, name, copy = weeks.swaps, card.name, card.copy
        for d, c in mine:
            for od, oc in theirs:
                key = (name, copy, d, c.name, c.copy, od, oc.name, oc.copy)
                p = kept.get(key)
                if p is None:
                    p = kept[key] = _play(card, r.effect, "my", d, c, od, oc)
                out.append(p)
        return tuple(out)


def play_table(deck: Deck) -> PlayTable:
    """The deck's :class:`PlayTable`, made on first use and kept on the deck (every game with
    that deck shares it: its plays are values)."""
    table = deck._play_table
    if table is None:
        table = deck._play_table = PlayTable(deck)
    return table
