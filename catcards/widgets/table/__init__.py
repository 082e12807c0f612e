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
  "Pass the screen to seat k, then press here" button).
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
``log_view`` (HTML: the public ``obs["log"]`` lines, newest first); ``announce`` (the ``aria-live``
line: the newest message, bold) and ``out`` (an ``ipywidgets.Output`` where every callback's
prints, refusals and exceptions appear, newest first as in the move log, so a user sees what went
wrong without scrolling its box; a line said is put there once ``announce`` shows another, so it
is on screen once: :meth:`say`).

Exploring (issue 15): ``history_slider`` (a "Move" number box, :class:`~catcards.widgets.table.history.MoveBox`,
with ``history_total`` ("of 12") beside it: moves made so far, the numbers the move log gives
its lines; a number out of range shows the nearest move and says the range; go back to see the
table as it was after any earlier move: :meth:`look_back` (the model's ``position``: a clone kept
a few moves before, and the actions after it), and the table is read-only until the box is back
at the end;
:attr:`looking_back`, :attr:`live_state`); ``branch_button`` ("Play on from here",
:meth:`play_on_from_here`, always enabled, greyed at the latest move: that position becomes the game in play, the game it came from stays in
``branch_list``, :meth:`switch_game`); ``undo_button`` takes back a move of the game in play (the
branch's own history; as fast at move 500 as at move 5). ``odds_panel`` (:class:`catcards.widgets.explore.OddsPanel`): "What are my
chances?" runs :func:`catcards.odds` for :attr:`view_seat` from the position shown; a teacher sets
``table.teacher = True`` (then ``table.refresh()``) for the "peek" switch.

After a person acts, computer seats act automatically until a person is to act or the game is
over, scheduled on the table's one scheduler ``clock`` (:mod:`.scheduler`: ``loop.call_later`` on
the kernel's event loop, stepped at once where no loop runs). When only computers play, nothing
moves until "Computer step" or "Play out" is clicked.

The model and the views (issue 31): ``table.model`` (:class:`~.model.TableModel`, no widgets)
owns the game in play, its history and branches, the seat viewed, the hot-seat seat revealed and
the selection; :meth:`refresh` draws the views from ``state.observation(view_seat)`` and the
model, with widgets kept by key (:meth:`part`, :meth:`html`, :meth:`box`, :meth:`action_button`)
and updated in place.

Subclassing (one module ``catcards/widgets/<game>.py`` per game, discovered automatically)::

    from catcards.widgets.table import GameTable, table_for

    @table_for("my-game")
    class MyGameTable(GameTable):
        '''The My Game table: ...'''

        # the middle of the table, from the observation only: a pure function in
        # catcards/render/my_game.py, board_html(obs, seat_label) -> HTML
        render_board = staticmethod(board_html)
        default_agents = "careful"        # optional: what the default "sensible" means here

        def hand(self, obs):              # optional: the default is usually right
            ...                           # build buttons with self.action_button(action, ...)

Hooks and helpers for subclasses:

- :attr:`render_board` ``(obs, seat_label) -> str``: the game's board as HTML (a function of
  ``catcards.render``), which the default :meth:`board` puts in an HTML widget.
