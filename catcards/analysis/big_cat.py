"""The Big Cat Game: lesson calculations (game length, first player's advantage, penalty tables,
the longest deal found, exact chances of the deal).

Simulations use the batch path (:mod:`catcards.batch.big_cat`), whose results equal the one-game
engine's deal by deal; exact chances use :mod:`catcards.probability`. Layer 3: no widgets.
"""
from __future__ import annotations

from fractions import Fraction
from concurrent.futures import Executor
from typing import Any, Mapping, Sequence

import numpy as np
import pandas as pd

from ..batch.big_cat import deal_batch, play_batch, stack_strings
from ..agents import RandomAgent
from ..core import GameParameterError, is_whole
from ..games.big_cat import PENALTY_LETTERS, BigCat, parse_deal_strings
from ..probability import hypergeom_pmf, wilson_interval
from ..registry import load
from ..simulate import agent_rngs, future_result, is_executor, play_game, submit_task

__all__ = [
    "simulate_deals",
    "length_summary",
    "seat_win_rates",
    "compare_tables",
    "rewards_in_first_stack_exact",
    "wins_by_rewards",
    "longest_deal",
    "stack_history",
    "deal_cards",
    "all_deals",
    "exact_small_deck",
    "search_longest",
]


def _game(game: BigCat | str, params: Mapping[str, Any] | None = None) -> BigCat:
    if isinstance(game, str):
        return load(game, **(params or {}))
    if params:
        raise GameParameterError("give parameters either in the Game or as keywords, not both")
    if not isinstance(game, BigCat):
        raise GameParameterError(f"these calculations are for The Big Cat Game, not {game!r}")
    return game


def simulate_deals(game: BigCat | str, games: int, seed: int = 0, **params: Any) -> tuple[np.ndarray, pd.DataFrame]:
    """Deal ``games`` random deals (seeded) and play them with the batch path.

    Seeds: all the deals come from one ``numpy.random.default_rng(seed)`` in a block (the batch
    path shuffles many decks at once), not from :func:`catcards.simulate.game_seed` per game as
    :func:`catcards.simulate` does; Big Cat has no choices, so no agent seeds are involved. This
    scheme is kept because the lessons' asserted figures were computed with it.

    Returns:
        ``(rows, results)``: the deck rows (int8 array (games, 52), penalty values, see
        :func:`catcards.batch.big_cat.deal_batch`) and a DataFrame with one row per deal:
        ``cards_played``, ``tricks``, ``winner`` (-1: cycles), ``terminated``, ``engine``.
    """
    game = _game(game, params)
    rows = deal_batch(game, games, np.random.default_rng(seed))
    return rows, pd.DataFrame(play_batch(game, rows))


def length_summary(results: pd.DataFrame) -> dict[str, float]:
    """Game length (cards played) of the terminating games: ``games``, ``mean``, ``median``,
    ``p90``, ``p99``, ``max``, ``mean_tricks``, and ``cycles`` (non-terminating deals)."""
    done = results[results["terminated"]]
    cards = done["cards_played"].to_numpy()
    return {
        "games": int(len(results)),
        "mean": float(cards.mean()),
        "median": float(np.median(cards)),
        "p90": float(np.percentile(cards, 90)),
        "p99": float(np.percentile(cards, 99)),
        "max": int(cards.max()),
        "mean_tricks": float(done["tricks"].mean()),
        "cycles": int((~results["terminated"]).sum()),
    }


def seat_win_rates(results: pd.DataFrame, players: int, confidence: float = 0.95) -> pd.DataFrame:
    """Win rate of each seat among the terminating games, with a Wilson interval
    (:func:`catcards.probability.wilson_interval`). Columns: ``seat``, ``wins``, ``games``,
    ``rate``, ``low``, ``high``, ``fair`` (1 / players)."""
    done = results[results["terminated"]]
    n = len(done)
    rows = []
    for s in range(players):
        wins = int((done["winner"] == s).sum())
        low, high = wilson_interval(wins, n, confidence)
        rows.append({"seat": s, "wins": wins, "games": n, "rate": wins / n, "low": low, "high": high,
                     "fair": 1 / players})
    return pd.DataFrame(rows)


