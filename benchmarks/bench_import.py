"""How long ``import catcards`` takes next to ``import pandas``: each imported in a fresh Python
process, ``runs`` times, alternating; prints the median and the range of the wall time in ms.

Run: ``python benchmarks/bench_import.py [runs]``. For where the time goes:
``python -X importtime -c "import catcards" 2>&1 | sort -t'|' -k2 -n | tail -20``.
"""
from __future__ import annotations

import statistics
import subprocess
import sys

CODE = "import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"


def once(module: str) -> float:
    out = subprocess.run([sys.executable, "-c", CODE.format(module=module)], check=True,
                         capture_output=True, text=True).stdout
    return 1000 * float(out)


def main(runs: int = 11) -> None:
    times: dict[str, list[float]] = {"catcards": [], "pandas": []}
    for _ in range(runs):
        for module in times:
            times[module].append(once(module))
    for module, ts in times.items():
        print(f"import {module:<9} median {statistics.median(ts):7.1f} ms  (min {min(ts):.1f}, "
              f"max {max(ts):.1f}, {runs} fresh processes)")
    ratio = statistics.median(times["catcards"]) / statistics.median(times["pandas"])
    print(f"catcards / pandas: {ratio:.2f}")


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:]])
