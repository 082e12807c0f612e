"""Cat Days: an explicit position (``deals``) read and checked, for :meth:`CatDays.new_game`.

Source: the ``deals`` format documented in :meth:`catcards.games.cat_days.CatDays.new_game`;
hands go through the core's :func:`~catcards.core.parse_hands`.
"""
from __future__ import annotations

from typing import Any

from ...cards import Card
from ...core import GameParameterError, check_plain_text, normal_name, few_reprs, parse_hands, short_repr
from ...core.text import value_kind
from .deck import _DAY_INDEX, DAYS, TREE_CAPACITY, Deck
from .weeks import Weeks

__all__ = ["parse_deals", "known_setup", "MAX_SHUFFLES"]

#: the most reshuffles a deal may name (a game of 500 turns reshuffles far fewer times)
MAX_SHUFFLES = 500


def parse_deals(deck: Deck, deals: Any) -> dict[str, Any]:
    """``deals`` (see :meth:`CatDays.new_game`) checked against ``deck``: a dict with ``hands``
    (two lists of Cards), ``weeks`` (a :class:`Weeks`), ``draw`` (top first), ``discard``
    (bottom first), ``rest`` ("draw" or "out"), ``left`` (the cards not named, deck order) and
    ``shuffles`` (per named reshuffle, (name, copy or None) pairs, top first).

    Raises:
        GameParameterError: an unknown key or card name, a name holding a control or format
            character (a bidi control such as U+202E), more copies of a card than the deck has,
            a malformed week.
    """
    if not isinstance(deals, dict):
        raise GameParameterError(
            "Cat Days deals must be a dict with keys hands, draw, discard, weeks, rest "
            f"(see CatDays.new_game), not {value_kind(deals)}"
        )
    unknown = set(deals) - {"hands", "draw", "discard", "weeks", "rest", "shuffles"}
    if unknown:
        raise GameParameterError(
            f"Cat Days deals: unknown key(s) {few_reprs(sorted(unknown, key=repr))}; keys are hands, draw, discard, weeks, rest, shuffles"
        )
    free: dict[str, list[Card]] = {}
    for c in deck.cards:
        free.setdefault(c.name, []).append(c)

    def lookup(name: Any, where: str) -> tuple[str, int | None]:
        """(card name, copy number or None) of one entry: a name, "Name #k", or a Card."""
        text = name.name if isinstance(name, Card) else name
        if not isinstance(text, str) or len(text) > 200:
            raise GameParameterError(f"Cat Days deals, {where}: {short_repr(name)} is not a card name")
        check_plain_text(text, f"Cat Days deals, {where}")
        copy = None
        head, sep, tail = text.rpartition("#")
        if sep and tail.strip().isascii() and tail.strip().isdigit() and len(tail.strip()) <= 3 and head.strip():
            try:  # "Name #k", unless the whole text is a card's name
                deck.kind(text)
            except KeyError:
                text, copy = head, int(tail.strip())
        try:
            kind = deck.kind(text)
        except KeyError:
            raise GameParameterError(
                f"Cat Days deals, {where}: no card called {short_repr(text)} in the deck "
                f"(cards: {', '.join(deck.names())})"
            ) from None
        n = kind.count + 2 * kind.setup
        if copy is not None and copy >= n:
            raise GameParameterError(
                f"Cat Days deals, {where}: {kind.name} #{copy}: the deck has copies #0 to #{n - 1}"
            )
        return kind.name, copy

    def take(name: Any, where: str) -> Card:
        card_name, copy = lookup(name, where)
        copies = free[card_name]
        if copy is not None:
            found = [c for c in copies if c.copy == copy]
            if not found:
                raise GameParameterError(f"Cat Days deals, {where}: {card_name} #{copy} is named twice")
            copies.remove(found[0])
            return found[0]
        if not copies:
            n = len([c for c in deck.cards if c.name == card_name])
            raise GameParameterError(
                f"Cat Days deals, {where}: {card_name} is named more often than the deck has "
                f"copies ({n})"
            )
        return copies.pop(0)

    def card_list(value: Any, where: str) -> list[Card]:
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise GameParameterError(f"Cat Days deals, {where}: give a list of card names, not {value!r}")
        return [take(v, where) for v in value]

    index = {c: i for i, c in enumerate(deck.cards)}
    hands = parse_hands(
        deals.get("hands", [[], []]), 2, lambda name: index[take(name, "hands")],
        lambda i: deck.cards[i].name, "Cat Days deals, hands", hint="seat 0's, seat 1's",
    )
    hands = [[deck.cards[i] for i in h] for h in hands]
    weeks = Weeks(deck)
    raw_weeks = deals.get("weeks", [{}, {}])
    if isinstance(raw_weeks, str) or not isinstance(raw_weeks, (list, tuple)) or len(raw_weeks) != 2:
        raise GameParameterError("Cat Days deals: weeks must be two weeks (seat 0's, seat 1's)")
    for s, week in enumerate(raw_weeks):
        if isinstance(week, dict):
            items = []
            for day, cards in week.items():
                if not isinstance(day, str) or normal_name(day) not in _DAY_INDEX:
                    raise GameParameterError(
                        f"Cat Days deals, week of seat {s}: {day!r} is not a day ({', '.join(DAYS)})"
                    )
                if any(d == _DAY_INDEX[normal_name(day)] for d, _ in items):
                    raise GameParameterError(
                        f"Cat Days deals, week of seat {s}: {day!r} is given twice"
                    )
                items.append((_DAY_INDEX[normal_name(day)], cards))
        elif isinstance(week, (list, tuple)) and len(week) == 7:
            items = list(enumerate(week))
        else:
            raise GameParameterError(
                f"Cat Days deals: the week of seat {s} must be a dict of day -> cards or 7 lists"
            )
        for d, cards in items:
            where = f"seat {s}'s {DAYS[d]}"
            placed = card_list(cards, where)
            for i, c in enumerate(placed):
                k = deck.kind(c)
                if k.stays and i == 0:
                    weeks.base[s][d] = c
                elif k.is_cat:
                    if (
                        weeks.stack[s][d]
                        and not weeks.is_tree(s, d)
                        and deck.kind(c).effect != "cover"
                    ):
                        raise GameParameterError(
                            f"Cat Days deals, {where}: {c.name} cannot stand on "
                            f"{weeks.stack[s][d][-1].name}; off a Cat Tree, only a Grumpy Cat "
                            "covers another cat"
                        )
                    weeks.stack[s][d].append(c)
                else:
                    raise GameParameterError(
                        f"Cat Days deals, {where}: {c.name} cannot stand there (only cats, on "
                        "top of at most one Cat Tree or Cardboard Box at the bottom)"
                    )
            if weeks.is_tree(s, d) and len(weeks.stack[s][d]) > TREE_CAPACITY:
                raise GameParameterError(f"Cat Days deals, {where}: a Cat Tree holds at most 3 cats")
    weeks.refresh()  # the day masks, after placing the cards above
    draw = card_list(deals.get("draw", []), "draw pile")
    discard = card_list(deals.get("discard", []), "discard pile")
    for c in discard:
        if deck.kind(c).stays:
            raise GameParameterError(
                f"Cat Days deals, discard pile: {c.name} cannot be there: a {deck.kind(c).effect} "
                "stays on its day once played, so it never reaches the discard pile"
            )
    rest = deals.get("rest", "draw")
    if rest not in ("draw", "out"):
        raise GameParameterError(f"Cat Days deals: rest must be 'draw' or 'out', not {rest!r}")
    raw = deals.get("shuffles", [])
    if isinstance(raw, str) or not isinstance(raw, (list, tuple)) or len(raw) > MAX_SHUFFLES:
        raise GameParameterError(
            f"Cat Days deals, shuffles: give a list of at most {MAX_SHUFFLES} draw piles (each a list "
            "of card names, top first), not " + short_repr(raw)
        )
    shuffles = []
    for i, pile in enumerate(raw):
        where = f"shuffles, reshuffle {i + 1}"
        if isinstance(pile, str) or not isinstance(pile, (list, tuple)) or len(pile) > len(deck.cards):
            raise GameParameterError(f"Cat Days deals, {where}: give a list of card names, not {short_repr(pile)}")
        shuffles.append(tuple(lookup(v, where) for v in pile))
    unnamed = {c for cards in free.values() for c in cards}
    left = [c for c in deck.cards if c in unnamed]
    return {"hands": hands, "weeks": weeks, "draw": draw, "discard": discard,
            "rest": rest, "left": left, "shuffles": tuple(shuffles)}


