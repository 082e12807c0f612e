"""Card Game: The Card Game: every ruling of the rulebook as a stacked-deck scenario.

Sources: rulebooks/card-game-the-card-game.txt ("Bluff", "Final Round Variant", "Advanced Rules",
"Even More Advanced Rules") and rules/card-game.md (card list, decisions).
"""
from __future__ import annotations

import catcards
import pytest
from catcards.games.card_game import sushi_points


def new(players=3, seed=1, final_round=False, **deals):
    game = catcards.load("card-game", players=players, final_round=final_round)
    return game.new_game(seed, deals=deals)


def act(state, *texts):
    for text in texts:
        state.apply(state.action_from_string(text))
    return state


def names(cards):
    return sorted(c.name for c in cards)


def legal(state):
    return [str(a) for a in state.legal_actions()]


def hand(state, seat):
    return names(state.observation(seat)["hand"])


# ---- Even More Advanced Rules: Suicide Kitten ----------------------------------------------------
def test_suicide_kitten_drawn_by_ancestral_headache_kills_only_after_the_third_card():
    s = new(hands=[["Ancestral Headache"], ["Nap"], ["Nap"]], money=[[], [], []],
            main=["Nap", "Suicide Kitten", "Golden Yarn", "Shot!"], front=[["Sullen House"], [], []])
    act(s, "take Money", "play Ancestral Headache")
    # all three cards were taken before the kitten took effect: Shot! is still on top
    assert s.deck.names[s.main[-1]] == "Shot!"
    draws = [i for i, line in enumerate(s.log) if line == "Seat 0 draws a card."]
    kitten = next(i for i, line in enumerate(s.log) if "drew Suicide Kitten" in line)
    assert len(draws) == 3 and kitten > max(draws)
    # nobody could answer (no money): seat 0 is out, its hand and LOCK cards are discarded
    assert s.out == [True, False, False]
    assert names(s.observation(1)["discard_pile"]) == sorted(
        ["Ancestral Headache", "Golden Yarn", "Nap", "Suicide Kitten", "Sullen House"])
    assert s.observation(1)["hand_sizes"][0] == 0 and s.observation(1)["front"][0] == []
    assert s.active == 1 and s.current_player == 1 and s.phase == "draw"


def test_not_so_fast_stops_suicide_kitten():
    s = new(hands=[["Not So Fast"], [], []], money=[["Money"], [], []], main=["Suicide Kitten"])
    act(s, "draw from the main deck")
    assert s.current_player == 0 and s.observation(0)["window"] == "respond"
    assert "play Not So Fast" in legal(s)
    act(s, "play Not So Fast")
    assert not s.out[0] and s.phase == "main" and s.current_player == 0
    assert names(s.observation(0)["discard_pile"]) == ["Not So Fast", "Suicide Kitten"]
    assert s.money_value(0) == 0


def test_imaginary_dinosaur_does_not_save_from_suicide_kitten():
    s = new(hands=[["Imaginary Dinosaur"], [], []], money=[["Money"], [], []], main=["Suicide Kitten"])
    act(s, "draw from the main deck")
    # seat 0 can pay 1$ so is asked, but the only answer is to pass: no Dinosaur claim
    assert legal(s) == ["pass"]
    act(s, "pass")
    assert s.out[0] and s.active == 1


def test_a_player_who_is_out_discards_hand_and_lock_cards():
    s = new(hands=[["Nap", "Shot!"], [], []], money=[["Money", "Dark Flower"], [], []],
            front=[["Sushi Tray", "Pickpocket"], [], []], main=["Suicide Kitten"], tokens=[3, 0, 0])
    act(s, "draw from the main deck", "pass")
    obs = s.observation(2)
    assert s.out[0] and obs["front"][0] == [] and obs["hand_sizes"][0] == 0 and obs["tokens"][0] == 0
    assert names(obs["discard_pile"]) == sorted(
        ["Nap", "Shot!", "Sushi Tray", "Pickpocket", "Dark Flower", "Suicide Kitten"])


def test_last_player_in_wins():
    s = new(players=2, hands=[[], []], main=["Suicide Kitten"])
    act(s, "draw from the main deck")
    assert s.is_over and s.outcome.winners == (1,) and "last player" in s.outcome.reason


