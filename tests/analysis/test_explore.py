"""sample_hidden, odds and the rollout player (issue 15: engine, odds, rollout player).

Each sampler is checked against an oracle that knows nothing of it: candidate deals are
enumerated by brute force and kept when the engine replays the history from them legally and
shows the seat the same observation; samples must then be uniform over exactly those deals.
"""
from __future__ import annotations

import itertools
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import catcards
from catcards.agents import make_agent
from catcards.core import IllegalActionError
from catcards.explore import SamplingError, prepare, supported
from catcards.explore.hidden import Assigner, replay
from catcards.probability import wilson_interval

GAMES = {
    "simons-cat": {"players": 4},
    "king-of-the-jungle": {"players": 3, "max_hands": 2},
    "cat-trick": {"players": 4},
    "pairs": {"players": 2},
    "snap": {"players": 3},
    "big-cat": {"players": 2},
    "cat-days": {},
}


def played_to(game, seed, steps):
    """``game`` after ``steps`` random actions (fewer if it ends), and the actions' generator."""
    state = game.new_game(seed)
    rng = np.random.default_rng(seed)
    agent = make_agent(game.name, "random")
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(agent.choose(None, state.legal_actions(), rng))
    return state


def test_every_game_with_hidden_cards_has_a_sampler():
    assert set(GAMES) <= set(supported())


def test_samplers_are_found_by_the_registry_of_games_strategies_and_tables(monkeypatch):
    from catcards.explore import hidden
    from catcards.explore.card_game import prepare as card_game_prepare
    from catcards.registry import Registry

    assert isinstance(hidden.SAMPLERS, Registry)
    assert (hidden.SAMPLERS.package, hidden.SAMPLERS.group) == ("catcards.explore", "catcards.samplers")
    own = [n for n in catcards.list_games() if catcards.game_class(n).__module__.startswith("catcards.games.")]
    # every game of catcards' own has one (a plugin's game may not), and every sampler is a game's
    assert set(own) <= set(supported()) <= set(catcards.list_games())
    assert hidden.SAMPLERS.get("card-game") is card_game_prepare
    state = catcards.load("snap").new_game(1)
    monkeypatch.delitem(hidden.SAMPLERS._items, "snap")
    with pytest.raises(SamplingError, match="^Snap has no hidden-card sampler yet; games with one: big-cat, card-game, "):
        state.sample_hidden(0, np.random.default_rng(0))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_samples_look_the_same_and_replay(name):
    game = catcards.load(name, **GAMES[name])
    varied = 0
    replayed = 0
    for seed in range(4):
        for steps in (0, 7, 25, 60):
            state = played_to(game, seed, steps)
            before = state.to_json(), state.observation(0)
            for seat in range(game.players):
                info = prepare(state, seat)
                rng = np.random.default_rng(seed)
                zones = set()
                for _ in range(3):
                    world = info.sample(rng)
                    assert world.observation(seat) == state.observation(seat)
                    assert world.history == state.history and world is not state
                    hidden = {k: v for k, v in world.zones().items() if k in state.hidden_zones(seat)}
                    zones.add(repr(sorted(hidden.items())))
                    again = replay(game, world.seed, world.deals, world.history)
                    assert again.zones() == world.zones()
                    assert again.observation(seat) == world.observation(seat)
                    assert catcards.load_state(world.to_json()).zones() == world.zones()
                    replayed += 1
                varied += len(zones) > 1
            assert (state.to_json(), state.observation(0)) == before  # the real state is untouched
    assert varied > 0
    assert replayed == 4 * 4 * game.players * 3  # every sample replays from its explicit deal


def test_sample_hidden_method_and_errors():
    state = catcards.load("simons-cat", players=3).new_game(1)
    world = state.sample_hidden(1, np.random.default_rng(0))
    assert world.observation(1) == state.observation(1)
    with pytest.raises(catcards.GameParameterError, match="seat must be a whole number from 0 to 2.*not 3"):
        state.sample_hidden(3, np.random.default_rng(0))
    with pytest.raises(catcards.GameParameterError, match=r"sample_hidden needs the seat whose view to keep "
                       r"\(a whole number from 0 to 2\), not None") as err:
        state.sample_hidden(None, np.random.default_rng(0))
    assert isinstance(err.value, ValueError)


