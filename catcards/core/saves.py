"""The save format, in one place: what :meth:`State.to_json` writes (:func:`save_json`), the
fingerprint it carries (:func:`digest`), how an untrusted save is read (:func:`read_save`) and
replayed (:func:`load_state`, also ``catcards.load_state``). See the README, "What a save
contains".

A save is ``format`` (:data:`SAVE_FORMAT`), ``game`` (the registry name), ``params``, ``seed``,
``deals`` (plain JSON data, :func:`deals_json`), ``actions`` (the actions' text, in order) and
``digest``. The game class a save names is found through the ``game_class`` hook, which
:mod:`catcards.registry` fills (:mod:`catcards.hooks`): the contract never imports the registry.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING, Any, Callable, Mapping

import numpy as np

from .. import hooks
from ..cards import Card
from .errors import CatcardsError, GameParameterError, SaveFormatError
from .seeds import MAX_SEED, SEED_RULE
from .text import is_whole, json_kind, short_repr, short_text
from .text import value_kind
from .validation import check_deals

if TYPE_CHECKING:
    from .state import State

__all__ = ["SAVE_FORMAT", "OLD_SAVE_FORMATS", "save_json", "digest", "read_save", "load_state", "deals_json",
           "MAX_SAVE_CHARS", "MAX_SAVE_DEPTH", "MAX_SAVE_DIGITS", "MAX_SEED_DIGITS"]

#: the "format" field of a saved game (see :meth:`State.to_json` and the README, "What a save
#: contains")
SAVE_FORMAT = "catcards-save-2"

#: older formats :func:`catcards.load_state` still reads: "catcards-save-1" had no digest, so such
#: a save is replayed without the check that it reproduces its game
OLD_SAVE_FORMATS: tuple[str, ...] = ("catcards-save-1",)


def deals_json(deals: Any, depth: int = 0) -> Any:
    """Deals as plain JSON data (Cards as their names, tuples as lists), so they can be saved.

    Raises:
        GameParameterError: a value that is not text, a whole number, None, a Card, a list or a
            dict with text keys (a generator, a float...), or nesting deeper than 8.
    """
    if depth == 0:
        check_deals(deals)
    if isinstance(deals, Card):
        return str(deals)
    if isinstance(deals, str) or deals is None or isinstance(deals, bool):
        return deals
    if is_whole(deals):
        return int(deals)
    if isinstance(deals, Mapping):
        if not all(isinstance(k, str) for k in deals):
            raise GameParameterError("deals: the keys of a deal given as a dict are text")
        return {k: deals_json(v, depth + 1) for k, v in deals.items()}
    if isinstance(deals, (list, tuple)):
        return [deals_json(d, depth + 1) for d in deals]
    raise GameParameterError(
        f"deals are lists (and dicts) of card names, not {value_kind(deals)} ({short_repr(deals)})"
    )


def save_json(state: "State") -> str:
    """``state`` as a save (what :meth:`State.to_json` returns): JSON text with the fields
    ``format``, ``game``, ``params``, ``seed``, ``deals``, ``actions`` and ``digest``."""
    return json.dumps(
        {
            "format": SAVE_FORMAT,
            "game": state.game.name,
            "params": state.game.params,
            "seed": state.seed,
            "deals": state.deals,
            "actions": [str(a) for a in state.history],
            "digest": digest(state),
        }
    )


def digest(state: "State") -> str:
    """The SHA-256 fingerprint of ``state`` (64 hex digits; what :meth:`State.digest` returns):
    game name, parameters, seed, deals, the actions' text, the public log, every zone's cards (as
    text, copy numbers included), the seat to act and the outcome."""
    outcome = state._outcome
    record = {
        "game": state.game.name,
        "params": state.game.params,
        "seed": state.seed,
        "deals": state.deals,
        "actions": [str(a) for a in state.history],
        "log": state.log,
        "zones": {name: [_card_text(c) for c in cards] for name, cards in state.zones().items()},
        "current_player": state.current_player,
        "outcome": None
        if outcome is None
        else [list(outcome.winners), list(outcome.scores), outcome.reason, outcome.higher_is_better],
    }
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _card_text(card: Any) -> str:
    """A card as text for :meth:`State.digest`: its name, and its copy number when not 0."""
    k = getattr(card, "copy", 0)
    return f"{card} #{k}" if isinstance(k, int) and k else str(card)


def _plain(value: Any) -> Any:
    """JSON for the few non-JSON values a digest may meet (numpy numbers, Cards)."""
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, (set, frozenset)):
        return sorted(map(str, value))
    return str(value)


#: the longest save :func:`load_state` reads, in characters (a long Card Game save is ~100 kB)
MAX_SAVE_CHARS = 10_000_000
#: the deepest nesting of lists and objects a save may have (a real one nests 5 levels)
MAX_SAVE_DEPTH = 32
_HEX = frozenset("0123456789abcdef")
_FIELDS_V2 = ("format", "game", "params", "seed", "deals", "actions", "digest")
#: the most digits of a number in a save read as a seed might be (2**128 - 1 has 39); a longer
#: number is kept as its digits until its field is known (a seed's message says the seed rule)
MAX_SEED_DIGITS = 39
#: the most digits of any number in a save (Python's own bound, sys.get_int_max_str_digits())
MAX_SAVE_DIGITS = 4_300
_FIELDS_V1 = ("format", "game", "params", "seed", "deals", "actions")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)


def _bad(what: str) -> SaveFormatError:
    return SaveFormatError(f"not a catcards saved game: {what}")


def _nesting(text: str) -> tuple[int, int]:
    """How deeply the lists and objects of JSON ``text`` nest (strings skipped), and how many are
    still open at its end (more than 0: the text was cut off), in linear time and without
    recursion."""
    bare = _STRING.sub("", text).encode("utf-8", "replace")
    codes = np.frombuffer(bare, dtype=np.uint8)
    if not len(codes):
        return 0, 0
    steps = (codes == ord("[")).astype(np.int64) + (codes == ord("{"))
    steps -= (codes == ord("]")).astype(np.int64) + (codes == ord("}"))
    depth = np.cumsum(steps)
    return int(depth.max()), int(depth[-1])


class _LongNumber:
    """A whole number of more than :data:`MAX_SEED_DIGITS` digits in a save, kept as its digits
    (not read: Python refuses to read more than 4,300 digits, and reading is slow past that),
    shown cut short in messages, and named "a number" there (:func:`json_kind`), never by this
    class's name."""

    json_kind = "a number"

    def __init__(self, digits: str):
        self.digits = digits

    def __repr__(self) -> str:
        count = len(self.digits.lstrip("-"))
        return f"{self.digits[:20]}... ({count:,} digits)"


