"""The ``catcards`` command line: list the games, simulate many games, open a game as an app.

::

    catcards list
    catcards simulate simons-cat --players 4 --games 1000 --seed 1 --strategy sensible random
    catcards simulate cat-days --games 500 --seed 2 --csv cat-days.csv --executor processes
    catcards simulate big-cat --param deck=classic --games 200
    catcards app snap --players 3          # the game's table as a Voila app (no code shown)
    catcards kit class-kit                 # worksheets and teacher's editions of every lesson
    catcards class snap                    # a class: students join, play, the teacher sees the pool

``simulate`` prints a summary table: for each seat its strategy, wins, win rate and a 95% Wilson
interval (:func:`catcards.probability.wilson_interval`; shared wins count for every winner), then
the game length in actions (mean with a 95% normal interval, :func:`~catcards.probability.mean_interval`,
and the range). ``--csv PATH`` writes one row per game (the DataFrame of :func:`catcards.simulate`).
The same ``--seed`` gives the same games and the same table, with or without ``--executor``.

Errors (an unknown game, a bad parameter, strategy, number or output path) are printed as one line
``catcards: error: ...`` saying what is allowed, with exit status 2; no traceback. Every argument
is checked before the first game is played: ``--csv`` must name a file that can be written, in a
folder that exists; an existing file that is not a table catcards wrote is replaced only with
``--overwrite``. Game and strategy names are compared as typed text
(:func:`catcards.core.normal_name`: ``"Simons-Cat"`` is ``simons-cat``). Numbers are plain decimal
digits (``--games 1000``, not ``1e3``, ``1_000`` or ``+1000``). A ``--param`` value is at most
:data:`MAX_PARAM_TEXT` characters and :data:`MAX_PARAM_DEPTH` brackets deep. Ctrl+C stops a run
(exit status 130).
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:  # pandas is imported where a table is made: `catcards list` does not need it
    import pandas as pd

__all__ = ["main", "summary", "parse_param", "app_url", "catalogue", "start_page_html", "find_app_base", "NOTEBOOKS"]

from catcards.core.text import LAB_INSTALL
from catcards.start_page import APP, NOTEBOOKS, app_url, catalogue, find_app_base, start_page_html
from catcards.voila_options import (APP_CULLING, APP_EXECUTION, APP_EXECUTION_CONFIG,  # noqa: F401 (re-exported)
                                    APP_KERNEL_TRANSPORT, APP_QUIET_CONFIG, kernel_socket_route, not_a_closed_websocket,
                                    quiet_kernel_socket)


#: longest ``--param`` text (key=value) read, in characters
MAX_PARAM_TEXT = 2000
#: deepest nesting of brackets in a ``--param`` value
MAX_PARAM_DEPTH = 16
#: longest error line printed, in characters (a message echoes what was typed)
MAX_ERROR_LINE = 500


class CliError(Exception):
    """A user error: printed as ``catcards: error: <message>``, exit status 2."""


#: the namespace's note of the options given so far (removed before the arguments are used)
_GIVEN = "_catcards_options_given"


def _once(action: type) -> type:
    """argparse's ``action`` (store, store_true, ...) for an option given at most once: a second
    ``--players`` (or ``-n``) is an error, where argparse took the last silently (break56:
    ``catcards app snap --players 3 --players 4`` served 4 players; the app's address refuses a
    doubled parameter)."""

    class Once(action):
        def __call__(self, parser, namespace, values, option_string=None):
            given = namespace.__dict__.setdefault(_GIVEN, set())
            if self.dest in given:
                raise argparse.ArgumentError(self, "is given more than once; give it once")
            given.add(self.dest)
            super().__call__(parser, namespace, values, option_string)

    return Once


class _Parser(argparse.ArgumentParser):
    """argparse's parser, but a usage error is one line (no usage block), raised to :func:`main`,
    and an option that takes one value (or is a switch) is refused when given twice
    (:func:`_once`; repeatable options say so: ``action="append"`` or ``"extend"``). Subcommands'
    parsers are of this class too (argparse's ``add_subparsers`` makes its parent's class)."""

    def error(self, message: str):  # type: ignore[override]
        raise CliError(f"{message} (`{self.prog} --help` lists the arguments)")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = kwargs.get("action")
        if args and args[0].startswith("-") and action in (None, "store", "store_const", "store_true", "store_false"):
            kwargs["action"] = _once(self._registry_get("action", action, action))
        return super().add_argument(*args, **kwargs)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> tuple[argparse.Namespace, list[str]]:
        namespace, extra = super().parse_known_args(args, namespace)
        namespace.__dict__.pop(_GIVEN, None)
        return namespace, extra


def _one_line(text: str) -> str:
    """``text`` on one line (control characters shown as escapes), at most :data:`MAX_ERROR_LINE`
    characters."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return text if len(text) <= MAX_ERROR_LINE else text[: MAX_ERROR_LINE - 3] + "..."