# ---- Advanced Rules: cancelled cards, last in first out ------------------------------------------
def test_not_so_fast_does_not_return_the_money_of_the_assassin():
    s = new(hands=[["The Assassin"], ["Not So Fast"], []], money=[["Money"] * 3, ["Money"], []],
            tokens=[0, 2, 0])
    act(s, "take Money", "play The Assassin on seat 1")
    assert s.current_player == 1 and s.money_value(0) == 1
    act(s, "play Not So Fast")
    assert s.tokens == [0, 2, 0] and s.money_value(0) == 1 and s.money_value(1) == 0
    assert names(s.observation(0)["discard_pile"]) == ["Not So Fast", "The Assassin"]
    assert s.current_player == 0 and s.observation(0)["stack"] == []


def test_responses_resolve_last_in_first_out():
    s = new(hands=[["Golden Yarn"], ["Not So Fast"], ["Not So Fast"]],
            money=[["Money", "Money"], ["Money"], ["Money"]])
    act(s, "take Money", "play Golden Yarn")
    assert s.current_player == 1
    act(s, "play Not So Fast")  # seat 1 answers Golden Yarn
    assert s.current_player == 2 and [i["name"] for i in s.observation(2)["stack"]] == ["Golden Yarn", "Not So Fast"]
    act(s, "play Not So Fast")  # seat 2 answers seat 1's Not So Fast
    # seat 2's card resolves first and cancels seat 1's; then Golden Yarn resolves
    resolves = [line for line in s.log if line.startswith(("Resolves", "Not So Fast cancels"))]
    assert resolves == [
        "Resolves: seat 2: Not So Fast.",
        "Not So Fast cancels seat 1: Not So Fast; its money is not returned.",
        "Resolves: seat 0: Golden Yarn.",
    ]
    assert s.tokens == [1, 0, 0] and s.current_player == 0 and s.phase == "main"


def test_save_during_a_response_window_loads_the_same_state_and_player_to_act():
    s = new(hands=[["Golden Yarn"], ["Not So Fast"], ["Not So Fast"]],
            money=[["Money", "Money"], ["Money"], ["Money"]])
    act(s, "take Money", "play Golden Yarn", "play Not So Fast")
    assert s.current_player == 2 and s.observation(2)["window"] == "respond"
    loaded = catcards.load_state(s.to_json())
    assert loaded.current_player == 2 and legal(loaded) == legal(s)
    assert repr(loaded.observation(2)) == repr(s.observation(2))
    act(loaded, "pass")
    act(s, "pass")
    assert loaded.to_json() == s.to_json() and loaded.log == s.log


# ---- Even More Advanced Rules: To The Top --------------------------------------------------------
def test_to_the_top_before_a_forced_draw_on_your_own_turn_lets_you_take_money():
    s = new(hands=[["Nap"], ["To The Top"], []], money=[["Money"], ["Money"], []],
            discard=["Shot!"], main=["Golden Yarn"])
    act(s, "take Money", "play Nap", "play To The Top")
    assert s.current_player == 1 and legal(s) == ["done", "put Shot! on top"]
    act(s, "put Shot! on top")
    # a card taken from the discard pile is shown to everyone (rulebook, Advanced Rules)
    assert "Seat 1 shows Shot! from the discard pile and puts it on top of the main deck." in s.log
    # Nap resolves: seat 0 must draw, Shot! lies on top, it is seat 0's turn: Money instead
    assert s.current_player == 0 and set(legal(s)) == {"draw from the main deck", "take Money"}
    money = s.money_value(0)
    act(s, "take Money")
    assert s.deck.names[s.main[-1]] == "Shot!" and hand(s, 0) == [] and s.money_value(0) == money + 2


def test_to_the_top_off_turn_draw_takes_the_card_and_dinosaur_survives_a_genuine_challenge():
    s = new(players=2, hands=[["To The Top", "Shot!", "Golden Yarn"], ["Imaginary Dinosaur"]],
            money=[["Money", "Money"], []], discard=["Nap"], tokens=[1, 1])
    act(s, "take Money", "play To The Top", "put Nap on top")
    act(s, "claim Shot! on seat 1 with Shot! face down", "believe")
    # seat 1 is threatened: it may claim Imaginary Dinosaur (its genuine card)
    assert "claim Imaginary Dinosaur with Imaginary Dinosaur face down" in legal(s)
    act(s, "claim Imaginary Dinosaur with Imaginary Dinosaur face down", "challenge")
    # genuine: seat 1 (not its turn) simply takes the top card, the Nap put there by To The Top
    assert hand(s, 1) == ["Nap"]
    assert s.current_player == 0 and set(legal(s)) == {"discard Golden Yarn", "discard Shot!"}
    act(s, "discard Golden Yarn")
    assert s.tokens == [0, 1]
    act(s, "pass")  # Dinosaur's response window (seat 0 answers nothing)
    assert s.tokens == [0, 1] and s.log[-1] == "Imaginary Dinosaur: seat 1 loses no tokens."
    assert "Imaginary Dinosaur" in names(s.observation(0)["discard_pile"])


