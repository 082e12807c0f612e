"""The contract every registered game meets (docs/architecture.md): random playouts end, illegal actions raise
and change nothing, cards are conserved, the same seed replays the same game, JSON round-trips,
clones are independent, and observations never show a hidden card."""
from __future__ import annotations

import sys
from collections import Counter

import pytest

import catcards
from catcards.core import walk_cards
from catcards.simulate import agent_rngs, game_seed, play_game
from catcards.agents import RandomAgent

GAMES = catcards.list_games()
#: every player count a game accepts: its box's, and those it takes as a variant (Simon's Cat for 2)
TABLES = [
    (name, players)
    for name in GAMES
    for players in sorted({*range(catcards.game_class(name).min_players, catcards.game_class(name).max_players + 1),
                           *catcards.game_class(name).variant_players})
]
MANY = 1000  # light checks: games per (game, players)
DEEP = 12  # full per-step checks: games per (game, players)


def _all_cards(state):
    return Counter(c for cards in state.zones().values() for c in cards)


def _contract_game(name, players):
    """The game at ``players`` with default parameters, except a game class's ``contract_params``:
    a game whose random playouts end only by a safety limit declares a short one there."""
    cls = catcards.game_class(name)
    return catcards.load(name, players=players, **getattr(cls, "contract_params", {}))


def _scaled(name, count, least):
    """``count`` games, times a game class's ``contract_scale`` (long games, e.g. Pairs on a
    52-card board, ask for fewer), but at least ``least``."""
    return max(least, int(count * getattr(catcards.game_class(name), "contract_scale", 1)))


def _random_game(name, players, i, seed=7):
    game = _contract_game(name, players)
    state = game.new_game(game_seed(seed, i))
    return state, agent_rngs(seed, i, players)


def test_registry_lists_the_games():
    assert "simons-cat" in GAMES
    for name in GAMES:
        cls = catcards.game_class(name)
        assert cls.name == name and cls.title and cls.min_players <= cls.default_players <= cls.max_players


def test_unknown_game_is_a_clear_error():
    with pytest.raises(catcards.GameParameterError, match="no game called 'simons-dog'.*simons-cat"):
        catcards.load("simons-dog")


@pytest.mark.parametrize("name,players", TABLES)
def test_many_random_playouts_end_with_a_sound_outcome(name, players):
    agents = [RandomAgent()] * players
    lengths = []
    for i in range(_scaled(name, MANY, 100)):
        state, rngs = _random_game(name, players, i)
        start = _all_cards(state)
        play_game(state, agents, rngs, max_actions=200_000)
        out = state.outcome
        assert state.is_over and state.current_player is None and state.legal_actions() == ()
        assert len(out.scores) == players and set(out.winners) <= set(range(players)) and out.reason
        assert _all_cards(state) == start
        lengths.append(len(state.history))
    assert min(lengths) > 0


@pytest.mark.parametrize("name,players", TABLES)
def test_every_step_keeps_the_contract(name, players):
    agents = [RandomAgent()] * players
    seen_actions: list = []
    for i in range(_scaled(name, DEEP, 3)):
        state, rngs = _random_game(name, players, i, seed=11)
        start = _all_cards(state)
        assert all(n == 1 for n in start.values()), "every physical card is a distinct value"
        twin = state.game.new_game(state.seed, deals=state.deals)
        step = 0
        while not state.is_over:
            seat = state.current_player
            legal = state.legal_actions()
            assert legal, "a running game always offers an action"
            assert len({str(a) for a in legal}) == len(legal), "action texts are unique"
            for a in legal:  # repr rebuilds the action
                assert eval(repr(a), {**vars(sys.modules[type(a).__module__]), "Card": catcards.Card}) == a
            # observations hide what they must
            for s in [None, *range(players)]:
                hidden = {c for z in state.hidden_zones(s) for c in state.zones()[z]}
                shown = set(walk_cards(state.observation(s)))
                assert not hidden & shown, f"seat {s} sees hidden {hidden & shown}"
            # an illegal action raises and changes nothing
            before = state.to_json(), repr(state.observation(seat)), state.clone()
            for bad in [a for a in seen_actions if a not in legal][:3] + ["not an action"]:
                with pytest.raises(catcards.IllegalActionError) as err:
                    state.apply(bad)
                assert str(bad) in str(err.value)
                assert state.to_json() == before[0] and repr(state.observation(seat)) == before[1]
            # a clone goes its own way
            clone = before[2]
            action = agents[seat].choose(state.observation(seat), legal, rngs[seat])
            state.apply(action)
            twin.apply(twin.action_from_string(str(action)))
            seen_actions.extend(a for a in legal if a not in seen_actions)
            if step & (step - 1) == 0:  # steps 0, 1, 2, 4, 8, ...: replaying is O(length)
                assert len(clone.history) == len(state.history) - 1
                assert catcards.load_state(clone.to_json()).to_json() == clone.to_json()
                saved = catcards.load_state(state.to_json())
                assert saved.current_player == state.current_player
                assert repr(saved.observation(saved.current_player)) == repr(
                    state.observation(state.current_player)
                )
            assert _all_cards(state) == start
            step += 1
        assert twin.to_json() == state.to_json() and twin.outcome == state.outcome
        assert catcards.load_state(state.to_json()).outcome == state.outcome


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    game = _contract_game(name, catcards.game_class(name).default_players)
    a, b = game.new_game(123), game.new_game(123)
    agents = [RandomAgent()] * game.players
    play_game(a, agents, agent_rngs(5, 0, game.players))
    play_game(b, agents, agent_rngs(5, 0, game.players))
    assert a.to_json() == b.to_json() and a.log == b.log
    c = game.new_game(124)
    play_game(c, agents, agent_rngs(5, 0, game.players))
    assert c.log != a.log


