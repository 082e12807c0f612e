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
    page = W.VBox([W.HBox([app["choose"], app["players"], app["seed_box"], app["deal"]]), app["line"],
                   app["about"], app["seat"], app["out"]])
    return [w for w in walk(page) if getattr(getattr(w, "layout", None), "display", None) != "none"]


def line_of(app) -> str:
    """The app's line under its controls (what New game would deal, or what is wrong), as text."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", app["line"].value))


def text_of(app) -> str:
    table = app["seat"].children[0]
    return app["about"].value + "".join(o.get("text", "") for o in app["out"].outputs) + table.output_text()


@pytest.mark.parametrize("query, seed_note", [
    ("game=snap&seed=-5", "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '-5': 1 is used."),
    ("game=snap&seed=xyz", "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not 'xyz': 1 is used."),
    ("game=snap&seed=" + "9" * 500, "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '" + "9" * 40 + "...': 1 is used."),
])
def test_a_bad_seed_in_the_address_is_one_line_and_a_table_with_seed_1(monkeypatch, query, seed_note):
    app = run_app(monkeypatch, query)
    table = app["seat"].children[0]
    assert table.state.game.name == "snap" and table.state.seed == 1
    assert app["notes"] == [seed_note]
    assert "Traceback" not in text_of(app)


def test_one_seed_box_and_one_deal_button_and_a_bad_typed_seed_is_one_line(monkeypatch):
    """The app's own seed box and New game, beside the game and the players, are the only ones
    shown (the table's are hidden): one way to deal. A bad seed is one line; nothing is dealt."""
    app = run_app(monkeypatch, "game=simons-cat&seed=4")
    seeds = [w for w in shown(app) if isinstance(w, (W.Text, W.IntText)) and w.description == "seed"]
    deals = [w for w in shown(app) if isinstance(w, W.Button) and w.description in ("Deal", "New game", "New seed")]
    assert seeds == [app["seed_box"]] and deals == [app["deal"]] and app["deal"].description == "New game"
    table = app["seat"].children[0]
    assert app["seed_box"].value == "4" and line_of(app) == ""
    app["seed_box"].value = "-1"
    assert line_of(app) == "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '-1'. The game in progress stays."
    app["deal"].click()
    assert line_of(app) == ("The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '-1'. "
                            "Nothing was dealt: the game in progress stays.")
    assert app["seat"].children == (table,) and table.state.seed == 4 and not table.closed
    app["seed_box"].value = "1,000"  # as the table's seed box reads it
    app["deal"].click()
    assert app["seat"].children[0].state.seed == 1000 and app["seed_box"].value == "1000"
    assert table.closed and line_of(app) == ""


def test_the_instructions_name_each_games_real_controls(monkeypatch):
    expected = {
        "snap": '"Turn your card"', "pairs": '"card" button', "big-cat": '"Lay your top card"',
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
    assert app["players"].description == "players (2 to 6)" and "a variant" in app["about"].value


def test_choosing_a_game_or_players_changes_nothing_until_new_game(monkeypatch):
    """WCAG 2.1 SC 3.2.2 (On Input): the arrow keys on the closed game list change its value at
    each press, and the players box its number; neither deals. The line says what New game would
    deal; New game deals it with the seed in the box and closes the old table."""
    app = run_app(monkeypatch, "game=simons-cat&players=4&seed=7")
    old = app["seat"].children[0]
    old.act(old.legal[0])
    moves = list(old.state.history)
    app["choose"].value = "snap"
    app["choose"].value = "pairs"  # two arrow presses
    assert app["seat"].children == (old,) and not old.closed and old.state.history == moves
    assert app["players"].description == "players (1 to 6)" and app["players"].value == "2"  # Pairs' usual
    assert line_of(app) == ("Press New game to deal Pairs for 2 players with seed 7; "
                            "the game in progress stays until then.")
    assert "<b>Simon&#x27;s Cat Card Game</b>" in app["about"].value  # the game in progress, still
    app["choose"].value = "simons-cat"  # back to the game in progress: its players, no line
    assert app["players"].value == "4" and line_of(app) == ""
    app["players"].value = "5"
    assert app["seat"].children == (old,) and old.state.history == moves
    assert line_of(app) == ("Press New game to deal Simon's Cat Card Game for 5 players with seed 7; "
                            "the game in progress stays until then.")
    app["deal"].click()
    (table,) = app["seat"].children
    assert old.closed and table.state.game.name == "simons-cat" and table.state.game.players == 5
    assert table.state.seed == 7 and line_of(app) == ""
    app["choose"].value = "snap"
    app["deal"].click()
    (snap,) = app["seat"].children
    assert table.closed and snap.state.game.name == "snap" and snap.state.seed == 7
    assert snap.state.game.players == 2 and "<b>Snap</b>" in app["about"].value and line_of(app) == ""


@pytest.mark.parametrize("game, label", [
    ("simons-cat", "players (2 to 6)"), ("pairs", "players (1 to 6)"), ("cat-trick", "players (3 to 5)"),
    ("cat-days", "players (2)"),
])
def test_the_players_box_says_the_numbers_the_chosen_game_allows(monkeypatch, game, label):
    app = run_app(monkeypatch, "game=snap")
    app["choose"].value = game
    assert app["players"].description == label
    assert app["players"].disabled == (game == "cat-days")  # one size: nothing to choose


@pytest.mark.parametrize("typed, why", [
    ("99", "'99'"), ("7", "'7'"), ("2.5", "'2.5'"), ("1", "'1'"), ("", "''"), ("-3", "'-3'"),
    ("\u0663", "'\u0663'"),  # an Arabic-Indic three: str.isdigit() is true for it
])
def test_players_out_of_range_or_not_whole_is_one_line_never_clamped(monkeypatch, typed, why):
    app = run_app(monkeypatch, "game=simons-cat&players=4&seed=3")
    table = app["seat"].children[0]
    app["players"].value = typed
    said = "Simon's Cat Card Game is for 2 to 6 players: type a whole number from 2 to 6, not " + why + "."
    assert line_of(app) == said + " The game in progress stays."
    assert app["players"].value == typed  # left as typed, for the student to correct
    app["deal"].click()
    assert line_of(app) == said + " Nothing was dealt: the game in progress stays."
    assert app["seat"].children == (table,) and not table.closed and table.state.game.players == 4
    app["players"].value = " 6 "
    app["deal"].click()
    assert app["seat"].children[0].state.game.players == 6 and line_of(app) == ""


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
    ("game=snap&seed=%C2%B2", "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '²': 1 is used."),
    ("game=snap&seed=%E2%91%A0", "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '①': 1 is used."),
    ("game=snap&players=%C2%B2", "Players must be a whole number, not '²': the usual number, 2, is used."),
    ("game=snap&players=1" + "0" * 50, "Players must be a whole number, not '1" + "0" * 36 + "...': the usual number, 2, is used."),
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
    ("²", "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '²'."),
    ("9" * 5000, "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '" + "9" * 40 + "...'."),
])
def test_a_typed_seed_that_int_cannot_read_is_one_line_not_a_traceback(monkeypatch, typed, said):
    app = run_app(monkeypatch, "game=simons-cat&seed=4")
    table = app["seat"].children[0]
    app["seed_box"].value = typed
    app["deal"].click()
    assert line_of(app) == said + " Nothing was dealt: the game in progress stays."
    assert app["seat"].children == (table,) and table.state.seed == 4


