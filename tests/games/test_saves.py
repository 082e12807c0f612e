"""Saves stand alone and are checked (issue 10): format v2 with a digest, a schema check that
turns every malformed save into a SaveFormatError naming the field, seeds in 0 <= seed < 2**128,
numpy integers accepted, observations and clones that own their data, deals and action objects
validated, typed names compared through ``normal_name``, and a save never opens a file."""
from __future__ import annotations

import builtins
import collections
import dataclasses
import io
import json
import os
import pathlib
import unicodedata

import numpy as np
import pytest

import catcards
from catcards.cards import Card
from catcards.core import MAX_SEED, SAVE_FORMAT, SEED_RULE, Action, Game, State, normal_name, seed_from_text

#: every registered game: catcards' own and any installed plugin's (CONTRIBUTING.md, "A game in
#: your own package", step 5)
GAMES = catcards.list_games()


def _reads_a_data_file(name):
    """True for a game with a parameter read from a data file (a Param with ``rows_of``: Cat
    Days' deck, Card Game's card list), which a save holds as the file's rows."""
    return any(getattr(p, "rows_of", "") for p in catcards.game_class(name).declared)


#: the games whose parameters hold only names and numbers; DATA_GAMES hold a data file's rows
PLAIN_GAMES = [name for name in GAMES if not _reads_a_data_file(name)]
DATA_GAMES = [name for name in GAMES if _reads_a_data_file(name)]


def _game(name, **params):
    cls = catcards.game_class(name)
    return catcards.load(name, **{**getattr(cls, "contract_params", {}), **params})


