"""Declared parameters (catcards/params.py, issue 13): one table per game from which the checks,
``params``, the CLI's help, ``catcards list`` and the start page's catalogue follow."""
import numpy as np
import pytest

import catcards
from catcards.cli import main
from catcards.params import Param, check_seat, describe
from catcards.start_page import catalogue

DECLARED = {
    "simons-cat": ["hand_size"],
    "cat-trick": ["first_player"],
    "king-of-the-jungle": ["first_player", "target", "max_hands"],
    "big-cat": ["deck", "penalties", "first_player"],
    "snap": ["deck", "first_player", "max_turns"],
    "pairs": ["deck", "copies", "numbers", "first_player"],
    "cat-days": ["first_player", "max_turns", "deck"],
    "card-game": ["first_player", "final_round", "max_turns", "cards"],
}


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_params_follow_the_declaration_in_order(name):
    cls = catcards.game_class(name)
    assert [p.name for p in cls.declared] == DECLARED[name]
    game = catcards.load(name)
    assert list(game.params) == ["players", *DECLARED[name]]
    assert catcards.load(name, **game.params) == game


@pytest.mark.parametrize("name", sorted(n for n, names in DECLARED.items() if "first_player" in names))
def test_a_seat_parameter_refuses_what_is_not_a_seat_with_one_message(name):
    cls = catcards.game_class(name)
    players = cls.default_players
    for bad in (players, -1, True, 1.0, "0"):
        with pytest.raises(catcards.GameParameterError,
                           match=f"^{cls.title}: first_player must be a seat from 0 to {players - 1}, not "):
            catcards.load(name, first_player=bad)
    assert catcards.load(name, first_player=np.int64(players - 1)).first_player == players - 1


@pytest.mark.parametrize("name, kwargs, message", [
    ("simons-cat", {"players": 5, "hand_size": 8},
     "hand_size must be a whole number from 1 to 7 (36 Mischief cards dealt equally among 5 players), not 8"),
    ("king-of-the-jungle", {"target": 20},
     "target must be a whole number from 21 to 10000 (more than the 20 starting points), not 20"),
    ("king-of-the-jungle", {"max_hands": 0}, "max_hands must be a whole number >= 1 or None (no limit), not 0"),
    ("pairs", {"deck": "dinohistoria", "numbers": 12},
     "numbers must be a whole number from 1 to 11 (with the dinohistoria deck), not 12"),
    ("pairs", {"copies": True}, "copies must be a whole number from 2 to 4, not True"),
    ("snap", {"deck": "tarot"}, "deck must be one of 'dinohistoria', 'wildcat', not 'tarot'"),
    ("big-cat", {"deck": "tarot"}, "deck must be one of 'wildcat', 'classic', not 'tarot'"),
    ("big-cat", {"penalties": {"L": 14}}, "the penalty of L must be a whole number from 0 to 13, not 14"),
    ("cat-days", {"max_turns": 0}, "max_turns must be a whole number >= 1, not 0"),
    ("cat-days", {"first_player": 2}, "first_player must be a seat from 0 to 1, not 2"),
    ("card-game", {"final_round": "yes"}, "final_round must be True or False, not 'yes'"),
    ("card-game", {"final_round": 1}, "final_round must be True or False, not 1"),
    ("card-game", {"max_turns": 2.5}, "max_turns must be a whole number >= 1, not 2.5"),
    ("card-game", {"players": 5, "cards": [{"name": "Money", "count": 9, "types": "MONEY", "cost": 0, "text": ""},
                                           {"name": "Nap", "count": 24, "types": "HAND", "cost": 1, "text": ""}]},
     "the card list has 24 main-deck cards to deal, fewer than 5 for each of 5 players"),
])
def test_refusals_say_what_is_allowed(name, kwargs, message):
    with pytest.raises(catcards.GameParameterError) as info:
        catcards.load(name, **kwargs)
    assert str(info.value) == f"{catcards.game_class(name).title}: {message}"


def test_computed_defaults_and_none():
    assert catcards.load("simons-cat", players=5).hand_size == 7
    assert catcards.load("pairs", deck="dinohistoria", copies=2).numbers == 11
    assert catcards.load("king-of-the-jungle", max_hands=None).params["max_hands"] is None
    big = catcards.load("big-cat", penalties={"L": 4})
    assert big.params["penalties"] == {"L": 4, "T": 3, "W": 2, "J": 1}
    big.params["penalties"]["L"] = 9  # params is a copy
    assert big.penalties["L"] == 4