def known_setup(deck: Deck, hands, weeks, discard, draw, out, shuffles) -> dict[str, Any]:
    """What :func:`parse_deals` returns for a deal given as the deck's own Cards, by code that
    built it from a real position and so knows every rule of a deal is met (the hidden-card
    sampler, :mod:`catcards.explore.cat_days`, draws thousands and gives this to
    :func:`catcards.explore.hidden.dealt`): nothing is parsed or checked.
    The cards not named are ``out`` (out of play, ``rest`` "out").

    Args:
        hands: two lists of Cards; weeks: per seat, 7 lists of Cards, bottom first (a Cat Tree or
            Cardboard Box first if there is one); discard: bottom first; draw: top first;
        out: the cards left out of play (any order: kept in the deck's order, as
            :func:`parse_deals` keeps the cards it was not given); shuffles: per named
            reshuffle, its draw pile of Cards, top first.
    """
    base = [[None] * 7 for _ in range(2)]
    stack = [[[] for _ in range(7)] for _ in range(2)]
    for s, week in enumerate(weeks):
        for d, cards in enumerate(week):
            for i, c in enumerate(cards):
                if i == 0 and deck.kind(c).stays:
                    base[s][d] = c
                else:
                    stack[s][d].append(c)
    if out:
        ids = {id(c) for c in out}
        left = [c for c in deck.cards if id(c) in ids]
    else:
        left = []
    return {"hands": [list(h) for h in hands], "weeks": Weeks(deck, base, stack), "draw": list(draw),
            "discard": list(discard), "rest": "out", "left": left,
            "shuffles": tuple(tuple((c.name, c.copy) for c in pile) for pile in shuffles)}