def _played(name, steps=30, seed=4, **params):
    """A game of ``name`` after ``steps`` seeded random actions (fewer if it ends)."""
    state = _game(name, **params).new_game(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def _edit(text, **change):
    data = json.loads(text)
    data.update(change)
    return json.dumps(data)


# ---- format v2 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_save_holds_its_fields_and_a_digest_and_loads_back(name):
    state = _played(name)
    data = json.loads(state.to_json())
    assert list(data) == ["format", "game", "params", "seed", "deals", "actions", "digest"]
    assert data["format"] == SAVE_FORMAT == "catcards-save-2"
    assert data["game"] == name and data["seed"] == 4 and data["deals"] is None
    assert data["actions"] == [str(a) for a in state.history] and len(data["actions"]) > 0
    assert data["digest"] == state.digest() and len(data["digest"]) == 64
    loaded = catcards.load_state(state.to_json())
    assert loaded.to_json() == state.to_json() and loaded.log == state.log
    assert loaded.current_player == state.current_player


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_save_is_refused(name):
    state = _played(name, steps=12)
    text = state.to_json()
    data = json.loads(text)
    reproduce = "does not reproduce its game"
    # another seed: the saved actions either stop being legal or replay into another game
    with pytest.raises(catcards.SaveFormatError, match=f"{reproduce}|does not replay"):
        catcards.load_state(_edit(text, seed=data["seed"] + 1))
    with pytest.raises(catcards.SaveFormatError, match=reproduce):
        catcards.load_state(_edit(text, digest="0" * 64))
    with pytest.raises(catcards.SaveFormatError, match=reproduce):
        catcards.load_state(_edit(text, actions=data["actions"][:-1]))
    # an action duplicated: either it does not replay, or it replays into another game
    doubled = data["actions"][:-1] + [data["actions"][-1]] * 2
    with pytest.raises(catcards.SaveFormatError, match=f"{reproduce}|does not replay"):
        catcards.load_state(_edit(text, actions=doubled))
    assert catcards.load_state(text).to_json() == text


def test_a_snap_save_with_its_seed_changed_or_an_action_doubled_is_refused():
    """The issue's own example: Snap's actions ("turn", "turn", ...) replay under any seed."""
    state = catcards.load("snap").new_game(11)
    for _ in range(6):
        state.apply(catcards.games.snap.FLIP)
    data = json.loads(state.to_json())
    assert data["actions"] == ["turn"] * 6
    for change in ({"seed": 12}, {"actions": ["turn"] * 7}):
        edited = _edit(state.to_json(), **change)
        without_check = json.loads(edited)
        without_check.pop("digest")  # the edit replays without a word: only the digest tells
        without_check["format"] = "catcards-save-1"
        assert catcards.load_state(json.dumps(without_check)).to_json() != state.to_json()
        with pytest.raises(catcards.SaveFormatError, match="does not reproduce its game"):
            catcards.load_state(edited)


def test_a_version_1_save_still_loads_without_the_digest_check_and_saves_as_version_2():
    state = _played("simons-cat", steps=9)
    data = json.loads(state.to_json())
    del data["digest"]
    data["format"] = "catcards-save-1"
    loaded = catcards.load_state(json.dumps(data))
    assert loaded.to_json() == state.to_json()
    assert json.loads(loaded.to_json())["format"] == "catcards-save-2"
    del data["deals"]  # version 1 saves always had "deals", but it is not needed
    assert catcards.load_state(json.dumps(data)).to_json() == state.to_json()


# ---- the schema check: every malformed save is a SaveFormatError naming the field ---------------
GOOD = catcards.load("snap").new_game(1).to_json()


@pytest.mark.parametrize(
    "text,message",
    [
        (None, "JSON text .str., not None;"),
        (GOOD.encode(), "JSON text .str., not bytes;"),
        (5, "JSON text .str., not a number;"),
        ("x" * 10_000_001, "more than a save may have"),
        ("[" * 100_000, "nest more than 32 levels"),
        ("{" * 40 + "}" * 40, "nest more than 32 levels"),
        ("", "the text is empty"),
        ("{", "the file is cut off"),
        ("[]", "a save is a JSON object, not a list"),
        ('"catcards-save-2"', "a save is a JSON object, not text"),
        ("{}", "format None"),
        ('{"game": ["snap"]}', "format None"),
        (_edit(GOOD, format="catcards-save-3"), "format 'catcards-save-3'.*reads 'catcards-save-2', 'catcards-save-1'"),
        (_edit(GOOD, game=["snap"]), "'game' must be a game's name"),
        (_edit(GOOD, game="snapp"), r"'game'.*no game called 'snapp'"),
        (_edit(GOOD, seed=None), "'seed' must be a whole number such as 7 or 2024 \\(0 or more, below 2 to the power 128, which has 39 digits\\), not None"),
        (_edit(GOOD, seed=-1), "'seed' must be"),
        (_edit(GOOD, seed=2**128), "'seed' must be"),
        (_edit(GOOD, seed=1.0), "'seed' must be"),
        (_edit(GOOD, seed=True), "'seed' must be"),
        (_edit(GOOD, seed="1"), "'seed' must be"),
        (GOOD.replace('"seed": 1', '"seed": NaN'), "NaN is not a number a save may hold"),
        (GOOD.replace('"seed": 1', '"seed": ' + "9" * 5000), r"'seed' must be a whole number such as 7 or 2024 \(0 or more, below 2 to the power 128, which has 39 digits\), not 9{20}\.\.\. \(5,000 digits\)"),
        (GOOD.replace('"seed": 1', '"seed": 1, "seed": 2'), "the key 'seed' appears twice"),
        (_edit(GOOD, params=[2]), "'params' must be an object"),
        (_edit(GOOD, params={"players": "2"}), r"parameters do not load \('params'\).*players must be a whole number"),
        (_edit(GOOD, params={"players": 2, "colour": "red"}), r"\('params'\).*unknown saved parameter\(s\) 'colour'; the game takes players, deck, first_player, max_turns"),
        (_edit(GOOD, params={"players": 2, "deck": ["wildcat"]}), r"\('params'\).*deck must be one of"),
        (_edit(GOOD, params={"players": 2, "max_turns": {"a": 1}}), r"\('params'\).*max_turns must be"),
        (_edit(GOOD, deals={"hands": 5}), r"deals do not load \('deals'\)"),
        (_edit(GOOD, deals=[["red 1"], [5]]), r"\('deals'\).*a card is given by its name as text"),
        (_edit(GOOD, actions="turn"), "'actions' must be a list of the actions' text"),
        (_edit(GOOD, actions=["turn", 5]), "'actions' must be a list"),
        (_edit(GOOD, actions=["turn", "jump"]), "saved action 1 .'jump'. does not replay"),
        (_edit(GOOD, actions=["turn"] * 3 + ["x" * 1000]), r"saved action 3 .'xxx.*\.\.\.'. does not replay"),
        (_edit(GOOD, digest=None), "'digest' must be 64 lower-case hex digits"),
        (_edit(GOOD, digest="A" * 64), "'digest' must be 64"),
        (_edit(GOOD, colour="red"), "unknown field 'colour'"),
        (json.dumps({k: v for k, v in json.loads(GOOD).items() if k != "actions"}), "the field 'actions' is missing"),
        (json.dumps({k: v for k, v in json.loads(GOOD).items() if k != "digest"}), "the field 'digest' is missing"),
    ],
)
def test_every_malformed_save_is_a_save_format_error_naming_the_field(text, message):
    with pytest.raises(catcards.SaveFormatError, match=message):
        catcards.load_state(text)


def test_a_save_file_with_a_byte_order_mark_loads_like_one_without(tmp_path):
    """Notepad on Windows starts a UTF-8 file with a byte-order mark (EF BB BF); read as the
    refusal of bytes says (encoding="utf-8"), it is the character U+FEFF before the JSON."""
    state = _played("cat-days", steps=12)
    path = tmp_path / "save.json"
    path.write_bytes(b"\xef\xbb\xbf" + state.to_json().encode("utf-8"))
    text = open(path, encoding="utf-8").read()
    assert text[0] == "\ufeff"
    assert catcards.load_state(text).to_json() == state.to_json()
    assert catcards.State.from_json(text).to_json() == state.to_json()
    # the mark's bytes read in Windows-1252 (Python's open() without an encoding on Windows)
    with pytest.raises(catcards.SaveFormatError, match=r"starts with '\u00ef\u00bb\u00bf', a UTF-8 byte-order "
                       r"mark read in another encoding; read a save file with open\(path, encoding='utf-8'\)"):
        catcards.load_state(open(path, encoding="cp1252").read())
    # one mark is skipped, not any number of them, nor one further in
    for text in ("\ufeff\ufeff" + state.to_json(), " \ufeff" + state.to_json()):
        with pytest.raises(catcards.SaveFormatError, match=r"the text is not JSON \(JSON: (unexpected UTF-8 BOM \(decode using utf-8-sig\)|expecting value) at line 1, column [12]\)"):
            catcards.load_state(text)


@pytest.mark.parametrize("digits", [40, 45, 1000, 4300, 5000, 100_000])
def test_a_seed_of_many_digits_is_refused_by_the_seed_rule_cut_short_and_never_read(digits):
    """Break-it tester: 5,000 digits gave Python's "Exceeds the limit (4300 digits) ... use
    sys.set_int_max_str_digits()", 40 to 4,300 digits "not a 3319-bit number"."""
    for sign in ("", "-"):
        text = GOOD.replace('"seed": 1', f'"seed": {sign}' + "7" * digits)
        with pytest.raises(catcards.SaveFormatError) as info:
            catcards.load_state(text)
        assert str(info.value) == (
            "not a catcards saved game: 'seed' must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), "
            f"not {(sign + '7' * 20)[:20]}... ({digits:,} digits)"
        )
    # 39 digits: read, and refused by its value (2**128 - 1 has 39 digits)
    with pytest.raises(catcards.SaveFormatError, match=r"'seed' must be .*, not 9{39}$"):
        catcards.load_state(GOOD.replace('"seed": 1', '"seed": ' + "9" * 39))


def test_a_long_number_elsewhere_is_read_up_to_4300_digits_and_refused_naming_its_field():
    big = "1" * 50  # read as a number: the game says what it allows
    with pytest.raises(catcards.SaveFormatError, match=r"\('params'\): Snap: players must be a whole number from 2 to 6, not 1{50}"):
        catcards.load_state(GOOD.replace('"players": 2', f'"players": {big}'))
    for field, text in (("params", GOOD.replace('"players": 2', '"players": ' + "1" * 5000)),
                        ("deals", GOOD.replace('"deals": null', '"deals": [[' + "2" * 4301 + "]]"))):
        with pytest.raises(catcards.SaveFormatError) as info:
            catcards.load_state(text)
        digit = "1" if field == "params" else "2"
        count = "5,000" if field == "params" else "4,301"
        assert str(info.value) == (f"not a catcards saved game: {field!r} holds the number {digit * 20}... "
                                   f"({count} digits); a number in a save has at most 4,300 digits")


def test_a_cut_off_save_says_so_with_where_it_stops_and_what_to_do():
    state = _played("card-game", steps=20)
    text = state.to_json()
    cut = text.index('"actions"') + 14  # inside the first action's text
    with pytest.raises(catcards.SaveFormatError) as info:
        catcards.load_state(text[:cut])
    assert str(info.value) == (
        "not a catcards saved game: the text ends before the save does, so the file is cut off (JSON: "
        f"unterminated string starting at line 1, column {cut - 1}); save the game again, or ask for "
        "the whole file again"
    )
    for end in (len(text) // 3, len(text) - 1, len(text) - 2):  # cut anywhere: between values too
        with pytest.raises(catcards.SaveFormatError, match=r"the file is cut off \(JSON: .* at line 1, column \d+\); save the game again"):
            catcards.load_state(text[:end])
    # text after the save, or a save edited out of JSON: not cut off, not a whole save
    with pytest.raises(catcards.SaveFormatError) as info:
        catcards.load_state(text + "\nx")
    assert str(info.value) == (
        "not a catcards saved game: the text is not JSON (JSON: extra data at line 2, column 1): it was "
        "cut or edited, or is another kind of file; save the game again, or ask for the file again"
    )
    with pytest.raises(catcards.SaveFormatError) as info:
        catcards.load_state("  \n ")
    assert str(info.value) == ("not a catcards saved game: the text is empty; a save is the text a game's "
                               "to_json() gives (save the game again)")
    assert catcards.load_state(text).to_json() == text  # the whole save still loads


def test_errors_from_deep_inside_a_game_become_save_format_errors():
    """Cat Trick's dict deal with a number key, and a deal of the wrong shape for each game."""
    text = catcards.load("cat-trick", players=3).new_game(2).to_json()
    with pytest.raises(catcards.SaveFormatError, match=r"\('deals'\).*keys 'hands', 'trump'.*unknown: '1'"):
        catcards.load_state(_edit(text, deals=[{"hands": [], "1": 2}]))
    for name in GAMES:
        text = _game(name).new_game(3).to_json()
        for deals in ([5], "abc", {"hands": 5}, [[None]], [[["x"]] * 9]):
            with pytest.raises(catcards.SaveFormatError, match=r"\('deals'\)"):
                catcards.load_state(_edit(text, deals=deals))


# ---- a save never opens a file --------------------------------------------------------------------
@pytest.fixture
def no_file_opened(monkeypatch):
    """Make every way of opening a file fail the test (the packaged deck and card list are read
    first, once per process as ever, so the test does not depend on which tests ran before)."""
    for name in GAMES:
        _game(name)
    opened = []

    def refuse(*args, **kwargs):
        opened.append(args[:1])
        raise AssertionError(f"a file was opened: {args[:1]}")

    for owner, attr in [(builtins, "open"), (io, "open"), (os, "open"), (pathlib.Path, "open"),
                        (pathlib.Path, "read_text"), (pathlib.Path, "read_bytes")]:
        monkeypatch.setattr(owner, attr, refuse)
    return opened


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "deck.csv"
    os.mkfifo(path)  # opening it for reading would block until someone writes: a hang
    return str(path)


def test_the_game_lists_come_from_the_registry():
    """catcards' own eight games at least; of them, Cat Days and Card Game read data files."""
    own = {"big-cat", "card-game", "cat-days", "cat-trick", "king-of-the-jungle", "pairs", "simons-cat", "snap"}
    assert own <= set(GAMES) and sorted(PLAIN_GAMES + DATA_GAMES) == GAMES
    assert set(DATA_GAMES) & own == {"cat-days", "card-game"}
    # none of them checks saves its own way: the core's from_saved_params refuses a path for all
    assert all(catcards.game_class(n).from_saved_params.__func__ is Game.from_saved_params.__func__ for n in own)


@pytest.mark.parametrize("name", GAMES)
def test_a_path_in_a_save_is_never_opened(name, fifo, no_file_opened):
    """Every game: a plain one refuses a path where a parameter goes (a name or a number is
    expected); Cat Days and Card Game refuse a path for their data file (rows_of)."""
    state = _game(name).new_game(5)
    text = state.to_json()
    params = json.loads(text)["params"]
    for key in list(params) + ["deck", "cards", "path", "file"]:
        for path in (fifo, "/dev/zero", "/etc/passwd", "../../secret.csv"):
            with pytest.raises(catcards.SaveFormatError, match=r"\('params'\)") as err:
                catcards.load_state(_edit(text, params={**params, key: path}))
            assert "root:" not in str(err.value)
    assert no_file_opened == []


@pytest.mark.parametrize("name", GAMES)
def test_loading_a_save_opens_no_file(name, no_file_opened):
    text = _played(name, steps=20).to_json()
    assert len(json.loads(text)["actions"]) > 0
    assert catcards.load_state(text).to_json() == text


# ---- seeds ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_seeds_outside_0_to_2_to_the_128_are_refused_clearly(name):
    game = _game(name)
    for bad in (-1, MAX_SEED, 10**5000, 1.0, True, "3", np.float64(2.0)):
        with pytest.raises(catcards.GameParameterError, match=r"seed must be a whole number such as 7 or 2024 \(0 or more, below 2 to the power 128, which has 39 digits\)"):
            game.new_game(bad)
    state = game.new_game(MAX_SEED - 1)
    assert str(MAX_SEED - 1) in repr(state)
    assert catcards.load_state(state.to_json()).seed == MAX_SEED - 1
    for seed in (np.uint64(2**64 - 1), np.int64(7), np.int8(7)):
        state = game.new_game(seed)
        assert type(state.seed) is int and state.seed == int(seed)
        assert json.loads(state.to_json())["seed"] == int(seed)
    assert game.new_game(np.int64(7)).to_json() == game.new_game(7).to_json()


def test_a_huge_seed_is_described_not_printed():
    with pytest.raises(catcards.GameParameterError, match=r"not a 16610-bit number"):
        catcards.load("snap").new_game(10**5000)


@pytest.mark.parametrize("typed, seed", [
    ("0", 0), (" 42 ", 42), ("1,000", 1000), ("1_000", 1000), ("007", 7), (str(MAX_SEED - 1), MAX_SEED - 1),
    ("0" * 5000 + "5", 5), (f"{MAX_SEED - 1:,}", MAX_SEED - 1),
])
def test_a_typed_seed_is_read_by_one_function(typed, seed):
    """``seed_from_text``: the seed boxes (tables, app), the app's address and the CLI's --seed."""
    assert seed_from_text(typed) == seed
    assert catcards.load("snap").new_game(seed_from_text(typed)).seed == seed


@pytest.mark.parametrize("typed, shown", [
    (str(MAX_SEED), repr(str(MAX_SEED))),  # 39 digits, one past the largest: the value is checked
    (f"{MAX_SEED:,}", repr(f"{MAX_SEED:,}"[:40] + "...")),
    ("-1", "'-1'"), ("1.5", "'1.5'"), ("1e3", "'1e3'"), ("", "''"), (",", "','"), ("\u00b2", "'\u00b2'"),
    ("\u0663", "'\u0663'"), ("9" * 5000, repr("9" * 40 + "...")), (" x ", "'x'"),
    # commas group thousands, underscores split digits: a decimal comma or a stray mark is no seed
    (",7", "',7'"), ("7,", "'7,'"), ("_7", "'_7'"), ("1,,0", "'1,,0'"), ("12,34", "'12,34'"), ("1,5", "'1,5'"),
    ("1__0", "'1__0'"), ("1,000_0", "'1,000_0'"),
])
def test_a_typed_seed_out_of_range_or_not_a_number_is_refused_in_one_wording(typed, shown):
    with pytest.raises(catcards.GameParameterError) as info:
        seed_from_text(typed)
    assert str(info.value) == f"the seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not {shown}"
    assert SEED_RULE in str(info.value)
    with pytest.raises(catcards.GameParameterError, match=r"^the seed must be a whole number such as 7 or 2024 \(0 or more, below 2 to the power 128, which has 39 digits\), "
                       r"typed as text, not a number$"):
        seed_from_text(5)


# ---- numpy integers wherever a Python int is taken -------------------------------------------------
@pytest.mark.parametrize(
    "name,params",
    [
        ("simons-cat", {"players": 3, "hand_size": 5}),
        ("cat-trick", {"players": 3, "first_player": 2}),
        ("king-of-the-jungle", {"players": 3, "first_player": 1, "target": 40, "max_hands": 3}),
        ("big-cat", {"players": 3, "first_player": 1, "penalties": {"L": 4}}),
        ("snap", {"players": 3, "first_player": 1, "max_turns": 30}),
        ("pairs", {"players": 3, "copies": 2, "numbers": 5, "first_player": 1}),
    ],
)
def test_numpy_integers_are_taken_as_parameters(name, params):
    def numpy(value):
        if isinstance(value, dict):
            return {k: numpy(v) for k, v in value.items()}
        return np.int64(value)

    game = catcards.load(name, **numpy(params))
    assert game == catcards.load(name, **params)
    assert all(type(v) is int for v in game.params.values() if not isinstance(v, (str, dict)))
    state = game.new_game(np.int32(3))
    assert catcards.load_state(state.to_json()).to_json() == state.to_json()


def _whole_number_params(name):
    """The declared parameters of ``name`` that take a whole number or a seat, with a value the
    game allows (its default, computed for a None default)."""
    cls = catcards.game_class(name)
    game = _game(name)
    return {p.name: getattr(game, p.name) for p in getattr(cls, "declared", ())
            if p.kind in ("whole", "seat") and isinstance(getattr(game, p.name), int)}


@pytest.mark.parametrize("name", GAMES)
def test_numpy_integers_are_taken_for_every_declared_whole_number(name):
    """The same check for every registered game, from its declared parameters (a plugin's too)."""
    cls = catcards.game_class(name)
    params = {**getattr(cls, "contract_params", {}), **_whole_number_params(name), "players": cls.default_players}
    plain = catcards.load(name, **params)
    game = catcards.load(name, **{k: np.int64(v) if type(v) is int else v for k, v in params.items()})
    assert game == plain and all(type(game.params[k]) is int for k, v in params.items() if type(v) is int)
    state = game.new_game(np.int32(3))
    assert catcards.load_state(state.to_json()).to_json() == state.to_json() == plain.new_game(3).to_json()


def test_numpy_integers_are_taken_in_actions():
    from catcards.games.king_of_the_jungle import Bid
    from catcards.games.pairs import TurnOver
    from catcards.games.snap import CallSnap

    pairs = catcards.load("pairs", copies=np.int64(2), numbers=3).new_game(1)
    assert TurnOver(np.int64(3)) is TurnOver(3)
    assert type(TurnOver(np.int64(3)).position) is int and str(TurnOver(np.uint8(3))) == "turn over card 3"
    pairs.apply(TurnOver(np.int64(3)))
    assert pairs.turned == 3 and json.loads(pairs.to_json())["actions"] == ["turn over card 3"]
    with pytest.raises(catcards.IllegalActionError, match="card 3 is already face up"):
        pairs.apply(TurnOver(np.int16(3)))
    snap = catcards.load("snap", players=3).new_game(1)
    snap.apply(CallSnap(np.int64(2)))
    assert str(snap.history[-1]) == "snap by seat 2"
    kotj = catcards.load("king-of-the-jungle", players=3).new_game(1)
    kotj.apply(Bid(np.uint8(13)))
    assert catcards.load_state(kotj.to_json()).to_json() == kotj.to_json()


# ---- observations and clones own their data --------------------------------------------------------
_SENTINEL = object()


def _reachable(obj) -> set[int]:
    """ids of everything reachable from ``obj`` (through containers and attributes)."""
    seen: set[int] = set()
    todo = [obj]
    while todo:
        o = todo.pop()
        if id(o) in seen or isinstance(o, (str, bytes, int, float, type(None))):
            continue
        seen.add(id(o))
        if isinstance(o, dict):
            todo.extend(o.keys())
            todo.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset, collections.deque)):
            todo.extend(o)
        else:
            todo.extend(getattr(o, "__dict__", {}).values())
            todo.extend(getattr(o, s) for s in getattr(type(o), "__slots__", ()) if hasattr(o, s))
    return seen


