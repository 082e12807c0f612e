"""The card list of Card Game: The Card Game, loaded from editable package data.

Source: ``rules/card-game.md`` ("Cards"): the rulebook names the cards but prints no card texts or
deck list, so the list is the project's own. It ships as ``catcards/data/card_game_cards.csv``
with the columns ``name, count, types, cost, text``:

- ``name``: the card's name. Each card's *effect* is code (:data:`EFFECT_NAMES` lists the names the
  engine knows); a row with any other name is refused when the list is loaded.
- ``count``: copies in the box (a whole number >= 0; 0 leaves the card out).
- ``types``: space-separated words from :data:`TYPES` (HAND, INSTANT, LOCK, SPECIAL, RULE,
  CHARACTER, BLUFF; JOKER and MONEY for the Joker and the Money deck). The engine takes timing
  from them: HAND cards are played in the main phase (one a turn), INSTANT cards also as
  responses, BLUFF cards by a face-down claim, LOCK cards stay in front of their owner, RULE cards
  stay on the table, CHARACTER cards may be kept on Exploding Island.
- ``cost``: Money ($) paid to play it (a whole number >= 0).
- ``text``: the card text shown to players (not interpreted).

A teacher edits a copy of the file and passes its path as the game's ``cards`` parameter.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources

from ...core import GameParameterError

__all__ = ["CardSpec", "load_card_list", "EFFECT_NAMES", "TYPES", "DEFAULT_FILE"]

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


def _shipped_types() -> dict[str, frozenset]:
    """Each card's types in the shipped list: what its effect code is written for."""
    global _SHIPPED_TYPES
    if _SHIPPED_TYPES is None:
        _SHIPPED_TYPES = {spec.name: spec.types for spec in load_card_list(None)}
    return _SHIPPED_TYPES


_SHIPPED_TYPES: dict[str, frozenset] | None = None


def load_card_list(path: str | None = None) -> tuple[CardSpec, ...]:
    """Read and check a card list.

    Args:
        path: a CSV file with the columns ``name,count,types,cost,text``; None reads the shipped
            ``catcards/data/card_game_cards.csv`` (with :mod:`importlib.resources`).

    Returns:
        The rows as :class:`CardSpec` values, in file order.

    Raises:
        GameParameterError: the file cannot be read, a column is missing, a name is not one of
            :data:`EFFECT_NAMES` (no effect is coded for it), a name appears twice, a count or
            cost is not a whole number >= 0, a type word is unknown, a card's types differ from
            the shipped list's (its effect code is written for them), or Money is missing.
    """
    where = path or f"catcards/data/{DEFAULT_FILE}"
    try:
        if path is None:
            text = resources.files("catcards").joinpath("data", DEFAULT_FILE).read_text("utf-8")
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise GameParameterError(f"Card Game: cannot read the card list {where!r}: {exc}") from None
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in _COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise GameParameterError(
            f"Card Game: card list {where!r} lacks the column(s) {', '.join(missing)}; "
            f"the columns are {', '.join(_COLUMNS)}"
        )
    specs: list[CardSpec] = []
    seen: set[str] = set()
    for line, row in enumerate(reader, start=2):
        name = (row["name"] or "").strip()
        at = f"card list {where!r}, line {line}"
        if name not in EFFECT_NAMES:
            raise GameParameterError(
                f"Card Game: {at}: unknown card {name!r}; each card's effect is code, so the name "
                f"must be one of: {', '.join(EFFECT_NAMES)}"
            )
        if name in seen:
            raise GameParameterError(f"Card Game: {at}: {name!r} is listed twice")
        seen.add(name)
        count = _whole(row["count"], f"{at}: count of {name}")
        cost = _whole(row["cost"], f"{at}: cost of {name}")
        types = frozenset((row["types"] or "").split())
        bad = types - TYPES
        if bad:
            raise GameParameterError(
                f"Card Game: {at}: unknown type(s) {', '.join(sorted(bad))} for {name}; "
                f"allowed: {', '.join(sorted(TYPES))}"
            )
        if path is not None:
            fixed = _shipped_types()[name]
            if types != fixed:
                raise GameParameterError(
                    f"Card Game: {at}: the types of {name} are fixed by its coded effect "
                    f"({' '.join(sorted(fixed))}), not {' '.join(sorted(types)) or 'none'}; "
                    "an edited card list may change counts, costs and texts"
                )
        specs.append(CardSpec(name, count, types, cost, (row["text"] or "").strip()))
    names = {s.name: s for s in specs}
    if names.get("Money") is None or names["Money"].count < 1:
        raise GameParameterError(f"Card Game: card list {where!r} needs at least 1 Money card")
    if "Suicide Kitten" in names and names["Suicide Kitten"].count > 1:
        raise GameParameterError(f"Card Game: card list {where!r}: Suicide Kitten count must be 0 or 1")
    if "Final Round" in names and names["Final Round"].count > 1:
        raise GameParameterError(f"Card Game: card list {where!r}: Final Round count must be 0 or 1")
    return tuple(specs)


def _whole(value: str | None, what: str) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise GameParameterError(f"Card Game: {what} must be a whole number >= 0, not {value!r}") from None
    if number < 0:
        raise GameParameterError(f"Card Game: {what} must be a whole number >= 0, not {number}")
    return number

