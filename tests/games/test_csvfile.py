"""The one reader of data files (catcards/csvfile.py): encodings, layout, sizes, numbers, and files
that are not files, each refused as one DataFileError naming file, line and column."""
from __future__ import annotations

import csv
import io
import os
import signal
import sys
import time

import pytest

from catcards.core import GameParameterError
from catcards.csvfile import (
    MAX_FIELD_CHARS, MAX_FILE_BYTES, DataFileError, parse_csv, parse_rows, read_table, whole,
)

COLUMNS = ("card", "count", "text")


def table(text, **kw):
    return parse_csv(text, "f.csv", COLUMNS, **kw)


@pytest.fixture
def deadline():
    """Fail (instead of hanging the suite) if the code under test blocks for 5 s."""
    if sys.platform == "win32":  # pragma: no cover
        yield
        return

    def boom(*_):
        raise TimeoutError("blocked for 5 s")

    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(5)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_bom_crlf_notes_blank_rows_and_header_words_are_read_like_plain_text(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_bytes(b"\xef\xbb\xbf# a note,,\r\n  CARD , Count ,TEXT\r\n,,\r\nNap,3,\"two\r\nlines\"\r\nShot!,1,x\r\n")
    t = read_table(str(path), COLUMNS)
    assert t.header == ["card", "count", "text"]
    assert [(r.line, r.values) for r in t.rows] == [
        (4, {"card": "Nap", "count": "3", "text": "two\r\nlines"}),
        (6, {"card": "Shot!", "count": "1", "text": "x"}),  # line numbers count the quoted line break
    ]


def test_aliases_blank_header_cells_and_trailing_blank_fields():
    t = table("Name,count,text,,\nNap,3,x,,\n", aliases={"name": "card"})
    assert t.rows[0].values == {"card": "Nap", "count": "3", "text": "x"}
    with pytest.raises(DataFileError, match=r"f\.csv, line 2, column 4: text 'oops' under a column with no name"):
        table("card,count,text,\nNap,3,x,oops\n")


def test_text_is_stripped_and_put_in_nfc():
    t = table("card,count,text\n  Cafe\u0301  ,1,\n")
    assert t.rows[0]["card"] == "Caf\u00e9"


@pytest.mark.parametrize("text, message", [
    ("card,count\n", r"f\.csv, line 1: missing column text; the columns are card,count,text"),
    ("card\n", r"f\.csv, line 1: missing columns count, text; the columns are card,count,text"),
    ("card,count,text,colour\n", r"f\.csv, line 1, column 4: unknown column 'colour'"),
    ("card,count,text,Card\n", r"f\.csv, line 1, column 4: the column card is given twice"),
    ("# only notes\n\n", r"f\.csv: has no rows \(expected a header line: card,count,text\)"),
    ("card,count,text\nNap,1\n", r"f\.csv, line 2: the row has 2 fields, but the header has 3 columns"),
    ("card,count,text\nNap,1,x,extra\n", r"f\.csv, line 2, column 4: text 'extra' beyond the last column"),
    ("card,count,text\nNap,1,\"open\n\nmore\n", r"f\.csv, line 2: a quote \(\"\) opened in this row is never closed"),
    ("card,count,text\nNap,1,\"a\"b\n", r"f\.csv, line 2: text follows a closing quote"),
    ("card,count,text\nNap,1,a\x00b\n", r"f\.csv, line 2, column 3: contains a NUL character"),
])
def test_layout_mistakes_name_file_line_and_column(text, message):
    with pytest.raises(DataFileError, match=message):
        table(text)


def test_a_long_field_is_a_data_file_error_never_a_raw_csv_error():
    long = "x" * (MAX_FIELD_CHARS + 1)
    with pytest.raises(DataFileError, match=rf"line 2, column 3 \(text\): the field is {MAX_FIELD_CHARS + 1:,} characters long"):
        table(f"card,count,text\nNap,1,{long}\n")
    huge = "y" * 200_000  # beyond the csv module's own field limit (131072)
    with pytest.raises(DataFileError, match=r"line 2: a field is longer than"):
        table(f"card,count,text\nNap,1,\"{huge}\"\n")


def test_too_many_rows():
    with pytest.raises(DataFileError, match="more than 3 rows"):
        table("card,count,text\n" + "Nap,1,x\n" * 5, max_rows=3)


@pytest.mark.parametrize("value", ["+2", "1_0", "\u0663", "\u0661\u0660", "2.0", "1e3", "-1", "0x10", "two", "\uff12"])
def test_counts_are_plain_ascii_digits(value):
    row = table(f"card,count,text\nNap,{value},x\n").rows[0]
    with pytest.raises(DataFileError, match=r"line 2, column 2 \(count\): count must be a whole number from 0 to 60 \(digits 0-9 only\)"):
        whole(row, "count", 0, 60)


def test_count_bounds_and_what_is_accepted():
    rows = table("card,count,text\nA,100000000,x\nB,61,x\nC, 04 ,x\nD,,x\nE,60,x\n" + "F," + "9" * 1500 + ",x\n").rows
    with pytest.raises(DataFileError, match="from 0 to 60, not 100000000"):
        whole(rows[0], "count", 0, 60)
    with pytest.raises(DataFileError, match="from 0 to 60, not 61"):
        whole(rows[1], "count", 0, 60)
    assert whole(rows[2], "count", 0, 60) == 4
    assert whole(rows[3], "count", 0, 60, blank=0) == 0
    assert whole(rows[4], "count", 0, 60) == 60
    with pytest.raises(DataFileError, match=r"from 0 to 60, not 99999999999999999999\.\.\."):
        whole(rows[5], "count", 0, 60)  # 1,500 digits: refused without building the number


def test_a_windows_code_page_file_is_refused_with_where_and_what_to_do(tmp_path):
    path = tmp_path / "cp1252.csv"
    path.write_bytes("card,count,text\r\nNap,3,caf\u00e9 au lait\r\n".encode("cp1252"))
    with pytest.raises(DataFileError, match=r"cp1252\.csv, line 2, column 10: byte 0xE9 is not UTF-8 text.*save it as CSV UTF-8") as info:
        read_table(str(path), COLUMNS)
    assert (info.value.line, info.value.column) == (2, 10)


@pytest.mark.parametrize("content, message", [
    ("card,count,text\n".encode("utf-16"), "is UTF-16 text"),
    # without the byte-order mark it decoded as UTF-8 (NUL is valid UTF-8): "line 2, column 1:
    # unknown column '\x00#\x00 \x00E\x00d...'" (the first line read as a note), 8,000 characters
    ("# my deck\ncard,count,text\nNap,3,zzz\n".encode("utf-16-le"), r"/book\.csv: is UTF-16 text \('Unicode text'\), not UTF-8; save it as CSV UTF-8"),
    ("card,count,text\nNap,3,zzz\n".encode("utf-16-be"), r"/book\.csv: is UTF-16 text \('Unicode text'\), not UTF-8"),
    # its byte-order mark starts like UTF-16's: it was called UTF-16
    ("card,count,text\n".encode("utf-32"), r"/book\.csv: is UTF-32 text, not UTF-8; save it as CSV UTF-8"),
    (b"PK\x03\x04\x14\x00\x06\x00", r"this looks like a spreadsheet workbook \(.xlsx or .ods\) or another zip file, not CSV text; save it as CSV UTF-8"),
])
def test_other_formats_are_refused_with_what_to_do(tmp_path, content, message):
    path = tmp_path / "book.csv"
    path.write_bytes(content)
    with pytest.raises(DataFileError, match=message):
        read_table(path, COLUMNS)


def test_an_unknown_column_is_shown_cut_short():
    with pytest.raises(DataFileError) as info:
        table("card,count,text," + "y" * 1900 + "\n")
    assert str(info.value) == ("f.csv, line 1, column 4: unknown column '" + "y" * 40 + "...'; the columns are "
                               "card,count,text")


def test_a_file_over_the_size_limit_is_refused(tmp_path):
    path = tmp_path / "big.csv"
    path.write_bytes(b"card,count,text\n" + b"#" * MAX_FILE_BYTES)
    with pytest.raises(DataFileError, match=r"bytes, larger than the 1,000,000 bytes"):
        read_table(str(path), COLUMNS)


def test_a_stream_is_read_no_further_than_the_limit():
    class Endless(io.RawIOBase):
        asked: list = []

        def read(self, n=-1):
            self.asked.append(n)
            return b"#" * n

    with pytest.raises(DataFileError, match="larger than the 1,000,000 bytes"):
        read_table(Endless(), COLUMNS)
    assert Endless.asked == [MAX_FILE_BYTES + 1]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a POSIX FIFO")
def test_a_fifo_is_refused_without_opening_it(tmp_path, deadline):
    fifo = tmp_path / "deck.csv"
    os.mkfifo(fifo)  # opening it for reading would block until a writer comes
    start = time.monotonic()
    with pytest.raises(DataFileError, match="is not a regular file"):
        read_table(str(fifo), COLUMNS)
    assert time.monotonic() - start < 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_and_a_folder_are_refused(tmp_path, deadline):
    with pytest.raises(DataFileError, match="is not a regular file"):
        read_table("/dev/zero", COLUMNS)
    with pytest.raises(DataFileError, match="is a folder"):
        read_table(tmp_path, COLUMNS)
    with pytest.raises(DataFileError, match="cannot read"):
        read_table(str(tmp_path / "missing.csv"), COLUMNS)


def test_open_files_of_text_or_bytes_are_read():
    text = "\ufeffcard,count,text\r\nNap,3,x\r\n"
    for fh in (io.StringIO(text), io.BytesIO(text.encode("utf-8"))):
        assert read_table(fh, COLUMNS).rows[0].values == {"card": "Nap", "count": "3", "text": "x"}


def test_inline_tables_are_checked_like_files():
    t = parse_rows([{"Card": "Nap", "count": 3, "text": None}], "t", COLUMNS)
    assert t.rows[0].values == {"card": "Nap", "count": "3", "text": ""}
    with pytest.raises(DataFileError, match=r"t, line 1, column 2 \(count\): a value must be text or a whole number, not a decimal number"):
        parse_rows([{"card": "Nap", "count": 3.0, "text": ""}], "t", COLUMNS)
    with pytest.raises(DataFileError, match="t, line 2: unknown column 'colour'"):
        parse_rows([{"card": "Nap", "count": 3, "text": ""}, {"colour": "red"}], "t", COLUMNS)
    with pytest.raises(DataFileError, match="t, line 1: missing column"):
        parse_rows([{"card": "Nap"}], "t", COLUMNS)
    with pytest.raises(GameParameterError, match="list of rows"):
        parse_rows({"card": "Nap"}, "t", COLUMNS)
    with pytest.raises(GameParameterError, match="a path, an open file, or a table"):
        read_table(42, COLUMNS)


def test_a_semicolon_separated_file_is_read_when_its_header_line_says_so(tmp_path):
    """Excel in locales whose decimal mark is a comma saves "CSV" with ';' between columns (and a
    BOM for "CSV UTF-8"); a text holding ';' is quoted, a comma in a text is just text."""
    path = tmp_path / "excel-de.csv"
    path.write_bytes(b"\xef\xbb\xbf# a note;;\r\n;;\r\n CARD ;Count;Text\r\nNap;3;two, three\r\n"
                     b'Shot!;1;"a;b"\r\n;;\r\n')
    t = read_table(str(path), COLUMNS)
    assert t.header == ["card", "count", "text"]
    assert [(r.line, r.values) for r in t.rows] == [
        (4, {"card": "Nap", "count": "3", "text": "two, three"}),
        (5, {"card": "Shot!", "count": "1", "text": "a;b"}),
    ]
    # a comma-separated file keeps its semicolons as text
    assert table("card,count,text\nNap;x,1,a;b\n").rows[0].values == {"card": "Nap;x", "count": "1", "text": "a;b"}
    # later mistakes are found by the same rules, at the same line and column
    with pytest.raises(DataFileError, match=r"f\.csv, line 2, column 4: text 'x' beyond the last column"):
        table("card;count;text\nNap;1;a;x\n")


@pytest.mark.parametrize("text, message", [
    ("card;count,text\nNap;1,x\n", r"line 1, column 1: unknown column 'card;count'; the columns are card,count,text; "
     "this header line separates columns by both commas and semicolons: use one of them throughout"),
    ("card\tcount\ttext\nNap\t1\tx\n", r"line 1, column 1: unknown column 'card\\tcount\\ttext'; the columns are "
     r"card,count,text; this file's columns are separated by tabs, and catcards reads commas \(or semicolons\): "
     "save it as CSV UTF-8"),
    ("card,count,colour\n", r"unknown column 'colour'; the columns are card,count,text$"),
])
def test_a_header_with_other_separators_says_which_ones_are_read(text, message):
    with pytest.raises(DataFileError, match=message):
        table(text)


def test_an_inline_tables_large_number_is_shown_as_given():
    """A count of 10 or more digits in a table (a saved game's deck, rows built in Python) is
    refused with the number given, not 9999999999; past 20 digits it is cut with "..."."""
    for value, shown in ((12345678901, "12345678901"), (10**30 + 7, "10000000000000000000..."),
                         (-12345678901, "'-12345678901'")):
        row = parse_rows([{"card": "Nap", "count": value, "text": ""}], "t", COLUMNS).rows[0]
        assert row["count"] == str(value)
        with pytest.raises(DataFileError, match=rf"t, line 1, column 2 \(count\): count must be a whole number "
                           rf"from 0 to 60( \(digits 0-9 only\))?, not {shown}$"):
            whole(row, "count", 0, 60)
    with pytest.raises(DataFileError, match=r"column 2 \(count\): the value is a whole number of about 2,000 "
                       r"digits; at most 2,000 characters"):
        parse_rows([{"card": "Nap", "count": 10**2000, "text": ""}], "t", COLUMNS)


def test_an_inline_tables_first_key_may_carry_a_byte_order_mark():
    """csv.DictReader over a "CSV UTF-8" file opened with encoding="utf-8" names its first
    column "\ufeffcard"."""
    rows = list(csv.DictReader(io.StringIO("\ufeffcard,count,text\nNap,3,x\n")))
    assert list(rows[0]) == ["\ufeffcard", "count", "text"]
    assert parse_rows(rows, "t", COLUMNS).rows[0].values == {"card": "Nap", "count": "3", "text": "x"}


from hypothesis import given, settings, strategies as st  # noqa: E402

from catcards.games.card_game.cardlist import load_card_list  # noqa: E402
from catcards.games.cat_days import load_deck  # noqa: E402

_CSVISH = st.lists(st.sampled_from(list('ab,;"\r\n\t# 0123456789+-_\ufeff\u00e9\x00') + ["card", "count", "name", "Nap"]),
                   max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=200), _CSVISH.map(lambda t: t.encode("utf-8"))))
