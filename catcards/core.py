"""The contract every catcards game meets (see docs/architecture.md, "The contract every game meets").

A :class:`Game` holds parameters only; ``game.new_game(seed)`` returns a :class:`State`, one play
of the game. A state moves only through :meth:`State.apply`, which checks legality first, so an
illegal action raises :class:`IllegalActionError` and leaves the state exactly as it was.

Every random event draws from the one ``numpy.random.Generator`` the state owns, created from the
seed; a game is saved as parameters + seed + explicit deals + the actions' strings, and loading
replays it, so a saved game always knows whose turn it is.

Why one module of about 1,200 lines: it is the contract a game author reads, whole: the base
classes, the errors, the shared actions and validators every engine calls, the save format.
Each part is small and they refer to each other (``State.apply`` raises the errors, saves replay
through ``action_from_string``), so splitting it would scatter one reading across files.
"""
from __future__ import annotations

import collections.abc
import functools
import hashlib
import inspect
import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Iterator, Mapping, Sequence

import numpy as np

from .cards import Card

__all__ = [
    "Action",
    "FixedAction",
    "Play",
    "plays_for",
    "CatcardsError",
    "IllegalActionError",
    "GameParameterError",
    "SaveFormatError",
    "Outcome",
    "Game",
    "State",
    "new_rng",
    "permutation",
    "fresh_seed",
    "walk_cards",
    "is_whole",
    "check_count",
    "parse_hands",
    "check_deals",
    "check_deal_list",
    "check_deal_dict",
    "check_card_name",
    "card_names",
    "find_card",
    "frozen_record",
    "thawed_records",
    "check_seed",
    "seed_from_text",
    "SEED_RULE",
    "short_repr",
    "few_reprs",
    "short_text",
    "normal_name",
    "unsafe_character",
    "check_plain_text",
    "PLAIN_TEXT",
    "SAVE_FORMAT",
    "OLD_SAVE_FORMATS",
    "MAX_SEED",
]


#: the "format" field of a saved game (see :meth:`State.to_json` and the README, "What a save
#: contains")
SAVE_FORMAT = "catcards-save-2"
#: older formats :func:`catcards.load_state` still reads: "catcards-save-1" had no digest, so such
#: a save is replayed without the check that it reproduces its game
OLD_SAVE_FORMATS: tuple[str, ...] = ("catcards-save-1",)
#: seeds are whole numbers with 0 <= seed < MAX_SEED (128 bits: numpy's SeedSequence entropy)
MAX_SEED = 2**128
#: what a seed may be, in every refusal of one: typed in a seed box, in the app's address, on the
#: command line, given in code, or read from a save
SEED_RULE = "a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits)"
#: the longest action text :meth:`State.action_from_string` reads (the longest real one is ~60)
MAX_ACTION_TEXT = 500


class CatcardsError(Exception):
    """Base class of every error catcards raises on purpose."""


class IllegalActionError(CatcardsError, ValueError):
    """An action that the rules do not allow in this state.

    Attributes:
        action: the action that was refused.
        reason: why, in players' words ("Dog 2 matches neither the colour nor the number of Cat 7").
    """

    def __init__(self, action: Any, reason: str):
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {short_text(action, 200)!r}: {reason}")


class GameParameterError(CatcardsError, ValueError):
    """A game parameter outside what the rules allow (raised before any work is done)."""


class SaveFormatError(CatcardsError, ValueError):
    """A saved game that cannot be loaded (wrong format, or an action that does not replay)."""


@dataclass(frozen=True)
class Action:
    """Base class of actions: small frozen dataclasses with a readable ``str``.

    ``str(action)`` is what a player would say ("play Cat 7"); it is unique among the legal actions
    of a state, which is how saved games name their actions. ``repr`` rebuilds the action.
    """

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        return type(self).__name__


