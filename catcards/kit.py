"""The class kit: ``catcards kit DIR`` writes, for every lesson notebook, a printable student
worksheet and a teacher's edition, and an ``index.html`` linking them.

::

    catcards kit class-kit            # a new (or empty) folder
    catcards kit class-kit --force    # write into a folder that already holds files
    catcards kit class-kit --no-pdf   # HTML only
    catcards kit class-kit --paper letter   # US Letter pages (default: A4)

For each lesson ``notebooks/<stem>.ipynb`` (every notebook of the folder but the start page
``index.ipynb``; ``apps/`` and ``advanced/`` are not lessons):

- ``<stem>-worksheet.html``: what a student fills in on paper: the lesson's predictions (its
  ``Predict(...)`` questions, read from the code without running it), a tally table, the
  exercises' questions (from :mod:`catcards.exercises`) with the form and decimal places expected
  and room to answer. A lesson whose notes have a "## By hand" section (an activity with real
  cards: its rules and starting position) has it printed before the tally; a lesson with no
  checked exercises has its "Your turn" questions instead (a markdown cell that starts with
  ``**Your turn.**``), or no exercises section. Self-contained HTML with print CSS (page size A4,
  or Letter with ``--paper letter``; widths that fit both, nothing split across a page break);
  ``<stem>-worksheet.pdf`` beside it when a converter is installed (Chromium: ``chromium
  --headless --print-to-pdf``).
- ``<stem>-teacher.html``: the notebook itself as nbconvert's ``HTMLExporter`` renders it (cells
  tagged ``remove-cell`` left out by ``TagRemovePreprocessor``, ``remove-input`` and ``hide-input``
  cells shown without their code), with, in front, the class plan and timings of
  ``notebooks/teacher/<stem>.md`` and the answer key, and after each check cell that exercise's
  answer: its exact value in every form a student may give, the common wrong answers and what each
  reveals, and the reasoning.

By default no notebook is executed: the kit is built from the stored (output-free) notebooks in
seconds, and each teacher's edition says so in its banner. With ``run=True`` (``catcards kit DIR
--run``) each lesson is first run top to bottom in a fresh kernel (nbclient, the folder of the
notebook as the working directory, every answer cell still ``None``, each prediction box marked
locked in so that the results held back until a lock-in are shown), so its teacher's edition
carries the printed results and the figures (all 10 lessons: 47 s of wall time on 2 cores, 172 s
at load average 6-8, December 2026). Widgets are
printed as what they show (:func:`_static_widget`: a reveal's answer, a box's question, a button
as "[button: Lock in]"); what they do (tables, typing a prediction, the results kept back until
an answer is right) needs a live notebook.
Student files hold no answer (tests/lessons/test_class_kit.py checks every exercise's
:meth:`~catcards.exercises.Exercise.answer_texts`).

Errors (a DIR that is a file, or a folder holding files without ``--force``, a parent folder
that does not exist or cannot be written, a name over 255 bytes, no lesson notebooks, teacher's notes
whose tally heading is not exactly "## Tally" or has no list) raise :class:`KitError` before
anything is written; a build that fails part-way (a lesson that fails to run with ``run=True``, a
PDF that cannot be made) removes what it wrote.
"""
from __future__ import annotations

import ast
import html
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Optional

from .core import MAX_NAME_BYTES, CatcardsError, check_plain_text, too_long_name
from .core.text import value_kind

__all__ = ["KitError", "KitReport", "Lesson", "build_kit", "lessons", "read_lesson", "worksheet_html", "teacher_html",
           "html_exporter",
           "pdf_converter", "run_lesson", "TEACHER_NOTES", "REMOVE_CELL_TAGS", "REMOVE_INPUT_TAGS", "MAX_PATH_CHARS",
           "PAPERS"]

#: cells with one of these tags are left out of the teacher's edition (Jupyter Book's names)
REMOVE_CELL_TAGS = ("remove-cell",)
#: cells with one of these tags are shown without their code in the teacher's edition
REMOVE_INPUT_TAGS = ("remove-input", "hide-input")
#: the folder of the teacher's notes, below the notebooks folder: ``teacher/<stem>.md``
TEACHER_NOTES = "teacher"
#: the page sizes of the worksheets (CSS ``@page`` sizes); the first is the default
PAPERS = ("A4", "letter")
#: the longest DIR accepted, in characters
MAX_PATH_CHARS = 1000
#: how long one PDF conversion may take, in seconds
PDF_TIMEOUT = 120
#: how long one cell of a lesson may run when the kit runs the lessons (``run=True``), in seconds
CELL_TIMEOUT = 600


class KitError(CatcardsError, ValueError):
    """A class kit that cannot be written (a bad folder, no lessons); nothing was written."""


@dataclass
class Lesson:
    """One lesson notebook as the kit reads it (nothing executed).

    Attributes:
        stem: the file name without ``.ipynb`` ("snap").
        path: the notebook's path.
        title: its first markdown heading ("Snap: how often ...").
        predictions: the ``Predict(...)`` questions in its code, in order: dicts with
            ``question``, ``kind``, ``choices`` (a list, or None) and ``unit`` (a count's unit
            word, "" when none).
        exercises: the keys of the exercises its check cells check, in order.
        notes: the text of ``teacher/<stem>.md`` (markdown), or None when there is none.
        tallies: the things to tally, from the notes' "## Tally" list (may be empty).
        by_hand: the markdown of the notes' "## By hand" section (an activity with real cards:
            its rules and starting position, printed on the worksheet), or None.
        your_turn: the lesson's open questions, plain text: each markdown cell that starts with
            ``**Your turn.**``, without that label (may be empty).
        from_notebook: questions students answer on the worksheet from what the notebook shows,
            the list items of the notes' "## On the worksheet" section (may be empty).
    """

    stem: str
    path: Path
    title: str
    predictions: list[dict[str, Any]] = field(default_factory=list)
    exercises: list[str] = field(default_factory=list)
    notes: Optional[str] = None
    tallies: list[str] = field(default_factory=list)
    by_hand: Optional[str] = None
    your_turn: list[str] = field(default_factory=list)
    from_notebook: list[str] = field(default_factory=list)
    notebook: Any = field(default=None, repr=False, compare=False)  # the nbformat node read


_CHECK = re.compile(r'exercise\(\s*["\']([^"\']+)["\']\s*\)\s*\.check\(')