def _mutate_everything(obj, shared: set[int], seen: set[int] | None = None) -> int:
    """Change every list, dict, set and deque reachable from ``obj`` (through containers and the
    attributes of objects), except what is in ``shared`` (the game's own data, shared by
    design); returns how many were changed."""
    seen = set() if seen is None else seen
    if id(obj) in seen or id(obj) in shared or isinstance(obj, (str, bytes, int, float, np.random.Generator)):
        return 0
    seen.add(id(obj))
    n = 0
    if isinstance(obj, dict):
        for value in list(obj.values()):
            n += _mutate_everything(value, shared, seen)
        obj[_SENTINEL] = _SENTINEL
        return n + 1
    if isinstance(obj, (list, collections.deque)):
        for value in list(obj):
            n += _mutate_everything(value, shared, seen)
        obj.append(_SENTINEL)
        return n + 1
    if isinstance(obj, set):
        obj.add(_SENTINEL)
        return 1
    if isinstance(obj, (tuple, frozenset)):
        return sum(_mutate_everything(v, shared, seen) for v in obj)
    for value in list(getattr(obj, "__dict__", {}).values()):
        n += _mutate_everything(value, shared, seen)
    for slot in getattr(type(obj), "__slots__", ()):
        if hasattr(obj, slot):
            n += _mutate_everything(getattr(obj, slot), shared, seen)
    return n


