"""Exact expectations for Pairs (the memory game) played alone with perfect memory.

The classic game: ``n`` pairs (``copies=2``), one player, perfect memory, the simple strategy of
:class:`catcards.agents.pairs.MemoryAgent`. The state between turns is ``(u, k)``: ``u`` cards
never seen, ``k`` of which are the partners of the ``k`` seen single cards (known pairs are taken
at once, one turn each). Each turn (two cards turned):

- first card unseen; with probability ``k/u`` it matches a known card: take the pair, one turn,
  go to ``(u-1, k-1)``;
- else (probability ``(u-k)/u``) turn a second unseen card among ``u-1``:
  its partner (``1/(u-1)``): one turn, ``(u-2, k)``; a known card's partner (``k/(u-1)``): a miss
  and the known pair next turn, two turns, ``(u-2, k)``; anything else: one turn, ``(u-2, k+2)``.

``E(0, 0) = 0`` and the answer is ``E(2n, 0)``. Velleman and Warrington ("What to expect in a game
of memory", Amer. Math. Monthly 120 (2013) 787-805) show this expectation is asymptotically
``(3 - 2 ln 2) n + 7/8 - 2 ln 2`` (about 1.61 n); :func:`asymptotic_turns` gives it and the tests
check that the recursion approaches it.

:func:`expected_turns_board` does the same for any even number of copies (the Wildcat board has 4
of each number, any two matching), with a recursion over how many numbers are in each state
``(unseen, known)`` (see its docstring).
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from ..core import is_whole

__all__ = ["expected_turns_solo", "expected_turns_table", "asymptotic_turns", "expected_turns_board"]


def expected_turns_table(n: int, exact: bool = True) -> dict[tuple[int, int], Fraction | float]:
    """``E(u, k)`` for every reachable state of an ``n``-pair board (see the module docstring).

    Args:
        n: pairs on the board (>= 0).
        exact: Fractions (True) or floats (False, fast for large ``n``).

    Raises:
        ValueError: ``n`` negative or not whole.
    """
    if not is_whole(n) or n < 0:
        raise ValueError(f"n (pairs) must be a whole number >= 0, not {n!r}")
    one = Fraction(1) if exact else 1.0
    E: dict[tuple[int, int], Fraction | float] = {(0, 0): 0 * one}
    for u in range(1, 2 * n + 1):
        for k in range(u % 2, min(u, 2 * n - u) + 1, 2):
            # k known singles need k unseen partners; u - k unseen cards form whole pairs
            value = 0 * one
            if k:
                value += one * k / u * (1 + E[(u - 1, k - 1)])
            if u - k:
                rest = (
                    one / (u - 1) * (1 + E[(u - 2, k)])
                    + one * k / (u - 1) * (2 + E[(u - 2, k)])
                    + (one * (u - 2 - k) / (u - 1) * (1 + E[(u - 2, k + 2)]) if u - 2 - k > 0 else 0)
                )
                value += one * (u - k) / u * rest
            E[(u, k)] = value
    return E


def expected_turns_solo(n: int, exact: bool = True) -> Fraction | float:
    """Expected turns to clear an ``n``-pair board alone with perfect memory (classic game).

    Returns a Fraction (``exact``) or a float. ``expected_turns_solo(1) == 1``,
    ``expected_turns_solo(2) == Fraction(8, 3)``.

    Raises:
        ValueError: ``n`` negative or not whole.
    """
    return expected_turns_table(n, exact)[(2 * n, 0)]


def asymptotic_turns(n: float) -> float:
    """Velleman and Warrington's asymptotic expectation ``(3 - 2 ln 2) n + 7/8 - 2 ln 2`` turns."""
    return (3 - 2 * math.log(2)) * n + 7 / 8 - 2 * math.log(2)


def expected_turns_board(copies: int, numbers: int, exact: bool = True) -> Fraction | float:
    """Expected turns to clear a board of ``numbers`` numbers with ``copies`` cards each (any two
    of a number match), alone, with perfect memory and the strategy of
    :class:`catcards.agents.pairs.MemoryAgent`.

    State between turns: for each number still on the table, ``(u, k)``: ``u`` cards never seen and
    ``k`` (0 or 1) seen and remembered (two known cards of a number are taken at once, one turn).
    A turn: the first card is unseen, from a number ``(u, k)`` with chance proportional to ``u``.
    With ``k = 1`` it is matched at once: ``(u - 1, 0)``. With ``k = 0`` a second unseen card is
    turned: its own number (``u - 1`` cards: a pair, ``(u - 2, 0)``); a number ``(u', 1)`` (a miss,
    then that known pair next turn: two turns, ``(u - 1, 1)`` and ``(u' - 1, 0)``); or a number
    ``(u', 0)`` (a miss: ``(u - 1, 1)`` and ``(u' - 1, 1)``). The unseen count falls every turn,
    so the recursion ends. With ``copies=2`` it is the recursion of :func:`expected_turns_solo`.

    Raises:
        ValueError: ``copies`` not an even number >= 2 (with an odd count a card is left over that
            can never be matched; simulate those boards), or ``numbers`` < 0.
    """
    if not is_whole(copies) or copies < 2 or copies % 2:
        raise ValueError(f"copies must be an even whole number >= 2 for the exact recursion, not {copies!r}")
    if not is_whole(numbers) or numbers < 0:
        raise ValueError(f"numbers must be a whole number >= 0, not {numbers!r}")
    # the states (u, k) of a number still on the table: u + k even and > 0, k in {0, 1}
    kinds = [(u, k) for u in range(copies, -1, -1) for k in (0, 1) if u + k > 0 and (u + k) % 2 == 0]
    index = {kind: i for i, kind in enumerate(kinds)}
    one = Fraction(1) if exact else 1.0

    def moved(state, changes):
        counts = list(state)
        for kind, delta in changes:
            if kind[0] + kind[1] > 0:  # a number with no cards left leaves the state
                counts[index[kind]] += delta
        return tuple(counts)

    @lru_cache(maxsize=None)
    def E(state):
        unseen = sum(n * u for n, (u, k) in zip(state, kinds))
        if unseen == 0:
            return 0 * one
        total = 0 * one
        for i, (u, k) in enumerate(kinds):
            n = state[i]
            if not n or not u:
                continue
            p_first = one * n * u / unseen
            if k == 1:
                total += p_first * (1 + E(moved(state, [((u, k), -1), ((u - 1, 0), +1)])))
                continue
            rest = unseen - 1
            # second card of the same number
            value = one * (u - 1) / rest * (1 + E(moved(state, [((u, 0), -1), ((u - 2, 0), +1)])))
            for j, (u2, k2) in enumerate(kinds):
                others = state[j] - (1 if j == i else 0)
                if not others or not u2:
                    continue
                p = one * others * u2 / rest
                changes = [((u, 0), -1), ((u - 1, 1), +1), ((u2, k2), -1)]
                if k2 == 1:
                    value += p * (2 + E(moved(state, changes + [((u2 - 1, 0), +1)])))
                else:
                    value += p * (1 + E(moved(state, changes + [((u2 - 1, 1), +1)])))
            total += p_first * value
        return total

    start = [0] * len(kinds)
    if numbers:
        start[index[(copies, 0)]] = numbers
    return E(tuple(start))
