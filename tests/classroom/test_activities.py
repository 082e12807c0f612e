"""Activities: what one result is, and the exact answers they carry."""
from __future__ import annotations

import json
from fractions import Fraction
from itertools import permutations
from math import comb, factorial
from pathlib import Path

import numpy as np
import pytest

import catcards
from catcards.analysis.snap import adjacent_match_distribution
from catcards.classroom.activities import (ACTIVITIES, Activity, ActivityError, activities, activity,
                                           add_activity, default_activity)


def enumerate_matches(counts: list[int]) -> dict[int, Fraction]:
    """The distribution of neighbouring equal pairs by listing every arrangement of the deck."""
    deck = [r for r, c in enumerate(counts) for _ in range(c)]
    found: dict[int, int] = {}
    arrangements = set(permutations(deck))
    for a in arrangements:
        k = sum(x == y for x, y in zip(a, a[1:]))
        found[k] = found.get(k, 0) + 1
    return {k: Fraction(v, len(arrangements)) for k, v in sorted(found.items())}


@pytest.mark.parametrize("counts", [[2, 2], [2, 2, 2], [3, 2, 1], [2, 2, 2, 2], [4, 4], [3, 3, 2]])
def test_snap_distribution_matches_enumeration_of_small_decks(counts):
    assert adjacent_match_distribution(counts) == enumerate_matches(counts)


