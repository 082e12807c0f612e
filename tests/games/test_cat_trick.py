"""Cat Trick: rulebook examples as stacked-deck tests (rulebooks/cat-trick.txt, rules/cat-trick.md)."""
from __future__ import annotations

import pytest

import catcards
from catcards import Card, GameParameterError, IllegalActionError
from catcards.games.cat_trick import CARDS, CatTrick, Play, trick_values



def play(state, *names):
    """Play the named cards in turn, each by the seat to act."""
    for name in names:
        state.apply(Play(catcards.games.cat_trick.card_from_name(name)))
    return state


# Zoe (seat 0), Mia (1), Tom (2), Lily (3); yellow is trump (yellow 5 turned up)
EXAMPLE = {
    "hands": [
        ["pink 7", "pink 6", "pink 5", "blue 7", "orange 7", "green 7", "green 6", "green 5"],
        ["blue 4", "blue 1", "blue 2", "blue 3", "orange 1", "orange 2", "green 1", "green 2"],
        ["orange 6", "orange 3", "orange 4", "orange 5", "blue 5", "blue 6", "green 3", "green 4"],
        ["pink 1", "pink 2", "pink 3", "pink 4", "yellow 1", "yellow 2", "yellow 3", "yellow 4"],
    ],
    "trump": "yellow 5",
}


def test_rulebook_example_pink_1_counts_as_8_and_wins():
    state = CatTrick(players=4).new_game(1, deals=[EXAMPLE])
    obs = state.observation(0)
    assert obs["trump"] == "yellow" and obs["trump_card"] == Card("yellow", 5)
    assert obs["draw_pile_size"] == 2 and obs["hand_sizes"] == [8, 8, 8, 8]
    play(state, "pink 7", "blue 4", "orange 6")
    assert state.observation(3)["led_suit"] == "pink"
    play(state, "pink 1")
    assert state.last_winner == 3 and state.current_player == 3  # Lily wins and leads
    obs = state.observation(None)
    assert obs["collections"][3] == {
        "pink": [Card("pink", 1), Card("pink", 7)],
        "blue": [Card("blue", 4)],
        "orange": [Card("orange", 6)],
    }
    assert obs["colours_collected"] == [0, 0, 0, 3] and obs["collected"] == [0, 0, 0, 4]
    assert [p["seat"] for p in obs["last_trick"]] == [0, 1, 2, 3]
    assert state.eights == [1]


def test_trick_values_one_is_eight_only_with_the_seven_of_its_colour():
    assert trick_values([Card("pink", 7), Card("pink", 1)]) == [7, 8]
    assert trick_values([Card("pink", 1), Card("pink", 7)]) == [8, 7]  # the 7 may come after
    assert trick_values([Card("blue", 7), Card("pink", 1)]) == [7, 1]  # a 7 of another colour


def test_a_seven_of_another_colour_leaves_the_1_a_1_and_trump_beats_the_led_colour():
    state = CatTrick(players=4).new_game(1, deals=[EXAMPLE])
    # pink 5 led; no pink 7 in the trick, so Lily's pink 1 stays 1: pink 5 wins
    play(state, "pink 5", "blue 1", "orange 6", "pink 1")
    assert state.last_winner == 0
    # Zoe leads green 7; Mia's green 1 counts as 8, but Lily's yellow 1 is trump and wins
    play(state, "green 7", "green 1", "green 4", "yellow 1")
    assert state.last_winner == 3
    # a card of neither the led colour nor trump never wins, however high
    play(state, "pink 2", "green 6", "blue 2", "blue 6")
    assert state.last_winner == 3 and state.eights == [1]


GREEDY = {
    "hands": [
        ["pink 7", "pink 6", "pink 5", "blue 7", "orange 7", "green 7", "green 6", "green 5"],
        ["pink 2", "orange 2", "blue 1", "blue 3", "blue 4", "orange 1", "green 1", "yellow 1"],
        ["pink 3", "orange 3", "orange 4", "orange 5", "orange 6", "blue 5", "blue 6", "green 3"],
        ["green 2", "blue 2", "pink 1", "pink 4", "green 4", "yellow 2", "yellow 3", "yellow 4"],
    ],
    "trump": "yellow 5",
}