def _web_address(text: str) -> str:
    """An argparse ``type`` for ``--public-url``: an http:// or https:// address with a host and no
    spaces, at most 2,000 characters (break52: "myschool.org:8867" printed a link and a QR code a
    phone cannot open; "javascript:..." was taken)."""
    from urllib.parse import urlsplit

    shown = repr(text) if len(text) <= 60 else repr(text[:57] + "...")
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (a port that is not a number raises ValueError)
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname or len(text) > 2000
            or any(ch.isspace() for ch in text) or parts.query or parts.fragment):
        raise argparse.ArgumentTypeError(
            f"must be the web address students open, starting http:// or https:// with the server's "
            f"name, such as https://myschool.org:8867/ (no spaces, no ? or #), not {shown}")
    return text


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: plain decimal digits (ASCII) for a whole number ``low..high``
    (argparse puts the option's name in front of the message)."""

    def read(text: str) -> int:
        shown = repr(text) if len(text) <= 40 else repr(text[:37] + "...")
        value = int(text) if re.fullmatch(r"[0-9]{1,40}", text) else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high:,} "
                f"(plain digits), not {shown}"
            )
        return value

    read.__name__ = "whole number"
    return read


def _seed(text: str) -> int:
    """The argparse ``type`` of ``--seed``: :func:`catcards.core.seed_from_text`, the one reader of
    typed seeds (the tables' and the app's seed box and the app's address use it too), so a seed
    is refused in the same words everywhere."""
    from catcards.core import GameParameterError, seed_from_text

    try:
        return seed_from_text(text)
    except GameParameterError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_seed.__name__ = "seed"


def _user_path(text: str) -> Path:
    """The argparse ``type`` of a path typed on the command line: a leading ``~`` is the home
    folder, as a shell reads it (a shell leaves ``--csv=~/games.csv`` and a quoted ``~`` as
    typed)."""
    return Path(os.path.expanduser(text))


_user_path.__name__ = "path"


def _depth(value: str) -> int:
    """How deeply brackets nest in ``value``, outside quoted strings."""
    depth = deepest = 0
    quote = None
    escaped = False
    for c in value:
        if quote:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in ")]}":
            depth -= 1
    return deepest


