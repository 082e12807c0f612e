"""A student's own results (the student page's ``/me``, every 4 s per page): the old way, the
class's whole results table (``Pool.results``) filtered to one student, next to
``Pool.own_results``, a query of the student's rows; CPU milliseconds per read (median of
repeats, ``time.process_time``), on a SQLite store of a Snap class of ``students`` students with
20 counts from real cards each (200 students: 4,000 results).

    python benchmarks/bench_own_results.py [students] [reads]
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from catcards.classroom.pool import Pool
from catcards.classroom.records import TALLIES_PER_STUDENT
from catcards.classroom.store import open_store


def whole_table(pool: Pool, code: str, token: str) -> dict:
    """What ``ClassServer.student_results`` did before: the class's table, then one student."""
    number = pool.student(code, token).number
    df = pool.results(code)
    mine = df[df["student"] == number]
    games = mine[mine["kind"] == "game"]
    tallies = mine[mine["kind"] == "tally"]
    numbers = [int(k) for k in games["game_number"].dropna().tolist()]
    return {"games": int(len(games)), "next": max(numbers, default=0),
            "values": [v.item() if hasattr(v, "item") else v for v in games["value"].tolist()],
            "tallies": [v.item() if hasattr(v, "item") else v for v in tallies["value"].tolist()]}


def per_read_ms(reads: int, work) -> float:
    times = []
    for _ in range(reads):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    students = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    reads = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder) / "store")
        try:
            pool = Pool(store, max_students=max(students, 1), join_per_class=(1e9, 1e9))
            code = pool.start("snap").code
            tokens = []
            for i in range(students):
                token = pool.join(code).token
                tokens.append(token)
                for v in range(TALLIES_PER_STUDENT):
                    pool.tally(code, token, (i + v) % 7)
            token = tokens[len(tokens) // 2]
            assert whole_table(pool, code, token) == pool.own_results(code, token)[1]
            old = per_read_ms(reads, lambda: whole_table(pool, code, token))
            new = per_read_ms(reads, lambda: pool.own_results(code, token))
        finally:
            store.close()
    print(f"{students} students, {students * TALLIES_PER_STUDENT:,} results; one student's results, "
          f"CPU ms per read (median of {reads}):")
    print(f"  whole table then filtered (before): {old:.2f} ms")
    print(f"  Pool.own_results (now):             {new:.2f} ms  ({old / new:.0f}x less)")


if __name__ == "__main__":
    main()
