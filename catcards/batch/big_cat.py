"""The Big Cat Game, many deals at once with numpy (checked against the one-game engine).

The game has no decisions, so a deal decides everything: this module plays thousands of deals in
lock-step. Each game (a *lane*) keeps its cards as linked lists (see :class:`_Lanes`): laying a
card and taking the pile only relink cards, so a step costs the same numpy calls whatever the
number of players and a take costs the same whatever the pile's size (cards with the same
penalty are interchangeable, see :mod:`catcards.games.big_cat`, so only penalties are kept). All
lanes lay one card per step; what a card does (demand, turn passing, pile taken) is looked up in
small tables; a finished game's lane is parked and soon refilled with the next deal, so the arrays
stay full and cache-sized. The rules are the engine's (``rules/wildcat.md``, "The Big Cat Game"):
reward cards, demands, the 3-4 player run-out rule, the last player in taking the pile, and the
counts ``cards_played`` and ``tricks``.

Cycles: the batch path does not look for repeated positions. A game still running after
``max_cards`` cards, and the last few long games once fewer than ``handoff`` remain, are finished
by the one-game engine from the same deal (which detects cycles exactly), so every result is the
engine's result (``engine`` says which games the engine finished).
``tests/games/test_big_cat_batch.py`` checks the batch path itself (with ``handoff=0``) against the
engine, deal by deal, with 2, 3 and 4 players.

Speed (``python benchmarks/bench_big_cat.py --repeat 3``, CPU time of one core, numpy only, on the
project's shared 2-core build machine with a load average of 8 to 14): about 200,000 deals per
second with 2 players, 115,000 with 3 and 110,000 with 4 (the code before this layout, run
alternately with it on the same deals: about 150,000, 57,000 and 47,000); the engine plays about
2,000 to 3,000.

Length: over 500 lines because the lane machine (:class:`_Lanes`: its step loop and the rarer
paths it hands lanes to, a take, a player with no cards, refilling and compacting) works on one
data layout that is easier to check in one place than split over modules.

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
    lanes: int = 16384,
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
        GameParameterError: ``rows`` not a 2-D integer array with at least one deal and one
            card per seat, a value that is not one of ``game.penalties`` (or 0 for a plain
            card), or ``max_cards`` / ``lanes`` not a whole number of at least 1.
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
    if rows.shape[0] == 0:
        raise GameParameterError("rows must hold at least one deal (one row per game), not 0")
    allowed = sorted({0, *game.penalties.values()})
    bad = np.setdiff1d(np.unique(rows), allowed)
    if bad.size:
        raise GameParameterError(
            f"rows must hold this game's penalty values ({', '.join(map(str, allowed))}; 0 for a "
            f"plain card), not {int(bad[0])}"
        )
    check_count(max_cards, "max_cards")
    check_count(lanes, "lanes")
    parts = [
        _Lanes(game, rows[i : i + _PART], max_cards, handoff, int(lanes)).run()
        for i in range(0, rows.shape[0], _PART)
    ]
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


#: deals prepared at a time (bounds memory: one row of ``W`` slot values, 64 bytes for 52 cards, per deal)
_PART = 1 << 18

#: value of a seat's end mark (the slot after its last card): reading it means "this player has no cards"
_NO_CARD = 15


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rules of one laid card as lookup tables, indexed by ``demand * 16 + card`` (demand
    0-13 cards still owed, card 0 plain or its penalty 1-13, or :data:`_NO_CARD`):

    - the new demand: the card's penalty for a reward card, one less for a plain card laid
      against a demand, else 0 (unchanged when there was no card);
    - whether the turn passes (a reward card, or a plain card with nothing owed);
    - a flag: 1 the demand is paid in full (the last reward card's player takes the pile),
      2 the player to lay has no cards (nothing is laid; handled outside the tables).
    """
    dem = np.zeros(256, np.uint8)
    passes = np.zeros(256, bool)
    flag = np.zeros(256, np.uint8)
    for d in range(14):
        for c in range(16):
            code = d * 16 + c
            if c == _NO_CARD:
                dem[code], flag[code] = d, 2
            elif c > 0:
                dem[code], passes[code] = c, True
            elif d > 0:
                dem[code], flag[code] = d - 1, int(d == 1)
            else:
                passes[code] = True
    return dem, passes, flag