def test_snaps_per_pass_exact_answers():
    snaps = activity("snap/snaps-per-pass")
    assert snaps.game == "snap" and snaps.params == {"players": 2, "max_turns": 52}
    assert sum(snaps.exact.values()) == 1
    assert snaps.exact_mean == 3 == sum(k * p for k, p in snaps.exact.items())
    # the published count of standard-deck orders with no two equal ranks adjacent
    assert snaps.exact[0] == Fraction(4184920420968817245135211427730337964623328025600,
                                      factorial(52) // factorial(4) ** 13)
    assert round(float(snaps.exact[0]), 4) == 0.0455
    assert max(snaps.exact) == 39  # 13 runs of 4: 13 x 3 pairs
    assert snaps.tally == (0, 39)  # break50: 51 was accepted; 39 is the most a pass shows


def _pass(seed: int, act=None):
    act = act or activity("snap/snaps-per-pass")
    state = act.new_game(seed)
    while not state.is_over:
        state.apply(catcards.games.snap.FLIP)
    return state


@pytest.mark.parametrize("seed", [0, 1, 5, 123])
def test_snaps_per_pass_counts_neighbouring_equal_numbers_of_the_deal(seed):
    act = activity("snap/snaps-per-pass")
    start = act.new_game(seed)
    stacks = [list(s) for s in start.stacks]
    order = [stacks[i % 2][i // 2] for i in range(52)]  # seat 0 turns first, then seats alternate
    ranks = [start.game.ranks[c] for c in order]
    expected = sum(a == b for a, b in zip(ranks, ranks[1:]))
    assert act.result(_pass(seed)) == expected


def test_snaps_per_pass_refuses_unfinished_called_and_other_games():
    act = activity("snap/snaps-per-pass")
    state = act.new_game(3)
    state.apply(catcards.games.snap.FLIP)
    with pytest.raises(ActivityError, match="not finished: turn all 52 cards"):
        act.result(state)
    called = act.new_game(3)
    called.apply(catcards.games.snap.SNAPS[1])  # a false snap
    while not called.is_over:
        called.apply(called.legal_actions()[0])
    with pytest.raises(ActivityError, match="a snap was called"):
        act.result(called)
    longer = catcards.load("snap", players=2).new_game(3)
    with pytest.raises(ActivityError, match="set up differently"):
        act.result(longer)
    with pytest.raises(ActivityError, match="this class plays 'snap'"):
        act.result(catcards.load("pairs").new_game(3))


def test_simons_cat_cat3_set_aside():
    """A teacher's read (lessons55): the activity dealt 4 players 8 cards each (4 cards set aside,
    1/9), not the deal of the Simon's Cat lesson, whose tally counts 5-player deals: the rulebook
    deals the 36 cards equally and sets the rest aside (rules/simons-cat.md: 36 // 5 = 7 each,
    1 set aside; 3, 4 and 6 players set none aside). The activity plays the lesson's table with 4
    computers; its exact chance is counted from the deal: of the ways to deal 36 cards into 5
    hands of 7 and 1 card set aside, those with the Cat 3 set aside."""
    act = activity("simons-cat/cat3-set-aside")
    lesson_table = catcards.load("simons-cat", players=5)   # the lesson's slider at 4 computers
    assert act.full_params == lesson_table.params == {"players": 5, "hand_size": 7}
    assert [36 - n * (36 // n) for n in (3, 4, 5, 6)] == [0, 0, 1, 0]   # only 5 players set a card aside
    deals = factorial(36) // (factorial(7) ** 5 * factorial(1))   # 5 hands of 7 and the set-aside card
    with_cat3 = factorial(35) // factorial(7) ** 5               # the Cat 3 set aside, 35 cards in the hands
    assert act.exact == {0: 1 - Fraction(with_cat3, deals), 1: Fraction(with_cat3, deals)}
    assert act.exact_mean == Fraction(with_cat3, deals) == Fraction(1, 36)
    assert act.binary and act.tally == (0, 1)
    said = act.instructions + " " + act.title + " " + act.unit + " " + act.source
    assert "5 players" in said and "7 cards each" in said and "one card is set aside" in said and "4 of the" not in said
    assert "Each deal counts as soon as it is dealt" in act.instructions and "Play one round" not in said
    # a teacher's notes tally counts the same deals
    notes = (Path(__file__).resolve().parents[2] / "notebooks" / "teacher" / "simons-cat.md").read_text(encoding="utf-8")
    assert "- deals with 5 players" in notes and "simons-cat/cat3-set-aside" in notes
    lesson = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "simons-cat.ipynb").read_text(encoding="utf-8"))
    said = " ".join(" ".join("".join(c["source"]) for c in lesson["cells"] if c["cell_type"] == "markdown").split())
    assert ("**For the class tally:** choose 4 computers, so you play with 5 players. Press *New seed* for a "
            "deal of your own. Everyone gets 7 cards, and one card is set aside") in said
    assert "Play one round" not in said  # the card is face up at the deal: no round is played for it
    # the engine's deals: the one card set aside is the Cat 3 now and then (1 in 36), measured so
    rng = np.random.default_rng(0)
    aside = {seed: int(0 in act.new_game(seed).aside) for seed in range(200)}  # card id 0 is the Cat 3 (MISCHIEF order)
    assert all(len(act.new_game(seed).aside) == 1 for seed in range(5))
    played = [s for s in aside if aside[s]][:2] + [s for s in aside if not aside[s]][:6]
    assert len(played) == 8
    for seed in played:
        state = act.new_game(seed)
        assert act.result(state) == aside[seed]  # counted as dealt: the set-aside card is face up
        while state.round < 3 and not state.is_over:  # the first deal's card, whatever is played after it
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
            assert act.result(state) == aside[seed]
        assert state.round_results[0]["set_aside"] == [str(catcards.games.simons_cat.MISCHIEF[c])
                                                       for c in act.new_game(seed).aside]
    assert str(catcards.games.simons_cat.MISCHIEF[0]) == "Cat 3"
    with pytest.raises(ActivityError, match="set up differently"):   # the old 4-player deal is not the class's
        act.result(catcards.load("simons-cat", players=4, hand_size=8).new_game(1))


def test_simons_cat_counts_each_deal_at_once():
    """A teacher's read (simonsact55): the activity counted a game after its first round was
    played, and a class table sent it only at the game's end (3 to 8 rounds), so each student
    gave one deal, and a 1/36 event in a class of 30 deals teaches little. The set-aside card is
    face up at the deal, so the result is there at once: the activity counts a just-dealt state
    (finished is :func:`dealt`), and the other activities still wait for the game's end."""
    from catcards.classroom.activities import dealt, game_over

    act = activity("simons-cat/cat3-set-aside")
    assert act.finished is dealt and act.finished_name == "catcards.classroom.activities:dealt"
    state = act.new_game(5)
    assert state.round == 1 and not state.history and state.aside == [0]   # seed 5 sets the Cat 3 aside
    assert act.result(state) == 1 and act.result(act.new_game(1)) == 0
    for key in ("snap/snaps-per-pass", "pairs/turns-to-clear", "big-cat/game-length"):
        other = activity(key)
        assert other.finished is game_over and other.finished_name == "catcards.classroom.activities:game_over"
        with pytest.raises(ActivityError, match="not finished"):
            other.result(other.new_game(5))
    with pytest.raises(ValueError, match="finished is a function defined at the top level of its module"):
        Activity(key="snap/x", game="snap", params={}, title="", instructions="", unit="", measure=len,
                 finished=lambda state: True)


def test_class_size_figures_for_the_cat_3_set_aside():
    """The teacher's notes' figures, exact binomial sums over the class's count of hits: with one
    deal each, a class of 30 sees no Cat 3 at all in 43% of classes, its 95% (Wilson) interval
    rules out the common wrong answer 1/6 only then, and never rules out 1/20; with about 10
    deals each (300), it rules out 1/6 in all but 1 class in 10^13 and still holds 1/36 in 95%."""
    from catcards.probability import wilson_interval

    p = activity("simons-cat/cat3-set-aside").exact_mean

    def chance(deals, test):
        return float(sum(comb(deals, k) * p ** k * (1 - p) ** (deals - k)
                         for k in range(deals + 1) if test(*wilson_interval(k, deals))))

    none = {deals: float((1 - p) ** deals) for deals in (30, 300)}
    assert round(none[30], 2) == 0.43 and round(none[300], 4) == 0.0002
    assert round(chance(30, lambda low, high: high < 1 / 6), 2) == 0.43     # only the classes with no hit
    assert chance(30, lambda low, high: high < 1 / 20) == 0
    assert round(chance(30, lambda low, high: low <= 1 / 36 <= high), 2) == 0.95
    assert 1 - chance(300, lambda low, high: high < 1 / 6) < 1e-13
    assert round(chance(300, lambda low, high: low <= 1 / 36 <= high), 2) == 0.95
    assert round(chance(300, lambda low, high: high < 1 / 20), 2) == 0.40
    notes = (Path(__file__).resolve().parents[2] / "notebooks" / "teacher" / "simons-cat.md").read_text(encoding="utf-8")
    said = " ".join(notes.split())
    for figure in ("no Cat 3 at all in 43% of classes", "rules out 1/6 (the common wrong answer) in only 43% of classes",
                   "never rules out 1/20",
                   "rules out 1/6 in practically every class", "still holds the exact chance in 95%", "1/20 in 40%"):
        assert figure in said, figure


def test_pairs_and_big_cat_measure_the_finished_game():
    rng = np.random.default_rng(1)
    pairs = activity("pairs/turns-to-clear")
    state = pairs.new_game(4)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.integers(len(legal))])
    assert pairs.result(state) == state.turns >= 8
    big = activity("big-cat/game-length")
    state = big.new_game(1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert big.result(state) == state.cards_played == 209  # this seed's game, played through
    assert pairs.exact is None and big.exact_mean is None


def test_registry_lists_activities_by_game_and_refuses_unknown_ones():
    keys = [a.key for a in activities()]
    assert {"snap/snaps-per-pass", "simons-cat/cat3-set-aside", "pairs/turns-to-clear",
            "big-cat/game-length"} <= set(keys)
    assert [a.key for a in activities("snap")] == ["snap/snaps-per-pass"]
    assert default_activity("pairs").key == "pairs/turns-to-clear"
    assert ACTIVITIES.group == "catcards.activities"
    with pytest.raises(ActivityError, match="no activity called 'snap/nope'; the activities are: "):
        activity("snap/nope")
    with pytest.raises(ActivityError, match="has no class activity"):
        default_activity("cat-days")


def test_a_new_activity_registers_and_bad_declarations_are_refused(monkeypatch):
    monkeypatch.setattr(ACTIVITIES, "_items", dict(ACTIVITIES._items))
    new = add_activity(Activity(key="snap/turns", game="snap", params={"players": 3}, title="Turns",
                                instructions="Play.", unit="turns", measure=lambda s: s.turns))
    assert activity("snap/turns") is new and len(activities("snap")) == 2
    with pytest.raises(ValueError, match="'<game>/<name>'"):
        Activity(key="turns", game="snap", params={}, title="", instructions="", unit="", measure=len)
    with pytest.raises(ValueError, match="does not add up to 1"):
        Activity(key="snap/x", game="snap", params={}, title="", instructions="", unit="",
                 measure=len, exact={0: Fraction(1, 2)})


@pytest.mark.parametrize("value, expected", [(0, 0), (39, 39), ("7", 7), (" 12 ", 12), (3.0, 3)])
def test_tally_takes_whole_numbers_in_bounds(value, expected):
    assert activity("snap/snaps-per-pass").check_tally(value) == expected


@pytest.mark.parametrize("value", [-1, 40, 52, "x", "1e3", 2.5, True, None, [], "٣"])
def test_tally_refuses_anything_else(value):
    with pytest.raises(ActivityError, match="a count of snaps is a whole number from 0 to 39"):
        activity("snap/snaps-per-pass").check_tally(value)


def test_a_plugin_activity_is_found_by_its_entry_point_group(tmp_path):
    import os
    import subprocess
    import sys

    info = tmp_path / "toy_activity-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-activity\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[catcards.activities]\ntoy = toy_activity_module\n")
    (tmp_path / "toy_activity_module.py").write_text(
        "from catcards.classroom.activities import Activity, add_activity\n"
        "add_activity(Activity(key='snap/turns', game='snap', params={'players': 3}, title='Turns',\n"
        "                      instructions='Play a game.', unit='turns', measure=lambda s: s.turns))\n"
    )
    script = ("from catcards.classroom.activities import activities\n"
              "print([a.key for a in activities('snap')])\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['snap/snaps-per-pass', 'snap/turns']"
