"""The class app notebook (``catcards/classroom/class_app.ipynb``, a student's table page) run in
this process: its code cell with a stand-in class server (``urllib.request.urlopen`` answering
``/game`` and ``/results``) and a stand-in page query, driven through its table and its "Play
another game" button. Fast: no Voila, no kernel (the server tests cover those)."""
from __future__ import annotations

import io
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import catcards
import catcards.classroom.page as page
from catcards.classroom.activities import activity
from catcards.classroom.server import table_activity

APP = Path(page.__file__).with_name("class_app.ipynb")


class FakeClass:
    """Answers the notebook's POSTs: ``games`` the (k, seed) dealt in turn, ``results`` the
    (status, answer) of each save sent."""

    def __init__(self, games, results):
        self.games, self.results, self.sent, self.secrets = list(games), list(results), [], []
        self.kept: dict[int, str] = {}  # k -> the game in progress the table sent (/progress)

    def urlopen(self, request, timeout=None):
        path = request.full_url.rsplit("/", 1)[-1]
        self.secrets.append(request.get_header(page.TABLE_SECRET_HEADER.capitalize()))  # urllib's spelling
        if path == "progress":  # kept, as the server does (not in ``sent``: one a move)
            data = json.loads(request.data)
            self.kept[data["k"]] = data["save"]
            status, answer = 200, {"kept": True}
        else:
            self.sent.append((path, json.loads(request.data)))
        if path == "game":
            k, seed = self.games.pop(0)
            status, answer = 200, {"k": k, "seed": seed, "save": self.kept.get(k)}
        elif path != "progress":
            status, answer = self.results.pop(0)
        body = json.dumps(answer).encode()
        if status >= 400:
            raise urllib.error.HTTPError(request.full_url, status, "refused", {}, io.BytesIO(body))
        reply = io.BytesIO(body)
        reply.status = status
        return reply


