"""Card Game: The Card Game (2-5 players): rules engine, card list and registration.

The game is registered as ``"card-game"``::

    >>> import catcards
    >>> state = catcards.load("card-game", players=3).new_game(seed=1)

See :mod:`catcards.games.card_game.engine` for the rules as played and the readings taken (and
the package's modules: actions, deck, stack, effects, moves, views), and
:mod:`catcards.games.card_game.cardlist` for the editable card list.
"""
from ...registry import register
from .actions import (
    Believe,
    Challenge,
    Choose,
    Claim,
    DiscardCard,
    DrawCard,
    EndTurn,
    MoneyInstead,
    Pass,
    Play,
    PutBack,
    PutOnTop,
    TakeMoney,
    TakeTurned,
    UseAbility,
)
from .cardlist import CardSpec, load_card_list
from .deck import WIN_POINTS, sushi_points
from .engine import CardGame, CardGameState
from .stack import Item, Pending, Window

register(CardGame)

__all__ = [
    "CardGame", "CardGameState", "CardSpec", "load_card_list", "TakeMoney", "DrawCard", "EndTurn",
    "Pass", "Believe", "Challenge", "Play", "Claim", "UseAbility", "Choose", "PutOnTop", "DiscardCard",
    "PutBack", "TakeTurned", "MoneyInstead", "Item", "Window", "Pending", "WIN_POINTS", "sushi_points",
]
