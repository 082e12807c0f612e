"""What a seat sees, read key by key: :class:`SeatView`, the lazy form of ``observation(seat)``.

A game whose observation is a table of fields (``{key: field(state, seat)}``) builds both its
``observation(seat)`` (every field, a plain dict) and its ``view(seat)`` (a :class:`SeatView`:
each field computed the first time it is read) from the same table, so a computer player that
reads four keys of forty pays for four, and reads exactly what the observation would show. The
play loops (:func:`catcards.simulate.play_game`, the rollouts of :func:`catcards.odds`) ask
:func:`looking` what to hand an agent: ``state.view(seat)`` where the game has one and the agent
declares ``takes_view`` (it reads what it sees only while choosing), else
``state.observation(seat)``.

A view reads the live state: it is valid until the next action is applied (an agent that keeps
something for later keeps the values it read, never the view).
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping

__all__ = ["SeatView", "Fields", "observe", "looking"]

#: an observation's table of fields: key -> ``field(state, seat)`` (seat already checked)
Fields = Mapping[str, Callable[[Any, Any], Any]]


def observe(fields: Fields, state: Any, seat: Any) -> dict[str, Any]:
    """Every field of ``fields`` for ``seat`` (already checked by ``state.check_seat``): the
    observation as a plain dict, keys in the table's order."""
    return {key: field(state, seat) for key, field in fields.items()}


class SeatView(Mapping):
    """``observation(seat)`` of ``state`` as a read-only mapping whose values are computed when
    first read (then kept): ``dict(view) == state.observation(seat)`` while the state is unchanged.

    Args:
        fields: the game's table of observation fields (key -> ``field(state, seat)``).
        state: the live state (not copied: the view is valid until the next action).
        seat: the seat, already checked by ``state.check_seat``.

    Raises:
        KeyError: a key that is not a field of the observation (as the dict would).
    """

    __slots__ = ("fields", "state", "seat", "_read")

    def __init__(self, fields: Fields, state: Any, seat: Any):
        self.fields, self.state, self.seat = fields, state, seat
        self._read: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        read = self._read
        if key in read:
            return read[key]
        value = read[key] = self.fields[key](self.state, self.seat)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def __repr__(self) -> str:
        return f"SeatView(seat={self.seat!r}, read={sorted(self._read)})"


def looking(state: Any, agent: Any) -> Callable[[Any], Any] | None:
    """How ``agent`` is shown its seat in a play loop: ``state.view`` when the game has one and the
    agent declares ``takes_view`` (it reads what it sees only while choosing, never keeps the
    view), else ``state.observation``; None for an agent whose ``reads_observation`` is False (it
    is given None). Looked up once per game, not per action."""
    if not getattr(agent, "reads_observation", True):
        return None
    view = getattr(state, "view", None)
    return view if view is not None and getattr(agent, "takes_view", False) else state.observation