# ---- The Guardian, Exploding Island --------------------------------------------------------------
def test_the_guardian_leaves_a_joker_in_hand():
    s = new(hands=[["The Guardian"], ["Shot!", "Shot!", "Joker", "Nap"], []], money=[["Money"], [], []])
    act(s, "take Money", "play The Guardian on seat 1 naming Shot!")
    assert hand(s, 1) == ["Joker", "Nap"]
    assert names(s.observation(0)["discard_pile"]) == ["Shot!", "Shot!", "The Guardian"]


def test_the_guardian_may_stay_on_exploding_island():
    s = new(hands=[["The Guardian"], ["Nap"], []], money=[["Money"], [], []], table=["Exploding Island"])
    act(s, "take Money", "play The Guardian on seat 1 naming Shot!")
    assert names(c for c, _ in s.observation(0)["island"][0]) == ["The Guardian"]
    assert s.observation(0)["discard_pile"] == []


def test_exploding_island_tie_gives_both_players_two_tokens():
    s = new(hands=[[], [], []], money=[["Money"], [], []], table=["Exploding Island"],
            island=[["The Assassin"], ["The Guardian"], []])
    act(s, "take Money", "use Exploding Island on seat 1")
    assert s.tokens == [2, 2, 0] and s.money_value(0) == 1


def test_exploding_island_more_characters_wins_and_discards_the_others():
    s = new(hands=[[], [], []], money=[["Money"], [], []], table=["Exploding Island"],
            island=[["The Assassin", "The Guardian"], ["The Guardian"], []])
    act(s, "take Money", "use Exploding Island on seat 1")
    assert s.tokens == [2, 0, 0] and s.observation(0)["island"][1] == []


# ---- Shot!, bluffing -----------------------------------------------------------------------------
def test_shot_on_a_player_without_tokens_takes_nothing():
    s = new(players=2, hands=[["Shot!"], []], money=[["Money"], []], tokens=[0, 0])
    act(s, "take Money", "claim Shot! on seat 1 with Shot! face down", "believe")
    assert s.tokens == [0, 0] and "Seat 1 loses 0 tokens (has none); tokens now 0." in s.log
    assert hand(s, 0) == ["Shot!"]  # believed: the card went back


def test_a_believed_bluff_returns_the_card_unseen():
    s = new(players=3, hands=[["Nap", "Golden Yarn"], [], []], money=[["Money"], [], []], tokens=[0, 2, 0])
    act(s, "take Money", "claim Shot! on seat 1 with Nap face down")
    # during the believe/challenge round only seat 0 sees the face-down card
    assert s.observation(0)["facedown"].name == "Nap"
    for seat in (1, 2, None):
        obs = s.observation(seat)
        assert obs["facedown"] is None and obs["facedown_count"] == 1
        assert obs["stack"][0]["card"] is None
    act(s, "believe", "believe")
    assert s.tokens == [0, 1, 0] and hand(s, 0) == ["Golden Yarn", "Nap"]
    assert not any("Nap" in line for line in s.log)
    assert s.money_value(0) == 1  # Shot! cost 1$


def test_a_challenged_false_claim_discards_the_card_and_a_token_and_cancels_the_effect():
    s = new(players=3, hands=[["Nap", "Golden Yarn"], ["Nap"], []], money=[["Money"], [], []],
            tokens=[1, 2, 0])
    act(s, "take Money", "claim Shot! on seat 1 with Nap face down", "challenge")
    assert s.tokens == [0, 2, 0] and hand(s, 0) == ["Golden Yarn"] and hand(s, 1) == ["Nap"]
    assert names(s.observation(2)["discard_pile"]) == ["Nap"] and s.money_value(0) == 1
    assert s.observation(0)["stack"] == [] and s.current_player == 0


def test_a_challenged_genuine_card_draws_punishes_the_challenger_and_still_works():
    s = new(players=3, hands=[["Shot!", "Golden Yarn"], ["Nap", "Sushi Tray"], []],
            money=[["Money"], [], []], tokens=[0, 2, 0], main=["Dark Flower"])
    act(s, "take Money", "claim Shot! on seat 1 with Shot! face down", "challenge")
    assert hand(s, 0) == ["Dark Flower", "Golden Yarn"]  # seat 0 took a main-deck card
    assert s.current_player == 1 and legal(s) == ["discard Nap", "discard Sushi Tray"]
    act(s, "discard Sushi Tray")
    assert s.tokens == [0, 1, 0]
    # Shot! is still played: seat 1 may answer it (a Dinosaur claim costs 0$), passes, loses 1 more
    assert s.current_player == 1 and "claim Imaginary Dinosaur with Nap face down" in legal(s)
    act(s, "pass")
    assert s.current_player == 0 and s.tokens == [0, 0, 0]
    assert names(s.observation(0)["discard_pile"]) == ["Shot!", "Sushi Tray"]


