"""Untrusted names and typed text holding control or format characters (a bidi control such as
U+202E RIGHT-TO-LEFT OVERRIDE, a zero-width space, an escape) are refused at the edge by the one
check of :mod:`catcards.core` (``unsafe_character``/``check_plain_text``): explicit deals of every
game, typed actions, and the data files (a Cat Days deck, a Card Game card list)."""
from __future__ import annotations

import io
import json

import pytest

import catcards
from catcards.core import (PLAIN_TEXT, CatcardsError, GameParameterError, IllegalActionError, check_card_name,
                           check_plain_text, unsafe_character)
from catcards.csvfile import DataFileError
from catcards.games.card_game.cardlist import CardListError, card_list_table, load_card_list
from catcards.games.cat_days.deck import DeckError

RLO = "\u202e"


@pytest.mark.parametrize("text, found", [
    ("Lazy Cat" + RLO, "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("\u2066red 5\u2069", "U+2066 (LEFT-TO-RIGHT ISOLATE)"),
    ("red\u2067 5", "U+2067 (RIGHT-TO-LEFT ISOLATE)"),
    ("red 5\u2068", "U+2068 (FIRST STRONG ISOLATE)"),
    ("red 5\u2069", "U+2069 (POP DIRECTIONAL ISOLATE)"),
    ("Cat\u200e 7", "U+200E (LEFT-TO-RIGHT MARK)"),
    ("Cat\u200f 7", "U+200F (RIGHT-TO-LEFT MARK)"),
    ("Cat\u202a 7", "U+202A (LEFT-TO-RIGHT EMBEDDING)"),
    ("Nap\u200b", "U+200B (ZERO WIDTH SPACE)"),
    ("Na\u00adp", "U+00AD (SOFT HYPHEN)"),
    ("Nap\u2060", "U+2060 (WORD JOINER)"),
    ("\ufeffNap", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    ("Nap\x1b[31m", "U+001B (a control character)"),
    ("Nap\x7f", "U+007F (a control character)"),
    ("Nap\x85", "U+0085 (a control character)"),
    ("a\u200db", "U+200D (ZERO WIDTH JOINER)"),  # a joiner between letters: two names alike
    ("Lazy Cat", None),
    ("Chat  noir\tlazy\r\n", None),  # tab and line ends are read as spaces
    ("Ch\u00e2t \u0645\u0642\u0647\u0649 \u732b", None),  # letters of any script
    ("\U0001f408\u200d\u2b1b Cat", None),  # an emoji sequence: black cat
    ("\u2764\ufe0f\u200d\U0001f525", None),  # heart on fire: joiner after a variation selector
])
def test_unsafe_character_names_the_first_control_or_format_character(text, found):
    assert unsafe_character(text) == found


def test_check_plain_text_message_says_what_was_wrong_and_what_is_allowed():
    with pytest.raises(GameParameterError) as info:
        check_plain_text("Lazy Cat" + RLO, "deal, seat 1")
    assert str(info.value) == (
        "deal, seat 1: a card name 'Lazy Cat\\u202e' contains U+202E (RIGHT-TO-LEFT OVERRIDE); "
        "names and texts may hold letters, digits, punctuation, symbols and spaces, not control "
        "or format characters (such as the bidi controls U+202A-U+202E, U+2066-U+2069, U+200E and U+200F)"
    )
    with pytest.raises(GameParameterError, match="U\\+2067"):
        check_card_name("red\u2067 5", "deal", "red 5")
    check_plain_text(3, "deal")  # not text: the caller checks the type


#: per game: the game, and a function from a card name to an explicit deal whose first card it is
#: (every other part of the deal well formed up to that card)
DEALS = {
    "simons-cat": (lambda: catcards.load("simons-cat", players=3, hand_size=1),
                   lambda bad: [[[bad], ["Cat 2"], ["Cat 3"]]]),
    "cat-trick": (lambda: catcards.load("cat-trick", players=3),
                  lambda bad: [[[bad] + ["pink 2"] * 9, [], []]]),
    "king-of-the-jungle": (lambda: catcards.load("king-of-the-jungle", players=3),
                           lambda bad: [[[bad] + ["red 2"] * 12, [], []]]),
    "big-cat": (lambda: catcards.load("big-cat", players=2), lambda bad: [[bad], ["red 2"]]),
    "snap": (lambda: catcards.load("snap", players=2), lambda bad: [[bad], ["red 2"]]),
    "pairs": (lambda: catcards.load("pairs", players=2), None),
    "cat-days": (lambda: catcards.load("cat-days"), lambda bad: {"hands": [[bad], []]}),
    "card-game": (lambda: catcards.load("card-game", players=2), lambda bad: {"hands": [[bad], []]}),
}


def test_every_registered_game_is_checked_here():
    assert sorted(DEALS) == sorted(catcards.list_games())


@pytest.mark.parametrize("name", sorted(DEALS))
@pytest.mark.parametrize("bad", ["Cat 7" + RLO, "\u2066red 5", "Nap\u200b"])
def test_a_deal_naming_a_card_with_a_control_or_format_character_is_refused(name, bad):
    make_game, deal_of = DEALS[name]
    game = make_game()
    if deal_of is None:  # Pairs: the whole board, flat
        deal = [bad] + ["red 2"] * (game.size - 1)
    else:
        deal = deal_of(bad)
    code = f"U+{ord(next(c for c in bad if not c.isprintable())):04X}"
    with pytest.raises(GameParameterError) as info:
        game.new_game(1, deals=deal)
    assert code in str(info.value) and "not control or format characters" in str(info.value)


@pytest.mark.parametrize("name", sorted(DEALS))
def test_a_typed_action_with_a_bidi_control_is_refused_and_changes_nothing(name):
    state = DEALS[name][0]().new_game(2)
    before = state.to_json()
    text = str(state.legal_actions()[0])
    assert state.action_from_string(text) == state.legal_actions()[0]
    for typed in (text + RLO, "\u2067" + text, text[:1] + "\u200f" + text[1:]):
        with pytest.raises(IllegalActionError) as info:
            state.action_from_string(typed)
        assert "not control or format characters" in info.value.reason
        assert "the text contains U+" in info.value.reason
    assert state.to_json() == before


def test_cat_days_deals_refuse_a_bidi_name_in_a_week_and_the_draw_pile():
    game = catcards.load("cat-days")
    with pytest.raises(GameParameterError, match=r"^Cat Days deals, seat 0's Monday: a card name "
                                                 r"'Lazy Cat\\u202e' contains U\+202E"):
        game.new_game(1, deals={"weeks": [{"Monday": ["Lazy Cat" + RLO]}, {}]})
    with pytest.raises(GameParameterError, match=r"^Cat Days deals, draw pile: .* U\+2069"):
        game.new_game(1, deals={"draw": ["Lazy Cat\u2069"]})
    assert game.new_game(1, deals={"draw": ["Lazy Cat"]}).draw_pile  # the same without it


def _packaged_cat_days_deck() -> str:
    from importlib import resources
    return resources.files("catcards").joinpath("data", "cat_days_deck.csv").read_text("utf-8-sig")


@pytest.mark.parametrize("char", [RLO, "\u2066", "\u200e", "\u200b", "\x1b"])
def test_a_cat_days_deck_file_with_a_control_character_in_a_card_name_is_refused(char):
    text = _packaged_cat_days_deck()
    assert catcards.load("cat-days", deck=io.StringIO(text)).deck.names()[1] == "Lazy Cat"
    bad = text.replace("\nLazy Cat,", f"\nLazy Cat{char},", 1)
    line = text[:text.index("\nLazy Cat,")].count("\n") + 2
    with pytest.raises(DeckError) as info:
        catcards.load("cat-days", deck=io.StringIO(bad))
    assert info.value.line == line and info.value.column == 1 and info.value.column_name == "card"
    assert f"U+{ord(char):04X}" in info.value.problem and PLAIN_TEXT in info.value.problem


def test_a_cat_days_deck_table_and_a_save_holding_a_bidi_name_are_refused():
    game = catcards.load("cat-days")
    rows = [dict(r) for r in game.deck.table]
    rows[2]["card"] = "Grumpy\u2067 Cat"
    with pytest.raises(DeckError, match=r"line 3, column 1 \(card\): .*U\+2067 \(RIGHT-TO-LEFT ISOLATE\)"):
        catcards.load("cat-days", deck=rows)
    save = json.loads(game.new_game(1).to_json())
    save["params"]["deck"] = rows
    with pytest.raises(CatcardsError, match="U\\+2067"):
        catcards.load_state(json.dumps(save))


def test_a_card_game_card_list_with_a_bidi_control_in_a_card_text_is_refused():
    rows = card_list_table(load_card_list(None))
    rows[1]["text"] = RLO + "Take another turn."
    with pytest.raises(CardListError, match=r"line 2, column 5 \(text\): .*U\+202E"):
        catcards.load("card-game", cards=rows)
    with pytest.raises(CardListError, match=r"line 2, column 1 \(name\): .*U\+200B"):
        catcards.load("card-game", cards=io.StringIO("name,count,types,cost,text\nNap\u200b,1,ACTION,0,x\n"))


def test_a_data_file_refuses_a_control_character_in_any_field():
    from catcards.csvfile import parse_csv
    table = parse_csv('a,b\nx,"two\nlines\tand a tab"\n', "f.csv", ("a", "b"))  # a quoted line end is fine
    assert table.rows[0].values == {"a": "x", "b": "two\nlines\tand a tab"}
    with pytest.raises(DataFileError, match=r"^f\.csv, line 2, column 2 \(b\): the text 'y\\u2066' contains U\+2066"):
        parse_csv("a,b\nx,y\u2066\n", "f.csv", ("a", "b"))
