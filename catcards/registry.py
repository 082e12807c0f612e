"""The one registry of games: ``load(name, **params)``, ``list_games()``, ``load_state(json)``.

Each module in :mod:`catcards.games` registers its games with :func:`register`; the modules are
discovered on first use, so adding a game means adding one module.
"""
from __future__ import annotations

import importlib
import json
import pkgutil
import re
from typing import Any, Callable

import numpy as np

from .core import (
    MAX_SEED,
    OLD_SAVE_FORMATS,
    SAVE_FORMAT,
    CatcardsError,
    Game,
    GameParameterError,
    SaveFormatError,
    State,
    is_whole,
    short_repr,
    short_text,
)

__all__ = ["register", "load", "list_games", "game_class", "load_state", "read_save"]

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
    except (KeyError, TypeError):
        called = repr(name) if isinstance(name, str) else short_repr(name)
        raise GameParameterError(
            f"no game called {called}; the games are: {', '.join(sorted(_GAMES))}"
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


#: the longest save :func:`load_state` reads, in characters (a long Card Game save is ~100 kB)
MAX_SAVE_CHARS = 10_000_000
#: the deepest nesting of lists and objects a save may have (a real one nests 5 levels)
MAX_SAVE_DEPTH = 32
_HEX = frozenset("0123456789abcdef")
_FIELDS_V2 = ("format", "game", "params", "seed", "deals", "actions", "digest")
_FIELDS_V1 = ("format", "game", "params", "seed", "deals", "actions")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)


def _bad(what: str) -> SaveFormatError:
    return SaveFormatError(f"not a catcards saved game: {what}")


def _nesting(text: str) -> int:
    """How deeply the lists and objects of JSON ``text`` nest (strings skipped), in linear time
    and without recursion."""
    bare = _STRING.sub("", text).encode("utf-8", "replace")
    codes = np.frombuffer(bare, dtype=np.uint8)
    if not len(codes):
        return 0
    steps = (codes == ord("[")).astype(np.int64) + (codes == ord("{"))
    steps -= (codes == ord("]")).astype(np.int64) + (codes == ord("}"))
    return int(np.cumsum(steps).max())


def _no_duplicates(pairs: list) -> dict:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise ValueError(f"the key {short_repr(dup)} appears twice in one object")
    return dict(pairs)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save may hold")


