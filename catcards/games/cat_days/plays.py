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

from ...cards import Card
from .actions import Play, _play
from .deck import ALL_DAYS, Deck

__all__ = ["PlayTable", "play_table", "tree_targets", "MAX_KEPT", "DAY_BITS"]

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
#: the kinds of :attr:`PlayTable.entries`: any other card than a cat put on an empty day (its
#: rule's ``how`` says which; 0, so that a kind's truth says "a cat put on an empty day"), a card
#: put on an empty day of my week (most cats), or of either week
_OTHER, _MINE, _EITHER = range(3)
#: the words of a Play's week, by 0 (the acting seat's week) and 1 (the opponent's)
WORDS = ("my", "their")
#: the weeks a card acts on (:attr:`Rule.weeks`): the acting seat's, or both
_MY_WEEK, _BOTH_WEEKS = (0,), (0, 1)

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
            that copy on that day (so every mask's tuple shares the same plays), or None; for a
            "draw N" card, per copy number its one play (or None).
        targeted: for a card acting on a visible cat (Grumpy Cat, Vacuum Cleaner, Water Spray,
            Cardboard Box), per copy number, one dict per slot: ``7 * week + day`` (14 slots;
            week 0 the acting seat's), or for a Cardboard Box ``7 * day + the opponent's day``
            (49 slots). Each maps ``id(target)`` to the play on that target, which holds the
            target, so the id stays the target's while the play is kept (a target equal to
            a kept one but another object gets an equal play of its own).
    """

    __slots__ = ("how", "effect", "days", "either", "weeks", "draws", "discarded", "uncovers", "placed", "single",
                 "targeted")

    def __init__(self, kind, copies: int):
        self.how = DRAW_N if kind.draws else _HOW[kind.effect]
        self.effect = kind.effect
        self.days = sum(1 << d for d in kind.days)
        self.either = kind.week != "your"
        self.weeks = _BOTH_WEEKS if self.either else _MY_WEEK
        self.draws = kind.draws
        self.discarded = not (kind.is_cat or kind.stays)
        self.uncovers = self.how in (BOX, TAKE)
        how = self.how
        self.placed = [[None] * 256 for _ in range(copies)] if how < DRAW_N else None
        self.single = ([[None] * 14 for _ in range(copies)] if how < DRAW_N else
                       [None] * copies if how == DRAW_N else None)
        self.targeted = ([[{} for _ in range(49 if how == BOX else 14)] for _ in range(copies)]
                         if how > DRAW_N and how != SWAP else None)


class PlayTable:
    """The plays of one deck, each built once (see the module docstring).

    Attributes:
        deck: the :class:`~.deck.Deck` (its cards are the ones the ids below are of).
        rules: card name -> :class:`Rule`, which holds the plays built so far: by a day mask, by
            copy number, and for plays with targets by the day and the target, with no Card
            ever hashed (a dataclass hashes in Python, slowly).
        entries: the deck's cards in (name, copy) order, the order the legal actions list them
            in, each as ``(name, kind, days, placed slots or None, card, rule)``, read in one
            step by :meth:`hand_plays` (kind: a cat on an empty day of my week, of either week,
            or any other card); order: ``id(card)`` of each of the deck's own cards
            -> its place in ``entries`` (the deck keeps its cards, so the ids stay theirs);
            by_value: ``(name, copy)`` -> place, for an equal card that is another object.
        kept: how many plays with targets are kept. At most :data:`MAX_KEPT`: when full they
            are all dropped and built again as games need them (a large deck could otherwise
            take tens of megabytes).
    """

    def __init__(self, deck: Deck):
        self.deck = deck
        copies = {}  # copy numbers run from 0 (see Deck)
        for c in deck.cards:
            copies[c.name] = max(copies.get(c.name, 0), c.copy + 1)
        self.rules = rules = {k.name: Rule(k, copies.get(k.name, 0)) for k in deck.kinds}
        self.kept = 0
        cards = sorted(deck.cards, key=lambda c: (c.name, c.copy))
        self.order = {id(c): i for i, c in enumerate(cards)}
        self.by_value = {(c.name, c.copy): i for i, c in enumerate(cards)}
        names = {c.name: c.name for c in cards}  # one str object per name: entries compare names by identity
        self.entries = []
        for c in cards:
            r = rules[c.name]
            kind = (_OTHER if r.how != PLACE else _EITHER if r.either else _MINE)
            self.entries.append((names[c.name], kind, r.days, r.placed[c.copy] if r.placed is not None else None,
                                 c, r))

    def __reduce__(self):
        # pickled as the deck's table (play_table), built afresh where it is loaded: its plays
        # are kept by the ids of this process's objects (see Deck.__getstate__)
        return play_table, (self.deck,)

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
        order = self.order
        n = len(hand)
        try:  # the deck's own cards (the usual case): their places in (name, copy) order
            if n == 2:
                a, b = order[id(hand[0])], order[id(hand[1])]
                places = [a, b] if a < b else [b, a]
            elif n == 1:
                places = [order[id(hand[0])]]
            else:  # a loop and a sort in place: cheaper than sorted() over maps for a few cards
                places = []
                for c in hand:
                    places.append(order[id(c)])
                places.sort()
        except KeyError:  # an equal card that is not the deck's own object
            places = sorted([self._place(c) for c in hand])
        out: list[Play] = []
        entries = self.entries
        open_days = weeks.open_days
        mine = open_days[seat]
        last = None
        for i in places:
            name, kind, days, slots, card, r = entries[i]
            if name is last:  # identical copies give one play, of the lowest copy (the first here)
                continue
            last = name
            if kind:  # a cat on an empty day of my week (_MINE), or of either week (_EITHER)
                mask = mine & days
                if mask:
                    out += slots[mask] or self._placed(card, r, 0, mask)
                if kind == _EITHER:
                    mask = open_days[seat ^ 1] & days
                    if mask:
                        out += slots[128 + mask] or self._placed(card, r, 1, mask)
                continue
            how = r.how
            if how < DRAW_N:
                for week in r.weeks:
                    w = seat ^ week  # week 0: the acting seat's; 1: the opponent's
                    if how == TREE:
                        mask = weeks.bare_days[w] & days
                    elif how == NEIGHBOURS_EMPTY:
                        cats = weeks.holds_cat[w]
                        mask = open_days[w] & days & ~((cats << 1) | (cats >> 1))
                    else:  # NEIGHBOURS_CATS
                        cats = weeks.holds_cat[w]
                        mask = open_days[w] & days & (cats << 1) & (cats >> 1)
                    if mask:  # a mask's tuple of plays is never empty
                        out += slots[128 * week + mask] or self._placed(card, r, week, mask)
            elif how == DRAW_N:
                if cards_to_draw >= r.draws:
                    found = r.single[card.copy]
                    if found is None:
                        found = r.single[card.copy] = _play(card, r.effect)
                    out.append(found)
            elif how == TAKE:
                self._takes(out, weeks, seat, card, r)
            elif how == SWAP:
                self._swaps(out, weeks, seat, card, r)
            elif how == BOX:
                self._boxes(out, weeks, seat, card, r)
            else:  # COVER
                self._covers(out, weeks, seat, card, r)
        return out

    def _place(self, card: Card) -> int:
        """``card``'s place in :attr:`entries`, found by name and copy (for a card equal to one
        of the deck's but another object).

        Raises:
            KeyError: the deck has no such card."""
        return self.by_value[card.name, card.copy]

    def _placed(self, card: Card, r: Rule, week: int, mask: int) -> tuple[Play, ...]:
        """The plays putting ``card`` on the days of ``mask`` of ``week`` (0: mine), kept in
        ``r.placed``; each play is built once: one mask's tuple shares its plays with every
        other mask's."""
        one = r.single[card.copy]
        out = []
        for d in DAY_BITS[mask]:
            p = one[7 * week + d]
            if p is None:
                p = one[7 * week + d] = _play(card, r.effect, WORDS[week], d)
            out.append(p)
        found = r.placed[card.copy][128 * week + mask] = tuple(out)
        return found

    def _keep(self, kept: dict, target: Card, play: Play) -> Play:
        """Keep ``play`` in ``kept`` (one of a rule's ``targeted`` dicts) under ``id(target)``;
        the play holds ``target``, so no other object can take that id while it is kept."""
        if self.kept >= MAX_KEPT:
            for r in self.rules.values():
                for per_copy in r.targeted or ():
                    for slot in per_copy:
                        slot.clear()
            self.kept = 0
        kept[id(target)] = play
        self.kept += 1
        return play

    def _covers(self, out: list, weeks, seat: int, card: Card, r: Rule) -> None:
        """Grumpy Cat: on the top cat of any day holding one that is not a Cat Tree."""
        slots = r.targeted[card.copy]
        for word in r.weeks:
            w = seat ^ word
            days = weeks.holds_cat[w] & ~weeks.tree_days[w] & r.days
            if days:
                stack = weeks.stack[w]
                base = 7 * word
                for d in DAY_BITS[days]:
                    top = stack[d][-1]
                    kept = slots[base + d]
                    p = kept.get(id(top))
                    if p is None:
                        p = self._keep(kept, top, _play(card, r.effect, WORDS[word], d, top))
                    out.append(p)

    def _takes(self, out: list, weeks, seat: int, card: Card, r: Rule) -> None:
        """Vacuum Cleaner, Water Spray: any visible top cat of the days they act on."""
        slots = r.targeted[card.copy]
        for word in r.weeks:
            w = seat ^ word
            days = weeks.holds_cat[w] & r.days
            if not days:
                continue
            stack, trees = weeks.stack[w], weeks.tree_days[w]
            base = 7 * word
            for d in DAY_BITS[days]:
                kept = slots[base + d]
                # a Cat Tree: each name once (Weeks.targets); a day off a Cat Tree: its top cat
                for c in tree_targets(stack[d]) if trees >> d & 1 else stack[d][-1:]:
                    p = kept.get(id(c))
                    if p is None:
                        p = self._keep(kept, c, _play(card, r.effect, WORDS[word], d, c))
                    out.append(p)

    def _boxes(self, out: list, weeks, seat: int, card: Card, r: Rule) -> None:
        """Cardboard Box: a bare day of my week, taking a visible cat of any of their days."""
        free = weeks.bare_days[seat] & r.days
        if not free:
            return
        theirs = [(od, c, id(c)) for od, c in weeks.day_targets(1 - seat)]
        if not theirs:
            return
        slots = r.targeted[card.copy]
        for d in DAY_BITS[free]:
            base = 7 * d
            for od, c, ident in theirs:
                kept = slots[base + od]
                p = kept.get(ident)
                if p is None:
                    p = self._keep(kept, c, _play(card, r.effect, "my", d, c, od))
                out.append(p)

    def _swaps(self, out: list, weeks, seat: int, card: Card, r: Rule) -> None:
        """Yarn Ball: one of my visible cats with one of theirs, any days. The swaps are kept
        for the game (``weeks.swaps``), not for the deck: there are too many to keep them all.
        ``weeks.swaps[id(card)][8 * id(c) + d][8 * id(oc) + od]`` is the swap of my cat ``c``
        on day ``d`` with their ``oc`` on ``od``: ids of cards the play holds (so no other
        object can take those ids while it is kept), with the day in the low bits (a day is
        below 8), so a look-up builds no tuple."""
        mine = weeks.day_targets(seat)
        if not mine:
            return
        theirs = [(od, oc, 8 * id(oc) + od) for od, oc in weeks.day_targets(1 - seat)]
        if not theirs:
            return
        rows = weeks.swaps.get(id(card))
        if rows is None:
            rows = weeks.swaps[id(card)] = {}
        effect = r.effect
        for d, c in mine:
            key = 8 * id(c) + d
            row = rows.get(key)
            if row is None:
                row = rows[key] = {}
            for od, oc, k in theirs:
                p = row.get(k)
                if p is None:
                    p = row[k] = _play(card, effect, "my", d, c, od, oc)
                out.append(p)


def tree_targets(s: list[Card]) -> list[Card]:
    """The visible cats of a Cat Tree day ``s`` (bottom first), one per name (the topmost copy),
    in the order the names first stand there (:meth:`.weeks.Weeks.targets`); ``s`` itself when
    its names are all different (do not change the list returned)."""
    n = len(s)
    if n < 2 or (n == 2 and s[0].name != s[1].name) or (
            n == 3 and s[0].name != s[1].name and s[0].name != s[2].name and s[1].name != s[2].name):
        return s
    out: dict[str, Card] = {}
    for c in s:
        out[c.name] = c
    return list(out.values())

def play_table(deck: Deck) -> PlayTable:
    """The deck's :class:`PlayTable`, made on first use and kept on the deck (every game with
    that deck shares it: its plays are values)."""
    table = deck._play_table
    if table is None:
        table = deck._play_table = PlayTable(deck)
    return table