@dataclass(frozen=True)
class FixedAction(Action):
    """An action without choices, its text fixed by the class: a subclass sets ``text``
    ("lay", "turn", "take the mess"). The dataclass's ``repr`` ("Lay()") rebuilds it; two fixed
    actions are equal when they are of the same class."""

    text: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand ("play pink 7"): the one action class of Cat Trick, King of
    the Jungle and Simon's Cat for playing a card (rulebooks: "How to Play" / "Play"). Its text
    is what saves hold; Cat Days and Card Game keep their own ``Play`` (more fields)."""

    card: Card
    # the text, computed once: saving and replaying a long game calls str() on every action
    _text: str = field(default="", init=False, repr=False, compare=False)
    # the card's id in its game when this is one of the game's prebuilt plays (see plays_for)
    _id: int = field(default=-1, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"play {short_text(self.card)}")

    def __eq__(self, other: object) -> bool:
        # what the dataclass would generate, but the texts are compared first: different texts
        # mean different cards, and a string compare is much cheaper than a Card compare (apply()
        # compares the chosen play with the legal plays before it)
        if other.__class__ is self.__class__:
            return self._text == other._text and self.card == other.card  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:  # the dataclass's own: equal plays hash alike
        return hash((self.card,))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


def plays_for(cards: Sequence[Card]) -> tuple[Play, ...]:
    """One prebuilt :class:`Play` per card id (``plays_for(CARDS)[i].card is CARDS[i]``); each
    knows its id, so a state applying one of them needs no Card lookup."""
    plays = tuple(Play(c) for c in cards)
    for i, play in enumerate(plays):
        object.__setattr__(play, "_id", i)
    return plays


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    Attributes:
        winners: seats that won (may be empty: in Simon's Cat everyone can lose).
        scores: one number per seat, in the game's own unit (Simon cards, points, ...).
        reason: one sentence saying why the game ended.
        higher_is_better: whether a larger score is better (False for Simon cards taken).
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    higher_is_better: bool = True

    @property
    def shared(self) -> bool:
        """True when more than one seat won."""
        return len(self.winners) > 1


def permutation(rng: np.random.Generator, n: int) -> list[int]:
    """``rng.permutation(n).tolist()``: the same order from the same draws, as a list, about five
    times faster for a deck of cards (``Generator.shuffle`` of a list runs the same Fisher-Yates
    swaps as ``permutation`` without the array set-up; tests/games/test_engine_pins.py checks that they
    agree). Used to shuffle in the engines' hot paths."""
    order = list(range(n))
    rng.shuffle(order)
    return order


def fresh_seed() -> int:
    """A new random seed (from OS entropy) as a plain int below 2**53, so that an unseeded game
    can be saved and its seed survives a trip through JavaScript (a browser's numbers are exact
    only below 2**53)."""
    return int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> 11)


def new_rng(seed: int) -> np.random.Generator:
    """The one generator a state draws from: ``numpy.random.default_rng(seed)``."""
    return np.random.default_rng(seed)


