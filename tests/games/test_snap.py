"""Snap: rulebook cases as stacked-deck tests (rulebook "SNAP", rules/wildcat.md "Snap"), the
reaction-time agents and the exact chances of catcards.analysis.snap."""
from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import catcards
from catcards.agents.snap import ReactionAgent, ReactionModel, race_winner
from catcards.analysis.snap import expected_snaps, snap_chance, snap_count_distribution
from catcards.games.snap import FLIP, CallSnap, Flip
from catcards.simulate import play_game


def snap_game(deal, players=2, **params):
    return catcards.load("snap", players=players, **params).new_game(0, deals=deal)


def turn(state, times=1):
    for _ in range(times):
        state.apply(FLIP)
    return state


def test_a_snap_only_when_the_top_two_share_a_number():
    s = snap_game([["red 5", "red 7", "green 5"], ["blue 5", "blue 3", "yellow 9"]])
    turn(s)
    assert not s.snap_showing  # one card on the pile
    turn(s)  # blue 5 on red 5
    assert s.snap_showing and s.observation(1)["snap_showing"]
    assert s.observation(None)["top"] == catcards.Card("blue", 5)
    turn(s, 2)  # red 7, blue 3: no snap
    assert not s.snap_showing
    turn(s)  # green 5 on blue 3: a 5 two cards down does not count
    assert not s.snap_showing and s.snaps_showing == 1


def test_first_to_call_takes_the_pile_to_the_bottom_and_turns_next():
    s = snap_game([["red 5", "red 7", "red 8"], ["blue 5", "blue 3"]])
    turn(s, 2)
    assert CallSnap(0) in s.legal_actions() and CallSnap(1) in s.legal_actions()
    s.apply(CallSnap(1))
    # the pile, first turned card first, goes under seat 1's stack
    assert [str(c) for c in s.zones()["stack 1"]] == ["blue 3", "red 5", "blue 5"]
    assert s.zones()["pile face up"] == [] and s.current_player == 1 and s.snaps == 1
    assert s.observation(0)["stack_sizes"] == [2, 3]


def test_a_false_snap_costs_a_card_under_the_pile():
    s = snap_game([["red 5", "red 7", "red 8"], ["blue 6", "blue 3", "green 1"]])
    turn(s, 2)  # red 5, blue 6
    assert not s.snap_showing
    s.apply(CallSnap(0))  # false snap: a penalty, not a refusal
    assert s.false_snaps == 1 and s.under == 1
    assert [str(c) for c in s.zones()["stack 0"]] == ["red 8"]
    assert [str(c) for c in s.zones()["pile face down"]] == ["red 7"]
    assert [str(c) for c in s.zones()["pile face up"]] == ["red 5", "blue 6"]
    assert s.current_player == 0  # the turn does not change
    obs = s.observation(1)
    assert obs["under"] == 1 and catcards.Card("red", 7) not in obs["pile"]
    # the penalty card is won with the pile, turned over first
    s.apply(FLIP)  # red 8: seat 0 has no cards left
    turn(s)  # blue 3
    assert s.current_player == 1 and s.status[0] == "no cards"


def test_penalty_card_is_won_with_the_pile():
    s2 = snap_game([["red 5", "red 6", "red 8"], ["blue 3", "green 6", "yellow 1"]])
    turn(s2)  # red 5
    s2.apply(CallSnap(1))  # blue 3 goes under
    turn(s2)  # green 6
    turn(s2)  # red 6 on green 6: snap
    s2.apply(CallSnap(0))
    assert [str(c) for c in s2.zones()["stack 0"]] == ["red 8", "blue 3", "red 5", "green 6", "red 6"]


def test_out_unless_they_win_the_next_snap():
    # seat 0 has one card; after turning it seat 0 has none but can still win the next snap
    s = snap_game([["red 5"], ["blue 9", "blue 5", "green 7", "yellow 7"]])
    turn(s, 2)  # red 5, blue 9
    assert s.status[0] == "no cards" and s.current_player == 1
    turn(s)  # blue 5
    assert not s.snap_showing
    turn(s)  # green 7
    turn(s)  # yellow 7 on green 7: snap; seat 1 has no cards either
    assert s.snap_showing and s.current_player == 1 and FLIP not in s.legal_actions()
    s.apply(CallSnap(0))
    assert s.status == ["in", "out"] and s.is_over
    assert s.outcome.winners == (0,) and s.outcome.scores == (5.0, 0.0)


