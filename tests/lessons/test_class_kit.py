"""``catcards kit DIR``: a worksheet and a teacher's edition for every lesson (issue 28, "a class
kit"). The real kit is built once per test session, without PDFs and without running a notebook."""
from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

from catcards import kit
from catcards.cli import main
from catcards.exercises import exercise
from catcards.start_page import NOTEBOOKS

LESSON_STEMS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if p.name != "index.ipynb")


def text_of(page: str) -> str:
    """The text a reader sees: tags dropped, entities read, spaces folded."""
    page = re.sub(r"<(script|style|title)\b.*?</\1>", " ", page, flags=re.S | re.I)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def shows(text: str, answer: str) -> bool:
    """Whether ``answer`` appears in ``text`` as itself: "0.028" is not in "0.0285" or "10.028",
    "1/36" not in "11/36" or "1/365", "4 snaps" not in "14 snaps"."""
    return re.search(rf"(?<![\d./]){re.escape(answer)}(?![\d/])", text) is not None


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kit") / "class-kit"
    report = kit.build_kit(folder, pdf=False, progress=False)
    return folder, report


def test_the_kit_has_a_worksheet_and_a_teachers_edition_of_every_lesson(built):
    folder, report = built
    assert "explore" in LESSON_STEMS and "snap" in LESSON_STEMS and len(LESSON_STEMS) >= 10
    assert report.lessons == LESSON_STEMS
    expected = {"index.html"} | {f"{s}-worksheet.html" for s in LESSON_STEMS} | {f"{s}-teacher.html" for s in LESSON_STEMS}
    assert set(report.files) == expected == {p.name for p in folder.iterdir()}
    index = (folder / "index.html").read_text()
    for stem in LESSON_STEMS:
        assert f'href="{stem}-worksheet.html"' in index and f'href="{stem}-teacher.html"' in index
    assert "starter (first lesson)" in index  # snap's level, from the start page's table
    # built with pdf=False (--no-pdf): it says so, not "no converter found" (break49, Chromium installed)
    assert "PDF worksheets: none (--no-pdf: print the HTML worksheets from a browser)." in report.summary()


def test_each_worksheet_holds_the_lessons_exercises_and_room_to_answer(built):
    folder, _ = built
    for stem in LESSON_STEMS:
        lesson = kit.read_lesson(NOTEBOOKS / f"{stem}.ipynb")
        sheet = (folder / f"{stem}-worksheet.html").read_text()
        text = text_of(sheet)
        assert text.startswith(lesson.title)
        assert "@page" in sheet and "break-inside: avoid" in sheet and "max-width: 180mm" in sheet  # A4 and Letter
        assert "Predict first" in text and "Tally as you play" in text
        for key in lesson.exercises:
            assert exercise(key).question in text and exercise(key).how_to_answer in text
        assert text.count("My answer:") == len(lesson.exercises)
        # each exercise's working has 5 cm (a teacher's read, teach48b: 3 cm for C(39, 13) / C(52, 13)
        # with half the page left blank below it)
        assert sheet.count('<p>Working:</p><div class="space working"></div>') == len(lesson.exercises)
        assert ".space.working { min-height: 50mm; }" in sheet
        for prediction in lesson.predictions:
            assert prediction["question"] in text


def test_the_teachers_edition_holds_every_answer_and_no_student_file_holds_any(built):
    folder, _ = built
    student = {p.name: text_of(p.read_text()) for p in folder.iterdir() if not p.name.endswith("-teacher.html")}
    for stem in LESSON_STEMS:
        lesson = kit.read_lesson(NOTEBOOKS / f"{stem}.ipynb")
        teacher = text_of((folder / f"{stem}-teacher.html").read_text())
        assert teacher.startswith(f"Teacher's edition: {lesson.title}") or f"Teacher's edition: {lesson.title}" in teacher
        for key in lesson.exercises:
            ex = exercise(key)
            for answer in ex.answer_texts():       # the why text, "1/36", "0.028", "0.0278", "2.8%", "25 turns"...
                if answer == ex.why or ex.accepts(answer):
                    assert shows(teacher, answer), (stem, key, answer)   # (a form its check refuses is not listed)
            for reason in ex.mistakes.values():     # each common wrong answer and what it reveals
                assert reason in teacher
            for name, text in student.items():
                for answer in ex.answer_texts():
                    assert not shows(text, answer), (name, key, answer)


def test_the_teachers_edition_is_the_notebook_through_nbconvert_with_tags_honoured(tmp_path):
    notebooks = tmp_path / "notebooks"
    (notebooks / "teacher").mkdir(parents=True)
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Toy lesson\n\nA first line."),
        nbformat.v4.new_code_cell('from catcards.widgets import Predict\n'
                                  'guess = Predict("How often is a card set aside?", key="toy/first")\nguess'),
        nbformat.v4.new_code_cell('pick = Predict("After a snap, is the next one", kind="choice", '
                                  'choices=["less likely", "as likely", "more likely"])'),
        nbformat.v4.new_code_cell("SECRET_SETUP = 1", metadata={"tags": ["remove-cell"]}),
        nbformat.v4.new_code_cell("HIDDEN_CODE = 2\nprint('shown')", metadata={"tags": ["hide-input"]}),
        nbformat.v4.new_code_cell("answer = None"),
        nbformat.v4.new_code_cell('from catcards.exercises import exercise\n'
                                  'exercise("simons-cat/cat-3-set-aside").check(answer)'),
    ])
    nbformat.write(nb, notebooks / "toy.ipynb")
    nbformat.write(nbformat.v4.new_notebook(), notebooks / "index.ipynb")   # the start page is not a lesson
    (notebooks / "teacher" / "toy.md").write_text(
        "# Toy lesson: teacher's notes\n\n**Time in class:** 35 minutes\n\n## Tally\n\n- snaps in one pass\n"
        "- passes played\n\n## Plan\n\n1. Deal.\n", encoding="utf-8")
    report = kit.build_kit(tmp_path / "kit", pdf=False, notebooks=notebooks, progress=False)
    assert report.lessons == ["toy"]
    teacher = (tmp_path / "kit" / "toy-teacher.html").read_text()
    text = text_of(teacher)
    assert "SECRET_SETUP" not in teacher                       # TagRemovePreprocessor: remove-cell
    assert "HIDDEN_CODE" not in teacher                        # remove/hide-input: the code is not shown
    assert "Class plan and timings" in text and "35 minutes" in text and "Deal." in text
    assert "Teacher: the answer to this check cell." in text
    assert text.index("answer = None") < text.index("Teacher: the answer to this check cell.")
    assert "jp-Notebook" in teacher                            # nbconvert's lab template
    sheet = text_of((tmp_path / "kit" / "toy-worksheet.html").read_text())
    assert "Prediction 1. How often is a card set aside?" in sheet
    assert "Prediction 2. After a snap, is the next one less likely as likely more likely" in sheet
    assert "snaps in one pass" in sheet and "passes played" in sheet
    assert not shows(sheet, "1/36") and not shows(sheet, "0.028")
    assert "35 minutes" in (tmp_path / "kit" / "index.html").read_text()


