"""Helpers for the real-browser test: a JupyterLab server in a fresh HOME, and headless Chromium.

Facts these rely on are in ``notes/browser-testing.md`` (shared notes): Debian's
``/usr/bin/chromium`` driven by Playwright through ``executable_path`` (never ``playwright
install``); ``--allow-root`` when root; ``--IdentityProvider.token``; poll ``/api/status``; a fresh
``HOME`` per run with the news toast and autosave turned off; the kernel is ready when the status
bar says ``(ipykernel) | Idle``.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

#: Debian's Chromium; another path can be given in the environment variable CATCARDS_CHROMIUM
CHROMIUM = os.environ.get("CATCARDS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
REPO = Path(__file__).resolve().parents[1]


def missing_browser() -> str | None:
    """Why the real-browser test cannot run here (None when it can)."""
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (install Debian's chromium: apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is missing (pip install playwright; no browser download needed)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _write_settings(home: Path) -> None:
    settings = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab"
    for plugin, values in {
        "apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
        "docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    }.items():
        path = settings / plugin
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def _fresh_env(home: Path) -> dict[str, str]:
    """The environment of a server in a fresh HOME, with the repository importable, and that HOME
    as its temporary folder (``TMPDIR``): what the server and its kernels leave there goes with
    it, such as Voila's folder of kernel connection files (``voila_*``, made in
    ``tempfile.gettempdir()``; Voila removes it only when its own stop ends, so a server killed
    left it in /tmp)."""
    env = dict(os.environ, HOME=str(home), TMPDIR=str(home),
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR",
                "JUPYTERLAB_WORKSPACES_DIR"):
        env.pop(var, None)
    return env


@contextmanager
def _server(name: str, cmd: list[str], cwd: Path, home: Path, ready: Callable[[], bool],
            timeout: float) -> Iterator[None]:
    """Run ``cmd`` (a server) with HOME ``home`` until ``ready()`` is true, then yield; on exit
    stop it by its own pid (SIGTERM, which shuts kernels down, then kill) and remove ``home``,
    also when the body fails.

    When the body fails, the end of the server's log is written to stderr, which pytest shows in
    the failed test's report.

    Raises:
        RuntimeError: the server exited, or was not ready within ``timeout`` s (with its log).
    """
    log = open(home / f"{name.lower()}.log", "w+b")
    proc = subprocess.Popen(cmd, env=_fresh_env(home), cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"{name} exited with {proc.returncode}:\n{log.read().decode()[-3000:]}")
            try:
                if ready():
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} was not ready within {timeout} s")
            time.sleep(0.3)
        yield
    except BaseException:
        # what the server said, for the failing test's report (pytest shows a failed test's stderr)
        log.flush()
        log.seek(0)
        sys.stderr.write(f"--- last lines of the {name} server's log ---\n{log.read().decode(errors='replace')[-4000:]}\n")
        raise
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        log.close()
        shutil.rmtree(home, ignore_errors=True)


@contextmanager
def jupyterlab(root: Path, timeout: float = 60) -> Iterator[tuple[str, str]]:
    """Run JupyterLab serving ``root`` in a fresh temporary HOME; yield ``(url, token)`` with
    ``url`` like ``http://127.0.0.1:PORT``. Stops the server by its own pid (SIGTERM, then kill)
    and removes the HOME on exit, also when the body fails."""
    home = Path(tempfile.mkdtemp(prefix="catcards-home-"))
    _write_settings(home)
    port, token = free_port(), secrets.token_hex(16)
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--ServerApp.port_retries=0",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    url = f"http://127.0.0.1:{port}"

    def ready() -> bool:
        with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
            return r.status == 200

    with _server("JupyterLab", cmd, root, home, ready, timeout):
        yield url, token


def lab_page(browser: Any, url: str, token: str, path: str) -> Any:
    """A 1280 x 1000 page of the JupyterLab at ``url`` (:func:`jupyterlab`) opened on the notebook
    ``path`` (from the server's root, with a fresh workspace: ``&reset``), once its kernel is idle;
    JupyterLab's dialogs (such as a kernel choice) are accepted whenever they appear."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.add_locator_handler(
        page.locator(".jp-Dialog"),
        lambda d: d.locator(".jp-Dialog-button.jp-mod-accept").click(),
    )
    page.goto(f"{url}/lab/tree/{path}?token={token}&reset")
    expect(page.locator("#jp-main-statusbar")).to_contain_text("(ipykernel) | Idle", timeout=45_000)
    return page


