"""The Big Cat Game's decks and its deal strings (``"-L--W"``: one character per card, top first),
shared by the engine (:mod:`catcards.games.big_cat`, which re-exports every name here), the numpy
batch path (:mod:`catcards.batch.big_cat`) and the Big Cat analysis and lessons.

Source: the rulebook ``wildcat-and-dinohistoria.txt`` ("The BIG CAT Game": the reward cards and
their demands) and classic Beggar-my-neighbour's penalties (``rules/wildcat.md``).
"""
from __future__ import annotations

from typing import Sequence

from ..cards import Card
from ..core import GameParameterError
from ..decks import wildcat_deck

__all__ = ["CLASSIC_SUITS", "PENALTY_LETTERS", "DEFAULT_PENALTIES", "DECKS", "MAX_PENALTY",
           "MAX_DEAL_CARDS", "classic_deck", "card_letter", "parse_deal_strings"]

CLASSIC_SUITS = ("spades", "hearts", "diamonds", "clubs")
_CLASSIC_COURT = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


def classic_deck() -> list[Card]:
    """The 52 playing cards of classic Beggar-my-neighbour, suit by suit: Ace (rank 1), 2-10,
    Jack 11, Queen 12, King 13; court cards and Aces carry their name ("King (hearts 13)")."""
    return [Card(s, r, _CLASSIC_COURT.get(r, "")) for s in CLASSIC_SUITS for r in range(1, 14)]


#: deal-string letter of each penalty card, by deck; "-" is a plain card
PENALTY_LETTERS: dict[str, dict[str, str]] = {
    "wildcat": {"Lion": "L", "Tiger": "T", "Wildcat": "W", "Jaguar": "J"},
    "classic": {"Ace": "A", "King": "K", "Queen": "Q", "Jack": "J"},
}
#: the rulebook's demands (wildcat.md) and classic Beggar-my-neighbour's penalties, by letter
DEFAULT_PENALTIES: dict[str, dict[str, int]] = {
    "wildcat": {"L": 5, "T": 3, "W": 2, "J": 1},
    "classic": {"A": 4, "K": 3, "Q": 2, "J": 1},
}
DECKS = {"wildcat": wildcat_deck, "classic": classic_deck}
MAX_PENALTY = 13
#: the most cards a deal given as strings may hold, all stacks together (20 decks)
MAX_DEAL_CARDS = 1040


def card_letter(card: Card, deck: str = "wildcat") -> str:
    """The deal-string character of ``card``: its penalty letter ("L" for a Lion), or "-"."""
    return PENALTY_LETTERS[deck].get(card.name, "-")


def parse_deal_strings(stacks: Sequence[str], deck: str = "wildcat") -> list[list[Card]]:
    """Cards for a deal given as strings, one per seat: "-" a plain card, a penalty letter
    (wildcat: L Lion, T Tiger, W Wildcat, J Jaguar; classic: A K Q J) a penalty card; first
    character = top of the stack.

    Physical cards are assigned in deck order (the first "-" read, seat by seat and top to bottom,
    is the deck's first plain card, and so on). A deal may hold more cards of a kind than the deck
    has (e.g. 52 plain cards): the extra cards are further copies (``Card.copy`` 1, 2, ...) of
    that kind's cards, so every card stays a distinct value.

    Returns:
        one list of Cards per seat, top first.

    Raises:
        GameParameterError: a character that is not "-" or one of the deck's penalty letters, or
            more than :data:`MAX_DEAL_CARDS` cards in all.
    """
    if sum(len(text) for text in stacks) > MAX_DEAL_CARDS:
        raise GameParameterError(f"a deal holds at most {MAX_DEAL_CARDS} cards in all")
    letters = PENALTY_LETTERS[deck]
    cards = DECKS[deck]()
    pools: dict[str, list[Card]] = {"-": [c for c in cards if c.name not in letters]}
    for name, letter in letters.items():
        pools[letter] = [c for c in cards if c.name == name]
    used = {k: 0 for k in pools}
    out = []
    for seat, text in enumerate(stacks):
        stack = []
        for ch in text:
            key = ch.upper() if ch != "-" else ch
            if key not in pools:
                raise GameParameterError(
                    f"deal for seat {seat}: {ch!r} is not a card; use '-' for a plain card or "
                    f"{', '.join(f'{v} ({k})' for k, v in letters.items())}"
                )
            pool, i = pools[key], used[key]
            base = pool[i % len(pool)]
            stack.append(base if i < len(pool) else Card(base.suit, base.rank, base.name, i // len(pool)))
            used[key] = i + 1
        out.append(stack)
    return out