def test_any_bytes_are_read_or_refused_as_one_data_file_error(content):
    try:
        t = read_table(io.BytesIO(content), COLUMNS, required=("card",))
    except DataFileError:
        return
    assert all(set(r.values) <= set(COLUMNS) for r in t.rows)


@settings(max_examples=200, deadline=None)
@given(_CSVISH)
def test_any_text_as_a_deck_or_card_list_is_refused_as_a_parameter_error(text):
    for load, header in ((load_deck, "card,kind,count,setup,points,week,days,effect\n"),
                         (load_card_list, "name,count,types,cost,text\n")):
        for body in (text, header + text):
            try:
                load(io.StringIO(body))
            except GameParameterError:
                pass


# ---- wording at the edge (break-it tester): what was wrong and what to do, in few words --------
import catcards  # noqa: E402

_DECK_TEXT = "card,kind,count,setup,points,week,days,effect\n" + "".join(
    f"Sleepy Cat {i},cat,2,0,1,your,any,empty day\n" for i in range(30))


def test_csv_text_given_where_a_path_goes_is_said_to_be_text_and_cut_short():
    with pytest.raises(GameParameterError) as info:
        catcards.load("cat-days", deck=_DECK_TEXT)
    shown = "card,kind,count,setup,points,week,days,effect\\nSleepy Cat 0,c..."
    assert str(info.value) == (
        f"{shown}: is text, not the path of a file; give the path of the Cat Days deck (a .csv file), "
        "or pass its text as an open file: io.StringIO(text)"
    )
    assert len(str(info.value)) < 250 and "Sleepy Cat 1" not in str(info.value)  # not the whole text again
    # a path that cannot be opened is shown whole up to 240 characters (a real path is long)
    with pytest.raises(DataFileError, match=r"^x{240}\.\.\.: cannot read the data file: "):
        read_table("x" * 5000, COLUMNS)
    with pytest.raises(DataFileError, match=r"^/no/such/folder/deck\.csv: cannot read the data file: No such file"):
        read_table("/no/such/folder/deck.csv", COLUMNS)
    # what the message advises works
    assert catcards.load("cat-days", deck=io.StringIO(_DECK_TEXT)).name == "cat-days"


