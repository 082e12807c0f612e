"""The Big Cat Game batch path (numpy, many deals at once) against the one-game engine: the same
deals give the same cards played, tricks and winner."""
from __future__ import annotations

import numpy as np
import pytest

import catcards
from catcards import GameParameterError
from catcards.batch.big_cat import (
    deal_batch,
    engine_result,
    play_batch,
    row_from_stacks,
    simulate_batch,
    stack_strings,
)


def _engine_table(game, rows):
    res = [engine_result(game, row) for row in rows]
    return (
        np.array([r["cards_played"] for r in res]),
        np.array([r["tricks"] for r in res]),
        np.array([-1 if r["winner"] is None else r["winner"] for r in res]),
        np.array([r["terminated"] for r in res]),
    )


@pytest.mark.parametrize(
    "players,params",
    [(2, {}), (3, {}), (4, {}), (2, {"deck": "classic"}), (3, {"first_player": 1, "penalties": {"L": 4}})],
)
def test_batch_path_gives_the_engine_results_deal_by_deal(players, params):
    game = catcards.load("big-cat", players=players, **params)
    rows = deal_batch(game, 400, np.random.default_rng(players))
    got = play_batch(game, rows, handoff=0, lanes=64)  # few lanes: lanes are refilled many times
    assert not got["engine"].any()  # every game played by the batch path itself
    cards, tricks, winner, terminated = _engine_table(game, rows)
    assert np.array_equal(got["cards_played"], cards)
    assert np.array_equal(got["tricks"], tricks)
    assert np.array_equal(got["winner"], winner)
    assert np.array_equal(got["terminated"], terminated)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_default_batch_with_compaction_and_handoff_gives_the_engine_results(players):
    # default settings: one set of lanes that is compacted as games end (global seat and slot
    # numbers move to new rows) and the last few games finished by the engine
    game = catcards.load("big-cat", players=players, first_player=players - 1)
    rows = deal_batch(game, 1200, np.random.default_rng(10 + players))
    got = play_batch(game, rows, handoff=4)
    assert 0 < got["engine"].sum() < 4
    cards, tricks, winner, terminated = _engine_table(game, rows)
    assert np.array_equal(got["cards_played"], cards)
    assert np.array_equal(got["tricks"], tricks)
    assert np.array_equal(got["winner"], winner)
    assert np.array_equal(got["terminated"], terminated)
    # fewer lanes (refilled as games end, then compacted once), all played by the batch path
    again = play_batch(game, rows, handoff=0, lanes=300)
    assert not again["engine"].any()
    for key in ("cards_played", "tricks", "winner"):
        assert np.array_equal(again[key], got[key])


def test_batch_path_replays_the_longest_known_classic_game():
    game = catcards.load("big-cat", deck="classic")
    row = row_from_stacks(game, ["---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---"])
    got = play_batch(game, row[None, :], handoff=0)
    assert (got["cards_played"][0], got["tricks"][0], got["winner"][0]) == (8344, 1164, 1)
    assert not got["engine"][0]


def test_a_cycling_deal_is_handed_to_the_engine_and_reported_non_terminating():
    game = catcards.load("big-cat", deck="classic")
    cycle = row_from_stacks(game, ["---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA"])
    rows = np.vstack([cycle, deal_batch(game, 3, np.random.default_rng(0))])
    got = play_batch(game, rows, max_cards=2000, handoff=0)
    assert got["engine"].tolist() == [True, False, False, False]
    assert got["winner"][0] == -1 and not got["terminated"][0] and got["cards_played"][0] == 474
    assert got["terminated"][1:].all()


def test_rows_and_deal_strings_round_trip():
    game = catcards.load("big-cat", players=3, first_player=2)
    row = deal_batch(game, 1, np.random.default_rng(3))[0]
    stacks = stack_strings(game, row)
    assert [len(s) for s in stacks] == [17, 17, 18]
    assert np.array_equal(row_from_stacks(game, stacks), row)
    state = game.new_game(0, deals=stacks)
    assert state.initial_deal == stacks