def _predictions(source: str) -> list[dict[str, Any]]:
    """The ``Predict(question, kind=..., choices=..., unit=...)`` calls with a literal question in a code
    cell's source (cells with IPython magics or syntax errors: none)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        given = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "question"), None)
        if name != "Predict" or given is None:
            continue
        try:
            question = ast.literal_eval(given)
        except (ValueError, TypeError, MemoryError, RecursionError):
            continue  # a question built in code (an f-string): not printable without running it
        if not isinstance(question, str):
            continue
        options: dict[str, Any] = {"question": question, "kind": "probability", "choices": None, "unit": ""}
        for keyword in node.keywords:
            if keyword.arg in ("kind", "choices", "unit"):
                try:
                    options[keyword.arg] = ast.literal_eval(keyword.value)
                except (ValueError, TypeError, MemoryError, RecursionError):
                    pass  # TypeError: {[1]: 2}, a literal that cannot be built (a traceback, break48)
        # what the worksheet prints: texts only (choices=5 stopped the kit: 'int' is not iterable)
        choices = options["choices"]
        if not (isinstance(choices, (list, tuple)) and all(isinstance(c, str) for c in choices)):
            options["choices"] = None
        for name, default in (("kind", "probability"), ("unit", "")):
            if not isinstance(options[name], str):
                options[name] = default
        found.append(options)
    return found


#: a fenced code block of Markdown (CommonMark): ``` or ~~~ (3 or more; a ``` line's info string
#: holds no backtick: "```x``` is code" is inline code), up to three spaces in, to a closing fence of
#: the same character at least as long (nothing after it but spaces), or the end of the notes
_FENCED = re.compile(r"^[ ]{0,3}(`{3,}(?=[^`\n]*$)|~{3,}).*?"
                     r"(?:(?P<close>^[ ]{0,3}\1(?:(?<=`)`|(?<=~)~)*[ \t]*$)|\Z)", re.M | re.S)


def _prose(notes: str) -> str:
    """``notes`` with each fenced code block's characters but its line ends made spaces (the same
    length, so a place in it is the same place in ``notes``): a "# tally the wins" comment in a
    block of Python is not a heading."""
    return _FENCED.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), notes)


def _section_span(notes: Optional[str], heading: str) -> Optional[tuple[int, int]]:
    """Where the text under the "## <heading>" of the teacher's notes starts and ends (character
    offsets into ``notes``), up to the next heading of level 1 or 2 outside fenced code
    (:func:`_prose`); None when there is no such section."""
    if not notes:
        return None
    match = re.search(rf"^##[ \t]+{re.escape(heading)}[ \t]*$(.*?)(?=^##?\s|\Z)", _prose(notes), re.M | re.S)
    return match.span(1) if match else None


def _section(notes: Optional[str], heading: str) -> Optional[str]:
    """The text under the "## <heading>" of the teacher's notes, up to the next heading of level
    1 or 2 (its own "###" headings kept), or None when there is no such section. Headings in
    fenced code blocks are not headings; the blocks themselves are kept (a "By hand" section's
    starting position drawn in a code block is printed on the worksheet)."""
    span = _section_span(notes, heading)
    return notes[span[0]:span[1]].strip() if span else None


def _list_items(section: Optional[str]) -> list[str]:
    """The list items ("- " or "* " lines) of a section's text (none for None)."""
    return [m.strip() for m in re.findall(r"^\s*[-*]\s+(.+)$", section, re.M)] if section else []


def _items(notes: Optional[str], heading: str) -> list[str]:
    """The list items under the "## <heading>" of the teacher's notes (not the "- " lines of a
    fenced code block in it)."""
    span = _section_span(notes, heading)
    return _list_items(_prose(notes)[span[0]:span[1]]) if span else []


def _tallies(notes: Optional[str]) -> list[str]:
    """The list items under a "## Tally" heading of the teacher's notes."""
    return _items(notes, "Tally")


#: a heading line that looks like the tally's ("## tally", "### Tally", "## Tally:", "# Tallies"; "  ## Tally",
#: indented as Markdown allows)
_TALLY_LIKE = re.compile(r"^[ ]{0,3}#+[ \t]*tall(?:y|ies)\b.*$", re.M | re.I)
#: the tally heading :func:`_tallies` reads (as :func:`_section` matches it)
_TALLY_HEADING = re.compile(r"##[ \t]+Tally[ \t]*")


def _check_tally(notes: str, notes_path: Path, checked: bool) -> None:
    """Raise KitError (one line, naming ``notes_path`` and the heading expected) when the notes
    would leave the worksheet's tally empty without a word: a heading (outside fenced code) that
    looks like the tally's but is not exactly "## Tally"; a "## Tally" with no "- " list under it;
    or, for a lesson with checked exercises (``checked``), no "## Tally" at all."""
    where = f"the teacher's notes {str(notes_path)!r}"
    for line in _TALLY_LIKE.findall(_prose(notes)):
        if not _TALLY_HEADING.fullmatch(line):
            raise KitError(f'{where} have the heading {line.rstrip()!r}, which is not read as the tally: '
                           'write it as "## Tally" (two # at the start of its line, a space, Tally, nothing after it)')
    section = _section(notes, "Tally")
    for block in _FENCED.finditer(notes):
        if block.group("close") is None and re.search(r"^[ ]{0,3}##[ \t]+Tally[ \t]*$", block.group(0), re.M):
            raise KitError(f'{where} have their "## Tally" heading inside a fenced code block (``` or ~~~) '
                           "that is never closed, so it is not read as the tally: close the block above it")
    if section is not None and not _items(notes, "Tally"):
        raise KitError(f'{where} have a "## Tally" heading with no list under it: write what to count '
                       'below it, one "- " line each')
    if checked and section is None:
        raise KitError(f'{where} have no "## Tally" heading, so the worksheet\'s tally would be empty: add '
                       '"## Tally" with what to count below it, one "- " line each')


def _read_notes(notes_path: Path) -> Optional[str]:
    """The teacher's notes at ``notes_path`` as text, or None when there is none.

    Raises:
        KitError: one line naming the file: it is not UTF-8 text (a Windows editor's Latin-1 stopped
            the kit with a UnicodeDecodeError traceback), or it is there but cannot be read (a
            folder of that name, no permission).
    """
    if not notes_path.exists():
        return None
    where = f"the teacher's notes {str(notes_path)!r}"
    try:
        return notes_path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise KitError(f"{where} is not UTF-8 text (byte {error.start + 1:,} cannot be read): save it "
                       "as UTF-8 in your editor") from None
    except OSError as error:
        raise KitError(f"{where} cannot be read: {error.strerror or error}") from None


_YOUR_TURN = re.compile(r"^\*\*Your turn\.?\*\*\s*(.+)", re.S)


def _your_turn(nb: Any) -> list[str]:
    """The open questions of the notebook ``nb``: the markdown cells that start with
    ``**Your turn.**``, as one line of plain text each (code marks and emphasis dropped)."""
    found = []
    for cell in nb.cells:
        match = _YOUR_TURN.match(cell.source.strip()) if cell.cell_type == "markdown" else None
        if match:
            found.append(" ".join(re.sub(r"[`*]", "", match.group(1)).split()))
    return found


