"""The contract's extension points: what the layers above fill, so the contract never imports them.

The contract (:mod:`catcards.cards`, :mod:`catcards.core`) sits at the bottom of catcards: it
imports nothing of ``registry``, ``explore``, ``render`` or ``widgets``. Four of its methods need
something those layers own; each calls a *hook* here by name, and the layer that owns it fills
the hook when it is imported (``import catcards`` imports them all, so the hooks are always filled
before any state exists):

====================  ==========================================  =================================
hook                  called by                                   filled by
====================  ==========================================  =================================
``game_class``        :func:`catcards.core.saves.load_state`      :mod:`catcards.registry`
                      (``State.from_json``): name -> Game class   (:func:`~catcards.registry.game_class`)
``sample_hidden``     :meth:`State.sample_hidden`                 :mod:`catcards.explore.hidden`
                      (state, seat, rng) -> State                 (each game's sampler in SAMPLERS)
``state_html``        :meth:`State._repr_html_`: state -> HTML    :mod:`catcards.render` (each game's
                                                                  board in :data:`~catcards.render.BOARDS`)
``card_svg``          :meth:`Card._repr_svg_`: card -> SVG        :mod:`catcards.render`
====================  ==========================================  =================================

A game registers its own parts with the layer that owns them, as it registers itself with
:func:`catcards.register`: its sampler with :func:`catcards.explore.hidden.sampler`, its board with
:func:`catcards.render.board`. Imports nothing of catcards.
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["HOOKS", "provide", "call"]

#: every hook, with what it is for (the one list: :func:`provide` refuses another name)
HOOKS: dict[str, str] = {
    "game_class": "the Game subclass registered under a name (catcards.registry.game_class)",
    "sample_hidden": "a state a seat cannot tell from this one (catcards.explore.hidden.sample_hidden)",
    "state_html": "a state drawn as HTML for a notebook, with its game's board (catcards.render.state_html)",
    "card_svg": "a card drawn as SVG (catcards.render.card_svg)",
}

_provided: dict[str, Callable[..., Any]] = {}


def provide(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """Fill the hook ``name`` with ``function`` (a later call replaces it); returns ``function``.

    Raises:
        KeyError: ``name`` is not one of :data:`HOOKS`.
    """
    if name not in HOOKS:
        raise KeyError(f"no hook called {name!r}; the hooks are: {', '.join(HOOKS)}")
    _provided[name] = function
    return function


def call(name: str, *args: Any) -> Any:
    """Call the function that fills the hook ``name`` with ``args`` and return what it returns.

    Raises:
        RuntimeError: nothing has filled the hook (only possible when the layer that fills it was
            never imported; ``import catcards`` imports every one).
    """
    function = _provided.get(name)
    if function is None:
        raise RuntimeError(f"the {name!r} hook is not filled: {HOOKS[name]} (import catcards fills it)")
    return function(*args)