def read_save(text: Any) -> dict[str, Any]:
    """The fields of a saved game, checked against the save format but not yet replayed (what
    :func:`load_state` reads first). Never opens a file: ``text`` is the save's content.

    Returns:
        a dict with ``format``, ``game``, ``params``, ``seed`` (an int), ``deals``, ``actions``
        (a list of str) and ``digest`` (None for a "catcards-save-1" save).

    Raises:
        SaveFormatError: not text, longer than :data:`MAX_SAVE_CHARS` characters, not JSON,
            nested deeper than :data:`MAX_SAVE_DEPTH`, a duplicated key, NaN/Infinity, an unknown
            format, or a field missing or of the wrong type; the message names the field.
    """
    if not isinstance(text, str):
        raise _bad(
            f"a save is JSON text (str), not {type(text).__name__}; read a save file with "
            "open(path, encoding='utf-8').read() and pass its text"
        )
    if len(text) > MAX_SAVE_CHARS:
        raise _bad(f"{len(text):,} characters is more than a save may have ({MAX_SAVE_CHARS:,})")
    if _nesting(text) > MAX_SAVE_DEPTH:
        raise _bad(f"lists and objects nest more than {MAX_SAVE_DEPTH} levels deep")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:  # pragma: no cover - the nesting check comes first
        raise _bad(f"lists and objects nest more than {MAX_SAVE_DEPTH} levels deep") from None
    except ValueError as exc:  # JSONDecodeError, a duplicated key, NaN, a 5000-digit number
        raise _bad(f"the text is not valid save JSON ({short_text(exc, 200)})") from None
    if not isinstance(data, dict):
        raise _bad(f"a save is a JSON object, not {type(data).__name__}")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT and fmt not in OLD_SAVE_FORMATS:
        readable = ", ".join(repr(f) for f in (SAVE_FORMAT, *OLD_SAVE_FORMATS))
        raise _bad(f"format {short_repr(fmt)}, expected {SAVE_FORMAT!r} (this catcards reads {readable})")
    fields = _FIELDS_V2 if fmt == SAVE_FORMAT else _FIELDS_V1
    unknown = [k for k in data if k not in fields]
    if unknown:
        raise _bad(f"unknown field {short_repr(unknown[0])} (a {fmt} save has {', '.join(fields)})")
    optional = ("deals",) if fmt != SAVE_FORMAT else ()
    missing = [k for k in fields if k not in data and k not in optional]
    if missing:
        raise _bad(f"the field {missing[0]!r} is missing")
    name, params, seed, actions = data["game"], data["params"], data["seed"], data["actions"]
    if not isinstance(name, str) or len(name) > 100:
        raise _bad(f"'game' must be a game's name (text), not {short_repr(name)}")
    if not isinstance(params, dict):
        raise _bad(f"'params' must be an object (parameter name: value), not {type(params).__name__}")
    if not is_whole(seed) or not 0 <= seed < MAX_SEED:
        raise _bad(f"'seed' must be a whole number from 0 to 2**128 - 1, not {short_repr(seed)}")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _bad("'actions' must be a list of the actions' text")
    digest = data.get("digest")
    if fmt == SAVE_FORMAT and (not isinstance(digest, str) or len(digest) != 64 or not set(digest) <= _HEX):
        raise _bad(f"'digest' must be 64 lower-case hex digits (SHA-256), not {short_repr(digest)}")
    return {
        "format": fmt,
        "game": name,
        "params": params,
        "seed": int(seed),
        "deals": data.get("deals"),
        "actions": actions,
        "digest": digest,
    }


def load_state(text: str) -> State:
    """Rebuild a game saved with :meth:`State.to_json` by replaying its actions.

    The save is untrusted: it is checked field by field (:func:`read_save`), the game is built
    from its parameters with :meth:`Game.from_saved_params` (never opening a file), its deals and
    actions are replayed, and the replayed state's :meth:`State.digest` must equal the saved
    digest. A "catcards-save-1" save (before digests) is replayed without that last check.

    Raises:
        SaveFormatError: anything wrong with the save: not a catcards save, a field missing or of
            the wrong type, parameters or deals the game refuses, an action that is not legal
            when replayed, or a digest that the replayed game does not reproduce (the save was
            edited: seed, deals, actions or digest). The message names the field.
    """
    data = read_save(text)
    try:
        cls = game_class(data["game"])
    except GameParameterError as exc:
        raise SaveFormatError(f"the saved game ('game') does not load: {exc}") from None
    game = _saved_step(
        "the saved game's parameters do not load ('params')", lambda: cls.from_saved_params(data["params"])
    )
    state = _saved_step(
        "the saved game's deals do not load ('deals')", lambda: game.new_game(data["seed"], deals=data["deals"])
    )
    for i, text_action in enumerate(data["actions"]):
        _saved_step(
            f"saved action {i} ({short_text(text_action)!r}) does not replay",
            lambda: state.apply(state.action_from_string(text_action)),
        )
    if data["digest"] is not None and state.digest() != data["digest"]:
        raise SaveFormatError(
            "the save does not reproduce its game: replayed, its actions end in another state "
            "than the one saved (the digest differs), so its seed, deals, actions, parameters or "
            "digest were edited, or another version of catcards with other rules made it"
        )
    return state


def _saved_step(what: str, step: Callable[[], Any]) -> Any:
    """Run one step of loading a save; any error it raises becomes a SaveFormatError."""
    try:
        return step()
    except CatcardsError as exc:
        raise SaveFormatError(f"{what}: {exc}") from None
    except Exception as exc:  # a game meeting data no game would make: still a clear refusal
        raise SaveFormatError(f"{what}: {type(exc).__name__}: {short_text(exc, 200)}") from exc