def _uniform_over(samples: Counter, oracle: set, draws: int):
    """Every sample is an oracle deal, and each deal's frequency is covered by a 99.99% Wilson
    interval around the uniform 1/len(oracle)."""
    assert set(samples) <= oracle, "a sample the oracle rejects"
    p = 1 / len(oracle)
    for deal in oracle:
        low, high = wilson_interval(samples[deal], draws, confidence=0.9999)
        assert low <= p <= high, (deal, samples[deal], draws, len(oracle))


def _trick_oracle(state, seat, hands_attr, round_attr, played_per_round, parse):
    """Deals of the round under way consistent with ``seat``'s view, by brute force: every split
    of the cards ``seat`` cannot see among the other hands, kept if the engine replays it."""
    game = state.game
    n = game.players
    now = played_per_round[-1]
    hands = getattr(state, hands_attr)
    pool = sorted(c for s in range(n) if s != seat for c in hands[s])
    others = [s for s in range(n) if s != seat]
    sizes = [len(hands[s]) for s in others]
    found = set()

    def splits(cards, sizes):
        if not sizes:
            yield ()
            return
        for pick in itertools.combinations(cards, sizes[0]):
            rest = [c for c in cards if c not in pick]
            for tail in splits(rest, sizes[1:]):
                yield (pick,) + tail

    for split in splits(pool, sizes):
        cur = [list(h) for h in hands]
        for s, part in zip(others, split):
            cur[s] = list(part)
        deal_now = [sorted(now[s] + cur[s]) for s in range(n)]
        deals = [[[parse(c) for c in h] for h in rnd] for rnd in played_per_round[:-1]] + [
            [[parse(c) for c in h] for h in deal_now]
        ]
        try:
            world = replay(game, 0, deals, state.history)
        except IllegalActionError:
            continue
        if world.observation(seat) == state.observation(seat):
            found.add(tuple(tuple(sorted(cur[s])) for s in others))
    return found


def _played(state, round_attr):
    n = state.game.players
    out = []

    def note(s, action):
        while len(out) < getattr(s, round_attr):
            out.append([[] for _ in range(n)])
        card = getattr(action, "card", None)
        if card is not None:
            out[getattr(s, round_attr) - 1][s.current_player].append(s.INDEX[card] if hasattr(s, "INDEX") else card)

    replay(state.game, state.seed, state.deals, state.history, note)
    while len(out) < getattr(state, round_attr):
        out.append([[] for _ in range(n)])
    return out


def test_simons_cat_mess_constraint_exact_frequencies():
    from catcards.games.simons_cat import _INDEX, MATCH, MISCHIEF

    game = catcards.load("simons-cat", players=3, hand_size=3)
    # a position where a mess taken by seat 1 or 2 rules some deals out, cards still hidden
    for seed in range(300):
        state = played_to(game, seed, 5)
        if state.is_over or state.round != 1 or not any(state.messes[s] for s in (1, 2)):
            continue
        played = [[[_INDEX[c] for c in h] for h in rnd] for rnd in _played(state, "round")]
        oracle = _trick_oracle(state, 0, "hands", "round", played, lambda c: str(MISCHIEF[c]))
        k1, k2 = len(state.hands[1]), len(state.hands[2])
        if 1 < len(oracle) < len(list(itertools.combinations(range(k1 + k2), k1))):
            break
    else:  # pragma: no cover
        pytest.fail("no position where a mess rules a deal out")
    for s in (1, 2):  # what the oracle keeps: no card that matched a mess the seat took
        for deal in oracle:
            hand = deal[s - 1]
            assert not any(MATCH[m[-1]][c] for m in state.messes[s] for c in hand)
    info = prepare(state, 0)
    rng = np.random.default_rng(5)
    draws = 3000
    counts = Counter(tuple(tuple(w.hands[s]) for s in (1, 2)) for w in (info.sample(rng) for _ in range(draws)))
    _uniform_over(counts, oracle, draws)


