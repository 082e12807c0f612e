"""The checks every engine runs on what comes from outside (explicit deals, card names, counts,
names typed or read from a file): each refuses with one :class:`GameParameterError` saying what
was wrong and what is allowed, before anything is changed (CONTRIBUTING.md, "Untrusted input")."""
from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping, Sequence

from ..cards import Card
from .errors import GameParameterError
from .text import PLAIN_TEXT, is_whole, normal_name, short_repr, unsafe_character
from .text import value_kind

__all__ = [
    "MAX_NAME_BYTES",
    "too_long_name",
    "check_plain_text",
    "check_count",
    "check_card_name",
    "card_names",
    "find_card",
    "check_deal_list",
    "check_deal_dict",
    "parse_hands",
    "parse_round_deals",
    "hand_ids",
    "check_deals",
    "walk_cards",
    "MAX_DEAL_ITEMS",
]


def check_plain_text(text: Any, where: str, what: str = "a card name") -> None:
    """Refuse ``text`` (a name from a deal, a data file or the keyboard) holding a control or
    format character (:func:`unsafe_character`); anything that is not a str passes (its type is
    checked by the caller). The one check of untrusted names in every game.

    Raises:
        GameParameterError: "<where>: <what> 'Lazy Cat\\u202e' contains U+202E (RIGHT-TO-LEFT
            OVERRIDE); names and texts may hold letters, digits, ...".
    """
    if not isinstance(text, str):
        return
    bad = unsafe_character(text)
    if bad is not None:
        raise GameParameterError(
            f"{where}: {what} {short_repr(text)} contains {bad}; names and texts may hold {PLAIN_TEXT}"
        )


def check_count(value: Any, what: str, low: int = 1) -> int:
    """A count asked for (games, deals, hands, chunk_size) as an int.

    Raises:
        GameParameterError (a ValueError): ``value`` is not a whole number >= ``low``
            ("games must be a whole number >= 1, not 0").
    """
    if not is_whole(value) or value < low:
        raise GameParameterError(f"{what} must be a whole number >= {low}, not {short_repr(value)}")
    return int(value)


def check_card_name(name: Any, where: str, example: str) -> None:
    """Refuse a card name that is neither text nor a :class:`Card` (a deal read from a save or a
    notebook may hold anything), or text holding a control or format character
    (:func:`check_plain_text`).

    Raises:
        GameParameterError: ``name`` is not a str or Card (the message shows ``example``), or it
            holds a bidi control or another control or format character.
    """
    if not isinstance(name, (str, Card)):
        raise GameParameterError(
            f"{where}: a card is given by its name as text, like {example!r}, not {short_repr(name)}"
        )
    check_plain_text(name, where)


def card_names(cards: Sequence[Card], suit_and_rank: bool = False) -> dict[str, int]:
    """The table typed card names are looked up in: :func:`normal_name` of each card's name
    ("lion (red 50)") -> its index in ``cards``; with ``suit_and_rank`` also of its suit and
    number ("red 50"), so a named card may be typed either way (Snap, Pairs, King of the Jungle).
    A name two cards share keeps the later card."""
    table: dict[str, int] = {}
    for i, c in enumerate(cards):
        table[normal_name(c)] = i
        if suit_and_rank:
            table[normal_name(f"{c.suit} {c.rank}")] = i
    return table


def find_card(name: Any, names: Mapping[str, int], index: Mapping[Card, int], where: str, example: str,
              unknown: str) -> int:
    """The id of the card called ``name``: the one reader of card names in the games' deals and
    typed actions.

    Args:
        name: a :class:`Card` of the deck (looked up in ``index``, Card -> id) or its name as text
            (compared through :func:`normal_name`, looked up in ``names``, see :func:`card_names`).
        where: the start of a refusal ("Cat Trick", "deal").
        example: a card name the refusal of a non-name shows ("pink 7").
        unknown: what ``name`` is not, with what is allowed ("a Cat Trick card (colours ...)").

    Raises:
        GameParameterError: ``name`` is neither text nor a Card (:func:`check_card_name`), or no
            card of the deck has that name: "<where>: <name> is not <unknown>".
    """
    check_card_name(name, where, example)
    i = index.get(name) if isinstance(name, Card) else names.get(normal_name(name))
    if i is None:
        shown = name if isinstance(name, Card) else short_repr(name)
        raise GameParameterError(f"{where}: {shown} is not {unknown}")
    return i


