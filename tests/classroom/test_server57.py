"""The class server hardened after a hostile tester's report (server57): every answer says
``Referrer-Policy: no-referrer`` (Voila's table page and files too), no ``voila.py`` or
``voila.json`` is read from the folder the server starts in, and table pages opened at once
across the whole class are bounded (:data:`~catcards.classroom.server.TABLE_STARTS`).

Real servers (``catcards class snap --json`` as a subprocess, :class:`class_server.ClassProcess`),
and the pool's handlers alone for the refusal's rules.
"""
from __future__ import annotations

import contextlib
import json
import re
import threading
from pathlib import Path

import pytest
import requests

from catcards.classroom.activities import activity
from class_server import ClassProcess, class_process, free_port, handlers_served

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.fixture(scope="module")
def server():
    """A class server of this module (``info`` of its JSON line, ``base``, ``process``)."""
    with class_process("catcards-class57-") as info:
        yield info


def join(server) -> str:
    reply = requests.post(server["join_url"] + "/join", json={}, timeout=30)
    assert reply.status_code == 201, reply.text
    return reply.json()["student"]


def test_every_answer_says_no_referrer_the_table_page_and_its_files_too(server):
    """Hostile tester: a student's table is at ``?student=TOKEN``, and its page (Voila's) sent no
    ``Referrer-Policy``, so the browser sent that address, token and all, as the ``Referer`` of the
    page's requests; the join page and the dashboard said ``no-referrer``. Now every answer does:
    the table page, each file it loads, Voila's refusals and errors, the pool's pages."""
    base = server["base"]
    page = requests.get(base + "?student=" + join(server), headers=BROWSER, timeout=120)
    assert page.status_code == 200 and "kernelId" in page.text
    assert page.headers["Referrer-Policy"] == "no-referrer"
    files = [f for f in re.findall(r'(?:src|href)="(/[^"]+)"', page.text) if f.startswith("/voila/")]
    assert len(files) >= 3, files  # its script, style sheets
    for address in files:
        reply = requests.get(base.rstrip("/") + address, timeout=30)
        assert (reply.status_code, reply.headers.get("Referrer-Policy")) == (200, "no-referrer"), address
    for path, status in (("?student=nobody", 403), ("voila/templates/lab/static/no-such-file.css", 404),
                         ("lab", 404), ("api/kernels", 403), ("class", 200), (f"class/{server['code']}", 200),
                         ("class/XXXXXX", 404), ("favicon.ico", 204)):
        for headers in (BROWSER, {"Accept": "application/json"}):
            reply = requests.get(base + path, headers=headers, timeout=30, allow_redirects=False)
            assert (reply.status_code, reply.headers.get("Referrer-Policy")) == (status, "no-referrer"), (path, headers)
    wrong_host = requests.get(base + "class", headers={"Host": "evil.example"}, timeout=30)
    assert (wrong_host.status_code, wrong_host.headers.get("Referrer-Policy")) == (403, "no-referrer")


def test_a_refused_table_page_is_json_for_a_script_and_a_short_page_for_a_browser(server):
    """Every refusal is a 4xx JSON error, or a short page for a browser (the student's table
    frame): the table page's refusals were a page for scripts too."""
    script = requests.get(server["base"] + "?student=nobody", headers={"Accept": "application/json"}, timeout=30)
    assert (script.status_code, script.headers["Content-Type"]) == (403, "application/json")
    assert script.json()["error"].startswith("You have not joined this class: open the join link")
    browser = requests.get(server["base"] + "?student=nobody", headers=BROWSER, timeout=30)
    assert browser.status_code == 403 and browser.headers["Content-Type"].startswith("text/html")
    assert '<p role="alert">You have not joined this class: open the join link' in browser.text


