"""A class in a real browser, on one ``catcards class snap`` server for the module: a student
joins by the link on a phone-sized page (390 x 844), plays a Snap pass (turns all 52 cards) in the
Voila table, and the counted result appears on the teacher's dashboard; and axe-core finds no
WCAG 2.1 A or AA violation on the class's pages (the join page, the code box and its "not found"
answer, the student's page after joining, the dashboard and its projector view).

Skipped (with the reason) where /usr/bin/chromium (or ``CATCARDS_CHROMIUM``) or playwright is
missing, unless ``CATCARDS_REQUIRE_BROWSER=1``, where it fails instead. Run it alone with
``python -m pytest tests/browser/test_class_browser.py -m browser -o addopts="" -p no:cacheprovider``.
"""
from __future__ import annotations

import re
import time

import pytest

from class_server import ClassProcess, class_process, free_port, handlers_served, join_page
from catcards.widgets.table.messages import REPEAT_SECONDS
from real_browser import CHROMEBOOK, PHONE, chromium

#: the only console messages the table's frame is allowed: webpack's notes that Voila's own page
#: shares JupyterLab 4.2.5 (voila 0.5.8 to 0.5.13) while its widget manager (widgets-manager8 of
#: voila 0.5.9 on: ^4.4.5 to ^4.5.10) and jupyterlab_widgets' (3.0.14 on: ^4.4 to ^4.6.2) were
#: built against newer releases. The widgets work (the loaded singletons are used). Only voila
#: 0.5.8 with jupyterlab_widgets 3.0.13 (so ipywidgets 8.1.5 at most) has none (checked: 0 notes
#: against 13 with voila 0.5.13 and jupyterlab_widgets 3.0.17); pyproject does not pin those old
#: releases (see CHANGELOG). The student's page itself must log nothing of the kind.
VOILA_VERSION_NOTE = re.compile(r"^(Unsatisfied version|No satisfying version) .* of shared (singleton )?module @jupyterlab/")


@pytest.fixture(scope="module")
def class_server():
    """The module's class server: its JSON line (``code``, ``join_url``, ``dashboard_url``, ...,
    and ``base``)."""
    with class_process("catcards-class-browser-") as info:
        yield info


def counted_pass(join_url: str, nickname: str) -> dict:
    """A new student ``nickname`` of the class at ``join_url`` whose first game, a Snap pass
    with nobody calling, is counted: the join's answer."""
    import requests

    from catcards.classroom.activities import activity
    from catcards.classroom.pool import series_seed
    from catcards.games.snap import FLIP

    joined = requests.post(join_url + "/join", json={"nickname": nickname}, timeout=30).json()
    state = activity("snap/snaps-per-pass").new_game(series_seed(joined["seed"], 0))
    for _ in range(52):
        state.apply(FLIP)
    assert requests.post(join_url + "/results", json={"student": joined["student"], "save": state.to_json()},
                         timeout=30).status_code == 201
    return joined


def _kernel_runs(info: dict, kernel: str) -> bool:
    """The kernel's process runs under the class server (its connection file names it)."""
    import psutil

    for child in psutil.Process(info["process"].proc.pid).children(recursive=True):
        try:
            if f"kernel-{kernel}.json" in " ".join(child.cmdline()):
                return True
        except psutil.Error:
            pass
    return False


@pytest.mark.browser
def test_a_student_joins_by_the_link_plays_a_snap_pass_and_the_dashboard_shows_it(browser_ready, class_server):
    from playwright.sync_api import expect

    info = class_server
    with chromium() as browser:
        dashboard = browser.new_page(viewport={"width": 1280, "height": 1000})
        dashboard.goto(info["dashboard_url"])
        expect(dashboard.locator("#joined")).to_have_text(re.compile(r"^\d+$"), timeout=10_000)
        joined = int(dashboard.locator("#joined").inner_text())
        games = int(dashboard.locator("#submitted").inner_text())
        # the server out of reach, then back with nothing new: the dashboard's "cannot be reached"
        # stayed until something changed (a README user, after a restart)
        dashboard.route("**/version*", lambda route: route.abort())
        expect(dashboard.locator("#message")).to_contain_text("cannot be reached", timeout=15_000)
        dashboard.unroute("**/version*")
        expect(dashboard.locator("#message")).to_have_text("", timeout=15_000)

        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        messages: list[tuple[str, str, str]] = []
        page.on("console", lambda m: messages.append((m.type, m.text, m.location.get("url", ""))))
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # a nickname of this run's own: the module's class refuses one already taken (a rerun's "Mia")
        mia = f"Mia {joined + 1}"
        frame = join_page(page, info["join_url"], mia)
        expect(dashboard.locator("#joined")).to_have_text(str(joined + 1), timeout=10_000)

        turn = frame.locator("button.catcards-turn")
        turn.wait_for(timeout=60_000)
        # the page's "Dealing your cards" line goes once the table is there (a README user saw it stay)
        expect(frame.locator(".catcards-loading")).to_be_hidden()
        status = frame.locator(".catcards-status")
        note = frame.locator(".catcards-class-note")
        expect(note).to_contain_text("Game 1.")
        # the game's instructions are the page's, said once (testers: the note said them again)
        assert page.locator("main").inner_text().count("Turn all 52 cards") == 1
        assert "Turn all 52 cards" not in note.inner_text()
        # one press per card, each after the table has drawn the last, and at least
        # REPEAT_SECONDS after it: a quicker second press is taken for a held key and ignored
        # (measured from when the click has been made)
        pressed = 0.0
        for turned in range(1, 53):
            page.wait_for_timeout(max(0, int(1000 * (REPEAT_SECONDS + 0.2 - (time.monotonic() - pressed)))))
            turn.click()
            pressed = time.monotonic()
            expect(status).to_contain_text(f"{turned} card{'s' * (turned != 1)} turned", timeout=15_000)
        expect(note).to_contain_text("Counted for the class", timeout=30_000)
        # the pass has no Snap! buttons, and at its end "Turn your card" is disabled
        expect(frame.locator("button.catcards-snap")).to_have_count(0)
        expect(turn).to_be_disabled()
        expect(status).to_contain_text("52 cards turned. Snaps showing in this pass:")
        # "1 snap" for one (a pass with one snap failed here: it looked for "snaps")
        value = int(re.search(r"(\d+) snaps?\b", note.inner_text()).group(1))
        snaps = f"{value} snap{'s' * (value != 1)}"
        counted_at = time.monotonic()
        # the keyboard focus lands on "Play another game" (it fell to the page: a fresh user), and
        # Enter there deals game 2 with the focus on its first move
        again = frame.locator("button.catcards-class-next")
        expect(again).to_be_focused(timeout=10_000)
        expect(again).to_have_text("Play another game")
        page.wait_for_timeout(max(0, int(1000 * (REPEAT_SECONDS + 0.2 - (time.monotonic() - pressed)))))
        page.keyboard.press("Enter")
        expect(note).to_contain_text("Game 2.", timeout=15_000)
        expect(turn).to_be_focused()
        expect(again).to_be_hidden()
        # the student's page shows the result (a reload keeps it), and the dashboard within seconds
        expect(page.locator("#results")).to_have_text(f"Your game counted for the class: {snaps}.", timeout=10_000)
        expect(dashboard.locator("#submitted")).to_have_text(str(games + 1), timeout=10_000)
        shown_after = time.monotonic() - counted_at
        expect(dashboard.locator("#submitted-word")).to_have_text("game" if games == 0 else "games")
        if games == 0:
            expect(dashboard.locator("#running")).to_have_attribute(
                "aria-label", re.compile(rf"After 1 checked game, the mean is {value}\.00"))
        page.reload()
        expect(page.locator("#who")).to_contain_text(f"you are {mia}")
        expect(page.locator("#results")).to_have_text(f"Your game counted for the class: {snaps}.", timeout=10_000)
        page.frame_locator("#table").locator("button.catcards-turn").wait_for(timeout=60_000)
        # the table's own goodbye (Voila's beacon, with the page's _xsrf cookie) stops its kernel
        # when the page is left: nothing else would before the 10-minute cull
        table = next(f for f in page.frames if "?student=" in f.url)
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', table.content()).group(1)
        assert _kernel_runs(info, kernel)
        page.goto("about:blank")
        deadline = time.monotonic() + 60
        while _kernel_runs(info, kernel) and time.monotonic() < deadline:
            time.sleep(0.3)
        assert not _kernel_runs(info, kernel), "the page's goodbye did not stop its kernel"
        # nothing on the page is wider than the phone
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE[0], width

    print(f"dashboard showed the result {shown_after:.1f} s after the student's page said it was counted")
    assert not errors, errors
    assert [m for m in messages if m[0] == "error"] == []
    own = [m for m in messages if m[2].startswith(info["join_url"])]
    assert [m for m in own if m[0] in ("warning", "error")] == [], own
    others = [m for m in messages if m[0] == "warning" and not VOILA_VERSION_NOTE.match(m[1])]
    assert others == [], others


@pytest.mark.browser
def test_a_simons_cat_class_counts_each_deal_as_it_is_dealt(browser_ready, tmp_path):
    """simonsact55: in a Simon's Cat class ("Is the Cat 3 set aside?") a student played a whole
    game (3 to 8 rounds) before their deal counted: the table sent a game only once it was over.
    On a real ``catcards class simons-cat`` server the table's kernel imports the activity's
    ``finished`` by its name and sends each deal as it is dealt: counted with no move made, the
    set-aside card shown, the focus on "Play another game", and Enter there deals and counts the
    next deal; the student's page and the dashboard count both. class56: the counted deal is no
    longer playable (the status says it was counted, the hand has no button), and Enter held on
    "Play another game" (presses 0.03 s apart, as a held key repeats) deals one game, not one per
    repeat until the server's per-student limit refuses."""
    from playwright.sync_api import expect

    proc = ClassProcess(tmp_path / "store", free_port(), tmp_path)
    try:
        info = proc.start(game="simons-cat")
        with chromium() as browser:
            page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
            page.goto(info["join_url"])
            expect(page.locator("#instructions")).to_contain_text("Each deal counts as soon as it is dealt")
            page.keyboard.type("Ada")
            page.keyboard.press("Enter")
            frame = page.frame_locator("#table")
            note, again = frame.locator(".catcards-class-note"), frame.locator("button.catcards-class-next")
            expect(note).to_contain_text("Counted for the class:", timeout=60_000)
            expect(note).to_contain_text("Games of yours counted: 1.")
            expect(frame.locator(".catcards-simons-board")).to_contain_text("Set aside")
            status = frame.locator(".catcards-status")
            expect(status).to_contain_text("Round 1")  # no round played
            expect(status).to_contain_text('Counted for the class: ')  # and no card to play
            expect(status).to_contain_text('Press "Play another game" at the top for the next.')
            expect(frame.locator(".catcards-table button.catcards-action")).to_have_count(0)
            expect(again).to_have_text("Play another game")
            expect(again).to_be_focused(timeout=10_000)
            page.wait_for_timeout(int(1000 * (REPEAT_SECONDS + 0.2)))
            for _ in range(40):  # Enter held down: its repeats, 0.03 s apart
                page.keyboard.press("Enter")
                page.wait_for_timeout(30)
            expect(note).to_contain_text("Games of yours counted: 2.", timeout=15_000)
            page.wait_for_timeout(1000)
            expect(note).to_contain_text("Games of yours counted: 2.")
            expect(again).to_be_focused()
            expect(page.locator("#results")).to_have_text(
                re.compile(r"^Your games counted for the class: [01] and [01] deals with the Cat 3 set aside\.$"),
                timeout=10_000)
            dashboard = browser.new_page(viewport={"width": 1280, "height": 1000})
            dashboard.goto(info["dashboard_url"])
            expect(dashboard.locator("#submitted")).to_have_text("2", timeout=10_000)
    finally:
        proc.stop()