def test_a_typed_seed_past_the_largest_is_refused_at_the_box_before_new_game(monkeypatch):
    """2**128 has 39 digits like the largest seed: the box checks its value, so the line under
    the controls says so as it is typed (not "Press New game to deal ... with seed 3402...",
    then a refusal in other words), in the words of the address and the command line."""
    app = run_app(monkeypatch, "game=snap&seed=4")
    table = app["seat"].children[0]
    before = table.state.to_json()
    said = f"The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '{2**128}'."
    app["seed_box"].value = str(2**128)
    assert line_of(app) == said + " The game in progress stays."
    app["deal"].click()
    assert line_of(app) == said + " Nothing was dealt: the game in progress stays."
    assert app["seat"].children == (table,) and not table.closed and table.state.to_json() == before
    assert app["in_play"] == ("snap", 2, 4)
    app["seed_box"].value = f"{2**128 - 1:,}"  # the largest, typed with commas
    assert line_of(app) == f"Press New game to deal Snap for 2 players with seed {2**128 - 1}; the game in progress stays until then."
    app["deal"].click()
    assert app["seat"].children[0].state.seed == 2**128 - 1 and table.closed
    # the address says it in the same words
    assert run_app(monkeypatch, f"game=snap&seed={2**128}")["notes"] == [said[:-1] + ": 1 is used."]


@pytest.mark.parametrize("query, game", [("game=SNAP", "snap"), ("game=%20Big_Cat%20", "big-cat"), ("game=Cat%20Days", "cat-days")])
def test_a_game_name_in_the_address_is_read_whatever_its_case(monkeypatch, query, game):
    """A teacher's "?game=SNAP" deals Snap, not Simon's Cat with a note far down the page."""
    app = run_app(monkeypatch, query)
    assert app["seat"].children[0].state.game.name == game and app["notes"] == []


def test_what_the_address_asked_and_the_app_could_not_do_is_said_at_the_top(monkeypatch):
    """The notes go in the line under the controls (role=status, read out), not under the table."""
    app = run_app(monkeypatch, "game=Nonsense&seed=x")
    said = line_of(app)
    assert said.startswith("There is no game called 'Nonsense': Simon's Cat is dealt. The games are: ")
    assert "The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not 'x': 1 is used." in said and app["out"].outputs == ()
    assert app["seat"].children[0].state.game.name == "simons-cat"


