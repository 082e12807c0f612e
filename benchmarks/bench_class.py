"""A class on this computer: 40 students join ``catcards class snap`` within 30 s, each loads their
table (Voila, their own kernel) and submits 20 finished games concurrently. Prints figures; not a
test (README, "Run a class").

    python benchmarks/bench_class.py [--students 40] [--games 20] [--within 30] [--preheat 4]

Figures printed: join time (POST join), time to the first table (the Voila page of the student's
table, all of its HTML: the notebook has run in the student's kernel and the table is in it; a
browser then draws it), submit latency (POST results, the server replaying the save), each
median and 90th percentile; every result counted exactly once (the pool's summary and CSV); the
dashboard's ``version`` answered during the load; the memory of the server and of its kernels
(resident set, psutil) per student.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from class_server import ClassProcess, free_port  # noqa: E402

from catcards.classroom.activities import activity  # noqa: E402
from catcards.classroom.pool import series_seed  # noqa: E402
from catcards.games.snap import FLIP  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    return (f"{name}: median {statistics.median(values):.2f} s, 90th percentile {pct(values, 0.9):.2f} s, "
            f"max {max(values):.2f} s (n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--within", type=float, default=30.0, help="seconds over which the students join")
    parser.add_argument("--preheat", type=int, default=4)
    args = parser.parse_args()
    import psutil

    act = activity("snap/snaps-per-pass")
    home = Path(tempfile.mkdtemp(prefix="catcards-bench-class-"))
    proc = ClassProcess(home / "store", free_port(), home)
    started = time.monotonic()
    info = proc.start(extra=(f"--preheat={args.preheat}",), timeout=300)  # stops the server if it fails
    print(f"server up in {time.monotonic() - started:.1f} s (preheated kernels: {args.preheat}); "
          f"waiting 20 s for the pool to fill", flush=True)
    time.sleep(20)
    join_url, auth = info["join_url"], {"Authorization": f"Bearer {info['teacher_token']}"}
    joins: list[float] = []
    tables: list[float] = []
    submits: list[float] = []
    failures: list[str] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    stop = threading.Event()
    polls: list[float] = []

    def dashboard() -> None:  # the teacher's page polls version once a second
        while not stop.is_set():
            t = time.monotonic()
            try:
                requests.get(join_url + "/version", headers=auth, timeout=30).raise_for_status()
                polls.append(time.monotonic() - t)
            except requests.RequestException as exc:
                failures.append(f"version: {exc}")
            stop.wait(1.0)

    def student(i: int) -> None:
        time.sleep(args.within * i / args.students)
        session = requests.Session()
        t = time.monotonic()
        reply = session.post(join_url + "/join", json={}, timeout=60)
        joins.append(time.monotonic() - t)
        if reply.status_code != 201:
            failures.append(f"join {reply.status_code}")
            return
        me = reply.json()
        t = time.monotonic()
        page = session.get(info["base"] + f"?student={me['student']}", timeout=300)
        tables.append(time.monotonic() - t)
        if page.status_code != 200 or "Game 1." not in page.text:
            failures.append(f"table {page.status_code}")
        saves = []
        for k in range(args.games):
            state = act.new_game(series_seed(me["seed"], k))
            for _ in range(52):
                state.apply(FLIP)
            saves.append(state.to_json())

        def send(save: str) -> None:
            t0 = time.monotonic()
            r = session.post(join_url + "/results", json={"student": me["student"], "save": save}, timeout=120)
            with lock:
                submits.append(time.monotonic() - t0)
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1

        with ThreadPoolExecutor(4) as pool:  # a student's games, several at once
            list(pool.map(send, saves))

    watcher = threading.Thread(target=dashboard, daemon=True)
    watcher.start()
    began = time.monotonic()
    try:
        with ThreadPoolExecutor(args.students) as pool:
            list(pool.map(student, range(args.students)))
        took = time.monotonic() - began
        stop.set()
        summary = requests.get(join_url + "/summary", headers=auth, timeout=60).json()
        csv_rows = len(requests.get(join_url + "/results.csv", headers=auth, timeout=60).text.strip().splitlines()) - 1
        server = psutil.Process(proc.proc.pid)
        kernels = server.children(recursive=True)
        rss_server = server.memory_info().rss
        rss_kernels = [k.memory_info().rss for k in kernels if k.is_running()]
    finally:
        stop.set()
        proc.stop()
        shutil.rmtree(home, ignore_errors=True)

    expected = args.students * args.games
    print(f"{args.students} students joining over {args.within:.0f} s, {args.games} games each "
          f"({expected} results), done in {took:.1f} s on {psutil.cpu_count()} cores")
    print(line("join", joins))
    print(line("time to the first table (the page's HTML with the table)", tables))
    print(line("submit latency", submits))
    print(line("dashboard version poll", polls))
    print(f"answers to the results: {dict(sorted(statuses.items()))}; counted: {summary['n']} games, "
          f"CSV rows {csv_rows}; every result counted once: {summary['n'] == csv_rows == expected}")
    print(f"memory: server {rss_server / 2**20:.0f} MB, {len(rss_kernels)} kernels "
          f"{sum(rss_kernels) / 2**20:.0f} MB, per kernel {statistics.mean(rss_kernels) / 2**20 if rss_kernels else 0:.0f} MB; "
          f"per student {(rss_server + sum(rss_kernels)) / 2**20 / args.students:.0f} MB")
    if failures:
        print(f"failures ({len(failures)}): {failures[:10]}")


if __name__ == "__main__":
    main()