@pytest.mark.parametrize("start, kind, advice", [
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00", "an Excel 97-2003 workbook (.xls) or another old Office file",
     "save it as CSV UTF-8 (in a spreadsheet: Save As, file type 'CSV UTF-8')"),
    (b"PK\x03\x04\x14\x00\x06\x00", "a spreadsheet workbook (.xlsx or .ods) or another zip file",
     "save it as CSV UTF-8 (in a spreadsheet: Save As, file type 'CSV UTF-8')"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG image",
     "a data file is a CSV text file: save it as CSV UTF-8 (in a spreadsheet: Save As, file type 'CSV UTF-8')"),
    (b"\xff\xd8\xff\xe0\x00\x10JFIF", "a JPEG image",
     "a data file is a CSV text file: save it as CSV UTF-8 (in a spreadsheet: Save As, file type 'CSV UTF-8')"),
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3", "a PDF document",
     "a data file is a CSV text file: save it as CSV UTF-8 (in a spreadsheet: Save As, file type 'CSV UTF-8')"),
])
def test_a_workbook_image_or_pdf_is_named_as_what_it_looks_like(tmp_path, start, kind, advice):
    path = tmp_path / "deck.csv"
    path.write_bytes(start + bytes(range(256)) * 4)
    said = f"this looks like {kind}, not CSV text; {advice}"
    with pytest.raises(DataFileError) as info:
        read_table(str(path), COLUMNS)
    assert str(info.value) == f"{path}: {said}" and "0xD0" not in str(info.value)
    with pytest.raises(DataFileError) as info:  # an open binary file
        read_table(io.BytesIO(path.read_bytes()), COLUMNS)
    assert info.value.problem == said
    if start[0] >= 0x80:  # the file opened as UTF-8 text: the decoder fails on its first byte
        with open(path, encoding="utf-8") as fh, pytest.raises(DataFileError) as info:
            read_table(fh, COLUMNS)
        assert str(info.value) == f"deck.csv: {said}"