def test_a_face_down_joker_is_genuine():
    s = new(players=2, hands=[["Joker"], ["Nap"]], money=[[], []])
    act(s, "take Money", "claim Lucky Cat with Joker face down", "challenge", "discard Nap")
    assert s.tokens == [1, 0] and hand(s, 1) == [] and len(hand(s, 0)) == 1
    assert names(s.observation(1)["discard_pile"]) == ["Joker", "Nap"]


# ---- Dark Flower, points --------------------------------------------------------------------------
def test_dark_flower_is_money_in_itself():
    s = new(hands=[["Dark Flower"], [], []], money=[[], [], []])
    before = s.observation(0)["money_deck_size"]
    act(s, "draw from the main deck", "play Dark Flower")
    obs = s.observation(0)
    assert names(obs["money"][0]) == ["Dark Flower"] and obs["money_values"][0] == 2
    assert obs["money_deck_size"] == before


def test_dark_flower_pays_two_then_is_discarded():
    s = new(hands=[["Golden Yarn"], [], []], money=[["Dark Flower"], [], []])
    act(s, "draw from the main deck", "play Golden Yarn")
    assert s.money_value(0) == 0 and names(s.observation(0)["discard_pile"]) == ["Dark Flower", "Golden Yarn"]
    assert s.tokens[0] == 1


def test_sullen_house_is_points_in_itself():
    s = new(hands=[["Sullen House"], [], []], money=[["Money"] * 3, [], []])
    act(s, "take Money", "play Sullen House")
    assert s.points(0) == 1 and s.tokens[0] == 0
    assert [n for _, n in s.observation(1)["front"][0]] == ["Sullen House"]


@pytest.mark.parametrize("trays,points", [(0, 0), (1, 0), (2, 2), (3, 4), (4, 6)])
def test_sushi_tray_scores_by_count(trays, points):
    assert sushi_points(trays) == points
    s = new(hands=[[], [], []], front=[["Sushi Tray"] * min(trays, 3), [], []])
    if trays <= 3:
        assert s.points(0) == points


def test_a_fourth_sushi_tray_reaches_six_points_and_wins_at_once():
    s = new(hands=[["Sushi Tray"], [], []], money=[["Money"], [], []], front=[["Sushi Tray"] * 3, [], []])
    assert s.points(0) == 4
    act(s, "take Money", "play Sushi Tray")
    assert s.is_over and s.outcome.winners == (0,) and s.outcome.scores[0] == 6


# ---- Eat Four! with Suicide Kitten (rules/card-game.md reading) ---------------------------------
def _eat_four(choice, respond=None):
    s = new(hands=[["Eat Four!", "Joker", "Joker"], ["Not So Fast"], []],
            money=[["Money"], ["Money"], []], main=["Nap", "Suicide Kitten", "Shot!", "Golden Yarn"])
    act(s, "take Money", f"play Eat Four! on seat 1 choosing {choice}")
    if respond:
        act(s, "pass")  # seat 1 lets Eat Four! resolve
    return s


def test_eat_four_special_puts_suicide_kitten_into_the_hand_and_not_so_fast_may_stop_it():
    s = _eat_four("SPECIAL", respond=True)
    # the only SPECIAL card left is the kitten: the whole deck is turned over, the rest discarded
    assert s.main == [] and s.current_player == 1
    assert s.observation(1)["stack"][-1]["name"] == "Suicide Kitten"
    act(s, "play Not So Fast")
    assert not s.out[1] and "Suicide Kitten" in names(s.observation(0)["discard_pile"])


def test_eat_four_special_suicide_kitten_kills_if_not_stopped():
    s = _eat_four("SPECIAL", respond=True)
    act(s, "pass")
    assert s.out[1]


def test_eat_four_other_type_shuffles_suicide_kitten_back_without_effect():
    s = _eat_four("HAND", respond=True)
    assert not s.out[1]
    held = hand(s, 1)  # Not So Fast + the first 4 HAND cards turned: Nap, Shot!, Golden Yarn, one more
    assert len(held) == 5 and {"Golden Yarn", "Nap", "Not So Fast", "Shot!"} <= set(held)
    fifth = list(held)
    for x in ("Golden Yarn", "Nap", "Not So Fast", "Shot!"):
        fifth.remove(x)
    assert "HAND" in s.deck.specs[fifth[0]].types
    assert "Suicide Kitten" in [s.deck.names[c] for c in s.main]
    assert s.current_player == 0


