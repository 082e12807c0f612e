"""The Cat Days deck file: the packaged deck matches rules/cat-days.md, and mistakes fail clearly."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import catcards
from catcards.games.cat_days import DeckError, load_deck, parse_deck

PACKAGED = Path(catcards.__file__).parent / "data" / "cat_days_deck.csv"
HEADER = "card,kind,count,setup,points,week,days,effect"


def test_packaged_deck_is_the_deck_of_the_decision_file():
    deck = load_deck()
    counts = Counter(c.name for c in deck.pile_cards)
    assert counts == {
        "Rescued Cat": 6, "Lazy Cat": 4, "Shy Cat": 3, "Weekend Cat": 3, "Playful Cat": 2,
        "Fluffy Cat": 2, "Demanding Cat": 1, "Grumpy Cat": 2,
        "Cardboard Box": 2, "Catnip": 4, "Yarn Ball": 2, "Vacuum Cleaner": 2, "Water Spray": 1,
    }
    assert len(deck.pile_cards) == 34 and len(deck.cards) == 36
    assert [[c.name for c in s] for s in deck.setup_cards] == [["Cat Tree"], ["Cat Tree"]]
    assert len(set(deck.cards)) == 36  # every physical card a distinct value
    points = {k.name: k.points for k in deck.kinds if k.is_cat}
    assert points == {"Rescued Cat": 1, "Lazy Cat": 2, "Shy Cat": 3, "Weekend Cat": 3, "Playful Cat": 5,
                      "Fluffy Cat": 4, "Demanding Cat": 6, "Grumpy Cat": 0}
    # a teacher's read (teach53): "an empty day of your week, Sunday" names the day last; named days
    # stand where "day" stood, a range of days still follows the week
    assert deck.kind("demanding cat").describe() == "Demanding Cat (cat, 6 points): an empty Sunday of your week"
    assert deck.kind("Fluffy Cat").describe() == "Fluffy Cat (cat, 4 points): an empty Sunday of either week"
    assert deck.kind("Weekend Cat").describe() == "Weekend Cat (cat, 3 points): an empty Saturday or Sunday of your week"
    assert deck.kind("Lazy Cat").describe() == "Lazy Cat (cat, 2 points): an empty day of your week, Monday to Friday"
    assert deck.kind("Lazy Cat").days == frozenset(range(5))
    # the week is named beside the day or cat it belongs to (a teacher's read: "covering it of
    # either week", "to its week owner's hand of either week")
    assert deck.kind("Grumpy Cat").describe() == ("Grumpy Cat (cat, 0 points): on top of a visible cat of "
                                                  "either week (not on a Cat Tree), covering it")
    assert deck.kind("Shy Cat").describe() == ("Shy Cat (cat, 3 points): an empty day of your week whose "
                                               "neighbouring days hold no cat")
    assert deck.kind("Water Spray").describe() == ("Water Spray (event): return the visible top cat of a day of "
                                                   "either week to the hand of the week's owner")


def test_named_days_stand_in_the_text_where_day_stands():
    """A teacher's read (teach53): "an empty day of either week, Sunday" reads as "an empty Sunday
    of either week"; a range of days, and a text with no day in it, keep the days after it."""
    deck = parse_deck("\n".join([HEADER, "Rescued Cat,cat,30,0,1,either,any,empty day",
                                  "Shy Sun,cat,2,0,3,your,Monday Sunday,neighbours empty",
                                  "Mixed Cat,cat,2,0,3,your,Monday-Wednesday Sunday,empty day",
                                  "Sun Grump,cat,2,0,0,either,Sunday,cover",
                                  "Vacuum Cleaner,event,2,0,,either,Sunday,discard top cat",
                                  "Water Spray,event,2,0,,either,Monday-Tuesday,return top cat",
                                  "Cat Tree,event,0,1,,your,Saturday,cat tree"]))
    assert [k.describe() for k in deck.kinds[1:]] == [
        "Shy Sun (cat, 3 points): an empty Monday or Sunday of your week whose neighbouring days hold no cat",
        "Mixed Cat (cat, 3 points): an empty day of your week, Monday to Wednesday or Sunday",
        "Sun Grump (cat, 0 points): on top of a visible cat of either week (not on a Cat Tree), covering it, Sunday",
        "Vacuum Cleaner (event): discard the visible top cat of a Sunday of either week",
        "Water Spray (event): return the visible top cat of a day of either week to the hand of the week's owner, "
        "Monday to Tuesday",
        "Cat Tree (event): stays on an empty day; up to 3 cats may then stand on that day (Saturday)"]


