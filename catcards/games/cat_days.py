"""Cat Days: the rules engine (2 players, a week of cats each).

Source: ``rulebooks/cat-days.txt`` ("Setup", "The Game", "Card Clarifications", "End of the Game")
and the project's decisions and deck in ``rules/cat-days.md``. In short: each player has a week,
Monday..Sunday, and starts with a Cat Tree in hand plus 4 cards dealt from the shuffled draw pile.
Players alternate; a turn is one action: draw the top card of the draw pile (an empty draw pile is
first refilled by shuffling the discard pile), or play a card whose *whole* text can be carried
out. Cats go on days, each by its own placement text; events take effect and are discarded, except
the Cardboard Box and the Cat Tree, which stay on their day. The game ends the moment a player has
a cat on each day of their week; each week scores the points of its visible cats; the higher total
wins and equal totals share the victory.

The deck is data, not code: ``catcards/data/cat_days_deck.csv`` (the project's deck from
``rules/cat-days.md``; see :func:`load_deck` for the format). A teacher can edit a copy and play
it with ``catcards.load("cat-days", deck="my_deck.csv")``; a mistake in the file raises
:class:`DeckError` naming the line and card.

Readings the rule files leave open, decided here as a player would expect:

- "Empty day" for a cat: a day holding no cat whose place is free: nothing on it, a Cardboard Box
  emptied by a Vacuum Cleaner or Water Spray (the next cat goes into the box), or a Cat Tree with
  fewer than three cats (``rules/cat-days.md``: cats on a tree still meet their own text). The Cat
  Tree and the Cardboard Box themselves need a day with no card at all.
- A *neighbouring* day is "empty" when it holds no cat (an empty Cat Tree or box counts as empty).
  Monday and Sunday have one neighbour each: the Shy Cat needs just that one empty, and the
  Playful Cat (both neighbours must hold a cat) can never go there.
- "The visible top cat" of a Cat Tree day is any one of its cats (they stand side by side, none
  covers another); of any other day, the top of its stack.
- Grumpy Cat may cover any visible cat not on a Cat Tree, another Grumpy Cat and a cat in a
  Cardboard Box included. When Grumpy Cat leaves (Vacuum Cleaner, Water Spray, taken into a box),
  the cat under it is visible again. Yarn Ball swaps two cats *place for place*: a cat swapped for
  a Grumpy Cat takes its place on top of the covered cat, which stays covered.
- Catnip ("draw 2") can be played only if 2 cards can be drawn from the draw pile and the discard
  pile together (Catnip itself reaches the discard pile after its effect). A player passes only
  when they can neither play nor draw; if both players pass in a row nothing can ever change, so
  the game ends there and is scored as it stands (the same result the turn limit would give).
- A card that puts a cat on the *opponent's* week (Rescued Cat on their day) can fill that week:
  the game then ends at once, and both weeks are scored.
- Cards are dealt in a block of 4 to each player from the top of the shuffled draw pile, first to
  ``first_player``; the deal is uniformly random either way.
- ``rules/cat-days.md`` heads its deck "36 cards; plus 2 Cat Trees", but its table lists 34 cards
  for the draw pile; the table is followed (34 + 2 Cat Trees = 36 cards in play).

Actions: :class:`Draw` ("draw a card"), :class:`Play` ("play Lazy Cat on my Tuesday", "play
Cardboard Box on my Friday taking Shy Cat from their Monday"), :class:`Pass` ("pass", only when
nothing else is legal). Identical copies in a hand give one action: the lowest copy is played.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Sequence


from ..cards import Card
from ..core import Action, Game, GameParameterError, Outcome, State, is_whole, normal_name, parse_hands
from ..csvfile import DataFileError, Row, Table, parse_csv, read_table, whole
from ..registry import register

__all__ = [
    "CatDays",
    "CatDaysState",
    "Play",
    "Draw",
    "Pass",
    "DRAW",
    "PASS",
    "DAYS",
    "Deck",
    "CardKind",
    "DeckError",
    "Weeks",
    "load_deck",
    "parse_deck",
    "DEFAULT_DECK_FILE",
    "TREE_CAPACITY",
    "DEAL_SIZE",
]

DAYS: tuple[str, ...] = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY_INDEX = {d.lower(): i for i, d in enumerate(DAYS)}
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
CAT_EFFECTS = {
    "empty day": "an empty day",
    "neighbours empty": "an empty day whose neighbouring days hold no cat",
    "neighbours hold cats": "an empty day whose two neighbouring days both hold a cat",
    "cover": "on top of a visible cat (not on a Cat Tree), covering it",
}
#: effects an event may have ("draw N" too, N >= 1)
EVENT_EFFECTS = {
    "cat tree": "stays on an empty day; up to 3 cats may then stand on that day",
    "cardboard box": "stays on an empty day of your week and takes a visible cat of the opponent into it",
    "swap": "swap one of your visible cats with one of the opponent's",
    "discard top cat": "discard the visible top cat of a day",
    "return top cat": "return the visible top cat of a day to its week owner's hand",
}
_DRAW_RE = re.compile(r"^draw (\d+)$")


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
        your week, Monday to Friday"."""
        whose = "your week" if self.week == "your" else "either week"
        when = f", {self.days_text}" if self.days_text else ""
        if self.is_cat:
            head = f"{self.name} (cat, {self.points} point{'s' * (self.points != 1)})"
            return f"{head}: {CAT_EFFECTS[self.effect]} of {whose}{when}"
        if self.draws:
            return f"{self.name} (event): draw {self.draws} card{'s' * (self.draws != 1)}"
        text = EVENT_EFFECTS[self.effect]
        if self.effect in ("discard top cat", "return top cat"):
            text += f" of {whose}{when}"
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
        self._by_name = {k.name: k for k in self.kinds}
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

    def kind(self, card: Card | str) -> CardKind:
        """The :class:`CardKind` of a card (or a card name as typed: compared with
        :func:`catcards.core.normal_name`, so case, spaces and Unicode form do not matter).

        Raises:
            KeyError: no card of that name in this deck.
        """
        if isinstance(card, Card):
            return self._by_name[card.name]
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
            f"or None, not {type(deck).__name__}"
        )
    with _as_deck_error():
        table = read_table(deck, DECK_COLUMNS, aliases=DECK_ALIASES, what="Cat Days deck")
    return _deck_from_table(table, players)