_DEMAND, _PASSES, _FLAG = _tables()
_DEMAND16 = _DEMAND << 4  # the new demand times 16, ready to combine with the next card


class _Lanes:
    """The lock-step machine behind :func:`play_batch` (one object per call).

    Each lane holds one game as linked lists over a row of ``W`` *slots* (``W`` a power of two):
    slot ``s < P`` is seat ``s``'s end mark (value :data:`_NO_CARD`, linked to itself), slot ``P``
    the pile's anchor, and card ``k`` of the deck row sits in slot ``P + 1 + k`` with its penalty
    ``val``, which never changes: cards move by relinking, never by copying. Per seat, ``top``
    is the slot of the top card of its stack (its end mark when the stack is empty) and ``tail``
    the last card's, whose ``nx`` (next slot) is the end mark; ``plast`` is the pile's last card.
    Laying a card unlinks it from the top of a stack and links it after the pile's last; taking
    the pile links the whole pile after the taker's last card in one step, whatever its size;
    reading the top card of an empty stack reads the end mark, so the read also tells whether
    the player had a card. ``nx``, ``top`` and ``tail`` hold slot numbers within the lane's row;
    ``plast`` global slot numbers (``lane * W + slot``); seats are global too (``lane * P +
    seat``: ``cur``, ``nxt2``, ``prv``).

    A step costs about 16 numpy calls over all lanes, whatever the number of players: read each
    lane's next card, link it to the pile, and look up the new demand, whether the turn passes
    and whether something rarer happens (the pile taken, a player with no card) in
    :func:`_tables`; only the lanes where something rarer happened are then worked on. The order
    of play is a linked ring of seats per lane: ``nxt2[2 * seat + passes]`` is the seat to lay
    after ``seat`` (itself when the turn does not pass), ``prv[seat]`` the seat still in before
    it; the player who laid the last reward card is ``prv`` of the player paying it.
    """

    def __init__(self, game: BigCat, rows: np.ndarray, max_cards: int, handoff: int, lanes: int):
        self.game, self.max_cards, self.handoff = game, max_cards, handoff
        G, N = rows.shape
        P = self.P = game.players
        W = self.W = 1 << max(5, int(N + P).bit_length())  # >= N + P + 1 slots
        dt = self.dt = np.uint8 if W <= 256 else np.uint16
        self.rows = rows
        f = game.first_player
        # the deal's links are the same for every deal of N cards: seat s gets cards k = s - f,
        # s - f + P, ... (mod P) in that order, top first
        nx = np.arange(W, dtype=np.int64)  # end marks (and unused slots) link to themselves
        top = np.zeros(P, np.int64)
        tail = np.zeros(P, np.int64)
        for s in range(P):
            chain = [P + 1 + k for k in range((s - f) % P, N, P)]
            for a, b in zip(chain, chain[1:] + [s]):
                nx[a] = b
            top[s], tail[s] = chain[0], chain[-1]
        self.nx0, self.top0, self.tail0 = nx.astype(dt), top.astype(dt), tail.astype(dt)
        vals = np.zeros((G, W), np.uint8)
        vals[:, :P] = _NO_CARD
        vals[:, P + 1 : P + 1 + N] = rows
        self.deal_vals = vals
        self.out = {
            "cards_played": np.zeros(G, np.int64),
            "tricks": np.zeros(G, np.int64),
            "winner": np.full(G, -1, np.int64),
            "terminated": np.zeros(G, bool),
            "engine": np.zeros(G, bool),
        }
        L = self.L = min(lanes, G)
        self.next_deal = 0
        self.nx = np.zeros(L * W, dt)
        self.val = np.zeros(L * W, np.uint8)
        self.top = np.zeros(L * P, dt)
        self.tail = np.zeros(L * P, dt)
        self.outp = np.zeros(L * P, bool)
        self.nxt2 = np.zeros(2 * L * P, np.int64)
        self.prv = np.zeros(L * P, np.int64)
        self.plast = np.zeros(L, np.int64)
        self.cur = np.zeros(L, np.int64)
        self.sdem = np.zeros(L, np.uint8)  # cards owed, times 16
        self.played = np.zeros(L, np.int64)
        self.nout = np.zeros(L, np.int64)  # players out
        self.tricks = np.zeros(L, np.int64)
        self.deal = np.full(L, -1, np.int64)  # deal id in each lane, -1: parked
        self._load(np.arange(L))

    def _load(self, lanes: np.ndarray) -> None:
        """Put the next deals into ``lanes`` (they stay parked when the deals run out)."""
        P, W, L = self.P, self.W, self.L
        k = min(lanes.size, self.deal_vals.shape[0] - self.next_deal)
        if k == 0:
            return
        use = lanes[:k]
        ids = np.arange(self.next_deal, self.next_deal + k)
        self.next_deal += k
        self.deal[use] = ids
        self.val.reshape(L, W)[use] = self.deal_vals[ids]
        self.nx.reshape(L, W)[use] = self.nx0
        self.top.reshape(L, P)[use] = self.top0
        self.tail.reshape(L, P)[use] = self.tail0
        self.outp.reshape(L, P)[use] = False
        seats = np.arange(P)
        up = (use * P)[:, None]
        self.nxt2.reshape(L, 2 * P)[use] = up + np.stack([seats, (seats + 1) % P], axis=1).ravel()
        self.prv.reshape(L, P)[use] = up + (seats - 1) % P
        self.plast[use] = use * W + P
        self.cur[use] = use * P + self.game.first_player
        self.sdem[use] = 0
        self.played[use] = 0
        self.nout[use] = 0
        self.tricks[use] = 0

    def _finish(self, lanes: np.ndarray, winner: np.ndarray) -> None:
        """Record the results of the games in ``lanes`` (all running; ``winner`` seats 0 to P-1)
        and park the lanes."""
        ids = self.deal[lanes]
        out = self.out
        out["cards_played"][ids] = self.played[lanes]
        out["tricks"][ids] = self.tricks[lanes]
        out["winner"][ids] = winner
        out["terminated"][ids] = True
        self._park(lanes)

    def _park(self, lanes: np.ndarray) -> None:
        """Lanes with no game: every value plain (the end marks too) and nothing owed, so no
        demand, no take and no empty stack can happen in them until :meth:`_load` refills them
        (their links stay inside their own row)."""
        self.deal[lanes] = -1
        self.val.reshape(self.L, -1)[lanes] = 0
        self.sdem[lanes] = 0

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

    def _remove(self, seat: np.ndarray) -> np.ndarray:
        """Take ``seat`` (global seats of distinct lanes) out of the order of play: whoever passed
        to it now passes to its successor. Returns that successor (global) per seat."""
        succ = self.nxt2[2 * seat + 1]
        pred = self.prv[seat]
        self.nxt2[2 * pred + 1] = succ
        self.prv[succ] = pred
        return succ

    def _compact(self) -> None:
        """Keep only the running lanes (once every deal has had a lane, most lanes are parked and
        would still be stepped: the last long games would cost as much as full arrays)."""
        keep = np.flatnonzero(self.deal >= 0)
        L, W, P = self.L, self.W, self.P
        for name in ("nx", "val", "top", "tail", "outp", "prv", "nxt2"):
            setattr(self, name, getattr(self, name).reshape(L, -1)[keep])
        moved = (np.arange(keep.size) - keep) * P  # global seats: to the new rows
        self.prv = (self.prv + moved[:, None]).ravel()
        self.nxt2 = (self.nxt2 + moved[:, None]).ravel()
        for name in ("nx", "val", "top", "tail", "outp"):
            setattr(self, name, getattr(self, name).ravel())
        for name in ("plast", "cur", "sdem", "played", "nout", "tricks", "deal"):
            setattr(self, name, getattr(self, name)[keep])
        self.cur += moved
        self.plast += moved // P * W
        self.L = keep.size

    def run(self) -> dict[str, np.ndarray]:
        while not self._steps():
            self._compact()
        return self.out

    def _take(self, t: np.ndarray) -> None:
        """Lanes ``t`` (distinct) had their demand paid in full: the player who laid the last
        reward card takes the pile under their stack and leads; every player with no cards is
        out; one player left wins."""
        P, W, nx, top = self.P, self.W, self.nx, self.top
        tw, tp = t * W, t * P
        payer = self.cur[t]
        wg = payer ^ 1 if P == 2 else self.prv[payer]
        w = wg - tp
        first = nx[tw + P]
        last = self.plast[t]
        # the pile goes under the taker's stack (or is the stack, when it is empty)
        bare = top[wg] == w
        if bare.any():
            top[wg[bare]] = first[bare]
            keep = ~bare
            nx[tw[keep] + self.tail[wg[keep]]] = first[keep]
        else:
            nx[tw + self.tail[wg]] = first
        nx[last] = w
        self.tail[wg] = last - tw
        self.plast[t] = tw + P
        self.tricks[t] += 1
        self.cur[t] = wg
        # every player with no cards is out; one player left wins
        if P == 2:
            solo = top[payer] == payer - tp
        else:
            # (a player out has no cards: only a lane with more empty stacks than players out
            # has someone new to put out)
            seats = np.arange(P)
            empty = top.reshape(-1, P)[t] == seats
            count = empty[:, 0].astype(np.int64)
            for s in range(1, P):
                count += empty[:, s]
            e = np.flatnonzero(count > self.nout[t])
            if not e.size:
                return
            t, w, empty, count = t[e], w[e], empty[e], count[e]
            sp = (t * P)[:, None] + seats[None, :]
            self.nout[t] = count
            solo = count >= P - 1
            newly = empty & ~self.outp[sp]
            newly[solo] = False
            self.outp[sp[empty]] = True
            if newly.any():
                i, s = np.nonzero(newly)  # lanes in order, so a lane's seats come together
                while i.size:
                    first_of_lane = np.ones(i.size, bool)
                    first_of_lane[1:] = i[1:] != i[:-1]
                    self._remove(sp[i[first_of_lane], s[first_of_lane]])
                    i, s = i[~first_of_lane], s[~first_of_lane]
        if solo.any():
            self._finish(t[solo], w[solo])

    def _no_card(self, z: np.ndarray, plast: np.ndarray) -> None:
        """Lanes ``z`` (distinct): the player to lay has no cards (the step read the end mark:
        nothing was laid, the pile's last card is put back to ``plast``). That player is out; the
        last player in takes the pile and wins; otherwise the next player still in lays (and pays
        what is owed)."""
        P = self.P
        self.plast[z] = plast[z]
        self.played[z] -= 1
        self.outp[self.cur[z]] = True
        self.nout[z] += 1
        solo = self.nout[z] >= P - 1
        if solo.any():
            si = z[solo]
            self.tricks[si] += 1
            still = ~self.outp.reshape(-1, P)[si]
            self._finish(si, still.argmax(axis=1))
        rest = z[~solo]
        if rest.size:
            self.cur[rest] = self._remove(self.cur[rest])

    def _steps(self) -> bool:
        """Step every lane until all games are done (True) or few lanes still run (False: compact)."""
        P, L, W = self.P, self.L, self.W
        lw = np.arange(L, dtype=np.int64) * W
        nx, val, top, played = self.nx, self.val, self.top, self.played
        demand, passes_, flag_ = _DEMAND16, _PASSES, _FLAG
        n_deals = self.deal_vals.shape[0]
        step = 0
        while True:
            # ---- every lane lays one card (or finds it has none) --------------------------------
            cur = self.cur
            first = top.take(cur)
            c = first + lw  # the top card's slot (the end mark when the stack is empty)
            card = val.take(c)
            top[cur] = nx.take(c)
            plast = self.plast
            nx[plast] = first
            self.plast = c
            played += 1
            code = self.sdem | card
            self.sdem = demand.take(code)
            # the turn passes (to the next seat still in) after a reward card or a free card
            if P == 2:
                cur ^= passes_.take(code)
            else:
                cur <<= 1
                cur |= passes_.take(code)
                self.cur = self.nxt2.take(cur)
            flag = flag_.take(code)
            if flag.any():
                f = np.flatnonzero(flag)
                kind = flag[f]
                t = f[kind == 1]
                if t.size:
                    self._take(t)
                z = f[kind == 2]
                if z.size:
                    self._no_card(z, plast)
            step += 1
            # ---- refill finished lanes; long games and the last few go to the engine ----------
            if (step & 15) == 0:
                running = self.deal >= 0
                long = np.flatnonzero(running & (played >= self.max_cards))
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