def _write(tmp_path, rows, name="deck.csv"):
    path = tmp_path / name
    path.write_text("\n".join(["# my deck", HEADER, *rows]) + "\n", encoding="utf-8")
    return str(path)


GOOD = [
    "Rescued Cat,cat,10,0,1,either,any,empty day",
    "Demanding Cat,cat,3,0,6,your,Sunday,empty day",
    "Catnip,event,2,0,,,,draw 2",
    "Cat Tree,event,0,1,,your,any,cat tree",
]


def test_an_edited_deck_file_is_played_and_saved_by_its_content(tmp_path):
    path = _write(tmp_path, GOOD)
    game = catcards.load("cat-days", deck=path)
    assert game.params["deck"] == [
        {"card": "Rescued Cat", "kind": "cat", "count": 10, "setup": 0, "points": 1, "week": "either",
         "days": "any", "effect": "empty day"},
        {"card": "Demanding Cat", "kind": "cat", "count": 3, "setup": 0, "points": 6, "week": "your",
         "days": "Sunday", "effect": "empty day"},
        {"card": "Catnip", "kind": "event", "count": 2, "setup": 0, "points": None, "week": "",
         "days": "", "effect": "draw 2"},
        {"card": "Cat Tree", "kind": "event", "count": 0, "setup": 1, "points": None, "week": "your",
         "days": "any", "effect": "cat tree"},
    ]
    assert catcards.load("cat-days", **game.params) == game
    assert catcards.load("cat-days").params["deck"] is None  # the packaged deck
    state = game.new_game(4)
    assert len(state.draw_pile) == 15 - 8
    assert Counter(c.name for c in game.deck.cards)["Demanding Cat"] == 3
    catcards.simulate(game, games=5, seed=1, progress=False)
    assert [k.name for k in catcards.load_state(state.to_json()).game.deck.kinds] == [k.name for k in game.deck.kinds]


@pytest.mark.parametrize(
    "row, message",
    [
        ("Sleepy Cat,cat,2,0,1,either,any,nap", r"line 7, column 8 \(effect\): Sleepy Cat: effect 'nap' is unknown; cat effects: empty day"),
        ("Sleepy Cat,cat,2,0,-1,either,any,empty day", r"line 7, column 5 \(points\): Sleepy Cat: points must be a whole number from 0 to 99 \(digits 0-9 only\), not '-1'"),
        ("Sleepy Cat,cat,2,0,1,your,Munday,empty day", r"line 7, column 7 \(days\): Sleepy Cat: days 'Munday': 'Munday' is not a day"),
        ("Sleepy Cat,cat,2,0,1,your,Monday-Fryday,empty day", r"line 7, column 7 \(days\): Sleepy Cat: days 'Monday-Fryday': 'Fryday' is not a day"),
        ("Sleepy Cat,cat,2,0,1,your,Friday-Monday,empty day", r"line 7, column 7 \(days\): Sleepy Cat: .*runs backwards"),
        ("Sleepy Cat,dog,2,0,1,your,any,empty day", r"line 7, column 2 \(kind\): Sleepy Cat: kind 'dog' is not a kind of card; kinds are: cat, event"),
        ("Sleepy Cat,cat,two,0,1,your,any,empty day", r"line 7, column 3 \(count\): Sleepy Cat: count must be a whole number from 0 to 60 \(digits 0-9 only\), not 'two'"),
        ("Sleepy Cat,cat,+2,0,1,your,any,empty day", r"line 7, column 3 \(count\): Sleepy Cat: count .* not '\+2'"),
        ("Sleepy Cat,cat,1_0,0,1,your,any,empty day", r"line 7, column 3 \(count\): Sleepy Cat: count .* not '1_0'"),
        ("Sleepy Cat,cat,\u0663,0,1,your,any,empty day", r"line 7, column 3 \(count\): Sleepy Cat: count .* \(digits 0-9 only\)"),
        ("Sleepy Cat,cat,100000000,0,1,your,any,empty day", r"line 7, column 3 \(count\): Sleepy Cat: count must be a whole number from 0 to 60, not 100000000"),
        ("Sleepy Cat,cat,61,0,1,your,any,empty day", r"line 7, column 3 \(count\): Sleepy Cat: count must be a whole number from 0 to 60, not 61"),
        ("Big Catnip,event,2,0,,,,draw 100000000", r"line 7, column 8 \(effect\): Big Catnip: a draw effect draws from 1 to 10 cards"),
        ("Sleepy Cat,cat,2,0,,your,any,empty day", r"line 7, column 5 \(points\): Sleepy Cat: a cat needs points"),
        ("Sleepy Cat,cat,2,0,1,mine,any,empty day", r"line 7, column 6 \(week\): Sleepy Cat: week 'mine' must be 'your' or 'either'"),
        ("Sleepy Cat,event,2,0,,your,any,empty day", r"line 7, column 8 \(effect\): Sleepy Cat: effect 'empty day' is for cats, but the kind is 'event'"),
        ("Big Box,event,2,0,,either,any,cardboard box", r"line 7, column 6 \(week\): Big Box: a cardboard box goes on your own week"),
        ("Big Catnip,event,2,0,3,,,draw 2", r"line 7, column 5 \(points\): Big Catnip: events score no points"),
        ("Sleepy Cat,cat,2,0,1,your,any", r"line 7: the row has 7 fields, but the header has 8 columns \(the column effect is missing\)"),
        ("Sleepy Cat,cat,2,0,1,your,any,empty day,hello", r"line 7, column 9: text 'hello' beyond the last column"),
        (" rescued  CAT ,cat,2,0,1,your,any,empty day", r"line 7, column 1 \(card\): the card 'rescued CAT' is already listed on line 3"),
    ],
)
def test_a_deck_file_with_a_mistake_fails_naming_the_entry(tmp_path, row, message):
    path = _write(tmp_path, GOOD + [row])
    with pytest.raises(DeckError, match=r"deck\.csv, " + message):
        catcards.load("cat-days", deck=path)
    with pytest.raises(catcards.GameParameterError):  # a DeckError is a GameParameterError
        load_deck(path)