def test_greedy_four_of_a_colour_are_dealt_one_each_to_the_others_leftover_discarded():
    state = CatTrick(players=4).new_game(5, deals=[GREEDY])
    play(state, "pink 7", "pink 2", "pink 3", "green 2")
    assert state.observation(None)["collections"][0] == {
        "pink": [Card("pink", 2), Card("pink", 3), Card("pink", 7)],
        "green": [Card("green", 2)],
    }
    hands_before = [set(state.observation(s)["hand"]) for s in range(4)]
    play(state, "pink 6", "orange 2", "orange 3", "blue 2")  # Zoe's 4th pink
    obs = state.observation(None)
    assert obs["collections"][0] == {
        "blue": [Card("blue", 2)],
        "orange": [Card("orange", 2), Card("orange", 3)],
        "green": [Card("green", 2)],
    }
    assert obs["hand_sizes"] == [6, 7, 7, 7] and obs["discard_pile_size"] == 1
    lost = {Card("pink", r) for r in (2, 3, 6, 7)}
    received = []
    for s in (1, 2, 3):
        new = set(state.observation(s)["hand"]) - hands_before[s]
        assert len(new) == 1 and new <= lost
        received += new
    discard = set(state.zones()["discard pile"])
    assert len(set(received)) == 3 and set(received) | discard == lost
    assert "Seat 0 has 4 pink cards" in state.log[-1] and "seats 1, 2, 3; 1 discarded" in state.log[-1]
    assert not any("pink 2" in line for line in state.log[-1:])  # the log names no hidden card
    # the last trick hides the pink card now in a hand, shows the ones still collected
    shown = [p["card"] for p in state.observation(2)["last_trick"]]
    assert shown[1:] == [Card("orange", 2), Card("orange", 3), Card("blue", 2)]
    assert shown[0] in (None, *state.observation(2)["hand"])
    assert state.current_player == 0 and state.greedy_events == [1]


def test_greedy_with_three_players_deals_two_and_discards_the_rest():
    hands = [
        ["pink 7", "pink 6", "pink 5", "blue 7", "orange 7", "green 7", "green 6", "green 5", "blue 6", "orange 6"],
        ["pink 2", "orange 2", "blue 1", "blue 3", "blue 4", "orange 1", "green 1", "yellow 1", "yellow 6", "yellow 7"],
        ["pink 3", "orange 3", "orange 4", "orange 5", "green 2", "blue 5", "blue 2", "green 3", "pink 1", "pink 4"],
    ]
    state = CatTrick(players=3).new_game(2, deals=[{"hands": hands, "trump": "yellow 5"}])
    play(state, "pink 7", "pink 2", "pink 3")
    play(state, "pink 6", "orange 2", "orange 3")  # seat 0: pink 7, 2, 3, 6
    obs = state.observation(None)
    assert obs["hand_sizes"] == [8, 9, 9] and obs["discard_pile_size"] == 2
    assert obs["collections"][0] == {"orange": [Card("orange", 2), Card("orange", 3)]}


FIVE = {
    "hands": [
        ["blue 7", "yellow 7", "pink 7", "orange 7", "green 7", "pink 6", "orange 6", "green 6"],
        ["pink 2", "blue 2", "pink 3", "pink 4", "orange 3", "green 3", "yellow 2", "blue 5"],
        ["orange 2", "blue 3", "orange 4", "orange 5", "green 4", "green 5", "yellow 3", "blue 6"],
        ["green 2", "blue 4", "pink 5", "pink 1", "orange 1", "green 1", "blue 1", "yellow 4"],
    ],
    "trump": "yellow 1",
}


def test_five_colours_but_greedy_has_not_won_the_round():
    state = CatTrick(players=4).new_game(3, deals=[FIVE])
    play(state, "blue 7", "pink 2", "orange 2", "green 2")
    play(state, "yellow 7", "blue 2", "blue 3", "blue 4")  # 5 colours, but 4 blue
    obs = state.observation(None)
    assert obs["colours_collected"][0] == 4 and "blue" not in obs["collections"][0]
    assert state.round == 1 and state.super_cats == [0, 0, 0, 0] and not state.round_results
    assert state.current_player == 0 and obs["hand_sizes"] == [6, 7, 7, 7]


