"""Accessibility of every game's app in a real browser (issue 12): axe-core (bundled by the
``axe-playwright-python`` package) run by Playwright on Voila's page of
``notebooks/apps/play.ipynb?game=...``, a keyboard-only game, and what a phone (390x844) and a
classroom Chromebook (1366x768) show.

Skipped (with the reason) where /usr/bin/chromium (or ``CATCARDS_CHROMIUM``) or playwright is
missing, unless ``CATCARDS_REQUIRE_BROWSER=1``. Run alone with
``python -m pytest tests/browser/test_a11y.py -m browser -o addopts="" -p no:cacheprovider``.
"""
from __future__ import annotations

import re

import pytest

from real_browser import CHROMEBOOK, PHONE, REPO, app_page, chromium, open_app, voila

from catcards.widgets.table.messages import REPEAT_SECONDS

#: milliseconds a keyboard test waits before each move, as a person reading the table does: a
#: press sooner on the button the table has just focused is taken for a key held down (and
#: ignored, see test_a_held_enter_after_choosing_a_cat_days_card_plays_nothing)
PAUSE_MS = int(REPEAT_SECONDS * 1000) + 200

APP = REPO / "notebooks" / "apps" / "play.ipynb"


#: left out of the axe run: nothing (the history control is a labelled number box, not
#: ipywidgets' slider, whose handle has no accessible name)
AXE_EXCLUDE: list = []


