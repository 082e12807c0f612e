"""The one registry of games: ``load(name, **params)``, ``list_games()``, ``load_state(json)``.

Each module in :mod:`catcards.games` registers its games with :func:`register`; the modules are
discovered on first use, so adding a game means adding one module.
"""
from __future__ import annotations

import importlib
import json
import pkgutil
from typing import Any

from .core import SAVE_FORMAT, Game, GameParameterError, SaveFormatError, State

__all__ = ["register", "load", "list_games", "game_class", "load_state"]

_GAMES: dict[str, type[Game]] = {}
_discovered = False


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make ``cls`` loadable as ``catcards.load(cls.name)``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name to register")
    _GAMES[cls.name] = cls
    return cls


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    from . import games

    for module in pkgutil.iter_modules(games.__path__):
        importlib.import_module(f"{games.__name__}.{module.name}")
    _discovered = True


def list_games() -> list[str]:
    """Names of every registered game, sorted (``"simons-cat"``, ...)."""
    _discover()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered as ``name``.

    Raises:
        GameParameterError: no game has that name (the message lists the names there are).
    """
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        raise GameParameterError(
            f"no game called {name!r}; the games are: {', '.join(sorted(_GAMES))}"
        ) from None


def load(name: str, **params: Any) -> Game:
    """The game ``name`` with ``params`` (e.g. ``load("simons-cat", players=4)``).

    Raises:
        GameParameterError: unknown game, unknown parameter, or a value the rules do not allow.
    """
    cls = game_class(name)
    try:
        return cls(**params)
    except TypeError as exc:  # unknown keyword
        raise GameParameterError(f"{cls.title}: {exc}") from None


def load_state(text: str) -> State:
    """Rebuild a game saved with :meth:`State.to_json` by replaying its actions.

    Raises:
        SaveFormatError: not a catcards save, or an action that is not legal when replayed.
    """
    try:
        data = json.loads(text)
        name, params, seed = data["game"], data["params"], data["seed"]
        actions = data["actions"]
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveFormatError(f"not a catcards saved game: {exc}") from None
    if data.get("format") != SAVE_FORMAT:
        raise SaveFormatError(f"not a catcards saved game: format {data.get('format')!r}, expected {SAVE_FORMAT!r}")
    if not isinstance(params, dict) or not isinstance(actions, list):
        raise SaveFormatError("not a catcards saved game: 'params' must be an object and 'actions' a list")
    try:
        state = game_class(name).from_saved_params(params).new_game(seed, deals=data.get("deals"))
    except GameParameterError as exc:
        raise SaveFormatError(f"the saved game's parameters do not load: {exc}") from None
    for i, text_action in enumerate(actions):
        try:
            action = state.action_from_string(text_action)
        except ValueError as exc:
            raise SaveFormatError(f"saved action {i} ({text_action!r}) does not replay: {exc}") from None
        state.apply(action)
    return state
