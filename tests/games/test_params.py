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

    p = Param("rounds", 2, "rounds to play", low=1, high=lambda g: g.players * 2)
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