def test_five_colours_without_greedy_wins_the_round_and_fewest_cards_lead_next():
    state = CatTrick(players=4).new_game(3, deals=[FIVE])
    play(state, "blue 7", "pink 2", "orange 2", "green 2")
    play(state, "yellow 7", "pink 3", "orange 4", "pink 5")
    assert state.super_cats == [1, 0, 0, 0]
    result = state.round_results[0]
    assert result["winners"] == [0] and result["how"] == "five colours"
    assert result["colours"] == [5, 0, 0, 0] and result["collected"] == [8, 0, 0, 0]
    # round 2: fresh deal of 8 each; seats 1-3 collected fewest (0): the lowest seat leads
    assert state.round == 2 and state.current_player == 1 and state.leader == 1
    obs = state.observation(1)
    assert obs["hand_sizes"] == [8, 8, 8, 8] and obs["collected"] == [0, 0, 0, 0]
    assert sum(len(z) for z in state.zones().values()) == 35


def _ids(names):
    return [CARDS.index(catcards.games.cat_trick.card_from_name(n)) for n in names]


def _last_trick(players, hands, collections, leader=0, super_cats=None, trump="yellow 7"):
    """A state at the last trick of round 1: one card per hand, given collections."""
    state = CatTrick(players=players).new_game(9)
    state.hands = [_ids([h]) for h in hands]
    state.collections = [_ids(c) for c in collections]
    state.trump_card = _ids([trump])[0]
    state.trump = "yellow"
    used = {c for h in state.hands for c in h} | {c for c in state.collections for c in c} | {state.trump_card}
    state.draw_pile = [c for c in range(35) if c not in used]
    state._start_trick(leader)
    state._legal = None
    if super_cats is not None:
        state.super_cats = list(super_cats)
    return state


def test_empty_hand_most_colours_wins_the_round():
    state = _last_trick(
        3,
        ["pink 7", "pink 2", "pink 3"],
        [["blue 1", "orange 1", "green 1"], ["blue 2", "blue 3", "orange 2", "orange 3", "green 2", "green 3"], []],
    )
    play(state, "pink 7", "pink 2", "pink 3")  # seat 0 takes 3 pinks: 4 colours, 6 cards
    assert state.round_results[0]["how"] == "empty hand"
    assert state.round_results[0]["colours"] == [4, 3, 0]
    assert state.round_results[0]["winners"] == [0] and state.super_cats == [1, 0, 0]
    assert state.current_player == 2  # seat 2 collected fewest and leads round 2


def test_empty_hand_colour_tie_goes_to_most_cards():
    state = _last_trick(
        3,
        ["pink 2", "pink 7", "green 4"],
        [["blue 1", "orange 1", "green 1"], ["blue 2", "blue 3", "orange 2", "green 2"], ["pink 1"]],
    )
    play(state, "pink 2", "pink 7", "green 4")  # seat 1 wins: 4 colours, 7 cards
    r = state.round_results[0]
    assert r["colours"] == [3, 4, 1] and r["collected"] == [3, 7, 1] and r["winners"] == [1]
    state = _last_trick(
        3,
        ["pink 2", "blue 7", "green 4"],
        [["blue 1", "orange 1", "green 1", "yellow 1"], ["blue 2", "blue 3", "orange 2", "green 2"], ["pink 1"]],
    )
    play(state, "pink 2", "blue 7", "green 4")  # seat 0 wins its own trick: 5 colours!
    assert state.round_results[0]["how"] == "five colours"
    state = _last_trick(
        3,
        ["pink 2", "blue 7", "green 4"],
        [["blue 1", "orange 1", "green 1", "pink 4"], ["blue 2", "pink 3", "orange 2", "orange 3", "green 2"], ["pink 1"]],
        leader=2,
    )
    play(state, "green 4", "pink 2", "blue 7")  # seat 2 leads green 4 and wins: 3 colours
    r = state.round_results[0]  # seats 0 and 1 tie on 4 colours: seat 1 has more cards
    assert r["colours"] == [4, 4, 3] and r["collected"] == [4, 5, 4] and r["winners"] == [1]
    assert state.super_cats == [0, 1, 0]


