"""Odds to a precision in a time (issue 30): for 20 seeded positions per game, where seat 0 is to
act, ``catcards.odds(state, 0, precision=0.05, seconds=2)``: its CPU seconds, and how many of the
near-best rows reached +-0.05. The goal is 2 s and every near-best row at +-0.05 in every game;
where a position has more near-best rows than 2 s of play-outs can serve, the panel's 4 s
(``catcards.widgets.explore.SECONDS``; ``--seconds 4``): docs/architecture.md, "What the odds
assume", says which positions and why. Prints figures; not a test.

A row counts as near-best unless the rollouts showed it is more than 0.10 below the best row:
it stopped as "far below" (a paired comparison with the best row, see :mod:`catcards.explore.odds`)
or its own 95% interval lies wholly below the best row's win rate less 0.10. (Counting the rows
whose *estimate* is within 0.10 of the best would let a row stopped early on a low, noisy
estimate drop out of the count.)

"x faster needed" says how far a game is from the goal: per position, the play-outs the goal
needs (each near-best row to +-0.05 at its win rate, the other rows as run) over the play-outs
the time allowed, i.e. how many times cheaper a play-out would have to be (1 or less: met); the
median and the worst of the positions.

    python benchmarks/bench_odds_precision.py [--positions 20] [--seconds 2] [--precision 0.05]
        [--horizon panel|game|short] [--games cat-trick,pairs] [--detail] [--wall]

Each game is measured at the horizon the tables' "What are my chances?" panel asks about
(:func:`catcards.explore.odds.panel_horizon`: this round in King of the Jungle and Cat Trick, this
turn in Pairs, the whole game elsewhere); the games with a round or turn horizon are then measured
at their other horizon too, for information (``--horizon game`` or ``short``: that horizon only).

The time budget is read from this process's CPU time unless ``--wall`` (on cores shared with
other work the wall clock would leave it a fraction of the time).

The computer players are the panel's (:func:`catcards.explore.odds.panel_agents`: "sensible" for
every seat, but in Pairs at the turn the asking seat remembers every card shown).

A position is the game of seed ``k`` (k = 0 .. positions - 1, default parameters) played by the
"sensible" computer players for ``k * 7 % 40`` actions, then on to seat 0's next turn.
"""
from __future__ import annotations

import argparse
import statistics
import time
from functools import lru_cache

import numpy as np
import pandas  # noqa: F401  (odds() builds its table with pandas: imported here, not in the first position's time)

import catcards
from catcards.explore.odds import _agents, _alike_rows, panel_agents, panel_horizon, short_horizon, use_clock
from catcards.probability import wilson_interval


def position(name: str, k: int):
    """The benchmark's position ``k`` of game ``name`` (see the module docstring), or None."""
    game = catcards.load(name)
    agents = _agents(game, "sensible")
    state = game.new_game(k)
    rng = np.random.default_rng(k)
    steps = k * 7 % 40
    while not state.is_over and (steps > 0 or state.current_player != 0):
        seat, legal = state.current_player, state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else agents[seat].choose(state.observation(seat), legal, rng))
        steps -= 1
    return None if state.is_over else state


@lru_cache(maxsize=None)
def needed(rate: float, precision: float) -> int:
    """The fewest rollouts whose 95% Wilson interval at win rate ``rate`` has half-width at most
    ``precision`` (385 at 0.5 and +-0.05)."""
    n = 1
    while True:
        low, high = wilson_interval(round(rate * n), n)
        if (high - low) / 2 <= precision + 1e-12:
            return n
        n += 1


def speed_up(state, table, cpu: float, args) -> float:
    """How many times cheaper this position's play-outs would have to be for every near-best row to
    reach the precision in the time: the play-outs the goal needs (each near-best row's own
    rollouts, :func:`needed` at its win rate; the others as run; rows sharing rollouts counted
    once) over the play-outs run in the CPU time spent, scaled to ``args.seconds``."""
    alike = _alike_rows().get(state.game.name)
    actions = list(table["action"])
    agents = _agents(state.game, panel_agents(state.game.name, state.game.players, 0, args.horizon_now)[0])
    shares = (alike(state, 0, actions, agents) if alike else None) or range(len(table))
    best = table["win_rate"].max()
    run = need = 0
    for j, row in table.iterrows():
        if shares[j] != j or row["exact"]:
            continue
        run += row["rollouts"]
        near_best = row["stopped"] != "far below" and row["high"] >= best - 0.10
        need += max(row["rollouts"], needed(row["win_rate"], args.precision)) if near_best else row["rollouts"]
    return 0.0 if need == 0 else need / (run / cpu * args.seconds)


