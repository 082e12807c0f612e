"""The ``catcards`` command's entry point (``[project.scripts]`` in pyproject.toml):
:func:`catcards.cli.run`, with Ctrl+C answered ``catcards: interrupted`` (exit status 130) from
the command's first moment.

Importing any module of catcards runs the package's own imports first (numpy and the rules
engines: about 0.3 s, more on a busy computer), before :func:`catcards.cli.main` can catch
Ctrl+C. Pressed then (a teacher who typed ``catcards app snap`` and changed their mind), it
printed Python's KeyboardInterrupt traceback from the middle of those imports, where a Ctrl+C a
moment later said ``catcards: interrupted``. This module lies outside the package and imports
only ``os`` and ``sys`` before it imports catcards, so a Ctrl+C during the imports is said in
the same line. (Python's own start, the few hundredths of a second before this module runs, is
out of any program's reach.)

``python -m _catcards_command ARGS`` runs the command as the installed ``catcards`` does.
"""
import os
import sys

#: what the command says at Ctrl+C (the words of :func:`catcards.cli.main` too)
INTERRUPTED = "catcards: interrupted"


def run() -> None:
    """Import :mod:`catcards.cli` and run its :func:`~catcards.cli.run` (which exits). Ctrl+C
    outside :func:`catcards.cli.main` (which says it itself), in the imports above all, prints
    :data:`INTERRUPTED` and ends the process at once with status 130, as ``main`` and ``run`` do."""
    try:
        from catcards.cli import run as run_command

        run_command()
    except KeyboardInterrupt:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a closed or broken output
                pass
        print(INTERRUPTED, file=sys.stderr, flush=True)
        os._exit(130)


if __name__ == "__main__":
    run()
