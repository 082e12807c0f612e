"""King of the Jungle: the rules engine.

Source: the "King of the Jungle" section of the rulebook ``wildcat-and-dinohistoria.txt`` (``rules/README.md``) and the
project's decisions in ``rules/wildcat.md``. In short: 3 players use 3 suits of the Wildcat deck
(39 cards), 4 players all 4 (52); 13 cards each. Starting left of the dealer, each player bids
once how many tricks they will win, 0 to 13; the last bidder may not make the total 13 (the
"hook": the total must be 12 or less, or 14 or more, so someone must miss). The player left of
the dealer leads; everyone must follow the led suit if they can, else discards any card (which
cannot win); the highest card of the led suit wins and its player leads next. After 13 tricks:
a bid made scores 10 + 2 per trick bid (bid 0 made: 20); a bid missed loses 1 point per trick
over or under. Everyone starts with 20 points; the dealer passes left each hand; the game ends
after the first hand in which anyone has 90 or more, and the highest score wins (ties share).

Readings the rule files leave open, decided here as a player would expect:

- ``first_player`` (default 0) is the seat left of the first dealer: it bids first and leads the
  first trick of hand 1; the dealer is the seat before it. Each hand the dealer passes left.
- Card values are the printed numbers, so the order within a suit is 1 < ... < 9 < Jaguar 10 <
  Wildcat 20 < Tiger 30 < Lion 50.
- Hand limit (``max_hands``, default 50): the rules give no end when nobody reaches 90, and
  players who keep missing their bids lose points every hand, so a game can go on for ever
  (random play does). After ``max_hands`` hands the game ends and the highest score wins; the
  outcome's reason says so. The default is far above real games: in 120 seeded games of
  "sensible" players the longest took 12 hands with 4 players and 34 with 3 (median 7 and 13),
  so a table of people will not meet it. ``max_hands=None`` turns the limit off (only for
  players who make their bids).
- ``target`` (default 90, the "9 lives") is a parameter so that lessons can play short games.

Cards are small integers internally (index into the game's deck) so that a random playout is fast.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, Sequence

from ..cards import Card
from ..core import (
    Action,
    Game,
    GameParameterError,
    Outcome,
    card_names,
    find_card,
    frozen_record,
    hand_ids,
    is_whole,
    normal_name,
    parse_round_deals,
    short_repr,
    thawed_records,
)
from ..decks import WILDCAT_SUITS, wildcat_deck
from ..params import Param
from ..registry import register
from .tricks import TRICK_KEYS, Play, TrickState, plays_for

__all__ = [
    "KingOfTheJungle",
    "KingOfTheJungleState",
    "Play",
    "Bid",
    "TRICKS",
    "START_POINTS",
    "TARGET",
    "hand_points",
    "forbidden_bid",
    "card_from_name",
]

#: tricks per hand (13 cards each)
TRICKS = 13
#: points every player starts the game with ("Each player starts with 20 points")
START_POINTS = 20
#: points that end the game ("first player to score 90 points or more")
TARGET = 90
#: the 52-card deck; a card's id is its index (suit index * 13 + position 0..12)
CARDS: tuple[Card, ...] = tuple(wildcat_deck(4))
_SUIT = tuple(i // TRICKS for i in range(len(CARDS)))
_VALUE = tuple(c.rank for c in CARDS)
_INDEX = {c: i for i, c in enumerate(CARDS)}
#: per number of players, the names of the cards in play (the first 13 x players cards)
_NAMES = {p: card_names(CARDS[: TRICKS * p], suit_and_rank=True) for p in (3, 4)}
_IN_PLAY = {p: {c: i for i, c in enumerate(CARDS[: TRICKS * p])} for p in (3, 4)}
_BID_TEXT = re.compile(r"bid ([0-9]{1,3})")
PLAYS: tuple[Play, ...] = plays_for(CARDS)


@dataclass(frozen=True)
class Bid(Action):
    """Bid to win ``tricks`` tricks this hand ("bid 3")."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"

    def __repr__(self) -> str:
        return f"Bid({self.tricks})"


