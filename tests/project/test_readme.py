"""The README's Python examples run as written (a newcomer pastes them in order), and what the README
and docs/class-server.md (the class server's reference, linked from the README) name exists."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
#: the class server's and the network app's reference, moved out of the README's "For a class"
CLASS_SERVER = README.parent / "docs" / "class-server.md"


def test_readme_python_examples_run(capsys):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README shows Python examples"
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    printed = capsys.readouterr().out
    assert "illegal action 'take the mess'" in printed  # the example shows a refused action
    assert namespace["same"].to_json() == namespace["state"].to_json()
    # readme61: the pool from Python, one student's Snap pass played by the activity's rule and counted
    lesson, snap_game = namespace["lesson"], namespace["snap_game"]
    frame = lesson.results()
    assert frame[["nickname", "kind", "verified", "game_number"]].values.tolist() == [["Ann", "game", True, 1]]
    assert frame["seed"].tolist() == [snap_game.seed] and frame["value"].tolist() == [lesson.activity.measure(snap_game)]


@pytest.mark.parametrize("doc", [README, CLASS_SERVER], ids=["README.md", "docs/class-server.md"])
def test_readme_names_files_that_exist(doc):
    """Paths in backquotes are from the repository's root (or ``notebooks/``); a link's target is
    from the page's own folder, its ``#heading`` aside (checked below)."""
    text = doc.read_text(encoding="utf-8")
    root = README.parent
    named = [(name, [root / name, root / "notebooks" / name])
             for name in re.findall(r"`([\w./-]+\.(?:ipynb|py|md|csv))`", text)]
    named += [(name, [doc.parent / name]) for name in re.findall(r"\]\(([\w./-]+)(?:#[\w-]*)?\)", text)]
    assert named, f"{doc.name} names files"
    for name, candidates in named:
        if "/" in name or name.endswith((".ipynb", ".md")) and not name.startswith(("my_", "games")):
            assert any(p.exists() for p in candidates), f"{doc.name} names {name}, which does not exist"


def _heading_anchors(markdown: str) -> set[str]:
    """The ``#anchor`` of each heading of a Markdown page, as GitHub makes them: lower case, the
    characters other than letters, digits, ``_``, ``-`` and spaces dropped, spaces turned to
    ``-``; a heading met again gets ``-1``, ``-2``, ... Headings inside code fences are not."""
    anchors: set[str] = set()
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        heading = re.match(r"#{1,6} (.*)", line)
        if heading and not fenced:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            anchor, n = slug, 0
            while anchor in anchors:
                n += 1
                anchor = f"{slug}-{n}"
            anchors.add(anchor)
    return anchors


def test_the_links_between_the_readme_and_the_class_server_page_reach_their_headings():
    """readme58 moved the class server's reference out of the README's "For a class" into
    docs/class-server.md and left a link in each place, to a heading: a heading renamed later
    would send a teacher to the top of the page, so every ``page.md#heading`` link of the two
    pages names a heading of that page. The README links to each moved part."""
    links = []
    for doc in (README, CLASS_SERVER):
        for target, anchor in re.findall(r"\]\(([\w./-]+\.md)#([\w-]+)\)", doc.read_text(encoding="utf-8")):
            page = (doc.parent / target).resolve()
            links.append((doc.name, target, anchor))
            assert anchor in _heading_anchors(page.read_text(encoding="utf-8")), \
                f"{doc.name} links to {target}#{anchor}, a heading {target} does not have"
    to_docs = {anchor for doc, target, anchor in links if doc == "README.md" and target == "docs/class-server.md"}
    assert to_docs == {"serving-the-no-code-app", "the-class-server", "on-a-jupyterhub"}
    assert ("class-server.md", "../README.md", "for-a-class") in links
    assert {"seats-and-joins", "tables", "what-counts", "the-dashboard", "what-is-pooled-and-where-it-is-kept",
            "errors-and-scripts", "safety"} <= _heading_anchors(CLASS_SERVER.read_text(encoding="utf-8"))


def test_the_games_table_says_what_each_game_teaches_as_the_game_does():
    """The README's games table, the start page and ``catcards list`` say the same: each row's
    last column is the game class's ``teaches`` (a newcomer saw two wordings)."""
    import catcards

    rows = {m[0]: m[1] for m in re.findall(r"^\| ([^|]+) \| [^|]+ \| [^|]*\.ipynb[^|]* \| ([^|]+) \|$",
                                           README.read_text(encoding="utf-8"), re.M)}
    assert rows == {catcards.game_class(n).title: catcards.game_class(n).teaches for n in catcards.list_games()}


