"""How far cheaper computer players could take the odds (issue 30): for seeded positions, the
share of a play-out's time that the computer players' ``choose`` takes, and so the most that
making them free would speed play-outs up (Amdahl's law: 1 / (1 - share)), beside how many times
faster play-outs would have to be for the goal (``x needed``, as
``benchmarks/bench_odds_precision.py`` measures it: every near-best row at +-0.05 in 2 s of CPU).
Where ``x needed`` is above the bound, no change to the computer players alone can meet the goal
at that position: the rest is the engine's ``apply`` and ``legal_actions``. Prints figures; not a
test.

    python benchmarks/bench_odds_bound.py [--games card-game,cat-days] [--positions 0,6]
        [--rollouts 60]

The positions are ``bench_odds_precision.position`` (default: every one of the 20 with more than
8 rows, where the goal is furthest). The share is measured on ``rollouts`` rollouts of every row
(a fixed count, seed 1), timing each ``choose`` call with ``time.perf_counter``.
"""
from __future__ import annotations

import argparse
import time
from types import SimpleNamespace

import pandas  # noqa: F401  (odds() builds its table with pandas: imported before any timing)

import catcards
from bench_odds_precision import position, speed_up
from catcards.agents import make_agent
from catcards.explore.odds import panel_agents, panel_horizon, policy_name, use_clock


class _Timed:
    """A computer player whose ``choose`` calls are timed (``spent``, seconds; ``calls``)."""

    def __init__(self, agent_class):
        self.agent_class, self.spent, self.calls = agent_class, 0.0, 0
        self.choose = agent_class.choose

    def __enter__(self):
        timer = self

        def choose(agent, observation, legal, rng):
            started = time.perf_counter()
            try:
                return timer.choose(agent, observation, legal, rng)
            finally:
                timer.spent += time.perf_counter() - started
                timer.calls += 1

        self.agent_class.choose = choose
        return self

    def __exit__(self, *exc):
        self.agent_class.choose = self.choose


def measure(name: str, k: int, rollouts: int) -> str | None:
    """The line for position ``k`` of game ``name`` (None: the game ended before it)."""
    state = position(name, k)
    if state is None:
        return None
    horizon = panel_horizon(name)
    agents = panel_agents(name, state.game.players, 0, horizon)[0]
    started = time.process_time()
    table = catcards.odds(state, 0, precision=0.05, seconds=2, horizon=horizon, agents=agents, progress=False)
    needed = speed_up(state, table, time.process_time() - started,
                      SimpleNamespace(horizon_now=horizon, precision=0.05, seconds=2.0))
    agent_class = type(make_agent(name, policy_name(name, agents[0])))
    with _Timed(agent_class) as timer:
        started = time.perf_counter()
        fixed = catcards.odds(state, 0, rollouts=rollouts, seed=1, horizon=horizon, agents=agents, progress=False)
        total = time.perf_counter() - started
    playouts = int(fixed["rollouts"].sum())
    share = timer.spent / total
    return (f"{name:12} {k:8d} {len(table):5d} {total / playouts * 1000:11.2f} {timer.calls / playouts:14.0f} "
            f"{share:13.0%} {1 / (1 - share):11.1f} {needed:9.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="card-game,cat-days")
    ap.add_argument("--positions", default=None, help="comma-separated position numbers (default: those with more than 8 rows)")
    ap.add_argument("--rollouts", type=int, default=60)
    args = ap.parse_args()
    use_clock(time.process_time)  # odds()'s 2 s are this process's CPU seconds, as bench_odds_precision's
    print(f"{'game':12} {'position':>8} {'rows':>5} {'ms/play-out':>11} {'choices/play':>14} "
          f"{'choose share':>13} {'bound: x':>11} {'x needed':>9}")
    for name in args.games.split(","):
        if args.positions is not None:
            chosen = [int(k) for k in args.positions.split(",")]
        else:
            chosen = [k for k in range(20) if (s := position(name, k)) is not None and len(s.legal_actions()) > 8]
        for k in chosen:
            line = measure(name, k, args.rollouts)
            if line is not None:
                print(line, flush=True)


if __name__ == "__main__":
    main()