def read_lesson(path: Path, notes_folder: Optional[Path] = None) -> Lesson:
    """Read one lesson notebook (and its teacher's notes) without running it.

    Args:
        path: the ``.ipynb`` file.
        notes_folder: where ``<stem>.md`` is looked for (default ``<notebook's folder>/teacher``).
    Raises: KitError when the file is not a readable notebook, its notes are not UTF-8 text or
    cannot be read (:func:`_read_notes`), or its notes would leave the
    worksheet's tally empty (a heading that looks like the tally's but is not exactly "## Tally",
    a "## Tally" with no list, or no "## Tally" in the notes of a lesson with checked exercises).
    """
    import nbformat

    path = Path(path)
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as error:  # nbformat raises several kinds for a broken file
        raise KitError(f"{path.name} is not a readable notebook: {error}") from None
    title = path.stem
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            heading = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if heading:
                title = heading.group(1).strip()
                break
    predictions, keys = [], []
    for cell in nb.cells:
        if cell.cell_type == "code":
            predictions += _predictions(cell.source)
            keys += [k for k in _CHECK.findall(cell.source) if k not in keys]
    notes_path = (path.parent / TEACHER_NOTES if notes_folder is None else Path(notes_folder)) / f"{path.stem}.md"
    notes = _read_notes(notes_path)
    if notes is not None:
        _check_tally(notes, notes_path, checked=bool(keys))
    return Lesson(path.stem, path, title, predictions, keys, notes, _tallies(notes), _section(notes, "By hand"),
                  _your_turn(nb), _items(notes, "On the worksheet"), nb)


def lessons(notebooks: Optional[Path] = None) -> list[Lesson]:
    """Every lesson notebook of ``notebooks`` (default the repository's ``notebooks/``), sorted by
    name: each ``*.ipynb`` but ``index.ipynb`` (subfolders such as ``apps/`` and ``advanced/``
    are not read). Raises KitError when the folder is missing or holds no lesson."""
    from .start_page import NOTEBOOKS

    folder = Path(NOTEBOOKS if notebooks is None else notebooks)
    if not folder.is_dir():
        raise KitError(f"the lesson notebooks folder {str(folder)!r} does not exist (the kit is built from a "
                       "source checkout of catcards, or give --notebooks FOLDER)")
    paths = sorted((p for p in folder.glob("*.ipynb") if p.name != "index.ipynb"), key=lambda p: p.stem)
    if not paths:
        raise KitError(f"{str(folder)!r} holds no lesson notebook (*.ipynb besides index.ipynb)")
    return [read_lesson(p) for p in paths]


# --------------------------------------------------------------------------- answers as text
def _number_text(value: Any) -> str:
    """A mistake's or answer's value for the teacher: "1/36 = 0.0278 (2.78%)", "25", "0.455"."""
    try:
        x = Fraction(value) if not isinstance(value, str) else None
    except (TypeError, ValueError):
        x = None
    if x is None:
        return str(value)
    if x.denominator == 1:
        return f"{x.numerator:,}"
    decimal = float(x)

    def plain(text: str) -> str:
        return text.rstrip("0").rstrip(".") if "." in text else text

    shown = plain(f"{decimal:.4f}" if abs(decimal) < 1 else f"{decimal:.4g}")
    percent = f" ({plain(f'{100 * decimal:.2f}')}%)" if 0 <= decimal <= 1 else ""
    if len(str(x)) > 15:  # (26/36)^9 and the like: the fraction is of no use to read
        return shown + percent
    return f"{x} = {shown}{percent}"


def _key_block(key: str, number: Optional[int] = None) -> str:
    """The answer key of one exercise as HTML (escaped)."""
    from .exercises import exercise

    ex = exercise(key)
    value = ex.exact()
    # only the forms its check cell calls right (break49: the key listed 0.038 and 3.8% for an
    # exercise whose check asks for 4 places, as its own words say, and refuses them)
    forms = ", ".join(t for t in ex.answer_texts()[1:] if ex.accepts(t))
    mistakes = "".join(
        f"<li><b>{html.escape(_number_text(wrong))}</b>: {html.escape(reason)}</li>" for wrong, reason in ex.mistakes.items())
    unit = f" {html.escape(ex.unit)}" if ex.unit and Fraction(value).denominator == 1 else ""
    title = f"Exercise {number}: " if number is not None else ""
    return (
        f'<section class="kit-key" id="key-{html.escape(key.replace("/", "-"))}">'
        f"<h3>{title}<code>{html.escape(key)}</code></h3>"
        f"<p><b>Question.</b> {html.escape(ex.question)}</p>"
        f"<p><b>Answer:</b> {html.escape(_number_text(value))}{unit}. Accepted forms include: {html.escape(forms)}. "
        f"{html.escape(ex.how_to_answer)}</p>"
        f"<p><b>Why.</b> {html.escape(ex.why)}</p>"
        + (f"<p><b>Common wrong answers and what each reveals:</b></p><ul>{mistakes}</ul>" if mistakes else "")
        + (f"<p><small>Source: {html.escape(ex.source)}</small></p>" if ex.source else "")
        + "</section>"
    )


# --------------------------------------------------------------------------- the worksheet
_PRINT_CSS = """
@page { size: A4; margin: 15mm; }
* { box-sizing: border-box; }
body { font-family: Arial, Helvetica, sans-serif; font-size: 12pt; line-height: 1.4; color: #000;
       background: #fff; max-width: 180mm; margin: 0 auto; padding: 8px; }
h1 { font-size: 18pt; margin: 0 0 4mm; }
h2 { font-size: 14pt; margin: 6mm 0 2mm; break-after: avoid; page-break-after: avoid; }
h2 + p { break-after: avoid; page-break-after: avoid; }
section, .item, table, tr { break-inside: avoid; page-break-inside: avoid; }
.who { display: flex; flex-wrap: wrap; gap: 4mm 10mm; margin-bottom: 4mm; }
.who span { flex: 1 1 45mm; border-bottom: 1px solid #000; padding-top: 6mm; }
.item { border: 1px solid #000; border-radius: 2mm; padding: 3mm 4mm; margin: 0 0 4mm; }
.space { border: 1px dashed #555; min-height: 30mm; margin: 2mm 0; }
.space.small { min-height: 14mm; }
.space.working { min-height: 50mm; }
.line { border-bottom: 1px solid #000; min-height: 9mm; }
.expect { font-size: 11pt; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #000; padding: 2mm; text-align: left; vertical-align: top; }
td.tally { height: 12mm; width: 45%; }
td.tally + td { width: 20%; }
.choices { list-style: none; padding-left: 0; }
.by-hand p, .by-hand li { margin: 1mm 0; }
.by-hand ol, .by-hand ul { margin: 1mm 0; padding-left: 7mm; }
.choices li::before { content: "\\2610  "; font-size: 14pt; }
@media print { a { color: #000; text-decoration: none; } .screen-only { display: none; } }
@media screen and (max-width: 480px) { body { font-size: 11pt; } }
"""


