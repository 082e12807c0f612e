"""How long each game's table takes to answer a click, in a real Jupyter kernel (issue 11).

Starts an ipykernel with ``jupyter_client.KernelManager`` (no browser): every widget still opens
a comm and sends its state changes as iopub ``comm_msg`` messages, which this script counts, so the
time includes serialising and sending what a browser would receive. In the kernel, each game's
table is opened and its enabled board/hand buttons are clicked at random (``Button.click()``, what
a browser click runs), a new deal when a game ends; each click is timed with
``time.perf_counter`` in the kernel. Snap runs on a ``ManualClock`` moved on between clicks (not
timed), so the computers' turns do not wait for real time.

Usage::

    python benchmarks/bench_clicks.py [--clicks 60] [--seed 1] [--games pairs snap ...]

Prints one line per game: median and 90th-percentile milliseconds per click, and the widget
comm messages (open, update, close) the kernel sent during the game's run, per click (above 0, or
the figure would not include sending).
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from jupyter_client.manager import start_new_kernel

KERNEL_CODE = r'''
import json as _json, time as _time
import numpy as _np, ipywidgets as _W
import catcards as _cc, catcards.widgets as _cw
from catcards.widgets.snap import ManualClock as _Manual, SnapTable as _Snap

def _walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from _walk(c)

def _bench(name, clicks, seed):
    table = (_Snap(_cc.load("snap"), seed=seed, clock=_Manual()) if name == "snap"
             else _cw.play(name, seed=seed))
    rng = _np.random.default_rng(seed)
    times, deals = [], 0
    while len(times) < clicks:
        if table.state.is_over:
            deals += 1
            table.new_game(seed + deals)
            continue
        buttons = [w for part in (table.board_box, table.hand_box) for w in _walk(part)
                   if isinstance(w, _W.Button) and not w.disabled]
        if not buttons:
            if name == "snap":
                table.clock.advance(2.0)
            else:
                table.step_button.click()
            continue
        b = buttons[rng.integers(len(buttons))]
        t0 = _time.perf_counter()
        b.click()
        times.append(_time.perf_counter() - t0)
        if name == "snap":
            table.clock.advance(2.0)
    table.close()
    return times
'''


def run(kc, code: str, timeout: float = 600) -> tuple[object, int]:
    """Execute ``code`` (which prints one JSON line); return (that value, comm message count)."""
    msg_id = kc.execute(code)
    comm_msgs, printed = 0, []
    deadline = time.monotonic() + timeout
    while True:
        msg = kc.get_iopub_msg(timeout=max(1.0, deadline - time.monotonic()))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind in ("comm_msg", "comm_open", "comm_close"):
            comm_msgs += 1
        elif kind == "stream" and msg["content"]["name"] == "stdout":
            printed.append(msg["content"]["text"])
        elif kind == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            break
    kc.get_shell_msg(timeout=timeout)
    text = "".join(printed).strip()
    return (json.loads(text) if text else None), comm_msgs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=60, help="timed clicks per game (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", help="games to time (default: every game)")
    args = parser.parse_args(argv)
    if not 1 <= args.clicks <= 10_000:
        parser.error("--clicks must be from 1 to 10000")
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        run(kc, KERNEL_CODE)
        games, _ = run(kc, "print(_json.dumps(sorted(_cc.list_games())))")
        chosen = args.games or games
        print(f"median and 90th-percentile kernel time per click, {args.clicks} clicks per game, "
              f"seed {args.seed} (ipykernel via jupyter_client, widget messages sent)")
        print(f"{'game':<20} {'median ms':>10} {'p90 ms':>8} {'comm msgs/click':>16}")
        for name in chosen:
            if name not in games:
                print(f"{name:<20} not a game ({', '.join(games)})")
                continue
            times, comm_msgs = run(
                kc, f"print(_json.dumps(_bench({name!r}, {args.clicks}, {args.seed})))")
            times = sorted(times)
            median = times[len(times) // 2] * 1000
            p90 = times[int(len(times) * 0.9)] * 1000
            print(f"{name:<20} {median:>10.1f} {p90:>8.1f} {comm_msgs / len(times):>16.1f}")
            if comm_msgs == 0:
                print("  no comm messages were sent: the figure does not include sending", file=sys.stderr)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
