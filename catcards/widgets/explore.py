"""The "What are my chances?" panel every table shows (:class:`OddsPanel`, issue 15).

A click estimates the chances of the seat being played (the table's :attr:`~GameTable.view_seat`)
from the position shown, with :func:`catcards.odds`'s rollouts: the cards that seat cannot see are
drawn again for every rollout (:meth:`catcards.core.State.sample_hidden`), so nothing the seat
cannot see is used. One bar per move of that seat (or one for the position when the seat is not
to act; moves the seat cannot tell apart, such as turning over any card never seen in Pairs,
share one bar that names them all, card numbers as ranges: "turn over card 0 to 51"; a game may
name a row more fully from the seat's view, :func:`catcards.explore.odds.row_labels`: "turn over
card 7 (it showed 3)" for a card seen in Pairs): the win
rate, with its 95% Wilson interval drawn as a black line across the bar and said in words; rows whose interval overlaps the best row's are marked "too close to call".

A first estimate is on the screen within :data:`FIRST_SECONDS` of the click (few rollouts, wide
intervals, or exact values where few cards and moves remain), then it is refined in steps on the
kernel's asyncio event loop (no threads; the kernel answers other clicks between steps) with
:func:`catcards.odds`'s adaptive allocation (:class:`catcards.explore.odds.OddsRun`): moves
clearly more than 0.10 below the best stop early, the others get rollouts until their interval is within
+-:data:`PRECISION` or :data:`SECONDS` are spent. Where no loop is running (plain Python, tests)
a click runs it all at once. Row ``j``'s numbers are always those of
``catcards.odds(state, seat, rollouts=n_j, seed=panel.seed, agents="sensible", peek=...)``, ``n_j``
its ``rollouts`` (rollout ``i`` depends only on ``(seed, i)``), unless it is exact.

For a teacher (``table.teacher = True``, then ``table.refresh()``) a "peek" switch appears: the
honest odds and the odds with every hidden card known (``odds(..., peek=True)``) side by side,
which is what the information is worth. A game without a sampler (every game has one now) shows
one line instead.
"""
from __future__ import annotations

import asyncio
import html
import math
import time
import traceback
from typing import Any

import ipywidgets as W

__all__ = ["OddsPanel", "odds_bars_html"]

#: the honest odds' bar colour and the peeking one's (Okabe-Ito blue and orange: colour-blind
#: safe; the peeking bar is also striped and every bar is labelled in words)
HONEST, PEEKING = "#0072B2", "#E69F00"
#: seconds of work before the first estimate is drawn (the click answers within about 0.3 s)
FIRST_SECONDS = 0.2
#: seconds of work per refining step between two visits of the event loop
STEP_SECONDS = 0.1
#: seconds of work in all, after which the estimate stays as it is (every row says how far it got)
SECONDS = 4.0
#: the 95% interval half-width wanted for the best and near-best moves
PRECISION = 0.05


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running in this thread (an IPython kernel's, Pyodide's), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            loop = asyncio.get_event_loop_policy().get_event_loop()
    except Exception:
        return None
    return loop if loop.is_running() else None


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _bar(rate: float, low: float, high: float, colour: str, striped: bool) -> str:
    fill = (f"repeating-linear-gradient(45deg,{colour} 0 6px,#fff 6px 8px)" if striped else colour)
    return (
        "<div style='position:relative;height:16px;background:#eee;border:1px solid #767676;"
        "flex:1 1 120px;min-width:80px;max-width:320px' aria-hidden='true'>"
        f"<div style='width:{100 * rate:.1f}%;height:100%;background:{fill}'></div>"
        f"<div style='position:absolute;left:{100 * low:.1f}%;width:{100 * (high - low):.1f}%;"
        "top:6px;height:3px;background:#000'></div></div>"
    )


