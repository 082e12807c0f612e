"""Many seeded games at once: :func:`simulate` returns one row per game as a pandas DataFrame.

Seeds: a run with seed ``S`` (a whole number, ``0 <= S < 2**128``) gives game ``i`` the seed
sequence ``numpy.random.SeedSequence(S).spawn(games)[i]`` (built directly as
``SeedSequence(S, spawn_key=(i,))``, so no list of children is ever made; see
:func:`game_sequence`). From it come the game's state seed, a 128-bit whole number
(:func:`game_seed`), and one generator per seat for the computer players, the sequence's own
spawned children (:func:`agent_rngs`). Children of one SeedSequence are independent streams by
construction (NumPy, "Parallel random number generation"), and two games of one run would share a
state stream only if their 128-bit seeds collided (probability about ``games**2 / 2**129``:
below 10**-22 for a billion games). Game ``i`` depends only on ``(S, i)``, so it is the same game
however the run is split. (Earlier versions used 32-bit state seeds from
``SeedSequence([S, i])``, which repeated a game about once per 93,000 games; the same ``S`` now gives
other games.)

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
Chunks are submitted lazily, at most :data:`MAX_IN_FLIGHT` ahead of the first unfinished one, so a
run of any size holds only a few futures. With a process pool the game, the agents and ``record``
are pickled: define ``record`` with ``def`` at the top level of a module (on Linux, of a notebook
too: workers are forked; on macOS and Windows they are spawned and a function defined in a
notebook cannot be found by them).

``executor="processes"`` makes a pool whose workers stop by themselves when this process dies
(each worker watches its parent), and Ctrl-C (KeyboardInterrupt) cancels the chunks not started,
terminates the workers and re-raises at once. A pool or cluster you pass in is yours: on Ctrl-C
its futures of this run are cancelled, and it is not shut down.

Only agents that read the observation get one: an agent class whose ``reads_observation`` is
False (the random player) is passed ``None``, which saves the cost of building a view it ignores.
"""
from __future__ import annotations

import os
import pickle
import sys
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import numpy as np

from .agents import Agent, make_agent
from .core import Game, GameParameterError, State, check_count, check_seed, is_whole
from .registry import load
from .seat_view import looking

if TYPE_CHECKING:  # imported when used: `import catcards` does not need pandas
    from concurrent.futures import Executor

    import pandas as pd

__all__ = ["simulate", "play_game", "future_result", "agent_action", "game_sequence", "game_seed", "agent_rngs",
           "chunks", "per_seat", "seat_agents", "MAX_GAMES", "MAX_SEED"]

#: a task of an executor plays at most this many games when ``chunk_size`` is not given
MAX_CHUNK = 500
#: most games in one run: every game keeps a row of about 0.3 KB in memory (10**8 games: ~30 GB);
#: for more, run several seeds and combine what you measure
MAX_GAMES = 10**8
#: run seeds are whole numbers ``0 <= seed < MAX_SEED`` (the entropy a SeedSequence keeps, 128 bits)
MAX_SEED = 2**128
#: chunks submitted to an executor ahead of the first one not yet collected
MAX_IN_FLIGHT = 64
#: rows are turned into DataFrame blocks of this many games as they arrive (index-aligned, so the
#: DataFrame is the same whatever the executor's chunks)
_BLOCK = 10_000
#: seconds between two checks of a pool worker that its parent is alive
_WATCH_EVERY = 0.2


def per_seat(agents: Any, players: int) -> list:
    """``agents`` as one entry per seat: a strategy name or an :class:`~catcards.agents.Agent`
    sits at every seat; a list of them (one per seat) is checked and copied.

    Raises:
        GameParameterError: not a name, an Agent or a list of them, or not one per seat.
    """
    if isinstance(agents, (str, Agent)):
        return [agents] * players
    if not isinstance(agents, (list, tuple)) or not all(isinstance(a, (str, Agent)) for a in agents):
        raise GameParameterError(
            "agents must be a strategy name, an Agent object, or a list of them (one per seat), "
            f"not {agents!r}"
        )
    if len(agents) != players:
        raise GameParameterError(f"give one agent per seat ({players}), not {len(agents)}")
    return list(agents)


def seat_agents(game: str, agents: Any, players: int) -> list[Agent]:
    """The computer players of the game called ``game``, one per seat (see :func:`per_seat`),
    built by :func:`catcards.agents.make_agent`: what the analyses seat before playing.

    Raises:
        GameParameterError: see :func:`per_seat`, or an unknown strategy name.
    """
    return [make_agent(game, a) for a in per_seat(agents, players)]


def game_sequence(seed: int, index: int) -> np.random.SeedSequence:
    """The seed sequence of game ``index`` of a run seeded ``seed``:
    ``SeedSequence(seed).spawn(index + 1)[index]``, made without spawning the others."""
    return np.random.SeedSequence(seed, spawn_key=(index,))


