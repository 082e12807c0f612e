"""Widget tables pressed with ``Button.click()``: the generic GameTable and the Simon's Cat table.

Stacked deals (``deals=``) make the positions exact: with 3 players of 2 cards each, seat 0 holds
Cat 3 (it opens) and Gnome 1; seat 1 Cat 4 and Kitten 5; seat 2 Cat 5 and Dog 6. Whatever the
computers' strategy, seat 1 must answer Cat 3 with Cat 4 (Kitten 5 matches neither colour nor
number) and seat 2 must answer with Cat 5, so seat 0 then holds only Gnome 1, which matches
nothing: "take the mess" is its one legal action (rules/simons-cat.md).
"""
from __future__ import annotations

import re

import ipywidgets as W
import pytest

import catcards
import catcards.widgets as cw
from catcards.agents import Agent
from catcards.cards import Card
from catcards.games.simons_cat import Play
from catcards.widgets.simons_cat import SimonsCatTable
from catcards.widgets.table import GameTable

DEAL = [[["Cat 3", "Gnome 1"], ["Cat 4", "Kitten 5"], ["Cat 5", "Dog 6"]]]


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def playable(b):
    """A move now: enabled and not an unplayable card (those stay clickable and say why)."""
    return not b.disabled and "catcards-unplayable" not in b._dom_classes


def buttons(table, *, enabled=None):
    """The action buttons in the table's hand area (enabled=True: clickable only)."""
    found = [
        w for w in walk(table.hand_box)
        if isinstance(w, W.Button) and ("catcards-card" in w._dom_classes or hasattr(w, "_catcards_action"))
    ]
    if enabled is not None:
        found = [b for b in found if playable(b) == enabled]
    return found


def button(table, label):
    (b,) = [b for b in buttons(table) if b.description == label]
    return b


def labels(table, *, enabled=None):
    return [b.description for b in buttons(table, enabled=enabled)]


def stacked(**kw):
    game = catcards.load("simons-cat", players=3, hand_size=2)
    return cw.play(game, seed=5, deals=DEAL, **kw)


# ---- the Simon's Cat table ----------------------------------------------------------------------
def test_play_returns_the_registered_table():
    table = cw.play("simons-cat", players=4, seed=1)
    assert type(table) is SimonsCatTable
    assert cw.table_class("simons-cat") is SimonsCatTable
    assert table.state.game.players == 4 and table.state.seed == 1


def test_only_the_opening_card_is_clickable_and_no_take_button():
    table = stacked()
    assert labels(table) == ["Cat 3", "Gnome 1"]
    assert labels(table, enabled=True) == ["Cat 3"]  # the lowest Cat card in play opens
    assert not playable(button(table, "Gnome 1"))
    assert "take the mess" not in labels(table)
    assert "You open the round: play Cat 3" in table.hand_box.children[0].children[0].value


def test_clicking_a_legal_card_plays_it_and_the_table_updates():
    table = stacked()
    button(table, "Cat 3").click()
    state = table.state
    # seat 0 played, then both computers answered by force
    assert [str(a) for a in state.history] == ["play Cat 3", "play Cat 4", "play Cat 5"]
    assert state.current_player == 0 and table.output_text() == ""
    board = table.board_box.children[0].value
    assert "<title>Cat 5</title>" in board  # the pile's top card
    assert "3 cards in the pile" in board
    assert "Seat 0 plays Cat 3." in table.log_view.value
    assert table.log_view.value.index("Seat 2 plays Cat 5.") < table.log_view.value.index("Seat 0 plays Cat 3.")
    # every seat's card count: 1 card each
    assert re.findall(r"data-seat='(\d)'.*?data-count='(\d+)'", board) == [("0", "1"), ("1", "1"), ("2", "1")]
    assert labels(table) != ["Cat 3", "Gnome 1"] and "Cat 3" not in labels(table)