def short_text(value: Any, limit: int = 80) -> str:
    """``str(value)`` cut to ``limit`` characters, for error messages about untrusted values:
    it never raises (a huge int, or an object whose ``str`` fails, is described instead)."""
    try:
        if is_whole(value) and int(value).bit_length() > 256:
            return f"a {int(value).bit_length()}-bit number"
        text = str(value)
    except Exception:  # an object whose __str__ fails (a malformed action)
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short_repr(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters; never raises (see :func:`short_text`)."""
    try:
        if is_whole(value) and int(value).bit_length() > 256:
            return f"a {int(value).bit_length()}-bit number"
        text = repr(value)
    except Exception:  # an object whose __repr__ fails
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def few_reprs(values: Sequence[Any], limit: int = 5) -> str:
    """The first ``limit`` of ``values`` as :func:`short_repr` gives them, comma-separated, then
    "... (N in all)" when there are more: for a message naming what was refused, which a file
    or a save can make as long as it likes (a save with 500,000 unknown names gave a 5 MB
    message)."""
    named = ", ".join(short_repr(v) for v in values[:limit])
    return named + (f", ... ({len(values):,} in all)" if len(values) > limit else "")


def check_seed(seed: Any) -> int:
    """``seed`` as a Python int.

    Accepts Python and numpy integers (not bools) with 0 <= seed < 2**128 (:data:`MAX_SEED`, the
    entropy numpy's ``SeedSequence`` keeps).

    Raises:
        GameParameterError: anything else (the message says what a seed may be).
    """
    if not is_whole(seed) or not 0 <= int(seed) < MAX_SEED:
        raise GameParameterError(f"the seed must be {SEED_RULE}, not {short_repr(seed)}")
    return int(seed)


#: a typed seed: digits, grouped by thousands with commas ("1,000") or split by single underscores
#: ("1_000"); "12,34" (a decimal comma), "1,5", ",7" and "1,,0" are not numbers a person means
_TYPED_SEED = re.compile(r"[0-9]+(?:(?:,[0-9]{3})+|(?:_[0-9]+)*)")


def seed_from_text(text: Any) -> int:
    """The seed a person typed, checked as :func:`check_seed` checks one given in code: the one
    reader of a table's and the app's seed box, the app's address (``?seed=5``) and the
    ``catcards`` command's ``--seed``. Digits 0-9 (ASCII), grouped by thousands with commas
    ("1,000") or split by single underscores ("1_000"), spaces around ignored; the value from 0
    to 2**128 - 1 (:data:`MAX_SEED`: numpy's ``SeedSequence`` keeps 128 bits).

    Raises:
        GameParameterError: anything else, in one wording (:data:`SEED_RULE`): "the seed must be
            a whole number from 0 to 2**128 - 1, not '-1'", the text as typed (stripped) and cut
            after 40 characters with "...". Never builds a number of more than 39 digits.
    """
    if not isinstance(text, str):
        raise GameParameterError(f"the seed must be {SEED_RULE}, typed as text, not {type(text).__name__}")
    typed = text.strip()
    if _TYPED_SEED.fullmatch(typed):  # ASCII digits only: "²" and "٣" are refused
        significant = typed.replace(",", "").replace("_", "").lstrip("0") or "0"
        if len(significant) <= 39 and int(significant) < MAX_SEED:  # 2**128 - 1 has 39 digits
            return int(significant)
    shown = typed if len(typed) <= 40 else typed[:40] + "..."
    raise GameParameterError(f"the seed must be {SEED_RULE}, not {shown!r}")


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


class Game:
    """Parameters of one game; a factory of :class:`State` objects.

    Subclasses set ``name`` (registry key), ``title``, ``min_players``, ``max_players`` (and
    ``variant_players``, counts accepted as a variant outside that range), declare
    their parameters in :attr:`declared` (checked by :meth:`set_params` in ``__init__``, raising
    :class:`GameParameterError`; :mod:`catcards.params`) and implement :meth:`new_game`.
    ``params`` must be JSON-serialisable and ``type(game)(**game.params)`` must rebuild an equal
    game.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    #: player counts outside ``min_players..max_players`` that are accepted as a variant of the
    #: published rules (Simon's Cat: ``(2,)``); listings say them apart ("3-6 (2 as a variant)")
    variant_players: ClassVar[tuple[int, ...]] = ()
    #: one line on what the game teaches (shown on the start page)
    teaches: ClassVar[str] = ""
    #: the game's parameters besides ``players`` (:class:`catcards.params.Param`), checked and
    #: set by :meth:`set_params`, listed by :attr:`params`, the CLI's help and the start page
    declared: ClassVar[tuple] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's ``__init__`` and ``new_game`` get the core's checks first, so no game can
        forget it: parameters have their numpy integers turned into Python ints (a whole-number
        parameter accepts ``np.int64(3)``). Explicit deals are checked as plain data
        (:func:`check_deals`) when the state keeps them, after the game's own checks."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if "__init__" in own and not getattr(own["__init__"], "_catcards_checked", False):
            cls.__init__ = _params_plain_first(own["__init__"])  # type: ignore[method-assign]

    def __init__(self, players: int | None = None):
        if players is None:
            players = self.default_players
        if not is_whole(players) or not -1000 < players < 1000:
            raise GameParameterError(
                f"{self.title}: players must be a whole number from {self.min_players} to "
                f"{self.max_players}{self._variant_note()}, not {short_repr(players)}"
            )
        self._check_players(int(players))
        self.players = int(players)

    @classmethod
    def _variant_note(cls) -> str:
        """" (2 as a variant)" for a game with :attr:`variant_players`, else ""."""
        if not cls.variant_players:
            return ""
        return f" ({' or '.join(map(str, cls.variant_players))} as a variant)"

    def _check_players(self, players: int) -> None:
        if not (self.min_players <= players <= self.max_players or players in self.variant_players):
            raise GameParameterError(
                f"{self.title} is for {self.min_players} to {self.max_players} players"
                f"{self._variant_note()}, not {players}"
            )

    def set_params(self, **values: Any) -> None:
        """Check and set the :attr:`declared` parameters, in their declared order (a bound may
        depend on the players and on parameters declared before it).

        Raises:
            GameParameterError: a value the parameter's declaration does not allow (the message
                says what is allowed).
        """
        for param in self.declared:
            setattr(self, param.attribute, param.validate(self, values[param.name]))

    @property
    def params(self) -> dict[str, Any]:
        """The parameters as a JSON-able dict; ``catcards.load(name, **params)`` rebuilds the game.
        ``players`` and the :attr:`declared` parameters, in order (a dict value copied)."""
        out: dict[str, Any] = {"players": self.players}
        for param in self.declared:
            value = getattr(self, param.attribute)
            out[param.name] = dict(value) if isinstance(value, dict) else value
        return out

    @classmethod
    def check_names(cls, params: Mapping[str, Any], what: str = "parameter") -> None:
        """Refuse a name in ``params`` that the game's ``__init__`` does not take (a game whose
        ``__init__`` takes ``**kwargs`` is left to refuse its own), for :func:`catcards.load`
        and :meth:`from_saved_params`.

        Raises:
            GameParameterError: "Cat Days: unknown parameter(s) 'colour'; the game takes players,
                first_player, max_turns, deck" (``what`` names them: "saved parameter").
        """
        takes = _keywords(cls)
        unknown = [k for k in params if takes is not None and k not in takes]
        if unknown:
            raise GameParameterError(
                f"{cls.title}: unknown {what}(s) {few_reprs(unknown)}; the game takes {', '.join(takes or ())}"
            )

    @classmethod
    def from_saved_params(cls, params: dict[str, Any]) -> "Game":
        """The game a save's ``params`` describe (what :func:`catcards.load_state` calls), for
        every game: a save is untrusted input, so before the game is built

        - ``params`` must be an object of names to values;
        - every name must be one the game's ``__init__`` takes (``players`` and the declared
          names, :meth:`check_names`): "Cat Days: unknown saved parameter(s) 'colour'; the game
          takes players, first_player, max_turns, deck";
        - a parameter read from a data file (a :class:`catcards.params.Param` with ``rows_of``:
          Cat Days' ``deck``, Card Game's ``cards``) must be the file's rows (a list) or None:
          a path, or anything else, is refused and never opened, so a save stands alone and
          cannot read a file of the machine it is loaded on.

        Then the game checks the values as ever (``cls(**params)``).

        Raises:
            GameParameterError: any of the above, or a value the game does not allow.
        """
        if not isinstance(params, Mapping) or not all(isinstance(k, str) for k in params):
            raise GameParameterError(
                f"{cls.title}: saved parameters must be an object of names to values, not {short_repr(params)}"
            )
        cls.check_names(params, "saved parameter")
        for param in cls.declared:
            value = params.get(param.name)
            if getattr(param, "rows_of", "") and value is not None and not isinstance(value, list):
                what = "a file path" if isinstance(value, (str, os.PathLike)) else f"{_a(type(value).__name__)}"
                raise GameParameterError(
                    f"{cls.title}: the save gives the {param.rows_of} ({param.name!r}) as {what}; a save holds the "
                    f"{param.rows_of}'s rows (a list of rows), never a file. Load the {param.rows_of} with "
                    f"catcards.load({cls.name!r}, {param.name}=...) and save the game again"
                )
        try:
            return cls(**params)
        except TypeError as exc:  # a game whose __init__ takes **kwargs and then refuses one
            raise GameParameterError(f"{cls.title}: {exc}") from None

    def new_game(self, seed: int | None = None, deals: Sequence | None = None) -> "State":
        """Start a play of this game.

        Args:
            seed: seed of the state's ``numpy.random.Generator``; None draws a fresh one (kept in
                ``state.seed`` so the game can still be saved and replayed).
            deals: explicit deals for the first rounds (format given by each game), for tests and
                lessons; rounds beyond them are dealt from the generator.
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"catcards.load({self.name!r}, {args})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.params == self.params  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.name, json.dumps(self.params, sort_keys=True)))


def _keywords(cls: type) -> tuple[str, ...] | None:
    """The keyword names ``cls.__init__`` takes, in order (``self`` left out), or None when it
    takes any (``**kwargs``)."""
    names = []
    for p in inspect.signature(cls.__init__).parameters.values():
        if p.kind is inspect.Parameter.VAR_KEYWORD:
            return None
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY):
            names.append(p.name)
    return tuple(names[1:])


def _plain_numbers(value: Any, depth: int = 0) -> Any:
    """``value`` with numpy integers (not bools) turned into Python ints, inside lists, tuples
    and dicts too (a few levels deep); the same object when there is none."""
    if isinstance(value, np.integer):
        return int(value)
    if depth < 4 and isinstance(value, (list, tuple)):
        plain = [_plain_numbers(v, depth + 1) for v in value]
        return value if all(a is b for a, b in zip(plain, value)) else type(value)(plain)
    if depth < 4 and isinstance(value, dict):
        plain = {k: _plain_numbers(v, depth + 1) for k, v in value.items()}
        return value if all(plain[k] is v for k, v in value.items()) else plain
    return value


def _params_plain_first(init: Callable) -> Callable:
    @functools.wraps(init)
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        init(self, *[_plain_numbers(a) for a in args], **{k: _plain_numbers(v) for k, v in kwargs.items()})

    __init__._catcards_checked = True  # type: ignore[attr-defined]
    return __init__


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
                f"deals are lists (and dicts) of card names, not {type(value).__name__} ({short_repr(value)})"
            )


def attribute_copier(names: Sequence[str]) -> Callable[[Any], Any]:
    """A function ``copy(obj)`` returning a new instance of ``type(obj)`` (its ``__new__``, no
    ``__init__``) with the attributes ``names`` of ``obj`` (the same objects), written as one
    assignment per name, as :mod:`dataclasses` writes its methods.

    Why: in CPython 3.11 an instance keeps up to 30 attributes inline (``SHARED_KEYS_MAX_SIZE``
    in ``Objects/dictobject.c``), and reading ``obj.__dict__`` (as ``copy.copy`` and a
    ``__dict__.update`` do) turns them into a dict for good, a split dict on which attribute reads
    are no longer specialised (``SPEC_FAIL_ATTR_SPLIT_DICT`` in ``Python/specialize.c``). A state
    that keeps its own attributes in ``__slots__`` and State's few inline, copied by plain
    assignments, stays on the fast path in both the original and the clone. Every name must be
    set on every ``obj`` (an unset slot raises AttributeError).

    Raises:
        ValueError: a name that is not a Python identifier.
    """
    for name in names:
        if not name.isidentifier():
            raise ValueError(f"not an attribute name: {name!r}")
    lines = ["def copy(self):", "    kind = type(self)", "    other = kind.__new__(kind)"]
    lines += [f"    other.{name} = self.{name}" for name in names]
    lines.append("    return other")
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)  # noqa: S102 - the code is built from checked identifiers only
    return scope["copy"]


class State:
    """One play of a game. Subclasses implement the underscored hooks:

    - ``_legal_actions() -> tuple``: legal actions of the player to act (empty when over);
    - ``_apply(action)``: carry out a legal action (never called with an illegal one);
    - ``_why_illegal(action) -> str``: players' words for why an action is not legal now;
    - ``observation(seat)``, ``zones()``, ``hidden_zones(seat)``, ``clone()``.

    Public attributes: ``game``, ``seed``, ``deals``, ``history`` (actions applied, in order) and
    ``log`` (public event lines, safe to show every player).
    """

    def __init__(self, game: Game, seed: int | None, deals: Sequence | None = None):
        self.game = game
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        # kept as JSON text (see the property): a clone or a caller can never change them
        self.deals = deals
        self._rng_state = None
        self.rng = new_rng(self.seed)
        self.history: list[Action] = []
        self.log: list[str] = []
        self._legal: tuple | None = None
        #: set by a game when it ends (the one place ``outcome`` reads)
        self._outcome: Outcome | None = None

    @property
    def deals(self) -> Any:
        """The explicit deals the game started with, as plain JSON data (card names, lists, dicts),
        or None; a fresh copy on every read."""
        return None if self._deals_text is None else json.loads(self._deals_text)

    @deals.setter
    def deals(self, deals: Any) -> None:
        self._deals_text = json.dumps(_jsonable(deals)) if deals is not None else None

    # ---- the contract -------------------------------------------------------------------------
    current_player: int | None = None

    @property
    def is_over(self) -> bool:
        """True once the game has ended (then ``current_player`` is None and ``outcome`` is set)."""
        return self.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` of a finished game, None while it is running."""
        return self._outcome

    def legal_actions(self) -> tuple:
        """The legal actions of ``current_player`` as a tuple (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._legal_actions())
        return legal

    def apply(self, action: Action) -> "State":
        """Carry out ``action`` for the player to act and return the state (for chaining).

        Raises:
            IllegalActionError: the action is not legal now; the state is left unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for a in legal:  # the legal object itself (the usual case): no __eq__
            if a is action:
                break
        else:
            action = self._legal_look_alike(legal, action)
        self._legal = None
        self._apply(action)
        self.history.append(action)
        return self

    def _legal_look_alike(self, legal: tuple, action: Any) -> Action:
        """The legal object equal to ``action`` (compared field by field, a dataclass ``__eq__``
        per action passed), never the look-alike itself (such as ``Bid(3.0)``).

        Raises:
            IllegalActionError: no legal action equals ``action`` (the game is over, it is not an
                action, or the game's words for why it is not legal now).
        """
        try:
            return legal[legal.index(action)]
        except Exception:  # ValueError: not legal; anything else: a malformed action's __eq__
            pass
        if self.is_over:
            raise IllegalActionError(action, "the game is over")
        if not isinstance(action, Action):
            raise IllegalActionError(
                action, f"{short_repr(action)} is not an action; choose one of state.legal_actions()"
            )
        raise IllegalActionError(action, self._safe_why(action))

    def _safe_why(self, action: Any) -> str:
        """``_why_illegal(action)``, or a plain sentence when a malformed action (wrong field
        types, None) makes the game's explanation fail."""
        try:
            reason = self._why_illegal(action)
            if isinstance(reason, str):
                return reason
        except Exception:  # a malformed action: still refused cleanly
            pass
        return f"{short_repr(action)} is not a well-formed action of {self.game.title}"

    def action_from_string(self, text: str) -> Action:
        """The legal action that ``text`` names ("play Cat 7").

        ``text`` is compared with each legal action's ``str`` through :func:`normal_name`: case,
        surrounding and repeated spaces and the Unicode form (an accent typed as one character
        or as letter + combining accent) do not matter.

        Raises:
            IllegalActionError: ``text`` is not a string (or longer than 500 characters, or
                holds a control or format character such as a bidi control, see
                :func:`unsafe_character`), or no legal action reads like that; the message says
                why the action named is not legal (when the game can parse it) and lists the
                legal ones.
        """
        legal = self.legal_actions()
        for action in legal:
            if str(action) == text:
                return action
        if not isinstance(text, str):
            raise IllegalActionError(text, f"an action is named by text, like 'turn', not {short_repr(text)}")
        if len(text) > MAX_ACTION_TEXT:
            raise IllegalActionError(text, f"no action is longer than {MAX_ACTION_TEXT} characters")
        bad = unsafe_character(text)
        if bad is not None:
            raise IllegalActionError(text, f"the text contains {bad}; actions are typed as {PLAIN_TEXT}")
        key = normal_name(text)
        for action in legal:
            if normal_name(str(action)) == key:
                return action
        if self.is_over:
            raise IllegalActionError(text, "the game is over")
        try:
            parsed = self._parse_action(text)
        except Exception:  # a game's parser meeting text it did not expect: it names no action
            parsed = None
        options = ", ".join(repr(str(a)) for a in legal)
        why = self._safe_why(parsed) if parsed is not None else "it is not an action of this game"
        raise IllegalActionError(text, f"{why}; legal now: {options}")

    def legal_for(self, seat: int | None) -> list:
        """The actions ``seat`` may take now, as a list: the legal actions when ``seat`` is to
        act, else none (what an observation shows under ``"legal"``)."""
        return list(self.legal_actions()) if seat is not None and seat == self.current_player else []

    def check_seat(self, seat: Any) -> int | None:
        """``seat`` as a Python int (or None for a spectator): the first line of every
        ``observation(seat)``. Numpy integers are taken (``np.int64(2)`` gives ``2``).

        Raises:
            GameParameterError: not None and not a whole number from 0 to players - 1 (bools,
                floats and text are refused): "seat must be a whole number from 0 to 2, or None
                for a spectator, not 3". It is a ``ValueError`` too, so older code that caught
                ``ValueError`` still does.
        """
        n = self.game.players
        if seat is None:
            return None
        if isinstance(seat, (int, np.integer)) and not isinstance(seat, (bool, np.bool_)) and 0 <= seat < n:
            return int(seat)
        raise GameParameterError(
            f"seat must be a whole number from 0 to {n - 1}, or None for a spectator, not {short_repr(seat)}"
        )

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, as a dict (seat None: what a spectator sees). Hidden cards
        appear only as counts; visible cards as :class:`Card` values."""
        raise NotImplementedError

    def zones(self) -> dict[str, list[Card]]:
        """Every card of the game by where it lies (for conservation checks)."""
        raise NotImplementedError

    def hidden_zones(self, seat: int | None) -> list[str]:
        """Names of the zones (keys of :meth:`zones`) whose cards ``seat`` may not see."""
        raise NotImplementedError

    @property
    def rng(self) -> np.random.Generator:
        """The state's one ``numpy.random.Generator`` (a clone's is built on first use)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = _generator_at(self._rng_state)
        return rng

    @rng.setter
    def rng(self, value: np.random.Generator) -> None:
        self._rng = value

    def clone(self) -> "State":
        """An independent copy (its generator copied too, so both continue identically).

        The generator is copied as its bit generator's state (a small dict of ints), and the
        clone builds its own ``Generator`` from it the first time it draws: a rollout that never
        deals again never pays for one. Deep-copying the Generator cost about 28 us, most of a
        clone (issue 14).
        """
        other = self._shallow_copy()
        rng = self._rng
        if rng is not None:
            other._rng = None
            other._rng_state = rng.bit_generator.state
        other.history = self.history.copy()
        other.log = self.log.copy()
        self._copy_mutables(other)
        return other

    #: the attributes State itself sets on an instance (in its ``__dict__``): with a game state's
    #: own ``__slots__``, the names :func:`attribute_copier` copies in :meth:`_shallow_copy`
    _core_fields: ClassVar[tuple[str, ...]] = (
        "game", "seed", "_deals_text", "_rng", "_rng_state", "history", "log", "_legal", "_outcome")

    def _shallow_copy(self) -> "State":
        """A new state of the same class whose attributes are this state's (the same objects,
        nothing copied deeper): the first step of :meth:`clone`, ``copy.copy`` without its
        generic protocol. A game whose state declares ``__slots__`` for all its own attributes
        replaces this with :func:`attribute_copier` (see there why)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        return other

    def sample_hidden(self, seat: int, rng: np.random.Generator) -> "State":
        """A complete state that ``seat`` cannot tell from this one (``observation(seat)`` equal,
        its history a legal game from its explicit ``deals``), drawn uniformly among the deals
        consistent with everything ``seat`` has seen; the future gets a fresh generator seeded
        from ``rng``. This state is not changed. Each game's sampler lives in
        :mod:`catcards.explore` (OpenSpiel: "resample from an information state").

        Raises:
            GameParameterError: ``seat`` is not a seat of the game, or is None (a spectator has
                no hidden cards of its own to sample around).
            catcards.explore.SamplingError: the game has no sampler.
        """
        from .explore.hidden import sample_hidden

        return sample_hidden(self, seat, rng)

    def _copy_mutables(self, other: "State") -> None:
        """Give ``other`` its own copies of the game-specific mutable fields."""
        raise NotImplementedError

    # ---- hooks --------------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _why_illegal(self, action: Action) -> str:
        return "it is not one of the legal actions now"

    def _parse_action(self, text: str) -> Action | None:
        """The action ``text`` names even when it is not legal now (so the error can say why),
        or None when it names no action of this game."""
        return None

    # ---- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON (format :data:`SAVE_FORMAT`, "catcards-save-2"): ``format``,
        ``game`` (registry name), ``params`` (the game's parameters, content only: never a path),
        ``seed``, ``deals`` (explicit deals or null), ``actions`` (the actions' text, in order)
        and ``digest`` (:meth:`digest` of the state now), which :func:`catcards.load_state` checks
        after replaying. See the README, "What a save contains"."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.game.name,
                "params": self.game.params,
                "seed": self.seed,
                "deals": self.deals,
                "actions": [str(a) for a in self.history],
                "digest": self.digest(),
            }
        )

    def digest(self) -> str:
        """A SHA-256 fingerprint (64 hex digits) of the game so far: game name, parameters, seed,
        deals, the actions' text, the public log, every zone's cards (as text, copy numbers
        included), the seat to act and the outcome. Two states have the same digest only if
        they are the same play of the same game, so a save whose seed, actions, deck or digest
        was edited is refused on load.
        """
        outcome = self._outcome
        record = {
            "game": self.game.name,
            "params": self.game.params,
            "seed": self.seed,
            "deals": self.deals,
            "actions": [str(a) for a in self.history],
            "log": self.log,
            "zones": {name: [_card_text(c) for c in cards] for name, cards in self.zones().items()},
            "current_player": self.current_player,
            "outcome": None
            if outcome is None
            else [list(outcome.winners), list(outcome.scores), outcome.reason, outcome.higher_is_better],
        }
        text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    @staticmethod
    def from_json(text: str) -> "State":
        """Rebuild a saved game by replaying it (see :func:`catcards.load_state`)."""
        from .registry import load_state

        return load_state(text)

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<{self.game.title} seed={self.seed}, {len(self.history)} actions, {where}>"


def _card_text(card: Any) -> str:
    """A card as text for :meth:`State.digest`: its name, and its copy number when not 0."""
    k = getattr(card, "copy", 0)
    return f"{card} #{k}" if isinstance(k, int) and k else str(card)


def _plain(value: Any) -> Any:
    """JSON for the few non-JSON values a digest may meet (numpy numbers, Cards)."""
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, (set, frozenset)):
        return sorted(map(str, value))
    return str(value)


def normal_name(text: Any) -> str:
    """How typed text is compared with a name: Unicode NFC, case-folded, surrounding space
    stripped and inner runs of space read as one (``" Chat  NOIR "`` and ``"chat noir"`` match,
    as do an accented letter typed precomposed or as letter + combining accent).

    Use it on both sides of every comparison of a name a user types (actions, deals, card lists,
    the CLI). Raises nothing: a non-string is compared as its ``str``.
    """
    return " ".join(unicodedata.normalize("NFC", str(text)).casefold().split())


#: what a name or typed text may hold, for the refusals of :func:`check_plain_text`
PLAIN_TEXT = ("letters, digits, punctuation, symbols and spaces, not control or format characters "
              "(such as the bidi controls U+202A-U+202E, U+2066-U+2069, U+200E and U+200F)")
#: control characters read as spaces (``normal_name`` folds them; a CSV field may span lines)
_SPACES = frozenset("\t\n\r")
#: the zero-width joiner, kept between two symbols: emoji sequences such as a black cat
_ZWJ = "\u200d"


def unsafe_character(text: str) -> str | None:
    """The first character of ``text`` that names and typed text may not hold, described as
    "U+202E (RIGHT-TO-LEFT OVERRIDE)", or None when there is none.

    Refused: every control or format character (Unicode general category Cc or Cf): the bidi
    controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F), which make text display in an order
    other than the one it is compared in, zero-width and soft-hyphen characters, which make two
    different names look alike, and C0/C1 controls (NUL, ESC, ...). Allowed among them: tab, line
    feed and carriage return (read as spaces by :func:`normal_name`), and the zero-width joiner
    U+200D between two symbols or marks (emoji sequences, e.g. a black cat U+1F408 U+200D U+2B1B).
    Source: Unicode Technical Report #36, "Unicode Security Considerations" (bidi and invisible
    characters in identifiers), and Unicode Standard Annex #9 for the bidi controls.

    Example::

        >>> unsafe_character("Lazy Cat\\u202e")
        'U+202E (RIGHT-TO-LEFT OVERRIDE)'
        >>> unsafe_character("Chat noir\\t") is None
        True
    """
    if text.isprintable():  # no Cc or Cf (nor Zl/Zp, Co, Cn, Cs): the common case, in C
        return None
    for i, ch in enumerate(text):
        if ch in _SPACES or unicodedata.category(ch) not in ("Cc", "Cf"):
            continue
        if (ch == _ZWJ and 0 < i < len(text) - 1
                and unicodedata.category(text[i - 1]) in ("So", "Sk", "Mn")
                and unicodedata.category(text[i + 1]) == "So"):
            continue
        return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'a control character')})"
    return None


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


def is_whole(value: Any) -> bool:
    """True for Python and numpy integers (not bools): what a "whole number" parameter accepts."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _a(noun: str) -> str:
    """``noun`` with its indefinite article: "an int", "a dict"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


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
        raise GameParameterError(f"{where}: deals must be a list of {what}, not {type(deals).__name__}")
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


#: seeds the bit generators that clones build; their state is overwritten at once
_CLONE_SEED = np.random.SeedSequence(0)


def _generator_at(state: dict) -> np.random.Generator:
    """A new Generator whose bit generator (numpy's, named in ``state``) is at ``state``."""
    bit_generator = getattr(np.random, state["bit_generator"])(_CLONE_SEED)
    bit_generator.state = state
    return np.random.Generator(bit_generator)


class FrozenRecord(collections.abc.Mapping):
    """A read-only mapping (what :func:`frozen_record` returns): reads as a dict, equal to a dict
    with the same items, never changed (its items sit behind a ``types.MappingProxyType``).
    Unlike a bare proxy it pickles and deep-copies (as the call that makes it), so a state
    holding records does too: a process pool pickles the state."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, Any]):
        self._items = MappingProxyType(dict(items))

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"FrozenRecord({dict(self._items)!r})"

    def __reduce__(self):
        return FrozenRecord, (dict(self._items),)


def frozen_record(record: Mapping[str, Any]) -> FrozenRecord:
    """A finished round's (or hand's) record as a read-only mapping, its lists as tuples: an
    observation hands the same records to everyone at no cost, and nobody can change them."""
    return FrozenRecord({k: tuple(v) if isinstance(v, list) else v for k, v in record.items()})


def thawed_records(records: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Fresh plain copies of :func:`frozen_record` records: dicts, their tuples as lists."""
    return [{k: list(v) if isinstance(v, tuple) else v for k, v in r.items()} for r in records]


def _jsonable(deals: Any, depth: int = 0) -> Any:
    """Deals as plain JSON data (Cards as their names, tuples as lists), so they can be saved.

    Raises:
        GameParameterError: a value that is not text, a whole number, None, a Card, a list or a
            dict with text keys (a generator, a float...), or nesting deeper than 8.
    """
    if depth == 0:
        check_deals(deals)
    if isinstance(deals, Card):
        return str(deals)
    if isinstance(deals, str) or deals is None or isinstance(deals, bool):
        return deals
    if is_whole(deals):
        return int(deals)
    if isinstance(deals, Mapping):
        if not all(isinstance(k, str) for k in deals):
            raise GameParameterError("deals: the keys of a deal given as a dict are text")
        return {k: _jsonable(v, depth + 1) for k, v in deals.items()}
    if isinstance(deals, (list, tuple)):
        return [_jsonable(d, depth + 1) for d in deals]
    raise GameParameterError(
        f"deals are lists (and dicts) of card names, not {type(deals).__name__} ({short_repr(deals)})"
    )
