"""Card Game: The Card Game: the actions a player takes (their ``str`` is the saved text).

Each action's ``str`` is what a save stores and what :meth:`catcards.core.State.action_from_string`
matches, so these words never change: old saves replay (tests/games/test_histories.py,
tests/games/golden/card-game-*). The choices made while an effect resolves are typed (:class:`PutOnTop`,
:class:`PutBack`, ...), with the same words as the free-text ``Choose`` they replaced.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core import Action, FixedAction, is_whole, normal_name
from ...core.text import value_kind

__all__ = [
    "TakeMoney", "DrawCard", "EndTurn", "Pass", "Believe", "Challenge", "Play", "Claim", "UseAbility",
    "Choose", "PutOnTop", "DiscardCard", "PutBack", "TakeTurned", "MoneyInstead", "parse_action",
]

class TakeMoney(FixedAction):
    """Take the top Money card into your money area (draw phase, or instead of a To-The-Top card)."""

    text = "take Money"


class DrawCard(FixedAction):
    """Draw the top card of the main deck into your hand."""

    text = "draw from the main deck"


class EndTurn(FixedAction):
    """End your turn (main phase, nothing waiting on the stack)."""

    text = "end turn"


class Pass(FixedAction):
    """Let the top item of the stack resolve without responding."""

    text = "pass"


class Believe(FixedAction):
    """Believe a bluff claim."""

    text = "believe"


class Challenge(FixedAction):
    """Challenge a bluff claim: the face-down card is turned over."""

    text = "challenge"


_OPTION_WORD = {"The Guardian": "naming", "Eat Four!": "choosing"}


@dataclass(frozen=True)
class Play(Action):
    """Play the card ``name`` from hand (a Joker ``as_name`` another card, or as ``"Money"``),
    at seat ``target`` where the card chooses a player, with ``option`` the named card (The
    Guardian) or card type (Eat Four!)."""

    name: str
    as_name: str = ""
    target: int | None = None
    option: str = ""

    def __str__(self) -> str:
        text = f"play {self.name}" + (f" as {self.as_name}" if self.as_name else "")
        if self.target is not None:
            text += f" on seat {self.target}"
        if self.option:
            effect = self.as_name or self.name
            word = _OPTION_WORD.get(effect, "with") if isinstance(effect, str) else "with"
            text += f" {word} {self.option}"
        return text


@dataclass(frozen=True)
class Claim(Action):
    """Use the BLUFF card ``name`` by putting the card ``facedown`` (a card name from your hand)
    face down and naming ``name``; ``target`` is the seat it is aimed at, if any."""

    name: str
    facedown: str
    target: int | None = None

    def __str__(self) -> str:
        on = f" on seat {self.target}" if self.target is not None else ""
        return f"claim {self.name}{on} with {self.facedown} face down"


@dataclass(frozen=True)
class UseAbility(Action):
    """Use the Ability (A:) of ``name`` (in hand, in front of you, or Exploding Island)."""

    name: str
    target: int | None = None

    def __str__(self) -> str:
        on = f" on seat {self.target}" if self.target is not None else ""
        return f"use {self.name}{on}"


@dataclass(frozen=True, eq=False)
class Choose(Action):
    """A choice while an effect resolves; ``text`` says it ("done", "put Nap on top").

    The choices the engine offers are the typed subclasses below (:class:`PutOnTop`,
    :class:`DiscardCard`, :class:`PutBack`, :class:`TakeTurned`, :class:`MoneyInstead`); each
    keeps the words of the free-text choice it replaced as ``text`` and ``str``, so saved games
    replay, and a Choose compares equal to the typed choice with the same words.
    """

    text: str

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Choose) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text) if isinstance(self.text, str) else id(self)

    def __str__(self) -> str:
        return self.text if isinstance(self.text, str) else f"Choose(text={self.text!r})"


def _words(action: Choose, text: str) -> None:
    object.__setattr__(action, "text", text)


@dataclass(frozen=True, eq=False)
class PutOnTop(Choose):
    """To The Top: put the top-most ``card`` (a name) of the discard pile on top of the main deck."""

    text: str = field(init=False, repr=False, default="")
    card: str = ""

    def __post_init__(self) -> None:
        _words(self, f"put {self.card} on top")


@dataclass(frozen=True, eq=False)
class DiscardCard(Choose):
    """A challenger of a genuine claim discards a ``card`` (a name) from hand."""

    text: str = field(init=False, repr=False, default="")
    card: str = ""

    def __post_init__(self) -> None:
        _words(self, f"discard {self.card}")


@dataclass(frozen=True, eq=False)
class PutBack(Choose):
    """Fortune Teller: put the peeked cards back, ``cards`` (a tuple of names) top first."""

    text: str = field(init=False, repr=False, default="")
    cards: tuple = ()

    def __post_init__(self) -> None:
        ok = isinstance(self.cards, tuple) and all(isinstance(x, str) for x in self.cards)
        _words(self, "put back " + ", ".join(self.cards) + " (top first)" if ok else repr(self))


@dataclass(frozen=True, eq=False)
class TakeTurned(Choose):
    """Eat Four! with LOCK: take the first turned-over ``card`` (a name) into hand."""

    text: str = field(init=False, repr=False, default="")
    card: str = ""

    def __post_init__(self) -> None:
        _words(self, f"take {self.card}")


@dataclass(frozen=True, eq=False)
class MoneyInstead(Choose):
    """Eat Four! with LOCK: discard the first turned-over ``card`` and take a Money card instead."""

    text: str = field(init=False, repr=False, default="")
    card: str = ""

    def __post_init__(self) -> None:
        _words(self, f"take Money instead of {self.card}")


#: each action's fields and the types they take: (name, accepts None, check, what it must be)
_FIELDS: dict[type, tuple] = {}


def _malformed(action: Action) -> str | None:
    """Why ``action`` is not a well-formed Card Game action (a field of the wrong type), or None."""
    for name, check, what in _FIELDS.get(type(action), ()):
        value = getattr(action, name)
        if not check(value):
            return (f"{action!r} is not a well-formed {type(action).__name__} action: its {name} must "
                    f"be {what}, not {value_kind(value)}")
    return None


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _seat_or_none(value: Any) -> bool:
    return value is None or is_whole(value)


_INTERNED: dict[tuple, Action] = {}


def _interned(cls, *args) -> Action:
    """The one instance of ``cls(*args)`` (actions are immutable, so they are built once)."""
    key = (cls, *args)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(*args)
    return action


_FIELDS.update({
    Play: (("name", _text, "a card name"), ("as_name", _text, "a card name or ''"),
           ("target", _seat_or_none, "a seat number or None"), ("option", _text, "text or ''")),
    Claim: (("name", _text, "a card name"), ("facedown", _text, "a card name"),
            ("target", _seat_or_none, "a seat number or None")),
    UseAbility: (("name", _text, "a card name"), ("target", _seat_or_none, "a seat number or None")),
    Choose: (("text", _text, "the words of a choice, e.g. 'done'"),),
    PutOnTop: (("card", _text, "a card name"),),
    DiscardCard: (("card", _text, "a card name"),),
    TakeTurned: (("card", _text, "a card name"),),
    MoneyInstead: (("card", _text, "a card name"),),
    PutBack: (("cards", lambda v: isinstance(v, tuple) and all(map(_text, v)), "a tuple of card names"),),
})

TAKE_MONEY, DRAW, END_TURN, PASS = TakeMoney(), DrawCard(), EndTurn(), Pass()
BELIEVE, CHALLENGE = Believe(), Challenge()
DONE = Choose("done")


def parse_action(deck, text: Any) -> Action | None:
    """The card action ``text`` names ("play Nap", "play Joker as Nap", "claim Shot! ...",
    "use Pickpocket ..."), legal or not, so an error can say why it is not legal; None otherwise."""
    if not isinstance(text, str):
        return None
    words = normal_name(text)
    for verb, make in (("play ", lambda n, rest: Play(n, _after(deck, rest, " as ") or "")),
                       ("claim ", lambda n, rest: Claim(n, _after(deck, rest, " with ") or "")),
                       ("use ", lambda n, rest: UseAbility(n))):
        if words.startswith(verb):
            name = _name_at(deck, words[len(verb):])
            if name is not None:
                return make(name, words[len(verb) + len(normal_name(name)):])
    return None


def _name_at(deck, words: str) -> str | None:
    """The longest card name (normalised) at the start of ``words``, as the card list spells it."""
    best = None
    for name in deck.specs:
        key = normal_name(name)
        if (words == key or words.startswith(key + " ")) and (best is None or len(key) > len(normal_name(best))):
            best = name
    return best


def _after(deck, words: str, marker: str) -> str | None:
    i = words.find(marker)
    return _name_at(deck, words[i + len(marker):]) if i >= 0 else None
