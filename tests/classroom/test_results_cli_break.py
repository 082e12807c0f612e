"""Break-it tester (break42): `catcards results` refusals are one line, exit 2, and change nothing:
a file that is not a class store is not made one, a store place `catcards class` cannot read is
refused in words, and a --csv link to a missing file is left as it was."""
from __future__ import annotations

import os
import sqlite3

import pytest

from catcards.classroom.pool import Pool
from catcards.classroom.store import StoreError, open_store, store_place
from catcards.cli import main


def run(capsys, *argv):
    status = main(["results", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def tree(folder):
    """Every name below ``folder`` with what it is: a link's target, a file's bytes."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            seen[path.name] = ("link", os.readlink(path))
        elif path.is_file():
            seen[path.name] = ("file", path.read_bytes())
        else:
            seen[path.name] = ("folder",)
    return seen


@pytest.fixture
def a_class(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = open_store(tmp_path / "catcards-class")
    pool = Pool(store)
    info = pool.start("snap")
    pool.end(info.code, info.teacher_token)
    store.close()
    return info.code


def other_database(path):
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE marks (name TEXT, mark INTEGER)")
        db.execute("INSERT INTO marks VALUES ('Ada', 10)")
    db.close()


@pytest.mark.parametrize("make", [
    lambda p: p.write_bytes(b""),   # an empty file, e.g. a mistyped name touched by an editor
    other_database,                 # another program's SQLite database
], ids=["empty file", "another program's database"])
def test_a_file_that_is_not_a_class_store_is_refused_and_left_as_it_was(tmp_path, monkeypatch, capsys, make):
    monkeypatch.chdir(tmp_path)
    make(tmp_path / "grades.db")
    before = tree(tmp_path)
    status, out, err = run(capsys, "--store", "grades.db")
    assert (status, out) == (2, "")
    assert err.startswith("catcards: error: ") and err.count("\n") == 1
    assert tree(tmp_path) == before  # no catcards tables written into it


@pytest.mark.parametrize("url", ["postgresql://host:abc/db", "postgresql://[::1/db"])
def test_a_postgresql_url_that_cannot_be_read_is_refused_in_one_line(tmp_path, monkeypatch, capsys, url):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "--store", url)
    assert (status, out) == (2, "")
    assert err.startswith("catcards: error: ") and err.count("\n") == 1 and "Traceback" not in err
    with pytest.raises(StoreError):
        open_store(url)


def test_a_store_below_an_unknown_users_home_is_refused_as_a_store_place(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "--store", "~no-such-user-break42/class")
    assert (status, out) == (2, "")
    assert err.startswith("catcards: error: ") and "max_hands" not in err  # not the simulate's hint
    with pytest.raises(StoreError):
        store_place("~no-such-user-break42/class")


def test_a_csv_link_to_a_missing_file_is_left_as_it_was_on_a_refusal(a_class, tmp_path, capsys):
    os.symlink("nowhere.csv", tmp_path / "results.csv")
    before = tree(tmp_path)
    status, _, err = run(capsys, "ZZZZZZ", "--csv", "results.csv")  # no such class: refused
    assert status == 2 and err.startswith("catcards: error: ")
    assert tree(tmp_path) == before  # the link is still there and no empty nowhere.csv was made


def test_a_csv_link_to_a_missing_file_is_written_through(a_class, tmp_path, capsys):
    os.symlink("nowhere.csv", tmp_path / "results.csv")
    status, _, _ = run(capsys, a_class, "--csv", "results.csv")
    assert status == 0
    assert os.readlink(tmp_path / "results.csv") == "nowhere.csv"  # the link kept, as a shell's > keeps it
    assert (tmp_path / "nowhere.csv").read_text(encoding="utf-8").startswith("order,student,")


@pytest.mark.parametrize("argv", [["--csv", "a-folder"], ["--csv", "no-folder/results.csv"], ["ZZZZZZ"]])
def test_a_refusal_leaves_the_class_store_as_it_was(a_class, tmp_path, capsys, argv):
    (tmp_path / "a-folder").mkdir()
    before = tree(tmp_path)
    status, _, err = run(capsys, *(argv if argv == ["ZZZZZZ"] else [a_class, *argv]))
    assert status == 2 and err.startswith("catcards: error: ")
    assert tree(tmp_path) == before  # no class.sqlite-wal or -shm left by a look at the store


@pytest.mark.parametrize("csv", ["catcards-class/class.sqlite", "link-to-store"])
def test_csv_never_replaces_the_class_store_it_reads_even_with_overwrite(a_class, tmp_path, capsys, csv):
    """Break-it tester (break42): `catcards results CODE --csv catcards-class/class.sqlite --overwrite`
    replaced the class store (every class and result) with one class's CSV."""
    os.symlink("catcards-class/class.sqlite", tmp_path / "link-to-store")
    before = tree(tmp_path)
    status, _, err = run(capsys, a_class, "--csv", csv, "--overwrite")
    assert status == 2 and err.startswith("catcards: error: ") and err.count("\n") == 1
    assert tree(tmp_path) == before


@pytest.mark.parametrize("other", [False, True], ids=["empty database", "another program's database"])
def test_a_postgresql_database_that_is_not_a_class_store_is_refused_and_left_as_it_was(
        postgres_url, tmp_path, monkeypatch, capsys, other):
    """Break-it (pool44): `catcards results --store postgresql://...` on a database that is not a
    class store wrote catcards's four tables into it (a SQLite file is looked at first, read only,
    and refused: the same for PostgreSQL)."""
    import psycopg

    monkeypatch.chdir(tmp_path)
    tables = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"
    with psycopg.connect(postgres_url, autocommit=True) as db:
        if other:
            db.execute("CREATE TABLE marks (name text, mark integer)")
            db.execute("INSERT INTO marks VALUES ('Ada', 10)")
        before = db.execute(tables).fetchall()
    status, out, err = run(capsys, "--store", postgres_url)
    assert (status, out) == (2, "")
    assert err == (f"catcards: error: {postgres_url.replace('postgresql://', 'postgresql+psycopg://')} is not a "
                   "class store (it holds no classes' table); give --store as `catcards class` was given it\n")
    with psycopg.connect(postgres_url) as db:
        assert db.execute(tables).fetchall() == before == ([("marks",)] if other else [])
        if other:
            assert db.execute("SELECT * FROM marks").fetchall() == [("Ada", 10)]


def test_a_postgresql_class_store_is_read(postgres_url, tmp_path, monkeypatch, capsys):
    """The PostgreSQL look above lets a class store through: its classes are listed."""
    monkeypatch.chdir(tmp_path)
    store = open_store(postgres_url)
    info = Pool(store).start("snap")
    store.close()
    status, out, err = run(capsys, "--store", postgres_url)
    assert (status, err) == (0, "")
    assert out.startswith(f"Classes in {postgres_url}, oldest first:") and f"\n{info.code} " in out


def test_a_postgresql_server_that_does_not_answer_is_said_in_one_line_without_the_password(tmp_path, monkeypatch, capsys):
    pytest.importorskip("psycopg")
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "--store", f"postgresql://ada:secret@127.0.0.1:{port}/grades")
    assert (status, out) == (2, "") and err.count("\n") == 1 and "secret" not in err
    assert err.startswith(f"catcards: error: the store postgresql+psycopg://ada:***@127.0.0.1:{port}/grades cannot "
                          "be read as a class store: connection failed: ")


def test_a_postgresql_class_store_is_listed_without_the_password(postgres_url, tmp_path, monkeypatch, capsys):
    """Break-it (break44): the list's first line, the empty store's line and an unknown code's
    refusal named the --store URL as typed, password and all, on the teacher's projected screen."""
    monkeypatch.chdir(tmp_path)
    with_password = postgres_url.replace("postgres@", "postgres:hunter2@", 1)  # the test cluster trusts any
    shown = postgres_url.replace("postgres@", "postgres:***@", 1)
    status, out, err = run(capsys, "--store", with_password)  # a class store with no class yet
    assert (status, out, err) == (2, "", f"catcards: error: {shown.replace('postgresql://', 'postgresql+psycopg://')} "
                                         "is not a class store (it holds no classes' table); give --store as "
                                         "`catcards class` was given it\n")
    store = open_store(with_password)
    pool = Pool(store)
    info = pool.start("snap")
    store.close()
    status, out, err = run(capsys, "--store", with_password)
    assert (status, err) == (0, "") and "hunter2" not in out
    assert out.startswith(f"Classes in {shown}, oldest first:") and f"\n{info.code} " in out
    status, out, err = run(capsys, "--store", with_password, "ZZZZZZ")
    assert (status, out) == (2, "") and "hunter2" not in err
    assert err == f"catcards: error: there is no class 'ZZZZZZ' in the store {shown}; `catcards results` lists its classes\n"


def test_a_password_given_as_a_url_parameter_is_never_printed(postgres_url, tmp_path, monkeypatch, capsys):
    """Break-it (break44): libpq's ``?password=`` parameter was printed in every message that
    named the store (the password in the address was hidden, this one not)."""
    monkeypatch.chdir(tmp_path)
    missing = postgres_url.rsplit("/", 1)[0] + "/no_such_database?password=hunter2"
    status, out, err = run(capsys, "--store", missing)
    assert (status, out) == (2, "") and err.count("\n") == 1 and "hunter2" not in err
    assert "/no_such_database?password=*** cannot be read as a class store" in err
    store = open_store(postgres_url + "?password=hunter2")  # `catcards class`'s messages name store.where
    assert "hunter2" not in store.where and "hunter2" not in repr(store)
    Pool(store).start("snap")
    store.close()
    status, out, err = run(capsys, "--store", postgres_url + "?password=hunter2")
    assert (status, err) == (0, "") and out.startswith("Classes in ") and "hunter2" not in out


def test_a_postgresql_store_is_opened_with_its_password_while_the_messages_hide_it(tmp_path, monkeypatch, capsys):
    """The messages name the store with its password as *** (break44); the store itself must be
    opened with the password as given (the masked URL was opened: the test cluster trusts any
    password, so only a server that asks for one would have refused it)."""
    import catcards.cli
    import catcards.classroom.store

    opened = []

    def open_store(where):
        opened.append(where)
        raise StoreError("stopped here by the test")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(catcards.cli, "_postgres_holds_classes", lambda url: True)
    monkeypatch.setattr(catcards.classroom.store, "open_store", open_store)
    status, out, err = run(capsys, "--store", "postgresql://teacher:hunter2@127.0.0.1:5/classes")
    assert opened == ["postgresql://teacher:hunter2@127.0.0.1:5/classes"]
    assert status == 2 and "stopped here by the test" in err and "hunter2" not in out + err
