"""Sampling what a seat cannot see in Cat Days (see :mod:`catcards.explore.hidden`).

What a seat knows (``rules/cat-days.md``, :mod:`catcards.games.cat_days`): both weeks, the
discard pile, every card played and by whom, the cards it drew itself, how many cards each hand
and the draw pile hold, and when the discard pile was shuffled into a new draw pile (and so what
that pile held). Hidden: the other hand, the order of the draw pile, cards left out of play by a
stacked deal. In a game dealt by the rulebook, the other player's Cat Tree is known to be in
their hand until they play it.

The draws are cut into *epochs*: the first draw pile (for a stacked deal that is not a rulebook
start, everything not seen, the other hand included) and each pile shuffled from the discard pile. An epoch's cards fill its
*slots*: the draws from it in order (the seat's own draws hold the cards it saw, in any order
among the cards drawn in one action: the hand shows no order), then the draw pile as it is now,
then the cards out of play. Every filling is one deal, and every deal is
equally likely. What play has revealed:

- a card the other player played had been drawn by them before, from the epoch it was last in:
  it lies in one of that epoch's slots of their draws made before the play (a "prefix" of the
  epoch's free slots). Cards are placed in increasing order of their prefix, each uniformly in a
  free slot of its prefix, the rest uniformly in the slots left: every filling meeting these
  constraints is equally likely (the number of choices at each step does not depend on the
  earlier ones), with no rejection;
- identical copies: the engine plays the lowest copy of a name in the hand, and copies are told
  apart on the table, so a play of copy 2 says the player held no copy 0 or 1 then. This last
  constraint is checked by replaying the deal (the engine refuses such a history) and a filling
  that breaks it is drawn again: the accepted deals are uniform among those meeting every
  constraint (tests/analysis/test_explore_cat_days.py counts them in an enumerable case). About 58% of
  fillings were accepted over 60 random positions of the packaged deck (``info.tries``),
and :data:`MAX_TRIES` bounds it.

The sampled deal names every card with its copy number and every past reshuffle (``"shuffles"``
in :meth:`~catcards.games.cat_days.CatDays.new_game`), so the sample is that deal with the
history replayed; the future (later reshuffles) gets a fresh generator.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..core import IllegalActionError
from ..games.cat_days import Draw, Play
from ..games.cat_days.deals import known_setup
from .hidden import InfoSet, SamplingError, dealt, new_seed, sampler

__all__ = ["CatDaysInfo", "MAX_TRIES"]

#: fillings drawn for one sample before giving up (each is rejected only for the copy rule)
MAX_TRIES = 1000


def _entry(card) -> str:
    """A card as a deal entry that keeps its copy ("Lazy Cat #2")."""
    return f"{card.name} #{card.copy}"


class _Epoch:
    """One draw pile's cards and slots (see the module docstring)."""

    def __init__(self, cards):
        self.cards = list(cards)  # the epoch's cards, in a public order
        self.slots: list[Any] = []  # per slot: a known Card (the seat drew it) or None (hidden)
        self.opp_slots = 0  # the other player's draws so far
        self.first_opp_slots = 0  # of those, the ones dealt into the starting hand
        self.bound: dict = {}  # card -> its prefix: it lies in the first k free slots
        self.groups: list[list[int]] = []  # slots of cards the seat drew in one action