#: viewport sizes the app is tested at: a phone, a classroom Chromebook, a desktop
PHONE, CHROMEBOOK, DESKTOP = (390, 844), (1366, 768), (1280, 1000)

#: the table's first move a person may make now (the default sign that the app has drawn it)
MOVE = "button.catcards-action:not([disabled])"


def open_app(page: Any, url: str, query: str = "", ready: str | None = MOVE, state: str = "visible",
             timeout: float = 60_000) -> Any:
    """Go to the app at ``url`` (:func:`voila`) with ``query`` (``"game=snap&seed=2"``; Voila runs
    the notebook when the page loads) and wait until the table's first element matching the CSS
    selector ``ready`` is ``state`` ("visible" or "attached"; ``ready`` None: no wait); return
    the table's locator (``.catcards-table``, the first)."""
    page.goto(f"{url}?{query}" if query else url, timeout=timeout)
    table = page.locator(".catcards-table").first
    if ready is not None:
        table.locator(ready).first.wait_for(state=state, timeout=timeout)
    return table


def app_page(browser: Any, url: str, query: str = "", size: tuple[int, int] = CHROMEBOOK,
             **wait: Any) -> tuple[Any, Any]:
    """A new page of ``browser`` of ``size`` (width, height) with the app open on ``query``
    (:func:`open_app`, which ``wait`` is passed to); returns ``(page, table)``."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    return page, open_app(page, url, query, **wait)


def run_all_cells(page: Any) -> None:
    """JupyterLab's menu Run > Run All Cells (it returns at once; the cells run after)."""
    import re

    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()


@contextmanager
def chromium() -> Iterator[Any]:
    """Chromium (:data:`CHROMIUM`, :data:`CHROMIUM_ARGS`) launched by Playwright for one test, and
    closed when it is done, whatever happens: ``with voila(APP) as url, chromium() as browser:``
    (a ``playwright.sync_api.Browser``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def one_cell_notebook(path: Path, code: str) -> Path:
    """Write a notebook of one code cell ``code`` (Python 3 kernel) to ``path``, for :func:`voila`."""
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


@contextmanager
def voila(notebook: Path, timeout: float = 60, extra: tuple[str, ...] = ()) -> Iterator[str]:
    """Serve ``notebook`` alone with Voila in a fresh temporary HOME; yield its URL
    ``http://127.0.0.1:PORT/``. Voila runs the notebook when the page loads (shared notes,
    ``notes/browser-testing.md``), so readiness is the port listening, and a test waits for the
    widget itself. Voila's executor is set as ``catcards app`` sets it (:data:`catcards.cli.APP_EXECUTION`:
    without it a loaded machine now and then leaves the page without its table). ``extra``: more
    Voila options, e.g. ``("--preheat_kernel=True",)``. Voila's folder of kernel connection
    files is made in that HOME, and removed with it (:func:`_fresh_env`)."""
    home = Path(tempfile.mkdtemp(prefix="catcards-voila-"))
    port = free_port()
    from catcards.cli import APP_EXECUTION

    cmd = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", "--no-browser",
           "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *APP_EXECUTION, *extra]

    def ready() -> bool:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True

    with _server("Voila", cmd, notebook.parent, home, ready, timeout):
        yield f"http://127.0.0.1:{port}/"