# ---- actions --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Draw(Action):
    """Draw the top card of the draw pile (reshuffling the discard pile first if it is empty)."""

    def __str__(self) -> str:
        return "draw a card"

    def __repr__(self) -> str:
        return "Draw()"


@dataclass(frozen=True)
class Pass(Action):
    """Do nothing: legal only when a player can neither play nor draw."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


DRAW = Draw()
PASS = Pass()


@dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand, with everything its text needs chosen.

    Attributes:
        card: the card played (the lowest copy of that name in the hand).
        effect: the card's effect keyword (from the deck file), which fixes how ``str`` reads.
        week: ``"my"`` or ``"their"`` (the acting player's week or the opponent's), or None.
        day: 0 (Monday) .. 6 (Sunday), or None.
        target: the cat acted on: covered (Grumpy Cat), taken (Cardboard Box), swapped from my
            week (Yarn Ball), discarded (Vacuum Cleaner) or returned (Water Spray).
        target_day: the opponent's day a Cardboard Box takes from or a Yarn Ball swaps with.
        other: the opponent's cat a Yarn Ball swaps for.
    """

    card: Card
    effect: str = "empty day"
    week: str | None = None
    day: int | None = None
    target: Card | None = None
    target_day: int | None = None
    other: Card | None = None

    def __str__(self) -> str:
        try:
            return self._words()
        except Exception:  # a malformed Play still has words (for error messages)
            return f"play {getattr(self.card, 'name', self.card)!s}"

    def _words(self) -> str:
        name, e = self.card.name, self.effect
        where = f" on {self.week} {DAYS[self.day]}" if self.day is not None else ""
        if e.startswith("draw "):
            n = int(e.split()[1])
            return f"play {name} drawing {n} card{'s' * (n != 1)}"
        if e == "cover":
            return f"play {name}{where} covering {self.target.name}"
        if e == "cardboard box":
            return f"play {name}{where} taking {self.target.name} from their {DAYS[self.target_day]}"
        if e == "swap":
            return (f"play {name} swapping {self.target.name} on my {DAYS[self.day]} with "
                    f"{self.other.name} on their {DAYS[self.target_day]}")
        if e == "discard top cat":
            return f"play {name}{where} discarding {self.target.name}"
        if e == "return top cat":
            return f"play {name}{where} returning {self.target.name} to {self.week} hand"
        return f"play {name}{where}"

    def __repr__(self) -> str:
        args = [repr(self.card), f"effect={self.effect!r}"]
        for field in ("week", "day", "target", "target_day", "other"):
            value = getattr(self, field)
            if value is not None:
                args.append(f"{field}={value!r}")
        return f"Play({', '.join(args)})"