BIDS: tuple[Bid, ...] = tuple(Bid(k) for k in range(TRICKS + 1))


def hand_points(bid: int, won: int) -> int:
    """Points a player scores for one hand (rulebook "Scoring"; ``rules/wildcat.md``).

    Bid made exactly: 10 + 2 per trick bid (bid 4, won 4: 18); a bid of 0 made: 20. Missed: minus
    1 per trick over or under (bid 4, won 2 or 6: -2; bid 0, won 3: -3).

    Raises:
        ValueError: ``bid`` or ``won`` outside 0-13.
    """
    for what, v in (("bid", bid), ("tricks won", won)):
        if not is_whole(v) or not 0 <= v <= TRICKS:
            raise ValueError(f"{what} must be a whole number from 0 to {TRICKS}, not {v!r}")
    return _points(bid, won)


def _points(bid: int, won: int) -> int:
    """:func:`hand_points` of a bid and tricks already known to be whole numbers 0-13."""
    if bid == won:
        return 20 if bid == 0 else 10 + 2 * bid
    return -abs(bid - won)


def forbidden_bid(earlier_bids: Sequence[int], players: int) -> int | None:
    """The one bid the last bidder may not make (it would make the total 13), or None.

    ``earlier_bids`` are the bids already made; only the ``players``-th (last) bid is restricted:
    e.g. 4 players bidding 4, 0, 5: the last may not bid 4 (rulebook "Bidding").
    """
    if len(earlier_bids) != players - 1:
        return None
    rest = TRICKS - sum(earlier_bids)
    return rest if 0 <= rest <= TRICKS else None


def card_from_name(name: str | Card, players: int = 4, where: str = "King of the Jungle") -> Card:
    """The Wildcat card called ``name`` ("red 7", "Lion (red 50)" or "red 50"), among the suits in
    play with ``players`` players (3 players: red, blue, green).

    Names are compared through :func:`catcards.core.normal_name` (case, spaces and Unicode
    form do not matter). ``where`` starts a refusal ("deal for hand 1").

    Raises:
        GameParameterError: ``name`` is not text or a Card, or no card of that name in the deck
            used.
    """
    if players not in _NAMES:
        raise GameParameterError(f"King of the Jungle is for 3 or 4 players, not {short_repr(players)}")
    unknown = (
        f"a card of the {players}-player King of the Jungle deck (suits "
        f"{', '.join(WILDCAT_SUITS[:players])}; 1-9, Jaguar 10, Wildcat 20, Tiger 30, Lion 50; "
        f"written like 'red 7' or 'Lion (red 50)')"
    )
    return CARDS[find_card(name, _NAMES[players], _IN_PLAY[players], where, "red 7", unknown)]


