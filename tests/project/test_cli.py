"""The `catcards` command line: list, simulate (summary table, CSV), clear errors (issue 7)."""
from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys

import pandas as pd
import pytest

import catcards
from catcards.cli import app_url, main, parse_param, summary


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _listed(out):
    """`catcards list`'s blocks as {game: {"title": ..., "players": ..., "strategies": ...,
    "parameters": ..., "teaches": ...}}, a wrapped value joined back into one line."""
    games = {}
    for block in out.strip().split("\n\n"):
        head, *rest = block.splitlines()
        name, title = head.split(": ", 1)
        fields = {"title": title}
        for line in rest:
            label = line[:16].strip()
            if label:
                fields[label] = line[16:]
            else:  # a wrapped value goes on
                fields[last] += " " + line[16:]
            last = label or last
        games[name] = fields
    return games


def test_list_shows_every_registered_game_with_players_and_teaches(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 80  # no line wraps in an 80-column terminal
    listed = _listed(out)
    assert list(listed) == catcards.list_games()
    for name in catcards.list_games():
        cls = catcards.game_class(name)
        assert listed[name]["title"] == cls.title and listed[name]["teaches"] == cls.teaches
        assert list(listed[name]) == ["title", "players", "strategies", "parameters", "teaches"]
    assert listed["simons-cat"]["strategies"] == "random, rollout, sensible"  # alphabetical, random first


def _listed_players(text):
    """The player counts a listing's "players" cell names: "2-4", "2", "3-6 (2 as a variant)"
    -> (published counts, variant counts)."""
    import re

    m = re.fullmatch(r"(\d+)(?:-(\d+))?(?: \((\d+(?: or \d+)*) as a variant\))?", text)
    assert m, text
    lo, hi = int(m[1]), int(m[2] or m[1])
    variants = {int(v) for v in m[3].split(" or ")} if m[3] else set()
    return set(range(lo, hi + 1)), variants


def test_list_tells_the_player_counts_each_game_accepts(capsys):
    """The "players" column of `catcards list` against what each game accepts (players 0 to 12
    given to catcards.load) and what it declares (min_players..max_players published, the rest
    variant_players): Simon's Cat was listed 3-6 though 2 players is accepted as a variant."""
    import re

    _, out, _ = run(capsys, "list")
    listed = {name: fields["players"] for name, fields in _listed(out).items()}
    assert listed["simons-cat"] == "3-6 (2 as a variant)" and listed["cat-days"] == "2"
    for name in catcards.list_games():
        cls = catcards.game_class(name)
        accepted = set()
        for players in range(13):
            try:
                catcards.load(name, players=players)
            except catcards.GameParameterError as exc:
                assert re.search(r"\bplayers\b", str(exc)), str(exc)  # refused for its players
            else:
                accepted.add(players)
        published, variants = _listed_players(listed[name])
        assert published | variants == accepted, name
        assert published == set(range(cls.min_players, cls.max_players + 1)), name
        assert variants == set(cls.variant_players) == accepted - published, name
    from catcards.params import describe
    assert describe(catcards.game_class("simons-cat"))[0]["allowed"] == "a whole number from 3 to 6 (2 as a variant)"
    assert describe(catcards.game_class("snap"))[0]["allowed"] == "a whole number from 2 to 6"


def test_simulate_prints_the_win_rates_of_the_same_games_as_the_api(capsys, tmp_path):
    csv = tmp_path / "games.csv"
    code, out, _ = run(capsys, "simulate", "simons-cat", "--players", "4", "--games", "60", "--seed", "3",
                       "--strategy", "sensible", "random", "random", "random", "--csv", str(csv))
    assert code == 0
    df = catcards.simulate("simons-cat", games=60, seed=3, players=4,
                           agents=["sensible", "random", "random", "random"], progress=False)
    assert out.startswith("Simon's Cat Card Game: 4 players, 60 games, seed 3")
    for seat in range(4):
        wins = int(df[f"win_{seat}"].sum())
        # the Wilson interval, written out (Wilson 1927) with z = 1.959964
        z, n, p = 1.959963984540054, 60, wins / 60
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        low = 0.0 if wins == 0 else centre - half
        high = 1.0 if wins == n else centre + half
        line = next(l for l in out.splitlines() if l.split()[:1] == [str(seat)])
        assert line.split()[1:4] == [["sensible", "random", "random", "random"][seat], str(wins), f"{p:.1%}"]
        assert line.endswith(f"{low:.1%} to {high:.1%}")
    mean = df["actions"].mean()
    assert f"game length: {mean:.1f} actions on average" in out
    assert f"shortest {df['actions'].min()}, longest {df['actions'].max()}" in out
    written = pd.read_csv(csv)
    assert list(written["actions"]) == list(df["actions"]) and list(written["seed"]) == list(df["seed"])
    assert f"written to {csv}" in out


def test_simulate_summary_table_counts_shared_wins_for_every_winner():
    df = pd.DataFrame({"win_0": [True, True, False, True], "win_1": [False, True, True, False]})
    table = summary(df, ["a", "b"])
    assert list(table["wins"]) == [3, 2]
    assert list(table["win rate"]) == [0.75, 0.5]
    assert (table["low"] < table["win rate"]).all() and (table["high"] > table["win rate"]).all()


def test_same_seed_same_table_with_a_process_pool(capsys):
    argv = ["simulate", "cat-days", "--games", "12", "--seed", "4", "--param", "first_player=1"]
    _, serial, _ = run(capsys, *argv)
    _, pooled, _ = run(capsys, *argv, "--executor", "processes")
    assert serial == pooled and "Cat Days: 2 players, 12 games, seed 4" in serial


@pytest.mark.parametrize("argv, message", [
    (["simulate", "no-such-game"], "no game called 'no-such-game'; the games are: "),
    (["simulate", "simons-cat", "--players", "9"], "is for 3 to 6 players"),
    (["simulate", "simons-cat", "--strategy", "clever"], "no strategy 'clever' for simons-cat; choose from"),
    (["simulate", "simons-cat", "--players", "4", "--strategy", "random", "random"],
     "one name for every seat or one per seat (4 for 4 players), not 2"),
    (["simulate", "simons-cat", "--games", "0"],
     "argument --games/-k: must be a whole number from 1 to 100,000,000 (plain digits), not '0'"),
    (["simulate", "simons-cat", "--games", "many"], "argument --games/-k: must be a whole number"),
    (["simulate", "simons-cat", "--games", "1e3"], "not '1e3'"),
    (["simulate", "simons-cat", "--games", "1_000"], "not '1_000'"),
    (["simulate", "simons-cat", "--games", "\u0663"], "(plain digits), not '\u0663'"),  # Arabic-Indic 3
    (["simulate", "simons-cat", "--games", "100000001"], "from 1 to 100,000,000"),
    (["simulate", "simons-cat", "--seed", "340282366920938463463374607431768211456"],  # 2**128
     "argument --seed/-s: the seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '340282366920938463463374607431768211456'"),
    (["simulate", "simons-cat", "--seed", "9" * 5000], "not '" + "9" * 40 + "...'"),
    (["simulate", "simons-cat", "--param", "novalue"], "a game parameter is written key=value"),
    (["simulate", "simons-cat", "--param", "x=" + "[" * 100_000], "at most 2000 characters, not 100,002"),
    (["simulate", "simons-cat", "--param", "x=" + "[" * 500 + "]" * 500],
     "the value of 'x' nests brackets more than 16 deep"),
    (["simulate", "simons-cat", "--param", "x=" + "{'a': " * 17 + "1" + "}" * 17], "more than 16 deep"),
    (["simulate", "cat-days", "--param", "first_player=1", "-p", "first_player=0"],
     "--param first_player is given twice"),
    (["simulate", "simons-cat", "--no-such-option"], "unrecognized arguments: --no-such-option"),
    (["simulate", "simons-cat", "--hand_size", "5"],
     "unrecognized arguments: --hand_size 5 (`catcards simulate --help` lists the arguments; "
     "a game's own parameters go as --param KEY=VALUE"),
    (["simulate", "simons-cat", "--executor", "gpu"], "invalid choice: 'gpu'"),
    (["simulate", "cat-days", "--param", "first_player=5"], "first_player must be a seat from 0 to 1, not 5"),
    (["simulate", "cat-days", "--param", "colour=red"], "Cat Days: unknown parameter(s) 'colour'; the game takes players, first_player, max_turns, deck"),
    (["simulate", "cat-days", "--csv", "/no/such/folder/x.csv"], "the folder /no/such/folder does not exist"),
    (["app", "no-such-game"], "no game called 'no-such-game'"),
    (["app", "snap", "--port", "70000"], "argument --port: must be a whole number from 1 to 65,535"),
    # break52: a link and QR code a phone cannot open ("myschool.org:8867" reads as an address type)
    (["class", "snap", "--public-url", "myschool.org:8867"],
     "argument --public-url: must be the web address students open, starting http:// or https://"),
    (["class", "snap", "--public-url", "javascript:alert(1)"], "not 'javascript:alert(1)'"),
    (["class", "snap", "--public-url", "http://my school/"], "(no spaces, no ? or #)"),
    (["class", "snap", "--public-url", "https://myschool.org:88x/"], "such as https://myschool.org:8867/"),
    ([], "the following arguments are required: COMMAND"),
])
def test_user_errors_are_one_clear_line_with_status_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("catcards: error: ") and message in err
    assert "Traceback" not in err and err.count("\n") == 1 and len(err) <= 520


def test_an_error_echoing_typed_text_stays_on_one_line(capsys):
    code, _, err = run(capsys, "simulate", "no\nsuch\rgame\x1b[31m")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("catcards: error: no game called 'no\\nsuch\\rgame\\x1b[31m'")
    code, _, err = run(capsys, "simulate", "x" * 10_000)
    assert code == 2 and err.count("\n") == 1 and err.endswith("...\n") and len(err) == len("catcards: error: ") + 500 + 1


def _written(tmp_path):
    return sorted(p.name for p in tmp_path.rglob("*"))


@pytest.mark.parametrize("make, message", [
    (lambda d: d, "is a folder; give a file name"),
    (lambda d: d / "missing" / "x.csv", "does not exist"),
    (lambda d: (d / "file.txt").write_text("x") and d / "file.txt" / "x.csv", "is not a folder"),
    (lambda d: os.mkfifo(d / "pipe") or d / "pipe", "is not a regular file (a pipe, socket or disk)"),
])
def test_a_bad_csv_path_is_refused_before_any_game_is_played(capsys, tmp_path, monkeypatch, make, message):
    played = []
    monkeypatch.setattr(catcards, "simulate", lambda *a, **k: played.append(1))
    path = make(tmp_path)
    before = _written(tmp_path)
    code, out, err = run(capsys, "simulate", "snap", "--games", "5", "--csv", str(path))
    assert (code, out, played) == (2, "", [])
    assert err.startswith(f"catcards: error: --csv {path}: ") and message in err and err.count("\n") == 1
    assert _written(tmp_path) == before  # nothing created


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True,
                    reason="root may write a read-only file (POSIX only)")
