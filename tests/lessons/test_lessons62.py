"""A teacher's read (closing note of stop 60, "Lessons"): four lows, mended in lessons62.

1. Card Game, section 2: the cell that waits for the prediction showed its formula,
   ``1 - C(U - K, h) / C(U, h)``, in its visible code before the lock-in (the method, not the
   number). The working is kept in ``catcards/exercises/card_game.py`` now (test_visible_code.py
   reads card-game too).
2. Snap, section 3: with nothing locked in, the cell under "Work it out" asked only for its own
   box; Predictions 1 and 2, which it also waits for, were named only when it ran again. It names
   every box still open on the first run; so do the other Snap cells that wait for both
   Predictions 1 and 2 (lessons62c), with one shared line, ``catcards.exercises.snap.say_still_open``.
3. The Predict box's lock-in confirmation did not say to run again the cells below that wait for
   the prediction; a box that cells wait for says so now (``Predict(..., cells_wait=True)``).
4. Pairs, *Watch a perfect memory*: the log said "Seat 0 turns over card 4" (and the game table
   above it "Your turn (seat 0)") before the lesson said what a seat is.

Each test failed before its change (the report of lessons62 says how). The snap runs are the cached
ones of test_lessons58a (one run a lesson and box).
"""
from __future__ import annotations

import ast
import re

import nbformat

from test_lessons import LOCK_FIRST, NOTEBOOKS, WAITS_FOR, locked_in, output_texts, waiting_cells
from test_lessons58a import SNAP, code_cell, flat, lock_only, stored

PAIRS = NOTEBOOKS / "pairs.ipynb"
WAITED = "(Waiting: the chances of a snap after a snap and after no snap, exact and simulated.)\n"


# ---- 2. Snap, section 3: every open box named on the first run

def test_snap_after_a_snap_names_predictions_1_and_2_on_the_first_run():
    """Failed before: Run All with nothing locked in printed only the lock-in line and "(Waiting:
    ...)"; a student who locked in the box above and ran the cell again was then told "Predictions
    1 and 2 are not locked in yet"."""
    nb0 = stored(SNAP)
    work = code_cell(nb0, 'kept_back("snap/next-after-a-snap")')
    nb, _, _ = locked_in(SNAP)
    said = output_texts(nb.cells[work])   # Run All, nothing locked in
    assert said == f"{LOCK_FIRST}\nLock in your Predictions 1 and 2 (the two boxes at the top) too.\n{WAITED}", said
    assert WAITS_FOR.search(said), said


def test_snap_after_a_snap_names_the_one_first_prediction_still_open_on_the_first_run():
    """Failed before: with one of Predictions 1 and 2 locked in, the cell still asked only for its
    own box."""
    work = code_cell(stored(SNAP), 'kept_back("snap/next-after-a-snap")')
    for box, other in (("first_guess", "Prediction 2 (the second box at the top)"),
                       ("count_guess", "Prediction 1 (the first box at the top)")):
        said = lock_only(SNAP, box)[work]
        assert said == f"{LOCK_FIRST}\nLock in your {other} too.\n{WAITED}", (box, said)


#: how a Snap cell that waits asks for a box still open: by its number ("Prediction 1 is not locked
#: in yet.", "Lock in your Prediction 2 (the second box at the top) too.", "Lock in your Predictions 1
#: and 2 ... too.") or, for the cell's own box (the first it waits for), "your prediction above"
ASKS = re.compile(r"(Predictions 1 and 2|Prediction [12]) (?:is|are) not locked in yet"
                  r"|[Ll]ock in your (Predictions 1 and 2|Prediction [12]|prediction above)\b")
NUMBERED = {"Prediction 1": {"first_guess"}, "Prediction 2": {"count_guess"},
            "Predictions 1 and 2": {"first_guess", "count_guess"}}


def boxes_asked_for(said: str, own: str) -> set[str]:
    """The boxes a waiting cell's output ``said`` asks to lock in (``own``: the box it waits for first)."""
    asked = set()
    for match in ASKS.finditer(said):
        name = match.group(1) or match.group(2)
        asked |= {own} if name == "prediction above" else NUMBERED[name]
    return asked


def test_every_snap_cell_that_waits_for_several_boxes_names_every_open_box_on_the_first_run():
    """Failed before (lessons62c): with nothing locked in, the two reveals, "Why this chance?",
    section 2's three cells, the whole games and section 4 asked only for their own box ("Prediction
    1 is not locked in yet. Lock in your prediction above first, ..."); the other box was named only
    when the cell ran again. Each names every box still open now, in one shared line
    (``catcards.exercises.snap.say_still_open``), nothing locked in or one box locked in."""
    nb0 = stored(SNAP)
    boxes = ("first_guess", "count_guess", "after_snap_guess")
    several = {i: (own, [b for b in boxes if re.search(rf"\b{b}\.value is None\b", nb0.cells[i].source)])
               for i, own in waiting_cells(nb0)}
    several = {i: waits for i, waits in several.items() if len(waits[1]) > 1}
    # the two reveals, "Why this chance?", section 2's three, the whole games, section 3, section 4
    assert len(several) == 9, several
    nb, _, _ = locked_in(SNAP)
    for i, (own, waits) in several.items():   # Run All, nothing locked in
        said = output_texts(nb.cells[i])
        assert boxes_asked_for(said, own) == set(waits), (i, said)
        assert WAITS_FOR.search(said), (i, said)
        source = nb0.cells[i].source
        assert source.count("say_still_open(") == 1 and "too.\")" not in source, (i, source)   # one shared way
    for box in boxes:   # one box locked in: every other box it waits for is named, the locked one is not
        outputs = lock_only(SNAP, box)
        for i, (own, waits) in several.items():
            if box in waits:
                said = outputs[i]
                assert boxes_asked_for(said, own) == set(waits) - {box}, (box, i, said)


