"""Lessons keep their answers back (issue 12): run top to bottom (Run All, as the start page tells
students) with every answer still ``None``, no output shows an exercise's answer, and no result
kept back by :func:`catcards.exercises.reveal_after` is drawn; with the right answers filled in,
the same run shows every one of them.

The same run with answers ``None`` also runs each lesson's independent checks, moved out of the
student notebook (issue 28): ``tests/lessons/checks/<stem>.py`` is plain Python executed as a last
cell in the notebook's kernel (the notebook's variables are its globals); any error fails
:func:`test_the_lesson_checks_pass` with the check's message. Every advanced notebook
(``notebooks/advanced/<stem>.ipynb``) has a checks file ``tests/lessons/checks/advanced/<stem>.py``
and is run once the same way (:func:`test_the_advanced_notebooks_checks_pass`; the same run's
outputs are read by :func:`test_the_advanced_notebooks_print_sentences_not_code`). The run also records the font size of
every text in every figure the lesson draws (a figure is recorded when it is rendered), and
:func:`test_the_figures_are_readable_on_a_projector` fails on any text below 12 points.

"An exercise's answer" is :meth:`catcards.exercises.Exercise.answer_texts`: the exact fraction,
its decimals and percentage, a whole-number answer with its unit, and the reasoning shown after a
right answer. Outputs searched: every cell output (text, HTML, any data) and every widget's state
(a ``reveal_after`` Output widget keeps what it shows there), as nbclient stores them.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import nbformat
import pytest

from catcards.exercises import exercise, exercises
from catcards import kernel_client
from catcards.kernel_client import wait_in_slices
from catcards.plotstyle import MIN_FONT_PT

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CHECKS = Path(__file__).resolve().parent / "checks"
EXERCISE_LESSONS = sorted(p for p in NOTEBOOKS.glob("*.ipynb")
                          if ".check(" in "".join(c.source for c in nbformat.read(p, as_version=4).cells))
# every lesson with exercises, and every notebook with a checks file
LESSONS = sorted(set(EXERCISE_LESSONS) | {NOTEBOOKS / f"{c.stem}.ipynb" for c in CHECKS.glob("*.py")})
STATE_MARK = "REVEAL-STATE:"
CHECKS_MARK = "LESSON-CHECKS:"
LESSON_SEED = "2028"   # CATCARDS_LESSON_SEED in every run: each student's own sample, pinned
FONTS_MARK = "FIGURE-FONTS:"
SMALLEST_FONT = MIN_FONT_PT   # points: ticks and legends on a 1024x768 projector (issue 28)
# the first cell of a run: note every text smaller than SMALLEST_FONT in every figure drawn (the
# inline backend draws each figure once to show it), by catcards.plotstyle.small_texts; no
# output, removed from the notebook after the run
FONT_PROBE = f"""\
import matplotlib.figure as _probe_figure
from catcards.plotstyle import small_texts as _probe_small
_probe_small_texts = []
_probe_draw = _probe_figure.Figure.draw
_probe_busy = []   # small_texts draws the figure again: do not look from inside that draw
def _probe_recording_draw(self, renderer):
    _probe_draw(self, renderer)
    if _probe_busy:
        return
    _probe_busy.append(self)
    try:
        for _text, _size in _probe_small(self, minimum={SMALLEST_FONT}):
            if [_text[:60], _size] not in _probe_small_texts:
                _probe_small_texts.append([_text[:60], _size])
    finally:
        _probe_busy.clear()
_probe_figure.Figure.draw = _probe_recording_draw
"""
PREDICT_MARK = "PREDICT-REVEALS:"
# the state cell's last lines: for each Predict of the lesson (a global) whose reveal has been
# called, the number that reveal shows (its exact answer, else its simulated one) and the unit
PREDICT_PROBE = f"""\
from catcards.widgets.predict import Predict as _Predict
_reveals = {{}}
for _name, _box in list(globals().items()):
    if isinstance(_box, _Predict) and _box._answers is not None and not _name.startswith("_"):   # not Out's _2
        _shown = _box._answers["exact"] if _box._answers["exact"] is not None else _box._answers["simulated"]
        if _shown is not None and not isinstance(_shown, str):   # a choice's answer is a text
            _reveals[_name] = {{"value": str(_shown) if hasattr(_shown, "denominator") else float(_shown),
                               "unit": _box.unit}}
print({PREDICT_MARK!r} + _json.dumps(_reveals))
"""
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
OUTPUT_MODEL = "OutputModel"


def checks(nb) -> dict[str, str]:
    """``{exercise key: the answer variable its check cell reads}``."""
    found = {}
    for cell in nb.cells:
        if cell.cell_type == "code":
            for key, var in re.findall(r'exercise\("([^"]+)"\)\.check\((\w+)\)', cell.source):
                found[key] = var
    return found


def reveal_cells(nb) -> list[int]:
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and "reveal_after(" in c.source]


def checks_cell(path: Path, source: Path | None = None) -> str:
    """The cell that runs ``tests/lessons/checks/<stem>.py`` (or ``source``) in the notebook's
    globals and prints :data:`CHECKS_MARK` and ``ok`` or the traceback (it never raises: the run
    goes on)."""
    source = CHECKS / f"{path.stem}.py" if source is None else source
    return ("import traceback as _checks_traceback\n"
            f"_checks_file = {str(source)!r}\n"
            "try:\n"
            "    with open(_checks_file, encoding='utf-8') as _checks_source:\n"
            "        exec(compile(_checks_source.read(), _checks_file, 'exec'), globals())\n"
            "except BaseException:\n"
            f"    print({CHECKS_MARK!r} + _checks_traceback.format_exc())\n"
            "else:\n"
            f"    print({CHECKS_MARK!r} + 'ok')\n")


#: seconds a cell may run before the run fails, naming the cell (nbclient's CellTimeoutError);
#: a lesson's cells take a few seconds, a whole lesson about 5 s (pairs.ipynb) on an idle computer
CELL_TIMEOUT = 300


def notebook_client(nb, **options):
    """The package's nbclient client whose waits wake up every few seconds
    (:func:`catcards.kernel_client.notebook_client`; in CI ``pairs.ipynb`` once took 604 s with a
    600 s timeout, every byte the kernel sent already received), with a :data:`CELL_TIMEOUT`."""
    return kernel_client.notebook_client(nb, timeout=CELL_TIMEOUT, **options)


def run(path: Path, answers: dict[str, str] | None = None, then: tuple[str, ...] = ()):
    """Execute the notebook like Run All (in its folder, with an extra last cell that prints the
    exercises' reveal state and the small texts of its figures); ``answers`` replaces ``<var> =
    None`` by ``<var> = <text>``; the cells ``then`` run after the notebook (a student's later
    cells, or :func:`checks_cell`). The notebook returned has the stored notebook's cells (same
    indices), then ``then``, then the state cell."""
    nb = nbformat.read(path, as_version=4)
    for var, text in (answers or {}).items():
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.source = re.sub(rf"^{var} = None$", f"{var} = {text!r}", cell.source, flags=re.M)
    nb.cells += [nbformat.v4.new_code_cell(source) for source in then]
    nb.cells.append(nbformat.v4.new_code_cell(
        "import json as _json, catcards.exercises as _ex\n"
        f"print({FONTS_MARK!r} + _json.dumps(_probe_small_texts))\n"
        f"print({STATE_MARK!r} + _json.dumps(_ex.reveal_state()))\n"
        + PREDICT_PROBE))
    nb.cells.insert(0, nbformat.v4.new_code_cell(FONT_PROBE))
    # matplotlib's inline backend, as in JupyterLab (not the Agg of the test run): a figure a
    # reveal leaves open would be flushed into its cell's output, and this test would see it
    with pytest.MonkeyPatch.context() as env:
        env.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
        # a student's own seed (catcards.lessons.student_seed), pinned; and no class running
        env.setenv("CATCARDS_LESSON_SEED", LESSON_SEED)
        env.delenv("CATCARDS_CLASS", raising=False)
        notebook_client(nb, kernel_name="python3", store_widget_state=True,
                        resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.cells.pop(0)
    last = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    state = json.loads(last.split(STATE_MARK, 1)[1].split("\n", 1)[0])
    nb.metadata["small_texts"] = json.loads(last.split(FONTS_MARK, 1)[1].split("\n", 1)[0])
    nb.metadata["reveals"] = json.loads(last.split(PREDICT_MARK, 1)[1].split("\n", 1)[0])
    widgets = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return nb, state, widgets


def shown_texts(nb, widgets) -> str:
    """Everything the run shows: all cell outputs but the state cell's, and all widget state."""
    parts = [json.dumps(cell.get("outputs", []), ensure_ascii=False) for cell in nb.cells[:-1]
             if CHECKS_MARK not in json.dumps(cell.get("outputs", []))]
    parts.append(json.dumps(widgets, ensure_ascii=False))
    # JSON escapes quotes and newlines; unescape the common ones so that texts match as written
    return "\n".join(parts).replace('\\"', '"').replace("\\n", "\n")


def shows(text: str, answer: str) -> bool:
    """Whether ``answer`` is in ``text`` as a whole number ("25 turns" is not in "9.1625 turns",
    "0.028" not in "0.0285", "2.8%" not in "12.8%")."""
    return re.search(rf"(?<![\w.]){re.escape(answer)}(?!\d)", text) is not None


def reveal_outputs(widgets) -> list[dict]:
    """The states of the Output widgets of :func:`reveal_after` (their class is catcards-reveal)."""
    return [m["state"] for m in widgets.values() if m.get("model_name") == OUTPUT_MODEL
            and "catcards-reveal" in m["state"].get("_dom_classes", [])]


def png_width(data: str) -> int:
    """The width in pixels of a base64 PNG as a notebook stores it (its IHDR chunk)."""
    import base64

    return int.from_bytes(base64.b64decode(data)[16:20], "big")


def images(outputs) -> int:
    return sum(1 for o in outputs if "image/png" in o.get("data", {}))


@pytest.fixture(scope="module", params=LESSONS, ids=lambda p: p.name)
def unanswered(request):
    path = request.param
    then = (checks_cell(path),) if (CHECKS / f"{path.stem}.py").exists() else ()
    nb, state, widgets = run(path, then=then)
    return path, nb, state, widgets


def test_every_lesson_with_exercises_is_run():
    names = {p.name for p in EXERCISE_LESSONS}
    assert {"simons-cat.ipynb", "big-cat.ipynb", "cat-days.ipynb", "cat-trick.ipynb", "card-game.ipynb",
            "king-of-the-jungle.ipynb", "snap.ipynb", "pairs.ipynb", "simons-cat-probability.ipynb"} <= names
    keys = {k for p in EXERCISE_LESSONS for k in checks(nbformat.read(p, as_version=4))}
    assert keys == set(exercises())
    assert all(p.exists() for p in LESSONS), "a checks file without its notebook"


def checks_result(nb) -> str | None:
    """What the checks cell printed after :data:`CHECKS_MARK` ("ok" or a traceback), or None."""
    for cell in nb.cells:
        said = "".join(o.get("text", "") for o in cell.get("outputs", []))
        if CHECKS_MARK in said:
            return said.split(CHECKS_MARK, 1)[1].strip()
    return None


def test_the_lesson_checks_pass(unanswered):
    path, nb, _, _ = unanswered
    if not (CHECKS / f"{path.stem}.py").exists():
        pytest.skip(f"{path.name} has no checks file")
    result = checks_result(nb)
    assert result is not None, f"{path.name}: the checks cell did not run"
    if result != "ok":
        pytest.fail(f"tests/lessons/checks/{path.stem}.py failed after {path.name} ran:\n{result}",
                    pytrace=False)


ADVANCED_CHECKS = sorted((CHECKS / "advanced").glob("*.py"))
ADVANCED = sorted((NOTEBOOKS / "advanced").glob("*.ipynb"))


@pytest.fixture(scope="module", params=ADVANCED_CHECKS, ids=[f"advanced/{c.stem}" for c in ADVANCED_CHECKS])
def advanced(request):
    """notebooks/advanced/<stem>.ipynb (developer material, fast) run once, as the lessons are
    above, with its checks (tests/lessons/checks/advanced/<stem>.py) appended: ``(path, nb)``."""
    source = request.param
    path = NOTEBOOKS / "advanced" / f"{source.stem}.ipynb"
    assert path.exists(), f"{source} checks a notebook that does not exist: {path}"
    nb, _, _ = run(path, then=(checks_cell(path, source),))
    return path, nb


def test_every_advanced_notebook_has_its_checks():
    # each advanced notebook is run by the two tests below (its checks name the claims its text makes)
    assert [p.stem for p in ADVANCED] == [c.stem for c in ADVANCED_CHECKS] == ["big-cat", "simons-cat-probability", "snap"]


def test_the_advanced_notebooks_checks_pass(advanced):
    path, nb = advanced
    result = checks_result(nb)
    assert result is not None, f"{path.name}: the checks cell did not run"
    if result != "ok":
        pytest.fail(f"tests/lessons/checks/advanced/{path.stem}.py failed after advanced/{path.name} ran:\n{result}",
                    pytrace=False)


#: what an output of an advanced notebook may not show (a teacher's read, advanced56): Python's
#: reprs (big-cat's deal as "['------A-JJ---...', '--J-KK...']", "ends: True", simons-cat's "round by
#: round: True"), e-notation ("4e+15", "8e+09" core-hours, the records' table), a describe() table, a
#: ± left unexplained
CODE_IN_OUTPUT = {"a Python list, dict or tuple": r"[\[({]['\"\[(]", "True or False": r"\b(True|False)\b",
                  "e-notation": r"\d(\.\d+)?e[+-]?\d", "a describe() table": r"(?m)^(std|25%|count) +\d",
                  "±": "±", "a traceback": r"Traceback|Error\b"}


