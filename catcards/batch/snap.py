"""Snap for many games at once (numpy): the reaction-time model of :mod:`catcards.agents.snap`
played on ``G`` deals in lock step, one turned card per game per step.

It plays exactly the rules of :mod:`catcards.games.snap` with every seat a computer player of the
reaction-time model (nobody calls a false snap), so for the same deals and the same reaction times
it gives the same results as the one-game engine with
:class:`~catcards.agents.snap.ScriptedReactionAgent`; ``tests/test_snap_batch.py`` checks this game
by game. Use it for lessons that need thousands of games (win rate against reaction time).

Layout: each seat's stack is a circular buffer ``buf[g, seat, :]`` with a ``head`` and a length;
the centre pile is ``centre[g, :clen[g]]``, bottom to top.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from ..agents.snap import ReactionModel
from ..core import GameParameterError
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
        model, rng: used instead of ``times``: reaction times drawn from ``model`` with ``rng``.
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
    G, D, P = orders.shape[0], n_cards, game.players
    rank = np.asarray(game.ranks)
    # deal: card i of the order goes to seat (first + i) % P, position i // P
    ids = np.int8 if D <= 127 else np.int16  # card ids: small arrays stay in the cache
    buf = np.zeros((G, P, D), dtype=ids)
    length = np.zeros((G, P), dtype=np.int64)
    head = np.zeros((G, P), dtype=np.int64)
    i = np.arange(D)
    seat_of = (game.first_player + i) % P
    for s in range(P):
        cols = i[seat_of == s]
        buf[:, s, : len(cols)] = orders[:, cols]
        length[:, s] = len(cols)
    centre = np.zeros((G, D), dtype=ids)
    clen = np.zeros(G, dtype=np.int64)
    out = np.zeros((G, P), dtype=bool)
    cur = np.full(G, game.first_player, dtype=np.int64)
    turns = np.zeros(G, dtype=np.int64)
    snaps = np.zeros(G, dtype=np.int64)
    showing_count = np.zeros(G, dtype=np.int64)
    last_emptied = np.full(G, -1, dtype=np.int64)
    active = np.ones(G, dtype=bool)
    reason = np.zeros(G, dtype=np.int64)
    winner = np.zeros((G, P), dtype=bool)
    ks = np.arange(1, P + 1)
    if model is not None:
        mean, sd = model.arrays(P)
        shape, scale = (mean / sd) ** 2, sd**2 / mean

    # flat views: one index per element instead of 2-D and 3-D fancy indexing
    head_f, length_f, buf_f, centre_f = head.reshape(-1), length.reshape(-1), buf.reshape(-1), centre.reshape(-1)
    while True:
        a = np.flatnonzero(active)
        if a.size == 0:
            break
        p = cur[a]
        aP = a * P
        ap = aP + p
        h = head_f[ap]
        card = buf_f[ap * D + h]
        head_f[ap] = (h + 1) % D
        left = length_f[ap] - 1
        length_f[ap] = left
        aD = a * D
        c0 = clen[a]
        centre_f[aD + c0] = card
        c = c0 + 1
        clen[a] = c
        turns[a] += 1
        emptied = left == 0
        last_emptied[a[emptied]] = p[emptied]
        showing = (c >= 2) & (rank[card] == rank[centre_f[aD + np.maximum(c0 - 1, 0)]])
        showing_count[a] += showing
        # next seat clockwise holding cards (the turner itself last)
        idx = (p[:, None] + ks[None, :]) % P
        has = length_f[aP[:, None] + idx] > 0
        anyone = has.any(axis=1)
        nxt = idx[np.arange(a.size), has.argmax(axis=1)]
        cur[a] = np.where(anyone, nxt, p)
        # turn limit: the game ends right after card number max_turns
        limit = turns[a] >= game.max_turns
        if limit.any():
            g = a[limit]
            held = length[g]
            winner[g] = held == held.max(axis=1, keepdims=True)
            reason[g] = 3
            active[g] = False
        # races
        race = showing & ~limit
        took = np.zeros(a.size, dtype=bool)
        if race.any():
            g = a[race]
            k = showing_count[g] - 1
            if times is not None:
                t = np.asarray(times, dtype=float)[g, k]
            else:
                t = rng.gamma(shape, scale, size=(g.size, P))
            t = np.where(out[g], np.inf, t)
            w = t.argmin(axis=1)
            fastest = t[np.arange(g.size), w]
            called = np.ones(g.size, dtype=bool)
            if turn_interval is not None:
                # a missed snap needs someone to turn the next card
                called = (fastest <= turn_interval) | ~anyone[race]
            g, w = g[called], w[called]
            took[np.flatnonzero(race)[called]] = True
            if g.size:
                n_take = clen[g]
                tail = head[g, w] + length[g, w]
                rows = np.repeat(np.arange(g.size), n_take)
                offs = np.arange(n_take.sum()) - np.repeat(np.cumsum(n_take) - n_take, n_take)
                buf[g[rows], w[rows], (tail[rows] + offs) % D] = centre[g[rows], offs]
                length[g, w] += n_take
                clen[g] = 0
                snaps[g] += 1
                gone = length[g] == 0
                gone[np.arange(g.size), w] = False
                out[g] |= gone
                cur[g] = w
                alive = ~out[g]
                done = (alive.sum(axis=1) == 1) & ((length[g] > 0) == alive).all(axis=1)
                winner[g[done]] = alive[done]
                reason[g[done]] = 1
                active[g[done]] = False
        # nobody holds a card and no snap is showing (or it was missed): the last to run out wins
        stuck = active[a] & ~anyone & ~took
        if stuck.any():
            g = a[stuck]
            if g.size:
                w = last_emptied[g]
                n_take = clen[g]
                length[g, w] += n_take
                clen[g] = 0
                winner[g, w] = True
                reason[g] = 2
                active[g] = False
    return {
        "cards": length,
        "winner": winner,
        "turns": turns,
        "snaps": snaps,
        "snaps_showing": showing_count,
        "reason": reason,
    }


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
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise GameParameterError(f"games must be a whole number >= 1, not {games!r}")
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
            "reason": [REASONS[r] for r in res["reason"]],
        }
    )
    for s in range(players):
        df[f"cards_{s}"] = res["cards"][:, s]
    for s in range(players):
        df[f"win_{s}"] = res["winner"][:, s]
    return df
