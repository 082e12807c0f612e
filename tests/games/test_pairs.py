"""Pairs: rulebook cases as stacked-layout tests (rulebook "PAIRS", rules/wildcat.md "Pairs"),
the memory agents, and the exact perfect-memory expectation of catcards.analysis.pairs."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import catcards
from catcards.agents.pairs import MemoryAgent
from catcards.analysis.pairs import asymptotic_turns, expected_turns_board, expected_turns_solo
from catcards.games.pairs import TurnOver
from catcards.simulate import play_game

# a 2 x 3 classic board (copies=2, numbers=3: red and blue 1-3), row by row
SMALL = [["red 1", "blue 2", "red 3"], ["red 2", "blue 3", "blue 1"]]


def small(players=2, layout=SMALL, **params):
    return catcards.load("pairs", players=players, copies=2, numbers=3, **params).new_game(0, deals=layout)


def turn(state, p, q):
    state.apply(TurnOver(p))
    state.apply(TurnOver(q))
    return state


def test_a_match_keeps_the_turn():
    s = small()
    turn(s, 0, 5)  # red 1 and blue 1
    assert s.current_player == 0 and s.pairs[0] and s.observation(1)["pair_counts"] == [1, 0]
    assert s.observation(0)["grid"][0] is None and s.observation(0)["grid"][5] is None
    assert s.last_turn["match"] and s.turns == 1


def test_a_miss_passes_the_turn_and_the_cards_go_back_face_down():
    s = small(players=3)
    s.apply(TurnOver(1))
    obs = s.observation(2)
    assert obs["grid"][1] == catcards.Card("blue", 2) and obs["turned"] == 1  # everyone sees it
    s.apply(TurnOver(2))  # red 3: a miss
    obs = s.observation(2)
    assert s.current_player == 1 and obs["grid"][1] == "down" and obs["grid"][2] == "down"
    assert obs["seen"] == {1: 2, 2: 3} and obs["seen_turn"] == {1: 1, 2: 1}  # public knowledge
    assert obs["last_turn"]["cards"] == ("blue 2", "red 3") and not obs["last_turn"]["match"]
    turn(s, 3, 4)  # seat 1 misses too: seat 2 plays
    assert s.current_player == 2
    turn(s, 2, 4)  # red 3, blue 3: seat 2 matches and keeps the turn
    assert s.current_player == 2 and s.seen == {1: 2, 3: 2} and s.seen_turn == {1: 1, 3: 2}


def test_the_game_ends_when_the_table_is_cleared_most_pairs_win():
    s = small()
    turn(s, 0, 1)  # miss: seat 1's turn
    turn(s, 1, 3)  # blue 2 + red 2
    turn(s, 2, 4)  # red 3 + blue 3
    turn(s, 0, 5)  # red 1 + blue 1
    assert s.is_over and s.outcome.winners == (1,) and s.outcome.scores == (0.0, 3.0)
    assert s.turns == 4 and s.turn_counts == [1, 3]


def test_ties_share_the_win_and_a_turned_card_cannot_be_turned_again():
    s = catcards.load("pairs", players=2, copies=2, numbers=4).new_game(
        0, deals=[["red 1", "red 2", "red 3", "red 4"], ["blue 1", "blue 2", "blue 3", "blue 4"]]
    )
    turn(s, 0, 4)  # seat 0: 1s
    turn(s, 1, 5)  # seat 0 again: 2s
    s.apply(TurnOver(2))
    with pytest.raises(catcards.IllegalActionError, match="already face up"):
        s.apply(TurnOver(2))
    with pytest.raises(catcards.IllegalActionError, match="already taken"):
        s.apply(TurnOver(0))
    s.apply(TurnOver(7))  # red 3, blue 4: miss
    turn(s, 2, 6)  # seat 1: 3s
    turn(s, 3, 7)  # seat 1: 4s
    assert s.is_over and s.outcome.winners == (0, 1) and s.outcome.shared


def test_four_copies_any_two_match_and_three_copies_leave_a_card():
    game = catcards.load("pairs", players=1, copies=4, numbers=1)
    s = game.new_game(0, deals=["red 1", "blue 1", "green 1", "yellow 1"])
    turn(s, 0, 3)
    turn(s, 1, 2)
    assert s.is_over and s.outcome.scores == (2.0,) and s.turns == 2
    s = catcards.load("pairs", players=1, copies=3, numbers=2).new_game(
        0, deals=[["red 1", "red 2"], ["blue 1", "blue 2"], ["green 1", "green 2"]]
    )
    turn(s, 0, 2)
    turn(s, 1, 3)
    assert s.is_over and "2 unmatched cards left" in s.outcome.reason
    assert len(s.zones()["face down"]) == 2


def test_wildcat_and_dinohistoria_boards():
    w = catcards.load("pairs").new_game(1)
    assert (w.game.rows, w.game.cols, w.game.size) == (4, 13, 52)
    d = catcards.load("pairs", deck="dinohistoria").new_game(1)
    assert (d.game.rows, d.game.cols) == (4, 11)
    assert {c.suit for c in d.game.cards} == {"red", "blue", "green", "yellow"}
    c = catcards.load("pairs", copies=2)
    assert {x.suit for x in c.cards} == {"red", "blue"} and len(c.cards) == 26


@pytest.mark.parametrize(
    "params,match",
    [({"copies": 5}, "copies"), ({"copies": 1}, "copies"), ({"numbers": 12, "deck": "dinohistoria"}, "numbers"),
     ({"deck": "uno"}, "deck"), ({"first_player": 3}, "first_player"), ({"players": 0}, "players")],
)
def test_bad_parameters_fail_early(params, match):
    with pytest.raises(catcards.GameParameterError, match=match):
        catcards.load("pairs", **params)


def test_bad_layouts_fail_early():
    game = catcards.load("pairs", copies=2, numbers=3)
    with pytest.raises(catcards.GameParameterError, match="6 cards"):
        game.new_game(0, deals=["red 1"])
    with pytest.raises(catcards.GameParameterError, match="laid twice"):
        game.new_game(0, deals=["red 1"] * 6)
    with pytest.raises(catcards.GameParameterError, match="not a card"):
        game.new_game(0, deals=["green 1"] * 6)


def test_observation_hides_face_down_cards():
    s = catcards.load("pairs").new_game(5)
    s.apply(s.legal_actions()[0])
    obs = s.observation(1)
    shown = [x for x in obs["grid"] if isinstance(x, catcards.Card)]
    assert len(shown) == 1 and obs["face_down"] == 51


# ---- memory agents ---------------------------------------------------------------------------
def test_perfect_memory_takes_a_known_pair():
    s = small(players=1)
    turn(s, 0, 1)  # red 1, blue 2: miss, both remembered
    turn(s, 2, 3)  # red 3, red 2: miss
    agent = MemoryAgent(0.0)
    rng = np.random.default_rng(0)
    first = agent.choose(s.observation(0), s.legal_actions(), rng)
    assert first.position in (1, 3)  # the known pair of 2s
    s.apply(first)
    second = agent.choose(s.observation(0), s.legal_actions(), rng)
    assert {first.position, second.position} == {1, 3}


def test_memory_players_take_any_remembered_card_that_is_as_good_at_random():
    """Among remembered cards that are as good (a card of a remembered pair; the first card's
    remembered matches) the memory player picks at random, not by position. So a position's
    label never enters its play, and turning over any card never seen has exactly the same
    chances (the odds panel's one bar for them, catcards.explore.pairs.alike_rows). Before, it
    always took the lowest position (0 here)."""
    # 4 copies of 1 and 2 (any two of a number match): positions 0-7 hold these, in order
    layout = ["red 1", "red 2", "blue 1", "blue 2", "green 1", "green 2", "yellow 1", "yellow 2"]
    game = catcards.load("pairs", players=1, copies=4, numbers=2)

    def choices(state):
        return {MemoryAgent(0.0).choose(state.observation(0), state.legal_actions(),
                                        np.random.default_rng(seed)).position for seed in range(40)}

    s = turn(turn(game.new_game(0, deals=layout), 0, 1), 2, 3)  # misses: 1, 2, then 1, 2
    assert s.pairs == [[]] and s.turns == 2
    assert choices(s) == {0, 1, 2, 3}  # two remembered pairs: any card of them
    s = turn(turn(game.new_game(0, deals=layout), 0, 1), 4, 3)  # misses: 1, 2, then 1, 2
    s.apply(TurnOver(6))  # a 1: its remembered matches lie at 0 and 4
    assert choices(s) == {0, 4}


def test_forgetting_everything_is_playing_without_memory():
    s = small(players=1)
    turn(s, 0, 1)
    turn(s, 2, 3)
    agent = MemoryAgent(1.0)
    agent.choose(s.observation(0), s.legal_actions(), np.random.default_rng(0))
    s2 = s.clone()
    turn(s2, 4, 5)  # one more turn passes: everything seen before is forgotten
    assert agent.remembered(s2.observation(0), np.random.default_rng(1)) == {4: 3, 5: 1}


def test_a_new_game_at_the_last_calls_turn_with_fewer_cards_starts_the_memory_afresh():
    """One agent plays game after game (simulate's agents do). Game B reaches turn 2, the turn of
    the agent's last call in game A, with fewer cards on the board (seat 0 took two pairs): the
    agent must keep none of game A's cards. Before, it did, and in simulate (seed 7, 300 games) a
    memory player turned over a card already taken."""
    agent, rng = MemoryAgent(0.0), np.random.default_rng(0)
    game = catcards.load("pairs", players=2, copies=2, numbers=4)
    layout = [["red 1", "blue 2", "red 3", "red 4"], ["red 2", "blue 3", "blue 1", "blue 4"]]
    a = turn(turn(turn(game.new_game(0, deals=layout), 0, 1), 2, 3), 4, 5)  # game A: three misses
    assert a.turns == 3 and a.current_player == 1
    assert agent.remembered(a.observation(1), rng) == {0: 1, 1: 2, 2: 3, 3: 4, 4: 2, 5: 3}
    b = turn(turn(turn(game.new_game(1, deals=layout), 0, 6), 2, 5), 1, 3)  # game B: the 1s, the 3s, a miss
    assert b.turns == 3 and b.current_player == 1
    assert agent.remembered(b.observation(1), rng) == {1: 2, 3: 4}  # game B's cards only


def test_memory_players_in_many_games_turn_over_only_cards_on_the_board():
    df = catcards.simulate(
        "pairs", games=300, seed=7, players=2, copies=2, numbers=8,
        agents=[MemoryAgent(0.0), MemoryAgent(0.0)], progress=False,
    )
    assert len(df) == 300 and ((df["score_0"] + df["score_1"]) == 8).all()  # every pair taken


def test_memory_wins_against_forgetting():
    df = catcards.simulate(
        "pairs", games=150, seed=2, players=2, copies=2, numbers=8,
        agents=[MemoryAgent(0.0), MemoryAgent(0.7)], progress=False,
    )
    assert df["win_0"].mean() > df["win_1"].mean() + 0.2


# ---- exact expectation -----------------------------------------------------------------------
def test_small_exact_values():
    assert expected_turns_solo(0) == 0 and expected_turns_solo(1) == 1
    assert expected_turns_solo(2) == Fraction(8, 3)  # 1/3 x 2 turns + 2/3 x 3 turns
    assert expected_turns_solo(3) == Fraction(13, 3)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_exact_expectation_equals_the_simulated_mean(n):
    games = 1500
    game = catcards.load("pairs", players=1, copies=2, numbers=n)
    agent = MemoryAgent(0.0)
    turns = []
    for i in range(games):
        state = play_game(game.new_game(1000 + i), [agent], [np.random.default_rng(i)])
        turns.append(state.turns)
    turns = np.array(turns, dtype=float)
    exact = float(expected_turns_solo(n))
    half = 4 * turns.std(ddof=1) / math.sqrt(games)  # a 4-sigma interval for the mean
    assert abs(turns.mean() - exact) < half, (turns.mean(), exact, half)


def test_recursion_approaches_the_published_asymptotic():
    # Velleman & Warrington (2013): (3 - 2 ln 2) n + 7/8 - 2 ln 2 turns
    for n in (100, 400):
        gap = expected_turns_solo(n, exact=False) - asymptotic_turns(n)
        assert abs(gap) < 0.1 / n ** 0.9
    assert abs(float(expected_turns_solo(40)) - expected_turns_solo(40, exact=False)) < 1e-9


def test_no_memory_takes_n_squared_turns_on_average():
    # m pairs left: a random pair of cards matches with chance 1/(2m - 1); sum of 2m - 1 is n^2
    from catcards.agents import RandomAgent

    game = catcards.load("pairs", players=1, copies=2, numbers=4)
    turns = np.array([
        play_game(game.new_game(i), [RandomAgent()], [np.random.default_rng(i)]).turns for i in range(1500)
    ], dtype=float)
    assert abs(turns.mean() - 16) < 4 * turns.std(ddof=1) / math.sqrt(len(turns))


def test_board_recursion_generalises_the_classic_one():
    for n in range(6):
        assert expected_turns_board(2, n) == expected_turns_solo(n)
    assert expected_turns_board(4, 1) == 2  # any two of four match: two turns, never a miss
    with pytest.raises(ValueError, match="even"):
        expected_turns_board(3, 4)


@pytest.mark.parametrize("copies,numbers,games", [(4, 3, 1500), (4, 13, 300)])
def test_four_copy_boards_match_simulation(copies, numbers, games):
    game = catcards.load("pairs", players=1, copies=copies, numbers=numbers)
    agent = MemoryAgent(0.0)
    turns = np.array([
        play_game(game.new_game(50 + i), [agent], [np.random.default_rng(i)]).turns for i in range(games)
    ], dtype=float)
    exact = float(expected_turns_board(copies, numbers))
    assert abs(turns.mean() - exact) < 4 * turns.std(ddof=1) / math.sqrt(games), (turns.mean(), exact)


def test_the_memory_players_moves_are_pinned():
    """The memory players' choices (and so their draws) are pinned: 16 seeded games (two boards
    forgetful, the whole board perfect, a solitaire 3-copy board; one agent for every seat, as
    catcards.simulate gives it), their action texts hashed: a change here is a change of the
    players' behaviour. Taken when the players began to pick among remembered cards that are as
    good at random instead of by lowest position (before: 06d07dfb29390719, unchanged from main
    at 84be391 through the lazy view and every speed-up)."""
    import hashlib

    from catcards.agents import make_agent

    h = hashlib.sha256()
    for params, strategy in [({}, "forgetful"), ({"players": 3, "copies": 2, "numbers": 8}, "forgetful"),
                             ({}, "perfect"), ({"players": 1, "copies": 3}, "forgetful")]:
        game = catcards.load("pairs", **params)
        for seed in range(4):
            state = game.new_game(seed)
            rngs = [np.random.default_rng([seed, k]) for k in range(game.players)]
            play_game(state, [make_agent("pairs", strategy)] * game.players, rngs)
            h.update("|".join(map(str, state.history)).encode())
    assert h.hexdigest()[:16] == "a494755e73b54b96"


def test_the_view_is_the_observation_read_key_by_key():
    """``view(seat)`` holds exactly ``observation(seat)`` (every key, every seat and a spectator)
    along a game, and a memory player chooses the same from either, with the same draws."""
    game = catcards.load("pairs", players=3, copies=3, numbers=5)
    state = game.new_game(4)
    on_view, on_obs = MemoryAgent(0.4), MemoryAgent(0.4)
    r1, r2 = np.random.default_rng(1), np.random.default_rng(1)
    while not state.is_over:
        for seat in (0, 1, 2, None):
            assert dict(state.view(seat)) == state.observation(seat)
        seat = state.current_player
        action = on_view.choose(state.view(seat), state.legal_actions(), r1)
        assert on_obs.choose(state.observation(seat), state.legal_actions(), r2) is action
        state.apply(action)
    assert r1.bit_generator.state == r2.bit_generator.state
    with pytest.raises(catcards.GameParameterError):
        state.view(3)


def test_clone_copies_every_attribute_and_plays_on_identically():
    """A Pairs state keeps its own attributes in slots and State's in its dict, and its clone (so
    every world catcards.odds samples) copies them by name (``PairsState._shallow_copy``): no
    attribute may be set outside those names (it would not be copied), every slot of a clone
    holds what the original's does, and a clone taken mid-game plays on exactly as the original
    does with the same choices (three copies: a leftover card; three seats)."""
    from catcards.core import State
    from catcards.games.pairs import PairsState

    copied = set(State._core_fields) | set(PairsState.__slots__)
    game = catcards.load("pairs", players=3, copies=3, numbers=6)
    for seed in range(4):
        state = game.new_game(seed)
        rng = np.random.default_rng(seed)
        while not state.is_over:
            assert set(vars(state)) <= copied
            if len(state.history) % 9 == 4:
                clone = state.clone()
                for name in PairsState.__slots__:
                    assert getattr(clone, name) == getattr(state, name), name
                played = []
                for s in (clone, state.clone()):
                    r = np.random.default_rng([seed, len(state.history)])
                    play_game(s, [MemoryAgent(0.3)] * 3, [r] * 3)
                    played.append(s)
                a, b = played
                assert a.log == b.log and a.history == b.history and a.outcome == b.outcome
                assert a.log[: len(state.log)] == state.log
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