def test_say_still_open_names_the_open_boxes_at_the_top_and_refuses_any_other(capsys):
    """The shared line of :func:`test_every_snap_cell_that_waits_for_several_boxes_names_every_open_box_on_the_first_run`,
    and what the Snap teacher's notes say of it."""
    from types import SimpleNamespace

    import pytest

    from catcards.exercises.snap import say_still_open

    def box(key, value=None):
        return SimpleNamespace(key=key, value=value)

    one, two = box("snap/one-turn"), box("snap/snaps-per-pass")
    for boxes, said in (((one, two), "Lock in your Predictions 1 and 2 (the two boxes at the top) too.\n"),
                        ((one, box("snap/snaps-per-pass", "3")), "Lock in your Prediction 1 (the first box at the top) too.\n"),
                        ((two,), "Lock in your Prediction 2 (the second box at the top) too.\n"),
                        ((box("snap/one-turn", "1/17"),), "")):
        say_still_open(*boxes)
        assert capsys.readouterr().out == said, boxes
    for wrong in ((), (box("snap/after-a-snap"),), (one, one), ("snap/one-turn",)):
        with pytest.raises(ValueError, match="say_still_open takes Snap's boxes at the top"):
            say_still_open(*wrong)
    notes = flat((NOTEBOOKS / "teacher" / "snap.md").read_text(encoding="utf-8"))
    assert ('A cell that waits for both names the other too while it is open, on its first run already ("Lock in '
            'your Prediction 2 (the second box at the top) too."),') in notes


# ---- 3. The Predict box: run the waiting cells again

def boxes_waited_for(nb) -> dict[str, bool]:
    """``{box: whether a code cell below the one that makes it waits for it}`` of a notebook."""
    code = [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    made = {m.group(1): i for i, s in code for m in re.finditer(r"^(\w+) = Predict\(", s, re.M)}
    return {box: any(i > at and re.search(rf"\b{box}\.value is None\b", s) for i, s in code)
            for box, at in made.items()}


def cells_wait_given(nb, box: str) -> bool:
    """Whether ``<box> = Predict(...)`` in ``nb`` is called with ``cells_wait=True``."""
    for cell in nb.cells:
        if cell.cell_type != "code" or not re.search(rf"^{box} = Predict\(", cell.source, re.M):
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [box]
                    and isinstance(node.value, ast.Call)):
                given = {k.arg: getattr(k.value, "value", None) for k in node.value.keywords}
                return given.get("cells_wait") is True
    raise AssertionError(f"no {box} = Predict(...)")


def test_every_box_that_cells_wait_for_says_to_run_them_again_and_no_other_box_does():
    """Failed before: no lesson's box was made with ``cells_wait=True`` (the keyword did not exist)."""
    boxes = {}
    for path in sorted(NOTEBOOKS.rglob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        for box, waited in boxes_waited_for(nb).items():
            boxes[(path.name, box)] = (waited, cells_wait_given(nb, box))
    assert [k for k, (waited, said) in boxes.items() if waited != said] == []
    # in a lesson's run: Snap's boxes, locked in, say it (the widgets' state, as the browser holds it)
    from catcards.widgets.predict import RUN_AGAIN

    _, _, widgets = locked_in(SNAP)
    said = [m["state"]["value"] for m in widgets.values() if "Locked in: " in str(m["state"].get("value", ""))]
    assert len(said) == 3 and all(RUN_AGAIN in s for s in said), said
    # the lessons with cells that wait (test_lessons' WAITING_LESSONS) all have such a box
    assert {name for (name, _), (waited, _) in boxes.items() if waited} >= {
        "big-cat.ipynb", "card-game.ipynb", "cat-days.ipynb", "cat-trick.ipynb", "explore.ipynb",
        "king-of-the-jungle.ipynb", "pairs.ipynb", "simons-cat.ipynb", "simons-cat-probability.ipynb", "snap.ipynb"}


# ---- 4. Pairs: what a seat is, before the table and the log say "seat 0"

def test_pairs_says_what_a_seat_is_before_the_table_and_the_log_say_seat_0():
    """Failed before: the first text cell that said "seat" was section 3's ("perfect memory (seat 0,
    who starts)"), far below the table ("Your turn (seat 0)") and the watched game's log ("Seat 0
    turns over card 4: green 5.")."""
    nb0 = stored(PAIRS)
    texts = [(i, flat(c.source)) for i, c in enumerate(nb0.cells) if c.cell_type == "markdown"]
    first = next((i, t) for i, t in texts if re.search(r"\bseat", t, re.I))
    table = code_cell(nb0, 'catcards.widgets.play("pairs"')
    watched = code_cell(nb0, "agent, rng = MemoryAgent(forget=0.0)")
    assert first[0] < table < watched, first
    assert "The table calls you seat 0: a seat is a player's place at the table, numbered from 0." in first[1], first
    watch = next(t for i, t in texts if i == watched - 1)
    assert "The computer plays alone, at seat 0." in watch, watch