def test_eat_four_lock_lets_the_player_take_money_instead():
    s = new(hands=[["Eat Four!", "Joker", "Joker"], [], []], money=[["Money"], [], []],
            main=["Sushi Tray", "Nap", "Sullen House", "Dark Flower", "Pickpocket"])
    act(s, "take Money", "play Eat Four! on seat 1 choosing LOCK")
    assert s.current_player == 1 and legal(s) == ["take Sushi Tray", "take Money instead of Sushi Tray"]
    act(s, "take Money instead of Sushi Tray", "take Sullen House", "take Money instead of Dark Flower",
        "take Pickpocket")
    assert hand(s, 1) == ["Pickpocket", "Sullen House"] and s.money_value(1) == 2
    assert names(s.observation(0)["discard_pile"]) == ["Dark Flower", "Eat Four!", "Nap", "Sushi Tray"]


# ---- Final Round variant ---------------------------------------------------------------------------
def test_final_round_lies_sixteenth_from_the_bottom():
    for seed in range(5):
        s = catcards.load("card-game", players=4, final_round=True).new_game(seed)
        assert s.deck.names[s.main[15]] == "Final Round"
        assert sum(1 for c in s.main if s.deck.names[c] == "Final Round") == 1
    plain = catcards.load("card-game", players=4).new_game(0)
    assert "Final Round" not in [plain.deck.names[c] for c in plain.main]


def test_final_round_ends_the_game_when_play_comes_back_round():
    s = new(final_round=True, hands=[[], [], []], main=["Final Round", "Nap"])
    act(s, "draw from the main deck")
    assert hand(s, 0) == ["Nap"] and s.observation(0)["final_round"] == 2  # drew again
    act(s, "end turn", "take Money", "end turn")
    assert not s.is_over and s.active == 2
    act(s, "take Money", "end turn")
    assert s.is_over and "Final Round" in s.outcome.reason


def test_discarding_final_round_cancels_the_end():
    s = new(final_round=True, hands=[[], ["Cheap Day"], []], money=[[], ["Money", "Money"], []],
            main=["Final Round", "Nap"])
    act(s, "draw from the main deck", "end turn", "pass", "take Money", "play Cheap Day")  # pass: end phase
    obs = s.observation(0)
    assert [n for _, n in obs["table"]] == ["Cheap Day"] and obs["final_round"] is None
    assert "Final Round" in names(obs["discard_pile"])
    act(s, "end turn", "pass", "take Money", "end turn", "pass")  # seat 0 holds Nap: asked (end phase)
    assert not s.is_over and s.active == 0


# ---- deck out, errors, card list ------------------------------------------------------------------
def test_empty_main_deck_forces_money_and_ends_after_that_turn():
    s = new(players=2, hands=[[], []], tokens=[1, 2])
    s.main.clear()  # (only for this check) an empty main deck at the start of a later turn
    act(s, "take Money", "end turn")
    assert legal(s) == ["take Money"]
    act(s, "take Money", "end turn")
    assert s.is_over and s.outcome.winners == (1,) and "ran out" in s.outcome.reason


def test_illegal_action_explains_and_changes_nothing():
    s = new(hands=[["Golden Yarn"], [], []], money=[[], [], []])
    from catcards.games.card_game import Play

    before = s.to_json(), repr(s.observation(0))
    with pytest.raises(catcards.IllegalActionError, match="draw phase"):
        s.apply(Play("Golden Yarn"))
    assert (s.to_json(), repr(s.observation(0))) == before
    act(s, "draw from the main deck")
    with pytest.raises(catcards.IllegalActionError, match="costs 2\\$ and seat 0 has 0\\$"):
        s.apply(Play("Golden Yarn"))
    with pytest.raises(catcards.IllegalActionError, match="holds no The Assassin"):
        s.apply(Play("The Assassin", target=1))


def test_bad_parameters_and_deals_fail_clearly(tmp_path):
    with pytest.raises(catcards.GameParameterError, match="first_player"):
        catcards.load("card-game", players=3, first_player=3)
    with pytest.raises(catcards.GameParameterError, match="unknown card 'Shot'"):
        new(hands=[["Shot"], [], []])
    with pytest.raises(catcards.GameParameterError, match="more 'The Assassin'"):
        new(hands=[["The Assassin", "The Assassin"], [], []])
    bad = tmp_path / "cards.csv"
    bad.write_text("name,count,types,cost,text\nMoney,20,MONEY,1,x\nCat Nap,2,HAND,0,zzz\n")
    with pytest.raises(catcards.GameParameterError, match="unknown card 'Cat Nap'.*effect is code"):
        catcards.load("card-game", cards=str(bad))


