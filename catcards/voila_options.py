"""The Voila options ``catcards app`` and ``catcards class`` start Voila with (the command line,
:mod:`catcards.cli`, and the class server, :mod:`catcards.classroom.server`, share them: here, below
both, so neither imports the other)."""
from __future__ import annotations

__all__ = ["APP_CULLING", "APP_EXECUTION", "APP_EXECUTION_CONFIG"]


#: Voila options of ``catcards app``: a page's kernel is shut down once its page has been gone
#: (closed, reloaded or left) for 10 idle minutes; a kernel with its page still open is never shut
#: down (``cull_connected`` stays False). Voila's own goodbye, a beacon sent on ``beforeunload``,
#: does not shut kernels down with Voila 0.5.13 and jupyter_server 2.21: the server refuses it
#: ("403 POST /voila/api/shutdown/...: '_xsrf' argument missing from POST", Voila issue #1458),
#: and phones that kill a tab or browsers without ``beforeunload`` (Safari on iOS) send none.
#: Without culling every page load keeps a kernel (about 100 MB) for as long as the server runs,
#: and after about 170 Voila's ZeroMQ sockets run out ("Too many open files") and every new page
#: stays blank. jupyter_server's ``MappingKernelManager`` options, which Voila's inherits.
APP_CULLING = (
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_connected=False",
)

#: Voila option of ``catcards app``: how long Voila's executor (nbclient's ``iopub_timeout``,
#: 4 s by default) keeps reading the app cell's output once the kernel has replied that the cell
#: ran. The table is 200 to 1,100 widget messages and its display comes last; a server busy for
#: more than 4 s (a loaded machine, a class's pages loading at once) gave up before the display,
#: logged "Timeout waiting for IOPub output", and the page stayed at "Dealing the cards" with no
#: error (1 page load in 230 here, at a load average of 5 to 20 on 2 cores). A wait this long only
#: happens when a message is really lost; the usual wait is well under a second.
#: ``tests/widgets/test_app_voila_execution.py`` reproduces the failure with Voila's executor.
#:
#: ``APP_EXECUTION_CONFIG`` is the setting as Jupyter server configuration, for Voila's server
#: extension (``/voila/render/...``: the start page's "app (no code)" links in JupyterLab and on
#: Binder), whose executor reads the server's configuration; ``binder/postBuild`` writes it into
#: the environment's ``etc/jupyter/jupyter_server_config.json``. ``APP_EXECUTION`` is the same as
#: command-line options.
APP_EXECUTION_CONFIG = {"VoilaExecutor": {"iopub_timeout": 60}}
APP_EXECUTION = tuple(f"--{section}.{name}={value}" for section, options in APP_EXECUTION_CONFIG.items()
                      for name, value in options.items())