def _save_int(digits: str, found: list) -> int | _LongNumber:
    """``json``'s ``parse_int`` for a save: a number longer than any seed is not read yet (it is
    added to ``found``)."""
    if len(digits.lstrip("-")) <= MAX_SEED_DIGITS:
        return int(digits)
    found.append(_LongNumber(digits))
    return found[-1]


def _read_long_numbers(value: Any, field: str) -> Any:
    """``value`` (a save's field) with each :class:`_LongNumber` read as an int, or refused when
    it has more than :data:`MAX_SAVE_DIGITS` digits (the message names ``field``)."""
    if isinstance(value, _LongNumber):
        if len(value.digits.lstrip("-")) > MAX_SAVE_DIGITS:
            raise _bad(f"{field!r} holds the number {value!r}; a number in a save has at most "
                       f"{MAX_SAVE_DIGITS:,} digits")
        return int(value.digits)
    if isinstance(value, dict):
        return {k: _read_long_numbers(v, field) for k, v in value.items()}
    if isinstance(value, list):
        return [_read_long_numbers(v, field) for v in value]
    return value


def _json_problem(exc: json.JSONDecodeError, text: str) -> str:
    """What is wrong with a save's text that is not JSON, and what to do, in words."""
    said = exc.msg[:-3] if exc.msg.endswith(" at") else exc.msg  # "Unterminated string starting at"
    where = f"{said[:1].lower()}{said[1:]} at line {exc.lineno}, column {exc.colno}"
    if not text.strip():
        return "the text is empty; a save is the text a game's to_json() gives (save the game again)"
    if exc.msg.startswith("Unterminated string") or _nesting(text)[1] > 0:
        return (f"the text ends before the save does, so the file is cut off (JSON: {where}); "
                "save the game again, or ask for the whole file again")
    return (f"the text is not JSON (JSON: {where}): it was cut or edited, or is another kind of "
            "file; save the game again, or ask for the file again")


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
    :func:`load_state` reads first). Never opens a file: ``text`` is the save's content. A
    byte-order mark at its start (Notepad on Windows writes one) is skipped.

    Returns:
        a dict with ``format``, ``game``, ``params``, ``seed`` (an int), ``deals``, ``actions``
        (a list of str) and ``digest`` (None for a "catcards-save-1" save).

    Raises:
        SaveFormatError: not text (bytes too: the message says how to read a save file as text),
            starting with a byte-order mark read in another encoding, longer than
            :data:`MAX_SAVE_CHARS` characters, empty, cut off (the message says so, with the line
            and column where the JSON stops, and to save again or ask for the whole file), not
            JSON, nested deeper than :data:`MAX_SAVE_DEPTH`, a duplicated key, NaN/Infinity, an
            unknown format, a number of more than :data:`MAX_SAVE_DIGITS` digits (never read), or
            a field missing or of the wrong type; the message names the field. A seed is checked
            against the seed rule (:data:`catcards.core.SEED_RULE`) before any number of more
            digits than a seed may have is read, and is shown cut to its first 20 digits.
    """
    if not isinstance(text, str):
        raise _bad(
            f"a save is JSON text (str), not {value_kind(text)}; read a save file with "
            "open(path, encoding='utf-8').read() and pass its text"
        )
    if text.startswith("\ufeff"):  # a byte-order mark (Notepad writes one): not part of the save
        text = text[1:]
    elif text.startswith("\u00ef\u00bb\u00bf"):  # the same mark, its bytes read as Windows-1252
        raise _bad(
            "the text starts with '\u00ef\u00bb\u00bf', a UTF-8 byte-order mark read in another encoding; "
            "read a save file with open(path, encoding='utf-8').read() and pass its text"
        )
    if len(text) > MAX_SAVE_CHARS:
        raise _bad(f"{len(text):,} characters is more than a save may have ({MAX_SAVE_CHARS:,})")
    if _nesting(text)[0] > MAX_SAVE_DEPTH:
        raise _bad(f"lists and objects nest more than {MAX_SAVE_DEPTH} levels deep")
    long_numbers: list[_LongNumber] = []
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                          parse_int=lambda digits: _save_int(digits, long_numbers))
    except RecursionError:  # pragma: no cover - the nesting check comes first
        raise _bad(f"lists and objects nest more than {MAX_SAVE_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:  # cut off, edited, or not a save
        raise _bad(_json_problem(exc, text)) from None
    except ValueError as exc:  # a duplicated key, NaN
        raise _bad(f"the text is not valid save JSON ({short_text(exc, 200)})") from None
    if not isinstance(data, dict):
        raise _bad(f"a save is a JSON object, not {json_kind(data)}")
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
        raise _bad(f"'params' must be an object (parameter name: value), not {json_kind(params)}")
    if not is_whole(seed) or not 0 <= seed < MAX_SEED:  # a _LongNumber too: shown cut short
        raise _bad(f"'seed' must be {SEED_RULE}, not {short_repr(seed)}")
    deals = data.get("deals")
    if long_numbers:  # rare: a number of more digits than a seed's, read or refused by its field
        params, deals = _read_long_numbers(params, "params"), _read_long_numbers(deals, "deals")
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
        "deals": deals,
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
        cls = hooks.call("game_class", data["game"])
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
