"""How many widget messages each game's app page sends while it builds its table.

The app (``catcards app``, ``notebooks/apps/play.ipynb`` run by Voila) sends every widget it
makes as an IOPub ``comm_open`` and every later change as a ``comm_msg``. The kernel's PUB socket
drops IOPub messages past its high-water mark (1,000 by default), so a page that sends about that
many in one cell can lose the table's display or the cell's idle, and Voila then waits its
``iopub_timeout`` (the Pairs page's rare 60 s stall).

By default the app's code cells are run in this process, as ``tests/widgets/test_app_table.py``
runs them, with each game in the address (``?game=NAME``, its usual players, seed 1), and the
messages are counted where every widget comm publishes them (``comm.DummyComm.publish_msg``).
``--kernel`` runs the same cells in a real ipykernel (``jupyter_client``, no browser) and counts
the IOPub messages a client receives (with no receive limit, as the app's client; the kernel's
PUB socket keeps its limit of 1,000, so a count near or past it may be cut short by drops).

Usage::

    python benchmarks/bench_table_messages.py [--kernel] [--games pairs snap ...]

Prints one line per game: ``comm_open``, ``comm_msg`` and ``comm_close`` sent while the page was
built, and their total (with ``--kernel``: every IOPub message of the cell, status and display
included).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "notebooks" / "apps" / "play.ipynb"


def app_code() -> list[str]:
    """The app notebook's code cells, in order."""
    return ["".join(c["source"]) for c in json.loads(APP.read_text())["cells"] if c["cell_type"] == "code"]


def count_in_process(game: str) -> Counter:
    """The comm messages (by type) the app's cells send for ``?game=game``, run in this process."""
    import comm

    sent: Counter = Counter()
    publish = comm.DummyComm.publish_msg

    def counting(self, msg_type, *args, **kwargs):
        sent[msg_type] += 1
        return publish(self, msg_type, *args, **kwargs)

    os.environ["QUERY_STRING"] = f"game={game}&seed=1"
    comm.DummyComm.publish_msg = counting
    try:
        for code in app_code():
            exec(code, {})
    finally:
        comm.DummyComm.publish_msg = publish
    return sent


def count_in_kernel(games: list[str]) -> dict[str, Counter]:
    """The IOPub messages (by type) a real kernel sends while running the app's cells for each
    game, each game in a fresh kernel."""
    from jupyter_client.manager import start_new_kernel

    counts = {}
    for game in games:
        env = dict(os.environ, QUERY_STRING=f"game={game}&seed=1", PYTHONPATH=str(ROOT))
        km, kc = start_new_kernel(env=env)
        try:
            kc.iopub_channel.socket.rcvhwm = 0  # as the app's client (catcards.kernel_client)
            sent: Counter = Counter()
            for code in app_code():
                kc.execute_interactive(code, timeout=300,
                                       output_hook=lambda m: sent.update([m["header"]["msg_type"]]))
            counts[game] = sent
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernel", action="store_true", help="count in a real ipykernel (slower)")
    parser.add_argument("--games", nargs="*", default=None, help="games to measure (default: all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import catcards

    games = args.games or catcards.list_games()
    if args.kernel:
        counts = count_in_kernel(games)
    else:
        counts = {game: count_in_process(game) for game in games}
    print(f"{'game':20} {'comm_open':>9} {'comm_msg':>9} {'comm_close':>10} {'total':>7}")
    for game in games:
        c = counts[game]
        print(f"{game:20} {c['comm_open']:9} {c['comm_msg']:9} {c['comm_close']:10} {sum(c.values()):7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
