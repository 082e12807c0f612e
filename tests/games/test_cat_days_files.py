"""Cat Days and files a teacher hands in: decks written by spreadsheets, saves that stand alone
(the deck's content, never its path), typed text normalised, malformed actions and deals refused
by name (issue 10)."""
from __future__ import annotations

import csv
import io
import json
import os
import unicodedata

import numpy as np
import pytest

import catcards
from catcards import csvfile
from catcards.games.cat_days import DeckError, Play, load_deck

HEADER = "card,kind,count,setup,points,week,days,effect"
FACHE = "Chat F\u00e2ch\u00e9"  # NFC, as a spreadsheet writes it
ROWS = [
    f"{FACHE},cat,10,0,2,either,any,empty day",
    "Demanding Cat,cat,3,0,6,your,Sunday,empty day",
    "Catnip,event,2,0,,,,draw 2",
    "Cat Tree,event,0,1,,your,any,cat tree",
]


def spreadsheet_csv(path, encoding="utf-8-sig"):
    """A deck as a spreadsheet saves it: a BOM (for "CSV UTF-8"), CRLF line ends, a padded note."""
    text = "\r\n".join(["# notes,,,,,,,", "Card,Kind,Count,Setup,Points,Week,Days,Effect", *ROWS]) + "\r\n"
    path.write_bytes(text.encode(encoding))
    return path


def random_play(state, moves, seed):
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def test_a_deck_saved_by_a_spreadsheet_as_csv_utf8_loads(tmp_path):
    path = spreadsheet_csv(tmp_path / "deck.csv")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf# notes") and b"\r\n" in path.read_bytes()
    deck = load_deck(str(path))
    assert deck.names() == [FACHE, "Demanding Cat", "Catnip", "Cat Tree"]
    assert deck.kind(FACHE.upper()).points == 2


def test_a_deck_saved_in_a_windows_code_page_says_save_it_as_csv_utf8(tmp_path):
    path = spreadsheet_csv(tmp_path / "deck.csv", encoding="cp1252")
    with pytest.raises(DeckError, match=r"deck\.csv, line 3, column 7: byte 0xE2 is not UTF-8 text.*save it as CSV UTF-8"):
        catcards.load("cat-days", deck=str(path))


def test_an_accented_name_typed_in_the_other_unicode_form_matches(tmp_path):
    game = catcards.load("cat-days", deck=str(spreadsheet_csv(tmp_path / "deck.csv")))
    nfd = unicodedata.normalize("NFD", FACHE)
    assert nfd != FACHE
    state = game.new_game(0, deals={"hands": [[nfd.lower(), "Cat Tree"], []], "rest": "out",
                                    "weeks": [{"  MONDAY ": [nfd.upper()]}, {}]})
    assert [c.name for c in state.weeks.stack[0][0]] == [FACHE]
    action = state.action_from_string(f"PLAY  {nfd.lower()} on my tuesday")
    assert str(action) == f"play {FACHE} on my Tuesday"
    with pytest.raises(catcards.IllegalActionError, match=f"{FACHE} cannot be played like that"):
        state.action_from_string(f"play {nfd} on my Monday")  # a real card, a day already taken


def test_a_save_holds_the_deck_content_and_replays_after_the_file_is_gone(tmp_path, monkeypatch):
    path = spreadsheet_csv(tmp_path / "deck.csv")
    game = catcards.load("cat-days", deck=str(path), max_turns=np.int64(300), first_player=np.int64(1))
    assert game.params["deck"][0] == {"card": FACHE, "kind": "cat", "count": 10, "setup": 0, "points": 2,
                                      "week": "either", "days": "any", "effect": "empty day"}
    state = random_play(game.new_game(11), 25, seed=3)
    saved = state.to_json()
    assert str(path) not in saved and "deck.csv" not in saved
    path.unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    loaded = catcards.load_state(saved)
    assert loaded.to_json() == saved and loaded.game == game
    random_play(state, 60, seed=9)
    random_play(loaded, 60, seed=9)
    assert [str(a) for a in loaded.history] == [str(a) for a in state.history]
    assert loaded.to_json() == state.to_json() and loaded.outcome == state.outcome


def test_deck_given_as_an_open_file_or_a_table_is_the_same_game(tmp_path):
    path = spreadsheet_csv(tmp_path / "deck.csv")
    by_path = catcards.load("cat-days", deck=str(path))
    with open(path, "rb") as fh:
        by_file = catcards.load("cat-days", deck=fh)
    by_table = catcards.load("cat-days", deck=by_path.params["deck"])
    by_text = catcards.load("cat-days", deck=io.StringIO(path.read_text("utf-8-sig")))
    assert by_path == by_file == by_table == by_text
    assert by_table.new_game(5).to_json() == by_path.new_game(5).to_json()


def _save_with_deck(deck):
    data = json.loads(catcards.load("cat-days").new_game(1).to_json())
    data["params"]["deck"] = deck
    return json.dumps(data)


def _never_read(monkeypatch):
    def refuse(*args, **kwargs):  # pragma: no cover - reached only if a save opens a file
        raise AssertionError("a save made catcards read a file")

    monkeypatch.setattr(csvfile, "_read_path", refuse)
    monkeypatch.setattr(csvfile, "read_text", refuse)


