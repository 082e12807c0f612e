"""The Big Cat Game, many deals at once with numpy (checked against the one-game engine).

The game has no decisions, so a deal decides everything: this module plays thousands of deals in
lock-step. Each game (a *lane*) keeps its stacks as fixed-size ring buffers of penalty values
(cards with the same penalty are interchangeable, see :mod:`catcards.games.big_cat`); all lanes lay
one card per step; a finished game's lane is parked (masked out) and soon refilled with the next
deal, so the arrays stay full and cache-sized. The rules are the engine's
(``rules/wildcat.md``, "The Big Cat Game"): reward cards, demands, the 3-4 player run-out rule,
the last player in taking the pile, and the counts ``cards_played`` and ``tricks``.

Cycles: the batch path does not look for repeated positions. A game still running after
``max_cards`` cards, and the last few long games once fewer than ``handoff`` remain, are finished
by the one-game engine from the same deal (which detects cycles exactly), so every result is the
engine's result (``engine`` says which games the engine finished). ``tests/games/test_big_cat_batch.py`` checks the batch path itself (with ``handoff=0``)
against the engine, deal by deal.

Speed (``benchmarks/bench_big_cat.py``): about 110,000 two-player deals per second of CPU time on
one core (numpy only), about 42,000 with 3 players and 29,000 with 4 (each card laid is written
into every seat's ring, which costs more with more seats); the engine plays about 1,500.

Shapes: ``games`` deals of ``cards`` cards; a *deck row* is one shuffled deck as penalty values
(int8, length ``cards``), dealt like the engine deals: card ``k`` to seat
``(first_player + k) % players``, first card dealt = top of the stack.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import pandas as pd

from ..core import GameParameterError, check_count
from ..games.big_cat import DECKS, BigCat
from ..registry import load

__all__ = [
    "deck_values",
    "deal_batch",
    "stack_strings",
    "row_from_stacks",
    "play_batch",
    "simulate_batch",
    "engine_result",
]


def _game(game: str | BigCat | None, params: dict[str, Any]) -> BigCat:
    if game is None:
        game = "big-cat"
    if isinstance(game, str):
        game = load(game, **params)
    elif params:
        raise GameParameterError("give parameters either in the Game or as keywords, not both")
    if not isinstance(game, BigCat):
        raise GameParameterError(f"batch.big_cat plays The Big Cat Game only, not {game!r}")
    return game


def deck_values(game: BigCat) -> np.ndarray:
    """The game's deck as penalty values, in deck order: int8 array of length 52."""
    return np.array([game.penalty_of(c) for c in DECKS[game.deck]()], dtype=np.int8)


def deal_batch(game: BigCat, games: int, rng: np.random.Generator) -> np.ndarray:
    """``games`` shuffled decks as penalty values: int8 array (games, 52), one deck row each.

    Raises:
        GameParameterError: ``games`` not a whole number >= 1.
    """
    check_count(games, "games")
    values = deck_values(game)
    return rng.permuted(np.broadcast_to(values, (int(games), values.size)), axis=1).astype(np.int8)


def stack_strings(game: BigCat, row: Sequence[int]) -> list[str]:
    """One deck row dealt to the seats, as the engine's deal strings (top first): pass them as
    ``game.new_game(seed, deals=...)`` to replay the same deal with the one-game engine."""
    letter = {0: "-"}
    for key, value in sorted(game.penalties.items(), reverse=True):
        if value:
            letter.setdefault(value, key)
    n, f = game.players, game.first_player
    row = [int(v) for v in row]
    return ["".join(letter[v] for v in row[(s - f) % n :: n]) for s in range(n)]


