"""Card Game: three rulings of a rules audit, as stacked-deck tests.

Sources: rulebooks/card-game-the-card-game.txt ("Joker": "may be played as any card in the game";
"Card Types": "INSTANT: You may play this card whenever you want") and the card texts of
rules/card-game.md ("Choose a player" on The Assassin, The Guardian and Shot!; "choose another
player" on Eat Four!, Pickpocket and Exploding Island).
"""
from __future__ import annotations

import catcards


def new(players=2, seed=1, **deals):
    return catcards.load("card-game", players=players).new_game(seed, deals=deals)


def act(state, *texts):
    for text in texts:
        state.apply(state.action_from_string(text))
    return state


def legal(state):
    return [str(a) for a in state.legal_actions()]


# ---- (a) a Joker played as Dark Flower is worth what Dark Flower is worth ----------------------
def test_a_joker_played_as_dark_flower_is_worth_2_dollars_and_is_spent_as_one():
    s = new(hands=[["Joker", "Golden Yarn"], []], money=[[], []], main=["Nap", "Shot!"])
    act(s, "draw from the main deck", "play Joker as Dark Flower")
    obs = s.observation(1)
    assert [c.name for c in obs["money"][0]] == ["Joker"]  # the card itself is a Joker...
    assert obs["money_names"][0] == ["Dark Flower"]  # ...that keeps the name it was played as
    assert obs["money_values"][0] == 2 and s.money_value(0) == 2
    # next turn seat 0 pays Golden Yarn's 2$ with it alone; like a Dark Flower it goes to the discard pile
    act(s, "end turn", "take Money", "end turn", "pass")
    assert s.active == 0 and s.phase == "draw"
    act(s, "draw from the main deck")
    assert s.money_value(0) == 2 and "play Golden Yarn" in legal(s)
    act(s, "play Golden Yarn")
    assert s.money_value(0) == 0 and s.tokens[0] == 1
    assert [c.name for c in s.observation(0)["discard_pile"]] == ["Joker", "Golden Yarn"]
    assert s.flower_jokers == set()  # in the discard pile the Joker is again any card


def test_a_joker_played_as_money_is_worth_1_dollar():
    s = new(hands=[["Joker", "Golden Yarn"], []], money=[[], []], main=["Nap"])
    act(s, "draw from the main deck", "play Joker as Money")
    assert s.money_value(0) == 1 and s.observation(0)["money_names"][0] == ["Joker"]
    assert "play Golden Yarn" not in legal(s)


def test_pickpocket_moves_a_joker_dark_flower_which_stays_worth_2():
    s = new(hands=[["Joker"], []], money=[[], []], front=[[], ["Pickpocket"]], main=["Nap", "Shot!"])
    act(s, "draw from the main deck", "play Joker as Dark Flower", "end turn")
    act(s, "take Money")  # seat 1 now has 1 Money; its Pickpocket takes from seat 0
    act(s, "use Pickpocket on seat 0", "pass")  # seat 0 (holding the Nap it drew) lets it resolve
    assert s.money_value(0) == 0 and s.money_value(1) == 3
    assert s.observation(0)["money_names"][1] == ["Money", "Dark Flower"]


# ---- (b) INSTANT cards whenever you want: also in the draw phase --------------------------------
def test_to_the_top_may_be_played_just_before_the_draw():
    s = new(hands=[["To The Top"], []], money=[["Money"], []], discard=["Golden Yarn", "Nap"],
            main=["Shot!"])
    assert s.phase == "draw" and s.current_player == 0
    assert legal(s) == ["take Money", "draw from the main deck", "play To The Top"]
    act(s, "play To The Top")  # seat 1 holds nothing, so the card resolves at once
    assert legal(s) == ["done", "put Nap on top", "put Golden Yarn on top"]
    act(s, "put Golden Yarn on top", "done")
    # still the draw phase, the draw not yet taken: the card put on top is drawn
    assert s.phase == "draw" and s.current_player == 0 and s.draws_left == 1
    act(s, "draw from the main deck")
    assert [c.name for c in s.observation(0)["hand"]] == ["Golden Yarn"]
    assert s.phase == "main" and s.money_value(0) == 0
    assert [c.name for c in s.observation(0)["discard_pile"]] == ["Nap", "To The Top"]


def test_a_hand_card_is_still_not_playable_in_the_draw_phase():
    s = new(hands=[["Nap", "Not So Fast"], []], money=[["Money"], []])
    assert legal(s) == ["take Money", "draw from the main deck"]  # Not So Fast has nothing to cancel
    try:
        act(s, "play Nap")
    except catcards.IllegalActionError as exc:
        assert "draw phase" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a HAND card was played in the draw phase")


# ---- (c) "Choose a player" may choose yourself; "another player" may not -----------------------
def test_choose_a_player_cards_may_target_yourself_and_another_player_cards_may_not():
    s = new(players=3, hands=[["The Assassin", "The Guardian", "Eat Four!", "Pickpocket"], [], []],
            money=[["Money", "Money", "Money"], ["Money"], ["Money"]], tokens=[3, 0, 0],
            table=["Exploding Island"], island=[[], ["The Guardian"], []])
    act(s, "take Money")
    actions = legal(s)
    for seat in (0, 1, 2):
        assert f"play The Assassin on seat {seat}" in actions
        assert f"play The Guardian on seat {seat} naming Nap" in actions
    assert [a for a in actions if a.startswith("claim Shot!") and " on seat 0 " in a]  # Shot!: a player
    assert "play Eat Four! on seat 0 choosing HAND" not in actions  # another player
    assert "play Eat Four! on seat 1 choosing HAND" in actions
    assert "use Exploding Island on seat 1" in actions and "use Exploding Island on seat 0" not in actions
    act(s, "play The Assassin on seat 0")
    assert s.tokens == [1, 0, 0]  # seat 0 chose itself and lost 2 tokens


def test_pickpocket_chooses_another_player_only():
    s = new(hands=[[], []], money=[["Money"], ["Money"]], front=[["Pickpocket"], []])
    act(s, "take Money")
    assert [a for a in legal(s) if a.startswith("use Pickpocket")] == ["use Pickpocket on seat 1"]
