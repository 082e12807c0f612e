"""Simon's Cat Card Game: the rulebook's cases as stacked-deck tests (``rulebooks/simons-cat.txt``,
"How to Play" and "End of Game"; decisions in ``rules/simons-cat.md``)."""
from __future__ import annotations

import json

import pytest

import catcards
from catcards import Card, GameParameterError, IllegalActionError
from catcards.games.simons_cat import MISCHIEF, Play, SimonsCat


def legal(state):
    return sorted(str(a) for a in state.legal_actions())


def do(state, *texts):
    for text in texts:
        state.apply(state.action_from_string(text))


def test_the_deck_is_the_rulebooks():
    assert len(MISCHIEF) == 36 and len(set(MISCHIEF)) == 36
    counts = {}
    for c in MISCHIEF:
        counts.setdefault(c.suit, []).append(c.rank)
    assert counts == {
        "Cat": list(range(3, 13)),
        "Kitten": list(range(3, 11)),
        "Hedgehog": list(range(3, 9)),
        "Dog": list(range(1, 7)),
        "Mouse": list(range(1, 5)),
        "Gnome": [1, 2],
    }


@pytest.mark.parametrize("players,hand,aside", [(3, 12, 0), (4, 9, 0), (5, 7, 1), (6, 6, 0), (2, 18, 0)])
def test_default_deal_is_the_largest_equal_number(players, hand, aside):
    game = catcards.load("simons-cat", players=players)
    assert (game.hand_size, game.set_aside) == (hand, aside)
    state = game.new_game(1)
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.observation(0)["set_aside"]) == aside
    assert game.is_variant == (players == 2)


def test_opening_card_is_cat_4_when_cat_3_is_set_aside():
    # 5 players x 7 cards: one card set aside, here the Cat 3 (rulebook: "play the Cat 4 instead")
    deck = [c for c in MISCHIEF if str(c) != "Cat 3"]
    hands = [deck[i::5] for i in range(5)]
    state = catcards.load("simons-cat", players=5).new_game(0, deals=[hands])
    assert [str(c) for c in state.observation(None)["set_aside"]] == ["Cat 3"]
    holder = next(s for s in range(5) if Card("Cat", 4) in hands[s])
    assert state.current_player == holder
    assert legal(state) == ["play Cat 4"]
    other = next(str(c) for c in hands[holder] if str(c) != "Cat 4")
    with pytest.raises(IllegalActionError, match="must open with Cat 4"):
        do(state, f"play {other}")


def test_opening_goes_on_to_cat_5_when_cat_3_and_cat_4_are_aside():
    hands = [["Cat 5", "Dog 1"], ["Kitten 3", "Mouse 1"], ["Gnome 1", "Cat 9"]]
    state = catcards.load("simons-cat", players=3, hand_size=2).new_game(0, deals=[hands])
    assert state.current_player == 0 and legal(state) == ["play Cat 5"]


def test_match_colour_or_number_and_take_the_mess_only_when_nothing_matches():
    hands = [["Cat 3", "Dog 3"], ["Cat 7", "Mouse 1"], ["Kitten 7", "Kitten 8"]]
    state = catcards.load("simons-cat", players=3, hand_size=2).new_game(0, deals=[hands])
    do(state, "play Cat 3")
    # seat 1: Cat 7 matches the colour; Mouse 1 matches neither; taking is not allowed
    assert state.current_player == 1 and legal(state) == ["play Cat 7"]
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="Mouse 1 matches neither the colour .Cat. nor the number .3."):
        do(state, "play Mouse 1")
    with pytest.raises(IllegalActionError, match="only when no card in your hand matches"):
        state.apply(catcards.games.simons_cat.TAKE)
    assert state.to_json() == before
    do(state, "play Cat 7")
    # seat 2: Kitten 7 matches the number
    assert legal(state) == ["play Kitten 7"]
    do(state, "play Kitten 7")
    # seat 0: Dog 3 matches nothing on Kitten 7: the only action is to take the mess
    assert state.current_player == 0 and legal(state) == ["take the mess"]
    do(state, "take the mess")
    obs = state.observation(0)
    assert [[str(c) for c in m] for m in obs["messes"][0]] == [["Cat 3", "Cat 7", "Kitten 7"]]
    assert obs["pile"] == [] and obs["mess_counts"] == [1, 0, 0]
    # the taker still holds a card and starts the next mess with any card
    assert state.current_player == 0 and legal(state) == ["play Dog 3"]
    do(state, "play Dog 3")
    # seat 1 cannot match Dog 3 with Mouse 1: a second, separate mess for seat 1
    do(state, "take the mess", "play Mouse 1")
    assert state.current_player == 2 and legal(state) == ["take the mess"]
    do(state, "take the mess")
    obs = state.observation(None)
    assert obs["mess_counts"] == [1, 1, 1]
    assert [str(m[-1]) for ms in obs["messes"] for m in ms] == ["Kitten 7", "Dog 3", "Mouse 1"]