def test_the_loser_of_a_snap_with_no_cards_is_out():
    s = snap_game([["red 5"], ["blue 5", "red 9", "green 9"], ["yellow 1", "yellow 2"]], players=3)
    turn(s, 2)  # red 5 (seat 0 now empty), blue 5: snap
    s.apply(CallSnap(2))
    assert s.status == ["out", "in", "in"] and CallSnap(0) not in s.legal_actions()
    with pytest.raises(catcards.IllegalActionError, match="out of the game"):
        s.apply(CallSnap(0))


def test_false_snap_with_no_card_to_pay_puts_a_player_out():
    s = snap_game([["red 5"], ["blue 6", "red 9", "green 2"]])
    turn(s, 2)
    s.apply(CallSnap(0))
    assert s.status[0] == "out" and not s.is_over  # seat 1 plays on alone
    turn(s, 2)
    assert s.is_over and s.outcome.winners == (1,) and s.outcome.scores == (0.0, 4.0)


def test_no_one_left_to_turn_the_last_to_run_out_takes_the_pile():
    s = snap_game([["red 1", "red 2"], ["blue 3", "blue 4"]])
    turn(s, 4)
    assert s.is_over and s.outcome.winners == (1,) and s.outcome.scores == (0.0, 4.0)
    assert "last to run out" in s.outcome.reason


def test_turn_limit_most_cards_win():
    s = snap_game([["red 1", "red 2", "red 3"], ["blue 4", "blue 5", "blue 6", "blue 7"]], max_turns=3)
    turn(s, 3)
    assert s.is_over and s.outcome.winners == (1,) and s.outcome.scores == (1.0, 3.0)
    assert s.outcome.reason == "the turn limit (3 cards turned) was reached; the most cards (3) win"


def test_a_whole_pass_with_no_call_ends_in_a_tie_that_says_so():
    """With the turn limit at 52 and no call, every card ends in the centre pile: the class's
    pass through the deck. Its move log said 'the most cards (0) win'."""
    s = catcards.load("snap", players=2, max_turns=52).new_game(5)
    while not s.is_over:
        s.apply(FLIP)
    assert s.outcome.winners == (0, 1) and s.outcome.scores == (0.0, 0.0)
    assert s.outcome.reason == ("the turn limit (52 cards turned) was reached with every card in "
                                "the centre pile: no one holds a card, a tie")
    assert s.log[-1].endswith(f": {s.outcome.reason}.")


def test_dinohistoria_deck_deals_55_cards():
    s = catcards.load("snap", players=3, deck="dinohistoria").new_game(4)
    assert [len(x) for x in s.stacks] == [19, 18, 18]
    names = {str(c) for z in s.zones().values() for c in z}
    assert "Woolly Mammoth (black 25)" in names and len(names) == 55


def test_deal_goes_round_from_the_first_player():
    game = catcards.load("snap", players=3, first_player=1)
    stacks = game.deal_order(list(range(7)))
    assert stacks == [[2, 5], [0, 3, 6], [1, 4]]
    s = game.new_game(1)
    assert s.current_player == 1 and len(s.stacks[1]) == 18


@pytest.mark.parametrize(
    "params,match",
    [
        ({"deck": "tarot"}, "deck"),
        ({"first_player": 2}, "first_player"),
        ({"max_turns": 0}, "max_turns"),
        ({"players": 7}, "players"),
    ],
)
def test_bad_parameters_fail_early(params, match):
    with pytest.raises(catcards.GameParameterError, match=match):
        catcards.load("snap", **params)


def test_bad_deals_fail_early():
    game = catcards.load("snap")
    with pytest.raises(catcards.GameParameterError, match="2 stacks"):
        game.new_game(0, deals=[["red 1"]])
    with pytest.raises(catcards.GameParameterError, match="dealt twice"):
        game.new_game(0, deals=[["red 1"], ["red 1"]])
    with pytest.raises(catcards.GameParameterError, match="not a card"):
        game.new_game(0, deals=[["red 11"], []])


def test_actions_read_well_and_rebuild():
    assert str(FLIP) == "turn" and str(CallSnap(3)) == "snap by seat 3"
    assert eval(repr(CallSnap(2))) == CallSnap(2) and eval(repr(FLIP)) == Flip()


