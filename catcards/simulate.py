"""Many seeded games at once: :func:`simulate` returns one row per game as a pandas DataFrame.

Seeds: game ``i`` of a run with seed ``S`` is played with the state seed
``SeedSequence([S, i]).generate_state(1)[0]`` and each seat's agent draws from
``SeedSequence([S, i, 1 + seat])``, so game ``i`` is the same game however the run is split.

Running on several processes or machines: ``simulate(..., executor=...)`` splits the game
indices ``0..games-1`` into chunks of consecutive indices, plays each chunk as one task of a
:class:`concurrent.futures.Executor` and puts the rows back in index order. Because every game's
seeds depend only on ``(S, i)``, the DataFrame is identical whatever the executor and chunk size::

    simulate("simons-cat", games=10_000, seed=1, executor="processes")   # a local process pool
    with ProcessPoolExecutor(max_workers=2) as pool:                    # your own pool
        simulate("simons-cat", games=10_000, seed=1, executor=pool)
    client = dask.distributed.Client("scheduler:8786")                  # a Dask cluster
    simulate("simons-cat", games=10_000, seed=1, executor=client.get_executor())

Any object with ``submit(fn, *args)`` returning a future with ``result()`` works (a
:class:`concurrent.futures.Executor`: Dask's ``client.get_executor()``, ``mpi4py.futures.MPIPoolExecutor``).
With a process pool the game, the agents and ``record`` are pickled: define ``record`` with ``def``
at the top level of a module (on Linux, of a notebook too: workers are forked; on macOS and Windows
they are spawned and a function defined in a notebook cannot be found by them).
"""
from __future__ import annotations

import math
import os
import pickle
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from .agents import Agent, make_agent
from .core import Game, GameParameterError, State, is_whole
from .registry import load

__all__ = ["simulate", "play_game", "game_seed", "agent_rngs", "chunks"]

#: a task of an executor plays at most this many games when ``chunk_size`` is not given
MAX_CHUNK = 500


def game_seed(seed: int, index: int) -> int:
    """The state seed of game ``index`` of a run seeded ``seed``."""
    return int(np.random.SeedSequence([seed, index]).generate_state(1, dtype=np.uint32)[0])


def agent_rngs(seed: int, index: int, players: int) -> list[np.random.Generator]:
    """One generator per seat for game ``index`` of a run seeded ``seed``."""
    return [np.random.default_rng(np.random.SeedSequence([seed, index, 1 + s])) for s in range(players)]


def play_game(
    state: State,
    agents: Sequence[Agent],
    rngs: Sequence[np.random.Generator],
    max_actions: int = 1_000_000,
) -> State:
    """Let ``agents`` (one per seat) play ``state`` to the end; returns the same state.

    Raises:
        RuntimeError: the game did not end within ``max_actions`` actions.
    """
    for _ in range(max_actions):
        seat = state.current_player
        if seat is None:
            return state
        legal = state.legal_actions()
        state.apply(agents[seat].choose(state.observation(seat), legal, rngs[seat]))
    raise RuntimeError(f"{state!r} did not end within {max_actions} actions")


def _row(state: State, index: int, record: Callable[[State], dict] | None) -> dict[str, Any]:
    out = state.outcome
    row: dict[str, Any] = {
        "game": index,
        "seed": state.seed,
        "actions": len(state.history),
        "winners": out.winners,
        "reason": out.reason,
    }
    for s, score in enumerate(out.scores):
        row[f"score_{s}"] = score
    for s in range(state.game.players):
        row[f"win_{s}"] = s in out.winners
    if record is not None:
        extra = record(state)
        if not isinstance(extra, dict):
            raise GameParameterError(
                f"record must return a dict of extra columns, but it returned {extra!r}"
            )
        row.update(extra)
    return row


def _play_one(game: Game, seed: int, index: int, agents: Sequence, record) -> dict[str, Any]:
    players = game.players
    built = [make_agent(game.name, a) for a in agents]
    state = game.new_game(game_seed(seed, index))
    play_game(state, built, agent_rngs(seed, index, players))
    return _row(state, index, record)


def _play_chunk(game: Game, seed: int, start: int, stop: int, agents: Sequence, record) -> list[dict[str, Any]]:
    """Rows of games ``start..stop-1`` of the run (one executor task; module-level so it pickles)."""
    return [_play_one(game, seed, i, agents, record) for i in range(start, stop)]


def chunks(games: int, chunk_size: int) -> list[range]:
    """The game indices ``0..games-1`` cut into consecutive ranges of at most ``chunk_size``.

    >>> chunks(5, 2)
    [range(0, 2), range(2, 4), range(4, 5)]
    """
    return [range(a, min(a + chunk_size, games)) for a in range(0, games, chunk_size)]


def _check_picklable(what: str, value: Any) -> None:
    try:
        pickle.dumps(value)
    except Exception as exc:  # PicklingError, AttributeError ("Can't pickle local object"), TypeError
        raise GameParameterError(
            f"{what} must be picklable to run in a process pool ({exc}); define it with `def` at the "
            f"top level of a module or notebook (not a lambda or a function inside a function), or "
            f"run in this process with executor=None or a ThreadPoolExecutor"
        ) from None


