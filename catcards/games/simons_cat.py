"""Simon's Cat Card Game: the rules engine.

Source: the rulebook ``simons-cat.txt`` (``rules/README.md``) ("How to Play", "End of Game") and the project's decisions in
``rules/simons-cat.md``. In short: 36 Mischief cards are dealt equally, the rest set aside face up.
The holder of the lowest Cat card in play opens with it; each player in turn plays a card matching
the colour (suit) or number of the last card played. A player who cannot match takes the pile as a
new *mess*, kept separate in front of them, and (with cards left) starts the next pile with any
card. Empty hands are skipped; when every hand is empty the round ends and the final pile is taken
by no one. Every player with the most messes takes a Simon card; after a round in which someone
holds 3 Simon cards, those players lose and all others win.

Readings the rule files leave open, decided here as a player would expect:

- The taker of a mess starts the next pile with any card; a pile with no card on it cannot be
  taken. (The taker always still holds cards: a mess is taken only when no card in hand matches,
  so the decision file's case "if their hand is empty" cannot arise.)
- Simon cards are counted, not drawn from a limited supply: the box has 12, but with 5 or 6 players
  tying round after round more could be owed; the count goes on as if the supply were unlimited.
- Opening card: the Cat 3, else the Cat 4, and so on. If a small ``hand_size`` leaves every Cat
  card set aside, "and so on" continues through the deck list in rulebook order (Kitten 3, Kitten 4,
  ..., Gnome 2): the holder of the first card of that list in play opens with it.
- A 2-player table is accepted as a variant (``game.is_variant`` is True); 3-6 is the published box.

Cards are small integers internally (index into :data:`MISCHIEF`) so that a random playout is
fast; the public API speaks :class:`~catcards.cards.Card`.
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
    Play,
    State,
    card_names,
    find_card,
    frozen_record,
    hand_ids,
    normal_name,
    parse_round_deals,
    permutation,
    plays_for,
    short_repr,
    short_text,
    thawed_records,
)
from ..params import Param
from ..registry import register
from ..seat_view import SeatView, observe

__all__ = ["SimonsCat", "SimonsCatState", "Play", "TakeMess", "MISCHIEF", "SUITS", "card_from_name",
           "OBSERVATION_FIELDS"]

#: (suit, lowest number, highest number) in rulebook order ("Contents").
SUITS: tuple[tuple[str, int, int], ...] = (
    ("Cat", 3, 12),
    ("Kitten", 3, 10),
    ("Hedgehog", 3, 8),
    ("Dog", 1, 6),
    ("Mouse", 1, 4),
    ("Gnome", 1, 2),
)
#: the 36 Mischief cards; a card's index here is its internal id
MISCHIEF: tuple[Card, ...] = tuple(Card(s, r) for s, lo, hi in SUITS for r in range(lo, hi + 1))
N_CARDS = len(MISCHIEF)
SIMON_CARDS_TO_LOSE = 3
_INDEX = {c: i for i, c in enumerate(MISCHIEF)}
_BY_NAME = card_names(MISCHIEF)
_UNKNOWN = "a Simon's Cat Mischief card (suits: " + ", ".join(f"{s} {lo}-{hi}" for s, lo, hi in SUITS) + ")"
# MATCH[a][b]: card b may be played on card a (same colour or same number)
MATCH = tuple(
    tuple(a.suit == b.suit or a.rank == b.rank for b in MISCHIEF) for a in MISCHIEF
)
# opening order: Cat 3, else Cat 4, ... then on through the deck list (see module docstring)
_OPENING_ORDER = tuple(range(N_CARDS))


@dataclass(frozen=True)
class TakeMess(FixedAction):
    """Take the pile as a new mess (only when no card in hand matches)."""

    text = "take the mess"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


PLAYS: tuple[Play, ...] = plays_for(MISCHIEF)  # Play (play a card from the hand) is the core's
TAKE = TakeMess()


def card_from_name(name: str | Card, where: str = "Simon's Cat") -> Card:
    """The Mischief card called ``name`` ("Cat 7"; compared through
    :func:`catcards.core.normal_name`: case, spaces and Unicode form do not matter).

    ``where`` starts a refusal ("deal for round 1").

    Raises:
        GameParameterError: ``name`` is not text or a Card, or no Mischief card has that name
            (:func:`catcards.core.find_card`).
    """
    return MISCHIEF[find_card(name, _BY_NAME, _INDEX, where, "Cat 7", _UNKNOWN)]


@register
class SimonsCat(Game):
    """Simon's Cat Card Game (rulebook ``simons-cat.txt``).

    Args:
        players: 3 to 6 (2 is accepted as a variant, ``is_variant`` True).
        hand_size: cards dealt to each player, 1 to ``36 // players``; default ``36 // players``.
            The 36 - players * hand_size cards left over are set aside face up, out of play.

    There is no ``first_player`` parameter: the holder of the opening card always starts.

    Raises:
        GameParameterError: players or hand_size outside the ranges above.
    """

    name = "simons-cat"
    title = "Simon's Cat Card Game"
    min_players = 3
    max_players = 6
    default_players = 4
    variant_players = (2,)  # not in the published box (module notes): listed as "3-6 (2 as a variant)"
    teaches = "matching colour or number; hypergeometric chances of set-aside cards; ties"
    declared = (
        Param("hand_size", None, "cards dealt to each player (the rest are set aside face up)",
              low=1, high=lambda g: N_CARDS // g.players, computed=lambda g: N_CARDS // g.players,
              default_text="36 // players", allowed_text="a whole number from 1 to 36 // players",
              why=lambda g: f"36 Mischief cards dealt equally among {g.players} players"),
    )

    def __init__(self, players: int | None = None, hand_size: int | None = None):
        super().__init__(players)
        self.set_params(hand_size=hand_size)

    @property
    def is_variant(self) -> bool:
        """True for the 2-player table, which is not in the published box."""
        return self.players == 2

    @property
    def set_aside(self) -> int:
        """How many Mischief cards are set aside each round: 36 - players * hand_size."""
        return N_CARDS - self.players * self.hand_size

    def new_game(self, seed: int | None = None, deals: Sequence | None = None) -> "SimonsCatState":
        """Deal round 1 and return the state.

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: explicit deals for rounds 1, 2, ...: each a list of ``players`` hands, each a
                list of ``hand_size`` card names ("Cat 3") or Cards. Cards not dealt are set aside.

        Raises:
            GameParameterError: a deal with the wrong number of hands or cards, an unknown card,
                or a card dealt twice.
        """
        deals, parsed = parse_round_deals(deals, self.title, f"a list of {self.players} hands of card names",
                                          self._parse_deal)
        return SimonsCatState(self, seed, deals, parsed)

    def _parse_deal(self, deal: Sequence, round_no: int) -> tuple[tuple[int, ...], ...]:
        """One round's hands as card ids (immutable: shared by a state and its clones)."""
        where = f"deal for round {round_no}"
        return hand_ids(deal, self.players, lambda name: _INDEX[card_from_name(name, where)], MISCHIEF.__getitem__,
                        where, size=self.hand_size)