@pytest.mark.parametrize("query, game, players, seed, notes", [
    # an empty value is checked like any other: said, and the default used
    ("game=snap&seed=", "snap", 2, 1, ["The seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '': 1 is used."]),
    ("game=snap&seed=5&players=", "snap", 2, 5, ["Players must be a whole number, not '': the usual number, 2, is used."]),
    ("game=&seed=5", "simons-cat", 4, 5, None),
    # a parameter given twice: no one can tell which was meant; refused by name, the default used
    ("game=snap&seed=7&seed=8", "snap", 2, 1, ["The address gives seed 2 times ('7', '8'); give it once: 1 is used."]),
    ("game=snap&players=3&players=3", "snap", 2, 1,
     ["The address gives players 2 times ('3', '3'); give it once: the usual number is used."]),
    ("game=snap&game=pairs&seed=2", "simons-cat", 4, 2,
     ["The address gives game 2 times ('snap', 'pairs'); give it once: Simon's Cat is dealt."]),
    ("seed=1&seed=2&seed=3&seed=4&game=snap", "snap", 2, 1,
     ["The address gives seed 4 times ('1', '2', '3', ...); give it once: 1 is used."]),
])
def test_an_empty_or_repeated_address_parameter_is_said_and_the_default_used(monkeypatch, query, game, players, seed, notes):
    """Break-it tester: ?seed= dealt seed 1 in silence, ?seed=7&seed=8 dealt seed 8."""
    app = run_app(monkeypatch, query)
    state = app["seat"].children[0].state
    assert (state.game.name, state.game.players, state.seed) == (game, players, seed)
    if notes is None:  # ?game=: the note that lists the games
        assert app["notes"] == ["There is no game called '': Simon's Cat is dealt. The games are: "
                                + ", ".join(catcards.list_games()) + "."]
    else:
        assert app["notes"] == notes
    assert " ".join(app["notes"]) in line_of(app)  # said at the top, read out


def test_the_address_reader_keeps_other_parameters_and_bounds_the_text():
    from catcards.start_page import MAX_APP_QUERY, read_app_query

    assert read_app_query("game=snap&seed=&voila-x=1&voila-x=2") == (
        {"game": "snap", "seed": "", "voila-x": "1"}, [])
    query, notes = read_app_query("seed=" + "1" * 5000 + "&seed=2")  # both read: given twice
    assert query == {} and notes[1].startswith("The address gives seed 2 times ('1111")
    assert notes[0] == "The address is 5,012 characters long: only game, players, seed are read from it."
    # a long token first: game and seed after it are read, with a note (they were dropped in silence)
    query, notes = read_app_query("x=" + "a" * 1995 + "&game=snap&seed=7&y=" + "b" * 10)
    assert query == {"game": "snap", "seed": "7"}
    assert notes == ["The address is 2,027 characters long: only game, players, seed are read from it."]
    query, _ = read_app_query("seed=" + "1" * 5000)
    assert query == {"seed": "1" * (MAX_APP_QUERY - 5)}


def test_the_pairs_page_sends_each_grid_widget_whole_and_stays_under_the_iopub_limit(monkeypatch):
    """The app's Pairs page (its usual 52 cards) sends each widget of its grid once, whole, in
    its ``comm_open``, and no update to any of them while it is built: the page sends fewer than
    700 messages in all. The kernel's IOPub socket drops what passes 1,000 waiting to be sent,
    and at 1,165 (each cell's looks set one by one after it was made) the table's display was now
    and then lost and the page waited 60 s (CI, about 1 load in 2,700)."""
    import comm

    sent: list[tuple[str, str]] = []
    publish = comm.DummyComm.publish_msg

    def record(self, msg_type, *args, **kwargs):
        sent.append((msg_type, self.comm_id))
        return publish(self, msg_type, *args, **kwargs)

    monkeypatch.setattr(comm.DummyComm, "publish_msg", record)
    app = run_app(monkeypatch, "game=pairs")
    table = app["seat"].children[0]
    grid = next(w for w in walk(table.board_box) if isinstance(w, W.GridBox))

    def models(widget):  # a widget with its layout and style, and the same of its children
        yield widget
        yield from (part for part in (widget.layout, getattr(widget, "style", None)) if part is not None)
        for child in getattr(widget, "children", ()):
            yield from models(child)

    ids = {w.model_id for w in models(grid)}
    opened = {model for kind, model in sent if kind == "comm_open"}
    updated = {model for kind, model in sent if kind == "comm_msg"}
    # 52 cells of 8 models (the cell, the face and the button with their layouts and styles)
    # and the grid with its layout
    assert len(table.cell_buttons) == 52 and len(ids) == 52 * 8 + 2
    assert len(ids - opened) == 0 and len(ids & updated) == 0
    assert len(sent) < 700