def odds_bars_html(frames: dict[str, Any], what: str = "win", played: str | None = None,
                   labels: list | None = None) -> str:
    """Horizontal bars as HTML: per row of the ``catcards.odds`` frames (``{"honest": df}`` or
    ``{"honest": df, "peeking": df2}``, rows in the same order), the win rate as a bar, the 95%
    interval as a line across it, and both in words (screen readers read the words); an exact
    value says so, a row whose interval overlaps the best's says "too close to call", a row
    stopped as clearly more than 0.10 below the best says so (why its interval stays wide), a row not
    reached yet says so. ``played``: how a row's play-outs are counted in words when they stop
    before the game's end (e.g. "play-outs of this hand"); None: "{what}s in N games".
    ``labels``: per row, the text naming it (plain text, :func:`catcards.explore.odds.row_labels`);
    None: the frames' ``action`` texts."""
    from ..explore.odds import too_close

    kinds = list(frames)
    first = frames[kinds[0]]
    names = list(first["action"]) if labels is None else list(labels)
    alike = _alike_groups(frames)
    # against the bars shown only: a group's other moves are the same bar, not a rival to it
    # (compared with them, a lone bar of Pairs' first turn said "too close to call")
    shown = sorted(alike)
    close = {kind: dict(zip(shown, too_close(frames[kind].iloc[shown]))) for kind in kinds}
    rows = []
    for j in range(len(first)):
        if j not in alike:
            continue  # shown with the row whose rollouts it shares
        action = names[j]
        label = (_group_label([str(names[k]) for k in alike[j]]) if len(alike[j]) > 1
                 else html.escape(str(action)) if action is not None else "From here (you are not to act now)")
        lines = []
        for kind in kinds:
            row = frames[kind].iloc[j]
            colour, striped = (HONEST, False) if kind == "honest" else (PEEKING, True)
            name = "" if len(kinds) == 1 else f"<span style='display:inline-block;width:62px'>{kind}</span>"
            if int(row["rollouts"]) == 0 or math.isnan(row["win_rate"]):
                words, bar = "not worked out yet", _bar(0.0, 0.0, 0.0, colour, striped)
            elif bool(row.get("exact", False)):
                ways = int(row["rollouts"])
                words = (f"{_pct(row['win_rate'])} exactly (counting every way the cards you cannot see "
                         f"could lie and the game could go: {ways} way{'s' * (ways != 1)})")
                bar = _bar(row["win_rate"], row["low"], row["high"], colour, striped)
            else:
                wins, n = int(row["wins"]), int(row["rollouts"])
                count = (f"{wins} {what}{'s' * (wins != 1)} in {n} game{'s' * (n != 1)}" if played is None
                         else f"{wins} of {n} {played}")
                words = (f"{_pct(row['win_rate'])} (95% interval {_pct(row['low'])} to {_pct(row['high'])}; "
                         f"{count})")
                bar = _bar(row["win_rate"], row["low"], row["high"], colour, striped)
            if close[kind][j]:
                words += " <span class='catcards-odds-close'>too close to call</span>"
            elif row.get("stopped") == "far below":
                words += " <span class='catcards-odds-far'>clearly worse than the best move: no more play-outs for it</span>"
            lines.append(
                "<div style='display:flex;align-items:center;gap:6px;flex-wrap:wrap'>"
                f"{name}{bar}<span class='catcards-odds-text'>{words}</span></div>"
            )
        rows.append(f"<div class='catcards-odds-row' style='margin:4px 0'><b>{label}</b>{''.join(lines)}</div>")
    return "<div class='catcards-odds'>" + "".join(rows) + "</div>"


def _alike_groups(frames: dict[str, Any]) -> dict[int, list[int]]:
    """The rows to show, each with the rows shown with it: ``{j: [j, k, ...]}`` where every
    frame says row ``k`` shares row ``j``'s rollouts (column ``same_as``: moves the seat cannot
    tell apart, e.g. turning over any card never seen in Pairs); a frame without that column,
    or frames that disagree (the peeking odds tell every move apart), keep every row."""
    n = len(next(iter(frames.values())))
    groups: dict[int, list[int]] = {j: [j] for j in range(n)}
    if not all("same_as" in f for f in frames.values()):
        return groups
    same = [list(f["same_as"]) for f in frames.values()]
    for k in range(n):
        j = int(same[0][k])
        if j != k and all(int(s[k]) == j for s in same) and j in groups:
            groups[j].append(k)
            del groups[k]
    return groups


