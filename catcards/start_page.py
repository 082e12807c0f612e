"""The start page of the notebooks (``notebooks/index.ipynb``): the catalogue of games, the
links to each game's notebook, lessons and app, wherever the notebooks run (JupyterLab, Voila,
Binder, a JupyterLite site in the browser, a rendered HTML site), and the project's links.

Nothing here starts a thread or a process, so it runs under Pyodide too.
"""
from __future__ import annotations

import os
import re
import sys
import zlib
from pathlib import Path
from typing import Any, Mapping

__all__ = ["NOTEBOOKS", "APP", "LESSON_INFO", "lesson_info", "lesson_list", "advanced_list", "lessons_html", "APP_PARAMETERS", "app_url", "read_app_query", "catalogue", "start_page_html", "find_app_base",
           "lite_app_base", "notebooks_folder", "project_links", "binder_url"]

#: the repository's notebooks folder, beside the package in a source checkout (apps live in
#: ``apps/`` below it)
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
APP = NOTEBOOKS / "apps" / "play.ipynb"
#: True in a browser kernel (Pyodide, as in JupyterLite): no server, threads or subprocesses there
IN_BROWSER = sys.platform == "emscripten"


def notebooks_folder(cwd: Path | None = None) -> Path:
    """The folder whose notebooks the start page lists.

    A Jupyter kernel runs in the folder of its notebook (JupyterLab, Voila, nbval, and JupyterLite,
    whose files are below ``/drive``), so the working folder ``cwd`` (default ``os.getcwd()``) is
    used when it holds the start page ``index.ipynb``; else the repository's ``notebooks/`` beside
    the package (a source checkout), when it exists; else ``cwd``.
    """
    cwd = Path(os.getcwd() if cwd is None else cwd)
    if (cwd / "index.ipynb").is_file():
        return cwd
    if NOTEBOOKS.is_dir():
        return NOTEBOOKS
    return cwd


def app_url(game: str, players: int | None = None, seed: int | None = None) -> str:
    """The query string that sets the app notebook to ``game`` (``?game=snap&players=3``)."""
    from urllib.parse import urlencode

    query = {"game": game}
    if players is not None:
        query["players"] = str(players)
    if seed is not None:
        query["seed"] = str(seed)
    return "?" + urlencode(query)


#: the parameters of the app's address (``?game=snap&players=3&seed=5``), each with what the app
#: does when the address gives it wrongly (README, "For a class")
APP_PARAMETERS = {"game": "Simon's Cat is dealt", "players": "the usual number is used", "seed": "1 is used"}
#: longest query string the app reads, in characters (an address is short)
MAX_APP_QUERY = 2000


def read_app_query(text: str) -> tuple[dict[str, str], list[str]]:
    """The app's address parameters from its query string (``"game=snap&players=3&seed=5"``), and
    a note (a sentence for the student) for each one the address gives more than once.

    An empty value (``?seed=``) is kept, as the empty text: the app checks it as it checks any
    value, so ``?seed=`` is refused in the seed box's words ("the seed must be a whole number from
    0 to 2**128 - 1, not ''") and the default is used, with that note, never in silence. A
    parameter given more than once (``?seed=7&seed=8``) is refused whatever its values, since
    no one can tell which was meant: its note names it, the default is used
    (:data:`APP_PARAMETERS`). Other parameters are kept as they are (the app reads only these).
    A text longer than :data:`MAX_APP_QUERY` characters (a long token a website added, say) is
    read for the app's own parameters only, each value cut at :data:`MAX_APP_QUERY`, with a note
    saying so: ``game`` and ``seed`` after a long token were dropped in silence (break-it tester).
    """
    from urllib.parse import parse_qsl

    notes: list[str] = []
    if len(text) > MAX_APP_QUERY:
        notes.append(f"The address is {len(text):,} characters long: only {', '.join(APP_PARAMETERS)} are read from it.")
        text = "&".join(piece[:MAX_APP_QUERY] for piece in text.split("&")
                        if piece.partition("=")[0] in APP_PARAMETERS)
    pairs = parse_qsl(text, keep_blank_values=True)
    query: dict[str, str] = {}
    for key in dict.fromkeys(k for k, _ in pairs):
        values = [v for k, v in pairs if k == key]
        if len(values) > 1 and key in APP_PARAMETERS:
            shown = ", ".join(repr(v[:40]) for v in values[:3]) + (", ..." if len(values) > 3 else "")
            notes.append(f"The address gives {key} {len(values)} times ({shown}); give it once: "
                         f"{APP_PARAMETERS[key]}.")
        else:
            query[key] = values[0]
    return query, notes