def run_app(monkeypatch, fake: FakeClass, key: str = "snap/snaps-per-pass") -> dict:
    act = activity(key)
    monkeypatch.setenv("CATCARDS_CLASS_SERVER", "http://class.test/")
    monkeypatch.setenv("CATCARDS_CLASS_CODE", "ABCDEF")
    monkeypatch.setenv("CATCARDS_CLASS_TABLE", json.dumps(table_activity(act)))  # as the class server
    monkeypatch.setattr(page, "page_query", lambda: "student=TOKEN")
    monkeypatch.setattr(urllib.request, "urlopen", fake.urlopen)
    code = [c for c in json.loads(APP.read_text())["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1
    names: dict = {}
    exec(compile("".join(code[0]["source"]), str(APP), "exec"), names)
    return names


def turn_all(table):
    while not table.state.is_over:
        table._run(table.press_turn)


def test_the_pass_table_has_no_snap_buttons_and_a_refused_game_is_sent_again_in_words(monkeypatch):
    """Fresh README user: the class's Snap pass showed the Snap! buttons and 'Press "Snap!"';
    after a refused game "Play another game" dealt "Game 1" again with the same seed, unexplained
    (a student's games count in order, Pool.next_game gives a refused game again; since break55
    the game as it was played, kept by the server, is sent again, not dealt afresh); the
    words at the end named a "New game" button the page does not have. Testers (classpage): the
    game's instructions were said twice, by the page and by the table's "Game 1." line (now the
    page's only); the table told students on phones to "Click"."""
    fake = FakeClass(games=[(0, 11), (0, 11), (1, 12)],
                     results=[(400, {"error": "the class is closed for now."}),
                              (201, {"counted": {"value": 4}, "games": 1})])
    app = run_app(monkeypatch, fake)
    table, note, button = app["table"], app["note"], app["next_button"]
    assert table.snap_buttons == {} and "Do not call Snap" in table.hand_box.children[0].children[0].value
    assert "Game 1." in note.value and button.layout.display == "none"
    assert "Turn all 52 cards" not in note.value  # the page above the table says it, once
    # the class deals and counts: no seed box, no history, no "What are my chances?" (a click
    # would spend the class server's CPU on rollouts): closed, not on the page (break54b)
    assert table.controls.comm is table.odds_panel.comm is table.history_bar.comm is None

    turn_all(table)
    assert [path for path, _ in fake.sent] == ["game", "results"]
    assert table.turn_button.disabled
    assert "Not counted: the class is closed for now." in note.value
    assert button.description == "Send game 1 again" and button.layout.display == "flex"
    assert "Press &ldquo;Send game 1 again&rdquo; to send the same game again" in note.value
    table._run(table.press_turn)  # what a press on the disabled button would say
    assert 'press "Send game 1 again" at the top to send it again' in table.output_text()
    assert "click" not in (note.value + table.output_text()).lower()
    assert "New game" not in table.output_text()

    refused = fake.sent[1][1]["save"]
    assert fake.kept == {0: refused}  # the server keeps the game as played, move by move
    button.click()  # the game kept, resumed as it was (over) and sent again: not dealt afresh
    assert [path for path, _ in fake.sent] == ["game", "results", "game", "results"]
    assert fake.sent[3][1]["save"] == refused and table.state.seed == 11 and table.state.is_over
    assert "Counted for the class: <b>4 snaps</b>" in note.value
    assert button.description == "Play another game"
    assert f"Snaps showing in this pass: {table.state.snaps_showing}." in table.status.value

    button.click()
    assert table.state.seed == 12 and "Game 2." in note.value and "again" not in note.value
    assert "Turn all 52 cards" not in note.value
    table.close()



def test_a_class_table_does_not_show_its_deals_seed(monkeypatch):
    """break52: the Pairs class table's title said "seed 916230063792000"; dealt again with that
    seed, a student knew every card and cleared the table in 8 turns, each a checked game."""
    fake = FakeClass(games=[(0, 916230063792000)], results=[])
    app = run_app(monkeypatch, fake, "pairs/turns-to-clear")
    table = app["table"]
    assert table.state.seed == 916230063792000 and "16 cards" in table.log_view.value
    assert "seed" not in table.title.value
    assert table.controls not in table.children and not [w for w in _words(table) if "916230063792" in w]
    assert "2 players" not in table.title.value and "1 player" in table.title.value
    table.close()


def test_one_counted_snap_is_one_snap(monkeypatch):
    """A fresh README user read "Counted for the class: 1 snaps"."""
    fake = FakeClass(games=[(0, 11)], results=[(201, {"counted": {"value": 1}, "games": 1})])
    app = run_app(monkeypatch, fake)
    turn_all(app["table"])
    assert "Counted for the class: <b>1 snap</b>." in app["note"].value


def test_the_table_sends_its_servers_secret_with_each_request_and_none_without_one(monkeypatch):
    """Hostile tester: games sent from the server's own computer were not bound per address, and
    behind a JupyterHub's proxy every request comes from there. The server now knows its own
    tables by a secret in their environment (``CATCARDS_CLASS_TABLE_SECRET``), which the table
    sends in a header with its game and its result; a table started without one sends none."""
    monkeypatch.setenv(page.TABLE_SECRET_ENV, "the-servers-secret")
    fake = FakeClass(games=[(0, 11)], results=[(201, {"counted": {"value": 1}, "games": 1})])
    app = run_app(monkeypatch, fake)
    turn_all(app["table"])
    assert [path for path, _ in fake.sent] == ["game", "results"]
    assert set(fake.secrets) == {"the-servers-secret"} and len(fake.secrets) == 2 + 52  # and each move's /progress
    assert page.TABLE_SECRET_HEADER == "X-Catcards-Table-Secret"
    app["table"].close()
    monkeypatch.delenv(page.TABLE_SECRET_ENV)
    fake = FakeClass(games=[(0, 11)], results=[])
    run_app(monkeypatch, fake)["table"].close()
    assert fake.secrets == [None]


def test_clicks_after_the_end_keep_the_tables_message_area_bounded(monkeypatch):
    """Break-it (break4): after a game's end each click on "Turn your card" (disabled in the
    page, but a script on the table's websocket still sends clicks) wrote the game-over line once
    more to the table's message area, an Output widget that kept every line and sent all of them
    to the page at each new one: 3000 clicks made 516 MB of messages through the class server,
    the largest 384 kB. The area keeps the table's last MESSAGES lines, as the table's model does."""
    fake = FakeClass(games=[(0, 11)], results=[(201, {"counted": {"value": 4}, "games": 1})])
    app = run_app(monkeypatch, fake)
    table = app["table"]
    turn_all(table)
    kept = table.model.MESSAGES
    for _ in range(kept + 50):
        table.turn_button.click()
    assert len(table.out.outputs) == kept
    # the box's kept lines and the newest, shown bold above them (not in the box too: table57)
    assert table.output_text().splitlines() == [table.game_over_words] * (kept + 1)
    assert table.model.messages == [table.game_over_words] * kept
    table.close()


def test_the_focus_goes_to_play_another_game_then_to_the_new_games_first_move(monkeypatch):
    """A fresh user, keyboard only: after the game's last move the focus fell to the page (the
    table's own New game is hidden in a class, so the table found nothing to focus). It goes to
    "Play another game" (or "Send game N again"), and after the deal to the new game's first move.
    The browser test checks the same in Voila (tests/browser/test_class_browser.py)."""
    import ipywidgets as widgets

    focused = []
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda self: focused.append(self))
    fake = FakeClass(games=[(0, 11), (0, 11), (1, 12)],
                     results=[(403, {"error": "the class ABCDEF is closed for results now"}),
                              (201, {"counted": {"value": 4}, "games": 1})])
    app = run_app(monkeypatch, fake)
    table, button = app["table"], app["next_button"]
    assert focused == []  # a first deal moves no focus
    for _ in range(52):
        table.turn_button.click()  # as the browser's click: the table's callback
    assert table.state.is_over and table.turn_button.disabled
    assert button.description == "Send game 1 again" and focused[-1] is button, focused[-1:]
    button.click()  # the game sent again (counted): the focus stays on the button, now "Play another game"
    assert table.state.is_over and button.description == "Play another game" and focused[-1] is button
    button.click()
    assert not table.state.is_over and focused[-1] is table.turn_button
    assert table.state.seed == 12
    table.close()


def _words(widget) -> list[str]:
    """Every word a student can read or hear in ``widget`` and the widgets inside it: descriptions,
    tooltips, HTML values and the table's printed lines."""
    found = [str(getattr(widget, name, "") or "") for name in ("description", "tooltip", "value", "placeholder")
             if isinstance(getattr(widget, name, None), str)]
    for child in getattr(widget, "children", ()):
        found += _words(child)
    return found


def test_a_simons_cat_class_table_counts_each_deal_as_soon_as_it_is_dealt(monkeypatch):
    """simonsact55: the class table sent a game only when it was over (table.state.is_over), but
    the Cat 3 set aside is known at the deal (the activity's finished: dealt), and a Simon's Cat
    game lasts 3 to 8 rounds: a student played a whole game for one deal. The table sends the game
    when the activity says it has its result: at the deal, the set-aside card shown; "Play another
    game" deals the next one of the student's series, sent at once too, and no move sends again."""
    import ipywidgets as widgets

    focused = []
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda self: focused.append(self))
    act = activity("simons-cat/cat3-set-aside")
    seeds = [1, 5] + list(range(20, 28))  # seed 5 sets the Cat 3 aside, seed 1 another card
    fake = FakeClass(games=list(enumerate(seeds)),
                     results=[(201, {"counted": {"value": int(0 in act.new_game(seed).aside)}, "games": k + 1})
                              for k, seed in enumerate(seeds)])
    app = run_app(monkeypatch, fake, act.key)
    table, note, button = app["table"], app["note"], app["next_button"]
    assert [path for path, _ in fake.sent] == ["game", "results"]  # dealt and sent, no move made
    save = fake.sent[1][1]["save"]
    assert catcards.load_state(save).seed == 1 and not catcards.load_state(save).history
    assert act.result(catcards.load_state(save)) == 0
    assert "Counted for the class: <b>0 deals with the Cat 3 set aside</b>. Games of yours counted: 1." in note.value
    assert "<b>Set aside</b>" in table.board_box.children[0].value  # the table shows the deal's card
    assert button.layout.display == "flex" and button.description == "Play another game"
    for _ in range(12):  # moves after the deal are refused (play ended: class56) and send nothing more
        table._run(table.computer_step)
    assert table.state.history == [] and [path for path, _ in fake.sent] == ["game", "results"]

    button.click()
    assert table.state.seed == 5 and [path for path, _ in fake.sent][2:] == ["game", "results"]
    assert "Counted for the class: <b>1 deal with the Cat 3 set aside</b>. Games of yours counted: 2." in note.value
    assert focused[-1] is button  # the next deal is one more press away
    for _ in range(8):
        button.click()
    assert [path for path, _ in fake.sent] == ["game", "results"] * 10  # ten deals, each counted at once
    assert [catcards.load_state(data["save"]).seed for path, data in fake.sent if path == "results"] == seeds
    assert "Games of yours counted: 10." in note.value
    table.close()