class CatDaysInfo(InfoSet):
    """The information state of one seat in Cat Days (see the module docstring)."""

    def __init__(self, state, seat):
        super().__init__(state, seat)
        game, opp = state.game, 1 - seat
        start = game.new_game(state.seed, deals=state.deals)
        deck = game.deck
        self.start_hand = list(start.hands[seat])
        self.start_weeks = [[([start.weeks.base[w][d]] if start.weeks.base[w][d] else []) + start.weeks.stack[w][d]
                             for d in range(7)] for w in (0, 1)]
        self.start_discard = list(start.discard_pile)
        # the other player's starting hand: its setup cards are known in a rulebook start (public:
        # the first log line says so)
        self.opp_known = list(deck.setup_cards[opp]) if start.rulebook_start else []
        seen = set(self.start_hand) | set(self.start_discard) | set(self.opp_known)
        seen.update(c for week in self.start_weeks for day in week for c in day)
        first = _Epoch(c for c in deck.cards if c not in seen)
        n_opp_start = len(start.hands[opp]) - len(self.opp_known)
        first.slots = [None] * n_opp_start
        first.opp_slots = first.first_opp_slots = n_opp_start
        self.epochs = [first]
        epoch_of = {c: 0 for c in first.cards}
        s = start
        for action in state.history:
            actor = s.current_player
            pile_before = len(s.draw_pile)
            discard_before = list(s.discard_pile)
            hand_before = len(s.hands[actor])
            if isinstance(action, Play) and actor == opp:
                c = action.card
                e = epoch_of.pop(c, None)
                if e is not None:  # drawn by them from epoch e, before now
                    ep = self.epochs[e]
                    ep.bound.setdefault(c, ep.opp_slots)
            s.apply(action)
            if isinstance(action, Play):
                for c in (action.card, action.target, action.other):
                    epoch_of.pop(c, None)
            drawn = 1 if isinstance(action, Draw) else (
                deck.kind(action.card).draws if isinstance(action, Play) else 0)
            if drawn:
                new = s.hands[actor][hand_before - (1 if isinstance(action, Play) else 0):]
                if len(new) != drawn:  # pragma: no cover - a bug, not a position
                    raise SamplingError("Cat Days: the cards drawn could not be followed")
                together: dict[int, list[int]] = {}
                for i, c in enumerate(new):
                    if i == pile_before:  # the discard pile became the new draw pile here
                        self.epochs.append(_Epoch(discard_before))
                        for d in discard_before:
                            epoch_of[d] = len(self.epochs) - 1
                    ep = self.epochs[-1]
                    if actor == seat:
                        together.setdefault(len(self.epochs) - 1, []).append(len(ep.slots))
                        ep.slots.append(c)
                        epoch_of.pop(c, None)
                    else:
                        ep.slots.append(None)
                        ep.opp_slots += 1
                for e, at in together.items():  # the order of cards drawn at once is not seen
                    if len(at) > 1:
                        self.epochs[e].groups.append(at)
        now = self.epochs[-1]
        now.slots += [None] * len(state.draw_pile)
        self.out = len(state.out_of_play)
        first.slots += [None] * self.out
        for ep in self.epochs:
            known = {c for c in ep.slots if c is not None}
            ep.free = [c for c in ep.cards if c not in known]
            ep.free_slots = [i for i, c in enumerate(ep.slots) if c is None]
            ep.order = sorted((k, i) for i, (c, k) in enumerate(
                (c, ep.bound.get(c)) for c in ep.free) if k is not None)
            ep.unbound = [c for c in ep.free if c not in ep.bound]
            if len(ep.free) != len(ep.free_slots):  # pragma: no cover - a bug, not a position
                raise SamplingError("Cat Days: the cards not seen do not fill the places not seen")
        self.tries = 0
        #: each card's deal entry (:func:`_entry`), by ``id``: the deck's own cards
        self.entries = {id(c): _entry(c) for c in deck.cards}
        self.start_hand_named = [_entry(c) for c in self.start_hand]
        self.start_weeks_named = [[[_entry(c) for c in day] for day in week] for week in self.start_weeks]
        self.start_discard_named = [_entry(c) for c in self.start_discard]

    def _fill(self, ep: _Epoch, rng: np.random.Generator) -> list:
        """One uniform filling of an epoch's free slots under the prefix constraints."""
        slots = list(ep.slots)
        for at in ep.groups:  # the seat saw which cards it drew at once, not in which order
            cards = [slots[i] for i in at]
            for i, j in zip(at, rng.permutation(len(at))):
                slots[i] = cards[j]
        taken = [False] * len(ep.free_slots)
        for placed, (k, i) in enumerate(ep.order):
            room = k - placed  # free slots left among the first k
            if room <= 0:
                raise SamplingError("Cat Days: no deal is consistent with what was seen")
            r = int(rng.integers(room))
            j = -1
            while r >= 0:
                j += 1
                if not taken[j]:
                    r -= 1
            taken[j] = True
            slots[ep.free_slots[j]] = ep.free[i]
        rest = [ep.free_slots[j] for j in range(len(taken)) if not taken[j]]
        for at, i in zip(rest, rng.permutation(len(ep.unbound))):
            slots[at] = ep.unbound[i]
        return slots

    def sample(self, rng: np.random.Generator):
        state, seat = self.state, self.seat
        game = state.game
        deck = game.deck
        entry = self.entries
        for _ in range(MAX_TRIES):
            filled = [self._fill(ep, rng) for ep in self.epochs]
            first = filled[0]
            n_start = self.epochs[0].first_opp_slots
            opp_hand = self.opp_known + first[:n_start]
            end = len(first) - self.out
            draw = first[n_start:end]
            hands = [None, None]
            hands[seat] = self.start_hand
            hands[1 - seat] = opp_hand
            # the deal as state.deals keeps it (JSON text): each card with its copy ("Lazy Cat #2")
            named = [None, None]
            named[seat] = self.start_hand_named
            named[1 - seat] = [entry[id(c)] for c in opp_hand]
            deals = {
                "hands": named,
                "weeks": self.start_weeks_named,
                "discard": self.start_discard_named,
                "draw": [entry[id(c)] for c in draw],
                "rest": "out",
                "shuffles": [[entry[id(c)] for c in f] for f in filled[1:]],
            }
            self.tries += 1
            # the deal is built from the cards themselves (it is one: nothing to parse or check),
            # then the history replayed on it, which checks the copy rule
            world = dealt(state, new_seed(rng), deals, known_setup(
                deck, hands, self.start_weeks, self.start_discard, draw, first[end:], filled[1:]))
            try:
                for action in state.history:
                    world.apply(action)
            except IllegalActionError:  # a lower copy was held when a higher one was played
                continue
            return world
        raise SamplingError(f"Cat Days: no consistent deal found in {MAX_TRIES} tries")


@sampler("cat-days")
def prepare(state, seat):
    return CatDaysInfo(state, seat)
