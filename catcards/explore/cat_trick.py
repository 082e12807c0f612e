"""Sampling what a seat cannot see in Cat Trick (see :mod:`catcards.explore.hidden`).

What a seat knows (``rules/cat-trick.md``): its own hand, the face-up trump card, every card
played and by whom, the collections, and of every greedy share the colour, the cards lost (they
were collected face up), who received one and how many were discarded, plus the one card it
received itself. Cat Trick has **no duty to follow colour**, so a player who does not follow the
led colour may still hold it: playing another colour reveals nothing (unlike King of the Jungle,
where following suit is a rule and a void is certain).

The sampler, per round:

- a card's first play in the round was from its player's dealt hand; the other dealt cards of
  each other seat, and the undealt pile, are the unseen cards dealt uniformly at random;
- for each greedy share, a lost card played again later in the round went to the player who
  played it, the card the seat received went to it, and the other lost cards go uniformly at
  random to the other receivers and the discard.

These constraints are everything the seat saw, and they touch disjoint choices (the deal and each
share's shuffle), so drawing each uniformly under its own constraints is drawing uniformly
among the consistent games.

Every sample replays from its explicit deal: a share's shuffle is part of the deal, written in
the round's ``"shares"`` (the order each share's cards are dealt, see
:meth:`catcards.games.cat_trick.CatTrick.new_game`), so the sampled state is
``game.new_game(seed, deals=deals)`` with the history applied, like every other game's. (Before
the deals could name the shares' orders, a share was shuffled by the state's generator, so a
sample had to find a seed whose shuffles met every constraint, and after a few shares none of
thousands of seeds did: those samples could not be replayed.) Shares later in the round, and
later rounds, come from the sample's fresh generator.
"""
from __future__ import annotations

import re

import numpy as np

from ..games.cat_trick import _COLOUR, _INDEX, CARDS, COLOURS, N_CARDS
from .hidden import InfoSet, dealt, new_seed, sampler

__all__ = ["CatTrickInfo"]

_WINS = re.compile(r"Seat (\d+) wins the trick\.")
_GREEDY = re.compile(r"Seat (\d+) has (\d+) (\w+) cards: too greedy!")