def test_table_pages_opened_at_once_across_the_class_are_bounded(server):
    """Hostile tester: each seat may open its table 6 times at once, so a script holding 50 seats
    started about 300 kernels together (the kernels running were capped, not those starting).
    Now at most TABLE_STARTS table pages are opened at once across the class: here TABLE_STARTS
    + 4 students' tables asked at the same moment, with one table preheated, open at most
    TABLE_STARTS + 1 kernels; the others are refused 429 with a JSON error saying to wait.
    Their refusal did not count against their own rate: once the others are open, theirs opens.
    (On a busy computer a kernel now and then dies as it starts, and Voila never finishes its
    page, sending its "still working" heartbeat for ever: such a page, unanswered after 120 s
    here, is counted as neither.)"""
    from catcards.classroom.server import TABLE_STARTS, TABLES_BUSY

    tokens = [join(server) for _ in range(TABLE_STARTS + 4)]
    answers: dict[str, requests.Response] = {}
    ready = threading.Barrier(len(tokens))

    def open_table(token: str) -> None:
        ready.wait(30)
        try:
            answers[token] = requests.get(server["base"] + "?student=" + token,
                                          headers={"Accept": "application/json"}, timeout=120)
        except requests.RequestException:
            pass

    threads = [threading.Thread(target=open_table, args=(token,), daemon=True) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    statuses = sorted(answer.status_code for answer in answers.values())
    assert len(statuses) >= len(tokens) - 2 and set(statuses) <= {200, 429}, statuses
    opened = [t for t, a in answers.items() if a.status_code == 200 and "kernelId" in a.text]
    refused = [t for t, a in answers.items() if a.status_code == 429]
    assert len(opened) <= TABLE_STARTS + 1 and len(refused) >= 3, statuses
    for token in refused:
        answer = answers[token]
        assert answer.headers["Content-Type"] == "application/json"
        assert answer.json() == {"error": TABLES_BUSY} and "wait 5 s and reload" in TABLES_BUSY
    again = requests.get(server["base"] + "?student=" + refused[0], timeout=120)
    assert again.status_code == 200 and "kernelId" in again.text


@pytest.fixture
def small_class(tmp_path):
    """The pool's handlers (no Voila) in front of a class of 30."""
    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer
    from catcards.classroom.store import open_store

    store = open_store(tmp_path / "store")
    pool = Pool(store, max_students=30)
    server = ClassServer()
    server.pool, server.info, server.activity = pool, pool.start("snap"), activity("snap/snaps-per-pass")
    server.max_tables = 60
    with handlers_served(server):
        yield server
    store.close()


def test_a_table_page_beyond_the_pages_being_opened_is_refused_429_and_comes_back_by_itself(small_class):
    """The rule behind the bound: while TABLE_STARTS pages are being opened
    (:meth:`ClassServer.opening_table`, a :class:`TablePlace` each), one more is refused 429 (TABLES_BUSY) without using the
    student's own allowance (6 at once); as soon as one is open, it opens. The pages being opened
    count against the kernels the server may hold too (503 when they would pass it). A browser
    is shown a short page that opens the table again by itself after a few seconds."""
    from catcards.classroom.server import (TABLE_RATE_PER_STUDENT, TABLE_STARTS, TABLES_BUSY, TABLES_BUSY_PAGE,
                                           _refusal_page)

    server = small_class
    ana = server.pool.join(server.code, client="127.0.0.1").token
    with contextlib.ExitStack() as opening:
        for _ in range(TABLE_STARTS):
            opening.enter_context(server.opening_table())
        for _ in range(10):
            assert server.table_refusal(ana) == (429, TABLES_BUSY)
        opening.close()  # one ends: the next page opens
        assert server._tables_opening == 0
    assert [server.table_refusal(ana) for _ in range(int(TABLE_RATE_PER_STUDENT[0]))] == [None] * 6
    assert server.table_refusal(ana)[0] == 429 and "wait 20 s" in server.table_refusal(ana)[1]
    ben = server.pool.join(server.code, client="127.0.0.2").token
    server.live_tables = lambda: server.max_tables - 2
    with server.opening_table():
        assert server.table_refusal(ben) is None
        with server.opening_table():
            assert server.table_refusal(ben) == (503, "The class server is full right now: wait a minute and reload.")
    place = server.opening_table()  # given back once, however often released (its kernel named, its browser gone)
    assert server._tables_opening == 1
    place.release()
    place.release()
    assert server._tables_opening == 0
    page = _refusal_page(TABLES_BUSY, by_itself=True)  # as table_refusal's Refusal says
    assert server.table_refusal(ana).by_itself is False
    assert f'<p role="status">{TABLES_BUSY_PAGE}</p>' in page and "location.reload()" in page
    assert "location.reload" not in _refusal_page("You have not joined this class.")


def test_a_voila_py_or_voila_json_in_the_working_folder_is_not_read(tmp_path):
    """Hostile tester: ``catcards class`` read ``voila.py`` and ``voila.json`` from the folder it
    was started in (Voila's ``config_file_paths``), so a file left in a teacher's folder ran code
    inside the server, or changed its settings; the README only warned. Started as the installed
    command (``python -m`` would import a ``voila.py`` there as the voila package itself), the
    server now runs neither: no file written, no header added, the class served."""
    from catcards.classroom.server import ClassServer

    assert ClassServer().config_file_paths == []
    home = tmp_path / "teacher"
    home.mkdir()
    (home / "voila.py").write_text("open('voila-py-ran.txt', 'w').write('ran')\n"
                                   "c.Voila.tornado_settings = {'headers': {'X-Set-By': 'voila.py'}}\n", encoding="utf-8")
    (home / "voila.json").write_text(json.dumps({"Voila": {"tornado_settings": {"headers": {"X-Set-By": "voila.json"}}}}),
                                     encoding="utf-8")
    proc = ClassProcess(home / "store", free_port(), home)
    try:
        info = proc.start(installed=True)
        student = requests.post(info["join_url"] + "/join", json={}, timeout=30).json()["student"]
        page = requests.get(info["join_url"].rsplit("/class/", 1)[0] + "/?student=" + student, headers=BROWSER,
                            timeout=120)
        assert page.status_code == 200 and "kernelId" in page.text
        assert "X-Set-By" not in page.headers
        assert not (home / "voila-py-ran.txt").exists()
    finally:
        proc.stop()


def test_the_readme_states_the_bound_on_tables_opened_at_once_and_reads_no_settings_file():
    import catcards
    from catcards.classroom.server import TABLE_STARTS

    repo = Path(catcards.__file__).parents[1]
    readme = " ".join((repo / "README.md").read_text(encoding="utf-8").split())
    docs = " ".join((repo / "docs" / "class-server.md").read_text(encoding="utf-8").split())
    # the bound: docs/class-server.md, "Tables" (linked from the README); the settings file: the
    # README's "Run a class", step 1
    assert f"while fewer than {TABLE_STARTS} tables are being opened across the class" in docs
    assert "the server reads no `voila.py` or `voila.json`" in readme
    assert "Start it from a folder without a `voila.py`" not in readme + docs
