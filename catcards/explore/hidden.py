"""Sampling what a seat cannot see: the generic machinery behind :meth:`State.sample_hidden`.

A seat's *information state* is everything it has seen: its ``observation`` now and every public
event before. :func:`sample_hidden` draws a complete state that the seat cannot tell apart from
the real one, uniformly among the deals consistent with what it saw (OpenSpiel calls this
"resampling from an information state": ``State::ResampleFromInfostate(player, rng)``, which
returns a state with the same information state for ``player``, see ``open_spiel/spiel.h``).

Each game registers a *preparer* ``prepare(state, seat) -> InfoSet`` with :func:`sampler` (one
module per game in :mod:`catcards.explore`, or a plugin's module under the entry-point group
``catcards.samplers``; found by the same :class:`catcards.registry.Registry` as the games, in
:data:`SAMPLERS`). Preparing reads only what ``seat`` saw
(public events, its own cards, the history of actions) and is done once; ``InfoSet.sample(rng)``
then draws as many states as wanted (:func:`catcards.odds` prepares once per position).

Every sampled state is a legal game: it is ``game.new_game(sampled.seed, deals=sampled.deals)``
with ``sampled.history`` applied (tests/analysis/test_explore.py replays them; Cat Trick's deals name the
order of its greedy shares for this, see :mod:`catcards.explore.cat_trick`). Its
generator is a fresh one, so the future (cards not dealt yet, later shuffles) is resampled too.

Tools preparers use:

- :func:`assign`: deal a pool of cards to seats with given hand sizes, uniformly among the
  deals in which no seat gets a card it is known not to hold (a void in a suit, a card that would
  have matched the mess it took), by exact counting (no rejection);
- a sampled state is built one of two ways: :func:`dealt`, a new game dealt from deals the
  sampler has already read into the game's own form (the history is then applied to it), or
  :func:`fresh`, a copy of the real state with a new seed and generator, ready to have its hidden
  cards replaced.

A sampler builds its deals itself, from a real position, as plain JSON data (lists and dicts of
card names), so they need none of the checks ``new_game`` gives deals from outside (a rollout
draws thousands): :func:`dealt` and ``fresh(..., plain=True)`` keep them as the state's deals
unchecked, in one place (:func:`_keep_plain`); a game whose sampled world must equal
``new_game(seed, deals=deals)`` with the history applied has a test saying so.
"""
from __future__ import annotations

import json
from functools import lru_cache
from math import factorial
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence

import numpy as np

from .. import hooks
from ..core import CatcardsError, GameParameterError, State
from ..registry import Registry

__all__ = [
    "InfoSet",
    "sampler",
    "prepare",
    "sample_hidden",
    "assign",
    "dealt",
    "fresh",
    "replay",
    "SamplingError",
    "SAMPLERS",
    "supported",
]


class SamplingError(CatcardsError, RuntimeError):
    """No consistent hidden arrangement could be drawn (a game without a sampler, or an
    information state whose constraints admit no deal, which would be a bug)."""


class InfoSet:
    """What one seat knows in one position, prepared for drawing states (see :func:`prepare`).

    Subclasses implement :meth:`sample`. ``state`` is the position it was prepared from; a
    sample must depend on it only through what ``seat`` saw, so that two positions that look the
    same to ``seat`` give the same samples from the same generator (the "no peeking" property
    tests/analysis/test_explore.py checks through :func:`catcards.odds`).
    """

    def __init__(self, state: State, seat: int):
        self.state = state
        self.seat = seat

    def sample(self, rng: np.random.Generator) -> State:  # pragma: no cover - every game overrides
        raise NotImplementedError