@register
class KingOfTheJungle(Game):
    """King of the Jungle (rulebook ``wildcat-and-dinohistoria.txt``, decisions ``rules/wildcat.md``).

    Args:
        players: 3 or 4 (3 suits or 4 suits of the Wildcat deck; 13 cards each).
        first_player: the seat left of the first dealer (bids first and leads hand 1); default 0.
        target: points that end the game, default 90 (more than 20, the starting points).
        max_hands: end the game after this many hands if nobody reached ``target`` (highest
            score wins); default 50; None for no limit (see the module docstring).

    Raises:
        GameParameterError: a parameter outside the ranges above.
    """

    #: random players never reach 90, so their playouts run to the hand limit: the contract test
    #: (tests/games/test_contract.py) plays them with a short one to stay fast
    contract_params = {"max_hands": 4}

    name = "king-of-the-jungle"
    title = "King of the Jungle"
    min_players = 3
    max_players = 4
    default_players = 4
    teaches = "follow suit; holding the top cards; bidding for an exact number of tricks"
    declared = (
        Param("first_player", 0, "the seat left of the first dealer: bids first and leads hand 1", kind="seat"),
        Param("target", TARGET, "points that end the game", low=START_POINTS + 1, high=10_000,
              why=f"more than the {START_POINTS} starting points"),
        Param("max_hands", 50, "hands after which the highest score wins if nobody reached target",
              low=1, none="no limit"),
    )

    def __init__(
        self,
        players: int | None = None,
        first_player: int = 0,
        target: int = TARGET,
        max_hands: int | None = 50,
    ):
        super().__init__(players)
        self.set_params(first_player=first_player, target=target, max_hands=max_hands)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play: 13 per suit for ``players`` suits."""
        return CARDS[: TRICKS * self.players]

    def new_game(self, seed: int | None = None, deals: Sequence | None = None) -> "KingOfTheJungleState":
        """Deal hand 1 and return the state.

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: explicit deals for hands 1, 2, ...: each a list of ``players`` hands (seat 0
                first) of 13 card names ("red 7", "Lion (red 50)") or Cards, using each card of
                the deck once.

        Raises:
            GameParameterError: a deal with the wrong number of hands or cards, a card not in
                the deck used, or a card dealt twice.
        """
        deals, parsed = parse_round_deals(deals, self.title, f"{self.players} hands of {TRICKS} card names",
                                          self._parse_deal)
        return KingOfTheJungleState(self, seed, deals, parsed)

    def _parse_deal(self, deal: Any, hand_no: int) -> tuple[tuple[int, ...], ...]:
        """One hand's deal as card ids (immutable: shared by a state and its clones)."""
        where = f"deal for hand {hand_no}"
        return hand_ids(deal, self.players, lambda name: _INDEX[card_from_name(name, self.players, where)],
                        CARDS.__getitem__, where, size=TRICKS)