def _play_problem(play: "Play") -> str | None:
    """What is wrong with the fields of ``play`` (types and ranges only), or None."""
    if not isinstance(play.card, Card):
        return f"its card must be a Card from your hand, not {type(play.card).__name__}"
    e = play.effect
    if not isinstance(e, str) or not (e in CAT_EFFECTS or e in EVENT_EFFECTS or _DRAW_RE.match(e)):
        return f"its effect must be one of the deck's effects, not {e!r}"
    if play.week not in (None, "my", "their"):
        return f"its week must be 'my', 'their' or None, not {play.week!r}"
    for name in ("day", "target_day"):
        value = getattr(play, name)
        if value is not None and not (is_whole(value) and 0 <= value <= 6):
            return f"its {name} must be a day number from 0 (Monday) to 6 (Sunday) or None, not {value!r}"
    for name in ("target", "other"):
        value = getattr(play, name)
        if value is not None and not isinstance(value, Card):
            return f"its {name} must be a Card or None, not {type(value).__name__}"
    needs = {"cover": ("day", "target"), "cardboard box": ("day", "target", "target_day"),
             "swap": ("day", "target", "target_day", "other"), "discard top cat": ("day", "target"),
             "return top cat": ("day", "target")}.get(e, ())
    missing = [n for n in needs if getattr(play, n) is None]
    if missing:
        return f"a {e!r} play needs its {' and '.join(missing)}"
    return None


_new = object.__new__


def _play(card: Card, effect: str, week: str | None = None, day: int | None = None,
          target: Card | None = None, target_day: int | None = None, other: Card | None = None) -> Play:
    """``Play(card, effect, ...)`` built without the frozen dataclass's per-field checks (the
    engine's hot path; the fields are the engine's own, so they need none). Equal to, and hashes
    like, the Play built the usual way."""
    p = _new(Play)
    p.__dict__.update(card=card, effect=effect, week=week, day=day, target=target,
                      target_day=target_day, other=other)
    return p


# ---- the two weeks --------------------------------------------------------------------------
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

    def holds_cat(self, w: int, d: int) -> bool:
        return bool(self.stack[w][d])

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


