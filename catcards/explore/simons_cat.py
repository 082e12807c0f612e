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

from ..agents import pick
from ..agents.simons_cat import _MATCHES, _SAME_SUIT
from ..games.simons_cat import _INDEX, MATCH, MISCHIEF, N_CARDS, Play, deal_round, verdict
from .hidden import Assigner, DealtHandsInfo, sampler

__all__ = ["SimonsCatInfo", "play_out_sensible"]


class SimonsCatInfo(DealtHandsInfo):
    """The information state of one seat in Simon's Cat (see the module docstring)."""

    cards = MISCHIEF

    def __init__(self, state, seat):
        super().__init__(state, seat)
        # who played what in each round: one replay of the public history
        self._note_plays(Play, "round", _INDEX)
        pool, others, sizes = self._unseen(N_CARDS, state.aside)
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


# ---- the whole-game fast path for rollouts -------------------------------------------------------
_BIT = tuple(1 << c for c in range(N_CARDS))


def play_out_sensible(state, rngs):
    """The :class:`~catcards.core.Outcome` of ``state`` played to its end by
    :class:`~catcards.agents.simons_cat.SensibleAgent` at every seat, seat ``k`` drawing its
    tie-breaks from ``rngs[k]`` and later rounds dealt from ``state.rng``: the outcome the engine
    reaches applying those agents' choices one by one (``catcards.odds``' general loop), with the
    same draws from the same generators, without building actions, log lines or history.
    ``state`` is not changed (its generator is drawn from when a new round is dealt).

    Rollouts spend nearly all their time here: a Simon's Cat game from mid-round is some 200
    moves, and this loop makes one in about a microsecond where ``State.apply`` with an agent
    takes several (benchmarks/bench_odds.py). tests/analysis/test_explore.py checks, over many positions
    and generators, that the outcome and the generators' draws equal the general loop's.

    Rules followed (rulebook "How to Play", "End of Game"; see :mod:`catcards.games.simons_cat`):
    match the colour or number of the top card, else take the mess and start the next pile with
    any card; empty hands are skipped; when every hand is empty the seats with the most messes
    (if any) take a Simon card and a new round is dealt, until someone holds 3.
    """
    n = state.game.players
    h = state.game.hand_size
    match, bit, suit_of = _MATCHES, _BIT, _SAME_SUIT  # the sensible player's masks
    # each hand as a bit mask (bit c: holds card c); ascending bits are the hand's sorted order
    masks = [sum(bit[c] for c in x) for x in state.hands]
    pile_top = state.pile[-1] if state.pile else None
    messes = [len(m) for m in state.messes]
    simon = list(state.simon_cards)
    round_no = state.round
    seat = state.current_player
    opening = state._opening
    stacked = state._stacked
    rng_of = lambda: state.rng  # noqa: E731 - only a round dealt by shuffling draws

    while True:
        mine = masks[seat]
        if opening is not None:
            c, opening = opening, None
        else:
            legal = mine if pile_top is None else mine & match[pile_top]
            if not legal:  # take the mess, then start the next pile
                messes[seat] += 1
                pile_top = None
                continue
            if not legal & (legal - 1):  # one card
                c = legal.bit_length() - 1
            else:
                # SensibleAgent: fewest unseen answers, then the commonest own colour, then random
                unseen = 0
                for s in range(n):
                    if s != seat:
                        unseen |= masks[s]
                best, ties = None, []
                while legal:
                    low = legal & -legal
                    legal ^= low
                    x = low.bit_length() - 1
                    key = ((match[x] & unseen).bit_count(), -(mine & suit_of[x]).bit_count())
                    if best is None or key < best:
                        best, ties = key, [x]
                    elif key == best:
                        ties.append(x)
                c = ties[0] if len(ties) == 1 else pick(rngs[seat], ties)
        masks[seat] = mine ^ bit[c]
        pile_top = c
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if masks[nxt]:
                seat = nxt
                break
        else:  # every hand is empty: the round ends
            most = max(messes)
            if most > 0:
                for s in range(n):
                    if messes[s] == most:
                        simon[s] += 1
            outcome = verdict(simon)
            if outcome is not None:
                return outcome
            round_no += 1
            hands, _, opening, seat = deal_round(stacked, round_no, rng_of, n, h)
            masks = [sum(bit[c] for c in x) for x in hands]
            pile_top = None
            messes = [0] * n


def _fast_play_outs() -> dict:
    from ..agents.simons_cat import SensibleAgent

    return {SensibleAgent: play_out_sensible}


#: the whole-game fast path :func:`catcards.odds` uses for this game's agent (see
#: catcards/explore/odds.py)
FAST_PLAY_OUTS = _fast_play_outs()
