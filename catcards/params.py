"""Declared game parameters: one :class:`Param` per parameter, in a game's ``declared`` table.

A game lists its parameters once (name, kind, default, allowed range or choices, help)::

    declared = (
        Param("first_player", 0, "the seat that leads first", kind="seat"),
        Param("target", 90, "points that end the game", low=21, high=10_000),
    )

and calls ``self.set_params(first_player=first_player, target=target)`` in ``__init__`` after
``super().__init__(players)``. From the table follow: the checks (one :class:`GameParameterError`
per refused value, saying what is allowed), :attr:`catcards.core.Game.params` (players and the
declared names, in order), the CLI's ``catcards simulate --help`` and ``catcards list``, and the
start page's catalogue (:func:`describe`). Bounds may depend on the players or on parameters
declared earlier (Pairs' ``numbers`` depends on its ``deck``): give a function of the game.

Simon's Cat, Cat Trick, King of the Jungle, Big Cat, Snap and Pairs declare theirs; Cat Days and
Card Game still check theirs by hand in ``__init__`` and can adopt this table later.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from .core import GameParameterError, is_whole, short_repr

__all__ = ["Param", "check_seat", "describe"]

#: a bound or a text may be fixed or computed from the game being built (players and the
#: parameters declared before it are already set)
Computed = Any


@dataclasses.dataclass(frozen=True)
class Param:
    """One declared parameter of a game.

    Attributes:
        name: the keyword (``"first_player"``).
        default: the value when none is given; None with ``computed`` set means "computed".
        help: one line for people (CLI help, start page).
        kind: ``"whole"`` (a whole number, :func:`catcards.core.is_whole`, from ``low`` to
            ``high``), ``"seat"`` (0 to players - 1, :func:`check_seat`), ``"choice"`` (one of
            ``choices``), or ``"custom"`` (``check`` does it all).
        low, high: bounds of a whole number, inclusive; ``high`` None: no upper bound. Either may
            be a function of the game.
        choices: the allowed values of a choice (a tuple, or a function of the game).
        why: said after the range in an error message ("36 Mischief cards dealt equally");
            text, or a function of the game.
        none: when not empty, None is an allowed value and this says what it means ("no limit").
        computed: a function of the game giving the value when None is passed (Simon's Cat's
            ``hand_size`` default ``36 // players``); ``default_text`` says it for help.
        allowed_text: what is allowed, in words, where it depends on the game ("1 to
            36 // players") or is custom; shown when no game is at hand (help, start page).
        check: for ``kind="custom"``: ``check(game, value) -> value`` raising
            :class:`GameParameterError`.
    """

    name: str
    default: Any
    help: str
    kind: str = "whole"
    low: Computed = None
    high: Computed = None
    choices: Computed = ()
    why: Computed = ""
    none: str = ""
    computed: Callable[[Any], Any] | None = None
    default_text: str = ""
    allowed_text: str = ""
    check: Callable[[Any, Any], Any] | None = None

    def validate(self, game: Any, value: Any) -> Any:
        """``value`` checked for ``game`` (its players and earlier parameters set) and made plain
        (an int for a whole number); raises :class:`GameParameterError` saying what is allowed."""
        if value is None and self.computed is not None:
            value = self.computed(game)
        if value is None and self.none:
            return None
        if self.kind == "seat":
            return check_seat(game, value, self.name)
        if self.kind == "custom":
            return self.check(game, value)  # type: ignore[misc]
        if self.kind == "choice":
            choices = _get(self.choices, game)
            if not isinstance(value, str) or value not in choices:
                raise GameParameterError(
                    f"{game.title}: {self.name} must be one of {', '.join(map(repr, choices))}, "
                    f"not {short_repr(value)}"
                )
            return value
        low, high = _get(self.low, game), _get(self.high, game)
        if not is_whole(value) or (low is not None and value < low) or (high is not None and value > high):
            raise GameParameterError(f"{game.title}: {self.name} must be {self.allowed(game)}, not {short_repr(value)}")
        return int(value)

    def allowed(self, game: Any = None) -> str:
        """What values are allowed, in words ("a whole number from 1 to 9", "a seat from 0 to 3");
        without a game, bounds that depend on it are named by their help."""
        if self.kind == "seat":
            return f"a seat from 0 to {game.players - 1}" if game is not None else "a seat (0 to players - 1)"
        if game is None and self.allowed_text:
            return self.allowed_text
        if self.kind == "custom":
            return "see help"
        if self.kind == "choice":
            choices = _get(self.choices, game) if game is not None or not callable(self.choices) else ()
            text = f"one of {', '.join(map(repr, choices))}" if choices else "a name"
        else:
            low = _get(self.low, game) if game is not None or not callable(self.low) else "?"
            high = _get(self.high, game) if game is not None or not callable(self.high) else "?"
            if high is None:
                text = f"a whole number >= {low}"
            else:
                text = f"a whole number from {low} to {high}"
        why = _get(self.why, game) if game is not None or not callable(self.why) else ""
        if self.none:
            text += f" or None ({self.none})"
        return text + (f" ({why})" if why else "")

    def describe(self) -> dict[str, Any]:
        """This parameter as plain data for people: ``name``, ``default`` (text), ``allowed``
        (text, without a game's bounds), ``help``."""
        return {"name": self.name, "default": self.default_text or repr(self.default),
                "allowed": self.allowed(), "help": self.help}


def _get(value: Computed, game: Any) -> Any:
    return value(game) if callable(value) else value


def check_seat(game: Any, value: Any, name: str = "first_player") -> int:
    """``value`` as a seat of ``game`` (0 to ``game.players - 1``), for parameters like
    ``first_player``.

    Raises:
        GameParameterError: "<title>: first_player must be a seat from 0 to 3, not 4".
    """
    if not is_whole(value) or not 0 <= value < game.players:
        raise GameParameterError(
            f"{game.title}: {name} must be a seat from 0 to {game.players - 1}, not {short_repr(value)}"
        )
    return int(value)


def describe(cls: type) -> list[dict[str, Any]]:
    """The parameters of game class ``cls`` as plain data (``players`` first), for the CLI's help
    and the start page: one dict per parameter (:meth:`Param.describe`). A game that declares
    none (Cat Days, Card Game) gives only ``players``."""
    lo, hi = cls.min_players, cls.max_players
    players = {"name": "players", "default": repr(cls.default_players),
               "allowed": f"a whole number from {lo} to {hi}", "help": "number of players"}
    declared: Sequence[Param] = getattr(cls, "declared", ())
    return [players, *(p.describe() for p in declared)]
