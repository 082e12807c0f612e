"""Cat Trick: the rules engine.

Source: ``rulebooks/cat-trick.txt`` and the project's decisions in ``rules/cat-trick.md``. In short:
35 cards (5 colours x number cards 2-7 and one Cat Trick card 1) are shuffled; each player gets
10 / 8 / 6 cards (3 / 4 / 5 players) and the top card of the rest is turned face up: its colour is
trump for the round, and the rest of the pile (hidden) is out of the round. The leader plays any
card, then each player clockwise plays any card (no duty to follow colour). The highest trump
wins the trick, else the highest card of the led colour; a colour's 1 counts as 8 when the 7 of
the same colour is in the same trick. The winner collects the trick face up, sorted by colour,
and leads next.

*Greedy or needy*: after taking a trick, a winner with 4 or more collected cards of a colour loses
all of them: they are shuffled (``state.rng``) and dealt face down one each to the other players,
starting at the winner's left, into their hands; leftovers are discarded face down, out of the
round. Then the round ends (1) if the winner has all 5 colours collected: one Super Cat card to
them; else (2) if any hand is empty: most colours collected, then most cards collected, wins a
Super Cat card, and players still tied all get one. A new round (fresh shuffle, fresh trump) is
led by the player with the fewest collected cards. The game ends as soon as a player holds 3
Super Cat cards; every player with 3 wins.

Readings the rule files leave open, decided here as a player would expect:

- When the winner has 4+ cards in two colours after one trick, each colour is shuffled and dealt
  separately, in colour order (pink, blue, orange, green, yellow), each starting at the winner's
  left.
- The discarded leftovers and the undealt pile are hidden from everyone; who received which
  greedy card is known only to the receiver. So the log names the colour and how many cards went
  where, never which cards; and the "last trick" shown in an observation hides a card (None) once
  it has been dealt into a hand.
- Super Cat cards are counted, not drawn from the box's 11: with ties more could be owed (at most
  one per player per round); the count goes on as if the supply were unlimited.
- Tie for the fewest collected cards at the start of a new round ("the youngest player"): the
  lowest seat, as in ``rules/README.md``. The first round is led by ``first_player``.
- A round is bounded in practice but not by a rule (greedy dealing refills hands); the game is
  bounded: every round gives at least one Super Cat card, so it lasts at most 2 x players + 1
  rounds.

Cards are small integers internally (index into :data:`CARDS`) so that a random playout is fast.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, Sequence

from ..cards import Card
from ..core import (
    Action,
    Game,
    GameParameterError,
    Outcome,
    card_names,
    check_card_name,
    check_deal_dict,
    find_card,
    frozen_record,
    hand_ids,
    parse_round_deals,
    permutation,
    short_repr,
    thawed_records,
)
from ..params import Param
from ..registry import register
from .tricks import TRICK_KEYS, Play, TrickState, plays_for

__all__ = [
    "CatTrick",
    "CatTrickState",
    "Play",
    "COLOURS",
    "CARDS",
    "HAND_SIZES",
    "GREEDY_LIMIT",
    "SUPER_CATS_TO_WIN",
    "card_from_name",
    "trick_values",
]

#: the five colours (toys); the rulebook names pink, blue and orange, the project adds the others
COLOURS: tuple[str, ...] = ("pink", "blue", "orange", "green", "yellow")
#: the 35 cards; a card's index is its id: colour index * 7 + (number - 1); number 1 = Cat Trick card
CARDS: tuple[Card, ...] = tuple(Card(c, r) for c in COLOURS for r in range(1, 8))
N_CARDS = len(CARDS)
#: cards dealt per player (rulebook "Setup" table)
HAND_SIZES: dict[int, int] = {3: 10, 4: 8, 5: 6}
#: collected cards of one colour that make a player greedy ("four or more")
GREEDY_LIMIT = 4
#: Super Cat cards that end the game ("End of the Game")
SUPER_CATS_TO_WIN = 3
#: the most greedy shares one round's explicit deal may list (a bound on untrusted input)
MAX_SHARES = 100

_COLOUR = tuple(i // 7 for i in range(N_CARDS))  # id -> colour index
_RANK = tuple(i % 7 + 1 for i in range(N_CARDS))  # id -> printed number
_COLOUR_NAME = tuple(COLOURS[c] for c in _COLOUR)  # id -> colour name
_INDEX = {c: i for i, c in enumerate(CARDS)}
_BY_NAME = card_names(CARDS)
_UNKNOWN = f"a Cat Trick card (colours {', '.join(COLOURS)}, numbers 1-7, written like 'pink 7')"
PLAYS: tuple[Play, ...] = plays_for(CARDS)


def card_from_name(name: str | Card, where: str = "Cat Trick") -> Card:
    """The Cat Trick card called ``name`` ("pink 7", "Pink 1"; compared through
    :func:`catcards.core.normal_name`: case, spaces and Unicode form do not matter).

    ``where`` starts a refusal ("deal for round 1").

    Raises:
        GameParameterError: ``name`` is not text or a Card, or no Cat Trick card has that name
            (:func:`catcards.core.find_card`).
    """
    return CARDS[find_card(name, _BY_NAME, _INDEX, where, "pink 7", _UNKNOWN)]


def trick_values(cards: Sequence[Card]) -> list[int]:
    """What each card of a trick counts as: its number, except a 1 counts as 8 when the 7 of the
    same colour is in the same trick (rulebook "Cat Trick Card (1→8)").

    >>> trick_values([Card("pink", 7), Card("blue", 4), Card("orange", 6), Card("pink", 1)])
    [7, 4, 6, 8]
    """
    sevens = {c.suit for c in cards if c.rank == 7}
    return [8 if c.rank == 1 and c.suit in sevens else c.rank for c in cards]


@register
class CatTrick(Game):
    """Cat Trick (rulebook ``cat-trick.txt``, decisions ``rules/cat-trick.md``).

    Args:
        players: 3 to 5 (hands of 10 / 8 / 6 cards).
        first_player: the seat that leads the first trick of round 1 ("the player who petted a
            cat most recently"), 0 to players - 1; default 0.

    Raises:
        GameParameterError: players or first_player outside the ranges above.
    """

    name = "cat-trick"
    title = "Cat Trick"
    min_players = 3
    max_players = 5
    default_players = 4
    teaches = "trump and the led colour; chances of a trick without trump; greedy collecting"
    declared = (Param("first_player", 0, "the seat that leads the first trick of round 1", kind="seat"),)

    def __init__(self, players: int | None = None, first_player: int = 0):
        super().__init__(players)
        self.set_params(first_player=first_player)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 10, 8 or 6 for 3, 4 or 5 players."""
        return HAND_SIZES[self.players]

    def new_game(self, seed: int | None = None, deals: Sequence | None = None) -> "CatTrickState":
        """Deal round 1 and return the state.

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: explicit deals for rounds 1, 2, ...; each either a list of ``players`` hands of
                ``hand_size`` card names ("pink 7") or Cards, or a dict
                ``{"hands": [...], "trump": "blue 3", "shares": [["pink 4", ...], ...]}`` that
                also fixes the card turned face up for trump and, optionally, the order in which
                the round's greedy shares are dealt (one list per share, in the order the shares
                happen: the first card to the winner's left, and so on; leftovers discarded).
                Without "trump" the face-up card is drawn by the generator from the cards not
                dealt; a share not listed is shuffled by the generator. A share's list is a
                stacked order: cards it names are dealt in that order, any lost card it does not
                name follows in collected order (a list naming exactly the lost cards, as a
                recorded game has, is dealt exactly). Cards neither dealt nor turned up are the
                hidden undealt pile.

        Raises:
            GameParameterError: a deal with the wrong number of hands or cards, an unknown card,
                a card dealt twice, a trump card that is also in a hand, or "shares" that are not
                lists (at most :data:`MAX_SHARES`) of 4 to 7 different cards of one colour.
        """
        deals, parsed = parse_round_deals(deals, self.title, f"{self.players} hands of {self.hand_size} card names",
                                          self._parse_deal)
        return CatTrickState(self, seed, deals, parsed)

    def _parse_deal(self, deal: Any, round_no: int) -> tuple[tuple[tuple[int, ...], ...], int | None, tuple]:
        """One round's deal as (hands of card ids, trump card id or None, the greedy shares'
        orders as tuples of card ids), immutable: the same parsed deal is shared by a state and
        its clones."""
        where = f"deal for round {round_no}"
        trump = None
        shares: tuple = ()
        if isinstance(deal, dict):
            deal = check_deal_dict(deal, where, ("hands", "trump", "shares"), required=("hands",))
            if deal.get("trump") is not None:
                check_card_name(deal["trump"], f"{where}, trump", "blue 3")
                trump = _INDEX[card_from_name(deal["trump"], f"{where}, trump")]
            if deal.get("shares") is not None:
                shares = self._parse_shares(deal["shares"], where)
            deal = deal["hands"]
        hands = hand_ids(deal, self.players, lambda name: _INDEX[card_from_name(name, where)], CARDS.__getitem__, where,
                         size=self.hand_size)
        if trump is not None and any(trump in hand for hand in hands):
            raise GameParameterError(f"{where}: the trump card {CARDS[trump]} is also in a hand")
        return hands, trump, shares

    def _parse_shares(self, shares: Any, where: str) -> tuple[tuple[int, ...], ...]:
        """A deal's "shares": per greedy share, the order its cards are dealt (card ids)."""
        what = f'{where}, "shares" is a list of up to {MAX_SHARES} lists of 4 to 7 different cards of one colour'
        if not isinstance(shares, (list, tuple)) or len(shares) > MAX_SHARES:
            raise GameParameterError(what)
        out = []
        for order in shares:
            if not isinstance(order, (list, tuple)) or not GREEDY_LIMIT <= len(order) <= 7:
                raise GameParameterError(what)
            for name in order:
                check_card_name(name, f"{where}, shares", "pink 4")
            ids = tuple(_INDEX[card_from_name(name)] for name in order)
            if len(set(ids)) != len(ids) or len({_COLOUR[c] for c in ids}) != 1:
                raise GameParameterError(f"{what}, not {short_repr(order)}")
            out.append(ids)
        return tuple(out)


class CatTrickState(TrickState):
    """One game of Cat Trick. See :class:`CatTrick` and the module docstring for the rules; the
    contract is :class:`catcards.core.State`, the trick flow :class:`~.tricks.TrickState`.

    Extra attributes (read-only for users):
        round: the round being played, from 1.
        trump: the trump colour of the round; ``trump_card`` the id of the face-up card.
        collections: per seat the ids of the collected cards.
        super_cats: Super Cat cards per seat.
        round_results: one dict per finished round: ``round``, ``winners`` (seats given a Super
            Cat card), ``how`` ("five colours" or "empty hand"), ``colours`` and ``collected``
            (per seat), ``super_cats`` (after the round).
        eights: per round, how many tricks had a 1 counting as 8 (index 0 = round 1).
        greedy_events: per round, how many times a player had to share a colour.
    """

    game: CatTrick
    CARDS = CARDS
    INDEX = _INDEX
    PLAYS = PLAYS

    def __init__(self, game: CatTrick, seed, deals, parsed_deals):
        super().__init__(game, seed, deals, parsed_deals)
        n = game.players
        self.round = 0
        self.super_cats = [0] * n
        self._round_records: tuple = ()  # frozen_record per finished round
        self.collections: list[list[int]] = [[] for _ in range(n)]
        self.draw_pile: list[int] = []
        self.discard_pile: list[int] = []
        self.trump_card: int = 0
        self.trump: str = COLOURS[0]
        self.eights: list[int] = []
        self.greedy_events: list[int] = []
        self._deal_round(game.first_player)

    @property
    def round_results(self) -> list[dict[str, Any]]:
        """One dict per finished round (a fresh copy; see the class docstring)."""
        return thawed_records(self._round_records)

    # ---- dealing ----------------------------------------------------------------------------------
    def _deal_round(self, leader: int) -> None:
        game = self.game
        n, h = game.players, game.hand_size
        self.round += 1
        self._share_orders: tuple = ()
        if self.round <= len(self._stacked):
            hands, trump, self._share_orders = self._stacked[self.round - 1]
            hands = [list(x) for x in hands]
            dealt = {c for hand in hands for c in hand}
            rest = [c for c in range(N_CARDS) if c not in dealt]
            if trump is None:
                trump = rest[int(self.rng.integers(len(rest)))]
            rest.remove(trump)
        else:
            hands, rest = self._shuffled_hands(N_CARDS, h)
            trump, rest = rest[0], rest[1:]
        self._new_deal(hands)
        self.draw_pile = sorted(rest)
        self.trump_card = trump
        self.trump = COLOURS[_COLOUR[trump]]
        self.collections = [[] for _ in range(n)]
        self.discard_pile = []
        self.eights.append(0)
        self.greedy_events.append(0)
        self._start_trick(leader)
        self.log.append(
            f"Round {self.round}: {h} cards each; {CARDS[trump]} is turned up: {self.trump} is "
            f"trump. Seat {leader} leads."
        )

    # ---- contract ---------------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        seat = self.current_player
        if seat is None:
            return ()
        hand = self.hands[seat]
        if len(hand) > 1:
            return itemgetter(*hand)(PLAYS)  # a tuple of the plays, built in C
        return (PLAYS[hand[0]],) if hand else ()

    def _card_named(self, name: str) -> Card:
        return card_from_name(name)

    def _why_illegal(self, action: Action) -> str:
        cid, why = self._held_card_id(action)
        return why or "it is not one of the legal actions now"

    def _apply(self, action: Action) -> None:
        self._play_card(self.current_player, action._id)  # a legal play: one of PLAYS

    def _trick_winner(self, plays: list[tuple[int, int]]) -> int:
        # winning_index with the values of this trick, in one pass: a 1 counts as 8 when the 7
        # of its colour is in the trick; the highest trump wins, else the highest of the led colour
        colour, rank = _COLOUR, _RANK
        sevens = [colour[c] for _, c in plays if rank[c] == 7]
        trump = colour[self.trump_card]
        target = colour[plays[0][1]]
        for _, c in plays:
            if colour[c] == trump:
                target = trump
                break
        best_seat, best, eight = plays[0][0], -1, False
        for seat, c in plays:
            r = rank[c]
            if r == 1 and sevens and colour[c] in sevens:
                r, eight = 8, True
            if r > best and colour[c] == target:
                best_seat, best = seat, r
        if eight:
            self.eights[-1] += 1
        return best_seat

    def _trick_taken(self, winner: int, plays: list[tuple[int, int]]) -> None:
        mine = self.collections[winner]
        mine += [c for _, c in plays]
        counts = [0] * len(COLOURS)
        colour = _COLOUR
        for c in mine:
            counts[colour[c]] += 1
        if max(counts) >= GREEDY_LIMIT:
            for col, k in enumerate(counts):
                if k >= GREEDY_LIMIT:
                    self._share(winner, col)
                    counts[col] = 0  # all of that colour went
        self._check_round_end(winner, 0 not in counts)

    def _share(self, winner: int, col: int) -> None:
        """Greedy or needy: ``winner`` loses every collected card of colour ``col``."""
        n = self.game.players
        lost = [c for c in self.collections[winner] if _COLOUR[c] == col]
        self.collections[winner] = [c for c in self.collections[winner] if _COLOUR[c] != col]
        done = self.greedy_events[-1]  # shares so far this round
        if done < len(self._share_orders):  # a stacked order (see CatTrick.new_game)
            at = {c: k for k, c in enumerate(self._share_orders[done])}
            order = sorted(lost, key=lambda c: at.get(c, len(at)))
        else:
            order = [lost[i] for i in permutation(self.rng, len(lost))]
        given = []
        for k in range(1, n):
            if not order:
                break
            seat = (winner + k) % n
            self.hands[seat].append(order.pop(0))
            self.hands[seat].sort()
            given.append(seat)
        self.discard_pile.extend(order)
        self.greedy_events[-1] += 1
        self.log.append(
            f"Seat {winner} has {len(lost)} {COLOURS[col]} cards: too greedy! They are dealt face "
            f"down one each to seat{'s' * (len(given) != 1)} {', '.join(map(str, given))}"
            + (f"; {len(order)} discarded." if order else ".")
        )

    def _colours(self, seat: int) -> int:
        return len({_COLOUR[c] for c in self.collections[seat]})

    def _check_round_end(self, winner: int, five: bool) -> None:
        """After a trick (and any sharing): the round ends when the winner holds all five colours
        (``five``) or a hand is empty; else ``winner`` leads the next trick."""
        n = self.game.players
        if five:
            self._end_round([winner], "five colours")
        elif not all(self.hands):  # a hand is empty
            colours = [self._colours(s) for s in range(n)]
            key = [(colours[s], len(self.collections[s])) for s in range(n)]
            best = max(key)
            self._end_round([s for s in range(n) if key[s] == best], "empty hand")
        else:
            self._start_trick(winner)

    def _end_round(self, winners: list[int], how: str) -> None:
        n = self.game.players
        self._log_mark = len(self.log)
        for s in winners:
            self.super_cats[s] += 1
        collected = [len(c) for c in self.collections]
        self._round_records += (
            frozen_record({
                "round": self.round,
                "winners": list(winners),
                "how": how,
                "colours": [self._colours(s) for s in range(n)],
                "collected": collected,
                "super_cats": list(self.super_cats),
            }),
        )
        who = ", ".join(f"seat {s}" for s in winners)
        if how == "five colours":
            why = f"seat {winners[0]} has collected all 5 colours"
        else:
            why = "a hand is empty; most colours, then most cards collected, wins"
        self.log.append(
            f"Round {self.round} ends: {why}. Super Cat card to {who}. Super Cat cards: "
            f"{self.super_cats}."
        )
        champions = tuple(s for s in range(n) if self.super_cats[s] >= SUPER_CATS_TO_WIN)
        if champions:
            self.trick = []
            self.current_player = None
            names = ", ".join(f"seat {s}" for s in champions)
            reason = (
                f"{names} collected {SUPER_CATS_TO_WIN} Super Cat cards after {self.round} "
                f"round{'s' * (self.round != 1)}"
            )
            self._outcome = Outcome(champions, tuple(self.super_cats), reason)
            self.log.append(f"Game over: {reason}.")
        else:
            fewest = min(collected)
            self._deal_round(collected.index(fewest))

    # ---- what players see -----------------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator). Keys (:data:`OBSERVATION`, in this order):

        ``seat``, ``players``, ``round``, ``current_player``, ``leader``, ``hand`` (own cards,
        [] for a spectator), ``hand_sizes``, ``trick`` and ``last_trick`` ([{"seat", "card"},
        ...] in play order; a card of the last trick dealt away since shows as None),
        ``led_suit``, ``last_winner``, ``legal`` (seat to act only), ``log`` (the public log of
        this round, from the end of the last one; the whole game's is ``state.log``),
        ``is_over``, ``outcome``, ``trump`` (colour), ``trump_card`` (the face-up Card),
        ``collections`` (per seat a dict colour -> Cards, in colour order),
        ``colours_collected`` and ``collected`` (per seat), ``super_cats``, ``draw_pile_size``
        (the undealt cards, hidden, out of the round), ``discard_pile_size`` (greedy leftovers,
        face down), ``round_results`` (read-only mappings, lists as tuples). :meth:`view` gives
        the same keys read one by one.

        Raises:
            GameParameterError: ``seat`` is not a seat of the game nor None.
        """
        return super().observation(seat)

    def zones(self) -> dict[str, list[Card]]:
        z = self._trick_zones()
        for s, col in enumerate(self.collections):
            z[f"collection {s}"] = [CARDS[c] for c in col]
        z["trump card"] = [CARDS[self.trump_card]]
        z["draw pile"] = [CARDS[c] for c in self.draw_pile]
        z["discard pile"] = [CARDS[c] for c in self.discard_pile]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        return self._hidden_hands(seat) + ["draw pile", "discard pile"]

    def _copy_mutables(self, other: "CatTrickState") -> None:
        self._copy_tricks(other)
        other.collections = [list(c) for c in self.collections]
        other.draw_pile = list(self.draw_pile)
        other.discard_pile = list(self.discard_pile)
        other.super_cats = list(self.super_cats)
        other.eights = list(self.eights)
        other.greedy_events = list(self.greedy_events)


def _collections(state: CatTrickState, seat: int | None) -> list[dict[str, list[Card]]]:
    """Per seat its collected cards as a dict colour -> Cards (colours and cards in order)."""
    out = []
    for col in state.collections:
        by_colour: dict[str, list[Card]] = {}
        last = None  # the colour of the previous card: sorted ids come colour by colour
        for c in sorted(col):
            name = _COLOUR_NAME[c]
            if name is last:
                cards.append(CARDS[c])
            else:
                cards = by_colour[name] = [CARDS[c]]
                last = name
        out.append(by_colour)
    return out


def _last_trick(state: CatTrickState, seat: int | None) -> list[dict[str, Any]]:
    """The last trick, a card dealt away since (into a hidden hand or the discard) shown as None:
    visible are the collected cards and the seat's own hand."""
    visible = {c for col in state.collections for c in col}
    if seat is not None:
        visible.update(state.hands[seat])
    return state._trick_view(state.last_trick, visible)


#: Cat Trick's observation, key by key (see :meth:`CatTrickState.observation`)
CatTrickState.OBSERVATION = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: state.game.players,
    "round": lambda state, seat: state.round,
    **TRICK_KEYS,
    "last_trick": _last_trick,
    "trump": lambda state, seat: state.trump,
    "trump_card": lambda state, seat: CARDS[state.trump_card],
    "collections": _collections,
    "colours_collected": lambda state, seat: [len({_COLOUR[c] for c in col}) for col in state.collections],
    "collected": lambda state, seat: [len(c) for c in state.collections],
    "super_cats": lambda state, seat: list(state.super_cats),
    "draw_pile_size": lambda state, seat: len(state.draw_pile),
    "discard_pile_size": lambda state, seat: len(state.discard_pile),
    "round_results": lambda state, seat: state._round_records,
}