def test_a_teachers_card_list_is_used(tmp_path):
    from importlib import resources

    text = resources.files("catcards").joinpath("data", "card_game_cards.csv").read_text()
    mine = tmp_path / "mine.csv"
    mine.write_text(text.replace("Shot!,3,HAND BLUFF,1", "Shot!,6,HAND BLUFF,0"))
    game = catcards.load("card-game", players=2, cards=str(mine))
    assert len(game.deck.ids["Shot!"]) == 6 and game.deck.specs["Shot!"].cost == 0
    assert catcards.load("card-game", **game.params) == game


# ---- the other cards of the list (rules/card-game.md) ---------------------------------------------
def test_joker_played_as_another_card_and_as_money():
    s = new(hands=[["Joker", "Joker"], [], []], money=[["Money", "Money"], [], []])
    act(s, "take Money", "play Joker as Golden Yarn")
    assert s.tokens[0] == 1 and s.money_value(0) == 1 and s.hand_played
    assert "play Joker as Nap" not in legal(s)  # one HAND card a turn
    act(s, "play Joker as Money")
    assert s.money_value(0) == 2 and names(s.observation(1)["money"][0]) == ["Joker", "Money"]


def test_joker_as_a_lock_card_counts_as_that_card():
    s = new(hands=[["Joker"], [], []], money=[["Money"] * 3, [], []])
    act(s, "take Money", "play Joker as Sullen House")
    assert s.points(0) == 1 and s.observation(2)["front"][0][0][1] == "Sullen House"


def test_one_hand_card_and_one_ability_per_turn():
    s = new(hands=[["Nap", "Nap", "Pickpocket"], [], []], money=[["Money"], ["Money"], []])
    act(s, "take Money", "play Nap")
    assert not any(a.startswith("play Nap") for a in legal(s))
    act(s, "use Pickpocket on seat 1")
    assert s.money_value(1) == 0 and not any(a.startswith("use ") for a in legal(s))


def test_happy_hour_draws_twice_and_cheap_day_lowers_costs():
    s = new(hands=[["Golden Yarn"], [], []], money=[[], [], []], table=["Happy Hour", "Cheap Day"])
    act(s, "take Money", "take Money")
    assert s.phase == "main" and s.money_value(0) == 2
    assert s.cost("Golden Yarn") == 1 and s.cost("Nap") == 0
    act(s, "play Golden Yarn")
    assert s.money_value(0) == 1


def test_fortune_teller_shows_the_top_cards_only_to_its_user():
    s = new(hands=[["Fortune Teller"], [], []], money=[[], [], []], main=["Nap", "Shot!", "Nap", "Joker"])
    act(s, "take Money", "use Fortune Teller")
    assert names(s.observation(0)["peek"]) == ["Nap", "Nap", "Shot!"]
    assert s.observation(1)["peek"] == [] and s.observation(None)["peek"] == []
    assert "put back Nap, Shot!, Nap (top first)" in legal(s) and len(legal(s)) == 3
    act(s, "put back Shot!, Nap, Nap (top first)")
    assert [s.deck.names[c] for c in s.main[-4:]] == ["Joker", "Nap", "Nap", "Shot!"]


def test_the_assassin_stays_on_exploding_island_and_nap_draws_and_takes_money():
    s = new(hands=[["The Assassin", "Nap"], [], []], money=[["Money"] * 2, [], []],
            table=["Exploding Island"], tokens=[0, 3, 0], main=["Shot!"])
    act(s, "take Money", "play The Assassin on seat 1")
    assert s.tokens == [0, 1, 0] and [n for _, n in s.observation(0)["island"][0]] == ["The Assassin"]
    act(s, "end turn", "take Money", "end turn", "take Money", "end turn", "take Money", "play Nap")
    assert hand(s, 0) == ["Shot!"] and s.money_value(0) == 2


def test_observations_hide_other_hands_and_the_main_deck():
    s = new(hands=[["Nap"], ["Shot!"], ["Joker"]])
    for seat in (0, 1, 2, None):
        obs = s.observation(seat)
        assert obs["hand_sizes"] == [1, 1, 1]
        assert obs["hand"] == ([] if seat is None else s.observation(seat)["hand"])
        assert "main" not in obs and obs["draw_pile_size"] == len(s.main)
    assert hand(s, 1) == ["Shot!"] and s.observation(0)["money_top"].name in ("Money", "Initial Money")


