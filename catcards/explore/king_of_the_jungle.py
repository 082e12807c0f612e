"""Sampling what a seat cannot see in King of the Jungle (see :mod:`catcards.explore.hidden`).

What a seat knows (``rules/wildcat.md``): its own hand, the bids, every card played and by whom,
so every earlier hand's deal (all 13 tricks are played). In the hand under way the other hands
hold the unseen cards in known numbers, and a player who did not follow the led suit holds none
of it (everyone must follow suit if they can, and hands only shrink). The unseen cards are dealt
uniformly among the deals that respect these voids (:class:`~catcards.explore.hidden.Assigner`).
Bids are choices, not rules, so they constrain nothing.
"""
from __future__ import annotations


from ..games.king_of_the_jungle import _INDEX, _SUIT, CARDS, TRICKS, Play
from .hidden import Assigner, DealtHandsInfo, sampler

__all__ = ["KingOfTheJungleInfo"]


class KingOfTheJungleInfo(DealtHandsInfo):
    """The information state of one seat in King of the Jungle (see the module docstring)."""

    cards = CARDS

    def __init__(self, state, seat):
        super().__init__(state, seat)
        n = state.game.players
        voids: list[set[int]] = [set() for _ in range(n)]

        def note_void(s, p, c):
            if s.hand_no == state.hand_no and s.trick:
                led = _SUIT[s.trick[0][1]]
                if _SUIT[c] != led:
                    voids[p].add(led)

        self._note_plays(Play, "hand_no", _INDEX, note_void)
        self.voids = voids
        pool, others, sizes = self._unseen(TRICKS * n)
        allowed = [[s for s in others if _SUIT[c] not in voids[s]] for c in pool]
        self.assigner = Assigner(pool, allowed, sizes) if pool else None


@sampler("king-of-the-jungle")
def prepare(state, seat):
    return KingOfTheJungleInfo(state, seat)
