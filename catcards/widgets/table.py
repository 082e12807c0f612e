"""The widget table every game is played at: :class:`GameTable` (an ``ipywidgets.VBox``).

A table holds one game ``state`` and a computer player (agent) for every seat not played by a
person at this screen. It draws itself only from ``state.observation(seat)`` of the seat whose
view is shown, so it cannot show a card that seat may not see, and it changes the game only
through ``state.apply(action)`` (which checks legality). ``catcards.widgets`` is the only package
that imports ipywidgets (docs/architecture.md, layer 4).

Using a table (in a notebook)::

    import catcards.widgets
    table = catcards.widgets.play("simons-cat", players=4, seed=1)   # you are seat 0
    table                                    # shows it; click a card to play it
    catcards.widgets.play("simons-cat", seed=1, humans=())            # watch computers only
    catcards.widgets.play("simons-cat", seed=1, humans=(0, 1))        # hot-seat for two people

``GameTable(game, *, seed=None, humans=(0,), agents="sensible", deals=None, view=None)``:

- ``game``: a :class:`catcards.Game` or a registered name (default parameters).
- ``seed``: the deal's seed (None: a fresh one, shown in the seed box). The same seed and the same
  clicks give the same game: the deal draws from the state's generator, and each computer seat
  draws from its own generator ``numpy.random.default_rng(SeedSequence([seed, 1 + seat]))``.
- ``humans``: seats played by people at this screen; ``()`` = watch computers only; several =
  hot-seat (between turns of different people the hand is hidden behind a
  "Pass the screen to seat k, then click" button).
- ``agents``: a strategy name for every computer seat, or one entry per seat (a name or an
  :class:`~catcards.agents.Agent`; entries for human seats are used only by "Computer step" and
  "Play out"). A name the game has no strategy for falls back to ``"random"`` (said in the Output;
  silently for the default "sensible", since a student should not read about strategies).
- ``deals``: explicit deals passed to ``game.new_game(seed, deals=...)`` (stacked-deck lessons/tests).
- ``view``: the seat whose view is shown while only computers play (None: a spectator's view).

Parts (attributes): ``state``; ``status`` (HTML: whose turn, round, result when over);
``board_box`` (holds :meth:`board`); ``hand_box`` (holds :meth:`hand`, or the pass-screen button);
``new_button`` and ``seed_box`` ("New game" deals again with the seed in the box: same seed, same
deal), ``shuffle_button`` (a fresh seed, then a new game), ``step_button`` ("Computer step": the
seat to act moves by its agent), ``playout_button`` ("Play out": agents finish the game at once);
``log_view`` (HTML: the public ``obs["log"]`` lines, newest first); ``out`` (an ``ipywidgets.Output``
where every callback's prints, refusals and exceptions appear, so a user sees what went wrong).

Exploring (issue 15): ``history_slider`` (a "Move" number box: moves made so far; go back to see the table as it was
after any earlier move: :meth:`look_back` deals again from the same seed and deals and replays
the history up to there, and the table is read-only until the slider is back at the end;
:attr:`looking_back`, :attr:`live_state`); ``branch_button`` ("Play on from here",
:meth:`play_on_from_here`: that position becomes the game in play, the game it came from stays in
``branch_list``, :meth:`switch_game`); ``undo_button`` takes back a move of the game in play (the
branch's own history). ``odds_panel`` (:class:`catcards.widgets.explore.OddsPanel`): "What are my
chances?" runs :func:`catcards.odds` for :attr:`view_seat` from the position shown; a teacher sets
``table.teacher = True`` (then ``table.refresh()``) for the "peek" switch.

After a person acts, computer seats act automatically until a person is to act or the game is
over. When only computers play, nothing moves until "Computer step" or "Play out" is clicked.

Subclassing (one module ``catcards/widgets/<game>.py`` per game, discovered automatically)::

    from catcards.widgets.table import GameTable, table_for

    @table_for("my-game")
    class MyGameTable(GameTable):
        '''The My Game table: ...'''

        def board(self, obs):             # the middle of the table, from the observation only
            return ipywidgets.HTML(...)   # e.g. with cards_row(obs["pile"]) and seat_label(s)

        def hand(self, obs):              # optional: the default is usually right
            ...                           # build buttons with self.action_button(action, ...)

Hooks and helpers for subclasses:

- :meth:`board` ``(obs) -> Widget``: the game's middle part. Default: every key of the
  observation except hand/legal/log, cards drawn as SVG. :meth:`board` and :meth:`hand` are
  called on every redraw and should return new widgets; the ones they returned before are
  closed when replaced (unless still shown; ``close_replaced = False`` turns this off).
- :meth:`hand` ``(obs) -> Widget``: default :meth:`card_buttons` of ``obs["hand"]`` followed by
  :meth:`other_action_buttons`: one button per card (its face drawn above a button with its name
  in its suit colour), enabled only when exactly one legal action plays that card, plus one
  button per other legal action, labelled ``str(action)``.
- :meth:`action_button` ``(action, label=None, card=None, enabled=True) -> Button``: a button that
  carries its action; clicking it applies the action if it is still legal in the position the
  button was drawn for. A stale click (the game moved on, a new game was dealt) or a refused
  action is reported in ``out`` and changes nothing; it never raises.
- :meth:`actions_for_cards` ``(legal) -> (by_card, others)``: which legal actions play exactly one
  card (found by walking the action's dataclass fields for :class:`~catcards.cards.Card` values).
- :meth:`seat_label` ``(seat) -> str``: "Seat 2 (you)", "Seat 1 (computer)".
- :meth:`status_text` ``(obs) -> str`` (HTML), :meth:`refresh` (redraw from the state, called
  after every change), :attr:`view_seat` (whose observation is drawn now), :attr:`legal` (the
  actions the viewer may click now: empty unless the viewer is the person to act).
- :meth:`callback` ``(fn) -> handler``: wrap the handler of any extra widget a subclass adds
  (``button.on_click(self.callback(fn))``) so its prints, refusals and exceptions go to ``out``
  and the table is redrawn afterwards; :meth:`say` writes a line there.
- Module helpers :func:`card_html` and :func:`cards_row` (``catcards.render`` in HTML widgets).

Notes for subclasses: ``obs["seat"]`` may be None (a spectator, or a hot-seat hand behind the
pass-screen button), so draw the board without assuming a hand. Do not name attributes ``log``,
``keys`` or ``comm``: every widget already has those traits. ``state.current_player``,
``state.is_over`` and ``state.outcome`` are public and may be read; hidden cards come only from
``state.observation(view_seat)``.

Drive a table from Python (what the tests do) with ``Button.click()`` on its buttons, or with
:meth:`act` (a person's action), :meth:`computer_step`, :meth:`play_out`, :meth:`new_game`.
"""
from __future__ import annotations