def _attributes(state) -> dict:
    """Every attribute of ``state``: State's own, the slots of its classes and its ``__dict__``."""
    names = [*State._core_fields, *(n for cls in type(state).__mro__ for n in cls.__dict__.get("__slots__", ()))]
    found = {n: getattr(state, n) for n in dict.fromkeys(names) if hasattr(state, n)}
    found.update(getattr(state, "__dict__", {}))
    return found


def _snapshot(state):
    seats = [None, *range(state.game.players)]
    return (state.to_json(), repr(state.zones()), [repr(state.observation(s)) for s in seats],
            repr(state.legal_actions()), list(state.log), list(state.history))


@pytest.mark.parametrize("name", GAMES)
def test_changing_an_observation_or_a_clone_never_changes_the_game(name):
    game = _game(name)
    state = game.new_game(8)
    rng = np.random.default_rng(8)
    shared = _reachable(game)
    checked = step = 0
    while not state.is_over and step < 600:
        if step % 23 == 0 or step < 3:
            before = _snapshot(state)
            for seat in [None, *range(game.players)]:
                # every view holds at least its "log" and "legal" lists: each is really changed
                assert _mutate_everything(state.observation(seat), shared) >= 2
            assert _snapshot(state) == before, f"an observation shares data with the game (step {step})"
            changed = 0
            for attr, value in _attributes(state.clone()).items():
                if attr not in ("game", "rng", "_rng", "_rng_state", "_legal"):  # shared by design
                    changed += _mutate_everything(value, shared | {id(state.rng)})
            assert changed >= 2  # at least the clone's history and log
            assert _snapshot(state) == before, f"a clone shares data with the game (step {step})"
            checked += 1
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        step += 1
    assert checked >= 3  # steps 0, 1, 2 at least (a short game too), then every 23rd