def deal_round(stacked: Sequence, round_no: int, rng, n: int, h: int) -> tuple[list[list[int]], list[int], int, int]:
    """One round's deal (rulebook "Setup"): ``(hands, aside, opening, first)``, the hands as
    sorted card-id lists, the set-aside ids sorted, the opening card's id and the seat holding
    it. Round ``round_no`` (from 1) takes ``stacked[round_no - 1]`` when there is one, else a
    shuffle of the 36 cards from ``rng()`` (a callable returning the state's generator, so a
    stacked round never builds one). Shared by the engine and the rollouts'
    :func:`catcards.explore.simons_cat.play_out_sensible`, so the two deal alike."""
    if round_no <= len(stacked):
        hands = [sorted(hand) for hand in stacked[round_no - 1]]
        dealt = {c for hand in hands for c in hand}
        aside = [c for c in range(N_CARDS) if c not in dealt]
    else:
        order = permutation(rng(), N_CARDS)
        hands = [sorted(order[s * h : (s + 1) * h]) for s in range(n)]
        aside = sorted(order[n * h :])
    opening = next(c for c in _OPENING_ORDER if c not in aside)
    first = next(s for s in range(n) if opening in hands[s])
    return hands, aside, opening, first


def verdict(simon_cards: Sequence[int]) -> Outcome | None:
    """The game's :class:`~catcards.core.Outcome` after a round that left ``simon_cards`` (per
    seat), or None when no one holds 3 ("End of Game": those who do lose, the others win)."""
    n = len(simon_cards)
    losers = [s for s in range(n) if simon_cards[s] >= SIMON_CARDS_TO_LOSE]
    if not losers:
        return None
    winners = tuple(s for s in range(n) if s not in losers)
    if winners:
        who = " and ".join(f"seat {s}" for s in losers)
        reason = (
            f"{who} took {SIMON_CARDS_TO_LOSE} Simon cards and "
            f"{'takes' if len(losers) == 1 else 'take'} the blame; the others win"
        )
    else:
        reason = f"every player took {SIMON_CARDS_TO_LOSE} Simon cards: everyone loses"
    return Outcome(winners, tuple(simon_cards), reason, higher_is_better=False)


