"""Sampling what a seat cannot see in Pairs (see :mod:`catcards.explore.hidden`).

Every seat sees the same (``rules/wildcat.md``, "Pairs"): a card once turned over is known where
it lies, taken pairs are known. The cards never turned over are the unseen cards, laid uniformly
at random on the positions never turned over, with one public constraint: a running game still
has two face-down cards of one number (else it would have ended), and a finished one has none.
That constraint is met by rejection (it almost never rejects).
"""
from __future__ import annotations

import numpy as np

from ..games.pairs import TurnOver
from .hidden import InfoSet, SamplingError, fresh, new_seed, replay, sampler

__all__ = ["PairsInfo"]


def _pair_face_down(ranks, grid, down) -> bool:
    seen = set()
    for p in down:
        r = ranks[grid[p]]
        if r in seen:
            return True
        seen.add(r)
    return False


class PairsInfo(InfoSet):
    """The information state of Pairs (the same for every seat)."""

    def __init__(self, state, seat):
        super().__init__(state, seat)
        size = state.game.size
        self.known: dict[int, int] = {}  # position -> card, for every position ever turned over

        def note(s, action):
            if isinstance(action, TurnOver):
                self.known[action.position] = s.grid[action.position]

        replay(state.game, state.seed, state.deals, state.history, note)
        self.slots = [p for p in range(size) if p not in self.known]
        used = set(self.known.values())
        self.pool = [c for c in range(size) if c not in used]

    def sample(self, rng: np.random.Generator):
        state = self.state
        game = state.game
        for _ in range(10_000):
            layout = [None] * game.size
            for p, c in self.known.items():
                layout[p] = c
            for p, i in zip(self.slots, rng.permutation(len(self.pool))):
                layout[p] = self.pool[i]
            grid = [None if state.grid[p] is None else layout[p] for p in range(game.size)]
            if _pair_face_down(game.ranks, grid, state._down) != state.is_over:
                break
        else:  # pragma: no cover - the real layout always qualifies
            raise SamplingError("no Pairs layout consistent with the game was found")
        world = fresh(state, new_seed(rng), [game.card_names[c] for c in layout])
        world.grid = grid
        return world


@sampler("pairs")
def prepare(state, seat):
    return PairsInfo(state, seat)