def test_the_advanced_notebooks_print_sentences_not_code(advanced):
    """A teacher's read (advanced56) of the advanced notebooks, a teacher or a curious student
    reading every cell: big-cat printed its deal as a Python list, "ends: True", e-notation (a table
    of "about 1 in 4e+15", "2e+07" core-hours, "4e+08 core-years") and years to 4 figures (266.8,
    112,100) under a text that says to read them as orders of magnitude; simons-cat-probability
    printed "round by round: True"; snap printed seat 0's win rates of two runs (0.68 and 0.71)
    under "it gives the same result game by game", without saying the runs play different games
    or how far chance moves them. The texts ran to sentences of 34 to 66 words and sent the reader
    to "the records above" and a record "checked above" that are in the lesson, not here. Each
    prints sentences now, with powers of ten and 95% intervals, and its text is short sentences,
    the question first."""
    path, nb = advanced
    shown = "\n".join(output_texts(cell) for cell in nb.cells[:-1] if CHECKS_MARK not in output_texts(cell))
    found = {what: m.group(0) for what, pattern in CODE_IN_OUTPUT.items() if (m := re.search(pattern, shown))}
    assert not found, f"advanced/{path.name} prints {found}"
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    stored = nbformat.read(path, as_version=4)
    texts = [c.source for c in stored.cells if c.cell_type == "markdown"]
    said = " ".join(re.sub(r"(?m)^#.*$", "", text) for text in texts)
    sentences = re.split(r"(?<=[.?!])\s+(?=[A-Z*])", " ".join(said.split()))
    assert max(len(s.split()) for s in sentences) <= 25, max(sentences, key=lambda s: len(s.split()))
    assert sentences[0].endswith("?"), sentences[0]   # the question first
    assert not re.search(r"\d(\.\d+)?e[+-]?\d", said) and "±" not in said
    if path.stem == "big-cat":
        assert "checked above" not in said and "records above" not in said
        assert "Nessler 2022 (8,344, replayed in the lesson `big-cat.ipynb`)" in " ".join(said.split())
        assert re.search(r"(?m)^  seat 0: [-AKQJ]{26}$", shown) and "The same deal: yes." in shown, shown
        assert re.search(r"Nessler 2022 \(8,344 cards\): about 1 random deal in \d × 10[¹²³⁴⁵⁶⁷⁸⁹⁰]+ is this long", shown), shown
        # the years (they depend on the machine's speed) to 2 significant figures, as orders of magnitude
        years = re.findall(r"(?m)^On (?:8|1,000) cores: about ([\d,.]+) to ([\d,.]+) years for one record-length deal", shown)
        figures = [n.replace(",", "").replace(".", "").strip("0") for pair in years for n in pair]   # "266.8": 2668
        assert len(years) == 2 and all(1 <= len(f) <= 2 for f in figures), years
    if path.stem == "snap":
        assert "each plays its own random games: the engine 300, the batch 4,000" in " ".join(said.split())
        assert re.search(r"(?m)^The engine: [\d,]+ games a second\. Seat 0 won 204 of 300 games \(0\.680\), "
                         r"95% interval \[0\.625, 0\.730\]\.$", shown), shown
        assert "and the batch [0.698, 0.726] overlap: these games cannot tell which is larger" in shown, shown
    if path.stem == "simons-cat-probability":
        assert "The same 50 games: every round's messes and every game's winners match." in shown, shown


def test_the_figures_are_readable_on_a_projector(unanswered):
    path, nb, _, _ = unanswered
    small = nb.metadata["small_texts"]
    assert not small, (f"{path.name}: figure texts below {SMALLEST_FONT} pt (call "
                       f"catcards.plotstyle.use(), never pass a smaller fontsize): {small[:8]}")


def test_run_all_without_answers_gives_no_answer_away(unanswered):
    path, nb, state, widgets = unanswered
    text = shown_texts(nb, widgets)
    keys = checks(nb)
    for key in keys:
        for answer in exercise(key).answer_texts():
            assert not shows(text, answer), f"{path.name}: an output shows {answer!r}, the answer to {key}"
        assert state[key] == {"solved": False, "shown": False}
    # the results kept back are not drawn: their Output widgets are empty, and the cells that
    # hold them show no image (a plot drawn by mistake would land in one or the other)
    for i in reveal_cells(nb):
        assert images(nb.cells[i].outputs) == 0, f"{path.name}: cell {i} draws its plot before an answer"
    # the lesson's "After you have answered" results are the ones kept back
    for i, cell in enumerate(nb.cells[:-1]):
        if cell.cell_type == "markdown" and cell.source.startswith("**After you have answered**"):
            assert i + 1 in reveal_cells(nb), f"{path.name}: the result after cell {i} is not kept back"
            assert images(nb.cells[i + 1].outputs) == 0
    assert all(not out["outputs"] for out in reveal_outputs(widgets))
    # every check cell asked for an answer and said nothing else
    for cell in nb.cells:
        if re.search(r'exercise\("[^"]+"\)\.check\(', cell.source):
            said = "".join(o.get("text", "") for o in cell.outputs)
            assert said.startswith("Fill in your answer above"), said


def table_texts(nb, widgets, cell: int) -> dict[str, str]:
    """The texts of the widgets of the game table displayed by code cell ``cell``: the move log's
    lines as "log", and each button's state as "<description> button": "enabled"/"disabled"."""
    view = next(o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
                for o in nb.cells[cell].outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {}))
    found, todo = {"log": []}, [view]
    while todo:
        model = widgets[todo.pop()]
        state = model["state"]
        if model["model_name"] == "ButtonModel":
            found[f"{state['description']} button"] = "disabled" if state["disabled"] else "enabled"
        if model["model_name"] == "HTMLModel" and "catcards-log" in state["value"]:
            found["log"] += re.findall(r">\s*(\d+)\.(?=\s|<)", state["value"])
        todo += [c.replace("IPY_MODEL_", "") for c in state.get("children", [])]
    return found


def test_the_cat_trick_watch_table_arrives_at_the_deal(unanswered):
    path, nb, _, widgets = unanswered
    if path.name != "cat-trick.ipynb":
        return
    [cell] = [i for i, c in enumerate(nb.cells) if c.source.startswith('watch = catcards.widgets.play("cat-trick"')]
    table = table_texts(nb, widgets, cell)
    # only the deal is in the move log, and the spectator can still step or play out
    assert table["log"] == ["0"]  # numbered by move, as the Move box counts: the deal is move 0
    assert table["Computer step button"] == table["Play out button"] == "enabled"


REVEALING = sorted(p for p in LESSONS if reveal_cells(nbformat.read(p, as_version=4)))


def test_the_lessons_keep_back_their_plots_of_the_answers():
    assert [p.name for p in REVEALING] == ["big-cat.ipynb", "cat-days.ipynb", "cat-trick.ipynb",
                                           "king-of-the-jungle.ipynb", "pairs.ipynb", "simons-cat.ipynb", "snap.ipynb"]


@pytest.mark.parametrize("path", REVEALING, ids=lambda p: p.name)
def test_right_answers_under_run_all_show_the_kept_back_results(path):
    nb = nbformat.read(path, as_version=4)
    keys = checks(nb)
    nb, state, widgets = run(path, {var: str(exercise(key).exact()) for key, var in keys.items()})
    text = shown_texts(nb, widgets)
    kept_back = {k for i in reveal_cells(nb) for k in re.findall(r'"([\w-]+/[\w-]+)"', nb.cells[i].source)}
    for key in keys:
        # solved; and its kept-back result drawn, for an exercise that has one
        assert state[key] == {"solved": True, "shown": key in kept_back}
        assert shows(text, f"Right! {exercise(key).why}")  # the search above finds an answer shown
    drawn = reveal_outputs(widgets)
    assert len(drawn) == len(reveal_cells(nb)) and all(images(out["outputs"]) == 1 for out in drawn)


def test_a_wait_for_a_kernels_message_looks_at_the_socket_every_few_seconds():
    """A missed wake-up (see catcards.kernel_client) costs one slice, not the cell's whole
    timeout: the fake channel sees its message only when a wait ends, as pyzmq's poll does then."""
    import asyncio
    from queue import Empty

    class Channel:
        def __init__(self, empty_waits: int):
            self.waits, self.empty_waits = [], empty_waits

        async def get_msg(self, timeout=None):
            self.waits.append(timeout)
            if len(self.waits) <= self.empty_waits:
                raise Empty
            return {"content": {"status": "ok"}}

    found = Channel(empty_waits=2)
    assert asyncio.run(wait_in_slices(found.get_msg, 600, 5)) == {"content": {"status": "ok"}}
    assert found.waits == [5, 5, 5]
    unlimited = Channel(empty_waits=3)
    assert asyncio.run(wait_in_slices(unlimited.get_msg, None, 5)) == {"content": {"status": "ok"}}
    assert unlimited.waits == [5, 5, 5, 5]
    never = Channel(empty_waits=10)
    with pytest.raises(Empty):   # the timeout still holds: 5 + 5 + 2 seconds
        asyncio.run(wait_in_slices(never.get_msg, 12, 5))
    assert never.waits == [5, 5, 2]


def test_shows_finds_whole_numbers_only():
    assert shows("mean 25 turns", "25 turns") and not shows("(9.1625 turns)", "25 turns")
    assert shows("P = 0.028.", "0.028") and not shows("0.0285", "0.028") and not shows("10.028", "0.028")
    assert shows("(2.8%)", "2.8%") and not shows("12.8%", "2.8%")
    assert shows("= 1/36", "1/36") and not shows("1/365", "1/36") and not shows("11/36", "1/36")


def test_a_check_run_later_draws_into_the_kept_back_place_not_into_its_own_cell():
    # Run All with no answer, then the student answers and runs the check cell again
    path = NOTEBOOKS / "cat-days.ipynb"
    nb, state, widgets = run(path, then=('answer = "95/187"',
                                         'exercise("cat-days/grumpy-cat-by-draw-6").check(answer)'))
    assert state["cat-days/grumpy-cat-by-draw-6"] == {"solved": True, "shown": True}
    check_cell = nb.cells[-2]
    assert [o.get("text", "") for o in check_cell.outputs][0].startswith("Right! None drawn:")
    assert images(check_cell.outputs) == 0 and "by draw 6" not in json.dumps(check_cell.outputs)
    [drawn] = reveal_outputs(widgets)
    assert images(drawn["outputs"]) == 1 and "by draw 6: drawn in" in json.dumps(drawn["outputs"])


def test_answer_texts_name_the_forms_an_answer_is_shown_in():
    assert exercise("simons-cat/cat-3-set-aside").answer_texts()[1:] == ("1/36", "0.028", "0.0278", "2.8%")
    assert exercise("pairs/no-memory-5-pairs").answer_texts()[1:] == ("25 turns", "25.0 turns")
    assert exercise("snap/dinohistoria-snaps").answer_texts()[1:] == ("4 snaps", "4.0 snaps")
    assert exercise("card-game/genuine-claim").answer_texts()[1:] == ("4/7", "0.571", "0.5714", "57.1%")


def test_the_explore_lesson_keeps_its_exact_chances_back_until_the_prediction_is_locked_in(unanswered):
    """A teacher's read: the exact chances (3/4 with the blue 8, 1/12 with the Wildcat) were printed
    by the cell above the reveal, beside "Lock in your prediction above to see the answer"."""
    path, nb, _, widgets = unanswered
    if path.name != "explore.ipynb":
        return
    from catcards.widgets.predict import WAITING

    text = shown_texts(nb, widgets)
    assert not shows(text, "3/4") and not shows(text, "1/12") and "exact chance of winning" not in text
    assert WAITING in text
    # locked in afterwards (the student types 1/2 and presses the button): the same reveal fills in;
    # then the student runs again the cells that hold back their estimates (explore_held_back)
    held = explore_held_back(nb)
    stored = len(nbformat.read(path, as_version=4).cells)
    assert [i for i, _ in waiting_cells(nb)] == held   # the cells locked_in runs again, in this order
    nb, _, widgets = locked_in(path)   # "1/2" locked in (shared with the tests of every lesson that waits)
    text = html.unescape(shown_texts(nb, widgets))   # the reveal's HTML writes ' as &#x27;
    assert "You said 1/2. The exact answer is 3/4 = 0.75. Seat 2's best card here: the blue 8." in text
    assert "Exact chances of winning, card by card: the blue 8: 3/4; the Wildcat (blue 20): 1/12." in text
    assert WAITING not in json.dumps(widgets)   # the reveal's widget (the cell's plain-text copy stays as first drawn)
    rollouts, figure, weighted, odds = (nb.cells[stored + 1 + k] for k in range(4))
    said = "".join(o.get("text", "") for o in rollouts.outputs)
    # a teacher's read (teach56b): these lines said "play blue 8" where the reveal says "the blue 8"
    assert said.count("rollouts  the blue 8") == 3 and "1000 rollouts  the Wildcat (blue 20)" in said
    assert "play " not in said
    assert images(figure.outputs) == 1 and not nb.metadata["small_texts"]   # drawn, readable on a projector
    # a teacher's read (teach53): the lesson said random play makes every arrangement equally likely;
    # its example where that matters shows the weights and both chances after the lock-in only
    said = "".join(o.get("text", "") for o in weighted.outputs)
    assert said.count("share of the weight") == 6 and "share of the weight 0.320   blue 8: chance 1/2" in said
    assert "the blue 8               every arrangement equal: 3/4 = 0.750   weighted by the plays: 9/13 = 0.692" in said
    assert "weighted by the plays: 27/169 = 0.160" in said
    assert "1000 rollouts of catcards.odds, the blue 8: 95% interval [0.709, 0.763]" in said
    said = "".join(o.get("text", "") for o in odds.outputs)
    assert "the blue 8 " in said and "play " not in said and "honest 0." in said and "peeking 1.000" in said
    # a teacher's read: "peek - honest" was read as the value of the information; it is how far the
    # hidden cards move the chance, and the cell says (after the lock-in only) that the best card stays
    assert "difference +0.265" in said and "difference -0.085" in said and "peek - honest" not in said
    assert "Best card, honest: the blue 8. Best card, peeking: the blue 8." in said
    # a teacher's read: the cell worked out the exact peeking chances and never showed them
    assert ("Exact chances with the real hidden cards (what peeking estimates): the blue 8: 1; "
            "the Wildcat (blue 20): 0.") in said
    assert EXPLORE_LOCK_FIRST not in json.dumps([c.outputs for c in (rollouts, figure, weighted, odds)])


