"""The "What are my chances?" panel every table shows (:class:`OddsPanel`, issue 15).

A click estimates the chances of the seat being played (the table's :attr:`~GameTable.view_seat`)
from the position shown, with :func:`catcards.odds`'s rollouts: the cards that seat cannot see are
drawn again for every rollout (:meth:`catcards.core.State.sample_hidden`), so nothing the seat
cannot see is used. One bar per legal move (or one for the position when the seat is not to act):
the win rate, with its 95% Wilson interval drawn as a black line across the bar and said in words.

For a teacher (``table.teacher = True``, then ``table.refresh()``) a "peek" switch appears: the
honest odds and the odds with every hidden card known (``odds(..., peek=True)``) side by side,
which is what the information is worth. A game without a sampler (every game has one now) shows one
line instead.

The rollouts run in chunks on the kernel's asyncio event loop (no threads): between chunks the
kernel answers other clicks and the progress bar moves. Where no loop is running (plain Python,
tests) a click runs them all at once. The numbers are those of
``catcards.odds(state, seat, rollouts=panel.last_rollouts, seed=panel.seed, agents="sensible",
peek=...)``: rollout ``i`` depends only on ``(seed, i)``, so chunking changes nothing.
"""
from __future__ import annotations

import asyncio
import html
import time
import traceback
from typing import Any, Iterator

import ipywidgets as W

__all__ = ["OddsPanel", "odds_bars_html"]

#: the honest odds' bar colour and the peeking one's (Okabe-Ito blue and orange: colour-blind
#: safe; the peeking bar is also striped and every bar is labelled in words)
HONEST, PEEKING = "#0072B2", "#E69F00"
#: rollouts (per move) in the first chunk between two visits of the event loop; later chunks are
#: sized to take about :data:`CHUNK_SECONDS` (the numbers do not depend on the chunks). One: a
#: rollout plays the game to its end for every move, which in King of the Jungle's bidding (14
#: moves) took about 0.4 s here, so a first chunk of 10 held the kernel (and every click) for 4 s
CHUNK = 1
CHUNK_SECONDS = 0.05
#: games played out per estimate, over all moves (rollouts x moves): about 1 to 3 s of one core
#: here (benchmarks/bench_odds_panel.py; ms per game played out, e.g. King of the Jungle 7.4)
BUDGET = 400
#: games whose rollouts are fast enough for more in about a second: (budget, most rollouts per
#: move). Simon's Cat plays a game out in about 0.4 ms (a whole-game fast path), so a click
#: plays up to 1,000 rollouts per move, as many as the issue's speed goal
FAST_GAMES = {"simons-cat": (2000, 1000)}
#: the fewest rollouts per move an estimate uses (its 95% interval is then about +-20 points)
MIN_ROLLOUTS = 20


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


def odds_bars_html(frames: dict[str, Any], what: str = "win") -> str:
    """Horizontal bars as HTML: per row of the ``catcards.odds`` frames (``{"honest": df}`` or
    ``{"honest": df, "peeking": df2}``, rows in the same order), the win rate as a bar, the 95%
    interval as a line across it, and both in words (screen readers read the words)."""
    kinds = list(frames)
    first = frames[kinds[0]]
    rows = []
    for j in range(len(first)):
        action = first["action"].iloc[j]
        label = html.escape(str(action)) if action is not None else "From here (you are not to act now)"
        lines = []
        for kind in kinds:
            row = frames[kind].iloc[j]
            colour, striped = (HONEST, False) if kind == "honest" else (PEEKING, True)
            name = "" if len(kinds) == 1 else f"<span style='display:inline-block;width:62px'>{kind}</span>"
            lines.append(
                "<div style='display:flex;align-items:center;gap:6px;flex-wrap:wrap'>"
                f"{name}{_bar(row['win_rate'], row['low'], row['high'], colour, striped)}"
                f"<span class='catcards-odds-text'>{_pct(row['win_rate'])} "
                f"(95% interval {_pct(row['low'])} to {_pct(row['high'])}; "
                f"{int(row['wins'])} {what}s in {int(row['rollouts'])} games)</span></div>"
            )
        rows.append(f"<div class='catcards-odds-row' style='margin:4px 0'><b>{label}</b>{''.join(lines)}</div>")
    return "<div class='catcards-odds'>" + "".join(rows) + "</div>"


