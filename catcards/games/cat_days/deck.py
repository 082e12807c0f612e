"""Cat Days: the deck file, read into a :class:`Deck` of :class:`CardKind` rows.

Source: ``rules/cat-days.md`` ("Deck"); the format is described in :func:`load_deck`. The
constants every other Cat Days module uses (:data:`DAYS`, :data:`TREE_CAPACITY`,
:data:`DEAL_SIZE`) live here, the lowest module of the package.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Sequence

from ...cards import Card
from ...core import GameParameterError, normal_name
from ...core.text import value_kind
from ...csvfile import DataFileError, Row, Table, parse_csv, read_table, whole

__all__ = ["DAYS", "ALL_DAYS", "TREE_CAPACITY", "DEAL_SIZE", "DEFAULT_DECK_FILE", "CAT_EFFECTS", "EVENT_EFFECTS",
           "CardKind", "Deck", "DeckError", "load_deck", "parse_deck"]

DAYS: tuple[str, ...] = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY_INDEX = {d.lower(): i for i, d in enumerate(DAYS)}
#: a mask of days with every day set (bit d = day d): a full week
ALL_DAYS = (1 << len(DAYS)) - 1
#: cats a Cat Tree can hold (rulebook, "Card Clarifications")
TREE_CAPACITY = 3
#: cards dealt to each player after the setup cards (rulebook, "Setup")
DEAL_SIZE = 4
#: the packaged deck file (in ``catcards/data``)
DEFAULT_DECK_FILE = "cat_days_deck.csv"
DECK_COLUMNS = ("card", "kind", "count", "setup", "points", "week", "days", "effect")
#: other header words read as a deck column (the Card Game card list calls its first column "name")
DECK_ALIASES = {"name": "card"}
#: bounds of the deck file's numbers: copies in the pile, setup copies per player, a cat's points,
#: the N of "draw N"
MAX_COUNT, MAX_SETUP, MAX_POINTS, MAX_DRAW = 60, 5, 99, 10

#: effects a cat may have, and what each means for where it goes
#: ({day}: "day", or the card's named days, "Sunday", "Saturday or Sunday"; see CardKind.describe)
CAT_EFFECTS = {
    "empty day": "an empty {day} of {week}",
    "neighbours empty": "an empty {day} of {week} whose neighbouring days hold no cat",
    "neighbours hold cats": "an empty {day} of {week} whose two neighbouring days both hold a cat",
    "cover": "on top of a visible cat of {week} (not on a Cat Tree), covering it",
}
#: effects an event may have ("draw N" too, N >= 1)
EVENT_EFFECTS = {
    "cat tree": "stays on an empty day; up to 3 cats may then stand on that day",
    "cardboard box": "stays on an empty day of your week and takes a visible cat of the opponent into it",
    "swap": "swap one of your visible cats with one of the opponent's",
    "discard top cat": "discard the visible top cat of a {day} of {week}",
    "return top cat": "return the visible top cat of a {day} of {week} to the hand of the week's owner",
}
_DRAW_RE = re.compile(r"^draw ([0-9]+)$")  # ASCII digits only (\d also matches "٢")


# ---- the deck file --------------------------------------------------------------------------
class DeckError(DataFileError):
    """A Cat Days deck that cannot be used; the message names the file, line, column and card
    (a :class:`~catcards.csvfile.DataFileError`, so a :class:`GameParameterError` too)."""


@dataclass(frozen=True)
class CardKind:
    """One row of the deck file: a kind of card and its rules.

    Attributes:
        name: the card's name ("Lazy Cat").
        kind: ``"cat"`` or ``"event"``.
        count: copies in the draw pile; ``setup``: copies given to each player at setup.
        points: a cat's points (0 for events).
        week: ``"your"`` or ``"either"``: whose week it goes on or acts on.
        days: the days (0 = Monday .. 6 = Sunday) it may go on or act on.
        days_text: ``days`` as written for players ("Monday to Friday", "" for any day).
        effect: one of :data:`CAT_EFFECTS`, :data:`EVENT_EFFECTS` or ``"draw N"``.
        draws: N for a ``"draw N"`` effect, else 0.
    """

    name: str
    kind: str
    count: int
    setup: int
    points: int
    week: str
    days: frozenset
    days_text: str
    effect: str
    draws: int = 0

    @property
    def is_cat(self) -> bool:
        return self.kind == "cat"

    @property
    def stays(self) -> bool:
        """True for the events that stay on their day (Cat Tree, Cardboard Box)."""
        return self.effect in ("cat tree", "cardboard box")

    def describe(self) -> str:
        """The card's text in players' words, e.g. "Lazy Cat (cat, 2 points): an empty day of
        your week, Monday to Friday", "Demanding Cat (cat, 6 points): an empty Sunday of your
        week" (named days stand in the text where "day" stands; a range follows it)."""
        if self.draws:
            return f"{self.name} (event): draw {self.draws} card{'s' * (self.draws != 1)}"
        whose = "your week" if self.week == "your" else "either week"
        template = (CAT_EFFECTS if self.is_cat else EVENT_EFFECTS)[self.effect]
        # named days ("Sunday", "Saturday or Sunday", no range) stand where "day" stands
        named = bool(self.days_text) and " to " not in self.days_text and "{day}" in template
        text = template.format(day=self.days_text if named else "day", week=whose)
        when = f", {self.days_text}" if self.days_text and not named else ""
        if self.is_cat:
            head = f"{self.name} (cat, {self.points} point{'s' * (self.points != 1)})"
            return f"{head}: {text}{when}"
        if self.effect in ("discard top cat", "return top cat"):
            text += when
        elif self.effect in ("cat tree", "cardboard box") and when:
            text += f" ({self.days_text})"
        return f"{self.name} (event): {text}"


