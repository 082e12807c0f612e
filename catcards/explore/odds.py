"""Odds from here: :func:`odds` estimates a seat's chances by rollouts, seeing only what it sees.

A *rollout* draws the cards the seat cannot see (:meth:`catcards.core.State.sample_hidden`, so
the estimate depends only on ``observation(seat)`` and the public history), then lets computer
players finish the game from there, once per legal action of the seat (the same drawn cards and
the same future randomness for every action: common random numbers, so the difference between
two actions is not blurred by luck). The win rate is a proportion of rollouts, given with a 95%
Wilson interval (:func:`catcards.probability.wilson_interval`): Monte Carlo estimation.

Seeds: rollout ``i`` of a call with seed ``S`` draws its hidden cards and future from
``SeedSequence([S, i])`` and seat ``k``'s agent from ``SeedSequence([S, i, 1 + k])``, so a rollout
is the same however the rollouts are split over an executor (like :func:`catcards.simulate`).
"""
from __future__ import annotations

import math
from concurrent.futures import Executor
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

import numpy as np

from ..agents import Agent, make_agent
from ..core import GameParameterError, State, check_count, is_whole
from ..probability import wilson_interval
from ..simulate import per_seat
from .hidden import prepare

if TYPE_CHECKING:  # pandas loads only when odds() runs: playing a game needs none of it
    import pandas as pd

__all__ = ["odds", "rollout_results", "MAX_ROLLOUTS"]

#: the most rollouts one call accepts (a bound on untrusted input)
MAX_ROLLOUTS = 1_000_000
#: actions one rollout may take before it is declared endless
MAX_ACTIONS = 200_000


#: the strategy used for "sensible" in a game that has none by that name
FALLBACK = {"snap": "reaction", "pairs": "forgetful", "card-game": "bluffer", "big-cat": "random"}


def policy_name(game_name: str, name: str | Agent) -> str | Agent:
    """``name``, except "sensible" in a game without such a strategy: :data:`FALLBACK`'s choice
    (Snap: "reaction", Pairs: "forgetful", Card Game: "bluffer", Big Cat: "random", which has no
    decisions anyway)."""
    from ..agents import strategies

    if name == "sensible" and "sensible" not in strategies(game_name):
        return FALLBACK.get(game_name, "random")
    return name


def _agents(game, agents) -> list[Agent]:
    built = [make_agent(game.name, policy_name(game.name, a)) for a in per_seat(agents, game.players)]
    if any(getattr(a, "choose_in", None) is not None for a in built):
        raise GameParameterError("the players of a rollout cannot themselves play by rollouts; use e.g. 'sensible'")
    return built


@lru_cache(maxsize=1)
def _fast_paths() -> dict:
    """Agent class -> ``f(state, seat, legal, rng)`` choosing exactly as the agent would from
    ``observation(seat)``, without building the observation (see e.g.
    :func:`catcards.explore.simons_cat.fast_sensible`)."""
    from ..agents.simons_cat import SensibleAgent
    from .simons_cat import fast_sensible

    return {SensibleAgent: fast_sensible}


@lru_cache(maxsize=1)
def _fast_play_outs() -> dict:
    """Agent class -> ``f(state, rngs) -> Outcome``: the whole rest of a game played by that
    agent at every seat, as the engine would play it with the same generators, without building
    actions or log lines (see :func:`catcards.explore.simons_cat.play_out_sensible`)."""
    from ..agents.simons_cat import SensibleAgent
    from .simons_cat import play_out_sensible

    return {SensibleAgent: play_out_sensible}


class _SeatGenerators:
    """``rngs[k]``: seat ``k``'s agent generator of rollout ``i``,
    ``default_rng(SeedSequence([seed, i, 1 + k]))``, built the first time it is asked for (an
    agent that never breaks a tie never pays for one)."""

    __slots__ = ("_key", "_made")

    def __init__(self, seed: int, i: int, n: int):
        self._key = (seed, i)
        self._made: list = [None] * n

    def __getitem__(self, k: int) -> np.random.Generator:
        rng = self._made[k]
        if rng is None:
            rng = self._made[k] = np.random.default_rng(np.random.SeedSequence([*self._key, 1 + k]))
        return rng


