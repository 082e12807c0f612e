"""`catcards results`: the classes a class store holds, and one class's results as CSV, an ended
class's too (a teacher who started a new class can still get the last one's results)."""
from __future__ import annotations

import pytest

from catcards.classroom.activities import activity
from catcards.classroom.pool import Pool
from catcards.classroom.store import open_store
from catcards.cli import main
from catcards.games.snap import FLIP


@pytest.fixture
def ended_and_new(tmp_path, monkeypatch):
    """A store in tmp_path/catcards-class: class 1 ended with one counted Snap pass (by a student
    whose nickname a spreadsheet would run), then class 2 started."""
    monkeypatch.chdir(tmp_path)
    store = open_store(tmp_path / "catcards-class")
    pool = Pool(store)
    first = pool.start("snap")
    student = pool.join(first.code, "=SUM(A1)")
    game = activity("snap/snaps-per-pass").new_game(student.game_seed(0))
    for _ in range(52):
        game.apply(FLIP)
    counted = pool.submit(first.code, student.token, game.to_json())
    pool.end(first.code, first.teacher_token)
    second = pool.start("snap")
    store.close()
    return first.code, second.code, counted


def run(capsys, *argv):
    status = main(["results", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_list_names_every_class_its_state_and_how_many_results(ended_and_new, capsys):
    first, second, _ = ended_and_new
    status, out, err = run(capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Classes in catcards-class, oldest first:"
    assert lines[2].split()[-4:] == ["state", "games", "real-card", "counts"]
    rows = [line.split() for line in lines if line.startswith((first, second))]
    assert [(r[0], r[1], r[2], r[5], r[6], r[7]) for r in rows] == [
        (first, "snap", "snap/snaps-per-pass", "ended", "1", "0"),
        (second, "snap", "snap/snaps-per-pass", "open", "0", "0")]


def test_an_ended_classs_results_print_as_the_dashboards_csv_and_write_to_a_file(ended_and_new, capsys, tmp_path):
    first, _, counted = ended_and_new
    status, out, _ = run(capsys, first.lower())  # a code as typed, in any case
    assert status == 0
    header, row = out.splitlines()
    assert header == "order,student,nickname,kind,verified,game_number,seed,value,counted_at,removed"
    fields = row.split(",")
    assert fields[:7] == ["1", "1", "'=SUM(A1)", "game", "True", "1", str(counted.seed)]
    assert fields[7] == str(counted.value) and fields[9] == "False"
    status, out, _ = run(capsys, first, "--csv", "results.csv")
    assert status == 0 and out == f"1 result of class {first} written to results.csv\n"
    assert (tmp_path / "results.csv").read_text(encoding="utf-8").splitlines() == [header, row]
    # break53: the file (nicknames in it) was 644, readable by every user; now the teacher's only
    assert (tmp_path / "results.csv").stat().st_mode & 0o777 == 0o600
    # a file already there is kept (another class's results, say), unless --overwrite
    status, out, err = run(capsys, first, "--csv", "results.csv")
    assert status == 2 and out == "" and "the file exists; give a new file name, or add --overwrite" in err
    assert run(capsys, first, "--csv", "results.csv", "--overwrite")[0] == 0


@pytest.mark.parametrize("argv, words", [
    (["ZZZZZZ"], "there is no class 'ZZZZZZ' in the store"),
    (["--store", "elsewhere"], "there is no class store at elsewhere"),
    (["--store", ":memory:"], "a :memory: store ends with its process"),
    (["--csv", "out.csv"], "--csv writes one class's results: give its code"),
])
def test_refusals_are_one_line_and_make_nothing(ended_and_new, capsys, tmp_path, argv, words):
    before = sorted(p.name for p in tmp_path.iterdir())
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.startswith("catcards: error: ") and words in err
    assert err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no store made, no file written


def test_a_file_that_is_not_a_results_table_is_not_replaced(ended_and_new, capsys, tmp_path):
    first, _, _ = ended_and_new
    (tmp_path / "marks.csv").write_text("name,mark\nAda,10\n", encoding="utf-8")
    status, _, err = run(capsys, first, "--csv", "marks.csv")
    assert status == 2 and "add --overwrite" in err
    assert (tmp_path / "marks.csv").read_text(encoding="utf-8") == "name,mark\nAda,10\n"
    assert run(capsys, first, "--csv", "marks.csv", "--overwrite")[0] == 0
    assert (tmp_path / "marks.csv").read_text(encoding="utf-8").startswith("order,student,")