class Deck:
    """A Cat Days deck read from a deck file (see :func:`load_deck`).

    Attributes:
        source: where it was read from (the file as named, ``"deck table"``, or ``"packaged"``).
        kinds: the :class:`CardKind` rows, in file order.
        table: the rows as a JSON-able list of dicts (column -> text, or int for count, setup
            and points; None for an event's points): what a saved game holds, and what
            ``catcards.load("cat-days", deck=table)`` reads back into an equal deck.
        pile_cards: the draw-pile cards (``count`` copies of each kind, copy numbers 0, 1, ...).
        setup_cards: per seat, the cards given at setup (copy numbers after the pile's).
        cards: every card of the game (pile and setup).
    """

    def __init__(self, kinds: Sequence[CardKind], source: str, players: int = 2,
                 table: Sequence[dict] | None = None):
        self.source = source
        self.kinds = tuple(kinds)
        self.table = [dict(r) for r in table] if table is not None else [_row_of(k) for k in self.kinds]
        #: card name -> its :class:`CardKind` (what :meth:`kind` reads for a Card; a computer
        #: player reads it directly for the cards of its hand)
        self.by_name: dict[str, CardKind] = {k.name: k for k in self.kinds}
        self._by_normal = {normal_name(k.name): k for k in self.kinds}
        self.tree_names = frozenset(k.name for k in self.kinds if k.effect == "cat tree")
        #: each card's days as a sorted tuple (the order plays are listed in)
        self.day_order = {k.name: tuple(sorted(k.days)) for k in self.kinds}
        pile, setup = [], [[] for _ in range(players)]
        for k in self.kinds:
            pile.extend(Card("", k.points, k.name, c) for c in range(k.count))
            for seat in range(players):
                for j in range(k.setup):
                    setup[seat].append(Card("", k.points, k.name, k.count + seat * k.setup + j))
        self.pile_cards = tuple(pile)
        self.setup_cards = tuple(tuple(s) for s in setup)
        self.cards = self.pile_cards + tuple(c for s in self.setup_cards for c in s)
        #: the deck's plays, built as games need them (:func:`.plays.play_table` makes it)
        self._play_table = None

    def __getstate__(self) -> dict:
        # pickled without its table of plays: the table is keyed by the ids of this process's
        # card objects, which objects of the process loading the pickle (a pool or Dask worker)
        # may have; the deck loaded builds its own
        state = dict(self.__dict__)
        state["_play_table"] = None
        return state

    def kind(self, card: Card | str) -> CardKind:
        """The :class:`CardKind` of a card (or a card name as typed: compared with
        :func:`catcards.core.normal_name`, so case, spaces and Unicode form do not matter).

        Raises:
            KeyError: no card of that name in this deck.
        """
        if isinstance(card, Card):
            return self.by_name[card.name]
        return self._by_normal[normal_name(card)]

    def names(self) -> list[str]:
        """The card names, in file order."""
        return [k.name for k in self.kinds]

    def __repr__(self) -> str:
        return f"Deck({self.source!r})"


def _row_of(k: CardKind) -> dict[str, Any]:
    """A :class:`CardKind` as a table row (the columns of the deck file)."""
    return {"card": k.name, "kind": k.kind, "count": k.count, "setup": k.setup,
            "points": k.points if k.is_cat else None, "week": k.week,
            "days": "any" if len(k.days) == 7 else " ".join(DAYS[d] for d in sorted(k.days)),
            "effect": k.effect}


