"""Trick-taking logic shared by Cat Trick and King of the Jungle.

Source: the "How to Play" / "Who Wins the Trick?" sections of ``rulebooks/cat-trick.txt`` and the
"Play" section of King of the Jungle in ``rulebooks/wildcat-and-dinohistoria.txt``; the words are
the field's: the *leader* plays the first card of a *trick*, its suit is the *led suit*, play goes
clockwise (seat + 1), the *winner* takes the trick and leads the next one.

What lives here is only what both games share:

- :class:`~catcards.core.Play`, the action "play <card>" (defined in the core: Simon's Cat plays
  cards the same way), re-exported here;
- :func:`winning_index`: which card of a trick wins (highest trump if any, else highest card of
  the led suit; a card of neither suit cannot win);
- :class:`TrickState`, a :class:`~catcards.core.State` base that keeps the hands, the trick in the
  middle, the last finished trick and passes the turn clockwise, deals (stacked or shuffled),
  reads typed "play <card>", and gives both games their shared observation keys and zones; it
  asks its game three questions through hooks: which seat won a full trick (``_trick_winner``),
  what happens next (``_trick_taken``: collect, deal, score, lead the next trick or end the
  round) and which card a typed name is (``_card_named``).

What is each game's own stays in its module: trump, the 1-counts-as-8 card, greedy dealing and
Super Cat rounds in :mod:`catcards.games.cat_trick`; following suit, bidding and scoring in
:mod:`catcards.games.king_of_the_jungle`.

Cards are small integers inside a state (an index into the game's deck tuple ``CARDS``); the
public API (actions, observations, zones) speaks :class:`~catcards.cards.Card`.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ..cards import Card
from ..core import Action, GameParameterError, Play, State, normal_name, permutation, plays_for, short_repr
from ..seat_view import SeatView, observe

__all__ = ["Play", "plays_for", "winning_index", "TrickState", "TRICK_KEYS"]


def winning_index(suits: Sequence[Any], values: Sequence[int], trump: Any = None) -> int:
    """Position (0 = the lead) of the card that wins a trick.

    Args:
        suits: the suit of each card in the order played; ``suits[0]`` is the led suit.
        values: the value each card counts as in this trick (same length as ``suits``).
        trump: the trump suit, or None for a game without trump.

    Returns:
        the index of the highest trump if any trump was played, otherwise of the highest card of
        the led suit. A card of neither suit never wins (Cat Trick FAQ, "What is the strongest
        card?"; King of the Jungle "Bidding": "the highest numbered card of the suit originally
        laid").

    Raises:
        ValueError: an empty trick, or ``suits`` and ``values`` of different lengths.
    """
    if not suits or len(suits) != len(values):
        raise ValueError(
            f"a trick needs one value per card and at least one card, not {len(suits)} suits "
            f"and {len(values)} values"
        )
    target = trump if trump is not None and trump in suits else suits[0]
    best = -1
    for i, (s, v) in enumerate(zip(suits, values)):
        if s == target and (best < 0 or v > values[best]):
            best = i
    return best


class TrickState(State):
    """A :class:`~catcards.core.State` of a trick-taking game: hands, the trick, the lead.

    Subclasses set the class attributes ``CARDS`` (the deck, a tuple of Cards; a card's index is
    its id), ``INDEX`` (Card -> id) and ``PLAYS`` (one prebuilt :class:`Play` per id); ``SUIT_OF``
    (id -> suit name) follows from ``CARDS``. They implement the hooks

    - ``_trick_winner(plays) -> seat`` for a full trick ``plays`` = [(seat, id), ...] in order;
    - ``_trick_taken(winner, plays)``: after ``last_trick`` is set; must set ``current_player``
      (normally via :meth:`_start_trick`) or end the round / game;
    - ``_card_named(name) -> Card``: the game's card of that name (raises GameParameterError),
      so that typed text "play <card>" is read the same way in both games.

    A state is built as ``State(game, seed, deals, parsed_deals)``: ``parsed_deals`` are the
    explicit deals as card ids, one per round (hand), kept as ``_stacked``.

    Attributes (read-only for users):
        hands: per seat the ids of the cards held (kept sorted).
        trick: the trick in the middle, [(seat, id), ...] in the order played.
        leader: the seat that led (or is to lead) the current trick.
        last_trick: the last finished trick, [(seat, id), ...]; ``last_winner`` its winner.
        tricks_played: finished tricks in the current round (hand).
    """

    CARDS: tuple[Card, ...] = ()
    INDEX: dict[Card, int] = {}
    PLAYS: tuple[Play, ...] = ()
    SUIT_OF: tuple[str, ...] = ()
    #: str() of each card, by id (set from CARDS for each subclass: the log names every card played)
    _CARD_TEXT: tuple[str, ...] = ()

    #: the observation, key by key: key -> ``f(state, seat)``, its value for ``seat`` (checked;
    #: None for a spectator). Each game's table starts from :data:`TRICK_KEYS` (see
    #: :meth:`observation` and :meth:`view`, which read it)
    OBSERVATION: dict[str, Callable[[Any, int | None], Any]] = {}

    #: the log line of each play, by seat then card id (built once: a play only looks it up)
    _PLAY_LOG: tuple[tuple[str, ...], ...] = ()
    #: the log line of a trick won, by seat
    _WIN_LOG: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.SUIT_OF = tuple(c.suit for c in cls.CARDS)
        cls._CARD_TEXT = tuple(str(c) for c in cls.CARDS)
        cls._PLAY_LOG = tuple(tuple(f"Seat {s} plays {t}." for t in cls._CARD_TEXT) for s in range(10))
        cls._WIN_LOG = tuple(f"Seat {s} wins the trick." for s in range(10))

    def __init__(self, game: Any, seed: int | None, deals: Sequence | None, parsed_deals: Sequence) -> None:
        super().__init__(game, seed, deals)
        players = game.players
        self._stacked = parsed_deals
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.trick: list[tuple[int, int]] = []
        self.leader: int = 0
        self.last_trick: list[tuple[int, int]] = []
        self.last_winner: int | None = None
        self.tricks_played = 0
        self.current_player: int | None = None
        self._outcome = None
        self._log_mark = 0  # observations show the log from here: the end of the last round (hand)

    # ---- dealing --------------------------------------------------------------------------------
    def _shuffled_hands(self, cards: int, hand_size: int) -> tuple[list[list[int]], list[int]]:
        """Shuffle card ids ``0 .. cards - 1`` with the state's generator and deal ``hand_size``
        to each seat in turn from the top: (the hands, the rest of the shuffled order)."""
        n = self.game.players
        order = permutation(self.rng, cards)
        return [order[s * hand_size : (s + 1) * hand_size] for s in range(n)], order[n * hand_size :]

    def _new_deal(self, hands: Sequence[Sequence[int]]) -> None:
        """A new round (hand): ``hands`` (card ids per seat, kept sorted), no trick in the middle,
        no last trick, no tricks played."""
        self.hands = [sorted(h) for h in hands]
        self.trick = []
        self.last_trick = []
        self.last_winner = None
        self.tricks_played = 0

    # ---- the flow of a trick --------------------------------------------------------------------
    def _start_trick(self, leader: int) -> None:
        """The trick in the middle is empty and ``leader`` is to lead."""
        self.trick = []
        self.leader = leader
        self.current_player = leader

    @property
    def led_suit(self) -> str | None:
        """Suit of the card that led the current trick (None before the lead)."""
        return self.SUIT_OF[self.trick[0][1]] if self.trick else None

    def _play_card(self, seat: int, cid: int) -> None:
        """``seat`` plays card ``cid`` (legal, checked by the caller); completes the trick when it
        is the last card: the winner is logged, ``last_trick`` set, then ``_trick_taken`` runs."""
        self.hands[seat].remove(cid)
        plays = self.trick
        plays.append((seat, cid))
        self.log.append(self._PLAY_LOG[seat][cid])
        n = self.game.players
        if len(plays) < n:
            self.current_player = (seat + 1) % n
            return
        winner = self._trick_winner(plays)
        self.trick = []
        self.last_trick = plays
        self.last_winner = winner
        self.tricks_played += 1
        self.log.append(self._WIN_LOG[winner])
        self._trick_taken(winner, plays)

    def _trick_winner(self, plays: list[tuple[int, int]]) -> int:  # pragma: no cover - hook
        raise NotImplementedError

    def _trick_taken(self, winner: int, plays: list[tuple[int, int]]) -> None:  # pragma: no cover
        raise NotImplementedError

    # ---- helpers for the games ------------------------------------------------------------------
    def _held_card_id(self, action: Any) -> tuple[int | None, str]:
        """The id of the card a :class:`Play` names, or (None, why it cannot be played)."""
        if not isinstance(action, Play):
            return None, f"{short_repr(action)} is not a {self.game.title} action"
        if not isinstance(action.card, Card):
            return None, f"a card to play is a Card, not {short_repr(action.card)}"
        cid = self.INDEX.get(action.card)
        if cid is None:
            return None, f"{action.card} is not a {self.game.title} card"
        seat = self.current_player
        if seat is None or cid not in self.hands[seat]:
            return None, f"seat {seat} does not hold {action.card}"
        return cid, ""

    def _card_named(self, name: str) -> Card:  # pragma: no cover - hook
        raise NotImplementedError

    def _parse_action(self, text: str) -> Action | None:
        """Typed "play <card>" as the game's prebuilt :class:`Play` (None for other text or an
        unknown card: the core then says which actions are legal)."""
        words = normal_name(text)
        if words.startswith("play "):
            try:
                return self.PLAYS[self.INDEX[self._card_named(words[5:])]]
            except GameParameterError:
                return None
        return None

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator): the keys of the game's :attr:`OBSERVATION`
        table, each with its value now (each game's docstring lists them).

        Raises:
            GameParameterError: ``seat`` is not a seat of the game nor None.
        """
        seat = self.check_seat(seat)
        return observe(self.OBSERVATION, self, seat)

    def view(self, seat: int | None) -> SeatView:
        """``observation(seat)`` read key by key, each key computed when it is read (a
        :class:`catcards.seat_view.SeatView` on the same ``OBSERVATION`` table, valid until the
        state changes): what a play-out's computer players are given, since a move reads a few
        keys of the many.

        Raises:
            GameParameterError: ``seat`` is not a seat of the game nor None.
        """
        if type(seat) is not int or not 0 <= seat < self.game.players:  # the usual case needs no more checks
            seat = self.check_seat(seat)
        return SeatView(self.OBSERVATION, self, seat)

    def _trick_zones(self) -> dict[str, list[Card]]:
        """The zones both games share: ``hand <seat>`` per seat and ``trick``."""
        cards = self.CARDS
        z = {f"hand {s}": [cards[c] for c in h] for s, h in enumerate(self.hands)}
        z["trick"] = [cards[c] for _, c in self.trick]
        return z

    def _hidden_hands(self, seat: int | None) -> list[str]:
        """The zones ``seat`` cannot see that both games share: every other seat's hand."""
        return [f"hand {s}" for s in range(self.game.players) if s != seat]

    def _trick_view(self, plays: list[tuple[int, int]], visible=None) -> list[dict[str, Any]]:
        """A trick for an observation: [{"seat": s, "card": Card}, ...]; a card whose id is not
        in ``visible`` (when given) shows as None (it has since moved somewhere hidden)."""
        cards = self.CARDS
        if visible is None:
            return [{"seat": s, "card": cards[c]} for s, c in plays]
        return [{"seat": s, "card": cards[c] if c in visible else None} for s, c in plays]

    def _copy_tricks(self, other: "TrickState") -> None:
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.last_trick = list(self.last_trick)


