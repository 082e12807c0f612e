"""Simon's Cat: is the Cat 3 the card set aside at the deal? (yes 1, no 0)

The deal of the Simon's Cat lesson (``notebooks/simons-cat.ipynb``, its tally in
``notebooks/teacher/simons-cat.md``): 5 players. The rulebook deals the 36 Mischief cards equally
and sets the rest aside (``rules/simons-cat.md``): 36 // 5 = 7 cards each, so 1 card is set aside
(3, 4 and 6 players set none aside). The set-aside card is a uniformly random one of the 36, so
the exact chance is 1/36 (:func:`catcards.analysis.simons_cat.p_cat3_set_aside`, hypergeometric).

One game is one deal. The set-aside card lies face up from the deal, so the result is known the
moment the cards are dealt: the game counts at once (``finished=dealt``), and a student deals
again for their next one, about ten deals in a couple of minutes, a class of 30 about 300
(``notebooks/teacher/simons-cat.md`` gives why: one deal each, 0 hits in 43% of classes). The
result is always that of the game's first deal, whatever moves were made after it.
"""
from __future__ import annotations

from ...analysis.simons_cat import p_cat3_set_aside
from ...games.simons_cat import MISCHIEF
from ..activities import Activity, add_activity, dealt

#: the lesson's table with 4 computer players, dealt as the rulebook deals it (7 cards each)
PLAYERS, HAND_SIZE = 5, 7


def cat3_set_aside(state) -> int:
    """1 when the Cat 3 was set aside in the game's first deal, else 0: the cards set aside now
    while round 1 is played (from the deal on), that round's record once it has ended."""
    if state.round == 1:
        aside = [str(MISCHIEF[c]) for c in state.aside]
    else:
        aside = state.round_results[0]["set_aside"]
    return int("Cat 3" in aside)


_p = p_cat3_set_aside(PLAYERS, HAND_SIZE)   # 1/36

add_activity(Activity(
    key="simons-cat/cat3-set-aside",
    game="simons-cat",
    params={"players": PLAYERS, "hand_size": HAND_SIZE},
    title="Is the Cat 3 set aside?",
    # one game is one deal: counted as soon as it is dealt, so the words say "deal", not "play"
    instructions="5 players get 7 cards each, and one card is set aside, face up. Was it the Cat 3? "
                 "Each deal counts as soon as it is dealt: press \u201cPlay another game\u201d for the next. "
                 "With real cards: deal 5 hands of 7 from the 36 Mischief cards, and send 1 if the card "
                 "left over is the Cat 3, 0 if not (one count for each deal).",
    unit="deals with the Cat 3 set aside",
    measure=cat3_set_aside,
    finished=dealt,
    unfinished="deal the cards",
    tally=(0, 1),
    exact={0: 1 - _p, 1: _p},
    exact_mean=_p,
    binary=True,
    source="catcards.analysis.simons_cat.p_cat3_set_aside (5 players, 7 cards each: 1 of the 36 set aside, 1/36)",
))