@pytest.mark.parametrize(
    "name,params,key,field",
    [
        ("cat-trick", {"players": 3}, "round_results", "winners"),
        ("simons-cat", {"players": 3, "hand_size": 3}, "round_results", "simon"),
        ("king-of-the-jungle", {"players": 3, "max_hands": 5}, "hand_results", "bids"),
    ],
)
def test_the_records_of_finished_rounds_cannot_be_changed_through_a_view_or_a_clone(name, params, key, field):
    """The issue's example: appending to observation(0)["round_results"][0]["winners"] changed
    the game, and clone() shared the same nested lists. Now an observation's records are
    read-only mappings of tuples, and the state's attribute is a fresh copy on every read."""
    state = catcards.load(name, **params).new_game(1)
    rng = np.random.default_rng(1)
    while not getattr(state, key):
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    record = getattr(state, key)[0]
    assert isinstance(record[field], list) and json.loads(json.dumps(record)) == record
    text = state.to_json()
    view = state.observation(0)[key]
    with pytest.raises((TypeError, AttributeError)):
        view[0][field].append(99)
    with pytest.raises(TypeError):
        view[0][field] = [99]
    getattr(state, key)[0][field].append(97)
    clone = state.clone()
    getattr(clone, key)[0][field].append(98)
    assert getattr(state, key)[0] == record and state.to_json() == text
    assert dict(state.observation(0)[key][0]) == {k: tuple(v) if isinstance(v, list) else v for k, v in record.items()}