def test_initial_money_goes_to_the_bottom_of_the_money_deck_after_use():
    s = new(hands=[[], [], ["Golden Yarn"]])  # default: seat 2 (goes last) holds Initial Money
    assert names(s.observation(0)["money"][2]) == ["Initial Money"]
    act(s, "take Money", "end turn", "pass", "take Money", "end turn", "pass", "take Money",
        "play Golden Yarn")  # pass: end phase
    # both spent cards went to the bottom (index 0 is the bottom), the Initial Money among them
    assert sorted(s.deck.names[c] for c in s.money_deck[:2]) == ["Initial Money", "Money"]
    assert s.money_value(2) == 0 and s.deck.names[s.money_deck[-1]] == "Money"


def test_an_edited_card_list_may_not_change_a_cards_types(tmp_path):
    """A card's types are part of its coded effect: an edited list changing them (Shot! as an
    INSTANT BLUFF card) would let the engine offer a play it cannot carry out."""
    from importlib import resources

    text = resources.files("catcards").joinpath("data", "card_game_cards.csv").read_text("utf-8")
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("Shot!,"))
    fields = lines[i].split(",")
    assert "INSTANT" not in fields[2]
    fields[2] = "INSTANT BLUFF"
    lines[i] = ",".join(fields)
    path = tmp_path / "cards.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(catcards.GameParameterError, match="types of Shot! are fixed by its coded effect"):
        catcards.load("card-game", cards=str(path))
    lines[i] = lines[i].replace("INSTANT BLUFF", text.splitlines()[i].split(",")[2])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    catcards.load("card-game", cards=str(path))  # the shipped types load


# ---- End phase: the other players may play INSTANT cards --------------------------------------------
def test_end_phase_another_player_plays_to_the_top_and_the_round_starts_again():
    s = new(hands=[["Nap"], ["To The Top", "Not So Fast"], []], money=[["Money"], ["Money", "Money"], []],
            discard=["Shot!"], main=["Golden Yarn"])
    act(s, "take Money", "end turn")
    # seat 1 (the active player's left) is asked; Not So Fast has nothing to cancel
    assert s.phase == "end" and s.active == 0 and s.current_player == 1
    assert s.decision() == "end" and legal(s) == ["pass", "play To The Top"]
    act(s, "play To The Top")  # its response window: seat 2 (no cards) is skipped, seat 0 passes
    assert s.current_player == 0 and s.window is not None and legal(s) == ["pass"]
    act(s, "pass")
    assert s.current_player == 1 and legal(s) == ["done", "put Shot! on top"]
    act(s, "put Shot! on top")
    assert s.deck.names[s.main[-1]] == "Shot!" and "To The Top" in names(s.observation(0)["discard_pile"])
    # the active player may play INSTANT cards again (only those), then end the turn again
    assert s.current_player == 0 and s.phase == "end" and legal(s) == ["end turn"]
    act(s, "end turn")
    assert s.current_player == 1 and legal(s) == ["pass"]  # asked again (holds a card, has 1$)
    act(s, "pass")
    assert s.active == 1 and s.phase == "draw" and s.current_player == 1


def test_end_phase_everyone_passes_and_the_turn_goes_to_seat_1():
    s = new(hands=[[], ["Nap"], ["Golden Yarn"]], money=[[], ["Money"], ["Money"]])
    act(s, "take Money", "end turn")
    assert s.current_player == 1 and s.active == 0 and legal(s) == ["pass"]
    assert "end phase" in s.prompt() and s.observation(1)["decision"] == "end"
    act(s, "pass")
    assert s.current_player == 2 and s.active == 0
    act(s, "pass")
    assert s.active == 1 and s.current_player == 1 and s.phase == "draw" and s.turn == 2


def test_a_save_in_the_end_phase_round_loads_at_the_same_player():
    s = new(hands=[[], ["Nap"], ["To The Top"]], money=[[], ["Money"], ["Money"]], discard=["Nap"])
    act(s, "take Money", "end turn", "pass")
    assert s.current_player == 2 and legal(s) == ["pass", "play To The Top"]
    loaded = catcards.load_state(s.to_json())
    assert loaded.current_player == 2 and legal(loaded) == legal(s) and loaded.phase == "end"
    assert loaded.observation(2) == s.observation(2)
    act(loaded, "pass")
    assert loaded.active == 1


