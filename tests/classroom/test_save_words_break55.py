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

from catcards.core.saves import SaveFormatError, read_save

LONG = "7" * 5000


@pytest.mark.xfail(strict=True, reason="break55: a save (or its params) of a 5,000-digit number is refused "
                                       "as 'not _LongNumber', a private class's name")
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