@pytest.mark.parametrize("case", ["a file", "a folder with files", "no parent", "control character", "empty"])
def test_a_bad_folder_is_refused_and_nothing_is_written(tmp_path, case, capsys):
    before = None
    if case == "a file":
        target = tmp_path / "kit"
        target.write_text("mine")
    elif case == "a folder with files":
        target = tmp_path / "kit"
        target.mkdir()
        (target / "notes.txt").write_text("mine")
    elif case == "no parent":
        target = tmp_path / "missing" / "kit"
    elif case == "control character":
        target = tmp_path / "kit\u202e"
    else:
        target = ""
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    status = main(["kit", str(target), "--no-pdf"])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("catcards: error: ") and err.count("\n") == 1
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before      # nothing written, nothing left over
    reason = {"a file": "is not a folder", "a folder with files": "already holds files",
              "no parent": "does not exist: create it first", "control character": "U+202E",
              "empty": "not an empty text"}[case]
    assert reason in err
    if case == "a file":
        assert target.read_text() == "mine"


def test_force_writes_into_a_folder_with_files_and_keeps_them(tmp_path):
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Toy")]), notebooks / "toy.ipynb")
    target = tmp_path / "kit"
    target.mkdir()
    (target / "notes.txt").write_text("mine")
    (target / "toy-worksheet.html").write_text("old")
    report = kit.build_kit(target, force=True, pdf=False, notebooks=notebooks, progress=False)
    assert (target / "notes.txt").read_text() == "mine"
    assert (target / "toy-worksheet.html").read_text().startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in target.iterdir()) == ["index.html", "notes.txt", "toy-teacher.html",
                                                        "toy-worksheet.html"]
    assert report.files == ["index.html", "toy-teacher.html", "toy-worksheet.html"]


def test_a_build_that_fails_part_way_leaves_nothing(tmp_path, monkeypatch):
    calls = []

    def failing(lesson, exporter=None, executed=None):
        calls.append(lesson.stem)
        if len(calls) == 2:
            raise kit.KitError("the second lesson failed")
        return "<html></html>"

    monkeypatch.setattr(kit, "teacher_html", failing)
    with pytest.raises(kit.KitError, match="the second lesson failed"):
        kit.build_kit(tmp_path / "kit", pdf=False, progress=False)
    assert list(tmp_path.iterdir()) == []        # no kit folder, no staging folder


def test_no_lessons_is_refused(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(kit.KitError, match="holds no lesson notebook"):
        kit.build_kit(tmp_path / "kit", pdf=False, notebooks=tmp_path / "empty", progress=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"]


@pytest.mark.slow
@pytest.mark.skipif(kit.pdf_converter() is None, reason="no Chromium to print PDFs")
def test_pdf_worksheets_when_chromium_is_installed(tmp_path):
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Toy")]), notebooks / "toy.ipynb")
    report = kit.build_kit(tmp_path / "kit", pdf=True, notebooks=notebooks, progress=False)
    pdf = (tmp_path / "kit" / "toy-worksheet.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and b"/Type /Page" in pdf
    assert report.pdf and f"PDF worksheets made with {report.pdf}" in report.summary()


def _toy_lesson(notebooks: Path, *cells: str) -> None:
    notebooks.mkdir(parents=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Toy lesson"),
                                         *(nbformat.v4.new_code_cell(c) for c in cells)])
    nbformat.write(nb, notebooks / "toy.ipynb")


def _checked_toy_lesson(notebooks: Path) -> None:
    """A toy lesson with one check cell (so its notes need a tally) and an empty teacher's folder."""
    _toy_lesson(notebooks, "answer = None",
                'from catcards.exercises import exercise\nexercise("simons-cat/cat-3-set-aside").check(answer)')
    (notebooks / "teacher").mkdir()


def test_run_puts_the_results_and_figures_in_the_teachers_edition(tmp_path):
    # a teacher printing the edition needs what the notebook prints and draws (teacher's read)
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "print('snaps:', 6 * 7)",
                "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.show()")
    kit.build_kit(tmp_path / "plain", pdf=False, notebooks=notebooks, progress=False)
    plain = (tmp_path / "plain" / "toy-teacher.html").read_text()
    figure = re.compile(r'<img[^>]*src="data:image/png;base64')
    assert "snaps: 42" not in text_of(plain) and not figure.search(plain)
    assert "catcards kit DIR --run" in text_of(plain)                 # the banner says how to get them
    main(["kit", str(tmp_path / "run"), "--no-pdf", "--run", "--notebooks", str(notebooks)])
    ran = (tmp_path / "run" / "toy-teacher.html").read_text()
    assert "snaps: 42" in text_of(ran) and len(figure.findall(ran)) == 1
    assert "come from running the notebook once" in text_of(ran)
    assert nbformat.read(notebooks / "toy.ipynb", as_version=4).cells[1].outputs == []   # stored file untouched


def test_run_shows_in_the_teachers_edition_the_results_held_back_until_a_lock_in(tmp_path):
    """A teacher's read (teach48b): lessons hold back under Run All what answers their prediction
    (``if box.value is None: print("Lock in ...")``), so the --run teacher's edition printed the
    lock-in line where the chances and their figure belong. The run marks each box locked in, in
    a cell the edition leaves out; the stored notebook is unchanged."""
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks,
                'from catcards.widgets.predict import Predict\nguess = Predict("Chance of a snap?")\nguess',
                'if guess.value is None:\n    print("Lock in your prediction above first.")\nelse:\n    print("P(snap) = 3/51")')
    main(["kit", str(tmp_path / "run"), "--no-pdf", "--run", "--notebooks", str(notebooks)])
    ran = text_of((tmp_path / "run" / "toy-teacher.html").read_text())
    # each once in the code; the output is the chance, not the lock-in line
    assert ran.count("P(snap) = 3/51") == 2 and ran.count("Lock in your prediction above first.") == 1
    assert "_catcards_edition_lock" not in ran and "taken as locked in" in ran
    assert len(nbformat.read(notebooks / "toy.ipynb", as_version=4).cells) == 3


