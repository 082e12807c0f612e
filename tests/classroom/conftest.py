"""Fixtures of the class-pool tests: a store of each kind.

``postgres_server`` starts one throwaway PostgreSQL cluster for the whole test session (Debian's
``postgresql`` package: ``initdb`` and ``pg_ctl`` in a temporary folder, on a free port of
127.0.0.1; as root they run as the ``postgres`` user, since ``initdb`` refuses root), shared by
every PostgreSQL test and stopped at the end. Where the binaries are missing the PostgreSQL tests
are skipped with the reason, unless ``CATCARDS_REQUIRE_POSTGRES=1`` (CI), where that fails them.
``store_where`` gives each test its own empty store: a SQLite file in the test's temporary folder,
or a new database on the shared cluster.
"""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest


def _pg_bin() -> Path | None:
    """The folder of PostgreSQL's server binaries (initdb, pg_ctl), or None."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    folders = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]) if p.split("/")[-2].isdigit() else 0)
    for folder in reversed(folders):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _missing(why: str):
    if os.environ.get("CATCARDS_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"CATCARDS_REQUIRE_POSTGRES=1 but the PostgreSQL tests cannot run: {why}")
    pytest.skip(f"PostgreSQL tests skipped: {why} (install Debian's postgresql package)")


@pytest.fixture(scope="session")
def postgres_server():
    """The URL (``postgresql://postgres@127.0.0.1:PORT``, no database) of a PostgreSQL cluster
    started for this session, and stopped after it."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg is not installed")
    bin_dir = _pg_bin()
    if bin_dir is None:
        _missing("no initdb/pg_ctl found (on PATH or in /usr/lib/postgresql/*/bin)")
    root = os.geteuid() == 0
    as_owner: list[str] = ["runuser", "-u", "postgres", "--"] if root else []
    if root and shutil.which("runuser") is None:
        _missing("running as root, and runuser is missing (initdb refuses root)")
    folder = Path(tempfile.mkdtemp(prefix="catcards-pg-"))
    data = folder / "data"
    if root:
        shutil.chown(folder, "postgres")
    port = _free_port()
    run = dict(check=True, capture_output=True, text=True, timeout=120)
    try:
        subprocess.run(as_owner + [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U",
                                   "postgres", "--no-sync"], **run)
        subprocess.run(as_owner + [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"),
                                   "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 "
                                         "-c fsync=off -c max_connections=200",
                                   "-w", "start"], **run)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        shutil.rmtree(folder, ignore_errors=True)
        detail = getattr(exc, "stderr", "") or exc
        _missing(f"the throwaway cluster did not start: {str(detail)[-500:]}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(as_owner + [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                       capture_output=True, timeout=120)
        shutil.rmtree(folder, ignore_errors=True)


_numbers = itertools.count(1)


@pytest.fixture
def postgres_url(postgres_server):
    """A new, empty database on the session's cluster: its URL."""
    import psycopg

    name = f"catcards_test_{os.getpid()}_{next(_numbers)}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" STRATEGY = FILE_COPY')  # no template pages left to write at stop
    yield f"{postgres_server}/{name}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def store_where(request, tmp_path):
    """Where an empty store is, for each kind: a SQLite file's folder, or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "class")
    return request.getfixturevalue("postgres_url")
