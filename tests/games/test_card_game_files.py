"""Card Game and files a teacher hands in: card lists written by spreadsheets, saves that stand
alone (the list's content, never its path), deals checked against where the rules put cards,
typed text normalised, malformed actions refused by name (issue 10)."""
from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import numpy as np
import pytest

import catcards
from catcards import csvfile
from catcards.games.card_game import Choose, Claim, Play
from catcards.games.card_game.cardlist import CardListError, card_list_table, load_card_list

SHIPPED = Path(catcards.__file__).parent / "data" / "card_game_cards.csv"


def spreadsheet_list(path, encoding="utf-8-sig", edit=None):
    """The shipped list as a spreadsheet saves it: BOM, CRLF, a header typed differently, names in
    other cases and spacing, Nap's count changed, an accented word in a text."""
    lines = SHIPPED.read_text("utf-8").splitlines()
    lines[0] = " Name , COUNT,Types,Cost , Text"
    lines = [line.replace("Nap,3,", "  nap ,5,").replace("Sushi Tray,", "SUSHI  TRAY,") for line in lines]
    lines = [line.replace("Gain 1 token.", "Gain 1 token (caf\u00e9 time).") for line in lines]
    if edit:
        lines = [edit(line) for line in lines]
    path.write_bytes("\r\n".join(lines).encode(encoding) + b"\r\n")
    return path


def random_play(state, moves, seed):
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def test_a_card_list_saved_by_a_spreadsheet_as_csv_utf8_loads(tmp_path):
    path = spreadsheet_list(tmp_path / "cards.csv")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf Name ")
    specs = {s.name: s for s in load_card_list(str(path))}
    assert specs["Nap"].count == 5 and "Sushi Tray" in specs
    assert specs["Golden Yarn"].text == "Gain 1 token (caf\u00e9 time)."
    game = catcards.load("card-game", cards=str(path))
    assert game.deck.counts["Nap"] == 5


def test_a_card_list_saved_in_a_windows_code_page_says_save_it_as_csv_utf8(tmp_path):
    path = spreadsheet_list(tmp_path / "cards.csv", encoding="cp1252")
    line, text = next((i, x) for i, x in enumerate(SHIPPED.read_text("utf-8").splitlines(), 1)
                      if x.startswith("Golden Yarn"))
    column = len(text.replace("Gain 1 token.", "Gain 1 token (caf")) + 1
    with pytest.raises(CardListError, match=rf"cards\.csv, line {line}, column {column}: byte 0xE9 is not UTF-8 text.*save it as CSV UTF-8"):
        catcards.load("card-game", cards=str(path))


@pytest.mark.parametrize("count", ["+2", "1_0", "\u0662", "100000000", "61", "-1", "2.0"])
def test_counts_are_plain_decimal_numbers_within_bounds(tmp_path, count):
    path = spreadsheet_list(tmp_path / "cards.csv", edit=lambda line: line.replace("Golden Yarn,3,", f"Golden Yarn,{count},"))
    with pytest.raises(CardListError, match=r"column 2 \(count\): the count of Golden Yarn must be a whole number from 0 to 60"):
        catcards.load("card-game", cards=str(path))


@pytest.mark.parametrize("edit, message", [
    (lambda l: l.replace("Golden Yarn,", "Golden Yarm,"), r"column 1 \(name\): unknown card 'Golden Yarm'"),
    (lambda l: l.replace("Nap,1,", "Nap,1,").replace("Cheap Day,1,RULE,2", "Cheap Day,1,RULE,21"),
     r"column 4 \(cost\): the cost of Cheap Day must be a whole number from 0 to 20"),
    (lambda l: l.replace("Golden Yarn,3,HAND", "Golden Yarn,3,HAND LOCK"), r"column 3 \(types\): the types of Golden Yarn are fixed"),
    (lambda l: l.replace("Money,20,", "Money,0,"), "needs at least 1 Money card"),
    (lambda l: l.replace("Lucky Cat,", "golden yarn,"), r"column 1 \(name\): 'Golden Yarn' is listed twice"),
])
def test_card_list_mistakes_name_line_column_and_card(tmp_path, edit, message):
    with pytest.raises(CardListError, match=message):
        catcards.load("card-game", cards=str(spreadsheet_list(tmp_path / "cards.csv", edit=edit)))