def test_the_explore_starter_prints_each_move_as_a_line_not_a_pandas_table(unanswered):
    """A teacher's read (teach56b): the starter under "Your turn" printed two raw pandas tables with
    bare "low high" columns and "play pink 5" rows. Each move is a line in words, "the yellow 4 share
    won 0.510, 95% interval [0.441, 0.578]", as section 2's rollouts."""
    path, nb, _, widgets = unanswered
    if path.name != "explore.ipynb":
        return
    at = next(i for i, c in enumerate(nb.cells) if c.source.startswith("# A start: section 3's Cat Trick position"))
    said = output_texts(nb.cells[at])
    assert not re.search(r"\b(low|high|action|win_rate)\b", said) and "play " not in said, said
    assert re.search(r"(?m)^  the yellow 4 +share won 0\.510, 95% interval \[0\.441, 0\.578\]$", said), said
    assert said.count("share won") == 16 and said.startswith("honest:\n"), said


#: what each cell of explore.ipynb that shows an estimate or the exact chance says before the lock-in
EXPLORE_LOCK_FIRST = "Lock in your prediction above first, then run this cell again."


def explore_held_back(nb) -> list[int]:
    """The code cells of explore.ipynb that show the end position's estimates or its exact chance:
    the rollouts of section 2, its figure, its weighted chances, and the honest chances of section 4."""
    return [i for i, c in enumerate(nb.cells)
            if c.cell_type == "code" and ("catcards.odds(state" in c.source or "plt.subplots" in c.source
                                          or "chance_of_plays(w)" in c.source)]


def test_the_explore_lesson_shows_no_estimate_before_the_prediction_is_locked_in(unanswered):
    """A teacher's read: under Run All, section 2's rollouts (win rates near 0.75) and the figure's
    dashed exact-chance line showed before the prediction was locked in and the reveal asked for.
    Each cell that would show one says only to lock in first (the test above runs them again after
    the lock-in)."""
    path, nb, _, widgets = unanswered
    if path.name != "explore.ipynb":
        return
    held = explore_held_back(nb)
    assert len(held) == 4      # section 2's rollouts, figure and weighted chances, section 4's honest chances
    for i in held:
        # the lock-in line, then one line that says what waits (a teacher's read, waitwords)
        said = "".join(o.get("text", "") for o in nb.cells[i].outputs)
        assert said.startswith(EXPLORE_LOCK_FIRST + "\n(Waiting: ") and said.count("\n") == 2, nb.cells[i].source
        assert images(nb.cells[i].outputs) == 0
    text = shown_texts(nb, widgets)
    assert sum(images(c.get("outputs", [])) for c in nb.cells) == 0
    assert "win rate" not in text and "honest 0." not in text
    # a teacher's read: section 4's text said "the blue 8 is best either way" and "wins for certain"
    # above the prediction's answer: no text a student sees before the lock-in says which card is best
    said = " ".join(" ".join(c.source for c in nb.cells if c.cell_type == "markdown").split()).lower()
    assert "best either way" not in said and "for certain" not in said and "blue 8 is best" not in said
    assert "Best card, honest" not in text


#: what each cell of king-of-the-jungle.ipynb that answers the prediction says before the lock-in
KING_LOCK_FIRST = "Lock in your prediction above first, then run this cell again."


def king_held_back(nb) -> list[int]:
    """The code cells of king-of-the-jungle.ipynb that answer the prediction ("at least one Lion"):
    the exact chances of 0 to 4 Lions, and the bars of the 2000 dealt hands beside them."""
    return [i for i, c in enumerate(nb.cells)
            if c.cell_type == "code" and ("lions_distribution(" in c.source or "lions.append(" in c.source)]


def test_the_king_of_the_jungle_lesson_keeps_the_lion_chances_back_until_the_prediction_is_locked_in(unanswered):
    """A teacher's read (teach48b): under Run All, the cell below the rules printed "P(0 Lions) = ...
    = 0.3038" and "P(at least one Lion) = 14498/20825 = 0.6962", and the next drew the bars, four
    cells above the reveal that said "Lock in your prediction above to see the answer." Those cells
    wait for the lock-in now, as explore.ipynb's do."""
    path, nb, _, widgets = unanswered
    if path.name != "king-of-the-jungle.ipynb":
        return
    from catcards.widgets.predict import WAITING

    held = king_held_back(nb)
    assert len(held) == 2
    text = shown_texts(nb, widgets)
    for answer in ("14498/20825", "0.6962", "0.696", "6327/20825", "0.3038", "0.304", "69.6%", "30%"):
        assert not shows(text, answer), answer
    assert WAITING in text
    for i in held:
        assert KING_LOCK_FIRST in "".join(o.get("text", "") for o in nb.cells[i].outputs), nb.cells[i].source
        assert images(nb.cells[i].outputs) == 0
    # locked in afterwards: the student runs the two cells again, and they answer
    stored = nbformat.read(path, as_version=4)
    # the cells locked_in runs again, in this order (then the tricks figure below the reveal: the test below)
    assert [i for i, _ in waiting_cells(nb)][:2] == held and len(waiting_cells(nb)) == 3
    nb, _, widgets = locked_in(path)   # "1/4" locked in (LOCKED_IN_AS)
    chances, bars = again_cell(stored, nb, held[0]), again_cell(stored, nb, held[1])
    said = "".join(o.get("text", "") for o in chances.outputs)
    assert "P(0 Lions) = 6327/20825 = 0.3038" in said and "P(at least one Lion) = 14498/20825 = 0.6962" in said
    assert images(bars.outputs) == 1 and not nb.metadata["small_texts"]
    assert KING_LOCK_FIRST not in json.dumps([c.outputs for c in (chances, bars)])
    assert "You said 1/4. The exact answer is 14498/20825 = 0.696." in html.unescape(shown_texts(nb, widgets))