class DealtHandsInfo(InfoSet):
    """An :class:`InfoSet` of a game dealt round by round into hands (Simon's Cat, King of the
    Jungle): subclasses set ``cards`` (card id -> Card) and, when preparing, ``assigner`` (the
    unseen cards' :class:`Assigner`, None when nothing is hidden), ``played_now`` (per seat, the
    card ids played so far this round) and ``past`` (the earlier rounds' deals as card ids).

    A sample deals the unseen cards under the constraints, then replays: the current round's deal
    is what each seat played plus what it holds, stacked after the earlier rounds.
    """

    cards: Sequence[Any] = ()
    assigner: "Assigner | None" = None

    def _note_plays(self, play_type: type, round_attr: str, card_id: Mapping[Any, int],
                    on_play: Callable | None = None) -> None:
        """Replay the history once and record, per round and seat, the ids of the cards played
        (actions of ``play_type``, each with a ``card``; ``card_id`` maps it to its id): sets
        ``past`` (the finished rounds' deals, sorted) and ``played_now``. ``round_attr`` names
        the state's round counter, from 1 ("round", "hand_no"); ``on_play(s, seat, cid)`` is
        called before each play, ``s`` the replayed state (King of the Jungle notes voids)."""
        state, n = self.state, self.state.game.players
        played: list[list[list[int]]] = []

        def note(s, action):
            now = getattr(s, round_attr)
            while len(played) < now:
                played.append([[] for _ in range(n)])
            if isinstance(action, play_type):
                seat, cid = s.current_player, card_id[action.card]
                if on_play is not None:
                    on_play(s, seat, cid)
                played[now - 1][seat].append(cid)

        replay(state.game, state.seed, state.deals, state.history, note)
        now = getattr(state, round_attr)
        while len(played) < now:
            played.append([[] for _ in range(n)])
        self.past = [[sorted(h) for h in rnd] for rnd in played[: now - 1]]
        self.played_now = played[now - 1]

    def _unseen(self, cards: int, seen: Iterable[int] = ()) -> tuple[list[int], list[int], dict[int, int]]:
        """What the seat has not seen of card ids ``0 .. cards - 1`` (neither in ``seen``, nor in
        its hand, nor played this round; call after :meth:`_note_plays`), the other seats, and
        their hand sizes: the pool, places and sizes of an :class:`Assigner`."""
        state, seat = self.state, self.seat
        known = set(seen) | set(state.hands[seat])
        for h in self.played_now:
            known.update(h)
        others = [s for s in range(state.game.players) if s != seat]
        return [c for c in range(cards) if c not in known], others, {s: len(state.hands[s]) for s in others}

    def sample(self, rng: np.random.Generator) -> State:
        state, n = self.state, self.state.game.players
        hands = [list(h) for h in state.hands]
        if self.assigner is not None:
            for s, cards in self.assigner.sample(rng).items():
                hands[s] = sorted(cards)
        now = [sorted(self.played_now[s] + hands[s]) for s in range(n)]
        stacked = self.past + [now]
        deals = [[[str(self.cards[c]) for c in h] for h in rnd] for rnd in stacked]
        world = fresh(state, new_seed(rng), deals, plain=True)
        world._stacked = stacked
        world.hands = hands
        return world


#: the samplers by game name: ``catcards.explore.<module>`` and plugins of group
#: ``catcards.samplers``, found by the one discovery mechanism (:class:`catcards.registry.Registry`)
SAMPLERS: Registry[Callable[[State, int], InfoSet]] = Registry(
    "catcards.explore", "catcards.samplers", skip=("hidden", "odds")
)


def sampler(game_name: str) -> Callable:
    """Decorator: register ``prepare(state, seat) -> InfoSet`` for the game called ``game_name``
    (in :data:`SAMPLERS`; it works wherever it runs: a module of :mod:`catcards.explore`, a
    plugin's module named under the entry-point group ``catcards.samplers``, or the game's own
    module)."""

    def deco(fn):
        return SAMPLERS.add(game_name, fn)

    return deco


def supported() -> list[str]:
    """Names of the games that have a sampler."""
    return sorted(SAMPLERS)


def prepare(state: State, seat: int) -> InfoSet:
    """The information state of ``seat`` in ``state``, ready to draw from.

    Raises:
        GameParameterError: ``seat`` is not a seat of the game, or is None (a spectator: there is
            no seat whose view to keep). A ``ValueError`` too, as before.
        SamplingError: the game has no sampler.
    """
    seat = state.check_seat(seat)
    if seat is None:
        raise GameParameterError(
            f"sample_hidden needs the seat whose view to keep (a whole number from 0 to "
            f"{state.game.players - 1}), not None: a spectator's view is not supported"
        )
    fn = SAMPLERS.get(state.game.name)
    if fn is None:
        raise SamplingError(
            f"{state.game.title} has no hidden-card sampler yet; games with one: {', '.join(supported())}"
        )
    return fn(state, seat)


def sample_hidden(state: State, seat: int, rng: np.random.Generator) -> State:
    """A state ``seat`` cannot tell from ``state``, drawn uniformly among the consistent deals
    (see the module docstring). ``state`` is not changed."""
    return prepare(state, seat).sample(rng)


hooks.provide("sample_hidden", sample_hidden)  # what State.sample_hidden calls (catcards.hooks)


