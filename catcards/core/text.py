"""Text about untrusted values, and how typed names are compared: the words every refusal uses.

:func:`short_text` / :func:`short_repr` / :func:`few_reprs` describe a value in a message without
ever raising or growing without bound; :func:`json_kind` names the kind of a value read from JSON
in plain words ("a number", "a list"), never a Python class's name, and :func:`value_kind` the
kind of a value a Python caller gave in the same words; :func:`plural` says "1 turn", "2 turns";
:func:`normal_name` is how a typed name is compared with a
name; :func:`unsafe_character` finds what a name may not hold; :func:`is_whole` is what a "whole
number" accepts. Part of the contract (:mod:`catcards.core`); imports nothing of catcards.
"""
from __future__ import annotations

import unicodedata
from typing import Any, Sequence

import numpy as np

__all__ = ["short_text", "short_repr", "few_reprs", "json_kind", "value_kind", "plural", "is_whole", "normal_name", "unsafe_character", "PLAIN_TEXT", "LAB_INSTALL"]


#: how a message says to install the lab extra (JupyterLab, Voila, the class pool's store), as the
#: README installs catcards: from its clone (it is not on PyPI)
LAB_INSTALL = 'in the catcards folder: pip install -e ".[lab]"'


def is_whole(value: Any) -> bool:
    """True for Python and numpy integers (not bools): what a "whole number" parameter accepts."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _a(noun: str) -> str:
    """``noun`` with its indefinite article: "an int", "a dict"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def short_text(value: Any, limit: int = 80) -> str:
    """``str(value)`` cut to ``limit`` characters, for error messages about untrusted values:
    it never raises (a huge int, or an object whose ``str`` fails, is described instead)."""
    try:
        if is_whole(value) and int(value).bit_length() > 256:
            return f"a {int(value).bit_length()}-bit number"
        text = str(value)
    except Exception:  # an object whose __str__ fails (a malformed action)
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short_repr(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters; never raises (see :func:`short_text`)."""
    try:
        if is_whole(value) and int(value).bit_length() > 256:
            return f"a {int(value).bit_length()}-bit number"
        text = repr(value)
    except Exception:  # an object whose __repr__ fails
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def json_kind(value: Any) -> str:
    """What kind of JSON value ``value`` is, in plain words for a message ("a save is an object,
    not a list"): "a number", "text", "a list", "an object", "true or false", "null"; a value no
    JSON reader gives is "something else". A reader's stand-in for a number too long to read may
    say it is one by a ``json_kind`` attribute (its text), as the save reader's does."""
    said = getattr(type(value), "json_kind", None)
    if isinstance(said, str):
        return said
    if isinstance(value, (bool, np.bool_)):
        return "true or false"
    if isinstance(value, (int, float, np.integer, np.floating)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "null" if value is None else "something else"


def value_kind(value: Any) -> str:
    """What kind of value a caller gave, in the words of :func:`json_kind` for a message ("the
    cards are a path, an open file, or a table, not a number"), never a Python class's name
    ("not int", "not NoneType", which a 16-year-old cannot read): a dict is "a dictionary", None
    is "None", a float "a decimal number", bytes "bytes", a numpy array "an array", a set "a set",
    anything else JSON has no word for
    "something else"."""
    if value is None:
        return "None"
    if isinstance(value, dict):
        return "a dictionary"
    if isinstance(value, np.ndarray):
        return "an array"
    if isinstance(value, (set, frozenset)):
        return "a set"
    if isinstance(value, (bytes, bytearray)):
        return "bytes"
    if isinstance(value, (float, np.floating)):
        return "a decimal number"   # "must be a whole number, not a number" read as a contradiction
    return json_kind(value)


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and the noun, singular for 1 and plural otherwise: ``plural(1, "card")`` is
    "1 card", ``plural(3, "card")`` "3 cards", ``plural(2, "mess", "messes")`` "2 messes"
    (``words``: the plural when it is not ``word`` + "s"). Plain text, not escaped. No thousands
    commas: a game's outcome reason is part of a save's digest (:mod:`catcards.core.saves`), so
    its "500 turns" stays as it was."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def few_reprs(values: Sequence[Any], limit: int = 5) -> str:
    """The first ``limit`` of ``values`` as :func:`short_repr` gives them, comma-separated, then
    "... (N in all)" when there are more: for a message naming what was refused, which a file
    or a save can make as long as it likes (a save with 500,000 unknown names gave a 5 MB
    message)."""
    named = ", ".join(short_repr(v) for v in values[:limit])
    return named + (f", ... ({len(values):,} in all)" if len(values) > limit else "")


def normal_name(text: Any) -> str:
    """How typed text is compared with a name: Unicode NFC, case-folded, surrounding space
    stripped and inner runs of space read as one (``" Chat  NOIR "`` and ``"chat noir"`` match,
    as do an accented letter typed precomposed or as letter + combining accent).

    Use it on both sides of every comparison of a name a user types (actions, deals, card lists,
    the CLI). Raises nothing: a non-string is compared as its ``str``.
    """
    return " ".join(unicodedata.normalize("NFC", str(text)).casefold().split())


#: what a name or typed text may hold, for the refusals of :func:`check_plain_text`
PLAIN_TEXT = ("letters, digits, punctuation, symbols and spaces, not control or format characters "
              "(such as the bidi controls U+202A-U+202E, U+2066-U+2069, U+200E and U+200F)")


#: control characters read as spaces (``normal_name`` folds them; a CSV field may span lines)
_SPACES = frozenset("\t\n\r")


#: the zero-width joiner, kept between two symbols: emoji sequences such as a black cat
_ZWJ = "\u200d"


def unsafe_character(text: str) -> str | None:
    """The first character of ``text`` that names and typed text may not hold, described as
    "U+202E (RIGHT-TO-LEFT OVERRIDE)", or None when there is none.

    Refused: every control or format character (Unicode general category Cc or Cf): the bidi
    controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F), which make text display in an order
    other than the one it is compared in, zero-width and soft-hyphen characters, which make two
    different names look alike, and C0/C1 controls (NUL, ESC, ...). Allowed among them: tab, line
    feed and carriage return (read as spaces by :func:`normal_name`), and the zero-width joiner
    U+200D between two symbols or marks (emoji sequences, e.g. a black cat U+1F408 U+200D U+2B1B).
    Source: Unicode Technical Report #36, "Unicode Security Considerations" (bidi and invisible
    characters in identifiers), and Unicode Standard Annex #9 for the bidi controls.

    Example::

        >>> unsafe_character("Lazy Cat\\u202e")
        'U+202E (RIGHT-TO-LEFT OVERRIDE)'
        >>> unsafe_character("Chat noir\\t") is None
        True
    """
    if text.isprintable():  # no Cc or Cf (nor Zl/Zp, Co, Cn, Cs): the common case, in C
        return None
    for i, ch in enumerate(text):
        if ch in _SPACES or unicodedata.category(ch) not in ("Cc", "Cf"):
            continue
        if (ch == _ZWJ and 0 < i < len(text) - 1
                and unicodedata.category(text[i - 1]) in ("So", "Sk", "Mn")
                and unicodedata.category(text[i + 1]) == "So"):
            continue
        return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'a control character')})"
    return None