def test_the_last_pile_is_taken_by_no_one_and_no_messes_means_no_simon_card():
    hands = [["Cat 3", "Cat 4"], ["Cat 5", "Cat 7"], ["Cat 6", "Cat 8"]]
    state = catcards.load("simons-cat", players=3, hand_size=2).new_game(0, deals=[hands])
    do(state, "play Cat 3", "play Cat 5", "play Cat 6", "play Cat 4")
    # seat 0's hand is empty now; seats 1 and 2 play their last cards
    do(state, "play Cat 7")
    assert state.current_player == 2
    do(state, "play Cat 8")
    # every hand is empty: round 1 ended with no mess taken; the last pile stayed in the centre
    result = state.round_results[0]
    assert result["messes"] == [0, 0, 0] and result["simon"] == []
    assert state.simon_cards == [0, 0, 0] and state.round == 2
    assert "the last pile (6 cards) is taken by no one" in state.log[-2]
    assert state.round_results[0]["final_pile"] == ["Cat 3", "Cat 5", "Cat 6", "Cat 4", "Cat 7", "Cat 8"]


def test_skipping_passes_the_turn_over_an_empty_seat():
    hands = [["Cat 3", "Gnome 1", "Gnome 2"], ["Cat 4", "Cat 5", "Cat 6"], ["Cat 7", "Cat 8", "Cat 9"]]
    state = catcards.load("simons-cat", players=3, hand_size=3).new_game(0, deals=[hands])
    do(state, "play Cat 3", "play Cat 4", "play Cat 7")
    do(state, "take the mess", "play Gnome 1")  # seat 0 cannot match Cat 7
    do(state, "take the mess", "play Cat 5")  # seat 1 cannot match Gnome 1
    do(state, "play Cat 8")  # seat 2
    do(state, "take the mess", "play Gnome 2")  # seat 0 takes and plays its last card
    assert state.hands[0] == []
    do(state, "take the mess", "play Cat 6", "play Cat 9")
    # seat 2 played; seat 0 is empty and skipped; seat 1 is empty; the round ends
    assert state.round == 2 and state.round_results[0]["messes"] == [2, 2, 0]


def test_ties_for_most_messes_all_take_a_simon_card():
    hands = [["Cat 3"], ["Dog 1"], ["Kitten 5"]]
    state = catcards.load("simons-cat", players=3, hand_size=1).new_game(0, deals=[hands])
    do(state, "play Cat 3", "take the mess", "play Dog 1", "take the mess", "play Kitten 5")
    assert state.round_results[0] == {
        "round": 1, "opening": "Cat 3", "messes": [0, 1, 1], "simon": [1, 2], "final_pile": ["Kitten 5"],
        "set_aside": [str(c) for c in MISCHIEF if str(c) not in ("Cat 3", "Dog 1", "Kitten 5")],
    }
    assert state.simon_cards == [0, 1, 1]


# every player takes one mess: all three tie, all three take a Simon card
ALL_TIE = [["Cat 3", "Dog 1"], ["Mouse 2", "Dog 5"], ["Kitten 7", "Dog 6"]]
ALL_TIE_MOVES = [
    "play Cat 3", "take the mess", "play Mouse 2", "take the mess", "play Kitten 7",
    "take the mess", "play Dog 1", "play Dog 5", "play Dog 6",
]


def test_game_ends_at_three_simon_cards_with_every_player_losing():
    game = catcards.load("simons-cat", players=3, hand_size=2)
    state = game.new_game(0, deals=[ALL_TIE] * 3)
    for round_no in (1, 2, 3):
        assert not state.is_over and state.round == round_no
        do(state, *ALL_TIE_MOVES)
        assert state.simon_cards == [round_no] * 3
    assert state.is_over and state.current_player is None and state.legal_actions() == ()
    out = state.outcome
    assert out.winners == () and out.scores == (3, 3, 3) and not out.higher_is_better
    assert "everyone loses" in out.reason
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(catcards.games.simons_cat.PLAYS[0])


