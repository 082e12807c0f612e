"""Break-it tester (break44): a preheated table whose kernel stops after it was ready (killed,
e.g. by the system when memory ran short) is replaced, and the teacher reads one line; it
stayed in Voila's pool, "3 of 3 (all ready)", and the next student given it got Voila's "An
exception occurred at the server" instead of a table."""
from __future__ import annotations

import asyncio

from voila.request_info_handler import RequestInfoSocketHandler

from catcards.classroom.server import KernelPool
from class_server import FakeVoilaKernels, ticks


def test_a_ready_table_whose_kernel_stopped_is_replaced(capsys, monkeypatch):
    waiting: dict[str, object] = {}
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", waiting)
    loop = asyncio.new_event_loop()

    class Kernel:
        said = None  # nothing written to its error output (killed)

    def make(kernel_id):
        waiting[kernel_id] = object()  # its notebook waits for its page
        return Kernel(), loop.create_future()  # the run goes on

    try:
        manager, shown = FakeVoilaKernels(loop, 3, make), []
        kernels = KernelPool(manager, 3, progress=lambda ready, size: shown.append((ready, size)))
        manager.fill_if_needed(delay=0, notebook_name="class_app.ipynb")
        ticks(loop, kernels, 2)
        assert shown == [(3, 3)] and kernels.filled_once and capsys.readouterr().err == ""
        del waiting["k2"]  # k2's process was killed: its websocket to voila/query closed
        ticks(loop, kernels, 3)
        assert manager.shut == ["k2"] and kernels.ready() == 3
        assert [t.result()["kernel_id"] for t in manager._pools["class_app.ipynb"]] == ["k1", "k3", "k4"]
        said = capsys.readouterr()
        assert said.out == "" and said.err.splitlines() == [
            "A student's table could not be used (its kernel stopped); another one is "
            "started in its place."]
        # a page taking a ready kernel takes it out of the pool first: not a stop, nothing said
        taken = manager._pools["class_app.ipynb"].pop(0)
        del waiting[taken.result()["kernel_id"]]
        ticks(loop, kernels, 2)
        assert manager.shut == ["k2"] and capsys.readouterr().err == ""
    finally:
        loop.close()


def test_a_table_whose_kernel_was_killed_at_its_start_is_replaced_and_the_count_reaches_its_size(capsys, monkeypatch):
    """Killed while the class app started in it, a kernel was started again by jupyter_client's
    restarter, bare: never ready, never replaced, "2 of 3" for good, and the student given it
    got Voila's error page. Its manager counts its launches (catcards' _quiet_kernels)."""
    waiting: dict[str, object] = {}
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", waiting)
    loop = asyncio.new_event_loop()

    class Kernel:
        said = None

        def __init__(self, launches):
            self.launches = launches

    def make(kernel_id):
        if kernel_id == "k2":  # killed at its start, started again: its app's run waits for ever
            return Kernel(2), loop.create_future()
        waiting[kernel_id] = object()
        return Kernel(1), loop.create_future()

    try:
        manager, shown = FakeVoilaKernels(loop, 3, make), []
        kernels = KernelPool(manager, 3, progress=lambda ready, size: shown.append((ready, size)))
        manager.fill_if_needed(delay=0, notebook_name="class_app.ipynb")
        ticks(loop, kernels, 4)
        assert shown == [(2, 3), (3, 3)] and manager.shut == ["k2"]
        assert [t.result()["kernel_id"] for t in manager._pools["class_app.ipynb"]] == ["k1", "k3", "k4"]
        assert capsys.readouterr().err.splitlines() == [
            "A student's table could not be used (its kernel stopped); another one is started in its place."]
    finally:
        loop.close()
