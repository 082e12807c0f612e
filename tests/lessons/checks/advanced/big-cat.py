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

# ---- claim, cell "A random scan is the simplest search": the years printed are the core-hours of
# the table divided by the cores and by 8,766 hours a year (365.25 x 24, written out here).
assert HOURS_A_YEAR == 365.25 * 24
assert [f"{h:.0e}" for h in hours] == list(pd.DataFrame(rows)["core-hours to meet one by random scan"])
