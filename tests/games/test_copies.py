"""Every game's state pickles, deep-copies and clones mid-game, and each copy plays on exactly as
the original (issue 30: the engines are plain Python, so ``pickle`` and ``copy`` need no help from
them); a process pool, which pickles the state to its workers, gives the same odds as this
process."""
from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import catcards

GAMES = catcards.list_games()


def _mid_game(name: str, seed: int, steps: int):
    """A state of ``name`` (default parameters) after ``steps`` random actions (fewer if the game
    ends first; then the last running position), its legal actions read."""
    state = catcards.load(name).new_game(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        after = state.clone().apply(legal[int(rng.integers(len(legal)))])
        if after.is_over:
            break
        state = after
    state.legal_actions()  # read, so that the copies carry the legal actions too
    return state


def _play_out(state, seed: int):
    rng = np.random.default_rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_a_mid_game_state_pickles_and_deep_copies_and_plays_on_identically(name):
    for seed, steps in ((3, 5), (4, 30)):
        state = _mid_game(name, seed, steps)
        assert not state.is_over and state.history
        copies = {"pickle": pickle.loads(pickle.dumps(state)), "deepcopy": copy.deepcopy(state),
                  "clone": state.clone()}
        for how, other in copies.items():
            assert type(other) is type(state), how
            assert other.digest() == state.digest() and other.to_json() == state.to_json(), how
            assert [str(a) for a in other.legal_actions()] == [str(a) for a in state.legal_actions()], how
        original = _play_out(state, 100 + seed)
        for how, other in copies.items():
            other = _play_out(other, 100 + seed)
            assert other.log == original.log, how
            assert [str(a) for a in other.history] == [str(a) for a in original.history], how
            assert other.outcome == original.outcome and other.digest() == original.digest(), how
        # and the saves of the copies load to the same game
        for other in copies.values():
            assert catcards.load_state(other.to_json()).digest() == original.digest()


@pytest.mark.parametrize("name", ["cat-days", "card-game"])
def test_odds_in_a_process_pool_equal_odds_here(name):
    """``executor="processes"`` pickles the position to the pool's workers: the table is the one
    this process computes (small: a few rollouts per row)."""
    state = _mid_game(name, 5, 12)
    seat = state.current_player
    kwargs = dict(rollouts=3, seed=2, progress=False)
    here = catcards.odds(state, seat, **kwargs)
    pooled = catcards.odds(state, seat, executor="processes", chunk_size=2, **kwargs)
    assert len(here) >= 1 and here["rollouts"].tolist() == [3] * len(here)
    assert pooled.to_dict("records") == here.to_dict("records")
