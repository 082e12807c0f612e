"""A class on this computer: students join ``catcards class snap`` within 30 s, each loads their
table (Voila, their own kernel, preheated) and submits finished games concurrently. Prints
figures; not a test (README, "Run a class").

    python benchmarks/bench_class.py [--students 40] [--games 20] [--within 30] [--preheat N]
                                     [--browsers 4]

What a student sees is measured two ways:

* ``--browsers`` students (spread over the class) use a real browser (Playwright, headless
  Chromium at /usr/bin/chromium, a 390 x 844 page): they open the join link and press Join; their
  time to the first table runs from the press until the table's first button (Snap's "Turn a
  card") is visible in the page. Their console messages are printed.
* the others do what the page does, without drawing it: POST join, GET the table's page (Voila's
  HTML, with the student's game dealt in their kernel), then open the kernel's websocket and ask
  for the widgets' state (ipywidgets' ``jupyter.widget.control`` comm, ``request_states``), as
  the widget manager does before drawing; their time to the first table ends when the state
  arrives. The browser would then draw it (a few hundred ms on a phone).

The browsers run on this machine too, so they take CPU from the server: their figures are
pessimistic for a class on its own devices. The students join first; once every table is there, every
student sends their games at once (``--overlap``: each as soon as their own table is there; a
real student sends one game a minute or so, after playing it). Figures printed: the time the
pool of preheated kernels took to fill before the class; join time, time to the first table and
submit latency (median, 90th percentile); pages without a table; every result counted exactly once; the
dashboard's poll during the load; memory per student kernel (resident set, and unique set:
what one more student adds); the load average during the run (the machine is shared).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
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
from class_server import ClassProcess, free_port, widget_states  # noqa: E402

from catcards.classroom.activities import activity  # noqa: E402
from catcards.classroom.pool import series_seed  # noqa: E402
from catcards.classroom.server import TABLES_BUSY, TABLES_BUSY_WAIT  # noqa: E402
from catcards.games.snap import FLIP  # noqa: E402

CHROMIUM = os.environ.get("CATCARDS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    return (f"{name}: median {statistics.median(values):.2f} s, 90th percentile {pct(values, 0.9):.2f} s, "
            f"max {max(values):.2f} s (n={len(values)})")


class Browsers:
    """Students in headless Chromium (Playwright's async API on its own thread and loop)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.browser = self.run(self._launch())
        self.messages: list[tuple[str, str]] = []

    def run(self, coro, timeout: float | None = None):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _launch(self):
        from playwright.async_api import async_playwright

        self.playwright = await async_playwright().start()
        return await self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

    async def _student(self, join_url: str, timeout: float) -> tuple[float | None, str | None]:
        context = await self.browser.new_context(viewport={"width": 390, "height": 844})
        page = await context.new_page()
        page.on("console", lambda m: self.messages.append((m.type, m.text)) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: self.messages.append(("pageerror", str(e))))
        await page.goto(join_url)
        join = page.get_by_role("button", name="Join")
        await join.wait_for(timeout=timeout * 1000)
        started = time.monotonic()
        await join.click()
        took = None
        try:
            await page.frame_locator("#table").locator("button.catcards-turn").first.wait_for(
                state="visible", timeout=timeout * 1000)
            took = time.monotonic() - started
        except Exception:
            pass
        key = await page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('catcards-class-'))[0] || ''")
        token = await page.evaluate(f"localStorage.getItem({json.dumps(key)})") if key else None
        self._contexts = getattr(self, "_contexts", []) + [context]  # kept open: the student stays
        return took, token

    def student(self, join_url: str, timeout: float) -> tuple[float | None, str | None]:
        """Join in a fresh browser context; (seconds from pressing Join to the table's first
        button visible, or None when it did not show; the student's token)."""
        return self.run(self._student(join_url, timeout), timeout + 60)

    def close(self) -> None:
        async def stop():
            await self.browser.close()
            await self.playwright.stop()
        try:
            self.run(stop(), 60)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)


