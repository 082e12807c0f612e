"""Which compiled modules catcards may load (issue 14, speed; built by ``setup.py``).

An install with a C compiler compiles some engine modules with Cython (the list: ``setup.py``,
``MODULES``); the ``.py`` files stay the source of truth, and an editable install puts each
compiled module (``plays.cpython-311-x86_64-linux-gnu.so``) beside its ``.py``, where Python
would import it first. So that an edit to a ``.py`` is never silently ignored, the build
records in ``catcards/_compiled.json``, for each compiled module, the files it was compiled from
(its ``.py``, the ``.pxd`` files Cython read for it, and the ``.py`` of each: a module whose
types it uses must be the compiled one too) and their sha256; the import hook here loads a
compiled module only while those files have that hash. Otherwise it loads the ``.py`` and warns
(:class:`StaleBuildWarning`), saying to run ``pip install -e .`` again.

``CATCARDS_PURE_PYTHON=1`` in the environment: every module is loaded from its ``.py``, no
warning (to compare, or to debug with the Python code).
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from pathlib import Path

__all__ = ["StaleBuildWarning", "compiled_modules", "install", "pure_python"]

_HERE = Path(__file__).resolve().parent


def pure_python(value: str | None) -> bool:
    """Whether ``CATCARDS_PURE_PYTHON`` set to ``value`` asks for every module from its ``.py``:
    anything but unset, "", "0", "false", "no" or "off" (any case); ``setup.py`` reads it the same
    way."""
    return (value or "").strip().lower() not in ("", "0", "false", "no", "off")


_PURE = pure_python(os.environ.get("CATCARDS_PURE_PYTHON"))


class StaleBuildWarning(UserWarning):
    """A compiled module was not loaded: its ``.py`` (or ``.pxd``) changed since it was built, or
    the build that made it did not record it (``catcards/_compiled.json``)."""


def _recorded() -> dict[str, str]:
    try:
        return json.loads((_HERE / "_compiled.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _source_hash(files: list[str]) -> str:
    """sha256 of ``files`` (paths relative to catcards/) one after the other, as setup.py
    records it."""
    digest = hashlib.sha256()
    for name in files:
        digest.update((_HERE / name).read_bytes())
    return digest.hexdigest()


def _up_to_date(entry) -> bool:
    """Whether a module's record in _compiled.json still matches its sources."""
    try:
        return entry["sha256"] == _source_hash(entry["files"])
    except (TypeError, KeyError, OSError):  # no record, another format, a file gone
        return False


class _Guard:
    """A ``sys.meta_path`` finder for catcards's modules: the usual spec, unless it is a
    compiled module that may not be used (then the ``.py`` beside it)."""

    def __init__(self):
        self.recorded = _recorded()

    def find_spec(self, name, path, target=None):
        if not name.startswith("catcards.") or path is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return spec
        source = Path(spec.origin).with_name(name.rpartition(".")[2] + ".py")
        if not source.is_file():
            return spec
        if not _PURE:
            entry = self.recorded.get(name)
            if _up_to_date(entry):
                return spec
            why = (f"{source.name} (or a file it is compiled with, see catcards/_compiled.json) changed since "
                   "it was compiled" if entry is not None else
                   "the build that compiled it left no record of its sources (catcards/_compiled.json)")
            warnings.warn(f"{name}: {why}, so the .py runs (slower); `pip install -e .` compiles it again",
                          StaleBuildWarning, stacklevel=2)
        return importlib.util.spec_from_file_location(name, source)


_guard = _Guard()


def install() -> None:
    """Put the guard first in ``sys.meta_path`` (once; ``catcards/__init__.py`` calls it before
    importing any other catcards module)."""
    if _guard not in sys.meta_path:
        sys.meta_path.insert(0, _guard)


def compiled_modules() -> list[str]:
    """The catcards modules loaded so far from compiled code (sorted names)."""
    return sorted(name for name, m in sys.modules.items()
                  if name.startswith("catcards.") and isinstance(getattr(m, "__loader__", None),
                                                                 importlib.machinery.ExtensionFileLoader))
