"""Independent checks of notebooks/simons-cat.ipynb, run in its kernel after the whole notebook
(tests/lessons/test_lessons.py): its variables are this file's globals."""
import re
from pathlib import Path

import nbformat

from catcards.render import SUIT_STYLE

# claim, cell "# Simon's Cat Card Game" (the rules in short): on screen the Dog cards are black, and
# each colour has the symbol the lesson names; the colours named are the cards' own fills
lesson = nbformat.read(Path.cwd() / "simons-cat.ipynb", as_version=4).cells[0].source
named = dict(re.findall(r"(Cat|Kitten|Hedgehog|Dog|Mouse|Gnome) ([^\w\s(]),?", lesson, re.M))
assert named == {suit: SUIT_STYLE[suit][1] for suit in ("Cat", "Kitten", "Hedgehog", "Dog", "Mouse", "Gnome")}, named
assert "Dog cards are **black**" in lesson and SUIT_STYLE["Dog"][0] == "#000000"
# the cards drawn in this lesson's deal use that black for the Dog
# (all 36 cards are dealt to 4 players, so the Dog cards are there: a black card with the square)
assert re.search(r'fill="#000000"[^>]*/><text[^>]*>\d</text><text[^>]*>\u25a0<', state._repr_html_())

# claim, the teacher's notes (notebooks/teacher/simons-cat.md, Plan step 6): "(26/36)^9 (drawing with
# replacement) is too large: about 1.6 times the exact answer". Source: C(26, 9) / C(36, 9) written out.
from fractions import Fraction
from math import comb

assert round(float(Fraction(26, 36) ** 9 / Fraction(comb(26, 9), comb(36, 9))), 1) == 1.6
assert "about 1.6 times the exact answer" in " ".join((Path.cwd() / "teacher" / "simons-cat.md").read_text(encoding="utf-8").split())

# claim, the teacher's notes (Plan step 4 and "The prediction at the top"): "the 200 games lasted 3 to
# 8 rounds, most often 5". Source: the 200 games played again one by one with the engine's own loop,
# as the cells above play the one game (each game from simulate's seeds, its agents' generators).
from catcards.simulate import agent_rngs, game_seed, play_game

replayed = []
for i in range(200):
    again = play_game(game.new_game(seed=game_seed(7, i)), [make_agent("simons-cat", "sensible") for _ in range(4)],
                      agent_rngs(7, i, 4))
    replayed.append(again.round)
assert replayed == list(many["rounds"])
assert len(many) == 200 and sorted(set(replayed)) == [3, 4, 5, 6, 7, 8]
assert many["rounds"].value_counts().idxmax() == 5
notes = " ".join((Path.cwd() / "teacher" / "simons-cat.md").read_text(encoding="utf-8").split())
assert "the 200 games lasted 3 to 8 rounds" in notes and "3 to 8 rounds, most often 5" in notes
