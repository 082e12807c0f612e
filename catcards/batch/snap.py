"""Snap for many games at once (numpy): the reaction-time model of :mod:`catcards.agents.snap`
played on ``G`` deals in lock step, one turned card per game per step.

It plays exactly the rules of :mod:`catcards.games.snap` with every seat a computer player of the
reaction-time model (nobody calls a false snap), so for the same deals and the same reaction times
it gives the same results as the one-game engine with
:class:`~catcards.agents.snap.ScriptedReactionAgent`; ``tests/games/test_snap_batch.py`` checks this game
by game. Use it for lessons that need thousands of games (win rate against reaction time).

Layout (see :class:`_Chunk`): games step in chunks of :data:`_CHUNK` (flat numpy arrays, one element
per game or per game and seat); each seat's stack is a ring of int8 ranks; each card turned is also
written just past every seat's tail, so the centre pile needs no copying when it is taken; finished
games are dropped from the chunk every few steps. Speed (``benchmarks/bench_snap.py``, CPU time of
one core on the project's shared build machine, under load): about 135,000 two-player games/s,
88,000 with 3 (the code before issue 14 about 40,000).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from ..agents.snap import ReactionModel
from ..core import GameParameterError, check_count
from ..games.snap import DEFAULT_MAX_TURNS, Snap

__all__ = ["simulate_snap", "play_batch", "REASONS"]

#: reason codes in the ``reason`` column
REASONS = {1: "won all the cards", 2: "last to run out", 3: "turn limit"}


def play_batch(
    game: Snap,
    orders: np.ndarray,
    times: np.ndarray | None = None,
    model: ReactionModel | None = None,
    rng: np.random.Generator | None = None,
    turn_interval: float | None = None,
) -> dict[str, np.ndarray]:
    """Play one game per row of ``orders`` (shuffled decks, card ids as in ``game.cards``).

    Args:
        game: the :class:`~catcards.games.snap.Snap` game (players, first_player, max_turns, deck).
        orders: int array ``(G, D)``, each row a permutation of ``range(D)`` (D = deck size),
            dealt as :meth:`Snap.deal_order` deals it.
        times: optional reaction times in seconds, ``(G, K, players)``: row ``k`` of game ``g`` is
            used for its ``k``-th snap showing (as :class:`ScriptedReactionAgent`).
        model, rng: used instead of ``times``: reaction times drawn from ``model`` with ``rng``,
            race by race in game order (``rng`` is drawn in blocks, so it ends up further on
            than the races needed).
        turn_interval: seconds between turned cards (a slower fastest call misses the snap);
            None: never missed.

    Returns:
        dict of arrays: ``cards`` ``(G, players)`` cards held at the end, ``winner`` ``(G, players)``
        bool, ``turns``, ``snaps`` (won), ``snaps_showing``, ``reason`` (code, see :data:`REASONS`).

    Raises:
        GameParameterError: orders of the wrong shape, neither times nor model+rng given.
        IndexError: a game showed more snaps than ``times`` has rows.
    """
    orders = np.asarray(orders)
    n_cards = len(game.cards)
    if orders.ndim != 2 or orders.shape[1] != n_cards:
        raise GameParameterError(f"orders must have shape (games, {n_cards}), not {orders.shape}")
    if times is None and (model is None or rng is None):
        raise GameParameterError("give reaction times, or a ReactionModel and a Generator")
    if times is not None:
        times = np.asarray(times, dtype=float)
        draw = None
    else:
        draw = _Draws(model, game.players, rng)

    G = orders.shape[0]
    res = {
        "cards": np.zeros((G, game.players), dtype=np.int64),
        "winner": np.zeros((G, game.players), dtype=bool),
        "turns": np.zeros(G, dtype=np.int64),
        "snaps": np.zeros(G, dtype=np.int64),
        "snaps_showing": np.zeros(G, dtype=np.int64),
        "reason": np.zeros(G, dtype=np.int64),
    }
    # chunks of games step in turn, in the order of games, so reaction times are drawn in the
    # same order as one game after another would draw them
    chunks = [
        _Chunk(game, orders[i : i + _CHUNK], i, res, times, draw, turn_interval)
        for i in range(0, G, _CHUNK)
    ]
    turns = 0
    while chunks:
        turns += 1
        for chunk in chunks:
            chunk.step(turns)
        chunks = [c for c in chunks if c.L]
    return res


class _Draws:
    """Reaction times from ``model``, drawn from ``rng`` in blocks and handed out in order: the
    same numbers, in the same order, as one ``rng.gamma`` call per race (``rng`` is left further
    on, by the rest of its last block)."""

    def __init__(self, model: ReactionModel, players: int, rng: np.random.Generator):
        mean, sd = model.arrays(players)
        self.shape, self.scale = (mean / sd) ** 2, sd**2 / mean
        self.rng, self.players = rng, players
        self.block, self.i = np.zeros((0, players)), 0

    def __call__(self, n: int) -> np.ndarray:
        if self.i + n > len(self.block):
            # gamma(shape, scale) is scale * standard_gamma(shape), number for number
            more = self.rng.standard_gamma(self.shape, size=(max(n, 2048), self.players)) * self.scale
            self.block, self.i = np.vstack([self.block[self.i :], more]), 0
        self.i += n
        return self.block[self.i - n : self.i]


#: games stepped together (larger chunks pay numpy's cost per call less often; 8,192 to 65,536
#: were measured, 32,768 and up were fastest)
_CHUNK = 32768


class _Chunk:
    """Up to :data:`_CHUNK` games of :func:`play_batch` in lock step, one turned card per step.

    Lane ``j`` plays game ``gid[j]``; finished lanes are dropped now and then (keeping the order
    of games). Each seat's stack is a ring of ``R`` (a power of two >= the deck) ranks in the flat
    ``ring`` (lane, seat, position); ``head`` counts the cards a seat has turned, so its top card
    is at ``head & (R - 1)``, and ``tail`` is ``head + length``. The centre pile (``clen`` cards,
    ``top`` its top rank, -1: empty) is kept at ``tail .. tail + clen`` of every seat's ring, a free
    part of every ring (a stack and the pile never hold more than the deck), so taking it is
    ``tail += clen``. Ranks decide everything (a snap is two equal ranks), so the rings hold ranks.
    """

    def __init__(self, game, orders, first_game, res, times, draw, turn_interval):
        G, D, P = orders.shape[0], orders.shape[1], game.players
        rank = np.asarray(game.ranks)
        rdt = np.int8 if rank.min() >= 0 and rank.max() <= 127 else np.int16
        R = self.R = 1 << max(4, int(D - 1).bit_length())
        self.M, self.shift = R - 1, R.bit_length() - 1
        ring = np.zeros((G, P, R), dtype=rdt)
        length = np.zeros((G, P), dtype=np.int64)
        i = np.arange(D)
        seat_of = (game.first_player + i) % P
        dealt = rank.astype(rdt)[orders]  # deal: card i to seat (first + i) % P, position i // P
        for s in range(P):
            cols = i[seat_of == s]
            ring[:, s, : len(cols)] = dealt[:, cols]
            length[:, s] = len(cols)
        self.ring, self.length = ring.reshape(-1), length.reshape(-1)
        self.P, self.L, self.max_turns = P, G, game.max_turns
        self.res, self.times, self.draw, self.turn_interval = res, times, draw, turn_interval
        self.gid = np.arange(first_game, first_game + G)
        self.head = np.zeros(G * P, dtype=np.int64)
        self.tail = self.length.copy()  # head + length
        self.clen = np.zeros(G, dtype=np.int64)
        self.top = np.full(G, -1, dtype=rdt)
        self.out = np.zeros(G * P, dtype=bool)
        self.cur = np.full(G, game.first_player, dtype=np.int64)
        self.snaps = np.zeros(G, dtype=np.int64)
        self.showing_count = np.zeros(G, dtype=np.int64)
        self.last_emptied = np.full(G, -1, dtype=np.int64)
        self.active = np.ones(G, dtype=bool)
        self.dead = 0  # finished lanes not dropped yet
        self.succ = [(np.arange(P) + k) % P for k in range(P)]  # succ[k][seat]: k seats on
        self.D = D
        self._lanes()

    def _lanes(self) -> None:
        self.lP = np.arange(self.L) * self.P
        self.base = [(self.lP + s) << self.shift for s in range(self.P)]  # seat s's ring, per lane
        self.tails = [self.tail[s :: self.P] for s in range(self.P)]  # views: seat s's tail

    def _compact(self) -> None:
        keep = np.flatnonzero(self.active)
        L, P = self.L, self.P
        self.ring = self.ring.reshape(L, -1)[keep].ravel()
        for name in ("length", "head", "tail", "out"):
            setattr(self, name, getattr(self, name).reshape(L, P)[keep].ravel())
        for name in ("gid", "clen", "top", "cur", "snaps", "showing_count", "last_emptied", "active"):
            setattr(self, name, getattr(self, name)[keep])
        self.L, self.dead = keep.size, 0
        self._lanes()

    def _finish(self, lanes: np.ndarray, reason: int, win: np.ndarray, turns: int) -> None:
        g, res = self.gid[lanes], self.res
        res["cards"][g] = self.length.reshape(-1, self.P)[lanes]
        res["winner"][g] = win
        res["turns"][g] = turns
        res["snaps"][g] = self.snaps[lanes]
        res["snaps_showing"][g] = self.showing_count[lanes]
        res["reason"][g] = reason
        self.active[lanes] = False
        self.dead += lanes.size

    def step(self, turns: int) -> None:
        """Every running game turns one card (its ``turns``-th); races, takes and ends follow."""
        if self.dead * 4 >= self.L:
            self._compact()
            if self.L == 0:
                return
        P, M, shift = self.P, self.M, self.shift
        lP, head, length, active = self.lP, self.head, self.length, self.active
        # ---- the player to turn turns their top card onto the centre pile ------------------------
        cur = self.cur
        lp = lP + cur
        h = head[lp]
        card = self.ring[(lp << shift) + (h & M)]
        head[lp] = h + 1
        left = length[lp]
        left -= 1
        length[lp] = left
        # the centre pile is kept past every seat's tail: taking it is then only tail += clen
        clen = self.clen
        ring = self.ring
        for base, tail in zip(self.base, self.tails):
            where = tail + clen
            where &= M
            where += base
            ring[where] = card
        clen += 1
        emptied = left == 0
        if emptied.any():
            e = np.flatnonzero(emptied)
            self.last_emptied[e] = cur[e]
        showing = card == self.top
        showing &= active
        self.top = card
        self.showing_count += showing
        # ---- next seat clockwise holding cards (the turner itself last) -------------------------
        if P == 2:
            has = length[lP + 1 - cur] > 0  # the other seat holds cards: it turns next
            cur ^= has
            anyone = has | ~emptied
        else:  # the left neighbour, else the next seat still holding cards, else the turner
            succ = self.succ
            nxt = succ[1].take(cur)
            wait = np.flatnonzero(length[lP + nxt] == 0)
            for k in range(2, P):
                if not wait.size:
                    break
                cand = succ[k].take(cur[wait])
                has = length[lP[wait] + cand] > 0
                nxt[wait[has]] = cand[has]
                wait = wait[~has]
            anyone = np.ones(self.L, dtype=bool)
            if wait.size:  # nobody else holds cards
                nxt[wait] = cur[wait]
                anyone[wait] = ~emptied[wait]
            self.cur = cur = nxt
        # ---- turn limit: the game ends right after card number max_turns --------------------------
        if turns >= self.max_turns:
            lanes = np.flatnonzero(active)
            held = length.reshape(-1, P)[lanes]
            self._finish(lanes, 3, held == held.max(axis=1, keepdims=True), turns)
            self.L = 0
            return
        # ---- races ---------------------------------------------------------------------------------
        took = None
        if showing.any():
            g = np.flatnonzero(showing)
            k = self.showing_count[g] - 1
            t = self.times[self.gid[g], k] if self.draw is None else self.draw(g.size)
            gP = lP[g][:, None] + np.arange(P)
            t = np.where(self.out[gP], np.inf, t)
            w = t.argmin(axis=1)
            if self.turn_interval is not None:
                # a missed snap needs someone to turn the next card
                fastest = t[np.arange(g.size), w]
                called = (fastest <= self.turn_interval) | ~anyone[g]
                g, w, gP = g[called], w[called], gP[called]
            if g.size:
                took = g
                n_take = clen[g]
                wp = lP[g] + w
                length[wp] += n_take
                self.tail[wp] += n_take
                clen[g] = 0
                self.top[g] = -1
                self.snaps[g] += 1
                held = length[gP]
                gone = held == 0
                gone[np.arange(g.size), w] = False
                self.out[gP] |= gone
                cur[g] = w
                done = length[wp] == self.D  # all the cards: every other seat is out
                if done.any():
                    self._finish(g[done], 1, ~self.out[gP[done]], turns)
        # ---- nobody holds a card and no snap is taken: the last to run out takes the pile and wins
        if not anyone.all():
            stuck = active & ~anyone
            if took is not None:
                stuck[took] = False
            if stuck.any():
                lanes = np.flatnonzero(stuck)
                w = self.last_emptied[lanes]
                length[lP[lanes] + w] += clen[lanes]  # (cards held are counted, not kept)
                clen[lanes] = 0
                win = np.zeros((lanes.size, P), dtype=bool)
                win[np.arange(lanes.size), w] = True
                self._finish(lanes, 2, win, turns)


def simulate_snap(
    games: int = 10_000,
    seed: int = 0,
    players: int = 2,
    deck: str = "wildcat",
    mean: float | Sequence[float] = 0.5,
    sd: float | Sequence[float] = 0.12,
    turn_interval: float | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    first_player: int = 0,
) -> pd.DataFrame:
    """Play ``games`` seeded Snap games at once with the reaction-time model; one row per game.

    Args:
        games: number of games (>= 1).
        seed: seed of the one ``numpy.random.Generator`` that shuffles all decks, then draws all
            reaction times (same seed, same table).
        players, deck, max_turns, first_player: the :class:`~catcards.games.snap.Snap` parameters.
        mean, sd: reaction-time gamma distribution per seat (seconds), see
            :class:`~catcards.agents.snap.ReactionModel`.
        turn_interval: seconds between turned cards (None: no snap is ever missed).

    Returns:
        DataFrame with columns ``turns``, ``snaps``, ``snaps_showing``, ``reason`` (text),
        ``cards_<seat>``, ``win_<seat>`` (bool; ties share).

    Raises:
        GameParameterError: a bad parameter, before any game is played.
    """
    game = Snap(players=players, deck=deck, max_turns=max_turns, first_player=first_player)
    check_count(games, "games")
    model = ReactionModel(mean, sd)
    model.arrays(players)
    rng = np.random.default_rng(seed)
    orders = rng.permuted(np.tile(np.arange(len(game.cards)), (games, 1)), axis=1)
    res = play_batch(game, orders, model=model, rng=rng, turn_interval=turn_interval)
    df = pd.DataFrame(
        {
            "turns": res["turns"],
            "snaps": res["snaps"],
            "snaps_showing": res["snaps_showing"],
            "reason": np.array([None, *REASONS.values()], dtype=object)[res["reason"]],  # codes 1-3
        }
    )
    for s in range(players):
        df[f"cards_{s}"] = res["cards"][:, s]
    for s in range(players):
        df[f"win_{s}"] = res["winner"][:, s]
    return df
