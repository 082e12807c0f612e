"""Simon's Cat: is the Cat 3 among the cards set aside at the deal? (yes 1, no 0)

Four players with 8 cards each leave 4 of the 36 Mischief cards set aside, so the exact chance is
4/36 = 1/9 (:func:`catcards.analysis.simons_cat.p_cat3_set_aside`, hypergeometric).
"""
from __future__ import annotations

from ...analysis.simons_cat import p_cat3_set_aside
from ..activities import Activity, add_activity

PLAYERS, HAND_SIZE = 4, 8


def cat3_set_aside(state) -> int:
    """1 when the Cat 3 was set aside in the game's first deal, else 0."""
    return int("Cat 3" in state.round_results[0]["set_aside"])


def first_round_over(state) -> bool:
    """The first deal has been played out (its round ended)."""
    return bool(state.round_results)


_p = p_cat3_set_aside(PLAYERS, HAND_SIZE)

add_activity(Activity(
    key="simons-cat/cat3-set-aside",
    game="simons-cat",
    params={"players": PLAYERS, "hand_size": HAND_SIZE},
    title="Is the Cat 3 set aside?",
    instructions="Deal and play one round. Was the Cat 3 one of the 4 cards set aside?",
    unit="deals with the Cat 3 set aside",
    measure=cat3_set_aside,
    finished=first_round_over,
    unfinished="play the first round to its end",
    tally=(0, 1),
    exact={0: 1 - _p, 1: _p},
    exact_mean=_p,
    binary=True,
    source="catcards.analysis.simons_cat.p_cat3_set_aside (hypergeometric: 4/36)",
))
