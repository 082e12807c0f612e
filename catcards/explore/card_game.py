"""Sampling what a seat cannot see in Card Game: The Card Game (see :mod:`catcards.explore.hidden`).

What a seat sees (rulebook ``card-game-the-card-game.txt``, ``rules/card-game.md``, the readings in
:mod:`catcards.games.card_game.engine`): its own hand, every money area, the cards in front of
players, on the table, on Exploding Island, on the stack and in the discard pile, the top Money
card, its own face-down claim and its own Fortune Teller look, and every public event (the log).
Hidden from it: the other hands, the order of the main deck and of the Money deck, another
player's face-down claim card (a bluff or not) and another player's Fortune Teller look.

A card is *seen* once it has lain where the seat could see it; seen cards stay where they are.
The unseen cards are dealt again over the places where unseen cards lie now (each place keeps its
kind: a hand, the main deck, the Money deck, a face-down card), uniformly among the deals that
agree with every public event:

- Money cards only where Money lies (the Money deck);
- Suicide Kitten never in a hand nor face down (it would have taken effect when drawn), only in the
  main deck (or in another player's Fortune Teller look);
- a card whose name an effect showed (The Guardian's hand, Eat Four!'s cards) keeps its name;
- a card another player played, discarded or put face down by name was the first of that name in
  their hand (the engine takes the first copy), so no unseen card before it was of that name;
- a player who used the Ability (A:) of a card they have not played held one;
- the face-down card of another player's claim is the one lying where the real one lay (its name,
  the claim's text, is redrawn with it), and no earlier card of that hand had its name (the engine
  would have taken that one).

The last two are checked on each draw, and a draw that fails them is drawn again (exact
rejection, cheap: no replay); the others are constraints of the draw itself, by counting
(:class:`~catcards.explore.hidden.Assigner`).

The sampled state is the replay of the whole history, claims renamed, from the explicit deal
(every card named by copy, ``"Nap#2"``, see :meth:`CardGame.new_game`) with a fresh seed, so it is
a legal game by construction and its future (Suicide Kitten shuffled back by Eat Four!, later
draws) is redrawn. It is checked to show the seat the same observation and the same log.

Limits, said plainly: another player's Fortune Teller order is kept as the positions they chose
(the cards at those positions are redrawn, so this hides nothing); a Suicide Kitten shuffled back
by Eat Four! lands where the new seed puts it (samples that then disagree with a later public draw
are drawn again); and a card the seat once saw whose place was then shuffled by others (Eat Four!'s
kitten, another player's Fortune Teller over cards the seat had seen) is kept where it is.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..core import IllegalActionError
from ..games.card_game.actions import Claim, DiscardCard, Play, PutBack, UseAbility
from ..games.card_game.deck import FINAL, KITTEN, MONEY_NAMES
from .hidden import Assigner, InfoSet, SamplingError, dealt, new_seed, sampler

__all__ = ["CardGameInfo", "MAX_TRIES"]

#: draws tried before giving up (see the module docstring for the draws that are drawn again)
MAX_TRIES = 2000


def visible(state, seat: int) -> tuple:
    """The card ids ``seat`` sees in ``state``, zone by zone (what ``observation(seat)`` shows)."""
    n = state.game.players
    pending = state.pending
    top = (state.money_deck[-1],) if state.money_deck else ()
    own_face = (state.facedown[1],) if state.facedown is not None and state.facedown[0] == seat else ()
    return (
        tuple(state.hands[seat]),
        tuple(tuple(state.money[s]) for s in range(n)),
        tuple(tuple(c for c, _ in state.front[s]) for s in range(n)),
        tuple(tuple(c for c, _ in state.island[s]) for s in range(n)),
        tuple(c for c, _ in state.table),
        tuple(state.discard),
        tuple(it.card for it in state.stack if it.card is not None),
        own_face,
        tuple(state.peek) if pending is not None and pending.seat == seat else (),
        tuple(state.turned),
        tuple(state.resolving),
        top,
    )


def _flat(zones) -> set[int]:
    out: set[int] = set()
    for z in zones:
        if z and isinstance(z[0], tuple):
            for part in z:
                out.update(part)
        else:
            out.update(z)
    return out


def _hidden_places(state, seat: int) -> list[tuple[tuple, int]]:
    """Every place a card lies that ``seat`` cannot see, as ``(place, card id)`` in a public order:
    ("hand", s, i), ("main", i) bottom first, ("money_deck", i) bottom first (the top is seen),
    ("facedown",) and ("peek", i)."""
    out: list[tuple[tuple, int]] = []
    for s, hand in enumerate(state.hands):
        if s != seat:
            out += [(("hand", s, i), c) for i, c in enumerate(hand)]
    out += [(("main", i), c) for i, c in enumerate(state.main)]
    out += [(("money_deck", i), c) for i, c in enumerate(state.money_deck[:-1])]
    if state.facedown is not None and state.facedown[0] != seat:
        out.append((("facedown",), state.facedown[1]))
    if state.pending is None or state.pending.seat != seat:
        out += [(("peek", i), c) for i, c in enumerate(state.peek)]
    return out


class CardGameInfo(InfoSet):
    """The information state of one seat in Card Game (see the module docstring)."""

    def __init__(self, state, seat: int):
        super().__init__(state, seat)
        game = state.game
        names = game.deck.names
        self.names = names
        self.labels = [f"{c.name}#{c.copy}" for c in game.deck.cards]
        world = game.new_game(state.seed, deals=state.deals)
        self.initial = self._layout(world)
        seen = _flat(visible(world, seat))
        shown: set[int] = set()
        forbid: dict[int, set[str]] = {}
        #: (step, the claim, the card put face down, the cards before it in the hand)
        self.claims: list[tuple[int, Claim, int, list[int]]] = []
        #: the cards of a hand of which one at least was the card whose Ability (A:) was used
        self.held: list[tuple[str, list[int]]] = []
        #: (step, the cards put back in the order chosen)
        self.putbacks: list[tuple[int, list[int]]] = []
        world.on_shown = shown.update  # the engine tells which names an effect showed
        for step, action in enumerate(state.history):
            who = world.current_player
            if who != seat:
                picked = self._pick_name(action)
                if picked is not None:
                    hand = world.hands[who]
                    i = next(k for k, c in enumerate(hand) if names[c] == picked)
                    if isinstance(action, Claim):  # its name is hidden: checked on each draw
                        self.claims.append((step, action, hand[i], list(hand[:i])))
                    else:
                        for d in hand[:i]:
                            forbid.setdefault(d, set()).add(picked)
                elif isinstance(action, UseAbility) and action.name != "Exploding Island" and not any(
                        x == action.name for _, x in world.front[who]):
                    self.held.append((action.name, list(world.hands[who])))
                elif isinstance(action, PutBack):
                    left, chosen = list(world.peek), []
                    for x in action.cards:
                        c = next(c for c in left if names[c] == x)
                        left.remove(c)
                        chosen.append(c)
                    self.putbacks.append((step, chosen))
            world.apply(action)
            seen |= _flat(visible(world, seat))
        kittens = set(game.deck.ids.get(KITTEN, ()))
        finals = set(game.deck.ids.get(FINAL, ()))
        fixed = seen | finals | (kittens & shown)  # a kitten Eat Four! showed stays put (see above)
        places = [(p, c) for p, c in _hidden_places(state, seat) if c not in fixed]
        self.places = places
        self.target = (state.observation(seat), list(state.log))
        if not places:
            self.assigner = None
            return
        # group the places by what may lie there; a card may go to a group if its name fits
        groups: dict[tuple, list[int]] = {}
        for k, (p, c) in enumerate(places):
            kind = p[0]
            if names[c] in MONEY_NAMES:
                key = ("money", names[c])
            else:
                key = (kind in ("main", "peek"), names[c] if c in shown else None,
                       frozenset(forbid.get(c, ())))
            groups.setdefault(key, []).append(k)
        self.groups = list(groups.items())
        pool = sorted(c for _, c in places)
        allowed = []
        for c in pool:
            x = names[c]
            ok = []
            for g, (key, _) in enumerate(self.groups):
                if key[0] == "money":
                    fits = x == key[1]
                else:
                    kitten_ok, name, barred = key
                    fits = (x not in MONEY_NAMES and (kitten_ok or x != KITTEN)
                            and (name is None or x == name) and x not in barred)
                if fits:
                    ok.append(g)
            allowed.append(ok)
        self.pool = pool
        self.assigner = Assigner(pool, allowed, {g: len(members) for g, (_, members) in enumerate(self.groups)})

    @staticmethod
    def _pick_name(action) -> str | None:
        """The name of the card ``action`` takes from its player's hand by name, or None."""
        if isinstance(action, Play):
            return "Joker" if action.as_name else action.name
        if isinstance(action, Claim):
            return action.facedown
        if isinstance(action, DiscardCard):
            return action.card
        return None

    @staticmethod
    def _layout(state) -> dict[str, Any]:
        n = state.game.players
        return {
            "hands": [list(h) for h in state.hands],
            "main": state.main[::-1],
            "money_deck": state.money_deck[::-1],
            "money": [list(m) for m in state.money],
            "front": [[c for c, _ in f] for f in state.front],
            "island": [[c for c, _ in f] for f in state.island],
            "table": [c for c, _ in state.table],
            "discard": list(state.discard),
            "tokens": list(state.tokens[:n]),
        }

    def _deal(self, pi: dict[int, int]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The initial layout with each unseen card replaced by the card drawn for its place: as an
        explicit deal naming every copy (what the world keeps as its ``deals``), and as the card
        ids ``game.parse_deals`` would read from it (so the world is set up by
        :func:`~catcards.explore.hidden.dealt` without reading the names back: every card is named
        by copy, and each place keeps its kind, so the deal is one the rules allow)."""
        lab = self.labels
        get = pi.get
        deal: dict[str, Any] = {}
        used: set[int] = set()
        parsed: dict[str, Any] = {"used": used}
        for key, value in self.initial.items():
            if key == "tokens":
                deal[key] = list(value)
                parsed[key] = list(value)
            elif key in ("hands", "money", "front", "island"):
                ids = [[get(c, c) for c in part] for part in value]
                deal[key] = [[lab[c] for c in part] for part in ids]
                parsed[key] = ids
                for part in ids:
                    used.update(part)
            else:
                ids = [get(c, c) for c in value]
                deal[key] = [lab[c] for c in ids]
                parsed[key] = ids
                used.update(ids)
        return deal, parsed

    def draw_map(self, rng: np.random.Generator) -> dict[int, int]:
        """One uniform redeal of the unseen cards: real card id -> the card drawn for its place."""
        pi: dict[int, int] = {}
        if self.assigner is None:
            return pi
        dealt = self.assigner.sample(rng)
        for g, (_, members) in enumerate(self.groups):
            cards = dealt[g]
            order = rng.permutation(len(cards)) if len(cards) > 1 else range(len(cards))
            for k, j in zip(members, order):
                pi[self.places[k][1]] = cards[j]
        return pi

    def sample(self, rng: np.random.Generator):
        state, seat, names = self.state, self.seat, self.names
        game = state.game
        for _ in range(MAX_TRIES):
            pi = self.draw_map(rng)
            if any(names[pi.get(p, p)] in {names[pi.get(d, d)] for d in before}
                   for _, _, p, before in self.claims):
                continue  # the engine would have put an earlier card of that name face down
            if not all(any(names[pi.get(d, d)] == x for d in hand) for x, hand in self.held):
                continue  # an Ability was used from a hand that would not hold the card
            history = list(state.history)
            for step, action, p, _ in self.claims:
                history[step] = Claim(action.name, names[pi.get(p, p)], action.target)
            for step, chosen in self.putbacks:
                history[step] = PutBack(tuple(names[pi.get(c, c)] for c in chosen))
            seed = new_seed(rng)
            deal, parsed = self._deal(pi)
            try:  # as game.new_game(seed, deals=deal), the names already read (see _deal)
                world = dealt(state, seed, deal, parsed)
                for action in history:
                    world.apply(action)
            except IllegalActionError:  # pragma: no cover - the constraints above prevent it
                continue
            if list(world.log) == self.target[1] and world.observation(seat) == self.target[0]:
                return world
        raise SamplingError(
            f"{game.title}: no deal consistent with seat {seat}'s view was found in {MAX_TRIES} draws"
        )


@sampler("card-game")
def prepare(state, seat):
    return CardGameInfo(state, seat)
