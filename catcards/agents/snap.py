"""Computer players for Snap: the reaction-time model.

Snap is a race, so in simulations one referee decides each race: :class:`ReactionAgent` (strategy
``"reaction"``). Give the same agent to every seat. Whenever a snap is showing it draws a reaction
time (seconds) for every seat still in the game from :class:`ReactionModel` and the fastest seat
calls "snap"; if ``turn_interval`` is set and even the fastest is slower than it, the next card is
turned first and the snap is missed. When no snap is showing it turns the next card (computer
players never call a false snap). Source: ``rules/wildcat.md`` ("Snap": "Computer players react
after a random delay drawn from a configurable reaction-time distribution").

:class:`ScriptedReactionAgent` plays the same rule from a table of reaction times given in advance
(row ``k`` for the ``k``-th snap showing); the batch simulation :mod:`catcards.batch.snap` is
checked against the engine with it.
"""
from __future__ import annotations

import copy
from typing import Sequence

import numpy as np

from ..core import GameParameterError
from ..games.snap import FLIP, CallSnap
from . import Agent, strategy

__all__ = ["ReactionModel", "ReactionAgent", "ScriptedReactionAgent", "race_winner"]


class ReactionModel:
    """Reaction times per seat: a gamma distribution with the seat's mean and standard deviation.

    Args:
        mean: mean reaction time in seconds, one number for every seat or one per seat (> 0).
        sd: standard deviation in seconds, one number or one per seat (> 0). The gamma shape is
            ``(mean / sd) ** 2`` and its scale ``sd ** 2 / mean``.

    Raises:
        GameParameterError: a mean or sd that is not a positive number.
    """

    def __init__(self, mean: float | Sequence[float] = 0.5, sd: float | Sequence[float] = 0.12):
        self.mean = _positive(mean, "mean")
        self.sd = _positive(sd, "sd")
        self._gamma: tuple | None = None  # ((players, mean, sd), shape, scale) of the last draw

    def arrays(self, players: int) -> tuple[np.ndarray, np.ndarray]:
        """Per-seat (mean, sd) arrays of length ``players``.

        Raises:
            GameParameterError: a per-seat list of the wrong length.
        """
        out = []
        for name, v in (("mean", self.mean), ("sd", self.sd)):
            a = np.asarray(v, dtype=float)
            if a.ndim == 0:
                a = np.full(players, float(a))
            elif len(a) != players:
                raise GameParameterError(f"reaction {name}: give one number or {players} (one per seat), not {len(a)}")
            out.append(a)
        return out[0], out[1]

    def draw(self, rng: np.random.Generator, players: int, size: int | None = None) -> np.ndarray:
        """Reaction times in seconds, shape ``(players,)`` (or ``(size, players)``), from ``rng``."""
        key = (players, self.mean, self.sd)
        made = self._gamma
        if made is None or made[0] != key:  # the gamma parameters, worked out once per model and seat count
            mean, sd = self.arrays(players)
            made = self._gamma = ((players, copy.copy(self.mean), copy.copy(self.sd)), (mean / sd) ** 2, sd**2 / mean)
        shape, scale = made[1], made[2]
        if size is None:
            return rng.gamma(shape, scale)
        return rng.gamma(shape, scale, size=(size, players))

    def __repr__(self) -> str:
        return f"ReactionModel(mean={self.mean!r}, sd={self.sd!r})"


def _positive(v, name):
    a = np.asarray(v, dtype=float) if not isinstance(v, str) else None
    if a is None or a.ndim > 1 or a.size == 0 or not np.all(np.isfinite(a)) or np.any(a <= 0):
        raise GameParameterError(f"reaction {name} must be a positive number of seconds or one per seat, not {v!r}")
    return float(a) if a.ndim == 0 else [float(x) for x in a]


def race_winner(times: np.ndarray, able: Sequence[bool], turn_interval: float | None) -> int | None:
    """The seat that calls first: the smallest of ``times`` among ``able`` seats; None when even
    the fastest is slower than ``turn_interval`` (the next card is turned first). Ties go to the
    lowest seat."""
    best, seat = np.inf, None
    for s, ok in enumerate(able):
        if ok and times[s] < best:
            best, seat = times[s], s
    if seat is not None and turn_interval is not None and best > turn_interval:
        return None
    return seat


@strategy("snap", "reaction")
class ReactionAgent(Agent):
    """Referee of the snap race by reaction times (give the same agent to every seat).

    Args:
        mean, sd: the :class:`ReactionModel` (seconds; one number or one per seat).
        turn_interval: seconds between turned cards; a snap nobody calls within it is missed
            (None: never missed).
    """

    name = "reaction"
    #: reads its observation only while choosing: a play-out may hand it ``state.view(seat)``
    takes_view = True

    def __init__(self, mean=0.5, sd=0.12, turn_interval: float | None = None):
        self.model = ReactionModel(mean, sd)
        if turn_interval is not None and not (isinstance(turn_interval, (int, float)) and turn_interval > 0):
            raise GameParameterError(f"turn_interval must be a positive number of seconds or None, not {turn_interval!r}")
        self.turn_interval = turn_interval

    def _times(self, rng, players):
        return self.model.draw(rng, players)

    def choose(self, observation, legal, rng):
        flip = FLIP if FLIP in legal else None
        if not observation["snap_showing"]:
            return flip if flip is not None else legal[0]
        players = observation["players"]
        able = [False] * players
        for a in legal:
            if isinstance(a, CallSnap):
                able[a.seat] = True
        times = self._times(rng, players)
        seat = race_winner(times, able, self.turn_interval if flip is not None else None)
        return flip if seat is None else CallSnap(seat)

    def __repr__(self) -> str:
        return f"ReactionAgent(mean={self.model.mean!r}, sd={self.model.sd!r}, turn_interval={self.turn_interval!r})"


class ScriptedReactionAgent(ReactionAgent):
    """:class:`ReactionAgent` whose ``k``-th snap showing uses ``times[k]`` (seconds per seat)
    instead of random draws. Used to check the batch simulation against the engine.

    Raises:
        IndexError: more snaps showed than rows of ``times``.
    """

    name = "scripted-reaction"

    def __init__(self, times: np.ndarray, turn_interval: float | None = None):
        super().__init__(turn_interval=turn_interval)
        self.times = np.asarray(times, dtype=float)
        self.used = 0

    def _times(self, rng, players):
        row = self.times[self.used]
        self.used += 1
        return row