def _group_label(texts: list[str]) -> str:
    """One label (HTML) for moves that share their chances: their common words once, then what
    differs, and why they are one row. Card numbers are given as ranges: "turn over card 0 to 51"
    (Pairs' first turn), "turn over card 0, 1, 4 to 20, 23"; other words are listed."""
    import os

    prefix = os.path.commonprefix(texts)
    prefix = prefix[: prefix.rfind(" ") + 1]  # whole words only
    rests = [t[len(prefix):] for t in texts]
    names = _number_ranges(rests) if all(r.isascii() and r.isdigit() for r in rests) else ", ".join(rests)
    return (f"{html.escape(prefix + names)} <span style='font-weight:normal'>(any of these {len(texts)}: "
            "you cannot tell them apart, so their chances are the same)</span>")


def _number_ranges(numbers: list[str]) -> str:
    """Whole numbers (as text) in order, a run of three or more as "first to last":
    ``["0", "1", "2", "5", "7", "8"]`` -> ``"0 to 2, 5, 7, 8"``; a screen reader reads Pairs' 52
    cards never seen as "0 to 51", not 52 numbers."""
    values = sorted(set(int(n) for n in numbers))
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    parts = [f"{run[0]} to {run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)) for run in runs]
    return ", ".join(parts)


class OddsPanel(W.VBox):
    """A table's "What are my chances?" panel (see the module docstring).

    Args:
        table: the :class:`~catcards.widgets.table.GameTable` it belongs to (it reads
            ``table.state``, ``table.view_seat`` and ``table.teacher`` only).
        seed: the rollouts' seed (the same position and seed give the same numbers).
        precision: the half-width wanted (default :data:`PRECISION`).
        seconds: the work in all (default :data:`SECONDS`); ``first_seconds`` before the first
            estimate (default :data:`FIRST_SECONDS`).

    Raises:
        GameParameterError: a seed that is not a whole number 0 or more, a precision outside
            0.001 to 0.5 (as :func:`catcards.odds`), or times that are not more than 0 and at
            most :data:`catcards.explore.odds.MAX_SECONDS` (checked here: at a click the panel
            could only say "sorry").

    Attributes: ``ask_button``, ``peek_box`` (shown to a teacher only), ``progress`` (the
    rollouts run over all rows), ``status`` (HTML, a live region: "Working ..." or "Done.",
    changed only when that changes), ``result`` (HTML: the heading and the bars, or a note), ``frames`` (the estimate shown: ``{"honest":
    DataFrame[, "peeking": DataFrame]}`` in ``catcards.odds``'s columns, or None), ``runs`` (the
    :class:`~catcards.explore.odds.OddsRun` of each), ``done`` (whether the refining is over),
    ``task`` (the asyncio task refining, or None).
    """

    def __init__(self, table: Any, seed: int = 0, precision: float = PRECISION, seconds: float = SECONDS,
                 first_seconds: float = FIRST_SECONDS):
        from ..explore.odds import check_precision, check_seconds, check_seed

        # checked here as catcards.odds checks them: at a click the panel could only say "sorry"
        check_seed(seed)
        check_precision(precision)
        check_seconds(seconds)
        check_seconds(first_seconds, "first_seconds")
        super().__init__()
        self.table = table
        self.seed, self.precision = int(seed), float(precision)
        self.seconds, self.first_seconds = float(seconds), float(first_seconds)
        self.frames: dict[str, Any] | None = None
        self.labels: list | None = None  # the rows' names (row_labels), for the frames' position
        self.runs: dict[str, Any] = {}
        self.done = False
        self.task: asyncio.Task | None = None
        self._key: tuple | None = None  # the position the result (or the run) belongs to
        self._run_id = 0
        self._peek = False  # whether the run going on (or the last) peeks
        self._spent = 0.0
        self.horizon = "game"  # what a row is the chance of: the whole game, this round or turn (panel_horizon)
        self.own_words: str | None = None  # how the seat's own moves are played, when not as the others' (panel_agents)
        self.ask_button = W.Button(description="What are my chances?", icon="question-circle",
                                   layout=W.Layout(width="auto"),
                                   tooltip="estimate your chances from here by playing the game out many times "
                                           "with the cards you cannot see guessed afresh each time")
        self.ask_button.add_class("catcards-odds-ask")
        self.ask_button.on_click(lambda _b: self.ask())
        self.peek_box = W.Checkbox(value=False, indent=False, description="Peek (teacher): also the odds "
                                   "knowing every hidden card", layout=W.Layout(width="auto", display="none"))
        # plain words for a student ("rollouts" is the programmer's word), shown in full
        self.progress = W.IntProgress(value=0, min=0, max=1, description="games played out",
                                      style={"description_width": "initial"},
                                      layout=W.Layout(display="none", width="min(100%, 320px)"))
        # "Working ..." then "Done.": its own live region, changed twice a run, while the bars
        # below are redrawn at every step (a screen reader would read a status redrawn with them
        # some 40 times)
        self.status = W.HTML()
        self.result = W.HTML()
        self.add_class("catcards-odds-panel")
        self.children = [W.HBox([self.ask_button, self.peek_box],
                                layout=W.Layout(flex_flow="row wrap", align_items="center")),
                         self.progress, self.status, self.result]

    # ---- what the table tells the panel -----------------------------------------------------
    def _position(self) -> tuple:
        state = self.table.state
        return (id(state), len(state.history), self.table.view_seat)

    def position_changed(self) -> None:
        """Called by the table on every redraw: an answer (or a run) for another position is
        taken away, and the peek switch follows ``table.teacher``; when the teacher's view ends,
        an answer that peeked (it knows the hidden cards) is taken away too."""
        teacher = bool(getattr(self.table, "teacher", False))
        self.peek_box.layout.display = None if teacher else "none"
        peeked = not teacher and ("peeking" in self.runs or (self.frames is not None and "peeking" in self.frames))
        if peeked or (self._key is not None and self._key != self._position()):
            now = self._position()
            moved = self._key != now
            # only the seat shown changed (a hot-seat screen passed the device on): the game did not move
            other_seat = moved and self._key is not None and self._key[:2] == now[:2]
            self._run_id += 1  # a run for the old position stops at its next step
            self.task = None
            self.frames, self._key, self.runs = None, None, {}
            self.progress.layout.display = "none"
            self._set_status("")
            if other_seat:
                shown = "a spectator's view" if now[2] is None else f"seat {now[2]}'s view"
                text = f"Now showing {shown}: press \"What are my chances?\" for the chances from it."
            elif moved:
                text = "The game has moved: press \"What are my chances?\" for the position shown now."
            else:
                text = "Click \"What are my chances?\" for the chances from what you can see."
            self.result.value = f"<i>{text}</i>"

    # ---- running ------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self._set_status("")
        self.result.value = f"<div class='catcards-odds-note' role='status'>{html.escape(text)}</div>"

    def _set_status(self, text: str) -> None:
        """``status`` says ``text`` (nothing when empty). The same text again sends nothing (a
        traitlet assigned its own value does not notify), so a screen reader hears it once."""
        self.status.value = f"<span role='status'>{html.escape(text)}</span>" if text else ""

    def ask(self) -> None:
        """Show a first estimate of the chances of the seat being played from the position shown,
        then refine it (on the event loop when one runs, else at once). Never raises: problems
        are said in one line."""
        try:
            self._ask()
        except Exception:
            self.progress.layout.display = "none"
            self._say("Sorry, the chances could not be worked out here.")
            self.table.append_output("stderr", traceback.format_exc())

    def _ask(self) -> None:
        from ..explore import SamplingError
        from ..explore.hidden import prepare
        from ..explore.odds import (ADAPTIVE_CAP, OddsRun, asks_own_turn, own_actions, panel_agents, panel_horizon,
                                    row_labels)

        table = self.table
        if table.closed:
            return
        state, seat = table.state, table.view_seat
        peek = bool(self.peek_box.value) and bool(getattr(table, "teacher", False))
        if (self.task is not None and not self.task.done() and self._key == self._position()
                and peek == self._peek):
            return  # a second click while this position is being worked out: the run goes on
        self._peek = peek
        self._run_id += 1
        self.frames, self.task, self.runs, self.done = None, None, {}, False
        self._key = self._position()
        if state.is_over:
            self._say("The game is over: there are no chances left to work out.")
            return
        if seat is None:
            self._say("Chances are worked out for one seat's view: they are shown while a person's hand is on the screen.")
            return
        horizon = panel_horizon(state.game.name)
        if asks_own_turn(state, horizon) and seat != state.current_player:
            self._say("The chances here are of a pair with your turn's two cards: ask again when it is your turn.")
            return
        try:
            prepare(state, seat)
        except SamplingError:
            self._say(f"{table.game.title} cannot guess the cards you cannot see yet, so there are no "
                      "chances to show for this game.")
            return
        position, actions = state.clone(), own_actions(state, seat)
        self.labels = row_labels(state, seat, actions)
        self.horizon = horizon
        agents, self.own_words = panel_agents(state.game.name, state.game.players, seat, self.horizon)
        self.runs = {kind: OddsRun(position, seat, actions, cap=ADAPTIVE_CAP, seed=self.seed, agents=agents,
                                   peek=kind == "peeking", precision=self.precision, adaptive=True, exact=True,
                                   horizon=self.horizon)
                     for kind in (("honest", "peeking") if peek else ("honest",))}
        self.progress.value = 0
        self.progress.max = ADAPTIVE_CAP * len(actions) * len(self.runs)
        self.progress.layout.display = None
        self._spent = 0.0
        run_id = self._run_id
        self._work(self.first_seconds, run_id)  # the first estimate, drawn before the click returns
        loop = _running_loop()
        if loop is None:
            while not self.done and self._work(STEP_SECONDS, run_id):
                pass
        elif not self.done:
            self.task = loop.create_task(self._drive(run_id))

    async def _drive(self, run_id: int) -> None:
        try:
            while not self.done:
                await asyncio.sleep(0.005)  # the kernel answers other messages between steps
                if not self._work(STEP_SECONDS, run_id):
                    return
        except Exception:
            self.progress.layout.display = "none"
            self._say("Sorry, the chances could not be worked out here.")
            self.table.append_output("stderr", traceback.format_exc())

    def _work(self, seconds: float, run_id: int) -> bool:
        """One step of about ``seconds`` over the runs, then the bars drawn; returns False when
        this run is no longer wanted (the panel or table closed, the position changed)."""
        if run_id != self._run_id or self.comm is None or self.table.closed:
            return False
        started = time.perf_counter()
        runs = [r for r in self.runs.values() if not r.done]
        for run in runs:
            run.step(seconds / len(runs))
        self._spent += time.perf_counter() - started
        self.done = all(r.done for r in self.runs.values()) or (
            self._spent >= self.seconds and all(r.started for r in self.runs.values()))  # every row has a value
        self.frames = {kind: run.frame() for kind, run in self.runs.items()}
        self.progress.value = min(self.progress.max, sum(sum(r.n) for r in self.runs.values()))
        if self.done:
            self.progress.layout.display = "none"
            self.task = None
        self._draw()
        return True

    def _draw(self) -> None:
        seat = self.table.view_seat
        who = html.escape(self.table.seat_label(seat))
        peek = "peeking" in self.frames
        if not self.done:
            status = "Working: the numbers will sharpen for a few seconds; you can play on at any time."
        elif len(self.frames["honest"]) == 1:  # a bare "Done." beside one bar read as unfinished
            status = "Done. You have only one move here, so there is nothing to choose: the bar shows your chances."
        else:
            status = "Done."
        from ..explore.odds import SHORT_HORIZONS, question

        asked = f"<b>Chances of {who} {question(self.table.game.name, self.horizon)}</b>"
        own = "" if self.own_words is None else f" ({html.escape(self.own_words)})"
        if bool(self.frames["honest"]["exact"].all()) and not peek:
            # counted, not played out: say so plainly (a student read "games played out" and
            # "play-outs" beside a question about two cards)
            head = (f"<div>{asked}, counted exactly from what you have seen{own}: every way the cards "
                    "you cannot see could lie counts the same.</div>")
        else:
            played_by = "by the computer players" + ("" if self.own_words is None else f", and {html.escape(self.own_words)}")
            head = (f"<div>{asked}, from games played out from here {played_by} (the cards you cannot "
                    "see are guessed afresh each time; every deal you cannot tell apart counts the same, "
                    "whatever the others' moves suggest)"
                    + (". <i>Peeking</i>: the same, knowing every hidden card." if peek else ".") + "</div>")
        self._set_status(status)
        played = None if self.horizon == "game" else SHORT_HORIZONS[self.table.game.name, self.horizon].played
        self.result.value = head + odds_bars_html(self.frames, "win", played, self.labels)