def check_deal_list(
    deals: Any,
    where: str,
    what: str = "",
    *,
    hands: int | None = None,
    cards: int | None = None,
    at_most: int | None = None,
) -> list:
    """``deals`` (the ``deals=`` of ``new_game``: one explicit deal per round, or per hand) as a
    list, refused with one clear message when it is not a list or tuple (a string, a dict, a
    number, a generator...) or holds more than ``at_most`` deals. It checks only the outer list:
    check each deal with :func:`parse_hands`.

    Args:
        deals: what the caller passed (untrusted).
        where: the start of the message, usually the game's title ("Cat Trick").
        what: one deal, in words ("4 hands of 10 card names"); when empty it is built from
            ``hands`` and ``cards``.
        hands: the hands (lists of card names) in one deal, usually ``players``.
        cards: the cards in each of those hands (None: any number).
        at_most: the most deals the game can use (a game of 3 rounds: 3); None for no limit.

    Returns:
        a new list of the deals (their contents not yet checked).

    Raises:
        GameParameterError: e.g. ``check_deal_list(5, "High Cat", hands=3, cards=1)`` gives
            "High Cat: deals must be a list of deals (one per round or hand, each 3 hands of 1
            card name), not int"; with ``at_most=2`` a list of three deals gives "High Cat:
            deals must be a list of at most 2 deals (one per round or hand, each ...), not 3
            deals".

    Example::

        >>> check_deal_list(([["Cat 3"], ["Cat 5"]],), "High Cat", hands=2, cards=1)
        [[['Cat 3'], ['Cat 5']]]
    """
    if not what:
        if hands is None:
            what = "a list of hands of card names"
        else:
            size = "" if cards is None else f"{cards} "
            names = "card name" if cards == 1 else "card names"
            what = f"{hands} {'hand' if hands == 1 else 'hands'} of {size}{names}"
    if at_most is not None:
        what = f"at most {at_most} {'deal' if at_most == 1 else 'deals'} (one per round or hand, each {what})"
    else:
        what = f"deals (one per round or hand, each {what})"
    if not isinstance(deals, (list, tuple)):
        raise GameParameterError(f"{where}: deals must be a list of {what}, not {value_kind(deals)}")
    if at_most is not None and len(deals) > at_most:
        raise GameParameterError(f"{where}: deals must be a list of {what}, not {len(deals)} deals")
    return list(deals)


def check_deal_dict(deal: Any, where: str, allowed: Sequence[str], required: Sequence[str] = ()) -> dict:
    """A deal given as a dict: text keys, each in ``allowed``, every one of ``required`` present.

    Raises:
        GameParameterError: a key that is not text, an unknown key or a missing one (the message
            lists the keys a deal may have).
    """
    keys = "', '".join(allowed)
    if not isinstance(deal, Mapping) or not all(isinstance(k, str) for k in deal):
        raise GameParameterError(f"{where}: a deal given as a dict has the text keys '{keys}'")
    unknown = [k for k in deal if k not in allowed]
    missing = [k for k in required if k not in deal]
    if unknown or missing:
        raise GameParameterError(
            f"{where}: a deal given as a dict has the keys '{keys}' "
            f"({'required: ' + ', '.join(required) + '; ' if required else ''}"
            f"{'unknown: ' + ', '.join(map(repr, unknown)) if unknown else 'missing: ' + ', '.join(missing)})"
        )
    return dict(deal)


