"""Hostile tester (break55): a class server's refusal of a save that is one long number names a
private class of catcards's code.

Steps: join a class; ``POST class/CODE/results`` with ``{"student": TOKEN, "save": "111...1"}``
(5,000 digits), or a save whose ``"params"`` is such a number. The answer (400):
"this is not a catcards save (a save is a JSON object, not _LongNumber); ..." (and "'params' must
be an object (parameter name: value), not _LongNumber"): ``_LongNumber`` is the reader's own
stand-in for a number of over 4,300 digits (catcards/core/saves.py), not a word a student (or a
notebook's ``catcards.load_state``) knows. What should happen: "not a number" (as for any other
number), no name from the code.
"""
from __future__ import annotations

import pytest

import catcards
from catcards.classroom.pool import Pool, PoolError
from catcards.classroom.store import open_store
from catcards.core.saves import SaveFormatError, read_save

LONG = "7" * 5000


@pytest.mark.parametrize("text", [
    LONG,
    '{"format": "catcards-save-2", "game": "snap", "params": ' + LONG + ', "seed": 1, "deals": null, '
    '"actions": [], "digest": "x"}',
], ids=["whole save", "params"])
def test_a_save_of_a_very_long_number_is_refused_without_a_name_from_the_code(text):
    with pytest.raises(SaveFormatError) as refused:
        read_save(text)
    assert "_LongNumber" not in str(refused.value)
    assert "number" in str(refused.value)


# found with the fix above (classsmall55): every kind of JSON value was named by its Python class
@pytest.mark.parametrize("text,kind", [
    (LONG, "a number"), ("5", "a number"), ("2.5", "a number"), ("[]", "a list"), ('"x"', "text"),
    ("null", "null"), ("true", "true or false"),
])
def test_a_save_that_is_not_an_object_is_named_in_words_by_load_state(text, kind):
    with pytest.raises(SaveFormatError) as refused:
        catcards.load_state(text)
    assert str(refused.value) == f"not a catcards saved game: a save is a JSON object, not {kind}"


@pytest.mark.parametrize("params,kind", [(LONG, "a number"), ("[2]", "a list"), ("null", "null"),
                                         ('"2"', "text"), ("false", "true or false")])
def test_params_that_are_not_an_object_are_named_in_words(params, kind):
    text = ('{"format": "catcards-save-2", "game": "snap", "params": ' + params + ', "seed": 1, '
            '"deals": null, "actions": [], "digest": "x"}')
    with pytest.raises(SaveFormatError) as refused:
        read_save(text)
    assert str(refused.value) == ("not a catcards saved game: 'params' must be an object (parameter name: "
                                  f"value), not {kind}")


@pytest.mark.parametrize("save,kind", [(None, "null"), (7, "a number"), ({"format": "x"}, "an object"),
                                       ([1], "a list"), (True, "true or false")])
def test_a_class_refuses_a_result_that_is_not_text_in_words(tmp_path, save, kind):
    store = open_store(tmp_path / "store")
    try:
        pool = Pool(store)
        code = pool.start("snap").code
        student = pool.join(code)
        with pytest.raises(PoolError) as refused:
            pool.submit(code, student.token, save)
        assert refused.value.status == 400
        assert str(refused.value).endswith(f"a result is a game's save as text (JSON), not {kind}")
        with pytest.raises(PoolError) as refused:
            pool.submit(code, student.token, LONG)
        assert "a save is a JSON object, not a number" in str(refused.value)
        assert "_LongNumber" not in str(refused.value)
    finally:
        store.close()