class KingOfTheJungleState(TrickState):
    """One game of King of the Jungle. See :class:`KingOfTheJungle` and the module docstring for
    the rules; the contract is :class:`catcards.core.State`, the trick flow
    :class:`~.tricks.TrickState`.

    Extra attributes (read-only for users):
        hand_no: the hand being played, from 1; ``dealer`` its dealer.
        phase: "bid" or "play".
        bids: per seat the bid of this hand (None before bidding).
        won: per seat the tricks won this hand; ``won_cards`` the cards of those tricks.
        scores: per seat the points so far (start 20).
        hand_results: one dict per finished hand: ``hand``, ``dealer``, ``bids``, ``won``,
            ``points`` (this hand) and ``scores`` (after it).
    """

    game: KingOfTheJungle
    CARDS = CARDS
    INDEX = _INDEX
    PLAYS = PLAYS

    def __init__(self, game: KingOfTheJungle, seed, deals, parsed_deals):
        super().__init__(game, seed, deals, parsed_deals)
        n = game.players
        self.hand_no = 0
        self.dealer = (game.first_player - 1) % n
        self.phase = "bid"
        self.bids: list[int | None] = [None] * n
        self.won = [0] * n
        self.won_cards: list[list[int]] = [[] for _ in range(n)]
        self.scores = [START_POINTS] * n
        self._hand_records: tuple = ()  # frozen_record per finished hand
        self._deal_hand()

    # ---- dealing and bidding ----------------------------------------------------------------------
    def _deal_hand(self) -> None:
        n = self.game.players
        self.hand_no += 1
        if self.hand_no <= len(self._stacked):
            hands = self._stacked[self.hand_no - 1]
        else:
            hands, _ = self._shuffled_hands(TRICKS * n, TRICKS)
        self._new_deal(hands)
        self.phase = "bid"
        self.bids = [None] * n
        self.won = [0] * n
        self.won_cards = [[] for _ in range(n)]
        first = (self.dealer + 1) % n
        self.leader = first
        self.current_player = first
        self.log.append(
            f"Hand {self.hand_no}: seat {self.dealer} deals 13 cards each. Seat {first} bids first."
        )

    @property
    def hand_results(self) -> list[dict[str, Any]]:
        """One dict per finished hand (a fresh copy; see the class docstring)."""
        return thawed_records(self._hand_records)

    @property
    def bid_order(self) -> list[int]:
        """Seats in bidding order (from the dealer's left)."""
        n = self.game.players
        return [(self.dealer + 1 + k) % n for k in range(n)]

    def _earlier_bids(self) -> list[int]:
        return [self.bids[s] for s in self.bid_order if self.bids[s] is not None]

    # ---- contract ---------------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        seat = self.current_player
        if seat is None:
            return ()
        if self.phase == "bid":
            no = forbidden_bid(self._earlier_bids(), self.game.players)
            return [b for b in BIDS if b.tricks != no]
        hand = self.hands[seat]
        if self.trick:
            # a hand is kept sorted and a suit's ids are consecutive (suit * 13 + 0..12): the
            # cards of the led suit are one slice of it
            low = _SUIT[self.trick[0][1]] * TRICKS
            follow = hand[bisect_left(hand, low) : bisect_left(hand, low + TRICKS)]
            if follow:
                return [PLAYS[c] for c in follow]
        return [PLAYS[c] for c in hand]

    def _parse_action(self, text: str) -> Action | None:
        words = normal_name(text)
        bid = _BID_TEXT.fullmatch(words)
        if bid:
            return Bid(int(bid.group(1)))
        return super()._parse_action(text)

    def _card_named(self, name: str) -> Card:
        return card_from_name(name, self.game.players)

    def _why_illegal(self, action: Action) -> str:
        if isinstance(action, Bid):
            if self.phase != "bid":
                return "the bidding is over; play a card"
            if not is_whole(action.tricks) or not 0 <= action.tricks <= TRICKS:
                return f"a bid is a whole number of tricks from 0 to {TRICKS}, not {short_repr(action.tricks)}"
            earlier = self._earlier_bids()
            sums = " + ".join(map(str, earlier + [action.tricks]))
            return (
                f"the bids would total {TRICKS} ({sums}); the last bidder may not make the total "
                f"{TRICKS}, so that someone must miss"
            )
        if isinstance(action, Play) and not isinstance(action.card, Card):
            return f"a card to play is a Card, not {short_repr(action.card)}"
        if isinstance(action, Play) and action.card in _INDEX and _SUIT[_INDEX[action.card]] >= self.game.players:
            return f"{action.card} is not in the {self.game.players}-player deck"
        if isinstance(action, Play) and self.phase == "bid":
            return "everyone bids before the first card is played"
        cid, why = self._held_card_id(action)
        if cid is None:
            return why
        led = self.led_suit
        return f"you must follow suit: {led} was led and you hold {led} cards"

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        if self.phase == "bid":
            n = self.game.players
            self.bids[seat] = action.tricks
            self.log.append(f"Seat {seat} bids {action.tricks}.")
            nxt = (seat + 1) % n
            if nxt == (self.dealer + 1) % n:
                self.phase = "play"
                self.log.append(f"Bids: {self.bids} (total {sum(self.bids)}). Seat {nxt} leads.")
                self._start_trick(nxt)
            else:
                self.current_player = nxt
            return
        self._play_card(seat, action._id)  # a legal play: one of PLAYS

    def _trick_winner(self, plays: list[tuple[int, int]]) -> int:
        # winning_index without trump, in one pass: the highest card of the led suit wins
        winner, best = plays[0]
        led = _SUIT[best]
        for seat, c in plays:
            if _SUIT[c] == led and _VALUE[c] > _VALUE[best]:
                winner, best = seat, c
        return winner

    def _trick_taken(self, winner: int, plays: list[tuple[int, int]]) -> None:
        self.won[winner] += 1
        won = self.won_cards[winner]
        for _, c in plays:
            won.append(c)
        if self.tricks_played < TRICKS:
            self._start_trick(winner)
        else:
            self._end_hand()

    def _end_hand(self) -> None:
        game = self.game
        n = game.players
        points = [_points(self.bids[s], self.won[s]) for s in range(n)]
        for s in range(n):
            self.scores[s] += points[s]
        self._log_mark = len(self.log)
        self._hand_records += (
            frozen_record({
                "hand": self.hand_no,
                "dealer": self.dealer,
                "bids": list(self.bids),
                "won": list(self.won),
                "points": points,
                "scores": list(self.scores),
            }),
        )
        self.log.append(
            f"Hand {self.hand_no} ends. Bids {self.bids}, tricks won {self.won}, points {points}; "
            f"scores {self.scores}."
        )
        top = max(self.scores)
        reached = top >= game.target
        if reached or (game.max_hands is not None and self.hand_no >= game.max_hands):
            winners = tuple(s for s in range(n) if self.scores[s] == top)
            names = ", ".join(f"seat {s}" for s in winners)
            if reached:
                reason = f"{names} reached {game.target} points or more with the highest score ({top})"
            else:
                reason = (
                    f"nobody reached {game.target} points in {game.max_hands} "
                    f"{'hand' if game.max_hands == 1 else 'hands'} (the hand "
                    f"limit); {names} had the highest score ({top})"
                )
            self.current_player = None
            self.phase = "over"
            self._outcome = Outcome(winners, tuple(self.scores), reason)
            self.log.append(f"Game over: {reason}.")
        else:
            self.dealer = (self.dealer + 1) % n
            self._deal_hand()

    # ---- what players see -----------------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator). Keys (:data:`OBSERVATION`, in this order):

        ``seat``, ``players``, ``hand_no``, ``dealer``, ``phase`` ("bid", "play" or "over"),
        ``current_player``, ``leader``, ``hand`` (own cards, [] for a spectator), ``hand_sizes``,
        ``trick`` and ``last_trick`` ([{"seat", "card"}, ...] in play order), ``led_suit``,
        ``last_winner``, ``legal`` (seat to act only), ``log`` (the public log of this hand, from
        the end of the last one; the whole game's is ``state.log``), ``is_over``, ``outcome``,
        ``bids`` (per seat, None before bidding), ``forbidden_bid`` (the bid the last bidder may
        not make, when it is their turn), ``won`` (tricks per seat this hand),
        ``tricks_played``, ``scores``, ``target``, ``played`` (every card of the finished tricks
        of this hand, face up when played), ``hand_results`` (read-only mappings, lists as
        tuples). :meth:`view` gives the same keys read one by one.

        Raises:
            GameParameterError: ``seat`` is not a seat of the game nor None.
        """
        return super().observation(seat)

    def zones(self) -> dict[str, list[Card]]:
        z = self._trick_zones()
        for s, won in enumerate(self.won_cards):
            z[f"tricks won {s}"] = [CARDS[c] for c in won]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        return self._hidden_hands(seat)

    def _copy_mutables(self, other: "KingOfTheJungleState") -> None:
        self._copy_tricks(other)
        other.bids = list(self.bids)
        other.won = list(self.won)
        other.won_cards = [list(w) for w in self.won_cards]
        other.scores = list(self.scores)


#: King of the Jungle's observation, key by key (see :meth:`KingOfTheJungleState.observation`)
KingOfTheJungleState.OBSERVATION = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state.game.players,
    "hand_no": lambda state, seat: state.hand_no,
    "dealer": lambda state, seat: state.dealer,
    "phase": lambda state, seat: state.phase,
    **TRICK_KEYS,
    "bids": lambda state, seat: list(state.bids),
    "forbidden_bid": lambda state, seat: (forbidden_bid(state._earlier_bids(), state.game.players)
                                          if state.phase == "bid" else None),
    "won": lambda state, seat: list(state.won),
    "tricks_played": lambda state, seat: state.tricks_played,
    "scores": lambda state, seat: list(state.scores),
    "target": lambda state, seat: state.game.target,
    "played": lambda state, seat: [CARDS[c] for won in state.won_cards for c in won],
    "hand_results": lambda state, seat: state._hand_records,
}