class SimonsCatState(State):
    """One game of Simon's Cat. See :class:`SimonsCat` for the rules; the contract is
    :class:`catcards.core.State`.

    Extra attributes (read-only for users):
        round: the round being played, from 1.
        simon_cards: Simon cards taken per seat.
        round_results: one dict per finished round: ``round`` (1, 2, ...), ``opening`` (the
            opening card's name), ``set_aside`` (names of the cards set aside), ``messes`` (messes taken, per seat), ``simon`` (seats that took
            a Simon card), ``final_pile`` (names of the cards left in the centre, taken by no
            one). Card names, not Cards: those cards are back in play in later rounds.
    """

    game: SimonsCat

    def __init__(self, game: SimonsCat, seed, deals, parsed_deals: list[list[list[int]]]):
        super().__init__(game, seed, deals)
        self._stacked = parsed_deals
        n = game.players
        self.round = 0
        self.simon_cards = [0] * n
        self._round_records: tuple = ()  # frozen_record per finished round
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.aside: list[int] = []
        self.pile: list[int] = []
        self.final_pile: list[int] = []
        self.messes: list[list[list[int]]] = [[] for _ in range(n)]
        self.current_player: int | None = None
        self._opening: int | None = None  # card id that must be played first, if not yet played
        self._outcome: Outcome | None = None
        self._deal_round()

    @property
    def round_results(self) -> list[dict[str, Any]]:
        """One dict per finished round (a fresh copy; see the class docstring)."""
        return thawed_records(self._round_records)

    # ---- dealing ------------------------------------------------------------------------------
    def _deal_round(self) -> None:
        game = self.game
        n, h = game.players, game.hand_size
        self.round += 1
        self.hands, self.aside, opening, self.current_player = deal_round(
            self._stacked, self.round, self._rng_for_round, n, h
        )
        self.pile = []
        self.final_pile = []
        self.messes = [[] for _ in range(n)]
        self._opening = opening
        self._round_opening = opening
        aside_txt = ", ".join(str(MISCHIEF[c]) for c in self.aside) or "none"
        self.log.append(
            f"Round {self.round}: {h} cards each; set aside: {aside_txt}. "
            f"Seat {self.current_player} opens with {MISCHIEF[opening]}."
        )

    def _rng_for_round(self):
        return self.rng

    # ---- contract -----------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        seat = self.current_player
        if seat is None:
            return ()
        if self._opening is not None:
            return (PLAYS[self._opening],)
        hand = self.hands[seat]
        if not self.pile:
            return [PLAYS[c] for c in hand]
        match = MATCH[self.pile[-1]]
        legal = [PLAYS[c] for c in hand if match[c]]
        return legal or (TAKE,)

    def _why_illegal(self, action: Action) -> str:
        seat = self.current_player
        if isinstance(action, TakeMess):
            if not self.pile:
                return "there is no pile to take; start a new pile with any card"
            return "you can take the mess only when no card in your hand matches"
        if isinstance(action, Play):
            card = action.card
            if not isinstance(card, Card) or card not in _INDEX:
                return f"{short_text(card)} is not a Simon's Cat Mischief card"
            if _INDEX[card] not in self.hands[seat]:
                return f"seat {seat} does not hold {card}"
            if self._opening is not None:
                return f"the round must open with {MISCHIEF[self._opening]}, the lowest Cat card in play"
            top = MISCHIEF[self.pile[-1]]
            return f"{card} matches neither the colour ({top.suit}) nor the number ({top.rank}) of {top}"
        return f"{short_repr(action)} is not a Simon's Cat action (play a card or take the mess)"

    def _parse_action(self, text: str) -> Action | None:
        words = normal_name(text)
        if words == "take the mess":
            return TAKE
        if words.startswith("play "):
            try:
                return PLAYS[_INDEX[card_from_name(words[5:])]]
            except GameParameterError:
                return None
        return None

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        hands = self.hands
        if action is TAKE or isinstance(action, TakeMess):
            mess = self.pile
            self.messes[seat].append(mess)
            self.pile = []
            self.log.append(
                f"Seat {seat} takes the mess ({_cards(len(mess))}, "
                f"{MISCHIEF[mess[-1]]} on top)."
            )
            return  # the taker still holds cards (none matched) and starts the next pile
        c = _INDEX[action.card]
        hands[seat].remove(c)
        self.pile.append(c)
        self._opening = None
        self.log.append(f"Seat {seat} plays {MISCHIEF[c]}.")
        nxt = self._next_holder(seat)
        if nxt is None:
            self._end_round()
        else:
            self.current_player = nxt

    def _next_holder(self, seat: int) -> int | None:
        """The next seat clockwise from ``seat`` (``seat`` itself last) that holds cards."""
        hands, n = self.hands, self.game.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if hands[s]:
                return s
        return None

    def _end_round(self) -> None:
        n = self.game.players
        self.final_pile = self.pile
        self.pile = []
        counts = [len(m) for m in self.messes]
        most = max(counts)
        takers = [s for s in range(n) if counts[s] == most] if most > 0 else []
        for s in takers:
            self.simon_cards[s] += 1
        self._round_records += (
            frozen_record({
                "round": self.round,
                "opening": str(MISCHIEF[self._round_opening]),
                "set_aside": [str(MISCHIEF[c]) for c in self.aside],
                "messes": counts,
                "simon": takers,
                "final_pile": [str(MISCHIEF[c]) for c in self.final_pile],
            }),
        )
        who = ", ".join(f"seat {s}" for s in takers) or "no one"
        self.log.append(
            f"Round {self.round} ends; the last pile ({_cards(len(self.final_pile))}) is taken by no "
            f"one. Messes: {counts}. Simon card to {who}. Simon cards: {self.simon_cards}."
        )
        outcome = verdict(self.simon_cards)
        if outcome is not None:
            self._outcome = outcome
            self.current_player = None
            self.log.append(f"Game over after {self.round} rounds: {outcome.reason}.")
        else:
            self._deal_round()

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator). Keys: ``seat``, ``players``, ``round``,
        ``current_player``, ``hand`` (own cards, [] for a spectator), ``hand_sizes``, ``pile``,
        ``top``, ``opening`` (the opening card, told to its holder only, while it is still in
        the hand), ``messes`` (per seat, each mess a list of Cards, top last), ``mess_counts``,
        ``set_aside``, ``final_pile``, ``simon_cards``, ``round_results``, ``legal`` (seat to
        act only), ``log``, ``is_over``, ``outcome``. Built from :data:`OBSERVATION_FIELDS`, as
        :meth:`view`.

        Raises:
            GameParameterError: ``seat`` is not a seat of this game or None.
        """
        return observe(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def view(self, seat: int | None) -> SeatView:
        """:meth:`observation` read key by key (:class:`catcards.seat_view.SeatView`: each key
        computed when first read), valid until the next action: what the play loops give a
        computer player (the sensible player reads 6 of its 19 keys).

        Raises:
            GameParameterError: ``seat`` is not a seat of this game or None.
        """
        return SeatView(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def zones(self) -> dict[str, list[Card]]:
        z = {f"hand {s}": [MISCHIEF[c] for c in h] for s, h in enumerate(self.hands)}
        z["pile"] = [MISCHIEF[c] for c in self.pile]
        z["final pile"] = [MISCHIEF[c] for c in self.final_pile]
        z["set aside"] = [MISCHIEF[c] for c in self.aside]
        for s, ms in enumerate(self.messes):
            z[f"messes {s}"] = [MISCHIEF[c] for m in ms for c in m]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        return [f"hand {s}" for s in range(self.game.players) if s != seat]

    def _copy_mutables(self, other: "SimonsCatState") -> None:
        other.hands = [list(h) for h in self.hands]
        other.aside = list(self.aside)
        other.pile = list(self.pile)
        other.final_pile = list(self.final_pile)
        other.messes = [[list(m) for m in ms] for ms in self.messes]
        other.simon_cards = list(self.simon_cards)


def _opening(state: SimonsCatState, seat: int | None) -> Card | None:
    # the opening card is still in its holder's hand: only the holder is told
    held = state._opening is not None and seat is not None and seat == state.current_player
    return MISCHIEF[state._opening] if held else None


#: the fields of :meth:`SimonsCatState.observation` (and :meth:`~SimonsCatState.view`): key ->
#: ``field(state, seat)``, seat already checked (None: a spectator)
OBSERVATION_FIELDS: dict[str, Any] = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state.game.players,
    "round": lambda state, seat: state.round,
    "current_player": lambda state, seat: state.current_player,
    "hand": lambda state, seat: [MISCHIEF[c] for c in state.hands[seat]] if seat is not None else [],
    "hand_sizes": lambda state, seat: [len(h) for h in state.hands],
    "pile": lambda state, seat: [MISCHIEF[c] for c in state.pile],
    "top": lambda state, seat: MISCHIEF[state.pile[-1]] if state.pile else None,
    "opening": _opening,
    "messes": lambda state, seat: [[[MISCHIEF[c] for c in mess] for mess in ms] for ms in state.messes],
    "mess_counts": lambda state, seat: [len(ms) for ms in state.messes],
    "set_aside": lambda state, seat: [MISCHIEF[c] for c in state.aside],
    "final_pile": lambda state, seat: [MISCHIEF[c] for c in state.final_pile],
    "simon_cards": lambda state, seat: list(state.simon_cards),
    "round_results": lambda state, seat: state._round_records,
    "legal": lambda state, seat: state.legal_for(seat),
    "log": lambda state, seat: list(state.log),
    "is_over": lambda state, seat: state.is_over,
    "outcome": lambda state, seat: state._outcome,
}
