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


# ---- the import graph (issue 31): no circle, and the contract imports nothing above it ----------
import ast  # noqa: E402
from pathlib import Path  # noqa: E402

PACKAGE = Path(__file__).resolve().parents[2] / "catcards"
#: the contract: what a game is written against; it imports nothing else of catcards (what it
#: needs from above goes through catcards.hooks, which those layers fill)
CONTRACT = ("catcards.core", "catcards.cards", "catcards.hooks")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(tree: ast.AST):
    """Every import statement of ``tree`` that runs (at module level or in a function), skipping
    ``if TYPE_CHECKING:`` blocks (they name types and never run)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                todo.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            todo.append(child)


def import_graph() -> dict[str, set[str]]:
    """Module -> the catcards modules it imports, read from the source (function-level imports
    included). ``from X import Y`` is an edge to ``X.Y`` when that is a module, else to ``X``. A
    package's ``__init__`` is not counted as imported by its submodules (Python imports it
    first anyway; a real ``from .. import name`` of it is)."""
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = package.split(".")
                if node.level:
                    base = base[: len(base) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in files else module for a in node.names]
            for target in targets:
                while target and target not in files:  # "import catcards.render.tables as t" etc.
                    target = target.rpartition(".")[0]
                if target.startswith("catcards") and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_import_graph_sees_function_level_imports():
    graph = import_graph()
    # imports inside functions count (catcards.cli imports the class server in its command)
    assert "catcards.classroom.server" in graph["catcards.cli"]
    assert "catcards.voila_options" in graph["catcards.classroom.server"]
    # "from . import hooks" is the module; "from .core import State" the package's __init__
    assert {"catcards.hooks", "catcards.core.saves", "catcards.core.game"} <= graph["catcards.core.state"]
    assert "catcards.core" in graph["catcards.registry"]
    # an "if TYPE_CHECKING:" import never runs: core.game names State only as a type
    assert "catcards.core.state" not in graph["catcards.core.game"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle_in_catcards():
    assert _cycles(import_graph()) == []


def test_the_contract_imports_nothing_above_it():
    graph = import_graph()
    contract = [m for m in graph if m.startswith(CONTRACT)]
    assert {"catcards.core.state", "catcards.core.saves", "catcards.cards"} <= set(contract)
    above = {m: sorted(t for t in graph[m] if not t.startswith(CONTRACT)) for m in contract}
    assert {m: t for m, t in above.items() if t} == {}


def test_no_two_test_files_share_a_name():
    """pytest imports test files by their base name (rootdir-relative packages are not used): two
    ``test_x.py`` in different folders stop the whole suite at collection ("import file
    mismatch"), as happened twice when branches were merged."""
    from collections import Counter

    tests = Path(__file__).resolve().parents[1]
    names = Counter(p.name for p in tests.rglob("test_*.py") if "toy_plugin" not in p.parts)
    assert not [n for n, k in names.items() if k > 1], sorted(n for n, k in names.items() if k > 1)
