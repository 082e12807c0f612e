"""The contract every catcards game meets (see docs/architecture.md, "The contract every game meets").

A :class:`Game` holds parameters only; ``game.new_game(seed)`` returns a :class:`State`, one play
of the game. A state moves only through :meth:`State.apply`, which checks legality first, so an
illegal action raises :class:`IllegalActionError` and leaves the state exactly as it was.

Every random event draws from the one ``numpy.random.Generator`` the state owns, created from the
seed; a game is saved as parameters + seed + explicit deals + the actions' strings, and loading
replays it, so a saved game always knows whose turn it is.

The contract in small parts, each read on its own (every name is importable from here too:
``from catcards.core import State, parse_hands``):

- :mod:`~catcards.core.errors`: :class:`CatcardsError` and its kinds;
- :mod:`~catcards.core.text`: describing untrusted values, comparing typed names;
- :mod:`~catcards.core.seeds`: seeds and the one generator;
- :mod:`~catcards.core.actions`: :class:`Action`, :class:`FixedAction`, :class:`Play`;
- :mod:`~catcards.core.validation`: the checks of deals, card names and counts;
- :mod:`~catcards.core.game`: :class:`Game`; :mod:`~catcards.core.state`: :class:`State`,
  :class:`Outcome` and the tools states are built from;
- :mod:`~catcards.core.saves`: the save format, written, fingerprinted, read and replayed.

The contract imports nothing above it (registry, explore, render, widgets): where it needs them
(a save names its game, ``sample_hidden``, ``_repr_html_``) it calls a hook of
:mod:`catcards.hooks` that those layers fill (tests/project/test_imports.py checks it).
"""
from __future__ import annotations

from .actions import Action, FixedAction, Play, plays_for
from .errors import CatcardsError, GameParameterError, IllegalActionError, SaveFormatError
from .game import Game
from .saves import OLD_SAVE_FORMATS, SAVE_FORMAT, load_state, read_save
from .seeds import MAX_SEED, SEED_RULE, check_seed, fresh_seed, new_rng, permutation, seed_from_text
from .state import (
    MAX_ACTION_TEXT,
    FrozenRecord,
    Outcome,
    State,
    attribute_copier,
    frozen_record,
    thawed_records,
)
from .text import PLAIN_TEXT, few_reprs, is_whole, normal_name, short_repr, short_text, unsafe_character
from .validation import (
    MAX_DEAL_ITEMS,
    MAX_NAME_BYTES,
    too_long_name,
    card_names,
    check_card_name,
    check_count,
    check_deal_dict,
    check_deal_list,
    check_deals,
    check_plain_text,
    find_card,
    hand_ids,
    parse_hands,
    parse_round_deals,
    walk_cards,
)

__all__ = [
    "MAX_NAME_BYTES",
    "too_long_name",
    "Action",
    "FixedAction",
    "Play",
    "plays_for",
    "CatcardsError",
    "IllegalActionError",
    "GameParameterError",
    "SaveFormatError",
    "Outcome",
    "Game",
    "State",
    "new_rng",
    "permutation",
    "fresh_seed",
    "walk_cards",
    "is_whole",
    "check_count",
    "parse_hands",
    "parse_round_deals",
    "hand_ids",
    "check_deals",
    "check_deal_list",
    "check_deal_dict",
    "check_card_name",
    "card_names",
    "find_card",
    "frozen_record",
    "thawed_records",
    "FrozenRecord",
    "attribute_copier",
    "check_seed",
    "seed_from_text",
    "SEED_RULE",
    "short_repr",
    "few_reprs",
    "short_text",
    "normal_name",
    "unsafe_character",
    "check_plain_text",
    "PLAIN_TEXT",
    "SAVE_FORMAT",
    "OLD_SAVE_FORMATS",
    "MAX_SEED",
    "MAX_ACTION_TEXT",
    "MAX_DEAL_ITEMS",
    "read_save",
    "load_state",
]