def simulate(
    game: str | Game,
    games: int = 1000,
    seed: int = 0,
    agents: Sequence[str | Agent] | str = "random",
    record: Callable[[State], dict] | None = None,
    progress: bool = True,
    executor: Executor | str | None = None,
    chunk_size: int | None = None,
    **params: Any,
) -> pd.DataFrame:
    """Play ``games`` seeded games with computer players; one DataFrame row per game.

    Args:
        game: a registered name ("simons-cat") or a :class:`~catcards.core.Game`.
        games: number of games (>= 1).
        seed: run seed (see the module docstring for how each game's seed derives from it).
        agents: one strategy name or :class:`~catcards.agents.Agent` per seat, or one for all.
            An Agent given as an object must not carry memory from one game to the next
            (else results would depend on the order games are played in).
        record: optional ``f(finished_state) -> dict`` whose items become extra columns. With a
            process pool it must be picklable: a function defined with ``def`` at the top level of
            a module or notebook, not a lambda or a nested function.
        progress: show a tqdm progress bar (counted in games; with an executor it moves one
            chunk at a time).
        executor: where the games are played. ``None`` (default): in this process, one after the
            other. ``"processes"``: a :class:`~concurrent.futures.ProcessPoolExecutor` with one
            worker per CPU, created and shut down here. Or any
            :class:`concurrent.futures.Executor` you made (a process or thread pool, Dask's
            ``client.get_executor()``, ...): chunks are submitted to it, and it is not shut down.
        chunk_size: games per executor task (default: ``games / 32`` rounded up, at most
            :data:`MAX_CHUNK`). Ignored when ``executor`` is None.
        **params: game parameters when ``game`` is a name (``players=4``).

    Returns:
        DataFrame with columns ``game``, ``seed``, ``actions``, ``winners`` (tuple of seats),
        ``reason``, ``score_<seat>``, ``win_<seat>`` (bool) and the ``record`` columns. The same
        ``seed`` gives the same DataFrame whatever ``executor`` and ``chunk_size``.

    Raises:
        GameParameterError: bad game, parameter, strategy, count, executor or chunk size, or an
            unpicklable ``record``/agent with a process pool, before any game is played.
    """
    if isinstance(game, str):
        game = load(game, **params)
    elif not isinstance(game, Game):
        raise GameParameterError(
            f"game must be a game's name (one of catcards.list_games()) or a Game, not {game!r}"
        )
    elif params:
        raise GameParameterError("give parameters either in the Game or as keywords, not both")
    if not is_whole(games) or games < 1:
        raise GameParameterError(f"games must be a whole number >= 1, not {games!r}")
    games = int(games)
    if not is_whole(seed) or seed < 0:
        raise GameParameterError(f"seed must be a whole number 0 or more, not {seed!r}")
    seed = int(seed)
    if isinstance(agents, (str, Agent)):
        agents = [agents] * game.players
    if not isinstance(agents, (list, tuple)) or not all(isinstance(a, (str, Agent)) for a in agents):
        raise GameParameterError(
            "agents must be a strategy name, an Agent object, or a list of them (one per seat), "
            f"not {agents!r}"
        )
    if len(agents) != game.players:
        raise GameParameterError(f"give one agent per seat ({game.players}), not {len(agents)}")
    for a in agents:  # fail on a bad strategy name before playing
        make_agent(game.name, a)
    if record is not None and not callable(record):
        raise GameParameterError(f"record must be a function f(finished_state) -> dict or None, not {record!r}")
    own_pool = False
    if isinstance(executor, str):
        if executor != "processes":
            raise GameParameterError(
                f"executor must be None, 'processes' or a concurrent.futures.Executor, not {executor!r}"
            )
        own_pool = True
    elif executor is not None and not callable(getattr(executor, "submit", None)):
        raise GameParameterError(
            f"executor must be None, 'processes' or a concurrent.futures.Executor "
            f"(an object with submit()), not {executor!r}"
        )
    if chunk_size is None:
        chunk_size = min(MAX_CHUNK, max(1, math.ceil(games / 32)))
    elif isinstance(chunk_size, bool) or not isinstance(chunk_size, (int, np.integer)) or chunk_size < 1:
        raise GameParameterError(f"chunk_size must be a whole number >= 1, not {chunk_size!r}")
    if own_pool or isinstance(executor, ProcessPoolExecutor):
        _check_picklable("the game", game)
        _check_picklable("record", record)
        for a in agents:
            _check_picklable(f"the agent {a!r}", a)
    from tqdm.auto import tqdm

    bar = tqdm(total=games, disable=not progress, desc=game.title, unit="game")
    try:
        if executor is None:
            rows = []
            for i in range(games):
                rows.append(_play_one(game, seed, i, agents, record))
                bar.update(1)
            return pd.DataFrame(rows)
        pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 1) if own_pool else executor
        try:
            futures = [
                pool.submit(_play_chunk, game, seed, part.start, part.stop, agents, record)
                for part in chunks(games, int(chunk_size))
            ]
            rows = []
            for future in futures:  # in index order, so the rows are too
                part = future.result()
                rows.extend(part)
                bar.update(len(part))
        finally:
            if own_pool:
                pool.shutdown(cancel_futures=True)
        return pd.DataFrame(rows)
    finally:
        bar.close()
