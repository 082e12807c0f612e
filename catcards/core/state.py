"""The :class:`State`: one play of a game, moved only through :meth:`State.apply` (checked
first, so a refused action leaves it exactly as it was), with its :class:`Outcome` when over, and
the tools states are built from (:func:`attribute_copier`, :func:`frozen_record`)."""
from __future__ import annotations

import collections.abc
import json
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Iterator, Mapping, Sequence

import numpy as np

from .. import hooks
from ..cards import Card
from . import saves
from .actions import Action
from .errors import GameParameterError, IllegalActionError
from .game import Game
from .seeds import _generator_at, check_seed, fresh_seed, new_rng
from .text import PLAIN_TEXT, normal_name, short_repr, unsafe_character

__all__ = ["State", "Outcome", "attribute_copier", "frozen_record", "thawed_records", "FrozenRecord", "MAX_ACTION_TEXT"]


#: the longest action text :meth:`State.action_from_string` reads (the longest real one is ~60)
MAX_ACTION_TEXT = 500


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
        self._deals_text = json.dumps(saves.deals_json(deals)) if deals is not None else None

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
        if type(seat) is int and 0 <= seat < n:  # the usual case, checked first
            return seat
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
        return hooks.call("sample_hidden", self, seat, rng)

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
        """The game as JSON (format :data:`catcards.core.saves.SAVE_FORMAT`, "catcards-save-2"): ``format``,
        ``game`` (registry name), ``params`` (the game's parameters, content only: never a path),
        ``seed``, ``deals`` (explicit deals or null), ``actions`` (the actions' text, in order)
        and ``digest`` (:meth:`digest` of the state now), which :func:`catcards.load_state` checks
        after replaying. See the README, "What a save contains"."""
        return saves.save_json(self)

    def digest(self) -> str:
        """A SHA-256 fingerprint (64 hex digits) of the game so far: game name, parameters, seed,
        deals, the actions' text, the public log, every zone's cards (as text, copy numbers
        included), the seat to act and the outcome. Two states have the same digest only if
        they are the same play of the same game, so a save whose seed, actions, deck or digest
        was edited is refused on load.
        """
        return saves.digest(self)

    @staticmethod
    def from_json(text: str) -> "State":
        """Rebuild a saved game by replaying it (:func:`catcards.core.saves.load_state`, also ``catcards.load_state``)."""
        return saves.load_state(text)

    def _repr_html_(self) -> str:
        """The state drawn for a notebook cell: the game's own board, the one its tables draw
        (:func:`catcards.render.state_html`, through the ``state_html`` hook)."""
        return hooks.call("state_html", self)

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<{self.game.title} seed={self.seed}, {len(self.history)} actions, {where}>"


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