def _parse_days(text: str) -> tuple[frozenset, str]:
    """Days column -> (set of day indices, text for players). Raises ValueError with the reason."""
    words = text.replace(",", " ").split()
    if not words or [w.lower() for w in words] == ["any"]:
        return frozenset(range(7)), ""
    days: set[int] = set()
    parts = []
    for word in words:
        if "-" in word:
            a, _, b = word.partition("-")
            if a.lower() not in _DAY_INDEX or b.lower() not in _DAY_INDEX:
                bad = a if a.lower() not in _DAY_INDEX else b
                raise ValueError(f"{bad!r} is not a day")
            i, j = _DAY_INDEX[a.lower()], _DAY_INDEX[b.lower()]
            if i > j:
                raise ValueError(f"the range {word!r} runs backwards (write it Monday-first)")
            days.update(range(i, j + 1))
            parts.append(f"{DAYS[i]} to {DAYS[j]}")
        elif word.lower() in _DAY_INDEX:
            days.add(_DAY_INDEX[word.lower()])
            parts.append(DAYS[_DAY_INDEX[word.lower()]])
        else:
            raise ValueError(f"{word!r} is not a day")
    return frozenset(days), " or ".join(parts)


def parse_deck(text: str, source: str = "deck file", players: int = 2) -> Deck:
    """Read a deck from the text of a deck file (the format of :func:`load_deck`).

    Raises:
        DeckError: a missing or unknown column, a row with the wrong number of fields, an unknown
            kind or effect, an effect that does not fit the kind, a count, setup or points that is
            not a whole number within its bounds (:data:`MAX_COUNT`, :data:`MAX_SETUP`,
            :data:`MAX_POINTS`), a misspelt day, a week other than your/either, a repeated card
            name, or a deck too small to deal 4 cards to each player. The message names
            ``source``, the line, the column and the card.
    """
    with _as_deck_error():
        table = parse_csv(text, source, DECK_COLUMNS, aliases=DECK_ALIASES, what="Cat Days deck")
    return _deck_from_table(table, players)


class _as_deck_error:
    """Context manager: a :class:`DataFileError` from the reader becomes a :class:`DeckError`."""

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is not None and isinstance(exc, DataFileError) and not isinstance(exc, DeckError):
            raise DeckError(exc.source, exc.problem, exc.line, exc.column, exc.column_name) from None
        return False


def _deck_from_table(table: Table, players: int = 2) -> Deck:
    source = table.source
    kinds: list[CardKind] = []
    rows: list[dict] = []
    seen: dict[str, int] = {}
    for row in table.rows:
        row.error_class = DeckError
        kind, canonical = _parse_row(row)
        key = normal_name(kind.name)
        if key in seen:
            raise row.error("card", f"the card {kind.name!r} is already listed on line {seen[key]}")
        seen[key] = row.line
        kinds.append(kind)
        rows.append(canonical)
    if not any(k.is_cat and k.count + k.setup > 0 for k in kinds):
        raise DeckError(source, "the deck has no cats")
    pile = sum(k.count for k in kinds)
    if pile < players * DEAL_SIZE:
        raise DeckError(
            source, f"the draw pile has {pile} cards, too few to deal {DEAL_SIZE} to each of {players} players"
        )
    return Deck(kinds, source, players, rows)


def _parse_row(row: Row) -> tuple[CardKind, dict[str, Any]]:
    """One deck row as a :class:`CardKind` and its canonical table row. Raises DeckError."""
    name = " ".join(row["card"].split())
    if not name:
        raise row.error("card", "the card has no name")

    def fail(column: str, problem: str) -> DeckError:
        return row.error(column, f"{name}: {problem}")

    kind = row["kind"].lower()
    if kind not in ("cat", "event"):
        raise fail("kind", f"kind {row['kind']!r} is not a kind of card; kinds are: cat, event")
    effect = " ".join(row["effect"].lower().split())
    draws = 0
    m = _DRAW_RE.match(effect)
    if m:
        if len(m.group(1)) > 3 or not 1 <= int(m.group(1)) <= MAX_DRAW:
            raise fail("effect", f"a draw effect draws from 1 to {MAX_DRAW} cards ('draw 2'), not {m.group(1)}")
        draws = int(m.group(1))
        known_kind = "event"
    elif effect in CAT_EFFECTS:
        known_kind = "cat"
    elif effect in EVENT_EFFECTS:
        known_kind = "event"
    else:
        raise fail(
            "effect",
            f"effect {row['effect']!r} is unknown; cat effects: {', '.join(CAT_EFFECTS)}; "
            f"event effects: {', '.join(EVENT_EFFECTS)}, draw N",
        )
    if known_kind != kind:
        raise fail("effect", f"effect {effect!r} is for {known_kind}s, but the kind is {kind!r}")
    count = _whole(row, "count", MAX_COUNT, name)
    setup = _whole(row, "setup", MAX_SETUP, name, blank=0)
    if kind == "cat":
        if not row["points"]:
            raise fail("points", f"a cat needs points (a whole number from 0 to {MAX_POINTS})")
        points = _whole(row, "points", MAX_POINTS, name)
    else:
        if row["points"] not in ("", "0"):
            raise fail("points", f"events score no points: leave points blank, not {row['points']!r}")
        points = 0
    week = row["week"].lower() or "either"
    if week not in ("your", "either"):
        raise fail("week", f"week {row['week']!r} must be 'your' or 'either'")
    try:
        days, days_text = _parse_days(row["days"])
    except ValueError as exc:
        raise fail(
            "days",
            f"days {row['days']!r}: {exc}; write day names (Monday .. Sunday), a range like "
            f"Monday-Friday, or any",
        ) from None
    if effect in ("cat tree", "cardboard box") and week != "your":
        raise fail("week", f"a {effect} goes on your own week: week must be 'your', not {week!r}")
    if (draws or effect == "swap") and (row["week"].lower() not in ("", "either") or days_text):
        raise fail("days", f"effect {effect!r} does not choose a day: leave week and days blank")
    canonical = {"card": name, "kind": kind, "count": count, "setup": setup,
                 "points": points if kind == "cat" else None, "week": row["week"].lower(),
                 "days": " ".join(row["days"].split()), "effect": effect}
    return CardKind(name, kind, count, setup, points, week, days, days_text, effect, draws), canonical