def test_the_king_of_the_jungle_tricks_figure_waits_for_the_lock_in(unanswered):
    """A teacher's read (lessons55): below the reveal, the figure "Tricks won, by the Lions dealt"
    was drawn at once under Run All. Its legend ("0 Lions (166 hands)" ... of 600) and the table
    under it (count 166 for 0 Lions) give the share of hands with a Lion, 434/600 = 0.72, near the
    answer (0.696), before the lock-in. The cell waits for the lock-in, as the cells above do; its
    hands are still dealt (the checks read them), only the figure and the table wait."""
    path, nb, _, widgets = unanswered
    if path.name != "king-of-the-jungle.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    at = next(i for i, c in enumerate(stored.cells) if "kj.simulate_hands(" in c.source)
    assert at > reveal_cell(stored, "any_lion")   # below the reveal
    before = output_texts(nb.cells[at])
    assert images(nb.cells[at].outputs) == 0, before
    assert before.startswith("150 deals x 4 players = 600 players' hands; bids made:") and LOCK_FIRST in before, before
    assert WAITS_FOR.search(before) and "166" not in before and "count" not in before, before
    # locked in ("1/4"), the student runs the cell again: the figure and the table are there
    nb, _, widgets = locked_in(path)
    again = again_cell(stored, nb, at)
    assert again.source == stored.cells[at].source
    after = output_texts(again)
    assert images(again.outputs) == 1 and LOCK_FIRST not in after, after
    assert re.search(r"(?m)^0 +166 +2\.33$", after) and re.search(r"(?m)^4 +3 +6\.67$", after), after


def test_the_big_cat_lesson_keeps_the_first_players_wins_by_lions_back_until_the_lock_in(unanswered):
    """A teacher's read (teach55): above the reveal, under Run All, the Lions cell showed the first
    player's win rate for each number of Lions (0.4200, 0.4716, 0.4953, 0.5225, 0.5386) with the
    deals of each (2200, 10030, 15610, 9960, 2200), and a chart of them against the 0.5 line. Weighted
    by the deals they give 0.4944, the answer (the reveal's 0.494), and the chart shows the first
    player below half in most deals. The Lions' distribution (exact and simulated) still shows at
    once; the win rates by Lions wait for the lock-in, in a cell of their own."""
    path, nb, _, widgets = unanswered
    if path.name != "big-cat.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    at = reveal_cell(stored, "first_player")
    above = "\n".join(output_texts(nb.cells[i]) for i in range(at))
    for rate in ("first_win_rate", "0.4200", "0.4716", "0.4953", "0.5225", "0.5386"):
        assert rate not in above, rate
    shares = next(i for i, c in enumerate(stored.cells) if "bc.wins_by_rewards(" in c.source)
    assert shares < at and images(nb.cells[shares].outputs) == 1 and "0.3902" in output_texts(nb.cells[shares])
    by_lions = next(i for i, c in enumerate(stored.cells) if "first_win_rate" in c.source)
    assert shares < by_lions < at and (by_lions, "first_player") in waiting_cells(stored)
    before = output_texts(nb.cells[by_lions])
    assert images(nb.cells[by_lions].outputs) == 0 and WAITS_FOR.search(before), before
    # locked in ("1/2"), the student runs the cell again: the win rates by Lions and their chart
    nb, _, widgets = locked_in(path)
    again = again_cell(stored, nb, by_lions)
    assert again.source == stored.cells[by_lions].source
    after = output_texts(again)
    assert images(again.outputs) == 1 and LOCK_FIRST not in after, after
    assert all(rate in after for rate in ("0.4200", "0.4716", "0.4953", "0.5225", "0.5386")), after


#: a Python dict as print shows it: "{'games': 40000, ..."
PYTHON_DICT = re.compile(r"\{'\w+': ")
#: a Python list as print shows it: "['blue 8', 'Wildcat (blue 20)']", "[2, 0, 2]" (whole numbers:
#: an interval "[0.482, 0.605]" is the lessons' own notation)
PYTHON_LIST = re.compile(r"\['[^'\n]*'(?:, '[^'\n]*')*\]|\[-?\d+(?:, -?\d+)+\]")
#: a pandas table shown with its row numbers (its index 0, 1, 2, ... as the first column)
ROW_NUMBERS = re.compile(r"<tbody>\s*<tr>\s*<th>0</th>")
#: a Python list of lists, as print shows a nested list: "[[2, 1], [0, 3]]"
NESTED_LIST = re.compile(r"\[\[")
#: True or False, as print shows a bool ("exact value inside the interval: True")
PYTHON_BOOL = re.compile(r"\b(True|False)\b")
#: e-notation, as print shows a small or large float ("8.2e-05", "4e+15"); Python always gives the sign
E_NOTATION = re.compile(r"\d(\.\d+)?e[+-]\d")
#: the lessons the teacher's read teach56 found showing tables with row numbers, mended
ROWS_NAMED = {"snap.ipynb", "cat-days.ipynb", "explore.ipynb"}
#: what no output a student reads may hold: each as a teacher's read found it
CODE_IN_LESSON_OUTPUT = {"a Python list": PYTHON_LIST, "a nested list": NESTED_LIST, "True or False": PYTHON_BOOL,
                         "e-notation": E_NOTATION, "a Python dict": PYTHON_DICT}


def code_in_outputs(cells) -> list[tuple[int, str, str]]:
    """``(index, what, text)`` of each cell whose outputs hold one of :data:`CODE_IN_LESSON_OUTPUT`."""
    return [(i, what, m.group(0)) for i, cell in enumerate(cells) for what, pattern in CODE_IN_LESSON_OUTPUT.items()
            if (m := pattern.search(output_texts(cell)))]


def test_code_in_outputs_is_found():
    said = [nbformat.v4.new_code_cell(outputs=[nbformat.v4.new_output("stream", name="stdout", text=text)])
            for text in ("cards in each hand: [8, 8, 8, 8]", "legal bids: [0, 1, 2, 3, 5]", "inside: True",
                         "about 8.2e-05", "[[2, 1], [0, 3]]", "{'games': 40000}",
                         "8 cards in each hand", "95% interval [0.482, 0.605]", "0 to 3 or 5 to 13 tricks")]
    assert [(i, what) for i, what, _ in code_in_outputs(said)] == [
        (0, "a Python list"), (1, "a Python list"), (2, "True or False"), (3, "e-notation"), (4, "a Python list"),
        (4, "a nested list"), (5, "a Python dict")]


def test_every_lesson_prints_words_not_python_lists_or_row_numbers(unanswered):
    """A teacher's read (teach56): explore.ipynb's first output, projected, printed "seat 2 holds
    ['blue 8', 'Wildcat (blue 20)']" and "bids [2, 0, 2]  tricks won so far [5, 2, 4]"; snap's own
    sample "your 10 passes: [3, 2, ...]". A second (lessons57): cat-trick printed "cards in each
    hand: [8, 8, 8, 8]", simons-cat "[9, 9, 9, 9]", king-of-the-jungle "legal bids for the last
    bidder: [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13]". A student reads words: no output of any
    lesson, Run All without answers and again after the lock-in, holds a Python list, True or
    False, e-notation or a dict (:data:`CODE_IN_LESSON_OUTPUT`); nor does a lesson of
    :data:`ROWS_NAMED` show a table with row numbers (snap's reaction times, cat-days' draws and win
    rates)."""
    path, nb, _, widgets = unanswered
    stored = nbformat.read(path, as_version=4)
    runs = [("Run All", nb.cells[:-1])]
    if waiting_cells(stored):   # the lesson's cells, then the cells that waited run again (not the lock-in cells)
        locks = len(dict.fromkeys(name for _, name in waiting_cells(stored)))
        again = locked_in(path)[0].cells
        runs.append(("after the lock-in", again[:len(stored.cells)] + again[len(stored.cells) + locks:-1]))
    for run_name, cells in runs:
        shown = [(i, what, text) for i, what, text in code_in_outputs(cells) if CHECKS_MARK not in output_texts(cells[i])]
        assert not shown, f"{path.name}, {run_name}: {shown}"
        tables = [i for i, cell in enumerate(cells)
                  if any(ROW_NUMBERS.search(o.get("data", {}).get("text/html", "")) for o in cell.get("outputs", []))]
        assert path.name not in ROWS_NAMED or not tables, f"{path.name}, {run_name}: cells {tables} show a table with row numbers"
    said = "\n".join(output_texts(cell) for cell in nb.cells[:-1])
    words = {"cat-trick.ipynb": "each of the 4 hands holds 8 cards; 2 cards are not dealt (hidden)",
             "simons-cat.ipynb": "each of the 4 hands holds 9 cards",
             "king-of-the-jungle.ipynb": "The last player may bid 0 to 3 or 5 to 13 tricks, but not 4."}.get(path.name)
    assert words is None or words in said, said
    stored = nbformat.read(path, as_version=4)
    if path.name == "explore.ipynb":
        said = output_texts(nb.cells[3])
        assert "seat 2 holds the blue 8 and the Wildcat (blue 20)" in said
        assert "seat 0 bid 2 and has won 5 tricks; seat 1 bid 0 and has won 2 tricks; seat 2 bid 2 and has won 4 tricks" in said
        # the Your-turn starter reads its own tables by the rule of the cell above it
        starter = output_texts(nb.cells[len(stored.cells) - 1])
        assert ("Reading: in the honest table the best move's interval overlaps another move's, so these rollouts "
                "cannot tell which move is best. This position does not count.") in starter, starter[-300:]
    if path.name == "cat-days.ipynb":
        lesson_3 = next(i for i, c in enumerate(stored.cells) if c.source.startswith("first = catcards.simulate("))
        said = output_texts(nb.cells[lesson_3])
        # one form for the first player's rate and its interval: decimals, as the sentence reading it
        assert re.search(r"first player \(seat 0\) wins or shares \d+ of 250 games, 95% interval \[0\.\d{3}, 0\.\d{3}\]", said)
        assert set(re.findall(r"\d+%", said)) == {"95%"}, said   # no "54%" nor "48% to 60%"
        assert "legal actions" not in shown_texts(nb, widgets)
        # the exercise's own quantity (a Grumpy Cat in the opening hand, 42/187) printed above the
        # exercise with no word about it (teach56): no output above the exercise gives a Grumpy Cat's chance
        exercise_at = next(i for i, c in enumerate(stored.cells) if "### Try it: two copies of a card" in c.source)
        assert not [i for i in range(exercise_at) if re.search(r"42/187|Grumpy Cat \(2 copies\)|in the opening hand:",
                                                                 output_texts(nb.cells[i]))]


def test_no_lesson_prints_a_python_dict(unanswered):
    """A teacher's read (teach55): big-cat.ipynb printed three Python dicts, "{'cards_played': 209,
    'tricks': 27, 'winner': 0, 'terminated': True}" for the first deal, "{'games': 40000, 'mean':
    245.6, 'median': 185.5, 'p90': 503.0, 'p99': 951.0, 'max': 2414, 'mean_tricks': 32.6, 'cycles':
    0}" for the lengths (p90 and p99 explained nowhere), and the two published records the same way
    ("'winner': None, 'terminated': False"). A student reads sentences instead; no output of any
    lesson, Run All without answers, holds a dict."""
    path, nb, _, widgets = unanswered
    shown = [(i, m.group(0)) for i, cell in enumerate(nb.cells[:-1]) if (m := PYTHON_DICT.search(output_texts(cell)))]
    assert not shown, f"{path.name}: {shown}"
    if path.name != "big-cat.ipynb":
        return
    text = shown_texts(nb, widgets)
    for said in ("Seat 0 won this deal: 209 cards laid, 27 tricks (a trick ends when someone takes the pile).",
                 "40,000 games: 245.6 cards played on average, median 185.5.",
                 "9 games in 10 ended within 503 cards, 99 in 100 within 951. The longest took 2,414.",
                 "32.6 tricks on average. Deals that never end: 0.",
                 "Nessler 2022: seat 1 wins after 8,344 cards and 1,164 tricks.",
                 "Casella et al. 2024: no winner. After 474 cards (66 tricks) a trick starts as an earlier one did,"):
        assert said in text, said


def test_the_big_cat_lion_table_names_its_columns_in_words_and_counts_as_whole_numbers(unanswered):
    """A teacher's read (lessons62b): the table of Lion 5 against Lion 4 had code names for headers
    (mean_tricks, first_wins, p90) and printed counts of cards as 185.000 and 2150.000. Its headers
    are words and its counts whole numbers; after the lock-in the first player's win rate shows
    with 4 decimals (lessons62d: 14,925 wins in 30,000 are 0.4975, which at 3 decimals showed as
    0.497 or 0.498 by how it was rounded, and the notes said 0.498)."""
    path, nb, _, widgets = unanswered
    if path.name != "big-cat.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    at = next(i for i, c in enumerate(stored.cells) if "Wildcat (Lion 5)" in c.source)
    before = " ".join(output_texts(nb.cells[at]).split())   # the table as JupyterLab shows it: its HTML
    for code in ("mean_tricks", "first_wins", "p90", "185.0", "2150.0"):
        assert code not in before, code
    row = ("<th>Wildcat (Lion 5)</th> <td>247.9</td> <td>185</td> <td>516</td> <td>2150</td> <td>32.9</td>")
    assert row + " </tr>" in before and "<th>9 games in 10 within (cards)</th>" in before, before
    nb, _, widgets = locked_in(path)
    after = " ".join(output_texts(again_cell(stored, nb, at)).split())
    assert row + " <td>0.4975</td> </tr>" in after and "<th>first-player win rate</th>" in after, after


def test_the_cat_trick_lesson_shows_how_to_count_no_trump_after_the_lock_in(unanswered):
    """A teacher's read (lessons55): the formula P(no trump) = C(28, n) / C(34, n) stood in the text
    right under the prediction box, before the lock-in: the method that gives the number. Nothing
    a student reads above the reveal (text cells and outputs) shows how to count it; the cell that
    waits for the lock-in prints the formula, worked out for 3, 4 and 5 players. Below the reveal,
    "P(no trump) = 28/34 x P(no trump | lead not trump)" (the same count another way) is printed by
    the cell that waits for it, not written in the text above that cell."""
    path, nb, _, widgets = unanswered
    if path.name != "cat-trick.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    at = reveal_cell(stored, "no_trump")
    assert_not_above(stored, nb, at, ("binom", "C(28", "C(34", "28/34", "27/33", "hypergeometric"))
    text = " ".join(c.source for c in stored.cells if c.cell_type == "markdown")
    assert "\\frac{28}{34}" not in text and "binom{28}" not in text and "binom{34}" not in text
    # locked in ("1/2"): the student runs the two cells again (above the reveal, then below it)
    waiting = [i for i, _ in waiting_cells(stored)]
    counted = next(i for i in waiting if "cat-trick/no-trump-working" in stored.cells[i].source and i < at)
    nb, _, widgets = locked_in(path)
    said = output_texts(again_cell(stored, nb, counted))
    assert "P(no trump) = C(28, n) / C(34, n)" in said, said
    assert "4 players: C(28, 4) / C(34, 4) = 20,475 / 46,376 = 20475/46376 = 0.4415" in said, said
    assert "3 players: C(28, 3) / C(34, 3) = 3,276 / 5,984 = 819/1496 = 0.5475" in said, said
    given = next(i for i in waiting if "cat-trick/given-the-lead-working" in stored.cells[i].source)
    said = output_texts(again_cell(stored, nb, given))
    assert "P(no trump) = 28/34 x P(no trump | lead not trump)" in said, said


def test_the_cat_trick_no_trump_table_shows_only_its_own_columns(unanswered):
    """A teacher's read (teach55): after the lock-in, the table of the 1500 simulated deals (no
    trump in the first trick) showed two more columns, eight_sim and eight_exact: the section on a 1
    that counts as 8 comes later, and those names are the code's. The table shows the no-trump
    columns only; the 1-as-8 shares are printed, in words, in their own section."""
    path, nb, _, widgets = unanswered
    if path.name != "cat-trick.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    at = next(i for i, c in enumerate(stored.cells) if "ct.simulate_first_tricks(n, deals=1500" in c.source)
    nb, _, widgets = locked_in(path)
    after = output_texts(again_cell(stored, nb, at))
    assert re.search(r"(?m)^ +exact +simulated +95% interval from +to *$", after) and re.search(r"(?m)^players *$", after), after
    assert "eight" not in after and re.search(r"(?m)^4 +0\.4415 +0\.4380 +0\.4131 +0\.4632 *$", after), after
    assert "4 players: a 1 counted as 8 in 0.0440 of the deals, exact 0.0502." in shown_texts(nb, widgets)



def test_the_cat_trick_chance_given_the_lead_waits_for_the_lock_in(unanswered):
    """A teacher's read (lessons55b): below the reveal, the text "Given the lead, can anyone trump?"
    showed C(27, n-1) / C(33, n-1), and the cell under it printed "4 players: P(no trump | lead not
    trump) = 2925/5456 = 0.5361" at once, under Run All: 28/34 x 2925/5456 = 20475/46376 is the
    answer, one step away (the reveal calls such a product "every card must miss the trumps"). The
    simulated deals with a plain lead printed "exact 0.536" too. The section asks its question
    first; the count, its values for 3, 4 and 5 players and the simulated share wait for the lock-in."""
    path, nb, _, widgets = unanswered
    if path.name != "cat-trick.ipynb":
        return
    from catcards.analysis import cat_trick as ct

    stored = nbformat.read(path, as_version=4)
    start = next(i for i, c in enumerate(stored.cells) if c.source.startswith("### Given the lead, can anyone trump?"))
    end = next(i for i, c in enumerate(stored.cells) if c.source.startswith("### Try it: the other way round"))
    assert start > reveal_cell(stored, "no_trump")
    question = stored.cells[start].source   # the question first, then what the cells below do
    assert question.index("What is the chance that nobody else plays a trump?") < question.index("cells below")
    before = "\n".join(c.source if c.cell_type == "markdown" else output_texts(nb.cells[i])
                       for i, c in enumerate(stored.cells[start:end], start))
    near = ["C(27", "C(33", "binom{27}", "binom{33}", "27/33", "28/34", "2,925", "5,456", "plain lead: no trump"]
    for n in (3, 4, 5):
        p = ct.p_no_trump_after_lead(n)
        near += [str(p), f"{float(p):.4f}", f"{float(p):.3f}"]
    assert not [x for x in near if x in before], [x for x in near if x in before]
    waiting = [i for i, _ in waiting_cells(stored)]
    given, simulated = (next(i for i in waiting if start < i < end and marker in stored.cells[i].source)
                        for marker in ("cat-trick/given-the-lead-working", "sim4 = "))
    for i in (given, simulated):
        assert WAITS_FOR.search(output_texts(nb.cells[i])) and images(nb.cells[i].outputs) == 0, output_texts(nb.cells[i])
    # locked in ("1/2"): the student runs the two cells again
    nb, _, widgets = locked_in(path)
    said = output_texts(again_cell(stored, nb, given))
    assert "P(no trump | lead not trump) = C(27, n - 1) / C(33, n - 1)" in said, said
    assert "4 players: C(27, 3) / C(33, 3) = 2,925 / 5,456 = 2925/5456 = 0.5361" in said, said
    assert "4 players: 28/34 x 2925/5456 = 20475/46376, which is P(no trump) above" in said, said
    said = output_texts(again_cell(stored, nb, simulated))
    assert re.search(r"4 players, \d+ deals with a plain lead: no trump in 0\.\d{3} of them .*; exact 0\.536\n", said), said


def test_the_big_cat_seat_sentences_agree_with_the_table(unanswered):
    """A teacher's read (lessons55b): the seat table showed 4 decimals, and for 3 players seat 0's
    interval starts at 0.3385, 0.005 above the fair share 0.3333; the sentence under it said seat 0
    is ahead by "between 0.006 and 0.024", from its own 3-decimal ends. The table shows the
    sentences' 3 decimals, so a student subtracting the table's numbers gets the sentence's."""
    path, nb, _, widgets = unanswered
    if path.name != "big-cat.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    at = next(i for i, c in enumerate(stored.cells) if "bc.seat_win_rates(" in c.source)
    said = output_texts(nb.cells[at])
    assert "0.3385" not in said and "0.3333" not in said, said
    assert re.search(r"(?m)^0 +0 +3478 +10000 +0\.348 +0\.339 +0\.357 +0\.333 +3 *$", said), said
    assert ("3 players, seat 0: The interval [0.339, 0.357] excludes 0.333: seat 0's advantage is real, "
            "somewhere between 0.006 and 0.024.") in said, said

def test_the_card_game_lesson_shows_how_to_count_and_q_after_the_lock_in(unanswered):
    """A teacher's read (lessons56): section 2's text gave the hypergeometric formula,
    1 - C(U - K, h) / C(U, h), and then "At the deal, with your own 5 cards seen (U = 38), a 5-card
    hand:" above the reveal, while the plan has the class lock in a guess at minute 5-8: a student
    reading ahead had the method, and nearly the answer, before guessing. And section 3 printed q
    for bluff rates 1/10, 3/10 and 1/2 before the lock-in (0.918, 0.788, 0.690), section 5's text
    said "q is about 0.69" at bluff rate 1/2: P(holds) = qb / (1 - q + qb) works each back to the
    answer, 0.527. Nothing a student reads above the reveal (text cells and outputs) shows how to
    count it, and no text or output anywhere shows section 3's q before the lock-in; after it, the
    cell that waits prints the working, and section 3 prints q for every bluff rate."""
    path, nb, _, widgets = unanswered
    if path.name != "card-game.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    at = reveal_cell(stored, "holds_good")
    assert_not_above(stored, nb, at, ("binom", "C(3", "C(U", "U - K", "U-K", "hypergeometric", "1 minus", "1 - P(", "U = 38"))
    text = "\n".join(c.source for c in stored.cells if c.cell_type == "markdown")
    outputs = "\n".join(output_texts(c) for c in nb.cells) + json.dumps(widgets)
    qs = ("0.9177", "0.918", "0.92", "0.7880", "0.788", "0.79", "0.6904", "0.690", "0.69")
    assert not [q for q in qs if shows(text, q)], [q for q in qs if shows(text, q)]
    assert not [q for q in qs[:-1] if len(q) > 4 and shows(outputs, q)], [q for q in qs if len(q) > 4 and shows(outputs, q)]
    assert "bluff rate 1/2: q" not in outputs and "P(holds | claim) =" not in outputs
    # the question comes first: a guess is locked in before any counting
    said = " ".join(" ".join(stored.cells[1].source.split()).split())
    assert "Guess now and lock it in, before any counting." in said
    assert "Lock in your guess above first. Then: how would you work out the chance" in " ".join(text.split())
    # locked in ("1/2"): the cells that wait, run again, show the working and q
    waiting = [i for i, _ in waiting_cells(stored)]
    nb, _, widgets = locked_in(path)
    again = {i: output_texts(again_cell(stored, nb, i)) for i in waiting}
    counted = next(i for i in waiting if 'kept_back("card-game/how-to-count")' in stored.cells[i].source)
    assert counted < at
    assert ("P(holds) = 1 - P(no good card) = 1 - C(U - K, h) / C(U, h)" in again[counted]
            and "At the deal: U = 38 cards unseen, h = 5 cards in the claimer's hand." in again[counted]), again[counted]
    bayes = next(i for i in waiting if "cg.p_genuine(holds, b)" in stored.cells[i].source and "verdict" in stored.cells[i].source)
    assert re.findall(r"bluff rate (\S+): q = ([\d.]+)", again[bayes]) == [
        ("1/10", "0.918"), ("3/10", "0.788"), ("1/2", "0.690"), ("1", "0.527")], again[bayes]
    # a teacher's read (teach56b): q to 4 places here (0.9177, 0.6904) and to 3 in P(holds | claim)
    # (0.918, 0.690): 3 places in both; and section 4 named the agent (`"bluffer"`) in its text
    assert not [q for q in ("0.9177", "0.7880", "0.6904", "0.5272") if shows(again[bayes], q)], again[bayes]
    assert '"bluffer"' not in text and "Computer players that bluff do so with rate 0.3 when they have nothing better to do." in " ".join(text.split())


#: lessons56: the same read in three more lessons. Text above the reveal that gave the method with
#: the question's numbers: cat-days' 1 - C(33, 4 + k) / C(34, 4 + k) = (4 + k) / 34 (14/34 at
#: k = 10, the answer) and "less than half the time"; king-of-the-jungle's P(k Lions) =
#: C(4, k) C(48, 13 - k) / C(52, 13) (the answer is 1 - P(0 Lions)); simons-cat-probability's
#: hypergeometric formula and "the chance it is set aside is r/36" (16/36, the answer). Each: what
#: no text or output above the reveal may hold, and the working the cell that waits prints after
#: the lock-in
METHOD_AFTER_THE_LOCK_IN = {
    "cat-days.ipynb": (("binom", "4+k}{34", "(4 + k) / 34", "C(33", "less than half"),
                       "P(drawn by your k-th draw) = 1 - C(33, 4 + k) / C(34, 4 + k) = (4 + k) / 34"),
    "king-of-the-jungle.ipynb": (("binom", "hypergeometric", "C(4", "C(48", "C(52"),
                                 "P(k Lions) = C(4, k) x C(48, 13 - k) / C(52, 13)"),
    "simons-cat-probability.ipynb": (("binom", "hypergeometric", "r/36", "16/36", "4/9", "C(36", "r - k"),
                                     "One special card (K = 1, the Cat 3): it is set aside with chance r/36."),
}


def test_no_text_above_the_reveal_shows_how_to_count_the_prediction(unanswered):
    """A teacher's read (lessons56): the lessons in :data:`METHOD_AFTER_THE_LOCK_IN` wrote the
    method, with the question's numbers, in the text between the prediction box and its reveal: a
    student reading ahead had it (in cat-days the answer itself) before guessing. The question
    comes first: the opening cell asks for a guess before any counting, no text cell or output above
    the reveal shows the method, and the cell that waits prints it after the lock-in."""
    path, nb, _, widgets = unanswered
    if path.name not in METHOD_AFTER_THE_LOCK_IN:
        return
    hidden, working = METHOD_AFTER_THE_LOCK_IN[path.name]
    stored = nbformat.read(path, as_version=4)
    name = re.search(r"^(\w+) = Predict\(", "\n".join(c.source for c in stored.cells), re.M).group(1)
    at = reveal_cell(stored, name)
    assert_not_above(stored, nb, at, hidden)
    assert "Guess now and lock it in, before any counting." in " ".join(
        " ".join(c.source for c in stored.cells[:at] if c.cell_type == "markdown").split())
    waiting = [i for i, _ in waiting_cells(stored)]
    nb, _, widgets = locked_in(path)
    printed = [i for i in waiting if working in output_texts(again_cell(stored, nb, i))]
    assert printed and printed[0] < at, (path.name, printed, at)


def test_the_pairs_lesson_counts_the_rows_it_shows(unanswered):
    """A teacher's read (cglesson2): before the lock-in the pairs lesson's table shows 6 rows (the
    row for 8 pairs waits) under "In 7 rows, 0 or 1 miss happens 96% of the time by chance alone.";
    the sentence counts the rows shown. Since teach52 the whole table waits (its row for 7 pairs,
    10.779, led to the answer): no rows before the lock-in, 7 after it (96%)."""
    path, nb, _, widgets = unanswered
    if path.name != "pairs.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    at = next(i for i, c in enumerate(stored.cells) if c.source.startswith("hits = "))
    before = output_texts(nb.cells[at])   # a teacher's read (teach52): the whole table waits, its rows lead to the answer
    assert LOCK_FIRST in before and "in 6 rows" not in before.lower() and not re.findall(r"(?m)^\d +\d +\d", before), before
    nb, _, widgets = locked_in(path)
    after = output_texts(again_cell(stored, nb, at))
    assert "In 7 rows, 0 or 1 miss happens 96% of the time by chance alone." in after and "6 rows" not in after
    assert re.findall(r"(?m)^\d +(\d) +\d", after) == ["2", "3", "4", "5", "6", "7", "8"], after


#: what each cell of card-game.ipynb between the prediction and its reveal says before the lock-in
CARD_GAME_LOCK_FIRST = "Lock in your prediction above first, then run this cell again."


def between_prediction_and_reveal(nb, predict: str, reveal: str) -> list[int]:
    """The code cells after the cell that makes the Predict ``predict`` and before the cell that
    calls ``reveal``."""
    start = next(i for i, c in enumerate(nb.cells) if f"{predict} = Predict(" in c.source)
    end = next(i for i, c in enumerate(nb.cells) if f"{reveal}(" in c.source)
    return [i for i in range(start + 1, end) if nb.cells[i].cell_type == "code"]


def test_the_card_game_lesson_keeps_its_exact_chance_back_until_the_prediction_is_locked_in(unanswered):
    """A teacher's read (teach48a): under Run All, section 2 printed the answer to the prediction
    ("K = 5 ... = 44101/83657 = 0.5272"), its simulated share (0.527) and a figure of both, two
    screens above the reveal that waits for the lock-in. Before the lock-in each of those cells
    says only to lock in first; afterwards they show the results, and the reveal fills in."""
    path, nb, _, widgets = unanswered
    if path.name != "card-game.ipynb":
        return
    from catcards.widgets.predict import WAITING

    between = between_prediction_and_reveal(nb, "holds_good", "holds_good.reveal")
    said = {i: "".join(o.get("text", "") for o in nb.cells[i].outputs) for i in between}
    # the lock-in line, then one line that says what waits (a teacher's read, waitwords), and nothing else
    held = [i for i in between if said[i].startswith(CARD_GAME_LOCK_FIRST + "\n(Waiting: ") and said[i].count("\n") == 2]
    assert len(held) == 3    # section 2's exact chances, simulated deals and figure
    for i in between:
        assert images(nb.cells[i].outputs) == 0, nb.cells[i].source[:80]
        shown = json.dumps(nb.cells[i].outputs)
        assert not shows(shown, "0.527") and not shows(shown, "0.5272"), nb.cells[i].source[:80]
    text = shown_texts(nb, widgets)
    assert "44101/83657" not in text and WAITING in text
    # a teacher's read: Python lists and a pandas interval in what students read; words now
    assert "['believe', 'challenge']" not in text and "tokens: [" not in text and "q in (" not in text
    assert "seat 1 may answer: believe or challenge" in text and "tokens now: seat 0 has 1, seat 1 has 2" in text
    assert "q from 0 to 0.5: 8 of 26 genuine (0.308)" in text
    # a teacher's read (cglesson2): "below the line at 0.341" meant the chart's diagonal y = x (the
    # perfect model) at the bin's average q; the sentence says so. The calibration table's bins
    # read "0 to 0.5", not pandas' "(0.0, 0.5]"
    # a teacher's read (teach52): each of the four sentences said "(the chart's dashed diagonal, y = x)";
    # one line above them says it once
    assert ("The model predicts each bin's genuine share to be the bin's average q: on the chart, a point on "
            "the dashed diagonal (y = x).\nq from 0 to 0.5: 8 of 26 genuine (0.308). The model predicted 0.341. "
            "0.308 is below 0.341.") in text and "the line at" not in text
    assert text.count("dashed diagonal") == 1 and "mean_q" not in text
    calibration = next(c for c in nb.cells if "calib = pd.DataFrame(" in c.source)
    calibration = "".join(o.get("data", {}).get("text/plain", "") for o in calibration.outputs)
    assert re.search(r"\n0 to 0\.5 +26 +0\.341 +0\.308\n0\.5 to 0\.65 +116 ", calibration), calibration
    assert re.search(r"claims +average q +genuine\n", calibration), calibration   # not mean_q (teach52)
    # a teacher's read (teach52): the reveal cell printed "The other 1,913 had K = 4 or fewer" before
    # the lock-in (1,913 / 4,000 = 0.478, and 2,087 / 4,000 = 0.522, near the answer): the counts
    # are said in the reveal, after the lock-in
    before = "\n".join(output_texts(c) for c in nb.cells) + json.dumps(widgets)   # no image's base64
    assert not [n for n in ("1,913", "1913", "2,087", "2087") if shows(before, n)]
    assert "(0.0, 0.5]" not in text and "(0.8, 1.0]" not in text
    # a teacher's read: section 5 said "threshold 1.01" and "threshold 0.0"; the ends are named
    assert "threshold 0.0" not in text and "threshold 1.01" not in text
    assert "never challenge (0): The interval" in text and "always challenge (1.01): The interval" in text
    # a teacher's read (cglesson2): the results table above the chart still said 0.00 and 1.01; its
    # rows have the names of the sentences and the axis
    thresholds = next(c for c in nb.cells if "results = pd.DataFrame(results)" in c.source)
    thresholds = "".join(o.get("data", {}).get("text/plain", "") for o in thresholds.outputs)
    assert re.search(r"\nnever challenge \(0\) +80 +0\.375 +0\.277 +0\.485\nthreshold 1/2 +80 +[\d.]+ +[\d.]+ +[\d.]+\n"
                     r"threshold 2/3 +80 ", thresholds), thresholds   # 2/3 exactly, the break-even (not 0.67)
    assert re.search(r"\nalways challenge \(1\.01\) +80 +0\.700 +0\.592 +0\.789", thresholds) and "0.00 " not in thresholds
    # locked in afterwards (the student types 1/2 and presses the button), section 2 run again
    stored = len(nbformat.read(path, as_version=4).cells)
    # the cells locked_in runs again, in this order: section 2's three, then section 3's three that
    # show q (at bluff rate 1 its q and P(holds | claim) are the answer, and P(holds) can be worked
    # back from any q (lessons56); a teacher's read: the figure of q against the bluff rate ended its
    # K = 5 line on the answer, 0.53), below the reveal
    reveal = reveal_cell(nb, "holds_good")
    assert [i for i, _ in waiting_cells(nb)][:3] == held
    assert len(waiting_cells(nb)) == 6 and all(i > reveal for i, _ in waiting_cells(nb)[3:])
    nb, _, widgets = locked_in(path)   # "1/2" locked in
    exact, simulated, figure = (nb.cells[stored + 1 + k] for k in range(3))
    said = "".join(o.get("text", "") for o in exact.outputs)
    # a teacher's read (cglesson2): this cell printed 44101/83657 = 0.5272 where the reveal's working
    # is 1 - C(33, 5) / C(38, 5); one working now, the reveal's, for every K (3 decimals, as the
    # table's exact column and the reveal)
    assert "K = 5 good cards unseen: P(holds) = 1 - C(33, 5) / C(38, 5) = 1 - 237,336 / 501,942 = 0.527" in said
    assert "K = 1 good card unseen: P(holds) = 1 - C(37, 5) / C(38, 5) = 1 - 435,897 / 501,942 = 0.132" in said
    assert "44101/83657" not in said and said.count("/ C(38, 5)") == 6
    assert "2087" in json.dumps(simulated.outputs) and images(figure.outputs) == 1
    # the table in decimals with yes/no (a teacher's read: True/False and raw fractions like
    # 745/2109 beside 3-decimal numbers), as the Pairs lesson's table
    table = "".join(o.get("text", "") for o in simulated.outputs) + json.dumps(simulated.outputs)
    assert "745/2109" not in table and "True" not in table and "False" not in table
    assert re.search(r"5 +2087 +0\.527 +0\.527 +0\.505 +0\.548 +yes", table), table[:400]
    text = html.unescape(shown_texts(nb, widgets))
    # a teacher's read: the reveal showed the raw fraction 44101/83657 and "2,087 simulated deals"
    # under a text of 4,000 deals; now the answer in decimals, its working after it, and the count
    # of K = 5 deals said with it in words, as a count (in the reveal: teach52)
    assert "You said 1/2. The exact answer is 0.527. 2,087 simulated deals gave 0.527." in text
    assert ("The working: P(at least one good card) = 1 - P(none) = 1 - C(33, 5) / C(38, 5) "
            "= 1 - 237,336 / 501,942 = 0.527, to 3 decimals.") in text
    # a teacher's read (cglesson2): "(2,087 of the 4,000 deals)", 52%, beside the answer 0.527 could
    # read as the answer; it says what the count is: the deals the simulated answer uses
    assert ("2,087 simulated deals gave 0.527. Why 2,087 deals? Only the deals with K = 5 fit the question: in "
            "them, your own hand holds none of the 5 good cards. The other 1,913 deals had K = 4 or fewer. 2,087 is "
            "a count of deals, not a chance. The working: ") in text
    assert "of the 4,000 deals" not in text and "44101/83657" not in text
    # a teacher's read: section 3's two panels side by side were 13 in (1129 px) wide, their text
    # shrunk to about 10 pt in a projector's column; every figure of the lesson is at most 9 in wide
    widths = [png_width(o["data"]["image/png"]) for c in nb.cells for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
    assert len(widths) >= 4 and max(widths) <= 900, widths
    assert CARD_GAME_LOCK_FIRST not in json.dumps([c.outputs for c in (exact, simulated, figure)])


def test_the_card_game_lessons_cells_run_again_alone_after_the_lock_in():
    """A teacher's read (teach52): after Run All and the lock-in, section 2's figure cell, run again
    as it says, stopped with a TypeError, and the reveal cell with AttributeError "'CardGameTable'
    object has no attribute 'loc'": section 6's game board had taken the name ``table`` of section
    2's results. Each cell that waits, and the reveal, runs again alone after the lock-in; here in
    reverse order, so that each sees what Run All left, not what a cell above it set again (an
    error stops the run)."""
    path = NOTEBOOKS / "card-game.ipynb"
    stored = nbformat.read(path, as_version=4)
    again = sorted([i for i, _ in waiting_cells(stored)] + [reveal_cell(stored, "holds_good")], reverse=True)
    assert len(again) == 7
    nb, _, widgets = run(path, then=('holds_good.field.value = "1/2"\nholds_good.lock()',
                                     *(stored.cells[i].source for i in again)))
    ran = dict(zip(again, nb.cells[len(stored.cells) + 1:]))
    for i, cell in ran.items():
        said = output_texts(cell)
        assert cell.source == stored.cells[i].source and LOCK_FIRST not in said and "Error" not in said, (i, said[:300])
    # section 2's figure drawn, section 3's line for bluff rate 1 (q equals P(holds) there) shown
    figure = next(i for i in again if "errorbar" in stored.cells[i].source)
    assert images(ran[figure].outputs) == 1
    assert any("bluff rate 1: P(claim | holds) = 1, P(holds | claim) = 0.527" in output_texts(c) for c in ran.values())
    assert "You said 1/2. The exact answer is 0.527. 2,087 simulated deals gave 0.527." in html.unescape(shown_texts(nb, widgets))



#: every lesson a student or teacher runs: the lessons (notebooks/*.ipynb but the start page) and
#: the advanced notebooks (notebooks/advanced/*.ipynb); not the apps (notebooks/apps/)
EVERY_LESSON = sorted([p for p in NOTEBOOKS.glob("*.ipynb") if p.name != "index.ipynb"]
                      + list((NOTEBOOKS / "advanced").glob("*.ipynb")))
#: each lesson's step after Run All that is not a cell of its own (a slider moved), checked in the
#: kernel; the lessons' only slider or interact control is simons-cat's "computers" slider
AFTER_RUN_ALL = {"simons-cat.ipynb": "computers.value = 1   # the slider: 1 computer, a new 2-player table\n"
                                     "assert table_box.children[0].players == 2, table_box.children\n"
                                     "computers.value = 3   # and back: 3 computers, a 4-player table\n"
                                     "assert table_box.children[0].players == 4, table_box.children"}
#: a student's presses on every game board the lesson shows (a global, or in a box such as
#: simons-cat's ``table_box``): each button of its controls row; the board shows what went wrong
#: in its own output (:meth:`GameTable._run`), so that output is checked here
PRESS_CONTROLS = """\
import ipywidgets as _W
from catcards.widgets.table import GameTable as _GameTable
def _boards(widgets, seen):
    for _w in widgets:
        if isinstance(_w, _GameTable) and id(_w) not in seen:
            seen.add(id(_w))
            yield _w
        elif isinstance(_w, _W.Box):
            yield from _boards(_w.children, seen)
_pressed = 0
for _board in list(_boards([_v for _n, _v in globals().items() if not _n.startswith("_")], set())):   # not Out's _7
    if _board.closed:
        continue
    for _button in ("step_button", "undo_button", "playout_button", "new_button", "shuffle_button", "step_button"):
        getattr(_board, _button).click()
        assert "Traceback" not in _board.output_text(), (_button, _board.output_text()[-800:])
        _pressed += 1
print("pressed", _pressed)
"""


def predict_boxes(nb) -> list[str]:
    """The names of the lesson's prediction boxes (``<name> = Predict(``), in order."""
    return list(dict.fromkeys(re.findall(r"^(\w+) = Predict\(", "\n".join(c.source for c in nb.cells), re.M)))


def lesson_id(path: Path) -> str:
    return f"advanced/{path.name}" if path.parent.name == "advanced" else path.name


#: the lessons whose run here (Run All, then every cell again) took 8 s or more (9 to 17 s, measured
#: on 2 shared cores; the other ten take 2 to 6 s): marked ``slow``, so that ``-m "not slow"`` stays
#: quick; CI runs them (.ci/run runs every test)
SLOW_AGAIN = {"advanced/big-cat.ipynb", "big-cat.ipynb", "explore.ipynb", "pairs.ipynb", "simons-cat-probability.ipynb"}


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if lesson_id(p) in SLOW_AGAIN else p
                                  for p in EVERY_LESSON], ids=lesson_id)
def test_every_cell_runs_again_alone_after_run_all_and_the_lock_in(path):
    """A teacher's read (teach54): after Run All, cat-trick's reveal and its table of eights stopped
    with "'CatTrickTable' object has no attribute 'set_index'" (the game board at the end had taken
    the name ``table`` of the first-trick results); king-of-the-jungle's bidding example, run again,
    stopped with IllegalActionError (it bid 4 again on the deal that already had 4, 0 and 5); and
    in simons-cat, moving the "computers" slider after Run All raised AttributeError: the loops of
    the computers' game had set ``seat``, the box the slider fills with a new table, to a number.
    In every lesson (rerun54), after Run All and the lock-in of every prediction box (a choice box
    takes its first choice; a notebook without a box has no lock-in), every code cell runs again
    alone, here in reverse order so that each sees what Run All left (an error stops the run);
    then the student's later step (:data:`AFTER_RUN_ALL`). Before the cells run again and after
    them, every button of every game board is pressed (:data:`PRESS_CONTROLS`)."""
    stored = nbformat.read(path, as_version=4)
    text = LOCKED_IN_AS.get(path.name, "1/2")
    lock = tuple(f'{name}.field.value = {name}.field.options[0] if {name}.kind == "choice" else "{text}"\n{name}.lock()'
                 for name in predict_boxes(stored))
    again = [PRESS_CONTROLS] + [c.source for c in reversed(stored.cells) if c.cell_type == "code"]
    again += [AFTER_RUN_ALL[path.name]] if path.name in AFTER_RUN_ALL and path.parent == NOTEBOOKS else []
    again += [PRESS_CONTROLS]
    nb, _, _ = run(path, then=(*lock, *again))
    ran = nb.cells[len(stored.cells) + len(lock):-1]
    assert [c.source for c in ran] == again
    boards = re.findall(r"\bcatcards\.widgets\.play\(", "\n".join(c.source for c in stored.cells if c.cell_type == "code"))
    # every board pressed on, after Run All and again after the cells ran again
    assert output_texts(ran[0]) == output_texts(ran[-1]) == f"pressed {6 * len(boards)}\n", output_texts(ran[0])
    for cell in ran:
        assert not [o for o in cell.outputs if o.get("output_type") == "error"], cell.source[:80]
        assert "Traceback" not in output_texts(cell), cell.source[:80]


def test_every_lesson_is_run_again_after_run_all():
    names = [lesson_id(p) for p in EVERY_LESSON]
    assert names == ["advanced/big-cat.ipynb", "advanced/simons-cat-probability.ipynb", "advanced/snap.ipynb",
                     "big-cat.ipynb", "card-game.ipynb", "cat-days.ipynb", "cat-trick.ipynb", "explore.ipynb",
                     "king-of-the-jungle.ipynb", "pairs.ipynb", "simons-cat-probability.ipynb", "simons-cat.ipynb",
                     "snap.ipynb"]
    assert {p.name for p in NOTEBOOKS.glob("*.ipynb")} - {"index.ipynb"} == {p.name for p in LESSONS}
    assert SLOW_AGAIN < set(names)
    # the lessons' sliders and interact controls, each moved after Run All above
    controls = {lesson_id(p) for p in EVERY_LESSON
                if re.search(r"\b(interact\w*|\w+Slider|Dropdown|ToggleButtons|\.observe)\b", p.read_text(encoding="utf-8"))}
    assert controls == set(AFTER_RUN_ALL)

#: what a cell that answers a lesson's prediction says before the lock-in (as explore.ipynb,
#: king-of-the-jungle.ipynb and card-game.ipynb say it)
LOCK_FIRST = "Lock in your prediction above first, then run this cell again."
#: the line after :data:`LOCK_FIRST` in a cell that waits: what waits, in a sentence of its own
#: (snap's cells that wait for Predictions 1 and 2 besides their own box, lessons62 and lessons62c:
#: between the two, a line naming the other boxes still open that it waits for too, "Lock in your
#: Predictions 1 and 2 (the two boxes at the top) too.", from ``catcards.exercises.snap.say_still_open``)
WAITS_FOR = re.compile(re.escape(LOCK_FIRST) + r"\n+(?:Lock in your Predictions? (?:1|2|1 and 2) \(the [a-z ]+ at "
                       r"the top\) too\.\n)?\(Waiting: [^\n]+\.\)\n")
#: ``if <predict>.value is None:`` opens the part of a cell that waits for the lock-in
WAITS = re.compile(r"^if (\w+)\.value is None:", re.M)


def answer_forms(reveal: dict) -> tuple[str, ...]:
    """The texts a lesson prints a prediction's answer in (``reveal`` as the run records it:
    ``{"value": "7/17" or 0.49425 or 4.0, "unit": "rounds" or ""}``): the fraction ("7/17"),
    4, 3 and 2 decimals ("0.4118", "0.412", "0.41"; a half rounded both ways, as Python's format
    and numpy's and pandas' ``round`` do: 0.49425 is "0.4943" and "0.4942"), the reveal's own
    ("0.412"), a percentage ("41.2%"); a whole number only with its unit ("4 rounds")."""
    from fractions import Fraction

    import numpy as np

    from catcards.widgets.predict import _decimal

    value = Fraction(reveal["value"]) if isinstance(reveal["value"], str) else Fraction(reveal["value"])
    if value.denominator == 1:
        return (f"{value.numerator} {reveal['unit']}",) if reveal["unit"] else ()
    x = float(value)
    forms = [text for d in (4, 3, 2) for text in (f"{x:.{d}f}", f"{np.round(x, d):.{d}f}")] + [_decimal(x), f"{x:.1%}"]
    if isinstance(reveal["value"], str):
        forms.insert(0, reveal["value"])
    return tuple(dict.fromkeys(forms))


def output_texts(cell) -> str:
    """A cell's outputs as a student reads them: printed text, and each output's text, HTML or
    other data but its images (a PNG's base64 can hold "4/9"). Consecutive texts of one stream are
    one text, as JupyterLab shows them."""
    parts, stream = [], None
    for out in cell.get("outputs", []):
        text = "".join(out.get("text", ""))
        if out.get("output_type") == "stream" and stream == out.get("name"):
            # the kernel may send one print in two messages ("pressed", " 6\n"): a reader sees one text
            parts[-1] += text
            continue
        stream = out.get("name") if out.get("output_type") == "stream" else None
        parts.append(text)
        for mime, data in out.get("data", {}).items():
            if not mime.startswith("image/"):
                parts.append(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False))
    return html.unescape("\n".join(parts))


def reveal_cell(nb, predict: str) -> int:
    """The index of the code cell that calls ``<predict>.reveal(``."""
    return next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and f"{predict}.reveal(" in c.source)


