"""sample_hidden for Card Game: The Card Game (issue 15; catcards/explore/card_game.py).

What the samples must be: a state the seat cannot tell from the real one (same observation, same
log), a legal game replayed from its explicit deal, the other hands, deck orders and another
player's face-down card redrawn, every public event respected (Suicide Kitten never in a hand, a
card The Guardian showed keeps its name, a card played by name was the first of its name), and,
in a deal small enough to count, each hidden arrangement as often as exact counting says.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest
from pandas.testing import assert_frame_equal

import catcards
from catcards.agents import make_agent
from catcards.explore import prepare
from catcards.explore.hidden import replay
from catcards.games.card_game import Claim, PutBack
from catcards.games.card_game.cardlist import card_list_table, load_card_list
from catcards.probability import wilson_interval

KITTEN = "Suicide Kitten"


def played_to(game, seed, steps, strategy="random"):
    """``game`` after ``steps`` actions of ``strategy`` players (fewer if it ends)."""
    state = game.new_game(seed)
    rng = np.random.default_rng(seed)
    agent = make_agent(game.name, strategy)
    for _ in range(steps):
        if state.is_over:
            break
        obs = state.observation(state.current_player) if strategy != "random" else None
        state.apply(agent.choose(obs, state.legal_actions(), rng))
    return state


def small_game(**counts):
    """A two-player game with a small card list (every other card 0 copies)."""
    keep = {KITTEN: 1, "Shot!": 3, "Nap": 3, "Golden Yarn": 3, "Sushi Tray": 3, "The Guardian": 1,
            "Money": 20, "Initial Money": 1, **counts}
    rows = [dict(r, count=keep.get(r["name"], 0)) for r in card_list_table(load_card_list(None))]
    return catcards.load("card-game", players=2, cards=rows)


def names(cards):
    return [c.name for c in cards]


@pytest.mark.parametrize("strategy", ["random", "bluffer"])
def test_samples_look_the_same_replay_from_their_deal_and_vary(strategy):
    game = catcards.load("card-game", players=3)
    varied = renamed = checked = 0
    for seed in range(3):
        for steps in (0, 25, 90, 250):
            state = played_to(game, seed, steps, strategy)
            before = state.to_json()
            for seat in range(3):
                info = prepare(state, seat)
                rng = np.random.default_rng(seed)
                hidden = set()
                for _ in range(3):
                    world = info.sample(rng)
                    assert world is not state
                    assert world.observation(seat) == state.observation(seat)
                    assert world.log == state.log
                    # the same actions, except the hidden cards another player named: the
                    # face-down card of a claim, the cards put back after a Fortune Teller look
                    assert len(world.history) == len(state.history)
                    for mine, real in zip(world.history, state.history):
                        if mine != real:
                            assert type(mine) is type(real) and isinstance(real, (Claim, PutBack))
                            if isinstance(real, Claim):
                                assert (mine.name, mine.target) == (real.name, real.target)
                            else:
                                assert len(mine.cards) == len(real.cards)
                            renamed += 1
                    again = replay(game, world.seed, world.deals, world.history)
                    assert again.zones() == world.zones()
                    assert again.observation(seat) == world.observation(seat)
                    # the sampler deals from card ids, without new_game's parsing and checks
                    # (explore.hidden.dealt): the same world as its deals read by new_game
                    assert again.deals == world.deals and again.digest() == world.digest()
                    assert again.rng.bit_generator.state == world.rng.bit_generator.state
                    assert catcards.load_state(world.to_json()).zones() == world.zones()
                    for s in range(3):
                        assert KITTEN not in names(world.zones()[f"hand {s}"])
                    zones = world.zones()
                    hidden.add(repr([zones[k] for k in state.hidden_zones(seat) if k != "box"]))
                    checked += 1
                varied += len(hidden) > 1
            assert state.to_json() == before  # the real state is untouched
    assert checked == 3 * 4 * 3 * 3
    assert varied >= 30
    if strategy == "bluffer":
        assert renamed > 0  # other players' face-down cards are redrawn


def test_hand_and_deck_frequencies_match_exact_counting():
    """Seat 0 at the start of a small deal: seat 1 holds 5 of the 8 unseen cards that are not
    Suicide Kitten (every 5 equally likely), the kitten lies at one of the 4 main-deck places
    (each equally likely). Each name-count of seat 1's hand and each kitten place is checked
    against its exact probability with a 99.99% Wilson interval."""
    game = small_game()
    state = game.new_game(1)
    own = names(state.zones()["hand 0"])
    unseen = Counter({"Shot!": 3, "Nap": 3, "Golden Yarn": 3, "Sushi Tray": 3, "The Guardian": 1}) - Counter(own)
    assert sum(unseen.values()) == 8
    info = prepare(state, 0)
    rng = np.random.default_rng(0)
    draws = 4000
    hands, kittens = Counter(), Counter()
    for _ in range(draws):
        world = info.draw_map(rng)
        # the same map, applied as the sampler does (the replay is checked in the test above)
        hand = tuple(sorted(state.deck.names[world.get(c, c)] for c in state.hands[1]))
        hands[hand] += 1
        main = [state.deck.names[world.get(c, c)] for c in state.main]
        kittens[main.index(KITTEN)] += 1
    exact = {}
    for pick in combinations(sorted(unseen.elements()), 5):
        exact[pick] = None
    total = comb(8, 5)
    for hand in exact:
        k = Counter(hand)
        ways = 1
        for name, n in k.items():
            ways *= comb(unseen[name], n)
        exact[hand] = ways / total
    assert abs(sum(exact.values()) - 1) < 1e-12
    assert set(hands) <= set(exact)
    for hand, p in exact.items():
        low, high = wilson_interval(hands[hand], draws, confidence=0.9999)
        assert low <= p <= high, (hand, hands[hand], p)
    for place in range(4):
        low, high = wilson_interval(kittens[place], draws, confidence=0.9999)
        assert low <= 1 / 4 <= high
    # and whole samples agree with the map: the hand drawn is the hand in the sampled state
    world = info.sample(np.random.default_rng(5))
    assert world.observation(0) == state.observation(0)


def test_a_card_played_by_name_was_the_first_of_its_name_and_the_guardian_shows_a_hand():
    game = small_game()
    deal = {"hands": [["The Guardian", "Shot!", "Shot!", "Golden Yarn", "Golden Yarn"],
                      ["Sushi Tray", "Golden Yarn", "Nap", "Nap", "Sushi Tray"]],
            "main": ["Shot!", "Nap", "Sushi Tray"],
            "money": [["Money", "Money", "Money"], ["Money", "Money", "Money"]]}
    state = game.new_game(2, deals=deal)
    for text in ("take Money", "end turn", "take Money", "play Nap"):
        state.apply(state.action_from_string(text))
    # seat 1 played its first Nap: the two cards before it in its hand are no Nap
    info = prepare(state, 0)
    rng = np.random.default_rng(1)
    later = Counter()
    for _ in range(300):
        world = info.sample(rng)
        hand = names(world.zones()["hand 1"])
        assert "Nap" not in hand[:2] and KITTEN not in hand
        later.update(hand[2:])
    assert later["Nap"] > 0  # a Nap may still lie later in the hand
    # The Guardian on seat 1 shows its hand: from then on its names are known
    for text in ("end turn", "take Money", "play The Guardian on seat 1 naming Shot!"):
        state.apply(state.action_from_string(text))
    shown = sorted(names(state.zones()["hand 1"]))
    info = prepare(state, 0)
    rng = np.random.default_rng(2)
    decks = set()
    for _ in range(200):
        world = info.sample(rng)
        assert sorted(names(world.zones()["hand 1"])) == shown
        assert world.observation(0) == state.observation(0)
        decks.add(tuple(names(world.zones()["main deck"])))
    assert len(decks) > 1  # the main deck is still redrawn


def test_deals_may_name_each_copy_and_the_money_deck():
    game = small_game()
    state = game.new_game(0, deals={"hands": [["Nap#2", "Shot!#1"], ["Nap", "Shot!"]],
                                    "money_deck": ["Money#7", "Money#3"]})
    cards = state.zones()
    assert [(c.name, c.copy) for c in cards["hand 0"]] == [("Nap", 2), ("Shot!", 1)]
    assert [(c.name, c.copy) for c in cards["hand 1"]] == [("Nap", 0), ("Shot!", 0)]
    assert [(c.name, c.copy) for c in cards["money deck top"]] == [("Money", 7)]
    assert (cards["money deck"][-1].name, cards["money deck"][-1].copy) == ("Money", 3)
    with pytest.raises(catcards.GameParameterError, match="has copies #0 to #2"):
        game.new_game(0, deals={"hands": [["Nap#3"], []]})
    with pytest.raises(catcards.GameParameterError, match="named twice"):
        game.new_game(0, deals={"hands": [["Nap#1"], ["Nap#1"]]})
    with pytest.raises(catcards.GameParameterError, match="only Money"):
        game.new_game(0, deals={"money_deck": ["Nap"]})


@pytest.mark.parametrize("seed,steps", [(4, 60), (1, 140)])
def test_odds_see_nothing_hidden(seed, steps):
    game = catcards.load("card-game", players=3)
    state = played_to(game, seed, steps)
    assert not state.is_over
    for seat in (state.current_player, (state.current_player + 1) % 3):
        honest = catcards.odds(state, seat, rollouts=8, seed=3, progress=False)
        for k in range(2):
            world = state.sample_hidden(seat, np.random.default_rng(k))
            assert_frame_equal(honest, catcards.odds(world, seat, rollouts=8, seed=3, progress=False))
        assert honest["rollouts"].tolist() == [8] * len(honest)