@pytest.mark.browser
def test_after_joining_by_keyboard_the_focus_is_on_the_first_move(browser_ready, class_server):
    """break45 (WCAG 2.1 AA, keyboard play): after joining, the keyboard focus was on the page, two
    Tabs from "Turn your card" (the table's "How to play" first). Joined by keyboard alone, the
    focus is on "Turn your card" once the table is drawn, and Enter turns the first card; back on
    their page (a reload) too. Before joining, the focus is in the join form. The table's frame
    fits the table at 390 px."""
    from playwright.sync_api import expect

    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(class_server["join_url"])
        # the join form has the focus as the page opens (a fresh README user tabbed to it)
        expect(page.get_by_label("Nickname (optional, up to 24 characters)")).to_be_focused()
        page.keyboard.type("Kai")
        page.keyboard.press("Enter")
        expect(page.locator("#who")).to_contain_text("you are Kai")
        frame = page.frame_locator("#table")
        turn = frame.get_by_role("button", name="Turn your card")
        expect(turn).to_be_focused(timeout=60_000)
        page.keyboard.press("Enter")
        expect(frame.locator(".catcards-status")).to_contain_text("1 card turned", timeout=15_000)
        # the frame fits the table (readme48: about 450 px of blank space under the table at 390
        # px; the frame grew 16 px every 0.7 s, for ever): twice 2 s apart, the same height, at
        # most 40 px below where the table's cells end
        fit = """() => { const f = document.getElementById('table'), d = f.contentDocument;
                         const c = d.getElementById('rendered_cells');
                         let end = 0; for (const k of c.children) end = Math.max(end, k.getBoundingClientRect().bottom);
                         return [f.offsetHeight, Math.ceil(end)]; }"""
        # and the results line, a live region, is written only when it changes (break49: the same
        # "Your results: none yet." every 4 s, which a screen reader may read out each time): none in 4.5 s
        page.evaluate("""() => { window.resultsWrites = 0;
            new MutationObserver(() => window.resultsWrites++).observe(document.getElementById('results'),
                {childList: true, characterData: true, subtree: true}); }""")
        page.wait_for_timeout(2_000)
        (before, end), = [page.evaluate(fit)]
        page.wait_for_timeout(2_500)
        after, _ = page.evaluate(fit)
        assert before == after and end < after <= end + 40, (before, after, end)
        assert page.evaluate("window.resultsWrites") == 0
        page.reload()
        expect(page.locator("#who")).to_contain_text("you are Kai")
        expect(page.frame_locator("#table").get_by_role("button", name="Turn your card")).to_be_focused(timeout=60_000)


@pytest.mark.browser
def test_a_table_opened_in_a_second_tab_makes_the_first_say_so(browser_ready, class_server):
    """Break-it (break4): a student's table opened in a second tab (or device) stops the first
    tab's table (one table a student), which then stayed on screen and did nothing when pressed,
    without a word. The first tab's page hides its table and says why, and how to play there."""
    from playwright.sync_api import expect

    with chromium() as browser:
        context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
        first = context.new_page()
        first.goto(class_server["join_url"])
        first.get_by_role("button", name="Join").click()
        first.frame_locator("#table").locator("button.catcards-turn").wait_for(timeout=60_000)
        second = context.new_page()  # the same browser: the same student (localStorage)
        second.goto(class_server["join_url"])
        second.frame_locator("#table").locator("button.catcards-turn").wait_for(timeout=60_000)
        expect(first.locator("#message")).to_have_text(
            "Your table is now open in another tab or on another device, so this one stopped. "
            "Reload this page to play here.", timeout=15_000)
        expect(first.locator("#table")).to_be_hidden()
        expect(second.locator("#table")).to_be_visible()
        second.wait_for_timeout(5000)  # its own checks find its table is the student's
        expect(second.locator("#message")).to_have_text("")
        first.reload()  # playing here again: now the second tab's table stopped
        first.frame_locator("#table").locator("button.catcards-turn").wait_for(timeout=60_000)
        expect(second.locator("#message")).to_contain_text("open in another tab", timeout=15_000)
        expect(first.locator("#message")).to_have_text("")
        context.close()


@pytest.mark.browser
def test_no_request_of_the_table_carries_the_student_s_token_as_its_referer(browser_ready, class_server):
    """Hostile tester (server57): the table's address holds the student's token
    (``?student=TOKEN``), and Voila's page there sent no ``Referrer-Policy``, so Chromium sent that
    whole address as the ``Referer`` of every request the table made (94 here: its files, its
    kernel's, its goodbye; another site's files would have had it too). Now none carries a
    ``Referer``, but for the fonts of Voila's style sheet: Chromium sends the page's address with
    a font that an inline style sheet loads whatever the page's policy (tried on a bare page
    with ``Referrer-Policy: no-referrer``: its image sent none, its font the whole address).
    Those fonts are the class server's own, so the token goes back only to the server that gave
    it. The address bar never holds the token (the student's page keeps it in the browser's
    storage, and only the table's frame has it in its address), and a reload opens the table
    again."""
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        requests_made = []
        page.on("request", lambda request: requests_made.append(request))
        page.goto(class_server["join_url"])
        page.get_by_role("button", name="Join").click()
        page.frame_locator("#table").locator("button.catcards-turn").wait_for(timeout=60_000)
        page.reload()
        page.frame_locator("#table").locator("button.catcards-turn").wait_for(timeout=60_000)
        assert "student=" not in page.url and page.url == class_server["join_url"]
        files = [r for r in requests_made if "/voila/" in r.url]
        assert len(files) >= 4, [r.url for r in requests_made]  # the table's script and style sheets, twice
        server = class_server["base"]
        sent = {r.url: r.header_value("referer") for r in requests_made
                if not (r.resource_type == "font" and r.url.startswith(server + "voila/"))}
        assert {url: referer for url, referer in sent.items() if referer} == {}
        assert all(r.url.startswith(server) for r in requests_made if r.resource_type == "font")


@pytest.mark.browser
def test_a_table_refused_while_many_are_being_opened_opens_by_itself(browser_ready, class_server):
    """server57: at most TABLE_STARTS table pages are opened at once across the class. A student
    whose table is asked while that many are being opened (here: a script's students opening
    theirs again and again) sees in the table's frame that it opens by itself, and then it does, with
    nothing to press; their page says nothing wrong."""
    import threading

    import requests
    from playwright.sync_api import expect

    from catcards.classroom.server import TABLE_STARTS, TABLES_BUSY, TABLES_BUSY_PAGE

    base = class_server["base"]

    def seat() -> str:
        return requests.post(class_server["join_url"] + "/join", json={}, timeout=30).json()["student"]

    done = threading.Event()

    def keep_opening(token: str) -> None:  # a script's student opening their table again and again
        for _ in range(5):  # within their own rate (6 at once)
            if done.is_set():
                return
            try:  # a table whose kernel died as it started (a busy computer) is never finished by
                # Voila (its heartbeat goes on): the thread is left behind (daemon), not waited for
                requests.get(base + "?student=" + token, headers={"Accept": "application/json"}, timeout=60)
            except requests.RequestException:
                return

    threads = [threading.Thread(target=keep_opening, args=(seat(),), daemon=True) for _ in range(TABLE_STARTS + 1)]
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(class_server["join_url"])
        try:
            for thread in threads:
                thread.start()
            probe, deadline = seat(), time.monotonic() + 10
            while True:  # the others' tables fill the places: one more is refused
                reply = requests.get(base + "?student=" + probe, headers={"Accept": "application/json"}, timeout=60)
                if reply.status_code == 429 and reply.json() == {"error": TABLES_BUSY}:
                    break
                assert time.monotonic() < deadline, "the tables asked together never filled the places"
                time.sleep(0.05)
            page.get_by_role("button", name="Join").click()
            table = page.frame_locator("#table")
            expect(table.get_by_text(TABLES_BUSY_PAGE)).to_be_visible(timeout=10_000)
            done.set()  # the others stop: the table opens at its next try, 5 to 10 s later
            table.locator("button.catcards-turn").wait_for(timeout=90_000)
            expect(page.locator("#message")).to_have_text("")
        finally:
            done.set()
            for thread in threads:
                thread.join(120)