def _print_css(paper: str = PAPERS[0]) -> str:
    """The worksheets' print CSS for the page size ``paper`` (one of :data:`PAPERS`).
    Raises KitError for another size."""
    if paper not in PAPERS:
        raise KitError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r:.40}")
    return _PRINT_CSS.replace("size: A4;", f"size: {paper};", 1)


def _page(title: str, body: str, css: str = _PRINT_CSS) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{css}</style></head><body>{body}</body></html>\n")


def worksheet_html(lesson: Lesson, paper: str = PAPERS[0]) -> str:
    """The student worksheet of ``lesson`` as one self-contained HTML page (no answer in it):
    name line, predictions, the notes' "By hand" rules (if any, a section of their own) and the
    tally, the notes' "On the worksheet" questions (if any, "From the notebook"), exercises with
    room to answer (or the "Your turn" questions of a lesson without checked exercises; no such
    section when it has neither), a last question. ``paper``: the page size, one of
    :data:`PAPERS` (default A4). Raises KitError for another paper."""
    from .exercises import exercise

    css = _print_css(paper)
    shown_paper = "A4" if paper == "A4" else "US Letter"
    parts = [f"<h1>{html.escape(lesson.title)}</h1>",
             f'<p class="screen-only">Print this page ({shown_paper}); fill it in with a pen.</p>',
             '<div class="who"><span>Name</span><span>Class</span><span>Date</span></div>']
    parts.append("<h2>1. Predict first</h2>")
    if lesson.predictions:
        parts.append("<p>Answer before you see any result. A guess is fine: write it down.</p>")
        for i, p in enumerate(lesson.predictions, 1):
            if p.get("kind") == "choice" and p.get("choices"):
                answer = "<ul class='choices'>" + "".join(f"<li>{html.escape(str(c))}</li>" for c in p["choices"]) + "</ul>"
            else:
                answer = '<p>My prediction:</p><div class="line"></div>'
            parts.append(f'<div class="item"><p><b>Prediction {i}.</b> {html.escape(p["question"])}</p>{answer}'
                         '<p>After the lesson: the answer was</p><div class="line"></div>'
                         "<p>Was I close? Why, or why not?</p><div class=\"space small\"></div></div>")
    else:
        parts.append('<div class="item"><p><b>Prediction.</b> Before the lesson shows a result, write what '
                     'you expect, and why.</p><div class="space small"></div>'
                     '<p>After the lesson: what happened?</p><div class="line"></div></div>')
    number = 2
    if lesson.by_hand:
        # the rules in a section of their own: the tally that follows starts its page under its
        # heading (on A4 the rules fill a page, and the table stood on the next one untitled)
        from nbconvert.filters import markdown2html

        parts.append(f'<h2>{number}. By hand</h2>'   # the notes' heading, the lesson's word
                     f'<section class="item by-hand">{markdown2html(lesson.by_hand)}</section>')
        number += 1
    parts.append(f"<h2>{number}. Tally as you play</h2>")
    number += 1
    rows = lesson.tallies or ["", "", "", ""]
    parts.append("<table><tr><th>What we count</th><th>Tally</th><th>Total</th></tr>"
                 + "".join(f'<tr><td>{html.escape(r)}</td><td class="tally"></td><td></td></tr>' for r in rows)
                 + "</table>")
    if lesson.from_notebook:
        parts.append(f"<h2>{number}. From the notebook</h2>"
                     "<p>Write what the notebook shows, then answer.</p>")
        number += 1
        for i, question in enumerate(lesson.from_notebook, 1):
            parts.append(f'<div class="item"><p><b>Question {i}.</b> {html.escape(question)}</p>'
                         '<div class="space small"></div></div>')
    if lesson.exercises:
        parts.append(f"<h2>{number}. Exercises</h2>")
        number += 1
        for i, key in enumerate(lesson.exercises, 1):
            ex = exercise(key)
            parts.append(f'<div class="item"><p><b>Exercise {i}.</b> {html.escape(ex.question)}</p>'
                         f'<p class="expect"><i>{html.escape(ex.how_to_answer)}</i></p>'
                         '<p>Working:</p><div class="space working"></div>'
                         '<p>My answer:</p><div class="line"></div></div>')
    elif lesson.your_turn:
        parts.append(f"<h2>{number}. Your turn</h2>")
        number += 1
        parts.append("<p>The notebook asks this at its end. It has no single right answer: say what you tried "
                     "and what you found.</p>")
        for question in lesson.your_turn:
            parts.append(f'<div class="item"><p><b>Your turn.</b> {html.escape(question)}</p>'
                         '<p>What I tried, and what I found:</p><div class="space"></div></div>')
    parts.append(f'<h2>{number}. One thing that surprised me</h2><div class="item"><div class="space small"></div></div>')
    return _page(f"Worksheet: {lesson.title}", "".join(parts), css)


# --------------------------------------------------------------------------- the teacher's edition
_TEACHER_CSS = """
.kit-teacher { border: 3px solid #0072B2; border-radius: 6px; padding: 12px 16px; margin: 12px 0;
               background: #f4f9fd; color: #000; font-size: 15px; line-height: 1.45; }
.kit-teacher h2, .kit-teacher h3 { margin-top: 0.6em; }
.kit-key { border-top: 1px solid #0072B2; padding-top: 6px; }
.kit-banner { background: #0072B2; color: #fff; padding: 8px 16px; font-size: 18px; font-weight: bold; }
.kit-control { color: #444; font-style: italic; }
@media print { .kit-teacher, .kit-key { break-inside: avoid; } }
"""


def html_exporter() -> Any:
    """nbconvert's ``HTMLExporter`` (lab template) with the kit's ``TagRemovePreprocessor``;
    make one and pass it to :func:`teacher_html` for every lesson (the templates load once).
    Raises KitError when nbconvert's templates are missing."""
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    try:
        exporter = HTMLExporter(template_name="lab", extra_template_basedirs=_template_dirs(),
                                extra_template_paths=_template_dirs())
    except ValueError as error:  # nbconvert installed without its share/jupyter templates
        raise KitError(f"nbconvert's HTML templates cannot be found ({error}); reinstall nbconvert") from None
    exporter.register_preprocessor(TagRemovePreprocessor(remove_cell_tags=set(REMOVE_CELL_TAGS),
                                                         remove_input_tags=set(REMOVE_INPUT_TAGS), enabled=True),
                                   enabled=True)
    return exporter