def test_the_teachers_edition_reveals_the_answers_without_a_prediction_or_a_verdict(tmp_path):
    """break48: the --run edition's reveals said "You said (the teacher's edition: no
    prediction). The answer is: less likely than usual. Not what you predicted: why not?" (Snap's
    choice box). The box is locked in with no prediction typed: the reveal gives the answers."""
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks,
                'from catcards.widgets.predict import Predict\n'
                'after = Predict("After a snap?", kind="choice", choices=["less likely", "the same"])\nafter',
                'after.reveal(exact="less likely", note="Two in fifty after a snap.")')
    main(["kit", str(tmp_path / "run"), "--no-pdf", "--run", "--notebooks", str(notebooks)])
    page = (tmp_path / "run" / "toy-teacher.html").read_text()
    ran = text_of(page)   # what a reader sees, not the widgets' state in a script (the widgets
    # printed as empty "Out[n]" boxes: drawing them needed a script from a CDN, which a printed
    # page or an offline computer does not run)
    assert "The answer is: less likely. Two in fifty after a snap." in ran
    assert "After a snap? [My prediction: choose one: less likely / the same] [button: Lock in my prediction]" in ran
    assert "You said" not in ran and "Not what you predicted" not in ran and "You got it" not in ran
    assert "widget-state+json" not in page and "html-manager" not in page and "widget-view+json" not in page


def test_run_locks_in_the_boxes_a_lesson_makes_in_other_ways_and_leaves_other_names_alone(tmp_path):
    """Boxes made as ``a = b = Predict(...)``, ``box: Predict = ...``, under another name, in a
    list, by a function or after an IPython magic held their results back in the --run edition
    (the lock-in line was printed); a ``box = Predict(...)`` inside a function, or a method named
    Predict, stopped the kit ("NameError: name 'box' is not defined", "'int' object has no
    attribute 'value'") for a lesson that runs. The boxes the kernel holds are locked in, not names
    read from the code."""
    wait = 'if {0}.value is None:\n    print("Lock in your prediction above first.")\nelse:\n    print("shown: {1}")'
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks,
                "from catcards.widgets.predict import Predict\nfrom catcards.widgets.predict import Predict as P",
                'a = b = Predict("Chance?")', wait.format("b", "chained"),
                'annotated: Predict = Predict("Chance?")', wait.format("annotated", "annotated"),
                'aliased = P("Chance?")', wait.format("aliased", "aliased"),
                'boxes = [Predict("One?"), Predict("Two?")]', wait.format("boxes[1]", "listed"),
                'def make():\n    box = Predict("Chance?")\n    return box\nmade = make()', wait.format("made", "made"),
                '%matplotlib inline\nafter_magic = Predict("Chance?")', wait.format("after_magic", "magic"),
                'if False:\n    never = Predict("Chance?")\nclass Model:\n    def Predict(self):\n        return 3\n'
                'guess = Model().Predict()\nprint("model says", guess)',
                'class Odd(dict):\n    def values(self):\n        raise KeyError("unreadable-odd")\nodd = Odd()\nprint("odd kept")')
    stored = (notebooks / "toy.ipynb").read_bytes()
    assert main(["kit", str(tmp_path / "run"), "--no-pdf", "--run", "--notebooks", str(notebooks)]) == 0
    ran = text_of((tmp_path / "run" / "toy-teacher.html").read_text())
    for shown in ("chained", "annotated", "aliased", "listed", "made", "magic"):
        assert ran.count(f"shown: {shown}") == 2, shown   # in the code and in its output
    assert ran.count("Lock in your prediction above first.") == 6      # in the code only
    assert "model says 3" in ran and "_catcards_edition_lock" not in ran and "post_run_cell" not in ran
    assert "odd kept" in ran and ran.count("unreadable-odd") == 1   # in the code; no error under it
    assert (notebooks / "toy.ipynb").read_bytes() == stored


def test_a_lesson_that_fails_to_run_is_named_and_nothing_is_written(tmp_path):
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "x = 1", "1 / 0")
    with pytest.raises(kit.KitError, match=r"toy\.ipynb failed to run .*: ZeroDivisionError: division by zero$") as raised:
        kit.build_kit(tmp_path / "kit", pdf=False, notebooks=notebooks, progress=False, run=True)
    assert "\x1b" not in str(raised.value)   # the traceback's colour codes are not in the one line
    assert not (tmp_path / "kit").exists() and [p.name for p in tmp_path.iterdir()] == ["notebooks"]


def test_a_lesson_that_fails_to_run_says_so_on_a_line_of_its_own(tmp_path, capsys):
    """The command's error stood at the end of the progress bar's line ("...lesson/s, toy]catcards:
    error: ..."), with the traceback's colour codes in it."""
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "1 / 0")
    assert main(["kit", str(tmp_path / "kit"), "--no-pdf", "--run", "--notebooks", str(notebooks)]) == 2
    err = capsys.readouterr().err
    assert err.endswith("\ncatcards: error: toy.ipynb failed to run for its teacher's edition: "
                        "ZeroDivisionError: division by zero\n")
    assert not (tmp_path / "kit").exists()