def parse_param(text: str) -> tuple[str, Any]:
    """``"key=value"`` -> ``(key, value)``; the value is read as JSON when it can be
    (``first_player=1`` -> 1, ``final_round=true`` -> True), else as a Python literal
    (``final_round=True``, ``max_hands=None``, ``penalties={'L': 4}``), else kept as text
    (``deck=dinohistoria``).

    Raises:
        argparse.ArgumentTypeError: no ``=``, an empty key, more than :data:`MAX_PARAM_TEXT`
            characters, or brackets nested more than :data:`MAX_PARAM_DEPTH` deep.
    """
    if len(text) > MAX_PARAM_TEXT:
        raise argparse.ArgumentTypeError(
            f"a game parameter is at most {MAX_PARAM_TEXT} characters, not {len(text):,} ({text[:30]!r}...)"
        )
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"a game parameter is written key=value (e.g. first_player=1), not {text!r}")
    if _depth(value) > MAX_PARAM_DEPTH:
        raise argparse.ArgumentTypeError(
            f"the value of {key.strip()!r} nests brackets more than {MAX_PARAM_DEPTH} deep"
        )
    try:
        parsed = json.loads(value)
    except (ValueError, RecursionError):
        try:
            parsed = ast.literal_eval(value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            parsed = value
    return key.strip(), parsed


def version_line() -> str:
    """What ``catcards --version`` prints: catcards's version and Python's
    ("catcards 0.1.0 (Python 3.11.7)")."""
    import platform

    from catcards import __version__

    return f"catcards {__version__} (Python {platform.python_version()})"


def _parser() -> argparse.ArgumentParser:
    from catcards.simulate import MAX_GAMES

    parser = _Parser(
        prog="catcards",
        description="Rules engines for cat-themed card games: list them, simulate them, play them as apps.",
    )
    parser.add_argument("--version", action="version", version=version_line(),
                        help="say catcards's version and Python's")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("list", help="the games, their players and what each teaches",
                   description="List every registered game.")

    from catcards.kit import add_parser as add_kit_parser

    add_kit_parser(sub)  # catcards kit DIR: the class kit (catcards/kit.py)

    sim = sub.add_parser(
        "simulate", help="play many seeded games with computer players and summarise them",
        description="Play GAME many times with computer players; print win rates (95% Wilson "
                    "intervals) and game lengths.",
        epilog=_parameters_help(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sim.add_argument("game", metavar="GAME", help="a game name from `catcards list`")
    sim.add_argument("--players", "-n", type=_whole(1, 99), default=None,
                     help="number of players (default: the game's)")
    sim.add_argument("--games", "-k", type=_whole(1, MAX_GAMES), default=1000,
                     help=f"number of games, 1 to {MAX_GAMES:,} (default 1000)")
    sim.add_argument("--seed", "-s", type=_seed, default=0,
                     help="run seed: same seed, same games (default 0)")
    sim.add_argument("--strategy", nargs="+", action="extend", default=None, metavar="NAME",
                     help="one strategy for every seat, or one per seat (default: random); "
                          "`catcards list` shows each game's strategies")
    sim.add_argument("--param", "-p", type=parse_param, action="append", default=[], metavar="KEY=VALUE",
                     help="another game parameter, e.g. first_player=1 (repeatable)")
    sim.add_argument("--csv", type=_user_path, default=None, metavar="PATH", help="also write one row per game to PATH")
    sim.add_argument("--overwrite", action="store_true",
                     help="let --csv replace an existing file that catcards did not write")
    sim.add_argument("--executor", choices=["processes"], default=None,
                     help="run the games in a process pool (one worker per CPU); same results")
    sim.add_argument("--progress", action="store_true", help="show a progress bar on stderr")

    app = sub.add_parser("app", help="open a game's table as a Voila app (no code shown)",
                         description="Serve notebooks/apps/play.ipynb with Voila, set to GAME.")
    app.add_argument("game", metavar="GAME", help="a game name from `catcards list`")
    app.add_argument("--players", "-n", type=_whole(1, 99), default=None,
                     help="number of players (default: the game's)")
    app.add_argument("--seed", "-s", type=_seed, default=None,
                     help="the deal's seed (default 1)")
    app.add_argument("--port", type=_whole(1, 65535), default=8866,
                     help="the port Voila serves on (default 8866)")

    cls = sub.add_parser("class", help="run a class: students' tables, the pool and the teacher's dashboard",
                         description="Serve a class of GAME from this computer: students join by link, QR code or "
                                     "code, play on their own devices, and every finished game is pooled on the "
                                     "teacher's dashboard.")
    cls.add_argument("game", metavar="GAME", help="a game name from `catcards list`")
    cls.add_argument("--activity", default=None, help="what is pooled (default: the game's first activity)")
    cls.add_argument("--ip", default="127.0.0.1",
                     help="the network address to serve (default 127.0.0.1, this computer only; 0.0.0.0 for every network, IPv4; :: for IPv4 and IPv6)")
    cls.add_argument("--port", type=_whole(1, 65535), default=8867, help="the port (default 8867)")
    cls.add_argument("--store", default=None,
                     help="where the class is kept: a folder or SQLite file, or a postgresql:// URL (default ./catcards-class)")
    cls.add_argument("--no-nicknames", action="store_true", help="students join without a nickname")
    cls.add_argument("--json", action="store_true",
                     help="print one JSON line (code, join_url, dashboard_url, teacher_token, new_class, note) instead of the text: "
                          "the only output on stdout (the tables' readiness and the rest go to stderr)")
    cls.add_argument("--base-url", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"),
                     help="the path prefix the server answers under (default: JUPYTERHUB_SERVICE_PREFIX or /)")
    cls.add_argument("--public-url", default=None, type=_web_address,
                     help="the address students use, when it is not http://IP:PORT (a JupyterHub's, with the prefix)")
    cls.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                     help="another host name (or IP address) students or a proxy reach the server by, beside "
                          "localhost, --ip and --public-url's; requests to any other name are refused "
                          "(a web page of another site cannot reach the server); may be given again")
    cls.add_argument("--preheat", type=_whole(0, 64), default=None,
                     help="students' tables (kernels) made ready before anyone asks: your class's size "
                          "(default 30; about 75 MB each)")
    cls.add_argument("--new", action="store_true", help="start a new class even if the store holds one")
    cls.add_argument("--max-students", type=_whole(1, 3000), default=None,
                     help="the most students who may join (default 200, at most 3000)")
    cls.add_argument("--verbose", action="store_true",
                     help="show the server's and the students' kernels' routine log lines too (default: errors only)")
    res = sub.add_parser(
        "results", help="the classes a class store holds, or one class's results as CSV (an ended class's too)",
        description="List the classes kept in a class store (`catcards class --store`), or print one class's "
                    "results as CSV, the dashboard's download: for a class that has ended, or whose server "
                    "has been started again with a new class.")
    res.add_argument("code", metavar="CODE", nargs="?", default=None,
                     help="a class code from the list (default: list the classes)")
    res.add_argument("--store", default=None,
                     help="the class store, as given to `catcards class` (default ./catcards-class)")
    res.add_argument("--csv", type=_user_path, default=None, metavar="PATH",
                     help="write the results to PATH instead of printing them")
    res.add_argument("--overwrite", action="store_true",
                     help="let --csv replace a file that exists (without it, any file there is kept)")
    return parser


def _parameters_help() -> str:
    """Every game's parameters for ``catcards simulate --help``, from their declarations
    (:func:`catcards.params.describe`)."""
    import catcards
    from catcards.params import describe

    lines = ["game parameters (give them with --param KEY=VALUE; players with --players):"]
    for name in catcards.list_games():
        cls = catcards.game_class(name)
        lines.append(f"  {name}:")
        for p in describe(cls)[1:]:
            lines.append(f"    {p['name']}: {p['help']}; {p['allowed']}; default {p['default']}")
        if not getattr(cls, "declared", ()):
            lines.append(f"    see help(catcards.game_class({name!r}))")
    return "\n".join(lines)


def _list() -> str:
    """The games as blocks of lines at most 80 characters wide (a line a game was about 250 wide,
    wrapped by the terminal): name and title, then players, strategies, parameters and what the
    game teaches, each on its own indented line (a long title or value wrapped, its next lines
    under the value's column; an empty one left out). A plugin's texts are shown on their lines:
    line breaks and tabs as spaces, other control characters as escapes (a title's newline or
    terminal escape went to the terminal as it was)."""
    import textwrap

    import catcards
    from catcards.agents import strategies
    from catcards.params import describe, players_text

    def shown(text: Any) -> str:
        return "".join(c if c.isprintable() else repr(c)[1:-1] for c in " ".join(str(text).split()))

    def fill(text: str, first: str) -> str:
        return textwrap.fill(text, 80, initial_indent=first, subsequent_indent=" " * 16, break_on_hyphens=False)

    blocks = []
    for name in catcards.list_games():
        cls = catcards.game_class(name)
        title = shown(cls.title)
        lines = [fill(f"{shown(name)}: {title}" if title else shown(name), "")]
        for label, text in (("players", players_text(cls)),
                            ("strategies", ", ".join(strategies(name))),
                            ("parameters", ", ".join(p["name"] for p in describe(cls)) if cls.declared else "players, ..."),
                            ("teaches", cls.teaches)):
            if shown(text):
                lines.append(fill(shown(text), f"    {label:<12}"))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _left_table(rows: list[dict[str, Any]]) -> str:
    """Rows of dicts as a plain text table, every column left-aligned."""
    keys = list(rows[0])
    widths = {k: max(len(k), *(len(str(r[k])) for r in rows)) for k in keys}
    lines = ["  ".join(k.ljust(widths[k]) for k in keys).rstrip()]
    lines += ["  ".join(str(r[k]).ljust(widths[k]) for k in keys).rstrip() for r in rows]
    return "\n".join(lines)


def summary(df: pd.DataFrame, strategies: Sequence[str]) -> pd.DataFrame:
    """One row per seat: ``seat``, ``strategy``, ``wins``, ``win rate``, ``low``, ``high`` (95%
    Wilson interval of the win rate) from a :func:`catcards.simulate` DataFrame.

    Args:
        df: the DataFrame (columns ``win_<seat>``), at least one row.
        strategies: the strategy name of each seat.
    """
    import pandas as pd

    from catcards.probability import wilson_interval

    n = len(df)
    rows = []
    for seat, name in enumerate(strategies):
        wins = int(df[f"win_{seat}"].sum())
        low, high = wilson_interval(wins, n)
        rows.append({"seat": seat, "strategy": name, "wins": wins, "win rate": wins / n, "low": low, "high": high})
    return pd.DataFrame(rows)


def _format_report(title: str, players: int, games: int, seed: int, df: pd.DataFrame,
                   strategies: Sequence[str]) -> str:
    import pandas as pd

    from catcards.probability import mean_interval

    table = summary(df, strategies)
    shown = pd.DataFrame({
        "seat": table["seat"],
        "strategy": table["strategy"],
        "wins": table["wins"],
        "win rate": [f"{r:.1%}" for r in table["win rate"]],
        "95% interval": [f"{lo:.1%} to {hi:.1%}" for lo, hi in zip(table["low"], table["high"])],
    })
    plural = lambda n, word: f"{n} {word}" + ("" if n == 1 else "s")  # noqa: E731
    lines = [f"{title}: {plural(players, 'player')}, {plural(games, 'game')}, seed {seed}", "",
             shown.to_string(index=False), ""]
    length = df["actions"]
    if len(df) >= 2:
        mi = mean_interval(length)
        low = max(mi.low, 0.0)  # a normal interval on a skewed length can dip below 0
        lines.append(f"game length: {mi.mean:.1f} actions on average (95% interval {low:.1f} to "
                     f"{mi.high:.1f}); shortest {length.min()}, longest {length.max()}")
    else:
        lines.append(f"game length: {length.iloc[0]} actions (one game: no interval)")
    winners = df["winners"].map(len)
    lines.append(f"games with a shared win: {int((winners > 1).sum())}; with no winner: {int((winners == 0).sum())}")
    if (winners > 1).any():
        lines.append("(a seat's win rate counts every game it is among the winners, so rates can add up to more than 100%)")
    return "\n".join(lines)


def _game_name(typed: str) -> str:
    """The registered game name that ``typed`` names (compared with ``normal_name``); an unknown
    name is returned as typed, for ``catcards.load`` to refuse with the list of games."""
    import catcards
    from catcards.core import normal_name

    return {normal_name(n): n for n in catcards.list_games()}.get(normal_name(typed), typed)


#: how every table ``--csv`` writes begins (the first columns of :func:`catcards.simulate`'s rows)
CSV_START = b"game,seed,"


def _check_output(path: Path, overwrite: bool = False, start: bytes | None = CSV_START) -> None:
    """Refuse a ``--csv`` path that cannot be written, before any game is played: a folder, a
    pipe or socket (opening it could block), a missing folder, or a file or folder without write
    permission. An existing non-empty file is replaced only when it is a table catcards wrote
    (it starts with ``start``, e.g. :data:`CSV_START`; None: no file is) or ``overwrite`` is set, so a mistyped name cannot wipe a
    teacher's deck file or anything else. A file that did not exist is not left behind;
    ``/dev/null`` is accepted."""
    try:
        folder = path.parent
        if not folder.is_dir():
            what = "does not exist" if not folder.exists() else "is not a folder"
            raise CliError(f"--csv {path}: the folder {folder} {what}")
        existed = path.exists()
        if existed and path.is_dir():
            raise CliError(f"--csv {path}: is a folder; give a file name (e.g. {path / 'games.csv'})")
        mode = path.stat().st_mode if existed else 0
        if existed and not (stat.S_ISREG(mode) or stat.S_ISCHR(mode)):  # a pipe would block here
            raise CliError(f"--csv {path}: is not a regular file (a pipe, socket or disk); give a file name")
        if existed and stat.S_ISREG(mode) and not overwrite:
            with open(path, "rb") as f:
                begins = f.read(len(start) if start is not None else 1)
            if begins and start is None:
                raise CliError(f"--csv {path}: the file exists; give a new file name, or add --overwrite to "
                               "replace it")
            if begins and begins != start:
                raise CliError(
                    f"--csv {path}: the file exists and is not a table catcards wrote (it does not "
                    f"start with '{start.decode()}'); give a new file name, or add --overwrite "
                    "to replace it"
                )
        with open(path, "a", encoding="utf-8"):
            pass
        if not existed:  # the file just made: a link to a missing file made its target, the link stays
            Path(os.path.realpath(path)).unlink()
    except OSError as exc:
        raise CliError(f"--csv {path}: cannot write there ({exc.strerror or exc})") from None
    except ValueError as exc:  # a name the operating system cannot hold
        raise CliError(f"--csv {path}: not a file name ({exc})") from None


def _simulate(args: argparse.Namespace) -> str:
    import catcards
    from catcards.agents import strategies as strategies_of
    from catcards.core import normal_name

    params: dict[str, Any] = {}
    for key, value in args.param:
        if key in params:
            raise CliError(f"--param {key} is given twice; give each game parameter once")
        params[key] = value
    if args.players is not None:
        if "players" in params:
            raise CliError("give the number of players once: --players or --param players=..., not both")
        params["players"] = args.players
    game = catcards.load(_game_name(args.game), **params)  # GameParameterError: unknown game, bad parameter
    known = {normal_name(n): n for n in strategies_of(game.name)}
    names = [known.get(normal_name(n), n) for n in (args.strategy or ["random"])]
    if len(names) == 1:
        names = names * game.players
    elif len(names) != game.players:
        raise CliError(f"--strategy takes one name for every seat or one per seat ({game.players} for "
                       f"{game.players} players), not {len(names)}; strategies of {game.name}: "
                       f"{', '.join(strategies_of(game.name))}")
    if args.csv is not None:
        _check_output(args.csv, args.overwrite)
    df = catcards.simulate(game, games=args.games, seed=args.seed, agents=names,
                           progress=args.progress, executor=args.executor)
    report = _format_report(game.title, game.players, args.games, args.seed, df, names)
    if args.csv is not None:
        try:
            df.to_csv(args.csv, index=False)
        except OSError as exc:  # the disk filled up, or the file went away, while the games ran
            print(report, flush=True)
            raise CliError(f"--csv {args.csv}: could not write the games ({exc.strerror or exc})") from None
        report += f"\none row per game written to {args.csv}"
    return report


def _app(args: argparse.Namespace) -> int:
    """``catcards app GAME``: Voila serving the app notebook on 127.0.0.1 (:func:`_serve_app`)
    until Ctrl+C, which it says ("Stopping: ...", then "Stopped."), as ``catcards class`` does."""
    global _nothing_left_open
    import catcards

    params = {} if args.players is None else {"players": args.players}
    args.game = _game_name(args.game)
    catcards.load(args.game, **params)  # check the game and players before starting a server
    if not APP.exists():
        raise CliError(f"the app notebook {APP} is missing (run from a source checkout of catcards)")
    try:
        from catcards.classroom.server import check_address
    except ImportError as exc:
        raise CliError(f"`catcards app` needs the lab extra ({exc}); {LAB_INSTALL}") from None
    check_address("127.0.0.1", args.port)  # a busy port: one line (Voila would move to another port, not the one printed)
    title = catcards.game_class(args.game).title
    url = f"http://127.0.0.1:{args.port}/{app_url(args.game, args.players, args.seed)}"
    # the address only once it answers: printed before Voila started, it was refused for about
    # 6 s (a teacher who clicked at once saw "connection refused")
    print(f"Starting {title} as an app...", flush=True)
    from catcards.classroom.server import find_jupyter_data

    find_jupyter_data()  # JUPYTER_PATH: the catcards-class template (Voila's lab template without its
    # FontAwesome stylesheets from a CDN, which logged ERR_NAME_NOT_RESOLVED offline), for Voila below
    os.chdir(APP.parent)
    _serve_app(_app_argv(args.port), lambda: print(
        f"Serving {title} as an app: open {url} in a browser (Ctrl+C stops it)", flush=True),
        stopping=lambda kernels: print(f"Stopping: closing {kernels} kernel{'' if kernels == 1 else 's'} "
                                       "(the app's open games)...", flush=True))
    # it said nothing at Ctrl+C, then Python's exit collected the server's garbage for seconds:
    # now it says so, as `catcards class` does, and run() ends the process at once
    print("Stopped.", flush=True)
    _nothing_left_open = True
    return 0


def _app_argv(port: int) -> list[str]:
    """Voila's command-line arguments for ``catcards app`` on ``127.0.0.1:port``.
    :data:`~catcards.voila_options.APP_KERNEL_TRANSPORT` only where pyzmq can encrypt (CurveZMQ):
    jupyter_client refuses the option, and so every kernel, with a libzmq built without it."""
    import zmq

    from catcards.classroom.server import WIDGET_EXTENSIONS

    return [str(APP), f"--port={port}", "--Voila.ip=127.0.0.1", "--no-browser", "--Voila.port_retries=0",
            "--template=catcards-class", *(f"--VoilaConfiguration.extension_allowlist={name}" for name in WIDGET_EXTENSIONS),
            # each game's kernel runs this Python (catcards' own), whatever kernelspecs the computer
            # has, as the class server's tables do (a teacher's python3 spec of another Python)
            "--VoilaConfiguration.kernel_spec_manager_class=catcards.classroom.server.OwnPythonKernels",
            # errors only: Voila's own "Voila is running at <address without the game>" and a
            # "not trusted" line per page confused a fresh README user (the address printed is the one)
            "--Voila.log_level=ERROR", *APP_CULLING, *APP_EXECUTION, *(APP_KERNEL_TRANSPORT if zmq.has("curve") else ())]


def _serve_app(argv: Sequence[str], ready: Callable[[], Any], stopping: Callable[[int], Any] | None = None) -> None:
    """Run Voila in this process with the command-line arguments ``argv`` (and
    :data:`~catcards.voila_options.APP_QUIET_CONFIG`) until it is stopped (Ctrl+C or SIGTERM); call
    ``ready()`` once, when the server listens, and ``stopping(kernels)`` when it starts closing
    its kernels (their number).

    It runs and stops as the class server does (:class:`~catcards.classroom.server.PromptStop`):
    Voila's own ``listen`` logged "Voila is running at" and had no ready hook, and its ``stop``
    said nothing and gave each kernel jupyter_client's 5 s; here the port is bound, ``ready()``
    says so (a request waits for the loop), Ctrl+C stops tornado's loop between two callbacks,
    and every kernel is shut down at once within about 3 s, what is left killed.

    Raises: ClassServerError the port was taken since it was checked.
    A message written to a page's websocket the browser had closed is not printed
    (:func:`~catcards.voila_options.not_a_closed_websocket`)."""
    import logging

    from traitlets.config import Config
    from voila.app import Voila

    from catcards.classroom.server import PromptStop

    class AppServer(PromptStop, Voila):
        def init_handlers(self) -> list:
            # a page's socket to its kernel prints nothing in the terminal for what a page or a
            # script does (quiet_kernel_socket: a POST there, a reload while it opened)
            return [(h[0], quiet_kernel_socket(h[1]), *h[2:]) if kernel_socket_route(h) else h
                    for h in super().init_handlers()]

        def listen(self) -> None:  # Voila.start ends here, its handlers added
            # each page's kernel logs critical failures only, as the class server's: at Ctrl+C a
            # kernel still busy logged "Parent appears to have exited" or a ZMQError traceback
            # (harmless, and nothing a teacher can act on)
            self.note_kernels(quiet=True)
            self.serve(ready)

    logging.getLogger("asyncio").addFilter(not_a_closed_websocket)
    server = AppServer(config=Config(APP_QUIET_CONFIG))
    server.on_stopping = stopping
    server.initialize(list(argv))
    server.start()


#: set once a command has closed everything it opened (``catcards class``: its kernels and its
#: store, when :func:`~catcards.classroom.server.run_class` returns; ``catcards app``: its kernels):
#: :func:`run` then ends the process at once
_nothing_left_open = False


def _class(args: argparse.Namespace) -> int:
    """``catcards class GAME``: :func:`catcards.classroom.server.run_class`."""
    global _nothing_left_open
    try:
        from catcards.classroom import server
    except ImportError as exc:
        raise CliError(f"`catcards class` needs the lab extra ({exc}); {LAB_INSTALL}") from None
    status = server.run_class(
        _game_name(args.game), activity=args.activity, ip=args.ip, port=args.port,
        store=server.DEFAULT_STORE if args.store is None else args.store, nicknames=not args.no_nicknames, as_json=args.json,
        base_url=args.base_url, public_url=args.public_url,
        preheat=server.DEFAULT_PREHEAT if args.preheat is None else args.preheat, new=args.new,
        max_students=args.max_students, verbose=args.verbose, allow_hosts=args.allow_host)
    _nothing_left_open = True
    return status


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one existing file (through links too)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # either missing, or a name the system cannot hold
        return False


def _holds_classes(path: Path) -> bool:
    """Whether the SQLite file ``path`` holds a class store's table of classes, read without
    writing (an empty file or another program's database is left as it is).

    Raises:
        CliError: a file SQLite cannot read."""
    import sqlite3
    from contextlib import closing

    if path.stat().st_size == 0:
        return False
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'catcards_classes'"
                              ).fetchone() is not None
    except sqlite3.Error as exc:
        raise CliError(f"the store {path} cannot be read as a class store: {exc}") from None


def _postgres_holds_classes(url: str) -> bool:
    """Whether the PostgreSQL database at ``url`` (as :func:`catcards.classroom.store.store_place`
    gives it) holds a class store's table of classes, looked at without writing (another
    program's database, or an empty one, is left as it is; :func:`_holds_classes` for SQLite).

    Raises:
        CliError: a database that cannot be reached or read (the URL said without its password)."""
    import sqlalchemy as sa

    from catcards.classroom.store import classes, postgres_engine, shown_url

    engine = postgres_engine(url)
    shown = shown_url(url)
    try:
        with engine.connect() as conn:
            return sa.inspect(conn).has_table(classes.name)
    except sa.exc.DBAPIError as exc:
        detail = " ".join(str(getattr(exc, "orig", exc)).split())[:300]
        raise CliError(f"the store {shown} cannot be read as a class store: {detail}") from None
    finally:
        engine.dispose()


def _results(args: argparse.Namespace) -> str:
    """``catcards results [CODE]``: the classes in a class store (code, game, activity, when
    started, state, results counted), or class ``CODE``'s results as CSV
    (:meth:`catcards.classroom.pool.Pool.results_csv`, the dashboard's download), printed or
    written to ``--csv``. Reads the store only: a store that does not exist is refused, not made.

    Raises:
        CliError: no lab extra; ``:memory:``; no store at that place, or a file or PostgreSQL
            database that is not a class store (:func:`_holds_classes`,
            :func:`_postgres_holds_classes`); a ``--csv`` that cannot be written.
        CatcardsError: a store that cannot be one or be opened (StoreError); an unknown code (PoolError).
    """
    from datetime import datetime

    try:
        from catcards.classroom.pool import Pool, PoolError
        from catcards.classroom.server import DEFAULT_STORE
        from catcards.classroom.store import open_store, store_place
    except ImportError as exc:
        raise CliError(f"`catcards results` needs the lab extra ({exc}); {LAB_INSTALL}") from None
    given = DEFAULT_STORE if args.store is None else args.store
    kind, place = store_place(given)
    where = given  # the store as the messages say it
    if kind == "postgresql":  # said as typed, without its password (break44: the list printed it)
        from catcards.classroom.store import shown_url

        where = shown_url(str(given))
    if kind == "memory":
        raise CliError("a :memory: store ends with its process; give the folder, SQLite file or URL "
                       "that `catcards class --store` was given")
    if kind == "sqlite" and not place.exists():
        raise CliError(f"there is no class store at {where} (no {place}); give --store as `catcards class` "
                       "was given it (default ./catcards-class, in the folder it was run from)")
    if args.csv is not None:
        if args.code is None:
            raise CliError("--csv writes one class's results: give its code (`catcards results` lists them)")
        # any file already there is kept unless --overwrite: one class's results must not replace
        # another's (a teacher writing classes one by one under one name lost the first)
        _check_output(args.csv, args.overwrite, None)
        if kind == "sqlite" and _same_file(args.csv, place):  # --overwrite would wipe every class
            raise CliError(f"--csv {args.csv} is the class store itself; give a new file name for the results")
    # last before the store is opened (and closed, which removes the WAL files the look made):
    # opening another file as a store would write a store's tables into it
    if kind == "sqlite" and not _holds_classes(place):
        raise CliError(f"{where} is not a class store (it holds no classes' table); give --store as "
                       "`catcards class` was given it (default ./catcards-class)")
    if kind == "postgresql" and not _postgres_holds_classes(place):  # as SQLite: create_all would make the tables
        from catcards.classroom.store import shown_url

        shown = shown_url(place)
        raise CliError(f"{shown} is not a class store (it holds no classes' table); give --store as "
                       "`catcards class` was given it")
    store = open_store(given)  # with its password: `where` says it as ***
    try:
        pool = Pool(store)
        if args.code is None:
            rows = []
            for c in pool.classes():
                state = "ended" if c.ended else "open" if c.is_open else "closed"
                kinds = list(pool.results(c.code)["kind"])
                rows.append({"code": c.code, "game": c.game, "activity": c.activity,
                             "started": datetime.fromtimestamp(c.created).strftime("%Y-%m-%d %H:%M"),
                             "state": state, "games": kinds.count("game"),
                             "real-card counts": kinds.count("tally")})
            if not rows:
                return f"The class store {where} holds no class yet.\n"
            return (f"Classes in {where}, oldest first:\n\n{_left_table(rows)}\n\n"
                    "`catcards results CODE` prints a class's results as CSV (--csv PATH writes them to a file).\n")
        try:
            code = pool.info(args.code).code
        except PoolError:  # its words are the student's ("check the code with your teacher")
            raise CliError(f"there is no class {str(args.code)[:20]!r} in the store {where}; "
                           "`catcards results` lists its classes") from None
        text = pool.results_csv(code)
    finally:
        store.close()
    if args.csv is None:
        return text
    try:
        # a new file for the teacher only, as the store (break53: the nicknames were readable by
        # every user of the computer, 644); a file replaced with --overwrite keeps its mode
        with open(os.open(args.csv, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8", newline="") as f:
            f.write(text)
    except OSError as exc:
        raise CliError(f"--csv {args.csv}: could not write the results ({exc.strerror or exc})") from None
    n = text.count("\n") - 1
    return f"{n} result{'s' * (n != 1)} of class {code} written to {args.csv}\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit status
    (0 done, 2 a user error printed as ``catcards: error: ...``, 1 a run whose worker process
    died, said in the same way)."""
    from concurrent.futures import BrokenExecutor

    from catcards.core import CatcardsError

    try:
        args, extra = _parser().parse_known_args(argv)
        if extra:
            hint = (f"`catcards {args.command} --help` lists the arguments"
                    if getattr(args, "command", None) else "`catcards --help` lists the commands")
            if getattr(args, "command", None) == "simulate":
                hint += "; a game's own parameters go as --param KEY=VALUE (-p rounds=3)"
            raise CliError(f"unrecognized arguments: {' '.join(extra)} ({hint})")
        if args.command == "list":
            print(_list())
        elif args.command == "kit":
            from catcards.kit import run_kit

            print(run_kit(args))
        elif args.command == "simulate":
            print(_simulate(args))
        elif args.command == "app":
            return _app(args)
        elif args.command == "class":
            return _class(args)
        elif args.command == "results":
            sys.stdout.write(_results(args))
    except (CatcardsError, CliError) as exc:
        print(f"catcards: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except BrokenExecutor:  # a RuntimeError too: a worker of --executor processes was killed
        print("catcards: error: a worker process of the run stopped unexpectedly (killed, or the "
              "computer ran short of memory); run it again, with fewer --games or without --executor processes",
              file=sys.stderr)
        return 1
    except RuntimeError as exc:  # a game that computer players cannot finish (no turn limit)
        print(f"catcards: error: {_one_line(f'{exc}; give the game a limit (e.g. -p max_hands=50)')}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C: the games stop (a process pool's workers too)
        print("catcards: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the output went to a program that stopped reading (| head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # as the Python docs advise
        return 1
    return 0


def run() -> None:
    """The ``catcards`` command (``python -m catcards.cli``; the installed script runs it through
    ``_catcards_command.run``, outside the package, which says a Ctrl+C pressed while catcards is
    imported as :func:`main` does): :func:`main` with the command line, then exit with its status.

    After Ctrl+C (status 130) the process ends at once, its output flushed, without Python's own
    exit steps: the run's workers are already stopped (:func:`catcards.simulate` terminates them
    before it re-raises), and Python's exit would join ``concurrent.futures``' pool manager
    thread, which in CPython 3.11 can wait for ever on a result a terminated worker was half-way
    through sending (seen in CI: "catcards: interrupted" printed, the process still there 30 s
    later; 1 time in 12 under load here).

    So do ``catcards class`` and ``catcards app`` once stopped: they have closed their kernels (and
    the class its store) and said so (:func:`~catcards.classroom.server.run_class`, :func:`_app`),
    and Python's exit then only collected the
    server's garbage (about 270,000 objects: Voila, Jupyter Server, the kernels' clients), 0.7 s on
    an idle 2-core computer and 4 to 6.5 s with six busy processes beside it, most of the time the
    teacher waited after Ctrl+C.
    """
    status = main()
    if status == 130 or _nothing_left_open:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a closed or broken output: nothing more to say
                pass
        os._exit(status)
    sys.exit(status)


if __name__ == "__main__":  # pragma: no cover
    run()
