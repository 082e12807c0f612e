"""simulate(executor=...): the same DataFrame whatever the executor and chunking (issue 7); seeds
spawned from one SeedSequence, lazy chunks, a process pool that stops with its parent and on
Ctrl-C (issue 10); observations only for agents that read them (issue 14)."""
from __future__ import annotations

import re
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest

import catcards
from catcards.agents import Agent, RandomAgent
from catcards.core import GameParameterError
from catcards.simulate import agent_rngs, chunks, game_seed, game_sequence, play_game


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


def test_chunks_cover_every_index_once_and_are_made_lazily():
    assert list(chunks(5, 2)) == [range(0, 2), range(2, 4), range(4, 5)]
    assert [i for part in chunks(101, 7) for i in part] == list(range(101))
    parts = chunks(10**12, 500)  # a generator: nothing of size 10**12 is built
    assert next(parts) == range(0, 500) and next(parts) == range(500, 1000)


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


# --- seeds (issue 10) --------------------------------------------------------------------------

def test_game_seeds_are_spawned_children_of_the_run_seed(serial):
    # game i's seed sequence is SeedSequence(S).spawn(games)[i]; the state seed is its first
    # 128 bits (two uint64 words, low first) and seat s draws from the child's child s
    children = np.random.SeedSequence(11).spawn(40)
    for i in (0, 1, 39):
        low, high = children[i].generate_state(2, np.uint64)
        assert serial.iloc[i]["seed"] == game_seed(11, i) == int(low) + (int(high) << 64)
        assert game_sequence(11, i).spawn_key == children[i].spawn_key == (i,)
        seats = children[i].spawn(4)
        for s, rng in enumerate(agent_rngs(11, i, 4)):
            assert rng.integers(2**63, size=3).tolist() == \
                np.random.default_rng(seats[s]).integers(2**63, size=3).tolist()


def test_seeds_use_full_entropy_and_never_repeat_in_a_run():
    seeds = [game_seed(3, i) for i in range(20_000)]
    assert len(set(seeds)) == len(seeds)
    assert max(seeds) >= 2**127 and sum(s >= 2**64 for s in seeds) > 19_990  # 128 bits, not 32
    assert game_seed(3, 5) != game_seed(4, 5)
    # the run seed is any whole number below 2**128, numpy integers too
    assert game_seed(2**128 - 1, 0) != game_seed(0, 0)
    df = catcards.simulate("snap", games=np.int64(3), seed=np.uint64(2**64 - 1), progress=False)
    assert list(df["seed"]) == [game_seed(2**64 - 1, i) for i in range(3)]


@pytest.mark.parametrize("kw, message", [
    ({"games": 10**8 + 1}, "games must be a whole number >= 1 and <= 100,000,000"),
    ({"games": 10**12}, "games must be a whole number >= 1 and <= 100,000,000"),
    ({"games": 10**5000}, "not a number of about 5001 digits"),
    ({"games": 2.0}, "games must be a whole number"),
    ({"games": True}, "games must be a whole number"),
    ({"seed": 2**128}, "the seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not 3402823669"),
    ({"seed": -1}, "the seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not -1"),
    ({"chunk_size": 1.5, "executor": ThreadPoolExecutor(1)}, "chunk_size must be a whole number >= 1"),
])
def test_bad_counts_and_seeds_are_refused_before_any_game(kw, message):
    with pytest.raises(GameParameterError, match=re.escape(message)):
        catcards.simulate("snap", progress=False, **kw)


# --- lazy submission and Ctrl-C with an executor you own (issue 10) ------------------------------

class _Stop(Exception):
    pass


class _Future:
    def __init__(self, log, n, fail):
        self.log, self.n, self.fail, self.cancelled = log, n, fail, False

    def result(self):
        if self.fail is not None:
            raise self.fail
        return []

    def cancel(self):
        self.cancelled = True
        return True


class _RecordingExecutor:
    """Records what is submitted; the first future's result() raises ``fail``."""

    def __init__(self, fail):
        self.futures, self.fail = [], fail

    def submit(self, fn, *args):
        game, seed, start, stop, agents, record = args
        self.futures.append(_Future(self, stop - start, self.fail if not self.futures else None))
        return self.futures[-1]


@pytest.mark.parametrize("fail", [_Stop("first chunk failed"), KeyboardInterrupt()])
def test_a_huge_run_submits_a_bounded_number_of_chunks_and_cancels_them_when_stopped(fail):
    from catcards.simulate import MAX_GAMES, MAX_IN_FLIGHT

    pool = _RecordingExecutor(fail)
    with pytest.raises(type(fail)):
        catcards.simulate("snap", games=MAX_GAMES, progress=False, executor=pool, chunk_size=1)
    assert len(pool.futures) == MAX_IN_FLIGHT  # not 10**8 futures, and the run stopped at once
    assert all(f.cancelled for f in pool.futures[1:])  # the chunks not collected


# --- observations only for agents that read them (issue 14) --------------------------------------

class _LooksAtTheTable(RandomAgent):
    """Chooses as the random player does, but is handed every observation (and checks it)."""

    reads_observation = True

    def choose(self, observation, legal, rng):
        assert observation is not None
        return super().choose(observation, legal, rng)


class _Peeks(RandomAgent):
    def choose(self, observation, legal, rng):  # no reads_observation: a choose() of its own reads it
        assert observation is not None
        return super().choose(observation, legal, rng)


def test_the_random_player_is_not_given_an_observation_and_plays_the_same_games(monkeypatch):
    assert RandomAgent.reads_observation is False and Agent.reads_observation is True
    assert _Peeks.reads_observation is True
    from catcards.agents.pairs import NoMemoryAgent

    assert NoMemoryAgent.reads_observation is False  # inherits random's choose()
    for name in catcards.list_games():
        state_class = type(catcards.load(name).new_game(0))
        seen = []
        # what the play loop hands an agent that does not declare takes_view: the observation
        # (the lazy view goes only to agents that read it while choosing: catcards.seat_view.looking)
        look = "observation"
        original = getattr(state_class, look)
        monkeypatch.setattr(state_class, look, lambda self, seat: seen.append(seat) or original(self, seat))
        fast = catcards.simulate(name, games=3, seed=4, progress=False)
        assert seen == [], name
        looked = catcards.simulate(name, games=3, seed=4, progress=False, agents=_LooksAtTheTable())
        assert len(seen) == looked["actions"].sum()
        pd.testing.assert_frame_equal(fast, looked, obj=name)
        monkeypatch.undo()


def test_pick_is_uniform_and_draws_from_the_bit_generator():
    from catcards.agents import pick

    # Lemire's method: the index is the high word of a 64-bit draw times n
    raw = np.random.PCG64(8).random_raw(5)
    rng = np.random.default_rng(8)
    assert [pick(rng, range(7)) for _ in range(5)] == [int(r) * 7 >> 64 for r in raw]
    counts = np.bincount([pick(rng, "abcdefg") == "c" for _ in range(70_000)], minlength=2)
    assert abs(counts[1] - 10_000) < 4 * (70_000 * (1 / 7) * (6 / 7)) ** 0.5  # within 4 sd
    # another bit generator: rng.integers
    mt = np.random.Generator(np.random.MT19937(3))
    expected = np.random.Generator(np.random.MT19937(3)).integers(5, size=4).tolist()
    assert [pick(mt, range(5)) for _ in range(4)] == expected
