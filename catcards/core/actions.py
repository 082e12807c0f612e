"""Actions: small frozen dataclasses whose ``str`` is what a player would say ("play Cat 7"), unique
among a state's legal actions, which is how saves name them. :class:`FixedAction` is an action
without choices ("turn"), :class:`Play` plays one card from the hand."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Sequence

from ..cards import Card
from .text import short_text

__all__ = ["Action", "FixedAction", "Play", "plays_for"]


@dataclass(frozen=True)
class Action:
    """Base class of actions: small frozen dataclasses with a readable ``str``.

    ``str(action)`` is what a player would say ("play Cat 7"); it is unique among the legal actions
    of a state, which is how saved games name their actions. ``repr`` rebuilds the action.
    """

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        return type(self).__name__


@dataclass(frozen=True)
class FixedAction(Action):
    """An action without choices, its text fixed by the class: a subclass sets ``text``
    ("lay", "turn", "take the mess"). The dataclass's ``repr`` ("Lay()") rebuilds it; two fixed
    actions are equal when they are of the same class."""

    text: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand ("play pink 7"): the one action class of Cat Trick, King of
    the Jungle and Simon's Cat for playing a card (rulebooks: "How to Play" / "Play"). Its text
    is what saves hold; Cat Days and Card Game keep their own ``Play`` (more fields)."""

    card: Card
    # the text, computed once: saving and replaying a long game calls str() on every action
    _text: str = field(default="", init=False, repr=False, compare=False)
    # the card's id in its game when this is one of the game's prebuilt plays (see plays_for)
    _id: int = field(default=-1, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"play {short_text(self.card)}")

    def __eq__(self, other: object) -> bool:
        # what the dataclass would generate, but the texts are compared first: different texts
        # mean different cards, and a string compare is much cheaper than a Card compare (apply()
        # compares the chosen play with the legal plays before it)
        if other.__class__ is self.__class__:
            return self._text == other._text and self.card == other.card  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:  # the dataclass's own: equal plays hash alike
        return hash((self.card,))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


def plays_for(cards: Sequence[Card]) -> tuple[Play, ...]:
    """One prebuilt :class:`Play` per card id (``plays_for(CARDS)[i].card is CARDS[i]``); each
    knows its id, so a state applying one of them needs no Card lookup."""
    plays = tuple(Play(c) for c in cards)
    for i, play in enumerate(plays):
        object.__setattr__(play, "_id", i)
    return plays
