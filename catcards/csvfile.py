"""The one reader of catcards data files (a Cat Days deck, a Card Game card list).

A teacher edits a data file in a spreadsheet or a text editor and hands it to a game
(``catcards.load("cat-days", deck="my_deck.csv")``). The file is untrusted input, so this module
reads it at the edge, the same way for every game:

- **What is read**: a path (``str`` or ``os.PathLike``; a leading ``~`` is the user's home folder,
  as in a shell) to a *regular* file (a folder, pipe, device
  or socket is refused after ``os.stat``, before it is opened; it is opened non-blocking and read
  up to :data:`MAX_FILE_BYTES` + 1 bytes, so nothing can hang or fill memory), an open file-like
  object (its ``read`` is called once, for the same number of bytes or characters), or an inline
  table: a list of row dicts from column name to text or whole number (what a saved game holds).
- **Encoding**: UTF-8, with or without the byte-order mark that spreadsheets write ("CSV UTF-8");
  anything else (a Windows code page such as Windows-1252, UTF-16 "Unicode text" with or without
  its byte-order mark, UTF-32) is refused with
  a message saying to save it as CSV UTF-8 and where the first bad byte is. A file whose first bytes
  are those of an Excel workbook (``.xls``, ``.xlsx``) or ``.ods``, a PNG, JPEG or GIF image or a
  PDF is said to look like one; a catcards saved game is said to be a save, with how to load one; text
  with line breaks given where a path goes is said to be text, not a path (shown cut to
  :data:`SHOWN_CHARS` characters). Line ends may be LF, CRLF or CR; quoted fields may span lines.
- **Layout**: lines starting with ``#`` and rows with no text are notes and are skipped; the first
  other row is the header. Columns are separated by commas, or by semicolons (Excel's CSV where the
  decimal mark is a comma) when the header line has ``;`` and no ``,`` (no column name holds
  either). A first line ``sep=;`` or ``sep=,`` (Excel's declaration of the separator) sets it
  and is skipped. Header cells are compared with :func:`catcards.core.normal_name` (case, Unicode form
  and spaces do not matter) after the game's aliases (``name`` for ``card``). An unknown column
  is refused; a blank header cell and the cells under it are ignored (spreadsheets pad rows). A
  row with fewer fields than the header is refused; extra fields must be blank.
- **Sizes**: a file of at most :data:`MAX_FILE_BYTES` bytes, a field of at most
  :data:`MAX_FIELD_CHARS` characters, at most :data:`MAX_ROWS` rows.
- **Text**: a field holding a control or format character (a bidi control such as U+202E, a
  zero-width space; :func:`catcards.core.unsafe_character`) is refused; tab and line ends are
  allowed. Every field is stripped and put in Unicode NFC (an accented name typed as letter
  plus combining accent reads like the precomposed one).
- **Numbers**: :func:`whole` reads plain decimal ASCII digits only (no sign, no ``_``, no other
  script's digits, no exponent) within bounds the game documents.

Every problem is one :class:`DataFileError` (a :class:`~catcards.core.GameParameterError`) whose
message starts with the file, line and column (``"my_deck.csv, line 7, column 3 (count): ..."``).

Why one module of about 600 lines: it is the one edge every data file crosses, read whole by
whoever checks what a teacher's file may do; its parts (bytes to text, rows, header, values)
each serve the next, and a split would scatter one reading for a few lines over 500.
"""
from __future__ import annotations

import csv
import io
import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Sequence

from .core import PLAIN_TEXT, GameParameterError, is_whole, normal_name, short_repr, unsafe_character
from .core.text import value_kind

__all__ = [
    "DataFileError",
    "Row",
    "Table",
    "read_table",
    "read_text",
    "parse_csv",
    "parse_rows",
    "whole",
    "MAX_FILE_BYTES",
    "MAX_FIELD_CHARS",
    "MAX_ROWS",
]