@pytest.mark.parametrize("key", ["snap/snaps-per-pass", "pairs/turns-to-clear", "big-cat/game-length"])
def test_the_other_class_tables_send_a_game_only_when_it_is_over(monkeypatch, key):
    """Snap's pass, Pairs and Big Cat have their result at the game's end (finished: game_over):
    their tables send nothing at the deal."""
    fake = FakeClass(games=[(0, 11)], results=[])
    app = run_app(monkeypatch, fake, key)
    assert app["ACTIVITY"].finished.__name__ == "game_over" and not app["table"].state.is_over
    assert [path for path, _ in fake.sent] == ["game"] and app["next_button"].layout.display == "none"
    app["table"].close()


@pytest.mark.parametrize("key", ["snap/snaps-per-pass", "pairs/turns-to-clear", "simons-cat/cat3-set-aside",
                                 "big-cat/game-length"])
def test_no_class_table_tells_a_student_to_click(monkeypatch, key):
    """Testers (classpage): students on phones were told to "Click" ("Click 'Play game 2 again'",
    "click to hear why", "click a card button"): the words say "press" or "choose", which fit touch
    and mouse. Every class activity's table, as dealt and after a refused game, with its how-to-play
    lines and the words of a press while the computer plays (Pairs)."""
    from catcards.widgets.pairs import COMPUTER_PLAYING

    closed = (403, {"error": "the class ABCDEF is closed for results now"})
    fake = FakeClass(games=[(0, 11)], results=[closed, closed])  # Simon's Cat's deal is sent at once
    app = run_app(monkeypatch, fake, key)
    table = app["table"]
    words = _words(table) + list(table.how_to_play) + [table.game_over_words, app["note"].value, COMPUTER_PLAYING]
    app["submit"](table.state)  # a refused game: "Press “Send game 1 again” ..."
    words += [app["note"].value, table.game_over_words, *_words(app["next_button"])]
    assert "Press &ldquo;Send game 1 again&rdquo;" in app["note"].value
    assert not [w for w in words if "click" in w.lower()]
    table.close()