def test_a_catcards_save_given_as_a_deck_or_card_list_says_how_to_load_a_save(tmp_path):
    state = catcards.load("cat-days").new_game(3)
    path = tmp_path / "game.json"
    path.write_text(state.to_json(), encoding="utf-8")
    for name, param, what in (("cat-days", "deck", "Cat Days deck"), ("card-game", "cards", "card list")):
        with pytest.raises(GameParameterError) as info:
            catcards.load(name, **{param: str(path)})
        assert str(info.value) == (
            f"{path}: is a catcards saved game, not a {what} (a CSV file); load a save with "
            "catcards.load_state(open(path, encoding='utf-8').read())"
        )
    # the advice works, and the save was not changed by the refusals
    assert catcards.load_state(open(path, encoding="utf-8").read()).to_json() == state.to_json()


@pytest.mark.parametrize("text, message", [
    ("card,count,text\nNap\n", "f.csv, line 2: the row has 1 field, but the header has 3 columns (the column count is missing)"),
    ("card,count,text\nNap,1\n", "f.csv, line 2: the row has 2 fields, but the header has 3 columns (the column text is missing)"),
])
def test_counts_in_messages_are_singular_for_one(text, message):
    with pytest.raises(DataFileError) as info:
        table(text)
    assert str(info.value) == message