@pytest.mark.browser
def test_a_table_that_stopped_or_a_server_out_of_reach_is_said_on_the_page(browser_ready, class_server):
    """Break-it (break4): with the class server stopped (Ctrl+C) the table stayed on screen,
    dead, without a word, and once it was started again (it has none of the tables it had, as
    after the idle cull) too. The page says the server cannot be reached while it cannot, and
    that the table stopped (reload to play on) once the server answers without it."""
    import requests
    from playwright.sync_api import expect

    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(class_server["join_url"])
        page.get_by_role("button", name="Join").click()
        page.frame_locator("#table").locator("button.catcards-turn").wait_for(timeout=60_000)
        page.route("**/me", lambda route: route.abort())  # the server out of reach
        expect(page.locator("#message")).to_contain_text("The class server cannot be reached", timeout=15_000)
        page.unroute("**/me")
        expect(page.locator("#message")).to_have_text("", timeout=15_000)
        expect(page.locator("#table")).to_be_visible()
        # the table's kernel stopped (the teacher may stop one; a restart or the cull stop them all)
        table = next(f for f in page.frames if "?student=" in f.url)
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', table.content()).group(1)
        stop = requests.post(class_server["base"] + f"voila/api/shutdown/{kernel}", timeout=30,
                             headers={"Authorization": f"Bearer {class_server['teacher_token']}"})
        assert stop.status_code == 204
        expect(page.locator("#message")).to_contain_text("Your table has stopped", timeout=15_000)
        expect(page.locator("#table")).to_be_hidden()
        page.reload()
        page.frame_locator("#table").locator("button.catcards-turn").wait_for(timeout=60_000)
        page.wait_for_timeout(5000)
        expect(page.locator("#message")).to_have_text("")
        # the teacher ends the class (the server's /me says so; this module's class goes on): a
        # README user played all 52 cards of an ended class before a word was said

        def ended(route):
            answer = route.fetch().json()
            route.fulfill(json={**answer, "ended": True})

        page.route("**/me", ended)
        expect(page.locator("#message")).to_have_text(
            "The class has ended: thank you for playing. Your results are kept.", timeout=15_000)
        expect(page.locator("#table")).to_be_hidden()
        expect(page.locator("#tally-box")).to_be_hidden()


@pytest.mark.browser
def test_the_teacher_takes_a_student_out_of_the_pool_by_keyboard_on_a_phone(browser_ready, class_server):
    """A student's results taken out of the pool and put back on the dashboard, by keyboard only, on
    a phone-sized page (390 x 844): the pool's game count drops by the student's game and comes
    back, the focus stays on the student's button, the student's nickname is not shown while
    they are out, and axe-core finds no WCAG 2.1 A or AA violation with a student taken out."""
    pytest.importorskip("axe_playwright_python")
    import requests
    from playwright.sync_api import expect

    info = class_server
    url, auth = info["join_url"], {"Authorization": f"Bearer {info['teacher_token']}"}
    counted_pass(url, "Rude")
    before = requests.get(url + "/summary", headers=auth, timeout=30).json()
    number, games = before["joined"], before["n"]  # students are numbered in the order they join
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(info["dashboard_url"])
        expect(page.locator("#submitted")).to_have_text(str(games), timeout=10_000)
        take_out = page.get_by_role("button", name=f"Take out Student {number}'s results")
        expect(take_out).to_have_text("Take out")
        # by keyboard: Tab from the last control before the list reaches the first student's button
        page.locator("#end").focus()
        first = page.locator("#roster button").first
        page.keyboard.press("Tab")
        expect(first).to_be_focused()
        for _ in range(page.locator("#roster button").count()):
            if take_out.evaluate("b => b === document.activeElement"):
                break
            page.keyboard.press("Tab")
        expect(take_out).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("#submitted")).to_have_text(str(games - 1), timeout=10_000)
        expect(page.locator("#message")).to_have_text(f"Student {number}'s results are taken out of the pool.")
        put_back = page.get_by_role("button", name=f"Put back Student {number}'s results")
        expect(put_back).to_be_focused()  # the redrawn list gives the focus back to the student's button
        expect(page.get_by_role("row", name=re.compile(rf"Student {number} \(taken out\)"))).to_be_visible()
        page.get_by_role("button", name="Show nicknames").click()
        expect(page.get_by_role("button", name="Hide nicknames")).to_be_visible()
        page.wait_for_timeout(1500)
        assert "Rude" not in page.locator("main").inner_text()
        assert "Rude" not in (page.locator("#students").get_attribute("aria-label") or "")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE[0], width
        problems = _violations(page, "the dashboard with a student taken out, 390x844")
        assert not problems, "\n".join(problems)
        put_back.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#submitted")).to_have_text(str(games), timeout=10_000)
        # nicknames shown and the student back in the pool: their own name again, the focus kept
        expect(page.get_by_role("button", name="Take out Rude's results")).to_be_focused()
        # the list (nicknames and buttons) is the teacher's: the projector view leaves it out
        page.get_by_role("button", name="Projector view").click()
        expect(page.locator("#roster")).to_be_hidden()
    csv = requests.get(url + "/results.csv", headers=auth, timeout=30).text.splitlines()
    assert csv[0].endswith(",removed") and all(line.endswith(",False") for line in csv[1:])


@pytest.mark.browser
def test_a_student_who_sent_nothing_is_taken_out_by_keyboard_and_the_counts_say_so(browser_ready, class_server):
    """Break-it (pool44): a student who had sent nothing had no "Take out" button (a rude nickname
    stayed on the teacher's list until it sent a game), and with a student taken out the line
    said "1 sent a game" of the pool alone. Such a student has the same button as the others,
    reached by Tab and pressed with Enter; the line then says how many are taken out and that
    the rest is of the others; the page fits a phone and axe-core finds no WCAG 2.1 A or AA
    violation."""
    pytest.importorskip("axe_playwright_python")
    import requests
    from playwright.sync_api import expect

    info = class_server
    url, auth = info["join_url"], {"Authorization": f"Bearer {info['teacher_token']}"}
    assert requests.post(url + "/join", json={"nickname": "Silent"}, timeout=30).status_code == 201
    counted_pass(url, "Sender")  # a student who sent a game: their button is the look to match

    def summary() -> dict:
        return requests.get(url + "/summary", headers=auth, timeout=30).json()

    before = summary()
    named = requests.get(url + "/summary?names=1", headers=auth, timeout=30).json()["students"]
    sender = next(r["number"] for r in named if r["student"] == "Sender")
    silent = sender - 1  # numbered in the order they join
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(info["dashboard_url"])
        take_out = page.get_by_role("button", name=f"Take out Student {silent}'s results")
        expect(take_out).to_have_text("Take out", timeout=10_000)
        expect(page.get_by_role("row", name=re.compile(rf"^Student {silent} nothing yet Take out"))).to_be_visible()
        look = ("b => { const c = getComputedStyle(b); return [c.backgroundColor, c.color, c.fontSize, c.padding, "
                "c.borderRadius, c.borderStyle, b.type, b.disabled]; }")
        other = page.get_by_role("button", name=f"Take out Student {sender}'s results")
        assert take_out.evaluate(look) == other.evaluate(look) == ["rgb(0, 114, 178)", "rgb(255, 255, 255)", "16px",
                                                                   "7.2px 12.8px", "4px", "none", "button", False]
        line = page.locator("#joined").locator("xpath=..")
        expect(line).to_have_text(use_inner_text=True, expected=f"{before['joined']} joined · {before['submitted']} sent a game · "
                                  f"{before['n']} game{'s' * (before['n'] != 1)} counted")
        page.locator("#end").focus()
        for _ in range(page.locator("#roster button").count()):
            page.keyboard.press("Tab")
            if take_out.evaluate("b => b === document.activeElement"):
                break
        expect(take_out).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("#message")).to_have_text(f"Student {silent}'s results are taken out of the pool.")
        expect(page.get_by_role("button", name=f"Put back Student {silent}'s results")).to_be_focused()
        out = summary()
        assert (out["taken_out"], out["submitted"], out["n"]) == (before["taken_out"] + 1, before["submitted"], before["n"])
        expect(line).to_have_text(use_inner_text=True, expected=f"{out['joined']} joined · {out['taken_out']} taken out · of the others, "
                                  f"{out['submitted']} sent a game · {out['n']} game{'s' * (out['n'] != 1)} counted")
        page.get_by_role("button", name="Show nicknames").click()
        expect(page.get_by_role("button", name="Take out Sender's results")).to_be_visible(timeout=5_000)
        assert "Silent" not in page.locator("main").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        problems = _violations(page, "the dashboard with a student who sent nothing taken out, 390x844")
        assert not problems, "\n".join(problems)
        page.get_by_role("button", name=f"Put back Student {silent}'s results").focus()
        page.keyboard.press("Enter")
        expect(page.get_by_role("button", name="Take out Silent's results")).to_be_focused(timeout=10_000)
        expect(page.locator("#out-part")).to_be_hidden()


#: the rules axe-core checks on the class pages: WCAG 2.1 levels A and AA
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


@pytest.mark.browser
def test_the_nicknames_button_pressed_during_a_poll_takes_effect(browser_ready, class_server):
    """The dashboard's "Show nicknames" / "Hide nicknames" takes effect when it is pressed while the
    dashboard's 1-second poll is waiting for the server (break43): the forced refresh was dropped
    ("busy"), and with no new result the class's version never changed, so the list kept the old
    naming (a nickname stayed on the teacher's screen after "Hide nicknames")."""
    import requests
    from playwright.sync_api import expect

    url = class_server["join_url"]
    counted_pass(url, "Quokka")
    auth = {"Authorization": f"Bearer {class_server['teacher_token']}"}
    student = f"Student {requests.get(url + '/summary', headers=auth, timeout=30).json()['joined']}"
    with chromium() as browser:
        page = browser.new_page()
        page.goto(class_server["dashboard_url"])
        roster = page.locator("#roster")
        expect(roster).to_contain_text(student, timeout=10_000)
        held, holding = [], [False]
        page.route("**/version*", lambda route: held.append(route) if holding[0] else route.continue_())
        for button, shown, hidden in [("Show nicknames", "Quokka", student),
                                      ("Hide nicknames", student, "Quokka")]:
            holding[0] = True  # the next poll waits for the server
            for _ in range(50):
                if held:
                    break
                page.wait_for_timeout(100)
            assert held, "the dashboard polls /version every second"
            page.get_by_role("button", name=button).click()  # while the poll waits
            holding[0] = False
            while held:
                held.pop().continue_()
            expect(roster).to_contain_text(shown, timeout=5_000)
            expect(roster).not_to_contain_text(hidden)


