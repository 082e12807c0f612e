"""Independent checks of notebooks/advanced/big-cat.ipynb, run in its kernel after the whole
notebook (the notebook's variables are this file's globals)."""

# ---- cell "# the deal strings replay in the one-game engine to the same length"
# The one-game engine (checked against the published records above) replays the deal found by the
# numpy batch path to the same length.
assert (replay.cards_played, replay.tricks, replay.terminated) == (found["cards_played"], found["tricks"], True)

# ---- cell "from concurrent.futures import ThreadPoolExecutor"
# Same seed, same deal, whatever runs the batches (serial above, a thread pool, a Dask cluster).
assert again == found
assert on_dask is None or on_dask == found

# ---- claim, cell "A random scan is the simplest search": the years printed are the core-hours
# divided by the cores and by 8,766 hours a year (365.25 x 24, written out here), and the numbers are
# written in words a reader checks by hand: powers of ten with one figure, years with two.
assert HOURS_A_YEAR == 365.25 * 24
assert power_of_ten(4.2e15) == "4 × 10¹⁵" and power_of_ten(653_534_134_886_878_245_000) == "7 × 10²⁰"
assert power_of_ten(0.00082) == "8 × 10⁻⁴"
assert two_figures(266.8) == "270" and two_figures(112_100) == "110,000" and two_figures(2.14) == "2.1"
assert hours == [1 / (p_x0 * np.exp(-(cards - x0) / mean_excess)) / per_core / 3600 for cards in records.values()]
assert min(hours) < max(hours) and hours == sorted(hours)   # a longer record is rarer
