"""Pairs (the memory game) with the Wildcat or the Dinohistoria deck: the rules engine.

Source: the rulebook ``wildcat-and-dinohistoria.txt`` (``rules/README.md``) ("PAIRS") and the project's decisions in
``rules/wildcat.md`` ("Pairs"). In short: all cards lie face down in a grid. On a turn a player
turns over two cards, one at a time; if they have the same number the player keeps both and turns
again; otherwise both go face down again in place and play passes left. Most pairs wins; ties
share.

The board: ``copies`` cards of each of ``numbers`` numbers, laid out as a grid of ``copies`` rows
and ``numbers`` columns (4 x 13 for the whole Wildcat deck, 4 x 11 for Dinohistoria's Pairs deck).
``copies`` is the number of suits used, taken in the deck's suit order (red, blue, green, yellow),
so ``copies=2`` (the classic memory game) uses the red and blue cards only; ``numbers`` takes the
lowest numbers of the deck first (Wildcat: 1-9, 10, 20, 30, 50; Dinohistoria: 1-10, 25).

Each turn is two actions, "turn over card p" (``TurnOver(p)``; positions ``p`` count row by row
from 0 at the top left). The second card is resolved at once: a match goes to the player's pairs,
a miss goes face down again. What was seen is public: ``observation(seat)["seen"]`` maps every
face-down position whose face has been shown to its number, and ``["seen_turn"]`` to the turn when
it was last shown, for every seat,
and ``observation(seat)["last_turn"]`` names the two cards of the last turn (as text, since they
may be face down again). Computer players with imperfect memory forget on their own
(:mod:`catcards.agents.pairs`).

Readings the rule files leave open, decided here as a player would expect:

- With ``copies`` 4 any two cards of a number match, so a number gives two pairs. With ``copies``
  3 a number gives one pair and one card that can never be matched; the game ends as soon as no
  number has two cards left face down (the leftover cards stay on the table, scoring nothing).
- ``turns`` counts completed turns (two cards turned), matches included, for all players together;
  a solitaire game (1 player) is scored by pairs like any other, and its ``turns`` is the measure
  of how well it was played.
- The player to start is ``first_player`` (default seat 0); "passes left" is seat + 1.

Cards are small integers internally (index into the game's card list); the public API speaks
:class:`~catcards.cards.Card`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..cards import Card
from ..core import Action, Game, GameParameterError, Outcome, State, attribute_copier, card_names, is_whole, permutation, short_repr
from ..core.text import plural
from ..decks import DECKS, deck as make_deck
from ..params import Param
from ..registry import register
from ..seat_view import SeatView, observe
from .snap import card_index

__all__ = ["Pairs", "PairsState", "TurnOver", "TURN_OVER", "OBSERVATION_FIELDS"]

DOWN = "down"


@dataclass(frozen=True, eq=False)
class TurnOver(Action):
    """Turn over the face-down card at grid position ``position`` (row by row from 0).

    Actions are interned: ``TurnOver(p)`` always returns the same object for a position (a
    numpy integer ``p`` too), and equality is identity, which keeps the legality check of long
    random playouts fast.
    """

    position: int

    def __new__(cls, position: int = 0):
        if is_whole(position) and 0 <= position < len(_INTERNED):
            return _INTERNED[int(position)]
        return super().__new__(cls)

    def __post_init__(self) -> None:
        if is_whole(self.position) and type(self.position) is not int:  # numpy: the interned int
            object.__setattr__(self, "position", int(self.position))
        object.__setattr__(self, "_text", f"turn over card {short_repr(self.position)}")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"TurnOver({self.position})"

    def __reduce__(self):
        return (TurnOver, (self.position,))

    __eq__ = object.__eq__
    __hash__ = object.__hash__


_INTERNED: list[TurnOver] = []
#: interned actions, one per position (the largest board has 55 cards)
TURN_OVER: tuple[TurnOver, ...] = tuple(TurnOver(p) for p in range(64))
_INTERNED.extend(TURN_OVER)


def _number_count(deck: str, copies: int) -> int:
    """How many different numbers the ``deck`` has (13 Wildcat, 11 Dinohistoria)."""
    return len({c.rank for c in make_deck(deck, suits=copies)})


@register
class Pairs(Game):
    """Pairs (rulebook ``wildcat-and-dinohistoria.txt``, "PAIRS"; ``rules/wildcat.md``, "Pairs").

    Args:
        players: 1 to 6 (1 plays alone, counting turns).
        deck: ``"wildcat"`` (numbers 1-9, 10, 20, 30, 50) or ``"dinohistoria"`` (1-10, 25).
        copies: cards of each number, 2 to 4 (the number of suits used; default 4: the published
            Wildcat game and Dinohistoria's 4 x 11 grid; 2 is the classic memory game).
        numbers: how many numbers are used, lowest first, 1 up to 13 (Wildcat) or 11
            (Dinohistoria); default all. Small boards are for lessons and tests.
        first_player: the seat that turns first (default 0).

    Raises:
        GameParameterError: a parameter outside the ranges above.
    """

    name = "pairs"
    title = "Pairs"
    min_players = 1
    max_players = 6
    default_players = 2
    teaches = "memory and information; expected turns to clear the table (an exact recursion)"
    declared = (
        Param("deck", "wildcat", "the deck: Wildcat (numbers 1-9, 10, 20, 30, 50) or Dinohistoria (1-10, 25)",
              kind="choice", choices=tuple(sorted(DECKS))),
        Param("copies", 4, "cards of each number (4: the published game; 2: the classic memory game)",
              low=2, high=4),
        Param("numbers", None, "how many numbers are used, lowest first (small boards for lessons)",
              low=1, high=lambda g: _number_count(g.deck, g.copies), computed=lambda g: _number_count(g.deck, g.copies),
              default_text="all", allowed_text="a whole number from 1 to 13 (Wildcat) or 11 (Dinohistoria)", why=lambda g: f"with the {g.deck} deck"),
        Param("first_player", 0, "the seat that turns first", kind="seat"),
    )
    #: share of the contract test's random games this game asks for: a random playout of the
    #: default 52-card board is about 700 actions (ten times Snap's), and the per-step checks
    #: cost about a millisecond a step, so a quarter still checks 250 games per player count
    contract_scale = 0.25

    def __init__(
        self,
        players: int | None = None,
        deck: str = "wildcat",
        copies: int = 4,
        numbers: int | None = None,
        first_player: int = 0,
    ):
        super().__init__(players)
        self.set_params(deck=deck, copies=copies, numbers=numbers, first_player=first_player)
        full = make_deck(self.deck, suits=self.copies)
        used = set(sorted({c.rank for c in full})[: self.numbers])
        #: the board's cards in deck order; a card's index here is its internal id
        self.cards: tuple[Card, ...] = tuple(c for c in full if c.rank in used)
        self.ranks: tuple[int, ...] = tuple(c.rank for c in self.cards)
        #: what players call each card ("red 5"), by card id
        self.card_names: tuple[str, ...] = tuple(str(c) for c in self.cards)
        self._names = card_names(self.cards, suit_and_rank=True)
        self._index = {c: i for i, c in enumerate(self.cards)}

    @property
    def rows(self) -> int:
        """Rows of the grid (= copies)."""
        return self.copies

    @property
    def cols(self) -> int:
        """Columns of the grid (= numbers)."""
        return self.numbers

    @property
    def size(self) -> int:
        """Cards on the board: copies x numbers."""
        return self.copies * self.numbers

    def new_game(self, seed: int | None = None, deals: Sequence | None = None) -> "PairsState":
        """Lay out the board and return the state.

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: an explicit layout: the board's cards as names ("red 5", "Lion (red 50)" or
                "red 50") or Cards, row by row from the top left, either flat (``size`` names)
                or as ``rows`` lists of ``cols`` names. Without it the generator shuffles.

        Raises:
            GameParameterError: a layout of the wrong size, a card not on this board, or a card
                laid twice.
        """
        grid = None if deals is None else self._parse_deal(deals)
        return PairsState(self, seed, deals, grid)

    def _parse_deal(self, deal: Sequence) -> list[int]:
        if isinstance(deal, str) or not isinstance(deal, (list, tuple)):
            raise GameParameterError("deal: give the board's cards as a list of names, row by row")
        if deal and all(isinstance(r, (list, tuple)) for r in deal):
            if len(deal) != self.rows or any(len(r) != self.cols for r in deal):
                raise GameParameterError(f"deal: give {self.rows} rows of {self.cols} cards")
            deal = [c for r in deal for c in r]
        if len(deal) != self.size:
            raise GameParameterError(f"deal: the board has {self.size} cards ({self.rows} x {self.cols}), not {len(deal)}")
        ids, seen = [], set()
        for name in deal:
            i = card_index(self.cards, self._names, name, "deal", self._index)
            if i in seen:
                raise GameParameterError(f"deal: {self.cards[i]} is laid twice")
            seen.add(i)
            ids.append(i)
        return ids


class PairsState(State):
    """One game of Pairs. See :class:`Pairs` and the module docstring; the contract is
    :class:`catcards.core.State`.

    Extra attributes (read-only for users):
        grid: card id per position, None where a pair was taken.
        turned: the position turned over first in the turn under way, or None.
        pairs: per seat, the card ids taken, two by two.
        turns: completed turns (two cards turned), all players together; turn_counts: per seat.
        seen: position -> number for face-down cards whose face was seen; seen_turn: position ->
            the turn when it was last shown.
        last_turn: dict of the last completed turn (seat, positions, card names, match) or None.
    """

    game: Pairs

    # The state's own attributes are slots (State's few are in its dict): a clone, and so every
    # sampled world of catcards.odds, copies them by name (_shallow_copy below, see
    # core.attribute_copier) and keeps its attribute reads on CPython's fast path; a new
    # attribute is added here.
    __slots__ = (
        "grid", "turned", "pairs", "turns", "turn_counts", "seen", "seen_turn", "last_turn",
        "current_player", "_down", "_view", "_pair_cards", "_first_legal",
    )

    def __init__(self, game: Pairs, seed, deals, grid: list[int] | None):
        super().__init__(game, seed, deals)
        if grid is None:
            grid = permutation(self.rng, game.size)
        self.grid: list[int | None] = list(grid)
        self.turned: int | None = None
        self.pairs: list[list[int]] = [[] for _ in range(game.players)]
        self.turns = 0
        self.turn_counts = [0] * game.players
        self.seen: dict[int, int] = {}
        self.seen_turn: dict[int, int] = {}
        self.last_turn: dict[str, Any] | None = None
        self.current_player: int | None = game.first_player
        self._down = set(range(game.size))
        self._view: list = [DOWN] * game.size  # public grid: Card face up, DOWN, or None (taken)
        self._pair_cards: list[list[Card]] = [[] for _ in range(game.players)]
        self._first_legal: tuple = TURN_OVER[: game.size]  # the face-down cards' actions, by position
        self._outcome: Outcome | None = None
        # no row count: the table's grid wraps to the screen (rows of 5 on a phone), and the
        # rulebook's rows of ``cols`` would be false there (screen readers read this line too)
        self.log.append(
            f"{game.size} cards face down, numbered 0 to {game.size - 1}; seat {game.first_player} starts."
        )
        self._check_end()

    def _legal_actions(self) -> Sequence[Action]:
        if self._outcome is not None:
            return ()
        first = self._first_legal
        t = self.turned
        if t is None:
            return first
        i = first.index(TURN_OVER[t])
        return first[:i] + first[i + 1 :]

    def _why_illegal(self, action: Action) -> str:
        if not isinstance(action, TurnOver):
            return f"{short_repr(action)} is not a Pairs action (turn over card p)"
        p = action.position
        if not is_whole(p) or not 0 <= p < self.game.size:
            return f"there is no card {short_repr(p)} (positions 0 to {self.game.size - 1})"
        if self.grid[p] is None:
            return f"card {p} was already taken as part of a pair"
        return f"card {p} is already face up"

    def _apply(self, action: Action) -> None:
        p = action.position
        seat = self.current_player
        cards = self.game.cards
        names = self.game.card_names
        card = self.grid[p]
        if self.turned is None:
            self.turned = p
            self._view[p] = cards[card]
            self.log.append(f"Seat {seat} turns over card {p}: {names[card]}.")
            return
        q = self.turned
        first = self.grid[q]
        self.turned = None
        self.turns += 1
        self.turn_counts[seat] += 1
        match = self.game.ranks[first] == self.game.ranks[card]
        self.last_turn = {
            "seat": seat,
            "positions": (q, p),
            "cards": (names[first], names[card]),
            "match": match,
        }
        if match:
            self.grid[q] = self.grid[p] = None
            self._view[q] = self._view[p] = None
            self._down.discard(q)
            self._down.discard(p)
            legal = list(self._first_legal)
            legal.remove(TURN_OVER[q])
            legal.remove(TURN_OVER[p])
            self._first_legal = tuple(legal)
            self._pair_cards[seat].extend((cards[first], cards[card]))
            for x in (q, p):
                self.seen.pop(x, None)
                self.seen_turn.pop(x, None)
            self.pairs[seat].extend((first, card))
            self.log.append(f"Seat {seat} turns over card {p}: {names[card]}. A pair! Seat {seat} turns again.")
            self._check_end()
        else:
            self._view[q] = DOWN
            ranks = self.game.ranks
            self.seen[q] = ranks[first]
            self.seen[p] = ranks[card]
            self.seen_turn[q] = self.seen_turn[p] = self.turns
            self.current_player = (seat + 1) % self.game.players
            self.log.append(
                f"Seat {seat} turns over card {p}: {names[card]}. No match; both go face down again."
            )

    def _check_end(self) -> None:
        counts: dict[int, int] = {}
        ranks = self.game.ranks
        for p in self._down:
            r = ranks[self.grid[p]]
            counts[r] = counts.get(r, 0) + 1
            if counts[r] >= 2:
                return
        n = self.game.players
        got = [len(x) // 2 for x in self.pairs]
        most = max(got)
        winners = tuple(s for s in range(n) if got[s] == most)
        left = len(self._down)
        tail = f"; {left} unmatched card{'s' * (left != 1)} left" if left else ""
        if n == 1:
            reason = f"the table was cleared of pairs in {plural(self.turns, 'turn')}{tail}"
        else:
            reason = f"no pair is left to find after {plural(self.turns, 'turn')}{tail}; the most pairs ({most}) win"
        self._outcome = Outcome(winners, tuple(float(g) for g in got), reason)
        self.current_player = None
        self.log.append(f"Game over: {reason}.")

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator); all seats see the same public facts.

        Keys: ``seat``, ``players``, ``deck``, ``rows``, ``cols``, ``current_player``,
        ``grid`` (per position: the Card if face up now, "down" if face down, None if taken),
        ``turned`` (position of the first card of the turn under way, or None), ``face_down``
        (count), ``seen`` (face-down position -> number, for cards seen before), ``seen_turn``
        (face-down position -> turn when last shown), ``last_turn``
        (dict: seat, positions, cards as text, match; or None), ``pairs`` (per seat, list of Cards
        taken), ``pair_counts``, ``turns``, ``turn_counts``, ``legal`` (the seat to act only),
        ``log`` (last 12 lines), ``is_over``, ``outcome``. Built from :data:`OBSERVATION_FIELDS`,
        as :meth:`view`.

        Raises:
            GameParameterError: ``seat`` is not a seat of this game or None.
        """
        return observe(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def view(self, seat: int | None) -> SeatView:
        """:meth:`observation` read key by key (:class:`catcards.seat_view.SeatView`: each key
        computed when first read), valid until the next action: what the play loops give a
        computer player (the memory player reads 7 of its 20 keys).

        Raises:
            GameParameterError: ``seat`` is not a seat of this game or None.
        """
        return SeatView(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def zones(self) -> dict[str, list[Card]]:
        cards = self.game.cards
        t = self.turned
        z = {
            "face down": [cards[c] for p, c in enumerate(self.grid) if c is not None and p != t],
            "face up": [cards[self.grid[t]]] if t is not None else [],
        }
        for s, x in enumerate(self.pairs):
            z[f"pairs {s}"] = [cards[c] for c in x]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        return ["face down"]

    def _copy_mutables(self, other: "PairsState") -> None:
        other.grid = list(self.grid)
        other.pairs = [list(x) for x in self.pairs]
        other._view = list(self._view)
        other._pair_cards = [list(x) for x in self._pair_cards]
        other.turn_counts = list(self.turn_counts)
        other.seen = dict(self.seen)
        other.seen_turn = dict(self.seen_turn)
        other._down = set(self._down)
        other.last_turn = dict(self.last_turn) if self.last_turn is not None else None

    _shallow_copy = attribute_copier(State._core_fields + __slots__)


#: the fields of :meth:`PairsState.observation` (and :meth:`~PairsState.view`): key ->
#: ``field(state, seat)``, seat already checked (None: a spectator)
OBSERVATION_FIELDS: dict[str, Any] = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state.game.players,
    "deck": lambda state, seat: state.game.deck,
    "rows": lambda state, seat: state.game.rows,
    "cols": lambda state, seat: state.game.cols,
    "current_player": lambda state, seat: state.current_player,
    "grid": lambda state, seat: list(state._view),
    "turned": lambda state, seat: state.turned,
    "face_down": lambda state, seat: len(state._down) - (state.turned is not None),
    "seen": lambda state, seat: dict(state.seen),
    "seen_turn": lambda state, seat: dict(state.seen_turn),
    "last_turn": lambda state, seat: dict(state.last_turn) if state.last_turn is not None else None,
    "pairs": lambda state, seat: [list(x) for x in state._pair_cards],
    "pair_counts": lambda state, seat: [len(x) // 2 for x in state.pairs],
    "turns": lambda state, seat: state.turns,
    "turn_counts": lambda state, seat: list(state.turn_counts),
    "legal": lambda state, seat: state.legal_for(seat),
    "log": lambda state, seat: state.log[-12:],
    "is_over": lambda state, seat: state._outcome is not None,
    "outcome": lambda state, seat: state._outcome,
}