def test_a_save_whose_deck_is_a_path_is_refused_without_opening_it(tmp_path, monkeypatch):
    real = spreadsheet_csv(tmp_path / "deck.csv")
    _never_read(monkeypatch)
    for deck in (str(real), "/etc/passwd", "/dev/zero", str(tmp_path / "missing.csv")):
        with pytest.raises(catcards.SaveFormatError, match="never a file") as info:
            catcards.load_state(_save_with_deck(deck))
        assert "root:" not in str(info.value)
    for deck in ({"card": "Nap"}, 7):
        with pytest.raises(catcards.SaveFormatError, match="a save holds the deck's rows"):
            catcards.load_state(_save_with_deck(deck))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a POSIX FIFO")
def test_a_save_naming_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "deck.csv"
    os.mkfifo(fifo)
    with pytest.raises(catcards.SaveFormatError, match="never a file"):
        catcards.load_state(_save_with_deck(str(fifo)))
    with pytest.raises(DeckError, match="is not a regular file"):  # and loading it directly is refused too
        catcards.load("cat-days", deck=str(fifo))


def test_a_save_with_an_edited_deck_table_is_refused_by_the_deck_rules():
    table = catcards.load("cat-days", deck=load_deck().table).params["deck"]
    table[0]["count"] = 100000000
    with pytest.raises(catcards.SaveFormatError, match=r"deck table, line 1, column 3 \(count\): Rescued Cat: count must be a whole number from 0 to 60"):
        catcards.load_state(_save_with_deck(table))


def test_a_save_with_a_number_of_ten_or_more_digits_is_refused_with_that_number():
    """Not "9999999999": the number in the save, and what is allowed."""
    table = catcards.load("cat-days", deck=load_deck().table).params["deck"]
    table[0]["points"] = 12345678901
    with pytest.raises(catcards.SaveFormatError, match=r"deck table, line 1, column 5 \(points\): Rescued Cat: "
                       r"points must be a whole number from 0 to 99, not 12345678901$"):
        catcards.load_state(_save_with_deck(table))
    table[0]["points"] = 12345678901234567890123
    with pytest.raises(catcards.SaveFormatError, match=r"from 0 to 99, not 12345678901234567890\.\.\.$"):
        catcards.load_state(_save_with_deck(table))


def test_a_deck_saved_by_a_spreadsheet_with_semicolons_is_the_same_game(tmp_path):
    """Excel where the decimal mark is a comma saves "CSV UTF-8" with ';' between columns."""
    comma = spreadsheet_csv(tmp_path / "comma.csv")
    semicolon = tmp_path / "semicolon.csv"
    rows = list(csv.reader(io.StringIO(comma.read_text("utf-8-sig"), newline="")))
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=";").writerows(rows)  # a text with ';' would be quoted
    semicolon.write_bytes(buffer.getvalue().encode("utf-8-sig"))
    assert semicolon.read_bytes().startswith(b"\xef\xbb\xbf# notes;;;;;;;\r\nCard;Kind;Count;")
    game = catcards.load("cat-days", deck=str(semicolon))
    assert game == catcards.load("cat-days", deck=str(comma))
    assert game.new_game(3).to_json() == catcards.load("cat-days", deck=str(comma)).new_game(3).to_json()


def test_malformed_play_objects_are_illegal_actions_naming_the_problem():
    state = catcards.load("cat-days").new_game(2)
    before = state.to_json()
    tree = state.hands[0][0]
    for action, message in [
        (Play(None, effect=None), "its card must be a Card from your hand, not None"),
        (Play(tree, effect=None), "its effect must be one of the deck's effects, not None"),
        (Play(tree, "cat tree", "my", day=9), "its day must be a day number from 0"),
        (Play(tree, "cat tree", "yours", day=1), "its week must be 'my', 'their' or None"),
        (Play(tree, "swap", "my", 1), "a 'swap' play needs its target and target_day and other"),
    ]:
        with pytest.raises(catcards.IllegalActionError, match=message):
            state.apply(action)
        assert state.to_json() == before
    assert str(Play(None, effect=None)) == "play None"


@pytest.mark.parametrize("deals, message", [
    ({"hands": [["Lazy Cat"], None]}, "seat 1 must get a list of card names, not None"),
    ({"hands": (h for h in ([], []))}, "give 2 hands"),
    ({"draw": "Lazy Cat"}, "draw pile: give a list of card names"),
    ({"discard": ["Cat Tree"]}, "Cat Tree cannot be there"),
    ({"weeks": [{5: ["Lazy Cat"]}, {}]}, "5 is not a day"),
    ({"hands": [["Lazy Cat"] * 5, []]}, "Lazy Cat is named more often than the deck has copies"),
])
def test_malformed_deals_are_parameter_errors(deals, message):
    with pytest.raises(catcards.GameParameterError, match=message):
        catcards.load("cat-days").new_game(0, deals=deals)


def test_a_draw_effect_takes_ascii_digits_only(tmp_path):
    """"draw ٢" (ARABIC-INDIC DIGIT TWO) is refused like any other unknown effect: counts, costs
    and draws are written with the digits 0-9 (a regular expression's \\d also matches "٢")."""
    path = tmp_path / "deck.csv"
    path.write_text("\n".join([HEADER, *ROWS]).replace("draw 2", "draw \u0662") + "\n", encoding="utf-8")
    with pytest.raises(DeckError, match=r"line 4, column 8 \(effect\).*draw N"):
        load_deck(str(path))
    path.write_text("\n".join([HEADER, *ROWS]) + "\n", encoding="utf-8")
    assert load_deck(str(path)).kind("Catnip").draws == 2
