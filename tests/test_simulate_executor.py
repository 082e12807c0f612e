"""simulate(executor=...): the same DataFrame whatever the executor and chunking (issue 7)."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

import catcards
from catcards.core import GameParameterError
from catcards.simulate import agent_rngs, chunks, game_seed, play_game


def log_length(state):
    """A picklable record function (top level of a module)."""
    return {"log_lines": len(state.log)}


@pytest.fixture(scope="module")
def serial():
    return catcards.simulate("simons-cat", games=40, seed=11, players=4, progress=False, record=log_length,
                             agents=["sensible", "random", "random", "random"])


def run(**kw):
    return catcards.simulate("simons-cat", games=40, seed=11, players=4, progress=False, record=log_length,
                             agents=["sensible", "random", "random", "random"], **kw)


def test_serial_rows_are_the_games_played_one_by_one(serial):
    # row i is game i played with the documented seeds, whatever else ran before it
    from catcards.agents import make_agent

    game = catcards.load("simons-cat", players=4)
    for i in (0, 17, 39):
        state = game.new_game(game_seed(11, i))
        agents = [make_agent("simons-cat", a) for a in ["sensible", "random", "random", "random"]]
        play_game(state, agents, agent_rngs(11, i, 4))
        row = serial.iloc[i]
        assert row["game"] == i and row["seed"] == state.seed
        assert row["actions"] == len(state.history)
        assert row["winners"] == state.outcome.winners
        assert row["log_lines"] == len(state.log)


def test_process_pool_gives_the_same_dataframe(serial):
    with ProcessPoolExecutor(max_workers=2) as pool:
        pd.testing.assert_frame_equal(run(executor=pool, chunk_size=7), serial)


def test_thread_pool_and_odd_chunks_give_the_same_dataframe(serial):
    with ThreadPoolExecutor(max_workers=3) as pool:
        for size in (1, 13, 40, 1000):
            pd.testing.assert_frame_equal(run(executor=pool, chunk_size=size), serial)


def test_processes_by_name(serial):
    pd.testing.assert_frame_equal(run(executor="processes"), serial)


def test_chunks_cover_every_index_once():
    assert chunks(5, 2) == [range(0, 2), range(2, 4), range(4, 5)]
    assert [i for part in chunks(101, 7) for i in part] == list(range(101))


def test_a_lambda_record_is_refused_for_a_process_pool_with_a_clear_error():
    with pytest.raises(GameParameterError, match="record must be picklable.*lambda"):
        catcards.simulate("simons-cat", games=2, players=4, progress=False,
                          record=lambda s: {}, executor="processes")
    # in this process, or with threads, a lambda is fine
    df = catcards.simulate("simons-cat", games=2, players=4, progress=False, record=lambda s: {"x": 1},
                           executor=ThreadPoolExecutor(1))
    assert list(df["x"]) == [1, 1]


@pytest.mark.parametrize("kw, message", [
    ({"executor": "gpu"}, "executor must be None, 'processes'"),
    ({"executor": 3}, "executor must be None"),
    ({"executor": "processes", "chunk_size": 0}, "chunk_size must be a whole number >= 1"),
    ({"record": "yes"}, "record must be a function"),
])
def test_bad_executor_arguments(kw, message):
    with pytest.raises(GameParameterError, match=message):
        catcards.simulate("simons-cat", games=2, players=4, progress=False, **kw)


def test_every_registered_game_gives_the_same_rows_in_a_process_pool():
    with ProcessPoolExecutor(max_workers=2) as pool:
        for name in catcards.list_games():
            serial = catcards.simulate(name, games=4, seed=9, progress=False)
            pooled = catcards.simulate(name, games=4, seed=9, progress=False, executor=pool, chunk_size=1)
            pd.testing.assert_frame_equal(pooled, serial, obj=name)