def test_deals_are_the_games_own():
    deal = [["red 1", "red 2"], ["blue 1"]]
    state = catcards.load("snap").new_game(1, deals=deal)
    deal[0].append("red 3")
    state.deals[0].append("red 4")
    state.clone().deals[1].clear()
    assert state.deals == [["red 1", "red 2"], ["blue 1"]]


# ---- deals and action objects -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "name,deals,message",
    [
        ("cat-trick", [{1: [], "hands": []}], "a deal given as a dict has the text keys 'hands', 'trump'"),
        ("cat-trick", [{"hands": [], "1": []}], "the keys 'hands', 'trump', 'shares' .required: hands; unknown: '1'"),
        ("cat-trick", [{"hands": [], "trumps": "blue 3"}], "unknown: 'trumps'"),
        ("cat-trick", [{"trump": "blue 3"}], "missing: hands"),
        ("cat-trick", [{"hands": [["pink 1"] * 10] * 4, "trump": 5}], "trump.*as text, like 'blue 3', not 5"),
        ("cat-trick", {"hands": []}, "deals must be a list of deals"),
        ("simons-cat", [[[3] * 9] * 4], "card is given by its name as text, like 'Cat 3', not 3"),
        ("simons-cat", [[["Cat 3"] * 9] * 4], "Cat 3 is dealt twice"),
        ("simons-cat", (d for d in [1]), "deals must be a list of deals"),
        ("simons-cat", {"round 1": []}, "deals must be a list of deals"),
        ("king-of-the-jungle", [[[None] * 13] * 4], "not None"),
        ("snap", [[Card("red", 1), ["red 2"]], []], "not \\['red 2'\\]"),
        ("snap", [["red 1"], [np.int64(4)]], "a card is given by its name as text"),
        ("pairs", [None] * 52, "not None"),
        ("big-cat", [["red 1"], [1.5]], "not 1.5"),
        ("big-cat", [["red 1"], [None]], "not None"),
        ("big-cat", ["-" * 1000, "-" * 41], "at most 1040 cards"),
    ],
)
def test_malformed_deals_are_game_parameter_errors(name, deals, message):
    with pytest.raises(catcards.GameParameterError, match=message):
        catcards.load(name).new_game(0, deals=deals)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_refuses_deals_that_are_not_plain_data(name):
    game = _game(name)
    for deals, message in [
        ({"hands": [], 0: []}, "keys of a deal given as a dict are text"),
        ([[["x"]]], None),
        (iter([["red 1"]]), "not something else"),
        ([[1.5]], "not a decimal number"),
        ([[[[[[[[[["deep"]]]]]]]]]], "nest more than 8 levels"),
        ([["red 1"] * 30_000], "more than 20,000 values"),
    ]:
        with pytest.raises(catcards.GameParameterError):  # the game's own words, or the core's
            game.new_game(0, deals=deals)


