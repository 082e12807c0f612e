"""The shared kit of issue 13: one Registry (games, strategies, tables), one play loop
(catcards.simulate.play_game / agent_action) used by analyses and tables."""
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
