"""catcards.odds to a precision (issue 30): the same table however the rollouts are split, for
every game and strategy; a seat's rows are its own actions; exact values equal a brute-force
enumeration on small end positions; the adaptive allocation stops clearly worse rows and gives
each row the numbers of its own rollouts; the round horizon."""
from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import numpy as np

import pytest
from pandas.testing import assert_frame_equal

import catcards
from catcards.agents import Agent, strategies
from catcards.agents.pairs import MemoryAgent
from catcards.core import GameParameterError
from catcards.explore.hidden import prepare
from catcards.explore.odds import CHECK, MIN_PAIRED, NEAR, own_actions, rollout_results
from catcards.probability import z_value

GAMES = catcards.list_games()


def seat_zero_to_act(name: str, seed: int = 3, **params):
    """The first position of a seeded game where seat 0 is to act with a choice (else its first
    turn), played by taking the first legal action."""
    state = catcards.load(name, **params).new_game(seed)
    while not state.is_over:
        if state.current_player == 0 and (len(own_actions(state, 0)) > 1 or name == "big-cat"):
            return state  # (in The Big Cat Game every move is forced)
        state.apply(state.legal_actions()[-1 if name == "pairs" else 0])
    raise AssertionError(f"{name}: seat 0 never had a choice")


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(max_workers=2) as executor:
        yield executor


#: small games where a rollout is long: the table's equality does not need the full size
SMALL = {"pairs": {"players": 2, "copies": 2, "numbers": 5}, "cat-days": {}, "king-of-the-jungle": {"players": 3}}


@pytest.mark.parametrize("name", GAMES)
def test_odds_are_the_same_for_any_chunk_size_and_a_process_pool_for_every_strategy(name, pool):
    """Every strategy: two rollouts in one chunk, in chunks of one, and over a process pool
    (spawned workers unpickling the position) give the same table (the round horizon where a game
    has one, to keep the play-outs short: it is the same code path)."""
    from catcards.explore.odds import short_horizon

    state = seat_zero_to_act(name, **SMALL.get(name, {}))
    horizon = short_horizon(name) or "game"
    for strategy in strategies(name):
        if strategy == "rollout":
            continue  # a rollout's players cannot play by rollouts themselves
        kw = dict(rollouts=2, seed=7, agents=strategy, progress=False, horizon=horizon)
        default = catcards.odds(state, 0, **kw)
        assert_frame_equal(default, catcards.odds(state, 0, chunk_size=1, **kw))
        assert_frame_equal(default, catcards.odds(state, 0, executor=pool, chunk_size=1, **kw))
        assert list(default["rollouts"]) == [2] * len(default)


class Counting(Agent):
    """A player with a memory: it plays its k-th choice's ``k mod len(legal)``-th action, so
    what it plays depends on every choice it made before (in this play-out, if fresh)."""

    name = "counting"
    reads_observation = False

    def __init__(self):
        self.calls = 0

    def choose(self, observation, legal, rng):
        self.calls += 1
        return legal[self.calls % len(legal)]


def test_an_agents_memory_belongs_to_one_play_out():
    """Issue 30's Pairs example: the memory agent was built once per chunk and kept its memory
    across rollouts, so the table depended on the split. Every play-out starts with fresh agents
    now: with a counting player the table is the same for one chunk of 12, chunks of 1 and 5,
    and equals the sum of single-rollout calls."""
    state = catcards.load("pairs", players=2, copies=2, numbers=5).new_game(0)
    for position in (0, 1, 2, 3):
        state.apply(state.action_from_string(f"turn over card {position}"))
    agents = [Counting(), Counting()]
    rows = own_actions(state, 1)
    whole = rollout_results(state, 1, 0, 12, 1, agents, False, rows)
    singles = [rollout_results(state, 1, i, i + 1, 1, agents, False, rows)[0] for i in range(12)]
    assert whole == singles
    kw = dict(rollouts=12, seed=1, agents=agents, progress=False)
    table = catcards.odds(state, 1, **kw)
    assert_frame_equal(table, catcards.odds(state, 1, chunk_size=1, **kw))
    assert list(table["wins"]) == [sum(r[j][0] for r in singles) for j in range(len(rows))]
    assert agents[0].calls == agents[1].calls == 0  # the given agents are copied, never played


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_rows_are_its_own_actions(name):
    state = seat_zero_to_act(name)
    rows = own_actions(state, 0)
    for text in rows:
        action = state.action_from_string(text)
        assert getattr(action, "seat", 0) == 0, text
    table = catcards.odds(state, 0, rollouts=1, progress=False)
    assert list(table["action"]) == rows