def test_deal_batch_deals_the_whole_deck():
    game = catcards.load("big-cat")
    rows = deal_batch(game, 50, np.random.default_rng(0))
    assert rows.shape == (50, 52)
    assert all(sorted(r.tolist()) == [0] * 36 + [1] * 4 + [2] * 4 + [3] * 4 + [5] * 4 for r in rows)


def test_simulate_batch_is_seeded_and_fails_early_on_bad_input():
    a = simulate_batch("big-cat", games=300, seed=4, players=3)
    b = simulate_batch(catcards.load("big-cat", players=3), games=300, seed=4)
    assert a.equals(b) and list(a.columns) == ["cards_played", "tricks", "winner", "terminated", "engine"]
    assert a["terminated"].all() and set(a["winner"]) <= {0, 1, 2}
    with pytest.raises(GameParameterError, match="games must be a whole number"):
        simulate_batch(games=0)
    with pytest.raises(GameParameterError, match="players"):
        simulate_batch(players=5)
    with pytest.raises(GameParameterError, match="2-D integer array"):
        play_batch(catcards.load("big-cat"), np.zeros(52, np.int8))
    game = catcards.load("big-cat")
    allowed = ", ".join(map(str, sorted({0, *game.penalties.values()})))
    with pytest.raises(GameParameterError, match=f"penalty values \\({allowed}; 0 for a plain card\\), not 15"):
        play_batch(game, np.full((2, 52), 15, np.int8))
    # in 0-13 but not one of this game's penalties: refused before any game starts (it used to
    # reach the one-game engine and fail there with a KeyError)
    missing = min(set(range(1, 14)) - set(game.penalties.values()))
    rows = deal_batch(game, 3, np.random.default_rng(0))
    rows[:, 5] = missing
    with pytest.raises(GameParameterError, match=f"not {missing}$"):
        play_batch(game, rows)
    with pytest.raises(GameParameterError, match="at least one deal"):
        play_batch(game, rows[:0])
    with pytest.raises(GameParameterError, match="max_cards must be a whole number"):
        play_batch(game, deal_batch(game, 3, np.random.default_rng(0)), max_cards="x")
    with pytest.raises(GameParameterError, match="gives stacks of"):
        row_from_stacks(catcards.load("big-cat"), ["---", "-"])


# ---- lesson calculations (catcards.analysis.big_cat) ------------------------------------------
def test_exact_lions_in_the_first_stack_is_hypergeometric():
    from fractions import Fraction

    from catcards.analysis.big_cat import rewards_in_first_stack_exact

    two = rewards_in_first_stack_exact(catcards.load("big-cat"))
    # C(4,2) C(48,24) / C(52,26) = 325/833; symmetric; sums to 1
    assert two[2] == Fraction(325, 833) and two[0] == two[4] == Fraction(46, 833)
    assert sum(two.values()) == 1
    four = rewards_in_first_stack_exact(catcards.load("big-cat", players=4))
    assert four[0] == Fraction(6327, 20825)  # C(48,13) / C(52,13)


def test_wins_by_rewards_longest_deal_and_history_agree_with_the_engine():
    from catcards.analysis.big_cat import longest_deal, simulate_deals, stack_history, wins_by_rewards

    game = catcards.load("big-cat")
    rows, res = simulate_deals(game, 2000, seed=5)
    table = wins_by_rewards(game, rows, res)
    assert table["deals"].sum() == 2000 and abs(table["share"].sum() - 1) < 1e-12
    assert abs(table["exact"][2] - 325 / 833) < 1e-12
    rec = longest_deal(game, rows, res)
    assert rec["cards_played"] == res["cards_played"].max()
    replay = game.new_game(0, deals=rec["stacks"]).play_out().result()
    assert (replay["cards_played"], replay["tricks"], replay["winner"]) == (
        rec["cards_played"], rec["tricks"], rec["winner"])
    hist = stack_history(game, rec["stacks"])
    last = hist.iloc[-1]
    assert last["cards_played"] == rec["cards_played"] and last[f"stack_{rec['winner']}"] == 52
    assert (hist[["stack_0", "stack_1", "pile"]].sum(axis=1) == 52).all()


