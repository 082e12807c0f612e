"""The app's cell run by Voila's own executor (``voila.execute.VoilaExecutor``, nbclient) with the
options ``catcards app`` gives Voila (:data:`catcards.cli.APP_EXECUTION`): the table's output
survives a server too busy to read the kernel's messages for a few seconds.

The failure this guards against (seen about once in 70 page loads on a loaded machine): Voila
runs the cell, the kernel replies "done" on its shell channel while the executor still has the
cell's IOPub messages to read (the app's table is 200 to 1,100 widget messages; the widget's
display, ``execute_result``, comes last). nbclient waits ``iopub_timeout`` seconds (4 by default)
for them, then logs "Timeout waiting for IOPub output" and keeps the outputs read so far: the
page shows the heading and the "Dealing the cards" line, never the table, with no error.

Here the server's busy spell is made on purpose: the executor reads no IOPub message until the
kernel's reply has come, then pauses :data:`BUSY` seconds once (more than 4, far less than the
app's limit); what happens after that is Voila's and nbclient's own code.
"""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "notebooks" / "apps" / "play.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: seconds the executor stops reading IOPub once the kernel has replied (a busy server)
BUSY = 6.0


def _run_app_cell(*runs: tuple[str, ...]) -> list[list[dict]]:
    """The outputs Voila's executor keeps for the app's code cell, run once (in one kernel) per
    tuple of Voila command-line ``runs`` options (``--Class.trait=value``), each time with a
    server that stops reading IOPub for :data:`BUSY` seconds right after the kernel's reply."""
    import nbformat
    from traitlets.config.loader import KVArgParseConfigLoader
    from voila.execute import VoilaExecutor

    nb = nbformat.reads(APP.read_text(encoding="utf-8"), as_version=4)
    index = next(i for i, cell in enumerate(nb.cells) if cell.cell_type == "code")
    source = nb.cells[index].source
    executor = VoilaExecutor(nb, resources={"metadata": {"path": str(APP.parent)}})

    async def run() -> list[list[dict]]:
        kept = []
        async with executor.async_setup_kernel():
            kc = executor.kc
            replied = asyncio.Event()
            shell_get, iopub_get = kc.shell_channel.get_msg, kc.iopub_channel.get_msg
            paused = False

            async def shell_get_msg(*args, **kwargs):
                msg = await shell_get(*args, **kwargs)
                if msg["msg_type"] == "execute_reply":
                    replied.set()
                return msg

            async def iopub_get_msg(*args, **kwargs):
                nonlocal paused
                if not paused:
                    await replied.wait()
                    await asyncio.sleep(BUSY)
                    paused = True
                return await iopub_get(*args, **kwargs)

            kc.shell_channel.get_msg, kc.iopub_channel.get_msg = shell_get_msg, iopub_get_msg
            for options in runs:
                executor.update_config(KVArgParseConfigLoader(argv=list(options)).load_config())
                replied.clear()
                paused = False
                cell = nbformat.v4.new_code_cell(source)
                await executor.execute_cell(cell, None, index, store_history=False)
                kept.append([dict(o) for o in cell.outputs])
        return kept

    return asyncio.run(run())


def _shows_the_app(outputs: list[dict]) -> bool:
    return any(WIDGET_VIEW in o.get("data", {}) for o in outputs if o.get("output_type") == "execute_result")


def test_the_apps_table_survives_a_server_busy_for_seconds_after_the_cell_ran(monkeypatch):
    """With Voila's defaults the busy spell loses the table's output (the page stays at "Dealing
    the cards"); with ``catcards app``'s options the same run keeps it."""
    pytest.importorskip("voila")
    from catcards.cli import APP_EXECUTION

    monkeypatch.setenv("QUERY_STRING", "game=snap&players=3&seed=5")  # the smallest table
    defaults, ours = _run_app_cell((), APP_EXECUTION)
    assert _shows_the_app(defaults) is False  # the failure, reproduced: no table on the page
    assert _shows_the_app(ours)
    outputs = ours
    (view,) = [o["data"][WIDGET_VIEW] for o in outputs if o.get("output_type") == "execute_result"]
    assert set(view) >= {"model_id", "version_major"}
    assert json.dumps(outputs).count('"execute_result"') == 1