def test_an_unwritable_csv_file_is_refused_before_any_game(capsys, tmp_path, monkeypatch):
    path = tmp_path / "locked.csv"
    path.write_text("old\n")
    path.chmod(0o444)
    monkeypatch.setattr(catcards, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    code, _, err = run(capsys, "simulate", "snap", "--csv", str(path))
    assert code == 2 and "cannot write there (Permission denied)" in err
    assert path.read_text() == "old\n"


@pytest.mark.skipif(not os.path.isdir("/sys/kernel"), reason="Linux sysfs, where no file can be made")
def test_a_folder_where_no_file_can_be_made_is_refused_before_any_game(capsys, monkeypatch):
    monkeypatch.setattr(catcards, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    code, _, err = run(capsys, "simulate", "snap", "--csv", "/sys/catcards-games.csv")
    assert code == 2 and err.startswith("catcards: error: --csv /sys/catcards-games.csv: cannot write there (")


@pytest.mark.skipif(not os.path.isdir("/sys/kernel"), reason="Linux /proc and sysfs, where no file can be made")
@pytest.mark.parametrize("folder, why", [("/proc/catcards-kit", "No such file or directory"),
                                         ("/sys/kernel/catcards-kit", "")])
def test_kit_in_a_folder_where_no_file_can_be_made_is_one_line(capsys, folder, why):
    """Break-it (break56): `catcards kit /proc/x` (FileNotFoundError) and `catcards kit
    /sys/kernel/x` (PermissionError) printed tracebacks from tempfile.mkdtemp, status 1; one line,
    status 2, as `simulate --csv` says for the same places."""
    pytest.importorskip("nbconvert")
    code, out, err = run(capsys, "kit", folder, "--no-pdf")
    assert (code, out) == (2, ""), err
    assert err.startswith(f"catcards: error: DIR {folder!r}: cannot write there ({why}"), err
    assert "Traceback" not in err and err.count("\n") == 1, err


def test_an_existing_csv_is_kept_until_the_games_are_written(capsys, tmp_path):
    path = tmp_path / "games.csv"
    run(capsys, "simulate", "snap", "--games", "5", "--seed", "1", "--csv", str(path))
    code, out, _ = run(capsys, "simulate", "snap", "--games", "3", "--seed", "2", "--csv", str(path))
    assert code == 0 and f"written to {path}" in out
    assert list(pd.read_csv(path)["game"]) == [0, 1, 2]


def test_a_file_catcards_did_not_write_is_never_replaced_without_overwrite(capsys, tmp_path):
    # a teacher's deck (or /etc/passwd, run as root) named by mistake is kept, byte for byte
    deck = tmp_path / "cat_days_deck.csv"
    deck.write_text("name,kind,count\nLazy Cat,cat,3\n")
    code, _, err = run(capsys, "simulate", "snap", "--games", "3", "--csv", str(deck))
    assert code == 2 and "is not a table catcards wrote" in err and "--overwrite" in err
    assert deck.read_text() == "name,kind,count\nLazy Cat,cat,3\n"
    code, out, _ = run(capsys, "simulate", "snap", "--games", "3", "--csv", str(deck), "--overwrite")
    assert code == 0 and list(pd.read_csv(deck)["game"]) == [0, 1, 2]
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert run(capsys, "simulate", "snap", "--games", "2", "--csv", str(empty))[0] == 0
    assert run(capsys, "simulate", "snap", "--games", "2", "--csv", os.devnull)[0] == 0


def test_game_and_strategy_names_are_read_as_typed_text(capsys):
    # normal_name: case-folded, surrounding and doubled spaces ignored, Unicode NFC
    code, out, err = run(capsys, "simulate", " Simons-CAT ", "-n", "3", "--games", "6", "--seed", "5",
                         "--strategy", "SENSIBLE", " random", "Random ")
    assert code == 0, err
    _, canonical, _ = run(capsys, "simulate", "simons-cat", "-n", "3", "--games", "6", "--seed", "5",
                          "--strategy", "sensible", "random", "random")
    assert out == canonical
    assert [l.split()[1] for l in out.splitlines()[3:6]] == ["sensible", "random", "random"]
    assert run(capsys, "app", "NO such game")[0] == 2


def test_params_are_read_as_json_when_they_can_be():
    assert parse_param("first_player=1") == ("first_player", 1)
    assert parse_param("final_round=true") == ("final_round", True)
    assert parse_param("deck=dinohistoria") == ("deck", "dinohistoria")
    assert app_url("snap", 3, 7) == "?game=snap&players=3&seed=7"


@pytest.mark.skipif(shutil.which("catcards") is None, reason="the catcards console script is not installed (pip install -e .)")
def test_the_installed_command_runs():
    done = subprocess.run(["catcards", "list"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "simons-cat" in done.stdout
    done = subprocess.run(["catcards", "simulate", "nope"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("catcards: error: no game called 'nope'")


def test_parameters_written_as_python_literals_are_read(capsys):
    from catcards.cli import parse_param

    assert parse_param("final_round=True") == ("final_round", True)
    assert parse_param("final_round=true") == ("final_round", True)
    assert parse_param("max_hands=None") == ("max_hands", None)
    assert parse_param("penalties={'L': 4}") == ("penalties", {"L": 4})
    assert parse_param("deck=dinohistoria") == ("deck", "dinohistoria")


def test_a_seed_is_read_as_the_seed_boxes_and_the_app_address_read_it(capsys):
    """One reader of typed seeds (catcards.core.seed_from_text): "1,000" as the seed box takes
    it, the largest seed, and one past it refused in the words every seed refusal uses."""
    from catcards.core import seed_from_text

    code, out, _ = run(capsys, "simulate", "snap", "--games", "3", "--seed", "1,000")
    assert code == 0 and out.splitlines()[0] == "Snap: 2 players, 3 games, seed 1000"
    assert out == run(capsys, "simulate", "snap", "--games", "3", "--seed", "1000")[1]
    code, out, _ = run(capsys, "simulate", "snap", "--games", "1", "--seed", str(2**128 - 1))
    assert code == 0 and f"seed {2**128 - 1}" in out
    code, _, err = run(capsys, "app", "snap", "--seed", str(2**128))
    with pytest.raises(catcards.GameParameterError) as info:
        seed_from_text(str(2**128))
    assert code == 2 and f"argument --seed/-s: {info.value} (" in err


def test_app_refuses_a_negative_seed_before_starting_a_server(capsys):
    from catcards.cli import main

    assert main(["app", "cat-trick", "--seed", "-5"]) == 2
    err = capsys.readouterr().err
    assert "argument --seed/-s: the seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '-5'" in err


def test_a_record_that_returns_no_dict_is_a_clear_error():
    import pytest

    import catcards

    with pytest.raises(catcards.GameParameterError, match="record must return a dict"):
        catcards.simulate("snap", games=2, record=lambda s: 5, progress=False)


def test_app_serves_voila_with_kernels_of_gone_pages_shut_down(monkeypatch, capsys, tmp_path):
    """``catcards app`` serves the app notebook with Voila, with the culling options (a kernel whose
    page has gone is shut down after 10 minutes; one with its page open never is)."""
    import socket

    import catcards.cli as cli

    pytest.importorskip("voila")
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    started = []

    def fake_serve(argv, ready, stopping):
        assert capsys.readouterr().out == "Starting Snap as an app...\n"  # no address before it answers
        started.append(argv)
        ready()
        stopping(2)   # Ctrl+C, with two pages' kernels running

    monkeypatch.setattr(cli, "_serve_app", fake_serve)
    monkeypatch.setattr(cli, "_nothing_left_open", False)   # set by the app's stop; this process goes on
    monkeypatch.setattr(cli.os, "chdir", lambda path: None)
    monkeypatch.delenv("JUPYTER_PATH", raising=False)  # set for Voila below; restored after the test
    assert main(["app", "snap", "--players", "3", "--port", str(port)]) == 0
    (cmd,) = started
    assert cmd[0] == str(cli.APP)
    # Voila's lab template without its CDN stylesheets (ERR_NAME_NOT_RESOLVED offline), found on JUPYTER_PATH
    assert "--template=catcards-class" in cmd
    assert os.path.join("catcards", "classroom", "jupyter") in os.environ["JUPYTER_PATH"]
    assert "--MappingKernelManager.cull_idle_timeout=600" in cmd
    assert "--MappingKernelManager.cull_interval=60" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd
    assert "--VoilaExecutor.iopub_timeout=60" in cmd  # the table's output is not cut off on a busy server
    assert "--Voila.port_retries=0" in cmd  # the port printed is the port served, or none
    assert "--KernelManager.transport_encryption=auto" in cmd  # kernels' sockets encrypted (CurveZMQ)
    assert capsys.readouterr().out == (f"Serving Snap as an app: open http://127.0.0.1:{port}/?game=snap&players=3 "
                                       "in a browser (Ctrl+C stops it)\n"
                                       "Stopping: closing 2 kernels (the app's open games)...\nStopped.\n")
    assert cli._nothing_left_open   # run() then ends the process at once, as after `catcards class`


def test_app_prints_its_address_once_it_answers_and_nothing_a_teacher_cannot_act_on(tmp_path):
    """A fresh README user (issue: app-ready): `catcards app` printed its address about 6 s before
    it answered (a teacher who clicked at once was refused), and a page's load added a kernel's
    "Kernel is running over TCP without encryption ... eavesdropping" and tornado's "The
    websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000)".
    Here the address is requested the moment it is printed (not a timed test: it must answer
    then), its page is read whole and its websocket to the kernel opened as a browser does; what
    the terminal shows from start to Ctrl+C is the two lines of `catcards app`, nothing else."""
    import asyncio
    import base64
    import json
    import queue
    import re
    import socket
    import threading
    import time
    import urllib.error
    import urllib.request

    pytest.importorskip("voila")
    import psutil
    from tornado.websocket import websocket_connect

    from class_server import ctrl_c, free_port

    port = free_port()
    env = dict(os.environ, HOME=str(tmp_path), TMPDIR=str(tmp_path), MPLBACKEND="Agg")  # TMPDIR: no voila_* left in /tmp
    proc = subprocess.Popen([sys.executable, "-m", "catcards.cli", "app", "snap", "--port", str(port), "--seed", "3"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=tmp_path)
    lines: queue.Queue = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in proc.stdout], daemon=True)
    reader.start()
    shown = []
    try:
        while not shown or "open http" not in shown[-1]:
            shown.append(lines.get(timeout=120))  # a guard against a hang, not a timing test
        url = re.search(r"open (\S+) in a browser", shown[-1]).group(1)
        with urllib.request.urlopen(url, timeout=120) as page:  # before: ConnectionRefusedError
            html = page.read().decode()
        assert "catcards" in html
        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', html).group(1)

        async def open_channels() -> None:
            ws = await websocket_connect(f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels?session_id=test")
            await asyncio.sleep(0.5)
            ws.close()

        asyncio.run(open_channels())
        # break46: a page reloaded while its socket to the kernel was being opened (here a socket
        # closed at once, 4 times) printed about 90 lines of traceback each; so did a POST there
        for attempt in range(4):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall((f"GET /api/kernels/{kernel}/channels?session_id=s{attempt} HTTP/1.1\r\n"
                              f"Host: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                              f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
                              "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/kernels/{kernel}/channels", data=b"x")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 405 and "error" in json.loads(refused.value.read())
        time.sleep(1)
    finally:
        ctrl_c(proc, reader)
    while not lines.empty():
        shown.append(lines.get())
    # Ctrl+C is said and done as `catcards class` does it (it said nothing): the page's kernel
    # closed, then "Stopped.", and no kernel process is left
    assert shown == ["Starting Snap as an app...",
                     f"Serving Snap as an app: open http://127.0.0.1:{port}/?game=snap&seed=3 in a browser "
                     "(Ctrl+C stops it)",
                     "Stopping: closing 1 kernel (the app's open games)...",
                     "Stopped."], "\n".join(shown)
    assert proc.returncode == 0
    assert not [p for p in psutil.process_iter(["cmdline"])
                if f"kernel-{kernel}.json" in " ".join(p.info["cmdline"] or [])]


def test_a_tilde_in_a_typed_path_is_the_home_folder(capsys, tmp_path, monkeypatch):
    """A shell leaves "--csv=~/games.csv" and a quoted "~" as typed; catcards reads "~" as a shell
    would, for --csv and for a deck file given with --param."""
    monkeypatch.setenv("HOME", str(tmp_path))
    deck = "card,kind,count,setup,points,week,days,effect\n" + "".join(
        f"Sleepy Cat {i},cat,2,0,1,your,any,empty day\n" for i in range(30))
    (tmp_path / "deck.csv").write_text(deck, encoding="utf-8")
    code, out, err = run(capsys, "simulate", "cat-days", "--games", "2", "--seed", "1",
                         "--param", "deck=~/deck.csv", "--csv=~/games.csv")
    assert code == 0, err
    assert f"one row per game written to {tmp_path / 'games.csv'}" in out
    assert len(pd.read_csv(tmp_path / "games.csv")) == 2
    assert not (tmp_path / "~").exists() and not os.path.exists("~")


def test_version_says_catcards_and_python_versions(capsys):
    """``catcards --version``: catcards's version and Python's, on standard output (issue 30: one
    code path, nothing compiled to report)."""
    import platform

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"catcards {catcards.__version__} (Python {platform.python_version()})\n"


def test_class_and_kit_refuse_a_busy_port_and_bad_places_in_one_line_before_making_anything(capsys, tmp_path,
                                                                                            monkeypatch):
    """Break-it tester (issue 29): `catcards class` and `catcards kit` printed tracebacks for a
    busy port, a text file as the store and a name over 255 characters, and `--store mysql://...`
    made folders before refusing. Each is one line, status 2, and nothing is made."""
    import socket

    pytest.importorskip("voila")  # `catcards class` needs the lab extra
    monkeypatch.chdir(tmp_path)  # a folder made from a relative place would appear here
    notes = tmp_path / "notes.txt"
    notes.write_text("lesson notes\n")
    long = "a" * 300
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        cases = [
            (["class", "snap", "--port", port, "--store", str(tmp_path / "store")],
             f"the port {port} is in use (another class or program serves on it); stop that one, or choose "
             "another port with --port"),
            (["class", "snap", "--store", str(notes)], "is not a SQLite database (it does not start with 'SQLite format 3')"),
            (["class", "snap", "--store", str(tmp_path / long)], "is 300 bytes long; a file or folder name is at most 255 bytes"),
            (["class", "snap", "--store", "mysql://teacher@school/lesson"],
             "a store is a SQLite file or folder, or a postgresql:// URL, not a mysql:// URL"),
            (["class", "snap", "--ip", "192.0.2.1", "--store", str(tmp_path / "store")],
             "--ip 192.0.2.1 is not an address of this computer"),
            (["class", "snap", "--max-students", "3001"], "--max-students: must be a whole number from 1 to 3,000"),
            # break-it: an empty --store was read as no --store, and the default store was used
            (["class", "snap", "--store", ""], "a store is a folder or SQLite file, or a postgresql:// URL; got nothing"),
            (["class", "snap", "--store="], "a store is a folder or SQLite file, or a postgresql:// URL; got nothing"),
            # break-it (a teacher's typo): a regular-expression character made a traceback, after the store was made
            (["class", "snap", "--base-url", "/a(b/", "--store", str(tmp_path / "store")],
             "--base-url '/a(b/' is not a path prefix: give one like /services/catcards-class/"),
            (["class", "snap", "--base-url", "/x/../y", "--store", str(tmp_path / "store")], "no . or .. parts"),
            # break62t: a browser reads %2e as a dot, so the printed links led elsewhere
            (["class", "snap", "--base-url", "/%2e%2E/", "--store", str(tmp_path / "store")], "no . or .. parts"),
            (["class", "snap", "--base-url", "/u/%2E/", "--store", str(tmp_path / "store")], "no . or .. parts"),
            # a host the server answers to (DNS rebinding): a name or an IP address, no port, path or *
            (["class", "snap", "--allow-host", "http://evil.example/", "--store", str(tmp_path / "store")],
             "--allow-host 'http://evil.example/' is not a host name"),
            (["class", "snap", "--allow-host", "*", "--store", str(tmp_path / "store")], "no port, no http://, no *"),
            # break-it: `catcards app` printed "open http://127.0.0.1:PORT/" for a busy port, then Voila served on PORT + 1
            (["app", "snap", "--port", port], f"the port {port} is in use"),
            (["kit", str(tmp_path / long)], "is 300 bytes long; a file or folder name is at most 255 bytes"),
            (["kit", str(tmp_path / long / "kit")], "is 300 bytes long"),
        ]
        for argv, message in cases:
            code, out, err = run(capsys, *argv)
            assert (code, out) == (2, ""), (argv, err)
            assert err.startswith("catcards: error: ") and message in err, (argv, err)
            assert "Traceback" not in err and err.count("\n") == 1, (argv, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]  # nothing made
    assert notes.read_text() == "lesson notes\n"
    done = subprocess.run([sys.executable, "-m", "catcards.cli", "class", "snap", "--store", str(notes)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_class_prints_its_links_and_then_only_one_line_about_the_tables(tmp_path):
    """Break-it (a teacher's read, issue 29): after the links `catcards class` printed about 100
    lines of Voila's log (per kernel "Notebook ... is not trusted", "Kernel is running over TCP
    without encryption ... eavesdropping", "Kernel started"), so the dashboard link scrolled away
    and the word "eavesdropping" worried a teacher. What a teacher's terminal shows (standard
    output and error together), from the start until every table is ready: the links, the
    dashboard link near the end, one line about the tables, nothing of Voila's routine log; and
    at Ctrl+C no traceback (each preheated kernel still waiting for a student logged a
    "ZMQError: Socket operation on non-socket" traceback as the server closed it). The join
    link answers as soon as it is printed (issue app-ready: `catcards app` printed its address
    seconds before it answered; the class server prints its links once it listens)."""
    import threading
    import urllib.request

    pytest.importorskip("voila")
    from class_server import ctrl_c, free_port

    port = free_port()
    env = dict(os.environ, HOME=str(tmp_path), TMPDIR=str(tmp_path), MPLBACKEND="Agg")  # TMPDIR: no voila_* left in /tmp
    proc = subprocess.Popen([sys.executable, "-m", "catcards.cli", "class", "snap", "--port", str(port),
                             "--store", str(tmp_path / "store"), "--preheat", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=tmp_path)
    lines: list[str] = []
    ready = threading.Event()
    joinable = threading.Event()

    def read() -> None:
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("Students join at "):
                joinable.set()
            if "(all ready)" in line:
                ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert joinable.wait(240), "\n".join(lines[-30:])  # a guard against a hang, not a timing test
        join_url = next(line for line in lines if line.startswith("Students join at ")).split()[-1]
        with urllib.request.urlopen(join_url, timeout=60) as page:  # answers once printed, not refused
            assert page.status == 200 and "<form" in page.read().decode()
        assert ready.wait(240), "\n".join(lines[-30:])  # a guard against a hang, not a timing test
    finally:
        ctrl_c(proc, reader)
    assert not [line for line in lines if "Traceback" in line or "Error" in line], "\n".join(lines[-30:])
    assert lines[-1].startswith("Stopped. Class ") and lines[-1].endswith("with the same code."), lines[-3:]
    start = lines[:next(i for i, line in enumerate(lines) if "(all ready)" in line) + 1]
    shown = "\n".join(start)
    for noise in ("eavesdropping", "is not trusted", "Kernel started", "[ClassServer]", "[IPKernelApp]", "Traceback"):
        assert noise not in shown, noise
    dashboard = next(i for i, line in enumerate(lines) if "/dashboard#token=" in line)
    ready_line = next(i for i, line in enumerate(lines) if "(all ready)" in line)
    # under the links: the first count, then "all ready" (only that when the tables were ready
    # before the first count, as on a fast machine); never a count above the links
    tables = lines[dashboard + 3:ready_line + 1]
    assert lines[dashboard + 1:dashboard + 3] == [
        "", "Ctrl+C stops the server; the class and its results stay in the store."], shown
    assert tables in (["Students' tables ready: 2 of 2 (all ready)"],
                      ["Students' tables ready: 0 of 2", "Students' tables ready: 2 of 2 (all ready)"],
                      ["Students' tables ready: 1 of 2", "Students' tables ready: 2 of 2 (all ready)"]), shown
    assert sum("tables ready" in line for line in lines) == len(tables), shown
    assert lines[0].startswith("Snaps in one pass through the deck: class ") and len(start) <= 40, shown
    # the default address (127.0.0.1) answers this computer only: said under the links
    join = next(i for i, line in enumerate(lines) if line.startswith("or open "))
    assert lines[join + 1] == ("(This address works on this computer only. For students' phones and laptops, "
                               "stop with Ctrl+C and start again with --ip 0.0.0.0.)"), shown


def test_class_verbose_shows_voilas_log(monkeypatch):
    """`catcards class --verbose` keeps Voila's and the kernels' routine lines (INFO)."""
    pytest.importorskip("voila")
    from catcards.classroom import server

    seen = {}
    monkeypatch.setattr(server, "run_class", lambda game, **kw: seen.update(kw, game=game) or 0)
    assert main(["class", "snap", "--verbose"]) == 0 and seen["verbose"] is True
    assert main(["class", "snap"]) == 0 and seen["verbose"] is False
    assert "--Voila.log_level=INFO" in server._voila_argv("127.0.0.1", 8867, "/", 2, verbose=True)
    assert "--Voila.log_level=ERROR" in server._voila_argv("127.0.0.1", 8867, "/", 2)


def test_a_worker_process_that_died_is_said_as_such_not_as_a_game_without_a_limit(capsys, monkeypatch):
    """A process pool's worker killed mid-run (concurrent.futures' BrokenProcessPool, a
    RuntimeError) is not "give the game a limit": the advice is to run again."""
    from concurrent.futures.process import BrokenProcessPool

    def broken(*args, **kwargs):
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    monkeypatch.setattr(catcards, "simulate", broken)
    assert main(["simulate", "pairs", "--games", "10", "--executor", "processes"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("catcards: error: a worker process of the run stopped unexpectedly")
    assert "max_hands" not in err and err.count("\n") == 1


def test_ctrl_c_while_the_app_works_stops_it_between_two_steps_not_in_the_middle_of_one(tmp_path, monkeypatch):
    """Ctrl+C in `catcards app` while a page was being rendered raised KeyboardInterrupt inside
    the render: "Task exception was never retrieved" and a traceback in the teacher's terminal.
    Now it stops tornado's loop between two callbacks (then Voila shuts its kernels down). Here
    Ctrl+C arrives while a callback of the loop is working: the callback ends its work and
    ``_serve_app`` returns."""
    import signal
    import socket
    import time

    pytest.importorskip("voila")
    from catcards import cli

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    monkeypatch.setenv("HOME", str(tmp_path))
    finished = []

    def busy_when_interrupted() -> None:  # a page's render, say
        os.kill(os.getpid(), signal.SIGINT)
        end = time.process_time() + 0.3
        while time.process_time() < end:
            pass
        finished.append(True)

    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        cli._serve_app(cli._app_argv(port), busy_when_interrupted)  # before: KeyboardInterrupt
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    assert finished == [True]


def test_ctrl_c_while_the_command_imports_catcards_says_interrupted_not_a_traceback(tmp_path):
    """A hostile tester pressed Ctrl+C in the first 0.3 s of `catcards app`: Python printed a
    KeyboardInterrupt traceback from the middle of numpy's import, while a Ctrl+C a moment later
    said "catcards: interrupted" (status 130). Importing catcards.cli runs the package's imports
    before main() can catch it; the installed command's entry point ([project.scripts]) is now a
    module outside the package that catches it. Run here as the installed script runs it, with
    Ctrl+C sent once numpy's import has begun (``-X importtime`` says so on standard error)."""
    import signal
    import threading
    import tomllib

    from class_server import REPO, free_port

    target = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]["catcards"]
    module, function = target.split(":")
    script = f"import sys; from {module} import {function}; sys.argv[0] = 'catcards'; sys.exit({function}())"
    env = dict(os.environ, HOME=str(tmp_path), PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-X", "importtime", "-c", script, "app", "snap", f"--port={free_port()}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as a terminal's
    said: list[str] = []
    importing = threading.Event()

    def read() -> None:
        for line in proc.stderr:
            said.append(line.decode(errors="replace"))
            if "numpy" in said[-1]:
                importing.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert importing.wait(60), "".join(said)[-2000:]
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    reader.join(10)
    out = proc.stdout.read()
    words = [line for line in said if not line.startswith("import time:")]
    assert proc.returncode == 130 and words == ["catcards: interrupted\n"] and out == b"", "".join(words)[-3000:]


def test_the_app_drops_only_a_write_to_a_websocket_the_browser_closed():
    """``catcards app``'s filter on the asyncio logger: a message written to a page's websocket
    after the page was left printed a 15-line "Task exception was never retrieved" traceback at
    Ctrl+C (CI's lowest-versions run, a README user); any other task exception still shows."""
    import logging

    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    from catcards.voila_options import not_a_closed_websocket

    def record(exc):
        try:
            raise exc
        except Exception:
            return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "Task exception was never retrieved",
                                     (), sys.exc_info())

    assert not not_a_closed_websocket(record(WebSocketClosedError()))
    assert not not_a_closed_websocket(record(StreamClosedError()))
    assert not_a_closed_websocket(record(ValueError("a real bug")))
    assert not_a_closed_websocket(logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "no exception", (), None))


def test_list_shows_a_plugin_games_long_empty_or_odd_texts_within_80_columns(capsys, monkeypatch):
    """break48: a plugin game's long title stood on one line 221 characters wide; an empty title
    left "name: " and an empty teaches an empty line (two blank lines between blocks); a title's
    newline and terminal escape (ESC[31m) went to the terminal as they were."""
    from catcards.registry import GAMES

    snap = catcards.game_class("snap")
    games = dict(GAMES._items)
    for name, title, teaches in (("zz-long", "A " + "very " * 40 + "long title", "x" * 150 + " and more"),
                                 ("zz-empty", "", ""),
                                 ("zz-odd", "Line one\nLine two\x1b[31mred", "tab\there\nnext")):
        games[name] = type(name.replace("-", "_"), (snap,), {"name": name, "title": title, "teaches": teaches})
    monkeypatch.setattr(GAMES, "_items", games)
    code, out, _ = run(capsys, "list")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80
    blocks = {block.splitlines()[0].split(":")[0]: block.splitlines() for block in out.strip().split("\n\n")}
    assert blocks["zz-long"][0] == "zz-long: A" + " very" * 14 and blocks["zz-long"][1] == " " * 16 + "very " * 12 + "very"
    assert "".join(blocks["zz-long"][-3:]).replace(" ", "") == "teaches" + "x" * 150 + "andmore"
    assert blocks["zz-empty"] == ["zz-empty", "    players     2-6", "    strategies  random",
                                  "    parameters  players, deck, first_player, max_turns"]
    assert blocks["zz-odd"][0] == "zz-odd: Line one Line two\\x1b[31mred"
    assert blocks["zz-odd"][-1] == "    teaches     tab here next"
    assert "\x1b" not in out and "\n\n\n" not in out


@pytest.mark.parametrize("argv, option", [
    (["app", "snap", "--players", "3", "--players", "4"], "--players/-n"),
    (["app", "snap", "-n", "3", "--players", "4"], "--players/-n"),
    (["class", "snap", "--port", "9000", "--port", "9001"], "--port"),
    (["class", "snap", "--store", "a", "--store", "b"], "--store"),
    (["simulate", "snap", "--games", "3", "--games", "4"], "--games/-k"),
    (["simulate", "snap", "--seed", "1", "-s", "1"], "--seed/-s"),
    (["results", "--store", "a", "--store", "b"], "--store"),
    (["kit", "folder", "--paper", "A4", "--paper", "letter"], "--paper"),
    (["kit", "folder", "--force", "--force"], "--force"),
])
def test_an_option_given_twice_is_refused_in_one_line(capsys, monkeypatch, tmp_path, argv, option):
    """Break-it (break56): `catcards app snap --players 3 --players 4` took the last silently
    (argparse's way), while the app's address refuses a doubled parameter. Every option taking
    one value, and every switch, is refused when given twice, before anything runs; the
    repeatable ones (--param, --strategy, --allow-host) still add up."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), err
    assert err == (f"catcards: error: argument {option}: is given more than once; give it once "
                   f"(`catcards {argv[0]} --help` lists the arguments)\n")
    assert list(tmp_path.iterdir()) == []  # nothing made


def test_repeatable_options_still_add_up(capsys):
    from catcards.cli import _parser

    args = _parser().parse_args(["simulate", "snap", "-p", "max_turns=5", "-p", "first_player=1",
                                 "--strategy", "random", "--strategy", "random"])
    assert args.param == [("max_turns", 5), ("first_player", 1)] and args.strategy == ["random", "random"]
    assert not hasattr(args, "_catcards_options_given")
    args = _parser().parse_args(["class", "snap", "--allow-host", "a.example", "--allow-host", "b.example"])
    assert args.allow_host == ["a.example", "b.example"]


def test_without_the_lab_extra_the_class_and_app_say_how_to_install_it_from_the_clone(monkeypatch, capsys):
    """readme61b: without the lab extra, ``catcards.classroom.start_class`` raised a bare
    ``ModuleNotFoundError: No module named 'sqlalchemy'``, and the commands said ``pip install
    'catcards[lab]'``, a package name the README never installs (catcards is installed from its
    clone). Both say the README's command now."""
    import builtins

    import catcards.classroom
    from catcards.core import CatcardsError

    real_import = builtins.__import__

    def no_sqlalchemy(name, *args, **kwargs):
        if name == "sqlalchemy" or name.startswith("sqlalchemy."):
            raise ModuleNotFoundError("No module named 'sqlalchemy'", name="sqlalchemy")
        return real_import(name, *args, **kwargs)

    for module in [m for m in sys.modules if m.startswith(("catcards.classroom.pool", "catcards.classroom.store"))]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr(builtins, "__import__", no_sqlalchemy)
    with pytest.raises(CatcardsError, match=r'sqlalchemy.*in the catcards folder: pip install -e "\.\[lab\]"'):
        catcards.classroom.start_class("snap")
    code, _, err = run(capsys, "results", "ABC234")
    assert code == 2 and 'in the catcards folder: pip install -e ".[lab]"' in err, err
