"""The Big Cat Game: the rules engine (a Beggar-my-neighbour game, 2-4 players).

Source: the rulebook ``wildcat-and-dinohistoria.txt`` (``rules/README.md``) ("The BIG CAT Game": Deal, Play, Reward cards,
the Lion/Wildcat example, "Additional Rule (For 3 or 4 player game)", Winner) and the project's
decisions in ``rules/wildcat.md`` ("The Big Cat Game"). In short: the whole deck is dealt one card
at a time clockwise from the first player (the dealer's left); each stack is face down. Players in
turn lay their top card on the centre pile. A reward card demands cards from the next player
(Lion 5, Tiger 3, Wildcat 2, Jaguar 1); a reward card laid while paying cancels the rest of that
demand and makes a new one for the next player. When a demand is paid in full with ordinary cards,
the player who laid the last reward card takes the whole pile to the bottom of their stack (first
laid nearest the top) and starts the next trick. The player who wins all the cards wins.

There are no decisions: each card laid is the action ``lay`` of the player to lay, and taking the
pile is the action ``take the pile`` of the player who takes it (so a table can show the finished
trick before it is swept away). ``play_out`` runs a game to its end.

The penalty table is a parameter (``penalties``), and ``deck="classic"`` is classic
Beggar-my-neighbour (52 playing cards, Jack 1, Queen 2, King 3, Ace 4, 36 plain cards), so the
published records can be replayed (tests/games/test_big_cat.py).

Counting (``rules/wildcat.md``, "Counting"): ``cards_played`` counts every card laid on the centre
pile; ``tricks`` counts every time a pile is taken, including the last pile taken by the winner.

Running out (``rules/wildcat.md``): a player is out when it is their turn to lay and their stack is
empty, and after a pile is taken every player with no cards is out. The player who was paying a
demand when they ran out is out and the next player still in pays the rest of that same demand
(rulebook example, 3-4 players). When only one player is still in, that player takes the centre
pile (a trick) and wins. With 2 players this is the decision file's rule: when the player to lay
has no cards the other player takes the pile and wins, and the game ends at once when, after a pile
is taken, a player has no cards.

Readings the rule files leave open, decided here as a player would expect:

- A player who lays a reward card with their last card is not out yet: they may still take the
  pile if the demand is paid. They are out only if play comes round to them to lay (or a pile is
  taken by someone else while their stack is empty).
- When no reward card has been laid in a trick, nobody is owed the pile: ordinary cards go on
  round the table until a reward card appears (or only one player is left, who takes the pile).
- A random deal gives card ``k`` of the shuffled deck to seat ``(first_player + k) % players``,
  each card going under the ones that seat already has (first card dealt = top of the stack), so
  with 3 players the first player has the extra card.

Cycle detection (what counts as "the same state"): at the start of every trick (the centre pile
is empty, no demand, a seat about to lead) the engine records the seat to lead and, for every
seat, the sequence of penalty values in its stack from top to bottom. Cards with the same penalty
are interchangeable (the game's course depends only on penalties), and play from a trick start is
fully determined by that record, so when a record repeats the game would repeat forever: it ends
at once, reported as non-terminating (``outcome.winners == ()``, ``state.terminated is False``).

Cards are small integers internally (index into ``state.cards``) so that a random 52-card game is
fast; the public API speaks :class:`~catcards.cards.Card`. The decks and the deal strings are
in :mod:`catcards.games.big_cat_deck` (re-exported here).

Why one module of about 570 lines: it is the game and its state, whose turn flow (demands,
running out, taking the pile, cycle detection) is one piece read against the rules above; about a
tenth is this docstring.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Sequence


from ..cards import Card
from ..core import (
    Action,
    FixedAction,
    Game,
    GameParameterError,
    Outcome,
    State,
    card_names,
    find_card,
    is_whole,
    parse_hands,
    short_repr,
    permutation,
)
from ..params import Param
from ..registry import register
from .big_cat_deck import (  # noqa: F401 (re-exported: the public names are catcards.games.big_cat's)
    CLASSIC_SUITS,
    DECKS,
    DEFAULT_PENALTIES,
    MAX_DEAL_CARDS,
    MAX_PENALTY,
    PENALTY_LETTERS,
    card_letter,
    classic_deck,
    parse_deal_strings,
)

__all__ = [
    "BigCat",
    "BigCatState",
    "Lay",
    "TakePile",
    "LAY",
    "TAKE",
    "DECKS",
    "PENALTY_LETTERS",
    "DEFAULT_PENALTIES",
    "classic_deck",
    "card_letter",
    "parse_deal_strings",
]



_DECK_TABLES: dict[tuple, tuple] = {}


def _deck_tables(game: "BigCat") -> tuple:
    """The game's deck (tuple of Cards, deck order) and, per deck index, its penalty, deal letter
    and text: built once per deck and penalty table (Cards are immutable)."""
    key = (game.deck, tuple(sorted(game.penalties.items())))
    tables = _DECK_TABLES.get(key)
    if tables is None:
        deck = tuple(DECKS[game.deck]())
        tables = _DECK_TABLES[key] = (
            deck,
            tuple(game.penalty_of(c) for c in deck),
            tuple(card_letter(c, game.deck) for c in deck),
            tuple(str(c) for c in deck),
        )
    return tables


@dataclass(frozen=True)
class Lay(FixedAction):
    """Turn the top card of your stack face up onto the centre pile."""

    text = "lay"


@dataclass(frozen=True)
class TakePile(FixedAction):
    """Take the centre pile to the bottom of your stack (the demand on your reward card is paid,
    or you are the last player in)."""

    text = "take the pile"


LAY = Lay()
TAKE = TakePile()
_LAY_ONLY = (LAY,)
_TAKE_ONLY = (TAKE,)


@register
class BigCat(Game):
    """The Big Cat Game (rulebook ``wildcat-and-dinohistoria.txt``; ``rules/wildcat.md``).

    Args:
        players: 2 to 4.
        deck: "wildcat" (the Wildcat deck: 4 colours of 1-9, Jaguar 10, Wildcat 20, Tiger 30,
            Lion 50) or "classic" (52 playing cards: classic Beggar-my-neighbour).
        penalties: cards demanded by each penalty card, keyed by its deal letter. Default: the
            deck's own table (wildcat {"L": 5, "T": 3, "W": 2, "J": 1}; classic {"A": 4, "K": 3,
            "Q": 2, "J": 1}). A partial dict changes only the letters it names
            (``penalties={"L": 4}`` makes the Wildcat game classic Beggar-my-neighbour in all but
            the names). 0 makes a card ordinary; at most 13.
        first_player: the seat on the dealer's left, who is dealt to first and lays first
            (default 0).

    Raises:
        GameParameterError: any parameter outside the ranges above.
    """

    name = "big-cat"
    title = "The Big Cat Game"
    min_players = 2
    max_players = 4
    default_players = 2
    teaches = "a game with no decisions: length distributions, first-player advantage, cycles"
    declared = (
        Param("deck", "wildcat", "the deck: the Wildcat deck or 52 classic playing cards",
              kind="choice", choices=tuple(DECKS)),
        Param("penalties", None, "cards demanded by each penalty card, by its deal letter "
              "(a partial dict changes only the letters it names; 0 makes a card ordinary)",
              kind="custom", check=lambda g, v: g._penalty_table(v),
              default_text="the deck's own table", allowed_text="a dict of letters to 0-13, e.g. {\"L\": 4}", computed=lambda g: {}),
        Param("first_player", 0, "the seat on the dealer's left: dealt to first, lays first", kind="seat"),
    )

    def __init__(
        self,
        players: int | None = None,
        deck: str = "wildcat",
        penalties: dict[str, int] | None = None,
        first_player: int = 0,
    ):
        super().__init__(players)
        self.set_params(deck=deck, penalties=penalties, first_player=first_player)

    def _penalty_table(self, penalties: Any) -> dict[str, int]:
        """The penalty table: the deck's own, with the letters ``penalties`` names changed."""
        table = dict(DEFAULT_PENALTIES[self.deck])
        if not isinstance(penalties, dict):
            raise GameParameterError(
                f"{self.title}: penalties must be a dict like {DEFAULT_PENALTIES[self.deck]}, "
                f"not {short_repr(penalties)}"
            )
        for key, value in penalties.items():
            if not isinstance(key, str) or key not in table:
                raise GameParameterError(
                    f"{self.title}: {short_repr(key)} is not a penalty card of the {self.deck} deck; "
                    f"the letters are {', '.join(table)}"
                )
            if not is_whole(value) or not 0 <= value <= MAX_PENALTY:
                raise GameParameterError(
                    f"{self.title}: the penalty of {key} must be a whole number from 0 to "
                    f"{MAX_PENALTY}, not {short_repr(value)}"
                )
            table[key] = int(value)
        return table

    @property
    def is_classic(self) -> bool:
        """True for classic Beggar-my-neighbour's table (Jack 1, Queen 2, King 3, Ace 4) on any
        deck: the Wildcat deck with the Lion at 4 plays exactly the classic game."""
        return sorted(self.penalties.values()) == [1, 2, 3, 4]

    def penalty_of(self, card: Card) -> int:
        """Cards demanded by ``card`` (0 for an ordinary card)."""
        letter = PENALTY_LETTERS[self.deck].get(card.name)
        return self.penalties[letter] if letter else 0

    def new_game(self, seed: int | None = None, deals: Sequence | None = None) -> "BigCatState":
        """Deal and return the state.

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`); it shuffles the deck
                when no deal is given.
            deals: an explicit deal: a list of ``players`` stacks, top card first, either all
                strings (``"-L--W"``: "-" plain, penalty letters, see :func:`parse_deal_strings`)
                or all lists of card names (``["Lion (red 50)", "red 2"]``, distinct cards of the
                deck; cards not named are out of the game). Every stack needs at least one card.

        Raises:
            GameParameterError: wrong number of stacks, an empty stack, an unknown card or
                letter, a card dealt twice, or strings mixed with lists.
        """
        stacks = None if deals is None else self._parse_deal(deals)
        return BigCatState(self, seed, deals, stacks)

    def _parse_deal(self, deals: Sequence) -> list[list[Card]]:
        if isinstance(deals, (str, bytes)) or not isinstance(deals, (list, tuple)) or len(deals) != self.players:
            raise GameParameterError(
                f"{self.title}: deals must be a list of {self.players} stacks (one per seat, top "
                f"card first), not {short_repr(deals)}"
            )
        if all(isinstance(s, str) for s in deals):
            stacks = parse_deal_strings(deals, self.deck)
        elif all(isinstance(s, (list, tuple)) for s in deals):
            deck = DECKS[self.deck]()
            names, index = card_names(deck), {c: i for i, c in enumerate(deck)}
            unknown = f"a card of the {self.deck} deck (e.g. {str(deck[0])!r})"
            ids = parse_hands(
                deals, self.players, lambda name: find_card(name, names, index, "deal", str(deck[0]), unknown),
                deck.__getitem__, "deal", what="stacks", hint="one per seat, top card first",
                seat_where="deal for seat {seat}",  # as the string deals and the empty stack say it
            )
            stacks = [[deck[i] for i in stack] for stack in ids]
        else:
            raise GameParameterError(
                f"{self.title}: give every stack as a string ('-L--W') or every stack as a list "
                "of card names, not a mixture"
            )
        for seat, stack in enumerate(stacks):
            if not stack:
                raise GameParameterError(f"deal for seat {seat}: every stack needs at least one card")
        return stacks


