"""The shared kit of issue 13: one Registry (games, strategies, tables), one play loop
(catcards.simulate.play_game / agent_action) used by analyses and tables."""
import subprocess
import sys
import textwrap

import pytest

import catcards
from catcards.agents import STRATEGIES, RandomAgent, make_agent
from catcards.registry import GAMES, Registry
from catcards.simulate import agent_action, agent_rngs, game_seed, play_game


def test_one_registry_class_finds_games_strategies_and_tables():
    import catcards.widgets.table as table

    assert isinstance(GAMES, Registry) and isinstance(STRATEGIES, Registry) and isinstance(table.TABLES, Registry)
    assert list(GAMES) == [cls.name for cls in GAMES._items.values()]
    # card_game is a package (catcards/games/card_game/): discovery imports subpackages too
    assert GAMES.get("card-game").__module__.startswith("catcards.games.card_game")
    assert ("pairs", "perfect") in STRATEGIES and ("snap", "reaction") in STRATEGIES
    assert table.table_class("snap").__name__ == "SnapTable"
    assert table.table_class("no-such-game") is table.GameTable


def test_a_registry_of_a_package_without_plugins():
    fresh = Registry("catcards.agents", None, skip=("rollout",))
    assert len(fresh) == 0  # modules register into STRATEGIES, not into this one: nothing here
    assert fresh.get("x", 5) == 5 and "x" not in fresh