import contextlib
import dataclasses
import html
import io
import traceback
from typing import Any, Callable, Iterator, Sequence

import ipywidgets as W
import numpy as np

from ..cards import Card
from ..core import Action, Game, GameParameterError, IllegalActionError, State, fresh_seed
from ..registry import Registry, load
from ..render import suit_style, text_colour  # noqa: F401 (text_colour: re-exported)
from ..render.tables import (  # noqa: F401 (card_html, cards_row, hint_html, SCROLL_HINT: re-exported)
    CARD_WIDTH, SCROLL_HINT, STYLE, card_html, cards_row, hint_html, obs_value_html)
from ..simulate import agent_action

__all__ = ["GameTable", "table_for", "table_class", "play", "card_html", "cards_row", "hint_html", "mark_unavailable", "text_colour", "close_tree", "replace"]

#: tables by game name: the modules of :mod:`catcards.widgets` and plugins of group ``catcards.tables``
TABLES: Registry[type["GameTable"]] = Registry("catcards.widgets", "catcards.tables", skip=("table",), tolerant=True)

LOG_LINES = 14
#: said when a click would change the game while the history slider shows an earlier move
LOOKING_BACK = ("You are looking back at an earlier move: the table is shown as it was and cannot "
                "be changed. Set Move to the last move to return, or click \"Play on from "
                "here\" to continue the game from this move.")

def table_for(name: str) -> Callable[[type["GameTable"]], type["GameTable"]]:
    """Class decorator: make ``cls`` the table :func:`play` uses for the registered game ``name``."""

    def deco(cls: type[GameTable]) -> type[GameTable]:
        if not (isinstance(cls, type) and issubclass(cls, GameTable)):
            raise TypeError(f"@table_for({name!r}) decorates a GameTable subclass, not {cls!r}")
        TABLES.add(name, cls)
        return cls

    return deco


def table_class(name: str) -> type["GameTable"]:
    """The table class registered for game ``name`` (:class:`GameTable` when there is none)."""
    return TABLES.get(name, GameTable)


def play(
    game: Game | str,
    *,
    seed: int | None = None,
    humans: Sequence[int] = (0,),
    agents: str | Sequence[Any] = "sensible",
    deals: Sequence | None = None,
    view: int | None = None,
    **params: Any,
) -> "GameTable":
    """A table for ``game`` (a :class:`~catcards.Game`, or a registered name built with
    ``**params``, e.g. ``play("simons-cat", players=5, seed=3)``): the game's own table class if
    one is registered with :func:`table_for`, else the generic :class:`GameTable`.

    Raises:
        GameParameterError: unknown game name or parameters, bad seats or strategies.
    """
    if isinstance(game, str):
        game = load(game, **params)
    elif params:
        raise GameParameterError(
            f"give game parameters ({', '.join(params)}) with a game name, not with a Game object"
        )
    if not isinstance(game, Game):
        raise GameParameterError(f"play() needs a Game or a game name, not {game!r}")
    cls = table_class(game.name)
    return cls(game, seed=seed, humans=humans, agents=agents, deals=deals, view=view)


# ---- drawing helpers (the HTML itself is built in catcards.render.tables) --------------------
def mark_unavailable(button: W.Button, why: str | None) -> None:
    """Mark ``button`` as a move that cannot be made now (``why``: the tooltip, e.g. "cannot be
    played now: click to hear why"), or as available again (``why`` None). It stays enabled,
    focusable and clickable, so that a click is answered in the message area with the reason
    (issue 12); the class ``catcards-unplayable`` greys it with a dashed border (:data:`STYLE`),
    and the tooltip (the button's accessible description) says it cannot be used now."""
    button.disabled = False
    if why is None:
        button.remove_class("catcards-unplayable")
    else:
        button.add_class("catcards-unplayable")
        button.tooltip = why


def _cards_in(action: Action) -> list[Card]:
    """The Card values an action carries (walking its dataclass fields, lists and tuples)."""
    found: list[Card] = []

    def walk(value: Any) -> None:
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, (list, tuple, frozenset, set)):
            for v in value:
                walk(v)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))

    walk(action)
    return found


def _walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _parts(widget: Any) -> Iterator[Any]:
    """``widget``, its descendants (``children``), and the Layout and style models of each:
    every model a widget tree holds (ipywidgets gives each Button, Box, HTML... its own Layout and
    most their own style model, and ``close()`` on a widget closes neither)."""
    for w in _walk(widget):
        yield w
        for name in ("layout", "style"):
            sub = w.__dict__.get("_trait_values", {}).get(name)
            if isinstance(sub, W.Widget):
                yield sub


def close_tree(widget: Any, keep: Any = ()) -> int:
    """Close ``widget``, every descendant and their Layout/style models, except the models whose
    ``id`` is in ``keep`` (those still shown). Returns how many models were closed.

    A closed widget's Python object stays usable (a stale click on it is still answered in words:
    its handlers stay) but its model is gone from the kernel's registry and from the browser,
    which is what keeps a long lesson's memory flat (issue 11)."""
    closed = 0
    for w in list(_parts(widget)):
        if not isinstance(w, W.Widget) or id(w) in keep or w.comm is None:
            continue
        if isinstance(w, GameTable) and not w.closed:
            # a table inside (the app's): its timers stop and it closes its own parts
            closed += sum(1 for x in _parts(w) if isinstance(x, W.Widget) and x.comm is not None)
            w.close()
        else:
            W.Widget.close(w)
            closed += 1
    return closed