def test_king_of_the_jungle_voids_exact_frequencies():
    from catcards.games.king_of_the_jungle import CARDS

    game = catcards.load("king-of-the-jungle", players=3)
    for seed in range(300):
        state = played_to(game, seed, 3 + 3 * 11)  # 3 bids and 11 tricks: 2 cards each
        voids = state.tricks_played == 11 and not state.trick
        if voids:
            oracle = _trick_oracle(state, 0, "hands", "hand_no", _played(state, "hand_no"), lambda c: str(CARDS[c]))
            if 1 < len(oracle) < 90:  # some void rules deals out, and something is still hidden
                break
    else:  # pragma: no cover
        pytest.fail("no position with a void")
    info = prepare(state, 0)
    rng = np.random.default_rng(3)
    draws = 2000
    counts = Counter(tuple(tuple(w.hands[s]) for s in (1, 2)) for w in (info.sample(rng) for _ in range(draws)))
    _uniform_over(counts, oracle, draws)


KOTJ_DEAL = [  # seat 1 holds no red card: it must discard on a red lead
    ["red 1", "red 2", "red 3", "red 4", "red 5", "red 6", "red 7", "red 8", "red 9",
     "blue 1", "blue 2", "blue 3", "blue 4"],
    ["blue 5", "blue 6", "blue 7", "blue 8", "blue 9", "Jaguar (blue 10)", "Wildcat (blue 20)",
     "Tiger (blue 30)", "Lion (blue 50)", "green 1", "green 2", "green 3", "green 4"],
    ["Jaguar (red 10)", "Wildcat (red 20)", "Tiger (red 30)", "Lion (red 50)", "green 5",
     "green 6", "green 7", "green 8", "green 9", "Jaguar (green 10)", "Wildcat (green 20)",
     "Tiger (green 30)", "Lion (green 50)"],
]


def test_king_of_the_jungle_shown_out_of_red_never_gets_red():
    game = catcards.load("king-of-the-jungle", players=3)
    state = game.new_game(0, deals=[KOTJ_DEAL])
    for text in ("bid 1", "bid 1", "bid 1", "play red 1", "play blue 5"):
        state.apply(state.action_from_string(text))
    info = prepare(state, 2)  # seat 2 saw seat 1 discard blue on a red lead
    rng = np.random.default_rng(0)
    reds_to_0 = 0
    for _ in range(500):
        world = info.sample(rng)
        assert not any(world.SUIT_OF[c] == "red" for c in world.hands[1])
        reds_to_0 += sum(world.SUIT_OF[c] == "red" for c in world.hands[0])
        assert world.observation(2) == state.observation(2)
    assert reds_to_0 == 500 * 8  # every red card still out is with seat 0: certain


CAT_TRICK_DEAL = {
    "hands": [
        ["pink 2", "pink 3", "pink 4", "blue 2", "blue 3", "blue 4", "orange 2", "orange 3"],
        ["blue 5", "blue 6", "blue 7", "orange 4", "orange 5", "orange 6", "green 2", "green 3"],
        ["pink 5", "pink 6", "green 4", "green 5", "green 6", "yellow 2", "yellow 3", "yellow 4"],
        ["pink 7", "pink 1", "orange 7", "orange 1", "green 7", "yellow 5", "yellow 6", "yellow 7"],
    ],
    "trump": "blue 1",
}


def test_cat_trick_not_following_pink_is_no_void():
    """Cat Trick has no duty to follow colour (rules/cat-trick.md), so a player who plays blue on
    a pink lead may still hold pink: the samples must sometimes give them pink, exactly as often
    as a uniform deal of the unseen cards does."""
    game = catcards.load("cat-trick", players=4)
    state = game.new_game(0, deals=[CAT_TRICK_DEAL])
    state.apply(state.action_from_string("play pink 2"))
    state.apply(state.action_from_string("play blue 5"))  # seat 1 does not follow pink
    info = prepare(state, 0)
    rng = np.random.default_rng(0)
    draws = 2000
    holds = sum(any(c < 7 for c in info.sample(rng).hands[1]) for _ in range(draws))
    # seat 0 sees 8 + 1 + 1 cards; 25 unseen, 4 of them pink (5, 6, 7, 1); seat 1 holds 7 of them
    from math import comb

    exact = 1 - comb(21, 7) / comb(25, 7)
    low, high = wilson_interval(holds, draws, confidence=0.9999)
    assert low <= exact <= high