def test_eight_threads_first_load_in_a_fresh_process_all_find_the_game():
    # before: the first thread marked the games found before importing them, and the seven others
    # read an empty registry: "no game called 'snap'; the games are: "
    script = textwrap.dedent("""
        import threading, catcards
        barrier, found = threading.Barrier(8), []
        def load():
            barrier.wait()
            try:
                found.append(catcards.load("snap").name)
            except Exception as exc:
                found.append(repr(exc))
        threads = [threading.Thread(target=load) for _ in range(8)]
        for t in threads: t.start()
        for t in threads: t.join()
        print(sorted(found))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip() == str(["snap"] * 8)


def test_play_game_after_hook_records_and_stops():
    game = catcards.load("cat-trick", players=4)
    state = game.new_game(game_seed(0, 0))
    seen = []
    play_game(state, [RandomAgent()] * 4, agent_rngs(0, 0, 4), after=lambda s, a: seen.append(str(a)) or len(seen) == 4)
    assert len(state.history) == 4 and seen == [str(a) for a in state.history] and not state.is_over


def test_agent_action_is_the_choice_play_game_makes():
    game = catcards.load("simons-cat", players=3)
    a, b = game.new_game(9), game.new_game(9)
    agents = [make_agent("simons-cat", "sensible"), RandomAgent(), RandomAgent()]
    play_game(a, agents, agent_rngs(9, 0, 3))
    rngs = agent_rngs(9, 0, 3)
    while not b.is_over:
        b.apply(agent_action(agents[b.current_player], b, rngs[b.current_player]))
    assert a.to_json() == b.to_json()


def test_a_table_seats_the_rollout_player():
    import catcards.widgets as widgets

    rollout = make_agent("pairs", "rollout", rollouts=2)
    table = widgets.play("pairs", seed=3, humans=(), agents=[rollout, "random"], numbers=2, copies=2)
    try:
        table.computer_step()  # before: "the rollout player needs the position" and no move
        assert len(table.state.history) == 1 and "Not allowed" not in table.output_text()
    finally:
        table.close()


# ---- the deal validators a game's new_game uses (CONTRIBUTING.md, "Explicit deals") -------------
def _cat_id(name):
    """A toy deck Cat 1 .. Cat 10 whose card ids are rank - 1."""
    from catcards.core import GameParameterError, normal_name

    words = normal_name(name).split()
    if len(words) != 2 or words[0] != "cat" or words[1] not in {str(r) for r in range(1, 11)}:
        raise GameParameterError(f"deal: {name!r} is not a card (Cat 1 to Cat 10)")
    return int(words[1]) - 1


def test_check_deal_list_takes_a_list_or_tuple_and_says_what_one_deal_is():
    import pytest

    from catcards.core import GameParameterError, check_deal_list

    assert check_deal_list(([["Cat 3"], ["Cat 5"]],), "High Cat", hands=2, cards=1) == [[["Cat 3"], ["Cat 5"]]]
    with pytest.raises(GameParameterError) as err:
        check_deal_list(5, "High Cat", hands=3, cards=1)
    assert str(err.value) == ("High Cat: deals must be a list of deals (one per round or hand, each 3 hands of "
                              "1 card name), not a number")
    with pytest.raises(GameParameterError) as err:
        check_deal_list([[], [], []], "High Cat", hands=2, cards=4, at_most=2)
    assert str(err.value) == ("High Cat: deals must be a list of at most 2 deals (one per round or hand, each 2 "
                              "hands of 4 card names), not 3 deals")
    # the older positional form (the games' callers) reads as before
    with pytest.raises(GameParameterError) as err:
        check_deal_list({"hands": []}, "Cat Trick", "4 hands of 10 card names")
    assert str(err.value) == ("Cat Trick: deals must be a list of deals (one per round or hand, each 4 hands of "
                              "10 card names), not a dictionary")


def test_parse_hands_gives_card_ids_per_seat_and_refuses_each_malformed_deal():
    import pytest

    from catcards.core import GameParameterError, parse_hands

    name_of = lambda i: f"Cat {i + 1}"  # noqa: E731
    assert parse_hands([["Cat 3"], [" cat  10"]], 2, _cat_id, name_of, "deal", size=1) == [[2], [9]]
    assert parse_hands([["Cat 1", "Cat 2"], []], 2, _cat_id, name_of, "deal", at_most=2) == [[0, 1], []]
    for deal, kw, message in [
        ([["Cat 3"]], {"size": 1}, "deal: give 2 hands (one per seat)"),
        ([["Cat 3", "Cat 4"], ["Cat 5"]], {"size": 1}, "deal: seat 0 must get 1 card, not ['Cat 3', 'Cat 4']"),
        ([["Cat 3"], "Cat 5"], {}, "deal: seat 1 must get a list of card names, not 'Cat 5'"),
        ([["Cat 3", "Cat 4", "Cat 5"], []], {"at_most": 2},
         "deal: seat 0 must get a list of at most 2 card names, not ['Cat 3', 'Cat 4', 'Cat 5']"),
        ([["Cat 3"], [3]], {}, "deal, seat 1: a card is given by its name as text, like 'Cat 1', not 3"),
        ([["Cat 3"], ["Dog 3"]], {}, "deal, seat 1: 'Dog 3' is not a card (Cat 1 to Cat 10)"),
        ([["Cat 3"], ["cat 3"]], {}, "deal, seat 1: Cat 3 is dealt twice (seat 0 has it too)"),
        ([["Cat 3", "cat 3"], []], {}, "deal, seat 0: Cat 3 is dealt twice (to this seat)"),
        ([["Cat 3"], ["Dog 3"]], {"seat_where": "deal for seat {seat}"},
         "deal for seat 1: 'Dog 3' is not a card (Cat 1 to Cat 10)"),
    ]:
        with pytest.raises(GameParameterError) as err:
            parse_hands(deal, 2, _cat_id, name_of, "deal", **kw)
        assert str(err.value) == message


@pytest.mark.parametrize("name,start", [
    ("simons-cat", "deal for round 1, seat 1: 'Nope' is not a Simon's Cat Mischief card"),
    ("cat-trick", "deal for round 1, seat 1: 'Nope' is not a Cat Trick card"),
    ("king-of-the-jungle", "deal for hand 1, seat 1: 'Nope' is not a card of the 4-player King of the Jungle deck"),
])
def test_an_unknown_card_in_a_deal_is_refused_for_its_seat_without_a_second_prefix(name, start):
    """The lookup's refusal is said for the seat, once: not "deal for round 1, seat 1: Simon's
    Cat: 'Nope' is not ..." (the card reader's own start, the game's title, dropped)."""
    game = catcards.load(name)
    state = game.new_game(1)
    hands = [[str(c) for c in state.observation(s)["hand"]] for s in range(game.players)]
    hands[1][0] = "Nope"
    with pytest.raises(catcards.GameParameterError) as info:
        game.new_game(1, deals=[hands])
    assert str(info.value).startswith(start)