def run_lesson(lesson: Lesson, timeout: int = CELL_TIMEOUT) -> Any:
    """Run ``lesson``'s notebook top to bottom in a fresh ``python3`` kernel (nbclient; the
    notebook's folder is the working directory; answer cells stay as stored, ``None``; each
    Predict box is marked locked in, :func:`_locked_for_the_edition`) and return
    the executed copy (an nbformat node; the stored file is not changed).

    Raises: KitError naming the lesson and the error when a cell fails or runs longer than
    ``timeout`` seconds.
    """
    import copy

    import nbformat
    from jupyter_client.kernelspec import NoSuchKernel
    from nbclient.exceptions import CellExecutionError, CellTimeoutError

    from .kernel_client import notebook_client

    nb = copy.deepcopy(lesson.notebook) if lesson.notebook is not None else nbformat.read(lesson.path, as_version=4)
    _locked_for_the_edition(nb)
    # its waits for the kernel's messages look at the socket every few seconds (readme50: a run
    # stood still for a cell's whole timeout, the reply lying unread; catcards.kernel_client)
    client = notebook_client(nb, timeout=timeout, kernel_name="python3",
                             resources={"metadata": {"path": str(Path(lesson.path).parent)}})
    try:
        # the kernel's own start-up warnings (ipykernel's "TCP without encryption") are not the
        # teacher's business; a failing cell still reaches us through its error output
        # figures drawn inline whatever MPLBACKEND the teacher's shell sets (with Agg, as in CI
        # or a server, plt.show() drew nothing into the edition)
        env = dict(os.environ, MPLBACKEND="module://matplotlib_inline.backend_inline")
        client.execute(stderr=subprocess.DEVNULL, env=env)
    except (CellExecutionError, CellTimeoutError) as error:
        said = _ANSI.sub("", str(error)).strip()   # the traceback's colours: escape codes in a log
        first = said.splitlines()[-1] if said else type(error).__name__
        raise KitError(f"{lesson.stem}.ipynb failed to run for its teacher's edition: {first}") from None
    except NoSuchKernel:
        raise KitError(f"{lesson.stem}.ipynb cannot be run for its teacher's edition: no python3 kernel is "
                       'installed (pip install -e ".[lab]")') from None
    except RuntimeError as error:
        # nbclient's DeadKernelError (a cell that ended the kernel: os._exit, a crash) and a kernel
        # that does not start: the command line said "Kernel died; give the game a limit (e.g. -p
        # max_hands=50)", its words for a game that does not end, naming no lesson (break48)
        said = _ANSI.sub("", str(error)).strip().splitlines()
        raise KitError(f"{lesson.stem}.ipynb failed to run for its teacher's edition: its kernel stopped "
                       f"({said[-1] if said else type(error).__name__})") from None
    return nb


#: a terminal's colour codes (as in a kernel's traceback)
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")

#: what a Predict box holds as its value in a teacher's edition run (:func:`run_lesson`); its
#: ``text`` stays None, so its reveal gives the answers without "You said ..." or a verdict
EDITION_PREDICTION = "(the teacher's edition: no prediction)"

#: the first cell of a teacher's edition run, left out of the edition (tagged ``remove-cell``):
#: every exercise is marked answered right (so the results kept back until then are drawn), and
#: after every cell, each Predict box that a name of the notebook holds (or a list, tuple or dict
#: a name holds) is marked locked in with :data:`EDITION_PREDICTION`. The kernel's own objects are
#: looked at, not the code: a box made as ``a = b = Predict(...)``, ``box: Predict = ...``, under
#: another name (``P(...)``), by a function, in a list or after an IPython magic is locked in too,
#: and a name that was never a box (``Predict`` inside a function, a method named Predict) is not
#: touched (a cell added after ``box = Predict(...)`` raised NameError for a box made in a function).
_EDITION_LOCK = f"""\
import catcards.exercises as _catcards_exercises
# every exercise taken as answered right: the results a lesson keeps back until then (reveal_after)
# are drawn (break49: the edition said "The result below shows the answer" over nothing)
_catcards_exercises.mark_all_solved()
del _catcards_exercises


def _catcards_edition_lock(*_):
    import sys
    predict = sys.modules.get("catcards.widgets.predict")
    if predict is None:   # no box was made yet
        return
    for value in list(get_ipython().user_ns.values()):
        try:   # a lesson's own dict or list that cannot be read: no error under its cell
            held = list(value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple))
                        else [value])
        except Exception:
            continue
        for box in held:
            if isinstance(box, predict.Predict) and box.value is None:
                box.value = {EDITION_PREDICTION!r}   # its text stays None: no 'You said' in its reveal

get_ipython().events.register("post_run_cell", _catcards_edition_lock)
del _catcards_edition_lock
"""


def _locked_for_the_edition(nb: Any) -> None:
    """Put :data:`_EDITION_LOCK` first in ``nb`` (an nbformat node, changed in place), so the
    cells that wait for a prediction's lock-in (``if box.value is None``) print their results and
    figures into the teacher's edition."""
    import nbformat

    nb.cells.insert(0, nbformat.v4.new_code_cell(_EDITION_LOCK, metadata={"tags": list(REMOVE_CELL_TAGS)}))


#: an output that shows a widget, and where a run keeps the widgets' last state (nbclient)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: widgets whose text is their value, as HTML (ours: the lessons' reveals and notes) or as text
_HTML_WIDGETS = {"HTMLModel", "HTMLMathModel"}
_TEXT_WIDGETS = {"LabelModel"}


#: a script in a widget's HTML: the live widget never runs one (it is set as innerHTML), so the
#: static copy drops it too (break49: a lesson's <script>alert(1)</script> ran in the edition)
_SCRIPT = re.compile(r"<script\b.*?(</script\s*>|$)", re.I | re.S)


def _control(text: str) -> str:
    return f'<span class="kit-widget kit-control">[{html.escape(text)}]</span> '


def _static_output(output: dict) -> str:
    """One output an Output widget holds (printed text, HTML, a PNG figure) as static HTML."""
    if output.get("output_type") == "stream":
        return f"<pre>{html.escape(str(output.get('text', '')))}</pre>"
    data = output.get("data", {})
    if "image/png" in data:
        return f'<img alt="a figure" src="data:image/png;base64,{str(data["image/png"]).strip()}">'
    if "text/html" in data:
        return _SCRIPT.sub("", "".join(data["text/html"]) if isinstance(data["text/html"], list) else str(data["text/html"]))
    if "text/plain" in data:
        return f"<pre>{html.escape(str(data['text/plain']))}</pre>"
    return ""


