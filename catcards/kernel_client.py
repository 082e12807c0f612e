"""The kernel client of the app's Voila servers (``catcards app``, ``catcards class``): jupyter_client's
asyncio client whose waits for a kernel's message look at the socket again every few seconds.

Why: pyzmq's asyncio poll now and then misses the wake-up of a message that has arrived (zmq's
file descriptor is edge-triggered; compare zeromq/pyzmq#2173) and sees it only when its wait's
timeout ends, where it looks at the socket again. nbclient, which Voila's executor is, waits for a
cell's reply on the shell channel with the cell's timeout (none in Voila: it waited for ever) and
for the cell's output on IOPub with no timeout (bounded only by ``iopub_timeout``, 60 s for the
app, after which the table's display is dropped and the page stays at "Dealing the cards"). The
lesson runs stood still that way (stop 43: 604 s with a 600 s timeout, every byte the kernel sent
already received); in CI a page of the app once did not load in 60 s. With these waits a missed
wake-up costs at most :data:`WAKE_UP` seconds.

Voila makes its executor's client with its kernel manager's ``client()`` (``VoilaExecutor`` is
built inside Voila, not configurable as a class); the kernel managers' ``client_class`` is a
Jupyter option, set to :class:`WakingKernelClient` by
:data:`catcards.voila_options.APP_EXECUTION_CONFIG`. The lesson tests' nbclient runs use
:func:`wait_in_slices` too.
"""
from __future__ import annotations

from queue import Empty
from typing import Any, Awaitable, Callable

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from traitlets import Type

__all__ = ["WAKE_UP", "WakingChannel", "WakingKernelClient", "wait_in_slices"]

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


class WakingChannel(AsyncZMQSocketChannel):
    """jupyter_client's asyncio ZMQ channel whose ``get_msg`` waits in slices of :data:`WAKE_UP`
    seconds (:func:`wait_in_slices`); the same timeout and ``queue.Empty`` as before."""

    async def get_msg(self, timeout: float | None = None) -> dict[str, Any]:  # type: ignore[override]
        return await wait_in_slices(super().get_msg, timeout)


class WakingKernelClient(AsyncKernelClient):
    """jupyter_client's ``AsyncKernelClient`` whose shell and IOPub channels (the two nbclient
    waits on for a cell) are :class:`WakingChannel`; the others are jupyter_client's own."""

    shell_channel_class = Type(WakingChannel)  # type: ignore[assignment]
    iopub_channel_class = Type(WakingChannel)  # type: ignore[assignment]
