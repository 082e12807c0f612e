"""The start page (notebooks/index.ipynb), its catalogue, and the app notebook (issues 7, 16)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import catcards
from catcards.cards import Card
from catcards.start_page import (NOTEBOOKS, binder_url, catalogue, find_app_base, lite_app_base, notebooks_folder,
                                 project_links, start_page_html)

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
                                else f"{cls.min_players}-{cls.max_players}") + (
            " (2 as a variant)" if r["name"] == "simons-cat" else "")
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


def test_a_lesson_file_name_with_spaces_hash_or_quotes_is_one_working_link(tmp_path):
    """A teacher's own lesson saved as "snap-my lesson #2.ipynb": the link was
    href="snap-my lesson #2.ipynb", which a browser reads as the file "snap-my lesson " and the
    fragment "2.ipynb"; a quote in a name ended the attribute. Links are now URL-quoted."""
    for name in ("snap-my lesson #2.ipynb", 'snap-a "b" c.ipynb', "snap-50%.ipynb"):
        (tmp_path / name).write_text("{}")
    page = start_page_html(tmp_path, app_base="/app")
    assert '<a href="snap-my%20lesson%20%232.ipynb">lesson: my lesson #2</a>' in page
    assert '<a href="snap-a%20%22b%22%20c.ipynb">lesson: a &quot;b&quot; c</a>' in page
    assert '<a href="snap-50%25.ipynb">lesson: 50%</a>' in page


def test_every_sample_card_on_the_start_page_is_92_px_high():
    """small55: the Cat Days sample card was drawn 64 px wide in its own proportion (1.35), 86 px
    high beside the others' 92 px. Each is now drawn 92 px high, as wide as its face is then
    (the browser's measure: tests/browser/test_voila.py)."""
    page = start_page_html(app_base="/app")
    pictures = re.findall(r"<tr><td>(<svg [^>]*>)", page)
    assert len(pictures) == len(catcards.list_games())
    heights = [re.search(r'height="(\d+)"', svg).group(1) for svg in pictures]
    widths = [int(re.search(r'width="(\d+)"', svg).group(1)) for svg in pictures]
    assert heights == ["92"] * len(pictures)
    assert all(60 <= w <= 70 for w in widths), widths


def test_start_page_has_a_row_with_picture_and_links_for_every_game():
    page = start_page_html(app_base="/voila/render/notebooks/apps/play.ipynb")
    rows = re.findall(r"<tr><td>.*?</tr>", page)
    assert len(rows) == len(catcards.list_games())
    for row, entry in zip(rows, catalogue()):
        assert "<svg" in row and re.search(f"<title>[^<]*{re.escape(entry['card'].name or str(entry['card']))}", row)
        assert f"<code>{entry['name']}</code>" in row
        if entry["notebook"]:
            assert f'href="{entry["notebook"]}"' in row
        for lesson in entry["lessons"]:
            assert f'href="{lesson}"' in row
        assert f'href="/voila/render/notebooks/apps/play.ipynb?game={entry["name"]}"' in row


def test_the_start_page_shows_the_game_settings_as_code_not_as_words():
    """A teacher's read (teach56): each game's "options: players, first_player, max_turns" read as
    prose with Python names in it. The settings are names typed in code or the app's address:
    each is shown as code, its meaning in its title; and the table of game lengths below has no
    row numbers (0, 1, 2, ... beside the game names)."""
    page = start_page_html(app_base="/app")
    assert "options:" not in page
    snap = next(r for r in re.findall(r"<tr><td>.*?</tr>", page) if "<code>snap</code>" in r)
    assert ("settings in code: <code title='number of players'>players</code>, <code title='the deck: Wildcat (52 "
            "cards) or Dinohistoria (55)'>deck</code>, <code title='the seat on the dealer&#x27;s left: dealt the "
            "first card, turns first'>first_player</code>, <code title='turned cards after which the most cards "
            "win'>max_turns</code>") in snap
    words = re.sub(r"<code[^>]*>.*?</code>", "", page)
    assert not re.search(r"\b(first_player|max_turns|hand_size|max_hands|final_round)\b", words)
    cells = ["".join(c["source"]) for c in json.loads(INDEX.read_text())["cells"]]
    lengths = next(c for c in cells if "lengths = pd.DataFrame(rows)" in c)
    assert lengths.rstrip().splitlines()[-1].startswith("HTML(lengths.to_html(index=False))")


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


def test_the_cli_still_offers_the_start_page_functions():
    import catcards.cli
    import catcards.start_page

    for name in ("catalogue", "start_page_html", "find_app_base", "app_url", "NOTEBOOKS"):
        assert getattr(catcards.cli, name) is getattr(catcards.start_page, name)


def test_the_notebooks_are_found_where_the_kernel_runs(tmp_path):
    # a kernel runs in its notebook's folder: with the start page there, that folder is listed
    (tmp_path / "index.ipynb").write_text("{}")
    (tmp_path / "snap.ipynb").write_text("{}")
    assert notebooks_folder(tmp_path) == tmp_path
    rows = {r["name"]: r for r in catalogue(notebooks_folder(tmp_path))}
    assert rows["snap"]["notebook"] == "snap.ipynb" and rows["simons-cat"]["notebook"] is None
    # elsewhere (a terminal in the repository): the notebooks beside the package
    assert notebooks_folder(tmp_path / "elsewhere") == NOTEBOOKS


def test_in_jupyterlite_the_app_link_is_the_voici_page_of_the_site():
    worker = "https://school.example/cats/extensions/@jupyterlite/pyodide-kernel-extension/static/352.js"
    assert lite_app_base(Path("/drive"), worker) == "https://school.example/cats/voici/render/apps/play.html"
    assert lite_app_base(Path("/drive/lessons"), worker) == \
        "https://school.example/cats/voici/render/lessons/apps/play.html"
    assert lite_app_base(Path("/drive"), None) == "../voici/render/apps/play.html"


def test_the_project_links_come_from_the_one_source_url():
    links = project_links()
    assert links["source"] == "https://github.com/catcards/catcards"  # pyproject.toml [project.urls] Source
    assert links["binder"] == "https://mybinder.org/v2/gh/catcards/catcards/HEAD?urlpath=lab/tree/notebooks/index.ipynb"
    other = project_links("https://github.com/Ada/cat-lessons")
    assert other["binder"].startswith("https://mybinder.org/v2/gh/Ada/cat-lessons/HEAD?")
    assert other["lite"] == "https://ada.github.io/cat-lessons/lite/lab/index.html?path=index.ipynb"
    assert binder_url("voila/render/notebooks/apps/play.ipynb?game=snap", "https://github.com/Ada/cat-lessons") == \
        ("https://mybinder.org/v2/gh/Ada/cat-lessons/HEAD?urlpath="
         "voila%2Frender%2Fnotebooks%2Fapps%2Fplay.ipynb%3Fgame%3Dsnap")
    with pytest.raises(ValueError, match="github.com/<owner>/<repo>"):
        project_links("https://example.org/cats")


def test_the_readme_badge_and_lite_link_are_the_project_links():
    readme = (NOTEBOOKS.parent / "README.md").read_text(encoding="utf-8")
    links = project_links()
    assert f"[![Binder](https://mybinder.org/badge_logo.svg)]({links['binder']})" in readme
    assert f"]({links['lite']})" in readme
    assert re.findall(r"https://mybinder\.org/v2/gh/[^)\s]+", readme) == [links["binder"]]


def test_in_the_rendered_site_the_links_are_html_pages_and_the_app_is_on_binder(monkeypatch):
    monkeypatch.setenv("CATCARDS_STATIC_SITE", "1")
    page = start_page_html(NOTEBOOKS)
    assert 'href="simons-cat.html"' in page and 'href="simons-cat-probability.html"' in page
    assert ".ipynb\"" not in page
    assert f'href="{binder_url("voila/render/notebooks/apps/play.ipynb?game=snap")}"' in page


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
    assert app["players"].value == "3" and app["choose"].value == "snap"
    # choosing another game in the list deals nothing (WCAG 2.1 SC 3.2.2) until New game is
    # pressed; then that game, with its players
    app["choose"].value = "cat-days"
    assert app["seat"].children == (table,) and table.state.game.name == "snap" and app["players"].disabled
    app["deal"].click()
    (table,) = app["seat"].children
    assert table.state.game.name == "cat-days" and table.state.seed == 5
    assert app["out"].outputs == ()


def test_the_app_explains_a_bad_address_and_plays_the_default(monkeypatch):
    app = _run_app(monkeypatch, "game=chess&players=x")
    assert app["seat"].children[0].state.game.name == "simons-cat"
    assert any("no game called 'chess'" in n for n in app["notes"])
    assert any("Players must be a whole number, not 'x'" in n for n in app["notes"])
    app = _run_app(monkeypatch, "game=simons-cat&players=9")
    assert app["players"].value == str(catcards.load("simons-cat").players)
    assert "Simon's Cat Card Game is for 2 to 6 players, not 9: 4 is used." in app["notes"]
    # a seed past the largest (2**128 - 1) is named with the limit, not as "not a whole number"
    app = _run_app(monkeypatch, f"game=snap&seed={2**128}")
    assert app["notes"] == [f"The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '{2**128}': 1 is used."]
    assert app["seat"].children[0].state.seed == 1


# ---- the lessons on the start page (issue 28: "the explore lesson is not linked") --------------
from catcards.start_page import LESSON_INFO, advanced_list, lesson_list, lessons_html


def test_the_start_page_links_every_lesson_with_its_level_and_what_students_need():
    stems = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if p.name != "index.ipynb")
    assert "explore" in stems
    assert set(stems) == set(LESSON_INFO)          # every lesson has a level and its prerequisites
    page = lessons_html(NOTEBOOKS)
    rows = re.findall(r"<tr><td>.*?</tr>", page)
    assert len(rows) == len(stems)
    for row, lesson in zip(rows, lesson_list(NOTEBOOKS)):
        info = LESSON_INFO[lesson["file"][:-len(".ipynb")]]
        assert f'<a href="{lesson["file"]}">' in row
        assert f"<td>{info['level']}</td>" in row and info["needs"].replace("'", "&#x27;") in row
        assert re.search(r"<td>\d+ minutes", row)   # the time from notebooks/teacher/<stem>.md
    assert [l["file"] for l in lesson_list(NOTEBOOKS)][:2] == ["snap.ipynb", "simons-cat.ipynb"]  # first lessons first
    explore = next(r for r in rows if 'href="explore.ipynb"' in r)
    assert "What are my chances from here?" in explore and "extension" in explore