def _whole(row: Row, column: str, high: int, name: str, blank: int | None = None) -> int:
    try:
        return whole(row, column, 0, high, blank=blank)
    except DataFileError as exc:
        raise row.error(column, f"{name}: {exc.problem}") from None


_PACKAGED: list[Deck] = []


def load_deck(deck: Any = None, players: int = 2) -> Deck:
    """Read and check a Cat Days deck; None reads the packaged deck
    (``catcards/data/cat_days_deck.csv``, the deck of ``rules/cat-days.md``).

    Args:
        deck: the path of a deck file (``str`` or ``os.PathLike``), an open file, a table (a list
            of row dicts, as :attr:`Deck.table` and a saved game hold it), a :class:`Deck`
            (returned as it is), or None.

    The file is CSV (edit it in any spreadsheet or text editor; save it as "CSV UTF-8"), read by
    :mod:`catcards.csvfile` (size limits, encodings and layout are described there); lines
    starting with ``#`` are notes. The header is ``card,kind,count,setup,points,week,days,effect``
    (case and spaces do not matter; ``name`` may stand for ``card``); each row is one kind of
    card:

    - ``card``: the name, unique in the deck; ``kind``: ``cat`` or ``event``;
    - ``count``: copies in the draw pile, 0 to :data:`MAX_COUNT`; ``setup``: copies given to each
      player at setup, 0 to :data:`MAX_SETUP` (blank = 0);
    - ``points``: a cat's points, 0 to :data:`MAX_POINTS` (blank for events);
    - ``week``: ``your`` or ``either`` (blank = either); ``days``: ``any``, day names
      (``Saturday Sunday``) or a range (``Monday-Friday``);
    - ``effect``: for cats ``empty day``, ``neighbours empty``, ``neighbours hold cats`` or
      ``cover``; for events ``cat tree``, ``cardboard box``, ``draw N`` (N from 1 to
      :data:`MAX_DRAW`), ``swap``, ``discard top cat`` or ``return top cat``.

    Numbers are plain digits 0-9 (``+2``, ``1_0`` or other scripts' digits are refused).

    Raises:
        DeckError: the file cannot be read (missing, a folder, a pipe or device, over 1 MB, not
            UTF-8) or an entry is wrong (see :func:`parse_deck`); the message names the file,
            line, column and card.
        GameParameterError: ``deck`` of none of the kinds above.
    """
    if isinstance(deck, Deck):
        return deck
    if deck is None:
        if not _PACKAGED:
            text = resources.files("catcards").joinpath("data", DEFAULT_DECK_FILE).read_text("utf-8-sig")
            _PACKAGED.append(parse_deck(text, DEFAULT_DECK_FILE))
        return _PACKAGED[0]
    if not isinstance(deck, (str, os.PathLike, list, tuple)) and not callable(getattr(deck, "read", None)):
        raise GameParameterError(
            f"Cat Days: deck must be the path of a deck file, an open file, a table (list of rows) "
            f"or None, not {value_kind(deck)}"
        )
    with _as_deck_error():
        table = read_table(deck, DECK_COLUMNS, aliases=DECK_ALIASES, what="Cat Days deck")
    return _deck_from_table(table, players)