#: display messages the kernel sends in one cell, and the characters of each, in the test below:
#: more than the sockets between a kernel and a client that reads none of them can hold with
#: ZeroMQ's usual limits (1,000 messages on each side, and a few megabytes of TCP buffers)
FLOOD, FLOOD_SIZE = 6000, 4000


def _messages_kept(client_class: str | None) -> tuple[int, bool]:
    """Run a cell that sends :data:`FLOOD` display messages (then flushes IOPub) in a new kernel,
    whose manager makes its client of ``client_class`` (None: jupyter_client's), while the client
    reads nothing on IOPub until the kernel has replied: a server busy while a cell runs. Returns
    the number of the cell's display messages read then and whether its "idle" status (what
    nbclient waits for) came."""
    from queue import Empty

    from jupyter_client.manager import AsyncKernelManager

    # paced, 20 messages then 5 ms: the kernel's own send queue (ZeroMQ's 1,000) drops too when
    # the reading side's ZeroMQ thread gets no CPU while 1,000 messages are sent, which a burst
    # of 6,000 on a loaded 2-core machine allowed (CI twice: 5,779 of 6,000 kept); 1,000
    # messages now span a quarter of a second at least. The test is of the reading side: a
    # reader that reads nothing still loses the end with jupyter_client's limit
    code = (
        "import sys, time\nk = get_ipython().kernel\n"
        f"for i in range({FLOOD}):\n"
        "    k.session.send(k.iopub_socket, 'display_data', {'data': {'text/plain': f'{i} ' + "
        f"'x' * {FLOOD_SIZE}}}, 'metadata': {{}}}}, parent=k.get_parent(), ident=b'display_data')\n"
        "    if i % 20 == 19:\n"
        "        time.sleep(0.005)\n"
        "print('sent', flush=True)  # waits until the IOPub thread has handed every message to ZeroMQ\n"
    )

    async def run() -> tuple[int, bool]:
        km = AsyncKernelManager(**({"client_class": client_class} if client_class else {}))
        await km.start_kernel()
        kc = km.client()
        kc.start_channels()
        try:
            await kc.wait_for_ready(timeout=60)
            first = kc.execute(code)
            while (await kc.get_shell_msg(timeout=120))["parent_header"].get("msg_id") != first:
                pass
            shown = 0
            while True:
                try:  # every message was sent before the reply: 10 s with none means no more
                    msg = await kc.get_iopub_msg(timeout=10)
                except Empty:
                    return shown, False
                if msg["parent_header"].get("msg_id") == first:
                    shown += msg["msg_type"] == "display_data"
                    if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                        return shown, True
        finally:
            kc.stop_channels()
            await km.shutdown_kernel(now=True)

    return asyncio.run(run())


def test_the_apps_kernel_client_keeps_every_message_a_busy_server_has_not_read_yet():
    """A page's kernel publishes its cell's output on IOPub (a ZeroMQ PUB socket), which drops
    what its subscriber cannot take: with ZeroMQ's usual limit of 1,000 messages waiting on the
    reading side, a server that reads a cell's messages more slowly than the kernel sends them
    (Pairs' table: 1,169 messages) lost the last ones, the table's display and the cell's "idle",
    and the page waited ``iopub_timeout`` (60 s) and stayed at "Dealing the cards" (CI: "pairs:
    Page.goto: Timeout 60000ms exceeded"). The app's client
    (:class:`catcards.kernel_client.WakingKernelClient`) keeps every message until it is read."""
    pytest.importorskip("ipykernel")
    shown, idle = _messages_kept(None)
    assert shown < FLOOD and not idle  # jupyter_client's client: the end of the cell's output is lost
    assert _messages_kept("catcards.kernel_client.WakingKernelClient") == (FLOOD, True)