#: largest data file read, in bytes (the packaged files are under 3 kB)
MAX_FILE_BYTES = 1_000_000
#: longest field, in characters (a card text is a sentence or two)
MAX_FIELD_CHARS = 2_000
#: most rows (kinds of card) in one data file
MAX_ROWS = 500
#: longest run of digits :func:`whole` looks at (any bound we use has fewer digits)
_MAX_DIGITS = 9
_MAX_INT_BITS = 6_000  # the widest whole number in an inline table (1,807 digits < MAX_FIELD_CHARS)
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: \d would take Arabic-Indic digits too
_UTF8 = "save it as CSV UTF-8 (in a spreadsheet: Save As, file type 'CSV UTF-8')"
#: the most characters shown of text with line breaks given as a path (CSV text where a path
#: goes); a path without them is shown up to :data:`SHOWN_PATH_CHARS` characters
SHOWN_CHARS = 60
SHOWN_PATH_CHARS = 240
#: how files that are not text start, and what each is (checked before decoding as UTF-8)
_SIGNATURES = (
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Excel 97-2003 workbook (.xls) or another old Office file", True),
    (b"PK\x03\x04", "a spreadsheet workbook (.xlsx or .ods) or another zip file", True),
    (b"\x89PNG\r\n\x1a\n", "a PNG image", False),
    (b"\xff\xd8\xff", "a JPEG image", False),
    (b"GIF8", "a GIF image", False),
    (b"%PDF-", "a PDF document", False),
)
#: Excel's first line declaring the separator ("sep=;"); only those catcards reads are taken
_SEP_LINE = re.compile(r"[ \t]*sep=(.?)[ \t]*(?:\r\n|\r|\n|$)", re.I)
#: how a catcards save starts (``State.to_json``: the format is its first key)
_SAVE_START = re.compile(r'\s*\{\s*"format"\s*:\s*"catcards-save-')