def test_game_ends_when_players_reach_three_and_the_others_win():
    tie = [["Cat 3"], ["Dog 1"], ["Cat 4"]]  # seats 1 and 2 take a mess each round
    state = catcards.load("simons-cat", players=3, hand_size=1).new_game(0, deals=[tie] * 3)
    for _ in range(3):
        do(state, "play Cat 3", "take the mess", "play Dog 1", "take the mess", "play Cat 4")
    assert state.outcome.winners == (0,) and state.outcome.scores == (0, 3, 3)
    assert state.outcome.reason.startswith("seat 1 and seat 2 took 3 Simon cards and take the blame")
    alone = [["Cat 3"], ["Dog 1"], ["Dog 2"]]  # only seat 1 takes a mess
    state = catcards.load("simons-cat", players=3, hand_size=1).new_game(0, deals=[alone] * 3)
    for round_no in (1, 2, 3):
        do(state, "play Cat 3", "take the mess", "play Dog 1", "play Dog 2")
        assert state.simon_cards == [0, round_no, 0]
    assert state.outcome.winners == (0, 2)
    assert state.outcome.reason == "seat 1 took 3 Simon cards and takes the blame; the others win"


def test_later_rounds_reshuffle_from_the_seeded_generator():
    game = catcards.load("simons-cat", players=3, hand_size=2)
    a = game.new_game(5, deals=[ALL_TIE])
    b = game.new_game(5, deals=[ALL_TIE])
    do(a, *ALL_TIE_MOVES)
    do(b, *ALL_TIE_MOVES)
    assert a.round == 2 and a.hands == b.hands and a.aside == b.aside
    assert len(a.aside) == 30 and all(len(h) == 2 for h in a.hands)
    c = game.new_game(6, deals=[ALL_TIE])
    do(c, *ALL_TIE_MOVES)
    assert (c.hands, c.aside) != (a.hands, a.aside)


def test_save_mid_round_replays_whose_turn_it_is():
    state = catcards.load("simons-cat", players=3, hand_size=2).new_game(9, deals=[ALL_TIE] * 2)
    do(state, *ALL_TIE_MOVES[:3])
    saved = json.loads(state.to_json())
    assert saved["actions"] == ALL_TIE_MOVES[:3] and saved["params"] == {"players": 3, "hand_size": 2}
    loaded = catcards.load_state(state.to_json())
    assert loaded.current_player == state.current_player == 2
    assert legal(loaded) == legal(state) == ["take the mess"]
    assert loaded.observation(2) == state.observation(2)


def test_a_saved_game_that_does_not_replay_is_a_clear_error():
    state = catcards.load("simons-cat", players=3).new_game(1)
    data = json.loads(state.to_json())
    data["actions"] = ["play Gnome 9"]
    with pytest.raises(catcards.SaveFormatError, match="saved action 0 .'play Gnome 9'. does not replay.*not an action"):
        catcards.load_state(json.dumps(data))
    with pytest.raises(catcards.SaveFormatError, match="not a catcards saved game"):
        catcards.load_state("{}")


@pytest.mark.parametrize(
    "params,message",
    [
        ({"players": 1}, "3 to 6 players"),
        ({"players": 7}, "3 to 6 players"),
        ({"players": 4, "hand_size": 10}, "hand_size must be a whole number from 1 to 9"),
        ({"players": 4, "hand_size": 0}, "from 1 to 9"),
        ({"players": 3, "hand_size": 2.5}, "from 1 to 12"),
    ],
)
def test_bad_parameters_fail_at_load(params, message):
    with pytest.raises(GameParameterError, match=message):
        catcards.load("simons-cat", **params)


@pytest.mark.parametrize(
    "deals,message",
    [
        ([[["Cat 3"], ["Dog 1"]]], "give 3 hands"),
        ([[["Cat 3"], ["Dog 1"], ["Dog 1"]]], "Dog 1 is dealt twice"),
        ([[["Cat 3"], ["Dog 1"], ["Cat 99"]]], "'Cat 99' is not a Simon's Cat Mischief card"),
        ([[["Cat 3", "Cat 4"], ["Dog 1"], ["Dog 2"]]], "seat 0 must get 1 card, not "),
    ],
)
def test_bad_deals_fail_at_new_game(deals, message):
    with pytest.raises(GameParameterError, match=message):
        catcards.load("simons-cat", players=3, hand_size=1).new_game(0, deals=deals)