def parse_hands(
    deal: Any,
    players: int,
    card_id: Callable[[Any], int],
    name_of: Callable[[int], Any],
    where: str,
    size: int | None = None,
    what: str = "hands",
    hint: str = "one per seat",
    *,
    at_most: int | None = None,
    seat_where: str = "{where}, seat {seat}",
) -> list[list[int]]:
    """One explicit deal, one list of card names per seat, as card ids per seat: the one validator
    of the explicit deals of Simon's Cat, Cat Trick, King of the Jungle, Snap, Cat Days and Card
    Game (a game with several rounds calls it once per deal of :func:`check_deal_list`).

    Args:
        deal: ``players`` lists of card names (or Cards), in seat order (untrusted).
        players: how many lists ``deal`` must have.
        card_id: the game's lookup from a name (or Card) to a card id, an int; it compares names
            through :func:`normal_name` and raises GameParameterError on an unknown name
            (usually ``lambda name: find_card(name, names, index, ...)``, see :func:`find_card`).
        name_of: card id -> what the messages call the card (a Card or its name).
        where: the start of every message ("deal for round 2").
        size: cards each seat must get exactly; None for any number.
        what, hint: the words for a wrong number of seats ("give 3 hands (one per seat)").
        at_most: the most cards a seat may get (with ``size`` None); None for no limit.
        seat_where: how a refusal about one seat's card starts, a ``str.format`` pattern of
            ``where`` and ``seat`` (a number from 0, as every message and table counts seats):
            "deal, seat 1" by default, "deal for seat 1" with ``"deal for seat {seat}"``.

    Returns:
        per seat, the card ids in the order given: a list of ``players`` lists of ints.

    Raises:
        GameParameterError: not one list per seat ("deal: give 2 hands (one per seat)"), a seat
            with the wrong number of cards ("deal: seat 1 must get 1 card, not ['Cat 3', 'Cat
            4']"; with ``at_most=2``: "must get a list of at most 2 card names"), a card name
            that is not text ("deal, seat 1: a card is given by its name as text, like 'Cat 1',
            not 3") or holds a control or format character (:func:`check_plain_text`), an
            unknown card (the ``card_id``'s message, starting with the seat: "deal, seat 1:
            'Dog 3' is not a card"), or a card dealt twice ("deal, seat 1: Cat 3 is dealt twice
            (seat 0 has it too)"). Every refusal of one seat's hand names the seat.

    Example (a deck of Cat 1 to Cat 10 whose card ids are rank - 1)::

        >>> lookup = lambda name: int(str(name).split()[-1]) - 1
        >>> parse_hands([["Cat 3"], ["cat 10"]], 2, lookup, lambda i: f"Cat {i + 1}", "deal", size=1)
        [[2], [9]]
    """
    if not isinstance(deal, (list, tuple)) or len(deal) != players:
        raise GameParameterError(f"{where}: give {players} {what} ({hint})")
    hands: list[list[int]] = []
    seen: dict[int, int] = {}  # card id -> the seat it was dealt to
    for seat, hand in enumerate(deal):
        if not isinstance(hand, (list, tuple)):
            wrong_size = True
        else:
            wrong_size = (size is not None and len(hand) != size) or (at_most is not None and len(hand) > at_most)
        if wrong_size:
            if size is not None:
                need = f"{size} {'card' if size == 1 else 'cards'}"
            elif at_most is not None:
                need = f"a list of at most {at_most} {'card name' if at_most == 1 else 'card names'}"
            else:
                need = "a list of card names"
            raise GameParameterError(f"{where}: seat {seat} must get {need}, not {short_repr(hand)}")
        at = seat_where.format(where=where, seat=seat)
        ids = []
        for name in hand:
            check_card_name(name, at, str(name_of(0)))
            try:
                i = card_id(name)
            except GameParameterError as exc:  # the lookup's refusal, said for this seat
                text = str(exc)
                text = text[len(where) + 2:] if text.startswith(where + ": ") else text
                raise GameParameterError(f"{at}: {text}") from None
            if i in seen:
                also = "to this seat" if seen[i] == seat else f"seat {seen[i]} has it too"
                raise GameParameterError(f"{at}: {name_of(i)} is dealt twice ({also})")
            seen[i] = seat
            ids.append(i)
        hands.append(ids)
    return hands

