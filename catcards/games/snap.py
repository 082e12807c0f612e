"""Snap with the Wildcat or the Dinohistoria deck: the rules engine.

Source: the rulebook ``wildcat-and-dinohistoria.txt`` (``rules/README.md``) ("SNAP") and the project's decisions in
``rules/wildcat.md`` ("Snap"). In short: the whole deck is dealt clockwise starting at the dealer's
left (``first_player``); each player keeps a face-down stack. In turn, players turn their top card
onto the centre pile. When the new top card has the same number as the card directly beneath it,
a snap is showing: the first player to call "Snap" takes the whole centre pile to the bottom of
their stack and turns the next card. A call when no snap is showing is a false snap: the caller
gives their top card to the centre pile. A player with no cards is out unless they win the next
snap. The player who wins all the cards wins; a game that reaches ``max_turns`` turned cards ends
with the most cards winning.

The engine is turn-based (the race is an action). ``current_player`` is the seat whose turn it is
to turn a card (when nobody holds a card but a snap is showing, the seat that turned last, and only
snap calls are legal), but :meth:`SnapState.legal_actions` also offers ``Snap(k)`` ("snap by seat
k") for every seat ``k`` still in the game, at every moment: a real snap while a snap is showing,
a false snap otherwise (penalised, not forbidden). Who wins a real race is decided outside the
engine: by the human's button and the computer players' reaction times in the widget table, and by
the reaction-time model of :mod:`catcards.agents.snap` in simulations.

Readings the rule files leave open, decided here as a player would expect:

- The false-snap penalty card goes face down *under* the centre pile: it does not change the two
  face-up cards on top, so it can neither make nor spoil a snap, and nobody sees it. It is won with
  the pile.
- A player with no cards may still call a real snap (and so come back). A false snap by a player
  with no cards cannot be paid: that player is out at once.
- When a real snap is won, every other player with no cards is out ("out unless they win the next
  snap").
- A player with no cards is skipped when turning. If nobody holds a card and no snap is showing,
  the last player to run out of cards takes the centre pile and so holds all the cards: they
  win.
- The winner of a snap takes the pile by turning it over and putting it under their stack: the
  first card that was turned (then the penalty cards under it, which are turned over first) comes
  up first. Precisely, the centre pile listed bottom to top (penalty cards first) is appended to
  the bottom of the winner's stack in that order.
- The turn limit counts turned cards. The game ends right after card number ``max_turns`` is
  turned (a snap showing on that card is not played); cards in the centre count for no one.
- Dinohistoria Snap uses the whole 55-card deck (5 suits); Wildcat Snap the whole 52-card deck.

Cards are small integers internally (index into the game's deck); the public API speaks
:class:`~catcards.cards.Card`.
"""
from __future__ import annotations

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
from ..core.text import plural
from ..decks import DECKS, deck as make_deck
from ..params import Param
from ..registry import register
from ..seat_view import SeatView, observe

__all__ = ["Snap", "SnapState", "Flip", "CallSnap", "FLIP", "SNAPS", "DEFAULT_MAX_TURNS", "card_index",
           "OBSERVATION_FIELDS"]

DEFAULT_MAX_TURNS = 2000
IN, WAITING, OUT = "in", "no cards", "out"


@dataclass(frozen=True)
class Flip(FixedAction):
    """The player to move turns the top card of their stack onto the centre pile."""

    text = "turn"


@dataclass(frozen=True)
class CallSnap(Action):
    """Seat ``seat`` calls "Snap" (a real snap when one is showing, else a false snap).

    Any seat still in the game may take this action, not only ``current_player``.
    """

    seat: int

    def __str__(self) -> str:
        return f"snap by seat {self.seat}"

    def __repr__(self) -> str:
        return f"CallSnap({self.seat})"


FLIP = Flip()
#: interned snap calls, one per seat
SNAPS: tuple[CallSnap, ...] = tuple(CallSnap(s) for s in range(6))


