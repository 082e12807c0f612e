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
among the consistent games. The round under way is then replayed on those cards to give the
hands, the undealt pile and the discard.

Replaying from a seed: a share's shuffle comes from the state's generator. A sampled state is a
legal game from its ``deals`` and ``seed`` when no share has happened; after shares, the sampler
looks for a seed whose shuffles meet every constraint (up to ``seed_tries`` seeds, the exact
rejection method) and then replays the game from it; if none is found it builds the same
distribution directly and sets ``sampled.replays = False`` (its saved form would replay into a
different greedy deal). :func:`catcards.odds` skips the seed search (``seed_tries=0``): the
distribution is the same either way.
"""
from __future__ import annotations

import re

import numpy as np

from ..games.cat_trick import _COLOUR, _INDEX, CARDS, COLOURS, N_CARDS
from .hidden import InfoSet, SamplingError, fresh, new_seed, replay, sampler

__all__ = ["CatTrickInfo"]

_WINS = re.compile(r"Seat (\d+) wins the trick\.")
_GREEDY = re.compile(r"Seat (\d+) has (\d+) (\w+) cards: too greedy!")


class CatTrickInfo(InfoSet):
    """The information state of one seat in Cat Trick (see the module docstring)."""

    seed_tries = 2000

    def __init__(self, state, seat):
        super().__init__(state, seat)
        game = state.game
        n, h = game.players, game.hand_size
        o = seat
        self.n, self.h = n, h
        record = getattr(state, "_explore_record", None)
        if record is not None and record[0] == len(state.history) and record[1] == seat:
            # a state drawn without a seed (see the module docstring): what the seat saw is kept
            self.rounds = record[2]
            self.plans = [self._plan(r) for r in self.rounds]
            return
        if getattr(state, "replays", True) is False:
            raise SamplingError(
                "this Cat Trick state was drawn for another seat after a greedy share and does not "
                "replay from its seed; draw from the real position instead"
            )
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

    def _perm_outcome(self, perm, lost, receivers):
        order = [lost[i] for i in perm]
        return {r: order[k] for k, r in enumerate(receivers)}, order[len(receivers) :]

    def _matches(self, outcome, pins):
        return all(outcome.get(p) == c for c, p in pins.items())

    def sample(self, rng: np.random.Generator, seed_tries: int | None = None):
        state = self.state
        if seed_tries is None:
            seed_tries = self.seed_tries
        deals = []
        for r in range(len(self.rounds)):
            hands, _ = self._deal(r, rng)
            deals.append({"hands": [[str(CARDS[c]) for c in hand] for hand in hands],
                          "trump": str(CARDS[self.rounds[r]["trump"]])})
        all_shares = [(r, sh) for r in range(len(self.rounds)) for sh in self.plans[r][2]]
        if not all_shares or seed_tries:
            for _ in range(max(1, seed_tries)):
                seed = new_seed(rng)
                if all_shares:
                    g = np.random.default_rng(seed)
                    if not all(
                        self._matches(self._perm_outcome(g.permutation(len(lost)), lost, rec)[0], pins)
                        for _, (_, lost, rec, pins) in all_shares
                    ):
                        continue
                world = replay(state.game, seed, deals, state.history)
                world.replays = True
                return world
        return self._direct(deals, rng)

    def _direct(self, deals, rng):
        """The round under way replayed on sampled cards without the generator (see module doc)."""
        state = self.state
        r = len(self.rounds) - 1
        hands = [sorted(_INDEX_BY_NAME[x] for x in hand) for hand in deals[r]["hands"]]
        dealt = {c for hand in hands for c in hand}
        undealt = sorted(c for c in range(N_CARDS) if c not in dealt and c != self.rounds[r]["trump"])
        discard = []
        shares = {i: sh for i, *sh in [(x[0], x[1], x[2], x[3]) for x in self.plans[r][2]]}
        for i, ev in enumerate(self.rounds[r]["events"]):
            if ev[0] == "play":
                hands[ev[1]].remove(ev[2])
            else:
                lost, receivers, pins = shares[i]
                given, rest = self._share_outcome(lost, receivers, pins, rng)
                for p, c in given.items():
                    hands[p].append(c)
                discard.extend(rest)
        world = fresh(state, new_seed(rng), deals)
        world._stacked = [
            ([[_INDEX_BY_NAME[x] for x in hand] for hand in d["hands"]], _INDEX_BY_NAME[d["trump"]]) for d in deals
        ]
        world.hands = [sorted(x) for x in hands]
        world.undealt = undealt
        world.discard = sorted(discard)
        world.replays = False
        world._explore_record = (len(state.history), self.seat, self.rounds)
        return world


_INDEX_BY_NAME = {str(c): i for i, c in enumerate(CARDS)}


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
