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
    ("card,count\n", r"f\.csv, line 1: missing column\(s\) text; the columns are card,count,text"),
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
    (b"PK\x03\x04\x14\x00\x06\x00", r"is a spreadsheet workbook \(.xlsx or .ods\), not CSV text; save it as CSV UTF-8"),
])
def test_other_formats_are_refused_with_what_to_do(tmp_path, content, message):
    path = tmp_path / "book.csv"
    path.write_bytes(content)
    with pytest.raises(DataFileError, match=message):
        read_table(path, COLUMNS)


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
    with pytest.raises(DataFileError, match=r"t, line 1, column 2 \(count\): a value must be text or a whole number, not float"):
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