class OddsPanel(W.VBox):
    """A table's "What are my chances?" panel (see the module docstring).

    Args:
        table: the :class:`~catcards.widgets.table.GameTable` it belongs to (it reads
            ``table.state``, ``table.view_seat`` and ``table.teacher`` only).
        rollouts: the most rollouts per move (default 200, or the game's in
            :data:`FAST_GAMES`); a position with many moves gets fewer (:meth:`rollouts_for`),
            so that a click answers in a few seconds.
        budget: games played out per estimate, over all moves (default :data:`BUDGET`, or the
            game's in :data:`FAST_GAMES`).
        seed: the rollouts' seed (the same position and seed give the same numbers).

    Attributes: ``ask_button``, ``peek_box`` (shown to a teacher only), ``progress``, ``result``
    (HTML), ``frames`` (the last answer: ``{"honest": DataFrame[, "peeking": DataFrame]}`` in
    ``catcards.odds``'s columns, or None), ``task`` (the asyncio task running, or None).
    """

    def __init__(self, table: Any, rollouts: int | None = None, seed: int = 0, budget: int | None = None):
        super().__init__()
        self.table = table
        fast_budget, fast_rollouts = FAST_GAMES.get(getattr(getattr(table, "game", None), "name", None), (BUDGET, 200))
        rollouts = fast_rollouts if rollouts is None else rollouts
        budget = fast_budget if budget is None else budget
        self.rollouts, self.seed, self.budget = int(rollouts), int(seed), int(budget)
        self.last_rollouts: int | None = None  # the rollouts per move of the last answer
        self.frames: dict[str, Any] | None = None
        self.task: asyncio.Task | None = None
        self._key: tuple | None = None  # the position the result (or the run) belongs to
        self._run_id = 0
        self._peek = False  # whether the run going on (or the last) peeks
        self.ask_button = W.Button(description="What are my chances?", icon="question-circle",
                                   layout=W.Layout(width="auto"),
                                   tooltip="estimate your chances from here by playing the game out many times "
                                           "with the cards you cannot see guessed afresh each time")
        self.ask_button.add_class("catcards-odds-ask")
        self.ask_button.on_click(lambda _b: self.ask())
        self.peek_box = W.Checkbox(value=False, indent=False, description="Peek (teacher): also the odds "
                                   "knowing every hidden card", layout=W.Layout(width="auto", display="none"))
        self.progress = W.IntProgress(value=0, min=0, max=1, description="rollouts",
                                      layout=W.Layout(display="none", width="min(100%, 320px)"))
        self.result = W.HTML()
        self.add_class("catcards-odds-panel")
        self.children = [W.HBox([self.ask_button, self.peek_box],
                                layout=W.Layout(flex_flow="row wrap", align_items="center")),
                         self.progress, self.result]

    # ---- what the table tells the panel -----------------------------------------------------
    def _position(self) -> tuple:
        state = self.table.state
        return (id(state), len(state.history), self.table.view_seat)

    def position_changed(self) -> None:
        """Called by the table on every redraw: an answer (or a run) for another position is
        taken away, and the peek switch follows ``table.teacher``."""
        self.peek_box.layout.display = None if bool(getattr(self.table, "teacher", False)) else "none"
        if self._key is not None and self._key != self._position():
            self._run_id += 1  # a run for the old position stops at its next chunk
            self.task = None
            self.frames, self._key = None, None
            self.progress.layout.display = "none"
            self.result.value = ("<i>The game has moved: click \"What are my chances?\" for the "
                                 "position shown now.</i>")

    def rollouts_for(self, moves: int) -> int:
        """Rollouts per move for a position with ``moves`` rows: ``budget // moves``, at least
        :data:`MIN_ROLLOUTS` and at most ``rollouts``."""
        return max(min(MIN_ROLLOUTS, self.rollouts), min(self.rollouts, self.budget // max(1, moves)))

    # ---- running ------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.result.value = f"<div class='catcards-odds-note' role='status'>{html.escape(text)}</div>"

    def ask(self) -> None:
        """Start estimating the chances of the seat being played from the position shown (on the
        event loop when one runs, else at once). Never raises: problems are said in one line."""
        try:
            self._ask()
        except Exception:
            self.progress.layout.display = "none"
            self._say("Sorry, the chances could not be worked out here.")
            self.table.out.append_stderr(traceback.format_exc())

    def _ask(self) -> None:
        from ..explore import SamplingError
        from ..explore.hidden import prepare

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
        self.frames, self.task = None, None
        self._key = self._position()
        if state.is_over:
            self._say("The game is over: there are no chances left to work out.")
            return
        if seat is None:
            self._say("Chances are worked out for one seat's view: they are shown while a person's hand is on the screen.")
            return
        try:
            prepare(state, seat)
        except SamplingError:
            self._say(f"{table.game.title} cannot guess the cards you cannot see yet, so there are no "
                      "chances to show for this game.")
            return
        steps = self._steps(state.clone(), seat, peek, self._run_id)
        self.progress.value = 0
        self.progress.layout.display = None
        self._say("Playing the game out from here many times...")
        loop = _running_loop()
        if loop is None:
            for _ in steps:
                pass
        else:
            self.task = loop.create_task(self._drive(steps))

    async def _drive(self, steps: Iterator[None]) -> None:
        try:
            for _ in steps:
                await asyncio.sleep(0.005)  # the kernel answers other messages between chunks
        except Exception:
            self.progress.layout.display = "none"
            self._say("Sorry, the chances could not be worked out here.")
            self.table.out.append_stderr(traceback.format_exc())

    def _steps(self, state: Any, seat: int, peek: bool, run_id: int) -> Iterator[None]:
        """Run the rollouts chunk by chunk (yielding between chunks), then show the bars. Stops
        when the panel or the table is closed or the position changes (another run id)."""
        from ..explore.odds import rollout_results

        actions = ([str(a) for a in state.legal_actions()] if seat == state.current_player else [None])
        agents = ["sensible"] * state.game.players
        rollouts = self.rollouts_for(len(actions))
        self.progress.max = rollouts * (2 if peek else 1)
        frames = {}
        chunk = CHUNK
        for kind in (("honest", "peeking") if peek else ("honest",)):
            results: list = []
            a = 0
            while a < rollouts:
                if run_id != self._run_id or self.comm is None or self.table.closed:
                    return
                b = min(rollouts, a + chunk)
                started = time.perf_counter()
                results.extend(rollout_results(state, seat, a, b, self.seed, agents, kind == "peeking", actions))
                took = time.perf_counter() - started
                # the next chunk takes about CHUNK_SECONDS (rollout i depends only on (seed, i))
                chunk = max(1, min(500, int((b - a) * CHUNK_SECONDS / max(took, 1e-4))))
                self.progress.value += b - a
                a = b
                yield
            frames[kind] = summarise(results, actions, rollouts)
        if run_id != self._run_id or self.comm is None:
            return
        self.frames, self.task, self.last_rollouts = frames, None, rollouts
        self.progress.layout.display = "none"
        who = html.escape(self.table.seat_label(seat))
        what = "win"
        head = (f"<div><b>Chances of {who} winning</b>, from {rollouts} games per move played out "
                f"from here by the computer players (the cards you cannot see are guessed afresh each time)"
                + (". <i>Peeking</i>: the same, knowing every hidden card." if peek else ".") + "</div>")
        self.result.value = head + odds_bars_html(frames, what)


def summarise(results: list, actions: list, rollouts: int):
    """The ``catcards.odds`` DataFrame from ``rollout_results`` rows (the same columns and
    numbers ``odds`` gives for the same rollouts)."""
    import pandas as pd

    from ..probability import wilson_interval

    higher = bool(results[0][0][2])
    rows = []
    for j, text in enumerate(actions):
        wins = sum(1 for r in results if r[j][0])
        low, high = wilson_interval(wins, rollouts)
        rows.append({"action": text, "wins": wins, "rollouts": rollouts, "win_rate": wins / rollouts,
                     "low": low, "high": high, "mean_score": sum(r[j][1] for r in results) / rollouts,
                     "higher_is_better": higher})
    return pd.DataFrame(rows)
