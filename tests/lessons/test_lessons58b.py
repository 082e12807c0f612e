"""A teacher's read (teach57b) of King of the Jungle, Cat Trick and Simon's Cat probability.

- King of the Jungle: the text above the prediction "at least one Lion" gave 13/52 = 1/4 for one
  given Lion (and 13/52 x 12/51 = 1/17), and a cell printed "P(the Lion of red) = 1/4" under Run All,
  before the lock-in: steps to the answer. They are printed after the lock-in now
  (``kept_back("king-of-the-jungle/one-lion")``).
- Cat Trick: the player win rates counted a shared win as a whole win for each winner, so the four
  rates added up to more than 1 (301/300 in the lesson's 300 games) and 0.25 was not the equal
  share they were compared with. A shared win counts as half a win for each now (1/k for k
  winners): the rates add up to 1 and 0.25 is the equal share; the text says so.
- Simon's Cat probability: its table had 34 rows of 9 columns (hard to project); it shows the 9
  rows for 4 players now, the figure all 34. The "everyone loses" figure had a log scale with
  tick labels 10^2 ... 10^5 and no word on what a log scale is; its ticks read "1 in 1,000" now,
  its axis says each step is 10 times rarer, and the text above it says what a log scale means.
- Jargon: "independent" had no meaning in words; "Markov chain" is said in plain words where it is
  first used.

The runs are those of ``tests/lessons/test_lessons.py`` (:func:`locked_in`: Run All, then the lock-in
and the waiting cells again; one run a lesson and test session).
"""
from __future__ import annotations

import re

import nbformat

from catcards.exercises import kept_back
from test_lessons import NOTEBOOKS, locked_in, output_texts, reveal_cell

KING = NOTEBOOKS / "king-of-the-jungle.ipynb"
CAT_TRICK = NOTEBOOKS / "cat-trick.ipynb"
SIMONS_CAT = NOTEBOOKS / "simons-cat-probability.ipynb"

#: the chance of one given Lion and the Lion and Tiger of a suit, in the forms the lesson wrote them
ONE_LION = ("1/4", "13/52", "1/17", "12/51", "0.25")


def stored(path):
    return nbformat.read(path, as_version=4)


def not_waiting(source: str) -> str:
    """A code cell's source without the part that runs only after the lock-in (the ``else:``
    branch of ``if <box>.value is None:``)."""
    return source.split("\nelse:\n", 1)[0] if re.search(r"^if \w+\.value is None:", source, re.M) else source


def test_king_of_the_jungle_shows_no_chance_of_one_lion_before_the_lock_in():
    """Failed before: the text cell above the cell that waits said "13/52 = 1/4" and "= 1/17", and
    that cell printed "P(the Lion of red) = 1/4" outside its waiting part."""
    nb = stored(KING)
    at = reveal_cell(nb, "any_lion")
    text = "\n".join(c.source for c in nb.cells[:at] if c.cell_type == "markdown")
    assert not [w for w in ONE_LION if w in text], [w for w in ONE_LION if w in text]
    code = "\n".join(not_waiting(c.source) for c in nb.cells[:at] if c.cell_type == "code")
    assert "p_hold_lion_of_suit" not in code and "p_top_two_of_suit" not in code
    said = kept_back("king-of-the-jungle/one-lion")
    assert "13/52 = 1/4" in said and "13/52 x 12/51 = 1/17" in said and "18/52, not 1/3" in said


def test_king_of_the_jungle_prints_the_one_lion_working_after_the_lock_in():
    """Failed before: Run All printed "P(the Lion of red) = 1/4 | P(both ...) = 1/17" above the reveal;
    now it is printed only by the cell run again after the lock-in, with the working."""
    nb = stored(KING)
    ran, _, _ = locked_in(KING)
    at = reveal_cell(nb, "any_lion")
    before = "\n".join(output_texts(ran.cells[i]) for i in range(at))
    assert "P(the Lion of red)" not in before and "1/17" not in before and "13/52" not in before, before
    after = "\n".join(output_texts(c) for c in ran.cells[len(nb.cells):-1])
    assert "P(the Lion of red) = 1/4 | P(both the Lion and the Tiger of red) = 1/17" in after, after
    assert "so you hold it with chance 13/52 = 1/4." in after
    assert after.index("P(the Lion of red)") < after.index("P(0 Lions) = 6327/20825 = 0.3038")


