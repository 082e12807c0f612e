"""The compiled engines (setup.py, catcards._native; issue 14, speed): a compiled module is used
only while its .py (and .pxd) are the ones it was compiled from, and the .py files alone run."""
from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import catcards
from catcards import _native

PACKAGE = Path(catcards.__file__).parent
PLAYS = "catcards.games.cat_days.plays"


def _compiled_file(name: str) -> Path | None:
    folder = PACKAGE.joinpath(*name.split(".")[1:-1])
    found = [p for p in folder.glob(name.rpartition(".")[2] + ".*") if p.suffix in (".so", ".pyd")]
    return found[0] if found else None


def test_setup_records_what_each_module_is_compiled_from_and_the_guard_hashes_as_setup_does():
    scope: dict = {"__name__": "not_main", "__file__": str(PACKAGE.parent / "setup.py")}
    source = (PACKAGE.parent / "setup.py").read_text(encoding="utf-8").replace("\nsetup(", "\nNone and setup(")
    exec(compile(source, "setup.py", "exec"), scope)
    assert all((PACKAGE.parent / m).is_file() for m in scope["MODULES"])
    # plays uses Weeks's C layout (plays.pxd cimports weeks): an edit to weeks.py makes it stale too
    files = scope["sources"]("catcards/games/cat_days/plays.py")
    assert files == ["games/cat_days/actions.pxd", "games/cat_days/actions.py", "games/cat_days/plays.pxd",
                     "games/cat_days/plays.py", "games/cat_days/weeks.pxd", "games/cat_days/weeks.py"]
    assert scope["sources"]("catcards/core.py") == ["core.pxd", "core.py"]
    assert scope["source_hash"](files) == _native._source_hash(files)
    entry = {"files": files, "sha256": _native._source_hash(files)}
    assert _native._up_to_date(entry)
    assert not _native._up_to_date({**entry, "sha256": "0" * 64})
    assert not _native._up_to_date({**entry, "files": files + ["games/cat_days/gone.py"]})
    assert not _native._up_to_date("a1b2")  # another format: not up to date


def test_a_compiled_module_whose_source_changed_runs_as_python_with_a_warning():
    if _compiled_file(PLAYS) is None:
        pytest.skip("catcards is not compiled here (no C compiler, or CATCARDS_PURE_PYTHON=1 at install)")
    path = importlib.import_module("catcards.games.cat_days").__path__
    guard = _native._Guard()
    if not _native._PURE:
        assert guard.find_spec(PLAYS, path).origin == str(_compiled_file(PLAYS))
    guard.recorded = {**guard.recorded, PLAYS: {**guard.recorded[PLAYS], "sha256": "0" * 64}}  # plays.py edited since
    if not _native._PURE:
        with pytest.warns(_native.StaleBuildWarning, match="plays.py .or a file it is compiled with.* changed since it was compiled"):
            spec = guard.find_spec(PLAYS, path)
    else:
        spec = guard.find_spec(PLAYS, path)
    assert spec.origin == str(PACKAGE / "games" / "cat_days" / "plays.py")
    assert guard.find_spec("numpy", None) is None


def test_every_compiled_module_loaded_is_up_to_date_and_pure_python_loads_none():
    recorded = json.loads((PACKAGE / "_compiled.json").read_text()) if (PACKAGE / "_compiled.json").exists() else {}
    for name in _native.compiled_modules():
        py = PACKAGE.joinpath(*name.split(".")[1:]).with_suffix(".py")
        assert _native._up_to_date(recorded[name]) and "/".join(py.relative_to(PACKAGE).parts) in recorded[name]["files"]
    code = ("import catcards, catcards._native as n; catcards.load('cat-days'); catcards.load('card-game'); "
            "import catcards.games.cat_days.plays as p; print(n.compiled_modules(), p.__file__.endswith('.py'))")
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, check=True,
                         env={**__import__("os").environ, "CATCARDS_PURE_PYTHON": "1"}).stdout
    assert out.split() == ["[]", "True"]


def test_the_pure_python_switch_reads_as_people_write_it_and_as_setup_py_reads_it(monkeypatch):
    """Break-it tester (stop 23): CATCARDS_PURE_PYTHON=false turned pure Python on."""
    scope: dict = {"__name__": "not_main", "__file__": str(PACKAGE.parent / "setup.py")}
    source = (PACKAGE.parent / "setup.py").read_text(encoding="utf-8").replace("\nsetup(", "\nNone and setup(")
    exec(compile(source, "setup.py", "exec"), scope)
    for value, pure in ((None, False), ("", False), ("0", False), ("false", False), (" No ", False), ("OFF", False),
                        ("1", True), ("true", True), ("yes", True)):
        assert _native.pure_python(value) is pure
        if value is None:
            monkeypatch.delenv("CATCARDS_PURE_PYTHON", raising=False)
        else:
            monkeypatch.setenv("CATCARDS_PURE_PYTHON", value)
        assert scope["pure"]() is pure


