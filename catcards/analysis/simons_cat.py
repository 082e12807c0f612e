"""Probability questions about the Simon's Cat Card Game: exact answers and seeded simulations.

Rules in short (the rulebook ``simons-cat.txt`` (``rules/README.md``), ``rules/simons-cat.md``): the 36 Mischief cards are
shuffled and ``hand_size`` cards dealt to each of ``players`` seats; the other
``r = 36 - players * hand_size`` cards are set aside face up. The holder of the Cat 3 opens, or of
the Cat 4 if the Cat 3 is set aside, and so on. A player who cannot match the last card's colour or
number takes the pile as a *mess*; every player with the most messes in a round takes a Simon card;
after a round in which someone reaches 3 Simon cards those players lose, the others win.

Exact (all :class:`fractions.Fraction`):

- the set-aside pile is a uniformly random ``r``-card subset of the 36, so a given card is set aside
  with chance ``r/36`` and two given cards (Cat 3 and Cat 4) with ``r(r-1)/(36*35)``: the
  hypergeometric chance that all marked cards are drawn (:func:`catcards.probability.all_in_sample`,
  Feller vol. 1, II.6);
- the opening card is the first card of the order Cat 3, Cat 4, ... that is not set aside:
  ``P(opening = j-th card) = P(first j-1 aside) - P(first j aside)``;
- with one card each (``hand_size=1``) a round has no choices, so its messes and ties are counted
  exactly over every deal (:func:`one_card_round`).

Simulated (seeded, through the engine): set-aside frequencies of the engine's own deals, messes per
player per round, how often a round ends in a tie for most messes, and how often a game ends with
every player losing (Wilson interval, "about 1 game in N"). Because every round is a fresh shuffle
and the computer players keep no memory between rounds, rounds are independent and identically
distributed; :func:`all_lose_from_rounds` turns observed round results into the chance that a whole
game ends with everyone losing (a Markov chain on the Simon-card counts), a second estimate
beside the direct count of games. It uses every round, but the chance rests mostly on the rare
rounds where every player ties: from a thousand games (a few dozen such rounds) it can miss the
direct count's interval (the lesson's 5 players: 1.7 times too rare), so it is as precise as
those rounds are many.

Why one module of about 510 lines: it is one lesson's analysis, read in the lesson's order (exact
answers, then simulated deals, simulated play and the all-lose estimate), whose parts are set
beside each other (simulated deals beside the exact chances, the estimate from rounds beside the
count of games).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any, Iterable, Sequence

import numpy as np
import pandas as pd

from ..agents import pick
from ..cards import Card
from ..core import GameParameterError, check_count, is_whole
from ..games.simons_cat import MATCH, MISCHIEF, N_CARDS, SIMON_CARDS_TO_LOSE, SimonsCat
from ..probability import Rate, all_in_sample, check_proportion, rate
from ..simulate import agent_rngs, game_seed, simulate

__all__ = [
    "CAT_3",
    "CAT_4",
    "OPENING_ORDER",
    "set_aside_count",
    "p_set_aside",
    "p_cat3_set_aside",
    "p_cat3_and_cat4_set_aside",
    "opening_distribution",
    "exact_set_aside_table",
    "one_card_round",
    "deal_round_one",
    "set_aside_comparison",
    "record_rounds",
    "play_games",
    "random_games",
    "rounds_table",
    "messes_long",
    "messes_distribution",
    "tie_rate",
    "all_lose_rate",
    "taker_set_frequencies",
    "all_lose_from_rounds",
]

CAT_3 = Card("Cat", 3)
CAT_4 = Card("Cat", 4)
#: the opening order of ``rules/simons-cat.md``: Cat 3, Cat 4, ..., Cat 12, then on through the deck
#: list in rulebook order (the engine's reading when every Cat card is set aside)
OPENING_ORDER: tuple[Card, ...] = MISCHIEF


# ------------------------------------------------------------------------------------------ exact
def _game(players: int, hand_size: int | None) -> SimonsCat:
    """The game with these parameters (raises GameParameterError exactly as the engine does)."""
    return SimonsCat(players=players, hand_size=hand_size)


def set_aside_count(players: int, hand_size: int | None = None) -> int:
    """``r = 36 - players * hand_size``, the cards set aside each round (default hand size
    ``36 // players``).

    Raises: GameParameterError for players outside 2..6 or hand_size outside 1..36 // players.
    Source: rulebook "How to Play" ("deal an equal number ... set any remaining ... out of play").
    """
    return _game(players, hand_size).set_aside


def p_set_aside(cards: int, players: int, hand_size: int | None = None) -> Fraction:
    """Exact chance that ``cards`` given Mischief cards (e.g. the first ``cards`` of the opening
    order) are ALL set aside: ``C(36 - cards, r - cards) / C(36, r)`` with ``r`` from
    :func:`set_aside_count`, i.e. ``r (r-1) ... (r-cards+1) / (36 * 35 * ... )``.

    Raises: GameParameterError for bad players / hand_size; ValueError for ``cards`` outside 0..36.
    Source: hypergeometric, Feller vol. 1, II.6 (:func:`catcards.probability.all_in_sample`).
    """
    return all_in_sample(cards, drawn=set_aside_count(players, hand_size), population=N_CARDS)


def p_cat3_set_aside(players: int, hand_size: int | None = None) -> Fraction:
    """Exact chance the Cat 3 is among the set-aside cards: ``r / 36``.

    >>> p_cat3_set_aside(5)          # 5 x 7 = 35 dealt, 1 set aside
    Fraction(1, 36)
    >>> p_cat3_set_aside(4, hand_size=5)
    Fraction(4, 9)
    """
    return p_set_aside(1, players, hand_size)


def p_cat3_and_cat4_set_aside(players: int, hand_size: int | None = None) -> Fraction:
    """Exact chance that both the Cat 3 and the Cat 4 are set aside: ``r (r-1) / (36 * 35)``
    (so the Cat 5 or later opens).

    >>> p_cat3_and_cat4_set_aside(4, hand_size=5)   # r = 16: 16 * 15 / (36 * 35)
    Fraction(4, 21)
    """
    return p_set_aside(2, players, hand_size)


def opening_distribution(players: int, hand_size: int | None = None) -> dict[Card, Fraction]:
    """Exact distribution of the card that opens a round: ``{card: probability}`` over
    :data:`OPENING_ORDER`, zero-probability cards left out; the values sum to exactly 1.

    ``P(j-th card opens) = P(first j-1 cards all aside) - P(first j cards all aside)``: the set-aside
    pile is a uniform random ``r``-subset, so the first ``j`` cards are all aside with chance
    ``all_in_sample(j, r, 36)``.

    Raises: GameParameterError for bad players / hand_size.
    Source: rulebook "How to Play" (Cat 3, else Cat 4, ...); hypergeometric, Feller vol. 1, II.6.

    >>> {str(card): p for card, p in opening_distribution(5).items()}
    {'Cat 3': Fraction(35, 36), 'Cat 4': Fraction(1, 36)}
    """
    r = set_aside_count(players, hand_size)
    dist: dict[Card, Fraction] = {}
    for j, card in enumerate(OPENING_ORDER):
        p = all_in_sample(j, r, N_CARDS) - all_in_sample(j + 1, r, N_CARDS)
        if p:
            dist[card] = p
    return dist


def exact_set_aside_table(players: Iterable[int] = (3, 4, 5, 6)) -> pd.DataFrame:
    """Exact set-aside chances for every player count in ``players`` and every hand size.

    Returns: one row per (players, hand_size) with columns ``players``, ``hand_size``,
    ``set_aside`` (r), ``p_cat3`` and ``p_cat3_cat4`` (Fractions), ``p_cat3_float``,
    ``p_cat3_cat4_float`` (floats, for plots), and ``default`` (True for hand_size = 36 // players).
    Raises: GameParameterError for a player count outside 2..6.
    """
    rows = []
    for n in players:
        top = _game(n, None).hand_size
        for h in range(1, top + 1):
            p3, p34 = p_cat3_set_aside(n, h), p_cat3_and_cat4_set_aside(n, h)
            rows.append(
                {
                    "players": n,
                    "hand_size": h,
                    "set_aside": set_aside_count(n, h),
                    "p_cat3": p3,
                    "p_cat3_cat4": p34,
                    "p_cat3_float": float(p3),
                    "p_cat3_cat4_float": float(p34),
                    "default": h == top,
                }
            )
    return pd.DataFrame(rows)


def one_card_round(players: int = 3) -> dict[str, Any]:
    """Exact round results when every player is dealt ONE card (``hand_size=1``), by enumeration.

    With one card each nobody has a choice: the holder of the first card of :data:`OPENING_ORDER`
    in play opens, and each later player (clockwise) takes a mess exactly when their card matches
    neither the colour nor the number of the card before it, then plays it. So the round is
    decided by the deal; this enumerates every set of ``players`` cards out of 36 and every order
    of the non-opening cards around the table (all equally likely).

    Args:
        players: 2 to 4 (5 or more would take minutes: 36 choose 5 times 4! orders).
    Returns: ``{"messes": {k: P(k messes taken in the round in total)},
    "tie": P(2 or more players share the most messes), "no_mess": P(nobody takes a mess)}``,
    all Fractions.
    Raises: GameParameterError for players outside 2..4.
    Source: rulebook "How to Play" (matching, taking a mess); ``rules/simons-cat.md`` (opening
    card, round score, ties).
    """

    if isinstance(players, bool) or players not in (2, 3, 4):
        raise GameParameterError(f"one_card_round enumerates 2 to 4 players, not {players!r}")
    # card ids are indices into MISCHIEF, which is also the opening order
    counts: Counter = Counter()
    for cards in combinations(range(N_CARDS), players):
        opener, rest = cards[0], cards[1:]  # combinations are sorted: cards[0] opens
        for order in permutations(rest):
            previous, messes = opener, 0
            for card in order:
                messes += not MATCH[previous][card]
                previous = card
            counts[messes] += 1
    total = sum(counts.values())
    dist = {k: Fraction(counts[k], total) for k in sorted(counts)}
    # each mess is taken by a different player (0 or 1 mess each), so a tie = 2 or more messes
    return {
        "messes": dist,
        "tie": sum((p for k, p in dist.items() if k >= 2), Fraction(0)),
        "no_mess": dist.get(0, Fraction(0)),
    }


# ------------------------------------------------------------------------------ simulated deals
def deal_round_one(
    players: int, hand_size: int | None = None, deals: int = 1000, seed: int = 0
) -> pd.DataFrame:
    """Deal ``deals`` seeded games with the engine and look at round 1 of each (no play needed).

    Game ``i`` uses the state seed :func:`catcards.simulate.game_seed` ``(seed, i)``, the same game
    ``simulate(..., seed=seed)`` would play as its game ``i``.

    Returns: one row per deal with columns ``cat3_aside``, ``cat4_aside``, ``both_aside`` (bools)
    and ``opening`` (the opening card's name, from the one legal action of the first turn).
    Raises: GameParameterError for bad players / hand_size / deals.
    """
    game = _game(players, hand_size)
    check_count(deals, "deals")
    rows = []
    for i in range(deals):
        state = game.new_game(game_seed(seed, i))
        aside = set(state.observation(None)["set_aside"])
        (opening,) = state.legal_actions()
        rows.append(
            {
                "cat3_aside": CAT_3 in aside,
                "cat4_aside": CAT_4 in aside,
                "both_aside": CAT_3 in aside and CAT_4 in aside,
                "opening": str(opening.card),
            }
        )
    return pd.DataFrame(rows)


def set_aside_comparison(
    players: Iterable[int] = (3, 4, 5, 6),
    hand_sizes: Iterable[int] | None = None,
    deals: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Exact beside simulated: the chance the Cat 3 (and the Cat 3 and Cat 4) are set aside.

    Args:
        players: player counts.
        hand_sizes: hand sizes to try (those not allowed for a player count are skipped);
            default every allowed hand size.
        deals: deals per (players, hand_size).
        seed: run seed; each (players, hand_size) gets its own independent run, seeded
            ``SeedSequence([seed, players, hand_size])`` (so that rows with the same number of
            set-aside cards are not the same deals).
        confidence: coverage of the Wilson intervals.

    Returns: one row per (players, hand_size): ``players``, ``hand_size``, ``set_aside``,
    ``exact_cat3`` (Fraction), ``sim_cat3``, ``low_cat3``, ``high_cat3``, ``inside_cat3``, and the
    same four ``..._both`` columns for Cat 3 and Cat 4 together.
    """
    rows = []
    for n in players:
        top = _game(n, None).hand_size
        sizes = range(1, top + 1) if hand_sizes is None else [h for h in hand_sizes if 1 <= h <= top]
        for h in sizes:
            run_seed = int(np.random.SeedSequence([seed, n, h]).generate_state(1)[0])
            sim = deal_round_one(n, h, deals, run_seed)
            row: dict[str, Any] = {"players": n, "hand_size": h, "set_aside": set_aside_count(n, h)}
            for key, exact, column in (
                ("cat3", p_cat3_set_aside(n, h), "cat3_aside"),
                ("both", p_cat3_and_cat4_set_aside(n, h), "both_aside"),
            ):
                check = check_proportion(exact, int(sim[column].sum()), deals, confidence)
                row.update(
                    {
                        f"exact_{key}": exact,
                        f"sim_{key}": check.estimate,
                        f"low_{key}": check.interval.low,
                        f"high_{key}": check.interval.high,
                        f"inside_{key}": check.inside,
                    }
                )
            rows.append(row)
    return pd.DataFrame(rows)


# ------------------------------------------------------------------------------- simulated play
def record_rounds(state) -> dict[str, Any]:
    """``record`` function for :func:`catcards.simulate`: what a finished game says about rounds.

    Returns: ``rounds`` (int), ``messes`` (list per round of the per-seat mess counts, from
    ``state.round_results``), ``simon_takers`` (list per round of the seats that took a Simon card),
    ``all_lose`` (bool: the game ended with no winner).
    """
    return {
        "rounds": len(state.round_results),
        "messes": [list(r["messes"]) for r in state.round_results],
        "simon_takers": [list(r["simon"]) for r in state.round_results],
        "all_lose": len(state.outcome.winners) == 0,
    }


def play_games(
    players: int,
    games: int = 1000,
    seed: int = 0,
    agents: Sequence[str] | str = "random",
    hand_size: int | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """Play seeded games with :func:`catcards.simulate` and :func:`record_rounds`.

    Returns: the simulate DataFrame (``game``, ``winners``, ``score_<seat>`` = Simon cards, ...)
    plus the :func:`record_rounds` columns. Raises: GameParameterError for bad arguments.
    """
    return simulate(
        _game(players, hand_size),
        games=games,
        seed=seed,
        agents=agents,
        record=record_rounds,
        progress=progress,
    )


def random_games(
    players: int,
    games: int = 1000,
    seed: int = 0,
    hand_size: int | None = None,
    start: int = 0,
    progress: bool = False,
) -> pd.DataFrame:
    """The same games as ``play_games(..., agents="random")``, played faster for big runs.

    Every seat chooses uniformly among the legal actions with its own generator, exactly as
    :class:`catcards.agents.RandomAgent` does inside :func:`catcards.simulate` (same seeds:
    :func:`catcards.simulate.game_seed` and :func:`catcards.simulate.agent_rngs`), but without
    building an observation for every turn (a random player never looks). Game ``i`` is identical
    to simulate's game ``i``; ``start`` lets a long run be split into pieces.

    Returns: columns ``game``, ``seed``, ``winners``, ``score_<seat>`` and the
    :func:`record_rounds` columns.
    """
    game = _game(players, hand_size)
    check_count(games, "games")
    if not is_whole(start) or start < 0:
        raise GameParameterError(f"start must be a whole number >= 0 (a game index), not {start!r}")
    indices = range(start, start + games)
    if progress:
        from tqdm.auto import tqdm

        indices = tqdm(indices, desc=game.title, unit="game")
    rows = []
    for i in indices:
        state = game.new_game(game_seed(seed, i))
        rngs = agent_rngs(seed, i, players)
        while (seat := state.current_player) is not None:
            state.apply(pick(rngs[seat], state.legal_actions()))
        row: dict[str, Any] = {"game": i, "seed": state.seed, "winners": state.outcome.winners}
        for s, score in enumerate(state.outcome.scores):
            row[f"score_{s}"] = score
        row.update(record_rounds(state))
        rows.append(row)
    return pd.DataFrame(rows)


def rounds_table(games: pd.DataFrame) -> pd.DataFrame:
    """One row per round of the games in ``games`` (a :func:`play_games` / :func:`random_games`
    frame): ``game``, ``round`` (from 1), ``messes`` (per-seat list), ``most`` (largest count),
    ``tied`` (how many seats share the most), ``tie`` (True when 2 or more seats share the most and
    it is above 0: they all take a Simon card), ``takers`` (seats taking a Simon card).
    """
    rows = []
    for g, messes_list, takers_list in zip(games["game"], games["messes"], games["simon_takers"]):
        for k, (messes, takers) in enumerate(zip(messes_list, takers_list), start=1):
            most = max(messes)
            tied = sum(1 for m in messes if m == most)
            rows.append(
                {
                    "game": g,
                    "round": k,
                    "messes": list(messes),
                    "most": most,
                    "tied": tied,
                    "tie": most > 0 and tied >= 2,
                    "takers": list(takers),
                }
            )
    return pd.DataFrame(rows)


def messes_long(games: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, round, seat): columns ``game``, ``round``, ``seat``, ``messes``."""
    rows = [
        {"game": g, "round": k, "seat": s, "messes": m}
        for g, messes_list in zip(games["game"], games["messes"])
        for k, messes in enumerate(messes_list, start=1)
        for s, m in enumerate(messes)
    ]
    return pd.DataFrame(rows)


def messes_distribution(games: pd.DataFrame) -> pd.Series:
    """Simulated distribution of the number of messes one player takes in one round: a Series
    indexed 0, 1, 2, ... (every value up to the largest seen) of relative frequencies summing to 1.
    """
    counts = Counter(m for messes_list in games["messes"] for messes in messes_list for m in messes)
    top = max(counts)
    total = sum(counts.values())
    return pd.Series(
        [counts.get(k, 0) / total for k in range(top + 1)],
        index=pd.RangeIndex(top + 1, name="messes"),
        name="frequency",
    )


def tie_rate(games: pd.DataFrame, confidence: float = 0.95) -> Rate:
    """How often a round ends in a tie for most messes (see :func:`rounds_table`), as a
    :class:`catcards.probability.Rate` over all rounds of ``games``."""
    table = rounds_table(games)
    return rate(int(table["tie"].sum()), len(table), confidence)


def all_lose_rate(games: pd.DataFrame, confidence: float = 0.95) -> Rate:
    """How often a game ends with every player losing, as a :class:`catcards.probability.Rate`
    (Wilson interval; ``str`` says "about 1 in N")."""
    return rate(int(games["all_lose"].sum()), len(games), confidence)


# ----------------------------------------------------------------- all-lose from round results
def taker_set_frequencies(
    games: pd.DataFrame, players: int, symmetrize: bool = True
) -> dict[frozenset, float]:
    """Relative frequency of each set of Simon-card takers over all rounds of ``games``.

    With ``symmetrize`` (default) each observed set is spread evenly over its rotations around the
    table (seat ``s`` -> ``s + k`` mod ``players``): the deal decides who opens, uniformly at random,
    so turning the table changes nothing, and averaging removes seat noise. (Only rotations: play
    passes left, so two neighbours are not interchangeable with two players across the table.)
    Returns ``{frozenset of seats: frequency}`` summing to 1 (the empty set: no one took a mess).

    Raises: ValueError when ``games`` holds no rounds.
    """
    observed = Counter(frozenset(t) for takers_list in games["simon_takers"] for t in takers_list)
    total = sum(observed.values())
    if total == 0:
        raise ValueError("games holds no rounds")
    shifts = range(players) if symmetrize else range(1)
    counts: Counter = Counter()
    for takers, count in observed.items():
        for k in shifts:
            counts[frozenset((s + k) % players for s in takers)] += count / len(shifts)
    return {k: v / total for k, v in counts.items()}


def all_lose_from_rounds(taker_probs: dict[frozenset, float], players: int) -> float:
    """Chance that a whole game ends with every player losing, given the per-round distribution of
    the set of Simon-card takers (rounds independent and identically distributed).

    A Markov chain on the Simon-card counts (each 0..2 until someone reaches 3): a round adds 1 to
    each taker; rounds with no taker change nothing and are skipped (conditioned away). The game
    ends when some count reaches 3; everyone loses when all counts reach 3 together, which needs
    every count at 2 and a round in which all players tie.

    Args:
        taker_probs: ``{frozenset of seats: probability}`` (e.g. :func:`taker_set_frequencies`).
        players: number of seats.
    Returns: a float in [0, 1].
    Raises: ValueError when no round ever has a taker.
    Source: first-step analysis of an absorbing Markov chain (Feller vol. 1, XV).
    """
    moving = {s: p for s, p in taker_probs.items() if s and p > 0}
    total = sum(moving.values())
    if total <= 0:
        raise ValueError("no round with a Simon card taker: the game never ends")
    steps = [(tuple(1 if i in s else 0 for i in range(players)), p / total) for s, p in moving.items()]
    full = tuple([SIMON_CARDS_TO_LOSE] * players)

    @lru_cache(maxsize=None)
    def value(counts: tuple[int, ...]) -> float:
        result = 0.0
        for add, p in steps:
            after = tuple(c + a for c, a in zip(counts, add))
            if max(after) >= SIMON_CARDS_TO_LOSE:
                result += p * (after == full)
            else:
                result += p * value(after)
        return result

    return value(tuple([0] * players))
