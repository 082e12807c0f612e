"""catcards: rules engines for cat-themed card games, with widget tables and probability lessons.

>>> import catcards
>>> game = catcards.load("simons-cat", players=4)
>>> state = game.new_game(seed=1)
>>> state.apply(state.legal_actions()[0]) is state
True
"""
from .cards import Card
from .core import (
    Action,
    CatcardsError,
    Game,
    GameParameterError,
    IllegalActionError,
    Outcome,
    SaveFormatError,
    State,
)
from .registry import game_class, list_games, load, load_state, register
from . import render as _render  # fills the contract's drawing hooks (catcards.hooks); no ipywidgets
from .simulate import simulate  # binds the function over the submodule of the same name
from .explore.odds import odds
from ._version import __version__

if __import__("sys").platform == "emscripten":  # Pyodide (JupyterLite): threads cannot start, so
    __import__("tqdm").tqdm.monitor_interval = 0  # no tqdm monitor thread (it would warn in every bar)

__all__ = [
    "Card",
    "Action",
    "CatcardsError",
    "Game",
    "GameParameterError",
    "IllegalActionError",
    "Outcome",
    "SaveFormatError",
    "State",
    "game_class",
    "list_games",
    "load",
    "load_state",
    "register",
    "simulate",
    "odds",
]

