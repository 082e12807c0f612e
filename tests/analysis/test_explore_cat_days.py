"""Cat Days: sample_hidden and odds (issue 15), and the deals a sample is rebuilt from
(copy numbers, named reshuffles).

The exact test enumerates, with a small deck, every deal of the cards seat 0 cannot see, keeps
those the engine replays to the same view, and checks that the sampler draws each of them with
probability 1 / (their number).
"""
from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

import catcards
from catcards.core import CatcardsError, GameParameterError
from catcards.explore import prepare
from catcards.explore.hidden import replay
from catcards.probability import wilson_interval

COLUMNS = ("card", "kind", "count", "setup", "points", "week", "days", "effect")
SMALL_DECK = [
    dict(zip(COLUMNS, row))
    for row in (
        ("Rescued Cat", "cat", "5", "", "1", "either", "any", "empty day"),
        ("Lazy Cat", "cat", "3", "", "2", "your", "Monday-Friday", "empty day"),
        ("Catnip", "event", "2", "", "", "", "", "draw 2"),
        ("Vacuum Cleaner", "event", "2", "", "", "either", "any", "discard top cat"),
        ("Cat Tree", "event", "0", "1", "", "your", "any", "cat tree"),
    )
]


def entry(card):
    return f"{card.name} #{card.copy}"


