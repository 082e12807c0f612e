"""Computer players.

An agent sees what its seat may see and nothing more: it chooses from
``state.observation(seat)`` and ``state.legal_actions()``, with its own seeded generator::

    action = agent.choose(observation, legal, rng)

:class:`RandomAgent` plays any game. Game-specific strategies live in ``catcards/agents/<game>.py``
and register themselves with :func:`strategy`; :func:`make_agent` builds one by name and
:func:`strategies` lists them for a game.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Callable, Sequence

import numpy as np

from ..core import Action, GameParameterError

__all__ = ["Agent", "RandomAgent", "strategy", "strategies", "make_agent", "pick"]


def pick(rng: np.random.Generator, options: Sequence[Any]) -> Any:
    """One of ``options`` chosen uniformly with ``rng`` (used by every random choice of an agent)."""
    if len(options) == 1:
        return options[0]
    return options[int(rng.integers(len(options)))]


class Agent:
    """Base class of computer players. Subclasses implement :meth:`choose`.

    ``name`` is the strategy name it is registered under (``"random"``, ``"sensible"``, ...).
    """

    name = "agent"

    def choose(self, observation: dict, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        """Return one of ``legal`` (never empty) for the seat whose ``observation`` this is."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions; plays every game."""

    name = "random"

    def choose(self, observation, legal, rng):
        return pick(rng, legal)


_STRATEGIES: dict[tuple[str, str], Callable[..., Agent]] = {}
_discovered = False


def strategy(game: str, name: str) -> Callable:
    """Decorator: register an :class:`Agent` subclass (or factory) as strategy ``name`` of ``game``."""

    def deco(factory):
        _STRATEGIES[(game, name)] = factory
        return factory

    return deco


def _discover() -> None:
    global _discovered
    if not _discovered:
        for module in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{module.name}")
        _discovered = True


def strategies(game: str) -> list[str]:
    """Strategy names available for ``game`` ("random" always among them)."""
    _discover()
    return ["random"] + sorted(n for g, n in _STRATEGIES if g == game)


def make_agent(game: str, name: str | Agent = "random", **options: Any) -> Agent:
    """The agent for strategy ``name`` of ``game`` (an :class:`Agent` is passed through).

    Raises:
        GameParameterError: no such strategy for this game (the message lists those there are).
    """
    if isinstance(name, Agent):
        return name
    _discover()
    if name == "random":
        return RandomAgent()
    try:
        factory = _STRATEGIES[(game, name)]
    except KeyError:
        raise GameParameterError(
            f"no strategy {name!r} for {game}; choose from {strategies(game)}"
        ) from None
    return factory(**options)