def test_play_another_game_is_a_touch_target_a_finger_can_hit(monkeypatch):
    """S1 (hostile tester): the class page's "Play another game" button was ipywidgets' 28 px
    high; a touch target on a phone is at least 44 px high."""
    fake = FakeClass(games=[(0, 11)], results=[])
    button = run_app(monkeypatch, fake)["next_button"]
    assert button.layout.height == "44px" and button.layout.width == "auto"


def _app_models(monkeypatch, fake: FakeClass, key: str) -> tuple[dict, list]:
    """The class app run as in a kernel (:func:`run_app`), and the state of every widget model it
    left open, in the order made: what the widget manager's ``request_states`` answers a page, or
    a student's script on the table's websocket (ipywidgets' registry of open models). Models
    refer to each other as ``IPY_MODEL_<n>``, ``n`` the order made, so two runs compare."""
    import ipywidgets as widgets

    registry = widgets.widgets.widget._instances
    before = set(registry)
    app = run_app(monkeypatch, fake, key)
    made = [model_id for model_id in registry if model_id not in before]
    text = json.dumps([registry[model_id].get_state() for model_id in made], sort_keys=True, default=str)
    for n, model_id in enumerate(made):
        text = text.replace(f"IPY_MODEL_{model_id}", f"IPY_MODEL_{n}")
    return app, json.loads(text)