def test_the_index_notebook_shows_the_lessons_and_uses_the_plot_style():
    cells = ["".join(c["source"]) for c in json.loads(INDEX.read_text())["cells"]]
    code = [c for c in cells if "import" in c]
    assert "lessons_html()" in code[0] and "catcards.plotstyle.use()" in code[0]
    assert "catcards kit" in "".join(cells)


def test_advanced_notebooks_are_listed_from_their_folder(tmp_path, monkeypatch):
    (tmp_path / "snap.ipynb").write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": ["# Snap\n"]}]}))
    (tmp_path / "my own lesson.ipynb").write_text("{}")            # a teacher's own notebook: listed too
    (tmp_path / "index.ipynb").write_text("{}")
    assert advanced_list(tmp_path) == [] and "Advanced notebooks" not in lessons_html(tmp_path)
    (tmp_path / "advanced").mkdir()
    (tmp_path / "advanced" / "snap.ipynb").write_text(
        json.dumps({"cells": [{"cell_type": "markdown", "source": "# Snap, fast: the batch simulator"}]}))
    (tmp_path / "advanced" / "big-cat.ipynb").write_text("not json")
    assert advanced_list(tmp_path) == [{"file": "advanced/big-cat.ipynb", "title": "big-cat"},
                                       {"file": "advanced/snap.ipynb", "title": "Snap, fast: the batch simulator"}]
    page = lessons_html(tmp_path)
    assert '<a href="advanced/snap.ipynb">Snap, fast: the batch simulator</a>' in page
    assert [l["file"] for l in lesson_list(tmp_path)] == ["snap.ipynb", "my own lesson.ipynb"]
    assert '<a href="my%20own%20lesson.ipynb">my own lesson</a>' in page and "not given" in page
    monkeypatch.setenv("CATCARDS_STATIC_SITE", "1")                 # the rendered site: .html pages
    page = lessons_html(tmp_path)
    assert '<a href="advanced/snap.html">' in page and '<a href="snap.html">' in page