def test_one_column_and_one_row_are_singular_too():
    with pytest.raises(DataFileError) as info:
        parse_csv("card\nNap,x\n", "f.csv", ("card",))
    assert str(info.value) == "f.csv, line 2, column 2: text 'x' beyond the last column (1 column in the header)"
    with pytest.raises(DataFileError) as info:
        parse_rows([{"card": "Nap", "count": 1, "text": ""}], "t", COLUMNS, max_rows=0)
    assert str(info.value) == "t: has 1 row; a data file may have at most 0"
    with pytest.raises(DataFileError) as info:
        table("card,count,text\n" + "Nap,1,x\n" * 3, max_rows=1)
    assert str(info.value) == "f.csv: has more than 1 row; a data file may have at most 1"


@pytest.mark.parametrize("text", [
    "sep=;\r\ncard;count;text\r\nNap;3;a, b\r\n",
    "\ufeffSEP=;\ncard;count;text\nNap;3;a, b\n",
    "sep=,\ncard,count,text\nNap,3,\"a, b\"\n",
])
def test_excels_sep_line_declares_the_separator_and_is_skipped(text):
    t = table(text)
    assert t.header == ["card", "count", "text"]
    assert [(r.line, r.values) for r in t.rows] == [(3, {"card": "Nap", "count": "3", "text": "a, b"})]