@pytest.mark.parametrize("key", ["pairs/turns-to-clear", "snap/snaps-per-pass"])
def test_the_class_table_closes_the_controls_it_does_not_use(monkeypatch, key):
    """break54b: the class table hid its controls with CSS only, so the page held the seed box
    (the deal's seed: a Pairs layout) in its widget state, and Undo, New game, Computer step, Play
    out, the Move box and "What are my chances?" still answered a student's script (in Pairs: turn
    two cards, see them, Undo, choose again; the chances: the server's CPU). They are closed now:
    no open widget model of the table holds the seed or is one of them, and a click sent to them
    does nothing."""
    seed = 916230063792000
    app, states = _app_models(monkeypatch, FakeClass(games=[(0, seed)], results=[]), key)
    table = app["table"]
    assert table.state.seed == seed and "Game 1." in app["note"].value  # dealt from the server's answer
    text = json.dumps(states)
    assert str(seed) not in text and "916230063792" not in text
    descriptions = {state.get("description") for state in states}
    assert not descriptions & {"Undo", "New game", "New seed", "Computer step", "Play out", "Step", "Run",
                               "seed", "What are my chances?", "Play on from here", "Move", "Game"}
    assert not [state for state in states if state["_model_name"] in ("TextModel", "IntTextModel", "DropdownModel")]
    assert {"Play another game"} <= descriptions  # the class's own button is there
    closed = [table.controls, table.seed_box, table.undo_button, table.new_button, table.step_button,
              table.playout_button, table.history_bar, table.history_slider, table.odds_panel]
    assert [w for w in closed if w.comm is not None] == []
    before = (len(table.state.history), table.state.seed)
    table.undo_button.click()  # what a message to it would do, were it delivered: nothing to undo here
    table.new_button.click()
    assert (len(table.state.history), table.state.seed) == before
    table.close()


def test_a_pairs_class_tables_widget_state_does_not_depend_on_the_deal(monkeypatch):
    """Nothing the Pairs class table syncs to the page tells the face-down layout: the states of
    every open widget model of two tables dealt different seeds are the same (before a card is
    turned; before break54b the seed box held each deal's seed)."""
    app, first = _app_models(monkeypatch, FakeClass(games=[(0, 916230063792000)], results=[]), "pairs/turns-to-clear")
    app2, second = _app_models(monkeypatch, FakeClass(games=[(0, 123456789012000)], results=[]), "pairs/turns-to-clear")
    assert app["table"].state.grid != app2["table"].state.grid  # two layouts
    assert len(first) == len(second) > 50 and first == second
    app["table"].close()
    app2["table"].close()


