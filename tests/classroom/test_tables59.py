"""Hostile tester (break59) on the class tables: a game sent again after an outage, and the
kernels the tables start.

1. A counted result must never be lost or changed. The class server was out of reach while a
   student turned the last two cards of a Snap pass (the table kept each move on the server,
   ``POST class/CODE/progress``; those two did not get there, nor did the finished game). Once
   the server was back, "Send game 1 again" asked ``/game``, was given the game as the server last
   kept it ("50 cards turned" of 52), and put that on the table instead of the finished game: the
   game the student had played to its end was not the one sent (they had to play its end again).
   Fixed: a game over on the table and not counted is sent again as the table holds it, and kept
   on the server first (so a reload after that resumes the finished game, not an older one).
2. The tables' kernels started with the ``python3`` kernelspec Jupyter finds first: one in the
   teacher's ``~/.local/share/jupyter/kernels`` (first outside a virtual environment they own,
   or with ``JUPYTER_PREFER_ENV_PATH=0``; a folder in ``JUPYTER_PATH`` always) pointing at
   another Python started every table with it, outside the environment catcards runs in.
   Fixed: the server's kernel spec manager (``OwnPythonKernels``) reads no kernelspec folder,
   and its ``python3`` is ipykernel's own, this server's ``sys.executable``.
3. A malformed widget ``comm_open`` a script sends to its own table kernel was answered with a
   Python traceback naming the server's files; now with one line.
"""
from __future__ import annotations

import json
import re
import sys
import urllib.error
import uuid
from pathlib import Path

import pytest
import requests

from class_server import ClassProcess, free_port
from catcards.classroom.server import TEMPLATES
from test_class_app import FakeClass, run_app
from test_pairs_table_break55 import TableSocket


class FlakyClass(FakeClass):
    """A stand-in class server that cannot be reached while ``down`` is true."""

    down = False

    def urlopen(self, request, timeout=None):
        if self.down:
            raise urllib.error.URLError("Connection refused")
        return super().urlopen(request, timeout)


def test_a_game_finished_while_the_server_was_out_of_reach_is_sent_again_as_played(monkeypatch):
    fake = FlakyClass(games=[(0, 11), (0, 11), (1, 12)],
                      results=[(201, {"counted": {"value": 3}, "games": 1})])
    app = run_app(monkeypatch, fake)
    table, note, button = app["table"], app["note"], app["next_button"]
    for _ in range(50):
        table._run(table.press_turn)
    assert len(json.loads(fake.kept[0])["actions"]) == 50  # the server keeps the game move by move
    fake.down = True  # the server is out of reach for the last two cards and the finished game
    for _ in range(2):
        table._run(table.press_turn)
    assert table.state.is_over and [path for path, _ in fake.sent] == ["game"]
    finished = table.state.to_json()
    assert "Not counted: the class server cannot be reached" in note.value
    assert button.description == "Send game 1 again" and button.layout.display == "flex"

    fake.down = False
    button.click()
    # the finished game, as the student played it, is kept and sent; not the 50 cards the server kept
    assert fake.kept[0] == finished
    assert [path for path, _ in fake.sent] == ["game", "game", "results"]
    assert fake.sent[-1][1]["save"] == finished
    assert table.state.to_json() == finished
    assert "Counted for the class: <b>3 snaps</b>" in note.value
    assert button.description == "Play another game"
    button.click()
    assert table.state.seed == 12 and "Game 2." in note.value
    table.close()


def test_a_send_again_while_the_server_is_still_out_of_reach_keeps_the_finished_game(monkeypatch):
    """Pressed while the server is still out of reach, "Send game 1 again" says so and keeps the
    finished game on the table, to be sent at the next press (the page is not to be reloaded: a
    new table would have only what the server kept)."""
    fake = FlakyClass(games=[(0, 11), (0, 11)], results=[(201, {"counted": {"value": 3}, "games": 1})])
    app = run_app(monkeypatch, fake)
    table, note, button = app["table"], app["note"], app["next_button"]
    for _ in range(51):
        table._run(table.press_turn)
    fake.down = True
    table._run(table.press_turn)
    finished = table.state.to_json()
    button.click()
    assert "cannot be reached" in note.value and "reload" not in note.value.lower()
    assert "Send game 1 again" in note.value and button.layout.display == "flex"
    assert table.state.to_json() == finished
    fake.down = False
    button.click()
    assert fake.sent[-1][1]["save"] == finished and "Counted for the class" in note.value
    table.close()


