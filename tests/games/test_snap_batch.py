"""The numpy batch simulation of Snap plays exactly the engine's game: same deals and reaction
times, same results, game by game (catcards.batch.snap)."""
from __future__ import annotations

import numpy as np
import pytest

import catcards
from catcards.agents.snap import ScriptedReactionAgent
from catcards.batch.snap import play_batch, simulate_snap
from catcards.games.snap import Snap
from catcards.simulate import play_game


@pytest.mark.parametrize(
    "players,deck,interval,max_turns,first",
    [(2, "wildcat", None, 2000, 0), (3, "wildcat", 0.5, 2000, 1), (4, "dinohistoria", None, 150, 3), (6, "wildcat", 0.45, 2000, 0)],
)
def test_batch_equals_engine_game_by_game(players, deck, interval, max_turns, first):
    game = Snap(players=players, deck=deck, max_turns=max_turns, first_player=first)
    rng = np.random.default_rng(players)
    G, D = 60, len(game.cards)
    orders = rng.permuted(np.tile(np.arange(D), (G, 1)), axis=1)
    times = rng.gamma(9.0, 0.5 / 9.0, size=(G, 400, players))
    res = play_batch(game, orders, times=times, turn_interval=interval)
    reasons = set()
    for g in range(G):
        stacks = game.deal_order(orders[g])
        state = game.new_game(0, deals=[[str(game.cards[c]) for c in s] for s in stacks])
        agent = ScriptedReactionAgent(times[g], turn_interval=interval)
        play_game(state, [agent] * players, [np.random.default_rng(0)] * players)
        assert state.turns == res["turns"][g]
        assert state.snaps == res["snaps"][g] and state.snaps_showing == res["snaps_showing"][g]
        assert state.outcome.winners == tuple(np.flatnonzero(res["winner"][g]))
        assert state.outcome.scores == tuple(float(x) for x in res["cards"][g])
        reasons.add(res["reason"][g])
    assert len(reasons) >= 2 or max_turns > 1000  # the short limit is reached by some games


def test_simulate_snap_is_seeded_and_sound():
    a = simulate_snap(games=500, seed=3, players=3, mean=[0.4, 0.5, 0.6])
    b = simulate_snap(games=500, seed=3, players=3, mean=[0.4, 0.5, 0.6])
    assert a.equals(b)
    cards = a[[f"cards_{s}" for s in range(3)]].sum(axis=1)
    finished = a["reason"] != "turn limit"
    assert (cards[finished] == 52).all()
    wins = a[[f"win_{s}" for s in range(3)]].mean()
    assert wins["win_0"] > wins["win_1"] > wins["win_2"]


def test_batch_and_engine_agree_in_distribution():
    # different random streams, same model: win rates agree within sampling error
    from catcards.agents.snap import ReactionAgent

    batch = simulate_snap(games=4000, seed=5, players=2, mean=[0.45, 0.5], sd=0.1)
    engine = catcards.simulate("snap", games=400, seed=5, agents=ReactionAgent(mean=[0.45, 0.5], sd=0.1), progress=False)
    p, q = batch["win_0"].mean(), engine["win_0"].mean()
    se = np.sqrt(p * (1 - p) / 400 + p * (1 - p) / 4000)
    assert abs(p - q) < 4 * se


def test_bad_batch_input_is_refused():
    with pytest.raises(catcards.GameParameterError, match="shape"):
        play_batch(Snap(), np.zeros((3, 10), dtype=int), times=np.zeros((3, 5, 2)))
    with pytest.raises(catcards.GameParameterError, match="one per seat"):
        simulate_snap(games=10, players=3, mean=[0.4, 0.5])
    with pytest.raises(catcards.GameParameterError, match="games"):
        simulate_snap(games=0)


@pytest.mark.parametrize("players,interval", [(2, None), (3, 0.5)])
def test_chunks_step_in_game_order_so_results_do_not_depend_on_the_chunk_size(monkeypatch, players, interval):
    # games are stepped in chunks; the reaction times are drawn race by race in game order across
    # chunks, so chunks of 7 games give exactly what one chunk of all 300 gives
    import catcards.batch.snap as batch_snap
    from catcards.agents.snap import ReactionModel

    game = Snap(players=players)
    orders = np.random.default_rng(9).permuted(np.tile(np.arange(len(game.cards)), (300, 1)), axis=1)
    model = ReactionModel([0.4 + 0.05 * s for s in range(players)], 0.1)
    whole = play_batch(game, orders, model=model, rng=np.random.default_rng(1), turn_interval=interval)
    monkeypatch.setattr(batch_snap, "_CHUNK", 7)
    chunked = play_batch(game, orders, model=model, rng=np.random.default_rng(1), turn_interval=interval)
    for key in whole:
        assert np.array_equal(whole[key], chunked[key]), key
    assert whole["snaps"].sum() > 300  # races happened (reaction times were drawn)
