"""The start page (notebooks/index.ipynb), its catalogue, and the app notebook (issue 7)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import catcards
from catcards.cards import Card
from catcards.cli import NOTEBOOKS, catalogue, find_app_base, start_page_html

INDEX = NOTEBOOKS / "index.ipynb"
APP = NOTEBOOKS / "apps" / "play.ipynb"


@pytest.mark.parametrize("path", [INDEX, APP])
def test_notebooks_are_stored_without_outputs_with_a_kernelspec(path):
    nb = json.loads(path.read_text())
    assert nb["metadata"]["kernelspec"] == {"name": "python3", "display_name": "Python 3", "language": "python"}
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None


def test_the_catalogue_is_the_registry():
    rows = catalogue()
    assert [r["name"] for r in rows] == catcards.list_games()
    for r in rows:
        cls = catcards.game_class(r["name"])
        assert r["title"] == cls.title and r["teaches"] == cls.teaches and r["teaches"]
        assert r["players"] == (f"{cls.min_players}" if cls.min_players == cls.max_players
                                else f"{cls.min_players}-{cls.max_players}")
        assert isinstance(r["card"], Card)
        state = catcards.load(r["name"]).new_game(seed=0)
        assert r["card"] in [c for zone in state.zones().values() for c in zone]
        assert r["notebook"] == (f"{r['name']}.ipynb" if (NOTEBOOKS / f"{r['name']}.ipynb").exists() else None)
    simons = next(r for r in rows if r["name"] == "simons-cat")
    assert simons["notebook"] == "simons-cat.ipynb" and "simons-cat-probability.ipynb" in simons["lessons"]


def test_lessons_are_found_by_name_and_go_to_the_longest_matching_game(tmp_path):
    for f in ("snap.ipynb", "snap-timing.ipynb", "cat-days-odds.ipynb", "index.ipynb", "other.ipynb"):
        (tmp_path / f).write_text("{}")
    rows = {r["name"]: r for r in catalogue(tmp_path)}
    assert rows["snap"]["notebook"] == "snap.ipynb" and rows["snap"]["lessons"] == ["snap-timing.ipynb"]
    assert rows["cat-days"]["notebook"] is None and rows["cat-days"]["lessons"] == ["cat-days-odds.ipynb"]
    assert rows["simons-cat"]["lessons"] == []
    assert "snap-timing.ipynb" not in sum((r["lessons"] for n, r in rows.items() if n != "snap"), [])


def test_start_page_has_a_row_with_picture_and_links_for_every_game():
    page = start_page_html(app_base="/voila/render/notebooks/apps/play.ipynb")
    rows = re.findall(r"<tr><td>.*?</tr>", page)
    assert len(rows) == len(catcards.list_games())
    for row, entry in zip(rows, catalogue()):
        assert "<svg" in row and f"<title>{entry['card']}</title>" in row
        assert f"<code>{entry['name']}</code>" in row
        if entry["notebook"]:
            assert f'href="{entry["notebook"]}"' in row
        for lesson in entry["lessons"]:
            assert f'href="{lesson}"' in row
        assert f'href="/voila/render/notebooks/apps/play.ipynb?game={entry["name"]}"' in row


def test_the_app_link_follows_the_jupyter_server(tmp_path):
    nbs = tmp_path / "repo" / "notebooks"
    nbs.mkdir(parents=True)
    # the server whose root holds the notebook gives the base URL and the path (the deepest root wins)
    servers = [{"root_dir": str(tmp_path), "base_url": "/"},
               {"root_dir": str(tmp_path / "repo"), "base_url": "/user/ada/"},
               {"root_dir": "/elsewhere", "base_url": "/x/"}]
    assert find_app_base(nbs, servers, env={}) == "/user/ada/voila/render/notebooks/apps/play.ipynb"
    assert find_app_base(nbs, [{"root_dir": str(nbs), "base_url": "/"}], env={}) == "/voila/render/apps/play.ipynb"
    # the folder from an absolute JPY_SESSION_NAME (as jupyter_server sets it)
    env = {"JPY_SESSION_NAME": str(nbs / "index.ipynb")}
    assert find_app_base(None, servers[:1], env=env) == "/voila/render/repo/notebooks/apps/play.ipynb"
    # no server found: JupyterHub's prefix and the repository layout
    assert find_app_base(nbs, [], env={"JUPYTERHUB_SERVICE_PREFIX": "/user/bo/"}) == \
        "/user/bo/voila/render/notebooks/apps/play.ipynb"
    assert find_app_base(nbs, [], env={"JPY_SESSION_NAME": "lessons/index.ipynb"}) == \
        "/voila/render/lessons/apps/play.ipynb"


def _run_app(monkeypatch, query: str) -> dict:
    """Run the app notebook's code as Voila would, with ``query`` as the page's query string."""
    monkeypatch.setenv("QUERY_STRING", query)
    nb = json.loads(APP.read_text())
    scope: dict = {}
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), scope)
    return scope


def test_the_app_opens_the_game_the_address_names(monkeypatch):
    app = _run_app(monkeypatch, "game=snap&players=3&seed=5")
    (table,) = app["seat"].children
    assert table.state.game == catcards.load("snap", players=3) and table.state.seed == 5
    assert app["players"].value == 3 and app["choose"].value == "snap"
    # changing the game in the dropdown deals that game, with its default players
    app["choose"].value = "cat-days"
    (table,) = app["seat"].children
    assert table.state.game.name == "cat-days" and app["players"].disabled
    assert app["out"].outputs == ()


def test_the_app_explains_a_bad_address_and_plays_the_default(monkeypatch):
    app = _run_app(monkeypatch, "game=chess&players=x")
    assert app["seat"].children[0].state.game.name == "simons-cat"
    assert any("no game called 'chess'" in n for n in app["notes"])
    assert any("players must be a whole number, not 'x'" in n for n in app["notes"])
    app = _run_app(monkeypatch, "game=simons-cat&players=9")
    assert app["players"].value == catcards.load("simons-cat").players
    assert any("not 9" in n for n in app["notes"])
