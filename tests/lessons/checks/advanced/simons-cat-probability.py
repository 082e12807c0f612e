"""Independent checks of notebooks/advanced/simons-cat-probability.ipynb, run in its kernel after
the whole notebook (the notebook's variables are this file's globals)."""

# ---- claim, the opening cell: sc.random_games plays the same games as simulate(..., agents="random"),
# round by round (each round's messes, one count a player) and game by game (the winners)
assert same is True and len(slow) == len(fast) == 50
assert list(slow["messes"]) == list(fast["messes"]) and list(slow["winners"]) == list(fast["winners"])
assert all(len(rounds) >= 1 and all(len(r) == 4 for r in rounds) for rounds in fast["messes"])