def test_end_phase_skips_a_player_with_an_empty_hand_or_no_money():
    s = new(players=4, hands=[[], [], ["Nap"], ["Nap"]], money=[[], ["Money", "Money"], [], ["Money"]])
    act(s, "take Money", "end turn")
    # seat 1 holds no card, seat 2 cannot pay for any INSTANT card (public information): seat 3
    assert s.current_player == 3 and legal(s) == ["pass"]
    act(s, "pass")
    assert s.active == 1 and s.current_player == 1


def test_a_challenge_says_a_token_lost_once_and_truly():
    """A teacher's read (teach48a): a caught bluff's log said "Seat 0 discards it and loses 1
    token" and then "Seat 0 loses 1 token; tokens now 1." (two tokens lost, a student read), or,
    with no token left, "loses 1 token" above "loses 0 tokens (has none)". The challenge's line now
    says what happens to the card; the token line says what happens to the tokens."""
    game = catcards.load("card-game", players=2)
    for tokens, said in (([2, 2], "Seat 0 loses 1 token; tokens now 1."),
                         ([0, 2], "Seat 0 loses 0 tokens (has none); tokens now 0.")):
        state = game.new_game(seed=1, deals={"hands": [["Shot!", "Golden Yarn"], ["Sushi Tray", "Nap"]],
                                             "money": [["Money"], []], "tokens": tokens})
        for move in ("take Money", "claim Shot! on seat 1 with Golden Yarn face down", "challenge"):
            state.apply(state.action_from_string(move))
        assert state.log[-2:] == ["Seat 1 challenges: the card is Golden Yarn, not Shot!. Seat 0 discards it; "
                                  "Shot! is cancelled.", said]
        assert state.tokens == [tokens[0] - min(1, tokens[0]), 2]


def test_a_genuine_challenge_says_each_penalty_once_and_truly():
    """A genuine challenge's line said "Seat 0 draws a card; seat 1 discards a card" and the next
    line "Seat 0 draws a card." again (read as two cards drawn); with no card in the challenger's
    hand it said "seat 1 discards a card" and no card was discarded. The challenge's line now says
    what was shown; the draw, the discard (or that there is no card to discard) and the token
    each have a line of their own."""
    game = catcards.load("card-game", players=2)
    for hand, lines in ((["Sushi Tray", "Nap"], ["Seat 0 draws a card.", "Seat 1 discards Nap.",
                                                  "Seat 1 loses 1 token; tokens now 1."]),
                        ([], ["Seat 0 draws a card.", "Seat 1 has no card to discard.",
                              "Seat 1 loses 1 token; tokens now 1."])):
        state = game.new_game(seed=1, deals={"hands": [["Shot!", "Golden Yarn"], hand],
                                             "money": [["Money"], []], "tokens": [2, 2]})
        for move in ("take Money", "claim Shot! on seat 1 with Shot! face down", "challenge"):
            state.apply(state.action_from_string(move))
        if hand:
            state.apply(state.action_from_string("discard Nap"))
        said = state.log.index("Seat 1 challenges: the card is Shot!, genuine; Shot! is discarded.")
        assert state.log[said + 1:said + 4] == lines
        assert len(state.hands[0]) == 2 and len(state.hands[1]) == max(0, len(hand) - 1)
        assert sum("draws a card" in line for line in state.log[said:]) == 1
        # with a hand, the claim waits for seat 1's answer; without one it resolved (Shot!: 1 more token)
        assert state.tokens == ([2, 1] if hand else [2, 0])


def test_a_seat_knocked_out_says_the_tokens_it_loses():
    """break48: a seat knocked out by Suicide Kitten went from 1 token to 0 with no line saying
    so ("Seat 0 is out (Suicide Kitten): hand, LOCK cards and characters are discarded.");
    random games showed it 8 times in 100. Each token change has its line."""
    import numpy as np

    game = catcards.load("card-game", players=3)
    seen = 0
    for seed in (8, 16, 21):
        rng = np.random.default_rng(seed)
        state = game.new_game(seed)
        while not state.is_over:
            legal = state.legal_actions()
            challenges = [a for a in legal if "challenge" in str(a)]
            before, said = list(state.tokens), len(state.log)
            state.apply(challenges[0] if challenges and rng.random() < 0.6 else legal[rng.integers(len(legal))])
            for line in state.log[said:]:
                if " is out (" in line:
                    seat = int(line.split()[1])
                    if before[seat]:
                        seen += 1
                        assert line.endswith(f"; {before[seat]} token{'s' * (before[seat] != 1)} gone, "
                                             "tokens now 0."), line
    assert seen == 3   # one in each of these games
