"""A game added from CONTRIBUTING.md alone (issue 13): the toy game Last Cat in its own package
(tests/toy_plugin, written only from CONTRIBUTING.md's text), installed beside catcards without
editing it, is listed by catcards.list_games, played by catcards.simulate, drawn in a table, saved
and loaded, and meets the contract test."""
import ast
import configparser
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

import catcards

TOY = Path(__file__).parents[1] / "toy_plugin"
ROOT = Path(__file__).parents[2]
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A folder holding the toy package as ``pip install`` leaves it: the package and a
    ``*.dist-info`` with METADATA and the entry points of its pyproject.toml."""
    folder = tmp_path_factory.mktemp("site")
    shutil.copytree(TOY / "catcards_lastcat", folder / "catcards_lastcat")
    project = tomllib.loads((TOY / "pyproject.toml").read_text())["project"]
    info = folder / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    points = configparser.ConfigParser(delimiters=("=",))
    points.optionxform = str
    for group, entries in project["entry-points"].items():
        points[group] = entries
    with open(info / "entry_points.txt", "w") as f:
        points.write(f)
    return folder


def _run(site, *args, timeout=300):
    env = {**os.environ, "PYTHONPATH": str(site), "MPLBACKEND": "Agg"}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=timeout)


SCRIPT = r"""
import json, catcards
from catcards.agents import strategies
import catcards.widgets as widgets

out = {"games": catcards.list_games(), "strategies": strategies("last-cat")}
df = catcards.simulate("last-cat", games=300, seed=5, agents=["sensible", "random"], progress=False)
out["sensible_first_wins"] = int(df["win_0"].sum())
df = catcards.simulate("last-cat", games=300, seed=5, agents=["random", "random"], progress=False, cards=8)
out["random_wins"] = [int(df["win_0"].sum()), int(df["win_1"].sum())]
out["lengths"] = sorted(set(int(n) for n in df["actions"]))
try:
    catcards.load("last-cat", cards=31)
except catcards.GameParameterError as exc:
    out["refusal"] = str(exc)
table = widgets.play("last-cat", seed=1, humans=(0,), agents="sensible")
out["table"] = type(table).__name__
out["board"] = table.board_box.children[0].value
def buttons(widget):
    if isinstance(widget, widgets.table.W.Button):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from buttons(child)
(take_2,) = [b for b in buttons(table.hand_box) if b.description == "take 2"]
take_2.click()  # seat 0 takes 2 of 7, seat 1 (sensible) replies with 2
out["after"] = table.board_box.children[0].value
out["history"] = [str(a) for a in table.state.history]
out["reloaded"] = catcards.load_state(table.state.to_json()).to_json() == table.state.to_json()
out["params"] = catcards.load("last-cat").params
from catcards.cli import _parameters_help
out["help"] = _parameters_help()
table.close()
print(json.dumps(out))
"""


def test_the_toy_game_is_listed_played_drawn_and_saved(site):
    done = _run(site, "-c", SCRIPT)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.splitlines()[-1])
    assert "last-cat" in out["games"] and "simons-cat" in out["games"]
    assert out["strategies"] == ["random", "sensible"]
    # 7 cards: the first seat leaves 6, then always a multiple of 3: it wins every game
    assert out["sensible_first_wins"] == 300
    assert sum(out["random_wins"]) == 300 and min(out["random_wins"]) > 50
    assert out["lengths"][0] >= 4 and out["lengths"][-1] <= 8  # 8 cards taken 1 or 2 at a time
    assert out["refusal"] == "Last Cat: cards must be a whole number from 2 to 30, not 31"
    assert out["table"] == "LastCatTable"
    assert "7 cards on the pile" in out["board"]
    assert out["history"] == ["take 2", "take 2"] and "3 cards on the pile" in out["after"]
    assert out["reloaded"]
    assert out["params"] == {"players": 2, "first_player": 0, "cards": 7}
    assert "  last-cat:\n    first_player: the seat that takes first; a seat (0 to players - 1); default 0" in out["help"]


def test_the_toy_game_meets_the_contract_and_the_save_tests(site):
    """The command CONTRIBUTING.md gives ("A game in your own package", step 5), on the toy."""
    command = re.search(r"^\s*(python -m pytest tests/games/test_contract\.py .*-k high-cat)$", CONTRIBUTING, re.M)
    args = command.group(1).replace("high-cat", "last-cat").split()[1:]
    assert args[:2] == ["-m", "pytest"] and "tests/games/test_saves.py" in args
    done = _run(site, *args, "-p", "no:randomly", "-p", "no:cacheprovider", "-rs", timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    summary = done.stdout.strip().splitlines()[-1]
    passed = int(re.search(r"(\d+) passed", summary).group(1))
    assert passed >= 20 and "failed" not in summary and "error" not in summary
    # the golden test skips a plugin's game, saying why
    assert "2 skipped" in summary
    assert "last-cat is a plugin's game (from catcards_lastcat.game), not one of catcards' own" in done.stdout


def _blocks(language):
    return re.findall(rf"^( *)```{language}\n(.*?)^\1```", CONTRIBUTING, re.M | re.S)


def test_contributings_pyproject_example_uses_the_groups_the_registries_read():
    import catcards.widgets.table as table
    from catcards.agents import STRATEGIES
    from catcards.registry import GAMES

    from catcards.explore.hidden import SAMPLERS

    (example,) = [tomllib.loads(textwrap.dedent(body)) for indent, body in _blocks("toml")]
    groups = {GAMES.group, STRATEGIES.group, table.TABLES.group}
    assert groups == {"catcards.games", "catcards.agents", "catcards.tables"}
    assert set(example["project"]["entry-points"]) == groups
    # the optional fourth group, for a sampler, is named in the text
    assert SAMPLERS.group == "catcards.samplers"
    assert '`[project.entry-points."catcards.samplers"]` with `high-cat = "catcards_highcat.explore"`' in CONTRIBUTING
    assert example["build-system"] == {"requires": ["setuptools>=64"], "build-backend": "setuptools.build_meta"}
    package = example["tool"]["setuptools"]["packages"][0]
    for group, entries in example["project"]["entry-points"].items():
        assert list(entries) == ["high-cat"] and entries["high-cat"].split(".")[0] == package
    # the toy plugin is laid out the same way
    toy = tomllib.loads((TOY / "pyproject.toml").read_text())
    assert toy["build-system"] == example["build-system"]
    assert set(toy["project"]["entry-points"]) == groups
    assert toy["tool"]["setuptools"]["packages"] == ["catcards_lastcat"]


def test_contributings_import_blocks_import():
    """Every import statement of CONTRIBUTING.md's Python examples names something that exists."""
    imports = []
    for indent, body in _blocks("python"):
        tree = ast.parse(textwrap.dedent(body))
        imports += [ast.unparse(node) for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert "from catcards.params import Param" in imports and "from catcards.agents import Agent, pick, strategy" in imports
    assert len(imports) >= 8
    imports.sort(key=lambda line: not line.startswith("from __future__"))  # they must come first
    namespace = {}
    exec("\n".join(imports), namespace)
    for name in ("Card", "Game", "GameParameterError", "IllegalActionError", "Outcome", "State", "register",
                 "Action", "FixedAction", "Play", "card_names", "check_deal_list", "find_card", "is_whole",
                 "normal_name", "parse_hands", "short_repr", "Param", "Agent", "pick", "strategy", "GameTable",
                 "table_for", "cards_html", "card_svg"):
        assert name in namespace, name


def test_the_toy_game_is_not_seen_without_its_install():
    assert "last-cat" not in catcards.list_games()


def test_a_broken_plugin_is_skipped_with_a_warning(tmp_path):
    info = tmp_path / "broken_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[catcards.games]\nbroken = no_such_module_here.game\n")
    script = ("import warnings, catcards\n"
              "with warnings.catch_warnings(record=True) as seen:\n"
              "    warnings.simplefilter('always')\n"
              "    names = catcards.list_games()\n"
              "print(len(names)); print(*[str(w.message) for w in seen], sep='\\n')\n")
    done = _run(tmp_path, "-c", script)
    assert done.returncode == 0, done.stderr
    count, _, messages = done.stdout.strip().partition("\n")
    assert int(count) == len(catcards.list_games())
    assert "the catcards plugin 'broken' (no_such_module_here.game) in group 'catcards.games' could not be imported" in messages