def test_every_worksheet_has_the_tally_rows_of_its_lesson():
    """A teacher's read: the explore worksheet's tally table was four empty rows (its notes had no
    "## Tally" list). Its rows count the rollouts played by hand from section 1's end position."""
    for stem in LESSON_STEMS:
        assert kit.read_lesson(NOTEBOOKS / f"{stem}.ipynb").tallies, stem
    lesson = kit.read_lesson(NOTEBOOKS / "explore.ipynb")
    # a teacher's read: a pair's coin for the lead could give it no rollout of a card (0 ÷ 0), and
    # "the class's totals: rollouts, won, win rate" put three numbers in one Total cell
    assert lesson.tallies == ["rollouts seat 2 won leading the blue 8 (of 3)",
                              "our win rate with the blue 8 (won ÷ 3)",
                              "rollouts seat 2 won leading the Wildcat (of 3)",
                              "our win rate with the Wildcat (won ÷ 3)",
                              "the class's rollouts with the blue 8 (3 per pair)",
                              "the class's wins with the blue 8",
                              "the class's win rate with the blue 8 (wins ÷ rollouts)",
                              "the class's rollouts with the Wildcat (3 per pair)",
                              "the class's wins with the Wildcat",
                              "the class's win rate with the Wildcat (wins ÷ rollouts)"]
    sheet = kit.worksheet_html(lesson)
    rows = [html.unescape(r) for r in re.findall(r"<tr><td>([^<]*)</td><td class=\"tally\">", sheet)]
    assert rows == lesson.tallies
    assert not shows(text_of(sheet), "3/4") and not shows(text_of(sheet), "1/12")   # the prediction's answers


def test_a_lesson_played_by_hand_prints_its_rules_and_position_before_the_tally():
    """A teacher's read: the explore worksheet showed only the tally rows; the rules and the
    starting position were in the teacher's notes. The notes' "## By hand" section is printed
    before the tally (tests/lessons/checks/explore.py checks its rules against the notebook)."""
    lesson = kit.read_lesson(NOTEBOOKS / "explore.ipynb")
    assert lesson.by_hand.startswith("You play the end of one deal of King of the Jungle")   # a deal, not a hand (teach56)
    assert "## Tally" not in lesson.by_hand and "Plan" not in lesson.by_hand   # the section alone
    text = text_of(kit.worksheet_html(lesson))
    rules = text.index("Points lost so far: seat 0: 3, seat 1: 2, seat 2: 2.")
    assert text.index("2. By hand") < text.index("Play 3 rollouts with each card.") \
        < text.index("The winner of trick 1 leads trick 2, even if that is not seat 2.") \
        < text.index("An example.") < text.index("3. Tally as you play") < text.index("What we count")
    # the tally's heading stands right above its table (on A4 the rules fill page 2, and the
    # table stood at the top of page 3 without a heading)
    sheet = kit.worksheet_html(lesson)
    assert re.search(r"<h2>3\. Tally as you play</h2>\s*<table>", sheet)
    assert rules < text.index("What we count") < text.index("our win rate with the blue 8 (won ÷ 3)") \
        < text.index("the class's win rate with the Wildcat (wins ÷ rollouts)")
    assert "the Jaguar (blue 10)" in text and "blue 10" not in text.replace("Jaguar (blue 10)", "")
    # the teacher's word for the activity's rule is not printed: the plain rule is, and no answer
    assert "Seat 2 wins the rollout if it takes no trick, or if it takes one and seat 1 takes the other." in text
    assert "no one loses fewer" not in text and not shows(text, "3/4") and not shows(text, "1/12")
    # a teacher's read: "Its chance of winning with the better card, the others playing at random?"
    # (a fragment; a student who took the Wildcat for the better card gave its chance): the
    # worksheet asks a whole question about one named card, the one the reveal answers for
    # a teacher's read (teach53): "The others play at random" let random past plays weight the
    # splits (9/13, section 2), where the answer 3/4 counts every fitting split once; it says so
    question = ("Seat 2 can lead the blue 8 or the Wildcat (blue 20). The others play at random from now on. "
                "Count every way the hidden cards could be split (that fits what seat 2 saw) as equally likely. "
                "What is seat 2's chance of winning if it leads the blue 8?")
    assert [p["question"] for p in lesson.predictions] == [question]
    assert "Prediction 1. " + question in text and "better card" not in text
    # a lesson whose notes have no "By hand" section prints no rules
    snap = kit.read_lesson(NOTEBOOKS / "snap.ipynb")
    assert snap.by_hand is None and 'class="item by-hand"' not in kit.worksheet_html(snap)
    # a teacher's read (teach56b): the cat-days worksheet titled the section "Rollouts by hand" where
    # the lesson and its notes say "By hand" (and cat-days plays no rollouts)
    days = text_of(kit.worksheet_html(kit.read_lesson(NOTEBOOKS / "cat-days.ipynb")))
    assert "2. By hand" in days and "Rollouts" not in days


