"""Hostile tester (break55): ``Classroom(join_url).results(teacher_token)``, the class server's
results read from Python, is not the DataFrame the class's own ``.results()`` is.

Steps: a Snap class on a class server; a student's Python client plays and sends one game
(``Classroom(url).join().next_game()`` ... ``.submit(state)``), another sends a count from real
cards; the teacher reads ``Classroom(url).results(teacher_token)``. Its ``seed`` column is
float64 (``4.875618e+14`` printed, a 15-digit seed held by a float), ``game_number`` is float
(``1.0``, NaN for the count) and a missing nickname NaN, where ``LocalClass.results()``
(``Pool.results``) gives whole numbers (``Int64``, ``<NA>``). README says both are "the pooled
DataFrame"; a teacher's ``df[df.seed == seed]`` or a printed table reads differently.

What should happen: the same columns with the same types from either (``Int64`` seeds and game
numbers), e.g. by reading the CSV with those dtypes.
"""
from __future__ import annotations

import pandas as pd

from catcards.classroom import Classroom
from catcards.games.snap import FLIP
from class_server import snap_class_served


def test_the_servers_results_from_python_keep_whole_seeds_and_game_numbers(tmp_path):
    with snap_class_served(tmp_path) as served:
        room = Classroom(served["url"])
        member = room.join()
        state = member.next_game()
        while not state.is_over:
            state.apply(FLIP)
        member.submit(state)
        room.join("Kay").tally(3)
        local = served["pool"].results(served["code"])
        remote = room.results(served["info"].teacher_token)
        assert list(remote.columns) == list(local.columns)
        assert remote["seed"].tolist()[0] == state.seed
        assert {c: str(remote[c].dtype) for c in ("seed", "game_number")} == \
               {c: str(local[c].dtype) for c in ("seed", "game_number")}


def test_the_servers_results_from_python_keep_a_nickname_that_looks_missing(tmp_path):
    """Found with the fix above (classsmall55): pandas read the nickname "NA" (or "null") as a
    missing value, so the student's name was lost; every column now has the local dtype."""
    with snap_class_served(tmp_path) as served:
        room = Classroom(served["url"])
        room.join("NA").tally(3)
        room.join("null").tally(4)
        room.join().tally(5)
        local = served["pool"].results(served["code"])
        remote = room.results(served["info"].teacher_token)
        assert remote["nickname"].tolist()[:2] == ["NA", "null"]
        assert remote["nickname"].isna().tolist() == [False, False, True]
        assert remote["value"].tolist() == [3, 4, 5]
        assert remote.dtypes.astype(str).to_dict() == local.dtypes.astype(str).to_dict()
        pd.testing.assert_frame_equal(remote, local)  # readme61: the same frame, NaN for no nickname in both
