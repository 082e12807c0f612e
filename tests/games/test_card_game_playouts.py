"""Card Game: random and bluffing playouts with the parameters the contract test leaves at their
defaults (Final Round variant, another first player, a short turn limit), checked like the contract."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import catcards
from catcards.agents import RandomAgent, make_agent
from catcards.core import walk_cards
from catcards.simulate import agent_rngs, game_seed, play_game


def _cards(state):
    return Counter(c for cards in state.zones().values() for c in cards)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_final_round_variant_playouts_end_and_conserve_cards(players):
    game = catcards.load("card-game", players=players, final_round=True, first_player=players - 1)
    reasons = Counter()
    for i in range(60):
        state = game.new_game(game_seed(9, i))
        start = _cards(state)
        agents = [RandomAgent() if s % 2 else make_agent("card-game", "bluffer") for s in range(players)]
        play_game(state, agents, agent_rngs(9, i, players), max_actions=50_000)
        assert state.is_over and _cards(state) == start
        reasons[state.outcome.reason.split(";")[0].split(": ")[0]] += 1
        assert catcards.load_state(state.to_json()).outcome == state.outcome
    assert reasons["Final Round"] > 0  # the variant really ends games


def test_hidden_cards_never_show_in_bluffer_games():
    game = catcards.load("card-game", players=3, final_round=True)
    agents = [make_agent("card-game", "bluffer", bluff=0.8, threshold=0.9)] * 3
    for i in range(4):
        state = game.new_game(game_seed(21, i))
        rngs = agent_rngs(21, i, 3)
        while not state.is_over:
            zones = state.zones()
            for seat in (None, 0, 1, 2):
                hidden = {c for z in state.hidden_zones(seat) for c in zones[z]}
                assert not hidden & set(walk_cards(state.observation(seat)))
            seat = state.current_player
            state.apply(agents[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat]))


def test_turn_limit_is_flagged_in_the_outcome():
    game = catcards.load("card-game", players=2, max_turns=3)
    state = game.new_game(1, deals={"hands": [[], []], "tokens": [1, 0]})
    for _ in range(3):
        assert not state.is_over
        state.apply(state.action_from_string("take Money"))
        state.apply(state.action_from_string("end turn"))
    assert state.is_over and state.turn == 3
    assert state.outcome.reason == "turn limit (3 turns) reached; most points (1) wins"
    assert state.outcome.winners == (0,)
    with pytest.raises(catcards.GameParameterError, match="max_turns"):
        catcards.load("card-game", max_turns=0)


def test_kept_tables_agree_with_the_cards():
    """What the engine keeps as cards come and go (issue 14: money per seat, Cheap Day on the
    table, the other seats still in) equals what the cards say, at every step of random games
    (Jokers as Dark Flower, Pickpocket, players going out, Cheap Day dealt onto the table)."""
    checked = Counter()
    for players, final_round, deals in ((2, True, None), (3, False, None), (5, True, None),
                                        (3, False, {"table": ["Cheap Day"]})):
        game = catcards.load("card-game", players=players, final_round=final_round)
        for i in range(12):
            state = game.new_game(game_seed(5, i), deals=deals)
            rngs = agent_rngs(5, i, players)
            while not state.is_over:
                assert state.cash == [state._count_cash(s) for s in range(players)]
                assert state.cheap == any(x == "Cheap Day" for _, x in state.table)
                for s in range(players):
                    assert state.seating[s].others == tuple(
                        (s + k) % players for k in range(1, players) if not state.out[(s + k) % players])
                checked["flower"] += bool(state.flower_jokers)
                checked["cheap"] += state.cheap
                checked["out"] += any(state.out)
                legal = state.legal_actions()
                state.apply(legal[int(rngs[0].integers(len(legal)))])
    assert min(checked.values()) > 0 and len(checked) == 3  # every kept value met a case that changes it


def test_clone_copies_every_attribute_and_plays_on_identically():
    """A Card Game state keeps its own attributes in slots and State's in its dict, and its clone
    copies them by name (``CardGameState._shallow_copy``: State's and its slots, issue 14): no
    attribute may be set outside those
    names (it would not be copied), and a clone taken at any point plays on exactly as the same game
    replayed from its save (same log, outcome and history), also after a Final Round lands and
    players go out."""
    from catcards.core import State
    from catcards.games.card_game.engine import CardGameState

    copied = set(State._core_fields) | set(CardGameState.__slots__)
    met = Counter()
    for players in (2, 3, 5):
        game = catcards.load("card-game", players=players, final_round=True)
        for i in range(10):
            state = game.new_game(game_seed(11, i))
            rngs = agent_rngs(11, i, 2)
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[int(rngs[0].integers(len(legal)))])
                if int(rngs[1].integers(25)) == 0:
                    clone, seed = state.clone(), int(rngs[1].integers(2**31))
                    assert clone.to_json() == state.to_json() and clone.log == state.log
                    twin = catcards.load_state(state.to_json())  # replayed, not cloned
                    for s in (clone, twin):
                        pick = np.random.default_rng(seed)
                        while not s.is_over:
                            moves = s.legal_actions()
                            s.apply(moves[int(pick.integers(len(moves)))])
                    assert clone.log == twin.log and clone.outcome == twin.outcome
                    assert clone.to_json() == twin.to_json()
                    met["clone"] += 1
            met["out"] += any(state.out)
            met["final"] += any(name == "Final Round" for _, name in state.table) or state.final_last is not None
            assert set(vars(state)) <= copied, set(vars(state)) - copied
    assert min(met.values()) > 0 and len(met) == 3


def test_the_shown_listener_hears_its_own_game_and_not_a_clone():
    """``on_shown`` (explore's listener for the cards an effect shows) is called by the game it is
    set on, with the cards shown; a clone starts without it (it would report another line of play)."""
    game = catcards.load("card-game", players=3)
    heard = []
    for i in range(30):
        state = game.new_game(i)
        state.on_shown = heard.append
        rng = np.random.default_rng(i)
        while not state.is_over:
            assert state.clone().on_shown is None
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert heard and all(isinstance(cards, list) and all(isinstance(c, int) for c in cards) for cards in heard)
