"""King of the Jungle: exact chances and simulations for the lessons (layer 3: no widgets).

Exact (hypergeometric, :mod:`catcards.probability`): a hand is 13 cards drawn at random from the
13 x ``players`` cards in play, which hold one Lion (the highest card) per suit.

- :func:`lions_distribution`: P(a hand holds k Lions), k = 0..players;
- :func:`p_hold_lion_of_suit`, :func:`p_hold_a_lion`, :func:`p_top_two_of_suit`.

Simulated (the engine with computer players, seeded):

- :func:`simulate_hands`: one row per seat and hand: Lions held, the bid, tricks won, points;
- :func:`compare_bidding`: which bidding rule (strategy) wins most and scores most per hand,
  rotating the rules round the seats so no rule always sits in the same place; win rates carry
  Wilson intervals.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Sequence

import pandas as pd

from ..agents import make_agent
from ..core import check_count
from ..games.king_of_the_jungle import TRICKS, KingOfTheJungle
from ..probability import hypergeom_pmf, wilson_interval
from ..simulate import agent_rngs, game_seed, play_game, seat_agents

__all__ = [
    "lions_distribution",
    "p_hold_lion_of_suit",
    "p_hold_a_lion",
    "p_top_two_of_suit",
    "simulate_hands",
    "compare_bidding",
]


def _check_players(players: int) -> int:
    if isinstance(players, bool) or players not in (3, 4):
        raise ValueError(f"King of the Jungle is for 3 or 4 players, not {players!r}")
    return players


def lions_distribution(players: int = 4) -> dict[int, Fraction]:
    """Exact P(a hand of 13 holds exactly k Lions), k = 0..players (one Lion per suit in play).

    Hypergeometric: ``C(p, k) C(13p - p, 13 - k) / C(13p, 13)`` for ``p = players``.
    Raises ValueError for players other than 3 or 4.
    """
    p = _check_players(players)
    return {k: hypergeom_pmf(k, population=TRICKS * p, successes=p, draws=TRICKS) for k in range(p + 1)}


def p_hold_lion_of_suit(players: int = 4) -> Fraction:
    """Exact chance that a hand holds the Lion (highest card) of one given suit: 13 / (13p) = 1/p."""
    p = _check_players(players)
    return Fraction(TRICKS, TRICKS * p)


def p_hold_a_lion(players: int = 4) -> Fraction:
    """Exact chance that a hand holds at least one Lion: ``1 - C(13p - p, 13) / C(13p, 13)``.

    >>> p_hold_a_lion(4)
    Fraction(14498, 20825)
    """
    return 1 - lions_distribution(players)[0]


def p_top_two_of_suit(players: int = 4) -> Fraction:
    """Exact chance that a hand holds both the Lion and the Tiger of one given suit:
    ``C(13p - 2, 11) / C(13p, 13)``."""
    p = _check_players(players)
    return Fraction(comb(TRICKS * p - 2, TRICKS - 2), comb(TRICKS * p, TRICKS))


def simulate_hands(
    players: int = 4,
    hands: int = 500,
    seed: int = 0,
    agents: str | Sequence = "sensible",
) -> pd.DataFrame:
    """Play ``hands`` single seeded hands and return one row per seat per hand.

    Columns: ``hand`` (index), ``seat``, ``strategy``, ``lions`` (Lions dealt), ``tigers``,
    ``bid``, ``won`` (tricks), ``made`` (bool), ``points`` (this hand's score change).

    Raises:
        ValueError / GameParameterError: bad players, hands or strategy names.
    """
    _check_players(players)
    check_count(hands, "hands")
    built = seat_agents("king-of-the-jungle", agents, players)
    game = KingOfTheJungle(players=players, max_hands=1)
    rows = []
    for i in range(hands):
        state = game.new_game(game_seed(seed, i))
        dealt = [state.observation(s)["hand"] for s in range(players)]
        play_game(state, built, agent_rngs(seed, i, players))
        result = state.hand_results[0]
        for s in range(players):
            rows.append(
                {
                    "hand": i,
                    "seat": s,
                    "strategy": getattr(built[s], "name", type(built[s]).__name__),
                    "lions": sum(1 for c in dealt[s] if c.rank == 50),
                    "tigers": sum(1 for c in dealt[s] if c.rank == 30),
                    "bid": result["bids"][s],
                    "won": result["won"][s],
                    "made": result["bids"][s] == result["won"][s],
                    "points": result["points"][s],
                }
            )
    return pd.DataFrame(rows)


def compare_bidding(
    rules: Sequence[str] = ("sensible", "top-cards", "average", "zero"),
    games: int = 200,
    seed: int = 0,
    players: int = 4,
    **params,
) -> pd.DataFrame:
    """Full games between bidding rules: game ``i`` seats rule ``(i + s) % len(rules)`` at seat s,
    so every rule sits everywhere equally often (needs ``len(rules) == players``).

    Returns one row per rule: ``rule``, ``games``, ``wins`` (shared wins count for every winner),
    ``win_rate``, ``low`` and ``high`` (95% Wilson interval, :func:`catcards.probability.wilson_interval`),
    ``points_per_hand`` (mean score change per hand), ``hands`` (hands the rule bid in: every rule
    bids in every hand), ``made`` (bids made) and ``made_rate`` (``made / hands``).
    ``params`` go to the game (e.g. ``target=60``, ``max_hands=10``).

    Raises:
        ValueError: ``len(rules) != players`` or games < 1.
    """
    _check_players(players)
    if len(rules) != players:
        raise ValueError(f"give one bidding rule per seat ({players}), not {len(rules)}")
    check_count(games, "games")
    game = KingOfTheJungle(players=players, **params)
    built = {r: make_agent("king-of-the-jungle", r) for r in rules}
    stats = {r: {"games": 0, "wins": 0, "points": 0, "hands": 0, "made": 0} for r in rules}
    for i in range(games):
        seating = [rules[(i + s) % players] for s in range(players)]
        state = game.new_game(game_seed(seed, i))
        play_game(state, [built[rule] for rule in seating], agent_rngs(seed, i, players))
        for s, rule in enumerate(seating):
            st = stats[rule]
            st["games"] += 1
            st["wins"] += s in state.outcome.winners
            for r in state.hand_results:
                st["hands"] += 1
                st["points"] += r["points"][s]
                st["made"] += r["bids"][s] == r["won"][s]
    rows = []
    for rule, st in stats.items():
        low, high = wilson_interval(st["wins"], st["games"])
        rows.append(
            {
                "rule": rule,
                "games": st["games"],
                "wins": st["wins"],
                "win_rate": st["wins"] / st["games"],
                "low": low,
                "high": high,
                "points_per_hand": st["points"] / st["hands"],
                "hands": st["hands"],
                "made": st["made"],
                "made_rate": st["made"] / st["hands"],
            }
        )
    return pd.DataFrame(rows)
