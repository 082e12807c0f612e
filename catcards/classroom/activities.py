"""What a class pools: activities, one number per finished game (or per real-deck count).

An :class:`Activity` says which game (and parameters) the students play, what one result is (a
function of a finished state, or a count a student types from real cards: a *tally*), and, where
the lesson knows it, the exact distribution and mean of that result. Activities are declared per
game in ``catcards/classroom/games/<game>.py`` with :func:`add_activity` and found by
:data:`ACTIVITIES`, a :class:`catcards.registry.Registry` of that package's modules and of
installed plugins' (entry-point group ``catcards.activities``), as strategies and tables are.

    >>> from catcards.classroom.activities import activity
    >>> snaps = activity("snap/snaps-per-pass")
    >>> snaps.exact_mean
    Fraction(3, 1)
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from ..core import CatcardsError, State, short_repr
from ..registry import Registry, load

__all__ = ["ACTIVITIES", "Activity", "ActivityError", "add_activity", "activity", "activities",
           "dealt", "default_activity", "game_over"]


class ActivityError(CatcardsError, ValueError):
    """A state an activity cannot measure (another game, other parameters, not finished), or an
    unknown activity; the message says what was wrong and what the activity needs."""


def game_over(state: State) -> bool:
    """The game is over (an activity's ``finished`` unless it says otherwise)."""
    return bool(state.is_over)


def dealt(state: State) -> bool:
    """True for every state: the result is there from the deal (Simon's Cat's set-aside card, face
    up at the deal), so a game counts as soon as it is dealt."""
    return True


def function_name(function: Callable) -> str | None:
    """``"module:name"`` of a function defined at the top level of its module (what a class
    table's kernel imports to find it again, :attr:`Activity.finished_name`), else None (a
    lambda, a function defined inside another, a callable object)."""
    module, name = getattr(function, "__module__", None), getattr(function, "__qualname__", "")
    if not isinstance(module, str) or not name.isidentifier():
        return None
    found = getattr(sys.modules.get(module), name, None)
    return f"{module}:{name}" if found is function else None


@dataclass(frozen=True, eq=False)
class Activity:
    """One pooled experiment of a class.

    Attributes:
        key: ``"<game>/<name>"``, e.g. ``"snap/snaps-per-pass"``.
        game: the game's registered name (``"snap"``).
        params: the game's parameters (JSON content, for :func:`catcards.load`).
        title: a short title for the dashboard ("Snaps in one pass").
        instructions: one or two short sentences for a student.
        unit: what one result counts, plural ("snaps").
        measure: ``measure(state) -> int | float``, the result of a finished state (called by
            :meth:`result` after its checks).
        finished: ``finished(state) -> bool``: the state has a result (default
            :func:`game_over`; :func:`dealt` where the deal fixes it at once). A function at the
            top level of its module: a student's class table finds it by its name
            (:attr:`finished_name`) and sends the game as soon as it says True.
        unfinished: what a student must do before the game counts (the refusal's message).
        tally: None (no real-deck version), or ``(low, high)``: the whole numbers a student may
            type from a real deck.
        exact: None, or the exact distribution ``{value: Fraction}`` (adding to 1).
        exact_mean: None, or the exact mean (a Fraction).
        binary: True when a result is 1 (yes) or 0 (no): the pool's interval is then Wilson's for
            a proportion, not Student's t interval for a mean.
        plot: ``"bars"`` (one bar per value) or ``"histogram"`` (values binned).
        source: where the exact answer comes from (a function or a book).
        deal_hidden: True when a student's choices could use the deal (Pairs: knowing where each
            card lies, a student clears the table in the fewest turns): the deal stays with the
            class server. Its answers to a student's own requests (join, ``/me``, ``/game``)
            carry ``"seed": null`` and only the server's own table kernels, which send its
            secret, get the seed (:mod:`catcards.classroom.server`); a student plays at the class
            table. False (the default) where the deal fixes the result, whatever the student
            does (Snap's pass, Big Cat's length, Simon's Cat's set-aside cards): the seed gives
            nothing away, and a student's notebook may deal and play their games itself
            (:meth:`catcards.classroom.Member.next_game`).
    """

    key: str
    game: str
    params: dict[str, Any]
    title: str
    instructions: str
    unit: str
    measure: Callable[[State], int | float]
    finished: Callable[[State], bool] = game_over
    unfinished: str = "finish the game first"
    tally: tuple[int, int] | None = None
    exact: dict[int, Fraction] | None = None
    exact_mean: Fraction | None = None
    binary: bool = False
    plot: str = "bars"
    source: str = ""
    deal_hidden: bool = False
    _params_full: dict[str, Any] = field(default=None, init=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if "/" not in self.key or not self.key.startswith(self.game + "/"):
            raise ValueError(f"an activity's key is '<game>/<name>', not {self.key!r}")
        if self.plot not in ("bars", "histogram"):
            raise ValueError(f"plot is 'bars' or 'histogram', not {self.plot!r}")
        if self.exact is not None and sum(self.exact.values()) != 1:
            raise ValueError(f"{self.key}: the exact distribution does not add up to 1")
        if function_name(self.finished) is None:
            raise ValueError(f"{self.key}: finished is a function defined at the top level of its "
                             f"module (a class table imports it by name), not {short_repr(self.finished)}")
        # the game's full parameters (defaults filled in), to compare with a save's
        object.__setattr__(self, "_params_full", load(self.game, **self.params).params)

    @property
    def full_params(self) -> dict[str, Any]:
        """The game's parameters with every default filled in (what a save of it holds)."""
        return dict(self._params_full)

    @property
    def finished_name(self) -> str:
        """``"module:name"`` of :attr:`finished` (``"catcards.classroom.activities:game_over"``):
        what the class server tells a student's table (``CATCARDS_CLASS_TABLE``), whose kernel
        imports it to know when to send the game."""
        return function_name(self.finished)

    def new_game(self, seed: int):
        """A new state of this activity's game and parameters, seeded ``seed``."""
        return load(self.game, **self.params).new_game(seed)

    def result(self, state: State) -> int | float:
        """The result of a finished ``state`` of this activity's game.

        Raises:
            ActivityError: ``state`` is of another game or other parameters, or not finished
                (the message says what the activity needs).
        """
        game = getattr(state, "game", None)
        name = getattr(game, "name", None)
        if name != self.game:
            raise ActivityError(f"this class plays {self.game!r} ({self.title}), not {short_repr(name)}; "
                                f"play {self.game!r} with the class's settings")
        if game.params != self._params_full:
            wanted = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
            raise ActivityError(f"this game was set up differently from the class's ({wanted}); "
                                "play the class's game")
        if not self.finished(state):
            raise ActivityError(f"the game is not finished: {self.unfinished}")
        return self.measure(state)

    def check_tally(self, value: Any) -> int:
        """A student's real-deck count, checked: a whole number within :attr:`tally`.

        Raises:
            ActivityError: the activity has no real-deck version, or ``value`` is not a whole
                number from ``low`` to ``high``.
        """
        if self.tally is None:
            raise ActivityError(f"{self.title} has no real-deck count; play it in the app")
        low, high = self.tally
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            value = None
        elif isinstance(value, str):
            text = value.strip()
            value = int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None
        elif isinstance(value, float):
            value = int(value) if value.is_integer() else None
        if value is None or not low <= value <= high:
            raise ActivityError(f"a count of {self.unit} is a whole number from {low} to {high}")
        return int(value)


#: the activities: ``catcards.classroom.games.<module>`` and plugins of group ``catcards.activities``
ACTIVITIES: Registry[Activity] = Registry("catcards.classroom.games", "catcards.activities")


def add_activity(act: Activity) -> Activity:
    """Register ``act`` under ``act.key`` (what each ``catcards/classroom/games/<game>.py`` calls;
    a plugin's module too). A later registration of the same key replaces it."""
    return ACTIVITIES.add(act.key, act)


def activity(key: str) -> Activity:
    """The activity called ``key`` (``"snap/snaps-per-pass"``).

    Raises:
        ActivityError: no activity has that key (the message lists the keys there are).
    """
    found = ACTIVITIES.get(key) if isinstance(key, str) else None
    if found is None:
        raise ActivityError(f"no activity called {short_repr(key)}; the activities are: "
                            f"{', '.join(ACTIVITIES)}")
    return found


def activities(game: str | None = None) -> list[Activity]:
    """Every activity (of ``game`` only, when given), in registration order."""
    return [a for _, a in ACTIVITIES.items() if game is None or a.game == game]


def default_activity(game: str) -> Activity:
    """The first activity declared for ``game``.

    Raises:
        ActivityError: ``game`` has no activity (the message names the games that have one).
    """
    found = activities(game)
    if not found:
        games = sorted({a.game for a in activities()})
        raise ActivityError(f"{short_repr(game)} has no class activity; the games with one are: "
                            f"{', '.join(games)}")
    return found[0]