def test_snap_at_seat_0s_turn_has_no_row_for_seat_1s_snap():
    state = catcards.load("snap").new_game(3)
    assert "snap by seat 1" in [str(a) for a in state.legal_actions()]
    assert own_actions(state, 0) == ["turn", "snap by seat 0"]
    assert own_actions(state, 1) == [None]  # seat 1 is not to turn: one row for the position


# ---- exact values against brute force ------------------------------------------------------------
def end_position(name: str, seed: int, back: int, counter: str | None = None, **params):
    """A position ``back`` actions before the end of a seeded game played by "sensible" agents
    (or, with ``counter``, before the state's round ``counter`` first moves on)."""
    from catcards.explore.odds import _agents

    game = catcards.load(name, **params)
    agents = _agents(game, "sensible")
    state = game.new_game(seed)
    rng = np.random.default_rng(seed)
    states = []
    first = getattr(state, counter) if counter else None
    while not state.is_over and (counter is None or getattr(state, counter) == first):
        states.append(state.clone())
        seat, legal = state.current_player, state.legal_actions()
        state.apply(agents[seat].choose(state.observation(seat), legal, rng) if len(legal) > 1 else legal[0])
    return states[-back]


def brute_force(state, seat, horizon="game"):
    """Per row, the chance that ``seat`` wins when every seat plays uniformly at random, by brute
    force: every distinct world the seat cannot tell apart (found by drawing the sampler many
    times: each is equally likely, and there are few), then the game tree walked to the end
    with every legal action equally likely. Returns (the chances as Fractions, the worlds)."""
    info = prepare(state, seat)
    worlds = {}
    rng = np.random.default_rng(0)
    for _ in range(300):
        w = info.sample(rng)
        worlds.setdefault(json.dumps({k: [str(c) for c in v] for k, v in w.zones().items()}, sort_keys=True), w)

    counter = {"king-of-the-jungle": "hand_no", "pairs": "turns"}.get(state.game.name, "round")

    def value(s, start):
        if s.is_over or (horizon != "game" and getattr(s, counter) != start):
            if horizon == "game":
                return Fraction(int(seat in s.outcome.winners))
            if counter == "hand_no":  # King of the Jungle: the bid made
                r = s.hand_results[-1]
                return Fraction(int(r["bids"][seat] == r["won"][seat]))
            if counter == "turns":  # Pairs: a pair made by the seat with this turn's two cards
                return Fraction(int(s.last_turn["seat"] == seat and s.last_turn["match"]))
            return Fraction(int(seat not in s.round_results[-1]["simon"]))  # Simon's Cat
        legal = s.legal_actions()
        total = Fraction(0)
        for action in legal:
            t = s.clone()
            t.apply(t.action_from_string(str(action)))
            total += value(t, start)
        return total / len(legal)

    rows = []
    for text in own_actions(state, seat):
        total = Fraction(0)
        for w in worlds.values():
            s = w.clone()
            start = getattr(s, counter, None)  # before the row's action: it may end the round or turn
            if text is not None:
                s.apply(s.action_from_string(text))
            total += value(s, start)
        rows.append(total / len(worlds))
    return rows, len(worlds)