def test_the_class_pass_names_the_students_seats_and_ends_without_a_tie(monkeypatch):
    """A fresh user: the class's Snap pass (the student turns every card, both seats) showed
    "Seat 0" and "Seat 1" without "(you)", as a hot-seat table names other people, and its move
    log's last line ended "no one holds a card, a tie" (nobody plays a pass to win). The pass says
    "(you)" and ends with what it counts; a Snap game with calls keeps the game's words."""
    import catcards.widgets

    fake = FakeClass(games=[(0, 11)], results=[(201, {"counted": {"value": 4}, "games": 1})])
    table = run_app(monkeypatch, fake)["table"]
    board = table.board_box.children[0].value
    assert "<b>Seat 0 (you)</b> to act" in table.status.value
    assert "<div>Seat 0 (you)</div>" in board and "<div>Seat 1 (you)</div>" in board
    turn_all(table)
    end = f"Game over: 52 cards turned. Snaps showing in this pass: {table.state.snaps_showing}."
    assert end in table.log_view.value and "tie" not in table.log_view.value
    assert table.state.log[-1].endswith("no one holds a card, a tie.")  # the game's own record is unchanged
    table.close()

    game = catcards.widgets.play("snap", seed=11, humans=(0, 1), players=2, max_turns=52)  # hot-seat, with calls
    assert "<div>Seat 0</div>" in game.board_box.children[0].value and "<b>Seat 0</b> to act" in game.status.value
    while not game.state.is_over:
        game._run(game.press_turn)
    assert "no one holds a card, a tie." in game.log_view.value
    game.close()


def test_a_pairs_table_resumes_its_game_and_deals_nothing_mid_game(monkeypatch):
    """break55: a Pairs table dealt the student's game afresh mid-game (the hidden "Play another
    game" pressed by a script) and on a reload, so a student who had turned every card over
    cleared it from memory in 8 turns. The table sends its game after each move (``/progress``);
    a table opened again is given it and resumes it, turns and all; a press of the hidden button
    mid-game deals nothing. Failed before the fix: the press dealt "Game 1 again", 0 turns."""
    fake = FakeClass(games=[(0, 11), (0, 11)], results=[])
    app = run_app(monkeypatch, fake, "pairs/turns-to-clear")
    table, button = app["table"], app["next_button"]
    for p in (0, 1, 2, 3):
        table._buttons[p].click()  # as the browser's press: turn over card p
    played = table.state.to_json()
    assert table.state.history and fake.kept == {0: played}
    button.click()  # hidden, pressed by a script: nothing is dealt
    assert table.state.to_json() == played and [path for path, _ in fake.sent] == ["game"]
    table.close()

    again = run_app(monkeypatch, fake, "pairs/turns-to-clear")  # a reload: a new kernel
    assert again["table"].state.to_json() == played and "Game 1, as you left it." in again["note"].value
    again["table"].close()


@pytest.mark.parametrize("key", ["simons-cat/cat3-set-aside", "snap/snaps-per-pass"])
def test_enter_held_on_play_another_game_deals_one_game(monkeypatch, key):
    """class56: Enter held down on "Play another game" at a Simon's Cat class table dealt (and
    sent) a game at each of the key's repeats (the first 0.5 s after it went down, then one every
    0.03 s): 40 in about 1.3 s, then the server's per-student limit refused the next ("too many
    results at once") and the student read that refusal. The deal gave the button the focus
    without telling the table, whose held-key check (messages._repeated_press) knew only the
    game's buttons. A key held down, or pressed twice, on it deals one game; a press after a
    pause deals the next. A Snap table's "Send game 1 again" (refused, then sent again) too.
    Failed before the fix: 54 deals (Simon's Cat), 3 (Snap)."""
    import ipywidgets as widgets

    from catcards.widgets.table import messages

    sent = [1000.0]  # when the browser sent the press (its clock)
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda self: None)
    simons = key.startswith("simons-cat")
    counted = [(201, {"counted": {"value": 0}, "games": k + 1}) for k in range(60)]
    closed = (403, {"error": "the class ABCDEF was closed for results when this arrived"})
    fake = FakeClass(games=[(k, 20 + k) for k in range(60)] if simons else [(0, 11), (0, 11), (1, 12)],
                     results=counted if simons else [closed] + counted)
    app = run_app(monkeypatch, fake, key)
    table, button = app["table"], app["next_button"]
    if not simons:
        sent[0] = None  # the pass played by code
        turn_all(table)
        sent[0] = 1000.0
        assert button.description == "Send game 1 again"
    deals = [path for path, _ in fake.sent].count("game")
    button.click()  # Enter goes down: one game dealt (Simon's Cat: and counted)
    assert [path for path, _ in fake.sent].count("game") == deals + 1
    for step in (0.2, 0.3) + (0.03,) * 50:  # pressed twice, then held: 1.5 s of repeats
        sent[0] += step
        button.click()
    assert [path for path, _ in fake.sent].count("game") == deals + 1
    assert "a key held down or pressed twice" in table.announce.value  # the table's own notice
    assert "too many" not in app["note"].value
    if simons:
        assert "Counted for the class" in app["note"].value and "Games of yours counted: 2." in app["note"].value
        sent[0] += 1.0  # a press after a pause: the next game
        button.click()
        assert [path for path, _ in fake.sent].count("game") == deals + 2
        assert "Games of yours counted: 3." in app["note"].value
    else:
        assert "Counted for the class" in app["note"].value and table.state.seed == 11
    table.close()


