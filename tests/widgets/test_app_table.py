"""The app (notebooks/apps/play.ipynb) run in-process as Voila would, with an address's query:
what a student sees for good and bad addresses (issue 12, "The app speaks to students")."""
from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as W
import pytest

import catcards

APP = Path(__file__).resolve().parents[2] / "notebooks" / "apps" / "play.ipynb"


def run_app(monkeypatch, query: str) -> dict:
    monkeypatch.setenv("QUERY_STRING", query)
    scope: dict = {}
    for cell in json.loads(APP.read_text())["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), scope)
    return scope


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def shown(app):
    """Every widget of the app's page that is displayed (not display: none)."""
    page = W.VBox([W.HBox([app["choose"], app["players"]]), app["about"], app["seat"], app["out"]])
    return [w for w in walk(page) if getattr(getattr(w, "layout", None), "display", None) != "none"]


def text_of(app) -> str:
    table = app["seat"].children[0]
    return app["about"].value + "".join(o.get("text", "") for o in app["out"].outputs) + table.output_text()


@pytest.mark.parametrize("query, seed_note", [
    ("game=snap&seed=-5", "seed must be a whole number from 0 to 340,282,366,920,938,463,463,374,607,431,768,211,455, not '-5': 1 is used."),
    ("game=snap&seed=xyz", "seed must be a whole number from 0 to 340,282,366,920,938,463,463,374,607,431,768,211,455, not 'xyz': 1 is used."),
    ("game=snap&seed=" + "9" * 500, "seed must be a whole number from 0 to 340,282,366,920,938,463,463,374,607,431,768,211,455, not '" + "9" * 40 + "': 1 is used."),
])
def test_a_bad_seed_in_the_address_is_one_line_and_a_table_with_seed_1(monkeypatch, query, seed_note):
    app = run_app(monkeypatch, query)
    table = app["seat"].children[0]
    assert table.state.game.name == "snap" and table.state.seed == 1
    assert app["notes"] == [seed_note]
    assert "Traceback" not in text_of(app)


def test_one_seed_box_and_one_deal_button_and_a_bad_typed_seed_is_one_line(monkeypatch):
    app = run_app(monkeypatch, "game=simons-cat&seed=4")
    boxes = [w for w in shown(app) if isinstance(w, (W.Text, W.IntText))]
    deals = [w for w in shown(app) if isinstance(w, W.Button) and w.description in ("Deal", "New game", "New seed")]
    assert len(boxes) == 1 and [b.description for b in deals] == ["New game"]
    table = app["seat"].children[0]
    table.seed_box.value = "-1"
    table.new_button.click()
    assert table.output_text() == "Not allowed: the seed must be a whole number 0 or more, not '-1'\n"
    assert table.state.seed == 4


def test_the_instructions_name_each_games_real_controls(monkeypatch):
    expected = {
        "snap": '"Turn your card"', "pairs": '"turn" button', "big-cat": '"Lay your top card"',
        "card-game": '"Do it"', "simons-cat": "card button", "cat-days": '"draw a card"',
        "king-of-the-jungle": "number button", "cat-trick": "card button",
    }
    # every game of catcards' own (an installed plugin's game has no entry here)
    own = {n for n in catcards.list_games() if catcards.game_class(n).__module__.startswith("catcards.games.")}
    assert set(expected) == own
    for name, control in expected.items():
        app = run_app(monkeypatch, f"game={name}")
        assert control in app["about"].value.replace("&quot;", '"'), name
        assert "click a card to play it" not in app["about"].value


def test_no_strategy_detail_is_shown_to_a_student(monkeypatch):
    app = run_app(monkeypatch, "game=card-game")
    assert "strateg" not in text_of(app) and app["out"].outputs == ()


def test_two_player_simons_cat_is_offered_as_a_variant(monkeypatch):
    app = run_app(monkeypatch, "game=simons-cat&players=2&seed=3")
    table = app["seat"].children[0]
    assert table.state.game.players == 2 and app["notes"] == []
    assert app["players"].min == 2 and "a variant" in app["about"].value


def test_changing_players_deals_again_with_the_same_seed_and_closes_the_old_table(monkeypatch):
    app = run_app(monkeypatch, "game=simons-cat&players=4&seed=7")
    old = app["seat"].children[0]
    app["players"].value = 5
    (table,) = app["seat"].children
    assert old.closed and table.state.game.players == 5 and table.state.seed == 7
    app["choose"].value = "snap"  # the game's usual players, one new table
    (snap,) = app["seat"].children
    assert table.closed and snap.state.game.name == "snap" and snap.state.seed == 7


def test_wording_after_the_game_and_for_one_player():
    import catcards.widgets as cw

    pairs = cw.play("pairs", players=1, seed=2)
    assert "1 player &middot;" in pairs.title.value and "1 players" not in pairs.title.value
    card_game = cw.play("card-game", seed=5, humans=())
    card_game.playout_button.click()
    assert card_game.state.is_over
    assert "</b> turn</td>" not in card_game.board_box.children[0].children[0].value
    kotj = cw.play("king-of-the-jungle", seed=5, humans=())
    kotj.playout_button.click()
    board = kotj.board_box.children[0].value
    assert kotj.state.is_over and "bids this hand total" not in board and "Bidding" not in board


@pytest.mark.parametrize("query, note", [
    # str.isdigit() is true for superscripts and circled digits, which int() refuses: the app crashed
    ("game=snap&seed=%C2%B2", "seed must be a whole number from 0 to 340,282,366,920,938,463,463,374,607,431,768,211,455, not '²': 1 is used."),
    ("game=snap&seed=%E2%91%A0", "seed must be a whole number from 0 to 340,282,366,920,938,463,463,374,607,431,768,211,455, not '①': 1 is used."),
    ("game=snap&players=%C2%B2", "players must be a whole number, not '²': the usual number is used."),
])
def test_an_address_with_digits_that_are_not_0_to_9_is_one_line(monkeypatch, query, note):
    app = run_app(monkeypatch, query)
    table = app["seat"].children[0]
    assert table.state.game.name == "snap" and table.state.seed == 1 and table.state.game.players == 2
    assert app["notes"] == [note]


def test_the_largest_seed_is_taken_from_the_address(monkeypatch):
    """A fresh seed (a table's "New seed", ``catcards.core.fresh_seed``) has up to 39 digits; the
    app took at most 30, so a teacher could not share such a game by its address."""
    app = run_app(monkeypatch, f"game=snap&seed={2**128 - 1}")
    assert app["seat"].children[0].state.seed == 2**128 - 1 and app["notes"] == []


def test_a_one_size_game_says_its_number_of_players_once(monkeypatch):
    app = run_app(monkeypatch, "game=cat-days&players=3")
    assert app["notes"] == ["Cat Days is for 2 players, not 3: 2 is used."]
    assert app["seat"].children[0].state.game.players == 2


@pytest.mark.parametrize("typed, said", [
    ("²", "Not allowed: the seed must be a whole number 0 or more, not '²'\n"),
    ("9" * 5000, "Not allowed: the seed must be a whole number from 0 to 2**128 - 1, not '"
                 + "9" * 40 + "...'\n"),
])
def test_a_typed_seed_that_int_cannot_read_is_one_line_not_a_traceback(monkeypatch, typed, said):
    app = run_app(monkeypatch, "game=simons-cat&seed=4")
    table = app["seat"].children[0]
    table.seed_box.value = typed
    table.new_button.click()
    assert table.output_text() == said
    assert table.state.seed == 4
