"""Cat Trick: exact chances and matching simulations for the lessons (layer 3: no widgets).

The exact answers rest on one symmetry. In a random deal, if every player plays a uniformly random
card of their hand to the first trick, the cards of that trick are a uniformly random set of
``players`` cards from the 34 cards that are not the face-up trump card (each hand is a random
set, and a random card of a random set is a random card). So the first trick is a hypergeometric
draw (:mod:`catcards.probability`): 6 of the 34 cards are trump (the 7th trump card is face up).

Functions:

- :func:`p_no_trump_in_hand`, :func:`p_no_trump_in_first_trick`, :func:`p_no_trump_after_lead`
  (given a lead that is not trump): Fractions;
- :func:`p_eight_in_first_trick`: the chance that some 1 counts as 8 in the first trick;
- :func:`first_trick_table`: the exact values for 3, 4 and 5 players as a DataFrame;
- :func:`simulate_first_tricks`: the engine's first tricks under random play, to compare;
- :func:`simulate_rounds`: per round of full games, whether a 1 became an 8 and how many players
  had to share a colour (greedy), for any strategies.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Sequence

import pandas as pd

from ..agents import RandomAgent
from ..core import check_count
from ..games.cat_trick import COLOURS, HAND_SIZES, CatTrick
from ..probability import hypergeom_pmf
from ..simulate import agent_rngs, game_seed, play_game, seat_agents

__all__ = [
    "OTHER_CARDS",
    "TRUMPS_IN_PLAY",
    "p_no_trump_in_hand",
    "p_no_trump_in_first_trick",
    "p_no_trump_after_lead",
    "p_eight_in_first_trick",
    "first_trick_table",
    "simulate_first_tricks",
    "simulate_rounds",
]

#: cards other than the face-up trump card
OTHER_CARDS = 34
#: trump cards among them (7 per colour, one is face up)
TRUMPS_IN_PLAY = 6


def _check_players(players: int) -> int:
    if isinstance(players, bool) or players not in HAND_SIZES:
        raise ValueError(f"Cat Trick is for 3, 4 or 5 players, not {players!r}")
    return players


def p_no_trump_in_hand(players: int) -> Fraction:
    """Exact chance that a dealt hand (10 / 8 / 6 cards for 3 / 4 / 5 players) holds no trump.

    Hypergeometric: ``C(28, h) / C(34, h)`` (6 trumps among the 34 cards other than the face-up
    one). Raises ValueError for players outside 3-5.
    """
    h = HAND_SIZES[_check_players(players)]
    return hypergeom_pmf(0, population=OTHER_CARDS, successes=TRUMPS_IN_PLAY, draws=h)


def p_no_trump_in_first_trick(players: int) -> Fraction:
    """Exact chance that the first trick holds no trump when every player plays a random card:
    ``C(28, n) / C(34, n)`` for ``n = players`` (see the module docstring for why).

    >>> p_no_trump_in_first_trick(4)
    Fraction(20475, 46376)
    """
    n = _check_players(players)
    return hypergeom_pmf(0, population=OTHER_CARDS, successes=TRUMPS_IN_PLAY, draws=n)


def p_no_trump_after_lead(players: int) -> Fraction:
    """Exact chance that nobody plays a trump to the first trick *given* that the lead was not a
    trump (random play): the other ``n - 1`` cards come from the 33 cards left, 6 of them trump,
    so ``C(27, n - 1) / C(33, n - 1)``. A conditional probability: compare
    :func:`p_no_trump_in_first_trick` = P(lead not trump) x this = 28/34 x this.
    """
    n = _check_players(players)
    return hypergeom_pmf(0, population=OTHER_CARDS - 1, successes=TRUMPS_IN_PLAY, draws=n - 1)


def p_eight_in_first_trick(players: int) -> Fraction:
    """Exact chance that a 1 counts as 8 in the first trick under random play: the trick holds the
    1 and the 7 of the same colour for at least one colour.

    The face-up card is one of the 35 at random: with probability 25/35 it is neither a 1 nor a
    7 and all 5 colours have both cards among the other 34; with probability 10/35 only 4 do.
    With ``m`` such colour pairs, inclusion-exclusion over the pairs in the trick gives
    ``sum_{k>=1} (-1)^(k+1) C(m, k) C(34 - 2k, n - 2k) / C(34, n)``.
    """
    n = _check_players(players)

    def with_pairs(m: int) -> Fraction:
        total = Fraction(0)
        for k in range(1, min(m, n // 2) + 1):
            total += (-1) ** (k + 1) * Fraction(comb(m, k) * comb(OTHER_CARDS - 2 * k, n - 2 * k))
        return total / comb(OTHER_CARDS, n)

    cards = 7 * len(COLOURS)
    ones_and_sevens = 2 * len(COLOURS)
    return (
        Fraction(cards - ones_and_sevens, cards) * with_pairs(len(COLOURS))
        + Fraction(ones_and_sevens, cards) * with_pairs(len(COLOURS) - 1)
    )


def first_trick_table() -> pd.DataFrame:
    """Exact values for 3, 4 and 5 players: columns ``players``, ``hand``,
    ``no_trump_in_hand``, ``no_trump_in_first_trick``, ``eight_in_first_trick`` (Fractions) and
    the same as floats with the suffix ``_float``."""
    rows = []
    for n in sorted(HAND_SIZES):
        row = {
            "players": n,
            "hand": HAND_SIZES[n],
            "no_trump_in_hand": p_no_trump_in_hand(n),
            "no_trump_in_first_trick": p_no_trump_in_first_trick(n),
            "eight_in_first_trick": p_eight_in_first_trick(n),
        }
        for key in ("no_trump_in_hand", "no_trump_in_first_trick", "eight_in_first_trick"):
            row[key + "_float"] = float(row[key])
        rows.append(row)
    return pd.DataFrame(rows)


def simulate_first_tricks(players: int, deals: int = 2000, seed: int = 0) -> pd.DataFrame:
    """Deal ``deals`` seeded games and let every seat play a random card to the first trick.

    Returns a DataFrame, one row per deal: ``trump`` (colour), ``no_trump`` (bool: no trump card
    in the trick), ``eight`` (bool: a 1 counted as 8), ``winner`` (seat), ``led`` (colour).
    Game ``i`` uses the seeds of :func:`catcards.simulate.game_seed` and
    :func:`catcards.simulate.agent_rngs` with ``(seed, i)``.

    Raises:
        ValueError: players outside 3-5 or deals < 1.
    """
    _check_players(players)
    check_count(deals, "deals")
    game = CatTrick(players=players)
    agent = RandomAgent()
    rows = []
    for i in range(deals):
        state = game.new_game(game_seed(seed, i))
        rngs = agent_rngs(seed, i, players)
        trump = state.trump
        trick = []
        play_game(state, [agent] * players, rngs,
                  after=lambda _state, action: trick.append(action.card) or len(trick) == players)
        # with 5 players the first trick can show all 5 colours and end the round at once
        winner = state.round_results[0]["winners"][0] if state.round > 1 else state.last_winner
        rows.append(
            {
                "trump": trump,
                "no_trump": all(c.suit != trump for c in trick),
                "eight": state.eights[0] > 0,
                "winner": winner,
                "led": trick[0].suit,
            }
        )
    return pd.DataFrame(rows)


def simulate_rounds(
    players: int = 4,
    games: int = 200,
    seed: int = 0,
    agents: str | Sequence = "random",
) -> pd.DataFrame:
    """Play ``games`` full seeded games and return one row per round played.

    Columns: ``game``, ``round``, ``eights`` (tricks in the round in which a 1 counted as 8),
    ``any_eight`` (bool), ``greedy`` (times a player had to share a colour), ``how`` ("five
    colours" or "empty hand"), ``winners`` (seats given a Super Cat card).

    Raises:
        ValueError / GameParameterError: bad players, games or strategy names.
    """
    _check_players(players)
    check_count(games, "games")
    built = seat_agents("cat-trick", agents, players)
    game = CatTrick(players=players)
    rows = []
    for i in range(games):
        state = game.new_game(game_seed(seed, i))
        play_game(state, built, agent_rngs(seed, i, players))
        for r, result in enumerate(state.round_results):
            rows.append(
                {
                    "game": i,
                    "round": result["round"],
                    "eights": state.eights[r],
                    "any_eight": state.eights[r] > 0,
                    "greedy": state.greedy_events[r],
                    "how": result["how"],
                    "winners": tuple(result["winners"]),
                }
            )
    return pd.DataFrame(rows)