def test_cat_trick_counts_a_shared_win_as_a_share_so_the_rates_add_up_to_1():
    """Failed before: the rates counted a shared win once for each winner (the collector's 180, the
    rates adding up to 301/300 = 1.003) and were compared with 0.25; the text did not say why 0.25."""
    import catcards

    # the lesson's 300 games hold one shared win: counted whole, the four rates add up to 301/300
    wins = 0
    for shift in range(4):
        results = catcards.simulate("cat-trick", games=75, seed=11 + shift, players=4,
                                    agents=["collector", "highest", "random", "random"][shift:]
                                    + ["collector", "highest", "random", "random"][:shift], progress=False)
        wins += int(results[[f"win_{s}" for s in range(4)]].to_numpy().sum())
    assert wins == 301
    nb = stored(CAT_TRICK)
    text = " ".join(" ".join(c.source for c in nb.cells if c.cell_type == "markdown").split())
    assert ("So a shared win counts as half a win for each of the two (a third for three). Then the four win "
            "rates add up to exactly 1, and an equal share is 25%.") in text
    ran, _, _ = locked_in(CAT_TRICK)
    at = next(i for i, c in enumerate(nb.cells) if c.source.lstrip().startswith("from catcards.probability import mean_interval"))
    said = output_texts(ran.cells[at])
    assert ("1 of the 300 games ended in a shared win. Counted as half a win each, the four win rates add up "
            "to 1.000.") in said, said
    # the collector's shared win counts half: 179.5 wins, 0.598 of the games
    html = "".join(o.get("data", {}).get("text/html", "") for o in ran.cells[at].outputs)
    assert "<th>wins (a shared win: half)</th>" in html and "179.5" in html and "0.598" in html, html
    assert "collector: The interval [0.543, 0.654] excludes 0.25" in said


def test_simons_cat_table_shows_the_4_player_rows_only():
    """Failed before: the table after the lock-in had 34 rows (every player count and hand size)."""
    nb = stored(SIMONS_CAT)
    ran, _, _ = locked_in(SIMONS_CAT)
    at = next(i for i, c in enumerate(nb.cells) if c.source.startswith("compare = sc.set_aside_comparison"))
    again = next(c for c in ran.cells[len(nb.cells):] if c.source == nb.cells[at].source)
    html = "".join(o.get("data", {}).get("text/html", "") for o in again.outputs)
    body = html.split("<tbody>", 1)[1]
    assert body.count("<tr") == 9, html[:3000]
    assert "<th>Cat 3: exact</th>" in html and "16/36" not in html and ">4/9<" in html
    assert "The table shows the 9 rows for 4 players; the figure after it shows all 34." in " ".join(
        " ".join(c.source for c in nb.cells if c.cell_type == "markdown").split())


def test_simons_cat_log_scale_figure_says_what_its_scale_means():
    """Failed before: the axis read "1 game in N (log scale)" with ticks 10^2 to 10^5 and no word on
    what a log scale is."""
    nb = stored(SIMONS_CAT)
    at = next(i for i, c in enumerate(nb.cells) if 'set_yscale("log")' in c.source)
    code = nb.cells[at].source
    assert 'ax.set_yticks(steps, [f"1 in {n:,}" for n in steps])' in code and "ax.minorticks_off()" in code
    assert "each step 10 times rarer" in code and "alpha=" not in code
    above = " ".join(nb.cells[at - 1].source.split())
    assert "Its side uses a **log scale**: each step up is 10 times rarer (1 in 100, then 1 in 1,000" in above


def test_simons_cat_says_independent_and_markov_chain_in_plain_words_where_first_used():
    """Failed before: "rounds are **independent**." with no meaning in words."""
    nb = stored(SIMONS_CAT)
    texts = [" ".join(c.source.split()) for c in nb.cells if c.cell_type == "markdown"]
    first = next(t for t in texts if "independent" in t)
    assert ("rounds are **independent**: what happened in one round does not change the chances in the next."
            in first)
    first = next(t for t in texts if "Markov" in t)
    assert ("**Markov chain**: a model that goes step by step, where the chances of the next step depend only "
            "on where you are now") in first


def test_king_of_the_jungle_says_its_four_interval_counts_assume_independence():
    """A teacher's read (teach57b): "1 - 0.95^4" and "1 time in 70" treat the four rules' intervals
    as independent, though the rules play in the same games. Failed before: no word on it."""
    text = " ".join(" ".join(c.source for c in stored(KING).cells if c.cell_type == "markdown").split())
    assert ("These counts treat the four intervals as independent. They are not quite: the four rules play in "
            "the same games, and one rule's win is another's loss. So read 1 time in 5 and 1 time in 70 as "
            "rough guides.") in text


def test_the_teachers_notes_say_what_changed():
    """Failed before: the notes did not say how a shared win counts, that 1/4 waits for the lock-in,
    or that the table shows the 4-player rows."""
    notes = {name: " ".join((NOTEBOOKS / "teacher" / f"{name}.md").read_text(encoding="utf-8").split())
             for name in ("cat-trick", "king-of-the-jungle", "simons-cat-probability")}
    assert "A shared win counts as half a win for each of the two" in notes["cat-trick"]
    assert "no longer gives 13/52 = 1/4 for one given Lion" in notes["king-of-the-jungle"]
    assert "the table of the 4-player rows" in notes["simons-cat-probability"]
    assert "each step up is 10 times rarer" in notes["simons-cat-probability"]