def _serious(page) -> list[str]:
    """axe-core's serious and critical violations on the page (but :data:`AXE_EXCLUDE`), one
    line per rule."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"include": [["body"]], "exclude": AXE_EXCLUDE})
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.browser
def test_axe_finds_no_serious_or_critical_violation_in_any_games_app(browser_ready):
    """Each game's app, as dealt and after one move: zero serious or critical axe-core
    violations on the page (the app's controls and Voila's page included). Moderate ones remain from Voila's page,
    which puts cells outside landmark regions ("region")."""
    pytest.importorskip("axe_playwright_python")
    from playwright.sync_api import expect

    import catcards

    problems = []
    with voila(APP) as url, chromium() as browser:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        for name in catcards.list_games():
            playable = "button.catcards-action:not([disabled]):not(.catcards-unplayable)"
            table = open_app(page, url, f"game={name}&seed=2", playable)
            button = table.locator(playable).first
            problems += [f"{name}, dealt: {p}" for p in _serious(page)]
            before = table.inner_text()
            button.click()
            expect(table).not_to_have_text(before, timeout=15_000)
            problems += [f"{name}, after a move: {p}" for p in _serious(page)]
    assert not problems, "\n".join(problems)


#: a move the student may make now
_MOVE = ".catcards-table button.catcards-action:not([disabled]):not(.catcards-unplayable)"
#: the element with keyboard focus is a move the student may make now
_FOCUS_IS_A_MOVE = f"""() => {{ const e = document.activeElement;
    return !!e && e.matches('{_MOVE}'); }}"""


#: a move may be made, or the game is over (Pairs: not while the computers' paced turn is shown,
#: when every card is marked as not playable now)
_MOVE_OR_OVER = f"""() => !!document.querySelector({_MOVE!r})
    || [...document.querySelectorAll('.catcards-table .catcards-status')].some(e => e.textContent.includes('Game over'))"""


#: the game is over (the table's status says so)
_OVER = """() => [...document.querySelectorAll('.catcards-table .catcards-status')].some(e => e.textContent.includes('Game over'))"""

#: Pairs' "Skip to my turn" may be used now (the computers' paced turn is under way)
_SKIP_USABLE = """() => [...document.querySelectorAll('.catcards-table button')].some(
    b => b.textContent.trim() === 'Skip to my turn' && !b.classList.contains('catcards-unplayable'))"""
#: a move may be made, "Skip to my turn" may be used, or the game is over
_MOVE_SKIP_OR_OVER = f"() => ({_MOVE_OR_OVER})() || ({_SKIP_USABLE})()"
#: the element with keyboard focus is a usable "Skip to my turn"
_FOCUS_IS_SKIP = """() => { const e = document.activeElement;
    return !!e && e.textContent.trim() === 'Skip to my turn' && !e.classList.contains('catcards-unplayable'); }"""


def _keyboard_skip(page, max_tabs: int = 200) -> bool:
    """Pairs, while the computers' paced turn is under way: press Tab until "Skip to my turn" has
    focus, then Enter, as a keyboard user in a hurry does; False (nothing pressed) when their turn
    ended meanwhile."""
    for _ in range(max_tabs):
        if not page.evaluate(_SKIP_USABLE):
            return False
        page.keyboard.press("Tab")
        if page.evaluate(_FOCUS_IS_SKIP):
            _press(page, "Enter")
            return True
    raise AssertionError(f"Skip to my turn not reachable with {max_tabs} presses of Tab")


def _press(page, key: str) -> None:
    """Wait :data:`PAUSE_MS`, as a person reading the table does, then press ``key``. (Pressing
    sooner changed the game the test plays: the table's focus, given after the computers'
    replies, came after the press, not before it.)"""
    page.wait_for_timeout(PAUSE_MS)
    page.keyboard.press(key)


def _keyboard_move(page, key: str, max_tabs: int = 200) -> str | None:
    """Press Tab until a move's button has focus, then ``key`` (Enter or Space); return the
    focused button's text (None: the game ended meanwhile, or Pairs' computers started their
    paced turn, which can start just after a move was seen: the log's update reached the page
    before the cards'; "Skip to my turn" may be used). While the page shows no move it waits for
    one of these. Fails when no move is reachable with Tab."""
    for _ in range(max_tabs):
        if not page.evaluate(f"() => !!document.querySelector({_MOVE!r})"):
            page.wait_for_function(_MOVE_SKIP_OR_OVER, timeout=60_000)
            if not page.evaluate(f"() => !!document.querySelector({_MOVE!r})"):
                return None
        page.keyboard.press("Tab")
        if page.evaluate(_FOCUS_IS_A_MOVE):
            label = page.evaluate("() => document.activeElement.textContent.trim()")
            _press(page, key)
            return label
    raise AssertionError(f"no move reachable with {max_tabs} presses of Tab")


@pytest.mark.browser
@pytest.mark.parametrize("query, moves", [
    ("game=simons-cat&players=4&seed=3", 60),   # 35 moves when the first legal card is played
    # seeds 131 and 7 deal short whole games (seed 3 took 93 and 64 moves, 2 minutes each of CI)
    ("game=big-cat&players=2&seed=131", 40),    # 18 lays and takes; seat 0 wins all 52 cards
    ("game=pairs&players=2&seed=3", 120),       # 80 cells turned
    ("game=cat-trick&players=3&seed=3", 60),    # 28 cards
    ("game=card-game&players=2&seed=7", 40),    # 18 moves: draws, plays, responses, challenges;
                                                # seat 1 is out, seat 0 wins
])
def test_a_whole_game_played_with_the_keyboard_only(browser_ready, query, moves):
    """Tab, Enter and Space only (no mouse, no clicks): the student plays every move of a
    seeded game in the app until the table says "Game over", and the aria-live message line
    announces the result. In Pairs the computers' first turn is watched as it is paced; at their
    later turns the student presses "Skip to my turn" (paced, the game took 4.5 minutes of CI)."""
    from playwright.sync_api import expect

    with voila(APP) as url, chromium() as browser:
        page, table = app_page(browser, url, query)
        log = table.locator(".catcards-log")
        status = table.locator(".catcards-status")
        played = skips = 0
        watched = False  # Pairs: a paced turn of the computers watched to its end
        while True:
            page.wait_for_function(_MOVE_SKIP_OR_OVER if played else _MOVE_OR_OVER, timeout=60_000)
            if "Game over" in status.inner_text():
                break
            if played and page.evaluate(_SKIP_USABLE):
                if watched:
                    skips += _keyboard_skip(page)
                else:  # the computers' first turn, watched as it is paced
                    watched = True
                    page.wait_for_function(_MOVE_OR_OVER, timeout=60_000)
                continue
            assert played < moves, f"not over after {played} keyboard moves"
            before = log.inner_text()
            if _keyboard_move(page, "Enter" if played % 2 == 0 else "Space") is None:
                continue  # the game ended, or the computers started their paced turn
            played += 1
            expect(log).not_to_have_text(before, timeout=15_000)
            page.wait_for_timeout(150)  # the hand is redrawn with the log line
        assert played >= 10, played  # a real game, not one key
        assert skips > 0 or "pairs" not in query
        expect(status).to_contain_text("Winners")
        # and the result is read out: the aria-live message line says it
        expect(table.locator(".catcards-announce")).to_contain_text("Game over: ")
        expect(table.locator(".catcards-announce")).to_contain_text("Winners: ")
        body = page.locator("body")
        expect(body).not_to_contain_text("Not allowed")
        assert "Traceback" not in body.inner_text()


#: the focused element: [is it a card button of the table's hand, its index among them, their
#: number, its text]
_FOCUSED_CARD = """() => { const e = document.activeElement;
    const cards = [...document.querySelectorAll('.catcards-table .catcards-cardcol button.catcards-card')];
    return [cards.includes(e), cards.indexOf(e), cards.length, e ? e.textContent.trim() : '']; }"""


@pytest.mark.browser
def test_after_a_move_made_with_the_keyboard_focus_stays_in_the_hand(browser_ready):
    """Break-it tester: after Enter on a card, the hand was drawn anew and focus fell to the page
    (the next Tab started near the top). Now, in Simon's Cat and Cat Trick, two moves made with
    Tab and Enter only: after each, focus is on a card button of the hand (never the page), the
    one that took the played card's place (or the last card). Without the fix the wait for it
    times out: focus is on the page's body."""
    from playwright.sync_api import expect

    with voila(APP) as url, chromium() as browser:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        # seed 2: Dog 3, the 6th card, then Mouse 4, the 8th of 8 (focus then on the last card)
        for query in ("game=simons-cat&players=4&seed=2", "game=cat-trick&players=3&seed=3"):
            table = open_app(page, url, query, "button.catcards-card.catcards-action:not(.catcards-unplayable)")
            log = table.locator(".catcards-log")
            for move in range(2):
                for _ in range(200):  # Tab (on from where focus is) to a card that can be played
                    if page.evaluate(_FOCUS_IS_A_MOVE) and page.evaluate(_FOCUSED_CARD)[0]:
                        break
                    page.keyboard.press("Tab")
                is_card, index, count, label = page.evaluate(_FOCUSED_CARD)
                assert is_card, (query, move)
                before = log.inner_text()
                page.wait_for_timeout(PAUSE_MS)
                page.keyboard.press("Enter")
                expect(log).to_contain_text(f"plays {label}", timeout=15_000)
                expect(log).not_to_have_text(before)
                # the focus arrives with the redraw: wait until it is on a card of the new hand
                page.wait_for_function(
                    """(label) => { const e = document.activeElement;
                        const cards = [...document.querySelectorAll('.catcards-table .catcards-cardcol button.catcards-card')];
                        return cards.includes(e) && e.textContent.trim() !== label; }""",
                    arg=label, timeout=15_000)
                now = page.evaluate(_FOCUSED_CARD)  # (a new round may have dealt a new hand)
                assert now[0] and now[1] == min(index, now[2] - 1), (query, move, label, index, count, now)
                assert page.evaluate("() => document.activeElement !== document.body")


