"""The Big Cat Game: how long a game lasts, in cards laid on the centre pile.

A game with no decisions; its length has no simple exact distribution (simulate it:
:mod:`catcards.batch.big_cat`).
"""
from __future__ import annotations

from ..activities import Activity, add_activity


def game_length(state) -> int:
    """Cards laid on the centre pile in the finished game."""
    return int(state.cards_played)


add_activity(Activity(
    key="big-cat/game-length",
    game="big-cat",
    params={"players": 2},
    title="How long is a game?",
    instructions="Play one whole game of Big Cat. How many cards were laid on the pile?",
    unit="cards laid",
    measure=game_length,
    unfinished="play until one player holds all the cards",
    tally=(1, 10_000),
    plot="histogram",
))