- :meth:`board` ``(obs) -> Widget``: the game's middle part. Default: :attr:`render_board`, or
  every key of the observation except hand/legal/log, cards drawn as SVG (a board with buttons
  in it, like Pairs' grid, overrides :meth:`board`). :meth:`board` and :meth:`hand` are
  called on every redraw and return widgets kept by key: :meth:`part` ``(key, make, keep=False)``
  (the same widget for the same key, ``make()`` builds it once), :meth:`html` ``(key, value)``,
  :meth:`box` ``(key, children, kind=VBox)``; the browser keeps their elements and the keyboard
  focus. Widgets a redraw no longer shows are closed (``keep=True``: kept for when they come back;
  ``close_replaced = False`` turns closing off); a new deal starts with none.
- :meth:`hand` ``(obs) -> Widget``: default :meth:`card_buttons` of ``obs["hand"]`` followed by
  :meth:`other_action_buttons`: one button per card (its face drawn above a button with its name
  in its suit colour), enabled only when exactly one legal action plays that card, plus one
  button per other legal action, labelled ``str(action)``.
- :meth:`action_button` ``(action, label=None, card=None, enabled=True, tooltip=None, key=..., keep=False, layout=None, classes=()) -> Button``:
  a button that carries its action, kept by the action's text and label (or ``key``), made with
  ``layout`` and ``classes`` (give them there, not by changing the button after: each change is
  one more message to the browser, and the kernel drops what passes 1,000 waiting); clicking
  it applies the action if it is still legal in the position the button was drawn for. A stale click (the game moved on, a new game was dealt) or a refused
  action is reported in ``out`` and changes nothing; it never raises.
- :meth:`actions_for_cards` ``(legal) -> (by_card, others)``: which legal actions play exactly one
  card (found by walking the action's dataclass fields for :class:`~catcards.cards.Card` values).
- :meth:`seat_label` ``(seat) -> str``: "Seat 2 (you)", "Seat 1 (computer)".
- :meth:`status_text` ``(obs) -> str`` (HTML), :meth:`refresh` (redraw from the state, called
  after every change), :attr:`view_seat` (whose observation is drawn now), :attr:`legal` (the
  actions the viewer may click now: empty unless the viewer is the person to act),
  :attr:`shown_moves` (the viewer's moves in the position shown, looking back too: what a hint
  describes) and :attr:`viewers_turn`.
- :meth:`focus_after` ``(clicked, place) -> Widget | None``: what gets keyboard focus after a
  click on a button of the hand or the board once the table is redrawn (default: the same
  button if still shown, which keeps the focus by itself, being the same element; else the one
  of its kind at the same place, or the last; Cat Days: a chosen card's first place). It is
  asked once per click: at once when the click caused no computer replies, else after the last
  reply it caused has been drawn (``clock.then``). Nothing is focused on a first draw or a move
  made from code.
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

Where the table is written (issue 13: no module over about 500 lines): this package holds
:class:`GameTable` with its life (setting up, dealing, closing) and the game's flow (a person's
action, computer moves), and the registry of tables (:func:`table_for`, :func:`play`); the class
is put together from one mixin per part, each in its own module:

- ``model.py`` (:class:`~catcards.widgets.table.model.TableModel`): the game, its history and
  branches, the seat viewed, the selection, what changed: no ipywidgets;
- ``scheduler.py``: the clocks computer moves are scheduled on (``LoopClock``, ``ManualClock``);
- ``view.py`` (:class:`~catcards.widgets.table.view.ViewMixin`): what is shown and
  :meth:`refresh`, the widgets kept by key, the hot-seat pass-screen step, "How to play",
  the move log;
- ``moves.py`` (``MovesMixin``): the action buttons, the hand as card columns, why a card cannot
  be played, the default :meth:`board` and :meth:`hand`;
- ``controls.py`` (``ControlsMixin``): New game and the seed box, New seed, Undo, Computer step,
  Play out;
- ``history.py``: :class:`~catcards.widgets.table.history.HistoryBar` (``history_view``; the "Move" box, "Play on
  from here", the list of games: a view object holding the model, drawn by its ``sync()``, that
  asks the table through three callables) and ``HistoryMixin`` (what the bar asks, and the odds
  panel);
- ``messages.py`` (``MessagesMixin``): :meth:`say`, :meth:`callback` (every handler's prints and
  errors go to ``out``), :func:`mark_unavailable`;
- ``live.py``: :func:`close_tree`, :func:`replace` and the tables each notebook cell made.

The HTML itself is built by :mod:`catcards.render` (``render.tables`` and one module per game).
"""
from __future__ import annotations

import inspect
from typing import Any, Callable, Sequence

import ipywidgets as W
import numpy as np

from ...core import Action, Game, GameParameterError, State
from ...registry import Registry, load
from ...render import text_colour  # noqa: F401 (re-exported)
from ...render.tables import CARD_WIDTH, SCROLL_HINT, STYLE, card_html, cards_row, hint_html  # noqa: F401 (re-exported)
from .controls import ControlsMixin, seed_from_text
from .history import HistoryMixin
from .live import _LIVE, _parts, _register_live, _walk, close_tree, replace  # noqa: F401 (re-exported)
from .messages import LOOKING_BACK, MessagesMixin, mark_unavailable  # noqa: F401 (re-exported)
from .model import TableModel
from .moves import MovesMixin
from .scheduler import BATCH, LoopClock, _running_loop
from .view import LOG_LINES, ViewMixin  # noqa: F401 (re-exported)

__all__ = ["GameTable", "table_for", "table_class", "play", "table_options", "card_html", "cards_row", "hint_html", "mark_unavailable", "text_colour", "close_tree", "replace",
           "seed_from_text"]

#: tables by game name: the modules of :mod:`catcards.widgets` and plugins of group ``catcards.tables``
TABLES: Registry[type["GameTable"]] = Registry("catcards.widgets", "catcards.tables", skip=("table",), tolerant=True)


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


def table_options(cls: type["GameTable"] | None = None) -> tuple[str, ...]:
    """The keywords :func:`play` passes to the table rather than to the game: the keyword-only
    arguments of :meth:`GameTable.__init__` (``seed``, ``humans``, ``agents``, ``deals``,
    ``view``) and of the ``__init__`` of each table class between ``cls`` and it (Snap's
    ``turn_delay`` and ``clock``), read from their signatures so that they are written once."""
    names: list[str] = []
    for klass in (cls or GameTable).__mro__:
        if not (isinstance(klass, type) and issubclass(klass, GameTable)) or "__init__" not in vars(klass):
            continue
        names += [name for name, p in inspect.signature(klass.__init__).parameters.items()
                  if p.kind is inspect.Parameter.KEYWORD_ONLY and name not in names]
    return tuple(names)


def play(game: Game | str, **options: Any) -> "GameTable":
    """A table for ``game`` (a :class:`~catcards.Game`, or a registered name): the game's own
    table class if one is registered with :func:`table_for`, else the generic :class:`GameTable`.

    ``options`` are of two kinds. The table's: :class:`GameTable`'s keywords (:func:`table_options`:
    ``seed``, ``humans``, ``agents``, ``deals``, ``view``; see :class:`GameTable` for what each
    means and its default), and those of the game's own table class (Snap's ``turn_delay``).
    Any other keyword is a game parameter, used to build the game from its
    name, e.g. ``play("simons-cat", players=5, seed=3)``: 5 players is the game's, seed 3 the
    table's.

    Raises:
        GameParameterError: unknown game name or parameters (game parameters given with a Game
            object), bad seats or strategies.
    """
    names = table_options(table_class(game.name if isinstance(game, Game) else str(game)))
    # GameTable's defaults are passed as before, named: a table class's own default for one of
    # them (CardGameTable's agents="bluffer", set with kwargs.setdefault) applies to direct
    # construction only, so play() deals the same computer players as it always has
    table = {name: p.default for name, p in inspect.signature(GameTable.__init__).parameters.items()
             if p.kind is inspect.Parameter.KEYWORD_ONLY}
    table.update((k, v) for k, v in options.items() if k in names)
    params = {k: v for k, v in options.items() if k not in names}
    if isinstance(game, str):
        game = load(game, **params)
    elif params:
        raise GameParameterError(
            f"give game parameters ({', '.join(params)}) with a game name, not with a Game object"
        )
    if not isinstance(game, Game):
        raise GameParameterError(f"play() needs a Game or a game name, not {game!r}")
    return table_class(game.name)(game, **table)


class GameTable(ViewMixin, MessagesMixin, ControlsMixin, HistoryMixin, MovesMixin, W.VBox):
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
    #: what a click that cannot act once the game is over says; it names the button that deals
    #: again (a page that hides "New game" and deals with its own button sets its own words)
    game_over_words = "The game is over: press New game to deal again."
    #: short rules naming the table's own controls, one paragraph each: shown in the table's
    #: collapsible "How to play" panel and by the app (each game's table gives its own)
    how_to_play: tuple[str, ...] = (
        "Your turn: press a button under your hand to make your move; buttons you cannot use now "
        "are greyed out. \"Computer step\" lets the computer make one move for whoever is to act.",
    )
    #: close the widgets that board()/hand() returned last time once they are replaced (unless
    #: they are still shown); set False in a subclass that caches widgets and shows them again
    close_replaced = True
    #: :func:`close_tree` calls a table's own :meth:`close` (its timers stop, it frees its parts)
    closes_its_parts = True
    #: the strategy the generic default "sensible" stands for at this table (None: "sensible"
    #: itself, which falls back to "random" where the game has none)
    default_agents: str | None = None
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
        super().__init__(layout=W.Layout(border="1px solid #ccc", padding="8px", width="100%"),
                         _dom_classes=("catcards-table",))
        if self.default_agents is not None and isinstance(agents, str) and agents == "sensible":
            agents = self.default_agents
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
        #: (the game in play, the words) once play at the table was ended by the page (end_play)
        self._ended: tuple[State, str] | None = None
        self.agents = self._make_agents(agents)
        self.deals = deals
        #: the game, its history and branches, the seat viewed, the selection: no widgets
        #: (:class:`~catcards.widgets.table.model.TableModel`)
        self.model = TableModel(game, humans=self.humans, agents=self.agents, deals=deals, view=self.view)
        #: the widgets kept by key between redraws (:meth:`part`), and the keys used by this redraw
        self._kept: dict[Any, W.Widget] = {}
        self._used: set = set()
        self._sticky: set = set()  # the keys of parts kept while not shown (part(keep=True))
        #: the one scheduler of computer moves (:mod:`~catcards.widgets.table.scheduler`): the
        #: kernel's event loop where there is one, stepped at once where there is none
        if self.__dict__.get("clock") is None:
            self.clock = LoopClock(step_now=True)

        # ---- the widgets ----
        self._build_view()  # title, status, board and hand boxes, "How to play", the move log
        self._build_controls()  # New game, the seed box, New seed, Undo, Computer step, Play out
        self._build_messages()  # the aria-live line and the Output
        self._build_history()  # the history slider, "Play on from here" and the branch list
        # the person's next move (the hand and its buttons) comes before the board, which can be
        # long (seats, score sheets): it is on screen as dealt on a 390x844 phone and a 1366x768
        # Chromebook in every game's app (issue 31, tests/browser/test_a11y.py), in reading and
        # keyboard order alike; the board follows, one scroll down on a phone
        self.children = [
            self.title, self.rules_panel, self.status, self.hand_box, self.board_box, self.controls,
            self.history_bar, self.odds_panel,
            W.HTML("<b>Move log</b> <span style='color:#595959'>(newest first)</span>"), self.log_view,
            W.HTML("<b>Messages</b> <span style='color:#595959'>(newest first)</span>"), self.announce, self.out,
        ]
        self.state: State = self._deal(seed)
        for note in self._notes:
            self.say(note)
        self.refresh()
        self._run(lambda: self._advance(now=True))
        _register_live(self)

    # ---- lifecycle ----------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        """True once :meth:`close` has run (the table then ignores clicks and timers)."""
        return self.__dict__.get("_catcards_closed", False)

    def close(self) -> None:
        """Stop the table's timers and close every widget model it owns (its parts, their
        children, layouts and styles), then the table itself. Called for the tables an earlier
        run of the same cell made; call it on a table you replace. Safe to call twice."""
        if self.closed:
            return
        self.__dict__["_catcards_closed"] = True
        self.stop()
        # with the parts kept while not shown (part(keep=True)); none when __init__ refused its
        # arguments before making any (the refused table is closed when it is collected)
        mine = [self, *self.__dict__.get("_kept", {}).values()]
        for name in ("new_button", "shuffle_button", "undo_button", "step_button", "playout_button", "seed_box"):
            extra = getattr(self, name, None)  # controls a subclass moved out of the table
            if isinstance(extra, W.Widget):
                mine.append(extra)
        for widget in mine:
            close_tree(widget)

    # ---- the model: the game and what is shown of it (TableModel, no widgets) -------------------
    @property
    def state(self) -> State:
        """The position shown (the game in play, or an earlier position while :attr:`looking_back`)."""
        return self.model.state

    @state.setter
    def state(self, state: State) -> None:
        self.model.state = state

    @property
    def agent_rngs(self) -> list:
        """The computer seats' generators for the game in play."""
        return self.model.agent_rngs

    @agent_rngs.setter
    def agent_rngs(self, rngs: list) -> None:
        self.model.agent_rngs = rngs

    @property
    def _revealed(self) -> int | None:
        return self.model.revealed

    @_revealed.setter
    def _revealed(self, seat: int | None) -> None:
        self.model.revealed = seat

    # ---- setting up ---------------------------------------------------------------------------
    def _make_agents(self, agents: Any) -> list[Any]:
        from ...agents import Agent, make_agent, strategies

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
        state = self.model.deal(seed)  # a new deal: no past view, no branches
        self.seed_box.value = str(state.seed)
        return state

    # ---- driving the game ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    def is_human(self, seat: int | None) -> bool:
        """True when ``seat`` is played by a person at this screen."""
        return seat is not None and seat in self.humans

    def act(self, action: Action) -> None:
        """A person's action for the seat to act; then computers move until a person is to act
        (scheduled on :attr:`clock`: at once where no event loop runs, else on the kernel's loop
        just after this returns). Once they have replied, the log lines written after the line of
        this move are read out in the aria-live line (:meth:`say_moves`).

        Raises:
            IllegalActionError: the action is not legal now (the state is unchanged).
            RuntimeError: it is not a person's turn.
            GameParameterError: an earlier move is shown (looking back), or play at the table
                has ended (:meth:`end_play`: its words).
        """
        self._check_present()
        if self.ended_words is not None:
            raise GameParameterError(self.ended_words)
        seat = self.state.current_player
        if not self.is_human(seat):
            raise RuntimeError(
                "it is not a person's turn" if seat is None or self.state.is_over
                else f"it is {self.seat_label(seat)}'s turn"
            )
        lines = len(self.state.log)
        self.model.apply(action)
        # read out once the computers have replied (say_moves): what follows the line of the
        # person's own move, which they have just made ("Seat 0 plays pink 3."); a move that
        # writes none ("done" in Card Game) leaves the next turn's first line to be read
        log = self.state.log
        own = lines < len(log) and log[lines].startswith(f"Seat {seat} ")
        self._moves_from = (self.state, lines + own, "")
        self._advance()

    def end_play(self, words: str) -> None:
        """End play at the table before the game is over, for a reason of the page's own: a class
        counted the game at its deal (Simon's Cat's set-aside card: ``catcards class``,
        ``Activity.finished`` is ``dealt``), so a move after it would be played on a game already
        counted. Until another game is on the table (:meth:`new_game`, or ``state`` set), nothing
        moves: no computer (:meth:`stop`, and they are not due), and a person's move is refused
        with ``words`` (:meth:`act`, a move button, "Computer step", "Play out"); the status line
        says ``words``, the hand shows its cards' faces with no button
        (:meth:`ended_hand_html`), and the board is drawn with no seat to act (its observation's
        ``current_player`` None: no seat panel says "to play"). ``words``: plain text, short sentences (escaped when drawn)."""
        self.stop()
        self._ended = (self.live_state, str(words))
        self.refresh()

    @property
    def ended_words(self) -> str | None:
        """The words play at the table was ended with (:meth:`end_play`) while that game is the
        one in play, else None."""
        ended = self._ended
        return ended[1] if ended is not None and ended[0] is self.live_state else None

    def _agent_move(self) -> Action:
        """The seat to act moves by its computer strategy (:meth:`TableModel.agent_move`)."""
        return self.model.agent_move()

    #: seconds from a person's move to the computers' replies on the event loop
    computer_delay = 0.0

    def _computers_due(self) -> bool:
        """True when computer seats are to move by themselves now: people play here, the table
        moves computers on (:attr:`auto_advance`), the game in play is shown and not over, and a
        computer is to act."""
        state = self.state
        return (not self.closed and bool(self.humans) and self.auto_advance and not self.looking_back
                and not state.is_over and not self.is_human(state.current_player) and self.ended_words is None)

    def _advance(self, now: bool = False) -> None:
        """Schedule the computers' moves until a person is to act or the game is over (only
        when people play: a computers-only table waits for "Computer step" / "Play out"), on the
        table's one scheduler, :attr:`clock`. ``now``: make them at once (a new deal: the table
        is first shown at the person's turn, and code that deals reads the position it expects)."""
        if now:
            while self._computers_due():
                self._agent_move()
        elif self._computers_due():
            self._computers_start()  # a press sent before their turn is drawn can be told
            self.clock.schedule(self.computer_delay, self._computers_turn)
        else:
            self.say_moves()  # no computer replies: what the move itself wrote (a trick won)

    def _computers_turn(self) -> None:
        """A scheduled event: on the event loop, the computers' moves and a redraw (through
        :meth:`callback`'s runner, so errors are said in ``out``); stepped synchronously, the
        moves only (the click being handled redraws). After the last one, the clock gives the
        focus the click that caused them handed it (:meth:`_restore_focus`)."""
        if _running_loop() is None:
            self._computer_moves()
        else:
            self._run(self._computer_moves)

    def _computer_moves(self) -> None:
        """Up to :data:`~catcards.widgets.table.scheduler.BATCH` computer moves, then the next
        event if more are due; after the last, what the moves since the press did is read out
        (:meth:`say_moves`)."""
        self._make_computer_moves(BATCH)
        if self._computers_due():
            self.clock.schedule(self.computer_delay, self._computers_turn)
        else:
            self.say_moves()  # the replies are over: what they did, read out in one line

    def _make_computer_moves(self, most: int) -> int:
        """Computer moves while computers are due (:meth:`_computers_due`), ``most`` at most;
        returns how many were made. The key a person held on the button focused after their move
        is still taken for a held key after the computers' replies (``_focused`` follows them).
        Pairs makes one per event of its paced turn (:mod:`catcards.widgets.pairs`)."""
        state, before = self.state, len(self.state.history)
        made = 0
        while self._computers_due() and made < most:
            self._agent_move()
            made += 1
        focused = self._focused
        if focused is not None and focused[1] is state and focused[2] == before:
            self._focused = (focused[0], state, len(state.history))
        return made

    def stop(self) -> None:
        """Stop everything that would change the table by itself: the computers' scheduled moves
        (and, at Snap, their timed turns and snaps)."""
        clock = self.__dict__.get("clock")
        if clock is not None:
            clock.cancel_all()
        self._moves_from = None  # the replies that were to be read out will not come

    def resume(self) -> None:
        """Schedule again what :meth:`stop` stopped, for the game in play; the computers' moves
        it makes are read out as after a move (:meth:`say_moves`), after the line said last
        ("Playing on from move 1; ...", break56t: they were never read)."""
        if self._moves_from is None and self._computers_due():
            self._moves_from = (self.state, len(self.state.log), self.model.announcement)
        self._advance()
