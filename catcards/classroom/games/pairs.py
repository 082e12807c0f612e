"""Pairs: turns to clear the table, alone, on a board of 8 pairs (16 cards).

No exact distribution: it depends on how well each student remembers. (With perfect memory the
mean is known: :func:`catcards.analysis.pairs.expected_turns_solo`.)

The deal is hidden (``deal_hidden``): a student who knew the seed would know where every card
lies, so the class server gives the seed to its own tables only, never to a student.
"""
from __future__ import annotations

from ..activities import Activity, add_activity

NUMBERS = 8


def turns_to_clear(state) -> int:
    """Turns (two cards turned over) the finished game took."""
    return int(state.turns)


add_activity(Activity(
    key="pairs/turns-to-clear",
    game="pairs",
    params={"players": 1, "copies": 2, "numbers": NUMBERS},
    title="Turns to clear the table",
    instructions="Play Pairs alone on 16 cards. How many turns do you need to clear the table?",
    unit="turns",
    measure=turns_to_clear,
    unfinished="clear the table",
    tally=(NUMBERS, 500),
    plot="histogram",
    # the layout is the answer: a student who knows the seed deals it at home and clears the
    # table in 8 turns (break54b); the deal stays with the class server
    deal_hidden=True,
))