def test_a_save_holds_the_card_list_content_and_replays_after_the_file_is_gone(tmp_path, monkeypatch):
    path = spreadsheet_list(tmp_path / "cards.csv")
    game = catcards.load("card-game", players=np.int64(3), first_player=np.int64(2), max_turns=np.int64(60),
                         cards=str(path))
    assert game.first_player == 2 and type(game.max_turns) is int
    assert game.params["cards"] == card_list_table(load_card_list(str(path)))
    assert {"name": "Nap", "count": 5, "types": "HAND", "cost": 0, "text": "Draw 1 main-deck card and take 1 Money."} \
        in game.params["cards"]
    state = random_play(game.new_game(21), 40, seed=4)
    saved = state.to_json()
    assert "cards.csv" not in saved
    path.unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    loaded = catcards.load_state(saved)
    assert loaded.to_json() == saved and loaded.game == game
    random_play(state, 200, seed=8)
    random_play(loaded, 200, seed=8)
    assert [str(a) for a in loaded.history] == [str(a) for a in state.history]
    assert loaded.to_json() == state.to_json() and loaded.outcome == state.outcome


def _save_with_cards(cards):
    data = json.loads(catcards.load("card-game").new_game(1).to_json())
    data["params"]["cards"] = cards
    return json.dumps(data)


def test_a_save_whose_card_list_is_a_path_is_refused_without_opening_it(monkeypatch):
    def refuse(*args, **kwargs):  # pragma: no cover - reached only if a save opens a file
        raise AssertionError("a save made catcards read a file")

    monkeypatch.setattr(csvfile, "_read_path", refuse)
    monkeypatch.setattr(csvfile, "read_text", refuse)
    for cards in (str(SHIPPED), "/etc/passwd", "/dev/zero"):
        with pytest.raises(catcards.SaveFormatError, match="never a file"):
            catcards.load_state(_save_with_cards(cards))
    with pytest.raises(catcards.SaveFormatError, match="a save holds the card list's rows"):
        catcards.load_state(_save_with_cards({"name": "Nap"}))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a POSIX FIFO")
def test_a_save_naming_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "cards.csv"
    os.mkfifo(fifo)
    with pytest.raises(catcards.SaveFormatError, match="never a file"):
        catcards.load_state(_save_with_cards(str(fifo)))
    with pytest.raises(CardListError, match="is not a regular file"):
        catcards.load("card-game", cards=str(fifo))


def test_a_save_with_an_edited_card_list_table_is_checked_like_a_file():
    table = card_list_table(load_card_list(None))
    table[0]["count"] = "+2"
    with pytest.raises(catcards.SaveFormatError, match=r"card list table, line 1, column 2 \(count\)"):
        catcards.load_state(_save_with_cards(table))


def test_a_card_list_table_with_a_number_of_ten_or_more_digits_is_refused_with_that_number():
    """Not "9999999999": the number given, and what is allowed (a table in Python or in a save)."""
    table = card_list_table(load_card_list(None))
    table[1]["cost"] = 98765432101
    message = (r"card list table, line 2, column 4 \(cost\): the cost of Not So Fast must be a whole "
               r"number from 0 to 20, not 98765432101$")
    with pytest.raises(CardListError, match=message):
        catcards.load("card-game", cards=table)
    with pytest.raises(catcards.SaveFormatError, match=message):
        catcards.load_state(_save_with_cards(table))


def test_a_card_list_saved_with_semicolons_is_the_same_list(tmp_path):
    """Excel where the decimal mark is a comma separates columns by ';'; the card texts' commas
    stay text, and a text holding ';' is quoted (csv.writer does as Excel does)."""
    rows = list(csv.reader(io.StringIO(SHIPPED.read_text("utf-8"), newline="")))
    assert any("," in row[-1] for row in rows) and any(";" in row[-1] for row in rows)
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=";").writerows(rows)
    path = tmp_path / "cards.csv"
    path.write_bytes(buffer.getvalue().encode("utf-8-sig"))
    assert path.read_bytes().startswith(b"\xef\xbb\xbfname;count;types;cost;text\r\n")
    assert load_card_list(str(path)) == load_card_list(str(SHIPPED))
    assert catcards.load("card-game", cards=str(path)) == catcards.load("card-game", cards=str(SHIPPED))


def _gen():
    yield ["Nap"]
    yield []