def test_deal_card_names_are_compared_as_normal_names():
    hands = [["  CAT 3", "cat\t4", "Cat  5"], ["Cat 6", "Cat 7", "Cat 8"], ["Cat 9", "Cat 10", "Cat 11"]]
    state = catcards.load("simons-cat", players=3, hand_size=3).new_game(0, deals=[hands])
    assert [str(c) for c in state.observation(0)["hand"]] == ["Cat 3", "Cat 4", "Cat 5"]
    trick = catcards.load("cat-trick", players=3).new_game(
        0, deals=[{"hands": [[f"PINK {r}" for r in range(1, 8)] + ["blue 1", "blue 2", "blue 3"],
                             [f"orange {r}" for r in range(1, 8)] + ["blue 4", "blue 5", "blue 6"],
                             [f"green {r}" for r in range(1, 8)] + ["blue 7", "yellow 1", "yellow 2"]],
                   "trump": " Yellow  7 "}]
    )
    assert trick.trump == "yellow" and str(trick.observation(None)["trump_card"]) == "yellow 7"
    snap = catcards.load("snap").new_game(0, deals=[["lion (RED 50)"], [" BLUE  5"]])
    assert snap.zones()["stack 0"] == [Card("red", 50, "Lion")] and snap.zones()["stack 1"] == [Card("blue", 5)]