def _static_widget(state: dict, model_id: str, depth: int = 0) -> str:
    """The widget ``model_id`` of a run's widget ``state`` (nbclient's, ``{id: {"model_name",
    "state"}}``) as static HTML for the printed edition: an HTML widget's value (a reveal's
    answer; scripts dropped), a label's text, what an Output widget holds (text, HTML, figures), a
    box's children in order (a tab's or accordion's titles over them), and a control as bracketed
    words with its label and value ("[button: Lock in my prediction]", "[computers: 100]",
    "[choose one: less likely / the same]"): there is nothing to press on paper. A widget hidden by
    its layout, or not in ``state``, is nothing."""
    model = state.get(model_id)
    if model is None or depth > 50:
        return ""
    name, values = model.get("model_name", ""), model.get("state", {})
    layout = state.get(str(values.get("layout", "")).replace("IPY_MODEL_", ""), {}).get("state", {})
    if layout.get("display") == "none" or layout.get("visibility") == "hidden":
        return ""
    label = str(values.get("description", "") or "").strip()
    if name in _HTML_WIDGETS:
        return f'<div class="kit-widget">{_SCRIPT.sub("", str(values.get("value", "")))}</div>'
    if name in _TEXT_WIDGETS:
        return f'<div class="kit-widget">{html.escape(str(values.get("value", "")))}</div>'
    if name == "OutputModel":
        return "".join(_static_output(o) for o in values.get("outputs", []))
    if "children" in values:
        titles = list(values.get("titles", []) or [])
        parts = []
        for i, child in enumerate(values["children"]):
            title = titles[i] if i < len(titles) and titles[i] else ""
            shown = _static_widget(state, str(child).replace("IPY_MODEL_", ""), depth + 1)
            parts.append((f"<p><b>{html.escape(str(title))}</b></p>" if title else "") + shown)
        return "".join(parts)
    if name == "ButtonModel":
        return _control(f"button: {label}")
    if name in ("TextModel", "TextareaModel", "PasswordModel"):
        return _control(f"{label}: a box to type in" if label else "a box to type in")
    if "_options_labels" in values:   # radio buttons, toggle buttons, a drop-down: the choices
        choices = " / ".join(str(x) for x in values["_options_labels"])
        index = values.get("index")
        picked = (f"; chosen: {values['_options_labels'][index]}"
                  if isinstance(index, int) and 0 <= index < len(values["_options_labels"]) else "")
        return _control(f"{label + ': ' if label else ''}choose one: {choices}{picked}")
    if "value" in values and isinstance(values["value"], (int, float, str, bool)):   # a slider, a number, a tick box
        return _control(f"{label + ': ' if label else ''}{values['value']}")
    return _control(f"{label + ': ' if label else ''}interactive: in the live notebook")


def _widgets_as_static_html(nb: Any) -> None:
    """Every widget output of a run ``nb`` (changed in place) replaced by :func:`_static_widget`'s
    HTML, and the widgets' state dropped: the edition printed them as empty boxes (their views
    need the widget manager's script, from a CDN, which a printed page or a school's offline
    computer does not run), the reveals' answers among them."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None:
                output["data"] = {"text/html": _static_widget(state, view.get("model_id", ""))}
        # a widget that shows nothing (hidden) leaves no empty "Out[n]:"
        if cell.get("outputs"):
            cell["outputs"] = [o for o in cell["outputs"] if o.get("data", {}).get("text/html", None) != ""]
    nb.metadata.pop("widgets", None)


def teacher_html(lesson: Lesson, exporter: Any = None, executed: Any = None) -> str:
    """The teacher's edition of ``lesson``: the notebook rendered by nbconvert's ``HTMLExporter``
    (``TagRemovePreprocessor`` drops :data:`REMOVE_CELL_TAGS` cells and the code of
    :data:`REMOVE_INPUT_TAGS` cells), preceded by the class plan (``teacher/<stem>.md``) and the
    answer key, each check cell followed by its exercise's answer. Returns the HTML text.
    ``exporter``: from :func:`html_exporter` (default: a new one). ``executed``: the notebook as
    :func:`run_lesson` returned it, to show its outputs (default: the stored notebook, no outputs;
    the banner then says how to get them)."""
    import copy

    import nbformat
    from nbconvert.filters import markdown2html

    if executed is not None:
        nb = copy.deepcopy(executed)
        _widgets_as_static_html(nb)
    else:
        nb = copy.deepcopy(lesson.notebook) if lesson.notebook is not None else nbformat.read(lesson.path, as_version=4)
        for cell in nb.cells:   # a notebook saved with outputs (--notebooks): not shown as this run's
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
    cells = []
    for cell in nb.cells:
        cells.append(cell)
        if cell.cell_type == "code":
            for key in [k for k in _CHECK.findall(cell.source)]:
                number = lesson.exercises.index(key) + 1 if key in lesson.exercises else None
                cells.append(nbformat.v4.new_markdown_cell(
                    f'<div class="kit-teacher"><b>Teacher: the answer to this check cell.</b>{_key_block(key, number)}</div>'))
    plan = (markdown2html(lesson.notes) if lesson.notes else
            f"<p>There are no class notes for this lesson yet (<code>{TEACHER_NOTES}/{html.escape(lesson.stem)}.md</code>"
            " beside the notebooks).</p>")
    key = ("".join(_key_block(k, i) for i, k in enumerate(lesson.exercises, 1)) if lesson.exercises
           else _no_exercises(lesson))
    outputs = ("The results and figures below come from running the notebook once, top to bottom, with no "
               "answer typed in, each prediction box taken as locked in and each exercise as answered "
               "right; tables and Predict boxes need the live notebook." if executed is not None else
               "This copy shows the lesson's text and code without results or figures. For a copy with them, "
               "build the kit with <code>catcards kit DIR --run</code> (up to a minute per lesson), or open "
               "the notebook and Run All.")
    front = (f'<div class="kit-banner">Teacher\'s edition: {html.escape(lesson.title)} (not for students)</div>'
             f'<div class="kit-teacher"><p>{outputs}</p></div>'
             f'<div class="kit-teacher"><h2>Class plan and timings</h2>{plan}</div>'
             f'<div class="kit-teacher"><h2>Answer key</h2>{key}</div>')
    cells.insert(0, nbformat.v4.new_markdown_cell(front))
    nb.cells = cells
    exporter = html_exporter() if exporter is None else exporter
    body, _resources = exporter.from_notebook_node(nb, resources={"metadata": {"name": f"Teacher's edition: {lesson.title}"}})
    return body.replace("</head>", f"<style>{_TEACHER_CSS}</style></head>", 1)


def _no_exercises(lesson: Lesson) -> str:
    """The answer key's place in the teacher's edition of a lesson with no checked exercises: what
    its students answer instead (HTML)."""
    asked = []
    if lesson.predictions:
        many = len(lesson.predictions) > 1
        asked.append(f"the prediction{'s' * many} at the top (the notebook shows {'their' if many else 'its'} "
                     "answer once the prediction is locked in; the notes above say what to expect)")
    if lesson.by_hand:
        asked.append('the activity by hand (the rules in "By hand" above) and its tally')
    if lesson.from_notebook:
        asked.append('the questions "From the notebook" (the notes\' "On the worksheet" above; the '
                     "notebook shows what they ask for)")
    for question in lesson.your_turn:
        expect = "; the notes above say what to expect" if lesson.notes and "**Your turn**" in lesson.notes else ""
        asked.append(f"the open question <i>Your turn: {html.escape(question)}</i> (no single right answer{expect})")
    if not asked:
        return "<p>This lesson has no checked exercises and no answer key.</p>"
    listed = "".join(f"<li>{a}</li>" for a in asked)
    return (f"<p>This lesson has no checked exercises, so there is no answer key. What students answer "
            f"(the worksheet has room for each):</p><ul>{listed}</ul>")


def _template_dirs() -> list[str]:
    """Folders that may hold nbconvert's templates besides Jupyter's data path: the share/jupyter
    of this Python's base installation (a venv made with --system-site-packages sees nbconvert
    there, but not its templates)."""
    import sys

    dirs = []
    for prefix in dict.fromkeys((sys.prefix, sys.base_prefix, sys.exec_prefix)):
        folder = Path(prefix) / "share" / "jupyter" / "nbconvert" / "templates"
        if folder.is_dir():
            dirs.append(str(folder))
    return dirs


def _index_html(built: list[tuple[Lesson, bool]], pdf: Optional[str], paper: str = PAPERS[0]) -> str:
    from .start_page import lesson_info

    rows = []
    for lesson, has_pdf in built:
        info = lesson_info(lesson.stem)
        sheet = f'<a href="{lesson.stem}-worksheet.html">worksheet</a>'
        if has_pdf:
            sheet += f' (<a href="{lesson.stem}-worksheet.pdf">PDF</a>)'
        time = _class_time(lesson.notes) or "see the teacher's edition"
        rows.append(f"<tr><td><b>{html.escape(lesson.title)}</b><br><code>{html.escape(lesson.stem)}.ipynb</code></td>"
                    f"<td>{html.escape(info['level'])}</td><td>{html.escape(info['needs'])}</td>"
                    f"<td>{html.escape(time)}</td><td>{sheet}</td>"
                    f'<td><a href="{lesson.stem}-teacher.html">teacher\'s edition</a></td></tr>')
    note = (f"PDF worksheets were made with {html.escape(pdf)}." if pdf else
            "No PDF converter was found: print the worksheets from a browser (their pages are "
            f"{'A4' if paper == 'A4' else 'US Letter'}; <code>catcards kit DIR --paper "
            f"{'letter' if paper == 'A4' else 'A4'}</code> for {'US Letter' if paper == 'A4' else 'A4'}).")
    css = _PRINT_CSS.replace("size: A4; ", "").replace("max-width: 180mm", "max-width: 260mm")  # a wide table
    return _page("catcards class kit", (
        "<h1>catcards class kit</h1><p>For each lesson: a worksheet to print for every student, and the "
        "teacher's edition (the notebook with the answer key, the common wrong answers and the class plan: "
        "keep it away from students).</p>"
        "<table><tr><th>lesson</th><th>level</th><th>students should already know</th><th>time in class</th>"
        f"<th>student</th><th>teacher</th></tr>{''.join(rows)}</table><p>{note}</p>"), css)


def _class_time(notes: Optional[str]) -> Optional[str]:
    """The "**Time in class:** ..." line of the teacher's notes, or None."""
    if not notes:
        return None
    found = re.search(r"^\*\*Time in class:?\*\*:?[ \t]*(\S.*)$", _prose(notes), re.M)   # not one in fenced code
    return found.group(1).strip() if found else None