#: Each lesson's level and what students must already know, for the start page and the class kit
#: (levels: "starter" for a first lesson, "core", "extension"; times in class are in
#: notebooks/teacher/<stem>.md)
LESSON_INFO: dict[str, dict[str, str]] = {
    "snap": {"level": "starter (first lesson)",
             "needs": "fractions; a chance as favourable over equally likely outcomes"},
    "simons-cat": {"level": "starter",
                   "needs": "fractions; counting equally likely outcomes; combinations C(n, k) for exercise 2"},
    "big-cat": {"level": "core", "needs": "combinations C(n, k); a win rate as a share of games; a 95% interval"},
    "cat-days": {"level": "core", "needs": "combinations C(n, k); the complement rule (at least one = 1 - none)"},
    "king-of-the-jungle": {"level": "core", "needs": "combinations C(n, k) (the hypergeometric idea)"},
    "cat-trick": {"level": "core", "needs": "combinations C(n, k); conditional probability P(A | B)"},
    "pairs": {"level": "core", "needs": "expected value (a mean over many games); fractions"},
    "simons-cat-probability": {"level": "extension",
                               "needs": "combinations; a 95% interval from simulation (snap or cat-days first)"},
    "card-game": {"level": "extension", "needs": "conditional probability P(A | B); Bayes' rule is taught"},
    "explore": {"level": "extension",
                "needs": "conditional probability; simulation and 95% intervals (Monte Carlo is taught)"},
}


def lesson_info(stem: str) -> dict[str, str]:
    """``{"level": ..., "needs": ...}`` of the lesson ``<stem>.ipynb`` (:data:`LESSON_INFO`), or
    "not given" for a notebook not listed there."""
    return dict(LESSON_INFO.get(stem, {"level": "not given", "needs": "not given"}))


def catalogue(notebooks: Path | None = None) -> list[dict[str, Any]]:
    """Every registered game as the start page shows it, built from the registry alone.

    Returns one dict per game (sorted by name): ``name``, ``title``, ``players`` ("3-6", "2" or "3-6 (2 as a variant)": :func:`catcards.params.players_text`),
    ``teaches`` (the Game class's one line), ``card`` (a :class:`~catcards.cards.Card` of the game,
    chosen by the CRC-32 of its name among the cards dealt with seed 0), ``notebook`` (file name ``<name>.ipynb`` in ``notebooks``,
    or None when there is none yet) and ``lessons`` (the other notebooks named ``<name>-*.ipynb``,
    sorted; a file is credited to the game with the longest matching name), and ``parameters`` (one
dict per parameter, players first: ``name``, ``default``, ``allowed``, ``help``, from the game's
declarations, :func:`catcards.params.describe`). ``notebooks``
    defaults to :func:`notebooks_folder`.
    """
    import catcards
    from catcards.params import describe, players_text

    if notebooks is None:
        notebooks = notebooks_folder()

    names = catcards.list_games()
    files = sorted(p.name for p in Path(notebooks).glob("*.ipynb")) if Path(notebooks).is_dir() else []
    owner: dict[str, str] = {}
    for f in files:
        matches = [n for n in names if f.startswith(n + "-")]
        if matches:
            owner[f] = max(matches, key=len)
    rows = []
    for name in names:
        cls = catcards.game_class(name)
        state = catcards.load(name).new_game(seed=0)
        cards = [c for zone in state.zones().values() for c in zone]
        card = cards[zlib.crc32(name.encode()) % len(cards)] if cards else None
        rows.append({
            "name": name,
            "title": cls.title,
            "players": players_text(cls),
            "teaches": cls.teaches,
            "card": card,
            "notebook": f"{name}.ipynb" if f"{name}.ipynb" in files else None,
            "lessons": [f for f in files if owner.get(f) == name],
            "parameters": describe(cls),
        })
    return rows


def _setting(parameter: dict[str, Any]) -> str:
    """One game setting as the start page shows it: its name as code, its meaning as the title
    ("<code title='number of players'>players</code>")."""
    import html

    return f"<code title='{html.escape(parameter['help'], quote=True)}'>{html.escape(parameter['name'])}</code>"