def test_pairs_exact_frequencies():
    game = catcards.load("pairs", players=2, copies=2, numbers=3)
    state = game.new_game(4)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[-1])
    oracle = set()
    known = {a.position for a in state.history}
    rest = [p for p in range(game.size) if p not in known]
    real = replay(game, state.seed, state.deals, []).grid
    for perm in itertools.permutations([real[p] for p in rest]):
        layout = list(real)
        for p, c in zip(rest, perm):
            layout[p] = c
        try:
            world = replay(game, 0, [game.card_names[c] for c in layout], state.history)
        except IllegalActionError:
            continue
        if world.observation(0) == state.observation(0):
            oracle.add(tuple(layout))
    info = prepare(state, 0)
    rng = np.random.default_rng(1)
    draws = 3000
    counts = Counter(tuple(replay(game, 0, w.deals, []).grid) for w in (info.sample(rng) for _ in range(draws)))
    _uniform_over(counts, oracle, draws)


def _slot_frequencies(cards, pool_size, confidence=0.9999):
    """Each card of a pool of ``pool_size`` lies in the slot with probability 1 / pool_size."""
    counts = Counter(cards)
    assert pool_size - 2 <= len(counts) <= pool_size
    for card, k in counts.items():
        low, high = wilson_interval(k, len(cards), confidence=confidence)
        assert low <= 1 / pool_size <= high, (card, k, len(cards), pool_size)


def test_snap_unseen_cards_are_uniform():
    """A stacked Snap deal names 6 of the 52 cards; the others are left out, face down like the
    stacks, so the seats cannot tell which. After two cards are turned, the top card of seat 0's
    stack is any of the 50 cards not seen, each with probability 1/50."""
    game = catcards.load("snap", players=2)
    deal = [["red 1", "red 2", "blue 2"], ["blue 3", "red 3", "green 3"]]
    state = game.new_game(0, deals=deal)
    state.apply(state.action_from_string("turn"))
    state.apply(state.action_from_string("turn"))
    info = prepare(state, 1)
    rng = np.random.default_rng(2)
    worlds = [info.sample(rng) for _ in range(3000)]
    for w in worlds[:50]:
        again = replay(game, w.seed, w.deals, w.history)
        assert again.observation(1) == state.observation(1) == w.observation(1)
        assert [len(st) for st in w.deals] == [3, 3]
        assert w.deals[0][0] == "red 1" and w.deals[1][0] == "blue 3"
    _slot_frequencies([w.stacks[0][0] for w in worlds], 50)


def test_big_cat_unseen_cards_are_uniform():
    game = catcards.load("big-cat", players=2)
    state = game.new_game(5)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    info = prepare(state, 0)
    rng = np.random.default_rng(2)
    worlds = [info.sample(rng) for _ in range(2500)]
    for w in worlds[:30]:
        assert w.observation(0) == state.observation(0)
    # the card on top of seat 1's stack is any of the cards not yet laid
    _slot_frequencies([str(w.cards[w.stacks[1][0]]) for w in worlds], 52 - state.cards_played)


def test_assigner_counts_match_brute_force():
    cards = list(range(6))
    allowed = [["a", "b"], ["a", "b", "u"], ["b", "u"], ["a", "u"], ["a", "b", "u"], ["u"]]
    sizes = {"a": 2, "b": 2, "u": 2}
    brute = set()
    for perm in itertools.permutations(cards):
        parts = {"a": perm[:2], "b": perm[2:4], "u": perm[4:]}
        if all(p in allowed[c] for p, part in parts.items() for c in part):
            brute.add(tuple(tuple(sorted(parts[p])) for p in "abu"))
    a = Assigner(cards, allowed, sizes)
    assert a.total == len(brute)
    rng = np.random.default_rng(0)
    draws = 3000
    counts = Counter(tuple(tuple(sorted(d[p])) for p in "abu") for d in (a.sample(rng) for _ in range(draws)))
    _uniform_over(counts, brute, draws)
    with pytest.raises(SamplingError):
        Assigner([0, 1], [["a"], ["a"]], {"a": 1, "b": 1})