def measure(name: str, horizon: str, args) -> str:
    """The benchmark's line for game ``name`` at ``horizon`` (see the module docstring)."""
    cpu, rows, near, reached, exact, per_row, faster = [], 0, 0, 0, 0, [], []
    for k in range(args.positions):
        state = position(name, k)
        if state is None:
            continue
        started = time.process_time()
        args.horizon_now = horizon
        table = catcards.odds(state, 0, precision=args.precision, seconds=args.seconds, horizon=horizon,
                              agents=panel_agents(name, state.game.players, 0, horizon)[0], progress=False)
        cpu.append(time.process_time() - started)
        best = table["win_rate"].max()
        close = table[(table["stopped"] != "far below") & (table["high"] >= best - 0.10)]
        rows += len(table)
        near += len(close)
        reached += int(close["reached"].sum())
        exact += int(table["exact"].all())
        per_row.append(table["rollouts"].median())
        faster.append(speed_up(state, table, cpu[-1], args))
        if args.detail:
            print(f"  position {k:2d}: {len(table):2d} rows, near-best {len(close):2d}, reached "
                  f"{int(close['reached'].sum()):2d}, CPU {cpu[-1]:.2f} s, x{faster[-1]:.1f} needed, rollouts "
                  f"{list(table['rollouts'])}, win rates {[round(x, 2) for x in table['win_rate']]}", flush=True)
    return (f"{name:20} {horizon:7} {rows:6d} {statistics.median(cpu):12.2f} {max(cpu):6.2f} {near:15d} "
            f"{reached:8d} {reached / near:6.0%} {exact:6d} {statistics.median(per_row):13.0f} "
            f"{statistics.median(faster):8.1f} {max(faster):5.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--precision", type=float, default=0.05)
    ap.add_argument("--horizon", default="panel", choices=("panel", "game", "short"),
                    help="panel (default): each game at the horizon the tables' panel asks about "
                         "(catcards.explore.odds.panel_horizon), then the other horizon of the games that have "
                         "two, for information; game: the whole game only; short: the round or turn of "
                         "the games that have one (catcards.explore.odds.short_horizon)")
    ap.add_argument("--games", default=",".join(catcards.list_games()))
    ap.add_argument("--detail", action="store_true", help="a line per position: rows, near-best rows, reached, CPU")
    ap.add_argument("--wall", action="store_true",
                    help="read seconds from the wall clock (as the panel does); default: this process's CPU time, "
                         "so that other work on shared cores does not shrink the figures")
    args = ap.parse_args()
    if not args.wall:
        use_clock(time.process_time)
    games = args.games.split(",")
    print(f"odds(precision={args.precision}, seconds={args.seconds}), {args.positions} positions per game, "
          f"seat 0 to act, seconds of {'wall' if args.wall else 'CPU'} time")
    header = (f"{'game':20} {'horizon':7} {'rows':>6} {'CPU s median':>12} {'max':>6} {'near-best rows':>15} "
              f"{'reached':>8} {'share':>6} {'exact':>6} {'rollouts/row':>13} {'x faster needed: median':>8} {'max':>5}")
    if args.horizon == "panel":
        print(f"at the horizon the panel asks about (the goal: median and max <= {args.seconds:g} s, share 100%)")
        print(header)
        for name in games:
            print(measure(name, panel_horizon(name), args), flush=True)
        others = [(name, short_horizon(name) if panel_horizon(name) == "game" else "game") for name in games
                  if short_horizon(name)]
        if others:
            print("for information: the other horizon of the games that have two")
            print(header)
            for name, horizon in others:
                print(measure(name, horizon, args), flush=True)
        return
    print(header)
    for name in games:
        horizon = args.horizon if args.horizon == "game" else short_horizon(name)
        if horizon is not None:
            print(measure(name, horizon, args), flush=True)


if __name__ == "__main__":
    main()
