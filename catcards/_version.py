"""The version of catcards, in one place: pyproject.toml reads it (``[tool.setuptools.dynamic]``)
and ``catcards.__version__`` is it."""

__version__ = "0.1.0"