def test_without_the_teachers_notes_the_start_page_has_no_time_column(tmp_path):
    """The JupyterLite site (students') leaves notebooks/teacher/ out: its start page said "see
    the teacher's guide" in every row of a "time in class" column, under a line saying the times
    come from teacher/. Without notes there is no such column; with them, each lesson's time."""
    import shutil

    for p in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(p, tmp_path / p.name)
    page = lessons_html(tmp_path)
    assert "time in class" not in page and "see the teacher" not in page and "teacher/" not in page
    assert all(row.count("<td>") == 3 for row in re.findall(r"<tr><td>.*?</tr>", page))
    shutil.copytree(NOTEBOOKS / "teacher", tmp_path / "teacher")
    page = lessons_html(tmp_path)
    assert "<th>time in class</th>" in page and len(re.findall(r"<td>\d+ minutes", page)) == len(LESSON_INFO)


def test_each_sample_card_on_the_start_page_is_drawn_as_its_table_draws_it():
    """A README user's read (lessonfix): Card Game's and Cat Days' sample cards were drawn with the
    generic face, which knows no suit for them: a grey card with "?" in its corner. Each is now
    the game's own face, the one its table draws."""
    from catcards.render import card_svg
    from catcards.render.card_game import face_html
    from catcards.render.cat_days import card_face

    page = start_page_html(app_base="/app")
    rows = dict(zip([g["name"] for g in catalogue()], re.findall(r"<tr><td>.*?</tr>", page)))
    assert not re.search(r">\?</text>", page)   # no card with an unknown suit's "?"
    entries = {g["name"]: g for g in catalogue()}
    card_game, cat_days = catcards.load("card-game"), catcards.load("cat-days")
    assert face_html(entries["card-game"]["card"], card_game.deck.specs, 64) in rows["card-game"]
    assert "<title>Sullen House (3$" in rows["card-game"]
    assert card_face(entries["cat-days"]["card"], cat_days.deck, 68, height=92) in rows["cat-days"]  # as high as the others
    assert "<title>Catnip" in rows["cat-days"]
    assert card_svg(entries["snap"]["card"], width=64) in rows["snap"]   # a suited card: the usual face
