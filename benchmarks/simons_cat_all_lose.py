"""How often does a whole Simon's Cat game end with every player losing? A big seeded run.

The rulebook says it is "possible, though unlikely". This script plays GAMES random games (every
seat picks uniformly among its legal actions: catcards.analysis.simons_cat.random_games, the same
games as catcards.simulate(..., agents="random")) for 3 to 6 players with the default hand size
(36 // players), and prints for each player count:

- the direct count of all-lose games with its 95% Wilson interval ("about 1 game in N");
- the Markov-chain estimate from the round results (rounds are independent; see
  catcards.analysis.simons_cat.all_lose_from_rounds), with a 95% half-width from the spread of
  the estimates of BATCHES independent batches (Student t with BATCHES - 1 = 9 degrees of
  freedom: 2.262 standard errors);
- the share of rounds in which every player ties for the most messes.

Usage:  python benchmarks/simons_cat_all_lose.py [GAMES] [SEED]   (defaults 200000 and 2026;
about 0.7-1 ms per game, so the default run takes roughly 12 minutes on one core).
The lesson notebook notebooks/simons-cat-probability.ipynb quotes this script's output.
"""
from __future__ import annotations

import sys
import time

import pandas as pd

from catcards.analysis.simons_cat import (
    all_lose_from_rounds,
    all_lose_rate,
    random_games,
    rounds_table,
    taker_set_frequencies,
)
from catcards.probability import mean_interval, z_value

BATCHES = 10
T_975_9 = 2.262  # Student t quantile, 97.5%, 9 degrees of freedom (tables, e.g. Fisher & Yates)


def main(games: int = 200_000, seed: int = 2026) -> pd.DataFrame:
    if games % BATCHES:
        raise SystemExit(f"GAMES must be a multiple of {BATCHES}")
    rows = []
    for players in (3, 4, 5, 6):
        started = time.time()
        size = games // BATCHES
        batches = [
            random_games(players, size, seed=seed, start=b * size, progress=False)
            for b in range(BATCHES)
        ]
        frame = pd.concat(batches, ignore_index=True)
        direct = all_lose_rate(frame)
        markov = [all_lose_from_rounds(taker_set_frequencies(b, players), players) for b in batches]
        pooled = all_lose_from_rounds(taker_set_frequencies(frame, players), players)
        spread = mean_interval(markov)  # normal quantile; rescaled to Student t below
        half_width = spread.half_width * T_975_9 / z_value(0.95)
        rounds = rounds_table(frame)
        all_tie = float((rounds["tied"] == players).mean())
        rows.append(
            {
                "players": players,
                "games": len(frame),
                "all_lose": direct.successes,
                "direct": direct.estimate,
                "direct_low": direct.interval.low,
                "direct_high": direct.interval.high,
                "one_in": direct.one_in,
                "markov": pooled,
                "markov_half_width": half_width,
                "markov_one_in": 1 / pooled if pooled else float("inf"),
                "rounds": len(rounds),
                "all_tie_round": all_tie,
                "seconds": round(time.time() - started, 1),
            }
        )
        print(f"{players} players: {direct}", flush=True)
        print(
            f"   Markov chain from {len(rounds)} rounds: {pooled:.3e} +- {half_width:.1e}"
            f" (about 1 game in {1 / pooled:,.0f}); every player ties in {all_tie:.3%} of rounds"
            f"  [{time.time() - started:.0f} s]",
            flush=True,
        )
    table = pd.DataFrame(rows)
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(table.to_string(index=False))
    return table


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
