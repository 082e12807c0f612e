"""The Big Cat Game engine: the rulebook examples as stacked-deck tests, the decision file's
counting and running-out rules, cycle detection, and the published Beggar-my-neighbour records."""
from __future__ import annotations

import json

import pytest

import catcards
from catcards import Card, GameParameterError, IllegalActionError
from catcards.games.big_cat import LAY, TAKE, parse_deal_strings

LION, WILDCAT, TIGER, JAGUAR = (Card("red", r, n) for r, n in ((50, "Lion"), (20, "Wildcat"), (30, "Tiger"), (10, "Jaguar")))


def red(n):
    return Card("red", n)


def blue(n):
    return Card("blue", n)


def lay(state, times=1):
    for _ in range(times):
        assert state.legal_actions() == (LAY,)
        state.apply(LAY)


def stack_cards(state, seat):
    return [state.cards[c] for c in state.stacks[seat]]


# ---- rulebook example: "Player A lays a Lion ... B lays a two, five and then a Wildcat ... the
# next player lays a nine followed by a six ... player B takes the centre pile" -------------------
def test_rulebook_example_two_players_wildcat_layer_takes_the_pile():
    game = catcards.load("big-cat", players=2)
    a = ["Lion (red 50)", "red 9", "red 6", "blue 1"]
    b = ["red 2", "red 5", "Wildcat (red 20)", "blue 3", "blue 4"]
    state = game.new_game(1, deals=[a, b])
    lay(state)  # A: Lion
    assert state.demand == 5 and state.demand_by == 0 and state.current_player == 1
    lay(state)  # B: 2
    assert state.demand == 4 and state.current_player == 1
    lay(state)  # B: 5
    assert state.demand == 3 and state.current_player == 1
    lay(state)  # B: Wildcat cancels the rest and demands 2 of A
    assert state.demand == 2 and state.demand_by == 1 and state.current_player == 0
    lay(state)  # A: 9
    assert state.demand == 1 and state.current_player == 0
    lay(state)  # A: 6, demand paid in full
    assert state.current_player == 1 and state.legal_actions() == (TAKE,)
    assert state.observation(None)["pile"] == [LION, red(2), red(5), WILDCAT, red(9), red(6)]
    state.apply(TAKE)
    # B adds the pile to the bottom, first laid nearest the top, and starts the next trick
    assert stack_cards(state, 1) == [blue(3), blue(4), LION, red(2), red(5), WILDCAT, red(9), red(6)]
    assert stack_cards(state, 0) == [blue(1)]
    assert state.pile == [] and state.demand == 0 and state.current_player == 1
    assert (state.cards_played, state.tricks) == (6, 1)
    assert "seat 1 wins the pile" in state.log[-2] and "Seat 1 takes the pile (6 cards)" in state.log[-1]


def test_rulebook_example_three_players_next_player_pays_the_wildcat():
    game = catcards.load("big-cat", players=3)
    a = ["Lion (red 50)", "blue 1"]
    b = ["red 2", "red 5", "Wildcat (red 20)", "blue 3"]
    c = ["red 9", "red 6", "blue 7"]
    state = game.new_game(1, deals=[a, b, c])
    lay(state, 4)
    assert state.current_player == 2 and state.demand == 2 and state.demand_by == 1
    lay(state, 2)
    assert state.current_player == 1 and state.legal_actions() == (TAKE,)
    state.apply(TAKE)
    assert stack_cards(state, 1) == [blue(3), LION, red(2), red(5), WILDCAT, red(9), red(6)]
    assert state.current_player == 1 and state.tricks == 1


# ---- rulebook "Additional Rule (For 3 or 4 player game)": B runs out paying A's Lion ---------
@pytest.mark.parametrize("players", [3, 4])
def test_player_running_out_while_paying_is_out_and_next_player_pays_the_rest(players):
    game = catcards.load("big-cat", players=players)
    a = ["Lion (red 50)", "blue 1"]
    b = ["red 1", "red 4", "red 9"]  # only 3 ordinary cards
    c = ["red 2", "red 3", "blue 8"]
    deal = [a, b, c] + ([["blue 9", "blue 2"]] if players == 4 else [])
    state = game.new_game(1, deals=deal)
    lay(state, 4)  # Lion, then B's 1, 4, 9
    assert state.current_player == 2 and state.out[1] and state.demand == 2
    assert "Seat 1 has no cards left and is out" in state.log[-1]
    lay(state, 2)  # C makes up the 5 cards
    assert state.current_player == 0 and state.legal_actions() == (TAKE,)
    state.apply(TAKE)
    assert stack_cards(state, 0) == [blue(1), LION, red(1), red(4), red(9), red(2), red(3)]
    assert state.current_player == 0 and not state.is_over and (state.cards_played, state.tricks) == (6, 1)
    # the out seat is skipped from now on: A leads blue 1, then C (not B) lays
    lay(state)
    assert state.current_player == 2


