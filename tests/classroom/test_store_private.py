"""A class store is for the teacher only: the SQLite file it makes, with SQLite's ``-wal`` and
``-shm`` files, is mode 600 and the folders it makes 700 (hostile tester: the store was made 644,
readable by every user of the computer, with every student's nickname and result). A PostgreSQL
store is opened as before."""
from __future__ import annotations

import os
import stat
import sys

import pytest

from catcards.classroom.pool import Pool
from catcards.classroom.store import open_store

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


@pytest.fixture
def usual_umask():
    """The umask most systems give a user (022: files 644, folders 755 unless a program asks)."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_sqlite_store_and_the_folders_made_for_it_are_the_owners_only(tmp_path, usual_umask):
    store = open_store(tmp_path / "school" / "maths" / "class")   # three folders made, then class.sqlite
    try:
        pool = Pool(store)
        code = pool.start("snap").code
        pool.tally(code, pool.join(code, "Ana").token, 3)   # written: SQLite's -wal and -shm exist
        files = sorted(p.name for p in (tmp_path / "school" / "maths" / "class").iterdir())
        assert files == ["class.sqlite", "class.sqlite-shm", "class.sqlite-wal"]
        assert {name: mode(tmp_path / "school" / "maths" / "class" / name) for name in files} == {
            name: 0o600 for name in files}
        assert [mode(tmp_path.joinpath(*parts)) for parts in (["school"], ["school", "maths"],
                                                              ["school", "maths", "class"])] == [0o700] * 3
    finally:
        store.close()


def test_a_store_file_named_in_an_existing_folder_is_the_owners_only(tmp_path, usual_umask):
    (tmp_path / "shared").mkdir(mode=0o755)
    store = open_store(tmp_path / "shared" / "lesson.sqlite")
    try:
        Pool(store).start("snap")
    finally:
        store.close()
    assert mode(tmp_path / "shared" / "lesson.sqlite") == 0o600
    assert mode(tmp_path / "shared") == 0o755   # not made here: left as the teacher made it


def test_an_existing_store_is_opened_as_it_is(tmp_path, usual_umask):
    """A store that exists keeps its mode (a teacher may share it with a group on purpose) and its
    classes."""
    first = open_store(tmp_path / "class.sqlite")
    code = Pool(first).start("snap").code
    first.close()
    os.chmod(tmp_path / "class.sqlite", 0o640)
    again = open_store(tmp_path / "class.sqlite")
    try:
        assert [c.code for c in Pool(again).classes()] == [code]
    finally:
        again.close()
    assert mode(tmp_path / "class.sqlite") == 0o640


def test_every_kind_of_store_still_opens_and_counts(store_where, tmp_path, usual_umask):
    store = open_store(store_where)
    try:
        pool = Pool(store)
        code = pool.start("snap").code
        assert pool.tally(code, pool.join(code).token, 2).n == 1
        assert store.dialect in ("sqlite", "postgresql")
    finally:
        store.close()
    if not str(store_where).startswith("postgresql"):
        assert mode(os.path.join(store_where, "class.sqlite")) == 0o600