@pytest.mark.browser
def test_card_game_a_second_enter_after_take_money_does_not_end_the_turn(browser_ready):
    """Break-it tester, keyboard only: after Enter on "take Money", "end turn" took its place and
    the focus, and a second Enter ended the turn. Now the focus goes to the "card:" list (the
    next step), and a second Enter leaves the turn where it was."""
    from playwright.sync_api import expect

    with voila(APP) as url, chromium() as browser:
        page, table = app_page(browser, url, "game=card-game&players=3&seed=1", PHONE)
        expect(table.get_by_role("button", name="take Money")).to_be_visible()
        for _ in range(200):  # Tab to "take Money", as a keyboard user does
            if page.evaluate("() => document.activeElement.textContent.trim() === 'take Money'"):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        log = table.locator(".catcards-log")
        expect(log).to_contain_text("Seat 0 takes", timeout=15_000)
        page.wait_for_function(
            "() => document.activeElement.tagName === 'SELECT' && !!document.activeElement.closest('.catcards-table')",
            timeout=15_000)
        page.keyboard.press("Enter")
        page.wait_for_timeout(1_500)  # time for a wrong second move to show in the log
        expect(log).not_to_contain_text("Seat 0 ends the turn")
        expect(table.get_by_role("button", name="end turn")).to_be_visible()


@pytest.mark.browser
def test_card_game_on_a_phone_keyboard_only_computer_step_stays_in_view_and_the_move_box(browser_ready):
    """Break-it tester, keyboard only at 390 px. (1) "Computer step" kept the focus while the board
    above it grew, and went off the bottom of the screen: the browser's scroll anchoring held on
    to the board, which each redraw replaces; now it holds the controls row (STYLE,
    ``catcards-above``), which stays where it was on screen. (2) The Move box clamped -5
    without a word: the table now says the range. (3) A move number typed, then Tab, skipped
    "Play on from here" (still disabled); now Tab reaches it and Enter plays on from that move
    (not from its first digit: the number is sent whole, when Tab leaves the box)."""
    from playwright.sync_api import expect

    with voila(APP) as url, chromium() as browser:
        page, table = app_page(browser, url, "game=card-game&players=3&seed=1", PHONE)
        step = table.get_by_role("button", name="Computer step")
        step.scroll_into_view_if_needed()
        step.focus()
        top = step.bounding_box()["y"]
        log = table.locator(".catcards-log")
        for _ in range(4):  # seed 1: the stack and a claim appear above, the board grows by up to 240 px
            before = log.inner_text()
            page.wait_for_timeout(PAUSE_MS)
            page.keyboard.press("Enter")
            expect(log).not_to_have_text(before, timeout=15_000)
            page.wait_for_timeout(500)  # the redraw's last parts
            box = step.bounding_box()
            assert page.evaluate("() => document.activeElement.textContent.trim()") == "Computer step"
            assert abs(box["y"] - top) <= 1 and box["y"] + box["height"] <= PHONE[1], (top, box)
        move = table.get_by_label("Move")
        moves = int(move.input_value())
        assert moves >= 12, moves
        move.focus()
        page.keyboard.press("Control+A")
        page.keyboard.type("-5")
        page.keyboard.press("Enter")
        announce = table.locator(".catcards-announce")
        expect(announce).to_have_text(
            f"Move goes from 0 (the deal) to {moves} (the latest move), not -5: showing move 0.", timeout=15_000)
        expect(move).to_have_value("0")
        # the browser holds the Move box's next number until the kernel has finished with the one
        # before (ipywidgets sends a model's updates one at a time), while a click goes at once:
        # typed within a moment of the -5 being answered, on a loaded machine the 12 waited and
        # Enter played on from move 0 (CI, once). A person takes longer than this
        page.wait_for_timeout(PAUSE_MS)
        page.keyboard.press("Control+A")
        page.keyboard.type("12")  # two digits, then at once Tab and Enter
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent.trim()") == "Play on from here"
        page.keyboard.press("Enter")
        # its line first, then the computers' moves it made, read out after it (say_moves)
        expect(announce).to_have_text(re.compile(
            r"^Playing on from move 12; the game you came from is still in the Game list\.( |$)"), timeout=15_000)