def test_a_simons_cat_class_table_ends_play_once_its_deal_is_counted(monkeypatch):
    """class56: at a Simon's Cat class table the deal counts at once, but the table stayed
    playable: the student could go on pressing cards of a game already counted (their moves sent
    as progress of a counted game). Play ends as it does at the other activities' end: the status
    line says the deal was counted and names "Play another game", the hand shows its cards with no
    button, the computers stay still, and a press sent before the page drew that (a card's button,
    "Computer step", the table's own act) changes nothing and says why. A refused deal ends play
    too, offering "Send game 1 again"; sent again, it is counted. Failed before the fix: the hand
    had 7 card buttons and the status said whose turn it was."""
    from catcards.widgets.table.moves import focusable_buttons

    act = activity("simons-cat/cat3-set-aside")
    closed = (403, {"error": "the class ABCDEF was closed for results when this arrived"})
    fake = FakeClass(games=[(0, 5), (0, 5), (1, 6)],
                     results=[closed, (201, {"counted": {"value": 1}, "games": 1}),
                              (201, {"counted": {"value": 0}, "games": 2})])
    app = run_app(monkeypatch, fake, act.key)
    table, note, button = app["table"], app["note"], app["next_button"]
    assert "Not counted: the class ABCDEF was closed" in note.value and button.description == "Send game 1 again"
    assert focusable_buttons(table.hand_box) == [] and focusable_buttons(table.board_box) == []
    assert table.ended_words == 'Not counted. Press "Send game 1 again" at the top to send it again.'

    button.click()  # the same deal sent again: counted
    assert table.state.seed == 5 and table.state.history == []  # the deal as dealt (break57)
    words = 'Counted for the class: 1 deal with the Cat 3 set aside. Press "Play another game" at the top for the next.'
    assert table.ended_words == words
    assert f"Round 1 &middot; <b>{words}</b>".replace('"', "&quot;") in table.status.value
    assert "to act" not in table.status.value
    hand = table.hand_box.children[0].value
    assert "Seat 0 (you): your hand</b> (7 cards)" in hand
    assert all(f"<title>{card}</title>" in hand for card in table.state.observation(0)["hand"])
    assert focusable_buttons(table.hand_box) == [] and focusable_buttons(table.board_box) == []
    sent, played = list(fake.sent), table.state.to_json()

    # presses sent before the page drew the ended table: a card's button (kept by a script), the
    # table's act, Computer step, Play out: nothing moves, nothing is sent, each says why
    move = table.state.legal_actions()[0]  # a move the rules allow (seat 3's opening card)
    stale = table._new_action_button()
    stale._catcards_action = (move, table.state, len(table.state.history), 0)
    stale.click()
    assert "Counted for the class" in table.announce.value and "Nothing changed." in table.announce.value
    table._run(table.act, move)
    table._run(table.computer_step)
    table._run(table.play_out)
    table.clock.cancel_all()
    assert table.state.to_json() == played and fake.sent == sent and fake.kept == {}
    assert "Traceback" not in table.output_text()
    assert table.output_text().count("Counted for the class: 1 deal") >= 3

    button.click()  # the next deal: counted at once, play ended for it too
    assert table.state.seed == 6 and "Games of yours counted: 2." in note.value
    assert table.ended_words.startswith("Counted for the class: 0 deals with the Cat 3 set aside.")
    assert focusable_buttons(table.hand_box) == []
    table.close()