# ---- odds ---------------------------------------------------------------------------------------
NO_PEEK = {
    "simons-cat": ({"players": 3, "hand_size": 4}, 6),
    "king-of-the-jungle": ({"players": 3, "max_hands": 1}, 30),
    "cat-trick": ({"players": 3}, 9),
    "pairs": ({"players": 2, "copies": 2, "numbers": 5}, 3),
    "snap": ({"players": 2, "max_turns": 30}, 6),
    "big-cat": ({"players": 2}, 10),
    "cat-days": ({}, 9),
}


@pytest.mark.parametrize("name", sorted(NO_PEEK))
def test_odds_do_not_peek(name):
    params, steps = NO_PEEK[name]
    game = catcards.load(name, **params)
    state = played_to(game, 3, steps)
    seat = state.current_player if state.current_player is not None else 0
    # a position that looks the same to `seat` but holds other hidden cards
    others = (state.sample_hidden(seat, np.random.default_rng(k)) for k in range(50))
    other = next(o for o in others if o.zones() != state.zones())
    a = catcards.odds(state, seat, rollouts=6, seed=4, agents="random", progress=False)
    b = catcards.odds(other, seat, rollouts=6, seed=4, agents="random", progress=False)
    assert a.equals(b)
    peek_a = catcards.odds(state, seat, rollouts=6, seed=4, agents="random", progress=False, peek=True)
    assert list(peek_a["action"]) == list(a["action"])


def test_simons_cat_sensible_odds_do_not_peek():
    """The default players ("sensible") finish Simon's Cat rollouts by the fast path, which reads
    every hand of the drawn world: the table must still depend only on the seat's view, for
    every seat of a 4-player mid-round position, to act or not."""
    game = catcards.load("simons-cat", players=4)
    state = played_to(game, 5, 14)
    for seat in range(4):
        other = next(o for o in (state.sample_hidden(seat, np.random.default_rng(k)) for k in range(20))
                     if o.zones() != state.zones())
        a = catcards.odds(state, seat, rollouts=30, seed=2, progress=False)
        assert a.equals(catcards.odds(other, seat, rollouts=30, seed=2, progress=False))
        assert len(a) == (len(state.legal_actions()) if seat == state.current_player else 1)


def test_simons_cat_odds_by_the_fast_path_equal_the_general_loop():
    """catcards.odds with "sensible" players takes the whole-game fast path; a subclass of the
    agent (same choices, no fast path) goes through observations and State.apply action by
    action. The two tables are equal, honest and peeking."""
    from catcards.agents.simons_cat import SensibleAgent

    class PlainSensible(SensibleAgent):
        pass

    game = catcards.load("simons-cat", players=4)
    state = played_to(game, 6, 9)
    seat = state.current_player
    for peek in (False, True):
        fast = catcards.odds(state, seat, rollouts=25, seed=3, progress=False, peek=peek)
        slow = catcards.odds(state, seat, rollouts=25, seed=3, progress=False, peek=peek, agents=PlainSensible())
        assert fast.equals(slow)


def test_odds_table():
    game = catcards.load("simons-cat", players=3, hand_size=4)
    state = played_to(game, 3, 6)
    seat = state.current_player
    df = catcards.odds(state, seat, rollouts=40, seed=1, progress=False)
    assert list(df["action"]) == [str(a) for a in state.legal_actions()]
    assert (df["rollouts"] == 40).all() and not df["higher_is_better"].any()
    for _, row in df.iterrows():
        assert row["win_rate"] == row["wins"] / 40
        assert (row["low"], row["high"]) == tuple(wilson_interval(int(row["wins"]), 40))
        assert 0 <= row["mean_score"] <= 3
    not_to_act = (seat + 1) % 3
    one = catcards.odds(state, not_to_act, rollouts=10, seed=1, progress=False)
    assert len(one) == 1 and one["action"].iloc[0] is None
    with ThreadPoolExecutor(max_workers=2) as pool:
        split = catcards.odds(state, seat, rollouts=40, seed=1, progress=False, executor=pool, chunk_size=7)
    assert split.equals(df)
    assert catcards.odds(state, seat, rollouts=40, seed=2, progress=False)["wins"].tolist() != [] 