@pytest.mark.browser
def test_after_the_last_move_focus_is_on_undo_not_new_game(browser_ready, tmp_path):
    """When the last move leaves nothing to press in the hand or the board, focus goes to a control
    that deals no new game (Undo), not to New game, which a key held a moment too long would
    press, throwing the finished game away. A one-player Pairs of two cards, in a notebook table
    (where New game is the first control), played with Enter."""
    import nbformat
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import catcards.widgets\ncatcards.widgets.play('pairs', players=1, seed=1, numbers=1, copies=2)")])
    nbformat.write(nb, tmp_path / "pairs.ipynb")
    with voila(tmp_path / "pairs.ipynb") as url, chromium() as browser:
        page, table = app_page(browser, url, size=PHONE, ready=None)
        log = table.locator(".catcards-log")
        for cell in ("card 0", "card 1"):
            button = table.get_by_role("button", name=cell, exact=True)
            expect(button).to_be_visible(timeout=60_000)
            button.focus()
            page.keyboard.press("Enter")
            expect(log).to_contain_text(f"turns over card {cell[-1]}", timeout=15_000)
        expect(table).to_contain_text("Game over", timeout=15_000)
        page.wait_for_function(
            "() => document.activeElement && document.activeElement.textContent.trim() === 'Undo'", timeout=15_000)


@pytest.mark.browser
def test_a_held_enter_after_choosing_a_cat_days_card_plays_nothing(browser_ready):
    """Break-it tester (stop 22): Enter held down on a Cat Days card chose it and then put it on
    the first place offered (focus goes there), and went on playing. Now the key's repeats, sent
    by the browser within REPEAT_SECONDS of each other, change nothing and the table says so; a
    press after a pause makes the move."""
    from playwright.sync_api import expect

    with voila(APP) as url, chromium() as browser:
        playable = "button.catcards-card:not([disabled]):not(.catcards-unplayable)"
        page, table = app_page(browser, url, "game=cat-days&seed=1", PHONE, ready=playable)
        card = table.locator(playable).first
        log = table.locator(".catcards-log")
        before = log.inner_text()
        card.focus()
        page.keyboard.down("Enter")  # chooses the card: focus goes to its first place
        page.wait_for_function(f"() => ({_FOCUSED})() === 'place'", timeout=15_000)
        for _ in range(8):  # the key's repeats (Playwright sends a held key's keydown with repeat)
            page.keyboard.down("Enter")
            page.wait_for_timeout(60)
        page.keyboard.up("Enter")
        expect(table).to_contain_text("press again", timeout=15_000)
        page.wait_for_timeout(PAUSE_MS)
        assert log.inner_text() == before  # nothing was played
        page.keyboard.press("Enter")  # a press after a pause: the move
        expect(log).to_contain_text("Seat 0 plays", timeout=15_000)


#: what has keyboard focus in the table: "card" (a Cat Days card button one may choose), "place"
#: (a move's button), "hand" (another button of the hand: an unplayable card), or "" (elsewhere)
_FOCUSED = """() => { const e = document.activeElement;
    if (!e || !e.closest('.catcards-table')) return '';
    const ok = ':not([disabled]):not(.catcards-unplayable)';
    if (e.matches('button.catcards-card' + ok)) return 'card';
    if (e.matches('button.catcards-action' + ok)) return 'place';
    if (e.matches('button.catcards-card')) return 'hand';
    return ''; }"""