def row_from_stacks(game: BigCat, stacks: Sequence[str]) -> np.ndarray:
    """The deck row that deals ``stacks`` (deal strings, top first, one per seat): the inverse of
    :func:`stack_strings`. Letters are read with ``game.penalties``.

    Raises:
        GameParameterError: wrong number of stacks, a letter not in the penalty table, or stack
            lengths that a deal one card at a time from ``game.first_player`` cannot give.
    """
    n, f = game.players, game.first_player
    if isinstance(stacks, str) or len(stacks) != n:
        raise GameParameterError(f"give {n} deal strings, one per seat, not {stacks!r}")
    total = sum(len(s) for s in stacks)
    want = [len(range((s - f) % n, total, n)) for s in range(n)]
    if [len(s) for s in stacks] != want:
        raise GameParameterError(
            f"a deal of {total} cards one at a time from seat {f} gives stacks of {want} cards, "
            f"not {[len(s) for s in stacks]}"
        )
    value = {"-": 0, **game.penalties}
    row = np.zeros(total, np.int8)
    for s, text in enumerate(stacks):
        for k, ch in enumerate(text):
            if ch.upper() not in value and ch != "-":
                raise GameParameterError(f"{ch!r} is not '-' or a penalty letter {sorted(game.penalties)}")
            row[(s - f) % n + k * n] = value["-" if ch == "-" else ch.upper()]
    return row


def engine_result(game: BigCat, row: Sequence[int]) -> dict[str, Any]:
    """Play one deck row with the one-game engine: ``cards_played``, ``tricks``, ``winner``
    (None when it cycles), ``terminated``."""
    return game.new_game(0, deals=stack_strings(game, row)).play_out().result()


def play_batch(
    game: BigCat,
    rows: np.ndarray,
    max_cards: int = 20_000,
    handoff: int = 16,
    lanes: int = 8192,
) -> dict[str, np.ndarray]:
    """Play every deck row of ``rows`` (int array (games, cards), penalty values) to the end.

    ``lanes`` games step together; when one ends, the next deal takes its lane, so the arrays stay
    full (and small enough for the processor's cache) until the last deals.

    Args:
        game: the :class:`~catcards.games.big_cat.BigCat` whose players and first player to use
            (the penalties are already in ``rows``).
        rows: one deck row per game (see :func:`deal_batch`), at most 255 cards.
        max_cards: a game still running after this many cards is finished by the engine (which
            detects cycles).
        handoff: once every deal has a lane and fewer than this many games are still running,
            the engine finishes them (0: the batch path plays every game itself up to
            ``max_cards``).
        lanes: games stepped together.

    Returns:
        dict of arrays of length ``games``: ``cards_played`` (int), ``tricks`` (int), ``winner``
        (int, -1 when the game cycles), ``terminated`` (bool), ``engine`` (bool: finished by the
        one-game engine).

    Raises:
        GameParameterError: ``rows`` not a 2-D integer array with at least one card per seat.
    """
    rows = np.asarray(rows)
    if (
        rows.ndim != 2
        or not game.players <= rows.shape[1] <= 255
        or not np.issubdtype(rows.dtype, np.integer)
    ):
        raise GameParameterError(
            f"rows must be a 2-D integer array (games, cards) with {game.players} to 255 cards, "
            f"not shape {rows.shape}"
        )
    check_count(lanes, "lanes")
    parts = [
        _Lanes(game, rows[i : i + _PART], max_cards, handoff, int(lanes)).run()
        for i in range(0, rows.shape[0], _PART)
    ]
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


#: deals prepared at a time (bounds memory: about 64 bytes per seat and deal)
_PART = 1 << 18