def game_seed(seed: int, index: int) -> int:
    """The state seed of game ``index`` of a run seeded ``seed``: a 128-bit whole number drawn
    from :func:`game_sequence` (its ``generate_state(2, uint64)``, low word first)."""
    return _state_seed(game_sequence(seed, index))


def agent_rngs(seed: int, index: int, players: int) -> list[np.random.Generator]:
    """One generator per seat for game ``index`` of a run seeded ``seed``: seat ``s`` draws from
    ``game_sequence(seed, index).spawn(players)[s]``."""
    return _agent_rngs(game_sequence(seed, index), players)


def _state_seed(sequence: np.random.SeedSequence) -> int:
    low, high = sequence.generate_state(2, np.uint64)
    return int(low) | int(high) << 64


def _agent_rngs(sequence: np.random.SeedSequence, players: int) -> list[np.random.Generator]:
    return [np.random.default_rng(s) for s in sequence.spawn(players)]


def play_game(
    state: State,
    agents: Sequence[Agent],
    rngs: Sequence[np.random.Generator],
    max_actions: int = 1_000_000,
    after: Callable[[State, Any], Any] | None = None,
) -> State:
    """Let ``agents`` (one per seat) play ``state`` to the end; returns the same state.

    This is the one play loop: :func:`simulate`, the analyses (``catcards/analysis/``) and the
    rollouts use it. Seat ``s`` chooses with ``rngs[s]``; for game ``i`` of a run seeded ``S`` those
    are :func:`agent_rngs` ``(S, i, players)`` and the state's seed is :func:`game_seed` ``(S, i)``.

    An agent whose ``reads_observation`` is False is given ``None`` instead of
    ``state.observation(seat)``; an agent with a ``choose_in`` (the rollout player) is given the
    state itself. An agent that declares ``takes_view``, in a game whose state has ``view(seat)``
    (:mod:`catcards.seat_view`: the observation read key by key, valid until the next action), is
    given that (:func:`catcards.seat_view.looking`).

    Args:
        after: called as ``after(state, action)`` after each action is applied; a truthy return
            stops the loop there (the state is returned unfinished), e.g. after the first trick.

    Raises:
        RuntimeError: the game did not end within ``max_actions`` actions.
    """
    # looked up once per game, not per action
    look = [looking(state, agent) for agent in agents]
    choose_in = [getattr(agent, "choose_in", None) for agent in agents]  # the rollout player
    choose = [getattr(agent, "choose", None) for agent in agents]
    legal_actions, apply = state.legal_actions, state.apply
    for _ in range(max_actions):
        seat = state.current_player
        if seat is None:
            return state
        legal = legal_actions()
        if choose_in[seat] is not None:  # the rollout player samples from the state
            action = choose_in[seat](state, seat, legal, rngs[seat])
        else:
            see = look[seat]
            action = choose[seat](None if see is None else see(seat), legal, rngs[seat])
        apply(action)
        if after is not None and after(state, action):
            return state
    raise RuntimeError(f"{state!r} did not end within {max_actions} actions")