def assert_not_above(stored, nb, at: int, words) -> None:
    """None of ``words`` is in what a student reads above cell ``at`` of the lesson: the stored
    notebook's text cells and the outputs of its code cells in the executed ``nb``."""
    above = "\n".join(c.source if c.cell_type == "markdown" else output_texts(nb.cells[i])
                      for i, c in enumerate(stored.cells[:at]))
    assert not [w for w in words if w in above], [w for w in words if w in above]


def waiting_cells(nb) -> list[tuple[int, str]]:
    """``(index, predict)`` of the code cells whose answer waits for ``predict``'s lock-in."""
    return [(i, m.group(1)) for i, c in enumerate(nb.cells) if c.cell_type == "code" and (m := WAITS.search(c.source))]


def test_answer_forms_are_the_printed_ones():
    assert answer_forms({"value": "7/17", "unit": ""}) == ("7/17", "0.4118", "0.412", "0.41", "41.2%")
    assert answer_forms({"value": 0.49425, "unit": ""}) == ("0.4943", "0.4942", "0.494", "0.49", "49.4%")
    assert answer_forms({"value": 4.0, "unit": "rounds"}) == ("4 rounds",)
    assert answer_forms({"value": "3/4", "unit": ""}) == ("3/4", "0.7500", "0.750", "0.75", "75.0%")
    printed = "3 players: P(no trump in the first trick) = 819/1496 = 0.5475\n4 players: ... = 20475/46376 = 0.4415"
    assert [f for f in answer_forms({"value": "20475/46376", "unit": ""}) if shows(printed, f)] == ["20475/46376", "0.4415"]