def card_index(cards: Sequence[Card], names: dict[str, int], name: str | Card, where: str,
               index: dict[Card, int] | None = None) -> int:
    """Index in ``cards`` of the card called ``name`` ("red 5", "Lion (red 50)" or "red 50"),
    compared through :func:`catcards.core.normal_name` (case, spaces and Unicode form do not
    matter); ``names`` is the deck's :func:`catcards.core.card_names` with ``suit_and_rank``,
    ``index`` its Card -> index table (built from ``cards`` when not given).

    Raises:
        GameParameterError: ``name`` is not text or a Card, or no card of this deck has that name
            (:func:`catcards.core.find_card`).
    """
    if index is None:
        index = {c: i for i, c in enumerate(cards)}
    last = cards[-1]
    unknown = f"a card of this deck (names look like 'red 5', '{last}' or '{last.suit} {last.rank}')"
    return find_card(name, names, index, where, "red 5", unknown)


@register
class Snap(Game):
    """Snap (rulebook ``wildcat-and-dinohistoria.txt``, "SNAP"; ``rules/wildcat.md``, "Snap").

    Args:
        players: 2 to 6.
        deck: ``"wildcat"`` (52 cards, numbers 1-9, 10, 20, 30, 50, four of each) or
            ``"dinohistoria"`` (55 cards, numbers 1-10 and 25, five of each).
        first_player: the seat on the dealer's left: dealt the first card and turns first
            (default 0).
        max_turns: turned cards after which the game ends with the most cards winning
            (default 2000; at least 1).

    Raises:
        GameParameterError: a parameter outside the ranges above.
    """

    name = "snap"
    title = "Snap"
    min_players = 2
    max_players = 6
    default_players = 2
    teaches = "the chance of a snap on each turn; expected snaps in a game; reaction time and win rate"
    declared = (
        Param("deck", "wildcat", "the deck: Wildcat (52 cards) or Dinohistoria (55)",
              kind="choice", choices=tuple(sorted(DECKS))),
        Param("first_player", 0, "the seat on the dealer's left: dealt the first card, turns first", kind="seat"),
        Param("max_turns", DEFAULT_MAX_TURNS, "turned cards after which the most cards win", low=1),
    )

    def __init__(
        self,
        players: int | None = None,
        deck: str = "wildcat",
        first_player: int = 0,
        max_turns: int = DEFAULT_MAX_TURNS,
    ):
        super().__init__(players)
        self.set_params(deck=deck, first_player=first_player, max_turns=max_turns)
        #: the deck's cards; a card's index here is its internal id
        self.cards: tuple[Card, ...] = tuple(make_deck(deck))
        #: printed number of each card id
        self.ranks: tuple[int, ...] = tuple(c.rank for c in self.cards)
        #: what players call each card ("red 5"), by card id
        self.card_names: tuple[str, ...] = tuple(str(c) for c in self.cards)
        self._names = card_names(self.cards, suit_and_rank=True)
        self._index = {c: i for i, c in enumerate(self.cards)}

    def deal_order(self, order: Sequence[int]) -> list[list[int]]:
        """Stacks (card ids, top first) from a shuffled deck ``order``: card ``i`` of the order goes
        to seat ``(first_player + i) % players``, so the first card dealt ends at the top."""
        n, f = self.players, self.first_player
        order = [int(c) for c in order]
        return [order[(s - f) % n :: n] for s in range(n)]  # seat s gets cards i = s - f (mod n)

    def new_game(self, seed: int | None = None, deals: Sequence | None = None) -> "SnapState":
        """Deal and return the state.

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: an explicit deal, a list with one stack per seat, each a list of card names
                ("red 5", "Lion (red 50)" or "red 50") or Cards, top card first. Cards of the
                deck that are not named are left out of the game (so a stacked-deck test may use
                a few cards). Without it the generator shuffles the whole deck and deals it
                clockwise from ``first_player``.

        Raises:
            GameParameterError: a deal with the wrong number of stacks, an unknown card, or a card
                dealt twice.
        """
        stacks = None if deals is None else self._parse_deal(deals)
        return SnapState(self, seed, deals, stacks)

    def _parse_deal(self, deal: Sequence) -> list[list[int]]:
        stacks = parse_hands(
            deal, self.players, lambda name: card_index(self.cards, self._names, name, "deal", self._index),
            self.cards.__getitem__, "deal", what="stacks", hint="one per seat, top card first",
        )
        if not any(stacks):
            raise GameParameterError("deal: no cards dealt")
        return stacks