def _plural(count: int, word: str) -> str:
    """``"1 field"``, ``"2 fields"``."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _shown(path: str) -> str:
    """A path that could not be opened, for a message: control characters (line breaks) as
    escapes, cut to :data:`SHOWN_CHARS` characters when it has any (it is text, not a path),
    else to :data:`SHOWN_PATH_CHARS`."""
    limit = SHOWN_PATH_CHARS if path.isprintable() else SHOWN_CHARS
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in path[:limit])
    return text + ("..." if len(path) > limit else "")


class DataFileError(GameParameterError):
    """A data file (deck, card list) that cannot be used.

    The message reads ``"<source>, line <n>, column <c> (<column name>): <problem>"`` (line and
    column left out when the problem is the whole file).

    Attributes:
        source: the file as the user named it (a path, a file's name, or "card list table").
        line: 1-based line of the file (or row of an inline table), or None.
        column: 1-based column number, or None; ``column_name``: its header, or None.
        problem: the problem alone, in players' words.
    """

    def __init__(self, source: str, problem: str, line: int | None = None,
                 column: int | None = None, column_name: str | None = None):
        self.source, self.problem = source, problem
        self.line, self.column, self.column_name = line, column, column_name
        where = str(source)
        if line is not None:
            where += f", line {line}"
        if column is not None:
            where += f", column {column}" + (f" ({column_name})" if column_name else "")
        super().__init__(f"{where}: {problem}")


@dataclass
class Row:
    """One data row: ``values`` (column name -> stripped NFC text, "" when blank), ``line`` (where
    it starts), ``columns`` (column name -> 1-based column number) and ``source``."""

    source: str
    line: int
    values: dict[str, str]
    columns: dict[str, int]
    error_class: type = DataFileError

    def __getitem__(self, column: str) -> str:
        return self.values.get(column, "")

    def error(self, column: str | None, problem: str) -> DataFileError:
        """A :class:`DataFileError` at this row and ``column`` (None: the row as a whole)."""
        if column is None:
            return self.error_class(self.source, problem, self.line)
        return self.error_class(self.source, problem, self.line, self.columns.get(column), column)


@dataclass
class Table:
    """A data file read and checked for layout: ``rows`` (:class:`Row`), ``header`` (canonical
    column names in file order), ``source``."""

    source: str
    header: list[str]
    rows: list[Row] = field(default_factory=list)


# ---- getting the text ---------------------------------------------------------------------------
def read_text(data: Any, what: str = "data file", limit: int = MAX_FILE_BYTES) -> tuple[str, str]:
    """The text of a data file given as a path or an open file-like object, and the name to use
    in messages.

    Raises:
        DataFileError: not a regular file, unreadable, larger than ``limit`` bytes, or not UTF-8
            (a workbook, an image or a PDF is named as such).
    """
    if isinstance(data, (str, os.PathLike)):
        path = os.fspath(data)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        return _decode(_read_path(path, what, limit), path, what), path
    reader = getattr(data, "read", None)
    if not callable(reader):
        raise GameParameterError(
            f"a {what} is a path, an open file, or a table (a list of rows), not {value_kind(data)}"
        )
    name = getattr(data, "name", None)
    source = os.path.basename(name) if isinstance(name, str) else what
    try:
        content = reader(limit + 1)
    except UnicodeDecodeError as exc:  # a file opened as text: its first bytes may say what it is
        start = exc.object[:16] if isinstance(exc.object, bytes) else b""
        raise DataFileError(source, _not_text(start, what) or f"is not UTF-8 text ({exc.reason}); {_UTF8}") from None
    except (OSError, ValueError) as exc:
        raise DataFileError(source, f"cannot be read: {exc}") from None
    if isinstance(content, (bytes, bytearray)):
        if len(content) > limit:
            raise DataFileError(source, f"is larger than the {limit:,} bytes a {what} may have")
        return _decode(bytes(content), source, what), source
    if isinstance(content, str):
        if len(content) > limit:
            raise DataFileError(source, f"is larger than the {limit:,} characters a {what} may have")
        return content.lstrip("\ufeff"), source
    raise DataFileError(source, f"read() gave {value_kind(content)}, not text")


def _read_path(typed: str, what: str, limit: int) -> bytes:
    """The bytes of the file at the path a person typed (``~`` expanded: this is never a path a
    save names, which :meth:`catcards.core.Game.from_saved_params` refuses unopened)."""
    path = os.path.expanduser(typed)
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        if "\n" in typed or "\r" in typed:  # CSV text where the path goes
            raise DataFileError(
                _shown(typed), f"is text, not the path of a file; give the path of the {what} (a .csv "
                "file), or pass its text as an open file: io.StringIO(text)"
            ) from None
        raise DataFileError(_shown(typed), f"cannot read the {what}: {getattr(exc, 'strerror', None) or exc}") from None
    _check_regular(typed, info, what, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: a pipe swapped in after the stat cannot hang
    except OSError as exc:
        raise DataFileError(typed, f"cannot read the {what}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        _check_regular(typed, os.fstat(fd), what, limit)
        try:
            content = fh.read(limit + 1)
        except OSError as exc:
            raise DataFileError(typed, f"cannot read the {what}: {exc.strerror or exc}") from None
    if len(content) > limit:
        raise DataFileError(typed, f"is larger than the {limit:,} bytes a {what} may have")
    return content


def _check_regular(path: str, info: os.stat_result, what: str, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise DataFileError(path, f"is a folder; give the path of the {what} (a .csv file)")
    if not stat.S_ISREG(info.st_mode):
        raise DataFileError(
            path, f"is not a regular file (a pipe, device or socket); give the path of a .csv {what}"
        )
    if info.st_size > limit:
        raise DataFileError(path, f"is {info.st_size:,} bytes, larger than the {limit:,} bytes a {what} may have")


def _not_text(start: bytes, what: str) -> str | None:
    """What a file starting with the bytes ``start`` is, when its signature says it is not text
    (a workbook, an image, a PDF), as a problem for :class:`DataFileError`; else None."""
    for signature, kind, workbook in _SIGNATURES:
        if start.startswith(signature):
            then = _UTF8 if workbook else f"a {what} is a CSV text file: {_UTF8}"
            return f"this looks like {kind}, not CSV text; {then}"
    return None


def _utf16_without_mark(content: bytes) -> bool:
    """Whether ``content`` looks like UTF-16 saved without a byte-order mark: in its first 200
    bytes, every other byte is NUL at least half the time (ASCII text in UTF-16). As UTF-8 such a
    file decodes (NUL is valid UTF-8) into a header of "\\x00c\\x00a..." and its first line
    of notes was skipped as a note."""
    sample = content[:200]
    if len(sample) < 4 or b"\x00" not in sample:
        return False
    half = len(sample) // 2
    return sample[0::2].count(0) >= half // 2 or sample[1::2].count(0) >= half // 2


def _decode(content: bytes, source: str, what: str = "data file") -> str:
    problem = _not_text(content[:16], what)
    if problem:
        raise DataFileError(source, problem)
    if content.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise DataFileError(source, f"is UTF-32 text, not UTF-8; {_UTF8}")
    if content.startswith((b"\xff\xfe", b"\xfe\xff")) or _utf16_without_mark(content):
        raise DataFileError(source, f"is UTF-16 text ('Unicode text'), not UTF-8; {_UTF8}")
    if content.startswith(b"\xef\xbb\xbf"):
        content = content[3:]
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = exc.start
        line = content.count(b"\n", 0, start) + 1
        line_start = content.rfind(b"\n", 0, start) + 1
        column = len(content[line_start:start].decode("utf-8", "replace")) + 1
        raise DataFileError(
            source,
            f"byte 0x{content[start]:02X} is not UTF-8 text (the file was saved in another "
            f"encoding, such as a Windows code page); {_UTF8}",
            line, column,
        ) from None


# ---- parsing ------------------------------------------------------------------------------------
class _Lines:
    """Physical lines for :mod:`csv`, skipping note lines (``#``) and blank lines where a row starts,
    and remembering the line each row starts on."""

    def __init__(self, text: str, skip: int = 0):
        self._it = iter(io.StringIO(text, newline=""))
        for _ in range(skip):  # Excel's "sep=;" line: counted, not read
            next(self._it, None)
        self.number = skip
        self.at_row_start = True
        self.row_line = 0

    def __iter__(self):
        return self

    def __next__(self) -> str:
        while True:
            line = next(self._it)
            self.number += 1
            if self.at_row_start:
                bare = line.strip()
                if not bare or bare.startswith("#"):
                    continue
                self.at_row_start = False
                self.row_line = self.number
            return line


def _check_text(value: str, source: str, line: int, column: int, name: str) -> None:
    """Refuse a field holding a control or format character (a bidi control such as U+202E, a
    zero-width space, ...: :func:`catcards.core.unsafe_character`), at its line and column."""
    bad = unsafe_character(value)
    if bad is not None:
        raise DataFileError(source, f"the text {short_repr(value.strip())} contains {bad}; a data file "
                            f"may hold {PLAIN_TEXT}", line, column, name)


def _clean(text: str) -> str:
    return unicodedata.normalize("NFC", text.strip())


def _delimiter(text: str) -> str:
    """``";"`` when the header line (the first that is not a note, blank or only separators) has a
    semicolon and no comma, else ``","``: no column name holds either mark."""
    for line in io.StringIO(text, newline=""):
        bare = line.strip()
        if bare.strip(",;") and not bare.startswith("#"):
            return ";" if ";" in bare and "," not in bare else ","
    return ","


def _rows(text: str, source: str, delimiter: str, skip: int = 0):
    """Yield ``(line, fields)`` for each row of ``text`` that is neither blank nor a note, read by
    :mod:`csv` (strict) with ``delimiter``, after the first ``skip`` lines; its errors become
    :class:`DataFileError` in words."""
    lines = _Lines(text, skip)
    reader = csv.reader(lines, strict=True, delimiter=delimiter)
    while True:
        lines.at_row_start = True
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problem = str(exc)
            if "field larger than field limit" in problem:
                problem = f"a field is longer than the {MAX_FIELD_CHARS:,} characters a field may have"
            elif "NUL" in problem:
                problem = "contains a NUL character: is this really a CSV file?"
            elif "unexpected end of data" in problem or "EOF" in problem:
                problem = "a quote (\") opened in this row is never closed"
            elif "expected after" in problem:
                problem = ('text follows a closing quote ("); inside a quoted field write a quote '
                           'as two quotes ("")')
            raise DataFileError(source, problem, lines.row_line or None) from None
        if not any(f.strip() for f in fields) or fields[0].strip().startswith("#"):
            continue  # a blank row or a note written by a spreadsheet (",,,," or "# note,,")
        yield lines.row_line, fields


def parse_csv(text: str, source: str, columns: Sequence[str], required: Sequence[str] | None = None,
              aliases: dict[str, str] | None = None, what: str = "data file",
              max_rows: int = MAX_ROWS) -> Table:
    """Split CSV ``text`` into a checked :class:`Table` (layout only; the game checks values);
    columns separated by commas, or by semicolons when the header line has ``;`` and no ``,``, or
    as a first line ``sep=;`` or ``sep=,`` (Excel's) declares.

    Args:
        columns: the canonical column names the file may have; ``required``: those it must have
            (default: all); ``aliases``: other header words for a column (``{"name": "card"}``).

    Raises:
        DataFileError: a catcards saved game (the message says how to load one), a first line
            ``sep=`` declaring another separator than ``,`` or ``;``, no header, a missing,
            unknown or repeated column, a row with too few fields or text beyond the header, a field longer than :data:`MAX_FIELD_CHARS`, a NUL
            or another control or format character (a bidi control such as U+202E), a quote never
            closed, or more than ``max_rows`` rows.
    """
    if not isinstance(text, str):
        raise GameParameterError(f"the text of a {what} must be a str, not {value_kind(text)}")
    if len(text) > MAX_FILE_BYTES:
        raise DataFileError(source, f"is larger than the {MAX_FILE_BYTES:,} characters a {what} may have")
    text = text.lstrip("\ufeff")
    if _SAVE_START.match(text[:200]):
        raise DataFileError(
            source, f"is a catcards saved game, not a {what} (a CSV file); load a save with "
            "catcards.load_state(open(path, encoding='utf-8').read())"
        )
    declared = _SEP_LINE.match(text)
    if declared and declared.group(1) not in (",", ";"):
        raise DataFileError(
            source, f"the first line {declared.group(0).strip()!r} declares {declared.group(1)!r} as the "
            f"separator; a {what} separates its columns by commas (sep=,) or semicolons (sep=;)", 1
        )
    delimiter = declared.group(1) if declared else _delimiter(text)
    raw_rows: list[tuple[int, list[str]]] = []
    for line, fields in _rows(text, source, delimiter, skip=1 if declared else 0):
        raw_rows.append((line, fields))
        if len(raw_rows) > max_rows + 1:
            raise DataFileError(source, f"has more than {_plural(max_rows, 'row')}; a {what} may have "
                                f"at most {max_rows}")
    if not raw_rows:
        raise DataFileError(source, f"has no rows (expected a header line: {','.join(columns)})")
    header_line, head = raw_rows[0]
    header = _header(head, source, header_line, columns, required, aliases)
    table = Table(source, [h for h in header if h])
    for line, fields in raw_rows[1:]:
        table.rows.append(_row(fields, header, source, line))
    return table


def _header(cells: list[str], source: str, line: int, columns: Sequence[str],
            required: Sequence[str] | None, aliases: dict[str, str] | None) -> list[str]:
    known = {normal_name(c): c for c in columns}
    for alias, canonical in (aliases or {}).items():
        known.setdefault(normal_name(alias), canonical)
    header: list[str] = []
    for i, cell in enumerate(cells, 1):
        key = normal_name(cell)
        if not key:
            header.append("")
            continue
        if key not in known:
            shown = cell.strip() if len(cell.strip()) <= 40 else cell.strip()[:40] + "..."
            raise DataFileError(
                source, f"unknown column {shown!r}; the columns are {','.join(columns)}"
                + _separator_hint(cell), line, i
            )
        name = known[key]
        if name in header:
            raise DataFileError(source, f"the column {name} is given twice", line, i)
        header.append(name)
    missing = [c for c in (columns if required is None else required) if c not in header]
    if missing:
        raise DataFileError(
            source, f"missing {_missing(missing)}; the columns are {','.join(columns)}", line
        )
    return header


def _missing(names: list[str]) -> str:
    """``"column text"``, ``"columns count, text"``."""
    return f"column{'s' * (len(names) != 1)} {', '.join(names)}"


def _separator_hint(cell: str) -> str:
    """What to do when an unknown header cell holds another separator than the file's."""
    if "\t" in cell:
        return f"; this file's columns are separated by tabs, and catcards reads commas (or semicolons): {_UTF8}"
    if ";" in cell:
        return "; this header line separates columns by both commas and semicolons: use one of them throughout"
    return ""


def _row(fields: list[str], header: list[str], source: str, line: int) -> Row:
    values: dict[str, str] = {}
    columns: dict[str, int] = {}
    for i, name in enumerate(header):
        if i >= len(fields):
            if name:
                named = len([h for h in header if h])
                raise DataFileError(
                    source, f"the row has {_plural(len(fields), 'field')}, but the header has "
                    f"{_plural(named, 'column')} (the column {name} is missing)", line,
                )
            continue
        value = fields[i]
        if len(value) > MAX_FIELD_CHARS:
            raise DataFileError(
                source, f"the field is {len(value):,} characters long; a field may have at most "
                f"{MAX_FIELD_CHARS:,}", line, i + 1, name or None,
            )
        if "\x00" in value:
            raise DataFileError(source, "contains a NUL character: is this really a CSV file?", line, i + 1)
        if name:
            _check_text(value, source, line, i + 1, name)
            values[name] = _clean(value)
            columns[name] = i + 1
        elif value.strip():
            raise DataFileError(source, f"text {value.strip()[:40]!r} under a column with no name", line, i + 1)
    for i in range(len(header), len(fields)):
        if fields[i].strip():
            raise DataFileError(
                source, f"text {fields[i].strip()[:40]!r} beyond the last column "
                f"({_plural(len([h for h in header if h]), 'column')} in the header)", line, i + 1,
            )
    return Row(source, line, values, columns)


def parse_rows(rows: Any, source: str, columns: Sequence[str], required: Sequence[str] | None = None,
               aliases: dict[str, str] | None = None, what: str = "data file",
               max_rows: int = MAX_ROWS) -> Table:
    """An inline table (a list of row dicts, as a saved game holds it) as a checked :class:`Table`.

    Keys are read like header cells; values may be text, a whole number or None (blank). Row
    ``k`` (from 1) is reported as "row k".

    Raises:
        DataFileError: not a list of dicts, too many rows, an unknown or missing column, a
            value that is not text, a whole number or None, or text holding a control or format
            character (a bidi control such as U+202E).
    """
    if not isinstance(rows, (list, tuple)):
        raise GameParameterError(f"a {what} table is a list of rows (dicts), not {value_kind(rows)}")
    if len(rows) > max_rows:
        raise DataFileError(source, f"has {_plural(len(rows), 'row')}; a {what} may have at most {max_rows}")
    known = {normal_name(c): c for c in columns}
    for alias, canonical in (aliases or {}).items():
        known.setdefault(normal_name(alias), canonical)
    table = Table(source, list(columns))
    for k, raw in enumerate(rows, 1):
        if not isinstance(raw, dict):
            raise DataFileError(source, f"each row is a dict of column -> value, not {value_kind(raw)}", k)
        values: dict[str, str] = {}
        for key, value in raw.items():
            # lstrip: csv.DictReader's first key, from a "CSV UTF-8" file opened with encoding="utf-8"
            name = known.get(normal_name(key.lstrip("\ufeff"))) if isinstance(key, str) else None
            if name is None:
                raise DataFileError(source, f"unknown column {key!r}; the columns are {','.join(columns)}", k)
            if name in values:
                raise DataFileError(source, f"the column {name} is given twice", k)
            if value is None:
                text = ""
            elif isinstance(value, str):
                text = value
            elif is_whole(value) and int(value).bit_length() > _MAX_INT_BITS:  # str() would be slow
                digits = int(value).bit_length() * 0.30103
                raise DataFileError(source, f"the value is a whole number of about {digits:,.0f} digits; at most "
                                    f"{MAX_FIELD_CHARS:,} characters", k, columns.index(name) + 1, name)
            elif is_whole(value):
                text = str(int(value))  # the number as given: whole() says if it is out of range
            else:
                raise DataFileError(
                    source, f"a value must be text or a whole number, not {value_kind(value)}",
                    k, columns.index(name) + 1, name,
                )
            if len(text) > MAX_FIELD_CHARS:
                raise DataFileError(source, f"the value is {len(text):,} characters long; at most "
                                    f"{MAX_FIELD_CHARS:,}", k, columns.index(name) + 1, name)
            _check_text(text, source, k, columns.index(name) + 1, name)
            values[name] = _clean(text)
        missing = [c for c in (columns if required is None else required) if c not in values]
        if missing:
            raise DataFileError(source, f"missing {_missing(missing)}", k)
        table.rows.append(Row(source, k, values, {c: i + 1 for i, c in enumerate(columns)}))
    return table


def read_table(data: Any, columns: Sequence[str], required: Sequence[str] | None = None,
               aliases: dict[str, str] | None = None, what: str = "data file",
               max_rows: int = MAX_ROWS) -> Table:
    """Read a data file given as a path, an open file or an inline table (see the module notes).

    Raises:
        DataFileError: anything :func:`read_text`, :func:`parse_csv` or :func:`parse_rows` refuses.
        GameParameterError: ``data`` of none of those kinds.
    """
    if isinstance(data, (list, tuple)):
        return parse_rows(data, f"{what} table", columns, required, aliases, what, max_rows)
    text, source = read_text(data, what)
    return parse_csv(text, source, columns, required, aliases, what, max_rows)


def whole(row: Row, column: str, low: int, high: int, what: str | None = None,
          blank: int | None = None) -> int:
    """``row[column]`` as a whole number from ``low`` to ``high``: plain ASCII digits 0-9 only
    (``+2``, ``1_0``, ``2.0``, ``1e3``, Arabic-Indic digits and values out of range are refused);
    a blank field gives ``blank`` when it is not None.

    Raises:
        DataFileError: at the row and column, saying what is allowed.
    """
    text = row[column]
    what = what or column
    if not text and blank is not None:
        return blank
    if not _DIGITS.fullmatch(text):
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise row.error(column, f"{what} must be a whole number from {low} to {high} (digits 0-9 only), "
                                f"not {shown!r}")
    if len(text.lstrip("0")) > _MAX_DIGITS or not low <= int(text) <= high:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise row.error(column, f"{what} must be a whole number from {low} to {high}, not {shown}")
    return int(text)

