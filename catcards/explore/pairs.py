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

__all__ = ["PairsInfo", "alike_rows", "ALIKE_ROWS", "turn_exact", "EXACT_ROWS", "row_labels", "ROW_LABELS"]


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


def turn_exact(state, seat: int, agents, peek: bool, actions, horizon: str) -> list[dict] | None:
    """The exact chances of a pair with this turn's two cards, per row of ``actions``, when the
    seat's own player remembers every card shown (a :class:`MemoryAgent` with ``forget`` 0: the
    tables' panel, :func:`catcards.explore.odds.panel_agents`), by counting; None otherwise (another
    horizon or player, ``peek``, or not the seat's turn: then the rollouts answer).

    What lies at a never-seen position is equally likely to be any of the ``U`` unseen cards
    (:class:`PairsInfo`; its one constraint, a pair still face down, holds for every layout, since
    how many cards of each number are face down does not depend on where they lie), ``u_m`` of
    them of number ``m``. The seat's second card is a remembered card of the first card's number
    if it knows one, else a never-seen card at random (``rules/wildcat.md``, "Pairs"; the memory
    strategy of :mod:`catcards.agents.pairs`). So, counting equally likely ways:

    - first card ``p`` seen, showing ``n``: 1 when another seen card shows ``n``; else ``u_n`` of ``U``.
    - first card never seen: ``U * (U - 1)`` ways (its card, then the second card's); a number
      ``m`` with a seen card wins all ``U - 1`` of its ``u_m`` cards' ways, else ``u_m - 1``.
    - second card, the first showing ``n``: a seen card, 1 or 0; a never-seen card, ``u_n`` of ``U``.

    Returns the rows as :func:`catcards.explore.odds.exact_rows` does: ``wins`` and ``rollouts``
    (the ways won and counted), ``p`` and ``score`` (Fractions), ``higher`` True.
    """
    from fractions import Fraction

    own = agents[seat] if 0 <= seat < len(agents) else None
    if (horizon != "turn" or peek or type(own) is not MemoryAgent or own.forget != 0
            or state.is_over or seat != state.current_player):
        return None
    info = PairsInfo(state, seat)
    ranks = state.game.ranks
    unseen: dict = {}
    for c in info.pool:
        unseen[ranks[c]] = unseen.get(ranks[c], 0) + 1
    total = len(info.slots)
    obs = state.observation(seat)
    seen = obs["seen"]  # face-down position -> number
    turned = obs["turned"]
    rows = []
    for text in actions:
        p = state.action_from_string(text).position
        if turned is not None:  # the second card
            n = obs["grid"][turned].rank
            won, ways = ((int(seen[p] == n), 1) if p in seen else (unseen.get(n, 0), total))
        elif p in seen:
            n = seen[p]
            if any(q != p and m == n for q, m in seen.items()):
                won, ways = 1, 1
            else:
                won, ways = (unseen.get(n, 0), total) if total else (0, 1)
        else:
            known = set(seen.values())
            ways = total * (total - 1) if total > 1 else 1
            won = sum(u * ((total - 1 if m in known else u - 1) if total > 1 else int(m in known))
                      for m, u in unseen.items())
        chance = Fraction(won, ways)
        rows.append({"wins": won, "rollouts": ways, "p": chance, "score": chance, "higher": True})
    return rows


#: :func:`catcards.explore.odds.exact_rows` tries these first (see :mod:`catcards.explore.odds`)
EXACT_ROWS = {"pairs": turn_exact}


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