# ---- the game -------------------------------------------------------------------------------
@register
class CatDays(Game):
    """Cat Days (rulebook ``cat-days.txt``, decisions and deck ``rules/cat-days.md``).

    Args:
        players: 2 (the game is for two).
        first_player: the seat that moves first, 0 or 1 (rulebook: "the last person to have petted
            a cat starts"; ``rules/README.md``: a parameter, default seat 0).
        max_turns: the game is stopped and scored as it stands after this many turns (actions),
            a whole number >= 1, default 500 (``rules/cat-days.md``, for simulations); the
            outcome's reason then says "stopped by the turn limit".
        deck: the deck: the path of a deck file, an open file, a table (a list of row dicts) or
            a :class:`Deck` (see :func:`load_deck`); None: the packaged deck. The game keeps the
            deck's *content*: ``params["deck"]`` is its rows (:attr:`Deck.table`), never a path,
            so a saved game replays after the file is edited, moved or deleted.

    Raises:
        GameParameterError: a parameter outside those ranges. DeckError (a GameParameterError):
            the deck file cannot be read or has a mistake.
    """

    name = "cat-days"
    title = "Cat Days"
    min_players = 2
    max_players = 2
    default_players = 2
    teaches = "hypergeometric chance of holding a given card by turn k; draw now or play now"

    def __init__(self, players: int | None = None, first_player: int = 0, max_turns: int = 500,
                 deck: Any = None):
        super().__init__(players)
        if not is_whole(first_player) or first_player not in (0, 1):
            raise GameParameterError(f"{self.title}: first_player must be seat 0 or 1, not {first_player!r}")
        if not is_whole(max_turns) or max_turns < 1:
            raise GameParameterError(
                f"{self.title}: max_turns must be a whole number of turns >= 1, not {max_turns!r}"
            )
        self.first_player = int(first_player)
        self.max_turns = int(max_turns)
        self.deck = load_deck(deck)
        #: the deck's rows (None for the packaged deck): what ``params`` and a save hold
        self.deck_table = None if deck is None else self.deck.table

    @classmethod
    def from_saved_params(cls, params: dict[str, Any]) -> "CatDays":
        """The game a save's ``params`` describe: the deck only as its rows (a list of dicts, as
        :attr:`Deck.table`) or None (the packaged deck). A path (or anything else) is refused and
        never opened, so a save stands alone and cannot read a file of the machine it is loaded
        on.

        Raises:
            GameParameterError: a deck given as a path or other non-table value, an unknown
                parameter, or a value :class:`CatDays` refuses.
        """
        if not isinstance(params, dict):
            raise GameParameterError(f"{cls.title}: saved parameters must be an object, not {type(params).__name__}")
        deck = params.get("deck")
        if deck is not None and not isinstance(deck, list):
            what = "a file path" if isinstance(deck, (str, os.PathLike)) else f"a {type(deck).__name__}"
            raise GameParameterError(
                f"{cls.title}: the save names its deck as {what}; a save holds the deck's rows (a list "
                "of card rows), never a file. Load the deck with catcards.load('cat-days', deck=...) "
                "and save the game again"
            )
        unknown = set(params) - {"players", "first_player", "max_turns", "deck"}
        if unknown:
            raise GameParameterError(f"{cls.title}: unknown saved parameter(s) {', '.join(map(repr, sorted(unknown, key=str)))}")
        return cls(**params)

    def _check_players(self, players: int) -> None:
        if players != 2:
            raise GameParameterError(f"{self.title} is a game for 2 players, not {players}")

    @property
    def params(self) -> dict[str, Any]:
        return {"players": self.players, "first_player": self.first_player,
                "max_turns": self.max_turns, "deck": self.deck_table}

    def new_game(self, seed: int | None = None, deals: dict | None = None) -> "CatDaysState":
        """Set up and deal; return the state with ``first_player`` to act.

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: an explicit position for stacked-deck tests and lessons (card names, or Cards,
                case-insensitive), a dict with any of the keys:

                - ``"hands"``: two lists, each seat's whole hand (Cat Tree included if wanted);
                - ``"draw"``: the draw pile, top card first;
                - ``"discard"``: the discard pile, bottom first (top last);
                - ``"weeks"``: two weeks, each a dict from day name to the cards on that day,
                  bottom first: a Cat Tree or Cardboard Box first if there is one, then its cats
                  (``{"Monday": ["Lazy Cat", "Grumpy Cat"], "Sunday": ["Cat Tree", "Rescued Cat"]}``),
                  or a list of 7 such lists;
                - ``"rest"``: where the cards not named go: ``"draw"`` (default: shuffled with the
                  seed, under the named draw pile) or ``"out"`` (out of play, back in the box).

                Without ``deals`` the game is set up as in the rulebook: each player gets the setup
                cards (a Cat Tree) and 4 cards from the shuffled draw pile, ``first_player`` first.

        Raises:
            GameParameterError: an unknown key or card name, more copies of a card than the deck
                has, a malformed week (unknown day, a Cat Tree not at the bottom or with more than
                3 cats, an event other than Cat Tree / Cardboard Box on a day).
        """
        setup = self._parse_deals(deals) if deals is not None else None
        return CatDaysState(self, seed, deals, setup)

    def _parse_deals(self, deals: Any) -> dict[str, Any]:
        if not isinstance(deals, dict):
            raise GameParameterError(
                "Cat Days deals must be a dict with keys hands, draw, discard, weeks, rest "
                f"(see CatDays.new_game), not {type(deals).__name__}"
            )
        unknown = set(deals) - {"hands", "draw", "discard", "weeks", "rest"}
        if unknown:
            raise GameParameterError(
                f"Cat Days deals: unknown key(s) {', '.join(sorted(map(repr, unknown)))}; keys are hands, draw, discard, weeks, rest"
            )
        deck = self.deck
        free: dict[str, list[Card]] = {}
        for c in deck.cards:
            free.setdefault(c.name, []).append(c)

        def take(name: Any, where: str) -> Card:
            text = name.name if isinstance(name, Card) else name
            if not isinstance(text, str):
                raise GameParameterError(f"Cat Days deals, {where}: {name!r} is not a card name")
            try:
                kind = deck.kind(text)
            except KeyError:
                raise GameParameterError(
                    f"Cat Days deals, {where}: no card called {text!r} in the deck "
                    f"(cards: {', '.join(deck.names())})"
                ) from None
            if not free[kind.name]:
                n = kind.count + 2 * kind.setup
                raise GameParameterError(
                    f"Cat Days deals, {where}: {kind.name} is named more often than the deck has "
                    f"copies ({n})"
                )
            return free[kind.name].pop(0)

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
        unnamed = {c for cards in free.values() for c in cards}
        left = [c for c in deck.cards if c in unnamed]
        return {"hands": hands, "weeks": weeks, "draw": draw, "discard": discard,
                "rest": rest, "left": left}