def agent_action(agent: Agent, state: State, rng: np.random.Generator) -> Any:
    """The action ``agent`` chooses for the seat to act in ``state`` (not applied), as
    :func:`play_game` asks it: the state itself for an agent with ``choose_in`` (the rollout
    player), ``None`` for one whose ``reads_observation`` is False, else the seat's observation.
    One move of a table's computer seat (``catcards/widgets/table/``) is this.

    Raises:
        ValueError: the game is over (no seat to act).
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: no seat is to act")
    legal = state.legal_actions()
    if getattr(agent, "choose_in", None) is not None:
        return agent.choose_in(state, seat, legal, rng)
    return agent.choose(state.observation(seat) if getattr(agent, "reads_observation", True) else None, legal, rng)


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
    built = [make_agent(game.name, a) for a in agents]
    sequence = game_sequence(seed, index)
    state = game.new_game(_state_seed(sequence))
    play_game(state, built, _agent_rngs(sequence, game.players))
    return _row(state, index, record)


def _play_chunk(game: Game, seed: int, start: int, stop: int, agents: Sequence, record) -> list[dict[str, Any]]:
    """Rows of games ``start..stop-1`` of the run (one executor task; module-level so it pickles)."""
    return [_play_one(game, seed, i, agents, record) for i in range(start, stop)]


def chunks(games: int, chunk_size: int) -> Iterator[range]:
    """The game indices ``0..games-1`` cut into consecutive ranges of at most ``chunk_size``,
    made one at a time as they are asked for (a run of any size costs no memory here).

    >>> list(chunks(5, 2))
    [range(0, 2), range(2, 4), range(4, 5)]
    """
    for start in range(0, games, chunk_size):
        yield range(start, min(start + chunk_size, games))


class _Rows:
    """Rows in game order, turned into DataFrame blocks of :data:`_BLOCK` games as they come
    (a dict per game costs about 5 times its DataFrame row)."""

    def __init__(self) -> None:
        self.blocks: list[pd.DataFrame] = []
        self.pending: list[dict[str, Any]] = []

    def extend(self, rows: list[dict[str, Any]]) -> None:
        import pandas as pd

        self.pending.extend(rows)
        while len(self.pending) >= _BLOCK:
            self.blocks.append(pd.DataFrame(self.pending[:_BLOCK]))
            del self.pending[:_BLOCK]

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        if not self.blocks:
            return pd.DataFrame(self.pending)
        if self.pending:
            self.blocks.append(pd.DataFrame(self.pending))
        return pd.concat(self.blocks, ignore_index=True)


def _check_picklable(what: str, value: Any) -> None:
    try:
        pickle.dumps(value)
    except Exception as exc:  # PicklingError, AttributeError ("Can't pickle local object"), TypeError
        raise GameParameterError(
            f"{what} must be picklable to run in a process pool ({exc}); define it with `def` at the "
            f"top level of a module or notebook (not a lambda or a function inside a function), or "
            f"run in this process with executor=None or a ThreadPoolExecutor"
        ) from None


def _is_process_pool(executor: Any) -> bool:
    process = sys.modules.get("concurrent.futures.process")  # not imported: no pool can exist
    return process is not None and isinstance(executor, process.ProcessPoolExecutor)


def _watch_parent(first_parent: int) -> None:
    """In a pool worker: end this process as soon as the process that made the pool is gone (its
    parent changes, as orphans are adopted on POSIX, or multiprocessing's parent sentinel fires,
    which also covers spawned and forkserver workers and Windows)."""
    import multiprocessing
    import time

    parent = multiprocessing.parent_process()
    while True:
        if os.getppid() != first_parent or (parent is not None and not parent.is_alive()):
            os._exit(1)  # no clean-up: the results have nowhere to go
        time.sleep(_WATCH_EVERY)


def _worker_start() -> None:
    """Initializer of the workers of ``executor="processes"``: leave Ctrl-C to the parent (it
    terminates the workers) and start the watchdog thread of :func:`_watch_parent`."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), name="catcards-watch-parent",
                     daemon=True).start()


def _process_pool() -> Executor:
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=os.cpu_count() or 1, initializer=_worker_start)