@pytest.mark.parametrize("name, params, seed, back, horizon, expected", [
    ("king-of-the-jungle", {}, 1, 7, "round", ["2/3"]),  # 6 deals of the unseen cards
    ("king-of-the-jungle", {"players": 3}, 2, 5, "round", ["1", "1"]),
    ("simons-cat", {"players": 3}, 2, 7, "round", ["0", "1/3"]),
    ("simons-cat", {"players": 3}, 2, 8, "round", ["1/6"]),
    ("simons-cat", {"players": 3}, 2, 9, "game", None),
    ("big-cat", {}, 5, 30, "game", None),  # every move forced: the deal decides
    # Pairs, a pair with this turn's two cards: seat 1's second card, card 5 face up; seen cards 0
    # and 2 (a 3 and a 2) do not match it, so its match is one of the 3 never-seen cards
    ("pairs", {"players": 2, "copies": 2, "numbers": 3}, 3, 7, "turn", ["0", "1/3", "0", "1/3", "1/3"]),
    # seat 1's second card, card 0 face up, and a seen card (3 or 5) matches it: that row ends the
    # turn with a pair, certainly; the row ends the turn, so the play-out stops there
    ("pairs", {"players": 2, "copies": 2, "numbers": 3}, 1, 5, "turn", ["0", "0", "1", "0", "0"]),
    # a first card: 4 cards left, any one of them, then one of the other 3 at random: 1/3
    ("pairs", {"players": 2, "copies": 2, "numbers": 3}, 1, 4, "turn", ["1/3", "1/3", "1/3", "1/3"]),
])
def test_exact_odds_equal_brute_force_on_small_end_positions(name, params, seed, back, horizon, expected,
                                                               monkeypatch):
    import catcards.explore.odds as odds_module

    monkeypatch.setattr(odds_module, "EXACT_SECONDS", 60.0)  # a slow machine must not make it inexact
    counter = {"king-of-the-jungle": "hand_no", "simons-cat": "round"}.get(name) if horizon == "round" else None
    state = end_position(name, seed, back, counter, **params)
    seat = state.current_player
    brute, worlds = brute_force(state, seat, horizon)
    if expected is not None:
        assert [str(p) for p in brute] == expected
    table = catcards.odds(state, seat, rollouts=50, precision=0.05, agents="random", horizon=horizon,
                          progress=False)
    assert table["exact"].all()
    assert list(table["win_rate"]) == [float(p) for p in brute]
    assert (table["low"] == table["win_rate"]).all() and (table["high"] == table["win_rate"]).all()
    assert table["reached"].all()


def test_a_continuous_draw_is_never_taken_as_exact(monkeypatch):
    """A forgetting Pairs player draws a uniform number in [0, 1) per remembered card: no
    enumeration, Monte Carlo instead (the perfect player's odds there are exact)."""
    import catcards.explore.odds as odds_module

    monkeypatch.setattr(odds_module, "EXACT_SECONDS", 60.0)  # a slow machine must not make it inexact
    state = end_position("pairs", 3, 6, players=2, copies=2, numbers=5)
    seat = state.current_player
    table = catcards.odds(state, seat, rollouts=20, precision=0.05, agents="forgetful", progress=False)
    assert not table["exact"].any() and (table["rollouts"] <= 20).all()
    assert catcards.odds(state, seat, rollouts=20, precision=0.05, agents="perfect", progress=False)["exact"].all()


