"""Sampling what a seat cannot see in Pairs (see :mod:`catcards.explore.hidden`).

Every seat sees the same (``rules/wildcat.md``, "Pairs"): a card once turned over is known where
it lies, taken pairs are known. The cards never turned over are the unseen cards, laid uniformly
at random on the positions never turned over, with one public constraint: a running game still
has two face-down cards of one number (else it would have ended), and a finished one has none.
That constraint is met by rejection (it almost never rejects).

Rows alike (:data:`ALIKE_ROWS`, used by :func:`catcards.odds`): turning over any card never seen
is one choice for the seat. What lies at a never-seen position is equally likely to be any
unseen card, whichever position it is (the sampler lays the unseen cards uniformly, and its one
constraint does not depend on positions), and the computer players here never look at a
position's label (they pick uniformly among never-seen cards, and among remembered cards that
are as good). So those rows have exactly the same chances and share one set of rollouts.

Row labels (:data:`ROW_LABELS`, used by the tables' "What are my chances?" panel): a seen card's
row says what it showed, "turn over card 7 (it showed 3)", from the seat's observation only (a
student remembers cards by their faces, not their positions).
"""
from __future__ import annotations

import numpy as np

from ..agents import RandomAgent
from ..agents.pairs import MemoryAgent, NoMemoryAgent
from ..games.pairs import TurnOver
from .hidden import InfoSet, SamplingError, fresh, new_seed, replay, sampler

__all__ = ["PairsInfo", "alike_rows", "ALIKE_ROWS", "row_labels", "ROW_LABELS"]


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
        world = fresh(state, new_seed(rng), [game.card_names[c] for c in layout], plain=True)  # names it wrote
        world.grid = grid
        return world


@sampler("pairs")
def prepare(state, seat):
    return PairsInfo(state, seat)


#: the computer players that treat never-seen positions alike (exact classes: a subclass may not)
_ALIKE_PLAYERS = (RandomAgent, NoMemoryAgent, MemoryAgent)


def alike_rows(state, seat: int, actions, agents) -> list[int] | None:
    """Per row of ``actions`` (texts, as :func:`catcards.explore.odds.own_actions` gives), the
    row whose rollouts it shares: every "turn over card p" of a position ``p`` never seen shares
    the first such row's; a seen card's row is its own (see the module docstring). None when a
    computer player in ``agents`` is not one of :data:`_ALIKE_PLAYERS` (another player may tell
    positions apart) or there is no choice of cards.
    """
    if any(type(a) not in _ALIKE_PLAYERS for a in agents) or seat != state.current_player:
        return None
    shares, first = [], None
    for j, text in enumerate(actions):
        action = None if text is None else state.action_from_string(text)
        if isinstance(action, TurnOver) and action.position not in state.seen:
            first = j if first is None else first
            shares.append(first)
        else:
            shares.append(j)
    return shares


#: :func:`catcards.odds` reads a game's alike rows from here (see :mod:`catcards.explore.odds`)
ALIKE_ROWS = {"pairs": alike_rows}


def row_labels(observation: dict, actions) -> list:
    """Per row of ``actions`` (texts, or None, as :func:`catcards.explore.odds.own_actions` gives),
    its label in the chances panel: a face-down card the seat has seen, ``observation["seen"]``
    (position -> number), says what it showed in the table's words (a face-up card's button
    "shows 3"): "turn over card 7 (it showed 3)"; any other row keeps its text. Reads nothing but
    ``observation`` (the seat's own view), so it cannot tell what the seat has not seen.
    """
    seen = {str(TurnOver(p)): number for p, number in observation["seen"].items()}
    return [f"{text} (it showed {seen[text]})" if text in seen else text for text in actions]


#: the chances panel reads a game's row labels from here (see :func:`catcards.explore.odds.row_labels`)
ROW_LABELS = {"pairs": row_labels}