# ---- any deal, not only full random decks: short stacks, many reward cards, odd sizes ----------
from hypothesis import given, settings
from hypothesis import strategies as st


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    cards=st.lists(st.sampled_from("-----LTWJ"), min_size=4, max_size=70),
    first=st.integers(0, 3),
)
def test_batch_equals_engine_on_arbitrary_deals(players, cards, first):
    game = catcards.load("big-cat", players=players, first_player=first % players)
    values = {"-": 0, **game.penalties}
    row = np.array([values[c] for c in cards], np.int8)
    got = play_batch(game, np.vstack([row, row[::-1]]), handoff=0, max_cards=5000)
    for i, r in enumerate([row, row[::-1]]):
        ref = engine_result(game, r)
        if got["engine"][i]:  # ran past max_cards: the engine finished it (a cycle)
            continue
        assert (got["cards_played"][i], got["tricks"][i]) == (ref["cards_played"], ref["tricks"])
        assert got["winner"][i] == (-1 if ref["winner"] is None else ref["winner"])


def test_exact_small_deck_equals_brute_force_over_every_order():
    from fractions import Fraction
    from itertools import permutations

    from catcards.analysis.big_cat import all_deals, exact_small_deck

    game = catcards.load("big-cat", players=3)
    deck = "LTJ-----"
    exact = exact_small_deck(deck, game)
    orders = sorted(set(permutations(deck)))  # distinct arrangements: 8!/5! = 336
    assert exact["deals"] == len(orders) == 336 == len(all_deals(deck, game))
    wins = [0, 0, 0]
    cycles = cards = 0
    for order in orders:
        row = row_from_stacks(game, ["".join(order[s::3]) for s in range(3)])
        res = game.new_game(0, deals=stack_strings(game, row)).play_out().result()
        if res["terminated"]:
            wins[res["winner"]] += 1
            cards += res["cards_played"]
        else:
            cycles += 1
    assert exact["win"] == [Fraction(w, 336) for w in wins]
    assert exact["cycles"] == Fraction(cycles, 336)
    assert exact["mean_cards"] == Fraction(cards, 336 - cycles)
    with pytest.raises(GameParameterError, match="arrangements"):
        all_deals("LLTTWWJJ--------")


def test_search_longest_finds_the_longest_deal_and_it_replays_in_the_engine():
    from catcards.analysis.big_cat import search_longest

    found = search_longest(3000, seed=5, batch=700)
    assert found["deals"] == 3000 and found["params"]["deck"] == "classic"
    # the same deals, played here batch by batch: nothing longer among them
    game = catcards.load("big-cat", deck="classic")
    seeds = np.random.SeedSequence(5).spawn(5)
    longest = 0
    for k, size in enumerate([700, 700, 700, 700, 200]):
        res = play_batch(game, deal_batch(game, size, np.random.default_rng(seeds[k])))
        longest = max(longest, int(res["cards_played"][res["terminated"]].max()))
    assert found["cards_played"] == longest
    state = game.new_game(0, deals=found["stacks"]).play_out()
    assert state.terminated
    assert (state.cards_played, state.tricks, state.outcome.winners) == (
        found["cards_played"], found["tricks"], (found["winner"],))


def test_search_longest_gives_the_same_result_on_any_executor():
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    from catcards.analysis.big_cat import search_longest

    serial = search_longest(2000, seed=3, batch=500)
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert search_longest(2000, seed=3, batch=500, executor=pool) == serial
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert search_longest(2000, seed=3, batch=500, executor=pool) == serial
    assert search_longest(2000, seed=4, batch=500) != serial  # the seed matters


@pytest.mark.parametrize(
    "kwargs",
    [{"deals": 0}, {"deals": 10**10}, {"deals": 2.5}, {"deals": 10, "batch": 0}, {"deals": 10, "seed": -1},
     {"deals": 10, "executor": "processes"}, {"deals": 10, "players": 9}],
)
def test_search_longest_refuses_bad_input(kwargs):
    from catcards.analysis.big_cat import search_longest

    with pytest.raises(GameParameterError):
        search_longest(**kwargs)