def _malformed(action):
    """Copies of ``action`` with each field set to values of the wrong type."""
    if not dataclasses.is_dataclass(action):
        return []
    out = []
    for f in dataclasses.fields(action):
        if not f.init:
            continue
        for bad in (None, "x", 1.5, -1, 10**30, [1], {"a": 1}, Card("nope", 99), object(), True):
            try:
                out.append(dataclasses.replace(action, **{f.name: bad}))
            except Exception:  # an action class that refuses the value outright: fine
                pass
    return out


@pytest.mark.parametrize("name", GAMES)
def test_malformed_action_objects_are_illegal_actions(name):
    state = _played(name, steps=7)
    kinds = {}
    probe = _played(name, steps=200, seed=9)
    for s in (state, probe):
        for a in s.legal_actions():
            kinds.setdefault(type(a), a)
    for a in probe.history:
        kinds.setdefault(type(a), a)
    text = state.to_json()
    tried = 0
    for action in kinds.values():
        for bad in _malformed(action) + [None, "turn", 5, Card("red", 1), object()]:
            if bad in state.legal_actions():
                continue
            with pytest.raises(catcards.IllegalActionError) as err:
                state.apply(bad)
            assert str(err.value).startswith("illegal action")
            assert state.to_json() == text
            tried += 1
    assert tried >= 10


def test_an_action_whose_str_fails_is_still_refused_cleanly():
    @dataclasses.dataclass(frozen=True)
    class Broken(Action):
        x: object = None

        def __str__(self):
            raise AttributeError("no text")

    state = catcards.load("snap").new_game(1)
    with pytest.raises(catcards.IllegalActionError, match=r"illegal action '<Broken object>': .*Broken\(x=None\) is not a Snap action"):
        state.apply(Broken())


# ---- typed text -----------------------------------------------------------------------------------
class _Cafe(Action):
    def __str__(self):
        return "order Café Noir"


class _CafeState(State):
    def _legal_actions(self):
        return (_CAFE,)

    def _apply(self, action):
        self.log.append("served")


_CAFE = _Cafe()


def test_action_text_is_compared_as_a_normal_name():
    state = _CafeState(Game.__new__(Game), 1)
    nfd = unicodedata.normalize("NFD", "ORDER  café noir ")
    assert nfd != "order Café Noir" and normal_name(nfd) == normal_name("order Café Noir")
    assert state.action_from_string(nfd) is _CAFE
    simons = catcards.load("simons-cat", players=3).new_game(1)
    first = str(simons.legal_actions()[0])
    assert simons.action_from_string(f"  {first.upper()}  ") is simons.legal_actions()[0]


@pytest.mark.parametrize("name", GAMES)
def test_action_text_that_is_not_text_or_too_long_is_an_illegal_action(name):
    state = _played(name, steps=5)
    text = state.to_json()
    for bad in (None, 5, b"turn", ["turn"], "x" * 501, "\x00", "play " + "9" * 5000, "bid ٣", "bid 99999"):
        with pytest.raises(catcards.IllegalActionError):
            state.action_from_string(bad)
        assert state.to_json() == text


def test_king_of_the_jungle_reads_bids_in_plain_digits_only():
    state = catcards.load("king-of-the-jungle", players=3).new_game(1)
    assert str(state.action_from_string(" BID 3 ")) == "bid 3"
    with pytest.raises(catcards.IllegalActionError, match="not an action of this game"):
        state.action_from_string("bid ٣")  # Arabic-Indic 3
    with pytest.raises(catcards.IllegalActionError, match="a bid is a whole number of tricks from 0 to 13, not 99"):
        state.action_from_string("bid 99")