# --------------------------------------------------------------------------- PDF and the build
def pdf_converter() -> Optional[str]:
    """The path of a program that prints HTML to PDF (Chromium or Google Chrome, headless), or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


def _print_pdf(converter: str, page: Path, out: Path) -> None:
    """Print ``page`` to ``out`` with headless Chromium (no header or footer). Raises KitError."""
    args = [converter, "--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-pdf-header-footer",
            f"--print-to-pdf={out}", page.resolve().as_uri()]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
    with tempfile.TemporaryDirectory() as profile:
        args.insert(1, f"--user-data-dir={profile}")
        try:
            subprocess.run(args, capture_output=True, timeout=PDF_TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise KitError(f"{converter} could not print {page.name} to PDF: {error}") from None
    if not out.is_file() or out.stat().st_size == 0:
        raise KitError(f"{converter} did not write {out.name}; run again with --no-pdf for HTML only")


def _check_target(folder: Any, force: bool) -> Path:
    """The kit's folder, checked before anything is written (see :func:`build_kit`)."""
    if not isinstance(folder, (str, os.PathLike)):
        raise KitError(f"DIR must be a folder path, not {value_kind(folder)}")
    text = os.fspath(folder)
    if not text.strip():
        raise KitError("DIR must be a folder path, not an empty text")
    if len(text) > MAX_PATH_CHARS:
        raise KitError(f"DIR must be at most {MAX_PATH_CHARS} characters, got {len(text):,}")
    try:
        check_plain_text(text, "DIR", "the folder path")
    except CatcardsError as error:
        raise KitError(str(error)) from None
    target = Path(text).expanduser()
    long = too_long_name(target)
    if long:
        raise KitError(f"the name {long[0][:40]!r}... is {long[1]} bytes "
                       f"long; a file or folder name is at most {MAX_NAME_BYTES} bytes")
    try:
        return _check_existing(text, target, force)
    except OSError as error:  # a name the file system refuses, a folder that cannot be read
        raise KitError(f"DIR {text[:80]!r} cannot be used: {error.strerror or error}") from None


def _check_existing(text: str, target: Path, force: bool) -> Path:
    if target.exists() or target.is_symlink():
        if not target.is_dir():
            raise KitError(f"{text!r} exists and is not a folder: give a new folder, or an empty one")
        if any(target.iterdir()) and not force:
            raise KitError(f"the folder {text!r} already holds files: give a new or empty folder, or --force to "
                           "write the kit into it (files of the same names are replaced, others kept)")
        if not os.access(target, os.W_OK | os.X_OK):
            raise KitError(f"the folder {text!r} cannot be written")
        return target
    parent = target.absolute().parent
    if not parent.is_dir():
        raise KitError(f"the folder {str(parent)!r} that would hold {target.name!r} does not exist: create it first")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise KitError(f"the folder {str(parent)!r} cannot be written, so {target.name!r} cannot be made there")
    return target


