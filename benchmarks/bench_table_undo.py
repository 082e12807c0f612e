"""Undo at move 5 and at move 500 of a King of the Jungle game (issue 31: undo must cost about
the same late in a game as early).

A table with every seat a person (``humans=(0, 1, 2, 3)``, seed 1, ``target=200`` points so that
the game lasts past move 500) plays the computers'
"sensible" choices with :meth:`GameTable.act` up to move ``m``; then "Undo" takes back that last
move. For m = 5 and m = 500 it prints the CPU time (``time.process_time``, median of ``--repeat``
undos, each after playing the move again) of:

- the model's undo alone (:meth:`TableModel.undo`: a kept clone and fewer than
  ``TableModel.SNAPSHOT_EVERY`` actions), and the whole click (undo and the redraw);
- for comparison, what undo did before issue 31: deal again from the seed and replay the history
  twice (once to find the person's last move, once to it).

Usage: ``python benchmarks/bench_table_undo.py [--repeat 21]``
"""
from __future__ import annotations

import argparse
import statistics
import time

import catcards
import catcards.widgets as cw
from catcards.simulate import agent_action


def _replay_undo(table) -> None:
    """Undo as it was before issue 31 (controls.py): two replays from the deal."""
    history = list(table.state.history)
    replay = table.game.new_game(table.state.seed, deals=table.deals)
    last = None
    for i, action in enumerate(history):
        if table.is_human(replay.current_player):
            last = i
        replay.apply(action)
    back = table.game.new_game(table.state.seed, deals=table.deals)
    for action in history[:last]:
        back.apply(action)


def measure(moves: int, repeat: int) -> tuple[float, float, float]:
    """Median CPU seconds of (model undo, undo click with redraw, replay undo) at move ``moves``."""
    game = catcards.load("king-of-the-jungle", target=200)
    table = cw.play(game, seed=1, humans=tuple(range(game.players)))
    while len(table.state.history) < moves:
        if table.state.is_over:
            raise SystemExit(f"the game ended at move {len(table.state.history)}, before {moves}")
        seat = table.state.current_player
        table.act(agent_action(table.agents[seat], table.state, table.agent_rngs[seat]))
    model_t, click_t, replay_t = [], [], []
    for _ in range(repeat):
        last = table.state.history[-1]
        t0 = time.process_time()
        _replay_undo(table)
        replay_t.append(time.process_time() - t0)
        t0 = time.process_time()
        table.model.undo()
        model_t.append(time.process_time() - t0)
        table.act(last)
        t0 = time.process_time()
        table.undo_button.click()
        click_t.append(time.process_time() - t0)
        table.act(last)
    table.close()
    return statistics.median(model_t), statistics.median(click_t), statistics.median(replay_t)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    print(f"King of the Jungle, 4 seats, target 200, seed 1: CPU ms per undo (median of {args.repeat})")
    print(f"{'move':>5} {'model undo':>11} {'undo click':>11} {'replay (before)':>16}")
    for moves in (5, 500):
        model, click, replay = measure(moves, args.repeat)
        print(f"{moves:>5} {model * 1e3:>11.3f} {click * 1e3:>11.3f} {replay * 1e3:>16.3f}")


if __name__ == "__main__":
    main()