@pytest.mark.browser
def test_cat_days_keyboard_focus_goes_from_a_chosen_card_to_its_places_and_back_to_the_hand(browser_ready):
    """Cat Days with Tab and Enter only, counting the Tabs (issue: about 9 Tabs where other tables
    need 1-3). After a card is chosen (Enter), focus is on its first place with no Tab at all
    (the places are drawn above the cards); after the move, focus is back on a control of the
    hand with no Tab (it fell to the page before, and one Tab came back to the hand). Ten moves
    of seed 3."""
    from playwright.sync_api import expect

    # in the hand, and not the button pressed (marked before the key press): until the redraw
    # reaches the browser, the pressed button still has the focus
    focused_in_hand = (f"() => ['card', 'place', 'hand'].includes(({_FOCUSED})())"
                       " && !document.activeElement.dataset.pressed")
    with voila(APP) as url, chromium() as browser:
        page, table = app_page(browser, url, "game=cat-days&seed=3")
        log = table.locator(".catcards-log")
        # into the hand from the top of the page, once
        for _ in range(200):
            page.keyboard.press("Tab")
            if page.evaluate(_FOCUSED):
                break
        plays = 0
        for move in range(10):
            assert page.evaluate(_FOCUSED) in ("card", "place", "hand"), f"move {move}: focus left the hand"
            while page.evaluate(_FOCUSED) == "hand":  # unplayable cards: Tab on
                page.keyboard.press("Tab")
            before = log.inner_text()
            if page.evaluate(_FOCUSED) == "card":
                card = page.evaluate("() => document.activeElement.textContent.trim()")
                page.wait_for_timeout(PAUSE_MS)
                page.keyboard.press("Enter")  # choose the card: its places are drawn, focus on the first
                expect(table.locator("button.catcards-action", has_text="on ").first).to_be_visible(timeout=15_000)
                page.wait_for_function(f"() => ({_FOCUSED})() === 'place'", timeout=15_000)
                assert page.evaluate("() => document.activeElement.textContent.trim()").startswith("on "), card
                plays += 1
            page.evaluate("() => { document.activeElement.dataset.pressed = '1'; }")
            page.wait_for_timeout(PAUSE_MS)
            page.keyboard.press("Enter")  # the move (a place, or "draw a card")
            expect(log).not_to_have_text(before, timeout=15_000)
            # the computer's reply and the redraw; focus comes back to the hand by itself
            page.wait_for_function(focused_in_hand, timeout=15_000)
        assert plays >= 5, plays  # cards were played, not only drawn
        assert "Traceback" not in page.locator("body").inner_text()


#: interactive elements and cards of the page that lie outside the viewport (left or right of
#: it) and are not inside a box that scrolls sideways with a visible bar (overflow-x auto/scroll)
OUTSIDE = """() => [...document.querySelectorAll(
        'button, select, input, textarea, a[href], [tabindex], .catcards-table svg[role=img]')]
    .filter(b => b.getClientRects().length && getComputedStyle(b).visibility !== 'hidden')
    .filter(b => { let e = b.parentElement;
                   while (e && !(e.scrollWidth > e.clientWidth + 1
                                 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))) e = e.parentElement;
                   return !e; })
    .filter(b => { const r = b.getBoundingClientRect();
                   return r.right > innerWidth + 1 || r.left < -1; })
    .map(b => (b.textContent || b.tagName).trim().slice(0, 40))"""

#: visible text in the table drawn under 12 px: HTML text by its computed font size, SVG text by
#: its font size scaled as the picture is (rendered width / viewBox width); as [px, text] pairs
SMALL_TEXT = """() => {
    const least = 12, out = [];
    const walker = document.createTreeWalker(document.querySelector('.catcards-table'), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent.trim(), e = n.parentElement;
        if (!text || !e || e.closest('title, style, script')) continue;
        if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
        let px = parseFloat(getComputedStyle(e).fontSize);
        const svg = e.closest('svg');
        if (svg) {
            const vb = svg.viewBox && svg.viewBox.baseVal;
            if (vb && vb.width) px = px * svg.getBoundingClientRect().width / vb.width;
        }
        if (px < least - 0.05) out.push([Math.round(px * 10) / 10, text.slice(0, 30)]);
    }
    return out; }"""


#: the table and the boxes in it that scroll sideways (their content wider than they are, by how
#: many px), but Card Game's seats table, which scrolls on purpose on a phone (the hint says so)
SIDEWAYS = """() => [document.querySelector('.catcards-table'), ...document.querySelectorAll('.catcards-table *')]
    .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth)
    .filter(e => !e.querySelector(':scope > table.catcards-board, :scope > table.catcards-grid'))
    .map(e => `${String(e.className).split(' ').filter(c => c.startsWith('catcards')).join('.') || e.tagName}`
              + ` by ${e.scrollWidth - e.clientWidth} px`)"""


def _misfits(page, width: int) -> list[str]:
    """What does not fit a page ``width`` px wide: controls and cards outside the screen
    (:data:`OUTSIDE`), the page scrolling sideways, the table or a box in it scrolling sideways
    (:data:`SIDEWAYS`), text under 12 px (:data:`SMALL_TEXT`); one line each."""
    found = []
    if outside := page.evaluate(OUTSIDE):
        found.append(f"outside the screen: {outside[:6]}")
    if (wide := page.evaluate("() => document.documentElement.scrollWidth")) > width + 1:
        found.append(f"the page scrolls sideways ({wide} px)")
    if sideways := page.evaluate(SIDEWAYS):
        found.append(f"scrolls sideways: {sideways}")
    if small := page.evaluate(SMALL_TEXT):
        found.append(f"text under 12 px: {small[:6]}")
    return found


#: a move the person can make now: an enabled move button not marked unplayable
NEXT_MOVE = "button.catcards-action:not([disabled]):not(.catcards-unplayable)"