def test_run_all_shows_no_predictions_answer_before_the_lock_in(unanswered):
    """Teachers' reads: under Run All, lessons printed the answer to their own "Predict first"
    (cat-trick's "20475/46376 = 0.4415", cat-days' "k = 10: exact chance 7/17",
    simons-cat-probability's "4/9" and its table row, a figure of it) in cells above the reveal
    that said "Lock in your prediction above to see the answer." Then in cells below it (a
    teacher's read, belowreveal): card-game's q and P(holds | claim) at bluff rate 1 (0.5272,
    0.527), cat-days' table row for 14 cards seen (0.412), cat-trick's "28/34 x that" for 4
    players (20475/46376), snap's 1/17 under "Why 1/17?" and beside the whole games, pairs' row
    for 8 pairs (12.410): a student who runs all and scrolls past the reveal sees the answer
    without predicting. No output of any cell of the lesson but the reveal itself, above it or
    below it, holds a reveal's answer in any form the lesson prints (:func:`answer_forms`); a
    cell that waits for the lock-in says so (:data:`LOCK_FIRST`) and draws no figure. Every
    lesson with a Predict and a reveal is run here."""
    path, nb, _, widgets = unanswered
    from catcards.widgets.predict import WAITING

    reveals = nb.metadata["reveals"]
    stored = nbformat.read(path, as_version=4)
    names = set(re.findall(r"^(\w+) = Predict\(", "\n".join(c.source for c in stored.cells), re.M))
    choices = {n for n in names if re.search(rf'^{n} = Predict\([^=]*kind="choice"', "\n".join(c.source for c in stored.cells), re.M)}
    assert set(reveals) == names - choices, f"{path.name}: a Predict without its reveal: {names - set(reveals)}"
    given_away = []
    for name, reveal in reveals.items():
        at, forms = reveal_cell(stored, name), answer_forms(reveal)
        assert forms, f"{path.name}: no printed form of {name}'s answer {reveal}"
        for i in range(len(stored.cells)):   # above the reveal and below it: all but the reveal
            if i == at:
                continue
            said = output_texts(nb.cells[i])
            found = [form for form in forms if shows(said, form)]
            if found:
                given_away.append(f"cell {i} shows {found}, the answer to {name} (its reveal: cell {at})")
    # pairs (a teacher's read, teach52): 10.779 for 7 pairs (the values rise by about 1.61 a pair),
    # the q = 0.1 row's 13.70 (a ceiling) and the published formula, 12.398 at n = 8, in view
    # before the lock-in gave its answer (12.39) away too
    for i, cell in enumerate(stored.cells if path.name == "pairs.ipynb" else ()):
        said = cell.source if cell.cell_type == "markdown" else output_texts(nb.cells[i])
        # lessons61: one perfect memory's game on the Wildcat grid, "took 40 turns" (40 turns for 26
        # pairs' worth of cards, about 1.55 a pair; and near the board's exact 41.70)
        found = [near for near in ("10.779", "10.78", "44141/4095", "12.39", "12.398", "13.70", "\\ln 2", "1.614",
                                   "took 40 turns")
                 if near in said and i != reveal_cell(stored, "first_guess")]
        given_away += [f"cell {i} shows {found}, near the answer to first_guess"] if found else []
    assert not given_away, f"{path.name}: " + "; ".join(given_away)
    for i, name in waiting_cells(stored):   # above the reveal, or below it (explore.ipynb's estimates)
        assert LOCK_FIRST in output_texts(nb.cells[i]) and images(nb.cells[i].outputs) == 0, nb.cells[i].source[:80]
        # a teacher's read (waitwords): the lock-in line appeared, sometimes among results that did
        # print, and did not say what waited; the next line says it
        assert WAITS_FOR.search(output_texts(nb.cells[i])), f"{path.name}: cell {i} does not say what waits"
    if reveals:
        assert WAITING in json.dumps(widgets)