def test_reward_card_laid_by_the_next_player_after_a_run_out_passes_a_new_demand():
    game = catcards.load("big-cat", players=3)
    a = ["Lion (red 50)", "blue 1", "blue 2"]
    b = ["red 1"]
    c = ["red 2", "Jaguar (red 10)", "blue 8"]
    state = game.new_game(1, deals=[a, b, c])
    lay(state, 3)  # Lion, B's 1 (B out), C's 2
    assert state.out[1] and state.current_player == 2 and state.demand == 3
    lay(state)  # C lays the Jaguar: A owes 1
    assert state.current_player == 0 and state.demand == 1 and state.demand_by == 2
    lay(state)
    state.apply(TAKE)
    assert state.current_player == 2 and stack_cards(state, 2)[-5:] == [LION, red(1), red(2), JAGUAR, blue(1)]


def test_last_player_in_takes_the_pile_and_wins_with_three_players():
    game = catcards.load("big-cat", players=3)
    state = game.new_game(1, deals=[["red 1"], ["red 2"], ["red 3", "red 4"]])
    lay(state, 3)  # seats 0 and 1 have no cards left when their turns come: both are out
    assert state.out == [True, True, False] and state.legal_actions() == (TAKE,)
    assert state.current_player == 2
    state.apply(TAKE)
    assert state.is_over and state.outcome.winners == (2,) and state.outcome.scores == (0, 0, 4)
    assert (state.cards_played, state.tricks) == (3, 1)


# ---- wildcat.md: the 2-player ends --------------------------------------------------------------
def test_two_players_payer_with_no_cards_loses_and_the_pile_counts_as_a_trick():
    game = catcards.load("big-cat")
    state = game.new_game(1, deals=[["Tiger (red 30)", "blue 1"], ["red 1", "red 2"]])
    lay(state, 3)  # Tiger, red 1, red 2: seat 1 has no third card
    assert state.current_player == 0 and state.legal_actions() == (TAKE,)
    state.apply(TAKE)
    assert state.is_over and state.terminated is True
    assert state.outcome.winners == (0,) and state.outcome.scores == (4, 0)
    assert state.result() == {"cards_played": 3, "tricks": 1, "winner": 0, "terminated": True}


def test_two_players_game_ends_at_once_when_the_loser_pays_with_the_last_card():
    game = catcards.load("big-cat")
    state = game.new_game(1, deals=[["Jaguar (red 10)", "blue 1"], ["red 1"]])
    lay(state, 2)
    state.apply(TAKE)
    assert state.is_over and state.outcome.winners == (0,) and state.result()["tricks"] == 1


def test_reward_card_laid_with_the_last_card_can_still_win_the_pile():
    game = catcards.load("big-cat")
    state = game.new_game(1, deals=[["Jaguar (red 10)"], ["red 1", "red 2"]])
    lay(state, 2)
    assert state.current_player == 0 and state.legal_actions() == (TAKE,)
    state.apply(TAKE)
    assert not state.is_over and state.current_player == 0 and state.observation(0)["stack_sizes"] == [2, 1]


# ---- wildcat.md: counting and cycles -------------------------------------------------------------
def test_52_plain_cards_split_26_26_play_exactly_52_cards():
    state = catcards.load("big-cat").new_game(1, deals=["-" * 26, "-" * 26]).play_out()
    assert state.result() == {"cards_played": 52, "tricks": 1, "winner": 1, "terminated": True}
    assert len(set(state.cards)) == 52  # extra plain cards are distinct copies


def test_a_cycling_deal_is_reported_as_non_terminating():
    # Casella et al. 2024, "A Non-Terminating Game of Beggar-My-Neighbor" (arXiv:2403.13855)
    game = catcards.load("big-cat", deck="classic")
    state = game.new_game(0, deals=["---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA"])
    state.play_out()
    assert state.is_over and state.terminated is False and state.outcome.winners == ()
    assert "cycles" in state.outcome.reason and sum(state.outcome.scores) == 52
    # the repeated record is the start of trick 67 = the start of trick 5
    assert (state.cards_played, state.tricks) == (474, 66)
    assert "trick 67 repeats the start of trick 5" in state.outcome.reason