def test_take_the_mess_appears_only_when_nothing_matches():
    table = stacked()
    assert "take the mess" not in labels(table)
    button(table, "Cat 3").click()
    assert labels(table, enabled=True) == ["take the mess"]
    assert not playable(button(table, "Gnome 1"))
    assert "No card in your hand matches Cat 5" in table.hand_box.children[0].children[0].value
    button(table, "take the mess").click()
    state = table.state
    cat = [Card("Cat", r) for r in (3, 4, 5)]
    assert state.observation(0)["messes"] == [[cat], [], []]
    # seat 0 starts the next pile with any card: Gnome 1 is clickable, no take button
    assert labels(table, enabled=True) == ["Gnome 1"] and "take the mess" not in labels(table)
    assert "Start a new pile with any card" in table.hand_box.children[0].children[0].value
    assert "Seat 0 takes the mess (3 cards, Cat 5 on top)." in table.log_view.value
    assert "catcards-mess-count'>1</b>" in table.board_box.children[0].value


def test_illegal_card_buttons_are_marked_and_clicking_them_changes_nothing():
    table = cw.play("simons-cat", players=4, seed=3)
    state = table.state
    legal = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    for b in buttons(table):
        if b.description == "take the mess":
            continue
        assert not b.disabled  # focusable and clickable: a click says why (issue 12)
        assert (not playable(b)) == (catcards.games.simons_cat.card_from_name(b.description) not in legal)
    before = list(state.history)
    for b in buttons(table, enabled=False):
        b.click()
    assert state.history == before


def test_a_clicked_unplayable_card_is_answered_with_the_rules_reason():
    """The stacked deal: seat 0 must open with Cat 3 (the lowest Cat card in play); a click on
    Gnome 1 says so in the message line (aria-live) and the log, and nothing changes."""
    table = stacked()
    gnome = button(table, "Gnome 1")
    assert "press to hear why" in gnome.tooltip
    gnome.click()
    line = ("Gnome 1 cannot be played now: the round must open with Cat 3, the lowest Cat card in play. "
            "Nothing changed.")
    assert line in table.output_text() and line in table.announce.value
    assert table.state.history == [] and labels(table, enabled=True) == ["Cat 3"]
    button(table, "Cat 3").click()  # then, on a pile: the colour-or-number rule, in the engine's words
    assert "Gnome 1" not in table.announce.value  # a move that worked clears the old refusal
    assert line in table.output_text()  # which the message log keeps
    while table.state.current_player != 0 and not table.state.is_over:
        table.computer_step()
    unplayable = buttons(table, enabled=False)
    if unplayable:
        unplayable[0].click()
        assert "matches neither the colour" in table.announce.value


def test_a_stale_button_changes_nothing_and_says_so():
    table = stacked()
    old = button(table, "Cat 3")
    old.click()
    moves = list(table.state.history)
    old.click()  # a second, rapid click on the button of the earlier position
    assert table.state.history == moves
    assert "earlier position" in table.output_text() and "nothing changed" in table.output_text()


def test_a_stale_button_from_a_previous_game_changes_nothing():
    table = stacked()
    old = button(table, "Cat 3")
    table.new_button.click()
    old.click()
    assert table.state.history == [] and "earlier position" in table.output_text()


def test_new_game_with_the_same_seed_deals_the_same_game():
    table = cw.play("simons-cat", players=4, seed=11)
    first_hand = labels(table)
    first_hands = [list(h) for h in table.state.hands]
    first_moves = list(table.state.history)  # the computers' moves before seat 0's first turn
    table.playout_button.click()
    assert table.state.is_over
    assert table.seed_box.continuous_update is False  # a typed seed is sent whole, before the press
    table.seed_box.value = "11"
    table.new_button.click()
    assert table.state.seed == 11 and table.state.history == first_moves and not table.state.is_over
    assert [list(h) for h in table.state.hands] == first_hands and labels(table) == first_hand
    table.shuffle_button.click()
    assert table.state.seed != 11 and table.seed_box.value == str(table.state.seed)


