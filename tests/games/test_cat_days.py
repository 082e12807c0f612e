"""Cat Days rules as stacked-deck tests (rulebooks/cat-days.txt, rules/cat-days.md)."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import catcards
from catcards.games.cat_days import DAYS, DRAW, PASS, Play

GAME = catcards.load("cat-days")


def position(hands=([], []), weeks=({}, {}), draw=(), discard=(), rest="out", game=GAME, seed=0):
    """A stacked position; cards not named are out of play unless rest="draw"."""
    return game.new_game(seed, deals={"hands": [list(h) for h in hands], "weeks": list(weeks),
                                      "draw": list(draw), "discard": list(discard), "rest": rest})


def texts(state, card=None):
    return [str(a) for a in state.legal_actions()
            if card is None or (isinstance(a, Play) and a.card.name == card)]


def play(state, text):
    return state.apply(state.action_from_string(text))


def day(state, seat, name):
    return state.observation(None)["weeks"][seat][DAYS.index(name)]


# ---- the rulebook's scoring example ---------------------------------------------------------
BERLIOZ = {  # 1 + 3 + 2 + 3 + 1 + 2 + 0 = 12, a full week
    "Monday": ["Rescued Cat"],
    "Tuesday": ["Shy Cat"],
    "Wednesday": ["Lazy Cat"],
    "Thursday": ["Weekend Cat"],
    "Friday": ["Rescued Cat"],
    "Saturday": ["Cat Tree", "Rescued Cat", "Rescued Cat"],
    "Sunday": ["Demanding Cat", "Grumpy Cat"],
}
MARIE = {  # 1 + 6 + 4 + 3 + 5 = 19 over five days
    "Monday": ["Rescued Cat"],
    "Tuesday": ["Cat Tree", "Lazy Cat", "Lazy Cat", "Lazy Cat"],
    "Wednesday": ["Cardboard Box", "Fluffy Cat"],
    "Thursday": ["Shy Cat"],
    "Friday": ["Playful Cat"],
}


def test_rulebook_scoring_example_ends_the_game_and_the_better_week_wins():
    state = position(weeks=(MARIE, BERLIOZ))
    obs = state.observation(None)
    assert [d["score"] for d in obs["weeks"][1]] == [1, 3, 2, 3, 1, 2, 0]
    assert [d["score"] for d in obs["weeks"][0]] == [1, 6, 4, 3, 5, 0, 0]
    assert obs["scores"] == [19, 12]
    # Berlioz has a cat on each day: the game is over at once, Marie wins 19 to 12
    assert state.is_over and state.current_player is None
    assert state.outcome.scores == (19, 12) and state.outcome.winners == (0,)
    assert "seat 1 has a cat on every day" in state.outcome.reason
    assert day(state, 1, "Sunday")["covered"][0].name == "Demanding Cat"


# ---- each card's placement --------------------------------------------------------------------
def test_demanding_cat_only_on_your_empty_sunday():
    state = position(hands=(["Demanding Cat"], []))
    assert texts(state, "Demanding Cat") == ["play Demanding Cat on my Sunday"]
    play(state, "play Demanding Cat on my Sunday")
    assert day(state, 0, "Sunday")["visible"][0].name == "Demanding Cat"
    assert state.scores() == [6, 0]
    # a Sunday that holds a cat, mine or the opponent's, takes no Demanding Cat
    state = position(hands=(["Demanding Cat", "Rescued Cat"], []), weeks=({"Sunday": ["Rescued Cat"]}, {}))
    assert texts(state, "Demanding Cat") == []
    with pytest.raises(catcards.IllegalActionError, match="whole text cannot be carried out"):
        state.apply(Play(state.hands[0][0], "empty day", "my", 6))


def test_demanding_cat_on_a_sunday_cat_tree_with_room():
    state = position(hands=(["Demanding Cat"], []), weeks=({"Sunday": ["Cat Tree", "Rescued Cat"]}, {}))
    assert texts(state, "Demanding Cat") == ["play Demanding Cat on my Sunday"]


def test_lazy_weekend_fluffy_and_rescued_cats_go_where_their_text_says():
    state = position(hands=(["Lazy Cat", "Weekend Cat", "Fluffy Cat", "Rescued Cat"], []),
                     weeks=({"Monday": ["Rescued Cat"]}, {"Sunday": ["Rescued Cat"]}))
    assert texts(state, "Lazy Cat") == [f"play Lazy Cat on my {d}" for d in DAYS[1:5]]
    assert texts(state, "Weekend Cat") == ["play Weekend Cat on my Saturday", "play Weekend Cat on my Sunday"]
    assert texts(state, "Fluffy Cat") == ["play Fluffy Cat on my Sunday"]  # their Sunday is taken
    assert texts(state, "Rescued Cat") == (
        [f"play Rescued Cat on my {d}" for d in DAYS[1:]]
        + [f"play Rescued Cat on their {d}" for d in DAYS[:6]]
    )


def test_shy_cat_needs_empty_neighbours_in_the_same_week():
    state = position(hands=(["Shy Cat"], []), weeks=({"Wednesday": ["Rescued Cat"]}, {}))
    # Tuesday and Thursday touch Wednesday; Monday has only Tuesday as neighbour
    assert texts(state, "Shy Cat") == [f"play Shy Cat on my {d}" for d in ("Monday", "Friday", "Saturday", "Sunday")]


def test_playful_cat_needs_cats_on_both_neighbouring_days():
    state = position(hands=(["Playful Cat"], []),
                     weeks=({"Monday": ["Rescued Cat"], "Wednesday": ["Rescued Cat"],
                             "Friday": ["Cardboard Box"], "Saturday": ["Rescued Cat"]}, {}))
    # Tuesday: Monday and Wednesday hold cats; Thursday: Friday's box is empty; Sunday has no right neighbour
    assert texts(state, "Playful Cat") == ["play Playful Cat on my Tuesday"]
    play(state, "play Playful Cat on my Tuesday")
    assert state.scores()[0] == 1 + 5 + 1 + 1


def test_grumpy_cat_covers_hides_and_the_covered_cat_comes_back_when_grumpy_leaves():
    state = position(hands=(["Grumpy Cat"], ["Vacuum Cleaner"]),
                     weeks=({}, {"Sunday": ["Demanding Cat"], "Monday": ["Cat Tree", "Rescued Cat"]}))
    # Grumpy goes on a visible cat anywhere, but never on a Cat Tree
    assert texts(state, "Grumpy Cat") == ["play Grumpy Cat on their Sunday covering Demanding Cat"]
    play(state, "play Grumpy Cat on their Sunday covering Demanding Cat")
    sunday = day(state, 1, "Sunday")
    assert [c.name for c in sunday["visible"]] == ["Grumpy Cat"]
    assert [c.name for c in sunday["covered"]] == ["Demanding Cat"]  # can still be looked at
    assert state.scores() == [0, 1]  # the covered cat no longer counts; Grumpy is worth 0
    play(state, "play Vacuum Cleaner on my Sunday discarding Grumpy Cat")
    assert [c.name for c in day(state, 1, "Sunday")["visible"]] == ["Demanding Cat"]
    assert state.scores() == [0, 7]
    assert [c.name for c in state.discard_pile] == ["Grumpy Cat", "Vacuum Cleaner"]
    assert any("Demanding Cat on seat 1's Sunday is visible again" in line for line in state.log)


def test_cat_tree_holds_three_cats_that_all_count_and_no_fourth():
    state = position(hands=(["Cat Tree", "Rescued Cat", "Rescued Cat", "Lazy Cat", "Rescued Cat"], []),
                     draw=["Catnip"] * 4)
    play(state, "play Cat Tree on my Wednesday")
    for text in ["play Rescued Cat on my Wednesday", "play Lazy Cat on my Wednesday",
                 "play Rescued Cat on my Wednesday"]:
        play(state, "draw a card")  # seat 1
        play(state, text)
    assert len(day(state, 0, "Wednesday")["visible"]) == 3
    assert day(state, 0, "Wednesday")["score"] == 1 + 2 + 1 == state.scores()[0]
    assert state.observation(None)["days_filled"] == [1, 0]
    play(state, "draw a card")
    assert "play Rescued Cat on my Wednesday" not in texts(state)
    # a Cat Tree needs a day with no card on it
    state = position(hands=(["Cat Tree"], []), weeks=({"Monday": ["Rescued Cat"], "Tuesday": ["Cardboard Box"]}, {}))
    assert texts(state, "Cat Tree") == [f"play Cat Tree on my {d}" for d in DAYS[2:]]


def test_cardboard_box_takes_an_opponents_cat_which_counts_for_you():
    state = position(hands=(["Cardboard Box"], []),
                     weeks=({"Monday": ["Rescued Cat"]}, {"Tuesday": ["Shy Cat"], "Sunday": ["Demanding Cat"]}))
    boxes = texts(state, "Cardboard Box")
    assert len(boxes) == 6 * 2  # 6 empty days of mine x 2 cats of theirs
    play(state, "play Cardboard Box on my Friday taking Demanding Cat from their Sunday")
    assert [c.name for c in day(state, 0, "Friday")["visible"]] == ["Demanding Cat"]
    assert day(state, 0, "Friday")["base"].name == "Cardboard Box"
    assert not day(state, 1, "Sunday")["cats"]
    assert state.scores() == [1 + 6, 3]
    assert state.discard_pile == []  # the box stays on its day


def test_cardboard_box_is_not_playable_when_the_opponent_has_no_visible_cat():
    state = position(hands=(["Cardboard Box"], []), weeks=({}, {"Monday": ["Cat Tree"]}))
    assert texts(state, "Cardboard Box") == []
    assert texts(state) == [] or texts(state) == ["pass"]
    box = state.hands[0][0]
    before = state.to_json(), repr(state.observation(0))
    with pytest.raises(catcards.IllegalActionError, match="Cardboard Box cannot be played now"):
        state.apply(Play(box, "cardboard box", "my", 0, target=box, target_day=0))
    assert (state.to_json(), repr(state.observation(0))) == before


def test_cardboard_box_taking_grumpy_cat_uncovers_the_cat_under_it():
    state = position(hands=(["Cardboard Box"], []), weeks=({}, {"Sunday": ["Demanding Cat", "Grumpy Cat"]}))
    play(state, "play Cardboard Box on my Monday taking Grumpy Cat from their Sunday")
    assert [c.name for c in day(state, 1, "Sunday")["visible"]] == ["Demanding Cat"]
    assert state.scores() == [0, 6]


def test_catnip_draws_two_and_is_not_legal_when_two_cannot_be_drawn():
    state = position(hands=(["Catnip", "Catnip"], []), draw=["Shy Cat"], discard=[])
    assert texts(state, "Catnip") == []  # only one card could be drawn: the whole text fails
    state = position(hands=(["Catnip"], []), draw=["Shy Cat", "Lazy Cat"])
    play(state, "play Catnip drawing 2 cards")
    assert sorted(c.name for c in state.hands[0]) == ["Lazy Cat", "Shy Cat"]
    assert [c.name for c in state.discard_pile] == ["Catnip"]
    assert all("Shy Cat" not in line and "Lazy Cat" not in line for line in state.log)  # drawn cards stay hidden


def test_yarn_ball_swaps_a_cat_of_each_week_place_for_place():
    state = position(hands=(["Yarn Ball"], []),
                     weeks=({"Tuesday": ["Rescued Cat"]}, {"Sunday": ["Demanding Cat"], "Monday": ["Lazy Cat"]}))
    assert texts(state, "Yarn Ball") == [
        "play Yarn Ball swapping Rescued Cat on my Tuesday with Lazy Cat on their Monday",
        "play Yarn Ball swapping Rescued Cat on my Tuesday with Demanding Cat on their Sunday",
    ]
    play(state, "play Yarn Ball swapping Rescued Cat on my Tuesday with Demanding Cat on their Sunday")
    assert day(state, 0, "Tuesday")["visible"][0].name == "Demanding Cat"  # placement not checked again
    assert day(state, 1, "Sunday")["visible"][0].name == "Rescued Cat"
    assert state.scores() == [6, 3]
    # no cat of my own: Yarn Ball cannot be carried out
    state = position(hands=(["Yarn Ball"], []), weeks=({}, {"Monday": ["Lazy Cat"]}))
    assert texts(state, "Yarn Ball") == []


def test_water_spray_returns_a_cat_to_its_week_owners_hand():
    state = position(hands=(["Water Spray"], []), weeks=({}, {"Friday": ["Playful Cat"]}))
    assert texts(state, "Water Spray") == ["play Water Spray on their Friday returning Playful Cat to their hand"]
    play(state, "play Water Spray on their Friday returning Playful Cat to their hand")
    assert [c.name for c in state.hands[1]] == ["Playful Cat"]
    assert [c.name for c in state.discard_pile] == ["Water Spray"]
    assert state.observation(0)["hand_sizes"] == [0, 1]


def test_vacuum_cleaner_leaves_an_emptied_box_where_the_next_cat_may_go():
    state = position(hands=(["Vacuum Cleaner"], ["Rescued Cat"]), weeks=({}, {"Monday": ["Cardboard Box", "Shy Cat"]}))
    play(state, "play Vacuum Cleaner on their Monday discarding Shy Cat")
    assert day(state, 1, "Monday")["base"].name == "Cardboard Box" and not day(state, 1, "Monday")["cats"]
    assert "play Rescued Cat on my Monday" in texts(state)


def test_an_illegal_play_raises_and_changes_nothing():
    state = position(hands=(["Lazy Cat"], []), draw=["Shy Cat"])
    lazy = state.hands[0][0]
    before = state.to_json(), repr(state.observation(0)), list(state.draw_pile)
    with pytest.raises(catcards.IllegalActionError, match="Lazy Cat cannot be played like that.*Monday to Friday"):
        state.apply(Play(lazy, "empty day", "my", 5))  # Saturday
    with pytest.raises(catcards.IllegalActionError, match="its card must be a Card from your hand"):
        state.apply(Play("Lazy Cat", "empty day", "my", 0))
    with pytest.raises(catcards.IllegalActionError, match="does not hold Demanding Cat"):
        state.apply(Play(catcards.Card("", 6, "Demanding Cat"), "empty day", "my", 6))
    assert (state.to_json(), repr(state.observation(0)), state.draw_pile) == before


def test_identical_copies_give_one_action_and_the_lowest_copy_is_played():
    state = position(hands=(["Rescued Cat", "Rescued Cat"], []))
    assert texts(state).count("play Rescued Cat on my Monday") == 1
    play(state, "play Rescued Cat on my Monday")
    assert day(state, 0, "Monday")["cats"][0].copy == 0 and state.hands[0][0].copy == 1


# ---- drawing ----------------------------------------------------------------------------------
def test_the_draw_pile_reshuffles_the_discard_pile_when_empty():
    state = position(hands=([], []), draw=["Shy Cat"], discard=["Lazy Cat", "Catnip", "Rescued Cat"])
    play(state, "draw a card")
    assert [c.name for c in state.hands[0]] == ["Shy Cat"] and state.draw_pile == []
    play(state, "draw a card")  # seat 1: the discard pile becomes the draw pile
    assert len(state.hands[1]) == 1 and len(state.draw_pile) == 2 and state.discard_pile == []
    assert sorted(c.name for c in state.hands[1] + state.draw_pile) == ["Catnip", "Lazy Cat", "Rescued Cat"]
    assert any("shuffled to form a new one" in line for line in state.log)
    # the shuffle comes from the seed: same seed, same order
    again = position(hands=([], []), draw=["Shy Cat"], discard=["Lazy Cat", "Catnip", "Rescued Cat"])
    play(again, "draw a card"), play(again, "draw a card")
    assert again.hands == state.hands and again.draw_pile == state.draw_pile


def test_nothing_to_draw_and_nothing_to_play_means_pass_and_two_passes_end_the_game():
    state = position(hands=(["Lazy Cat"], []), weeks=({d: ["Rescued Cat"] for d in DAYS[:6]}, {}))
    assert state.legal_actions() == (PASS,)
    with pytest.raises(catcards.IllegalActionError, match="nothing to draw"):
        state.apply(DRAW)
    play(state, "pass")
    play(state, "pass")
    assert state.is_over and "neither player can play or draw" in state.outcome.reason
    assert state.outcome.scores == (6, 0) and state.outcome.winners == (0,)


def test_default_setup_a_cat_tree_and_four_cards_each():
    state = GAME.new_game(5)
    for seat in (0, 1):
        names = [c.name for c in state.hands[seat]]
        assert len(names) == 5 and "Cat Tree" in names
    assert len(state.draw_pile) == 34 - 8 and state.current_player == 0
    assert catcards.load("cat-days", first_player=1).new_game(5).current_player == 1
    obs = state.observation(0)
    assert obs["draw_pile_size"] == 26 and obs["hand_sizes"] == [5, 5] and obs["hand"] == sorted(
        state.hands[0], key=lambda c: (c.name, c.copy))
    assert not set(state.hands[1]) & set(catcards.core.walk_cards(obs))


# ---- the end of the game ----------------------------------------------------------------------
def test_the_game_ends_the_moment_a_week_is_full():
    week = {d: ["Rescued Cat"] for d in DAYS[:6]}
    state = position(hands=(["Weekend Cat", "Lazy Cat"], []), weeks=(week, {"Monday": ["Shy Cat"]}))
    assert not state.is_over
    play(state, "play Weekend Cat on my Sunday")
    assert state.is_over and state.legal_actions() == ()
    assert state.outcome.scores == (9, 3) and state.outcome.winners == (0,)
    with pytest.raises(catcards.IllegalActionError, match="the game is over"):
        state.apply(DRAW)


def test_filling_the_opponents_week_ends_the_game_too():
    week = {d: ["Lazy Cat"] for d in DAYS[:4]} | {"Friday": ["Shy Cat"], "Saturday": ["Weekend Cat"]}
    state = position(hands=(["Rescued Cat"], []), weeks=({}, week))
    play(state, "play Rescued Cat on their Sunday")
    assert state.is_over and state.outcome.scores == (0, 15) and "seat 1 has a cat" in state.outcome.reason


def test_equal_scores_share_the_victory():
    week = {d: ["Rescued Cat"] for d in DAYS[:6]}
    state = position(hands=(["Grumpy Cat"], []), weeks=(week, {"Monday": ["Playful Cat"], "Sunday": ["Fluffy Cat"]}))
    play(state, "play Grumpy Cat on their Sunday covering Fluffy Cat")
    assert not state.is_over and state.scores() == [6, 5]  # covering neither fills nor ends a week
    state = position(hands=(["Weekend Cat"], []), weeks=(week, {"Monday": ["Playful Cat"], "Sunday": ["Fluffy Cat"]}))
    play(state, "play Weekend Cat on my Sunday")
    assert state.outcome.scores == (9, 9) and state.outcome.winners == (0, 1) and state.outcome.shared
    assert "shared victory" in state.outcome.reason


def test_the_turn_limit_stops_the_game_with_a_flag():
    game = catcards.load("cat-days", max_turns=3)
    state = position(hands=(["Shy Cat"], []), draw=["Rescued Cat"] * 4, game=game)
    play(state, "play Shy Cat on my Monday")
    play(state, "draw a card")
    assert not state.is_over
    play(state, "draw a card")
    assert state.is_over and state.stopped_by_turn_limit
    assert "turn limit" in state.outcome.reason and state.outcome.scores == (3, 0)
    assert state.turn == 3
    full = catcards.load("cat-days").new_game(1)
    assert not full.stopped_by_turn_limit


@pytest.mark.parametrize("bad", [0, -5, 2.5, "many", True])
def test_bad_max_turns_or_first_player_fail_early(bad):
    with pytest.raises(catcards.GameParameterError, match="max_turns"):
        catcards.load("cat-days", max_turns=bad)
    with pytest.raises(catcards.GameParameterError, match="first_player"):
        catcards.load("cat-days", first_player=bad if bad != 0 else 2)


def test_bad_deals_are_clear_errors():
    with pytest.raises(catcards.GameParameterError, match="no card called 'Sleepy Cat'"):
        position(hands=(["Sleepy Cat"], []))
    with pytest.raises(catcards.GameParameterError, match="Demanding Cat is named more often"):
        position(hands=(["Demanding Cat"], ["Demanding Cat"]))
    with pytest.raises(catcards.GameParameterError, match="'Funday' is not a day"):
        position(weeks=({"Funday": ["Rescued Cat"]}, {}))
    with pytest.raises(catcards.GameParameterError, match="at most 3 cats"):
        position(weeks=({"Monday": ["Cat Tree"] + ["Rescued Cat"] * 4}, {}))
    with pytest.raises(catcards.GameParameterError, match="Catnip cannot stand there"):
        position(weeks=({"Monday": ["Catnip"]}, {}))
    # a copy number written with a superscript: str.isdigit() is true, int() refused it (ValueError)
    with pytest.raises(catcards.GameParameterError, match="no card called 'Rescued Cat #²'"):
        position(hands=(["Rescued Cat #²"], []))


def test_save_and_replay_a_stacked_game():
    state = position(hands=(["Cardboard Box", "Grumpy Cat"], ["Rescued Cat"]), weeks=({}, {"Monday": ["Shy Cat"]}),
                     draw=["Lazy Cat"] * 3)
    play(state, "play Grumpy Cat on their Monday covering Shy Cat")
    play(state, "play Rescued Cat on their Monday")
    play(state, "play Cardboard Box on my Sunday taking Grumpy Cat from their Monday")
    again = catcards.load_state(state.to_json())
    assert again.to_json() == state.to_json() and repr(again.observation(0)) == repr(state.observation(0))


def test_random_games_mostly_end_by_a_full_week_and_scores_are_bounded():
    df = catcards.simulate("cat-days", games=60, seed=3, progress=False)
    assert df["reason"].str.contains("every day").mean() > 0.9
    assert (df[["score_0", "score_1"]] >= 0).all().all()
    assert np.all(df["actions"] <= 500)


# ---- computer players ---------------------------------------------------------------------------
def test_sensible_player_takes_the_winning_play_and_avoids_a_losing_end():
    from catcards.agents import make_agent

    agent = make_agent("cat-days", "sensible")
    rng = np.random.default_rng(0)
    week = {d: ["Lazy Cat"] for d in DAYS[:4]} | {"Friday": ["Shy Cat"], "Saturday": ["Weekend Cat"]}
    # filling my Sunday ends the game: with Demanding Cat I win 20 to 9, so it is the move
    state = position(hands=(["Demanding Cat", "Rescued Cat", "Catnip"], []), weeks=(week, {"Monday": ["Playful Cat"], "Tuesday": ["Shy Cat"], "Friday": ["Rescued Cat"]}),
                     draw=["Rescued Cat"] * 3)
    assert str(agent.choose(state.observation(0), state.legal_actions(), rng)) == "play Demanding Cat on my Sunday"
    # behind on points, ending the game with a Rescued Cat loses: the agent does something else
    state = position(hands=(["Rescued Cat"], []), weeks=({d: ["Lazy Cat"] for d in DAYS[:4]} | {"Friday": ["Rescued Cat"], "Saturday": ["Rescued Cat"]},
                                                        {"Monday": ["Demanding Cat"], "Tuesday": ["Playful Cat"], "Friday": ["Fluffy Cat"]}),
                     draw=["Shy Cat"] * 3)
    choice = agent.choose(state.observation(0), state.legal_actions(), rng)
    assert str(choice) != "play Rescued Cat on my Sunday"
    # a Grumpy Cat goes on the opponent's best cat
    state = position(hands=(["Grumpy Cat"], []), weeks=({"Monday": ["Lazy Cat"]}, {"Monday": ["Shy Cat"], "Sunday": ["Demanding Cat"]}))
    assert str(agent.choose(state.observation(0), state.legal_actions(), rng)) == (
        "play Grumpy Cat on their Sunday covering Demanding Cat")


def test_sensible_beats_random_over_seeded_games():
    from catcards.probability import wilson_interval

    df = catcards.simulate("cat-days", games=120, seed=2, agents=["sensible", "random"], progress=False)
    low, high = wilson_interval(int(df["win_0"].sum()), len(df))
    assert low > 0.75  # observed about 95% in 200 games
    patient = catcards.agents.make_agent("cat-days", "patient")
    assert patient.draw_turns == 3
    with pytest.raises(ValueError, match="draw_turns"):
        catcards.agents.make_agent("cat-days", "sensible", draw_turns=-1)


# ---- exact chances -------------------------------------------------------------------------------
def test_exact_chance_of_the_demanding_cat_by_turn_k_and_simulation_agrees():
    from fractions import Fraction

    from catcards.analysis.cat_days import chance_seen_by_turn, chance_table, simulate_seen_by_turn
    from catcards.probability import wilson_interval

    assert chance_seen_by_turn(0) == Fraction(4, 34)
    assert chance_seen_by_turn(6) == Fraction(10, 34)
    # two copies (Grumpy Cat): 1 - C(32, 5) / C(34, 5) = 1 - (29 * 28) / (34 * 33)
    assert chance_seen_by_turn(1, "Grumpy Cat") == 1 - Fraction(29 * 28, 34 * 33)
    assert list(chance_table(3)["cards_seen"]) == [4, 5, 6, 7]
    with pytest.raises(catcards.GameParameterError, match="k must be"):
        chance_seen_by_turn(27)
    with pytest.raises(catcards.GameParameterError, match="no card called 'Dog'"):
        chance_seen_by_turn(1, "Dog")
    hits = simulate_seen_by_turn(400, 6, seed=4)
    for k in (0, 6):
        assert float(chance_seen_by_turn(k)) in wilson_interval(int(hits[k]), 400, 0.999)


def test_patient_player_draws_on_its_first_turns_then_plays():
    from catcards.agents import make_agent

    agent = make_agent("cat-days", "patient")
    state = GAME.new_game(9)
    rng = np.random.default_rng(1)
    chosen = []
    while len(chosen) < 4:
        seat = state.current_player
        action = agent.choose(state.observation(seat), state.legal_actions(), rng) if seat == 0 else DRAW
        if seat == 0:
            chosen.append(str(action))
        state.apply(action)
    assert chosen[:3] == ["draw a card"] * 3 and chosen[3].startswith("play ")


def test_only_two_players():
    with pytest.raises(catcards.GameParameterError, match="a game for 2 players, not 3"):
        catcards.load("cat-days", players=3)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), agent_seed=st.integers(0, 2**16))
def test_any_game_keeps_the_table_sound(seed, agent_seed):
    """Trees hold at most 3 cats, only cats stand on days, scores are the visible points, and the
    game ends only with a full week, a double pass or the turn limit."""
    state = GAME.new_game(seed)
    rng = np.random.default_rng(agent_seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        w = state.weeks
        for week in (0, 1):
            for d in range(7):
                assert all(state.deck.kind(c).is_cat for c in w.stack[week][d])
                assert len(w.visible(week, d)) == (len(w.stack[week][d]) if w.is_tree(week, d) else min(1, len(w.stack[week][d])))
                assert not w.is_tree(week, d) or len(w.stack[week][d]) <= 3
        assert state.scores() == [sum(c.rank for d in range(7) for c in w.visible(s, d)) for s in (0, 1)]
    full = [state.weeks.full(s) for s in (0, 1)]
    assert any(full) or state.stopped_by_turn_limit or "neither player" in state.outcome.reason
    assert state.outcome.scores == tuple(state.scores())


def _play_out(state, seed):
    rng = np.random.default_rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def test_clone_copies_every_attribute_and_plays_on_identically():
    """A Cat Days state keeps its own attributes in slots and State's in its dict, and its clone
    copies them by name (``CatDaysState._shallow_copy``, issue 14): no attribute may be set
    outside those names (it would not be copied), every slot of a clone holds what the original's
    does, and a clone taken mid-game (some after a reshuffle, some near the turn limit) plays on
    exactly as the original does with the same choices."""
    from catcards.core import State
    from catcards.games.cat_days.engine import CatDaysState

    copied = set(State._core_fields) | set(CatDaysState.__slots__)
    game = catcards.load("cat-days", max_turns=60)
    ends = set()
    for seed in range(12):
        state = game.new_game(seed)
        rng = np.random.default_rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
            assert set(vars(state)) <= copied
            if state.turn % 17 == 5:
                clone = state.clone()
                for name in CatDaysState.__slots__:
                    value = getattr(clone, name)
                    assert value == getattr(state, name) or name == "weeks", name
                pick = int(rng.integers(2**31))
                a, b = _play_out(clone, pick), _play_out(state.clone(), pick)
                assert a.log == b.log and a.history == b.history and a.outcome == b.outcome
                assert a.log[:len(state.log)] == state.log
                ends.add(a.stopped_by_turn_limit)
    assert ends == {True, False}  # clones that ran into the turn limit and clones that did not


def test_a_pickled_state_carries_no_object_ids_and_plays_on_identically_in_another_process():
    """The deck's table of plays and a game's Yarn Ball swaps are kept by the ids of this process's
    card objects; in another process (a process pool or Dask worker loading the pickle) objects may
    have those ids, so a pickle carries neither: the state loaded builds its own (its table is its
    deck's, its swaps start empty) and plays on exactly as the original, here and in a fresh
    Python process."""
    import pickle
    import subprocess
    import sys

    game = catcards.load("cat-days")
    for seed in range(40):  # a mid-game state with Yarn Ball swaps built
        state = game.new_game(seed)
        rng = np.random.default_rng(seed)
        for _ in range(30):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
        if not state.is_over and state.weeks.swaps:
            break
    assert state.weeks.swaps and state.deck._play_table is not None
    data = pickle.dumps(state)
    loaded = pickle.loads(data)
    assert loaded.weeks.swaps == {} and loaded._table is loaded.deck._play_table is not state._table
    assert loaded.weeks.holds_cat == state.weeks.holds_cat and loaded.weeks.open_days == state.weeks.open_days
    pick = 12345
    here = _play_out(state.clone(), pick)
    assert _play_out(loaded, pick).log == here.log
    script = ("import pickle, sys\nimport numpy as np\nstate = pickle.loads(sys.stdin.buffer.read())\n"
              f"rng = np.random.default_rng({pick})\n"
              "while not state.is_over:\n    legal = state.legal_actions()\n"
              "    state.apply(legal[int(rng.integers(len(legal)))])\nprint(repr(state.log))\n")
    out = subprocess.run([sys.executable, "-c", script], input=data, capture_output=True, check=True, timeout=120)
    assert out.stdout.decode().strip() == repr(here.log)


def test_a_play_needs_its_card_and_its_log_line_a_seat_0_or_1_however_given():
    """A Play without a card is refused (the field has no default); ``log_line``
    takes seat 0 or 1 as any number equal to it and writes "Seat 1" (the line is kept on the play,
    which every later game shares), anything else is a ValueError."""
    card = catcards.load("cat-days").deck.cards[0]
    with pytest.raises(TypeError):
        Play()
    assert dataclasses.fields(Play)[0].default is dataclasses.MISSING
    play = Play(card, "empty day", "my", 3)
    assert play.log_line(1.0) == play.log_line(True) == play.log_line(np.int64(1)) == (
        f"Seat 1 plays {card.name} on seat 1's Thursday.")
    assert play.log_line(0.0) == f"Seat 0 plays {card.name} on seat 0's Thursday."
    for seat in ("0", None, 2, -1, 0.5, 2**70):
        with pytest.raises(ValueError, match="Cat Days has seats 0 and 1"):
            play.log_line(seat)


def test_a_pickled_or_copied_state_draws_and_passes_as_the_original():
    """A state pickled or deep-copied after its legal actions were read plays on as the original:
    its copies of DRAW and PASS are a Draw and a Pass, which the engine tells by their type (once,
    when it told them by identity, its copy of DRAW was taken for a Play and it could not draw).
    A subclass of Play pickles and copies as itself."""
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(DRAW)) == DRAW and copy.deepcopy(PASS) == PASS
    game = catcards.load("cat-days")
    state, rng, draws = game.new_game(4), np.random.default_rng(4), 0
    while not state.is_over:
        legal = state.legal_actions()
        loaded, copied = pickle.loads(pickle.dumps(state)), copy.deepcopy(state)
        pick = int(rng.integers(len(legal)))
        draws += legal[pick] is DRAW
        for s in (state, loaded, copied):
            s.apply(s.legal_actions()[pick])
        assert loaded.log == state.log == copied.log
    assert draws > 0
    card = game.deck.cards[0]
    mine = _NotedPlay(card, "empty day", "my", 3, note="mine")
    for again in (pickle.loads(pickle.dumps(mine)), copy.copy(mine), copy.deepcopy(mine)):
        assert type(again) is _NotedPlay and again == mine and again.note == "mine"
    assert dataclasses.replace(mine, day=4).note == "mine"


@dataclasses.dataclass(frozen=True)
class _NotedPlay(Play):
    """A Play with one more field (module level, so that it pickles)."""

    note: str = ""


def test_tally_after_counts_what_carrying_out_on_a_copy_gives_and_leaves_the_weeks_as_they_were():
    """Weeks.tally_after (the sensible agent's look-ahead) against the plain way: every legal play
    of every position of seeded random games carried out on a copy."""
    game = catcards.load("cat-days")
    plays = 0
    for g in range(6):
        state = game.new_game(g)
        rng = np.random.default_rng(g)
        while not state.is_over:
            weeks, seat = state.weeks.copy(), state.current_player
            before = ([list(b) for b in weeks.base], [[list(s) for s in w] for w in weeks.stack],
                      list(weeks.holds_cat), list(weeks.tree_days), list(weeks.bare_days), list(weeks.open_days))
            scores = [weeks.score(0), weeks.score(1)]
            legal = state.legal_actions()
            for a in legal:
                if not isinstance(a, Play) or game.deck.kind(a.card).draws:
                    continue
                after = weeks.copy()
                after.carry_out(seat, a)
                expected = ([after.score(0), after.score(1)], [after.filled(0), after.filled(1)],
                            after.full(0) or after.full(1))
                assert weeks.tally_after(seat, a, scores) == expected, (g, len(state.history), str(a))
                assert (weeks.base, weeks.stack, weeks.holds_cat, weeks.tree_days, weeks.bare_days,
                        weeks.open_days) == before
                plays += 1
            state.apply(legal[int(rng.integers(len(legal)))])
    assert plays > 1000


def test_plays_the_sensible_player_counts_once_count_alike():
    """The sensible player counts some plays once for several (catcards.agents.cat_days): a cat
    put on an empty day per week and whether the day holds a cat, a swap per pair of points, a
    Grumpy Cat per week and covered points, a Cardboard Box per taken cat's day and points.
    Every legal play of seeded random games: the plays of one card sharing such a key count
    (Weeks.tally_after) exactly alike."""
    from catcards.agents.cat_days import _ON_EMPTY_DAY

    game = catcards.load("cat-days")
    shared = 0
    for g in range(8):
        state = game.new_game(g)
        rng = np.random.default_rng(100 + g)
        while not state.is_over:
            weeks, seat = state.weeks, state.current_player
            scores = [weeks.score(0), weeks.score(1)]
            legal = state.legal_actions()
            seen: dict = {}
            for a in legal:
                if not isinstance(a, Play):
                    continue
                kind = game.deck.kind(a.card)
                if kind.draws or kind.effect == "cat tree":
                    continue
                if kind.effect in _ON_EMPTY_DAY:
                    w = seat if a.week == "my" else 1 - seat
                    key = (a.week, weeks.holds_cat[w] >> a.day & 1)
                elif kind.effect == "swap":
                    key = (a.target.rank, a.other.rank)
                elif kind.effect == "cover":
                    key = (a.week, a.target.rank)
                elif kind.effect == "cardboard box":
                    key = (a.target_day, a.target.rank)
                else:
                    continue
                tally = weeks.tally_after(seat, a, scores)
                first = seen.setdefault((a.card.name, kind.effect, key), tally)
                assert tally == first, (g, len(state.history), str(a))
                shared += first is not tally
            state.apply(legal[int(rng.integers(len(legal)))])
    assert shared > 500