class _Lanes:
    """The lock-step machine behind :func:`play_batch` (one object per call).

    Each lane holds one game: ``P`` ring buffers of ``R`` penalty values (a power of two >= the
    number of cards), with absolute ``head`` (next card to lay) and ``tail`` (end of the stack)
    counters, so a stack holds ``tail - head`` cards at ring positions ``& (R - 1)``. There is no
    separate pile: each card laid is also written just past every stack's tail (``tail + plen``),
    a free part of every ring since a stack and the pile together never exceed the cards in play.
    Taking the pile is then only ``tail[winner] += plen``.
    """

    def __init__(self, game: BigCat, rows: np.ndarray, max_cards: int, handoff: int, lanes: int):
        self.game, self.max_cards, self.handoff = game, max_cards, handoff
        G, N = rows.shape
        P = self.P = game.players
        R = self.R = 1 << max(6, int(N - 1).bit_length())
        self.rows = rows
        f = game.first_player
        stacks = np.zeros((G, P, R), np.int8)
        counts = np.zeros((G, P), np.int64)
        for s in range(P):
            part = rows[:, (s - f) % P :: P]
            stacks[:, s, : part.shape[1]] = part
            counts[:, s] = part.shape[1]
        self.deal_stacks, self.deal_counts = stacks.reshape(G, P * R), counts
        self.out = {
            "cards_played": np.zeros(G, np.int64),
            "tricks": np.zeros(G, np.int64),
            "winner": np.full(G, -1, np.int64),
            "terminated": np.zeros(G, bool),
            "engine": np.zeros(G, bool),
        }
        L = self.L = min(lanes, G)
        self.next_deal = 0
        self.S = np.zeros(L * P * R, np.int8)
        self.head = np.zeros(L * P, np.int64)
        self.tail = np.zeros(L * P, np.int64)
        self.outp = np.zeros(L * P, bool)
        self.nxt = np.zeros(L * P, np.int64)  # per lane and seat: the next seat still in
        self.plen = np.zeros(L, np.int64)
        self.cur = np.zeros(L, np.int64)
        self.dem = np.zeros(L, np.int8)
        self.claim = np.zeros(L, np.int64)
        self.tricks = np.zeros(L, np.int64)
        self.deal = np.full(L, -1, np.int64)  # deal id in each lane, -1: parked
        self.alive = np.zeros(L, bool)  # lanes whose game is running
        self._load(np.arange(L))

    def _load(self, lanes: np.ndarray) -> None:
        """Put the next deals into ``lanes`` (they stay parked when the deals run out)."""
        P, R = self.P, self.R
        k = min(lanes.size, self.deal_stacks.shape[0] - self.next_deal)
        if k == 0:
            return
        use = lanes[:k]
        ids = np.arange(self.next_deal, self.next_deal + k)
        self.next_deal += k
        self.deal[use] = ids
        self.alive[use] = True
        self.S.reshape(self.L, P * R)[use] = self.deal_stacks[ids]
        lp = (use[:, None] * P + np.arange(P)[None, :]).ravel()
        self.head[lp] = 0
        self.tail[lp] = self.deal_counts[ids].ravel()
        self.outp[lp] = False
        self.nxt.reshape(self.L, P)[use] = (np.arange(P) + 1) % P
        self.plen[use] = 0
        self.cur[use] = self.game.first_player
        self.dem[use] = 0
        self.claim[use] = -1
        self.tricks[use] = 0

    def _finish(self, lanes: np.ndarray, winner: np.ndarray) -> None:
        """Record the results of the games in ``lanes`` (all running) and park the lanes."""
        ids = self.deal[lanes]
        out = self.out
        out["cards_played"][ids] = self._cards(lanes)
        out["tricks"][ids] = self.tricks[lanes]
        out["winner"][ids] = winner
        out["terminated"][ids] = True
        self._park(lanes)

    def _park(self, lanes: np.ndarray) -> None:
        """Lanes with no game: plain cards and endless stacks, so no demand, no take and no empty
        stack can happen in them until :meth:`_load` refills them."""
        self.deal[lanes] = -1
        self.alive[lanes] = False
        self.S.reshape(self.L, -1)[lanes] = 0
        self.dem[lanes] = 0
        self.tail.reshape(self.L, self.P)[lanes] = 1 << 40

    def _cards(self, lanes: np.ndarray) -> np.ndarray:
        """Cards played so far in ``lanes``: every card laid moved a head on by one."""
        return self.head.reshape(self.L, self.P)[lanes].sum(axis=1)

    def _to_engine(self, lanes: np.ndarray) -> None:
        out = self.out
        for i in self.deal[lanes]:
            res = engine_result(self.game, self.rows[i])
            out["cards_played"][i] = res["cards_played"]
            out["tricks"][i] = res["tricks"]
            out["winner"][i] = -1 if res["winner"] is None else res["winner"]
            out["terminated"][i] = res["terminated"]
            out["engine"][i] = True
        self._park(lanes)

    def _remove(self, lanes: np.ndarray, seat: np.ndarray) -> np.ndarray:
        """Take ``seat`` (one per lane, lanes distinct) out of the order of play: whoever passed
        to it now passes to its successor. Returns that successor per lane."""
        rows = self.nxt.reshape(self.L, self.P)
        sub = rows[lanes]
        succ = sub[np.arange(lanes.size), seat]
        rows[lanes] = np.where(sub == seat[:, None], succ[:, None], sub)
        return succ

    def _compact(self) -> None:
        """Keep only the running lanes (once every deal has had a lane, most lanes are parked and
        would still be stepped: the last long games would cost as much as full arrays)."""
        keep = np.flatnonzero(self.deal >= 0)
        L, P = self.L, self.P
        self.S = self.S.reshape(L, -1)[keep].ravel()
        for name in ("head", "tail", "outp", "nxt"):
            setattr(self, name, getattr(self, name).reshape(L, P)[keep].ravel())
        for name in ("plen", "cur", "dem", "claim", "tricks", "deal", "alive"):
            setattr(self, name, getattr(self, name)[keep])
        self.L = keep.size

    def run(self) -> dict[str, np.ndarray]:
        while not self._steps():
            self._compact()
        return self.out

    def _steps(self) -> bool:
        """Step every lane until all games are done (True) or few lanes still run (False: compact)."""
        P, R, L = self.P, self.R, self.L
        M = R - 1
        shift = R.bit_length() - 1
        lanes = np.arange(L, dtype=np.int64)
        gP = lanes * P
        seats = np.arange(P, dtype=np.int64)
        base = [(gP + s) << shift for s in range(P)]  # ring start of seat s in every lane
        S, head, tail, outp = self.S, self.head, self.tail, self.outp
        tails = [tail[s::P] for s in range(P)]  # views: seat s's tail in every lane
        tail2 = tail.reshape(L, P)
        baseLP = (gP[:, None] + seats[None, :]) << shift
        nxt = self.nxt
        plen, cur, dem, claim, tricks = self.plen, self.cur, self.dem, self.claim, self.tricks
        n_deals = self.deal_stacks.shape[0]
        step = 0
        while True:
            # ---- every lane lays one card -----------------------------------------------------
            gp = gP + cur
            h = head[gp]
            card8 = S[(gp << shift) + (h & M)]
            head[gp] = h + 1
            # the card also goes just past every stack's tail (the pile)
            if P == 2:
                for s in range(P):
                    S[base[s] + ((tails[s] + plen) & M)] = card8
            else:  # one flat scatter (a 2-D index with a broadcast value is much slower)
                where = tail2 + plen[:, None]
                where &= M
                where += baseLP
                S[where.ravel()] = np.repeat(card8, P)
            plen += 1
            is_pen = card8 > 0
            plain = ~is_pen
            paying = (dem > 0) & plain
            take = (dem == 1) & plain
            # a reward card sets a new demand; an ordinary card pays one card of it (or none)
            dem -= paying.view(np.int8)
            np.putmask(dem, is_pen, card8)
            # the payer lays again; otherwise the turn passes (to the next seat still in)
            passes = ~paying
            if P == 2:
                cur ^= passes.view(np.int8)
            else:
                np.putmask(claim, is_pen, cur)
                np.putmask(cur, passes, nxt.take(gp))
            # ---- the player who laid the last reward card takes the pile ----------------------
            if take.any():
                t = np.flatnonzero(take)
                w = 1 - cur[t] if P == 2 else claim[t]  # with 2 players: the payer's opponent
                wp = gP[t] + w
                tail[wp] += plen[t]
                plen[t] = 0
                tricks[t] += 1
                dem[t] = 0
                claim[t] = -1
                cur[t] = w
                # every player with no cards is out; one player left wins
                if P == 2:
                    lp = gP[t] + 1 - w
                    solo = head[lp] == tail[lp]
                else:
                    tp = gP[t][:, None] + seats[None, :]
                    empty = head[tp] == tail[tp]
                    newly = empty & ~outp[tp]
                    outp[tp[empty]] = True
                    solo = (P - empty.sum(axis=1)) <= 1
                    if newly.any():
                        for s in range(P):
                            sel = newly[:, s] & ~solo
                            if sel.any():
                                self._remove(t[sel], np.full(int(sel.sum()), s))
                if solo.any():
                    self._finish(t[solo], w[solo])
            # ---- the player to lay has no cards: out; the next player still in lays -----------
            for _ in range(P - 1):
                cp = gP + cur
                z = head[cp] >= tail[cp]
                if not z.any():
                    break
                zi = np.flatnonzero(z)
                if P == 2:  # the other player takes the pile and wins
                    tricks[zi] += 1
                    self._finish(zi, 1 - cur[zi])
                    break
                outp[cp[zi]] = True
                zp = gP[zi][:, None] + seats[None, :]
                still = ~outp[zp]
                solo = still.sum(axis=1) <= 1
                if solo.any():  # the last player in takes the pile and wins
                    si = zi[solo]
                    tricks[si] += 1
                    self._finish(si, still[solo].argmax(axis=1))
                rest = zi[~solo]
                if rest.size:  # the next seat still in lays (and pays what is owed)
                    cur[rest] = self._remove(rest, cur[rest])
            step += 1
            # ---- refill finished lanes; long games and the last few go to the engine ----------
            if (step & 31) == 0:
                running = self.deal >= 0
                long = np.flatnonzero(running & (self._cards(lanes) >= self.max_cards))
                if long.size:
                    self._to_engine(long)
                if self.next_deal < n_deals:
                    self._load(np.flatnonzero(self.deal < 0))
                n_running = int((self.deal >= 0).sum())
                if n_running == 0:
                    return True
                if self.next_deal == n_deals and n_running < self.handoff:
                    self._to_engine(np.flatnonzero(self.deal >= 0))
                    return True
                if self.next_deal == n_deals and L >= 256 and n_running * 4 <= L:
                    return False


def simulate_batch(
    game: str | BigCat | None = None,
    games: int = 100_000,
    seed: int = 0,
    max_cards: int = 20_000,
    handoff: int = 16,
    **params: Any,
) -> pd.DataFrame:
    """Deal and play ``games`` random deals; one DataFrame row per game.

    Args:
        game: "big-cat" (default) or a :class:`~catcards.games.big_cat.BigCat`.
        games: number of deals (>= 1).
        seed: seeds the one ``numpy.random.Generator`` that shuffles every deal.
        max_cards, handoff: see :func:`play_batch`.
        **params: game parameters when ``game`` is a name (``players=3``, ``deck="classic"``).

    Returns:
        DataFrame with columns ``cards_played``, ``tricks``, ``winner`` (-1: cycles),
        ``terminated`` and ``engine`` (see :func:`play_batch`); the deal of row ``i`` is row ``i``
        of ``deal_batch(game, games, numpy.random.default_rng(seed))``.

    Raises:
        GameParameterError: bad game, parameters or count, before any game is played.
    """
    game = _game(game, params)
    rows = deal_batch(game, games, np.random.default_rng(seed))
    return pd.DataFrame(play_batch(game, rows, max_cards=max_cards, handoff=handoff))
