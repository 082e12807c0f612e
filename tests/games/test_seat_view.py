"""``state.view(seat)`` (catcards.seat_view.SeatView) shows exactly ``observation(seat)``, computes a
key only when it is read, and a computer player chooses the same from either (issue 30: the play
loops hand agents the view, so rollouts and play run the same agent code)."""
from __future__ import annotations

import numpy as np
import pytest

import catcards
from catcards.agents import make_agent
from catcards.games.card_game.claims import claim_counts, claim_odds, odds_from_counts
from catcards.seat_view import SeatView

#: (game, parameters, strategies compared on the view and on the observation)
CASES = [
    ("cat-days", {}, ("sensible", "patient")),
    ("card-game", {}, ("bluffer",)),
    ("card-game", {"players": 4}, ("bluffer",)),
    ("simons-cat", {"players": 4}, ("sensible",)),
]


def _positions(name: str, params: dict, games: int = 3):
    """Every position of a few seeded games played by random choices."""
    game = catcards.load(name, **params)
    for g in range(games):
        state = game.new_game(g)
        rng = np.random.default_rng(g)
        while not state.is_over:
            yield state
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("name, params, strategies", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_view_is_the_observation_and_agents_choose_the_same(name, params, strategies):
    agents = [make_agent(name, s) for s in strategies]
    seen = 0
    for state in _positions(name, params):
        for seat in [*range(state.game.players), None]:
            view = state.view(seat)
            assert isinstance(view, SeatView)
            assert dict(view) == state.observation(seat)
            assert len(view) == len(state.observation(seat))
        seat = state.current_player
        legal = state.legal_actions()
        for agent in agents:
            seed = seen
            a = agent.choose(state.observation(seat), legal, np.random.default_rng(seed))
            b = agent.choose(state.view(seat), legal, np.random.default_rng(seed))
            assert a == b, (name, len(state.history), a, b)
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("name", ["cat-days", "card-game"])
def test_a_view_computes_a_key_when_read_and_checks_its_seat(name):
    state = catcards.load(name).new_game(0)
    view = state.view(0)
    assert repr(view) == "SeatView(seat=0, read=[])"
    assert view["seat"] == 0 and view.get("hand") == state.observation(0)["hand"]
    assert repr(view) == "SeatView(seat=0, read=['hand', 'seat'])"
    with pytest.raises(KeyError):
        view["no such key"]
    with pytest.raises(ValueError):
        state.view(5)


def test_claim_odds_from_counts_equal_the_odds_and_the_rulebook_formula():
    from fractions import Fraction
    from math import comb

    for state in _positions("card-game", {"players": 3}, games=1):
        obs = state.observation(0)
        hand, unseen, good = claim_counts(obs, 1, "Shot!")
        assert claim_odds(obs, 1, "Shot!") == odds_from_counts(hand, unseen, good)
        assert odds_from_counts(hand, unseen, good) == 1 - Fraction(comb(unseen - good, hand), comb(unseen, hand))