def test_a_seeded_game_replays_identically():
    game = catcards.load("snap", players=3)
    agent = ReactionAgent(mean=[0.4, 0.5, 0.6], sd=0.1)
    a = play_game(game.new_game(42), [agent] * 3, [np.random.default_rng(9)] * 3)
    b = play_game(game.new_game(42), [agent] * 3, [np.random.default_rng(9)] * 3)
    assert a.to_json() == b.to_json() and a.log == b.log and a.outcome == b.outcome
    again = catcards.load_state(a.to_json())
    assert again.log == a.log and again.outcome == a.outcome
    assert json.loads(a.to_json())["actions"][:2] == ["turn", "turn"]


def test_reaction_agent_fastest_seat_wins_the_race():
    assert race_winner(np.array([0.5, 0.3, 0.4]), [True, True, True], None) == 1
    assert race_winner(np.array([0.5, 0.3, 0.4]), [True, False, True], None) == 2
    assert race_winner(np.array([0.5, 0.3, 0.4]), [True, True, True], 0.2) is None
    s = snap_game([["red 5", "red 7"], ["blue 5", "blue 3"]])
    turn(s, 2)
    fast1 = ReactionAgent(mean=[2.0, 0.2], sd=0.01)
    assert fast1.choose(s.observation(0), s.legal_actions(), np.random.default_rng(0)) == CallSnap(1)
    slow = ReactionAgent(mean=1.0, sd=0.01, turn_interval=0.5)
    assert slow.choose(s.observation(0), s.legal_actions(), np.random.default_rng(0)) == FLIP


def test_reaction_model_moments():
    draws = ReactionModel(mean=[0.5, 0.8], sd=[0.1, 0.2]).draw(np.random.default_rng(3), 2, size=40_000)
    assert np.allclose(draws.mean(axis=0), [0.5, 0.8], atol=0.01)
    assert np.allclose(draws.std(axis=0), [0.1, 0.2], atol=0.01)
    with pytest.raises(catcards.GameParameterError, match="mean"):
        ReactionModel(mean=-1)


def test_faster_reactions_win_more_games():
    df = catcards.simulate("snap", games=300, seed=1, agents=ReactionAgent(mean=[0.3, 0.6], sd=0.1), progress=False)
    assert df["win_0"].mean() > 0.7


# ---- exact chances ---------------------------------------------------------------------------
def test_snap_chance_per_turn_is_exact():
    assert snap_chance("wildcat") == Fraction(1, 17)
    assert snap_chance("dinohistoria") == Fraction(2, 27)
    assert expected_snaps(52) == 3 and expected_snaps(10) == Fraction(9, 17)
    with pytest.raises(ValueError, match="flips"):
        expected_snaps(53)


def test_no_snap_in_a_whole_deck_matches_the_standard_deck_result():
    dist = snap_count_distribution("wildcat")
    assert sum(dist.values()) == 1
    assert sum(k * p for k, p in dist.items()) == 3
    # no two adjacent cards of the same rank in a shuffled standard deck: 4.5476%
    assert abs(float(dist[0]) - 0.0454762823) < 1e-9
    assert sum(k * p for k, p in snap_count_distribution("dinohistoria").items()) == 4


def test_first_pass_snaps_match_the_engine():
    # nobody calls: the first pass of 52 turns shows snaps like a shuffled deck
    game = catcards.load("snap", players=2, max_turns=52)
    counts = []
    for seed in range(400):
        s = game.new_game(seed)
        while not s.is_over:
            s.apply(FLIP)
        counts.append(s.snaps_showing)
    counts = np.array(counts)
    dist = snap_count_distribution("wildcat")
    sd = float(sum((k - 3) ** 2 * p for k, p in dist.items())) ** 0.5
    assert abs(counts.mean() - 3) < 4 * sd / np.sqrt(len(counts))
    assert abs((counts == 0).mean() - float(dist[0])) < 4 * np.sqrt(0.045 * 0.955 / len(counts))


def test_the_view_is_the_observation_read_key_by_key():
    """``view(seat)`` holds exactly ``observation(seat)`` (every key, every seat and a spectator)
    along a game with false snaps, penalty cards and a player out."""
    state = catcards.load("snap", players=3).new_game(5)
    k, most_under, out = 0, 0, False
    while not state.is_over:
        for seat in (0, 1, 2, None):
            assert dict(state.view(seat)) == state.observation(seat)
        legal = state.legal_actions()
        state.apply(legal[k * 5 % 11 % len(legal)])
        k, most_under, out = k + 1, max(most_under, state.under), out or "out" in state.status
    assert (state.false_snaps, most_under, out, k) == (39, 36, True, 54)
    assert dict(state.view(0)) == state.observation(0)  # the game over
    with pytest.raises(catcards.GameParameterError):
        state.view(3)
