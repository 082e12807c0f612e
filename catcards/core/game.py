"""The :class:`Game`: a game's parameters, checked when it is built, and a factory of states."""
from __future__ import annotations

import functools
import inspect
import json
import os
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Sequence

import numpy as np

from .errors import GameParameterError
from .text import few_reprs, is_whole, short_repr
from .text import json_kind

if TYPE_CHECKING:
    from .state import State

__all__ = ["Game"]


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
                what = "a file path" if isinstance(value, (str, os.PathLike)) else json_kind(value)
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
