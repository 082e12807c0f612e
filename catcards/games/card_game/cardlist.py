"""The card list of Card Game: The Card Game, loaded from editable package data.

Source: ``rules/card-game.md`` ("Cards"): the rulebook names the cards but prints no card texts or
deck list, so the list is the project's own. It ships as ``catcards/data/card_game_cards.csv``
with the columns ``name, count, types, cost, text``:

- ``name``: the card's name. Each card's *effect* is code (:data:`EFFECT_NAMES` lists the names the
  engine knows); a row with any other name is refused when the list is loaded.
- ``count``: copies in the box (a whole number from 0 to 60; 0 leaves the card out).
- ``types``: space-separated words from :data:`TYPES` (HAND, INSTANT, LOCK, SPECIAL, RULE,
  CHARACTER, BLUFF; JOKER and MONEY for the Joker and the Money deck). The engine takes timing
  from them: HAND cards are played in the main phase (one a turn), INSTANT cards also as
  responses, BLUFF cards by a face-down claim, LOCK cards stay in front of their owner, RULE cards
  stay on the table, CHARACTER cards may be kept on Exploding Island.
- ``cost``: Money ($) paid to play it (a whole number from 0 to 20).
- ``text``: the card text shown to players (not interpreted).

A teacher edits a copy of the file (in a spreadsheet; save it as "CSV UTF-8") and passes its path
as the game's ``cards`` parameter; the game keeps the list's content (:func:`card_list_table`), so
a saved game never names the file.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...core import normal_name
from ...csvfile import DataFileError, Row, Table, parse_csv, read_table, whole

__all__ = ["CardSpec", "CardListError", "load_card_list", "card_list_table", "EFFECT_NAMES", "TYPES",
           "DEFAULT_FILE", "MAX_COUNT", "MAX_COST"]

#: the card names whose effect the engine implements (rules/card-game.md, "Cards")
EFFECT_NAMES: tuple[str, ...] = (
    "Suicide Kitten",
    "Not So Fast",
    "Ancestral Headache",
    "To The Top",
    "The Assassin",
    "The Guardian",
    "Exploding Island",
    "Joker",
    "Shot!",
    "Imaginary Dinosaur",
    "Dark Flower",
    "Eat Four!",
    "Sullen House",
    "Sushi Tray",
    "Golden Yarn",
    "Lucky Cat",
    "Pickpocket",
    "Fortune Teller",
    "Happy Hour",
    "Cheap Day",
    "Nap",
    "Final Round",
    "Money",
    "Initial Money",
)
#: the type words a card list may use
TYPES: frozenset[str] = frozenset(
    {"HAND", "INSTANT", "LOCK", "SPECIAL", "RULE", "CHARACTER", "BLUFF", "JOKER", "MONEY"}
)
#: file name of the shipped list inside ``catcards/data``
DEFAULT_FILE = "card_game_cards.csv"
_COLUMNS = ("name", "count", "types", "cost", "text")


@dataclass(frozen=True)
class CardSpec:
    """One row of the card list.

    Attributes:
        name: card name (a key of the engine's effects).
        count: copies in the box.
        types: type words (see :data:`TYPES`).
        cost: Money ($) to play it.
        text: printed text, for players.
    """

    name: str
    count: int
    types: frozenset
    cost: int
    text: str


#: bounds of the card list's numbers: copies of one card, and its cost in $
MAX_COUNT, MAX_COST = 60, 20
#: other header words read as a card-list column (the Cat Days deck calls its first column "card")
ALIASES = {"card": "name"}


class CardListError(DataFileError):
    """A Card Game card list that cannot be used; the message names the file, line, column and
    card (a :class:`~catcards.csvfile.DataFileError`, so a :class:`GameParameterError` too)."""


def _shipped_types() -> dict[str, frozenset]:
    """Each card's types in the shipped list: what its effect code is written for."""
    global _SHIPPED_TYPES
    if _SHIPPED_TYPES is None:
        _SHIPPED_TYPES = {spec.name: spec.types for spec in load_card_list(None)}
    return _SHIPPED_TYPES


_SHIPPED_TYPES: dict[str, frozenset] | None = None
_SHIPPED: list[tuple[CardSpec, ...]] = []
_BY_NORMAL = {normal_name(n): n for n in EFFECT_NAMES}


def card_list_table(specs: tuple[CardSpec, ...]) -> list[dict]:
    """The card list as a JSON-able table, one dict per card (``name``, ``count``, ``types`` as
    space-separated words, ``cost``, ``text``): what a saved game holds, and what
    :func:`load_card_list` reads back into the same list."""
    return [{"name": s.name, "count": s.count, "types": " ".join(sorted(s.types)), "cost": s.cost,
             "text": s.text} for s in specs]


def load_card_list(cards: Any = None) -> tuple[CardSpec, ...]:
    """Read and check a card list.

    Args:
        cards: a CSV file with the columns ``name,count,types,cost,text`` (case and spaces of the
            header do not matter; ``card`` may stand for ``name``), given as a path, an open file,
            or a table (a list of row dicts, as :func:`card_list_table` gives it and a saved game
            holds it); None reads the shipped ``catcards/data/card_game_cards.csv``. A file is read
            by :mod:`catcards.csvfile` (at most 1 MB, UTF-8 with or without a BOM, CRLF or LF).

    Returns:
        The rows as :class:`CardSpec` values, in file order.

    Raises:
        CardListError: the file cannot be read (missing, a folder, a pipe or device, too large,
            not UTF-8), a column is missing or unknown, a name is not one of
            :data:`EFFECT_NAMES` (compared with :func:`catcards.core.normal_name`: no effect is
            coded for another), a name appears twice, a count is not a whole number from 0 to
            :data:`MAX_COUNT` or a cost from 0 to :data:`MAX_COST` (plain digits 0-9), a type word
            is unknown, a card's types differ from the shipped list's (its effect code is written
            for them), Money is missing, or Suicide Kitten or Final Round has more than 1 copy.
            The message names the file, line, column and card.
        GameParameterError: ``cards`` of none of the kinds above.
    """
    if cards is None and _SHIPPED:
        return _SHIPPED[0]
    try:
        if cards is None:
            text = resources.files("catcards").joinpath("data", DEFAULT_FILE).read_text("utf-8")
            table = parse_csv(text, f"catcards/data/{DEFAULT_FILE}", _COLUMNS, aliases=ALIASES, what="card list")
        else:
            table = read_table(cards, _COLUMNS, aliases=ALIASES, what="card list")
    except CardListError:
        raise
    except DataFileError as exc:
        raise CardListError(exc.source, exc.problem, exc.line, exc.column, exc.column_name) from None
    specs = _specs(table, cards is not None)
    if cards is None:
        _SHIPPED.append(specs)
    return specs


def _specs(table: Table, edited: bool) -> tuple[CardSpec, ...]:
    specs: list[CardSpec] = []
    seen: dict[str, int] = {}
    for row in table.rows:
        row.error_class = CardListError
        typed = " ".join(row["name"].split())
        name = _BY_NORMAL.get(normal_name(typed))
        if name is None:
            raise row.error(
                "name",
                f"unknown card {typed!r}; each card's effect is code, so the name must be one of: "
                f"{', '.join(EFFECT_NAMES)}",
            )
        if name in seen:
            raise row.error("name", f"{name!r} is listed twice (first on line {seen[name]})")
        seen[name] = row.line
        count = _whole(row, "count", MAX_COUNT, name)
        cost = _whole(row, "cost", MAX_COST, name)
        types = frozenset(row["types"].upper().split())
        bad = types - TYPES
        if bad:
            raise row.error(
                "types",
                f"{name}: unknown type(s) {', '.join(sorted(bad))}; allowed: {', '.join(sorted(TYPES))}",
            )
        if edited:
            fixed = _shipped_types()[name]
            if types != fixed:
                raise row.error(
                    "types",
                    f"the types of {name} are fixed by its coded effect ({' '.join(sorted(fixed))}), "
                    f"not {' '.join(sorted(types)) or 'none'}; an edited card list may change counts, "
                    "costs and texts",
                )
        specs.append(CardSpec(name, count, types, cost, row["text"]))
    names = {s.name: s for s in specs}
    where = table.source
    if names.get("Money") is None or names["Money"].count < 1:
        raise CardListError(where, "the card list needs at least 1 Money card")
    for single in ("Suicide Kitten", "Final Round"):
        if single in names and names[single].count > 1:
            raise CardListError(where, f"{single} count must be 0 or 1, not {names[single].count}")
    return tuple(specs)


def _whole(row: Row, column: str, high: int, name: str) -> int:
    """``row[column]`` as a whole number from 0 to ``high``; refused as "the count of Nap must be
    a whole number from 0 to 60 ..." (a :class:`CardListError`, the row's error class)."""
    return whole(row, column, 0, high, what=f"the {column} of {name}")
