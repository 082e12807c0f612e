"""Many seeded games at once: :func:`simulate` returns one row per game as a pandas DataFrame.

Seeds: game ``i`` of a run with seed ``S`` is played with the state seed
``SeedSequence([S, i]).generate_state(1)[0]`` and each seat's agent draws from
``SeedSequence([S, i, 1 + seat])``, so game ``i`` is the same game however the run is split.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from .agents import Agent, make_agent
from .core import Game, GameParameterError, State
from .registry import load

__all__ = ["simulate", "play_game", "game_seed", "agent_rngs"]


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
        row.update(record(state))
    return row


def _play_one(game: Game, seed: int, index: int, agents: Sequence, record) -> dict[str, Any]:
    players = game.players
    built = [make_agent(game.name, a) for a in agents]
    state = game.new_game(game_seed(seed, index))
    play_game(state, built, agent_rngs(seed, index, players))
    return _row(state, index, record)


def simulate(
    game: str | Game,
    games: int = 1000,
    seed: int = 0,
    agents: Sequence[str | Agent] | str = "random",
    record: Callable[[State], dict] | None = None,
    progress: bool = True,
    **params: Any,
) -> pd.DataFrame:
    """Play ``games`` seeded games with computer players; one DataFrame row per game.

    Args:
        game: a registered name ("simons-cat") or a :class:`~catcards.core.Game`.
        games: number of games (>= 1).
        seed: run seed (see the module docstring for how each game's seed derives from it).
        agents: one strategy name or :class:`~catcards.agents.Agent` per seat, or one for all.
        record: optional ``f(finished_state) -> dict`` whose items become extra columns.
        progress: show a tqdm progress bar.
        **params: game parameters when ``game`` is a name (``players=4``).

    Returns:
        DataFrame with columns ``game``, ``seed``, ``actions``, ``winners`` (tuple of seats),
        ``reason``, ``score_<seat>``, ``win_<seat>`` (bool) and the ``record`` columns.

    Raises:
        GameParameterError: bad game, parameter, strategy or count, before any game is played.
    """
    if isinstance(game, str):
        game = load(game, **params)
    elif params:
        raise GameParameterError("give parameters either in the Game or as keywords, not both")
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise GameParameterError(f"games must be a whole number >= 1, not {games!r}")
    if isinstance(agents, (str, Agent)):
        agents = [agents] * game.players
    if len(agents) != game.players:
        raise GameParameterError(f"give one agent per seat ({game.players}), not {len(agents)}")
    for a in agents:  # fail on a bad strategy name before playing
        make_agent(game.name, a)
    from tqdm.auto import tqdm

    rows = [
        _play_one(game, seed, i, agents, record)
        for i in tqdm(range(games), disable=not progress, desc=game.title, unit="game")
    ]
    return pd.DataFrame(rows)