def _own_hand(state: TrickState, seat: int | None) -> list[Card]:
    cards = state.CARDS
    return [cards[c] for c in state.hands[seat]] if seat is not None else []


#: the observation keys both games share (in this order, after each game's first keys):
#: ``current_player``, ``leader``, ``hand`` (the seat's own cards, [] for a spectator),
#: ``hand_sizes``, ``trick``, ``led_suit``, ``last_trick`` (:meth:`TrickState._trick_view`; Cat
#: Trick hides a card dealt away since), ``last_winner``, ``legal``, ``log`` (the public log of
#: this round or hand: from the end of the last one; the whole game's is ``state.log``),
#: ``is_over`` and ``outcome``
TRICK_KEYS: dict[str, Callable[[Any, int | None], Any]] = {
    "current_player": lambda state, seat: state.current_player,
    "leader": lambda state, seat: state.leader,
    "hand": _own_hand,
    "hand_sizes": lambda state, seat: [len(h) for h in state.hands],
    "trick": lambda state, seat: state._trick_view(state.trick),
    "led_suit": lambda state, seat: state.led_suit,
    "last_trick": lambda state, seat: state._trick_view(state.last_trick),
    "last_winner": lambda state, seat: state.last_winner,
    "legal": lambda state, seat: state.legal_for(seat),
    "log": lambda state, seat: state.log[state._log_mark :],
    "is_over": lambda state, seat: state.is_over,
    "outcome": lambda state, seat: state._outcome,
}
