"""Declared game parameters: one :class:`Param` per parameter, in a game's ``declared`` table.

A game lists its parameters once (name, kind, default, allowed range or choices, help)::

    declared = (
        Param("first_player", 0, "the seat that leads first", kind="seat"),
        Param("target", 90, "points that end the game", low=21, high=10_000),
    )

and calls ``self.set_params(first_player=first_player, target=target)`` in ``__init__`` after
``super().__init__(players)``. From the table follow: the checks (one :class:`GameParameterError`
per refused value, saying what is allowed), :attr:`catcards.core.Game.params` (players and the
declared names, in order), :meth:`catcards.core.Game.from_saved_params` (a save's unknown names
and a data file given as a path are refused there, in one wording for every game), the CLI's
``catcards simulate --help`` and ``catcards list``, and the start page's catalogue
(:func:`describe`). Bounds may depend on the players or on parameters declared earlier (Pairs'
``numbers`` depends on its ``deck``): give a function of the game, and say the bound in words
with ``allowed_text`` for help, where no game is at hand (a declaration without it is refused).

A parameter read from a data file (Cat Days' ``deck``, Card Game's ``cards``: a CSV path, an open
file or its rows) is a ``kind="custom"`` Param whose check reads it and returns its rows, with
``rows_of`` naming the file: the game keeps, ``params`` shows and a save holds only the rows.

All eight games declare theirs: Simon's Cat, Cat Trick, King of the Jungle, Big Cat, Snap, Pairs,
Cat Days and Card Game.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

import numpy as np

from .core import GameParameterError, is_whole, short_repr

__all__ = ["Param", "KINDS", "check_seat", "describe", "players_text"]

#: a bound or a text may be fixed or computed from the game being built (players and the
#: parameters declared before it are already set)
Computed = Any

#: the kinds of parameter :meth:`Param.validate` knows
KINDS = ("whole", "seat", "choice", "bool", "custom")


@dataclasses.dataclass(frozen=True)
class Param:
    """One declared parameter of a game.

    Attributes:
        name: the keyword (``"first_player"``).
        default: the value when none is given; None with ``computed`` set means "computed".
        help: one line for people (CLI help, start page).
        kind: ``"whole"`` (a whole number, :func:`catcards.core.is_whole`, from ``low`` to
            ``high``), ``"seat"`` (0 to players - 1, :func:`check_seat`), ``"choice"`` (one of
            ``choices``), ``"bool"`` (True or False; numpy's bools too) or ``"custom"`` (``check``
            does it all).
        low, high: bounds of a whole number, inclusive; ``high`` None: no upper bound. Either may
            be a function of the game (then ``allowed_text`` is required).
        choices: the allowed values of a choice (a tuple, or a function of the game, then with
            ``allowed_text``).
        why: the reason for the range, said in brackets after it in an error message and in
            help; text, or a function of the game (used only when a game is at hand; help then
            shows ``allowed_text``). King of the Jungle's ``target``::

                Param("target", 90, "points that end the game", low=21, high=10_000,
                      why="more than the 20 starting points")
                # error: "target must be a whole number from 21 to 10000 (more than the 20
                #         starting points), not 20"

            and Simon's Cat's ``hand_size``, whose reason depends on the players::

                why=lambda g: f"36 Mischief cards dealt equally among {g.players} players"

        none: when not empty, None is an allowed value and this says what it means ("no limit").
        computed: a function of the game giving the value when None is passed (Simon's Cat's
            ``hand_size`` default ``36 // players``); ``default_text`` says it for help.
        default_text: the default in words for help, where ``repr(default)`` would not say it
            ("36 // players", "the packaged deck").
        allowed_text: what is allowed, in words, for help and the start page, where no game is
            at hand. Required when a bound or the choices are functions of the game, and for
            ``kind="custom"``; e.g. Simon's Cat's ``hand_size`` (``high=lambda g: 36 //
            g.players``)::

                allowed_text="a whole number from 1 to 36 // players"

            and Big Cat's ``penalties`` (custom)::

                allowed_text='a dict of letters to 0-13, e.g. {"L": 4}'

            With a game at hand an error message computes the bounds instead ("from 1 to 7").
        check: for ``kind="custom"``: ``check(game, value) -> value`` raising
            :class:`GameParameterError`; it may also keep on the game what it built while
            checking (Cat Days keeps the :class:`~catcards.games.cat_days.deck.Deck` it read).
        rows_of: for a parameter read from a data file (a path, an open file or the file's
            rows): what the file is, in words ("deck", "card list"). The checked value is the
            rows (a list of dicts) or None (the packaged file), so ``params`` and a save hold
            content, never a path; :meth:`catcards.core.Game.from_saved_params` refuses
            anything else in a save.
        attribute: the game attribute that keeps the checked value (default ``name``; Cat Days
            keeps its deck's rows as ``deck_table``, since ``deck`` is the Deck itself).

    Raises:
        ValueError: a declaration help could not describe (an unknown ``kind``; a computed
            bound or custom kind without ``allowed_text``; a custom kind without ``check``).
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
    rows_of: str = ""
    attribute: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"Param {self.name!r}: kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.kind == "custom" and self.check is None:
            raise ValueError(f"Param {self.name!r}: kind='custom' needs a check(game, value) function")
        computed = [what for what, value in (("low", self.low), ("high", self.high), ("choices", self.choices))
                    if callable(value)]
        if not self.allowed_text and (computed or self.kind == "custom"):
            verb = "is a function" if len(computed) == 1 else "are functions"
            reason = ("kind='custom' is checked by a function" if self.kind == "custom"
                      else f"{' and '.join(computed)} {verb} of the game")
            raise ValueError(
                f"Param {self.name!r}: {reason}, so help (where no game is at hand) needs allowed_text "
                "saying in words what is allowed"
            )
        if not self.attribute:
            object.__setattr__(self, "attribute", self.name)

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
        if self.kind == "bool":
            if not isinstance(value, (bool, np.bool_)):
                raise GameParameterError(f"{game.title}: {self.name} must be True or False, not {short_repr(value)}")
            return bool(value)
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
        without a game, ``allowed_text`` when given (every bound that depends on the game has
        one, see the class docstring), so help never shows a placeholder."""
        if self.kind == "seat":
            return f"a seat from 0 to {game.players - 1}" if game is not None else "a seat (0 to players - 1)"
        if game is None and self.allowed_text:
            return self.allowed_text
        if self.kind == "custom":  # with a game at hand: check's own message says it
            return self.allowed_text
        if self.kind == "bool":
            text = "True or False"
        elif self.kind == "choice":
            text = f"one of {', '.join(map(repr, _get(self.choices, game)))}"
        else:
            low, high = _get(self.low, game), _get(self.high, game)
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


def players_text(cls: type) -> str:
    """The player counts game class ``cls`` accepts, as listings show them: "2-4", "2" (one
    count), "3-6 (2 as a variant)" (its ``variant_players``, accepted outside the published
    ``min_players..max_players``). Used by ``catcards list``, the start page and :func:`describe`."""
    lo, hi = cls.min_players, cls.max_players
    return (f"{lo}" if lo == hi else f"{lo}-{hi}") + cls._variant_note()


def describe(cls: type) -> list[dict[str, Any]]:
    """The parameters of game class ``cls`` as plain data (``players`` first), for the CLI's help
    and the start page: one dict per parameter (:meth:`Param.describe`). A game that declares
    none (a plugin that checks its parameters by hand) gives only ``players``."""
    lo, hi = cls.min_players, cls.max_players
    players = {"name": "players", "default": repr(cls.default_players),
               "allowed": f"a whole number from {lo} to {hi}{cls._variant_note()}", "help": "number of players"}
    declared: Sequence[Param] = getattr(cls, "declared", ())
    return [players, *(p.describe() for p in declared)]
