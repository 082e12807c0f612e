"""Sampling what a seat cannot see in The Big Cat Game (see :mod:`catcards.explore.hidden`).

Every stack is face down, even to its owner (``rules/wildcat.md``); every card laid is seen, and
where it went afterwards follows from the public actions. The cards never laid are unseen: they
are placed uniformly at random on the stack places never laid from (with the deck's cards that
are out of a stacked deal), and the game is replayed from that deal, so the sampled state is
exactly a legal game (the engine's repeated-position check included).
"""
from __future__ import annotations

import numpy as np

from ..decks import DECKS
from ..games.big_cat import Lay
from .hidden import InfoSet, SamplingError, new_seed, replay, sampler

__all__ = ["BigCatInfo"]


class BigCatInfo(InfoSet):
    """The information state of The Big Cat Game (the same for every seat)."""

    def __init__(self, state, seat):
        super().__init__(state, seat)
        laid: set[int] = set()

        def note(s, action):
            if isinstance(action, Lay):
                laid.add(s.stacks[s.current_player][0])

        replay(state.game, state.seed, state.deals, state.history, note)
        cards = state.cards  # id = place in the deal, seat by seat, top first
        deck = DECKS[state.game.deck]()
        if any(c not in deck for c in cards):
            raise SamplingError("a Big Cat deal with more cards of a kind than the deck has cannot be resampled")
        self.sizes = [len(x) for x in state.initial_deal]
        self.known = {i: cards[i] for i in laid}
        self.slots = [i for i in range(len(cards)) if i not in laid]
        in_game = set(cards)
        self.pool = sorted(
            [cards[i] for i in self.slots] + [c for c in deck if c not in in_game], key=deck.index
        )

    def sample(self, rng: np.random.Generator):
        state = self.state
        fill = [self.pool[i] for i in rng.permutation(len(self.pool))]
        flat = dict(self.known)
        for i, c in zip(self.slots, fill):
            flat[i] = c
        deal, k = [], 0
        for size in self.sizes:
            deal.append([str(flat[i]) for i in range(k, k + size)])
            k += size
        world = replay(state.game, new_seed(rng), deal, state.history)
        return world


@sampler("big-cat")
def prepare(state, seat):
    return BigCatInfo(state, seat)