def test_a_param_table_works_for_any_game_class():
    class Toy:
        title = "Toy"
        players = 3

    p = Param("rounds", 2, "rounds to play", low=1, high=lambda g: g.players * 2,
              allowed_text="a whole number from 1 to 2 * players")
    assert p.validate(Toy(), np.int32(6)) == 6 and type(p.validate(Toy(), 6)) is int
    with pytest.raises(catcards.GameParameterError, match="^Toy: rounds must be a whole number from 1 to 6, not 7$"):
        p.validate(Toy(), 7)
    assert check_seat(Toy(), 2) == 2
    with pytest.raises(catcards.GameParameterError, match="^Toy: leader must be a seat from 0 to 2, not 3$"):
        check_seat(Toy(), 3, "leader")


def test_cli_help_list_and_catalogue_show_the_declarations(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert ("    target: points that end the game; a whole number from 21 to 10000 (more than the 20 "
            "starting points); default 90") in out
    assert "    hand_size: cards dealt to each player (the rest are set aside face up); a whole number " \
           "from 1 to 36 // players; default 36 // players" in out
    assert main(["list"]) == 0
    listed = capsys.readouterr().out
    assert "players, deck, copies, numbers, first_player" in listed
    rows = {r["name"]: r for r in catalogue()}
    for name, names in DECLARED.items():
        assert [p["name"] for p in rows[name]["parameters"]] == ["players", *names]
        assert rows[name]["parameters"] == describe(catcards.game_class(name))


def test_a_bool_parameter_takes_numpy_bools_and_saves_a_plain_bool():
    game = catcards.load("card-game", final_round=np.bool_(True))
    assert game.final_round is True and game.params["final_round"] is True
    assert Param("x", False, "a flag", kind="bool").allowed() == "True or False"


def test_a_file_parameter_keeps_rows_and_its_game_keeps_what_it_read():
    from catcards.games.card_game.cardlist import card_list_table, load_card_list
    from catcards.games.cat_days.deck import Deck, load_deck

    rows = load_deck(None).table
    days = catcards.load("cat-days", deck=rows)
    assert isinstance(days.deck, Deck) and days.deck_table == rows and days.params["deck"] == rows
    assert days.deck.table == rows and catcards.load("cat-days", **days.params) == days
    assert catcards.load("cat-days").params["deck"] is None and catcards.load("cat-days").deck is load_deck(None)
    shipped = catcards.load("card-game")
    table = card_list_table(load_card_list(None))
    own = catcards.load("card-game", cards=table)
    assert own.params["cards"] == table and own.cards == table and own.deck.names == shipped.deck.names
    assert shipped.params["cards"] is None and shipped.cards is None and own != shipped


@pytest.mark.parametrize("name, param, what, rows_of", [
    ("cat-days", "deck", "deck", "deck"),
    ("card-game", "cards", "card list", "card list"),
])
def test_saved_file_parameters_and_unknown_names_are_refused_in_one_wording(name, param, what, rows_of):
    cls = catcards.game_class(name)
    for value, kind in (("/etc/passwd", "a file path"), ({"name": "x"}, "an object"), (7, "a number")):
        with pytest.raises(catcards.GameParameterError) as info:
            cls.from_saved_params({"players": 2, param: value})
        assert str(info.value) == (
            f"{cls.title}: the save gives the {what} ({param!r}) as {kind}; a save holds the {rows_of}'s rows "
            f"(a list of rows), never a file. Load the {rows_of} with catcards.load({name!r}, {param}=...) "
            "and save the game again"
        )
    with pytest.raises(catcards.GameParameterError) as info:
        cls.from_saved_params({"players": 2, "colour": "red", "size": 3})
    takes = ", ".join(["players", *DECLARED[name]])
    assert str(info.value) == f"{cls.title}: unknown saved parameter(s) 'colour', 'size'; the game takes {takes}"
    with pytest.raises(catcards.GameParameterError) as info:  # 500,000 names: five said (it was 5 MB)
        cls.from_saved_params({"players": 2, **{f"k{i}": 0 for i in range(500_000)}})
    assert str(info.value) == (f"{cls.title}: unknown saved parameter(s) 'k0', 'k1', 'k2', 'k3', 'k4', ... "
                               f"(500,000 in all); the game takes {takes}")
    with pytest.raises(catcards.GameParameterError,
                       match=f"^{cls.title}: saved parameters must be an object of names to values, not \\[2\\]$"):
        cls.from_saved_params([2])
    assert cls.from_saved_params(catcards.load(name).params) == catcards.load(name)


@pytest.mark.parametrize("name", catcards.list_games())
def test_every_declared_parameter_says_what_is_allowed_without_a_game(name):
    cls = catcards.game_class(name)
    if cls.__module__.startswith("catcards.games."):  # catcards' own (an installed plugin's game is not listed)
        assert [p.name for p in cls.declared] == DECLARED[name]
    for row in describe(cls):
        assert row["allowed"] and "?" not in row["allowed"] and row["help"] and row["default"]


def test_a_declaration_help_cannot_describe_is_refused_when_written():
    with pytest.raises(ValueError, match="^Param 'rounds': high is a function of the game, so help .* needs allowed_text"):
        Param("rounds", 2, "rounds to play", low=1, high=lambda g: g.players * 2)
    with pytest.raises(ValueError, match="^Param 'deck': choices is a function of the game"):
        Param("deck", "a", "the deck", kind="choice", choices=lambda g: ("a", "b"))
    with pytest.raises(ValueError, match="^Param 'rows': kind='custom' is checked by a function, so help"):
        Param("rows", None, "rows", kind="custom", check=lambda g, v: v)
    with pytest.raises(ValueError, match="kind='custom' needs a check"):
        Param("rows", None, "rows", kind="custom", allowed_text="rows")
    with pytest.raises(ValueError, match="kind must be one of whole, seat, choice, bool, custom, not 'flag'"):
        Param("x", False, "a flag", kind="flag")
    assert Param("n", 1, "n", low=1, high=lambda g: 3, allowed_text="1 to 3").allowed() == "1 to 3"


def test_cli_help_and_list_show_cat_days_and_card_game(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert ("    final_round: play the Final Round variant (Final Round 16th from the bottom of the main "
            "deck); True or False; default False") in out
    assert ("    deck: the deck, a CSV file (format: catcards.games.cat_days.deck.load_deck); a save holds its rows, "
            "never a path; a deck CSV file (path or open file), its rows (a list of dicts), a Deck, or None; default the packaged deck") in out
    assert ("    cards: the card list, a CSV file (format: catcards.games.card_game.cardlist); a save holds its rows, "
            "never a path; a "
            "card-list CSV file (path or open file) or its rows (a list of dicts), with at least 5 main-deck "
            "cards per player; or None; default the shipped card list") in out
    assert "see help(" not in out
    assert main(["list"]) == 0
    listed = capsys.readouterr().out
    assert "players, first_player, max_turns, deck" in listed
    assert "players, first_player, final_round, max_turns, cards" in listed


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_an_unknown_parameter_name_is_refused_with_the_names_the_game_takes(name):
    cls = catcards.game_class(name)
    takes = ", ".join(["players", *DECLARED[name]])
    with pytest.raises(catcards.GameParameterError) as info:
        catcards.load(name, colour="red")
    assert str(info.value) == f"{cls.title}: unknown parameter(s) 'colour'; the game takes {takes}"


@pytest.mark.parametrize("name, said", [
    ("cat-days", "Cat Days deals: unknown key(s) 'k0', 'k1', 'k10', 'k100', 'k1000', ... (300,000 in all); keys are"),
    ("card-game", "Card Game: unknown deals key(s) 'k0', 'k1', 'k10', 'k100', 'k1000', ... (300,000 in all); "),
])
def test_unknown_deals_keys_are_named_five_then_counted(name, said):
    """Break-it tester (stop 24): deals with 300,000 unknown keys gave a 3 MB message."""
    with pytest.raises(catcards.GameParameterError) as info:
        catcards.load(name).new_game(1, deals={f"k{i}": 0 for i in range(300_000)})
    assert str(info.value).startswith(said) and len(str(info.value)) < 300


@pytest.mark.parametrize("game, name, value, said", [
    ("card-game", "cards", 123, "a table (a list of rows), not a number"),
    ("card-game", "cards", 1.5, "a table (a list of rows), not a decimal number"),
    ("card-game", "cards", {"Nap": 4}, "a table (a list of rows), not a dictionary"),
    ("cat-days", "deck", 123, "a table (list of rows) or None, not a number"),
])
def test_a_table_parameter_of_the_wrong_kind_is_named_in_words(game, name, value, said):
    """Break-it (break56): the refusal said "not int", "not float", "not dict" (Python's class
    names, which a student cannot read); it names the kind in words, as a save's refusal does."""
    with pytest.raises(catcards.GameParameterError) as info:
        catcards.load(game, **{name: value})
    assert str(info.value).endswith(said), str(info.value)


def test_value_kind_names_a_callers_value_in_words():
    from catcards.core.text import value_kind

    assert [value_kind(v) for v in (None, 7, np.int64(7), 1.5, True, "x", b"x", [1], (1,), {"a": 1}, {1},
                                    np.zeros(2), object())] == [
        "None", "a number", "a number", "a decimal number", "true or false", "text", "bytes", "a list", "a list",
        "a dictionary", "a set", "an array", "something else"]