def replace(box: W.Box, *widgets: W.Widget) -> None:
    """Show ``widgets`` in ``box`` in place of what it showed, and close what was replaced (a
    table stops its timers and frees every model it made; widgets shown again are kept).

    The way to swap tables in a notebook or an app, e.g. on a slider's change::

        seat = ipywidgets.VBox()
        def deal(change=None):
            catcards.widgets.replace(seat, catcards.widgets.play("simons-cat", players=n.value + 1))
    """
    old = list(box.children)
    box.children = list(widgets)
    keep = {id(w) for w in widgets for w in _parts(w)}
    for widget in old:
        close_tree(widget, keep)


# ---- live tables: re-running a cell stops the tables it made before ---------------------------
#: cell id -> (id of the execution that made them, [tables]); filled only in a kernel whose
#: frontend names cells (JupyterLab, Notebook 7 and nbclient/Voila send ``cellId``)
_LIVE: dict[str, tuple[str, list["GameTable"]]] = {}


def _cell_execution() -> tuple[str, str] | None:
    """``(cell id, execution msg id)`` of the cell executing now, or None (plain Python, tests,
    a widget callback: those have no cell)."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        if kernel is None:
            return None
        parent = kernel.get_parent("shell") if hasattr(kernel, "get_parent") else kernel._parent_header
        if not parent or parent.get("header", {}).get("msg_type") != "execute_request":
            return None
        cell = (parent.get("metadata") or {}).get("cellId")
        return (str(cell), str(parent["header"].get("msg_id"))) if cell else None
    except Exception:  # no IPython, an unusual kernel: no registry, tables simply live on
        return None


def _register_live(table: "GameTable") -> None:
    """Remember ``table`` under the cell being executed; tables an earlier run of the same cell
    made are closed (their output has been cleared: their timers must stop, their models go)."""
    where = _cell_execution()
    if where is None:
        return
    cell, run = where
    previous_run, tables = _LIVE.get(cell, (None, []))
    if previous_run != run:
        for old in tables:
            old.close()
        tables = []
    tables.append(table)
    _LIVE[cell] = (run, tables)


class GameTable(W.VBox):
    """A playable table for any registered game (see the module docstring for the full guide).

    Args:
        game: a :class:`~catcards.Game`, or a registered game name (default parameters).
        seed: seed of the deal and of the computer players (None: a fresh one).
        humans: seats played by people at this screen (``()``: computers only; several: hot-seat).
        agents: a strategy name for every seat, or one name/:class:`~catcards.agents.Agent`/None
            per seat (None for a human seat: "Play out" then uses "random" for it).
        deals: explicit deals for ``game.new_game(seed, deals=...)``.
        view: the seat whose view is shown while only computers play (None: spectator).

    Raises:
        GameParameterError: unknown game; seats outside 0..players-1 or repeated; wrong number of
            agents; an unknown strategy given per seat (a single name falls back to "random");
            bad seed or deals (from the game).
    """

    #: whether computer seats move by themselves after a person's action
    auto_advance = True
    #: short rules naming the table's own controls, one paragraph each: shown in the table's
    #: collapsible "How to play" panel and by the app (each game's table gives its own)
    how_to_play: tuple[str, ...] = (
        "Your turn: click a button under your hand to make your move; buttons you cannot use now "
        "are greyed out. \"Computer step\" lets the computer make one move for whoever is to act.",
    )
    #: close the widgets that board()/hand() returned last time once they are replaced (unless
    #: they are still shown); set False in a subclass that caches widgets and shows them again
    close_replaced = True
    #: show the odds panel's "peek" switch (honest and peeking odds side by side): for a teacher
    teacher = False

    def __init__(
        self,
        game: Game | str,
        *,
        seed: int | None = None,
        humans: Sequence[int] = (0,),
        agents: str | Sequence[Any] = "sensible",
        deals: Sequence | None = None,
        view: int | None = None,
    ):
        super().__init__()
        if isinstance(game, str):
            game = load(game)
        if not isinstance(game, Game):
            raise GameParameterError(f"a table needs a Game or a registered game name, not {game!r}")
        self.game = game
        n = game.players
        if isinstance(humans, (int, np.integer)) and not isinstance(humans, bool):
            humans = (int(humans),)
        humans = tuple(humans)
        for s in humans:
            if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s < n:
                raise GameParameterError(
                    f"humans must be seats from 0 to {n - 1} (this game has {n} players), not {humans!r}"
                )
        if len(set(humans)) != len(humans):
            raise GameParameterError(f"humans lists a seat twice: {humans!r}")
        self.humans: tuple[int, ...] = tuple(int(s) for s in humans)
        if view is not None and (isinstance(view, bool) or not isinstance(view, (int, np.integer))
                                 or not 0 <= view < n):
            raise GameParameterError(f"view must be a seat from 0 to {n - 1} or None, not {view!r}")
        self.view = None if view is None else int(view)
        self._notes: list[str] = []
        self.agents = self._make_agents(agents)
        self.deals = deals
        self._revealed: int | None = None  # hot-seat: the person whose hand is showing

        # ---- the widgets ----
        self.title = W.HTML()
        self.status = W.HTML()
        self.board_box = W.Box(layout=W.Layout(width="100%"))
        self.board_box.add_class("catcards-scroll")  # a board wider than a phone scrolls, visibly
        self.hand_box = W.VBox(layout=W.Layout(width="100%"))
        # a Text box: a JavaScript number cannot hold every seed exactly, text can
        self.seed_box = W.Text(description="seed", layout=W.Layout(width="190px"),
                               tooltip="the deal's seed: the same seed deals the same game",
                               style={"description_width": "36px"})
        self.new_button = W.Button(description="New game", icon="refresh",
                                   tooltip="deal again with the seed in the box (same seed, same deal)")
        self.shuffle_button = W.Button(description="New seed", icon="random",
                                       tooltip="choose a fresh seed and deal a new game")
        self.step_button = W.Button(description="Computer step", icon="step-forward",
                                    tooltip="the seat to act makes one move by its computer strategy")
        self.playout_button = W.Button(description="Play out", icon="fast-forward",
                                       tooltip="computer strategies finish the game at once")
        for b in (self.new_button, self.shuffle_button, self.step_button, self.playout_button):
            b.layout.width = "auto"
        self.new_button.on_click(self.callback(lambda _b: self.new_game(self._seed_from_box())))
        self.shuffle_button.on_click(self.callback(lambda _b: self.new_game(fresh_seed())))
        self.step_button.on_click(self.callback(lambda _b: self.computer_step()))
        self.playout_button.on_click(self.callback(lambda _b: self.play_out()))
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto"),
                                    tooltip="take back your last move and the computers' moves after it")
        self.undo_button.on_click(self.callback(lambda _b: self.undo()))
        self.controls = W.HBox(
            [self.new_button, self.seed_box, self.shuffle_button, self.undo_button, self.step_button,
             self.playout_button],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.rules_view = W.HTML(
            "<div class='catcards-how-to-play'>"
            + "".join(f"<p style='margin:0 0 4px'>{html.escape(p)}</p>" for p in self.how_to_play)
            + "</div>")
        self.rules_panel = W.Accordion(children=[self.rules_view], selected_index=None,
                                       titles=("How to play",))
        self.rules_panel.add_class("catcards-rules")
        self.log_view = W.HTML(layout=W.Layout(width="100%"))
        self.announce = W.HTML("<div class='catcards-announce' role='status' aria-live='polite'></div>")
        self.out = W.Output(layout=W.Layout(border="1px solid #ddd", padding="2px 6px",
                                            max_height="160px", overflow="auto"))
        self.layout.border, self.layout.padding, self.layout.width = "1px solid #ccc", "8px", "100%"
        self.add_class("catcards-table")
        self._build_history()  # the history slider, "Play on from here" and the branch list
        self.children = [
            self.title, self.rules_panel, self.status, self.board_box, self.hand_box, self.controls,
            self.history_bar, self.odds_panel,
            W.HTML("<b>Move log</b> <span style='color:#595959'>(newest first)</span>"), self.log_view,
            W.HTML("<b>Messages</b>"), self.announce, self.out,
        ]
        self.state: State = self._deal(seed)
        for note in self._notes:
            self.say(note)
        self.refresh()
        self._run(self._advance)
        _register_live(self)

    # ---- lifecycle ----------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        """True once :meth:`close` has run (the table then ignores clicks and timers)."""
        return self.__dict__.get("_catcards_closed", False)

    def stop(self) -> None:
        """Stop everything that would change the table by itself (timers). The base table has
        none; tables with timed computer moves (Snap) cancel them here."""

    def close(self) -> None:
        """Stop the table's timers and close every widget model it owns (its parts, their
        children, layouts and styles), then the table itself. Called for the tables an earlier
        run of the same cell made; call it on a table you replace. Safe to call twice."""
        if self.closed:
            return
        self.__dict__["_catcards_closed"] = True
        self.stop()
        mine = [self]
        for name in ("new_button", "shuffle_button", "undo_button", "step_button", "playout_button", "seed_box"):
            extra = getattr(self, name, None)  # controls a subclass moved out of the table
            if isinstance(extra, W.Widget):
                mine.append(extra)
        for widget in mine:
            close_tree(widget)

    # ---- setting up ---------------------------------------------------------------------------
    def _make_agents(self, agents: Any) -> list[Any]:
        from ..agents import Agent, make_agent, strategies

        n, name = self.game.players, self.game.name
        if isinstance(agents, (str, Agent)) or agents is None:
            per_seat = [agents] * n
            single = True
        else:
            per_seat = list(agents)
            single = False
            if len(per_seat) != n:
                raise GameParameterError(
                    f"give one agent per seat ({n}), not {len(per_seat)}: {agents!r}"
                )
        out = []
        for seat, a in enumerate(per_seat):
            if a is None:
                a = "random"
            if isinstance(a, str) and a not in strategies(name):
                if single and a == "sensible":  # the default: the game's own is "random"
                    a = "random"
                elif single:
                    if not self._notes:
                        self._notes.append(
                            f"{self.game.title} has no {a!r} computer strategy; computer players "
                            f"play at random (strategies: {', '.join(strategies(name))})."
                        )
                    a = "random"
                else:
                    raise GameParameterError(
                        f"seat {seat}: no strategy {a!r} for {name}; choose from {strategies(name)}"
                    )
            out.append(make_agent(name, a))
        return out

    def _deal(self, seed: int | None) -> State:
        state = self.game.new_game(seed, deals=self.deals)
        self.agent_rngs = [
            np.random.default_rng(np.random.SeedSequence([state.seed, 1 + s]))
            for s in range(self.game.players)
        ]
        self.seed_box.value = str(state.seed)
        self._revealed = None
        self._forget_history()  # a new deal: no past view, no branches
        return state

    # ---- callbacks: errors and prints go to self.out ------------------------------------------
    def say(self, text: str) -> None:
        """Write one line to the Output (``out``) under the table, and show it in ``announce``
        (an ``aria-live`` region, so a screen reader reads it out)."""
        line = text.rstrip("\n")
        self.out.append_stdout(line + "\n")
        self.announce.value = (f"<div class='catcards-announce' role='status' aria-live='polite'>"
                               f"{html.escape(line.splitlines()[-1] if line else '')}</div>")

    def output_text(self) -> str:
        """Everything written to ``out`` so far, as one string (handy in tests)."""
        return "".join(o.get("text", "") for o in self.out.outputs)

    def _run(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)``; its prints go to ``out`` (set directly, never by entering the Output's
        context), a refused action is said there in words, any other exception's traceback is
        shown there; then the table is redrawn. Does nothing once the table is closed."""
        if self.closed:
            return
        if self.looking_back and not (args and id(args[0]) in self._past_ok):
            self.say(LOOKING_BACK)  # the past is shown read-only: nothing may change it
            self.refresh()
            return
        buf = io.StringIO()

        def flush() -> None:
            if buf.getvalue():
                self.out.append_stdout(buf.getvalue())
                buf.seek(0)
                buf.truncate()

        # never ``with self.out``: entering an Output's context from a callback or timer makes
        # ipywidgets adopt whichever cell is executing, and other cells' prints land here
        try:
            with contextlib.redirect_stdout(buf):
                fn(*args)
        except (IllegalActionError, GameParameterError) as exc:
            flush()
            self.say(f"Not allowed: {exc}")
        except Exception:
            flush()
            self.out.append_stderr(traceback.format_exc())
        finally:
            flush()
        try:
            self.refresh()
        except Exception:
            self.out.append_stderr(traceback.format_exc())

    def callback(self, fn: Callable[[Any], Any]) -> Callable[[Any], None]:
        """Wrap a widget callback so its errors and prints appear in ``out`` and it never raises."""

        def wrapped(widget: Any) -> None:
            self._run(fn, widget)

        return wrapped

    _callback = callback  # the first name, kept for subclasses written against it

    # ---- driving the game ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    def is_human(self, seat: int | None) -> bool:
        """True when ``seat`` is played by a person at this screen."""
        return seat is not None and seat in self.humans

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game (same seed: the same deal and, with the same clicks, the same game)."""
        self.state = self._deal(seed)
        self.out.outputs = ()
        self.refresh()
        self._advance()

    def act(self, action: Action) -> None:
        """A person's action for the seat to act; then computers move until a person is to act.

        Raises:
            IllegalActionError: the action is not legal now (the state is unchanged).
            RuntimeError: it is not a person's turn.
        """
        self._check_present()
        seat = self.state.current_player
        if not self.is_human(seat):
            raise RuntimeError(
                "it is not a person's turn" if seat is None or self.state.is_over
                else f"it is {self.seat_label(seat)}'s turn"
            )
        self.state.apply(action)
        self._advance()

    def undo(self) -> None:
        """Take back the last move a person at this screen made, and the computers' moves after
        it: the game is dealt again from its seed and replayed up to that move (every engine
        replays a history exactly). Said in words when there is nothing to take back."""
        self._check_present()
        history = list(self.state.history)
        replay = self.game.new_game(self.state.seed, deals=self.deals)
        last = None
        for i, action in enumerate(history):
            if self.is_human(replay.current_player):
                last = i
            replay.apply(action)
        if last is None:
            self.say("Nothing to take back: no move of yours has been made in this game.")
            return
        back = self.game.new_game(self.state.seed, deals=self.deals)
        for action in history[:last]:
            back.apply(action)
        self.state = back
        self._revealed = None
        later = len(history) - last - 1
        self.say(f"Took back your move '{history[last]}'"
                 + (f" and the {later} computer move{'s' * (later != 1)} after it." if later else "."))

    # ---- history: look back at any earlier move, play on from there (issue 15) ------------------
    def _build_history(self) -> None:
        """Make the history bar (slider, "Play on from here", the list of games) and the
        "What are my chances?" panel. Called once by ``__init__``, before the first deal."""
        from .explore import OddsPanel

        self._present: State | None = None  # the live game while the slider shows an earlier move
        self._games: list[Any] = []  # (state, agent generators) per game; None for the one in play
        self._game_labels: list[str] = []
        self._game_index = 0
        self._syncing = False
        # a labelled number box, not an IntSlider: ipywidgets 8 gives a slider's handle no
        # accessible name (axe: aria-input-field-name), while a number box has its label, takes
        # the arrow keys and typing, and fits a phone
        self.history_slider = W.BoundedIntText(
            value=0, min=0, max=0, step=1, description="Move", continuous_update=True,
            style={"description_width": "44px"}, layout=W.Layout(width="150px"),
            tooltip="moves made so far: go back to see the table as it was after any earlier move")
        self.history_slider.add_class("catcards-history")
        self.history_slider.observe(lambda change: None if self._syncing else self._run(
            lambda _w: self.look_back(int(change["new"])), self.history_slider),
                                    "value")
        self.branch_button = W.Button(description="Play on from here", icon="code-fork", disabled=True,
                                      layout=W.Layout(width="auto"),
                                      tooltip="continue the game from the move shown; the original game stays in the list")
        self.branch_button.on_click(self.callback(lambda _b: self.play_on_from_here()))
        self.branch_list = W.Dropdown(options=[("Original game", 0)], value=0, description="Game",
                                      style={"description_width": "44px"}, layout=W.Layout(width="auto", display="none"),
                                      tooltip="the original game and the branches played on from earlier moves")
        self.branch_list.observe(lambda change: None if self._syncing else self._run(
            lambda _w: self.switch_game(int(change["new"])), self.branch_list),
                                 "value")
        self.history_note = W.HTML()
        self.history_bar = W.VBox([
            W.HBox([self.history_slider, self.branch_button, self.branch_list],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.history_note])
        self.odds_panel = OddsPanel(self)
        self._past_ok = {id(w) for w in (self.history_slider, self.branch_button, self.branch_list,
                                          self.new_button, self.shuffle_button)}

    def _check_present(self) -> None:
        """Raises GameParameterError (said as :data:`LOOKING_BACK`) while the past is shown."""
        if self.looking_back:
            raise GameParameterError(LOOKING_BACK)

    def _forget_history(self) -> None:
        """A new deal: back to the present, and the branches of the old deal are gone."""
        if not hasattr(self, "_games"):
            return
        self._present = None
        self._games, self._game_labels, self._game_index = [None], ["Original game"], 0

    @property
    def looking_back(self) -> bool:
        """True while the history slider shows an earlier move (the table is then read-only)."""
        return self.__dict__.get("_present") is not None

    @property
    def live_state(self) -> State:
        """The game in play (``state`` is an earlier position of it while :attr:`looking_back`)."""
        return self._present if self._present is not None else self.state

    def replay(self, moves: int) -> State:
        """The game in play as it was after its first ``moves`` actions: dealt again from its
        seed and deals and replayed (every engine replays a history exactly, as undo relies on).

        Raises:
            GameParameterError: ``moves`` is not a whole number from 0 to the moves made.
        """
        live = self.live_state
        history = list(live.history)
        if isinstance(moves, bool) or not isinstance(moves, (int, np.integer)) or not 0 <= moves <= len(history):
            raise GameParameterError(f"moves must be a whole number from 0 to {len(history)}, not {moves!r}")
        state = self.game.new_game(live.seed, deals=self.deals)
        for action in history[:moves]:
            state.apply(action)
        return state

    def look_back(self, moves: int) -> None:
        """Show the table as it was after ``moves`` actions of the game in play (read-only); the
        number of moves made so far returns to the game in play."""
        live = self.live_state
        if moves == len(live.history):
            if self._present is not None:
                self.state, self._present = self._present, None
                self._revealed = None
                self.resume()
            return
        past = self.replay(moves)
        if self._present is None:
            self.stop()  # timed computer moves wait while the past is shown
            self._present = live
        self.state = past
        self._revealed = None

    def play_on_from_here(self) -> None:
        """Continue from the move shown as the game in play (a branch); the game it came from
        stays in the list (:attr:`branch_list`). Computers then move until a person is to act."""
        if self._present is None:
            self.say("Set Move to an earlier move first: you are already at the latest move.")
            return
        import copy

        moves = len(self.state.history)
        self._games[self._game_index] = (self._present, self.agent_rngs)
        self.agent_rngs = copy.deepcopy(self.agent_rngs)
        self._games.append(None)
        self._game_labels.append(f"Branch {len(self._games) - 1} (from move {moves})")
        self._game_index = len(self._games) - 1
        self._present = None
        self.say(f"Playing on from move {moves}; the game you came from is still in the Game list.")
        self.resume()
        self._advance()

    def switch_game(self, index: int) -> None:
        """Continue the game numbered ``index`` in :attr:`branch_list` (0 is the original)."""
        if index == self._game_index or not 0 <= index < len(self._games):
            return
        self._games[self._game_index] = (self.live_state, self.agent_rngs)
        self.stop()
        self.state, self.agent_rngs = self._games[index]
        self._games[index] = None
        self._game_index, self._present, self._revealed = index, None, None
        self.resume()

    def resume(self) -> None:
        """Restart what :meth:`stop` stopped, for the game in play (timed computer moves). The
        base table has no timers; Snap schedules its computers' moves again."""

    def _sync_history(self) -> None:
        """Set the history bar from the game: slider range and position, the note, the list."""
        if not hasattr(self, "history_slider"):
            return
        live, shown = self.live_state, len(self.state.history)
        total = len(live.history)
        self._syncing = True
        try:
            slider = self.history_slider
            if slider.max != total or slider.value != shown:
                with slider.hold_trait_notifications():
                    slider.max = max(total, 0)
                    slider.value = shown
            options = [(label, i) for i, label in enumerate(self._game_labels)]
            if list(self.branch_list.options) != options:
                self.branch_list.options = options
            if self.branch_list.value != self._game_index:
                self.branch_list.value = self._game_index
        finally:
            self._syncing = False
        self.branch_list.layout.display = None if len(self._game_labels) > 1 else "none"
        self.branch_button.disabled = self._present is None
        if self._present is not None:
            self.history_note.value = (
                f"<div class='catcards-history-note' style='background:#fff4c2;border:1px solid #8a6d00;"
                f"padding:2px 6px'><b>Looking back</b>: the table after move {shown} of {total} "
                f"(read-only). Set Move to {total} to return, or click \"Play on from here\".</div>")
            self.step_button.disabled = self.playout_button.disabled = self.undo_button.disabled = True
        else:
            self.history_note.value = ""
            self.undo_button.disabled = False
        self.odds_panel.position_changed()

    def _seed_from_box(self) -> int:
        """The seed typed in the seed box.

        Raises:
            GameParameterError: not a whole number >= 0 (said in one line in ``out``).
        """
        text = self.seed_box.value.strip().replace(",", "").replace("_", "")
        if not text.isdigit():
            raise GameParameterError(
                f"the seed must be a whole number 0 or more, not {self.seed_box.value!r}"
            )
        return int(text)

    def _agent_move(self) -> Action:
        self._check_present()
        state = self.state
        seat = state.current_player
        if seat != self._revealed:  # hot-seat: whoever looked last must look again after this
            self._revealed = None
        action = agent_action(self.agents[seat], state, self.agent_rngs[seat])  # as simulate asks
        state.apply(action)
        return action

    def _advance(self) -> None:
        """Computer seats act until a person is to act or the game is over (only when people
        play: a computers-only table waits for "Computer step" / "Play out")."""
        if not self.humans or not self.auto_advance:
            return
        state, guard = self.state, 0
        while not state.is_over and not self.is_human(state.current_player):
            self._agent_move()
            guard += 1
            if guard > 1_000_000:  # pragma: no cover - a game that never ends is a bug
                raise RuntimeError("computer players made a million moves without the game ending")

    def computer_step(self) -> None:
        """The seat to act makes one move by its computer strategy (also a person's seat: "let the
        computer move for me"); then, if people play, computers move until a person is to act."""
        if self.state.is_over:
            self.say("The game is over: click New game to deal again.")
            return
        self._agent_move()
        self._advance()

    def play_out(self) -> None:
        """Every seat's computer strategy plays until the game is over, at once."""
        if self.state.is_over:
            self.say("The game is over: click New game to deal again.")
            return
        guard = 0
        while not self.state.is_over:
            self._agent_move()
            guard += 1
            if guard > 1_000_000:  # pragma: no cover
                raise RuntimeError("a million moves without the game ending")

    def _click(self, button: W.Button) -> None:
        action, state, moves, seat = button._catcards_action  # type: ignore[attr-defined]
        if action is None:
            self.say(f"{button.description} cannot be played now: {self.why_not(button.description)}. "
                     "Nothing changed.")
            return
        if state is not self.state or len(state.history) != moves or state.current_player != seat:
            self.say(
                f"'{button.description}' was from an earlier position; the game has moved on, "
                "so nothing changed. Choose again from the table as it is now."
            )
            return
        if not self.is_human(seat):
            self.say(f"It is {self.seat_label(seat)}'s turn, not yours: nothing changed.")
            return
        if self._hidden_for() is not None:
            self.say(f"Pass the screen to seat {seat} first: nothing changed.")
            return
        self.act(action)

    def action_button(
        self,
        action: Action,
        label: str | None = None,
        card: Card | None = None,
        enabled: bool = True,
        tooltip: str | None = None,
    ) -> W.Button:
        """A button that carries ``action`` for the position drawn now.

        Clicking it applies the action if the game is still at that position and it is legal;
        otherwise the reason is said in ``out`` and nothing changes. ``card`` colours the button
        in the card's suit colour; ``label`` defaults to ``str(action)``.
        """
        style = {}
        if card is not None:
            fill, ink, _symbol = suit_style(card.suit)
            style = {"button_color": fill, "text_color": ink,
                     "font_weight": "bold"}
        button = W.Button(
            description=label if label is not None else str(action),
            disabled=not enabled,
            tooltip=tooltip if tooltip is not None else str(action),
            style=style,
            layout=W.Layout(width="auto", min_width="64px"),
        )
        button._catcards_action = (action, self.state, len(self.state.history),  # type: ignore[attr-defined]
                                   self.state.current_player)
        button.add_class("catcards-action")
        button.on_click(self.callback(self._click))
        return button

    # ---- what is shown ------------------------------------------------------------------------
    def _hidden_for(self) -> int | None:
        """Hot-seat: the person to act whose hand is still behind the pass-screen button."""
        seat = self.state.current_player
        if len(self.humans) > 1 and self.is_human(seat) and seat != self._revealed:
            return seat
        return None

    @property
    def view_seat(self) -> int | None:
        """The seat whose observation is drawn now (None: a spectator's view)."""
        seat = self.state.current_player
        if self._hidden_for() is not None:
            return None
        if self.is_human(seat):
            return seat
        if len(self.humans) == 1:
            return self.humans[0]
        if len(self.humans) > 1:
            return self._revealed if self.state.is_over else None
        return self.view

    @property
    def legal(self) -> tuple:
        """The actions the viewer may click now (empty unless the viewer is the person to act)."""
        seat = self.view_seat
        if self.looking_back:  # the past is read-only
            return ()
        if seat is not None and seat == self.state.current_player and self.is_human(seat):
            return self.state.legal_actions()
        return ()

    def seat_label(self, seat: int | None) -> str:
        """"Seat 2 (you)", "Seat 1 (computer)", "Seat 0" (hot-seat people are named by seat)."""
        if seat is None:
            return "no one"
        if self.is_human(seat):
            return f"Seat {seat} (you)" if len(self.humans) == 1 else f"Seat {seat}"
        return f"Seat {seat} (computer)"

    def status_text(self, obs: dict) -> str:
        """The status line as HTML: round, whose turn, or the result when the game is over."""
        parts = []
        if "round" in obs:
            parts.append(f"Round {obs['round']}")
        outcome = self.state.outcome
        if outcome is not None:
            winners = ", ".join(self.seat_label(s) for s in outcome.winners) or "no one"
            scores = ", ".join(f"{s}: {v:g}" for s, v in enumerate(outcome.scores))
            parts.append(f"<b>Game over</b>: {html.escape(outcome.reason)}. "
                         f"Winners: <b>{html.escape(winners)}</b>. Scores by seat: {scores}")
        else:
            seat = self.state.current_player
            who = self.seat_label(seat)
            if self.is_human(seat) and len(self.humans) == 1:
                parts.append("<b>Your turn</b> (seat %d)" % seat)
            else:
                parts.append(f"<b>{html.escape(who)}</b> to act")
        return " &middot; ".join(parts)

    def refresh(self) -> None:
        """Redraw every part from ``state.observation(view_seat)``."""
        state = self.state
        obs = state.observation(self.view_seat)
        self.title.value = (
            f"{STYLE}<div style='font-size:1.25em;font-weight:bold;line-height:1.4'>{html.escape(self.game.title)}"
            f"<span style='font-weight:normal;color:#666;font-size:0.8em'> &middot; "
            f"{self.players} player{'s' * (self.players != 1)} &middot; seed {state.seed}</span></div>"
        )
        self.status.value = (
            f"<div class='catcards-status' style='font-size:1.05em;line-height:1.4;padding:2px 0'>"
            f"{self.status_text(obs)}</div>"
        )
        old = list(self.board_box.children) + list(self.hand_box.children)
        self.board_box.children = [self.board(obs)]
        hidden = self._hidden_for()
        if hidden is not None:
            self.hand_box.children = [self._pass_screen(hidden)]
        elif self.view_seat is None:
            self.hand_box.children = []
        else:
            self.hand_box.children = [self.hand(obs)]
        if self.close_replaced:  # free the replaced widgets' models in the kernel and browser
            keep = {id(w) for w in _parts(self)}
            for widget in old:
                close_tree(widget, keep)
        self.log_view.value = self.log_html(obs)
        self.step_button.disabled = self.playout_button.disabled = state.is_over
        self._sync_history()

    def _pass_screen(self, seat: int) -> W.Widget:
        button = W.Button(
            description=f"Pass the screen to seat {seat}, then click",
            icon="eye", button_style="warning", layout=W.Layout(width="auto"),
        )
        button.add_class("catcards-pass")

        def reveal(_b: Any) -> None:
            if self._hidden_for() == seat:
                self._revealed = seat
            else:
                self.say("That pass button is from an earlier position: nothing changed.")

        button.on_click(self.callback(reveal))
        self.pass_button = button
        return W.VBox([W.HTML(f"<i>Seat {seat}'s hand is hidden until seat {seat} looks.</i>"), button])

    def log_html(self, obs: dict) -> str:
        """The newest public log lines, newest first, numbered from the start of the game.

        Read from ``state.log``, which holds public lines only (the contract), because several
        games keep just the last lines in ``obs["log"]`` to stay fast."""
        lines = self.state.log
        shown = lines[::-1][:LOG_LINES]
        start = len(lines)
        items = "".join(
            f"<div style='{'font-weight:bold' if i == 0 else 'color:#444'}'>"
            f"<span style='color:#595959'>{start - i}.</span> {html.escape(line)}</div>"
            for i, line in enumerate(shown)
        )
        more = f"<div style='color:#595959'>... {start - len(shown)} earlier lines</div>" if start > len(shown) else ""
        return f"<div class='catcards-log' style='font-size:0.9em;line-height:1.35'>{items or '(no moves yet)'}{more}</div>"

    # ---- hooks --------------------------------------------------------------------------------
    def board(self, obs: dict) -> W.Widget:
        """The middle of the table, drawn from ``obs`` only. Default: each observation entry
        except hand, legal and log, with cards drawn as SVG. Subclasses draw their game's board."""
        rows = []
        for key, value in obs.items():
            if key in ("hand", "legal", "log", "seat", "outcome", "is_over") or value in (None, [], {}):
                continue
            rows.append(
                "<tr><th style='text-align:left;vertical-align:top;padding-right:10px'>"
                f"{html.escape(key.replace('_', ' '))}</th><td>{obs_value_html(value)}</td></tr>"
            )
        return W.HTML(f"<table class='catcards-board' style='line-height:1.3'>{''.join(rows)}</table>")

    def why_not(self, card_name: str) -> str:
        """Why the card named ``card_name`` in the viewer's hand cannot be played now, in the
        engine's words: the reason of the :class:`IllegalActionError` that playing it raises
        (``"Dog 2 matches neither the colour (Cat) nor the number (7) of Cat 7"``). The state is
        never changed (an illegal action is refused before anything happens, and a legal one is
        not tried)."""
        state = self.state
        if self.looking_back:
            return "you are looking back at an earlier move (set Move to the last move, or click \"Play on from here\")"
        if state.is_over:
            return "the game is over"
        if not self.legal:
            return f"it is {self.seat_label(state.current_player)}'s turn"
        try:
            parsed = state._parse_action(f"play {card_name}")
        except Exception:
            parsed = None
        if parsed is None or parsed in state.legal_actions():
            return "it is not one of the moves you can make now"
        try:
            state.apply(parsed)
        except IllegalActionError as exc:
            return exc.reason
        raise RuntimeError(f"{parsed} was applied although it is not legal")  # never: apply refuses

    def actions_for_cards(self, legal: Sequence[Action]) -> tuple[dict[Card, Action], list[Action]]:
        """Split ``legal`` into the actions that play exactly one card, by card (when one action
        only plays that card), and the others (labelled by ``str(action)``)."""
        by_card: dict[Card, list[Action]] = {}
        for action in legal:
            cards = _cards_in(action)
            if len(cards) == 1:
                by_card.setdefault(cards[0], []).append(action)
        single = {c: acts[0] for c, acts in by_card.items() if len(acts) == 1}
        used = set(id(a) for a in single.values())
        return single, [a for a in legal if id(a) not in used]

    def card_buttons(self, cards: Sequence[Card], by_card: dict[Card, Action]) -> W.Widget:
        """One column per card: its face (dimmed when it cannot be played) above a button with its
        name in its suit colour, enabled only when ``by_card`` has an action for it.

        A card's column is made once per game and updated in place while the card stays in the
        hand (issue 11: rebuilding every column on every click cost most of a click's time); its
        button then carries the action of the position drawn now. A played card's column is
        closed, so a late second click on it is answered as from an earlier position."""
        pool = self.__dict__.setdefault("_card_columns", {})
        if pool.get("state") is not self.state:  # a new deal: nothing carries over
            pool.clear()
            pool["state"] = self.state
        cols = []
        for card in cards:
            action = by_card.get(card)
            cached = pool.get(card)
            if cached is None or cached[0].comm is None:
                face = W.HTML()
                button = self.action_button(action, label=str(card), card=card)
                button.layout.width, button.layout.padding = f"{CARD_WIDTH + 36}px", "0 2px"
                button.add_class("catcards-card")
                col = W.VBox([face, button], layout=W.Layout(align_items="center", margin="0 3px"))
                col.add_class("catcards-cardcol")  # the picture clicks the button (STYLE)
                cached = pool[card] = (col, face, button)
            col, face, button = cached
            face.value = card_html(card, CARD_WIDTH, dim=action is None)
            button._catcards_action = (action, self.state, len(self.state.history),  # type: ignore[attr-defined]
                                       self.state.current_player)
            # an unplayable card stays focusable and clickable: the click is answered with why
            button.disabled = False
            if action is None:
                button.add_class("catcards-unplayable")
            else:
                button.remove_class("catcards-unplayable")
            button.tooltip = (str(action) if action is not None
                              else f"{card} (cannot be played now: click to hear why)")
            fill, ink, _symbol = suit_style(card.suit)
            button.style.button_color = fill if action is not None else None
            button.style.text_color = ink if action is not None else None
            button.style.font_weight = "bold" if action is not None else ""
            cols.append(col)
        return W.HBox(cols, layout=W.Layout(flex_flow="row wrap"))

    def other_action_buttons(self, actions: Sequence[Action]) -> W.Widget:
        """One button per action, labelled ``str(action)``."""
        return W.HBox([self.action_button(a) for a in actions],
                      layout=W.Layout(flex_flow="row wrap"))

    def hand(self, obs: dict) -> W.Widget:
        """The viewer's hand: card buttons (legal ones enabled) and the other legal actions."""
        seat = obs.get("seat", self.view_seat)
        by_card, others = self.actions_for_cards(self.legal)
        cards = list(obs.get("hand", []))
        heading = W.HTML(f"<b>{html.escape(self.seat_label(seat))}: hand</b> ({len(cards)} cards)")
        parts: list[W.Widget] = [heading, self.card_buttons(cards, by_card)]
        # actions playing a card not in the hand (e.g. a card on the table) get their own button
        extra = [a for c, a in by_card.items() if c not in cards] + list(others)
        if extra:
            parts.append(self.other_action_buttons(extra))
        return W.VBox(parts)