def test_the_class_server_command_has_the_options_catcards_app_uses():
    """The command for serving the app to a class (docs/class-server.md, linked from the README's
    "For a class") runs Voila with what ``catcards app`` passes:
    kernel culling (else new pages go blank after about 170 loads) and the executor's wait for
    the table's output (else a busy server now and then leaves a page at "Dealing the cards")."""
    from catcards.cli import APP_CULLING, APP_EXECUTION

    command = re.search(r"`(voila notebooks/apps/play\.ipynb --Voila\.ip=0\.0\.0\.0[^`]*)`",
                        CLASS_SERVER.read_text(encoding="utf-8"), re.S).group(1).split()
    needed = [o for o in APP_CULLING + APP_EXECUTION if o != "--MappingKernelManager.cull_connected=False"]  # the default
    assert [o for o in needed if o not in command] == []


def test_the_readme_explains_the_deselected_and_rerun_counts_of_a_full_run():
    """A newcomer's ``python -m pytest`` ends with "2961 passed, 2 skipped, 190 deselected, 1 rerun"
    (readme55, a fresh clone): the README says what the two counts that are not passes are, and
    the conftest still does both (nbval cells of a notebook that the lessons' tests run are
    deselected; a failed real-browser test is run once more)."""
    import importlib.util

    text = " ".join(README.read_text(encoding="utf-8").split())
    assert '"N deselected" are notebook cells nbval would run a second time' in text
    assert '"N rerun" (an `R` among the dots) is a real-browser test that failed once' in text
    spec = importlib.util.spec_from_file_location("tests_conftest", README.parent / "tests" / "conftest.py")
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    assert any(p.startswith("tests/lessons/test_lessons.py::") for p in conftest._LESSON_RUNS)
    assert callable(conftest._rerun_browser_tests)


def test_the_class_server_page_starts_with_a_short_summary_true_to_the_command():
    """A school's IT person reads the top of docs/class-server.md first: before its first
    section, a few bullet lines (what the server is, the one command, port and addresses, what
    it stores where, how to stop it). Its command is one ``catcards class`` accepts, and the
    port, address and store it names are the command's defaults."""
    import shlex

    from catcards.cli import CliError, _parser

    top = CLASS_SERVER.read_text(encoding="utf-8").split("\n## ")[0]
    bullets = re.findall(r"^- \*\*([^*]+)\*\*", top, re.M)
    assert bullets == ["What it is", "The one command", "Addresses and port", "What it stores, where",
                       "How to stop it"]
    assert len(top.splitlines()) <= 30
    command = re.search(r"\*\*The one command\*\*: `(catcards class [^`]*)`", top).group(1)
    args = _parser().parse_args(shlex.split(command)[1:])
    defaults = _parser().parse_args(["class", "snap"])
    assert (args.game, args.max_students, args.preheat, args.ip) == ("snap", 30, 30, "0.0.0.0")
    assert f"TCP {defaults.port} (`--port`)" in top and f"({defaults.ip})" in top
    assert "`./catcards-class`" in top and "Ctrl+C" in top
    # server61: plain HTTP, and no internet once installed; true to the code: the command has no TLS
    # option, and the tables' template loads nothing from another site (Voila's lab template's CDN)
    assert "It speaks plain HTTP, no TLS" in top and "needs no internet connection" in top
    with pytest.raises(CliError, match="unrecognized arguments: --certfile"):
        _parser().parse_args(["class", "snap", "--certfile", "server.pem"])
    template = README.parent / "catcards" / "classroom" / "jupyter" / "voila" / "templates" / "catcards-class"
    assert [path.name for path in template.iterdir() if re.search("https?://", path.read_text())] == []


def test_the_readme_says_how_to_pick_the_apps_port_where_catcards_app_is_introduced():
    """A fresh README user (readme61) found no word on what to do when the app's port is taken:
    where the README first shows ``catcards app``, it says the default port and shows ``--port``
    in a command ``catcards app`` accepts."""
    import shlex

    from catcards.cli import _parser

    text = README.read_text(encoding="utf-8")
    bullet = text[text.index("`catcards app snap --players 3`"):].split("\n- ")[0]
    default = _parser().parse_args(["app", "snap"]).port
    assert f"port {default}" in bullet
    command = re.search(r"`(catcards app [^`]*--port [^`]*)`", bullet).group(1)
    args = _parser().parse_args(shlex.split(command)[1:])
    assert args.command == "app" and args.port != default


def test_every_venv_activate_line_of_the_readme_has_the_windows_one_beside_it():
    """Windows has no ``.venv/bin/activate`` (a fresh README user, readme61): each place the README
    says to activate the venv (the install at the top, each new terminal of "Run a class") also
    gives ``.venv\\Scripts\\activate``, in the same paragraph."""
    paragraphs = re.split(r"\n\s*\n", README.read_text(encoding="utf-8"))
    activating = [p for p in paragraphs if ".venv/bin/activate" in p]
    assert len(activating) >= 2  # the install at the top, and each new terminal in "Run a class"
    assert [p[:80] for p in activating if ".venv\\Scripts\\activate" not in p] == []