def start_page_html(notebooks: Path | None = None, app_base: str | None = None) -> str:
    """The start page (``notebooks/index.ipynb``) as one HTML table: per game a card picture, the
    title, players, what it teaches, and links to its notebook, its lessons and its app.

    Args:
        notebooks: the folder of the notebooks (links are relative to it); default
            :func:`notebooks_folder`.
        app_base: the URL of the app notebook, up to ``play.ipynb`` (Voila) or ``play.html``
            (Voici); default :func:`find_app_base` (from the running Jupyter server, or the
            JupyterLite site the kernel runs in).

    In a rendered HTML site of the lessons (environment variable ``CATCARDS_STATIC_SITE=1``, set by
    ``docs/conf.py``) the notebook links point at the ``.html`` pages and the app link at Binder.
    """
    import html
    from urllib.parse import quote

    import catcards
    from catcards.render import game_card_svg

    static = os.environ.get("CATCARDS_STATIC_SITE") == "1"
    if app_base is None and static:
        def app_href(name: str) -> str:
            return binder_url("voila/render/notebooks/apps/play.ipynb" + app_url(name))
    else:
        base = find_app_base() if app_base is None else app_base

        def app_href(name: str) -> str:
            return base + app_url(name)
    # a file name is URL-quoted: "my lesson #2.ipynb" is one link, not a file and a fragment
    page = (lambda f: quote(f[:-len(".ipynb")] + ".html")) if static else quote
    rows = []
    for g in catalogue(notebooks):
        links = []
        if g["notebook"]:
            links.append(f'<a href="{page(g["notebook"])}">play and learn the rules</a>')
        links += [f'<a href="{page(f)}">lesson: {html.escape(f[len(g["name"]) + 1:-6].replace("-", " "))}</a>'
                  for f in g["lessons"]]
        links.append(f'<a href="{html.escape(app_href(g["name"]))}" target="_blank">app (no code)</a>')
        # drawn as the game's table draws it (Card Game's and Cat Days' cards have no suit: the
        # generic face showed "?"), every game's 92 px high (Cat Days' 64 px wide was 86 px high)
        picture = game_card_svg(g["card"], catcards.load(g["name"]), height=92) if g["card"] is not None else ""
        rows.append(
            f"<tr><td>{picture}</td><td><b>{html.escape(g['title'])}</b><br><code>{g['name']}</code></td>"
            # the settings are names typed in code (catcards.load("snap", first_player=1)) or the
            # app's address (?players=3): shown as code, each with its meaning on hover, never as
            # prose ("options: players, first_player" read as words, teach56)
            f"<td style='text-align:center'>{g['players']}</td><td>{html.escape(g['teaches'])}<br><small>settings in "
            f"code: {', '.join(_setting(p) for p in g['parameters'])}</small></td>"
            f"<td>{'<br>'.join(links)}</td></tr>"
        )
    head = "<tr><th></th><th>game</th><th>players</th><th>what it teaches</th><th>open</th></tr>"
    return (f"<table class='catcards-index' style='border-collapse:collapse'>{head}{''.join(rows)}</table>")


def _title(path: Path) -> str:
    """A notebook's first markdown heading ("# Snap: ..." -> "Snap: ..."), or its file name."""
    import json

    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return path.stem
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            found = re.search(r"^#\s+(.+)$", "".join(source) if isinstance(source, list) else str(source), re.M)
            if found:
                return found.group(1).strip()
    return path.stem


def _time_in_class(folder: Path, stem: str) -> str | None:
    """The "**Time in class:** ..." line of ``teacher/<stem>.md`` beside the notebooks, if any."""
    notes = folder / "teacher" / f"{stem}.md"
    try:
        found = re.search(r"^\*\*Time in class:\*\*\s*(.+)$", notes.read_text(encoding="utf-8"), re.M)
    except OSError:
        return None
    return found.group(1).strip() if found else None


def lesson_list(notebooks: Path | None = None) -> list[dict[str, Any]]:
    """Every lesson notebook of ``notebooks`` (default :func:`notebooks_folder`) as the start page
    lists it: each ``*.ipynb`` but ``index.ipynb``, those of :data:`LESSON_INFO` first in its order
    (a teaching order), then the others by name. One dict per lesson: ``file``, ``title`` (its
    first heading), ``level``, ``needs`` (what students must already know), ``time`` (the "Time
    in class" of ``teacher/<stem>.md``, or None)."""
    folder = notebooks_folder() if notebooks is None else Path(notebooks)
    files = sorted(p for p in folder.glob("*.ipynb") if p.name != "index.ipynb") if folder.is_dir() else []
    order = list(LESSON_INFO)
    files.sort(key=lambda p: (order.index(p.stem) if p.stem in LESSON_INFO else len(order), p.stem))
    return [{"file": p.name, "title": _title(p), **lesson_info(p.stem), "time": _time_in_class(folder, p.stem)}
            for p in files]