def test_simons_cat_probability_holds_back_its_two_questions_and_prints_words_not_code(unanswered):
    """A teacher's read (teach56), simons-cat-probability: under Run All the two questions that
    sound alike printed their answers (4/7 and 1) before anyone guessed; section 1's text gave the
    prediction's answer, r/36 with r = 16, above its reveal; and students read code output: a
    table of nested lists with a column simon_takers, columns exact_cat3 / inside_cat3 with
    True/False, "exact value inside the interval: True", a describe() table (12771.0, std) and
    "8.2e-05 ± ..." in the big run. The two answers wait for a choice box, r/36 comes after the
    reveal, and outputs and the big run are sentences and plain column names."""
    path, nb, _, widgets = unanswered
    if path.name != "simons-cat-probability.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    shown = "\n".join(output_texts(cell) for cell in nb.cells[:-1])
    for code_words in ("4/7", "0.571", "Cat 4 opens) = 1", "[[", "simon_takers", "exact_cat3", "inside_", "True",
                       "False", "12771.0", "std"):
        assert code_words not in shown, code_words
    assert not re.search(r"\de-0\d", shown)
    above = [c.source for c in stored.cells[:reveal_cell(stored, "first_guess")] if c.cell_type == "markdown"]
    assert not any("r/36" in text or "`inside`" in text for text in above)
    # a teacher's read (lessons57): "a random handful of r cards out of 36" stays above the reveal. It
    # says what the shuffle does (the model), not the chance: no value (the general tests find none of
    # 4/9's forms in any text), no direction; the step to r/36 is the student's
    said_above = " ".join(" ".join(above).split())
    assert "The shuffle makes the set-aside pile a random handful of $r$ cards out of 36, every handful equally likely." in said_above
    assert not re.search(r"16/36|4/9|less than half|more than half|each card|every card is", said_above)
    markdown = "\n".join(c.source for c in stored.cells if c.cell_type == "markdown")
    assert "±" not in markdown and not re.search(r"\de-0\d", markdown)
    assert "about 8 in 100,000" in markdown and "with 0 messes nobody takes\na Simon card" in markdown
    waits = [i for i, name in waiting_cells(stored) if name == "two_questions"]
    assert len(waits) == 1 and waits[0] < reveal_cell(stored, "two_questions")


def test_simons_cat_probability_shows_no_chance_of_the_cat_3_aside_before_the_lock_in(unanswered):
    """A teacher's read (teach56b), simons-cat-probability: before the lock-in, above the reveal,
    section 1 printed "5 players, 7 cards each: 1 set aside; P(Cat 3 aside) = 1/36" under "a random
    handful of r cards out of 36" (so r/36, 16/36 for the question); below it the "Why." text gave
    r/36, the figure's legend "exact: Cat 3 aside, r/36" and its points at 0.44, and "Cat 3: 5/9"
    (the Cat 3 opens unless it is set aside: 1 - 5/9). Nothing from the box to "Two questions that
    sound alike" shows a chance of the Cat 3 or a figure before the lock-in; after it the cells
    that waited print them and draw the two figures."""
    path, nb, _, widgets = unanswered
    if path.name != "simons-cat-probability.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    end = next(i for i, c in enumerate(stored.cells) if c.source.startswith("### Two questions that sound alike"))
    shown = "\n".join(c.source if c.cell_type == "markdown" else output_texts(nb.cells[i])
                      for i, c in enumerate(stored.cells[:end]))
    given = [g for g in ("1/36", "r/36", "5/9", "Cat 3: ", "P(Cat 3 aside) =") if g in shown]
    assert not given, given
    assert not [i for i in range(end) if images(nb.cells[i].get("outputs", []))]
    nb, _, _ = locked_in(path)
    again = nb.cells[len(stored.cells):-1]
    said = "\n".join(output_texts(c) for c in again)
    assert "5 players, 7 cards each: 1 set aside; P(Cat 3 aside) = 1/36" in said, said
    assert "Cat 3: 5/9" in said and "the Cat 3 is set aside with chance r/36." in said, said
    assert sum(images(c.get("outputs", [])) for c in again) == 2


def test_simons_cat_probability_prints_short_numbers_and_plain_words(unanswered):
    """A teacher's read (teach56b), simons-cat-probability: the all-lose rates printed "(95% interval
    0.003395 to 0.01438)" and "0.0001765 to 0.005643", section 5 "0.256 to 0.3117"; section 2's
    text named the code (`simulate`, `record`). Rare rates are said as "1 in N", the others to 3
    places, and the text says what the computer does."""
    path, nb, _, widgets = unanswered
    if path.name != "simons-cat-probability.ipynb":
        return
    shown = "\n".join(output_texts(cell) for cell in nb.cells[:-1])
    long = [n for pair in re.findall(r"interval:? ([\d.]+) to ([\d.]+)", shown) for n in pair if len(n.split(".")[-1]) > 3]
    assert not long, long
    assert "3 players: everyone lost in 7 of 1,000 games, about 1 in 143 (95% interval: between 1 in 70 and 1 in 295)" in shown
    assert "seat 0 random: lost 283 of 1,000 games, 0.283 (95% interval 0.256 to 0.312)" in shown
    stored = nbformat.read(path, as_version=4)
    section2 = next(c.source for c in stored.cells if c.source.startswith("## 2. How many messes"))
    assert "`simulate`" not in section2 and "`record`" not in section2


def test_cat_days_keeps_its_whole_table_back_and_prints_each_chance_out_of_34(unanswered):
    """A teacher's read (teach56b), cat-days: below the reveal the table "exact (without
    replacement)" held back only its row for 14 cards drawn; its other rows, 0.118, 0.265, 0.706 and
    0.882 for 4, 9, 24 and 30 cards, are plainly cards / 34, so 14/34 followed. The whole table
    waits. And after the lock-in the working said "(4 + k) / 34" and then "k = 0: exact chance
    2/17 ... k = 10: 7/17": each line now says it out of 34 first, "4/34 = 2/17"."""
    path, nb, _, widgets = unanswered
    if path.name != "cat-days.ipynb":
        return
    before = shown_texts(nb, widgets)
    assert not [row for row in ("0.118", "0.265", "0.706", "0.882") if shows(before, row)]
    stored = nbformat.read(path, as_version=4)
    # a teacher's read (lessons57, as snap's "a little below 1/17"): "Even after ten draws you have drawn
    # the Demanding Cat less than half the time" stood in the text just below the reveal: the answer's
    # direction before the lock-in. The figure's cell prints it after the lock-in
    said = " ".join(" ".join(c.source for c in stored.cells if c.cell_type == "markdown").split())
    assert "less than half" not in said and "less than half" not in before
    nb, _, widgets = locked_in(path)
    after = "\n".join(output_texts(c) for c in nb.cells[len(stored.cells):-1])
    for line in ("k =  0: exact chance 4/34 = 2/17", "k =  1: exact chance 5/34\n", "k = 10: exact chance 14/34 = 7/17",
                 "Even after ten draws you have drawn the Demanding Cat less than half the time."):
        assert line in after, after
    assert all(shows(after, row) for row in ("0.118", "0.265", "0.412", "0.706", "0.882")), after