def test_a_compiled_module_the_build_did_not_record_runs_as_python_and_the_warning_says_so():
    """Break-it tester (stop 23): with catcards/_compiled.json missing, every compiled module was
    said to have "changed since it was compiled"."""
    if _compiled_file(PLAYS) is None or _native._PURE:
        pytest.skip("catcards is not compiled here, or runs as pure Python (CATCARDS_PURE_PYTHON)")
    guard = _native._Guard()
    guard.recorded = {}
    with pytest.warns(_native.StaleBuildWarning, match="left no record of its sources"):
        spec = guard.find_spec(PLAYS, importlib.import_module("catcards.games.cat_days").__path__)
    assert spec.origin == str(PACKAGE / "games" / "cat_days" / "plays.py")


def _declared_attributes(pxd: str, cls: str) -> list[str]:
    """The attribute names ``cdef public <type> a, b`` lines declare in ``cdef class cls`` of a .pxd."""
    names, inside = [], False
    for line in (PACKAGE / pxd).read_text(encoding="utf-8").splitlines():
        if line.startswith("cdef class "):
            inside = line.startswith(f"cdef class {cls}(") or line.startswith(f"cdef class {cls}:")
        elif inside and line.strip().startswith("cdef public "):
            names += [n.strip() for n in line.strip().split(None, 3)[3].split(",")]
    return names


def test_the_compiled_states_declare_exactly_the_attributes_a_clone_copies():
    """Compiled, a state's attributes are the C struct fields its .pxd declares, and a clone copies
    the names its .py lists (State._core_fields, the game state's __slots__): the two lists must
    be the same, or a clone would miss a field (or the .py run would lack one)."""
    from catcards.core import State
    from catcards.games.card_game.views import Views
    from catcards.games.cat_days.engine import CatDaysState

    for pxd, cls, listed in (("core.pxd", "StateCore", State._core_fields),
                             ("games/cat_days/engine.pxd", "_CatDaysState", CatDaysState.__slots__),
                             ("games/card_game/views.pxd", "Views", Views.__slots__)):
        declared = _declared_attributes(pxd, cls)
        assert len(declared) == len(set(declared)) and set(declared) == set(listed), pxd


def test_a_cat_days_play_declares_exactly_its_fields_and_what_it_keeps():
    """Compiled, a Cat Days Play's fields are the C struct fields of _PlayFields (actions.pxd): they
    must be the dataclass's fields plus the words and log lines a Play keeps, or a field would be
    read from nowhere. Built by the engine's builder or by the dataclass, compiled or not, a Play
    is the same value: equal, same hash and words, frozen, and it survives pickling."""
    import dataclasses
    import pickle

    from catcards.games.cat_days import actions

    declared = _declared_attributes("games/cat_days/actions.pxd", "_PlayFields")
    fields = {f.name for f in dataclasses.fields(actions.Play)}
    kept = ("_words_said", "_seat_0_line", "_seat_1_line")
    assert len(declared) == len(set(declared)) and set(declared) == fields | set(kept)
    cards = catcards.load("cat-days").deck.cards
    built = actions._play(cards[0], "swap", "my", 2, cards[1], 5, cards[7])
    made = actions.Play(cards[0], "swap", "my", 2, cards[1], 5, cards[7])
    assert built == made and hash(built) == hash(made) and built is not made
    assert [getattr(built, k) for k in kept] == [getattr(made, k) for k in kept] == [None] * 3
    assert str(built) == str(made) == (f"play {cards[0].name} swapping {cards[1].name} on my Wednesday "
                                       f"with {cards[7].name} on their Saturday")
    assert built.log_line(1) == made.log_line(1) == (
        f"Seat 1 plays {cards[0].name} swapping {cards[1].name} on seat 1's Wednesday with "
        f"{cards[7].name} on seat 0's Saturday.")
    with pytest.raises(ValueError, match="Cat Days has seats 0 and 1, not 2"):
        built.log_line(2)
    assert actions.Play(cards[0]).week is None and actions.Play(cards[0]).effect == "empty day"
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.day = 3
    assert built.day == 2
    again = pickle.loads(pickle.dumps(built))
    assert again == built and str(again) == str(built) and dataclasses.replace(again, day=4).day == 4
    # pickled as the call that makes it, so compiled and pure Python read each other's pickles; a
    # pickle written before that (the fields as a dict, with what was worked out) still loads
    assert built.__reduce_ex__(4) == (actions.Play, (cards[0], "swap", "my", 2, cards[1], 5, cards[7]))
    old = actions.Play.__new__(actions.Play)
    old.__setstate__({"card": cards[0], "effect": "swap", "week": "my", "day": 2, "target": cards[1],
                      "target_day": 5, "other": cards[7], "_log_lines": [None, "stale"]})
    assert old == built and old.log_line(1) == built.log_line(1) and old._seat_0_line is None