class BigCatState(State):
    """One game of The Big Cat Game. See :class:`BigCat` and the module docstring for the rules;
    the contract is :class:`catcards.core.State`.

    Extra attributes (read-only for users):
        cards: every card of this game (a card's internal id is its index here).
        stacks: per seat, a deque of card ids, top first (hidden: use ``observation``).
        pile: card ids on the centre pile, first laid first.
        demand: cards still owed to the last reward card (0: no demand in progress).
        demand_by: seat that laid the last reward card (None before one is laid this trick).
        cards_played, tricks: the counts of ``rules/wildcat.md``.
        out: per seat, True once the seat is out.
        terminated: None while running; True when someone won; False when the game cycles.
        initial_deal: the deal as strings, one per seat (``deal_strings`` format).
        trick_starts: the ``cards_played`` count at the start of each trick (for plots).
    """

    game: BigCat

    def __init__(self, game: BigCat, seed, deals, stacks: list[list[Card]] | None):
        super().__init__(game, seed, deals)
        n = game.players
        if stacks is None:  # a random deal: the deck's cards, penalties and texts looked up
            deck, pens, letters, texts = _deck_tables(game)
            order = permutation(self.rng, len(deck))
            where = [[] for _ in range(n)]  # deck indices, per seat
            for k, i in enumerate(order):
                where[(game.first_player + k) % n].append(i)
            flat = [i for s in where for i in s]
            self.cards: tuple[Card, ...] = tuple(deck[i] for i in flat)
            self._pen: tuple[int, ...] = tuple(pens[i] for i in flat)
            self._text: tuple[str, ...] = tuple(texts[i] for i in flat)
            self.initial_deal: list[str] = ["".join(letters[i] for i in s) for s in where]
            sizes = [len(s) for s in where]
        else:
            self.cards = tuple(c for s in stacks for c in s)
            self._pen = tuple(game.penalty_of(c) for c in self.cards)
            self._text = tuple(str(c) for c in self.cards)
            self.initial_deal = ["".join(card_letter(c, game.deck) for c in s) for s in stacks]
            sizes = [len(s) for s in stacks]
        # card id -> penalty as a bytes table, so a trick start's record is built in C
        self._pen_bytes = bytes(self._pen) + bytes(256 - len(self._pen)) if len(self._pen) <= 256 else None
        ids, k = [], 0
        for size in sizes:
            ids.append(deque(range(k, k + size)))
            k += size
        self.stacks: list[deque[int]] = ids
        self.pile: list[int] = []
        self.demand = 0
        self.demand_by: int | None = None
        self.cards_played = 0
        self.tricks = 0
        self.out = [False] * n
        self.terminated: bool | None = None
        self.trick_starts: list[int] = []
        self._taking = False
        self._outcome: Outcome | None = None
        self._seen: dict[tuple, int] = {}
        self.current_player: int | None = game.first_player
        self.log.append(
            f"{game.title}, {n} players: "
            + ", ".join(f"seat {s} has {len(st)}" for s, st in enumerate(self.stacks))
            + f" cards. Seat {game.first_player} lays first."
        )
        self._start_trick(game.first_player)

    # ---- contract -----------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        if self.current_player is None:
            return ()
        return _TAKE_ONLY if self._taking else _LAY_ONLY

    def _why_illegal(self, action: Action) -> str:
        seat = self.current_player
        if isinstance(action, Lay):
            return f"seat {seat} takes the pile now, before anyone lays again"
        if isinstance(action, TakePile):
            if self.demand:
                return (
                    f"the demand is not paid yet: seat {seat} must lay {self.demand} more "
                    f"card{'s' * (self.demand != 1)}"
                )
            return "no one has won the pile yet: lay a card"
        return f"{short_repr(action)} is not a Big Cat action (the actions are 'lay' and 'take the pile')"

    def _apply(self, action: Action) -> None:
        if self._taking:
            self._take()
            return
        seat = self.current_player
        c = self.stacks[seat].popleft()
        self.pile.append(c)
        self.cards_played += 1
        v = self._pen[c]
        if v:
            self.demand = v
            self.demand_by = seat
            self.log.append(
                f"Seat {seat} lays {self._text[c]}: the next player must lay {v} card{'s' * (v != 1)}."
            )
            nxt = seat + 1
        elif self.demand:
            self.demand -= 1
            if self.demand == 0:
                self.log.append(
                    f"Seat {seat} lays {self._text[c]}; the demand is paid: seat {self.demand_by} "
                    "wins the pile."
                )
                self._taking = True
                self.current_player = self.demand_by
                return
            self.log.append(f"Seat {seat} lays {self._text[c]} ({self.demand} more to pay).")
            nxt = seat
        else:
            self.log.append(f"Seat {seat} lays {self._text[c]}.")
            nxt = seat + 1
        # the seat to lay next: usually ``nxt`` itself (in, with cards); else the search
        if nxt == self.game.players:
            nxt = 0
        if self.out[nxt] or not self.stacks[nxt]:
            nxt = self._next_to_lay(nxt)
        if nxt is None:  # only one player is still in: they take the pile and win
            self._taking = True
            self.current_player = self._last_in()
        else:
            self.current_player = nxt

    def _next_to_lay(self, seat: int) -> int | None:
        """The seat that lays next, starting the search at ``seat``: seats already out are
        skipped; a seat in with an empty stack is out now (logged). None when only one player
        is still in."""
        n = self.game.players
        out, stacks = self.out, self.stacks
        for k in range(n + 1):
            s = (seat + k) % n
            if out[s]:
                continue
            if stacks[s]:
                return s
            self._knock_out(s)
            if self.out.count(False) <= 1:
                return None
        return None  # pragma: no cover - every seat out cannot happen

    def _knock_out(self, seat: int) -> None:
        self.out[seat] = True
        owed = self.demand
        if self.out.count(False) == 1:
            more = f": seat {self._last_in()} is the last player in"
        elif owed:
            more = f"; the next player still in pays the {owed} card{'s' * (owed != 1)} owed"
        else:
            more = ""
        self.log.append(f"Seat {seat} has no cards left and is out{more}.")

    def _last_in(self) -> int:
        return self.out.index(False)

    def _take(self) -> None:
        seat = self.current_player
        pile = self.pile
        self.stacks[seat].extend(pile)
        self.tricks += 1
        self.log.append(
            f"Seat {seat} takes the pile ({len(pile)} card{'s' * (len(pile) != 1)}) and now has "
            f"{len(self.stacks[seat])}."
        )
        self.pile = []
        self.demand = 0
        self.demand_by = None
        self._taking = False
        for s in range(self.game.players):
            if not self.out[s] and not self.stacks[s]:
                self._knock_out(s)
        if self.out.count(False) <= 1:
            self._finish(seat)
        else:
            self._start_trick(seat)

    def _start_trick(self, leader: int) -> None:
        self.current_player = leader
        table = self._pen_bytes
        if table is not None:  # the penalties of every stack, top first, as bytes
            key = (leader, *(bytes(st).translate(table) for st in self.stacks))
        else:  # more than 256 cards
            pen = self._pen
            key = (leader, *(bytes(pen[c] for c in st) for st in self.stacks))
        self.trick_starts.append(self.cards_played)
        first = self._seen.get(key)
        if first is not None:
            self.terminated = False
            self.current_player = None
            counts = tuple(len(s) for s in self.stacks)
            reason = (
                f"the game cycles: the start of trick {self.tricks + 1} repeats the start of trick "
                f"{first + 1} (same seat to lead, same penalty cards in the same order in every "
                f"stack), so it would go on forever ({self.cards_played} cards played, "
                f"{self.tricks} tricks so far)"
            )
            self._outcome = Outcome((), counts, reason)
            self.log.append(f"Game over: {reason}.")
            return
        self._seen[key] = self.tricks

    def _finish(self, winner: int) -> None:
        self.terminated = True
        self.current_player = None
        n_cards = len(self.cards)
        reason = (
            f"seat {winner} wins all {n_cards} cards after {self.cards_played} "
            f"card{'s' * (self.cards_played != 1)} played and {self.tricks} "
            f"trick{'s' * (self.tricks != 1)}"
        )
        self._outcome = Outcome((winner,), tuple(len(s) for s in self.stacks), reason)
        self.log.append(f"Game over: {reason}.")

    # ---- helpers ------------------------------------------------------------------------------
    def play_out(self, max_actions: int | None = None) -> "BigCatState":
        """Apply every remaining action (the game has no decisions) and return the state.

        Args:
            max_actions: stop after this many actions (None: play to the end; a game always ends,
                cycles included).
        """
        k = 0
        while self.current_player is not None and (max_actions is None or k < max_actions):
            self.apply(self.legal_actions()[0])
            k += 1
        return self

    def result(self) -> dict[str, Any]:
        """The game's numbers as a dict: ``cards_played``, ``tricks``, ``winner`` (seat, or None
        while running or when it cycles), ``terminated`` (True/False, None while running)."""
        out = self._outcome
        return {
            "cards_played": self.cards_played,
            "tricks": self.tricks,
            "winner": out.winners[0] if out is not None and out.winners else None,
            "terminated": self.terminated,
        }

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator); every seat sees the same, since stacks are face
        down for everyone. Keys: ``seat``, ``players``, ``current_player``, ``stack_sizes``,
        ``out``, ``pile`` (Cards, first laid first), ``top``, ``demand`` (cards still owed),
        ``demand_by`` (seat owed them), ``taking`` (the current player is taking the pile),
        ``cards_played``, ``tricks``, ``penalties``, ``legal`` (seat to act only), ``is_over``,
        ``outcome``. The public log is ``state.log`` (not copied here: a game can run to
        thousands of lines, and the observation is built at every card).

        Raises:
            GameParameterError: ``seat`` not a seat of this game nor None.
        """
        n = self.game.players
        seat = self.check_seat(seat)
        cards, pile = self.cards, self.pile
        return {
            "seat": seat,
            "players": n,
            "current_player": self.current_player,
            "stack_sizes": [len(s) for s in self.stacks],
            "out": list(self.out),
            "pile": [cards[c] for c in pile],
            "top": cards[pile[-1]] if pile else None,
            "demand": self.demand,
            "demand_by": self.demand_by,
            "taking": self._taking,
            "cards_played": self.cards_played,
            "tricks": self.tricks,
            "penalties": dict(self.game.penalties),
            "legal": self.legal_for(seat),
            "is_over": self.is_over,
            "outcome": self._outcome,
        }

    def zones(self) -> dict[str, list[Card]]:
        z = {f"stack {s}": [self.cards[c] for c in st] for s, st in enumerate(self.stacks)}
        z["pile"] = [self.cards[c] for c in self.pile]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        """Every stack, for every seat: stacks are face down, even to their owner."""
        return [f"stack {s}" for s in range(self.game.players)]

    def deal_strings(self) -> list[str]:
        """The stacks now as deal strings ("-" plain, penalty letters), top first. This shows
        hidden cards: for analysis and lessons, never for a player's view."""
        return ["".join(card_letter(self.cards[c], self.game.deck) for c in st) for st in self.stacks]

    def _copy_mutables(self, other: "BigCatState") -> None:
        other.stacks = [deque(s) for s in self.stacks]
        other.pile = list(self.pile)
        other.out = list(self.out)
        other.trick_starts = list(self.trick_starts)
        other._seen = dict(self._seen)
        other.initial_deal = list(self.initial_deal)