@pytest.mark.browser
def test_every_games_app_fits_a_phone_and_a_chromebook_with_no_tiny_text(browser_ready):
    """Each game's app at 390x844 (a phone) and 1366x768 (a classroom Chromebook): as dealt, the
    first move the person can make (:data:`NEXT_MOVE`: a card they can play, a bid, "take
    Money") is wholly on screen with the page not scrolled (the hand comes before the board); no control
    or card outside the viewport unless inside a box that scrolls sideways, the page itself never
    scrolls sideways, nor the table or a box in it but Card Game's seats table and the score sheets
    (data tables, which WCAG 2.1 SC 1.4.10 lets scroll in their own box; break-it tester:
    every table was 4 px wider than its box, its move log 100% wide plus ipywidgets' margins, and
    Cat Trick's board 20 px wider than a phone), and no text in the table drawn under 12 px (card
    text, captions, seat labels and the move log alike), as dealt and once played out
    (:func:`_misfits`). Card pictures' titles (their tooltip and accessible name) give the full
    name, and in Card Game and Cat Days what the card does."""
    import re

    from playwright.sync_api import expect

    import catcards

    problems = []
    with voila(APP) as url, chromium() as browser:
        for width, height in (PHONE, CHROMEBOOK):
            page = browser.new_page(viewport={"width": width, "height": height})
            for name in catcards.list_games():
                table = open_app(page, url, f"game={name}&seed=2", state="attached")
                where = f"{name} at {width}x{height}"
                # the person's next move is on screen as dealt, with no scrolling (issue 31: five
                # games' first move was below a phone's screen, Card Game's below a Chromebook's)
                move = table.locator(NEXT_MOVE).first
                move.wait_for(timeout=60_000)
                box, scrolled = move.bounding_box(), page.evaluate("() => [scrollX, scrollY]")
                if not (box and scrolled == [0, 0] and box["x"] >= 0 and box["y"] >= 0
                        and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height):
                    problems.append(f"{where}: the first move {move.inner_text()!r} is not on screen "
                                    f"as dealt: {box} (page scrolled by {scrolled})")
                problems += [f"{where}: {p}" for p in _misfits(page, width)]
                if width == 1366 and name in ("card-game", "cat-days"):
                    titles = [t.text_content() for t in table.locator("svg title").all()]
                    effect = (r"^.+ \(\d+\$.*\): .{10,}$" if name == "card-game"
                              else r"^.+ \((cat|event)[^)]*\): .{10,}$")
                    with_effects = [t for t in titles if re.match(effect, t)]
                    if len(with_effects) < 3:
                        problems.append(f"{where}: card titles without what the card does: {titles[:4]}")
                # the end of a game too (messes, collections, money areas, LOCK cards)
                before = table.locator(".catcards-log").inner_text()
                table.locator("button", has_text=re.compile(r"^\s*(Play out|Run)\s*$")).first.click()
                expect(table.locator(".catcards-log")).not_to_have_text(before, timeout=30_000)
                page.wait_for_timeout(300)
                problems += [f"{where}, played out: {p}" for p in _misfits(page, width)]
            page.close()
    assert not problems, "\n".join(problems)


#: the focused element's outline as [style, width in px]
_RING = "() => { const c = getComputedStyle(document.activeElement); return [c.outlineStyle, parseFloat(c.outlineWidth)]; }"


@pytest.mark.browser
def test_the_apps_own_game_and_players_controls_show_the_focus_ring(browser_ready):
    """The app's game dropdown, players box, seed box and New game button (outside the table) get
    the same 3 px focus ring as the table's controls when reached with Tab, not ipywidgets' 1 px
    light-blue border."""
    with voila(APP) as url, chromium() as browser:
        page, _table = app_page(browser, url, "game=pairs&players=2&seed=3", ready="button.catcards-action")
        seen = []
        for _ in range(4):
            page.keyboard.press("Tab")
            seen.append([page.evaluate("() => document.activeElement.tagName"), *page.evaluate(_RING)])
        assert seen == [["SELECT", "solid", 3.0], ["INPUT", "solid", 3.0], ["INPUT", "solid", 3.0],
                        ["BUTTON", "solid", 3.0]], seen