def _violations(page, where: str) -> list[str]:
    """axe-core's WCAG 2.1 A and AA violations on ``page``, any impact, one line per rule. The
    table's frame (Voila's page) is left out: the games' apps have their own axe test
    (tests/browser/test_a11y.py)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"include": [["body"]], "exclude": [["#table"]]},
                        options={"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]})
    return [f"{where}: {v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in results.response["violations"]]


@pytest.mark.browser
def test_axe_finds_no_wcag_violation_on_the_class_pages(browser_ready, class_server):
    """The join page, the code box (and its answer to a wrong code), the student's page after
    joining, the dashboard and its projector view: no WCAG 2.1 A or AA violation, on a Chromebook's
    screen and a phone's."""
    pytest.importorskip("axe_playwright_python")
    from playwright.sync_api import expect

    info = class_server
    wrong = "ZZZZZZ" if info["code"] != "ZZZZZZ" else "YYYYYY"
    problems: list[str] = []
    with chromium() as browser:
        for size in (CHROMEBOOK, PHONE):
            page = browser.new_page(viewport={"width": size[0], "height": size[1]})
            where = f"{size[0]}x{size[1]}"
            page.goto(info["base"] + "class")
            expect(page.get_by_label("The class code your teacher shows")).to_be_visible()
            problems += _violations(page, f"the code box, {where}")
            page.get_by_label("The class code your teacher shows").fill(wrong.lower())
            page.get_by_role("button", name="Join").click()
            expect(page.get_by_role("alert")).to_contain_text(f"The class code {wrong} was not found")
            expect(page.get_by_label("The class code your teacher shows")).to_have_value(wrong)
            problems += _violations(page, f"a wrong code, {where}")
            page.goto(info["join_url"])
            expect(page.get_by_role("button", name="Join")).to_be_visible()
            problems += _violations(page, f"the join page, {where}")
            page.close()
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        posts = []  # break50: a double-click on Join made two students, on "Send my count" two counts
        page.on("request", lambda r: posts.append(r.url.rsplit("/", 1)[-1]) if r.method == "POST" else None)
        page.goto(info["join_url"])
        page.get_by_role("button", name="Join").dblclick()
        expect(page.locator("#play")).to_be_visible(timeout=10_000)
        assert posts.count("join") == 1
        page.get_by_text("Played with real cards?").click()
        expect(page.get_by_label(re.compile("How many snaps did you count"))).to_be_visible()
        problems += _violations(page, "the student's page after joining, 390x844")
        # the answer to a count shows under its box, in view on a phone (it showed only at the
        # top of the page, out of view, and a student sent the count twice)
        page.get_by_label(re.compile("How many snaps did you count")).fill("3")
        page.get_by_role("button", name="Send my count").dblclick()
        status = page.locator("#tally-status")
        expect(status).to_have_text("Sent: your count of 3 snaps from real cards (marked as not checked).")
        expect(page.locator("#results")).to_contain_text("With real cards you counted 3 snaps")
        assert posts.count("tally") == 1 and "3, 3" not in page.locator("#results").inner_text()
        expect(status).to_have_attribute("role", "status")
        expect(status).to_be_in_viewport()
        problems += _violations(page, "the student's page after sending a count, 390x844")
        page.close()
        for size in (CHROMEBOOK, (1920, 1080)):
            dashboard = browser.new_page(viewport={"width": size[0], "height": size[1]})
            dashboard.goto(info["dashboard_url"])
            expect(dashboard.locator("#joined")).not_to_have_text("0", timeout=10_000)
            problems += _violations(dashboard, f"the dashboard, {size[0]}x{size[1]}")
            dashboard.get_by_role("button", name="Projector view").click()
            expect(dashboard.get_by_role("button", name="Leave the projector view")).to_be_visible()
            problems += _violations(dashboard, f"the projector view, {size[0]}x{size[1]}")
            dashboard.close()
    assert not problems, "\n".join(problems)


def _class_summary(game: str, games_per_student: list[int]) -> tuple[dict, object]:
    """A class of ``game`` ("snap" or "simons-cat") on an in-memory pool, one student per entry
    of ``games_per_student`` playing that many real games (their own series, seeded), and one count
    from real cards: the pool's summary and the activity."""
    import numpy as np

    from catcards.classroom.pool import Pool
    from catcards.classroom.store import open_store
    from catcards.games.snap import FLIP

    rng = np.random.default_rng(5)
    pool = Pool(open_store(":memory:"), burst=1000)
    code = pool.start(game).code
    act = pool.activity(code)
    for i, games in enumerate(games_per_student):
        me = pool.join(code, f"Kitten{i}")
        for k in range(games):
            state = act.new_game(pool.game_seed(code, me.token, k))
            while not act.finished(state):
                legal = state.legal_actions()
                state.apply(FLIP if game == "snap" else legal[rng.integers(len(legal))])
            pool.submit(code, me.token, state.to_json())
    pool.tally(code, pool.join(code).token, 1)
    summary = pool.summary(code)
    pool.store.close()
    return summary, act


def _dashboard_alone(browser, size, summary, act):
    """The dashboard page (the server's template and config) on ``summary``, answered by routes
    (no class server): a page of ``size``."""
    import html
    import json

    from catcards.classroom.server import _page, dashboard_config

    code = summary["code"]
    base = f"http://dashboard.test/class/{code}/"
    body = _page("dashboard.html", title=html.escape(act.title), code=code, join_url=base,
                 config=json.dumps(dashboard_config(code, act, base)))
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.route(base + "dashboard", lambda route: route.fulfill(body=body, content_type="text/html"))
    page.route(base + "version", lambda route: route.fulfill(json={"version": summary["version"]}))
    page.route(base + "summary*", lambda route: route.fulfill(json=summary))
    page.route(base + "qr.svg", lambda route: route.fulfill(body="<svg xmlns='http://www.w3.org/2000/svg'/>",
                                                           content_type="image/svg+xml"))
    page.goto(base + "dashboard#token=teacher")
    page.locator("#students svg").wait_for()
    return page


#: each chart's texts: their words, pixel boxes, font sizes, and the box of their drawing
CHART_TEXTS = """chart => {
  const svg = document.querySelector('#' + chart + ' svg'), box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, cls: t.getAttribute('class'), size: parseFloat(getComputedStyle(t).fontSize),
            left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  });
  const titles = [...document.querySelectorAll('#' + chart + ' .axis-title')].map(p => p.textContent);
  const interval = svg.querySelector('.pool-interval');
  const clip = svg.querySelector('clipPath rect');
  return {texts, titles, box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
          plot: {left: +clip.getAttribute('x') + box.left, right: +clip.getAttribute('x') + +clip.getAttribute('width') + box.left},
          interval: interval && {left: interval.getBoundingClientRect().left, right: interval.getBoundingClientRect().right}};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("size, projector", [((1280, 720), True), ((1280, 720), False), (PHONE, False)],
                         ids=["projector-1280x720", "1280x720", "phone-390"])
def test_the_dashboard_charts_are_readable_with_numbers_on_every_axis(browser_ready, size, projector):
    """Fresh users, on a projector (1280 x 720) and a phone (390 px): the charts' numbers were
    13 px in a drawing scaled to its box (about 8 px on a phone), the y numbers cut at the left
    ("00%"), the value numbers ran into the axis title; the students' chart had no numbers on its
    axis and cut the names ("tudent 1") and drew the pool's interval without keeping it in the
    axis; the running mean's y numbers were odd (0.8, 1.9, 3.0, 4.1) and below 0 for a proportion
    (-0.1 to 1.1), its x axis had no numbers. Now every chart text is at least the lessons' tick
    size (catcards.plotstyle), inside its drawing and clear of every other text; the axes have
    titles and numbers at whole steps (whole numbers of games); a proportion stays within 0 to
    100%, and the pool's interval within the plot."""
    from catcards.plotstyle import STYLE

    tick_px = STYLE["xtick.labelsize"] * STYLE["figure.dpi"] / 72
    with chromium() as browser:
        for game, per in [("simons-cat", [1, 2, 3, 8, 1, 5, 2, 12, 4, 1]), ("snap", [1, 3, 2, 6, 1, 4, 9, 2])]:
            summary, act = _class_summary(game, per)
            page = _dashboard_alone(browser, size, summary, act)
            page.get_by_role("button", name="Show the exact answer").click()
            if projector:
                page.get_by_role("button", name="Projector view").click()
            for chart in ("dist", "running", "students"):
                found = page.evaluate(CHART_TEXTS, chart)
                texts, box = found["texts"], found["box"]
                where = f"{game} {chart} at {size}"
                assert len(texts) >= 4, where
                for t in texts:
                    assert t["size"] >= tick_px * (1.3 if projector else 1) - 0.01, (where, t)
                    assert (t["left"] >= box["left"] - 0.5 and t["right"] <= box["right"] + 0.5
                            and t["top"] >= box["top"] - 0.5 and t["bottom"] <= box["bottom"] + 0.5), (where, t, box)
                for i, one in enumerate(texts):
                    for other in texts[i + 1:]:
                        apart = (one["right"] <= other["left"] or other["right"] <= one["left"]
                                 or one["bottom"] <= other["top"] or other["bottom"] <= one["top"])
                        assert apart, (where, one["text"], other["text"])
                assert found["titles"] and all(found["titles"]), where
                numbers = {cls: [t["text"] for t in texts if t["cls"] == cls] for cls in ("tick-x", "tick-y")}
                assert len(numbers["tick-x"]) >= 2, (where, numbers)
                if chart == "running":
                    games = [int(t) for t in numbers["tick-x"]]  # whole numbers of games, increasing
                    n = summary["running"][-1]["n"]
                    assert games[0] == 1 and games == sorted(set(games)) and games[-1] <= n, where
                    steps = {b - a for a, b in zip(games[1:], games[2:])}
                    assert len(steps) <= 1 and (not steps or steps.pop() in (1, 2, 5, 10, 20, 50)), (where, games)
                if chart in ("running", "dist") or game == "simons-cat":
                    axis = numbers["tick-y"] if chart != "students" else numbers["tick-x"]
                    values = [float(t.rstrip("%")) / (100 if t.endswith("%") else 1) for t in axis]
                    assert len(values) >= 2 and values == sorted(values), (where, axis)
                    if game == "simons-cat" or chart == "dist":  # a proportion: 0 to 100%
                        assert all(t.endswith("%") for t in axis) and 0 <= values[0] and values[-1] <= 1, (where, axis)
                if chart == "students":
                    plot, interval = found["plot"], found["interval"]
                    assert plot["left"] - 0.5 <= interval["left"] < interval["right"] <= plot["right"] + 0.5, (where, found)
                    names = [t["text"] for t in texts if t["cls"] == "row-label"]
                    # every name whole (a name is cut with "..." only beyond a third of the width)
                    assert names == [f"Student {i}" for i in range(1, len(per) + 1)] + ["The pool"], (where, names)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= size[0], (where, width)
            page.close()