class SnapState(State):
    """One game of Snap. See :class:`Snap` for the rules and the module docstring for the readings;
    the contract is :class:`catcards.core.State`.

    ``current_player`` is the seat to turn the next card; ``legal_actions()`` holds "turn" (when
    that seat has a card) and "snap by seat k" for every seat ``k`` not out.

    Extra attributes (read-only for users):
        stacks: per seat, card ids top first.
        pile: the centre pile as card ids, bottom to top; the first ``under`` of them are false-snap
            penalty cards lying face down.
        status: per seat, "in", "no cards" (out unless they win the next snap) or "out".
        turns: cards turned so far.
        snaps: real snaps won so far; false_snaps: false snaps called so far.
        snaps_showing: how many turned cards made a snap (called or not).
    """

    game: Snap

    def __init__(self, game: Snap, seed, deals, stacks: list[list[int]] | None):
        super().__init__(game, seed, deals)
        n = game.players
        if stacks is None:
            stacks = game.deal_order(permutation(self.rng, len(game.cards)))
            self.left_out: list[int] = []
        else:
            dealt = {c for s in stacks for c in s}
            self.left_out = [c for c in range(len(game.cards)) if c not in dealt]
        self.stacks = [list(s) for s in stacks]
        self.pile: list[int] = []
        self.under = 0
        self.status = [IN if self.stacks[s] else WAITING for s in range(n)]
        self.turns = 0
        self.snaps = 0
        self.false_snaps = 0
        self.snaps_showing = 0
        self.last_emptied: int | None = None
        self._showing = False
        self._outcome: Outcome | None = None
        self.current_player: int | None = game.first_player
        self.log.append(
            f"Dealt: {', '.join(str(len(s)) for s in self.stacks)} cards (seats 0-{n - 1}); "
            f"seat {game.first_player} turns first."
        )
        if not self.stacks[game.first_player]:
            self.current_player = self._next_holder(game.first_player, include_self=True)
        self._check_end()

    # ---- contract -----------------------------------------------------------------------------
    @property
    def snap_showing(self) -> bool:
        """True when the top card of the centre pile has the same number as the card beneath it."""
        return self._showing

    def _legal_actions(self) -> Sequence[Action]:
        if self._outcome is not None:
            return ()
        status = self.status
        if OUT in status:
            snaps = tuple([SNAPS[s] for s, st in enumerate(status) if st != OUT])
        else:
            snaps = SNAPS[: len(status)]
        seat = self.current_player
        if seat is not None and self.stacks[seat]:
            return (FLIP,) + snaps
        return snaps

    def _why_illegal(self, action: Action) -> str:
        if isinstance(action, CallSnap):
            if not is_whole(action.seat) or not 0 <= action.seat < self.game.players:
                return f"there is no seat {short_repr(action.seat)} (seats 0 to {self.game.players - 1})"
            return f"seat {action.seat} is out of the game"
        if isinstance(action, Flip):
            return f"seat {self.current_player} has no card to turn; only a snap can be called"
        return f"{short_repr(action)} is not a Snap action (turn, or snap by seat k)"

    def _apply(self, action: Action) -> None:
        if isinstance(action, Flip):
            self._turn()
        elif self._showing:
            self._win_snap(action.seat)
        else:
            self._false_snap(action.seat)
        self._check_end()

    def _turn(self) -> None:
        seat = self.current_player
        stack = self.stacks[seat]
        card = stack.pop(0)
        pile = self.pile
        pile.append(card)
        self.turns += 1
        ranks = self.game.ranks
        self._showing = len(pile) - self.under >= 2 and ranks[pile[-1]] == ranks[pile[-2]]
        if self._showing:
            self.snaps_showing += 1
        self.log.append(
            f"Seat {seat} turns {self.game.card_names[card]}" + (": snap showing!" if self._showing else ".")
        )
        if not stack:
            self.status[seat] = WAITING
            self.last_emptied = seat
        nxt = self._next_holder(seat)
        self.current_player = seat if nxt is None else nxt

    def _win_snap(self, seat: int) -> None:
        taken = len(self.pile)
        self.stacks[seat].extend(self.pile)
        self.pile = []
        self.under = 0
        self._showing = False
        self.snaps += 1
        gone = []
        for s, st in enumerate(self.status):
            if s == seat:
                self.status[s] = IN
            elif st == WAITING:
                self.status[s] = OUT
                gone.append(s)
        self.current_player = seat
        self.log.append(
            f"Seat {seat} calls snap first and takes the centre pile ({taken} cards)."
            + (f" Out: {', '.join(f'seat {s}' for s in gone)}." if gone else "")
        )

    def _false_snap(self, seat: int) -> None:
        self.false_snaps += 1
        stack = self.stacks[seat]
        if not stack:
            self.status[seat] = OUT
            self.log.append(f"Seat {seat} calls a false snap with no card to pay and is out.")
        else:
            self.pile.insert(0, stack.pop(0))
            self.under += 1
            self.log.append(f"Seat {seat} calls a false snap and gives a card, face down, under the centre pile.")
            if not stack:
                self.status[seat] = WAITING
                self.last_emptied = seat
        if not self.stacks[self.current_player]:
            nxt = self._next_holder(self.current_player)
            if nxt is not None:
                self.current_player = nxt

    def _next_holder(self, seat: int, include_self: bool = False) -> int | None:
        """The next seat clockwise from ``seat`` holding cards (``seat`` itself last), or None."""
        n = self.game.players
        stacks = self.stacks
        start = 0 if include_self else 1
        for k in range(start, n + start):
            s = (seat + k) % n
            if stacks[s]:
                return s
        return None

    def _check_end(self) -> None:
        if self.turns < self.game.max_turns:  # two seats holding cards: the game goes on
            holding = 0
            for stack in self.stacks:
                if stack:
                    holding += 1
                    if holding == 2:
                        return
        n = self.game.players
        if self.turns >= self.game.max_turns:
            held = [len(s) for s in self.stacks]
            most = max(held)
            winners = tuple(s for s in range(n) if held[s] == most)
            limit = f"the turn limit ({plural(self.game.max_turns, 'card')} turned) was reached"
            if most:
                reason = f"{limit}; the most cards ({most}) win"
            else:  # every card is in the centre pile (e.g. the class's pass through the deck)
                reason = f"{limit} with every card in the centre pile: no one holds a card, a tie"
            self._finish(winners, reason)
            return
        holders = [s for s in range(n) if self.stacks[s]]
        alive = [s for s in range(n) if self.status[s] != OUT]
        if len(alive) == 1 and not self.pile and holders == alive:
            self._finish((alive[0],), f"seat {alive[0]} won all the cards")
        elif not holders and not self._showing:
            seat = self.last_emptied
            taken = len(self.pile)
            self.stacks[seat].extend(self.pile)
            self.pile = []
            self.under = 0
            for s in range(n):
                self.status[s] = IN if s == seat else OUT
            self.log.append(
                f"No one has a card left to turn: seat {seat}, the last to run out, takes the "
                f"centre pile ({taken} cards)."
            )
            self._finish((seat,), f"no one had a card left to turn; seat {seat}, the last to run out, holds all the cards")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self._outcome = Outcome(winners, tuple(float(len(s)) for s in self.stacks), reason)
        self.current_player = None
        self._showing = False
        self.log.append(f"Game over after {plural(self.turns, 'card')} turned: {reason}.")

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator); every seat sees the same public facts.

        Keys: ``seat``, ``players``, ``deck``, ``current_player`` (seat to turn),
        ``stack_sizes`` (per seat), ``status`` (per seat: "in", "no cards", "out"), ``pile``
        (the centre pile's face-up Cards, bottom to top), ``under`` (face-down penalty cards under the pile),
        ``top`` (the top Card or None), ``snap_showing`` (bool), ``turns``, ``max_turns``,
        ``snaps``, ``false_snaps``, ``legal`` (the actions ``seat`` itself may take now: "turn"
        when it is its turn, and its own "snap by seat"), ``log`` (the last 12 lines),
        ``is_over``, ``outcome``. Built from :data:`OBSERVATION_FIELDS`, as :meth:`view`.

        Raises:
            GameParameterError: ``seat`` is not a seat of this game or None.
        """
        return observe(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def view(self, seat: int | None) -> SeatView:
        """:meth:`observation` read key by key (:class:`catcards.seat_view.SeatView`: each key
        computed when first read), valid until the next action: what the play loops give a
        computer player (the reaction-time referee reads 2 of its 20 keys).

        Raises:
            GameParameterError: ``seat`` is not a seat of this game or None.
        """
        return SeatView(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def zones(self) -> dict[str, list[Card]]:
        cards = self.game.cards
        z = {f"stack {s}": [cards[c] for c in st] for s, st in enumerate(self.stacks)}
        z["pile face down"] = [cards[c] for c in self.pile[: self.under]]
        z["pile face up"] = [cards[c] for c in self.pile[self.under :]]
        z["left out"] = [cards[c] for c in self.left_out]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        return [f"stack {s}" for s in range(self.game.players)] + ["pile face down", "left out"]

    def _copy_mutables(self, other: "SnapState") -> None:
        other.stacks = [list(s) for s in self.stacks]
        other.pile = list(self.pile)
        other.status = list(self.status)
        other.left_out = list(self.left_out)


def _face_up(state: SnapState) -> list[Card]:
    cards = state.game.cards
    return [cards[c] for c in state.pile[state.under :]]


def _top(state: SnapState) -> Card | None:
    return state.game.cards[state.pile[-1]] if len(state.pile) > state.under else None


def _own_legal(state: SnapState, seat: int | None) -> list[Action]:
    if seat is None:
        return []
    return [a for a in state.legal_actions() if a is FLIP and seat == state.current_player or a == SNAPS[seat]]


#: the fields of :meth:`SnapState.observation` (and :meth:`~SnapState.view`): key ->
#: ``field(state, seat)``, seat already checked (None: a spectator)
OBSERVATION_FIELDS: dict[str, Any] = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state.game.players,
    "deck": lambda state, seat: state.game.deck,
    "current_player": lambda state, seat: state.current_player,
    "stack_sizes": lambda state, seat: [len(s) for s in state.stacks],
    "status": lambda state, seat: list(state.status),
    "pile": lambda state, seat: _face_up(state),
    "under": lambda state, seat: state.under,
    "top": lambda state, seat: _top(state),
    "snap_showing": lambda state, seat: state._showing,
    "turns": lambda state, seat: state.turns,
    "max_turns": lambda state, seat: state.game.max_turns,
    "snaps": lambda state, seat: state.snaps,
    "false_snaps": lambda state, seat: state.false_snaps,
    "legal": _own_legal,
    "log": lambda state, seat: state.log[-12:],
    "is_over": lambda state, seat: state._outcome is not None,
    "outcome": lambda state, seat: state._outcome,
}