def test_the_notes_questions_on_the_worksheet_are_printed_after_the_tally_without_answers():
    """A teacher's read (teach47): the worksheet had nothing for the notebook's sections 2 and 3,
    half the lesson. The notes' "## On the worksheet" list is printed as questions with room to
    answer, "From the notebook", after the tally; the teacher's edition lists them; a lesson
    whose notes have no such list prints no such section."""
    lesson = kit.read_lesson(NOTEBOOKS / "explore.ipynb")
    assert [q.split(":")[0] for q in lesson.from_notebook] == ["Section 2", "Section 3"]
    text = text_of(kit.worksheet_html(lesson))
    assert text.index("3. Tally as you play") < text.index("4. From the notebook") \
        < text.index("Question 1. Section 2: does the notebook's 95% interval for the blue 8, from 100 rollouts, "
                     "hold the exact chance from section 1?") \
        < text.index("Question 2. Section 3: why does the chance that seat 2 holds the Lion (red 50) change") \
        < text.index("5. Your turn")
    for answer in ("3/4", "13/38", "13/25", "0.34", "0.52"):
        assert not shows(text, answer), answer
    # a teacher's read (lessons62b): Question 1 asked whether the class's win rate lay inside the
    # notebook's interval, one sample's rate in another sample's interval (a class that plays right
    # lands above its end, 0.763, about 4 times in 10). It asks whether the interval holds the exact
    # chance, and how wide the class's own interval would be; Question 2 asks for the exact chances
    assert "Is the class's win rate with the blue 8 inside it?" not in text
    assert "Would an interval from the class's rollouts (about 45) be wider or narrower?" in text
    assert "Write the exact chance before seat 1 plays:" in text
    notes = " ".join(lesson.notes.split())
    assert "it holds the exact 3/4. The class's interval would be wider" in notes
    assert "Do not ask whether the class's win rate lies inside the notebook's interval" in notes
    assert 'the questions "From the notebook"' in text_of(kit.teacher_html(lesson))
    days = kit.read_lesson(NOTEBOOKS / "cat-days.ipynb")
    assert days.from_notebook == [] and "From the notebook" not in text_of(kit.worksheet_html(days))
    # a teacher's read (teach56b): snap's plan asks "First, one turn" (the Dinohistoria deck) before
    # Exercise 1 at minutes 32-38, and the worksheet had no line for it
    snap = text_of(kit.worksheet_html(kit.read_lesson(NOTEBOOKS / "snap.ipynb")))
    # a teacher's read (lessons57b): it began with a note to the teacher, "Before Exercise 1, first, one
    # turn:", not with the question
    assert snap.index("Tally as you play") < snap.index("Question 1. What is the chance of a snap on one turn with "
                                                         "the Dinohistoria deck?") < snap.index("Exercises")
    assert "Before Exercise 1" not in snap and "first, one turn" not in snap
    assert not [a for a in ("4/54", "2/27", "0.074") if shows(snap, a)]


def test_a_lesson_without_checked_exercises_says_what_it_asks_instead():
    """A teacher's read: "3. Exercises: this lesson asks its questions in the notebook" misled (the
    explore lesson has none to check), and the teacher's edition said only "no checked exercises"."""
    lesson = kit.read_lesson(NOTEBOOKS / "explore.ipynb")
    assert lesson.exercises == [] and len(lesson.your_turn) == 1
    # a teacher's read: it asked whether the peeking gap is large "where play is forced (Big Cat,
    # Snap)" under a Big Cat line with a gap of 0.5; the gap can be large anywhere, and the question
    # asks where seeing the cards changes the best move
    question = ("Find a position where seeing the hidden cards would change your best move. In which game was it "
                "easiest to find one, and why?")
    assert lesson.your_turn[0].startswith(question) and "where play is forced" not in lesson.your_turn[0]
    # a teacher's read (teach56b): the worksheet's question said "(the starter below uses 200)" with no
    # starter on the sheet, and named `catcards.odds` and `peek=True`: the notebook says those in a
    # cell of its own ("In the notebook."), the worksheet has the question in words
    assert not [w for w in ("catcards.odds", "peek=True", "starter", "horizon=") if w in lesson.your_turn[0]]
    assert "Try the rollout tool on Simon's Cat and Cat Trick positions of your own, honest and peeking." in lesson.your_turn[0]
    text = text_of(kit.worksheet_html(lesson))
    assert "Exercises" not in text and "asks its questions in the notebook" not in text
    assert "5. Your turn" in text and "Your turn. " + question in text
    assert "6. One thing that surprised me" in text
    edition = text_of(kit.teacher_html(lesson))
    assert "This lesson has no checked exercises, so there is no answer key. What students answer" in edition
    assert "the activity by hand" in edition and "Your turn: " + question in edition
    assert "the prediction at the top" in edition
    # the notes say what to expect of the open question (a teacher's read: the edition said only
    # "no single right answer")
    assert "(no single right answer; the notes above say what to expect)" in edition
    # a lesson with checked exercises keeps its numbered section, and its key
    snap = text_of(kit.worksheet_html(kit.read_lesson(NOTEBOOKS / "snap.ipynb")))
    assert "4. Exercises" in snap and "Exercise 1." in snap and "5. One thing that surprised me" in snap   # after "3. From the notebook" (teach56b)


def test_the_tally_total_has_room_and_a_heading_keeps_its_intro_and_first_box():
    """A second teacher's read (lesson48): the tally's Total column was about 8 mm wide, too narrow
    for "33/45" or "0.733"; and on A4 "4. Your turn" and its intro stood at the foot of page 3 with
    the box on page 4. (Printed with Chromium the explore worksheet now starts page 4 at "4. Your
    turn": checked by hand, a PDF reader is not among the test dependencies.)"""
    sheet = kit.worksheet_html(kit.read_lesson(NOTEBOOKS / "explore.ipynb"))
    css = sheet[sheet.index("<style>"):sheet.index("</style>")]
    total = re.search(r"td\.tally \+ td \{ width: (\d+)%; \}", css)
    tally = re.search(r"td\.tally \{[^}]*width: (\d+)%;", css)
    assert total and tally and int(total.group(1)) >= 20 and int(tally.group(1)) + int(total.group(1)) <= 70
    assert re.search(r"<th>Total</th></tr><tr><td>[^<]*</td><td class=\"tally\"></td><td></td>", sheet)
    # a heading keeps its intro (h2: break-after avoid), the intro its first box (h2 + p: the same)
    assert "h2 { font-size: 14pt; margin: 6mm 0 2mm; break-after: avoid; page-break-after: avoid; }" in css
    assert "h2 + p { break-after: avoid; page-break-after: avoid; }" in css
    assert re.search(r"<h2>5\. Your turn</h2><p>[^<]*</p><div class=\"item\">", sheet)


def test_a_lesson_with_neither_exercises_nor_your_turn_leaves_the_section_out(tmp_path):
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "x = 1")
    lesson = kit.read_lesson(notebooks / "toy.ipynb")
    text = text_of(kit.worksheet_html(lesson))
    assert "Exercises" not in text and "Your turn" not in text and "3. One thing that surprised me" in text
    assert "This lesson has no checked exercises and no answer key." in text_of(kit.teacher_html(lesson))


