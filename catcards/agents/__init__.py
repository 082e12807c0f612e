"""Computer players.

An agent sees what its seat may see and nothing more: it chooses from
``state.observation(seat)`` and ``state.legal_actions()``, with its own seeded generator::

    action = agent.choose(observation, legal, rng)

:class:`RandomAgent` plays any game. Game-specific strategies live in ``catcards/agents/<game>.py``
and register themselves with :func:`strategy`; :func:`make_agent` builds one by name and
:func:`strategies` lists them for a game. They are found by :data:`STRATEGIES`, a
:class:`catcards.registry.Registry` of this package's modules and of installed plugins'
(entry-point group ``catcards.agents``; see ``CONTRIBUTING.md``).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from ..core import Action, GameParameterError, normal_name
from ..registry import Registry

__all__ = ["STRATEGIES", "Agent", "RandomAgent", "strategy", "strategies", "make_agent", "pick"]


#: bit generators whose ``random_raw()`` gives 64 uniform bits (NumPy's default is PCG64)
_RAW64 = (np.random.PCG64, np.random.PCG64DXSM, np.random.Philox, np.random.SFC64)
_MASK64 = (1 << 64) - 1


def pick(rng: np.random.Generator, options: Sequence[Any]) -> Any:
    """One of ``options`` chosen uniformly with ``rng`` (used by every random choice of an agent).

    With a 64-bit bit generator (NumPy's default PCG64) the index is drawn by Lemire's
    multiply-and-reject method on ``rng.bit_generator.random_raw()`` (D. Lemire, "Fast random
    integer generation in an interval", ACM TOMACS 29(1), 2019): exactly uniform, and about three
    times faster than ``rng.integers(n)``, whose call overhead was a large part of a random
    player's move. Other bit generators use ``rng.integers(n)``.
    """
    n = len(options)
    if n == 1:
        return options[0]
    bits = rng.bit_generator
    if type(bits) not in _RAW64:
        return options[int(rng.integers(n))]
    m = bits.random_raw() * n
    if (m & _MASK64) < n:  # rarely: reject the few low products that would bias the result
        threshold = (1 << 64) % n
        while (m & _MASK64) < threshold:
            m = bits.random_raw() * n
    return options[m >> 64]


class Agent:
    """Base class of computer players. Subclasses implement :meth:`choose`.

    ``name`` is the strategy name it is registered under (``"random"``, ``"sensible"``, ...).

    ``reads_observation``: whether :meth:`choose` looks at its ``observation``. When it is False,
    :func:`catcards.simulate.play_game` (and so :func:`catcards.simulate`) passes ``None`` and
    skips building the observation, which is most of the time of a random player's move. A
    subclass that defines its own ``choose`` reads the observation unless it sets
    ``reads_observation = False`` itself (so a subclass of :class:`RandomAgent` that looks at the
    table is never starved of it).
    """

    name = "agent"
    reads_observation = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "choose" in cls.__dict__ and "reads_observation" not in cls.__dict__:
            cls.reads_observation = True

    def choose(self, observation: dict | None, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        """Return one of ``legal`` (never empty) for the seat whose ``observation`` this is
        (``None`` for an agent whose ``reads_observation`` is False)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions; plays every game. Never reads the observation."""

    name = "random"
    reads_observation = False

    def choose(self, observation, legal, rng):
        return pick(rng, legal)


#: strategies by ``(game name, strategy name)``: ``catcards.agents.<module>`` and plugins of group
#: ``catcards.agents``
STRATEGIES: Registry[Callable[..., Agent]] = Registry("catcards.agents", "catcards.agents")


def strategy(game: str, name: str) -> Callable:
    """Decorator: register an :class:`Agent` subclass (or factory) as strategy ``name`` of ``game``."""

    def deco(factory):
        return STRATEGIES.add((game, name), factory)

    return deco


def strategies(game: str) -> list[str]:
    """Strategy names available for ``game`` ("random" always among them)."""
    return ["random"] + sorted(n for g, n in STRATEGIES if g == game)


def make_agent(game: str, name: str | Agent = "random", **options: Any) -> Agent:
    """The agent for strategy ``name`` of ``game`` (an :class:`Agent` is passed through).

    The name is compared as typed text, with :func:`catcards.core.normal_name` on both sides
    (``" Sensible "`` is ``"sensible"``).

    Raises:
        GameParameterError: no such strategy for this game (the message lists those there are).
    """
    if isinstance(name, Agent):
        return name
    wanted = normal_name(name)
    if wanted == "random":
        return RandomAgent()
    for (g, registered), factory in STRATEGIES.items():
        if g == game and normal_name(registered) == wanted:
            return factory(**options)
    shown = repr(name) if len(repr(name)) <= 60 else repr(name)[:57] + "..."
    raise GameParameterError(f"no strategy {shown} for {game}; choose from {strategies(game)}")
