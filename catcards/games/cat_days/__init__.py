"""Cat Days: the rules engine (2 players, a week of cats each).

Source: ``rulebooks/cat-days.txt`` ("Setup", "The Game", "Card Clarifications", "End of the Game")
and the project's decisions and deck in ``rules/cat-days.md``. In short: each player has a week,
Monday..Sunday, and starts with a Cat Tree in hand plus 4 cards dealt from the shuffled draw pile.
Players alternate; a turn is one action: draw the top card of the draw pile (an empty draw pile is
first refilled by shuffling the discard pile), or play a card whose *whole* text can be carried
out. Cats go on days, each by its own placement text; events take effect and are discarded, except
the Cardboard Box and the Cat Tree, which stay on their day. The game ends the moment a player has
a cat on each day of their week; each week scores the points of its visible cats; the higher total
wins and equal totals share the victory.

The deck is data, not code: ``catcards/data/cat_days_deck.csv`` (the project's deck from
``rules/cat-days.md``; see :func:`load_deck` for the format). A teacher can edit a copy and play
it with ``catcards.load("cat-days", deck="my_deck.csv")``; a mistake in the file raises
:class:`DeckError` naming the line and card.

Readings the rule files leave open, decided here as a player would expect:

- "Empty day" for a cat: a day holding no cat whose place is free: nothing on it, a Cardboard Box
  emptied by a Vacuum Cleaner or Water Spray (the next cat goes into the box), or a Cat Tree with
  fewer than three cats (``rules/cat-days.md``: cats on a tree still meet their own text). The Cat
  Tree and the Cardboard Box themselves need a day with no card at all.
- A *neighbouring* day is "empty" when it holds no cat (an empty Cat Tree or box counts as empty).
  Monday and Sunday have one neighbour each: the Shy Cat needs just that one empty, and the
  Playful Cat (both neighbours must hold a cat) can never go there.
- "The visible top cat" of a Cat Tree day is any one of its cats (they stand side by side, none
  covers another); of any other day, the top of its stack.
- Grumpy Cat may cover any visible cat not on a Cat Tree, another Grumpy Cat and a cat in a
  Cardboard Box included. When Grumpy Cat leaves (Vacuum Cleaner, Water Spray, taken into a box),
  the cat under it is visible again. Yarn Ball swaps two cats *place for place*: a cat swapped for
  a Grumpy Cat takes its place on top of the covered cat, which stays covered.
- Catnip ("draw 2") can be played only if 2 cards can be drawn from the draw pile and the discard
  pile together (Catnip itself reaches the discard pile after its effect). A player passes only
  when they can neither play nor draw; if both players pass in a row nothing can ever change, so
  the game ends there and is scored as it stands (the same result the turn limit would give).
- A card that puts a cat on the *opponent's* week (Rescued Cat on their day) can fill that week:
  the game then ends at once, and both weeks are scored.
- Cards are dealt in a block of 4 to each player from the top of the shuffled draw pile, first to
  ``first_player``; the deal is uniformly random either way.
- ``rules/cat-days.md`` heads its deck "36 cards; plus 2 Cat Trees", but its table lists 34 cards
  for the draw pile; the table is followed (34 + 2 Cat Trees = 36 cards in play).

The package: :mod:`.deck` (the deck file, :class:`Deck`), :mod:`.actions`, :mod:`.weeks` (the
days, :class:`Weeks`, with bit masks of the days that hold a cat, are bare, ...), :mod:`.plays`
(the placing rules: every legal play of a card, from those masks, each play built once per deck
and reused), :mod:`.deals` (explicit positions) and :mod:`.engine` (:class:`CatDays`,
:class:`CatDaysState`); every public name is importable from here.

Actions: :class:`Draw` ("draw a card"), :class:`Play` ("play Lazy Cat on my Tuesday", "play
Cardboard Box on my Friday taking Shy Cat from their Monday"), :class:`Pass` ("pass", only when
nothing else is legal). Identical copies in a hand give one action: the lowest copy is played.
"""
from __future__ import annotations

from .actions import DRAW, PASS, Draw, Pass, Play
from .deck import (
    DAYS,
    DEAL_SIZE,
    DEFAULT_DECK_FILE,
    TREE_CAPACITY,
    CardKind,
    Deck,
    DeckError,
    load_deck,
    parse_deck,
)
from .engine import CatDays, CatDaysState
from .weeks import Weeks

__all__ = [
    "CatDays",
    "CatDaysState",
    "Play",
    "Draw",
    "Pass",
    "DRAW",
    "PASS",
    "DAYS",
    "Deck",
    "CardKind",
    "DeckError",
    "Weeks",
    "load_deck",
    "parse_deck",
    "DEFAULT_DECK_FILE",
    "TREE_CAPACITY",
    "DEAL_SIZE",
]