def random_position(game, seed, steps, chooser_seed):
    state = game.new_game(seed)
    rng = np.random.default_rng(chooser_seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def test_samples_look_the_same_replay_and_vary_across_reshuffles():
    game = catcards.load("cat-days")
    reshuffled = varied = 0
    for seed, steps in ((0, 0), (0, 7), (1, 25), (2, 50), (9, 60), (9, 200)):
        state = random_position(game, seed, steps, seed)
        reshuffled += state._reshuffled > 0
        before = state.to_json()
        for seat in (0, 1):
            info = prepare(state, seat)
            rng = np.random.default_rng(seed)
            hidden = set()
            for _ in range(4):
                world = info.sample(rng)
                assert world.observation(seat) == state.observation(seat)
                assert world.history == state.history and world is not state
                again = replay(game, world.seed, world.deals, world.history)
                assert again.zones() == world.zones() and again.observation(seat) == world.observation(seat)
                # the sampler deals from cards, without new_game's parsing (explore.hidden.dealt):
                # the same world as its deals read and checked by new_game
                assert (again.observation(None), again.log, again.rulebook_start, again._reshuffled) == (
                    world.observation(None), world.log, world.rulebook_start, world._reshuffled)
                assert again.deals == world.deals and again.digest() == world.digest()
                assert again.rng.bit_generator.state == world.rng.bit_generator.state
                assert catcards.load_state(world.to_json()).zones() == world.zones()
                hidden.add(repr(sorted((k, v) for k, v in world.zones().items() if k in state.hidden_zones(seat))))
            varied += len(hidden) > 1
        assert state.to_json() == before
    assert reshuffled >= 2  # positions after the discard pile was shuffled into a new draw pile
    assert varied >= 10


def oracle(game, state, seat):
    """Every deal (the other hand as a set, the draw pile in order) the engine replays to the
    view ``seat`` has, by brute force over the cards ``seat`` cannot see."""
    start = game.new_game(state.seed)
    mine, opp = list(start.hands[seat]), 1 - seat
    theirs = list(game.deck.setup_cards[opp])
    pool = [c for c in game.deck.cards if c not in mine and c not in theirs]
    found = set()
    for hand in itertools.combinations(pool, 4):
        for order in itertools.permutations([c for c in pool if c not in hand]):
            hands = [None, None]
            hands[seat], hands[opp] = [entry(c) for c in mine], [entry(c) for c in theirs + list(hand)]
            deals = {"hands": hands, "draw": [entry(c) for c in order], "rest": "out"}
            try:
                world = replay(game, 0, deals, state.history)
            except CatcardsError:
                continue
            if world.observation(seat) == state.observation(seat):
                found.add((tuple(sorted(deals["hands"][opp])), tuple(deals["draw"])))
    return found


def test_exact_frequencies_in_a_small_deck_with_the_lowest_copy_rule():
    """12 cards; seat 0 sees its 4 and what was played. After 6 moves (seat 1 played 3 cards,
    one of them a higher copy of a name it could have held lower) 12 deals of the 1,680 remain:
    each must come with probability 1/12."""
    game = catcards.load("cat-days", deck=SMALL_DECK)
    state = random_position(game, 0, 6, 100)
    assert state._reshuffled == 0 and not state.is_over
    deals = oracle(game, state, 0)
    assert len(deals) == 12
    info = prepare(state, 0)
    rng = np.random.default_rng(7)
    draws = 1200
    counts = Counter()
    for _ in range(draws):
        w = info.sample(rng)
        counts[(tuple(sorted(w.deals["hands"][1])), tuple(w.deals["draw"]))] += 1
    assert set(counts) <= deals, "a sample the engine does not replay to the same view"
    for deal in deals:
        low, high = wilson_interval(counts[deal], draws, confidence=0.9999)
        assert low <= 1 / len(deals) <= high, (deal, counts[deal])
    assert info.tries > draws  # the copy rule did reject fillings here


def test_odds_do_not_peek_and_peek_uses_the_real_cards():
    game = catcards.load("cat-days")
    state = random_position(game, 4, 9, 4)
    seat = state.current_player
    others = (state.sample_hidden(seat, np.random.default_rng(k)) for k in range(20))
    other = next(o for o in others if o.zones() != state.zones())
    a = catcards.odds(state, seat, rollouts=6, seed=4, agents="random", progress=False)
    b = catcards.odds(other, seat, rollouts=6, seed=4, agents="random", progress=False)
    assert a.equals(b)
    assert list(a["action"]) == [str(x) for x in state.legal_actions()]
    peek = catcards.odds(state, seat, rollouts=6, seed=4, agents="random", progress=False, peek=True)
    assert list(peek["action"]) == list(a["action"])


def test_a_deal_names_copies_and_reshuffles():
    game = catcards.load("cat-days")
    deals = {"hands": [["Cat Tree #1", "Rescued Cat #4"], ["Cat Tree #0"]],
             "draw": [], "discard": ["Catnip #3", "Rescued Cat #5", "Lazy Cat #1"], "rest": "out",
             "shuffles": [["Lazy Cat #1", "Catnip #3", "Rescued Cat #5"]]}
    state = game.new_game(0, deals=deals)
    assert state.hands[0][1].copy == 4 and state.hands[1][0].copy == 0
    state.apply(state.action_from_string("draw a card"))
    assert (state.hands[0][-1].name, state.hands[0][-1].copy) == ("Lazy Cat", 1)
    assert [(c.name, c.copy) for c in state.draw_pile] == [("Rescued Cat", 5), ("Catnip", 3)]  # top last
    wrong = dict(deals, shuffles=[["Lazy Cat", "Catnip"]])
    state = game.new_game(0, deals=wrong)
    before = state.to_json()
    with pytest.raises(GameParameterError, match="reshuffle 1 does not name the 3 cards"):
        state.apply(state.action_from_string("draw a card"))
    assert state.to_json() == before
    rows = [dict(r, card="Cat #2") if r["card"] == "Rescued Cat" else r for r in SMALL_DECK]
    named = catcards.load("cat-days", deck=rows).new_game(0, deals={"hands": [["Cat #2", "Cat #2 #3"], []]})
    assert [(c.name, c.copy) for c in named.hands[0]] == [("Cat #2", 0), ("Cat #2", 3)]
    for bad, says in ((dict(deals, hands=[["Rescued Cat #40"], []]), "copies #0 to #5"),
                      (dict(deals, hands=[["Rescued Cat #4", "Rescued Cat #4"], []]), "named twice"),
                      (dict(deals, shuffles="Catnip"), "shuffles"),
                      (dict(deals, shuffles=[["Dog"]]), "no card called")):
        with pytest.raises(GameParameterError, match=says):
            game.new_game(0, deals=bad)
