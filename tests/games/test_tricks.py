"""The shared trick logic (catcards/games/tricks.py): who wins a trick, the lead passes to the winner."""
from __future__ import annotations

import pytest

import catcards
from catcards import Card
from catcards.games import cat_trick, king_of_the_jungle
from catcards.games.tricks import Play, TrickState, winning_index


def test_highest_of_the_led_suit_wins_without_trump():
    assert winning_index(["red", "red", "blue"], [3, 9, 50]) == 1  # blue 50 is off suit
    assert winning_index(["red", "blue", "blue"], [1, 50, 30]) == 0  # only the lead is red
    assert winning_index(["green"], [4]) == 0


def test_highest_trump_wins_when_any_trump_is_played():
    assert winning_index(["pink", "blue", "blue", "pink"], [7, 2, 5, 8], trump="blue") == 2
    assert winning_index(["pink", "orange", "pink"], [3, 7, 6], trump="blue") == 2  # no trump played
    assert winning_index(["blue", "pink"], [2, 7], trump="blue") == 0  # trump led


def test_winning_index_rejects_a_malformed_trick():
    with pytest.raises(ValueError, match="one value per card"):
        winning_index([], [])
    with pytest.raises(ValueError, match="one value per card"):
        winning_index(["red", "red"], [1])


def test_play_action_text_and_repr():
    a = Play(Card("pink", 7))
    assert str(a) == "play pink 7" and eval(repr(a), {"Play": Play, "Card": Card}) == a
    lion = Play(Card("red", 50, "Lion"))
    assert str(lion) == "play Lion (red 50)"
    assert a == Play(Card("pink", 7)) and hash(a) == hash(Play(Card("pink", 7)))


def test_both_games_share_the_trick_flow_and_pass_the_lead_to_the_winner():
    for module in (cat_trick, king_of_the_jungle):
        assert module.Play is Play
    ct = catcards.load("cat-trick", players=3).new_game(1)
    kj = catcards.load("king-of-the-jungle", players=3).new_game(1)
    assert isinstance(ct, TrickState) and isinstance(kj, TrickState)
    for b in (1, 1, 1):
        kj.apply(king_of_the_jungle.Bid(b))
    for state in (ct, kj):
        leader = state.current_player
        for k in range(3):
            assert state.current_player == (leader + k) % 3  # clockwise: seat + 1
            state.apply(state.legal_actions()[-1])
        assert state.tricks_played == 1 and len(state.last_trick) == 3
        assert state.current_player == state.last_winner == state.leader
        assert [s for s, _ in state.last_trick] == [leader, (leader + 1) % 3, (leader + 2) % 3]