def test_the_class_page_says_to_keep_the_table_open_while_the_server_is_out_of_reach():
    """server61: while the class server could not be reached, the student's page said "If this
    stays, reload the page in a minute". A reload loses the moves the server did not keep, and
    the end of a game finished meanwhile (its "Send game N again" is on the table, which a reload
    replaces). The page says to keep it open and wait, and to press "Send game ... again" once the
    server answers, if the table says "Not counted"."""
    page = (TEMPLATES / "student.html").read_text(encoding="utf-8")
    refresh = page[page.index("function refresh()"):page.index("var joining = false")]
    said = re.findall(r'say\("(The class server cannot be reached[^"]*)"', refresh)
    assert len(said) == 1 and not re.search(r"reload (the|this) page", said[0], re.I), said
    assert "Keep this page open and wait" in said[0] and "Send game" in said[0] and "Not counted" in said[0]


def test_play_another_game_while_the_server_is_out_of_reach_says_to_press_it_again(monkeypatch):
    """server61: "Play another game" pressed while the class server could not be reached said
    "No table: ...; reload the page in a moment" over the finished game, with the button still
    there. Nothing is lost by pressing it again: the table says so, and the next press deals."""
    fake = FlakyClass(games=[(0, 11), (1, 12)], results=[(201, {"counted": {"value": 3}, "games": 1})])
    app = run_app(monkeypatch, fake)
    table, note, button = app["table"], app["note"], app["next_button"]
    for _ in range(52):
        table._run(table.press_turn)
    assert "Counted for the class" in note.value and button.description == "Play another game"
    fake.down = True
    button.click()
    assert "cannot be reached" in note.value and "reload" not in note.value.lower(), note.value
    assert "Press &ldquo;Play another game&rdquo; in a moment" in note.value
    assert button.layout.display == "flex"
    fake.down = False
    button.click()
    assert table.state.seed == 12 and "Game 2." in note.value
    table.close()


def other_python(folder: Path, marker: Path) -> Path:
    """A ``python3`` kernelspec in ``folder/kernels`` whose "Python" only writes ``marker`` and
    fails (as a Python without ipykernel, or without catcards, would). Returns the spec's folder."""
    fake = folder / "other-python"
    fake.parent.mkdir(parents=True, exist_ok=True)
    fake.write_text(f"#!/bin/sh\ntouch {marker}\necho 'No module named ipykernel_launcher' >&2\nexit 1\n")
    fake.chmod(0o755)
    spec = folder / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [str(fake), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Another Python", "language": "python"}))
    return spec


def test_the_servers_kernel_specs_are_its_own_python_whatever_folders_hold(tmp_path, monkeypatch):
    from catcards.classroom.server import OwnPythonKernels, _voila_argv

    marker = tmp_path / "ran"
    other_python(tmp_path / "data", marker)
    other_python(tmp_path / "path", marker)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "path"))
    monkeypatch.setenv("JUPYTER_PREFER_ENV_PATH", "0")
    specs = OwnPythonKernels()
    assert list(specs.find_kernel_specs()) == ["python3"]
    assert specs.get_kernel_spec("python3").argv == [sys.executable, "-m", "ipykernel_launcher", "-f",
                                                     "{connection_file}"]
    assert "--VoilaConfiguration.kernel_spec_manager_class=catcards.classroom.server.OwnPythonKernels" \
        in _voila_argv("127.0.0.1", 8867, "/", 1)