def test_whole_deck_mistakes(tmp_path):
    with pytest.raises(DeckError, match="missing column.*points.*the columns are"):
        parse_deck("card,kind,count,setup,week,days,effect\n", "x.csv")
    with pytest.raises(DeckError, match="unknown column.*colour"):
        parse_deck(HEADER + ",colour\n", "x.csv")
    with pytest.raises(DeckError, match="too few to deal 4 to each of 2 players"):
        parse_deck(HEADER + "\nRescued Cat,cat,7,0,1,either,any,empty day\n", "x.csv")
    with pytest.raises(DeckError, match="no cats"):
        parse_deck(HEADER + "\nCatnip,event,9,0,,,,draw 2\n", "x.csv")
    with pytest.raises(DeckError, match="no rows"):
        parse_deck("# only notes\n", "x.csv")
    with pytest.raises(DeckError, match=r"nowhere\.csv: cannot read the Cat Days deck: No such file"):
        catcards.load("cat-days", deck=str(tmp_path / "nowhere.csv"))


def test_the_packaged_file_is_readable_and_parses_like_load_deck():
    text = PACKAGED.read_text(encoding="utf-8")
    assert text.lstrip().startswith("#") and HEADER in text
    assert [k.name for k in parse_deck(text).kinds] == [k.name for k in load_deck().kinds]


def test_a_deck_saved_by_a_spreadsheet_with_a_bom_loads(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_text("# notes from a spreadsheet\n" + HEADER + "\n" + "\n".join(GOOD) + "\n", encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    game = catcards.load("cat-days", deck=str(path))
    assert Counter(c.name for c in game.deck.cards)["Demanding Cat"] == 3


def test_a_deck_file_that_is_not_utf8_is_a_deck_error(tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes((HEADER + "\nCh\u00e2teau Cat,cat,9,0,1,either,any,empty day\n").encode("latin-1"))
    with pytest.raises(DeckError, match="is not UTF-8 text.*CSV UTF-8"):
        catcards.load("cat-days", deck=str(path))


@pytest.mark.parametrize(
    "week,message",
    [
        ({"Monday": ["Lazy Cat", "Shy Cat"]}, "Shy Cat cannot stand on Lazy Cat; off a Cat Tree, only a Grumpy Cat"),
        ({"Monday": ["Lazy Cat"], "monday": ["Shy Cat"]}, "'monday' is given twice"),
    ],
)
def test_malformed_weeks_in_explicit_deals_are_refused(week, message):
    with pytest.raises(catcards.GameParameterError, match=message):
        catcards.load("cat-days").new_game(0, deals={"weeks": [week, {}]})
    catcards.load("cat-days").new_game(0, deals={"weeks": [{"Monday": ["Lazy Cat", "Grumpy Cat"]}, {}]})