# ---- the adaptive allocation ---------------------------------------------------------------------
def test_adaptive_rows_are_their_own_rollouts_and_rows_far_below_the_best_stop_early():
    """Without seconds the adaptive table is reproducible: row j equals rollouts 0..n_j - 1 of
    that action (a fixed-count call); each row stopped because it was precise (+-precision), at
    the cap, or at a look (a multiple of CHECK, at least MIN_PAIRED rollouts) where it was clearly
    more than NEAR below the best row: rollout by rollout, the mean of (won here - won there)
    plus z standard errors below -NEAR, z for 95% over all the table's comparisons (13 rows
    against the best at the 22 looks, 32 to 368 rollouts, where a row may still be short of
    +-0.05: at 384 every row is precise). Rows near the best all get the precision. King of the Jungle's
    bids, this hand: most bids are hopeless with this hand, and stop after 32 rollouts."""
    state = seat_zero_to_act("king-of-the-jungle", players=4, seed=2)
    kw = dict(seed=4, precision=0.05, rollouts=400, progress=False, exact=False, horizon="round")
    table = catcards.odds(state, 0, **kw)
    assert_frame_equal(table, catcards.odds(state, 0, chunk_size=1, **kw))
    won = {}  # per row, each of its rollouts won or not
    for j, row in table.iterrows():
        n = int(row["rollouts"])
        won[j] = [r[0][0] for r in rollout_results(state, 0, 0, n, 4, ["sensible"] * 4, False, [row["action"]],
                                                   "round")]
        assert sum(won[j]) == row["wins"]
        assert row["reached"] == (row["half_width"] <= 0.05)
        assert row["stopped"] == ("precise" if row["reached"] else "cap" if n == 400 else "far below")
    far = table[table["stopped"] == "far below"]
    z = z_value(1 - 0.05 / ((len(table) - 1) * 22))
    assert round(z, 2) == 3.75
    for j, row in far.iterrows():
        n = int(row["rollouts"])
        assert n % CHECK == 0 and n >= MIN_PAIRED
        # the look at n rollouts: every row's first n (or all it has); the best by win rate
        counts = {k: (sum(w[:n]), min(n, len(w))) for k, w in won.items()}
        top = max(counts, key=lambda k: (counts[k][0] / counts[k][1], -k))
        d = [int(a) - int(b) for a, b in zip(won[j][:n], won[top][:n])]
        mean = sum(d) / len(d)
        se = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
        assert mean + z * se < -NEAR
    assert len(far) == 13
    best = table["win_rate"].max()
    assert table[table["win_rate"] >= best - NEAR]["reached"].all()