def test_snap_keeps_the_shortcut_and_the_whole_games_rate_back_until_the_lock_in(unanswered):
    """A teacher's read (teach56b), snap: the notes say no cell's results show a prediction's answer
    before the lock-in, above its reveal or below it; but "Independent turns, or not?" said "Each
    turn has chance 16/17 of no snap" and its cell printed "(16/17)^51 = 0.0454", and the whole
    games printed "snaps per turn over whole games: 0.0556" under "a little below 1/17": the answer,
    1/17, before the lock-in. Both lines wait for it now, and no text says 16/17."""
    path, nb, _, widgets = unanswered
    if path.name != "snap.ipynb":
        return
    before = shown_texts(nb, widgets)
    assert "16/17" not in before and "snaps per turn over whole games:" not in before and not shows(before, "0.0556")
    stored = nbformat.read(path, as_version=4)
    assert "16/17" not in "\n".join(c.source for c in stored.cells if c.cell_type == "markdown")
    nb, _, widgets = locked_in(path)
    after = "\n".join(output_texts(c) for c in nb.cells[len(stored.cells):-1])
    assert "if the turns were independent: (16/17)^51 = 0.0454" in after, after
    assert "snaps per turn over whole games: 0.0556" in after, after


def test_no_text_cell_shows_a_predictions_answer(unanswered):
    """A teacher's read (lessons57), snap: "Why 1/17?" (3/51 = 1/17, about 0.059) stood in a text
    cell just below its reveal, "a little below 1/17" beside the whole games, and section 4 said "The
    exact average is 3 snaps a pass"; the notes asked the class to lock in before scrolling there,
    but a student who runs all and scrolls on reads the answer without predicting. No text cell of
    any lesson, above a reveal or below it, holds that reveal's answer in a form the lesson prints
    (:func:`answer_forms`): the working is printed by a cell that waits for the lock-in."""
    path, nb, _, _ = unanswered
    stored = nbformat.read(path, as_version=4)
    given_away = [f"text cell {i} says {form!r}, the answer to {name}"
                  for name, reveal in nb.metadata["reveals"].items() for form in answer_forms(reveal)
                  for i, cell in enumerate(stored.cells) if cell.cell_type == "markdown" and shows(cell.source, form)]
    assert not given_away, f"{path.name}: " + "; ".join(given_away)


def test_snap_keeps_its_working_and_the_exact_3_back_until_the_lock_in(unanswered):
    """A teacher's read (lessons57), snap: the working of both predictions ("Why 1/17?", "Why 3?"),
    "a little below 1/17" over whole games, the sentence that a snap makes the next one less likely
    (the choice's answer, below the exercise after the reveal) and section 4's "exact: 3" and its
    chart's "exact 3" line showed before the lock-in. The text asks the questions; the cells that
    wait print the working, the direction and the exact 3 after it."""
    path, nb, _, widgets = unanswered
    if path.name != "snap.ipynb":
        return
    stored = nbformat.read(path, as_version=4)
    said = " ".join(" ".join(c.source for c in stored.cells if c.cell_type == "markdown").split())
    for text in ("Why 1/17?", "Why 3?", "1/17", "3/51", "51 \\times", "a little below", "less likely: two",
                 "makes the next one less likely", "exact average is 3"):
        assert text not in said, text
    assert "**Why this chance?** Lock in your Prediction 1 above first." in said
    assert "**Why this many?** Lock in your Prediction 2 above first." in said
    before = shown_texts(nb, widgets)
    hidden = ("3 of the 51 other cards share its number", "51 x 1/17 = 3", "slightly fewer snaps per turn than 1/17", "an average game:",
              "a snap really does make the next one less likely", "exact: 3", "exact 3", "holds the exact 3")
    assert not [text for text in hidden if text in before], [text for text in hidden if text in before]
    nb, _, widgets = locked_in(path)
    after = "\n".join(output_texts(c) for c in nb.cells[len(stored.cells):-1])
    for text in ("Wildcat: P(snap on a turn) = 3/51 = 1/17, about 0.059", "51 x 1/17 = 3", "slightly fewer snaps per turn than 1/17", "an average game:",
                 "With cards, a snap really does make the next one less likely, but not because things",
                 "after a snap two cards of that number are on top, so only 2 of its 4", "(16/17)^51 came close",
                 "95% interval ["):
        assert text in after, text
    section4 = next(i for i, c in enumerate(stored.cells) if c.source.startswith("class_seeds = "))
    assert (section4, "count_guess") in waiting_cells(stored)


def test_the_answers_answer_forms_leaves_out_wait_for_the_lock_in_too(unanswered):
    """Below their reveals, snap printed "in 52 turns: 3" and "exact: 3" (the count's answer, 3
    snaps, without its unit: :func:`answer_forms` finds a whole number only with its unit; they
    say "3 snaps" now, after the lock-in); pairs "exact for q = 0: 12.393" and a perfect memory's
    simulated 12.39 turns (the exact average its reveal's note gives, "about 12.39 turns":
    :func:`answer_forms` reads the reveal's simulated 12.41); big-cat the first player's wins with
    the Lion at 5 in 30,000 other deals (``first_wins``, and a sentence on them: the reveal's
    40,000 deals give another estimate of the same share). They wait for the lock-in too, and
    show after it."""
    path, nb, _, widgets = unanswered
    # snap's section 3 (a teacher's read, teach49): its choice box's answer, the chances after a
    # snap and after none, printed just below the box while the class was still choosing
    hidden = {"snap.ipynb": ("in 52 turns: 3", "exact: 3 snaps", "exact 2/50", "exact 3/50"),
              "pairs.ipynb": ("12.393", "12.39", "10.779", "9.1625", "took 40 turns"),
              "big-cat.ipynb": ("first-player win rate", "First player's wins:")}.get(path.name)
    if hidden is None:
        return
    text = shown_texts(nb, widgets)
    assert not [answer for answer in hidden if answer in text], path.name
    nb, _, widgets = locked_in(path)
    text = shown_texts(nb, widgets)
    assert all(shows(text, answer) for answer in hidden), path.name


#: what a lesson's tests type before the lock-in (a probability unless said)
LOCKED_IN_AS = {"king-of-the-jungle.ipynb": "1/4", "simons-cat.ipynb": "5"}
_LOCKED_RUNS: dict = {}


def locked_in(path: Path):
    """Run All, then the student locks in (types :data:`LOCKED_IN_AS`, default "1/2", and presses
    the button) and runs again each cell that waited for it (:func:`waiting_cells`); one run a
    lesson, kept for every test that reads it. The run's cells: the stored notebook's, then one
    lock-in cell a Predict, then the cells run again in order, then the state cell (:func:`run`)."""
    if path not in _LOCKED_RUNS:
        stored = nbformat.read(path, as_version=4)
        waiting = waiting_cells(stored)
        text = LOCKED_IN_AS.get(path.name, "1/2")
        names = list(dict.fromkeys(name for _, name in waiting))
        # a choice box (snap's "after a snap") takes its first choice
        _LOCKED_RUNS[path] = run(path, then=(*(f'{name}.field.value = {name}.field.options[0] if {name}.kind == "choice" '
                                               f'else "{text}"\n{name}.lock()' for name in names),
                                             *(stored.cells[i].source for i, _ in waiting)))
    return _LOCKED_RUNS[path]


def again_cell(stored, nb, at: int):
    """The cell of :func:`locked_in`'s run ``nb`` that ran the stored notebook's cell ``at`` (one of
    :func:`waiting_cells`) again after the lock-in: after the stored cells and one lock-in cell per
    box (cat-days has two boxes that cells wait for; counting one read the wrong cell)."""
    waiting = waiting_cells(stored)
    boxes = len(dict.fromkeys(name for _, name in waiting))
    return nb.cells[len(stored.cells) + boxes + [i for i, _ in waiting].index(at)]


WAITING_LESSONS = sorted(p for p in LESSONS if waiting_cells(nbformat.read(p, as_version=4)))


def test_run_all_after_the_lock_in_keeps_the_prediction():
    """A teacher's read (lessonfix): Run All after the lock-in made new, empty prediction boxes,
    so every cell that waited said "Lock in your prediction above first" again (the card-game
    lesson said not to Run All, the others did not). Now a box made again with the same key
    starts locked in: Run All, lock in, Run All again in the same kernel shows the results."""
    path = NOTEBOOKS / "snap.ipynb"   # the shortest lesson with boxes that cells wait for
    stored = nbformat.read(path, as_version=4)
    waiting = waiting_cells(stored)
    names = list(dict.fromkeys(name for _, name in waiting))
    lock = tuple(f'{name}.field.value = {name}.field.options[0] if {name}.kind == "choice" else "1/2"\n{name}.lock()'
                 for name in names)
    # Run All again: every cell of the lesson (a text cell as an empty code cell, so the indices hold)
    again = tuple(c.source if c.cell_type == "code" else "" for c in stored.cells)
    nb, _, widgets = run(path, then=(*lock, *again))
    start = len(stored.cells) + len(names)
    for i, name in waiting:
        cell = nb.cells[start + i]
        assert cell.source == stored.cells[i].source
        said = output_texts(cell)
        assert LOCK_FIRST not in said and (said.strip() or images(cell.outputs)), (name, cell.source[:80])
    from catcards.widgets.predict import WAITING

    text = json.dumps(widgets)
    assert text.count("You locked it in before this cell ran again.") == len(names)
    # the reveals of the second run show the answers; only the box no cell waits for still waits
    # (its first run's reveal and its second's)
    assert text.count(WAITING) == 2 * (len(re.findall(r"^\w+ = Predict\(", "\n".join(c.source for c in stored.cells), re.M))
                                       - len(names))


def test_the_lessons_that_wait_for_a_lock_in():
    # every notebook with a prediction box is run by the tests above (LESSONS)
    assert {p for p in NOTEBOOKS.glob("*.ipynb") if "= Predict(" in p.read_text(encoding="utf-8")} <= set(LESSONS)
    assert [p.name for p in WAITING_LESSONS] == ["big-cat.ipynb", "card-game.ipynb", "cat-days.ipynb", "cat-trick.ipynb",
                                                 "explore.ipynb", "king-of-the-jungle.ipynb", "pairs.ipynb",
                                                 "simons-cat-probability.ipynb", "simons-cat.ipynb", "snap.ipynb"]


@pytest.mark.parametrize("path", WAITING_LESSONS, ids=lambda p: p.name)
def test_after_the_lock_in_the_cells_that_waited_show_the_answer(path):
    stored = nbformat.read(path, as_version=4)
    waiting = waiting_cells(stored)
    names = list(dict.fromkeys(name for _, name in waiting))
    nb, _, widgets = locked_in(path)
    from catcards.widgets.predict import WAITING

    again = nb.cells[len(stored.cells) + len(names):len(stored.cells) + len(names) + len(waiting)]
    shown = {name: False for name in names}
    for (i, name), cell in zip(waiting, again):
        said = output_texts(cell)
        assert cell.source == stored.cells[i].source and LOCK_FIRST not in said, cell.source[:80]
        assert said.strip() or images(cell.outputs), f"{path.name}: cell {i} shows nothing after the lock-in"
        # a choice's answer is words, not a number: its cell shows its results (snap's 2/50 and 3/50)
        forms = answer_forms(nb.metadata["reveals"][name]) if name in nb.metadata["reveals"] else ()
        # its figure (the same cell before the lock-in drew none), or the answer in a printed form
        shown[name] |= (images(cell.outputs) > images(nb.cells[i].outputs) or any(shows(said, form) for form in forms)
                        or (not forms and bool(said.strip())))
    assert all(shown.values()), f"{path.name}: after the lock-in no cell that waited shows the answer: {shown}"
    # every reveal filled in but those of boxes no cell waits for (snap's choice after a snap)
    source = "\n".join(c.source for c in stored.cells)
    unlocked = {n for n in re.findall(r"^(\w+) = Predict\(", source, re.M) if f"{n}.reveal(" in source} - set(names)
    assert json.dumps(widgets).count(WAITING) == len(unlocked) and not nb.metadata["small_texts"], unlocked


def test_output_texts_reads_one_print_sent_in_two_messages_as_one_text():
    """ci58 failed on ``'pressed\\n 6\\n' == 'pressed 6\\n'``: the kernel sent ``print("pressed", 6)``
    as two stream messages, and the reader put a line break between them."""
    cell = {"outputs": [{"output_type": "stream", "name": "stdout", "text": "pressed"},
                        {"output_type": "stream", "name": "stdout", "text": " 6\n"},
                        {"output_type": "stream", "name": "stderr", "text": "careful\n"},
                        {"output_type": "execute_result", "data": {"text/plain": "7", "image/png": "NDk="}},
                        {"output_type": "stream", "name": "stderr", "text": "again\n"}]}
    assert output_texts(cell) == "pressed 6\n\ncareful\n\n\n7\nagain\n"