def compare_tables(
    tables: Mapping[str, BigCat | Mapping[str, Any]], games: int, seed: int = 0
) -> pd.DataFrame:
    """The same number of random deals under several games (e.g. the Lion at 5 against the Lion
    at 4, which is classic Beggar-my-neighbour); one row per label with :func:`length_summary`
    and the first player's win rate (``first_wins``, ``first_low``, ``first_high``)."""
    rows = []
    for label, spec in tables.items():
        game = spec if isinstance(spec, BigCat) else load("big-cat", **spec)
        _, res = simulate_deals(game, games, seed)
        first = seat_win_rates(res, game.players).iloc[game.first_player]
        rows.append({"table": label, **length_summary(res), "first_wins": first["rate"],
                     "first_low": first["low"], "first_high": first["high"]})
    return pd.DataFrame(rows).set_index("table")


def rewards_in_first_stack_exact(game: BigCat | str = "big-cat", name: str = "Lion") -> dict[int, Fraction]:
    """Exact chance that the first player's stack holds ``k`` cards called ``name`` (a random
    deal of the whole deck): hypergeometric, population 52, 4 such cards, the first player's stack
    size drawn (26 with 2 players, 18 with 3, 13 with 4). Returns ``{k: Fraction}``.

    Raises:
        GameParameterError: ``name`` is not a penalty card of the game's deck.
    """
    game = _game(game)
    if name not in PENALTY_LETTERS[game.deck]:
        raise GameParameterError(
            f"{name!r} is not a penalty card of the {game.deck} deck; choose from "
            f"{', '.join(PENALTY_LETTERS[game.deck])}"
        )
    n = game.players
    size = len(range(0, 52, n))
    return {k: hypergeom_pmf(k, 52, 4, size) for k in range(0, 5)}


def wins_by_rewards(game: BigCat | str, rows: np.ndarray, results: pd.DataFrame, value: int | None = None) -> pd.DataFrame:
    """For each number ``k`` of cards of penalty ``value`` (default: the largest) in the first
    player's stack: deals, their share, the exact chance (:func:`rewards_in_first_stack_exact`
    when there are 4 such cards), and the first player's win rate with a Wilson interval."""
    game = _game(game)
    if value is None:
        value = max(game.penalties.values())
    n, f = game.players, game.first_player
    first = rows[:, 0::n]  # card k goes to seat (f + k) % n: the first player's stack
    counts = (first == value).sum(axis=1)
    copies = int((rows[0] == value).sum())
    exact = None
    if copies == 4:
        exact = {k: hypergeom_pmf(k, rows.shape[1], 4, first.shape[1]) for k in range(5)}
    out = []
    won = (results["winner"].to_numpy() == f)
    for k in range(copies + 1):
        sel = counts == k
        deals = int(sel.sum())
        wins = int(won[sel].sum())
        low, high = wilson_interval(wins, deals) if deals else (float("nan"), float("nan"))
        out.append({"k": k, "deals": deals, "share": deals / len(rows),
                    "exact": float(exact[k]) if exact else float("nan"),
                    "first_win_rate": wins / deals if deals else float("nan"), "low": low, "high": high})
    return pd.DataFrame(out)


def longest_deal(game: BigCat | str, rows: np.ndarray, results: pd.DataFrame) -> dict[str, Any]:
    """The terminating deal with the most cards played: ``index``, ``cards_played``, ``tricks``,
    ``winner`` and ``stacks`` (deal strings, top first, ready for ``game.new_game(deals=...)``)."""
    game = _game(game)
    cards = np.where(results["terminated"].to_numpy(), results["cards_played"].to_numpy(), -1)
    i = int(cards.argmax())
    r = results.iloc[i]
    return {"index": i, "cards_played": int(r["cards_played"]), "tricks": int(r["tricks"]),
            "winner": int(r["winner"]), "stacks": stack_strings(game, rows[i])}


def stack_history(game: BigCat | str, stacks: Sequence[str]) -> pd.DataFrame:
    """Replay a deal with the one-game engine, card by card. One row per action: ``action``
    (1, 2, ...), ``cards_played``, ``tricks``, ``pile`` (cards in the centre) and ``stack_<seat>``
    (cards in each stack), starting with the deal (action 0)."""
    game = _game(game)
    state = game.new_game(0, deals=list(stacks))
    n = game.players

    def row(k):
        return {"action": k, "cards_played": state.cards_played, "tricks": state.tricks,
                "pile": len(state.pile), **{f"stack_{s}": len(state.stacks[s]) for s in range(n)}}

    out = [row(0)]
    # Big Cat has no decisions (one legal action each turn), so the random player never draws
    play_game(state, [RandomAgent()] * n, agent_rngs(0, 0, n), after=lambda *_: out.append(row(len(out))))
    return pd.DataFrame(out)