@pytest.mark.parametrize("seed, opener", [(1, 0), (5, 3)])  # the student opens; a computer does
def test_a_counted_simons_cat_deal_shows_no_seat_to_play(monkeypatch, seed, opener):
    """table57 (a hostile tester): once a Simon's Cat class deal was counted at its deal and play
    ended (``GameTable.end_play``), the status line said so, but the seat panel on the board still
    marked "Seat 0 (you) ◀ to play". After play has ended no seat is to play: the board marks none
    (before the fix seat 0's box had the arrow and the green border of the seat to act)."""
    import html
    import re

    act = activity("simons-cat/cat3-set-aside")
    fake = FakeClass(games=[(0, seed)], results=[(201, {"counted": {"value": 1}, "games": 1})])
    app = run_app(monkeypatch, fake, act.key)
    table = app["table"]
    assert table.ended_words is not None and table.state.current_player == opener  # the deal's opener, ended
    board = table.board_box.children[0].value
    text = html.unescape(re.sub(r"<[^>]+>", " ", board))
    assert "Seat 0 (you)" in text and "Seat 1 (computer)" in text
    assert "to play" not in text and "\u25c0" not in text
    assert "border:2px solid #2b7a2b" not in board  # no seat's box marked as the one to act
    table.close()


def test_a_simons_cat_class_deal_is_counted_and_shown_as_dealt(monkeypatch):
    """break57 (a hostile tester): at a Simon's Cat class table the deal counts as soon as it is
    dealt (the activity's finished: dealt), but the table dealt it with ``new_game``, which let
    the computers play until the student's turn first: where a computer holds the opening card
    (4 deals of 5), the counted save held their moves (seed 5: "Seat 3 plays Cat 4.", "Seat 4
    plays Cat 8."), moves of a game already counted, shown on a table that said the deal counts as
    dealt. The value was the same (the set-aside card does not change in round 1), but what was
    sent and shown was not the deal. Now the computers wait: the save sent is the deal itself, as
    the activity deals it, and the table shows it so, the opener still to play its card, play
    ended. Failed before the fix: the first save had 2 moves."""
    from catcards.widgets.table.moves import focusable_buttons

    act = activity("simons-cat/cat3-set-aside")
    seeds = [5, 8, 6]  # seat 3 opens with the Cat 4 (the Cat 3 set aside), seat 2, seat 4
    assert [act.new_game(seed).current_player for seed in seeds] == [3, 2, 4]
    fake = FakeClass(games=list(enumerate(seeds)),
                     results=[(201, {"counted": {"value": int(seed == 5)}, "games": k + 1})
                              for k, seed in enumerate(seeds)])
    app = run_app(monkeypatch, fake, act.key)
    table, button = app["table"], app["next_button"]
    for k, seed in enumerate(seeds):
        if k:
            button.click()
        saves = [data["save"] for path, data in fake.sent if path == "results"]
        assert len(saves) == k + 1 and catcards.load_state(saves[k]).history == []
        assert saves[k] == act.new_game(seed).to_json()  # the deal, as a student's own notebook deals it
        assert table.state.seed == seed and table.state.history == [] and len(table.state.log) == 1
        assert [len(hand) for hand in table.state.hands] == [7] * 5 and table.state.pile == []
        assert table.state.current_player == act.new_game(seed).current_player  # the opener waits
        assert table.ended_words.startswith("Counted for the class:")
        assert "to act" not in table.status.value and focusable_buttons(table.hand_box) == []
        assert "plays" not in table.log_view.value  # no card played on the table
    assert act.result(catcards.load_state(saves[0])) == 1 and fake.kept == {}
    table.close()