#: the focused element's focus ring, if a box around it cuts part of it off: the ring's extent
#: (the element grown by outline-offset + outline-width when that is positive, and by an outer
#: box-shadow's spread) against each ancestor that clips its overflow, once the element is
#: scrolled into the middle of the page; None when all of it shows
_RING_CUT = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    e.scrollIntoView({block: 'center', inline: 'nearest'});  // the page's scrolling is not a cut
    const c = getComputedStyle(e);
    const shadow = /inset/.test(c.boxShadow) ? 0 : Math.max(0, ...(c.boxShadow.match(/(-?[0-9.]+)px/g) || ['0px']).map(parseFloat));
    const grow = Math.max(0, (parseFloat(c.outlineOffset) || 0) + (parseFloat(c.outlineWidth) || 0), shadow);
    const r = e.getBoundingClientRect();
    for (let a = e.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const q = a.getBoundingClientRect();
        const left = q.left + parseFloat(s.borderLeftWidth), top = q.top + parseFloat(s.borderTopWidth);
        const right = q.right - parseFloat(s.borderRightWidth), bottom = q.bottom - parseFloat(s.borderBottomWidth);
        if (r.left - grow < left - 0.5 || r.top - grow < top - 0.5 || r.right + grow > right + 0.5 || r.bottom + grow > bottom + 0.5)
            return `${e.tagName} '${(e.textContent || e.value || '').trim().slice(0, 30)}' cut by ${a.tagName}.${String(a.className).split(' ').slice(0, 3).join('.')}`;
    }
    return null;
}"""


@pytest.mark.browser
def test_the_focus_ring_is_never_cut_off_by_a_box(browser_ready):
    """Every control reached with Tab shows its whole focus ring, on a phone and a Chromebook
    (break-it tester: the first button of most rows showed a thin bar only, its ring cut off by
    the ipywidgets box around it, which scrolls its overflow)."""
    problems = []
    with voila(APP) as url, chromium() as browser:
        for width, height in (PHONE, CHROMEBOOK):
            page = browser.new_page(viewport={"width": width, "height": height})
            for game in ("card-game", "cat-days", "snap"):
                open_app(page, url, f"game={game}&seed=3", "button.catcards-action")
                for _ in range(40):
                    page.keyboard.press("Tab")
                    cut = page.evaluate(_RING_CUT)
                    if cut:
                        problems.append(f"{game} at {width}px: {cut}")
            page.close()
    assert not problems, "\n".join(sorted(set(problems)))


@pytest.mark.browser
def test_card_games_board_scroll_area_shows_the_tables_focus_ring(browser_ready):
    """WCAG 2.4.7 (break-it tester): on a phone Card Game's seats table is wider than the screen,
    and Tab reaches the box that scrolls it (Chromium lets the keyboard scroll such a box), which
    showed the browser's thin default ring only. Now it shows the 3 px ring of the table's other
    focusable parts, all of it."""
    with voila(APP) as url, chromium() as browser:
        page, _table = app_page(browser, url, "game=card-game&seed=2", PHONE)
        for _ in range(200):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.matches('.catcards-table .catcards-scroll')"):
                break
        assert page.evaluate("() => !!document.activeElement.querySelector(':scope > table.catcards-board')")
        assert page.evaluate(_RING) == ["solid", 3.0]
        assert page.evaluate(_RING_CUT) is None


@pytest.mark.browser
def test_after_play_out_ends_the_game_focus_is_on_undo_not_the_page(browser_ready):
    """Break-it tester, keyboard only: Enter on "Play out" ended the game and disabled the button,
    so focus fell to the page and the next Tab started from the top. Now focus goes where it goes
    after the last move in the hand: to Undo, the first control that deals no new game. Simon's
    Cat and Big Cat (its "Run") in the app on a phone."""
    import re

    from playwright.sync_api import expect

    with voila(APP) as url, chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        for query, label in (("game=simons-cat&players=4&seed=2", "Play out"), ("game=big-cat&seed=3", "Run")):
            table = open_app(page, url, query)
            table.locator("button", has_text=re.compile(rf"^\s*{label}\s*$")).focus()
            page.keyboard.press("Enter")
            expect(table.locator(".catcards-status")).to_contain_text("Game over", timeout=30_000)
            page.wait_for_function(
                "() => document.activeElement && document.activeElement.textContent.trim() === 'Undo'",
                timeout=15_000)


@pytest.mark.browser
def test_how_to_play_is_reached_with_tab_and_opened_with_enter(browser_ready):
    """The table's "How to play" (found by the break-it helper: drawn as an Accordion, its title
    was a <div> that Tab never reached): the Tab after the app's game, players, seed and New game
    reaches the app's "about this game" line, and the Tab after that "How to play", each with the
    focus ring; Enter opens the rules and Enter again closes them."""
    from playwright.sync_api import expect

    with voila(APP) as url, chromium() as browser:
        page, table = app_page(browser, url, "game=snap&seed=2", PHONE, ready="button.catcards-turn")
        rules = table.locator(".catcards-rules p").first
        expect(rules).to_be_hidden()
        focused = "() => [document.activeElement.tagName, document.activeElement.textContent]"
        for _ in range(5):
            page.keyboard.press("Tab")
        assert page.evaluate(focused) == ["SUMMARY", "Snap · about this game"]
        assert page.evaluate(_RING) == ["solid", 3.0]
        page.keyboard.press("Tab")
        assert page.evaluate(focused) == ["SUMMARY", "How to play"]
        assert page.evaluate(_RING) == ["solid", 3.0]
        page.keyboard.press("Enter")
        expect(rules).to_be_visible()
        expect(rules).to_contain_text("Turn your card")
        page.keyboard.press("Enter")
        expect(rules).to_be_hidden()


@pytest.mark.browser
def test_axe_finds_no_serious_violation_with_the_panels_open_and_after_the_game(browser_ready):
    """Views the first axe test does not reach: "How to play" and the chances panel open (its bars
    shown), then the game played out (a finished Snap once left its red "Snap!" button with grey
    #333 text on red, 2.7:1: axe color-contrast), then looking back at move 1."""
    pytest.importorskip("axe_playwright_python")
    import re

    from playwright.sync_api import expect

    import catcards

    problems = []
    with voila(APP) as url, chromium() as browser:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        for name in catcards.list_games():
            table = open_app(page, url, f"game={name}&seed=2", "button.catcards-action", state="attached")
            table.locator(".catcards-rules summary").click()
            expect(table.locator(".catcards-rules p").first).to_be_visible()
            table.locator(".catcards-odds-ask").click()
            expect(table.locator(".catcards-odds-row").first).to_be_visible(timeout=60_000)
            problems += [f"{name}, panels open: {p}" for p in _serious(page)]
            before = table.locator(".catcards-log").inner_text()
            table.locator("button", has_text=re.compile(r"^\s*(Play out|Run)\s*$")).first.click()
            expect(table.locator(".catcards-log")).not_to_have_text(before, timeout=30_000)
            expect(table.locator(".catcards-status")).to_contain_text("Game over", timeout=30_000)
            page.wait_for_timeout(300)
            problems += [f"{name}, game over: {p}" for p in _serious(page)]
            move = table.get_by_label("Move")
            move.fill("1")
            move.press("Enter")
            expect(table.locator(".catcards-history-note")).to_contain_text("Looking back", timeout=15_000)
            problems += [f"{name}, looking back: {p}" for p in _serious(page)]
    assert not problems, "\n".join(problems)


#: the focused button's label: how many lines it takes, and by how many px its text reaches under
#: the focus ring (the 3 px outline drawn inside the button's edge; > 0: the ring covers part of it)
_LABEL_FIT = """(names) => {
    const e = document.activeElement, out = [];
    const c = getComputedStyle(e), ring = parseFloat(c.outlineWidth), own = e.textContent;
    for (const name of [own, ...names]) for (const weight of [c.fontWeight, '700']) {
        e.textContent = name;
        e.style.fontWeight = weight;
        const range = document.createRange();
        range.selectNodeContents(e);
        const r = e.getBoundingClientRect(), t = range.getBoundingClientRect();
        const lines = Math.round(t.height / parseFloat(getComputedStyle(e).lineHeight));
        out.push([name, weight, lines, Math.max(r.left + ring - t.left, t.right - (r.right - ring))]);
    }
    e.textContent = own;
    e.style.fontWeight = '';
    return out;
}"""


@pytest.mark.browser
def test_a_focused_simons_cat_cards_label_fits_its_button_on_a_phone(browser_ready):
    """class56: in the Simon's Cat app at 390x844, "Hedgehog 5" on a card's button (72 px wide)
    wrapped onto two lines, "Hedgehog" over "5", inside the focus ring. Every card's button,
    reached with Tab, shows its whole 3 px ring and its label on one line clear of it: the
    dealt labels, and the longest names of the deck ("Hedgehog 8", "Kitten 10", "Mouse 10"),
    plain and bold (a card that can be played is bold). Four cards a row still. Failed before
    the fix: 'Hedgehog 5' on 2 lines."""
    import re

    import catcards
    from catcards.games.simons_cat import MISCHIEF

    longest = sorted({str(c) for c in MISCHIEF}, key=lambda n: (len(n), n))[-3:] + ["Kitten 10", "Mouse 10"]
    with voila(APP) as url, chromium() as browser:
        page, table = app_page(browser, url, "game=simons-cat&seed=2", PHONE)
        hand = [str(c) for c in catcards.load("simons-cat").new_game(2).observation(0)["hand"]]
        assert "Hedgehog 5" in hand
        cards = table.locator("button.catcards-card")
        assert [cards.nth(i).inner_text() for i in range(cards.count())] == hand
        tops = [round(cards.nth(i).bounding_box()["y"]) for i in range(cards.count())]
        assert tops[:4] == [tops[0]] * 4 and tops[4] > tops[0], tops  # four cards a row
        problems = []
        cards.first.focus()
        page.keyboard.press("Shift+Tab")
        for i in range(cards.count()):
            page.keyboard.press("Tab")  # the keyboard's focus: the ring shows (:focus-visible)
            assert page.evaluate("() => document.activeElement.textContent.trim()") == hand[i]
            assert page.evaluate(_RING) == ["solid", 3.0]
            if cut := page.evaluate(_RING_CUT):
                problems.append(cut)
            for name, weight, lines, under in page.evaluate(_LABEL_FIT, longest if i == 0 else []):
                if lines != 1 or under > 0:
                    problems.append(f"{name!r} ({weight}) on {lines} lines, {under:.1f} px under the ring")
    assert not problems, "\n".join(problems)
