"""Independent checks of notebooks/advanced/snap.ipynb, run in its kernel after the whole notebook
(the notebook's variables are this file's globals)."""
import math as _math

# ---- claim, the opening cell: the engine and the batch play different random games (300 and
# 4,000), seat 0 (mean reaction 0.45 s against 0.5 s) wins more than half in both, and the two
# 95% intervals printed are Wilson's of seat 0's wins, which overlap (the sentence printed says so)
assert len(engine) == 300 and len(batch) == 4000
for _games, _name in ((engine, "engine"), (batch, "batch")):
    _wins = int(_games["win_0"].sum())
    assert (_games["win_0"] ^ _games["win_1"]).all()   # no ties: a win is a whole game
    # Wilson's interval by its formula, z = 1.96 (catcards.probability.wilson_interval's docstring)
    _n, _p = len(_games), _wins / len(_games)
    _centre = (_p + 1.96 ** 2 / (2 * _n)) / (1 + 1.96 ** 2 / _n)
    _half = 1.96 / (1 + 1.96 ** 2 / _n) * _math.sqrt(_p * (1 - _p) / _n + 1.96 ** 2 / (4 * _n ** 2))
    assert abs(intervals[_name][0] - (_centre - _half)) < 1e-5 and abs(intervals[_name][1] - (_centre + _half)) < 1e-5
    assert intervals[_name][0] > 0.5
(_a_low, _a_high), (_b_low, _b_high) = intervals["engine"], intervals["batch"]
assert _a_low <= _b_high and _b_low <= _a_high