def test_odds_refuses_bad_input():
    state = catcards.load("simons-cat", players=3).new_game(0)
    for kwargs in ({"seat": 5}, {"seat": True}, {"seat": 0, "rollouts": 0}, {"seat": 0, "rollouts": 2.5},
                   {"seat": 0, "seed": -1}, {"seat": 0, "agents": "genius"}, {"seat": 0, "executor": "cloud"},
                   {"seat": 0, "agents": "rollout"}):
        with pytest.raises(catcards.GameParameterError):
            catcards.odds(state, progress=False, **kwargs)


def test_rollout_player_picks_the_best_odds_and_plays_in_simulate():
    game = catcards.load("simons-cat", players=3, hand_size=4)
    state = played_to(game, 3, 6)
    seat = state.current_player
    agent = make_agent("simons-cat", "rollout", rollouts=8)
    rng = np.random.default_rng(5)
    seed = int(np.random.default_rng(5).integers(2**31))
    table = catcards.odds(state, seat, rollouts=8, seed=seed, progress=False)
    chosen = agent.choose_in(state, seat, state.legal_actions(), rng)
    best = table.sort_values(["wins", "mean_score"], ascending=[False, True], kind="stable").iloc[0]["action"]
    assert str(chosen) == best
    with pytest.raises(catcards.GameParameterError):
        agent.choose(state.observation(seat), state.legal_actions(), rng)
    df = catcards.simulate(game, games=2, seed=1, agents=[agent, "sensible", "sensible"], progress=False)
    assert len(df) == 2


def _after_shares(game, shares, steps=28, seeds=range(60)):
    """Positions of ``game`` (Cat Trick) still running after at least ``shares`` greedy shares."""
    out = []
    for seed in seeds:
        state = played_to(game, seed, steps)
        if not state.is_over and sum(state.greedy_events) >= shares:
            out.append(state)
    return out


def test_cat_trick_samples_after_greedy_shares_replay():
    """A greedy share's shuffle is part of the explicit deal ("shares"), so every sample, after
    any number of shares, is new_game(seed, deals) with the history applied, for every seat, and
    saves and loads; a sampled state can itself be sampled from (it is an ordinary game). The
    sampler sets a world up from the card ids it drew: the same state (deals, log, generator) as
    its deals read and checked by new_game."""
    game = catcards.load("cat-trick", players=4)
    positions = _after_shares(game, 2)[:4] + _after_shares(catcards.load("cat-trick", players=3), 3, steps=40)[:2]
    assert len(positions) == 6
    for state in positions:
        g = state.game
        for seat in range(g.players):
            info = prepare(state, seat)
            rng = np.random.default_rng(seat)
            seen = set()
            for _ in range(6):
                w = info.sample(rng)
                assert w.observation(seat) == state.observation(seat) and w.history == state.history
                assert any("shares" in d for d in w.deals)
                again = replay(g, w.seed, w.deals, w.history)
                assert again.zones() == w.zones() and again.observation(seat) == w.observation(seat)
                # the sampler builds the world from its card ids: the same as its deals read by new_game
                assert again._stacked == w._stacked and again.deals == w.deals and again.log == w.log
                assert again.digest() == w.digest() and again.observation(None) == w.observation(None)
                assert again.rng.bit_generator.state == w.rng.bit_generator.state
                assert catcards.load_state(w.to_json()).zones() == w.zones()
                seen.add(repr(sorted((k, v) for k, v in w.zones().items() if k in state.hidden_zones(seat))))
                other = (seat + 1) % g.players
                assert prepare(w, other).sample(rng).observation(other) == w.observation(other)
            assert len(seen) > 1


#: every seat holds one pink card: a pink trick makes seat 0 (pink 7) greedy at once
SHARE_DEAL = {
    "hands": [
        ["pink 7", "pink 2", "blue 2", "blue 3", "orange 2", "orange 3", "green 2", "green 3"],
        ["pink 6", "blue 4", "blue 5", "orange 4", "orange 5", "green 4", "green 5", "yellow 2"],
        ["pink 5", "blue 6", "blue 7", "orange 6", "orange 7", "green 6", "green 7", "yellow 3"],
        ["pink 4", "blue 1", "orange 1", "green 1", "yellow 1", "yellow 4", "yellow 5", "yellow 6"],
    ],
    "trump": "yellow 7",
}


