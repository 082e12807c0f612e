"""Build catcards, compiling the two slowest engines with Cython when it can (issue 14, speed).

The ``.py`` files stay the source of truth: Cython compiles them unchanged (the ``.pxd`` files
beside some of them only declare types), and catcards runs the same without the compiled
modules. The build falls back to pure Python, with a warning, when Cython or a C compiler is
missing or a module fails to compile; ``CATCARDS_PURE_PYTHON=1`` builds a pure ``py3-none-any``
wheel with no compiling at all (the JupyterLite site's wheel: ``lite/build.py`` sets it).

Each compiled module's sources (its ``.py``, the ``.pxd`` files it reads and their ``.py``) and
their hash are written to ``catcards/_compiled.json``; ``catcards._native`` loads a compiled
module only while they still have that hash (an edited ``.py`` runs as Python, with a warning,
until the next ``pip install -e .``).
"""
from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
#: the modules compiled: the Card Game and Cat Days engines and the core they call on each turn
MODULES = [
    "catcards/core.py",
    "catcards/cards.py",
    *(f"catcards/games/cat_days/{m}.py" for m in ("actions", "deck", "plays", "weeks", "engine")),
    *(f"catcards/games/card_game/{m}.py" for m in ("actions", "cardlist", "claims", "deck", "effects",
                                                     "engine", "moves", "stack", "views")),
]
#: Cython's options: annotations stay hints (``seat: int`` would otherwise refuse a numpy
#: integer or a bool), as in Python
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "embedsignature": True}


def _load_native():
    """``catcards/_native.py`` loaded by its path (it uses the standard library only), so that the
    build reads ``CATCARDS_PURE_PYTHON`` and hashes the sources exactly as the import guard does."""
    spec = importlib.util.spec_from_file_location("_catcards_native_for_setup", HERE / "catcards" / "_native.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NATIVE = _load_native()


def pure() -> bool:
    """Whether CATCARDS_PURE_PYTHON asks for a pure build (read as ``catcards._native`` reads it)."""
    return NATIVE.pure_python(os.environ.get("CATCARDS_PURE_PYTHON"))


def sources(module: str) -> list[str]:
    """The files a compiled module is built from, relative to catcards/: its .py, the .pxd files
    Cython reads for it (its own, the ones it cimports) and each such .pxd's .py (a module whose
    types it cimports must be compiled from the same source, or the import fails)."""
    from Cython.Build.Dependencies import create_dependency_tree

    found = {Path(module).resolve()}
    for dep in create_dependency_tree().all_dependencies(str(HERE / module)):
        dep = Path(dep).resolve()
        if dep.suffix == ".pxd" and dep.is_relative_to(HERE / "catcards"):
            found |= {dep, dep.with_suffix(".py")}
    return sorted(str(p.relative_to(HERE / "catcards")) for p in found if p.is_file())


#: sha256 of a module's sources, one file after the other (the guard checks the same hash)
source_hash = NATIVE._source_hash


class OptionalBuildExt(build_ext):
    """build_ext that skips a module it cannot compile (warning) and records, in
    ``catcards/_compiled.json`` beside the compiled modules, the source hash of each one built."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:  # compile the modules side by side (CI has 2 cores)
            self.parallel = os.cpu_count() or 1

    def run(self):
        self.built = {}
        try:
            super().run()
        except Exception as exc:  # no compiler at all (DistutilsPlatformError and the like)
            self.warn(f"catcards: no compiled modules ({exc}); catcards runs as pure Python")
        out = Path(self.get_ext_fullpath("catcards.core")).parent
        if out.is_dir():
            (out / "_compiled.json").write_text(json.dumps(self.built, indent=1, sort_keys=True) + "\n")

    def build_extension(self, ext):
        if self.compiler.compiler_type == "unix":  # gcc, clang: no debug information, -O2 (Python's
            ext.extra_compile_args = [*ext.extra_compile_args, "-O2", "-g0"]  # -O3 -g takes twice as long)
        try:
            super().build_extension(ext)
        except Exception as exc:  # a compiler error: that module stays pure Python
            self.warn(f"catcards: {ext.name} not compiled ({exc}); it runs as pure Python")
            return
        self.built[ext.name] = {"files": ext.catcards_files, "sha256": ext.catcards_hash}


def extensions():
    if pure():
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("catcards: Cython is missing; catcards is built as pure Python", file=sys.stderr)
        return []
    exts = []
    for module in MODULES:  # one by one, so that a module Cython refuses stays pure Python
        try:
            files = sources(module)
            digest = source_hash(files)  # before Cython reads them (an edit meanwhile makes it stale)
            (ext,) = cythonize(module, compiler_directives=DIRECTIVES, quiet=True)
        except Exception as exc:
            print(f"catcards: {module} not compiled ({exc}); it runs as pure Python", file=sys.stderr)
            continue
        ext.catcards_files, ext.catcards_hash = files, digest
        exts.append(ext)
    return exts


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
