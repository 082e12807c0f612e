"""Sampling what a seat cannot see in Simon's Cat (see :mod:`catcards.explore.hidden`).

What a seat knows (rulebook ``simons-cat.txt``, ``rules/simons-cat.md``): the set-aside cards
(face up), its own hand, every card played and by whom, so every earlier round's deal (a round
ends when every hand is empty). In the round under way the other hands hold the cards not seen,
in known numbers, and:

- a player who took a mess held no card matching its top card (colour or number), and hands
  only shrink, so they hold none now;
- before the opening card is played, its holder (the seat to act) holds it.

The hidden cards are dealt to the other seats uniformly among the deals meeting these
constraints (:class:`~catcards.explore.hidden.Assigner`).
"""
from __future__ import annotations


from ..games.simons_cat import _INDEX, MATCH, MISCHIEF, N_CARDS, Play
from .hidden import Assigner, DealtHandsInfo, replay, sampler

__all__ = ["SimonsCatInfo"]


class SimonsCatInfo(DealtHandsInfo):
    """The information state of one seat in Simon's Cat (see the module docstring)."""

    cards = MISCHIEF

    def __init__(self, state, seat):
        super().__init__(state, seat)
        n = state.game.players
        # who played what in each round: one replay of the public history
        played: list[list[list[int]]] = []

        def note(s, action):
            while len(played) < s.round:
                played.append([[] for _ in range(n)])
            if isinstance(action, Play):
                played[s.round - 1][s.current_player].append(_INDEX[action.card])

        replay(state.game, state.seed, state.deals, state.history, note)
        while len(played) < state.round:
            played.append([[] for _ in range(n)])
        self.past = [[sorted(h) for h in rnd] for rnd in played[: state.round - 1]]
        self.played_now = played[state.round - 1]
        seen = set(state.aside) | set(state.hands[seat])
        for h in self.played_now:
            seen.update(h)
        pool = [c for c in range(N_CARDS) if c not in seen]
        others = [s for s in range(n) if s != seat]
        sizes = {s: len(state.hands[s]) for s in others}
        opening = state._opening
        allowed = []
        for c in pool:
            ok = []
            for s in others:
                if any(MATCH[mess[-1]][c] for mess in state.messes[s]):
                    continue  # took a mess this card would have matched
                if opening is not None and c == opening and s != state.current_player:
                    continue
                ok.append(s)
            allowed.append(ok)
        self.assigner = Assigner(pool, allowed, sizes) if pool else None


@sampler("simons-cat")
def prepare(state, seat):
    return SimonsCatInfo(state, seat)


# ---- a fast path for rollouts -------------------------------------------------------------------
_SUIT_ID = tuple(c.suit for c in MISCHIEF)
#: bit u of _MASK[c] is set when card u matches card c (colour or number)
_MASK = tuple(sum(1 << u for u in range(N_CARDS) if MATCH[c][u]) for c in range(N_CARDS))


def fast_sensible(state, seat, legal, rng):
    """What :class:`catcards.agents.simons_cat.SensibleAgent` chooses, computed from the state
    without building an observation (rollouts call it thousands of times).

    The agent counts, for each legal card, the unseen cards that match it; the cards ``seat``
    has not seen are exactly the other hands (every other card lies face up or in its own hand),
    so the count reads them; the choice and the generator's draws are the same
    (tests/test_explore.py compares the two over many positions).
    """
    from ..agents import pick

    if len(legal) == 1:
        return legal[0]
    if not isinstance(legal[0], Play):
        return pick(rng, legal)
    hands = state.hands
    unseen = 0
    for s in range(len(hands)):
        if s != seat:
            for u in hands[s]:
                unseen |= 1 << u
    suits: dict[str, int] = {}
    for c in hands[seat]:
        suits[_SUIT_ID[c]] = suits.get(_SUIT_ID[c], 0) + 1
    scored = []
    for a in legal:
        c = _INDEX[a.card]
        scored.append(((_MASK[c] & unseen).bit_count(), -suits.get(_SUIT_ID[c], 0)))
    best = min(scored)
    return pick(rng, [a for a, s in zip(legal, scored) if s == best])