def parse_round_deals(
    deals: Any, where: str, what: str, parse_deal: Callable[[Any, int], Any]
) -> tuple[list | None, tuple]:
    """The ``deals=`` of a game dealt afresh each round or hand (Simon's Cat, Cat Trick, King of
    the Jungle): the one ``new_game`` step they share. ``deals`` is checked as a list
    (:func:`check_deal_list` with ``where`` and ``what``), then each deal is read by
    ``parse_deal(deal, number)``, the number counting rounds (or hands) from 1.

    Returns:
        ``(deals, parsed)``: the deals as a list (None when ``deals`` is None) for the state to
        keep, and the parsed deals as a tuple (shared, never changed, by a state and its clones).

    Raises:
        GameParameterError: from :func:`check_deal_list` or ``parse_deal``.
    """
    if deals is None:
        return None, ()
    deals = check_deal_list(deals, where, what)
    return deals, tuple(parse_deal(d, r + 1) for r, d in enumerate(deals))


def hand_ids(deal: Any, players: int, card_id: Callable[[Any], int], name_of: Callable[[int], Any], where: str,
             size: int | None = None) -> tuple[tuple[int, ...], ...]:
    """:func:`parse_hands` (the same arguments and refusals) with the hands as tuples of card ids:
    a parsed deal that a state and its clones share and never change."""
    return tuple(tuple(hand) for hand in parse_hands(deal, players, card_id, name_of, where, size=size))


#: deals nest a few levels (rounds > hands > names); deeper is not a deal
_MAX_DEAL_DEPTH = 8


#: the most values a deal may hold, all levels together
MAX_DEAL_ITEMS = 20_000


def check_deals(deals: Any) -> None:
    """Refuse explicit deals that are not plain data: every state runs this on the deals it
    keeps (after the game's own checks), so a game's deals can always be saved.

    Plain data is lists and tuples, dicts with text keys, and as values text, Cards, whole
    numbers (Python or numpy), bools and None; at most 8 levels deep and 20,000 values.

    Raises:
        GameParameterError: anything else: a generator, a float, a dict with a number key...
    """
    todo = [(deals, 0)]
    count = 0
    while todo:
        value, depth = todo.pop()
        count += 1
        if count > MAX_DEAL_ITEMS:
            raise GameParameterError(f"deals: more than {MAX_DEAL_ITEMS:,} values in all")
        if isinstance(value, (str, Card, bool)) or value is None or is_whole(value):
            continue
        if depth >= _MAX_DEAL_DEPTH:
            raise GameParameterError(f"deals nest more than {_MAX_DEAL_DEPTH} levels deep")
        if isinstance(value, dict):
            bad = next((k for k in value if not isinstance(k, str)), None)
            if bad is not None:
                raise GameParameterError(
                    f"deals: the keys of a deal given as a dict are text (like 'hands'), not {short_repr(bad)}"
                )
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, (list, tuple)):
            todo.extend((v, depth + 1) for v in value)
        else:
            raise GameParameterError(
                f"deals are lists (and dicts) of card names, not {value_kind(value)} ({short_repr(value)})"
            )


def walk_cards(obj: Any) -> Iterator[Card]:
    """Yield every :class:`Card` inside nested dicts, lists and tuples (used to check that an
    observation does not show a hidden card)."""
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from walk_cards(value)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            yield from walk_cards(value)


#: the longest file or folder name (one part of a path) that common file systems take, in bytes
MAX_NAME_BYTES = 255


def too_long_name(path: Any) -> tuple[str, int] | None:
    """The first part of ``path`` (a ``pathlib.Path``) longer than :data:`MAX_NAME_BYTES` bytes
    in UTF-8 (undecodable bytes counted as they are), with its length in bytes; None when every
    part fits. The class store and the class kit refuse such a name before making anything."""
    for part in path.parts:
        size = len(part.encode("utf-8", "surrogateescape"))
        if size > MAX_NAME_BYTES:
            return part, size
    return None
