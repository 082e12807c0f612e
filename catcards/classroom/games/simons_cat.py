"""Simon's Cat: is the Cat 3 the card set aside at the deal? (yes 1, no 0)

The deal of the Simon's Cat lesson (``notebooks/simons-cat.ipynb``, its tally in
``notebooks/teacher/simons-cat.md``): 5 players. The rulebook deals the 36 Mischief cards equally
and sets the rest aside (``rules/simons-cat.md``): 36 // 5 = 7 cards each, so 1 card is set aside
(3, 4 and 6 players set none aside). The set-aside card is a uniformly random one of the 36, so
the exact chance is 1/36 (:func:`catcards.analysis.simons_cat.p_cat3_set_aside`, hypergeometric).
"""
from __future__ import annotations

from ...analysis.simons_cat import p_cat3_set_aside
from ..activities import Activity, add_activity

#: the lesson's table with 4 computer players, dealt as the rulebook deals it (7 cards each)
PLAYERS, HAND_SIZE = 5, 7


def cat3_set_aside(state) -> int:
    """1 when the Cat 3 was set aside in the game's first deal, else 0."""
    return int("Cat 3" in state.round_results[0]["set_aside"])


def first_round_over(state) -> bool:
    """The first deal has been played out (its round ended)."""
    return bool(state.round_results)


_p = p_cat3_set_aside(PLAYERS, HAND_SIZE)   # 1/36

add_activity(Activity(
    key="simons-cat/cat3-set-aside",
    game="simons-cat",
    params={"players": PLAYERS, "hand_size": HAND_SIZE},
    title="Is the Cat 3 set aside?",
    instructions="5 players get 7 cards each, and one card is set aside. Play one round. "
                 "Was the Cat 3 the card set aside?",
    unit="deals with the Cat 3 set aside",
    measure=cat3_set_aside,
    finished=first_round_over,
    unfinished="play the first round to its end",
    tally=(0, 1),
    exact={0: 1 - _p, 1: _p},
    exact_mean=_p,
    binary=True,
    source="catcards.analysis.simons_cat.p_cat3_set_aside (5 players, 7 cards each: 1 of the 36 set aside, 1/36)",
))