def test_same_seed_and_same_clicks_give_the_same_game():
    histories = []
    for _ in range(2):
        table = cw.play("simons-cat", players=5, seed=21)
        for _ in range(3):
            buttons(table, enabled=True)[0].click()
        histories.append([str(a) for a in table.state.history])
    assert histories[0] == histories[1] and len(histories[0]) > 3


def test_play_out_finishes_the_game_and_shows_the_result():
    table = cw.play("simons-cat", players=4, seed=2)
    table.playout_button.click()
    state = table.state
    assert state.is_over
    status = table.status.value
    assert "Game over" in status and state.outcome.reason in status
    assert table.step_button.disabled and table.playout_button.disabled
    assert labels(table, enabled=True) == []
    assert "Game over after" in table.log_view.value


def test_watching_computers_step_by_step():
    table = cw.play("simons-cat", players=3, seed=4, humans=())
    assert table.state.history == [] and table.hand_box.children == ()  # spectator: no hand
    table.step_button.click()
    assert len(table.state.history) == 1
    table.step_button.click()
    assert len(table.state.history) == 2
    assert "Seat" in table.status.value and "(computer)</b> to act" in table.status.value
    table.playout_button.click()
    assert table.state.is_over and "Game over" in table.status.value
    table.step_button.click()
    assert "The game is over" in table.output_text()


def test_watching_from_a_chosen_seat_shows_that_hand_but_no_buttons():
    table = cw.play("simons-cat", players=3, seed=4, humans=(), view=2)
    assert table.view_seat == 2
    assert len(labels(table)) == 12 and labels(table, enabled=True) == []


def test_hot_seat_hides_the_hand_until_the_pass_button_is_clicked():
    table = cw.play("simons-cat", players=3, seed=6, humans=(0, 1, 2))
    first = table.state.current_player
    assert labels(table) == [] and table.view_seat is None
    assert table.pass_button.description == f"Pass the screen to seat {first}, then press here"
    table.pass_button.click()
    assert table.view_seat == first and len(labels(table)) == 12
    buttons(table, enabled=True)[0].click()
    nxt = table.state.current_player
    assert nxt != first and labels(table) == []  # the next person's hand is hidden again
    assert table.pass_button.description == f"Pass the screen to seat {nxt}, then press here"
    old_pass = table.pass_button
    old_pass.click()
    assert table.view_seat == nxt
    old_pass.click()  # a second click on the old pass button changes nothing
    assert table.view_seat == nxt and "earlier position" in table.output_text()


def test_hot_seat_with_a_computer_moves_the_computer_between_people():
    table = cw.play("simons-cat", players=3, seed=8, humans=(0, 2))
    clicks = 0
    while not table.state.is_over and clicks < 40:
        assert table.state.current_player in (0, 2)
        if table._hidden_for() is not None:
            assert labels(table) == []
            table.pass_button.click()
        buttons(table, enabled=True)[0].click()
        clicks += 1
    assert clicks == 40 and len(table.state.history) > clicks  # seat 1 moved by itself


@pytest.mark.parametrize("click", ["step_button", "playout_button"])
def test_hot_seat_computer_moves_behind_the_pass_screen_do_not_reveal_the_last_hand(click):
    """Seat 0 looks and plays; seat 1, still behind the pass screen, lets the computer move (or
    play out): seat 0's hand must not come back into view for the person now at the screen."""
    table = cw.play("simons-cat", players=3, seed=3, humans=(0, 1))
    while table.state.current_player != 0:
        table.pass_button.click()
        buttons(table, enabled=True)[0].click()
    table.pass_button.click()
    buttons(table, enabled=True)[0].click()  # seat 0 plays; seat 1 is next, behind the pass screen
    assert table.state.current_player == 1 and table._hidden_for() == 1
    getattr(table, click).click()
    assert table.view_seat != 0 and labels(table) == []