def test_the_worksheets_print_on_a4_unless_letter_is_asked_for(built, tmp_path):
    """A school prints A4: the PDFs were US Letter (Chromium's default page without a CSS size)."""
    folder, _ = built
    sheet = (folder / "snap-worksheet.html").read_text()
    assert "@page { size: A4; margin: 15mm; }" in sheet and "Print this page (A4)" in text_of(sheet)
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "x = 1")
    main(["kit", str(tmp_path / "us"), "--no-pdf", "--paper", "letter", "--notebooks", str(notebooks)])
    letter = (tmp_path / "us" / "toy-worksheet.html").read_text()
    assert "@page { size: letter; margin: 15mm; }" in letter and "Print this page (US Letter)" in text_of(letter)
    with pytest.raises(kit.KitError, match="paper must be one of A4, letter"):
        kit.build_kit(tmp_path / "legal", pdf=False, notebooks=notebooks, progress=False, paper="legal")
    assert not (tmp_path / "legal").exists()


TALLY = "- snaps in one pass\n- passes played\n"


@pytest.mark.parametrize("notes, heading", [
    ("## tally\n\n" + TALLY, "## tally"),
    ("### Tally\n\n" + TALLY, "### Tally"),
    ("## Tally:\n\n" + TALLY, "## Tally:"),
    ("## Tally as you play\n\n" + TALLY, "## Tally as you play"),
    ("## Tally\n\n1. snaps in one pass\n2. passes played\n", None),   # a numbered list is not read
    ("## Plan\n\n1. Deal.\n", None),                                    # no tally at all
], ids=["lower case", "level 3", "colon", "more words", "no list", "none"])
def test_notes_whose_tally_is_not_read_are_named_and_nothing_is_written(tmp_path, capsys, notes, heading):
    """A teacher's read: notes with "## tally" (or "### Tally", "## Tally:") left the worksheet's
    tally four empty rows, and the kit said nothing. It now says, in one line, which file and
    which heading it expects; nothing is written."""
    notebooks = tmp_path / "notebooks"
    _checked_toy_lesson(notebooks)
    notes_path = notebooks / "teacher" / "toy.md"
    notes_path.write_text(f"# Toy lesson: teacher's notes\n\n**Time in class:** 35 minutes\n\n{notes}", encoding="utf-8")
    status = main(["kit", str(tmp_path / "kit"), "--no-pdf", "--notebooks", str(notebooks)])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("catcards: error: the teacher's notes ") and err.count("\n") == 1
    assert repr(str(notes_path)) in err and '"## Tally"' in err
    if heading:
        assert repr(heading) in err and "is not read as the tally" in err
    assert not (tmp_path / "kit").exists()
    # the same notes with "## Tally" and a "- " list: the worksheet has the tally's rows
    notes_path.write_text(f"# Toy lesson: teacher's notes\n\n## Tally\n\n{TALLY}\n## Plan\n\n1. Deal.\n", encoding="utf-8")
    lesson = kit.read_lesson(notebooks / "toy.ipynb")
    assert lesson.tallies == ["snaps in one pass", "passes played"]


def test_notes_without_a_tally_are_fine_for_a_lesson_with_no_check_cells(tmp_path):
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "print('no exercise here')")
    (notebooks / "teacher").mkdir()
    (notebooks / "teacher" / "toy.md").write_text("# Toy: teacher's notes\n\n## Plan\n\n1. Deal.\n", encoding="utf-8")
    assert kit.read_lesson(notebooks / "toy.ipynb").tallies == []


@pytest.mark.parametrize("raw, words", [
    (b"# Toy: teacher's notes\n\n## Tally\n\n- snaps \xe9t\xe9\n", "is not UTF-8 text"),   # saved as Latin-1
    (None, "cannot be read"),                                                          # a folder, not a file
], ids=["latin-1", "a folder"])
def test_notes_that_cannot_be_read_are_one_line_and_nothing_is_written(tmp_path, capsys, raw, words):
    """break46: teacher's notes saved in Latin-1 (a Windows editor's default) stopped the kit with
    a UnicodeDecodeError traceback; a folder named toy.md was taken for no notes at all."""
    notebooks = tmp_path / "notebooks"
    _checked_toy_lesson(notebooks)
    notes_path = notebooks / "teacher" / "toy.md"
    if raw is None:
        notes_path.mkdir()
    else:
        notes_path.write_bytes(raw)
    status = main(["kit", str(tmp_path / "kit"), "--no-pdf", "--notebooks", str(notebooks)])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("catcards: error: the teacher's notes ") and err.count("\n") == 1
    assert repr(str(notes_path)) in err and words in err and "Traceback" not in err
    assert not (tmp_path / "kit").exists()


def test_an_indented_tally_heading_is_named(tmp_path):
    """break46: "   ## Tally" (Markdown's heading, indented up to three spaces) was told there is
    no "## Tally" heading at all, while the teacher could see one."""
    notebooks = tmp_path / "notebooks"
    _checked_toy_lesson(notebooks)
    (notebooks / "teacher" / "toy.md").write_text("# Toy\n\n  ## Tally\n\n" + TALLY, encoding="utf-8")
    with pytest.raises(kit.KitError, match=r"the heading '  ## Tally', which is not read as the tally"):
        kit.read_lesson(notebooks / "toy.ipynb")


def test_a_tally_like_line_in_fenced_code_is_not_a_heading(tmp_path):
    """A "# tally the wins" comment in a block of Python in the teacher's notes stopped the kit
    ("the heading '# tally the wins', which is not read as the tally"), and a "## Tally" shown
    inside a fence was read as the tally. Fenced code holds no headings."""
    notebooks = tmp_path / "notebooks"
    _checked_toy_lesson(notebooks)
    notes = notebooks / "teacher" / "toy.md"
    code = "```python\n# tally the wins\nwins = 0\n## Tally\n- not a row\n```\n"
    notes.write_text(f"# Toy\n\n## Plan\n\n{code}\n## Tally\n\n{TALLY}\n~~~\n# Tallies\n~~~\n", encoding="utf-8")
    assert kit.read_lesson(notebooks / "toy.ipynb").tallies == ["snaps in one pass", "passes played"]
    notes.write_text(f"# Toy\n\n## Plan\n\n{code}", encoding="utf-8")   # the only "## Tally" is in code
    with pytest.raises(kit.KitError, match=r'have no "## Tally" heading'):
        kit.read_lesson(notebooks / "toy.ipynb")