def advanced_list(notebooks: Path | None = None) -> list[dict[str, str]]:
    """The notebooks of ``advanced/`` below ``notebooks`` (default :func:`notebooks_folder`),
    sorted by name: ``file`` (``advanced/<name>.ipynb``) and ``title``; empty when there is no
    such folder. They are read from the folder, so a new one appears by itself."""
    folder = (notebooks_folder() if notebooks is None else Path(notebooks)) / "advanced"
    if not folder.is_dir():
        return []
    return [{"file": f"advanced/{p.name}", "title": _title(p)} for p in sorted(folder.glob("*.ipynb"))]


def lessons_html(notebooks: Path | None = None) -> str:
    """The start page's list of lessons as HTML: one row per lesson (:func:`lesson_list`) with a
    link, its level, what students must already know and its time in class (no such column where
    no lesson's notes are beside the notebooks: the JupyterLite site leaves them out), then the advanced
    notebooks (:func:`advanced_list`) when there are any. In a rendered HTML site
    (``CATCARDS_STATIC_SITE=1``) the links point at the ``.html`` pages."""
    import html
    from urllib.parse import quote

    static = os.environ.get("CATCARDS_STATIC_SITE") == "1"

    def href(f: str) -> str:
        return quote(f[:-len(".ipynb")] + ".html") if static else quote(f)

    lessons = lesson_list(notebooks)
    # a site for students (JupyterLite) holds no teacher's notes: no times, so no column for them
    timed = any(l["time"] for l in lessons)
    rows = "".join(
        f'<tr><td><a href="{href(l["file"])}">{html.escape(l["title"])}</a><br><code>{html.escape(l["file"])}</code></td>'
        f"<td>{html.escape(l['level'])}</td><td>{html.escape(l['needs'])}</td>"
        + (f"<td>{html.escape((l['time'] or 'see the teacher' + chr(39) + 's guide').split(' (')[0])}</td>" if timed else "")
        + "</tr>"
        for l in lessons)
    page = ("<table class='catcards-lessons' style='border-collapse:collapse'><tr><th>lesson</th><th>level</th>"
            f"<th>students should already know</th>{'<th>time in class</th>' if timed else ''}</tr>{rows}</table>")
    if timed:
        page += ("<p><small>Times in class are from each lesson's notes (<code>teacher/</code>): a plan made from "
                 "running the notebook or an estimate from its sections, not yet measured in a class; the "
                 "teacher's guide and the notes say more.</small></p>")
    advanced = advanced_list(notebooks)
    if advanced:
        items = "".join(f'<li><a href="{href(a["file"])}">{html.escape(a["title"])}</a> (<code>{html.escape(a["file"])}</code>)</li>'
                        for a in advanced)
        page += ("<p><b>Advanced notebooks</b> (for teachers and curious students: how the numbers are made fast, "
                 f"benchmarks, larger runs):</p><ul class='catcards-advanced'>{items}</ul>")
    return page


def _running_servers() -> list[dict[str, Any]]:
    """The Jupyter servers running on this machine (their ``root_dir`` and ``base_url``)."""
    try:
        from jupyter_server.serverapp import list_running_servers
    except ImportError:
        return []
    try:
        return list(list_running_servers())
    except Exception:  # unreadable runtime files: fall back to the environment
        return []


def find_app_base(folder: Path | None = None, servers: list[dict[str, Any]] | None = None,
                  env: Mapping[str, str] | None = None) -> str:
    """The URL path of the app notebook ``apps/play.ipynb`` below the notebook ``folder``, as
    Voila's server extension serves it: ``<base_url>voila/render/<folder from the root>/apps/play.ipynb``.

    Args:
        folder: the folder of the notebook that shows the link (default: the folder of
            ``$JPY_SESSION_NAME`` when it is absolute, else the kernel's working folder, which
            Jupyter sets to the notebook's folder).
        servers: running Jupyter servers (default: ``jupyter_server.serverapp.list_running_servers()``);
            the one whose ``root_dir`` holds ``folder`` (the deepest) gives ``base_url`` and the path.
        env: the environment (default ``os.environ``). Without a matching server: base URL
            ``$JUPYTERHUB_SERVICE_PREFIX`` (Binder, JupyterHub) or ``/``, the folder from a relative
            ``$JPY_SESSION_NAME``, else ``notebooks`` (the repository layout).

    In JupyterLite (Pyodide, no server) it is :func:`lite_app_base`: the Voici page of the app.
    """
    env = os.environ if env is None else env
    if IN_BROWSER and servers is None:
        return lite_app_base(folder)
    session = env.get("JPY_SESSION_NAME", "")
    if folder is None:
        folder = Path(session).parent if session and Path(session).is_absolute() else Path(os.getcwd())
    folder = Path(folder).resolve()
    best = None
    for server in _running_servers() if servers is None else servers:
        try:
            root = Path(server["root_dir"]).expanduser().resolve()
        except (KeyError, TypeError):
            continue
        if (folder == root or root in folder.parents) and (best is None or len(root.parts) > len(best[0].parts)):
            best = (root, server.get("base_url", "/"))
    if best is not None:
        rel = folder.relative_to(best[0]).as_posix()
        prefix, rel = best[1], "" if rel == "." else rel + "/"
    else:
        prefix = env.get("JUPYTERHUB_SERVICE_PREFIX", "/")
        rel = Path(session).parent.as_posix() if session and not Path(session).is_absolute() else "notebooks"
        rel = "" if rel in (".", "") else rel.strip("/") + "/"
    return f"{prefix.rstrip('/')}/voila/render/{rel}apps/play.ipynb"