def test_empty_hand_full_tie_gives_every_tied_player_a_super_cat_and_game_ends_shared():
    state = _last_trick(
        3,
        ["pink 2", "blue 7", "green 4"],
        [["blue 1", "orange 1", "green 1"], ["blue 2", "orange 2", "green 2"], ["pink 1"]],
        leader=2,
        super_cats=[2, 2, 1],
    )
    play(state, "green 4", "pink 2", "blue 7")  # seat 2: green 4, pink 2, blue 7 + pink 1: 3 colours, 4 cards
    r = state.round_results[0]
    assert r["colours"] == [3, 3, 3] and r["collected"] == [3, 3, 4] and r["winners"] == [2]
    assert state.super_cats == [2, 2, 2] and not state.is_over
    assert state.current_player == 0  # seats 0 and 1 collected fewest (3): the lowest seat leads
    state = _last_trick(
        3,
        ["pink 2", "blue 7", "green 4"],
        [["blue 1", "orange 1", "green 1"], ["blue 2", "orange 2", "green 2", "pink 3"], ["pink 1"]],
        leader=2,
        super_cats=[2, 2, 1],
    )
    play(state, "green 4", "pink 2", "blue 7")
    r = state.round_results[0]
    assert r["colours"] == [3, 4, 3] and r["winners"] == [1]
    assert state.is_over and state.outcome.winners == (1,) and state.outcome.scores == (2, 3, 1)
    state = _last_trick(
        3,
        ["pink 2", "blue 7", "green 4"],
        [["blue 1", "orange 1", "green 1", "pink 4"], ["blue 2", "orange 2", "green 2", "pink 3"], []],
        leader=2,
        super_cats=[2, 2, 1],
    )
    play(state, "green 4", "pink 2", "blue 7")  # seats 0 and 1: 4 colours, 4 cards each
    assert state.round_results[0]["winners"] == [0, 1]
    assert state.is_over and state.outcome.winners == (0, 1) and state.outcome.shared
    assert state.outcome.scores == (3, 3, 1) and state.current_player is None
    assert state.legal_actions() == () and "seat 0, seat 1 collected 3 Super Cat cards" in state.outcome.reason


def test_any_card_may_be_played_and_a_card_not_held_is_illegal_and_changes_nothing():
    state = CatTrick(players=4).new_game(1, deals=[EXAMPLE])
    play(state, "pink 7")
    assert len(state.legal_actions()) == 8  # no duty to follow colour
    before = state.to_json(), repr(state.observation(1))
    with pytest.raises(IllegalActionError, match="seat 1 does not hold pink 6"):
        state.apply(Play(Card("pink", 6)))
    with pytest.raises(IllegalActionError, match="not a Cat Trick card"):
        state.apply(Play(Card("red", 3)))
    assert (state.to_json(), repr(state.observation(1))) == before


def test_parameters_and_deals_are_checked_before_any_work():
    with pytest.raises(GameParameterError, match="first_player must be a seat from 0 to 3"):
        CatTrick(players=4, first_player=4)
    with pytest.raises(GameParameterError, match="seat 1 must get 8 cards"):
        CatTrick(players=4).new_game(1, deals=[[EXAMPLE["hands"][0], ["pink 1"], [], []]])
    bad = {"hands": EXAMPLE["hands"], "trump": "pink 7"}
    with pytest.raises(GameParameterError, match="trump card pink 7 is also in a hand"):
        CatTrick(players=4).new_game(1, deals=[bad])
    with pytest.raises(GameParameterError, match="'purple 3' is not a Cat Trick card"):
        CatTrick(players=4).new_game(1, deals=[{"hands": [["purple 3"] * 8] * 4}])
    assert CatTrick(players=3).hand_size == 10 and CatTrick(players=5).hand_size == 6


def test_first_player_leads_and_observation_hides_hands_and_the_undealt_pile():
    state = catcards.load("cat-trick", players=5, first_player=3).new_game(11)
    assert state.current_player == 3
    obs = state.observation(3)
    assert len(obs["hand"]) == 6 and obs["draw_pile_size"] == 4
    assert state.hidden_zones(3) == ["hand 0", "hand 1", "hand 2", "hand 4", "draw pile", "discard pile"]
    assert obs["trump_card"] in state.zones()["trump card"]


