"""King of the Jungle: rulebook examples as stacked-deck tests (rulebooks/wildcat-and-dinohistoria.txt,
rules/wildcat.md)."""
from __future__ import annotations

import pytest

import catcards
from catcards import Card, GameParameterError, IllegalActionError
from catcards.games.king_of_the_jungle import (
    Bid,
    KingOfTheJungle,
    Play,
    card_from_name,
    forbidden_bid,
    hand_points,
)

SUITS = ["red", "blue", "green", "yellow"]
VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 50]


def suit(name):
    return [f"{name} {v}" for v in VALUES]


def rotated(k, players=4):
    """A deal where seat (k + i) holds the whole suit i (seat k holds red)."""
    hands = [None] * players
    for i in range(players):
        hands[(k + i) % players] = suit(SUITS[i])
    return hands


def bid(state, *bids):
    for b in bids:
        state.apply(Bid(b))
    return state


def play_out(state):
    """Play the hand to its end: each seat plays its first legal card."""
    start = state.hand_no
    while not state.is_over and state.hand_no == start:
        state.apply(state.legal_actions()[0])
    return state


def test_rulebook_bidding_example_last_bidder_may_not_bid_4():
    state = KingOfTheJungle(players=4).new_game(1)
    assert state.current_player == 0 and state.dealer == 3  # first_player 0 is left of the dealer
    bid(state, 4, 0, 5)
    legal = [a.tricks for a in state.legal_actions()]
    assert legal == [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    assert state.observation(3)["forbidden_bid"] == 4
    before = state.to_json(), repr(state.observation(3)), state.log[:]
    with pytest.raises(IllegalActionError, match=r"total 13 \(4 \+ 0 \+ 5 \+ 4\)"):
        state.apply(Bid(4))
    with pytest.raises(IllegalActionError, match="0 to 13"):
        state.apply(Bid(14))
    assert (state.to_json(), repr(state.observation(3)), state.log) == before
    bid(state, 5)
    assert state.phase == "play" and state.bids == [4, 0, 5, 5] and state.current_player == 0


def test_forbidden_bid_only_binds_the_last_bidder():
    assert forbidden_bid([4, 0, 5], 4) == 4
    assert forbidden_bid([4, 0], 4) is None
    assert forbidden_bid([7, 7, 7], 4) is None  # total already over 13: any bid keeps it off 13
    assert forbidden_bid([13, 0], 3) == 0
    state = KingOfTheJungle(players=4).new_game(1)
    bid(state, 4, 0)
    assert len(state.legal_actions()) == 14  # an early bidder may make any bid


def test_scoring_examples_from_the_rulebook():
    assert hand_points(4, 4) == 18  # "player A would score 18 points"
    assert hand_points(4, 2) == -2 and hand_points(4, 6) == -2  # "deduct 2 points"
    assert hand_points(0, 0) == 20  # a bid of 0 made
    assert hand_points(0, 3) == -3  # "for every trick scored they deduct 1 point"
    assert hand_points(13, 13) == 36
    with pytest.raises(ValueError, match="from 0 to 13"):
        hand_points(14, 3)


def test_must_follow_suit_and_a_discard_cannot_win():
    hands = [
        ["red 1", "red 2", "blue 1"] + suit("green")[:10],
        ["red 3", "blue 2", "blue 3"] + suit("green")[10:] + suit("yellow")[:7],
        ["blue 50", "blue 4", "blue 5"] + suit("yellow")[7:] + ["red 4", "red 5", "red 6", "red 7"],
        ["red 8", "red 9", "Jaguar (red 10)", "Wildcat (red 20)", "Tiger (red 30)", "Lion (red 50)"]
        + [f"blue {v}" for v in (6, 7, 8, 9, 10, 20, 30)],
    ]
    state = KingOfTheJungle(players=4).new_game(2, deals=[hands])
    bid(state, 1, 1, 1, 1)
    state.apply(Play(card_from_name("red 2")))  # seat 0 leads red
    assert [str(a) for a in state.legal_actions()] == ["play red 3"]  # seat 1 must follow
    before = state.to_json(), repr(state.observation(1))
    with pytest.raises(IllegalActionError, match="you must follow suit: red was led and you hold red"):
        state.apply(Play(card_from_name("blue 2")))
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply(Play(card_from_name("red 50")))
    with pytest.raises(IllegalActionError, match="everyone bids|bidding is over"):
        state.apply(Bid(2))
    assert (state.to_json(), repr(state.observation(1))) == before
    state.apply(Play(card_from_name("red 3")))
    # seat 2 holds red 4-7 and must follow too
    assert {a.card.suit for a in state.legal_actions()} == {"red"}
    state.apply(Play(card_from_name("red 4")))
    state.apply(Play(card_from_name("red 8")))
    assert state.last_winner == 3
    # seat 3 leads blue; seat 0 follows with blue 1; seat 1 follows blue; seat 2 Lion of blue wins
    state.apply(Play(card_from_name("blue 6")))
    state.apply(Play(card_from_name("blue 1")))
    state.apply(Play(card_from_name("blue 2")))
    state.apply(Play(card_from_name("Lion (blue 50)")))
    assert state.last_winner == 2
    # seat 2 leads yellow 9: seat 3 has no yellow left? it has none at all: it may discard anything
    state.apply(Play(card_from_name("yellow 9")))
    assert len(state.legal_actions()) == len(state.hands[3]) == 11
    state.apply(Play(card_from_name("Lion (red 50)")))  # a discard, however high, cannot win
    state.apply(Play(card_from_name("red 1")))  # seat 0: no yellow, discards
    state.apply(Play(card_from_name("yellow 1")))
    assert state.last_winner == 2 and state.won == [0, 0, 2, 1]


def test_a_full_stacked_game_starts_at_20_and_ends_past_90_with_the_highest_score():
    deals = [rotated(0), rotated(1), rotated(2)]
    state = KingOfTheJungle(players=4).new_game(3, deals=deals)
    assert state.scores == [20, 20, 20, 20]
    # hand 1: dealer 3; seat 0 holds all red, leads red and wins all 13 tricks
    bid(state, 13, 0, 0)
    assert state.observation(3)["forbidden_bid"] == 0  # 13 + 0 + 0 + 0 = 13
    bid(state, 1)
    play_out(state)
    r = state.hand_results[0]
    assert r["won"] == [13, 0, 0, 0] and r["points"] == [36, 20, 20, -1]
    assert state.scores == [56, 40, 40, 19]
    # hand 2: the deal passes left: dealer 0, seat 1 bids first and leads
    assert state.dealer == 0 and state.current_player == 1 and state.hand_no == 2
    bid(state, 13, 0, 0, 1)
    play_out(state)
    assert state.scores == [55, 76, 60, 39]
    # hand 3: dealer 1, seat 2 leads its red suit; seat 2 bids 12 and misses by 1
    assert state.current_player == 2
    bid(state, 12, 0, 0, 0)
    play_out(state)
    assert state.hand_results[-1]["points"] == [20, 20, -1, 20]
    assert state.scores == [75, 96, 59, 59]
    assert state.is_over and state.outcome.winners == (1,) and state.outcome.scores == (75, 96, 59, 59)
    assert "reached 90" in state.outcome.reason and state.current_player is None


def test_several_past_the_target_the_highest_wins_and_a_tie_shares():
    state = KingOfTheJungle(players=4, target=40).new_game(3, deals=[rotated(0)])
    bid(state, 13, 0, 0, 1)
    play_out(state)  # [56, 40, 40, 19]: three reach 40, seat 0 is highest
    assert state.is_over and state.outcome.winners == (0,)
    state = KingOfTheJungle(players=4, target=40).new_game(3, deals=[rotated(0)])
    bid(state, 12, 0, 0, 0)
    play_out(state)  # [19, 40, 40, 40]
    assert state.outcome.winners == (1, 2, 3) and state.outcome.shared


def test_hand_limit_ends_the_game_with_the_highest_score():
    state = KingOfTheJungle(players=3, max_hands=1).new_game(4, deals=[rotated(0, 3)])
    assert {c.suit for c in state.observation(0)["hand"]} == {"red"}
    bid(state, 13, 0)
    assert [a.tricks for a in state.legal_actions()][:2] == [1, 2]  # 13 + 0 + 0 would be 13
    bid(state, 2)
    play_out(state)
    assert state.scores == [56, 40, 18]
    assert state.is_over and state.outcome.winners == (0,)
    assert state.outcome.reason == (
        "nobody reached 90 points in 1 hand (the hand limit); seat 0 had the highest score (56)"
    )


def test_three_players_use_three_suits():
    state = catcards.load("king-of-the-jungle", players=3).new_game(8)
    cards = [c for z in state.zones().values() for c in z]
    assert len(cards) == 39 and {c.suit for c in cards} == {"red", "blue", "green"}
    assert [len(h) for h in state.hands] == [13, 13, 13]
    with pytest.raises(GameParameterError, match="3-player King of the Jungle deck"):
        KingOfTheJungle(players=3).new_game(1, deals=[[suit("yellow"), suit("red"), suit("blue")]])


def test_parameters_are_checked():
    for bad in (dict(first_player=4), dict(target=20), dict(target=90.0), dict(max_hands=0)):
        with pytest.raises(GameParameterError):
            KingOfTheJungle(players=4, **bad)
    with pytest.raises(GameParameterError, match="red 3 is dealt twice"):
        KingOfTheJungle(players=4).new_game(1, deals=[[suit("red"), ["red 3"] + suit("blue")[1:], suit("green"), suit("yellow")]])
    assert card_from_name("lion (red 50)") == Card("red", 50, "Lion") == card_from_name("red 50")


def test_observation_shows_bids_and_tricks_but_not_other_hands():
    state = KingOfTheJungle(players=4, first_player=2).new_game(5)
    assert state.current_player == 2 and state.dealer == 1
    bid(state, 3, 2, 4, 3)
    obs = state.observation(0)
    assert obs["bids"] == [4, 3, 3, 2] and obs["phase"] == "play" and obs["hand_sizes"] == [13] * 4
    assert len(obs["hand"]) == 13 and state.hidden_zones(0) == ["hand 1", "hand 2", "hand 3"]
    assert obs["scores"] == [20] * 4 and obs["target"] == 90


# ---- exact answers and simulations (catcards.analysis.king_of_the_jungle) ----------------------
def test_exact_lion_chances():
    from fractions import Fraction
    from math import comb

    from catcards.analysis import king_of_the_jungle as kj

    dist = kj.lions_distribution(4)
    assert sum(dist.values()) == 1 and dist[4] == Fraction(comb(48, 9), comb(52, 13))
    assert kj.p_hold_a_lion(4) == 1 - Fraction(comb(48, 13), comb(52, 13))
    assert kj.p_hold_lion_of_suit(3) == Fraction(1, 3)
    assert kj.p_top_two_of_suit(4) == Fraction(13 * 12, 52 * 51) == Fraction(1, 17)
    assert sum(k * p for k, p in kj.lions_distribution(3).items()) == 1  # 3 Lions, 3 hands


def test_simulated_hands_share_13_tricks_and_compare_bidding_reports_intervals():
    from catcards.analysis import king_of_the_jungle as kj

    hands = kj.simulate_hands(players=3, hands=20, seed=2)
    assert len(hands) == 60 and hands.groupby("hand")["won"].sum().eq(13).all()
    assert (hands["made"] == (hands["bid"] == hands["won"])).all()
    assert hands.groupby("hand")["lions"].sum().eq(3).all()
    table = kj.compare_bidding(("sensible", "zero", "average"), games=6, seed=1, players=3, target=40)
    assert list(table["rule"]) == ["sensible", "zero", "average"] and table["games"].eq(6).all()
    assert ((table["low"] <= table["win_rate"]) & (table["win_rate"] <= table["high"])).all()
    # every rule bids in every hand of every game, so all rules count the same hands
    assert table["hands"].nunique() == 1 and table["hands"].iloc[0] >= 6
    assert ((0 <= table["made"]) & (table["made"] <= table["hands"])).all()
    assert (table["made_rate"] == table["made"] / table["hands"]).all()
    with pytest.raises(ValueError, match="one bidding rule per seat"):
        kj.compare_bidding(("zero",), games=1)


def test_bidder_agents_bid_legally_and_replace_the_forbidden_bid():
    from catcards.agents import make_agent
    from catcards.agents.king_of_the_jungle import expected_tricks

    agent = make_agent("king-of-the-jungle", "average")
    state = KingOfTheJungle(players=4).new_game(1)
    bid(state, 3, 3, 4)  # the last bidder may not bid 3; "average" wants 3: nearest lower is 2
    import numpy as np

    choice = agent.choose(state.observation(3), state.legal_actions(), np.random.default_rng(0))
    assert choice == Bid(2)
    lions = [Card(s, 50, "Lion") for s in SUITS] + [Card("red", v) for v in range(1, 10)]
    assert expected_tricks(lions, 4) == 4.0 + 0.3 * (10 - 4)
