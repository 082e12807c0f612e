"""The class server as a JupyterHub service, as docs/class-server.md's "On a JupyterHub" sets it up: a real
JupyterHub (the ``jupyterhub`` package, and its proxy, ``configurable-http-proxy``: Debian's
``node-configurable-http-proxy``, which ``.ci/run`` installs) starts ``catcards class snap`` from
a ``c.JupyterHub.services`` entry like the docs', with no ``--base-url``: the server takes
its path prefix from the ``JUPYTERHUB_SERVICE_PREFIX`` the hub gives it. Everything then goes
through the hub's proxy at ``/services/catcards-class/``: the join page, a join, the student's
table (Voila's page, and the widgets' state over the kernel's websocket, which the proxy must
carry), a finished game counted once, and the CSV only with the teacher's token.

Skipped (with the reason) where jupyterhub or configurable-http-proxy is missing, unless
``CATCARDS_REQUIRE_HUB=1`` (CI), where that fails instead.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
import requests

from catcards.classroom.activities import activity
from catcards.classroom.pool import series_seed
from catcards.games.snap import FLIP
from class_server import REPO, free_port, widget_states

SERVICE = "catcards-class"


def _proxy() -> str | None:
    """The configurable-http-proxy command: ``$CATCARDS_CHP``, or the one on PATH."""
    return os.environ.get("CATCARDS_CHP") or shutil.which("configurable-http-proxy")


def _missing() -> str | None:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        return "jupyterhub is not installed (pip install jupyterhub)"
    if _proxy() is None:
        return "configurable-http-proxy is not installed (Debian: apt-get install node-configurable-http-proxy)"
    return None


@pytest.fixture(scope="module")
def hub():
    """A JupyterHub on free ports of 127.0.0.1 whose one service is ``catcards class snap
    --json``; yields the service's JSON line (``join_url``, ``teacher_token``, ...) with ``hub``
    (the hub's address), ``base`` (the service's root through the proxy) and ``service`` (the
    service's own address, ``http://127.0.0.1:PORT``, without the proxy) added."""
    why = _missing()
    if why:
        if os.environ.get("CATCARDS_REQUIRE_HUB") == "1":
            pytest.fail(f"CATCARDS_REQUIRE_HUB=1 but {why}")
        pytest.skip(why)
    home = Path(tempfile.mkdtemp(prefix="catcards-hub-"))
    port, hub_port, api_port, service_port = (free_port() for _ in range(4))
    public = f"http://127.0.0.1:{port}/services/{SERVICE}/"
    service = {
        "name": SERVICE,
        "url": f"http://127.0.0.1:{service_port}",
        "command": [sys.executable, "-m", "catcards.cli", "class", "snap", "--json", "--port", str(service_port),
                    "--store", str(home / "class"), "--public-url", public, "--preheat=1"],
        # TMPDIR: Voila's voila_* folder of connection files goes with the hub's home (removed)
        "environment": {"HOME": str(home), "TMPDIR": str(home), "PYTHONPATH": str(REPO), "MPLBACKEND": "Agg"},
    }
    (home / "jupyterhub_config.py").write_text(
        f"c.JupyterHub.ip = '127.0.0.1'\nc.JupyterHub.port = {port}\nc.JupyterHub.hub_port = {hub_port}\n"
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{api_port}'\n"
        f"c.ConfigurableHTTPProxy.command = [{_proxy()!r}]\n"
        f"c.ConfigurableHTTPProxy.pid_file = {str(home / 'proxy.pid')!r}\n"
        f"c.JupyterHub.db_url = 'sqlite:///{home / 'hub.sqlite'}'\n"
        f"c.JupyterHub.cookie_secret_file = {str(home / 'cookie_secret')!r}\n"
        "c.JupyterHub.authenticator_class = 'dummy'\n"
        f"c.JupyterHub.services = [{service!r}]\n")
    log = open(home / "hub.log", "w+b")
    env = dict(os.environ)
    if Path("/usr/share/nodejs").is_dir():  # Debian's proxy finds its modules there, which a
        # Node.js not from Debian (NodeSource's, as on this project's machines) does not search
        env["NODE_PATH"] = os.pathsep.join(filter(None, [env.get("NODE_PATH"), "/usr/share/nodejs"]))
    proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(home / "jupyterhub_config.py")],
                            cwd=home, env=env, stdout=subprocess.PIPE, stderr=log, start_new_session=True)
    lines: list[dict] = []

    def read() -> None:  # the service's standard output is the hub's: its JSON line among them
        for raw in proc.stdout:
            if raw.startswith(b"{") and not lines:
                lines.append(json.loads(raw))

    threading.Thread(target=read, daemon=True).start()

    def tail() -> str:
        log.flush()
        log.seek(0)
        return log.read().decode(errors="replace")[-3000:]

    try:
        deadline = time.monotonic() + 180
        while True:
            if lines:
                try:
                    if requests.get(lines[0]["join_url"], timeout=5).status_code == 200:
                        break
                except requests.RequestException:
                    pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the hub's class service does not answer:\n{tail()}")
            time.sleep(0.5)
        info = dict(lines[0], hub=f"http://127.0.0.1:{port}/", base=public, service=service["url"])
        yield info
    finally:
        import psutil

        try:  # the hub's managed service and its kernels run in sessions of their own
            children = psutil.Process(proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            children = []
        try:  # the hub stops its managed service (and the proxy) on SIGTERM
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        # a service the hub had not stopped in time outlived it (a README user found
        # `catcards class snap --json ...` and its kernel still running after the suite)
        _, alive = psutil.wait_procs(children, timeout=10)
        for child in alive:
            try:
                child.kill()
            except psutil.NoSuchProcess:
                pass
        log.close()
        shutil.rmtree(home, ignore_errors=True)


def test_a_class_run_as_a_hub_service_is_joined_played_and_counted_through_the_hubs_proxy(hub):
    base = hub["base"]
    # the links the teacher is given are the hub's public ones, under the service's prefix
    assert hub["join_url"].startswith(base + "class/") and hub["dashboard_url"].startswith(base + "class/")
    join = hub["join_url"]
    session = requests.Session()
    page = session.get(join, timeout=30)
    assert page.status_code == 200 and "Join" in page.text
    joined = session.post(join + "/join", json={}, timeout=30)
    assert joined.status_code == 201, joined.text
    token = joined.json()["student"]

    # the student's table: Voila's page through the proxy, their first game dealt, and the
    # widgets' state over the kernel's websocket through the proxy (what the browser draws)
    table = session.get(base + f"?student={token}", timeout=120)
    assert table.status_code == 200 and "Game 1." in table.text
    kernel = json.loads(table.text.split('"kernelId": ', 1)[1].split(",", 1)[0])
    assert widget_states(base, kernel, 60, xsrf=session.cookies.get("_xsrf", "")) > 10

    # the student's first game, finished, is counted once; sent again it is refused
    seed = session.post(join + "/me", json={"student": token}, timeout=30).json()["seed"]
    state = activity("snap/snaps-per-pass").new_game(series_seed(seed, 0))
    for _ in range(52):
        state.apply(FLIP)
    sent = session.post(join + "/results", json={"student": token, "save": state.to_json()}, timeout=60)
    assert sent.status_code == 201, sent.text
    again = session.post(join + "/results", json={"student": token, "save": state.to_json()}, timeout=60)
    assert again.status_code == 409 and "error" in again.json()

    # the pooled results: only with the teacher's token, one row for the one counted game
    refused = requests.get(join + "/results.csv", timeout=30)
    assert refused.status_code in (401, 403) and "error" in refused.json()
    csv = requests.get(join + "/results.csv", headers={"Authorization": f"Bearer {hub['teacher_token']}"}, timeout=30)
    assert csv.status_code == 200
    rows = [line for line in csv.text.splitlines() if line.strip()]
    assert len(rows) == 2, rows  # the header and the one game


def test_an_address_outside_the_services_prefix_is_the_servers_json_404(hub):
    """server62: under a path prefix (here the hub's ``/services/catcards-class/``, as
    ``--base-url`` sets it), an address outside it, asked of the server itself, got tornado's bare
    HTML 404 page whatever the method. Now the server's own 404: ``{"error": ...}`` JSON for a
    script, whatever the method, and for a browser the class-code box, whose form leads under the
    prefix."""
    nothing = {"error": "there is nothing at this address; the join link looks like .../class/CODE"}
    service = hub["service"]
    # and under it, "//" after the prefix is nothing either, whatever the method (not its table page)
    for path in ("/", "/lab", "/class/" + hub["code"], f"/services/{SERVICE}", "/services/other/x",
                 f"/services/{SERVICE}//"):
        for method in ("GET", "POST", "HEAD", "PROPFIND"):
            reply = requests.request(method, service + path, timeout=30, allow_redirects=False)
            assert (reply.status_code, reply.headers["Content-Type"]) == (404, "application/json"), (method, path)
            assert "Allow" not in reply.headers, (method, path)
            if method != "HEAD":
                assert reply.json() == nothing, (method, path)
    page = requests.get(service + "/lab", headers={"Accept": "text/html"}, timeout=30)
    assert page.status_code == 404 and page.headers["Content-Type"].startswith("text/html")
    assert f'action="/services/{SERVICE}/class"' in page.text, page.text[:2000]
    # under the prefix the server still answers itself, without the proxy
    assert requests.get(service + f"/services/{SERVICE}/class", timeout=30).status_code == 200
