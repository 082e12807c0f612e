"""Card values shared by every game.

A :class:`Card` is an immutable value: a suit (which is also its colour in the games where colour
matters), a rank (the printed number), an optional name for cards that carry one ("Lion",
"Grumpy Cat", "Simon") and a copy number that tells identical printed cards apart, so that every
physical card in a deck is a distinct value and card conservation can be checked by counting.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import hooks

__all__ = ["Card", "SUIT_COLOURS", "suit_colour"]

#: Display colour (CSS) for each suit name used by the games. Unknown suits fall back to grey.
SUIT_COLOURS: dict[str, str] = {
    # Simon's Cat Card Game (rulebook "Contents": colour per suit)
    "Cat": "#e8559a",  # pink
    "Kitten": "#3b7dd8",  # blue
    "Hedgehog": "#e8c21c",  # yellow
    "Dog": "#8e44ad",  # purple
    "Mouse": "#f08a24",  # orange
    "Gnome": "#2e9e4f",  # green
    "Simon": "#d62828",  # red
    # plain colour suits (Cat Trick, Wildcat, Dinohistoria)
    "pink": "#e8559a",
    "blue": "#3b7dd8",
    "orange": "#f08a24",
    "green": "#2e9e4f",
    "yellow": "#e8c21c",
    "red": "#d62828",
    "purple": "#8e44ad",
    "black": "#222222",
}


def suit_colour(suit: str) -> str:
    """CSS colour used to draw cards of ``suit`` (grey for a suit without one)."""
    return SUIT_COLOURS.get(suit, "#777777")


@dataclass(frozen=True, order=True)
class Card:
    """One physical card.

    Attributes:
        suit: suit or colour name, e.g. ``"Cat"`` or ``"pink"``.
        rank: printed number (int).
        name: the card's own name where it has one (``"Lion"``); empty otherwise.
        copy: 0 for the first printed copy, 1 for the second, ... (decks with repeated cards).

    ``str(card)`` is the name players say aloud: ``"Cat 7"``, or ``"Lion (red 50)"`` for a named
    card with a suit. ``repr`` rebuilds the card.
    """

    suit: str
    rank: int
    name: str = ""
    copy: int = 0

    def __str__(self) -> str:
        if self.name and self.suit:
            return f"{self.name} ({self.suit} {self.rank})"
        if self.name:
            return self.name
        return f"{self.suit} {self.rank}"

    @property
    def colour(self) -> str:
        """CSS colour of the card's suit (see :data:`SUIT_COLOURS`)."""
        return suit_colour(self.suit)

    def _repr_svg_(self) -> str:
        """The card drawn as SVG for a notebook cell (:func:`catcards.render.card_svg`, through
        the ``card_svg`` hook of :mod:`catcards.hooks`)."""
        return hooks.call("card_svg", self)