def _four_pinks(game, deal):
    state = game.new_game(11, deals=[deal])
    for card in ("pink 7", "pink 6", "pink 5", "pink 4"):
        state.apply(state.action_from_string(f"play {card}"))
    return state


def test_cat_trick_share_orders_are_uniform_given_what_the_seat_saw():
    """Exact frequencies of who received a shared card: a stacked round in which seat 0 wins four
    pink cards at once and shares them (seats 1, 2, 3 get one each, one is discarded). Seat 3
    sees the card it got; it cannot tell which of the other three went to seat 1, to seat 2 or to
    the discard: each of the 3! assignments has probability 1/6 in the samples."""
    game = catcards.load("cat-trick", players=4)
    state = _four_pinks(game, SHARE_DEAL)
    assert state.greedy_events == [1] and state.current_player == 0
    lost = ["pink 7", "pink 6", "pink 5", "pink 4"]
    from catcards.games.cat_trick import CARDS

    got = next(str(CARDS[c]) for c in state.hands[3] if c < 7)  # ids 0-6 are pink
    assert got in lost
    others = [c for c in lost if c != got]
    # (seat 1's card, seat 2's card): seat 3's is `got`, the fourth is discarded
    oracle = {(a, b) for a in others for b in others if a != b}
    info = prepare(state, 3)
    rng = np.random.default_rng(7)
    draws = 3000
    counts = Counter()
    for _ in range(draws):
        w = info.sample(rng)
        assert w.hands[3] == state.hands[3]
        (order,) = w.deals[0]["shares"]
        assert sorted(order) == sorted(lost) and order[2] == got
        counts[(order[0], order[1])] += 1
    _uniform_over(counts, oracle, draws)


def test_cat_trick_stacked_share_orders():
    """The deal's "shares" fix who gets which greedy card (the first to the winner's left), with
    no draw from the generator; cards a list does not name follow in collected order (pink 7, 6,
    5, 4: the trick's order); a bad list is refused before play."""
    game = catcards.load("cat-trick", players=4)
    pinks = lambda st, s: [str(c) for c in st.zones()[f"hand {s}"] if c.suit == "pink"]  # noqa: E731
    state = _four_pinks(game, dict(SHARE_DEAL, shares=[["pink 5", "pink 7", "pink 4", "pink 6"]]))
    assert [pinks(state, s) for s in (1, 2, 3)] == [["pink 5"], ["pink 7"], ["pink 4"]]
    assert [str(c) for c in state.zones()["discard pile"]] == ["pink 6"]
    assert state.rng.bit_generator.state == np.random.default_rng(11).bit_generator.state
    partial = _four_pinks(game, dict(SHARE_DEAL, shares=[["pink 4", "pink 1", "pink 2", "pink 3"]]))
    assert [pinks(partial, s) for s in (1, 2, 3)] == [["pink 4"], ["pink 7"], ["pink 6"]]
    shuffled = _four_pinks(game, SHARE_DEAL)  # no "shares": the generator shuffles
    assert shuffled.rng.bit_generator.state != np.random.default_rng(11).bit_generator.state
    for bad in ([["pink 4", "pink 2", "pink 3"]], [["pink 4", "pink 4", "pink 3", "pink 2"]],
                [["pink 4", "pink 2", "pink 3", "blue 2"]], "pink 4", [["pink 9", "pink 2", "pink 3", "pink 4"]],
                [["pink 4", "pink 2", "pink 3", "pink 1"]] * 101):
        with pytest.raises(catcards.GameParameterError):
            game.new_game(0, deals=[dict(CAT_TRICK_DEAL, shares=bad)])


def test_cat_trick_odds_after_shares_do_not_peek():
    game = catcards.load("cat-trick", players=4)
    state = _after_shares(game, 2)[0]
    seat = state.current_player
    other = next(w for w in (state.sample_hidden(seat, np.random.default_rng(k)) for k in range(20))
                 if w.zones() != state.zones())
    assert catcards.odds(other, seat, rollouts=4, seed=1, agents="random", progress=False).equals(
        catcards.odds(state, seat, rollouts=4, seed=1, agents="random", progress=False)
    )