def test_fenced_code_in_the_notes_is_kept_where_it_is_printed_and_read_as_markdown_reads_it(tmp_path):
    """break48: (1) a "## By hand" section's fenced block (a starting position) was blanked on the
    worksheet (the fences were blanked to find the headings, and the section was cut from the
    blanked text); (2) a block closed by a longer fence ("````" opened, "`````" closed, as
    CommonMark allows) and (3) a line of inline code ("```x``` is ...": a ``` fence's info string
    holds no backtick) ran to the end of the notes, so the "## Tally" below them was not read;
    (4) a "## Tally" in a block never closed was said to be missing."""
    notebooks = tmp_path / "notebooks"
    _checked_toy_lesson(notebooks)
    notes = notebooks / "teacher" / "toy.md"
    position = "```\nseat 0: Lion, red 8\n- seat 1: Wildcat\n```"
    notes.write_text(f"# Toy\n\n## By hand\n\nDeal this:\n\n{position}\n\nPlay it out.\n\n## Tally\n\n{TALLY}\n"
                     "```\n- not a row\n```\n", encoding="utf-8")
    lesson = kit.read_lesson(notebooks / "toy.ipynb")
    assert lesson.by_hand == f"Deal this:\n\n{position}\n\nPlay it out."
    assert lesson.tallies == ["snaps in one pass", "passes played"]
    assert "seat 0: Lion, red 8" in text_of(kit.worksheet_html(lesson))
    for above in ("````\n```\n## Tally\n```\n`````\n", "```x``` is inline code.\n", "~~~\n```\n~~~~\n"):
        notes.write_text(f"# Toy\n\n{above}\n## Tally\n\n{TALLY}", encoding="utf-8")
        assert kit.read_lesson(notebooks / "toy.ipynb").tallies == ["snaps in one pass", "passes played"], above
    notes.write_text(f"# Toy\n\n```\nwins = 0\n\n## Tally\n\n{TALLY}", encoding="utf-8")
    with pytest.raises(kit.KitError, match=r'"## Tally" heading inside a fenced code block .* never closed'):
        kit.read_lesson(notebooks / "toy.ipynb")


def test_without_run_a_notebook_saved_with_outputs_shows_none_as_its_banner_says(tmp_path, capsys):
    """break48: a --notebooks folder's notebook saved with its outputs ("snaps: 42") showed them in
    the teacher's edition under the banner "This copy shows the lesson's text and code without
    results or figures"; and the summary said "for 1 lessons"."""
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "print('snaps:', 6 * 7)")
    nb = nbformat.read(notebooks / "toy.ipynb", as_version=4)
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="snaps: 42\n")]
    nb.cells[1].execution_count = 7
    nbformat.write(nb, notebooks / "toy.ipynb")
    assert main(["kit", str(tmp_path / "kit"), "--no-pdf", "--notebooks", str(notebooks)]) == 0
    assert "Wrote the class kit for 1 lesson to " in capsys.readouterr().out
    plain = text_of((tmp_path / "kit" / "toy-teacher.html").read_text())
    assert "without results or figures" in plain and "snaps: 42" not in plain and "[7]" not in plain
    assert nbformat.read(notebooks / "toy.ipynb", as_version=4).cells[1].outputs[0].text == "snaps: 42\n"


def test_a_prediction_with_choices_that_are_not_texts_is_read_without_a_traceback(tmp_path, capsys):
    """break48: ``Predict("q?", kind="choice", choices={[1]: 2})`` (TypeError: unhashable type:
    'list') and ``choices=5`` ('int' object is not iterable) stopped the kit with a traceback,
    without --run (the code is read, not run). Choices that are not texts are not printed."""
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, 'Predict("Which?", kind="choice", choices={[1]: 2})',
                'Predict("How many?", kind="choice", choices=5, unit=3)',
                'Predict("Pick", kind="choice", choices=["red", "blue"])')
    assert main(["kit", str(tmp_path / "kit"), "--no-pdf", "--notebooks", str(notebooks)]) == 0
    lesson = kit.read_lesson(notebooks / "toy.ipynb")
    assert [(p["question"], p["choices"], p["unit"]) for p in lesson.predictions] == [
        ("Which?", None, ""), ("How many?", None, ""), ("Pick", ["red", "blue"], "")]
    assert "Traceback" not in capsys.readouterr().err


def test_a_lesson_that_ends_its_kernel_is_named_not_told_to_limit_a_game(tmp_path, capsys):
    """break48: a cell that ended the kernel (``os._exit(1)``) stopped ``catcards kit --run`` with
    "catcards: error: Kernel died; give the game a limit (e.g. -p max_hands=50)": the words for a
    game that does not end, naming no lesson."""
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "import os\nos._exit(1)")
    assert main(["kit", str(tmp_path / "kit"), "--no-pdf", "--run", "--notebooks", str(notebooks)]) == 2
    err = capsys.readouterr().err
    assert ("\ncatcards: error: toy.ipynb failed to run for its teacher's edition: its kernel stopped "
            "(Kernel died)\n") in err
    assert "max_hands" not in err and not (tmp_path / "kit").exists()


def test_the_time_in_class_is_not_read_from_fenced_code_or_the_next_line():
    """break48: the index's "time in class" was read from a "**Time in class:**" line in fenced
    code (an example in the notes), and an empty one took the next line's text."""
    assert kit._class_time("```\n**Time in class:** 99 min\n```\n**Time in class:** 45 min\n") == "45 min"
    assert kit._class_time("**Time in class:**\nthe plan below") is None


