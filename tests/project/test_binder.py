"""Binder, built the way repo2docker builds it (issue 16): a fresh Python venv of the version in
``binder/runtime.txt``, repo2docker's own base packages (the versions its Python 3.11 environment
pins), then ONLY what ``binder/`` says (``requirements.txt`` if there is one, then ``postBuild``
from the repository's top folder), and the notebooks of ``BINDER_NOTEBOOKS`` executed in that environment.
The image is the students': after postBuild the teacher's notes (``notebooks/teacher/``) are gone.

One slow test (a few minutes: the install, then those notebooks); it runs in the normal suite
(CI). Needs the package index (pip) and the Python of ``runtime.txt``.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import catcards

REPO = Path(__file__).resolve().parents[2]
#: packages repo2docker's Python 3.11 base environment pins (shared notes, classroom-facts.md):
#: installed first so the repository's own install has to live with them, as on mybinder.org
REPO2DOCKER_BASE = ["jupyterlab~=4.4.0", "notebook~=7.4.0", "ipywidgets==8.1.7", "jupyter_server~=2.17.0"]
#: the notebooks executed in the Binder environment: the start page (every game's card, drawn
#: with the environment's matplotlib), the app, a game with its table, a lesson (Predict,
#: exercises) and the odds panel. The others are executed by nbval or tests/lessons in the test
#: environment and at the lowest versions (.ci/run); executing all of them here again took
#: minutes of CI for no new environment.
BINDER_NOTEBOOKS = ["index.ipynb", "apps/play.ipynb", "simons-cat.ipynb", "snap.ipynb", "explore.ipynb"]


def _python_of_runtime() -> str:
    wanted = re.fullmatch(r"python-(\d+\.\d+)", (REPO / "binder" / "runtime.txt").read_text().strip()).group(1)
    if f"{sys.version_info.major}.{sys.version_info.minor}" == wanted:
        return sys.executable
    found = shutil.which(f"python{wanted}")
    if found is None:
        pytest.skip(f"binder/runtime.txt asks for Python {wanted}, which is not installed here")
    return found


def _copy_repository(dest: Path) -> None:
    """The repository's tracked files (what Binder clones), or the folder without local builds."""
    try:
        files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, check=True, capture_output=True).stdout
        names = [n for n in files.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
    if not names:
        shutil.copytree(REPO, dest, ignore=shutil.ignore_patterns(".venv*", ".git", "_build", "_output", "*.egg-info"))
        return
    for name in names:
        if (REPO / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, dest / name)


@pytest.mark.slow
def test_binder_environment_from_binder_folder_runs_every_notebook(tmp_path):
    python = _python_of_runtime()
    repo = tmp_path / "repo"
    _copy_repository(repo)
    home = tmp_path / "home"
    home.mkdir()
    env_dir = tmp_path / "env"
    subprocess.run([python, "-m", "venv", str(env_dir)], check=True)
    bin_dir = env_dir / "bin"
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV") and not k.startswith("JUPYTER")}
    env.update(HOME=str(home), PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", MPLBACKEND="Agg",
               VIRTUAL_ENV=str(env_dir), PIP_DISABLE_PIP_VERSION_CHECK="1")

    def run(*cmd, cwd=repo):
        done = subprocess.run(list(cmd), cwd=cwd, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done.stdout

    run("python", "-m", "pip", "install", "-q", *REPO2DOCKER_BASE)
    if (repo / "binder" / "requirements.txt").exists():
        run("python", "-m", "pip", "install", "-q", "-r", "binder/requirements.txt")
    run("bash", "binder/postBuild")
    # the image is for students: postBuild leaves out the teacher's notes (the answers), as the
    # JupyterLite site and the rendered docs do; the lessons and the teacher's guide stay
    assert not (repo / "notebooks" / "teacher").exists()
    assert (repo / "notebooks" / "explore.ipynb").is_file() and (repo / "notebooks" / "teachers-guide.md").is_file()

    # the environment has what Binder serves: JupyterLab, Voila, and catcards from the repository
    run("python", "-m", "pip", "check")
    assert run("python", "-c", "import catcards, os; print(os.path.dirname(catcards.__file__))").strip() == \
        str(repo / "catcards")
    run("python", "-m", "jupyterlab", "--version")
    run("python", "-m", "voila", "--version")
    # Voila's server extension (the start page's app links) reads the server's configuration:
    # postBuild gives it the executor option of `catcards app` (catcards.cli.APP_EXECUTION_CONFIG)
    assert run("python", "-c", "from jupyter_server.serverapp import ServerApp; a = ServerApp(); "
               "a.load_config_file(); print(a.config.VoilaExecutor.iopub_timeout)").strip() == "60"

    # what the environment must run: the start page, the app, a game's table and a lesson with its
    # Predict box and exercise checks (every notebook is run by the suite itself, in the test
    # environment and at the lowest versions; here only what differs is the environment)
    notebooks = [repo / "notebooks" / name for name in BINDER_NOTEBOOKS]
    assert all(nb.exists() for nb in notebooks), "a notebook named in BINDER_NOTEBOOKS is gone"
    out = tmp_path / "executed"
    for nb in notebooks:  # nbconvert runs each notebook in its own folder and stops on an error
        run("python", "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
            "--ExecutePreprocessor.timeout=600", "--output-dir", str(out / nb.parent.relative_to(repo)), str(nb),
            cwd=nb.parent)
    executed = sorted(out.rglob("*.ipynb"))
    assert len(executed) == len(notebooks)
    for path in executed:
        cells = json.loads(path.read_text())["cells"]
        assert not [o for c in cells for o in c.get("outputs", []) if o.get("output_type") == "error"], path
    index = json.loads((out / "notebooks" / "index.ipynb").read_text())
    html = "".join("".join(o.get("data", {}).get("text/html", "")) for c in index["cells"] for o in c.get("outputs", []))
    # the Binder environment has catcards' own games (not a plugin this process may have installed)
    own = [n for n in catcards.list_games() if catcards.game_class(n).__module__.startswith("catcards.games.")]
    assert html.count("<tr><td><svg") == len(own)
    assert 'href="simons-cat.ipynb"' in html
    # without the notes the start page has no "time in class" column (they were its source), and
    # the lessons still run (explore.ipynb, executed above, is one)
    assert "time in class" not in html and "teacher/" not in html