# ---- building sampled states ----------------------------------------------------------------------
def new_seed(rng: np.random.Generator) -> int:
    """A seed for a sampled state (below 2**53, like :func:`catcards.core.fresh_seed`); 0 from
    an exact enumeration's stand-in generator (:class:`catcards.explore.odds.Enumerating`), which
    then replaces the sampled state's generator (its seed is not a draw to enumerate)."""
    if getattr(rng, "enumerating", False):
        return 0
    return int(rng.integers(2**53))


def fresh(
    state: State, seed: int, deals: Any, rng: np.random.Generator | None = None, plain: bool = False
) -> State:
    """A copy of ``state`` with ``seed``, ``deals`` and a new generator ``default_rng(seed)``
    (the game-specific containers copied by the game's own ``_copy_mutables``); the caller then
    puts the sampled hidden cards in place. The generator is not deep-copied: it is ``rng``, or
    ``default_rng(seed)`` when ``rng`` is None. ``plain=True``: ``deals`` is plain JSON data a
    sampler built (lists and dicts of card names), kept unchecked as :func:`dealt` keeps them
    (:func:`_keep_plain`); without it ``deals`` is checked and converted as the ``deals`` of
    :meth:`catcards.core.Game.new_game` are (Cards allowed).

    Raises:
        GameParameterError: ``plain`` is False and ``deals`` is not plain data (lists, dicts
            with text keys, text, Cards, whole numbers; see :func:`catcards.core.check_deals`).
    """
    other = state._shallow_copy()
    other.history = list(state.history)
    other.log = list(state.log)
    state._copy_mutables(other)
    other.seed = seed
    if plain:
        _keep_plain(other, deals)
    else:
        other.deals = deals
    other.rng = np.random.default_rng(seed) if rng is None else rng
    other._legal = None
    return other


def dealt(state: State, seed: int, deals: Any, parsed: Any) -> State:
    """A new game of ``state``'s game dealt as ``deals``, for deals a sampler built: the state
    ``state.game.new_game(seed, deals=deals)`` returns, without reading ``deals`` again. No
    action is applied (the caller applies the history, which checks the deals against it).

    Args:
        state: the real position; only its game and its state class are read.
        seed: the new state's seed (from :func:`new_seed`); its generator is
            ``numpy.random.default_rng(seed)``, as ``new_game``'s.
        deals: the deals as plain JSON data (lists and dicts of card names, whole numbers), in the
            form ``new_game`` reads: the new state's ``deals``, kept unchecked (:func:`_keep_plain`).
        parsed: what the game's ``new_game`` makes of ``deals`` and gives its state class as the
            last argument, ``type(state)(game, seed, deals, parsed)`` (Cat Trick: per round, the
            hands, trump and shares as card ids; Cat Days: :func:`~catcards.games.cat_days.deals.known_setup`;
            Card Game: the dict of :meth:`~catcards.games.card_game.CardGame.parse_deals`).

    Nothing is checked: ``parsed`` and ``deals`` must describe the same deal, one the rules allow,
    so never for deals from outside (``new_game`` is the way for those). Each sampler using it has
    a test that its worlds equal ``new_game``'s with the same deals and history
    (tests/analysis/test_explore*.py).
    """
    world = type(state)(state.game, seed, None, parsed)
    _keep_plain(world, deals)
    return world


def _keep_plain(world: State, deals: Any) -> None:
    """Keep ``deals``, plain JSON data a sampler built, as ``world``'s deals (the JSON text
    ``world.deals`` reads back), without the checks and conversion of the ``deals`` setter
    (:func:`catcards.core.saves.deals_json`, which walks every value): the one place a sampler's
    deals skip them."""
    world._deals_text = json.dumps(deals)


def replay(game, seed: int, deals: Any, history: Iterable, on_action: Callable | None = None) -> State:
    """``game.new_game(seed, deals=deals)`` with ``history`` applied; ``on_action(state, action)``
    is called before each action (preparers use it to record who did what)."""
    state = game.new_game(seed, deals=deals)
    for action in history:
        if on_action is not None:
            on_action(state, action)
        state.apply(action)
    return state