def test_a_small_cycle_on_the_wildcat_deck_is_detected():
    # J-- / -J-: trick 1 (J, -) to seat 0, which then holds "--J-" against "J-"; tricks 2 and 3
    # (3 cards each) swap the stacks twice and seat 0 leads "--J-" against "J-" again
    game = catcards.load("big-cat")
    state = game.new_game(0, deals=["J--", "-J-"]).play_out()
    assert state.terminated is False and state.result()["winner"] is None
    assert (state.cards_played, state.tricks) == (8, 3)
    assert "trick 4 repeats the start of trick 2" in state.outcome.reason


# Published longest terminating classic games (Richard P. Mann's record list, as replayed by
# github.com/matthewmayer/beggarmypython): first string = first player, first character = top.
RECORDS = [
    ("Paulhus 1999", "------------KAQ----J------", "-JQQK---K----JK--QA-A-JA--", 4791, 670),
    ("Kleber 1999", "---JQ---K-A----A-J-K---QK-", "-J-----------AJQA----K---Q", 5790, 805),
    ("Collins 2006", "A-QK------Q----KA-----J---", "-JAK----A--Q----J---QJ--K-", 6913, 960),
    ("Mann and Wu 2007", "K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--", 7157, 1007),
    ("Nessler 2012", "----Q------A--K--A-A--QJK-", "-Q--J--J---QK---K----JA---", 7207, 1015),
    ("Anderson 2013", "--A-Q--J--J---Q--AJ-K---K-", "-J-------Q------A--A--QKK-", 7225, 1016),
    ("Rucklidge 2014", "-J------Q------AAA-----QQ-", "K----JA-----------KQ-K-JJK", 7959, 1122),
    ("Nessler 2022", "---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---", 8344, 1164),
]


@pytest.mark.parametrize("who,a,b,cards,tricks", RECORDS, ids=[r[0] for r in RECORDS])
def test_published_beggar_my_neighbour_records(who, a, b, cards, tricks):
    state = catcards.load("big-cat", deck="classic").new_game(0, deals=[a, b]).play_out()
    assert state.terminated is True
    assert (state.cards_played, state.tricks) == (cards, tricks)


def test_the_wildcat_deck_with_lion_4_plays_the_classic_game():
    a, b = RECORDS[-1][1:3]
    tr = str.maketrans("AKQ", "LTW")
    state = catcards.load("big-cat", penalties={"L": 4}).new_game(0, deals=[a.translate(tr), b.translate(tr)])
    assert catcards.load("big-cat", penalties={"L": 4}).is_classic
    assert state.play_out().result() == {"cards_played": 8344, "tricks": 1164, "winner": 1, "terminated": True}


# ---- dealing, parameters, errors, saving ---------------------------------------------------------
@pytest.mark.parametrize("players,sizes", [(2, [26, 26]), (3, [18, 17, 17]), (4, [13] * 4)])
def test_random_deal_uses_the_whole_deck(players, sizes):
    state = catcards.load("big-cat", players=players).new_game(5)
    assert [len(s) for s in state.stacks] == sizes
    assert sorted(state.cards) == sorted(catcards.decks.wildcat_deck())
    assert state.initial_deal == state.deal_strings()
    assert sum(s.count("L") for s in state.initial_deal) == 4


def test_first_player_gets_the_extra_card_and_lays_first():
    state = catcards.load("big-cat", players=3, first_player=2).new_game(5)
    assert [len(s) for s in state.stacks] == [17, 17, 18] and state.current_player == 2


def test_deal_strings_assign_cards_in_deck_order():
    stacks = parse_deal_strings(["L-W", "-"], "wildcat")
    assert stacks == [[LION, red(1), WILDCAT], [red(2)]]
    classic = parse_deal_strings(["AKQJ-"], "classic")
    assert [c.name for c in classic[0]] == ["Ace", "King", "Queen", "Jack", ""]


def test_penalty_table_is_a_parameter():
    game = catcards.load("big-cat", penalties={"L": 2})
    assert game.penalties == {"L": 2, "T": 3, "W": 2, "J": 1}
    state = game.new_game(0, deals=["L", "---"])
    lay(state)
    assert state.demand == 2
    assert catcards.load("big-cat", deck="classic").penalties == {"A": 4, "K": 3, "Q": 2, "J": 1}