def test_turn_always_passes_to_the_next_seat_holding_cards():
    """Property over many seeded random games: between the seat that played and the next seat to
    act, every seat passed over holds no card (rulebook: empty hands are skipped)."""
    from catcards.agents import RandomAgent
    from catcards.simulate import agent_rngs

    for seed in range(200):
        state = catcards.load("simons-cat", players=5).new_game(seed)
        rngs = agent_rngs(0, seed, 5)
        agent = RandomAgent()
        while not state.is_over:
            seat = state.current_player
            rnd = state.round
            action = agent.choose(state.observation(seat), state.legal_actions(), rngs[seat])
            state.apply(action)
            if state.is_over or state.round != rnd or str(action) == "take the mess":
                continue
            nxt = state.current_player
            passed = [(seat + k) % 5 for k in range(1, (nxt - seat) % 5 or 5)]
            assert all(not state.hands[s] for s in passed)
            assert state.hands[nxt]


def test_simulate_stays_callable_after_importing_its_module():
    import catcards.simulate  # noqa: F401  (the submodule shares the function's name)
    from catcards.simulate import play_game  # noqa: F401

    df = catcards.simulate("simons-cat", games=3, seed=0, players=3, progress=False)
    assert list(df["game"]) == [0, 1, 2] and df["actions"].min() > 0


@pytest.mark.parametrize(
    "bad",
    [Play([1]), Play("Cat 3"), Play(None), catcards.games.simons_cat.TakeMess, None, 5, object()],
)
def test_malformed_actions_are_refused_cleanly_and_change_nothing(bad):
    state = catcards.load("simons-cat", players=4).new_game(2)
    before = state.to_json(), state.observation(0)
    with pytest.raises(IllegalActionError):
        state.apply(bad)
    assert (state.to_json(), state.observation(0)) == before


@pytest.mark.parametrize("deals", [5, [None], "Cat 3", [[{"Cat 3"}, {"Dog 1"}, {"Dog 2"}]]])
def test_malformed_deals_are_parameter_errors(deals):
    with pytest.raises(GameParameterError):
        catcards.load("simons-cat", players=3, hand_size=1).new_game(0, deals=deals)


def test_seats_and_numbers_are_checked_alike():
    import numpy as np

    game = catcards.load("simons-cat", players=np.int64(3), hand_size=np.int64(5))
    assert (game.players, game.hand_size) == (3, 5) and type(game.hand_size) is int
    state = game.new_game(np.int64(4))
    assert state.observation(np.int64(1))["hand"] == state.observation(1)["hand"]
    for bad in (True, 1.0, 3, -1, "0"):
        with pytest.raises(catcards.GameParameterError, match="seat must be a whole number from 0 to 2"):
            state.observation(bad)


@pytest.mark.parametrize(
    "change,message",
    [
        ({"params": [3]}, "'params' must be an object"),
        ({"format": "other"}, "format 'other'"),
        ({"params": {"players": 9}}, "parameters do not load.*3 to 6 players"),
    ],
)
def test_damaged_saves_are_save_format_errors(change, message):
    data = json.loads(catcards.load("simons-cat", players=3).new_game(1).to_json())
    data.update(change)
    with pytest.raises(catcards.SaveFormatError, match=message):
        catcards.load_state(json.dumps(data))


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"game": 5}, "game must be a game's name"),
        ({"seed": -1}, r"the seed must be a whole number such as 7 or 2024 \(0 or more, below 2 to the power 128, which has 39 digits\), not -1"),
        ({"seed": "a"}, "seed must be a whole number"),
        ({"seed": None}, "seed must be a whole number"),
        ({"agents": None}, "agents must be a strategy name"),
        ({"agents": 3}, "agents must be a strategy name"),
        ({"agents": catcards.agents.RandomAgent}, "agents must be a strategy name"),
        ({"agents": ["random"] * 2}, "one agent per seat .3."),
        ({"agents": "clever"}, "no strategy 'clever' for simons-cat"),
        ({"games": 0}, "games must be a whole number >= 1"),
        ({"record": 5}, "record must be a function"),
    ],
)
def test_simulate_refuses_bad_arguments_before_playing(kwargs, message):
    args = {"game": "simons-cat", "games": 2, "seed": 0, "players": 3, "progress": False}
    if kwargs.get("game") == 5:
        args.pop("players")
    args.update(kwargs)
    with pytest.raises(GameParameterError, match=message):
        catcards.simulate(**args)
