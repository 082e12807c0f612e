"""The kernel client of the app's Voila servers (``catcards app``, ``catcards class``): jupyter_client's
asyncio client whose waits for a kernel's message look at the socket again every few seconds.

Why: pyzmq's asyncio poll now and then misses the wake-up of a message that has arrived (zmq's
file descriptor is edge-triggered; compare zeromq/pyzmq#2173) and sees it only when its wait's
timeout ends, where it looks at the socket again. nbclient, which Voila's executor is, waits for a
cell's reply on the shell channel with the cell's timeout (none in Voila: it waited for ever) and
for the cell's output on IOPub with no timeout (bounded only by ``iopub_timeout``, 60 s for the
app, after which the table's display is dropped and the page stays at "Dealing the cards"). The
lesson runs stood still that way (stop 43: 604 s with a 600 s timeout, every byte the kernel sent
already received). With these waits a missed wake-up costs at most :data:`WAKE_UP` seconds.

And its IOPub socket keeps every message the kernel publishes until it is read
(:meth:`WakingKernelClient.connect_iopub`): with ZeroMQ's usual limit the kernel dropped the end of
a long cell's output when the server fell behind, and the app's Pairs page waited 60 s with no
table (CI, a few times: "pairs: Page.goto: Timeout 60000ms exceeded"). That is not the whole cause:
a Pairs page stalled so once more after it (CI, December 2026); the kernel's own send queue keeps
ZeroMQ's limit of 1,000, and Pairs' table sent 1,169 messages. The tables now make each widget
whole, not changed after it was made: the app's Pairs page sends 577 IOPub messages
(``benchmarks/bench_table_messages.py``, pairsmsg).

Voila makes its executor's client with its kernel manager's ``client()`` (``VoilaExecutor`` is
built inside Voila, not configurable as a class); the kernel managers' ``client_class`` is a
Jupyter option, set to :class:`WakingKernelClient` by
:data:`catcards.voila_options.APP_EXECUTION_CONFIG`. The nbclient runs of the teacher's kit
(``catcards kit --run``) and of the lesson tests use :func:`notebook_client` (readme50: the kit
stood still for a cell's whole 600 s timeout in 2 runs of 3 on a busy machine, the cell's reply
lying unread in its shell socket; 10 runs of 10 went through with it).
"""
from __future__ import annotations

from queue import Empty
from typing import Any, Awaitable, Callable

import zmq
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from traitlets import Type

__all__ = ["WAKE_UP", "WakingChannel", "WakingKernelClient", "wait_in_slices", "notebook_client"]

#: seconds a wait for a kernel's message lasts before the socket is looked at again
WAKE_UP = 5.0


async def wait_in_slices(get_msg: Callable[..., Awaitable[Any]], timeout: float | None,
                         seconds: float = WAKE_UP) -> Any:
    """``await get_msg(timeout=...)`` (a jupyter_client asyncio channel's; ``timeout`` in seconds,
    None for no limit) as waits of at most ``seconds`` each, until one returns a message.

    Raises:
        queue.Empty: as ``get_msg`` does, once ``timeout`` is used up (never for None).
    """
    left = timeout
    while True:
        step = seconds if left is None else min(seconds, left)
        try:
            return await get_msg(timeout=step)
        except Empty:
            if left is not None:
                left -= step
                if left <= 0:
                    raise


def notebook_client(nb: Any, **options: Any) -> Any:
    """nbclient's ``NotebookClient(nb, **options)`` whose kernel manager makes a
    :class:`WakingKernelClient`: its shell and IOPub waits (the two nbclient waits on for a cell)
    look at the socket again every :data:`WAKE_UP` seconds. nbclient makes its kernel manager
    from its own config, so the client class is set there (as the app's Voila servers set it,
    :data:`catcards.voila_options.APP_EXECUTION_CONFIG`)."""
    from nbclient import NotebookClient
    from traitlets.config import Config

    config = Config(options.pop("config", None) or {})
    for manager in ("KernelManager", "AsyncKernelManager"):
        config[manager]["client_class"] = "catcards.kernel_client.WakingKernelClient"
    return NotebookClient(nb, config=config, **options)


class WakingChannel(AsyncZMQSocketChannel):
    """jupyter_client's asyncio ZMQ channel whose ``get_msg`` waits in slices of :data:`WAKE_UP`
    seconds (:func:`wait_in_slices`); the same timeout and ``queue.Empty`` as before."""

    async def get_msg(self, timeout: float | None = None) -> dict[str, Any]:  # type: ignore[override]
        return await wait_in_slices(super().get_msg, timeout)


class WakingKernelClient(AsyncKernelClient):
    """jupyter_client's ``AsyncKernelClient`` whose shell and IOPub channels (the two nbclient
    waits on for a cell) are :class:`WakingChannel`; the others are jupyter_client's own. Its
    IOPub socket keeps every message the kernel sends until it is read (no high-water mark, see
    :meth:`connect_iopub`)."""

    shell_channel_class = Type(WakingChannel)  # type: ignore[assignment]
    iopub_channel_class = Type(WakingChannel)  # type: ignore[assignment]

    def connect_iopub(self, identity: bytes | None = None) -> zmq.Socket:
        """jupyter_client's IOPub socket (a SUB socket, connected and subscribed to everything)
        with no receive high-water mark (``RCVHWM`` 0): ZeroMQ then takes in every message the
        kernel publishes, however far behind the reader is.

        Why: a kernel's IOPub is a PUB socket, which drops (silently) what its subscriber cannot
        take. With ZeroMQ's usual limits (1,000 messages waiting on each side) a reader that falls
        behind a cell's burst of messages loses the last ones: for the app, the table's display
        and the cell's "idle", and Voila's executor waited ``iopub_timeout`` (60 s) and the page
        stayed at "Dealing the cards" (Pairs' table is 1,169 messages; CI, a few times: "pairs:
        Page.goto: Timeout 60000ms exceeded"; Voila's log: "Timeout waiting for IOPub output").
        What is held is what the kernel sent and the reader will read (Pairs' table: about 600 kB).
        Set once the socket is connected, the limit applies to that connection too (libzmq 4.3;
        ``tests/widgets/test_app_voila_execution.py`` shows the messages kept).
        """
        socket = super().connect_iopub(identity=identity)
        socket.rcvhwm = 0
        return socket
