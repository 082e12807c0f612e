"""Hypothesis fuzzing of every game through its public API (issue 10): parameters, deals, action
objects, action text and saves. Every refusal is a CatcardsError subclass, and a refused action
leaves the state's JSON unchanged; whatever is accepted saves and loads back as the same game.

The examples are derandomised (the same ones on every run, so the suite never flakes); run
``HYPOTHESIS_PROFILE=explore python -m pytest tests/games/test_fuzz.py`` to search new ones.
"""
from __future__ import annotations

import dataclasses
import json
import os
import unicodedata

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import catcards
from catcards.core import normal_name

settings.register_profile(
    "suite", max_examples=40, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "explore", max_examples=400, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

GAMES = catcards.list_games()


def _defaults(name):
    """Parameters that keep a random playout short (King of the Jungle's hand limit)."""
    return getattr(catcards.game_class(name), "contract_params", {})


def _played(name, steps, seed):
    """A game after ``steps`` seeded random actions (fewer if it ends), built by the public API."""
    state = catcards.load(name, **_defaults(name)).new_game(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


# ---- strategies ---------------------------------------------------------------------------------
SMALL_INTS = st.integers(-2, 8)
json_leaves = (
    st.none() | st.booleans() | SMALL_INTS | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["wildcat", "dinohistoria", "classic", "red 5"])
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
numpy_ints = st.integers(-2, 60).map(np.int64) | st.integers(0, 60).map(np.uint8)
odd_values = json_values | numpy_ints | st.builds(object) | st.just(float("nan"))
#: dict deals: the keys games use (Cat Trick "hands"/"trump", Card Game's piles) and number keys
DEAL_DICTS = st.dictionaries(
    st.sampled_from(["hands", "trump", "main", "money", "table", "front", "island"]) | SMALL_INTS,
    json_values | st.lists(st.lists(st.sampled_from(["red 5", "pink 7", "Cat 3", "Nap", "Money"]))),
    max_size=3,
)


def _retyped(text: str, how: int) -> str:
    """``text`` as a person might type it: other case, spaces, the other Unicode form, cut."""
    if how == 0:
        return text.upper()
    if how == 1:
        return f"  {text.replace(' ', '   ')}  "
    if how == 2:
        return unicodedata.normalize("NFD", text.title())
    if how == 3:
        return text[: max(1, len(text) // 2)]
    if how == 4:
        return text + "x"
    return text.swapcase()


# ---- parameters -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_parameters(name, data):
    real = list(catcards.load(name).params)
    keys = st.sampled_from(real) | st.sampled_from(["colour", "deck", "cards", "seed"])
    values = SMALL_INTS | numpy_ints | odd_values | st.sampled_from([None, 0, 1, 2, 3, 4, 13, 40, 500])
    params = data.draw(st.dictionaries(keys, values, max_size=4), label="params")
    # catcards.load("cat-days", deck=path) reads a file by design (a save never does: test_saves)
    assume(not any(k in ("deck", "cards") and isinstance(v, str) for k, v in params.items())
           or name not in ("cat-days", "card-game"))
    try:
        game = catcards.load(name, **params)
    except catcards.CatcardsError:
        return
    state = game.new_game(data.draw(st.integers(0, 2**128 - 1), label="seed"))
    text = state.to_json()
    assert catcards.load_state(text).to_json() == text
    assert catcards.load(name, **game.params) == game
    # numpy integers are taken wherever a Python int is
    as_numpy = {k: np.int64(v) if type(v) is int else v for k, v in game.params.items()}
    assert catcards.load(name, **as_numpy) == game


# ---- deals ------------------------------------------------------------------------------------------
def _real_deal(name, seed, shape):
    """The cards of a fresh game's hands or stacks, as names, wrapped in one of a few shapes
    (so that some fuzzed deals are valid ones)."""
    state = catcards.load(name, **_defaults(name)).new_game(seed)
    zones = state.zones()
    seats = [z for z in zones if z.startswith(("hand ", "stack "))] or [next(iter(zones))]
    hands = [[str(c) for c in zones[z]] for z in seats]
    return [hands, [hands], [{"hands": hands}], hands[0], {"hands": hands}, [hands, hands]][shape]


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_deals(name, data):
    seed = data.draw(st.integers(0, 50), label="seed")
    deal = data.draw(
        st.builds(_real_deal, st.just(name), st.integers(0, 50), st.integers(0, 5)) | json_values
        | st.lists(st.lists(st.text(max_size=8) | numpy_ints | st.none(), max_size=4), max_size=4)
        | st.lists(DEAL_DICTS, max_size=2) | DEAL_DICTS,
        label="deals",
    )
    game = catcards.load(name, **_defaults(name))
    try:
        state = game.new_game(seed, deals=deal)
    except catcards.CatcardsError:
        return
    text = state.to_json()
    assert json.loads(text)["deals"] == json.loads(json.dumps(state.deals))
    assert catcards.load_state(text).to_json() == text


# ---- action objects ---------------------------------------------------------------------------------
def _action_kinds(name):
    """One action of each kind the game offers in a long seeded playout (public API only)."""
    kinds = {}
    for seed in (1, 2):
        state = catcards.load(name, **_defaults(name)).new_game(seed)
        rng = np.random.default_rng(seed)
        for _ in range(300):
            if state.is_over:
                break
            legal = state.legal_actions()
            for a in legal:
                kinds.setdefault(type(a), a)
            state.apply(legal[int(rng.integers(len(legal)))])
    return list(kinds.values())


_KINDS = {}


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_action_objects(name, data):
    kinds = _KINDS.setdefault(name, _action_kinds(name))
    state = _played(name, data.draw(st.integers(0, 40), label="steps"), data.draw(st.integers(0, 9), label="seed"))
    for _ in range(data.draw(st.integers(1, 4), label="tries")):
        base = data.draw(st.sampled_from(kinds), label="kind")
        fields = [f.name for f in dataclasses.fields(base) if f.init] if dataclasses.is_dataclass(base) else []
        action = base
        if fields:
            changes = data.draw(st.dictionaries(st.sampled_from(fields), odd_values | numpy_ints, max_size=2))
            try:
                action = dataclasses.replace(base, **changes)
            except Exception:  # an action class that refuses the value outright
                action = base
        action = data.draw(st.just(action) | odd_values, label="action")
        legal = state.legal_actions()
        if legal and data.draw(st.booleans(), label="numpy look-alike"):
            # a legal action with its whole-number fields as numpy integers is that action
            model = data.draw(st.sampled_from(legal))
            numeric = {f.name: np.int64(getattr(model, f.name)) for f in dataclasses.fields(model)
                       if f.init and type(getattr(model, f.name)) is int} if dataclasses.is_dataclass(model) else {}
            if numeric:
                state.apply(dataclasses.replace(model, **numeric))
                assert state.history[-1] is model
                continue
        before = state.to_json()
        try:
            state.apply(action)
        except catcards.IllegalActionError as err:
            assert str(err).startswith("illegal action")
            assert state.to_json() == before
        else:
            assert any(state.history[-1] is a for a in legal), "only a legal action is applied"


# ---- action text ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_action_text(name, data):
    state = _played(name, data.draw(st.integers(0, 40), label="steps"), data.draw(st.integers(0, 9), label="seed"))
    legal = state.legal_actions()
    typed = st.text(max_size=30) | odd_values
    if legal:
        typed = typed | st.builds(_retyped, st.sampled_from([str(a) for a in legal]), st.integers(0, 5))
        # a legal action typed in another case, spacing or Unicode form is that action
        model = data.draw(st.sampled_from(legal), label="model")
        found = state.action_from_string(_retyped(str(model), data.draw(st.sampled_from([0, 1, 2, 5]))))
        assert normal_name(str(found)) == normal_name(str(model))
    for text in data.draw(st.lists(typed, min_size=1, max_size=4), label="texts"):
        before = state.to_json()
        try:
            action = state.action_from_string(text)
        except catcards.IllegalActionError:
            assert state.to_json() == before
            continue
        assert action in legal and normal_name(str(action)) == normal_name(text)
        state.apply(action)
        legal = state.legal_actions()


# ---- saves --------------------------------------------------------------------------------------------
def _edited(text: str, data) -> str:
    """``text`` (a save) with one edit."""
    save = json.loads(text)
    how = data.draw(st.sampled_from(["field", "drop", "actions", "seed", "digest", "text"]), label="edit")
    field = data.draw(st.sampled_from(sorted(save)), label="field")
    if how == "field":
        save[field] = data.draw(json_values, label="value")
    elif how == "drop":
        del save[field]
    elif how == "actions" and save["actions"]:
        acts = save["actions"]
        i = data.draw(st.integers(0, len(acts) - 1))
        save["actions"] = data.draw(st.sampled_from([acts[:i] + acts[i:i + 1] + acts[i:], acts[:i] + acts[i + 1:],
                                                     acts[:i] + acts[i + 1:] + acts[i:i + 1]]))
    elif how == "seed":
        save["seed"] = save["seed"] + data.draw(st.integers(1, 10**6))
    elif how == "digest":
        i = data.draw(st.integers(0, 63))
        save["digest"] = save["digest"][:i] + ("0" if save["digest"][i] != "0" else "1") + save["digest"][i + 1:]
    else:
        raw = json.dumps(save)
        i = data.draw(st.integers(0, len(raw)))
        return raw[:i] + data.draw(st.text(max_size=3)) + raw[i + data.draw(st.integers(0, 3)):]
    return json.dumps(save)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_saves(name, data):
    state = _played(name, data.draw(st.integers(0, 30), label="steps"), data.draw(st.integers(0, 9), label="seed"))
    text = state.to_json()
    edited = _edited(text, data)
    try:
        loaded = catcards.load_state(edited)
    except catcards.SaveFormatError:
        return
    # an edit that loads changed nothing that matters (spaces, a default parameter dropped)
    assert loaded.to_json() == text
