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


# ---- a seat's view, read key by key (what play-outs give the computer players) ---------------------
def _positions(name: str, players: int, seeds=range(4), every: int = 3):
    """Seeded positions of game ``name`` along games played by "sensible" players, one in
    ``every`` actions (both games' sensible players never draw unless breaking a tie)."""
    import numpy as np

    from catcards.agents import make_agent

    agent = make_agent(name, "sensible")
    for seed in seeds:
        state = catcards.load(name, players=players).new_game(seed)
        rng = np.random.default_rng(seed)
        k = 0
        while not state.is_over:
            if k % every == 0:
                yield state
            seat, legal = state.current_player, state.legal_actions()
            state.apply(agent.choose(state.observation(seat), legal, rng) if len(legal) > 1 else legal[0])
            k += 1
        yield state


@pytest.mark.parametrize("name, players", [("king-of-the-jungle", 3), ("king-of-the-jungle", 4), ("cat-trick", 3),
                                           ("cat-trick", 5)])
def test_a_view_holds_the_observations_keys_and_values(name, players):
    """state.view(seat) reads the same table (OBSERVATION) as observation(seat): the same keys in
    the same order and equal values, for every seat and a spectator, at every third position of
    seeded games (round ends and the end of the game included)."""
    n = 0
    for state in _positions(name, players, seeds=range(2)):
        for seat in [None, *range(players)]:
            obs, view = state.observation(seat), state.view(seat)
            assert list(view) == list(obs) and len(view) == len(obs)
            assert {key: view[key] for key in obs} == obs and view == obs
            assert "hand" in view and "no such key" not in view
            n += 1
    assert n > 100
    with pytest.raises(catcards.GameParameterError, match="seat must be a whole number"):
        state.view(players)
    with pytest.raises(KeyError):
        state.view(0)["no such key"]


@pytest.mark.parametrize("name, strategies", [
    ("king-of-the-jungle", ("sensible", "top-cards", "average", "zero")),
    ("cat-trick", ("collector", "highest")),
])
def test_the_agents_choose_the_same_from_a_view_as_from_the_observation(name, strategies):
    """Play-outs give these agents the view (they declare takes_view): every strategy chooses the
    same action, with the same draws of its generator, from either, at every position of seeded
    4-player games."""
    import numpy as np

    from catcards.agents import make_agent

    agents = [make_agent(name, s) for s in strategies]
    assert all(a.takes_view for a in agents)
    n = 0
    for state in _positions(name, 4, every=1):
        if state.is_over or len(state.legal_actions()) == 1:
            continue
        seat, legal = state.current_player, state.legal_actions()
        for agent in agents:
            a, b = np.random.default_rng(n), np.random.default_rng(n)
            assert agent.choose(state.view(seat), legal, a) is agent.choose(state.observation(seat), legal, b)
            assert a.bit_generator.state == b.bit_generator.state
            n += 1
    assert n > 500
