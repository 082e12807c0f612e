"""Decks shared by several games: the Wildcat deck and the Dinohistoria deck.

Source: ``rules/wildcat.md`` ("The Wildcat deck", "The Dinohistoria deck"). The rulebook names the
ranks, not the suits; the project's suits are colours.

- Wildcat (52 cards): 4 suits (red, blue, green, yellow) of ordinary cards 1-9 and the reward
  cards Jaguar 10, Wildcat 20, Tiger 30, Lion 50. Used by The Big Cat Game, King of the Jungle,
  Snap and Pairs.
- Dinohistoria (55 cards): 5 suits of cards 1-10 and 25; the fifth suit is black, and the black 25
  is the Woolly Mammoth. Pairs uses the four coloured suits (44 cards, a 4 x 11 grid).
"""
from __future__ import annotations

from .cards import Card

__all__ = [
    "WILDCAT_SUITS",
    "REWARD_NAMES",
    "wildcat_deck",
    "DINO_SUITS",
    "dinohistoria_deck",
    "deck",
    "DECKS",
]

WILDCAT_SUITS: tuple[str, ...] = ("red", "blue", "green", "yellow")
#: printed value -> name of the Wildcat reward cards
REWARD_NAMES: dict[int, str] = {10: "Jaguar", 20: "Wildcat", 30: "Tiger", 50: "Lion"}
DINO_SUITS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black")


def wildcat_deck(suits: int = 4) -> list[Card]:
    """The Wildcat deck in suit order: ``suits`` (1-4) suits x 13 cards (1-9, 10, 20, 30, 50).

    Raises:
        ValueError: ``suits`` outside 1-4.
    """
    if not 1 <= suits <= len(WILDCAT_SUITS):
        raise ValueError(f"the Wildcat deck has 1 to 4 suits, not {suits}")
    ranks = list(range(1, 10)) + sorted(REWARD_NAMES)
    return [Card(s, r, REWARD_NAMES.get(r, "")) for s in WILDCAT_SUITS[:suits] for r in ranks]


def dinohistoria_deck(suits: int = 5) -> list[Card]:
    """The Dinohistoria deck: ``suits`` (1-5) suits x 11 cards (1-10 and 25); with 5 suits the
    black 25 is named "Woolly Mammoth".

    Raises:
        ValueError: ``suits`` outside 1-5.
    """
    if not 1 <= suits <= len(DINO_SUITS):
        raise ValueError(f"the Dinohistoria deck has 1 to 5 suits, not {suits}")
    ranks = list(range(1, 11)) + [25]
    return [
        Card(s, r, "Woolly Mammoth" if (s, r) == ("black", 25) else "")
        for s in DINO_SUITS[:suits]
        for r in ranks
    ]


DECKS = {"wildcat": wildcat_deck, "dinohistoria": dinohistoria_deck}


def deck(name: str, suits: int | None = None) -> list[Card]:
    """The deck called ``name`` ("wildcat" or "dinohistoria"), all suits unless ``suits`` given.

    Raises:
        ValueError: unknown deck name (the message lists the decks).
    """
    try:
        make = DECKS[name]
    except KeyError:
        raise ValueError(f"no deck called {name!r}; decks: {', '.join(DECKS)}") from None
    return make() if suits is None else make(suits)