def deal_cards(game: BigCat | str, stacks: Sequence[str]):
    """The cards of a deal given as strings (:func:`catcards.games.big_cat.parse_deal_strings`):
    one list of :class:`~catcards.cards.Card` per seat, top first, for drawing a deal."""
    game = _game(game)
    return parse_deal_strings(list(stacks), game.deck)


def all_deals(deck: str, game: BigCat | str = "big-cat") -> np.ndarray:
    """Every distinct arrangement of a small deck given as a deal string (``"LTWJ--------"``: the
    cards, in any order), as deck rows of penalty values (int8 array (arrangements, cards)).

    A fair shuffle of the physical cards makes every arrangement of the penalty values equally
    likely (each comes from the same number of orders of the cards), so averages over these rows
    are exact probabilities. There are ``n! / (n_1! n_2! ...)`` rows: keep the deck small.

    Raises:
        GameParameterError: a letter that is not "-" or a penalty letter of the game, or more
            than 1,000,000 arrangements.
    """
    from itertools import combinations
    from math import factorial

    game = _game(game)
    values = {"-": 0, **game.penalties}
    letters = [c if c == "-" else c.upper() for c in deck]
    bad = sorted({c for c in letters if c not in values})
    if bad:
        raise GameParameterError(f"{bad} are not cards: use '-' or {', '.join(game.penalties)}")
    groups: dict[int, int] = {}
    for c in letters:
        groups[values[c]] = groups.get(values[c], 0) + 1
    n = len(letters)
    count = factorial(n)
    for k in groups.values():
        count //= factorial(k)
    if count > 1_000_000:
        raise GameParameterError(f"{deck!r} has {count:,} arrangements; at most 1,000,000 are played")
    order = sorted((v for v in groups if v), reverse=True)
    rows = []

    def place(i: int, row: list[int], free: tuple[int, ...]) -> None:
        if i == len(order):
            rows.append(list(row))
            return
        v = order[i]
        for spots in combinations(free, groups[v]):
            for s in spots:
                row[s] = v
            place(i + 1, row, tuple(f for f in free if f not in spots))
            for s in spots:
                row[s] = 0

    place(0, [0] * n, tuple(range(n)))
    return np.array(rows, dtype=np.int8)


def exact_small_deck(deck: str, game: BigCat | str = "big-cat") -> dict[str, Any]:
    """Play every arrangement of a small deck (:func:`all_deals`) and return exact answers:
    ``deals`` (arrangements), ``win`` (per seat, Fraction: chance that seat wins), ``cycles``
    (Fraction: chance the deal never ends), ``mean_cards`` (Fraction: mean cards played over the
    deals that end) and ``results`` (DataFrame, one row per arrangement)."""
    game = _game(game)
    rows = all_deals(deck, game)
    res = pd.DataFrame(play_batch(game, rows))
    n = len(res)
    done = res[res["terminated"]]
    return {
        "deals": n,
        "win": [Fraction(int((res["winner"] == s).sum()), n) for s in range(game.players)],
        "cycles": Fraction(int((~res["terminated"]).sum()), n),
        "mean_cards": Fraction(int(done["cards_played"].sum()), len(done)) if len(done) else None,
        "results": res,
    }


#: deals per task of :func:`search_longest` (enough to keep numpy busy, small enough to spread)
SEARCH_BATCH = 50_000
#: most deals one :func:`search_longest` call scans (about 3 core-hours at 100,000 deals/s)
MAX_SEARCH_DEALS = 10**9