def test_contributings_parse_hands_example_gives_what_it_says():
    (example,) = [textwrap.dedent(body) for indent, body in _blocks("python") if "def card_id" in body]
    namespace = {}
    exec("from catcards import Card, GameParameterError\n"
         "from catcards.core import card_names, find_card, parse_hands\n" + example, namespace)
    call = next(line for line in example.splitlines() if line.startswith("parse_hands("))
    assert "# -> [[2], [9]]" in example and eval(call, namespace) == [[2], [9]]
    assert namespace["card_id"](catcards.Card("Cat", 7)) == 6
    with pytest.raises(catcards.GameParameterError, match=r"^deal: 'Dog 3' is not a High Cat card \(Cat 1 to Cat 10\)$"):
        namespace["card_id"]("Dog 3")
    with pytest.raises(catcards.GameParameterError) as err:
        eval(call.replace('[["Cat 3"], ["cat 10"]]', '[["Cat 3", "Cat 4"], ["Cat 5"]]'), namespace)
    assert f'GameParameterError("{err.value}")' in example


def test_contributings_param_example_reads_as_it_says_in_errors_and_help():
    from types import SimpleNamespace

    from catcards.params import Param

    (example,) = [textwrap.dedent(body) for indent, body in _blocks("python") if body.lstrip().startswith('Param("rounds"')]
    param = eval(example, {"Param": Param})
    game = SimpleNamespace(title="High Cat", players=2)
    with pytest.raises(catcards.GameParameterError) as err:
        param.validate(game, 6)
    text = " ".join(CONTRIBUTING.split())  # the doc's lines joined
    assert f'catcards.load("high-cat", rounds=6)` raises `GameParameterError("{err.value}")`' in text
    assert param.validate(game, None) == 3 and param.validate(SimpleNamespace(title="High Cat", players=5), None) == 2
    d = param.describe()
    assert f"the line is `rounds: {d['help']}; {d['allowed']}; default {d['default']}`" in text


def test_a_plugin_sampler_is_found_by_its_entry_point_group(tmp_path):
    info = tmp_path / "toy_sampler-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-sampler\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[catcards.samplers]\ntoy = toy_sampler_module\n")
    (tmp_path / "toy_sampler_module.py").write_text(
        "from catcards.explore.hidden import sampler\n\n"
        "@sampler('toy-game')\n"
        "def prepare(state, seat):\n"
        "    raise NotImplementedError\n"
    )
    script = ("from catcards.explore import supported\n"
              "from catcards.explore.hidden import SAMPLERS\n"
              "print(supported()); print(SAMPLERS.get('toy-game').__module__)\n")
    done = _run(tmp_path, "-c", script)
    assert done.returncode == 0, done.stderr
    names, module = done.stdout.strip().splitlines()
    assert "'toy-game'" in names and "'snap'" in names and module == "toy_sampler_module"
