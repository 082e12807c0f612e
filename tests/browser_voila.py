"""Helper for the Voila real-browser test: run Voila on one notebook in a fresh HOME.

Facts (shared notes, ``notes/browser-testing.md``): ``voila NOTEBOOK --port=... --no-browser
--Voila.ip=127.0.0.1``; Voila runs the notebook when the page loads, so a test waits for the
widget itself. Chromium and the skip logic come from :mod:`browser`.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from browser import REPO, free_port


@contextmanager
def voila(notebook: Path, timeout: float = 60) -> Iterator[str]:
    """Serve ``notebook`` alone with Voila; yield its URL ``http://127.0.0.1:PORT/``.

    The server runs in a fresh temporary HOME with the repository on ``PYTHONPATH``; it is
    stopped by its own pid (SIGTERM, then kill) and the HOME removed on exit, also when the body
    fails. Waiting polls the port (a GET of the page would run the notebook).

    Raises:
        RuntimeError: Voila exited or did not listen within ``timeout`` seconds (with its log).
    """
    home = Path(tempfile.mkdtemp(prefix="catcards-voila-"))
    port = free_port()
    env = dict(os.environ, HOME=str(home), PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        env.pop(var, None)
    cmd = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", "--no-browser",
           "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
    log = open(home / "voila.log", "w+b")
    proc = subprocess.Popen(cmd, env=env, cwd=notebook.parent, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"Voila exited with {proc.returncode}:\n{log.read().decode()[-3000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"Voila did not listen on port {port} within {timeout} s")
            time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/"
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