@pytest.mark.parametrize("deals, message", [
    ({"main": 5}, r"deals\['main'\] must be a list of card names, not a number"),
    ({"hands": [["Nap"], None]}, r"deals\['hands'\]: seat 1 must get a list of card names, not None"),
    ({"hands": _gen()}, r"deals\['hands'\]: give 2 hands"),
    ({"hands": 5}, r"deals\['hands'\]: give 2 hands"),
    ({"main": ["Nap", 3]}, r"deals\['main'\]: 3 is not a card name"),
    ({"table": ["Money"]}, r"deals\['table'\]: Money cannot be there: only RULE cards"),
    ({"table": ["Nap"]}, r"deals\['table'\]: Nap cannot be there: only RULE cards"),
    ({"hands": [["Suicide Kitten"], []]}, r"deals\['hands'\], seat 0: Suicide Kitten cannot be there"),
    ({"hands": [["Money"], []]}, r"deals\['hands'\], seat 0: Money cannot be there"),
    ({"money": [[], ["Nap"]]}, r"deals\['money'\], seat 1: Nap cannot be there: a money area holds only"),
    ({"front": [["Golden Yarn"], []]}, r"deals\['front'\], seat 0: Golden Yarn cannot be there: only LOCK cards"),
    ({"island": [["Pickpocket"], []]}, r"deals\['island'\], seat 0: Pickpocket cannot be there"),
    ({"discard": ["Money"]}, r"deals\['discard'\]: Money cannot be there"),
    ({"table": ["Final Round"]}, r"Final Round cannot be there"),
    ({"tokens": [1, True]}, r"deals\['tokens'\] needs 2 whole numbers from 0 to 99"),
    ({"tokens": "12"}, r"deals\['tokens'\] needs 2 whole numbers"),
    ({"hand": [[], []]}, r"unknown deals key\(s\) 'hand'"),
    (["Nap"], "deals must be a dict"),
    ({"hands": [["Shot!"] * 4, []]}, r"more 'Shot!' than the 3 in the card list"),
])
def test_malformed_deals_are_parameter_errors(deals, message):
    with pytest.raises(catcards.GameParameterError, match=message):
        catcards.load("card-game", players=2).new_game(0, deals=deals)


def test_deals_accept_names_as_typed_and_numpy_tokens():
    state = catcards.load("card-game", players=2).new_game(
        0, deals={"hands": [["  NAP ", "shot!"], ["golden  yarn"]], "tokens": [np.int64(2), 0],
                  "table": ["cheap day"], "money": [["money", "JOKER"], []]})
    assert sorted(c.name for c in state.observation(0)["hand"]) == ["Nap", "Shot!"]
    assert state.tokens == [2, 0] and type(state.tokens[0]) is int
    assert state.observation(0)["table"][0][1] == "Cheap Day" and state.money_value(0) == 2
    assert json.loads(state.to_json())["deals"]["hands"] == [["  NAP ", "shot!"], ["golden  yarn"]]


def test_the_final_round_variant_allows_one_rule_card_on_the_table():
    game = catcards.load("card-game", players=2, final_round=True)
    game.new_game(0, deals={"table": ["Final Round"]})
    with pytest.raises(catcards.GameParameterError, match="at most 1 RULE card"):
        game.new_game(0, deals={"table": ["Cheap Day", "Happy Hour"]})


def test_typed_text_is_normalised():
    state = catcards.load("card-game", players=2).new_game(0, deals={"hands": [["Nap"], []], "money": [[], []]})
    assert str(state.action_from_string("  DRAW from the MAIN deck ")) == "draw from the main deck"
    state.apply(state.action_from_string("draw from the main deck"))
    assert state.action_from_string("PLAY   nap") is state.legal_actions()[1]
    with pytest.raises(catcards.IllegalActionError, match="seat 0 holds no Golden Yarn"):
        state.action_from_string("play golden yarn")
    with pytest.raises(catcards.IllegalActionError, match="Shot! is a BLUFF card: it is used by a claim"):
        state.apply(Play("Shot!"))


def test_malformed_action_objects_are_illegal_actions_naming_the_problem():
    state = catcards.load("card-game", players=2).new_game(3)
    before = state.to_json()
    for action, message in [
        (Choose(text=None), r"Choose\(text=None\) is not a well-formed Choose action: its text must be"),
        (Play(None), "its name must be a card name, not None"),
        (Play("Nap", as_name=["x"], option="y"), "its as_name must be a card name or '', not a list"),
        (Play("Nap", target="1"), "its target must be a seat number or None, not text"),
        (Claim("Shot!", 3), "its facedown must be a card name, not a number"),
    ]:
        with pytest.raises(catcards.IllegalActionError, match=message):
            state.apply(action)
        assert state.to_json() == before
    assert str(Choose(text=None)) == "Choose(text=None)"


def test_numpy_parameters_are_accepted_and_bools_refused():
    game = catcards.load("card-game", players=np.int8(2), first_player=np.int32(1), max_turns=np.uint16(30))
    assert game.params == {"players": 2, "first_player": 1, "final_round": False, "max_turns": 30, "cards": None}
    json.dumps(game.params)
    for bad in ({"first_player": True}, {"max_turns": False}, {"max_turns": 2.0}, {"first_player": np.int64(2)}):
        with pytest.raises(catcards.GameParameterError):
            catcards.load("card-game", players=2, **bad)
