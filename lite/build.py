"""Build the JupyterLite site of catcards: JupyterLab and Voici apps that run in the browser with the
Pyodide kernel, no server.

    pip install -e ".[lite]" && python lite/build.py            # the site in lite/_output
    python -m http.server -d lite/_output                        # try it: http://localhost:8000/

The site holds the catcards wheel (``pypi/``, installed in the browser by piplite), every notebook
and Markdown file of ``notebooks/`` but the teacher's notes of ``notebooks/teacher/`` (the site is
the students': the notes give each prediction's answer and the class plan; the teacher's guide
says to keep such material from students), the start page ``index.ipynb`` at its root, and each notebook's Voici page
(``voici/render/<name>.html``; the app is ``voici/render/apps/play.html``). Every notebook of the
site starts with one extra cell, ``%pip install -q catcards==<version>``, and names the site's kernel (:data:`KERNELSPEC`): the kernel installs the
wheel from the site, and numpy, pandas, matplotlib and tqdm from the Pyodide distribution pinned
in ``lite/jupyter-lite.json``. The repository's notebooks are not changed.

Configuration: ``lite/jupyter-lite.json`` (the site's settings: the Pyodide version) and
``lite/jupyter_lite_config.json`` (the build: apps). Issue 16.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LITE = Path(__file__).resolve().parent
REPO = LITE.parent
NOTEBOOKS = REPO / "notebooks"
OUTPUT = LITE / "_output"
#: the tag of the cell the site adds to every notebook
INSTALL_TAG = "catcards-lite-install"
#: the folder of ``notebooks/`` the site leaves out: the teacher's notes (catcards.kit.TEACHER_NOTES)
TEACHER_FOLDER = "teacher"
#: the kernel every notebook of the site names: the site's Pyodide kernel ("python"; the repository's
#: notebooks name "python3", which JupyterLite's lab does not have, so each lesson opened with a
#: "Select Kernel" dialog)
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def version() -> str:
    """catcards's version, from catcards/_version.py (the one place)."""
    scope: dict = {}
    exec((REPO / "catcards" / "_version.py").read_text(encoding="utf-8"), scope)
    return scope["__version__"]


def install_cell() -> dict:
    """The notebook cell that installs catcards in the browser kernel (piplite's ``%pip``)."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "catcards-lite-install",
        "metadata": {"tags": [INSTALL_TAG], "jupyter": {"source_hidden": True}},
        "outputs": [],
        "source": [f"%pip install -q catcards=={version()}  # in the browser: catcards from this site"],
    }


def stage_contents(dest: Path) -> list[Path]:
    """Copy the notebooks folder to ``dest`` (its notebooks and Markdown files, but not the
    teacher's notes of :data:`TEACHER_FOLDER`), each notebook with :func:`install_cell` first;
    returns the notebooks written."""
    written = []
    for src in sorted(NOTEBOOKS.rglob("*")):
        rel = src.relative_to(NOTEBOOKS)
        if src.is_dir() or ".ipynb_checkpoints" in rel.parts or src.suffix not in (".ipynb", ".md"):
            continue
        if rel.parts[0] == TEACHER_FOLDER:   # students use the site: the notes stay with the teacher
            continue
        out = dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        if src.suffix == ".ipynb":
            nb = json.loads(src.read_text(encoding="utf-8"))
            nb["cells"].insert(0, install_cell())
            nb["metadata"]["kernelspec"] = KERNELSPEC  # opens with the site's kernel, no "Select Kernel"
            out.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(out)
        else:
            shutil.copy2(src, out)
    return written


def build_wheel(dest: Path) -> Path:
    """Build catcards's wheel (pure Python, ``py3-none-any``: what Pyodide loads) into ``dest``;
    returns its path."""
    dest.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dest), str(REPO)],
                   check=True)
    (wheel,) = dest.glob("catcards-*.whl")
    return wheel


def build(output: Path = OUTPUT) -> Path:
    """Build the site into ``output`` (replaced); returns ``output``.

    Raises:
        subprocess.CalledProcessError: the wheel or the site failed to build (their output says why).
    """
    output = Path(output).resolve()
    with tempfile.TemporaryDirectory(prefix="catcards-lite-") as tmp:
        work = Path(tmp)
        for name in ("jupyter-lite.json", "jupyter_lite_config.json"):
            shutil.copy2(LITE / name, work / name)
        wheel = build_wheel(work / "wheels")
        stage_contents(work / "contents")
        if output.exists():
            shutil.rmtree(output)
        voici = shutil.which("voici", path=str(Path(sys.executable).parent)) or shutil.which("voici")
        if voici is None:
            raise SystemExit('voici is missing: pip install -e ".[lite]"')
        subprocess.run([voici, "build", "--lite-dir", str(work), "--contents", str(work / "contents"),
                        "--piplite-wheels", str(wheel), "--output-dir", str(output)],
                       check=True, cwd=work)
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build catcards's JupyterLite site (JupyterLab and Voici, no server).")
    parser.add_argument("--output", type=Path, default=OUTPUT, help=f"the site's folder (default {OUTPUT.relative_to(REPO)})")
    args = parser.parse_args(argv)
    start = time.monotonic()
    out = build(args.output)
    print(f"JupyterLite site built in {time.monotonic() - start:.0f} s: {out}\n"
          f"try it: python -m http.server -d {out}  (then open http://localhost:8000/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
