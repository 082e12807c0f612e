"""Where a class pool keeps its classes, students and results: a SQLite file or a PostgreSQL
database, through SQLAlchemy Core (the same tables and queries for both). Tables are made when missing
(``create_all``), never altered: a store made by an older catcards gets a new table when opened.

``open_store(where)``: ``where`` is a filesystem path (a SQLite file; a folder means
``<folder>/class.sqlite``), a ``postgresql://...`` URL, or ``":memory:"`` (one process's own
pool, gone when it ends). Every write is one transaction; uniqueness (one class per code, one
student per token, a game's seed counted once per class) is enforced by the database's own
constraints, so two processes or threads sending the same result at once count it once.
Durable: a store opened again holds the same classes, codes and results.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.pool import StaticPool

__all__ = ["Store", "open_store", "store_place", "postgres_engine", "StoreError", "SQLITE_NAME", "SQLITE_HEADER",
           "MAX_NAME_BYTES"]

from ..core import MAX_NAME_BYTES, CatcardsError, too_long_name

#: the file name of a class's SQLite store inside a folder
SQLITE_NAME = "class.sqlite"
#: how every SQLite database file begins (an empty file is a new database too)
SQLITE_HEADER = b"SQLite format 3\x00"
#: the longest store place accepted, in characters
MAX_PLACE_CHARS = 2000

metadata = sa.MetaData()

classes = sa.Table(
    "catcards_classes", metadata,
    sa.Column("code", sa.String(6), primary_key=True),
    sa.Column("game", sa.String(100), nullable=False),
    sa.Column("activity", sa.String(200), nullable=False),
    sa.Column("teacher_hash", sa.String(64), nullable=False),
    sa.Column("nicknames", sa.Boolean, nullable=False),
    sa.Column("is_open", sa.Boolean, nullable=False),
    sa.Column("ended", sa.Boolean, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
)

students = sa.Table(
    "catcards_students", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(6), sa.ForeignKey("catcards_classes.code"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("nickname", sa.String(100)),
    sa.Column("joined", sa.Float, nullable=False),
    sa.UniqueConstraint("code", "number", name="catcards_student_number"),
    sa.UniqueConstraint("code", "seed", name="catcards_student_seed"),
)

results = sa.Table(
    "catcards_results", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(6), sa.ForeignKey("catcards_classes.code"), nullable=False),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("catcards_students.id"), nullable=False),
    sa.Column("kind", sa.String(10), nullable=False),  # "game" (a replayed save) or "tally"
    sa.Column("game_number", sa.Integer),  # k of the student's series (games only)
    sa.Column("seed", sa.BigInteger),  # the game's seed (games only; NULL for tallies)
    sa.Column("value", sa.Float, nullable=False),
    sa.Column("digest", sa.String(64)),
    sa.Column("counted", sa.Float, nullable=False),
    # a game counts once per class: the database refuses a second row with the same seed
    # (NULL seeds, the tallies, are all distinct)
    sa.UniqueConstraint("code", "seed", name="catcards_result_seed"),
)
sa.Index("catcards_results_by_class", results.c.code, results.c.id)

# the students the teacher took out of the pooled results (a row while out; putting a student
# back deletes the row, never a result). A table of its own, so a store made before it gets it
# from create_all, with no ALTER TABLE.
removed = sa.Table(
    "catcards_removed", metadata,
    sa.Column("code", sa.String(6), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.ForeignKeyConstraint(["code", "number"], ["catcards_students.code", "catcards_students.number"],
                            name="catcards_removed_student"),
)


class StoreError(CatcardsError, ValueError):
    """A store that cannot be opened: the message names the place and what is allowed."""


class Store:
    """The tables of a class pool in one database (see the module docstring).

    Attributes:
        engine: the SQLAlchemy engine; ``where``: what was opened (a URL without its password).
        classes, students, results, removed: the tables (SQLAlchemy Core ``Table``;
        ``removed``: the students taken out of the pooled results, one row while out).

    Use :meth:`begin` for a write (one transaction, committed at the end of the ``with``, rolled
    back on an error) and :meth:`connect` for reads.
    """

    classes = classes
    students = students
    results = results
    removed = removed

    def __init__(self, engine: sa.engine.Engine, where: str):
        self.engine = engine
        self.where = where
        try:
            metadata.create_all(engine)
        except sa.exc.DBAPIError as exc:  # not a database, a locked or unreachable one
            engine.dispose()
            detail = " ".join(str(getattr(exc, "orig", exc)).split())[:300]
            raise StoreError(f"the store {where} cannot be opened as a class store: {detail}") from None

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.engine.dialect.name

    @contextmanager
    def begin(self):
        """A write transaction (context manager yielding a connection): committed at the end of
        the ``with``, rolled back on an error."""
        with self.engine.connect() as conn:
            conn.execution_options(catcards_write=True)
            with conn.begin():
                yield conn

    def connect(self):
        """A connection for reads (context manager)."""
        return self.engine.connect()

    def close(self) -> None:
        """Close every pooled connection (the data stays)."""
        self.engine.dispose()

    def __repr__(self) -> str:
        return f"Store({self.where!r})"


def _sqlite_engine(url: str) -> sa.engine.Engine:
    memory = url == "sqlite://"
    kwargs: dict[str, Any] = {"connect_args": {"timeout": 60, "check_same_thread": False}}
    if memory:
        kwargs["poolclass"] = StaticPool  # one connection, shared: the memory database is per connection
    engine = sa.create_engine(url, **kwargs)

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None  # SQLAlchemy's recipe: we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")  # readers do not wait for the writer
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=60000")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(connection):
        # a write (Store.begin) takes the write lock at its start, so two writers queue instead
        # of failing on the read-then-write upgrade; a read needs no lock (WAL)
        write = connection.get_execution_options().get("catcards_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def store_place(where: str | os.PathLike) -> tuple[str, Any]:
    """Check where a store is to be, without touching anything (no folder made, no file opened
    for writing): ``("postgresql", url)``, ``("memory", None)`` or ``("sqlite", path)`` (the
    SQLite file's path; a folder, or a path that does not exist and has no suffix, means its
    ``class.sqlite``).

    Raises:
        StoreError: a URL of another database or one that cannot be read (a port that is no
            number); a ``~user`` without a home folder; text that is empty, too long, or holds a NUL
            character; a file or folder name over :data:`MAX_NAME_BYTES` bytes; an existing file
            that is not a SQLite database (e.g. a text file); a place below a file; something
            that is neither a file nor a folder (a pipe, a device).
    """
    text = os.fspath(where) if not isinstance(where, str) else where
    if not isinstance(text, str) or not text.strip():
        raise StoreError("a store is a folder or SQLite file, or a postgresql:// URL; got nothing")
    if len(text) > MAX_PLACE_CHARS or "\x00" in text:
        raise StoreError(f"a store's place is at most {MAX_PLACE_CHARS} characters, without NUL characters")
    if "://" in text:
        scheme = text.split("://", 1)[0]
        if scheme not in ("postgresql", "postgres", "postgresql+psycopg"):
            raise StoreError(f"a store is a SQLite file or folder, or a postgresql:// URL, not a "
                             f"{scheme[:40]}:// URL")
        url = text if scheme == "postgresql+psycopg" else "postgresql+psycopg://" + text.split("://", 1)[1]
        try:
            sa.engine.make_url(url)
        except (sa.exc.ArgumentError, ValueError) as exc:  # "host:abc" (a port that is no number), "[::1"
            # SQLAlchemy's "could not parse" repeats the URL, password and all: not said
            detail = f": {exc}" if isinstance(exc, ValueError) else ""
            raise StoreError(f"not a PostgreSQL URL (postgresql://user@host:port/database){detail}") from None
        return "postgresql", url
    if text == ":memory:":
        return "memory", None
    try:
        path = Path(text).expanduser()
    except RuntimeError as exc:  # "~nobody/class": a user without a home folder
        raise StoreError(f"the store {text[:60]!r} cannot be used: {exc}") from None
    long = too_long_name(path)
    if long:
        raise StoreError(f"the store's name {long[0][:40]}... is {long[1]} "
                         f"bytes long; a file or folder name is at most {MAX_NAME_BYTES} bytes")
    try:
        if path.is_dir() or (not path.suffix and not path.exists()):
            path = path / SQLITE_NAME
        for parent in path.parents:  # the nearest existing folder above must be a folder
            if parent.exists():
                if not parent.is_dir():
                    raise StoreError(f"the store {text!r} is below {str(parent)!r}, which is a file, not a folder")
                break
        if path.exists():
            if not path.is_file():
                raise StoreError(f"the store {str(path)!r} is not a file (a pipe or a device?); give a "
                                 "folder or a SQLite file")
            with open(path, "rb") as f:
                start = f.read(len(SQLITE_HEADER))
            if start and start != SQLITE_HEADER:
                raise StoreError(f"the store {str(path)!r} is not a SQLite database (it does not start "
                                 "with 'SQLite format 3'); give a folder, a new file name, or a class store")
    except OSError as exc:
        raise StoreError(f"the store {text!r} cannot be used: {exc.strerror or exc}") from None
    return "sqlite", path


def shown_url(url: str) -> str:
    """A PostgreSQL ``url`` as it may be printed: its password, in the address or as libpq's
    ``?password=`` parameter, said as ``***`` (break44: the parameter was printed)."""
    parsed = sa.engine.make_url(url)
    if "password" in parsed.query:
        parsed = parsed.update_query_dict({"password": "***"})
    return parsed.render_as_string(hide_password=True).replace("password=%2A%2A%2A", "password=***")


def postgres_engine(url: str) -> sa.engine.Engine:
    """The engine of a PostgreSQL store at ``url`` (as :func:`store_place` gives it), connecting
    only when first used.

    Raises:
        StoreError: psycopg is not installed, or a URL SQLAlchemy cannot use."""
    try:
        return sa.create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    except ImportError:
        raise StoreError("a PostgreSQL store needs psycopg: pip install 'psycopg[binary]' "
                         "(the lab extra of catcards has it)") from None
    except sa.exc.ArgumentError as exc:
        raise StoreError(f"not a PostgreSQL URL: {exc}") from None


def open_store(where: str | os.PathLike) -> Store:
    """Open (creating its tables when new) the store at ``where``.

    Args:
        where: a ``postgresql://user@host:port/db`` URL (driver psycopg 3; ``postgresql+psycopg://``
            too), a path of a SQLite file, a folder (its ``class.sqlite``; a path that does not
            exist and has no suffix, such as ``lesson``, is made a folder), or ``":memory:"``
            (this process only). Checked by :func:`store_place` before anything is made. A
            SQLite file made here is for its owner only (mode 600, :func:`private_file`), and so
            are the folders made for it (700, :func:`private_folders`).

    Raises:
        StoreError: what :func:`store_place` refuses, a PostgreSQL URL without psycopg
            installed, a path whose folder cannot be made, or a database that cannot be opened
            or reached (a damaged file, a server that does not answer).
    """
    kind, place = store_place(where)
    if kind == "postgresql":
        return Store(postgres_engine(place), shown_url(place))
    if kind == "memory":
        return Store(_sqlite_engine("sqlite://"), ":memory:")
    path = place
    try:
        private_folders(path.parent)
    except OSError as exc:
        raise StoreError(f"cannot make the folder {str(path.parent)!r} for the store: {exc.strerror}") from None
    try:
        private_file(path)
    except OSError as exc:
        raise StoreError(f"cannot make the store {str(path)!r}: {exc.strerror}") from None
    return Store(_sqlite_engine(f"sqlite:///{path.resolve()}"), str(path))


def private_folders(folder: Path) -> None:
    """Make ``folder`` and the folders missing above it, each for its owner only (mode 700: a
    store holds the students' nicknames and results); folders that exist are left as they are.
    Raises OSError (a folder that cannot be made)."""
    missing = []
    for above in (folder, *folder.parents):
        if above.exists():
            break
        missing.append(above)
    for made in reversed(missing):
        try:
            made.mkdir(mode=0o700)
        except FileExistsError:  # made meanwhile (another process opening the same store)
            pass


def private_file(path: Path) -> None:
    """Make the SQLite file ``path``, empty (SQLite takes an empty file as a new database), readable
    and writable by its owner only (mode 600), when it does not exist; SQLite gives its ``-wal``
    and ``-shm`` files the same mode. A file that exists is left as it is (the teacher may have
    chosen to share it). Without this SQLite made it 644 (under the usual umask 022): readable by
    every user of the computer (hostile tester). Raises OSError."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.close(fd)
