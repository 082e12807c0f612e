"""``catcards.simulate`` on a Dask cluster (issue 14): ``executor=client.get_executor()`` on a
``dask.distributed.LocalCluster`` of 2 worker processes gives the same DataFrame as a serial run
with the same seed. Needs the optional extra: ``pip install "catcards[dask]"``."""
from __future__ import annotations

import pandas as pd
import pytest

import catcards

distributed = pytest.importorskip(
    "dask.distributed", reason="dask.distributed is not installed (pip install 'catcards[dask]')"
)


def log_length(state):
    """A record function (top level of a module, so a worker process can unpickle it)."""
    return {"log_lines": len(state.log)}


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=":0") as cluster:
        with distributed.Client(cluster) as client:
            yield client


def test_a_local_cluster_gives_the_same_dataframe_as_serial(client):
    assert len(client.scheduler_info()["workers"]) == 2
    kw = dict(games=60, seed=7, players=4, progress=False, record=log_length,
              agents=["sensible", "random", "random", "random"])
    serial = catcards.simulate("simons-cat", **kw)
    clustered = catcards.simulate("simons-cat", executor=client.get_executor(), chunk_size=7, **kw)
    pd.testing.assert_frame_equal(clustered, serial)
    assert list(clustered["game"]) == list(range(60)) and clustered["seed"].nunique() == 60


def test_every_game_gives_the_same_rows_on_the_cluster(client):
    executor = client.get_executor()
    for name in catcards.list_games():
        serial = catcards.simulate(name, games=4, seed=9, progress=False)
        clustered = catcards.simulate(name, games=4, seed=9, progress=False, executor=executor, chunk_size=1)
        pd.testing.assert_frame_equal(clustered, serial, obj=name)
