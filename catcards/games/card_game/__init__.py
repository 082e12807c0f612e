"""Card Game: The Card Game (2-5 players): rules engine, card list and registration.

The game is registered as ``"card-game"``::

    >>> import catcards
    >>> state = catcards.load("card-game", players=3).new_game(seed=1)

See :mod:`catcards.games.card_game.engine` for the rules as played and the readings taken, and
:mod:`catcards.games.card_game.cardlist` for the editable card list.
"""
from ...registry import register
from .cardlist import CardSpec, load_card_list
from .engine import (
    Believe,
    CardGame,
    CardGameState,
    Challenge,
    Choose,
    Claim,
    DrawCard,
    EndTurn,
    Item,
    Pass,
    Play,
    TakeMoney,
    UseAbility,
    WIN_POINTS,
    sushi_points,
)

register(CardGame)

__all__ = [
    "CardGame", "CardGameState", "CardSpec", "load_card_list", "TakeMoney", "DrawCard", "EndTurn",
    "Pass", "Believe", "Challenge", "Play", "Claim", "UseAbility", "Choose", "Item", "WIN_POINTS",
    "sushi_points",
]