@pytest.mark.parametrize(
    "params,match",
    [
        ({"deck": "tarot"}, "deck must be one of"),
        ({"penalties": {"Q": 2}}, "'Q' is not a penalty card of the wildcat deck"),
        ({"penalties": {"L": -1}}, "penalty of L must be a whole number from 0 to 13"),
        ({"penalties": [5, 3]}, "penalties must be a dict"),
        ({"first_player": 2}, "first_player must be a seat from 0 to 1"),
    ],
)
def test_bad_parameters_fail_early(params, match):
    with pytest.raises(GameParameterError, match=match):
        catcards.load("big-cat", **params)


@pytest.mark.parametrize(
    "deals,match",
    [
        (["-L"], "list of 2 stacks"),
        (["-X", "-"], "'X' is not a card"),
        (["", "--"], "at least one card"),
        ([["red 1"], ["red 1"]], "red 1 is dealt twice"),
        ([["red 10"], ["red 1"]], "'red 10' is not a card of the wildcat deck"),
        (["--", ["red 1"]], "not a mixture"),
    ],
)
def test_bad_deals_fail_early(deals, match):
    with pytest.raises(GameParameterError, match=match):
        catcards.load("big-cat").new_game(0, deals=deals)


@pytest.mark.parametrize(
    "deals,message",
    [
        ([["red 1"], ["red 10"]], "deal for seat 1: 'red 10' is not a card of the wildcat deck (e.g. 'red 1')"),
        ([["red 1"], ["red 2", "red 1"]], "deal for seat 1: red 1 is dealt twice (seat 0 has it too)"),
        ([["red 1", "red 1"], ["red 2"]], "deal for seat 0: red 1 is dealt twice (to this seat)"),
        ([["red 1"], ["red 2", 7]], "deal for seat 1: a card is given by its name as text, like 'red 1', not 7"),
        ([["red 1"], ["red 2\u202e"]], "deal for seat 1: a card name 'red 2\\u202e' contains U+202E "
                                       "(RIGHT-TO-LEFT OVERRIDE); names and texts may hold letters, digits, "
                                       "punctuation, symbols and spaces, not control or format characters (such "
                                       "as the bidi controls U+202A-U+202E, U+2066-U+2069, U+200E and U+200F)"),
        ([["red 1"], []], "deal for seat 1: every stack needs at least one card"),
        (["-", "-X"], "deal for seat 1: 'X' is not a card; use '-' for a plain card or L (Lion), T (Tiger), "
                      "W (Wildcat), J (Jaguar)"),
    ],
)
def test_every_refusal_of_a_stack_in_a_deal_names_the_seat(deals, message):
    """Card-list deals name the seat as the string deals do ("deal for seat 1", seats from 0 as in
    every message and table); they lost it when they moved onto the core's parse_hands."""
    with pytest.raises(GameParameterError) as info:
        catcards.load("big-cat").new_game(0, deals=deals)
    assert str(info.value) == message


def test_illegal_actions_say_why_and_change_nothing():
    state = catcards.load("big-cat").new_game(1, deals=[["Lion (red 50)"], ["red 1", "red 2"]])
    with pytest.raises(IllegalActionError, match="no one has won the pile yet"):
        state.apply(TAKE)
    lay(state, 2)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="the demand is not paid yet: seat 1 must lay 4 more"):
        state.apply(TAKE)
    assert state.to_json() == before


def test_observation_hides_every_stack_and_json_replays():
    state = catcards.load("big-cat", players=3).new_game(9)
    state.play_out(max_actions=40)
    obs = state.observation(0)
    assert set(state.hidden_zones(0)) == {"stack 0", "stack 1", "stack 2"}
    assert obs["stack_sizes"] == [len(s) for s in state.stacks] and "stacks" not in obs
    again = catcards.load_state(state.to_json())
    assert again.deal_strings() == state.deal_strings() and again.cards_played == state.cards_played
    saved = json.loads(catcards.load("big-cat").new_game(0, deals=["-L", "W-"]).to_json())
    assert saved["deals"] == ["-L", "W-"]


def test_random_games_always_end_and_conserve_cards():
    for players in (2, 3, 4):
        game = catcards.load("big-cat", players=players)
        for seed in range(60):
            state = game.new_game(seed).play_out()
            assert state.is_over and sum(state.outcome.scores) == 52
            if state.terminated:
                assert state.outcome.scores[state.outcome.winners[0]] == 52