def _play_out(state: State, agents, rngs) -> State:
    fast = _fast_paths()
    chooser = [fast.get(type(a)) for a in agents]
    for _ in range(MAX_ACTIONS):
        seat = state.current_player
        if seat is None:
            return state
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
        elif chooser[seat] is not None:
            state.apply(chooser[seat](state, seat, legal, rngs[seat]))
        else:
            agent = agents[seat]
            observation = state.observation(seat) if getattr(agent, "reads_observation", True) else None
            state.apply(agent.choose(observation, legal, rngs[seat]))
    raise RuntimeError(f"a rollout from {state!r} did not end within {MAX_ACTIONS} actions")


def _finish(state: State, agents, rngs):
    """The outcome of ``state`` played to its end by ``agents`` (``state`` may be changed): by a
    game's whole-game fast path when every seat plays the same agent that has one (same result,
    same draws), else action by action (:func:`_play_out`)."""
    kinds = {type(a) for a in agents}
    if len(kinds) == 1:
        whole = _fast_play_outs().get(kinds.pop())
        if whole is not None:
            return whole(state, rngs)
    return _play_out(state, agents, rngs).outcome


def rollout_results(
    state: State, seat: int, start: int, stop: int, seed: int, agents: Sequence, peek: bool,
    actions: Sequence[str | None],
) -> list[list[tuple[bool, float, bool]]]:
    """Rollouts ``start..stop-1``: per rollout, per action, (seat won, seat's score, whether higher
    scores are better).

    One executor task (module level so that it pickles); :func:`odds` adds them up.
    """
    built = _agents(state.game, list(agents))
    info = None if peek else prepare(state, seat)
    n = state.game.players
    out = []
    for i in range(start, stop):
        rng = np.random.default_rng(np.random.SeedSequence([seed, i]))
        world = state if peek else info.sample(rng)
        future = int(rng.integers(2**63))
        row = []
        for text in actions:
            # the drawn world with the rollout's future generator (a clone: same seed and deals)
            w = world.clone()
            w.rng = np.random.default_rng(future)
            if text is not None:
                w.apply(w.action_from_string(text))
            out_ = _finish(w, built, _SeatGenerators(seed, i, n))
            row.append((seat in out_.winners, float(out_.scores[seat]), out_.higher_is_better))
        out.append(row)
    return out


