"""``import catcards`` stays light (issue 14): pandas, matplotlib, tqdm, ipywidgets and the process
pool are imported only where they are used (a DataFrame, a plot, a progress bar, a table, a pool).
Each check runs in a fresh interpreter. The time is measured by ``benchmarks/bench_import.py``."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

HEAVY = ["pandas", "matplotlib", "tqdm", "ipywidgets", "concurrent.futures.process"]

PLAY = """
import catcards
for name in catcards.list_games():
    state = catcards.load(name).new_game(seed=1)
    state.apply(state.legal_actions()[0])
    catcards.load_state(state.to_json())
"""


def _loaded_after(code: str) -> list[str]:
    probe = code + f"\nimport json, sys\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "MPLBACKEND": "Agg"})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


@pytest.mark.parametrize("code", [
    "import catcards",
    PLAY,
    "from catcards.cli import main; main(['list'])",
    "from catcards.agents import make_agent, strategies; [strategies(g) for g in ('snap', 'pairs')]",
])
def test_playing_needs_none_of_the_heavy_libraries(code):
    assert _loaded_after(code) == []


def test_simulate_imports_pandas_when_it_runs():
    loaded = _loaded_after("import catcards; catcards.simulate('snap', games=2, progress=False)")
    assert "pandas" in loaded and "tqdm" in loaded and "matplotlib" not in loaded