def test_catcards_apps_kernel_specs_are_its_own_python_too(tmp_path, monkeypatch):
    """server61: ``catcards app`` (the single-user Voila app) still found ``python3`` as Jupyter
    does, so a teacher's kernelspec of another Python started each game's kernel with it. Its
    Voila, set up by the command's arguments as ``_serve_app`` sets it up, uses the class
    server's :class:`OwnPythonKernels`: the app's pages run catcards' own Python."""
    import signal

    from traitlets.config import Config
    from voila.app import Voila

    from catcards.classroom.server import OwnPythonKernels
    from catcards.cli import _app_argv
    from catcards.voila_options import APP_QUIET_CONFIG
    from class_server import free_port

    marker = tmp_path / "ran"
    other_python(tmp_path / "data", marker)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("JUPYTER_PREFER_ENV_PATH", "0")
    app = Voila(config=Config(APP_QUIET_CONFIG))
    handler = signal.getsignal(signal.SIGTERM)
    try:
        app.initialize(_app_argv(free_port()))
    finally:
        signal.signal(signal.SIGTERM, handler)
    assert app.voila_configuration.kernel_spec_manager_class is OwnPythonKernels
    specs = app.voila_configuration.kernel_spec_manager_class(parent=app)  # as Voila's init_settings makes it
    assert list(specs.find_kernel_specs()) == ["python3"]
    assert specs.get_kernel_spec("python3").argv[0] == sys.executable


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A real class server, started from a HOME whose ``~/.local/share/jupyter/kernels/python3``
    points at another "Python" (found first: ``JUPYTER_PREFER_ENV_PATH=0``, as outside a virtual
    environment the teacher owns). Yields its JSON line (with ``base``) and ``marker``, the file
    the other "Python" writes if it is ever run."""
    tmp = tmp_path_factory.mktemp("tables59")
    home, marker = tmp / "home", tmp / "other-python-ran"
    other_python(home / ".local" / "share" / "jupyter", marker)
    process = ClassProcess(tmp / "store", free_port(), home)
    try:
        info = process.start(env={"JUPYTER_PREFER_ENV_PATH": "0"}, extra=("--preheat=2",))
        yield {**info, "marker": marker}
    finally:
        process.stop()


def open_table(served) -> tuple[requests.Session, str]:
    """Join the class and open the student's table page: the session (its ``_xsrf`` cookie) and
    the page's text."""
    session = requests.Session()
    token = session.post(served["join_url"] + "/join", json={}, timeout=30).json()["student"]
    page = session.get(served["base"] + f"?student={token}", timeout=60)
    assert page.status_code == 200, page.text[-500:]
    return session, page.text


def test_a_table_opens_with_the_servers_python_beside_a_teachers_kernelspec_of_another(served):
    """A student's table opens and deals, and the other "Python" was never run. Before the fix
    the page never had a table (each kernel's start failed)."""
    _, page = open_table(served)
    assert re.search(r'"kernelId": "[0-9a-f-]{36}"', page) and "Game 1." in page, page[-500:]
    assert not served["marker"].exists()


class KernelSocket(TableSocket):
    """A script on its student's table websocket (:class:`TableSocket`'s ``send`` and ``read``),
    having asked nothing yet (no widget states: quick)."""

    def __init__(self, base: str, kernel: str, xsrf: str):
        from websockets.sync.client import connect

        url = base.replace("http://", "ws://", 1) + f"api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"
        self.ws = connect(url, open_timeout=60, max_size=None, additional_headers={"Cookie": f"_xsrf={xsrf}"})
        self.ws.__enter__()  # closed by close()


def stream_text(table: KernelSocket, seconds: float = 20) -> list[str]:
    """The texts of the kernel's next ``stream`` messages (waiting at most ``seconds`` for one)."""
    for _ in range(int(seconds / 0.5)):
        texts = [m["content"]["text"] for m in table.read(0.5) if m.get("msg_type") == "stream"]
        if texts:
            return texts
    return []


def test_a_malformed_comm_open_is_refused_in_one_line_without_a_traceback(served):
    """3. A script on the student's own table websocket opened the widget control comm with another
    protocol version (or none): the kernel answered on its websocket (a ``stream`` message, which
    every websocket of that kernel gets, the student's page too; the page shows none) with a
    Python traceback naming the server's files. It answers one line saying what is wrong."""
    session, page = open_table(served)
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)
    table = KernelSocket(served["base"], kernel, session.cookies["_xsrf"])
    try:
        said = []
        for metadata in ({"version": "0.1"}, {}):
            table.send("comm_open", {"comm_id": str(uuid.uuid4()), "target_name": "jupyter.widget.control",
                                     "data": {}}, metadata)
            said += stream_text(table)
        assert len(said) == 2, said
        for text in said:
            assert "Incompatible widget control protocol versions" in text and "ValueError" in text, text
            assert "Traceback" not in text and 'File "' not in text and ".py" not in text, text
            assert text.count("\n") == 1, text
    finally:
        table.close()
