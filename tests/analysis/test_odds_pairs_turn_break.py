"""Break-it tester (break42): the Pairs panel's question, "making a pair with this turn's two
cards", read as a student checks it by counting, with the panel's players (panel_agents: the seat
remembers every card shown). Both failed on 9290eae: the rows came from a few dozen play-outs of
the forgetful computer player; they are now counted exactly (catcards.explore.pairs.turn_exact)."""
from __future__ import annotations

from fractions import Fraction

import catcards
from catcards.explore.odds import panel_agents
from catcards.games.pairs import TurnOver

PANEL = panel_agents("pairs", 2, 0, "turn")[0]  # ["perfect", "sensible"]


def test_the_first_turn_of_a_game_is_not_shown_as_no_chance_at_all():
    """At the deal any first card is matched by 3 of the other 51 cards (3/51 = 5.9%); the panel's
    question (seed 0, the panel's) said 0% (0 of 48 play-outs, stopped as precise)."""
    state = catcards.load("pairs").new_game(3)
    table = catcards.odds(state, 0, horizon="turn", agents=PANEL, progress=False)
    assert table["exact"].all() and list(table["win_rate"]) == [float(Fraction(3, 51))] * 52


def test_both_cards_of_a_pair_the_seat_has_seen_make_a_pair_alike():
    """Seat 0 saw card 0, then seat 1 showed card 12, the same number: turning either first, the
    seat knows where its match is. The rows said 100% for card 0 and 76% for card 12 (the forgetful
    computer player, playing the seat's own second card, forgets card 0 more often)."""
    game = catcards.load("pairs")
    state = game.new_game(3)
    rank = [game.ranks[c] for c in state.grid]
    assert rank[0] == rank[12] and len({rank[0], rank[1], rank[2]}) == 3
    for p in (0, 1, 12, 2):  # seat 0: cards 0 and 1, no pair; seat 1: cards 12 and 2, no pair
        state.apply(TurnOver(p))
    table = catcards.odds(state, 0, horizon="turn", agents=PANEL, progress=False).set_index("action")
    assert table.loc["turn over card 0", "win_rate"] == table.loc["turn over card 12", "win_rate"] == 1