def _percent(x: float) -> str:
    """``x`` as the dashboard writes a share: whole percent, halves up (JavaScript's toFixed(0))."""
    from decimal import ROUND_HALF_UP, Decimal

    return f"{Decimal(repr(100 * x)).quantize(Decimal(1), rounding=ROUND_HALF_UP)}%"


@pytest.mark.browser
def test_a_yes_no_activity_s_roster_says_each_student_s_share_as_the_summary_does(browser_ready):
    """break45: the roster (take a student out) showed a yes/no activity's per-student means as
    "mean 0.67" while the summary says "Share of the ... games: 67%". Every student's games and
    real-card counts are a share there now ("share 67%"), as in the students' chart's words and
    the "So far" line; a count activity keeps "mean 2.50"."""
    with chromium() as browser:
        for game, per in (("simons-cat", [1, 2, 3, 4, 3]), ("snap", [1, 2])):
            summary, act = _class_summary(game, per)
            page = _dashboard_alone(browser, (1280, 720), summary, act)
            rows = page.locator("#roster tbody tr")
            rows.first.wait_for()
            sent = [rows.nth(i).locator("td").first.inner_text() for i in range(rows.count())]
            word = (lambda x: "share " + _percent(x)) if game == "simons-cat" else (lambda x: f"mean {x:.2f}")
            games = [f"{r['n']} game{'s' if r['n'] > 1 else ''} ({word(r['mean'])})" for r in summary["students"] if r["n"]]
            assert sent == games + [f"1 count from real cards ({word(1.0)})"], (game, sent)
            if game == "simons-cat":
                assert not re.search(r"\b0\.\d", " ".join(sent)), sent
                assert page.locator("#tallies").inner_text().startswith("1 count from real cards, share 100% (not checked")
                label = page.locator("#students").get_attribute("aria-label")
                first = summary["students"][0]
                assert label.startswith(f"Student 1: share {_percent(first['mean'])} from {first['n']};"), label
                last = summary["running"][-1]
                assert page.locator("#mean-text").inner_text().startswith(
                    f"After {last['n']} checked games, the share is {_percent(last['mean'])}, 95% interval "), label
                # the headings and keys say share too (break46: "The running mean with its 95% interval")
                assert page.locator("#mean-title").inner_text() == "The running share with its 95% interval"
                keys = page.locator("#running-key").inner_text() + page.locator("#students-key").inner_text()
                assert "mean" not in keys and "one student's share" in keys, keys
            else:
                assert page.locator("#mean-title").inner_text() == "The running mean with its 95% interval"
            page.close()


#: the projector view's layout at 1280 x 720: where things are, measured in the page
PROJECTOR_LAYOUT = """() => {
  const rect = el => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height, width: r.width}; };
  const card = id => document.getElementById(id).closest('.card');
  const cardBottom = id => { const c = card(id), s = getComputedStyle(c);
    return c.lastElementChild.getBoundingClientRect().bottom + parseFloat(s.paddingBottom) + parseFloat(s.borderBottomWidth); };
  const plot = id => +document.querySelector('#' + id + ' clipPath rect').getAttribute('height');
  const value = id => { const el = document.getElementById(id); return {text: el.textContent, size: parseFloat(getComputedStyle(el).fontSize), ...rect(el)}; };
  return {scrollY: window.scrollY, focused: document.activeElement.textContent,
          dist: {...rect(document.querySelector('#dist svg')), plot: plot('dist'), cardBottom: cardBottom('dist')},
          running: {...rect(document.querySelector('#running svg')), plot: plot('running'), cardBottom: cardBottom('running')},
          mean: value('pool-mean'), interval: value('pool-interval'), code: rect(document.querySelector('.code')),
          qr: rect(document.getElementById('qr')), body: parseFloat(getComputedStyle(document.body).fontSize),
          meanText: document.getElementById('mean-text').textContent,
          runningLabel: document.getElementById('running').getAttribute('aria-label')};
}"""


@pytest.mark.browser
def test_the_projector_view_at_1280x720_puts_the_result_and_the_main_charts_on_the_first_screen(browser_ready):
    """A teacher projecting at 1280 x 720: the charts started below the first screen (title, join
    code and QR and the "So far" text first, the page about 2.7 screens tall), pressing
    "Projector view" (below the charts) left the page scrolled near its bottom, each plot was
    about 210 px tall with its key below as tall, and the pool's mean and interval were running
    text. Now, pressed by keyboard from the teacher's controls: the page is at its top, the focus
    on "Leave the projector view" (in view), the join code and a smaller QR beside the key result,
    which is in large type (the numbers of the summary's last running point, as the chart's words
    say them), and both main charts, their keys included, within the first 720 px with plots
    taller than 230 px. Escape leaves, the focus back on "Projector view"."""
    from playwright.sync_api import expect

    summary, act = _class_summary("snap", [1, 3, 2, 6, 1, 4, 9, 2])
    last = summary["running"][-1]
    with chromium() as browser:
        page = _dashboard_alone(browser, (1280, 720), summary, act)
        before = page.evaluate(PROJECTOR_LAYOUT)
        assert before["dist"]["plot"] < 230   # the normal view's plots, as the teacher found them
        page.get_by_role("button", name="Show the exact answer").click()
        page.locator("#projector").focus()
        assert page.evaluate("window.scrollY") > 720   # the controls are below the charts
        page.keyboard.press("Enter")
        expect(page.get_by_role("button", name="Leave the projector view")).to_be_focused()
        found = page.evaluate(PROJECTOR_LAYOUT)
        assert found["scrollY"] == 0 and found["focused"] == "Leave the projector view"
        for chart in ("dist", "running"):
            box = found[chart]
            assert 0 < box["top"] and box["bottom"] <= 720 and box["cardBottom"] <= 720, (chart, found)
            assert box["plot"] > 230 and box["plot"] > before[chart]["plot"] + 20, (chart, before, found)
        # the key result: the summary's numbers, in type at least 1.5 times the page's text
        assert found["mean"]["text"] == f"{last['mean']:.2f}"
        assert found["interval"]["text"] == f"{last['low']:.2f} to {last['high']:.2f}"
        for part in ("mean", "interval"):
            assert found[part]["size"] >= 1.5 * found["body"] and found[part]["bottom"] <= 720, found
        # the same numbers in the chart's words (its label, read by a screen reader)
        assert f"the mean is {last['mean']:.2f}, 95% interval {last['low']:.2f} to {last['high']:.2f}" in found["runningLabel"]
        assert found["code"]["bottom"] <= 720 and found["qr"]["bottom"] <= 720 and 90 <= found["qr"]["width"] <= 130, found
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 1280, width
        page.keyboard.press("Escape")
        expect(page.get_by_role("button", name="Projector view")).to_be_focused()
        assert page.evaluate(PROJECTOR_LAYOUT)["dist"]["plot"] == before["dist"]["plot"]
        page.close()


#: each chart key's box, and whether anything clips it: its own overflow, or an ancestor's that
#: does not show all of it (the page itself scrolls: the viewport is not such an ancestor)
KEY_BOXES = """() => [...document.querySelectorAll('.key')].map(key => {
  const r = key.getBoundingClientRect();
  let clipped = key.scrollHeight > key.clientHeight + 1 || key.scrollWidth > key.clientWidth + 1;
  for (let el = key.parentElement; el && el !== document.body; el = el.parentElement) {
    const s = getComputedStyle(el), b = el.getBoundingClientRect();
    if ((s.overflowX !== 'visible' || s.overflowY !== 'visible') &&
        (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5 || r.right > b.right + 0.5)) { clipped = true; }
  }
  return {id: key.id, top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, clipped,
          plot: key.id === 'students-key' ? null : +key.closest('.card').querySelector('clipPath rect').getAttribute('height')};
})"""


@pytest.mark.browser
def test_the_projector_view_at_1024x768_shows_the_main_charts_keys_whole_on_the_first_screen(browser_ready):
    """A 1024 x 768 projector (break45): the projector view cut off the last lines of the two main
    charts' keys (the charts kept at least 260 px under a taller title and key result, and the keys
    ended below the screen). Now both keys, the exact answer's words shown too, lie whole within
    the first screen, with plots at least 150 px tall; the students' chart's key is whole within
    the page below; nothing clips a key."""
    with chromium() as browser:
        for game, per in (("simons-cat", [1, 2, 3, 8, 1, 5, 2, 12, 4, 1]), ("snap", [1, 3, 2, 6, 1, 4, 9, 2])):
            summary, act = _class_summary(game, per)
            page = _dashboard_alone(browser, (1024, 768), summary, act)
            page.get_by_role("button", name="Show the exact answer").click()
            page.get_by_role("button", name="Projector view").click()
            assert page.evaluate("window.scrollY") == 0
            keys = {k["id"]: k for k in page.evaluate(KEY_BOXES)}
            height = page.evaluate("document.documentElement.scrollHeight")
            for name, key in keys.items():
                where = (game, name, key)
                assert not key["clipped"] and 0 <= key["left"] and key["right"] <= 1024, where
                assert 0 <= key["top"] < key["bottom"] <= (height if name == "students-key" else 768), where
                assert key["plot"] is None or key["plot"] >= 150, where
            assert set(keys) == {"dist-key", "running-key", "students-key"}
            assert page.evaluate("document.documentElement.scrollWidth") <= 1024
            page.close()


@pytest.mark.browser
def test_the_running_mean_s_axis_is_not_stretched_by_the_wide_t_interval_of_two_results(browser_ready):
    """Student's t interval from 2 counts, 0 and 6 snaps, is 3 +- 12.706 x 3 (to 41.1 snaps): an
    axis holding it squeezed the later, narrower intervals into a few pixels. The axis holds every
    mean and the intervals from the 5th result on; the early band runs off the plot (clipped),
    and the words still give the last interval."""
    from catcards.classroom.pool import _running

    summary, act = _class_summary("snap", [1])
    values = [0, 6, 3, 3, 2, 4, 3, 3, 3, 2, 4, 3]
    summary["running"] = run = _running(values, binary=False, bounds=(0, 51))
    summary["tallies"] = {"n": 0, "counts": [], "mean": None, "running": [], "verified": False}
    assert run[1]["high"] == pytest.approx(3 + 12.7062047 * 3, abs=1e-5)
    with chromium() as browser:
        page = _dashboard_alone(browser, (1280, 720), summary, act)
        ticks = [float(t) for t in page.locator("#running svg text.tick-y").all_text_contents()]
        later = max(r["high"] for r in run[4:])
        assert later <= ticks[-1] < run[1]["high"] / 2, (ticks, later)
        assert page.locator("#running svg polygon").get_attribute("clip-path") == "url(#running-plot)"
        last = run[-1]
        assert f"95% interval {last['low']:.2f} to {last['high']:.2f}" in page.locator("#running").get_attribute("aria-label")
        assert page.locator("#pool-interval").inner_text() == f"{last['low']:.2f} to {last['high']:.2f}"
        page.close()