def test_saved_game_replays_the_greedy_shuffles():
    from catcards.agents import make_agent
    from catcards.simulate import agent_rngs, play_game

    state = CatTrick(players=4).new_game(21)
    play_game(state, [make_agent("cat-trick", "collector")] * 4, agent_rngs(3, 0, 4))
    again = catcards.load_state(state.to_json())
    assert again.log == state.log and again.outcome == state.outcome
    assert sum(state.greedy_events) > 0


# ---- exact answers (catcards.analysis.cat_trick) ----------------------------------------------
def test_exact_no_trump_chances_are_hypergeometric():
    from fractions import Fraction
    from math import comb

    from catcards.analysis import cat_trick as ct

    assert ct.p_no_trump_in_first_trick(4) == Fraction(comb(28, 4), comb(34, 4)) == Fraction(20475, 46376)
    assert ct.p_no_trump_in_first_trick(3) == Fraction(819, 1496)
    assert ct.p_no_trump_in_hand(3) == Fraction(comb(28, 10), comb(34, 10))
    for n in (3, 4, 5):  # P(no trump) = P(lead not trump) * P(no trump | lead not trump)
        assert ct.p_no_trump_in_first_trick(n) == Fraction(28, 34) * ct.p_no_trump_after_lead(n)
    assert ct.p_no_trump_after_lead(4) == Fraction(comb(27, 3), comb(33, 3))
    with pytest.raises(ValueError, match="3, 4 or 5 players"):
        ct.p_no_trump_in_hand(6)


def test_exact_eight_chance_matches_a_brute_force_count():
    from fractions import Fraction
    from itertools import combinations

    from catcards.analysis import cat_trick as ct

    hits = total = 0
    for up in range(35):  # every face-up card, then every 3-card first trick from the other 34
        rest = [c for c in CARDS if c != CARDS[up]]
        for trick in combinations(rest, 3):
            total += 1
            hits += 8 in trick_values(list(trick))
    assert ct.p_eight_in_first_trick(3) == Fraction(hits, total) == Fraction(3, 119)


def test_simulated_first_tricks_agree_with_the_exact_values():
    from catcards.analysis import cat_trick as ct
    from catcards.probability import check_proportion

    sim = ct.simulate_first_tricks(5, deals=600, seed=4)
    assert len(sim) == 600 and set(sim.columns) >= {"no_trump", "eight", "winner", "trump"}
    assert check_proportion(ct.p_no_trump_in_first_trick(5), int(sim["no_trump"].sum()), 600, 0.999)
    assert check_proportion(ct.p_eight_in_first_trick(5), int(sim["eight"].sum()), 600, 0.999)
    plain = sim[sim["led"] != sim["trump"]]
    assert check_proportion(ct.p_no_trump_after_lead(5), int(plain["no_trump"].sum()), len(plain), 0.999)
    rounds = ct.simulate_rounds(players=3, games=5, seed=1)
    assert set(rounds["how"]) <= {"five colours", "empty hand"} and rounds.groupby("game").size().min() >= 1


def test_would_win_is_the_trick_rule_for_every_trick_of_up_to_four_cards_of_one_colour_and_trump():
    """The collector's would_win (one pass over the trick for all its cards) against the engine's
    rule (trick_values and winning_index) for every ordered trick of 1 to 4 cards of one colour
    with a card of another (the trump or not), whatever colour is trump."""
    from itertools import permutations

    from catcards.agents.cat_trick import would_win
    from catcards.games.tricks import winning_index

    checked = 0
    for pink in range(1, 5):
        for cards in permutations([c for c in CARDS if c.suit == "pink"], pink):
            for extra in (None, Card("blue", 3), Card("blue", 1)):
                trick = [*cards, extra] if extra is not None else list(cards)
                for trump in ("pink", "blue", "orange"):
                    rule = winning_index([c.suit for c in trick], trick_values(trick), trump) == len(trick) - 1
                    assert would_win(trick[:-1], trick[-1], trump) == rule
                    checked += 1
    assert checked == 3 * 3 * sum(len(list(permutations(range(7), k))) for k in range(1, 5))