def test_the_answer_key_lists_only_forms_its_check_cell_calls_right():
    """break49: the key of snap/dinohistoria-after-two-snaps listed 0.038 and 3.8% as accepted;
    its check asks for 4 places (2 for a percentage) and refuses both, so a teacher marking by
    the key would mark them right. Every form a key lists is one its check calls right."""
    from catcards.exercises import _registry, check, reveal_state

    for key, ex in _registry().items():   # check() as the check cell calls it, marking nothing solved
        block = html.unescape(kit._key_block(key))
        forms = re.search(r"Accepted forms include: (.*?)\. ", block).group(1).split(", ")
        assert forms and all(check(form, ex.exact(), probability=ex.probability, mistakes=ex.mistakes, why=ex.why,
                                   show=False, unit=ex.unit, min_places=ex.min_places).right for form in forms), (key, forms)
        solved = reveal_state()
        assert ex.accepts(forms[0]) and not ex.accepts("not a number") and reveal_state() == solved   # marks nothing
    block = html.unescape(kit._key_block("snap/dinohistoria-after-two-snaps"))
    assert "Accepted forms include: 1/26, 0.0385. " in block


def test_the_teachers_edition_prints_each_widget_as_what_it_shows(tmp_path):
    """break49, a lesson of its own with --run: an Output widget's printed text and figure came
    out as "[interactive: in the live notebook]", a slider and a tick box without their label or
    value, a drop-down without its label or choice, a tab's titles dropped, a hidden widget as an
    empty "Out[n]:", and an HTML widget's <script> ran when the edition was opened (the live
    widget runs none)."""
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks,
                "import ipywidgets as W\nimport matplotlib.pyplot as plt\nout = W.Output()\n"
                "with out:\n    print('printed inside: 42')\n    plt.plot([1, 2]); plt.show()\nout",
                'W.IntSlider(value=7, description="computers")',
                'W.Checkbox(value=True, description="peek")',
                'W.Dropdown(options=["apple", "pear"], value="pear", description="fruit")',
                'tabs = W.Tab(children=[W.HTML("first page"), W.HTML("second page")])\n'
                'tabs.titles = ("One", "Two")\ntabs',
                'W.HTML("hidden words", layout=W.Layout(display="none"))',
                'W.HTML("<b>bold words</b><script>alert(1)</script>")')
    assert main(["kit", str(tmp_path / "run"), "--no-pdf", "--run", "--notebooks", str(notebooks)]) == 0
    page = (tmp_path / "run" / "toy-teacher.html").read_text()
    shown = text_of(page)
    assert "printed inside: 42" in shown and re.search(r'<img alt="a figure" src="data:image/png;base64', page)
    for words in ("[computers: 7]", "[peek: True]", "[fruit: choose one: apple / pear; chosen: pear]",
                  "One first page Two second page", "bold words"):
        assert words in shown, words
    assert "interactive: in the live notebook" not in shown
    assert shown.count("hidden words") == 1 and "<script>alert(1)" not in page   # each in its code only
    assert len(re.findall(r"Out\[\d+\]", shown)) == 6   # the hidden widget's cell has none


def test_the_teachers_edition_marks_the_exercises_solved_through_their_public_function():
    """The edition's hidden first cell wrote to the private ``catcards.exercises._SOLVED``: it calls
    :func:`catcards.exercises.mark_all_solved`, and no module of the package but the exercises'
    own touches that set."""
    import catcards

    assert "_catcards_exercises.mark_all_solved()" in kit._EDITION_LOCK
    package = Path(catcards.__file__).resolve().parent
    own = package / "exercises" / "__init__.py"
    touching = sorted(str(p.relative_to(package)) for p in package.rglob("*.py")
                      if p != own and "_SOLVED" in p.read_text(encoding="utf-8"))
    assert touching == []


def test_the_teachers_edition_draws_the_results_kept_back_until_an_answer_is_right(tmp_path):
    """break49: a result kept back until the check cell says Right (``reveal_after``) printed in
    the --run edition as "The result below shows the answer ... [button: Show me the answer]" over
    nothing. The edition takes each exercise as answered right: the result is drawn."""
    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks, "answer = None",
                'from catcards.exercises import exercise, reveal_after\nexercise("simons-cat/cat-3-set-aside").check(answer)',
                'reveal_after("simons-cat/cat-3-set-aside", lambda: print("kept back: 4/9 of the deals"))')
    (notebooks / "teacher").mkdir()
    (notebooks / "teacher" / "toy.md").write_text("# Toy\n\n## Tally\n- hands dealt\n", encoding="utf-8")
    assert main(["kit", str(tmp_path / "run"), "--no-pdf", "--run", "--notebooks", str(notebooks)]) == 0
    ran = text_of((tmp_path / "run" / "toy-teacher.html").read_text())
    assert "kept back: 4/9 of the deals" in ran and "Show me the answer]" not in ran
    assert "each exercise as answered right" in ran


def test_the_kits_lesson_runs_wait_for_the_kernel_in_slices(monkeypatch):
    """readme50: `catcards kit --run` stood still for a cell's whole timeout (600 s) in 2 runs of
    3 on a busy machine: the kernel had run the cell, its execute_reply lay unread in the kit's
    shell socket, and nbclient's one long wait for it never woke (pyzmq missed the wake-up). The
    kit runs a lesson with catcards.kernel_client's client, whose shell and IOPub waits look at
    the socket again every few seconds (tests/lessons/test_lessons.py checks the slices)."""
    from nbclient import NotebookClient

    from catcards import kit

    clients = []
    real = NotebookClient.async_start_new_kernel_client

    async def start(self):
        client = await real(self)
        clients.append(client)
        return client

    monkeypatch.setattr(NotebookClient, "async_start_new_kernel_client", start)
    lesson = next(item for item in kit.lessons() if item.stem == "simons-cat")
    kit.run_lesson(lesson)
    (client,) = clients
    assert type(client).__name__ == "WakingKernelClient"
    assert {type(client.shell_channel).__name__, type(client.iopub_channel).__name__} == {"WakingChannel"}