#: the exact answer's marks in each chart: their colour, width and place among the chart's drawing
EXACT_MARKS = """chart => {
  const svg = document.querySelector('#' + chart + ' svg'), all = [...svg.children];
  const line = el => ({stroke: el.getAttribute('stroke'), width: +el.getAttribute('stroke-width'), at: all.indexOf(el)});
  return {marks: [...svg.querySelectorAll('.exact-mark')].map(line), edges: [...svg.querySelectorAll('.exact-edge')].map(line),
          series: [...svg.querySelectorAll('polyline, circle')].map(el => all.indexOf(el))};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("projector", [False, True], ids=["normal", "projector"])
def test_the_exact_answer_is_drawn_in_thick_edged_marks_and_the_keys_say_what_is_drawn(browser_ready, projector):
    """A teacher on a projector: after "Show the exact answer" the orange ticks were 4 px (2.5 px
    dashed lines), orange on white (2:1), and the dashed exact mean hid the class's mean line
    under it; the keys said "games played on this page" (no game is played on the dashboard) and
    the students' chart did not say its pool bar is the pool's 95% interval. Now the exact marks are
    orange (Okabe-Ito) over a black edge 3 px wider, the ticks at least 7 px, the lines 4 px, drawn
    under the class's lines and dots; the keys speak of the students' class pages and the pool's
    95% interval."""
    summary, act = _class_summary("snap", [1, 3, 2, 6, 1, 4, 9, 2])
    with chromium() as browser:
        page = _dashboard_alone(browser, (1280, 720), summary, act)
        page.get_by_role("button", name="Show the exact answer").click()
        if projector:
            page.get_by_role("button", name="Projector view").click()
        least = {"dist": 7, "running": 4, "students": 4}
        for chart in ("dist", "running", "students"):
            found = page.evaluate(EXACT_MARKS, chart)
            marks, edges = found["marks"], found["edges"]
            assert marks and len(marks) == len(edges), (chart, found)
            for mark, edge in zip(marks, edges):
                assert mark["stroke"] == "#E69F00" and edge["stroke"] == "#1a1a1a", (chart, mark, edge)
                assert mark["width"] >= least[chart] and edge["width"] == mark["width"] + 3, (chart, mark, edge)
                assert edge["at"] == mark["at"] - 1, (chart, found)   # the edge just under its mark
            if chart == "dist":  # one tick per result drawn: the results seen and those of chance 0.1% or more
                seen = ({v for v, p in summary["exact"] if p >= 0.001} | {v for v, _ in summary["counts"]}
                        | {v for v, _ in summary["tallies"]["counts"]})
                assert len(marks) == sum(min(seen) <= v <= max(seen) for v, _ in summary["exact"]), found
            else:  # the exact mean under the class's lines and dots
                assert found["series"] and max(m["at"] for m in marks) < min(found["series"]), (chart, found)
        words = page.locator("main").inner_text()
        assert "on this page" not in words
        key = page.locator("#students-key").inner_text()
        assert "The pool: the mean of all the checked games (square) and its 95% interval (bar)." in key
        assert "class pages" in page.locator("#dist-key").inner_text() and "class pages" in page.locator("#running-key").inner_text()
        page.close()


#: what the student's page says beside the table when the teacher closes the class
CLOSED_WORDS = "Class closed for now. Keep playing: this game counts if the class opens again before you finish."
#: what it says instead when no game of theirs is in play (no move of their next game made: their
#: last game was counted, e.g. a Simon's Cat deal, counted at its deal; table57)
CLOSED_IDLE_WORDS = "Class closed for now: no game counts until your teacher opens the class again."


@pytest.mark.browser
def test_a_student_playing_is_told_at_once_when_the_teacher_closes_the_class(browser_ready, class_server):
    """A fresh user: a student whose teacher closed the class learned it only at the end of their
    game ("Not counted: ... closed"). The page reads /me every 4 s: within seconds it says so beside
    the table, in view on a phone scrolled down to the table, without hiding the table (the game
    goes on), with what happens to a game finished while closed; opened again, it says so. No WCAG
    2.1 AA violation (axe) with the words shown, nothing wider than the phone."""
    import requests
    from playwright.sync_api import expect

    url, auth = class_server["join_url"], {"Authorization": f"Bearer {class_server['teacher_token']}"}
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(url)
        page.get_by_role("button", name="Join").click()
        frame = page.frame_locator("#table")
        turn, status = frame.locator("button.catcards-turn"), frame.locator(".catcards-status")
        turn.wait_for(timeout=60_000)
        turn.click()
        expect(status).to_contain_text("1 card turned", timeout=15_000)
        notice = page.locator("#class-state")
        expect(notice).to_have_text("")
        # scrolled down into the table, as a student playing on a phone is
        page.evaluate("window.scrollTo(0, document.getElementById('table').offsetTop + 150)")
        try:
            closed = requests.post(url + "/open", json={"open": False}, headers=auth, timeout=30)
            assert closed.json() == {"open": False}
            expect(notice).to_have_text(CLOSED_WORDS, timeout=15_000)
            expect(notice).to_have_attribute("role", "status")
            expect(notice).to_be_in_viewport()
            # sticky over the table: short, so that on a phone it covers little of it
            assert notice.bounding_box()["height"] <= 100, notice.bounding_box()
            expect(page.locator("#message")).to_have_text("")
            # the game goes on
            expect(page.locator("#table")).to_be_visible()
            turn.click()
            expect(status).to_contain_text("2 cards turned", timeout=15_000)
            problems = _violations(page, "the student's page, the class closed, 390x844")
            assert not problems, "\n".join(problems)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        finally:
            requests.post(url + "/open", json={"open": True}, headers=auth, timeout=30)
        expect(notice).to_have_text("Your teacher has opened the class again: the games you finish now count.",
                                    timeout=15_000)


@pytest.fixture
def pool_pages(tmp_path):
    """The class server's own pages and calls (no Voila: no table is opened here) on a free port,
    in a thread, in front of a store with two classes of Snap: ``old`` (a student joined, then the
    teacher ended it) and ``new``, started after it. The server serves ``old``; a test may set
    ``server.info`` to ``new`` (the server started again: a new class, a new code)."""
    from catcards.classroom.activities import activity
    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer
    from catcards.classroom.store import open_store

    store = open_store(tmp_path / "store")
    pool = Pool(store)
    old = pool.start("snap")
    student = pool.join(old.code, "Mia")
    pool.end(old.code, old.teacher_token)
    new = pool.start("snap")
    server = ClassServer()
    server.pool, server.info, server.activity = pool, pool.info(old.code), activity("snap/snaps-per-pass")
    with handlers_served(server) as port:
        yield {"server": server, "old": old, "new": new, "student": student, "base": f"http://127.0.0.1:{port}/"}
    store.close()


@pytest.mark.browser
def test_an_ended_class_s_page_says_so_instead_of_the_join_form_and_of_the_game_s_words(browser_ready, pool_pages):
    """A README user, while the server ran: an ended class's join page showed the nickname and
    Join form (only pressing Join said it had ended, the form below); and a student's page, once
    the class ended, kept "Your game", the game's instructions and "Each finished game is sent..."
    over no table. Now the page says the class has ended instead of the form, and a student's own
    page keeps only their results. No WCAG 2.1 AA violation (axe), nothing wider than a phone."""
    from playwright.sync_api import expect

    code, base = pool_pages["old"].code, pool_pages["base"]
    problems: list[str] = []
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(f"{base}class/{code}")
        expect(page.locator("#message")).to_have_text(
            "This class has ended: no one can join it now. Ask your teacher for the new code.")
        expect(page.get_by_role("button", name="Join")).to_have_count(0)  # hidden: not in the page's roles
        expect(page.locator("#join")).to_be_hidden()
        expect(page.locator("#play")).to_be_hidden()
        problems += _violations(page, "an ended class's join page, 390x844")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        page.close()
        # the student who joined it, on their own page (their token in the browser's storage)
        context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
        context.add_init_script(f"window.localStorage.setItem('catcards-class-{code}', "
                                f"'{pool_pages['student'].token}')")
        mine = context.new_page()
        mine.goto(f"{base}class/{code}")
        expect(mine.locator("#message")).to_have_text("The class has ended: thank you for playing. Your results are kept.")
        expect(mine.locator("#who")).to_contain_text("you are Mia")
        expect(mine.locator("#play-title")).to_have_text("Your results")
        # the heading says "Your results": the line under it says, in a sentence, that none was sent
        assert mine.locator("#results").locator("xpath=..").inner_text() == "You sent no results in this class."
        for hidden in ("#instructions", "#sent-note", "#table", "#tally-box", "#join"):
            expect(mine.locator(hidden)).to_be_hidden()
        expect(mine.get_by_text("Turn all 52 cards")).to_be_hidden()
        expect(mine.get_by_text("Your table sends each game")).to_be_hidden()
        expect(mine.locator("#results")).to_have_text("You sent no results in this class.")
        assert mine.locator("#table").get_attribute("src") is None  # no table of an ended class is asked for
        problems += _violations(mine, "an ended class's student page, 390x844")
        context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.browser
def test_the_focus_goes_to_the_code_box_after_a_wrong_code_and_to_the_words_after_end_the_class(browser_ready, pool_pages):
    """A README user, by keyboard: after a wrong code in the code box (Enter) the focus was on the
    page, not in the box; after "End the class" (confirmed) too, the button being disabled. Now
    the box has the focus, with the answer as its description (an earlier class's code is told
    it has ended), and on the dashboard the words saying the class has ended and what is left to do."""
    from playwright.sync_api import expect

    server, old, new, base = pool_pages["server"], pool_pages["old"], pool_pages["new"], pool_pages["base"]
    server.info = new  # the server started again: a new class
    wrong = next(c for c in ("ZZZZZZ", "YYYYYY") if c not in (old.code, new.code))
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        box = page.get_by_label("The class code your teacher shows")
        for typed, said in ((wrong, f"The class code {wrong} was not found."),
                            (old.code, f"The class {old.code} has ended (or is not running now): your results "
                                       "are kept. Ask your teacher for the new code.")):
            page.goto(base + "class")
            box.fill(typed.lower())
            box.press("Enter")
            expect(page.get_by_role("alert")).to_contain_text(said)
            expect(box).to_be_focused()
            expect(box).to_have_attribute("aria-describedby", "not-found hint")
        page.close()
        dashboard = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        dashboard.on("dialog", lambda dialog: dialog.accept())
        dashboard.goto(f"{base}class/{new.code}/dashboard#token={new.teacher_token}")
        expect(dashboard.locator("#state")).to_have_text("Taking results.", timeout=10_000)
        # the server out of reach as "End the class" is pressed: a line says so (break49: nothing,
        # an uncaught "Failed to fetch"), and the class has not ended
        dashboard.route("**/end", lambda route: route.abort())
        dashboard.get_by_role("button", name="End the class").focus()
        dashboard.keyboard.press("Enter")
        expect(dashboard.locator("#message")).to_have_text(
            "The class server cannot be reached: the class has not ended. Try again.")
        expect(dashboard.get_by_role("button", name="End the class")).to_be_enabled()
        dashboard.unroute("**/end")
        dashboard.get_by_role("button", name="End the class").focus()
        dashboard.keyboard.press("Enter")
        expect(dashboard.locator("#message")).to_have_text(
            'Class ended: no one can join or send results now. The results stay here; '
            '"Download the results (CSV)" keeps a copy.')
        expect(dashboard.locator("#state")).to_have_text("The class has ended.")  # said once, not twice
        expect(dashboard.locator("#message")).to_be_focused()
        expect(dashboard.get_by_role("button", name="End the class")).to_be_disabled()
        expect(dashboard.locator("#message")).to_be_focused()  # after the redraw too
        # the controls left look disabled, and none offers to open the class again (break49)
        expect(dashboard.locator("#open")).to_have_text("Submissions ended")
        expect(dashboard.locator("#open")).to_be_disabled()
        for control in ("#open", "#end"):
            assert dashboard.locator(control).evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(217, 217, 217)"
        dashboard.close()


@pytest.mark.browser
def test_an_ended_class_s_dashboard_without_its_token_says_it_has_ended_not_join(browser_ready, pool_pages):
    """break46: the dashboard's address of an ended class without its "#token=" (a link pasted
    where the part after # was lost, a bookmark, another browser) showed "Join the class", the
    code and the QR code, and "0 joined" (Mia had joined), under "This page needs the teacher's
    link": nothing said the class had ended, and the card invited students to join it."""
    from playwright.sync_api import expect

    old, base = pool_pages["old"], pool_pages["base"]
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"{base}class/{old.code}/dashboard")
        expect(page.locator("#message")).to_have_text(
            f"The class {old.code} has ended: no one can join it now. Its results are on the teacher's link "
            "(the dashboard link printed when the class started).")
        expect(page.locator("#join-card")).to_be_hidden()
        expect(page.get_by_text("Join the class")).to_be_hidden()
        expect(page.locator("#state")).to_have_text("The class has ended.")
        expect(page.locator("#count-card")).to_be_hidden()  # no "0 joined" (Mia had joined)
        problems = _violations(page, "an ended class's dashboard without its token, 1280x720")
    assert not problems, "\n".join(problems)


