"""Seeds and the one generator a state draws from: every random event of a game comes from the
``numpy.random.Generator`` built from its seed (:func:`new_rng`), so a game is its seed, its deals
and its actions. A seed is checked here, given in code (:func:`check_seed`) or typed
(:func:`seed_from_text`), in one wording (:data:`SEED_RULE`).
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np

from .errors import GameParameterError
from .text import is_whole, short_repr
from .text import value_kind

__all__ = ["MAX_SEED", "SEED_RULE", "check_seed", "seed_from_text", "fresh_seed", "new_rng", "permutation"]


#: seeds are whole numbers with 0 <= seed < MAX_SEED (128 bits: numpy's SeedSequence entropy)
MAX_SEED = 2**128


#: what a seed may be, in every refusal of one: typed in a seed box, in the app's address, on the
#: command line, given in code, or read from a save
SEED_RULE = "a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits)"


def check_seed(seed: Any) -> int:
    """``seed`` as a Python int.

    Accepts Python and numpy integers (not bools) with 0 <= seed < 2**128 (:data:`MAX_SEED`, the
    entropy numpy's ``SeedSequence`` keeps).

    Raises:
        GameParameterError: anything else (the message says what a seed may be).
    """
    if not is_whole(seed) or not 0 <= int(seed) < MAX_SEED:
        raise GameParameterError(f"the seed must be {SEED_RULE}, not {short_repr(seed)}")
    return int(seed)


#: a typed seed: digits, grouped by thousands with commas ("1,000") or split by single underscores
#: ("1_000"); "12,34" (a decimal comma), "1,5", ",7" and "1,,0" are not numbers a person means
_TYPED_SEED = re.compile(r"[0-9]+(?:(?:,[0-9]{3})+|(?:_[0-9]+)*)")


def seed_from_text(text: Any) -> int:
    """The seed a person typed, checked as :func:`check_seed` checks one given in code: the one
    reader of a table's and the app's seed box, the app's address (``?seed=5``) and the
    ``catcards`` command's ``--seed``. Digits 0-9 (ASCII), grouped by thousands with commas
    ("1,000") or split by single underscores ("1_000"), spaces around ignored; the value from 0
    to 2**128 - 1 (:data:`MAX_SEED`: numpy's ``SeedSequence`` keeps 128 bits).

    Raises:
        GameParameterError: anything else, in one wording (:data:`SEED_RULE`): "the seed must be
            a whole number from 0 to 2**128 - 1, not '-1'", the text as typed (stripped) and cut
            after 40 characters with "...". Never builds a number of more than 39 digits.
    """
    if not isinstance(text, str):
        raise GameParameterError(f"the seed must be {SEED_RULE}, typed as text, not {value_kind(text)}")
    typed = text.strip()
    if _TYPED_SEED.fullmatch(typed):  # ASCII digits only: "²" and "٣" are refused
        significant = typed.replace(",", "").replace("_", "").lstrip("0") or "0"
        if len(significant) <= 39 and int(significant) < MAX_SEED:  # 2**128 - 1 has 39 digits
            return int(significant)
    shown = typed if len(typed) <= 40 else typed[:40] + "..."
    raise GameParameterError(f"the seed must be {SEED_RULE}, not {shown!r}")


def fresh_seed() -> int:
    """A new random seed (from OS entropy) as a plain int below 2**53, so that an unseeded game
    can be saved and its seed survives a trip through JavaScript (a browser's numbers are exact
    only below 2**53)."""
    return int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> 11)


def new_rng(seed: int) -> np.random.Generator:
    """The one generator a state draws from: ``numpy.random.default_rng(seed)``."""
    return np.random.default_rng(seed)


def permutation(rng: np.random.Generator, n: int) -> list[int]:
    """``rng.permutation(n).tolist()``: the same order from the same draws, as a list, about five
    times faster for a deck of cards (``Generator.shuffle`` of a list runs the same Fisher-Yates
    swaps as ``permutation`` without the array set-up; tests/games/test_engine_pins.py checks that they
    agree). Used to shuffle in the engines' hot paths."""
    order = list(range(n))
    rng.shuffle(order)
    return order


#: seeds the bit generators that clones build; their state is overwritten at once
_CLONE_SEED = np.random.SeedSequence(0)


def _generator_at(state: dict) -> np.random.Generator:
    """A new Generator whose bit generator (numpy's, named in ``state``) is at ``state``."""
    bit_generator = getattr(np.random, state["bit_generator"])(_CLONE_SEED)
    bit_generator.state = state
    return np.random.Generator(bit_generator)