def test_a_sep_line_for_another_separator_is_refused_naming_what_is_read():
    with pytest.raises(DataFileError) as info:
        table("sep=|\ncard|count|text\n")
    assert str(info.value) == ("f.csv, line 1: the first line 'sep=|' declares '|' as the separator; a data "
                               "file separates its columns by commas (sep=,) or semicolons (sep=;)")
    # line numbers after a sep line count it
    with pytest.raises(DataFileError, match=r"^f\.csv, line 3: the row has 1 field"):
        table("sep=;\ncard;count;text\nNap\n")


def test_a_tilde_in_a_typed_path_is_the_home_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "deck.csv").write_text("card,count,text\nNap,3,x\n", encoding="utf-8")
    t = read_table("~/deck.csv", COLUMNS)
    assert t.source == "~/deck.csv" and t.rows[0].values == {"card": "Nap", "count": "3", "text": "x"}
    deck = tmp_path / "cat.csv"
    deck.write_text(_DECK_TEXT, encoding="utf-8")
    assert catcards.load("cat-days", deck="~/cat.csv").params == catcards.load("cat-days", deck=str(deck)).params


def test_a_save_naming_a_path_with_a_tilde_is_refused_unopened(tmp_path, monkeypatch):
    """A save's deck is its rows, never a path: "~/cat.csv" in a save is not expanded or opened."""
    import catcards.csvfile as csvfile

    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "cat.csv").write_text(_DECK_TEXT, encoding="utf-8")
    opened = []
    monkeypatch.setattr(csvfile, "_read_path", lambda *a: opened.append(a))
    import json

    data = json.loads(catcards.load("cat-days").new_game(1).to_json())
    data["params"]["deck"] = "~/cat.csv"
    with pytest.raises(catcards.SaveFormatError, match=r"gives the deck \('deck'\) as a file path; a save holds the deck's rows"):
        catcards.load_state(json.dumps(data))
    assert opened == []