def test_rows_are_tested_far_below_only_at_looks_short_of_the_precision():
    """The far-below z counts the looks where a row may still be stopped so: from MIN_PAIRED
    rollouts, every CHECK, before the cap and before n/2 wins of n (the widest 95% Wilson
    interval) are within +-precision: 32 .. 368 rollouts for +-0.05 (22 looks; at 368 a row at
    1/2 is still short of it, at 384 every row is precise), 32 .. 80 for +-0.1."""
    from catcards.explore.odds import far_looks
    from catcards.probability import wilson_interval

    assert (far_looks(2000, 0.05), far_looks(400, 0.05), far_looks(2000, 0.1), far_looks(200, None)) == (22, 22, 4, 11)
    assert far_looks(100, 0.05) == 5 and far_looks(16, 0.05) == 1  # the cap first; at least one look
    half = {n: (wilson_interval(n // 2, n).high - wilson_interval(n // 2, n).low) / 2 for n in (368, 384)}
    assert half[368] > 0.05 >= half[384]
    assert MIN_PAIRED + 21 * CHECK == 368


def test_seconds_stop_the_rollouts_once_every_row_has_a_value(monkeypatch):
    """A short budget in a slow game (King of the Jungle's bidding, 14 rows, a play-out of some
    2,800 actions): every row gets one rollout, then the time stops them all, far below the cap
    and the precision (a budget, not a timed goal: the clock here reads no time at all after the
    first look, so the run stops as soon as every row has a value). A piece of rollouts is sized
    by the real clock to about PIECE_SECONDS; set to nothing here, it holds one play-out, so the
    count does not depend on the machine's speed (at 0.05 s a fast machine gave the last row of
    the first look 14 rollouts: ci54b)."""
    import catcards.explore.odds as odds_module

    state = seat_zero_to_act("king-of-the-jungle", players=3)
    ticks = iter(range(10**6))
    monkeypatch.setattr(odds_module, "PIECE_SECONDS", 1e-12)
    odds_module.use_clock(lambda: 100.0 * next(ticks))  # every reading 100 s later than the last
    try:
        table = catcards.odds(state, 0, seconds=1, progress=False)
    finally:
        odds_module.use_clock(__import__("time").perf_counter)
    assert len(table) == 14 and (table["rollouts"] == 1).all()
    assert not table["reached"].any() and not table["exact"].any()
    assert (table["stopped"] == "time").all()


@pytest.mark.parametrize("bad", [
    dict(precision=0), dict(precision=0.9), dict(precision="0.05"), dict(seconds=0), dict(seconds=-1),
    dict(seconds=1e9), dict(horizon="trick"), dict(rollouts=0),
])
def test_bad_precision_time_or_horizon_is_refused(bad):
    state = seat_zero_to_act("simons-cat")
    with pytest.raises(GameParameterError):
        catcards.odds(state, 0, progress=False, **bad)


def test_a_game_without_rounds_has_no_round_horizon():
    with pytest.raises(GameParameterError, match="no round horizon"):
        catcards.odds(catcards.load("snap").new_game(1), 0, horizon="round", progress=False)


@pytest.mark.parametrize("name", ["king-of-the-jungle", "cat-trick"])
def test_play_outs_that_read_views_give_the_rollouts_of_play_outs_that_read_observations(name, monkeypatch):
    """The trick games' agents read the lazy state.view(seat) in a play-out (they declare
    takes_view); with it turned off they read observation(seat). The rollouts are the same, at
    both horizons (the round is the horizon the tables' panel asks about in these games)."""
    from catcards.explore.odds import panel_horizon

    state = seat_zero_to_act(name)
    rows = own_actions(state, 0)
    agents = ["sensible"] * state.game.players
    assert panel_horizon(name) == "round"
    fast = {h: rollout_results(state, 0, 0, 6, 2, agents, False, rows, h) for h in ("round", "game")}
    agent_class = type(catcards.agents.make_agent(name, "sensible"))
    monkeypatch.setattr(agent_class, "takes_view", False)
    assert fast == {h: rollout_results(state, 0, 0, 6, 2, agents, False, rows, h) for h in ("round", "game")}


# ---- rows alike (Pairs: any card never seen) -------------------------------------------------------
def test_pairs_rows_of_cards_never_seen_share_one_set_of_rollouts():
    """Turning over any card never seen is one choice for the seat: those rows show the numbers
    of the first of them (its own rollouts), a seen card's row its own; with ``peek`` (the true
    cards) or a player that may tell positions apart (Counting) every row is its own."""
    state = catcards.load("pairs", players=2, copies=2, numbers=5).new_game(2)
    for text in ("turn over card 0", "turn over card 1"):
        state.apply(state.action_from_string(text))
    seat = state.current_player
    rows = own_actions(state, seat)
    assert rows == [f"turn over card {p}" for p in range(10)]
    table = catcards.odds(state, seat, rollouts=24, seed=5, agents="forgetful", progress=False)
    own = {text: rollout_results(state, seat, 0, 24, 5, ["forgetful"] * 2, False, [text]) for text in rows[:3]}
    never = table.iloc[2:]
    assert (never["wins"] == never["wins"].iloc[0]).all() and (never["rollouts"] == 24).all()
    for j, text in enumerate(rows[:3]):  # cards 0 and 1 (seen) and 2 (the first never seen)
        assert table["wins"].iloc[j] == sum(r[0][0] for r in own[text]), text
    peeked = catcards.odds(state, seat, rollouts=24, seed=5, agents="forgetful", peek=True, progress=False)
    assert peeked["wins"].iloc[2:].nunique() > 1
    counted = catcards.odds(state, seat, rollouts=12, seed=5, agents=[Counting(), Counting()], progress=False)
    singles = rollout_results(state, seat, 0, 12, 5, [Counting(), Counting()], False, rows)
    assert list(counted["wins"]) == [sum(r[j][0] for r in singles) for j in range(len(rows))]


def test_pairs_cards_never_seen_have_equal_exact_odds():
    """The symmetry the shared rows rest on, checked exactly where it can be enumerated: on a
    6-card board the perfect player's exact chances are the same for every card never seen
    (rows computed one by one, not shared: exact_rows enumerates each action)."""
    from catcards.explore.odds import exact_rows

    state = catcards.load("pairs", players=2, copies=2, numbers=3).new_game(0)
    for text in ("turn over card 0", "turn over card 1"):
        state.apply(state.action_from_string(text))
    seat = state.current_player
    rows = own_actions(state, seat)
    exact = exact_rows(state, seat, ["perfect"] * 2, False, rows, limit=100_000, seconds=600)
    assert [str(r["p"]) for r in exact] == ["1/4", "1/4", "1/2", "1/2", "1/2", "1/2"]


def test_pairs_turn_horizon_is_asked_by_the_seat_to_act(monkeypatch):
    """A pair with this turn's two cards is a question of the seat whose turn it is: another seat's
    row would always be 0 (its turn is not played out), so it is refused with what to ask instead."""
    import catcards.explore.odds as odds_module

    monkeypatch.setattr(odds_module, "EXACT_SECONDS", 60.0)  # a slow machine must not make it inexact
    state = catcards.load("pairs", players=2, copies=2, numbers=2).new_game(1)
    assert state.current_player == 0
    with pytest.raises(GameParameterError, match="ask for seat 0, or use horizon='game'"):
        catcards.odds(state, 1, horizon="turn", rollouts=4, progress=False)
    # nothing seen yet: any first card, then one of the other 3 at random (the "random" players)
    table = catcards.odds(state, 0, horizon="turn", rollouts=20, precision=0.05, agents="random", progress=False)
    assert table["exact"].all() and list(table["win_rate"]) == [1 / 3] * 4


class _PerfectUncounted(MemoryAgent):
    """The perfect-memory player under another class: Pairs' count (turn_exact) does not take it,
    so exact_rows enumerates every draw of its play-outs instead."""


@pytest.mark.parametrize("copies, numbers, seed", [(2, 3, 1), (3, 2, 2), (4, 2, 3), (2, 4, 4), (3, 3, 5)])
def test_pairs_turn_count_equals_the_enumeration_of_every_play_out(copies, numbers, seed, monkeypatch):
    """Pairs' exact chance of a pair this turn, counted (:func:`catcards.explore.pairs.turn_exact`:
    the seat remembers every card shown), equals the enumeration of every layout of the unseen
    cards and every random choice of the same player, at every position of a seeded game where
    the seat to act has a choice and at most 6 cards were never seen, first cards and second cards."""
    import catcards.explore.odds as odds_module
    from catcards.explore.odds import exact_rows, own_actions

    monkeypatch.setattr(odds_module, "EXACT_SECONDS", 60.0)
    game = catcards.load("pairs", players=2, copies=copies, numbers=numbers)
    state = game.new_game(seed)
    rng = np.random.default_rng(seed)
    forgetful = catcards.agents.make_agent("pairs", "forgetful")
    checked = 0
    while not state.is_over:
        seat = state.current_player
        actions = own_actions(state, seat)
        if len(actions) > 1 and len(prepare(state, seat).slots) <= 6:  # at most 6! layouts to enumerate
            agents = [MemoryAgent(0.0) if k == seat else "forgetful" for k in range(2)]
            counted = exact_rows(state, seat, agents, False, actions, "turn")
            plain = [_PerfectUncounted(0.0) if k == seat else "forgetful" for k in range(2)]
            enumerated = exact_rows(state, seat, plain, False, actions, "turn", limit=200_000, seconds=None)
            assert enumerated is not None
            assert [r["p"] for r in counted] == [r["p"] for r in enumerated], state.history
            checked += 1
        legal = state.legal_actions()
        state.apply(forgetful.choose(state.observation(seat), legal, rng))
    assert checked >= 6