def test_a_bad_seed_in_the_box_is_one_clear_line_and_changes_nothing():
    table = cw.play("simons-cat", players=3, seed=4)
    before = table.state.to_json()
    for bad in ("-5", "abc", "1.5", ""):
        table.seed_box.value = bad
        table.new_button.click()
        assert table.state.to_json() == before
    text = table.output_text()
    assert "Not allowed: the seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '-5'" in text
    assert "Traceback" not in text


def test_a_seed_past_the_largest_in_the_box_is_refused_in_the_words_of_every_seed_refusal():
    table = cw.play("snap", seed=4)
    before = table.state.to_json()
    table.seed_box.value = str(2**128)
    table.new_button.click()
    assert table.state.to_json() == before
    assert table.output_text() == f"Not allowed: the seed must be a whole number such as 7 or 2024 (0 or more, below 2 to the power 128, which has 39 digits), not '{2**128}'\n"


def test_a_seed_too_large_for_javascript_numbers_survives_the_seed_box():
    big = 2**62 + 1
    table = cw.play("simons-cat", players=4, seed=big)
    assert table.seed_box.value == str(big)
    table.new_button.click()
    assert table.state.seed == big
    assert catcards.core.fresh_seed() < 2**53


class Boom(Agent):
    name = "boom"

    def choose(self, observation, legal, rng):
        raise RuntimeError("boom: this agent is broken")


def test_an_exception_in_a_callback_appears_in_the_output():
    table = stacked(agents=["sensible", Boom(), "sensible"])
    button(table, "Cat 3").click()  # seat 0 plays; then seat 1's agent raises
    text = table.output_text()
    assert "RuntimeError: boom: this agent is broken" in text and "Traceback" in text
    assert [o["name"] for o in table.out.outputs] == ["stderr"]
    # the table still shows the true state, and the person's move was made
    assert [str(a) for a in table.state.history] == ["play Cat 3"]
    assert "Seat 1 (computer)</b> to act" in table.status.value


def test_a_refused_action_is_said_in_words_and_changes_nothing():
    table = stacked()
    bad = table.action_button(Play(Card("Dog", 6)))  # a subclass offering a card seat 0 lacks
    bad.click()
    assert table.output_text() == "Not allowed: illegal action 'play Dog 6': seat 0 does not hold Dog 6\n"
    assert table.state.history == [] and labels(table, enabled=True) == ["Cat 3"]


def test_prints_in_a_callback_go_to_the_output():
    table = stacked()
    table.new_button.on_click(table.callback(lambda b: print("hello from a callback")))
    table.new_button.click()
    assert "hello from a callback" in table.output_text()


def test_bad_table_arguments_are_clear_errors():
    with pytest.raises(catcards.GameParameterError, match="humans must be seats from 0 to 3"):
        cw.play("simons-cat", humans=(4,))
    with pytest.raises(catcards.GameParameterError, match="one agent per seat"):
        cw.play("simons-cat", agents=["random"])
    with pytest.raises(catcards.GameParameterError, match="no strategy 'clever'"):
        cw.play("simons-cat", agents=["random", "clever", "random", "random"])
    with pytest.raises(catcards.GameParameterError, match="no game called"):
        cw.play("simons-dog")
    table = cw.play("simons-cat", seed=1, agents="clever")
    assert "no 'clever' computer strategy" in table.output_text()


# ---- the generic table: works for any game through the contract alone ---------------------------
def _click_through(table, limit):
    clicks = 0
    while not table.state.is_over and clicks < limit:
        if table._hidden_for() is not None:
            table.pass_button.click()
        enabled = buttons(table, enabled=True)
        legal = table.state.legal_actions()
        # every legal action has exactly one clickable button, and nothing else is clickable
        assert sorted(str(b._catcards_action[0]) for b in enabled) == sorted(str(a) for a in legal)
        enabled[clicks % len(enabled)].click()
        clicks += 1
        assert table.output_text() == ""
    return clicks


