"""Sampling what a seat cannot see in Snap (see :mod:`catcards.explore.hidden`).

Every seat sees the same (``rules/wildcat.md``, "Snap"): every card turned face up is known, and
where every card went afterwards follows from the public actions (a won pile goes under the
winner's stack in a known order). The cards never turned (the rest of each stack, false-snap
penalty cards lying face down, cards left out of a stacked deal) are unseen: they are placed
uniformly at random on the places where unseen cards lie. The deal is then the real deal with
each unseen card replaced by the card placed where it lies now, so the whole game replays.
"""
from __future__ import annotations

import numpy as np

from ..games.snap import Flip
from .hidden import InfoSet, fresh, new_seed, replay, sampler

__all__ = ["SnapInfo"]


class SnapInfo(InfoSet):
    """The information state of Snap (the same for every seat)."""

    def __init__(self, state, seat):
        super().__init__(state, seat)
        revealed: set[int] = set()
        first = {}

        def note(s, action):
            if not first:
                first["stacks"] = [list(x) for x in s.stacks]
            if isinstance(action, Flip):
                revealed.add(s.stacks[s.current_player][0])

        start = replay(state.game, state.seed, state.deals, [], None)
        self.initial = [list(x) for x in start.stacks]
        replay(state.game, state.seed, state.deals, state.history, note)
        # the places where unseen cards lie now, in a public order
        self.slots: list[tuple] = []
        for s, stack in enumerate(state.stacks):
            self.slots += [("stack", s, i) for i, c in enumerate(stack) if c not in revealed]
        self.slots += [("pile", 0, i) for i, c in enumerate(state.pile) if c not in revealed]
        self.slots += [("out", 0, i) for i in range(len(state.left_out))]
        self.pool = sorted(
            [c for st in state.stacks for c in st if c not in revealed]
            + [c for c in state.pile if c not in revealed]
            + list(state.left_out)
        )

    def sample(self, rng: np.random.Generator):
        state = self.state
        game = state.game
        fill = [self.pool[i] for i in rng.permutation(len(self.pool))]
        stacks = [list(x) for x in state.stacks]
        pile = list(state.pile)
        out = []
        sigma = {}
        for (kind, s, i), c in zip(self.slots, fill):
            if kind == "stack":
                sigma[stacks[s][i]] = c
                stacks[s][i] = c
            elif kind == "pile":
                sigma[pile[i]] = c
                pile[i] = c
            else:
                sigma[state.left_out[i]] = c
                out.append(c)
        deal = [[game.card_names[sigma.get(c, c)] for c in st] for st in self.initial]
        world = fresh(state, new_seed(rng), deal, plain=True)  # card names the sampler wrote: kept unchecked
        world.stacks, world.pile, world.left_out = stacks, pile, sorted(out)
        return world


@sampler("snap")
def prepare(state, seat):
    return SnapInfo(state, seat)