def _stop_pool(pool: Any) -> None:
    """Stop our own process pool now: cancel what has not started and terminate the workers
    (a running chunk is not waited for)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join(1.0)
        if worker.is_alive():
            worker.kill()
            worker.join(1.0)


#: seconds the parent waits for a chunk at a time (see :func:`future_result`)
_WAIT_SLICE = 0.2


def is_executor(obj: Any) -> bool:
    """Whether ``obj`` can be handed tasks: an object with a ``submit()`` method, not an
    executor class (``executor=ThreadPoolExecutor`` without the ``()`` has ``submit`` too, and
    failed deep inside concurrent.futures with an AttributeError)."""
    return not isinstance(obj, type) and callable(getattr(obj, "submit", None))


def submit_task(pool: Any, fn: Callable[..., Any], *args: Any) -> Any:
    """``pool.submit(fn, *args)``, the one place catcards hands an executor a task
    (:func:`simulate`, :func:`catcards.odds`, the Big Cat search).

    Returns:
        the task's future.

    Raises:
        GameParameterError: the executor refuses new tasks: it was shut down, or it is broken
            (a worker process died); concurrent.futures says so with a ``RuntimeError``.
    """
    try:
        return pool.submit(fn, *args)
    except RuntimeError as exc:
        raise GameParameterError(
            f"the executor given takes no more tasks ({exc}): pass a running Executor, "
            "'processes' or None") from exc


def future_result(future: Any) -> Any:
    """``future.result()``, waited for in slices of :data:`_WAIT_SLICE` seconds, so that Ctrl+C
    stops the run at once. A signal is delivered to any thread of the process: when it lands on
    one of the executor's threads (the pool's manager, a queue feeder) rather than the main one,
    a main thread blocked in ``result()`` with no timeout is not woken to run the handler, and the
    run went on until the chunk ended (seen as a Ctrl+C ignored for minutes, 1 run in 10-20 under
    load; the test's thread dump showed the main thread in ``result()``). Used wherever catcards
    waits for an executor's task (:func:`simulate`, :func:`catcards.odds`, the Big Cat search).

    Returns:
        what the task returned.

    Raises:
        whatever the task raised; KeyboardInterrupt on Ctrl+C while waiting.
    """
    from concurrent.futures import Future, wait

    if isinstance(future, Future):  # an executor of our own kind may give other futures: waited for plainly
        while not future.done():
            wait((future,), timeout=_WAIT_SLICE)
    return future.result()


def _run_chunks(pool: Any, game: Game, seed: int, games: int, chunk_size: int, agents: Sequence,
                record, rows: _Rows, bar) -> None:
    """Submit the chunks lazily (at most :data:`MAX_IN_FLIGHT` ahead) and collect them in order."""
    parts = chunks(games, chunk_size)
    window: deque = deque()

    def submit_next() -> None:
        part = next(parts, None)
        if part is not None:
            window.append(submit_task(pool, _play_chunk, game, seed, part.start, part.stop, agents, record))

    try:
        for _ in range(MAX_IN_FLIGHT):
            submit_next()
        while window:
            part = future_result(window[0])  # in index order, so the rows are too
            window.popleft()
            rows.extend(part)
            bar.update(len(part))
            submit_next()
    except BaseException:  # KeyboardInterrupt, a game's error, a broken pool: drop the rest
        for future in window:
            future.cancel()
        raise


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
        games: number of games, a whole number ``1 <= games <=`` :data:`MAX_GAMES` (10**8).
        seed: run seed, a whole number ``0 <= seed < 2**128`` (see the module docstring for how
            each game's seeds derive from it).
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
            worker per CPU, created and shut down here; its workers end if this process dies, and
            Ctrl-C stops them at once. Or any :class:`concurrent.futures.Executor` you made (a
            process or thread pool, Dask's ``client.get_executor()``, ...): chunks are submitted to
            it, at most :data:`MAX_IN_FLIGHT` ahead, and it is not shut down.
        chunk_size: games per executor task (default: ``games / 32`` rounded up, at most
            :data:`MAX_CHUNK`). Ignored when ``executor`` is None.
        **params: game parameters when ``game`` is a name (``players=4``).

    Returns:
        DataFrame with columns ``game``, ``seed`` (the game's 128-bit state seed, Python ints),
        ``actions``, ``winners`` (tuple of seats), ``reason``, ``score_<seat>``, ``win_<seat>``
        (bool) and the ``record`` columns. The same ``seed`` gives the same DataFrame whatever
        ``executor`` and ``chunk_size``.

    Raises:
        GameParameterError: bad game, parameter, strategy, count, seed, executor or chunk size, or
            an unpicklable ``record``/agent with a process pool, before any game is played.
        KeyboardInterrupt: Ctrl-C; with ``executor="processes"`` the workers are already stopped.
    """
    if isinstance(game, str):
        game = load(game, **params)
    elif not isinstance(game, Game):
        raise GameParameterError(
            f"game must be a game's name (one of catcards.list_games()) or a Game, not {game!r}"
        )
    elif params:
        raise GameParameterError("give parameters either in the Game or as keywords, not both")
    if not is_whole(games) or not 1 <= games <= MAX_GAMES:
        raise GameParameterError(
            f"games must be a whole number >= 1 and <= {MAX_GAMES:,} (10**8), not {_short(games)}; for more, "
            "run several seeds and combine the results"
        )
    games = int(games)
    seed = check_seed(seed)  # "the seed must be a whole number from 0 to 2**128 - 1, not ..."
    agents = per_seat(agents, game.players)
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
    elif executor is not None and not is_executor(executor):
        raise GameParameterError(
            f"executor must be None, 'processes' or a concurrent.futures.Executor "
            f"(an object with submit(), such as ThreadPoolExecutor()), not {executor!r}"
        )
    if chunk_size is None:
        chunk_size = min(MAX_CHUNK, max(1, -(-games // 32)))
    else:
        chunk_size = check_count(chunk_size, "chunk_size")
    if own_pool or _is_process_pool(executor):
        _check_picklable("the game", game)
        _check_picklable("record", record)
        for a in agents:
            _check_picklable(f"the agent {a!r}", a)
    from tqdm.auto import tqdm

    rows = _Rows()
    bar = tqdm(total=games, disable=not progress, desc=game.title, unit="game")
    try:
        if executor is None:
            for i in range(games):
                rows.extend([_play_one(game, seed, i, agents, record)])
                bar.update(1)
        elif own_pool:
            pool = _process_pool()
            try:
                _run_chunks(pool, game, seed, games, chunk_size, agents, record, rows, bar)
            except BaseException:
                _stop_pool(pool)
                raise
            pool.shutdown()
        else:
            _run_chunks(executor, game, seed, games, chunk_size, agents, record, rows, bar)
        return rows.frame()
    finally:
        bar.close()


def _short(value: Any) -> str:
    """``repr(value)`` cut to 60 characters (a 5,000-digit number is not echoed whole)."""
    if isinstance(value, int) and abs(value) >= 10**50:  # str() of a 5,000-digit int raises
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