def test_the_generic_table_plays_a_whole_simons_cat_game_by_clicking_only():
    table = GameTable("simons-cat", seed=9)
    assert type(table) is GameTable
    assert "<th" in table.board_box.children[0].value  # the generic board lists the observation
    clicks = _click_through(table, 5000)
    assert table.state.is_over and clicks > 20 and "Game over" in table.status.value


@pytest.mark.parametrize("name", catcards.list_games())
def test_the_generic_table_works_for_every_registered_game(name):
    game = catcards.load(name)
    table = GameTable(game, seed=3, agents="random")
    _click_through(table, 25)
    table.playout_button.click()
    assert table.state.is_over and "Game over" in table.status.value


# ---- how cards are drawn: colour-blind-safe suits with symbols (issue 12) ------------------------
GAME_SUITS = {
    "simons-cat": ["Cat", "Kitten", "Hedgehog", "Dog", "Mouse", "Gnome"],
    "cat-trick": ["pink", "blue", "orange", "green", "yellow"],
    "wildcat": ["red", "blue", "green", "yellow"],
    "dinohistoria": ["red", "blue", "green", "yellow", "black"],
    "classic": ["spades", "hearts", "diamonds", "clubs"],
}
# Machado, Oliveira & Fernandes (2009), deuteranopia at severity 1.0, on linear RGB
DEUTAN = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]


def _as_deuteranope(fill):
    def lin(c):
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def srgb(v):
        v = min(1.0, max(0.0, v))
        return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)

    rgb = [lin(int(fill[i:i + 2], 16)) for i in (1, 3, 5)]
    return [srgb(sum(m * c for m, c in zip(row, rgb))) for row in DEUTAN]


def test_suit_colours_have_readable_text_and_differ_under_deuteranopia_and_by_symbol():
    from catcards.render import contrast, suit_style

    for deck, suits in GAME_SUITS.items():
        styles = [suit_style(s) for s in suits]
        for suit, (fill, ink, symbol) in zip(suits, styles):
            assert contrast(fill, ink) >= 4.5, (suit, fill, ink)
        # within a game, the symbols tell every suit apart without colour...
        assert len({symbol for _, _, symbol in styles}) == len(suits), deck
        # ...and the fills stay apart for a deuteranope (the box's Kitten blue and Dog purple did not)
        seen = [_as_deuteranope(fill) for fill, _, _ in styles]
        for i in range(len(seen)):
            for j in range(i):
                if styles[i][0] != styles[j][0]:
                    gap = sum((a - b) ** 2 for a, b in zip(seen[i], seen[j])) ** 0.5
                    assert gap >= 40, (deck, suits[i], suits[j], round(gap))
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)


def test_every_card_face_shows_its_suit_symbol_and_full_name():
    from catcards.render import card_svg, suit_style

    for card in [Card("Dog", 6), Card("pink", 4), Card("blue", 50, "Lion")]:
        svg = card_svg(card, 40)
        assert svg.count(suit_style(card.suit)[2]) >= 2  # top corner and bottom line
        assert f"<title>{card}</title>" in svg  # e.g. "Lion (blue 50)": name, suit and number



@pytest.mark.parametrize("name", catcards.list_games())
def test_no_part_but_a_box_is_as_wide_as_the_table(name):
    """Break-it tester: every table was 4 px wider than its box at any screen width (the box then
    scrolled sideways): its move log was 100% wide, and ipywidgets draws every widget but a box
    with a 2 px margin on each side. No such widget is set 100% wide (nor at most 100%: Card Game's
    line under the "card:" list was), as dealt, after a move and played out (the fit itself is
    checked in a real browser: tests/browser/test_a11y.py, SIDEWAYS)."""
    from catcards.widgets.table.live import _walk
    from catcards.widgets.table.moves import focusable_buttons

    table = cw.play(name, seed=2)
    seen, drawn = [], set()
    for step in ("dealt", "a move", "played out"):
        if step == "a move":  # the hand's first button, or the board's (a Pairs cell)
            (focusable_buttons(table.hand_box) or focusable_buttons(table.board_box))[0].click()
        elif step == "played out":
            table.playout_button.click()
        for w in _walk(table):
            drawn.add(type(w).__name__ + "".join(f".{c}" for c in w._dom_classes))
            if not isinstance(w, W.Box) and "100%" in (w.layout.width, w.layout.max_width):
                seen.append(f"{step}: {type(w).__name__} {w.layout.width or ''} {w.layout.max_width or ''}")
    assert len(table.state.history) > 1 and table.state.is_over and seen == []
    if name == "card-game":  # after "take Money", the "card:" list and the line under it
        assert "HTML.catcards-choice-text" in drawn


