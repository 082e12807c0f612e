"""Card Game: exact bluffing probabilities (catcards.analysis.card_game) and the bluffing agent."""
from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

import catcards
from catcards.agents import make_agent
from catcards.games.card_game import Claim
from catcards.analysis.card_game import (
    believe_value,
    break_even,
    challenge_value,
    claim_odds,
    p_genuine,
    p_holds,
    unseen_cards,
)


def test_p_holds_small_cases_by_hand():
    assert p_holds(1, 4, 1) == Fraction(1, 4)
    assert p_holds(2, 4, 1) == Fraction(1, 2)
    assert p_holds(2, 4, 2) == Fraction(5, 6)  # 1 - C(2,2)/C(4,2)
    assert p_holds(3, 10, 0) == 0 and p_holds(9, 10, 2) == 1


def test_p_holds_is_one_minus_the_chance_of_none():
    assert p_holds(6, 39, 3) == 1 - Fraction(comb(36, 6), comb(39, 6))


def test_bayes_and_break_even():
    assert p_genuine(Fraction(1, 2), Fraction(1, 2)) == Fraction(2, 3)
    assert p_genuine(Fraction(1, 3), 0) == 1
    with pytest.raises(ValueError, match="no claim"):
        p_genuine(0, 0)
    with pytest.raises(ValueError, match="bluff_rate"):
        p_genuine(Fraction(1, 2), 2)
    for diff in (False, True):
        q = break_even(diff)
        assert challenge_value(q, diff) == believe_value(diff) == -1
        assert challenge_value(q - Fraction(1, 100), diff) > -1 > challenge_value(q + Fraction(1, 100), diff)
    assert break_even() == Fraction(1, 2) and break_even(True) == Fraction(2, 3)


def test_unseen_cards_and_claim_odds_from_a_seat():
    game = catcards.load("card-game", players=3)
    s = game.new_game(1, deals={"hands": [["Nap", "Golden Yarn", "Nap"], ["Shot!", "Nap"], ["Joker"]],
                                 "discard": ["Shot!"], "front": [["Sushi Tray"], [], []],
                                 "money": [["Money"], [], []]})
    s.apply(s.action_from_string("take Money"))
    s.apply(s.action_from_string("claim Shot! on seat 1 with Nap face down"))
    obs = s.observation(1)
    # 44 main-deck cards less Suicide Kitten = 43 that can be in a hand; seat 1 sees its 2 cards,
    # the Shot! discarded and the Sushi Tray: 39 unseen; 3 Shot! + 2 Jokers less 2 seen = 3 genuine
    assert unseen_cards(obs, "Shot!") == (39, 3)
    # seat 0 holds 2 cards + the face-down one
    assert claim_odds(obs, 0, "Shot!") == p_holds(3, 39, 3) == 1 - Fraction(comb(36, 3), comb(39, 3))
    assert claim_odds(obs, 0, "Shot!", bluff_rate=Fraction(1, 2)) == p_genuine(p_holds(3, 39, 3), Fraction(1, 2))
    with pytest.raises(ValueError, match="not in the card list"):
        unseen_cards(obs, "Cat 7")


def _claim_state():
    game = catcards.load("card-game", players=2)
    s = game.new_game(2, deals={"hands": [["Nap"], ["Golden Yarn"]], "money": [["Money"], []], "tokens": [1, 1]})
    s.apply(s.action_from_string("take Money"))
    s.apply(s.action_from_string("claim Shot! on seat 1 with Nap face down"))
    return s


@pytest.mark.parametrize("threshold,expected", [(0, "believe"), (1.01, "challenge")])
def test_bluffer_challenges_by_threshold(threshold, expected):
    s = _claim_state()
    agent = make_agent("card-game", "bluffer", threshold=threshold)
    assert str(agent.choose(s.observation(1), s.legal_actions(), np.random.default_rng(0))) == expected


def test_bluffer_bluff_rate_decides_claims_without_the_card():
    game = catcards.load("card-game", players=2)
    s = game.new_game(3, deals={"hands": [["Fortune Teller", "Golden Yarn"], ["Nap"]], "main": ["Sullen House"],
                                 "money": [[], []], "tokens": [0, 2]})
    s.apply(s.action_from_string("draw from the main deck"))  # no money: only Lucky Cat can be claimed
    honest = make_agent("card-game", "bluffer", bluff=0)
    liar = make_agent("card-game", "bluffer", bluff=1)
    legal = s.legal_actions()
    obs = s.observation(0)
    hand = {c.name for c in obs["hand"]}
    assert not ({"Shot!", "Lucky Cat", "Joker"} & hand)
    picks = [honest.choose(obs, legal, np.random.default_rng(i)) for i in range(10)]
    assert not any(isinstance(p, Claim) for p in picks)
    lies = [liar.choose(obs, legal, np.random.default_rng(i)) for i in range(10)]
    assert all(isinstance(p, Claim) and p.facedown != p.name for p in lies)


def test_bluffer_bad_options_fail_clearly():
    with pytest.raises(catcards.GameParameterError, match="bluff must be"):
        make_agent("card-game", "bluffer", bluff=1.5)


def test_a_bluffer_beats_random_players():
    df = catcards.simulate("card-game", games=90, seed=4, agents=["bluffer", "random", "random"], players=3,
                           progress=False)
    assert df.win_0.mean() > max(df.win_1.mean(), df.win_2.mean())