def wait_for_pool(proc: ClassProcess, size: int, timeout: float) -> float | None:
    """Seconds until the server said all ``size`` preheated kernels are ready (its progress line
    on stderr), or None when it did not within ``timeout``."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        proc.log.flush()
        log = Path(proc.log.name).read_text(errors="replace")  # all of it: kernels' warnings come between
        if f"ready: {size} of {size}" in log:
            return time.monotonic() - started
        if "tables ready" not in log and time.monotonic() - started > 30:  # a server without the line
            return None
        if proc.proc.poll() is not None:
            raise RuntimeError(f"the class server stopped:\n{proc.tail()}")
        time.sleep(0.5)
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--within", type=float, default=30.0, help="seconds over which the students join")
    parser.add_argument("--preheat", type=int, default=None, help="preheated kernels (default: one per student)")
    parser.add_argument("--browsers", type=int, default=4, help="students in a real browser (0: none)")
    parser.add_argument("--timeout", type=float, default=300.0, help="longest wait for one table, seconds")
    parser.add_argument("--overlap", action="store_true",
                        help="each student sends their games as soon as their table is there (default: once "
                             "the whole class has its tables, every student at once)")
    args = parser.parse_args()
    import psutil

    preheat = args.students if args.preheat is None else args.preheat
    act = activity("snap/snaps-per-pass")
    home = Path(tempfile.mkdtemp(prefix="catcards-bench-class-"))
    proc = ClassProcess(home / "store", free_port(), home)
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min) on "
          f"{psutil.cpu_count()} cores; the machine may be shared", flush=True)
    started = time.monotonic()
    info = proc.start(extra=(f"--preheat={preheat}",), timeout=300)  # stops the server if it fails
    up = time.monotonic() - started
    filled = wait_for_pool(proc, preheat, 600) if preheat else 0.0
    print(f"server up in {up:.1f} s; {preheat} preheated kernels ready "
          + (f"{filled:.1f} s later" if filled is not None else "(not reported by the server)"), flush=True)
    browsers = Browsers() if args.browsers > 0 else None
    every = max(1, args.students // args.browsers) if args.browsers > 0 else 0
    join_url, auth = info["join_url"], {"Authorization": f"Bearer {info['teacher_token']}"}
    joins: list[float] = []
    tables: list[float] = []
    htmls: list[float] = []
    browser_tables: list[float] = []
    submits: list[float] = []
    failures: list[str] = []
    no_table: list[str] = []
    busy: list[int] = []  # table pages refused 429 because many were being opened (then asked again)
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    stop = threading.Event()
    polls: list[float] = []
    loads: list[float] = []
    students: list[tuple[requests.Session, str]] = []

    def dashboard() -> None:  # the teacher's page polls version once a second
        while not stop.is_set():
            t = time.monotonic()
            try:
                requests.get(join_url + "/version", headers=auth, timeout=30).raise_for_status()
                polls.append(time.monotonic() - t)
            except requests.RequestException as exc:
                failures.append(f"version: {exc}")
            loads.append(os.getloadavg()[0])
            stop.wait(1.0)

    def student(i: int) -> None:
        time.sleep(args.within * i / args.students)
        session = requests.Session()
        if browsers is not None and i % every == 0 and i // every < args.browsers:
            took, token = browsers.student(join_url, args.timeout)
            if took is None:
                no_table.append(f"browser student {i}")
            else:
                browser_tables.append(took)
            if not token:
                failures.append(f"browser student {i}: no token")
                return
        else:
            t = time.monotonic()
            reply = session.post(join_url + "/join", json={}, timeout=60)
            joins.append(time.monotonic() - t)
            if reply.status_code != 201:
                failures.append(f"join {reply.status_code}")
                return
            token = reply.json()["student"]
            t = time.monotonic()
            try:
                page = session.get(info["base"] + f"?student={token}", timeout=args.timeout)
                while page.status_code == 429 and page.json().get("error") == TABLES_BUSY:
                    busy.append(i)  # as the student's page does: ask again a few seconds later
                    time.sleep(TABLES_BUSY_WAIT)
                    page = session.get(info["base"] + f"?student={token}", timeout=args.timeout)
                kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.text)
                if page.status_code != 200 or "Game 1." not in page.text or kernel is None:
                    said = re.search(r"HTML\(value=.{0,30}?(?:u003e|>)([^\\<]{0,120})", page.text)
                    raise RuntimeError(f"page {page.status_code} without the game: {said.group(1) if said else ''}")
                htmls.append(time.monotonic() - t)
                widget_states(info["base"], kernel.group(1), max(1.0, args.timeout - (time.monotonic() - t)),
                              session.cookies.get("_xsrf", ""))
                tables.append(time.monotonic() - t)
            except Exception as exc:
                no_table.append(f"student {i}: {type(exc).__name__}: {exc}"[:200])
        students.append((session, token))
        if args.overlap:
            submit_games(session, token)

    def submit_games(session: requests.Session, token: str) -> None:
        seed = session.post(join_url + "/me", json={"student": token}, timeout=60).json()["seed"]
        saves = []
        for k in range(args.games):
            state = act.new_game(series_seed(seed, k))
            for _ in range(52):
                state.apply(FLIP)
            saves.append(state.to_json())

        def send(save: str) -> None:
            t0 = time.monotonic()
            r = session.post(join_url + "/results", json={"student": token, "save": save}, timeout=120)
            with lock:
                submits.append(time.monotonic() - t0)
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1

        for save in saves:  # a student's games in order (only the next game counts), students at once
            send(save)

    server = psutil.Process(proc.proc.pid)

    def cpu() -> tuple[float, float]:  # CPU-seconds of the server, and of its kernels
        kernels = 0.0
        for k in server.children(recursive=True):
            try:
                kernels += sum(k.cpu_times()[:2])
            except psutil.NoSuchProcess:
                pass
        return sum(server.cpu_times()[:2]), kernels

    watcher = threading.Thread(target=dashboard, daemon=True)
    watcher.start()
    cpu_before = cpu()
    began = time.monotonic()
    try:
        with ThreadPoolExecutor(args.students) as pool:
            list(pool.map(student, range(args.students)))
        joined = time.monotonic() - began
        cpu_joined = cpu()
        if not args.overlap:  # then every student sends their games at once
            with ThreadPoolExecutor(args.students) as pool:
                list(pool.map(lambda st: submit_games(*st), students))
        took = time.monotonic() - began
        stop.set()
        summary = requests.get(join_url + "/summary", headers=auth, timeout=60).json()
        csv_rows = len(requests.get(join_url + "/results.csv", headers=auth, timeout=60).text.strip().splitlines()) - 1
        kernels = [k for k in server.children(recursive=True) if k.is_running()]
        rss_server = server.memory_info().rss
        rss = [k.memory_info().rss for k in kernels]
        uss = [k.memory_full_info().uss for k in kernels]
    finally:
        stop.set()
        if browsers is not None:
            browsers.close()
        proc.stop()
        shutil.rmtree(home, ignore_errors=True)

    expected = args.students * args.games
    mb = 2 ** 20
    print(f"{args.students} students joining over {args.within:.0f} s ({len(browser_tables) + sum('browser' in n for n in no_table)} "
          f"in Chromium), all tables in {joined:.1f} s; then {args.games} games each ({expected} results) sent "
          + ("as each table came" if args.overlap else "by every student at once") + f", done in {took:.1f} s")
    print(line("join (POST join)", joins))
    print(line("time to the first table, all students", tables + browser_tables))
    print(line("  in Chromium: Join pressed -> the table's first button visible", browser_tables))
    print(line("  by requests: page HTML + the widgets' state over the kernel's websocket", tables))
    print(line("    of which the page's HTML", htmls))
    print(f"pages without a table: {len(no_table)}" + (f" {no_table[:5]}" if no_table else ""))
    print(f"table pages asked again after 'many tables are being opened' (429): {len(busy)}, "
          f"for {len(set(busy))} students")
    print(f"CPU while the class joined ({joined:.1f} s on {psutil.cpu_count()} cores): server "
          f"{cpu_joined[0] - cpu_before[0]:.1f} s, kernels {cpu_joined[1] - cpu_before[1]:.1f} s")
    print(line("submit latency", submits))
    print(line("dashboard version poll", polls))
    print(f"answers to the results: {dict(sorted(statuses.items()))}; counted: {summary['n']} games, "
          f"CSV rows {csv_rows}; every result counted once: {summary['n'] == csv_rows == expected}")
    if rss:
        print(f"memory per student kernel: {statistics.mean(rss) / mb:.0f} MB resident, {statistics.mean(uss) / mb:.0f} MB "
              f"its own (USS); {len(rss)} kernels (students' and the pool's), {sum(rss) / mb:.0f} MB; "
              f"server {rss_server / mb:.0f} MB")
    if loads:
        print(f"load average (1 min) during the run: min {min(loads):.1f}, median {statistics.median(loads):.1f}, "
              f"max {max(loads):.1f}")
    if browsers is not None:
        distinct = sorted(set(browsers.messages))
        print(f"browser console errors and warnings: {len(browsers.messages)}"
              + "".join(f"\n  {kind}: {text[:160]}" for kind, text in distinct[:12]))
    if failures:
        print(f"failures ({len(failures)}): {failures[:10]}")


if __name__ == "__main__":
    main()