def test_play_sends_the_tables_keywords_to_the_table_and_the_rest_to_the_game():
    """play() takes its table keywords from the table classes' signatures (issue 31: they were
    written out twice): GameTable's for every game, Snap's own (turn_delay) for Snap."""
    from catcards.widgets.table import table_class, table_options

    assert table_options() == ("seed", "humans", "agents", "deals", "view")
    assert table_options(table_class("snap"))[:2] == ("turn_delay", "clock")
    table = catcards.widgets.play("simons-cat", players=5, seed=3, humans=(0, 1), view=None)
    assert (table.players, table.state.seed, table.humans) == (5, 3, (0, 1))
    snap = catcards.widgets.play("snap", players=3, seed=3, turn_delay=2.5)
    assert (type(snap).__name__, snap.players, snap.turn_delay) == ("SnapTable", 3, 2.5)
    with pytest.raises(catcards.GameParameterError, match="unknown parameter.*'colour'"):
        catcards.widgets.play("simons-cat", colour=2)
    with pytest.raises(catcards.GameParameterError, match=r"give game parameters \(players\)"):
        catcards.widgets.play(catcards.load("snap"), players=2, seed=1)


def test_play_passes_gametables_defaults_by_name():
    """play() passes GameTable's defaults by name, as before table_options: Card Game's table
    made by play() has the "sensible" default (random there), not CardGameTable's own
    setdefault("agents", "bluffer"), which only direct construction reaches."""
    direct = cw.table_class("card-game")("card-game", seed=1)
    played = cw.play("card-game", seed=1)
    assert type(direct.agents[1]).__name__ != type(played.agents[1]).__name__
    assert type(played.agents[1]).__name__ == type(cw.GameTable("card-game", seed=1).agents[1]).__name__


def test_the_messages_box_shows_the_newest_message_first_and_wraps_between_words():
    """A teacher's read (lessonfix): the Messages box listed the oldest message first, so once it
    scrolled the newest was out of sight at its bottom (the move log shows the newest first), and
    at 390 px JupyterLab's outputs broke words in the middle (tests/browser/test_messages_browser.py
    checks both in a real browser)."""
    from catcards.render.tables import STYLE

    table = cw.play("snap", players=2, seed=1)
    table.out.outputs = ()
    table.say("first")
    table.say("second")
    table.say("third")
    # as the page shows them: the newest bold in the live line, the earlier ones in the box under
    # it, newest first (table57: the newest was in both, a refusal shown twice)
    assert "third" in table.announce.value
    assert [o["text"] for o in table.out.outputs] == ["second\n", "first\n"]
    assert table.output_text() == "first\nsecond\nthird\n"   # in the order said
    headings = [c.value for c in table.children if isinstance(c, W.HTML) and c.value.startswith("<b>")]
    assert "<b>Messages</b> <span style='color:#595959'>(newest first)</span>" in headings
    assert "<b>Move log</b> <span style='color:#595959'>(newest first)</span>" in headings
    assert ".catcards-table .widget-output pre { white-space: pre-wrap; word-break: normal; overflow-wrap: anywhere; }" in STYLE
    for _ in range(table.model.MESSAGES + 5):   # still only the last MESSAGES kept, the newest first
        table.say("again")
    table.say("last")
    assert len(table.out.outputs) == table.model.MESSAGES and table.out.outputs[0]["text"] == "again\n"
    assert ">last</div>" in table.announce.value
    table.close()