def lite_app_base(folder: Path | None = None, worker_url: str | None = None) -> str:
    """The URL of the app's Voici page in a JupyterLite site, up to ``play.html``.

    A JupyterLite site built by ``lite/build.py`` holds the notebooks at its root (``/drive`` in
    the kernel, the notebook's folder being the working folder) and their Voici pages under
    ``voici/render/``. The site's address is read from the kernel's web worker
    (``js.location.href``, a file below ``<site>/extensions/``); without it the link is relative
    to the site's root.

    Args:
        folder: the folder of the notebook showing the link (default the working folder).
        worker_url: the worker's address (default ``js.location.href`` under Pyodide).
    """
    folder = Path(os.getcwd() if folder is None else folder)
    try:
        rel = folder.relative_to("/drive").as_posix()
    except ValueError:
        rel = "."
    rel = "" if rel == "." else rel.strip("/") + "/"
    if worker_url is None and IN_BROWSER:
        try:
            import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser

            worker_url = str(js.location.href)
        except Exception:  # no browser global: use the relative link
            worker_url = None
    root = worker_url.split("/extensions/")[0] + "/" if worker_url and "/extensions/" in worker_url else "../"
    return f"{root}voici/render/{rel}apps/play.html"


def _project_source() -> str:
    """The project's source URL: ``[project.urls] Source`` of pyproject.toml, read from the
    installed package's metadata, or from pyproject.toml beside the package."""
    try:
        from importlib.metadata import PackageNotFoundError, metadata

        for entry in metadata("catcards").get_all("Project-URL") or []:
            label, _, url = entry.partition(",")
            if label.strip().lower() == "source":
                return url.strip()
    except PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    if pyproject.is_file():
        found = re.search(r'^Source\s*=\s*"([^"]+)"', pyproject.read_text(encoding="utf-8"), re.M)
        if found:
            return found.group(1)
    raise LookupError("catcards has no Source URL in its metadata or pyproject.toml")


def project_links(source: str | None = None) -> dict[str, str]:
    """Every address of the project built from its one source URL (``https://github.com/<owner>/<repo>``,
    default ``[project.urls] Source`` of pyproject.toml): ``source``, ``binder`` (the start page in
    JupyterLab on mybinder.org), ``site`` (the rendered lessons on the owner's GitHub Pages) and ``lite`` (the start page in the
    JupyterLite site published below ``site`` as ``lite/``).

    Raises:
        ValueError: ``source`` is not a GitHub repository URL.
    """
    source = _project_source() if source is None else source
    found = re.fullmatch(r"https://github\.com/([\w.-]+)/([\w.-]+?)/?", source)
    if not found:
        raise ValueError(f"the project's source must be https://github.com/<owner>/<repo>, not {source!r}")
    owner, repo = found.groups()
    site = f"https://{owner.lower()}.github.io/{repo}/"
    return {
        "source": f"https://github.com/{owner}/{repo}",
        "binder": f"https://mybinder.org/v2/gh/{owner}/{repo}/HEAD?urlpath=lab/tree/notebooks/index.ipynb",
        "site": site,
        "lite": f"{site}lite/lab/index.html?path=index.ipynb",
    }


def binder_url(urlpath: str, source: str | None = None) -> str:
    """The mybinder.org address that opens ``urlpath`` (e.g. ``voila/render/notebooks/apps/play.ipynb?game=snap``,
    percent-encoded whole) in the project's repository (``source`` as in :func:`project_links`)."""
    from urllib.parse import quote

    owner_repo = project_links(source)["source"].removeprefix("https://github.com/")
    return f"https://mybinder.org/v2/gh/{owner_repo}/HEAD?urlpath={quote(urlpath, safe='')}"