@pytest.mark.browser
def test_a_running_class_s_dashboard_without_its_token_shows_the_join_card_and_nothing_dead(browser_ready, pool_pages):
    """The dashboard's address of a running class without its "#token=": it said "This page needs
    the teacher's link" above "0 joined" (students had joined), empty charts and the teacher's
    controls, which did nothing. Now the words, the join card, and nothing that cannot load."""
    from playwright.sync_api import expect

    server, new, base = pool_pages["server"], pool_pages["new"], pool_pages["base"]
    server.info = new  # the server runs the new class; a student joins it
    server.pool.join(new.code, "Ava")
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"{base}class/{new.code}/dashboard")
        expect(page.locator("#message")).to_have_text(
            "This page needs the teacher's link (the dashboard link printed when the class started).")
        expect(page.locator("#join-card")).to_be_visible()
        expect(page.locator("#join-card")).to_contain_text(new.code)
        for hidden in ("#count-card", "#dist", "#students", "#roster"):
            expect(page.locator(hidden)).to_be_hidden()
        expect(page.get_by_role("button", name="End the class")).to_be_hidden()
        expect(page.get_by_text("joined")).to_be_hidden()


@pytest.mark.browser
def test_a_dashboard_link_with_a_wrong_token_or_opened_after_the_page_without_it(browser_ready, pool_pages):
    """break48: (1) a dashboard link whose token is wrong (cut short when copied from a wrapped
    terminal line) showed "0 joined", "No students yet." (two students had joined) and six
    teacher's controls, each answering "the teacher's token is wrong", and a reload kept the
    wrong token; (2) the whole link opened in the tab of the page without its token (or with a
    wrong one) changed only the address's "#...": the page went on saying it needs the teacher's
    link. Keyboard only, at 1280x720 and 390x844; no WCAG 2.1 A or AA violation (axe)."""
    from playwright.sync_api import expect

    server, new, base = pool_pages["server"], pool_pages["new"], pool_pages["base"]
    server.info = new
    server.pool.join(new.code, "Ava")
    server.pool.join(new.code, "Ben")
    address = f"{base}class/{new.code}/dashboard"
    problems: list[str] = []
    with chromium() as browser:
        for size in ((1280, 720), PHONE):
            page = browser.new_page(viewport={"width": size[0], "height": size[1]})
            page.goto(f"{address}#token={new.teacher_token[:20]}")
            expect(page.locator("#message")).to_have_text(
                "This link's teacher's token is not right (cut short when it was copied?): open the whole "
                "dashboard link printed when the class started.")
            for hidden in ("#count-card", "#dist", "#students", "#roster"):
                expect(page.locator(hidden)).to_be_hidden()
            expect(page.get_by_role("button")).to_have_count(0)   # no control that does nothing
            expect(page.locator("#join-card")).to_contain_text(new.code)
            page.keyboard.press("Tab")
            expect(page.locator(":focus")).to_have_attribute("href", f"{base}class/{new.code}")
            problems += _violations(page, f"the dashboard with a wrong token, {size[0]}x{size[1]}")
            page.reload()   # the wrong token is forgotten: the words for no token
            expect(page.locator("#message")).to_have_text(
                "This page needs the teacher's link (the dashboard link printed when the class started).")
            page.goto(f"{address}#token={new.teacher_token}")   # the whole link, in the same tab
            expect(page.locator("#joined")).to_have_text("2", timeout=10_000)
            expect(page.locator("#message")).to_have_text("")
            page.reload()   # the token kept in the tab
            expect(page.locator("#joined")).to_have_text("2", timeout=10_000)
            expect(page.get_by_role("button", name="End the class")).to_be_visible()
            page.close()
    assert not problems, "\n".join(problems)


@pytest.mark.browser
def test_an_old_dashboard_link_shows_only_the_teacher_s_words(browser_ready, pool_pages):
    """break45: the dashboard link of an earlier class (ended, and the server runs another class
    now) showed the students' code box ("The class code your teacher shows", Join) under the
    teacher's words. Now only the teacher's words, under a heading that names the class; no
    WCAG 2.1 AA violation (axe)."""
    from playwright.sync_api import expect

    server, old, new, base = pool_pages["server"], pool_pages["old"], pool_pages["new"], pool_pages["base"]
    server.info = new  # the server started again: a new class
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"{base}class/{old.code}/dashboard#token={old.teacher_token}")
        expect(page.get_by_role("alert")).to_have_text(
            f"This server now runs a newer class, not {old.code}. The class {old.code} and its results are kept in "
            f"the store: catcards results {old.code} --csv results.csv writes its CSV. The dashboard of the class now "
            "is the link printed when the server started.")
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Class {old.code} is not running")
        expect(page.get_by_role("textbox")).to_have_count(0)
        expect(page.get_by_role("button")).to_have_count(0)
        expect(page.get_by_text("The class code your teacher shows")).to_be_hidden()
        assert page.evaluate("document.activeElement === document.body")  # no box to put the focus in
        problems = _violations(page, "an old dashboard link, 1280x720")
        # a student's old link still has the box, for the new code
        page.goto(f"{base}class/{old.code}")
        expect(page.get_by_role("textbox", name="The class code your teacher shows")).to_be_focused()
        expect(page.get_by_role("heading", level=1)).to_have_text("Join your class")
    assert not problems, "\n".join(problems)


@pytest.mark.browser
def test_the_closed_notice_says_a_game_finished_while_closed_was_not_counted(browser_ready, pool_pages):
    """A README user: a game finished while the class was closed was refused (the table said "Not
    counted ... Play game 1 again") while the notice above kept "Keep playing: this game counts if
    the class opens again before you finish". Once the game is refused the notice says so; opened
    again, it says the games count. No WCAG 2.1 AA violation with the words shown (axe)."""
    import requests
    from playwright.sync_api import expect

    server, new, base = pool_pages["server"], pool_pages["new"], pool_pages["base"]
    server.info = new
    pool, url = server.pool, f"{base}class/{new.code}"
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(url)
        page.get_by_role("button", name="Join").click()
        expect(page.locator("#play")).to_be_visible()
        token = page.evaluate(f"window.localStorage.getItem('catcards-class-{new.code}')")
        notice = page.locator("#class-state")
        auth = {"Authorization": f"Bearer {new.teacher_token}"}
        assert requests.post(url + "/open", json={"open": False}, headers=auth, timeout=30).status_code == 200
        # no table here: no game of theirs is in play, so the notice does not say "Keep playing"
        # (table57: it said so beside a table whose game was counted)
        expect(notice).to_have_text(CLOSED_IDLE_WORDS, timeout=15_000)
        # the table's kernel sends its game after each move, then the finished game: here the test does
        from catcards.classroom.activities import activity
        from catcards.classroom.pool import series_seed
        from catcards.games.snap import FLIP

        student = pool.student(new.code, token)
        game = activity("snap/snaps-per-pass").new_game(series_seed(student.seed, 0))
        game.apply(FLIP)
        server.keep_progress(student.number, 0, game.to_json())  # as the table's /progress does
        expect(notice).to_have_text(CLOSED_WORDS, timeout=15_000)
        for _ in range(51):
            game.apply(FLIP)
        reply = requests.post(url + "/results", json={"student": token, "save": game.to_json()}, timeout=30)
        assert reply.status_code == 403 and "closed" in reply.json()["error"]
        expect(notice).to_have_text("Class closed for now: that game was not counted. Send it again when your "
                                    "teacher opens the class.", timeout=15_000)
        problems = _violations(page, "the student's page, a game refused while closed, 390x844")
        assert not problems, "\n".join(problems)
        assert requests.post(url + "/open", json={"open": True}, headers=auth, timeout=30).status_code == 200
        # the table still says "Not counted ... Send game 1 again": the notice says to send it again
        expect(notice).to_have_text("Your teacher has opened the class again: send that game again from your "
                                    "table, and it counts.", timeout=15_000)
        # sent again, it counts: "send that game again" goes (readme48 read it beside "Counted")
        reply = requests.post(url + "/results", json={"student": token, "save": game.to_json()}, timeout=30)
        assert reply.status_code == 201
        expect(notice).to_have_text("Your teacher has opened the class again: the games you finish now count.",
                                    timeout=15_000)