@dataclass
class KitReport:
    """What :func:`build_kit` wrote: ``folder``, ``files`` (names, sorted), ``lessons`` (stems),
    ``pdf`` (the converter used, or None), ``no_pdf`` (PDFs were not asked for), and
    :meth:`summary` for the command line."""

    folder: Path
    files: list[str]
    lessons: list[str]
    pdf: Optional[str]
    no_pdf: bool = False

    def summary(self) -> str:
        """Lines saying what was written and whether PDFs were made."""
        pdf = (f"PDF worksheets made with {self.pdf}." if self.pdf else
               "PDF worksheets: none (--no-pdf: print the HTML worksheets from a browser)." if self.no_pdf else
               "PDF worksheets: none (no converter found: install Chromium, or print the HTML worksheets "
               "from a browser).")
        lessons = f"{len(self.lessons)} lesson{'s' * (len(self.lessons) != 1)}"
        return (f"Wrote the class kit for {lessons} to {self.folder}: open index.html.\n"
                f"Per lesson: <lesson>-worksheet.html (students) and <lesson>-teacher.html (answers: teacher only).\n"
                f"{pdf}")


def build_kit(folder: Any, *, force: bool = False, pdf: Optional[bool] = None, notebooks: Optional[Path] = None,
              progress: Optional[bool] = None, run: bool = False, paper: str = PAPERS[0]) -> KitReport:
    """Write the class kit into ``folder`` (see the module's description).

    Args:
        folder: the kit's folder: a new one (its parent must exist), an empty one, or with
            ``force=True`` one that already holds files (files of the kit's names are replaced,
            others kept).
        force: allow a folder that already holds files.
        pdf: True: PDF worksheets (KitError without a converter); False: none; None (default):
            when :func:`pdf_converter` finds one.
        notebooks: the lessons' folder (default the repository's ``notebooks/``).
        progress: a tqdm progress bar on stderr (None: shown when the build takes more than a
            second).
        run: run each lesson first (:func:`run_lesson`), so its teacher's edition shows the
            results and figures (up to a minute per lesson); default False (seconds, no outputs).
        paper: the worksheets' page size, one of :data:`PAPERS` ("A4", the default, or "letter").
    Returns: a :class:`KitReport`.
    Raises:
        KitError: a bad folder, a paper not in :data:`PAPERS` or no lessons (nothing written), or a failed PDF conversion (what
            was written is removed: the folder is as it was).
    """
    from tqdm.auto import tqdm

    target = _check_target(folder, force)
    _print_css(paper)   # an unknown paper: KitError before anything is written
    try:
        import nbconvert  # noqa: F401  (the teacher's editions; in the lab extra, with JupyterLab)
        import nbformat  # noqa: F401
    except ImportError:
        raise KitError('the class kit needs nbconvert, which comes with JupyterLab: pip install -e ".[lab]"') from None
    converter = pdf_converter() if pdf is not False else None
    if pdf is True and converter is None:
        raise KitError("no PDF converter found (Chromium); install one, or leave out --pdf")
    found = lessons(notebooks)
    parent = target if target.is_dir() else target.absolute().parent
    exporter = html_exporter()
    try:
        staging = Path(tempfile.mkdtemp(prefix=".catcards-kit-", dir=parent))
    except OSError as error:  # a folder of no files (/proc, /sys), or one this user may not write in
        raise KitError(f"DIR {str(folder)[:80]!r}: cannot write there ({error.strerror or error})") from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(staging, 0o777 & ~umask)  # mkdtemp makes it private; the kit is an ordinary folder
        built = []
        bar = tqdm(found, desc="class kit", unit="lesson", delay=0 if progress else 1.0,
                   disable=progress is False)
        try:
            for lesson in bar:
                bar.set_postfix_str(lesson.stem)   # shows the bar now, the lesson's name on it
                sheet = staging / f"{lesson.stem}-worksheet.html"
                sheet.write_text(worksheet_html(lesson, paper), encoding="utf-8")
                executed = run_lesson(lesson) if run else None
                (staging / f"{lesson.stem}-teacher.html").write_text(
                    teacher_html(lesson, exporter, executed=executed), encoding="utf-8")
                if converter:
                    _print_pdf(converter, sheet, staging / f"{lesson.stem}-worksheet.pdf")
                built.append((lesson, bool(converter)))
        except BaseException:
            # the bar shown by set_postfix_str has no line end (tqdm's close adds none before its
            # delay): the error's "catcards: error: ..." line stood at the end of the bar's line
            if progress is not False:
                bar.fp.write("\n")
            raise
        bar.close()
        (staging / "index.html").write_text(_index_html(built, converter, paper), encoding="utf-8")
        files = sorted(p.name for p in staging.iterdir())
        if target.is_dir():
            for name in files:
                os.replace(staging / name, target / name)
            staging.rmdir()
        else:
            os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return KitReport(target, files, [lesson.stem for lesson in found], converter, no_pdf=pdf is False)


# --------------------------------------------------------------------------- the command line
def add_parser(sub: Any) -> None:
    """Add the ``kit`` subcommand to the ``catcards`` command's subparsers ``sub``."""
    kit = sub.add_parser("kit", help="write a printable worksheet and a teacher's edition of every lesson",
                         description="Write, into the folder DIR, each lesson's student worksheet (HTML that "
                                     "prints on A4, or US Letter with --paper letter, and PDF when Chromium is installed) and its "
                                     "teacher's edition (answer key, common wrong answers, class plan, "
                                     "timings), and index.html linking them. Without --run no notebook is run "
                                     "and the teacher's editions show no results or figures.")
    kit.add_argument("folder", metavar="DIR", help="a new or empty folder (its parent must exist)")
    kit.add_argument("--force", action="store_true",
                     help="write into a folder that already holds files (files of the same names are replaced)")
    kit.add_argument("--no-pdf", action="store_true", help="HTML worksheets only, even when Chromium is installed")
    kit.add_argument("--paper", choices=PAPERS, default=PAPERS[0],
                     help="the worksheets' page size (default A4; letter for US Letter)")
    kit.add_argument("--run", action="store_true",
                     help="run each lesson first, so its teacher's edition shows the results and figures "
                          "(up to a minute per lesson)")
    kit.add_argument("--notebooks", default=None, metavar="FOLDER",
                     help="the lessons' folder (default: the notebooks/ folder of this catcards checkout)")


def run_kit(args: Any) -> str:
    """Build the kit the parsed ``args`` ask for; returns the summary to print. Raises KitError."""
    report = build_kit(args.folder, force=args.force, pdf=False if args.no_pdf else None,
                       notebooks=None if args.notebooks is None else Path(args.notebooks), run=args.run,
                       paper=args.paper)
    return report.summary()
