"""Snap: snaps showing in one pass through the deck (the app, or a real deck turned over).

Exact: :func:`catcards.analysis.snap.snap_count_distribution` (inclusion-exclusion over runs of
equal numbers): mean 3 and P(no snap) = 0.0455 for the 52-card Wildcat deck.
"""
from __future__ import annotations

from ...analysis.snap import snap_count_distribution
from ..activities import Activity, ActivityError, add_activity

CARDS = 52


def snaps_in_pass(state) -> int:
    """Snaps showing in a finished one-pass game in which nobody called.

    Raises:
        ActivityError: a snap (real or false) was called, so the cards were not turned in the
            deal's order.
    """
    if state.snaps or state.false_snaps:
        raise ActivityError("a snap was called in this game; for this activity turn all 52 cards "
                            "without calling Snap and count the snaps you see")
    return int(state.snaps_showing)


_exact = snap_count_distribution("wildcat")

add_activity(Activity(
    key="snap/snaps-per-pass",
    game="snap",
    params={"players": 2, "max_turns": CARDS},
    title="Snaps in one pass through the deck",
    # the table counts the snaps of the app's pass (a fresh README user was told to count them);
    # with real cards the student counts, and sends the count in the page's "real cards" box
    instructions="Turn all 52 cards without calling Snap. A snap is a card with the same number as "
                 "the card before it: the table counts them for you (with real cards, count them "
                 "yourself).",
    unit="snaps",
    measure=snaps_in_pass,
    unfinished="turn all 52 cards",
    # the most snaps a pass can show: each number's 4 cards in a row, 3 snaps each (13 x 3 = 39;
    # the exact distribution's largest count); 51 was accepted (break50)
    tally=(0, max(_exact)),
    exact=_exact,
    exact_mean=sum(k * p for k, p in _exact.items()),
    source="catcards.analysis.snap.snap_count_distribution (inclusion-exclusion over runs)",
))