def odds(
    state: State,
    seat: int,
    rollouts: int = 1000,
    seed: int = 0,
    agents: str | Agent | Sequence[str | Agent] = "sensible",
    executor: Executor | str | None = None,
    peek: bool = False,
    progress: bool = True,
    chunk_size: int | None = None,
) -> pd.DataFrame:
    """The chances of ``seat`` from this position, by rollouts (see the module docstring).

    Args:
        state: the position (not changed).
        seat: whose chances; its view is all that is used unless ``peek``.
        rollouts: rollouts per row, 1 to :data:`MAX_ROLLOUTS`.
        seed: seed of the rollouts (whole number >= 0); same seed, same table.
        agents: who plays the rest of the game: a strategy name ("sensible", "random", ...), an
            Agent, or one per seat. "sensible" in a game without it is :func:`policy_name`'s
            choice; another strategy a game does not have raises (the message lists the game's
            strategies).
        executor: None (this process), "processes" (a local pool) or any
            :class:`concurrent.futures.Executor`; the rollouts are split into chunks of
            consecutive indices as :func:`catcards.simulate` splits games, and the table is the
            same whatever the split.
        peek: use the true hidden cards instead of sampling them (for teaching what information
            is worth); every rollout then starts from the same cards.
        progress: show a tqdm progress bar (counted in rollouts).
        chunk_size: rollouts per executor task (default ``rollouts / 32`` rounded up).

    Returns:
        DataFrame, one row per legal action of ``seat`` when it is to act (column ``action``,
        the action's text), else one row for the position (``action`` None), with columns
        ``wins``, ``rollouts``, ``win_rate`` (wins / rollouts; a shared win counts as a win),
        ``low`` and ``high`` (the 95% Wilson interval), ``mean_score`` (the seat's mean final
        score in the game's unit, e.g. Simon cards, points, Super Cat cards; see
        ``higher_is_better``) and ``higher_is_better``.

    Raises:
        GameParameterError: a bad seat, count, seed, strategy or executor, or a finished game.
        catcards.explore.SamplingError: the game has no hidden-card sampler (use ``peek=True``).
    """
    if not isinstance(state, State):
        raise GameParameterError(f"odds needs a game state, not {state!r}")
    seat = state.check_seat(seat)  # a GameParameterError for a bad seat
    if seat is None:
        raise GameParameterError("odds needs a seat: whose chances?")
    if state.is_over:
        raise GameParameterError("the game is over: there are no chances left to estimate")
    if not is_whole(rollouts) or not 1 <= rollouts <= MAX_ROLLOUTS:
        raise GameParameterError(f"rollouts must be a whole number from 1 to {MAX_ROLLOUTS}, not {rollouts!r}")
    if not is_whole(seed) or seed < 0:
        raise GameParameterError(f"seed must be a whole number 0 or more, not {seed!r}")
    rollouts, seed = int(rollouts), int(seed)
    agents = per_seat(agents, state.game.players)
    _agents(state.game, agents)  # a bad strategy fails here, before any rollout
    if chunk_size is None:
        chunk_size = max(1, math.ceil(rollouts / 32))
    else:
        chunk_size = check_count(chunk_size, "chunk_size")
    own_pool = executor == "processes"
    if isinstance(executor, str) and not own_pool:
        raise GameParameterError(f"executor must be None, 'processes' or an Executor, not {executor!r}")
    if executor is not None and not own_pool and not callable(getattr(executor, "submit", None)):
        raise GameParameterError(f"executor must be None, 'processes' or an Executor (with submit()), not {executor!r}")
    if seat == state.current_player:
        actions: list[str | None] = [str(a) for a in state.legal_actions()]
    else:
        actions = [None]
    prepare(state, seat)  # a game without a sampler fails here
    from tqdm.auto import tqdm

    results: list[list[tuple[bool, float, bool]]] = []
    bar = tqdm(total=rollouts, disable=not progress, desc="rollouts", unit="rollout")
    try:
        if executor is None:
            step = max(1, min(chunk_size, 50))
            for a in range(0, rollouts, step):
                b = min(rollouts, a + step)
                results.extend(rollout_results(state, seat, a, b, seed, agents, peek, actions))
                bar.update(b - a)
        else:
            from ..simulate import _process_pool, _stop_pool, future_result  # workers end with this process

            pool = _process_pool() if own_pool else executor
            try:
                futures = [
                    pool.submit(rollout_results, state, seat, a, min(rollouts, a + chunk_size), seed, agents, peek, actions)
                    for a in range(0, rollouts, chunk_size)
                ]
                for f in futures:
                    part = future_result(f)  # Ctrl+C seen at once
                    results.extend(part)
                    bar.update(len(part))
            finally:
                if own_pool:
                    _stop_pool(pool)
    finally:
        bar.close()
    higher = bool(results[0][0][2])
    rows = []
    for j, text in enumerate(actions):
        wins = sum(1 for r in results if r[j][0])
        low, high = wilson_interval(wins, rollouts)
        rows.append(
            {
                "action": text,
                "wins": wins,
                "rollouts": rollouts,
                "win_rate": wins / rollouts,
                "low": low,
                "high": high,
                "mean_score": sum(r[j][1] for r in results) / rollouts,
                "higher_is_better": higher,
            }
        )
    import pandas as pd

    return pd.DataFrame(rows)
