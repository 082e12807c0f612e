"""The one registry of games: ``load(name, **params)``, ``list_games()``, ``load_state(json)``
(the save format itself is :mod:`catcards.core.saves`; this module fills its ``game_class`` hook),
and :class:`Registry`, the one discovery mechanism used for games, strategies
(:mod:`catcards.agents`) and tables (:mod:`catcards.widgets.table`).

A registry finds its entries by importing every module (or subpackage) of one catcards package
and every module that an installed distribution names under the registry's entry-point group
(``catcards.games``, ``catcards.agents``, ``catcards.tables``), on first use. So a game of
catcards is one module in ``catcards/games/``, and a game from elsewhere is a package with entry
points (``CONTRIBUTING.md``, "Add a game"). Importing a module runs its decorators
(:func:`register`, :func:`catcards.agents.strategy`, :func:`catcards.widgets.table.table_for`).
"""
from __future__ import annotations

import importlib
import pkgutil
import threading
import warnings
from importlib.metadata import entry_points
from typing import Any, Generic, Iterator, TypeVar

from . import hooks
from .core import Game, GameParameterError, short_repr
from .core.saves import load_state, read_save  # noqa: F401 (re-exported: the save format lives in the contract)

__all__ = ["Registry", "register", "load", "list_games", "game_class", "load_state", "read_save"]

T = TypeVar("T")


class Registry(Generic[T]):
    """Entries (a name, or any hashable key, to a class or factory) found by importing modules.

    Args:
        package: the catcards package whose modules (and subpackages: ``games/card_game/``) are
            imported on first use, e.g. ``"catcards.games"``.
        group: the entry-point group of installed plugins (``"catcards.games"``); each entry
            point's value names a module to import (``toy_game.game``). None: no plugins.
        skip: module names of ``package`` not to import (the package's own machinery).
        tolerant: a module that fails to import is skipped with a warning instead of raising
            (tables: one broken table must not stop every other game's). A plugin that fails
            to import is always skipped with a warning, so an installed broken plugin cannot
            break catcards.

    Lookups (``key in r``, :meth:`get`, :meth:`items`, ``len``, iteration) discover first;
    :meth:`add` (what the decorators call) does not. Discovery is safe from many threads at once:
    a lookup in another thread waits until it is finished (eight threads' first
    ``catcards.load("snap")`` found no games while one of them was still importing them).
    """

    def __init__(self, package: str, group: str | None = None, *, skip: tuple[str, ...] = (),
                 tolerant: bool = False):
        self.package = package
        self.group = group
        self.skip = skip
        self.tolerant = tolerant
        self._items: dict[Any, T] = {}
        self._discovered = False  # every module imported
        self._importing = False  # this registry's modules are being imported (under the lock)
        self._lock = threading.RLock()

    def add(self, key: Any, value: T) -> T:
        """Register ``value`` under ``key`` (a later registration of the same key replaces it)."""
        self._items[key] = value
        return value

    def discover(self) -> None:
        """Import the package's modules and the plugins' modules, once (see the class docstring)."""
        if self._discovered:
            return
        with self._lock:
            # _importing: a module that looks itself up while this thread imports it
            if self._discovered or self._importing:
                return
            self._importing = True
            try:
                self._import_modules()
            finally:
                self._importing = False

    def _import_modules(self) -> None:
        package = importlib.import_module(self.package)
        for module in pkgutil.iter_modules(package.__path__):
            if module.name in self.skip:
                continue
            try:
                importlib.import_module(f"{self.package}.{module.name}")
            except Exception as exc:
                if not self.tolerant:
                    raise  # not discovered: the next lookup tries again
                warnings.warn(f"{self.package}.{module.name} could not be imported: {exc!r}")
        if self.group is not None:
            for point in entry_points(group=self.group):
                try:
                    importlib.import_module(point.value.split(":")[0].strip())
                except Exception as exc:  # a broken plugin must not break catcards
                    warnings.warn(f"the catcards plugin {point.name!r} ({point.value}) in group "
                                  f"{self.group!r} could not be imported: {exc!r}")
        self._discovered = True

    def get(self, key: Any, default: Any = None) -> T | Any:
        """The entry for ``key``, or ``default``."""
        self.discover()
        return self._items.get(key, default)

    def items(self) -> list[tuple[Any, T]]:
        """Every ``(key, entry)`` pair, in registration order."""
        self.discover()
        return list(self._items.items())

    def __contains__(self, key: Any) -> bool:
        self.discover()
        return key in self._items

    def __iter__(self) -> Iterator[Any]:
        self.discover()
        return iter(list(self._items))

    def __len__(self) -> int:
        self.discover()
        return len(self._items)

    def __repr__(self) -> str:
        return f"Registry({self.package!r}, {self.group!r}: {len(self._items)} entries)"


#: the games: ``catcards.games.<module>`` and plugins of group ``catcards.games``
GAMES: Registry[type[Game]] = Registry("catcards.games", "catcards.games")


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make ``cls`` loadable as ``catcards.load(cls.name)``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name to register")
    return GAMES.add(cls.name, cls)


def list_games() -> list[str]:
    """Names of every registered game, sorted (``"simons-cat"``, ...)."""
    return sorted(GAMES)


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered as ``name``.

    Raises:
        GameParameterError: no game has that name (the message lists the names there are).
    """
    try:
        found = GAMES.get(name)
    except TypeError:  # an unhashable name
        found = None
    if found is None:
        called = repr(name) if isinstance(name, str) else short_repr(name)
        raise GameParameterError(
            f"no game called {called}; the games are: {', '.join(sorted(GAMES))}"
        ) from None
    return found


def load(name: str, **params: Any) -> Game:
    """The game ``name`` with ``params`` (e.g. ``load("simons-cat", players=4)``).

    Raises:
        GameParameterError: unknown game, unknown parameter, or a value the rules do not allow.
    """
    cls = game_class(name)
    cls.check_names(params)
    try:
        return cls(**params)
    except TypeError as exc:  # a game whose __init__ takes **kwargs and then refuses one
        raise GameParameterError(f"{cls.title}: {exc}") from None


hooks.provide("game_class", game_class)