# ---- dealing a pool under constraints ---------------------------------------------------------------
def _compositions(m: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to write ``m`` as an ordered sum with part i at most caps[i]."""
    if not caps:
        return [()] if m == 0 else []
    out = []
    for k in range(min(m, caps[0]) + 1):
        for rest in _compositions(m - k, caps[1:]):
            out.append((k,) + rest)
    return out


class Assigner:
    """Deals a pool of cards to places (seats, an undealt pile) with fixed sizes, uniformly among
    the deals in which every card goes to a place it is allowed in.

    Cards are grouped by the set of places allowed (a void in pink forbids one seat every pink
    card). The number of deals completing a partial deal is counted exactly over the groups
    (a product of multinomial coefficients summed over how many cards of each group each place
    gets, memoised on the places' remaining sizes), and each group's split is drawn with
    probability proportional to its count; within a group every arrangement is equally likely.
    This is exact sequential sampling, not rejection, so it stays fast however strong the
    constraints (Knuth, TAOCP 4A, 7.2.1.4 for counting compositions; the method is the standard
    "sample by counting completions").

    Args:
        cards: the pool (hashable card ids), in a canonical order.
        allowed: per card, the places it may go to.
        sizes: per place, how many cards it gets; they must add up to ``len(cards)``.

    Raises:
        SamplingError: no deal meets the constraints.
    """

    def __init__(self, cards: Sequence[Hashable], allowed: Sequence[Iterable[Hashable]], sizes: dict[Hashable, int]):
        self.places = list(sizes)
        index = {p: i for i, p in enumerate(self.places)}
        groups: dict[tuple[int, ...], list] = {}
        for c, ok in zip(cards, allowed):
            key = tuple(sorted(index[p] for p in ok if p in index))
            groups.setdefault(key, []).append(c)
        self.groups = sorted(groups.items())
        self.sizes = tuple(sizes[p] for p in self.places)
        if sum(self.sizes) != len(cards):
            raise SamplingError(f"{len(cards)} cards for places of sizes {self.sizes}")
        groups_t = self.groups

        @lru_cache(maxsize=None)
        def count(g: int, caps: tuple[int, ...]) -> int:
            if g == len(groups_t):
                return 1 if not any(caps) else 0
            key, members = groups_t[g]
            m = len(members)
            total = 0
            for comp in _compositions(m, [caps[i] for i in key]):
                new = list(caps)
                for i, k in zip(key, comp):
                    new[i] -= k
                rest = count(g + 1, tuple(new))
                if rest:
                    w = factorial(m)
                    for k in comp:
                        w //= factorial(k)
                    total += w * rest
            return total

        self._count = count
        self._cache: dict = {}
        self.total = count(0, self.sizes)
        if self.total == 0:
            raise SamplingError("no deal of the hidden cards is consistent with what was seen")

    def _options(self, g: int, caps: tuple[int, ...]):
        """The splits of group ``g`` with places' room ``caps``: (splits, weights, total), where a
        split's weight is its number of completed deals (cached: many draws share them)."""
        got = self._cache.get((g, caps))
        if got is None:
            key, members = self.groups[g]
            m = len(members)
            options, weights = [], []
            for comp in _compositions(m, [caps[i] for i in key]):
                new = list(caps)
                for i, k in zip(key, comp):
                    new[i] -= k
                rest = self._count(g + 1, tuple(new))
                if rest:
                    w = factorial(m)
                    for k in comp:
                        w //= factorial(k)
                    options.append((comp, tuple(new)))
                    weights.append(w * rest)
            got = self._cache[(g, caps)] = (options, weights, sum(weights))
        return got

    def sample(self, rng: np.random.Generator) -> dict[Hashable, list]:
        """One deal: place -> list of cards (each list in the pool's order within a group)."""
        caps = self.sizes
        out: dict[Hashable, list] = {p: [] for p in self.places}
        for g, (key, members) in enumerate(self.groups):
            options, weights, total = self._options(g, caps)
            # an exact draw proportional to big-integer weights
            r = _randbelow(rng, total)
            for (comp, new), w in zip(options, weights):
                if r < w:
                    break
                r -= w
            m = len(members)
            order = [members[i] for i in rng.permutation(m)] if m > 1 else list(members)
            at = 0
            for i, k in zip(key, comp):
                out[self.places[i]].extend(order[at : at + k])
                at += k
            caps = new
        return out


def _randbelow(rng: np.random.Generator, n: int) -> int:
    """A uniform integer in [0, n) for any Python int ``n`` (exact, by rejection on 62-bit words)."""
    if n <= 2**62:
        return int(rng.integers(n))
    bits = n.bit_length()
    words = (bits + 61) // 62
    while True:
        r = 0
        for _ in range(words):
            r = (r << 62) | int(rng.integers(2**62))
        r >>= words * 62 - bits
        if r < n:
            return r


def assign(
    cards: Sequence[Hashable],
    allowed: Sequence[Iterable[Hashable]],
    sizes: dict[Hashable, int],
    rng: np.random.Generator,
) -> dict[Hashable, list]:
    """One uniform constrained deal (see :class:`Assigner`; build an Assigner to draw many)."""
    return Assigner(cards, allowed, sizes).sample(rng)