class CatTrickInfo(InfoSet):
    """The information state of one seat in Cat Trick (see the module docstring)."""

    def __init__(self, state, seat):
        super().__init__(state, seat)
        game = state.game
        n, h = game.players, game.hand_size
        o = seat
        self.n, self.h = n, h
        s = game.new_game(state.seed, deals=state.deals)
        rounds = []

        def start():
            rounds.append({"obs": sorted(s.hands[o]), "trump": s.trump_card, "events": []})

        start()
        for action in state.history:
            r0 = s.round
            p = s.current_player
            c = _INDEX[action.card]
            mark = len(s.log)
            mine_before = [x for x in s.hands[o] if not (p == o and x == c)]
            trick = [x for _, x in s.trick] + [c]
            colls = [list(x) for x in s.collections]
            s.apply(action)
            ev = rounds[r0 - 1]["events"]
            ev.append(("play", p, c))
            new_lines = s.log[mark:]
            winner = None
            for line in new_lines:
                m = _WINS.match(line)
                if m:
                    winner = int(m.group(1))
                    colls[winner] = colls[winner] + trick
                m = _GREEDY.match(line)
                if m:
                    w, col = int(m.group(1)), COLOURS.index(m.group(3))
                    lost = [x for x in colls[w] if _COLOUR[x] == col]
                    colls[w] = [x for x in colls[w] if _COLOUR[x] != col]
                    receivers = [(w + k) % n for k in range(1, n) if k <= len(lost)]
                    got = None
                    if o in receivers:
                        after = s.hands[o] if s.round == r0 else None
                        if after is None:  # the round ended: the card is in the hand it ended with
                            after = _hand_at_round_end(game, state, o, r0)
                        new = [x for x in after if x not in mine_before and _COLOUR[x] == col]
                        got = new[0] if new else None
                    ev.append(("share", w, lost, receivers, got))
            if s.round != r0:
                start()
        self.rounds = rounds
        # per round: pinned dealt cards per seat, the fill pool, per share the pins
        self.plans = [self._plan(r) for r in rounds]

    def _plan(self, rnd):
        n, o = self.n, self.seat
        first_play: dict[int, int] = {}
        events = rnd["events"]
        shares = []
        for i, ev in enumerate(events):
            if ev[0] == "play" and ev[2] not in first_play:
                first_play[ev[2]] = ev[1]
            if ev[0] == "share":
                _, w, lost, receivers, got = ev
                pins = {}
                for c in lost:
                    for later in events[i + 1 :]:
                        if later[0] == "play" and later[2] == c:
                            pins[c] = later[1]
                            break
                if got is not None:
                    pins[got] = o
                shares.append((i, lost, receivers, pins))
        pinned = [sorted(c for c, p in first_play.items() if p == s) for s in range(n)]
        pinned[o] = list(rnd["obs"])
        used = set(c for hand in pinned for c in hand) | {rnd["trump"]}
        pool = [c for c in range(N_CARDS) if c not in used]
        return pinned, pool, shares

    # ---- drawing ---------------------------------------------------------------------------------
    def _deal(self, r, rng):
        pinned, pool, _ = self.plans[r]
        n, h, o = self.n, self.h, self.seat
        fill = [pool[i] for i in rng.permutation(len(pool))]
        hands, at = [], 0
        for s in range(n):
            if s == o:
                hands.append(list(pinned[s]))
                continue
            k = h - len(pinned[s])
            hands.append(sorted(pinned[s] + fill[at : at + k]))
            at += k
        return hands, sorted(fill[at:])

    def _share_outcome(self, lost, receivers, pins, rng):
        """receiver -> card, and the discarded cards, for one share (uniform given its pins)."""
        free_cards = [c for c in lost if c not in pins]
        free_cards = [free_cards[i] for i in rng.permutation(len(free_cards))]
        taken = set(pins.values())
        slots = [r for r in receivers if r not in taken]
        out = {p: c for c, p in pins.items()}
        for r, c in zip(slots, free_cards):
            out[r] = c
        return out, free_cards[len(slots) :]

    def sample(self, rng: np.random.Generator):
        """A state ``seat`` cannot tell from the real one (see the module docstring): every
        round's hands and trump card, and every share's order, drawn under their constraints,
        then the history replayed from ``new_game(seed, deals=...)``.

        The state is dealt from the drawn card ids directly (:func:`~catcards.explore.hidden.dealt`,
        given what :meth:`CatTrick._parse_deal` would make of each round: hands as tuples of card
        ids, the trump card's id, the shares' orders as tuples of ids): the deals are this
        sampler's own, so the checks ``new_game`` gives deals from outside (names, counts,
        duplicates) are skipped; the state and its ``deals`` are the same."""
        deals, parsed = [], []
        for r in range(len(self.rounds)):
            hands, _ = self._deal(r, rng)
            trump = self.rounds[r]["trump"]
            deal = {"hands": [[_NAME[c] for c in hand] for hand in hands], "trump": _NAME[trump]}
            orders = []
            for _, lost, receivers, pins in self.plans[r][2]:
                given, rest = self._share_outcome(lost, receivers, pins, rng)
                orders.append(tuple([given[p] for p in receivers] + rest))
            if orders:
                deal["shares"] = [[_NAME[c] for c in order] for order in orders]
            deals.append(deal)
            parsed.append((tuple(tuple(hand) for hand in hands), trump, tuple(orders)))
        world = dealt(self.state, new_seed(rng), deals, tuple(parsed))
        for action in self.state.history:
            world.apply(action)
        return world


_NAME = tuple(str(c) for c in CARDS)


def _hand_at_round_end(game, state, seat, round_no):
    """``seat``'s hand when round ``round_no`` ended (its own cards: it saw them)."""
    s = game.new_game(state.seed, deals=state.deals)
    for action in state.history:
        s.apply(action)
        if s.round > round_no:
            # the round ended on this action and the next deal has replaced the hand: the engine
            # keeps no copy, so replay again up to the deal (_hand_before_deal)
            return _hand_before_deal(game, state, seat, round_no)
    return s.hands[seat]


def _hand_before_deal(game, state, seat, round_no):
    s = game.new_game(state.seed, deals=state.deals)
    captured = {}
    original = type(s)._deal_round

    for action in state.history:
        if s.round != round_no:
            s.apply(action)
            continue
        snapshot = s.clone()
        # apply on a copy whose next deal is intercepted
        def no_deal(self, leader, _cap=captured):
            _cap["hands"] = [list(x) for x in self.hands]
            original(self, leader)
        snapshot._deal_round = no_deal.__get__(snapshot)
        snapshot.apply(action)
        if "hands" in captured:
            return captured["hands"][seat]
        s.apply(action)
    return s.hands[seat]


@sampler("cat-trick")
def prepare(state, seat):
    return CatTrickInfo(state, seat)
