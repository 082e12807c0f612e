"""Sphinx configuration of the rendered site of the lessons (issue 16): every notebook executed
from its clean copy in ``notebooks/`` by myst-nb, widget state saved so the game tables show.

    pip install -e ".[docs]" && sphinx-build -c docs notebooks docs/_build/html

The notebooks folder is the source (no copies), but for the teacher's notes of ``teacher/``; ``index.ipynb`` is the home page, and its table of
games links to the other pages (``CATCARDS_STATIC_SITE=1`` makes catcards.start_page link ``.html``
pages, and the apps on Binder).
"""
from __future__ import annotations

import io
import os
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from catcards import __version__ as release  # noqa: E402
from catcards.start_page import project_links  # noqa: E402

# the kernels that execute the notebooks inherit this environment
os.environ["CATCARDS_STATIC_SITE"] = "1"
os.environ.pop("MPLBACKEND", None)  # the inline backend draws the plots into the pages (Agg would not)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))

project = "catcards"
author = "the catcards authors"
copyright = "2026, the catcards authors (MIT License)"
version = release

extensions = ["myst_nb"]
root_doc = "index"
# notebooks/teacher/: the teacher's notes (each prediction's answer, the class plan) stay off the
# site students read; teachers read them in the source repository and in the kit's teacher's editions
exclude_patterns = ["_build", "**/.ipynb_checkpoints", "teacher/**"]
suppress_warnings = ["toc.not_included"]  # the start page's table of games is the navigation

nb_execution_mode = "force"  # the notebooks are stored without outputs: always execute
nb_execution_timeout = 600
nb_execution_raise_on_error = True  # a failing cell fails the build
nb_execution_show_tb = True
myst_enable_extensions = ["dollarmath"]



def _widget_scripts() -> Path | None:
    """The JavaScript that shows the saved widgets, served by the site itself (no CDN at reading
    time, for school networks that filter them): ``@jupyter-widgets/html-manager`` (its
    ``embed-amd.js`` bundles the core widgets) and RequireJS, from the npm registry at build time,
    cached in ``~/.cache/catcards/docs-static``. None when they cannot be fetched (the pages then
    load them from jsDelivr and cdnjs, myst-nb's default)."""
    static = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "catcards" / "docs-static"
    wanted = static / "widgets" / "embed-amd.js"
    if wanted.exists() and (static / "widgets" / "require.js").exists():
        return static
    try:
        for url, member, keep in [
            (f"https://registry.npmjs.org/@jupyter-widgets/html-manager/-/html-manager-{HTML_MANAGER}.tgz",
             "package/dist/", (".js",)),  # icon fonts left out: the tables use none
            (f"https://registry.npmjs.org/requirejs/-/requirejs-{REQUIREJS}.tgz", "package/require.js", (".js",)),
        ]:
            data = urllib.request.urlopen(url, timeout=60).read()
            with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
                for info in tar.getmembers():
                    name = info.name
                    if info.isfile() and name.startswith(member) and name.endswith(keep) \
                            and not name.endswith(("libembed-amd.js", "/embed.js")):
                        out = static / "widgets" / Path(name).name
                        out.parent.mkdir(parents=True, exist_ok=True)
                        with tar.extractfile(info) as src, open(out, "wb") as dst:
                            shutil.copyfileobj(src, dst)
    except OSError as exc:
        print(f"catcards docs: widget scripts not fetched ({exc}); the pages will load them from CDNs")
        return None
    return static


HTML_MANAGER = "1.0.15"  # @jupyter-widgets/html-manager for ipywidgets 8
REQUIREJS = "2.3.8"
_static = _widget_scripts()
if _static is not None:
    html_static_path = [str(_static)]
    nb_ipywidgets_js = {
        "widgets/require.js": {},
        "widgets/embed-amd.js": {"data-jupyter-widgets-cdn": "https://cdn.jsdelivr.net/npm/"},
    }

html_theme = "alabaster"
html_title = f"catcards {release}: card games that teach probability"
html_theme_options = {"description": "Rendered lessons; run them on Binder or in the browser (JupyterLite).",
                      "extra_nav_links": {"Run on Binder": project_links()["binder"],
                                          "Run in the browser (JupyterLite)": project_links()["lite"],
                                          "Source": project_links()["source"]}}