def _scan(params: dict[str, Any], deals: int, seed: np.random.SeedSequence) -> dict[str, Any]:
    """One task of :func:`search_longest`: deal ``deals`` random deals from ``seed``, play them
    with the batch path and return the longest terminating one (a small dict, cheap to send back
    from another process or machine)."""
    game = BigCat(**params)
    rows = deal_batch(game, deals, np.random.default_rng(seed))
    res = play_batch(game, rows)
    cards = np.where(res["terminated"], res["cards_played"], -1)
    i = int(cards.argmax())  # the first of the longest, so the result does not depend on timing
    return {"deals": deals, "cycles": int((~res["terminated"]).sum()), "index": i,
            "cards_played": int(res["cards_played"][i]), "tricks": int(res["tricks"][i]),
            "winner": int(res["winner"][i]), "stacks": stack_strings(game, rows[i]),
            "terminated": bool(res["terminated"][i])}


def search_longest(
    deals: int,
    seed: int = 0,
    executor: Executor | None = None,
    game: BigCat | str = "big-cat",
    batch: int = SEARCH_BATCH,
    **params: Any,
) -> dict[str, Any]:
    """Scan ``deals`` random deals for the longest terminating game, in numpy batches that run on
    any :class:`concurrent.futures.Executor` (a ``ProcessPoolExecutor``, or a Dask cluster's
    ``client.get_executor()``), so a search can outgrow one machine.

    The search of the published Beggar-my-neighbour records: by default the classic preset
    (``deck="classic"``, 2 players; pass other parameters to search another table). Batch ``k``
    deals from the ``k``-th child of ``numpy.random.SeedSequence(seed).spawn(...)``, so the same
    ``seed``, ``deals`` and ``batch`` give the same result on any executor and any number of workers
    (ties go to the earliest batch and deal).

    Args:
        deals: random deals to scan, 1 to :data:`MAX_SEARCH_DEALS`.
        seed: non-negative whole number.
        executor: runs the batches (``submit``); None runs them one after another here.
        game, **params: the game (default ``"big-cat"`` with ``deck="classic"``, ``players=2``).
        batch: deals per task (1 to 1,000,000).

    Returns:
        dict: ``deals`` scanned, ``cycles`` (non-terminating deals met), ``cards_played``,
        ``tricks``, ``winner`` of the longest terminating deal, its ``stacks`` (deal strings, top
        first: ``game.new_game(0, deals=stacks)`` replays it in the one-game engine to the same
        length), ``batch_index`` and ``index`` (where it was found) and ``params`` (the game's).

    Raises:
        GameParameterError: bad counts, seed or executor, or game parameters (before any work).
    """
    if isinstance(game, str) and not params:
        params = {"deck": "classic", "players": 2}
    game = _game(game, params)
    if not is_whole(deals) or not 1 <= deals <= MAX_SEARCH_DEALS:
        raise GameParameterError(f"deals must be a whole number from 1 to {MAX_SEARCH_DEALS:,}, not {deals!r}")
    if not is_whole(batch) or not 1 <= batch <= 1_000_000:
        raise GameParameterError(f"batch must be a whole number from 1 to 1,000,000, not {batch!r}")
    if not is_whole(seed) or seed < 0:
        raise GameParameterError(f"seed must be a non-negative whole number, not {seed!r}")
    if executor is not None and not is_executor(executor):
        raise GameParameterError(f"executor must be a concurrent.futures Executor (such as "
                                 f"ThreadPoolExecutor()) or None, not {executor!r}")
    deals, batch = int(deals), int(batch)
    sizes = [batch] * (deals // batch) + ([deals % batch] if deals % batch else [])
    seeds = np.random.SeedSequence(int(seed)).spawn(len(sizes))
    if executor is None:
        found = [_scan(game.params, n, s) for n, s in zip(sizes, seeds)]
    else:
        futures = [submit_task(executor, _scan, game.params, n, s) for n, s in zip(sizes, seeds)]
        found = [future_result(f) for f in futures]  # Ctrl+C seen at once
    best_k = max(range(len(found)), key=lambda k: (found[k]["cards_played"] if found[k]["terminated"] else -1, -k))
    best = found[best_k]
    if not best["terminated"]:  # every deal scanned cycles: no longest terminating game
        best = {**best, "cards_played": None, "tricks": None, "winner": None, "stacks": None}
    return {"deals": deals, "cycles": sum(f["cycles"] for f in found),
            "cards_played": best["cards_played"], "tricks": best["tricks"], "winner": best["winner"],
            "stacks": best["stacks"], "batch_index": best_k, "index": best["index"],
            "params": game.params}