def test_simons_cat_sensible_chooses_by_the_rule_written_on_cards():
    """The sensible player (bit masks, given the view in play-outs) chooses what its rule says,
    written plainly on Cards: fewest unseen cards matching the card, then the commonest own
    colour, then at random (the same draw), from the view and from the observation alike."""
    from collections import Counter

    from catcards.agents import pick
    from catcards.games.simons_cat import MISCHIEF

    def by_the_rule(obs, legal, rng):
        seen = set(obs["hand"]) | set(obs["set_aside"]) | set(obs["pile"]) | set(obs["final_pile"])
        for messes in obs["messes"]:
            for mess in messes:
                seen.update(mess)
        unseen = [c for c in MISCHIEF if c not in seen]
        suits = Counter(c.suit for c in obs["hand"])
        scored = [(sum(1 for u in unseen if u.suit == a.card.suit or u.rank == a.card.rank), -suits[a.card.suit])
                  for a in legal]
        return pick(rng, [a for a, s in zip(legal, scored) if s == min(scored)])

    agent = make_agent("simons-cat", "sensible")
    choices = 0
    for players in (3, 4, 6):
        game = catcards.load("simons-cat", players=players)
        state = game.new_game(players)
        rngs = [np.random.default_rng(1) for _ in range(3)]
        while not state.is_over:
            seat, legal = state.current_player, state.legal_actions()
            if len(legal) > 1:
                a = agent.choose(state.view(seat), legal, rngs[0])
                assert agent.choose(state.observation(seat), legal, rngs[1]) is a
                assert by_the_rule(state.observation(seat), legal, rngs[2]) is a
                choices += 1
            else:
                a = legal[0]
            state.apply(a)
        assert len({r.bit_generator.state["state"]["state"] for r in rngs}) == 1
    assert choices > 100


def test_simons_cat_whole_play_out_equals_the_engine():
    """play_out_sensible (the rollouts' fast path) reaches the engine's outcome with the same
    draws: from many positions (3 to 6 players, start, mid-round, later rounds, a stacked deal
    and a small hand size), the outcome, reason and every generator's state afterwards equal those
    of applying SensibleAgent's choices one action at a time."""
    from catcards.agents.simons_cat import SensibleAgent
    from catcards.explore.odds import _play_out
    from catcards.explore.simons_cat import play_out_sensible

    checked = 0
    for players, hand_size in ((3, None), (4, None), (5, None), (6, None), (4, 3)):
        params = {"players": players} if hand_size is None else {"players": players, "hand_size": hand_size}
        game = catcards.load("simons-cat", **params)
        for seed in range(4):
            for steps in (0, 5, 17, 40, 90):
                state = played_to(game, seed, steps)
                if state.is_over:
                    continue
                a, b = state.clone(), state.clone()
                rngs_a = [np.random.default_rng([seed, k]) for k in range(players)]
                rngs_b = [np.random.default_rng([seed, k]) for k in range(players)]
                fast = play_out_sensible(a, rngs_a)
                slow = _play_out(b, [SensibleAgent()] * players, rngs_b).outcome
                assert fast == slow
                assert a.rng.bit_generator.state == b.rng.bit_generator.state
                assert [r.bit_generator.state for r in rngs_a] == [r.bit_generator.state for r in rngs_b]
                assert a.zones() == state.zones() and a.history == state.history  # not changed
                checked += 1
    # a stacked deal: the rounds it names are played from it, later ones shuffled
    game = catcards.load("simons-cat", players=3, hand_size=4)
    state = game.new_game(2, deals=[[["Cat 3", "Cat 4", "Dog 1", "Dog 2"], ["Cat 5", "Kitten 3", "Mouse 1", "Gnome 1"],
                                     ["Cat 6", "Hedgehog 3", "Hedgehog 4", "Kitten 4"]]])
    for seed in range(20):
        a, b = state.clone(), state.clone()
        fast = play_out_sensible(a, [np.random.default_rng([seed, k]) for k in range(3)])
        slow = _play_out(b, [SensibleAgent()] * 3, [np.random.default_rng([seed, k]) for k in range(3)]).outcome
        assert fast == slow
        checked += 1
    assert checked > 90