@pytest.mark.parametrize("name", GAMES)
def test_params_rebuild_the_game_and_bad_players_fail_early(name):
    cls = catcards.game_class(name)
    game = catcards.load(name)
    assert catcards.load(name, **game.params) == game
    assert eval(repr(game), {"catcards": catcards}) == game
    for bad in (0, cls.max_players + 1, 2.5, "four"):
        with pytest.raises(catcards.GameParameterError, match="players"):
            catcards.load(name, players=bad)
    with pytest.raises(catcards.GameParameterError):
        catcards.load(name, no_such_parameter=1)
    with pytest.raises(catcards.GameParameterError, match="seed"):
        game.new_game(-1)


@pytest.mark.parametrize("name", GAMES)
def test_a_state_shows_itself_in_a_notebook_with_its_tables_board(name):
    """One picture of a game (issue 31): a state in a notebook cell draws the board its table
    draws (registered with ``catcards.render.board``), as a spectator sees it, and under it the
    cards face down at the table, face up."""
    from catcards.render import BOARDS, CARD_ROWS, cards_html, notebook_seat_label

    state = catcards.load(name).new_game(3)
    html = state._repr_html_()
    board = BOARDS.get(name)
    if board is None:  # a plugin's game may register none: then every zone is drawn
        assert not type(state.game).__module__.startswith("catcards."), f"{name} registers no board in catcards/render/"
        assert all(cards_html(cards, 40, empty="-") in html for cards in state.zones().values())
    else:
        assert board(state.observation(None), notebook_seat_label, state.game) in html
        faces = CARD_ROWS.get(name, lambda cards, game: cards_html(cards, 40, empty="-"))  # Card Game, Cat Days: their own
        hidden = state.hidden_zones(None)
        assert hidden and all(faces(state.zones()[z], state.game) in html for z in hidden)
    assert html.startswith(f"<div><b>{state.game.title}</b> (seed 3: a new game, no moves yet)".replace("'", "&#x27;"))


def test_a_look_alike_action_is_replaced_by_the_legal_one():
    """An action that only compares equal to a legal one (numpy or float fields) is applied and
    recorded as the legal object itself, so the game and its save stay sound."""
    import numpy as np
    from catcards.games.king_of_the_jungle import Bid

    state = catcards.load("king-of-the-jungle", players=3).new_game(1)
    legal = {str(a): a for a in state.legal_actions()}
    state.apply(Bid(np.int64(3)))
    assert state.history[-1] is legal["bid 3"] and str(state.history[-1]) == "bid 3"
    while not state.is_over and state.hand_no == 1:
        state.apply(state.legal_actions()[0])
    assert state.hand_results and catcards.load_state(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_malformed_deals_and_seats_are_clear_errors(name):
    import numpy as np

    game = catcards.load(name)
    with pytest.raises(catcards.GameParameterError):
        game.new_game(0, deals=5)
    state = game.new_game(0)
    assert state.observation(np.int64(0))["seat"] == 0
    for bad in (True, 1.5, game.players, "0"):
        with pytest.raises(catcards.GameParameterError, match="seat must be a whole number") as err:
            state.observation(bad)
        assert isinstance(err.value, ValueError)  # code that caught the old ValueError still does


@pytest.mark.parametrize("name, params, reason", [
    ("pairs", dict(numbers=1, copies=2, players=6), "no pair is left to find after 1 turn; the most pairs (1) win"),
    ("pairs", dict(numbers=1, copies=2, players=1), "the table was cleared of pairs in 1 turn"),
    ("snap", dict(max_turns=1), "the turn limit (1 card turned) was reached; the most cards (25) win"),
    ("card-game", dict(max_turns=1), "turn limit (1 turn) reached; most points (0) wins"),
    ("cat-days", dict(max_turns=1), "stopped by the turn limit (1 turn), scored as it stands; 3 to 0: seat 0 wins"),
])
def test_one_turn_is_said_in_the_singular_at_the_end_of_a_game(name, params, reason):
    """Break-it (break56): the end of a game students read said "after 1 turns", "(1 cards
    turned)", "(1 turns)". Only the text for 1 changes (a reason is part of a save's digest)."""
    import numpy as np

    state = catcards.load(name, **params).new_game(seed=1)
    rng = np.random.default_rng(0)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.integers(len(legal))])
    assert state.outcome.reason == reason
    assert state.log[-1].endswith(reason + ".")
    assert " 1 turns" not in state.log[-1] and " 1 cards" not in state.log[-1]