#: effects that take a cat off a day (and so may uncover the cat under it)
_REMOVES = frozenset({"discard top cat", "return top cat", "cardboard box"})


def _public_text(action: Play, seat: int) -> str:
    """``str(action)`` for the public log, with "my"/"their" replaced by seat numbers."""
    text = str(action).replace(" my ", f" seat {seat}'s ").replace(" their ", f" seat {1 - seat}'s ")
    return "plays" + text[len("play"):]


class CatDaysState(State):
    """One game of Cat Days. See :class:`CatDays` for the rules; the contract is
    :class:`catcards.core.State`.

    Extra attributes (read-only for users):
        weeks: the :class:`Weeks` (what stands on every day).
        hands: each seat's hand (list of Cards); draw_pile (top card last); discard_pile (top
            last); out_of_play (cards left in the box by a stacked deal).
        turn: turns taken so far (each action is a turn).
        stopped_by_turn_limit: True when the game was stopped by ``max_turns``.
    """

    game: CatDays

    def __init__(self, game: CatDays, seed, deals, setup: dict | None):
        super().__init__(game, seed, deals)
        self.deck = game.deck
        self.turn = 0
        self.stopped_by_turn_limit = False
        self._passes = 0
        self._plays_cache: dict = {}
        self._outcome: Outcome | None = None
        self.out_of_play: list[Card] = []
        if setup is None:
            order = self.rng.permutation(len(self.deck.pile_cards))
            self.draw_pile = [self.deck.pile_cards[i] for i in order]  # top card last
            self.hands = [list(cards) for cards in self.deck.setup_cards]
            first = game.first_player
            for seat in (first, 1 - first):
                for _ in range(DEAL_SIZE):
                    self.hands[seat].append(self.draw_pile.pop())
            self.discard_pile: list[Card] = []
            self.weeks = Weeks(self.deck)
        else:
            self.hands = [list(h) for h in setup["hands"]]
            self.weeks = setup["weeks"].copy()
            self.discard_pile = list(setup["discard"])
            rest = setup["left"]
            if setup["rest"] == "out":
                self.out_of_play = list(rest)
                rest = []
            else:
                rest = [rest[i] for i in self.rng.permutation(len(rest))]
            self.draw_pile = rest + list(reversed(setup["draw"]))
        self.current_player: int | None = game.first_player
        self.log.append(
            f"Cat Days: each player has a Cat Tree and {DEAL_SIZE} cards; seat {game.first_player} starts."
            if setup is None else f"Cat Days from a set position; seat {game.first_player} starts."
        )
        self._check_end()

    # ---- contract -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each week's score now (points of its visible cats)."""
        return [self.weeks.score(0), self.weeks.score(1)]

    def _cards_to_draw(self) -> int:
        return len(self.draw_pile) + len(self.discard_pile)

    def plays_of(self, card: Card) -> list[Play]:
        """Every complete legal play of ``card`` by the player to act (whether or not they hold it)."""
        return self.weeks.plays(self.current_player, card, self._cards_to_draw())

    def _legal_actions(self) -> Sequence[Action]:
        seat = self.current_player
        if seat is None:
            return ()
        firsts: dict[str, Card] = {}
        for c in self.hands[seat]:
            f = firsts.get(c.name)
            if f is None or c.copy < f.copy:
                firsts[c.name] = c
        to_draw = len(self.draw_pile) + len(self.discard_pile)
        legal: list[Action] = []
        cache = self._plays_cache  # plays of a card change only when the weeks do (or for draw cards)
        by_name = self.deck._by_name
        plays = self.weeks.plays
        for name in sorted(firsts):
            c = firsts[name]
            if by_name[name].draws:
                legal.extend(plays(seat, c, to_draw))
                continue
            key = (seat, name, c.copy)
            found = cache.get(key)
            if found is None:
                found = cache[key] = plays(seat, c, to_draw)
            legal.extend(found)
        if to_draw:
            legal.append(DRAW)
        return legal or [PASS]

    def _why_illegal(self, action: Action) -> str:
        seat = self.current_player
        if isinstance(action, Draw):
            return "the draw pile and the discard pile are both empty: there is nothing to draw"
        if isinstance(action, Pass):
            return "you may pass only when you can neither play a card nor draw"
        if not isinstance(action, Play):
            return f"{action!r} is not a Cat Days action (draw a card, play a card, or pass)"
        problem = _play_problem(action)
        if problem is not None and not isinstance(action.card, Card):
            return f"{action!r} is not a well-formed play: {problem}"
        card = action.card
        try:
            kind = self.deck.kind(card)
        except KeyError:
            return f"there is no card {card!r} in this deck (cards: {', '.join(self.deck.names())})"
        if card not in self.hands[seat]:
            if any(c.name == card.name for c in self.hands[seat]):
                return f"play the lowest copy of {card.name} in your hand (identical copies are one play)"
            return f"seat {seat} does not hold {card.name}"
        plays = [str(a) for a in self.legal_actions() if isinstance(a, Play) and a.card.name == card.name]
        if problem is not None:
            return f"{action!r} is not a well-formed play: {problem}" + (
                f"; legal plays of {card.name}: " + "; ".join(plays[:6]) if plays else "")
        if not plays:
            return (f"{card.name} cannot be played now: its whole text cannot be carried out "
                    f"({kind.describe()})")
        shown = "; ".join(plays[:6]) + ("; ..." if len(plays) > 6 else "")
        return f"{card.name} cannot be played like that ({kind.describe()}); legal now: {shown}"

    def _parse_action(self, text: str) -> Action | None:
        """The card a "play <card> ..." text names, as a Play of the lowest copy in the hand (or of
        the deck's first copy), so the error can say why it is not legal; None otherwise."""
        if not isinstance(text, str) or self.current_player is None:
            return None
        words = normal_name(text)
        if words in ("draw a card", "pass"):
            return DRAW if words == "draw a card" else PASS
        if not words.startswith("play "):
            return None
        rest, kind = words[5:], None
        for k in self.deck.kinds:
            key = normal_name(k.name)
            if (rest == key or rest.startswith(key + " ")) and (kind is None or len(key) > len(normal_name(kind.name))):
                kind = k
        if kind is None:
            return None
        held = [c for c in self.hands[self.current_player] if c.name == kind.name]
        card = min(held, key=lambda c: c.copy) if held else next(c for c in self.deck.cards if c.name == kind.name)
        return Play(card, kind.effect)

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        self.turn += 1
        if isinstance(action, Pass):
            self._passes += 1
            self.log.append(f"Seat {seat} can neither play nor draw, and passes.")
        elif isinstance(action, Draw):
            self._passes = 0
            self._draw(seat)
            self.log.append(f"Seat {seat} draws a card.")
        else:
            self._passes = 0
            self._plays_cache = {}
            self._play(seat, action)
        self.current_player = 1 - seat
        self._check_end()

    def _draw(self, seat: int) -> None:
        if not self.draw_pile:
            n = len(self.discard_pile)
            self.draw_pile = [self.discard_pile[i] for i in self.rng.permutation(n)]
            self.discard_pile = []
            self.log.append(f"The draw pile is empty: the discard pile ({n} cards) is shuffled to form a new one.")
        self.hands[seat].append(self.draw_pile.pop())

    def _play(self, seat: int, action: Play) -> None:
        kind = self.deck.kind(action.card)
        self.hands[seat].remove(action.card)
        e = action.effect
        if e in _REMOVES:  # only a cat taken off a day can uncover another (on that day alone)
            w0, d0 = (1 - seat, action.target_day) if e == "cardboard box" else (
                seat if action.week == "my" else 1 - seat, action.day)
            before = list(self.weeks.visible(w0, d0))
        self.log.append(f"Seat {seat} {_public_text(action, seat)}.")
        if kind.draws:
            for _ in range(kind.draws):
                self._draw(seat)
            self.log.append(f"Seat {seat} draws {kind.draws} cards.")
        for where, w, cat in self.weeks.carry_out(seat, action):
            if where == "discard":
                self.discard_pile.append(cat)
            else:
                self.hands[w].append(cat)
        if not (kind.is_cat or kind.stays):
            self.discard_pile.append(action.card)  # events go to the discard pile after their effect
        if e in _REMOVES:  # say when a covered cat comes back into view
            for cat in self.weeks.visible(w0, d0):
                if cat not in before and cat != action.card and cat not in (action.target, action.other):
                    self.log.append(f"{cat.name} on seat {w0}'s {DAYS[d0]} is visible again.")

    def _check_end(self) -> None:
        if self._outcome is not None:
            return
        full = [s for s in (0, 1) if self.weeks.full(s)]
        if full:
            who = " and ".join(f"seat {s}" for s in full)
            reason = f"{who} {'has' if len(full) == 1 else 'have'} a cat on every day of the week"
        elif self._passes >= 2:
            reason = "neither player can play or draw any more"
        elif self.turn >= self.game.max_turns:
            self.stopped_by_turn_limit = True
            reason = f"stopped by the turn limit ({self.game.max_turns} turns), scored as it stands"
        else:
            return
        scores = self.scores()
        best = max(scores)
        winners = tuple(s for s in (0, 1) if scores[s] == best)
        result = "shared victory" if len(winners) == 2 else f"seat {winners[0]} wins"
        self._outcome = Outcome(winners, tuple(scores), f"{reason}; {scores[0]} to {scores[1]}: {result}")
        self.current_player = None
        self.log.append(f"Game over: {self._outcome.reason}.")

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator). Keys: ``seat``, ``players``, ``current_player``,
        ``turn``, ``max_turns``, ``hand`` (own Cards; [] for a spectator), ``hand_sizes``,
        ``draw_pile`` (count), ``discard_pile`` (Cards, top last), ``out_of_play`` (count),
        ``weeks`` (per seat, 7 dicts: ``day``, ``base`` (Cat Tree/Cardboard Box or None),
        ``cats`` (bottom first), ``visible``, ``covered`` (public: a covered cat may be looked
        at), ``score``), ``scores`` (per week), ``days_filled``, ``deck`` (the :class:`Deck`),
        ``legal`` (seat to act only), ``log`` (the last 40 public lines), ``is_over``, ``outcome``.

        Raises:
            ValueError: ``seat`` is not 0, 1 or None.
        """
        seat = self.check_seat(seat)
        weeks = self.weeks
        return {
            "seat": seat,
            "players": 2,
            "current_player": self.current_player,
            "turn": self.turn,
            "max_turns": self.game.max_turns,
            "hand": sorted(self.hands[seat], key=lambda c: (c.name, c.copy)) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "draw_pile": len(self.draw_pile),
            "discard_pile": list(self.discard_pile),
            "out_of_play": len(self.out_of_play),
            "weeks": [[weeks.day_view(w, d) for d in range(7)] for w in (0, 1)],
            "scores": self.scores(),
            "days_filled": [weeks.filled(0), weeks.filled(1)],
            "deck": self.deck,
            "legal": self.legal_for(seat),
            "log": self.log[-40:],
            "is_over": self.is_over,
            "outcome": self._outcome,
        }

    def zones(self) -> dict[str, list[Card]]:
        z = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        z["draw pile"] = list(self.draw_pile)
        z["discard pile"] = list(self.discard_pile)
        z["out of play"] = list(self.out_of_play)
        for w in (0, 1):
            z[f"week {w}"] = [c for d in range(7) for c in
                              ([self.weeks.base[w][d]] if self.weeks.base[w][d] else []) + self.weeks.stack[w][d]]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        return [f"hand {s}" for s in (0, 1) if s != seat] + ["draw pile", "out of play"]

    def _copy_mutables(self, other: "CatDaysState") -> None:
        other.hands = [list(h) for h in self.hands]
        other.draw_pile = list(self.draw_pile)
        other.discard_pile = list(self.discard_pile)
        other.out_of_play = list(self.out_of_play)
        other.weeks = self.weeks.copy()
        other._plays_cache = dict(self._plays_cache)