@pytest.mark.browser
def test_a_stopped_table_takes_the_closed_notice_with_it(browser_ready, pool_pages):
    """break57s (a hostile tester): with the class closed and a game of theirs in play, the page
    said "Keep playing: this game counts if the class opens again before you finish" above the
    table; once the table stopped (opened in another tab, or its kernel gone) the page hid it and
    said so, but the notice stayed, telling them to keep playing a table that was not there. The
    notice goes with the table (before the fix it kept those words); reloaded, the page says
    again what is true. break58s: a page stopped by another tab said so still after that tab's
    table stopped and after the class ended; now it says each. The table here is a stand-in page naming its kernel (no Voila), and the
    server's /me answer names the live table as the real server does."""
    import requests
    from playwright.sync_api import expect

    server, new, base = pool_pages["server"], pool_pages["new"], pool_pages["base"]
    server.info = new
    url, live = f"{base}class/{new.code}", {"table": "kernel-1"}
    stand_in = ('<!DOCTYPE html><html lang="en"><head><title>table</title><script id="jupyter-config-data" '
                'type="application/json">{"kernelId": "kernel-1"}</script></head><body><p>table</p></body></html>')

    def me(route):  # the student's live table is this page's own until another opens
        answer = route.fetch().json()
        route.fulfill(json={**answer, "table": live["table"], "playing": True})

    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.route(re.compile(r"/\?student="), lambda route: route.fulfill(body=stand_in, content_type="text/html"))
        page.route("**/me", me)
        page.goto(url)
        page.get_by_role("button", name="Join").click()
        expect(page.locator("#table")).to_be_visible()
        auth = {"Authorization": f"Bearer {new.teacher_token}"}
        assert requests.post(url + "/open", json={"open": False}, headers=auth, timeout=30).status_code == 200
        notice = page.locator("#class-state")
        expect(notice).to_have_text(CLOSED_WORDS, timeout=15_000)
        live["table"] = "kernel-2"  # the student's table opened in another tab: this one stopped
        expect(page.locator("#message")).to_contain_text("open in another tab", timeout=15_000)
        expect(page.locator("#table")).to_be_hidden()
        expect(notice).to_have_text("")
        page.wait_for_timeout(4500)  # a later look at /me writes no notice over the stopped table
        expect(notice).to_have_text("")
        live["table"] = "kernel-1"
        page.reload()  # the table here again: the notice says what is true
        expect(notice).to_have_text(CLOSED_WORDS, timeout=15_000)
        expect(page.locator("#message")).to_have_text("")
        # break58s: stopped by another tab, the page kept "open in another tab ... play here" after
        # that tab's table stopped too, and after the class ended
        live["table"] = "kernel-2"
        expect(page.locator("#message")).to_contain_text("open in another tab", timeout=15_000)
        live["table"] = None
        expect(page.locator("#message")).to_contain_text("Your table has stopped", timeout=15_000)
        assert requests.post(url + "/end", headers=auth, timeout=30).status_code == 200
        expect(page.locator("#message")).to_contain_text("The class has ended", timeout=15_000)
        expect(page.locator("#play-title")).to_have_text("Your results")


#: the words of the elements ``selector`` matches that are drawn broken over two lines (a Range
#: over each word: a word broken inside has two boxes)
BROKEN_WORDS = """selector => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) { broken.push(m[0]); }
      }
    }
  }
  return broken;
}"""


@pytest.mark.browser
def test_the_dashboard_s_list_of_students_breaks_no_word_on_a_phone(browser_ready, pool_pages):
    """A README user at 390 px: the list's "Student" column heading was drawn "Studen / t". No
    word of its headings or of the students' names is broken inside, nothing is wider than the
    phone."""
    from playwright.sync_api import expect

    server, new, base = pool_pages["server"], pool_pages["new"], pool_pages["base"]
    server.info = new
    from catcards.classroom.activities import activity
    from catcards.games.snap import FLIP

    pool = server.pool
    for nickname in (None, "Mia", None):  # each with a game and a count from real cards: a full row
        me = pool.join(new.code, nickname)
        game = activity("snap/snaps-per-pass").new_game(pool.game_seed(new.code, me.token, 0))
        for _ in range(52):
            game.apply(FLIP)
        pool.submit(new.code, me.token, game.to_json())
        pool.tally(new.code, me.token, 3)
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(f"{base}class/{new.code}/dashboard#token={new.teacher_token}")
        expect(page.locator("#roster th")).to_have_count(6, timeout=10_000)  # 3 headings, 3 students
        assert page.evaluate(BROKEN_WORDS, "#roster th") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        assert page.evaluate("(b => b.scrollWidth <= b.clientWidth)(document.getElementById('roster'))")  # no sideways scroll


@pytest.mark.browser
def test_a_class_without_nicknames_has_no_show_nicknames_button(browser_ready, pool_pages):
    """A README user: a ``--no-nicknames`` class's dashboard offered "Show nicknames", of which
    there are none. A class with nicknames keeps the button."""
    from playwright.sync_api import expect

    server, base = pool_pages["server"], pool_pages["base"]
    plain = server.pool.start("snap", nicknames=False)
    with chromium() as browser:
        for info, shown in ((plain, False), (pool_pages["new"], True)):
            server.info = info
            page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
            page.goto(f"{base}class/{info.code}/dashboard#token={info.teacher_token}")
            expect(page.locator("#state")).to_have_text("Taking results.", timeout=10_000)
            expect(page.get_by_role("button", name="Show nicknames")).to_have_count(1 if shown else 0)
            expect(page.get_by_role("button", name="Projector view")).to_be_visible()
            page.close()


@pytest.mark.browser
def test_the_running_mean_s_key_says_from_which_result_its_interval_is_shaded_and_it_is(browser_ready):
    """A README user: the running mean's key said "shaded: its 95% interval" while nothing was
    shaded: a mean has no interval at 1 result, and at 2 its band had no width (one point). While
    nothing is shaded the key says the band starts at the 2nd result; at 2 results it is drawn (a bar)."""
    from catcards.classroom.pool import _running

    summary, act = _class_summary("snap", [1])
    summary["tallies"] = {"n": 0, "counts": [], "mean": None, "running": [], "verified": False}
    with chromium() as browser:
        for values in ([2], [1, 3], [1, 3, 2]):
            summary["running"] = _running(values, binary=False, bounds=(0, 51))
            page = _dashboard_alone(browser, PHONE, summary, act)
            key = page.locator("#running-key").inner_text()
            said = "shaded: its 95% interval" + (", from the 2nd result on." if len(values) == 1 else ".")
            assert said in key, (values, key)
            shaded = page.evaluate("""() => [...document.querySelectorAll('#running svg [fill-opacity="0.15"]')]
                                      .map(el => el.getBoundingClientRect()).map(r => [r.width, r.height])""")
            if len(values) == 1:
                assert shaded == [], shaded
            else:
                assert len(shaded) == 1 and shaded[0][0] >= 8 and shaded[0][1] >= 20, (values, shaded)
            page.close()


@pytest.mark.browser
def test_a_student_page_left_open_says_so_when_the_server_runs_another_class(browser_ready, pool_pages):
    """After "End the class" and a restart (a new class), a student's page still open said nothing
    (its reads of /me were refused) and kept its table. It says the class has ended (or is not
    running now), that the results are kept, to ask for the new code, and hides the table."""
    from playwright.sync_api import expect

    server, new, base = pool_pages["server"], pool_pages["new"], pool_pages["base"]
    server.info = new
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(f"{base}class/{new.code}")
        page.get_by_role("button", name="Join").click()
        expect(page.locator("#play")).to_be_visible()
        server.info = server.pool.start("snap")  # the server started again: another class
        expect(page.locator("#message")).to_have_text(
            f"The class {new.code} has ended (or is not running now): your results are kept; ask your teacher "
            "for the new code.", timeout=15_000)
        expect(page.locator("#table")).to_be_hidden()
        expect(page.locator("#tally-box")).to_be_hidden()
        # and only the results stay, as for an ended class (the game's words stood over nothing)
        expect(page.locator("#instructions")).to_be_hidden()
        expect(page.locator("#sent-note")).to_be_hidden()
        expect(page.locator("#play-title")).to_have_text("Your results")
        assert page.locator("#results").locator("xpath=..").inner_text() == "You sent no results in this class."


@pytest.mark.browser
def test_a_dashboard_left_open_says_so_when_the_server_runs_another_class(browser_ready, pool_pages):
    """A hostile tester (break45): a dashboard left open across a restart showed the server's
    words as code ("this server now runs a newer class ... `catcards results ...`"), still invited
    students to join (code, link, QR) and kept "Open submissions", "End the class" and "Take out"
    enabled for a class no longer served. Now: the teacher's words, no join card, controls off."""
    from playwright.sync_api import expect

    server, new, base = pool_pages["server"], pool_pages["new"], pool_pages["base"]
    server.info = new
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"{base}class/{new.code}/dashboard#token={new.teacher_token}")
        expect(page.locator("#join-card")).to_be_visible()
        expect(page.locator("#end")).to_be_enabled()
        server.info = server.pool.start("snap")  # the server started again: another class
        message = page.locator("#message")
        expect(message).to_contain_text(f"This server now runs a newer class, not {new.code}", timeout=15_000)
        assert "`" not in message.inner_text()
        expect(page.locator("#join-card")).to_be_hidden()
        for control in ("#open", "#end"):
            expect(page.locator(control)).to_be_disabled()
        expect(page.locator("#state")).to_have_text("This class is not running on this server now.")
