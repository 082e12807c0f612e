"""The moves a person makes at a table: a button that carries its action for the position it was
drawn for (:meth:`MovesMixin.action_button`; a stale or refused click is answered in words and
changes nothing), the hand as one column per card (face above a button in its suit colour; a card
that cannot be played stays clickable and says why, in the engine's words), buttons for the other
legal actions, and the default board and hand hooks; and where keyboard focus goes after a click
in the hand or the board when the clicked button is gone (a card played: :meth:`MovesMixin.focus_after`)
or the next step is elsewhere, or on a control the click disabled ("Play out" ending the game:
:meth:`MovesMixin._restore_focus`). A button still shown is the same widget (kept by key), so the
browser keeps its element and the focus on it with no help (issue 31).
Part of :mod:`catcards.widgets.table`."""
from __future__ import annotations

import dataclasses
import html
from functools import partial
from typing import Any, Callable, Sequence

import ipywidgets as W

from ...cards import Card
from ...core import Action, IllegalActionError
from ...render import suit_style
from ...render.tables import CARD_WIDTH, card_html, obs_board_html

__all__ = ["MovesMixin", "focusable_buttons", "is_card_button", "COMPUTERS_MOVED"]

#: what a move pressed while the computers were moving says (sent before the page showed the
#: person's turn again: two cards clicked at once, a burst of clicks; it changes nothing)
COMPUTERS_MOVED = ("Wait: the computers were still playing when you pressed. Nothing changed: "
                   "choose your move from the table as it is now.")


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


def is_card_button(widget: W.Widget) -> bool:
    """True for a card's button in a hand (class ``catcards-card``)."""
    return "catcards-card" in widget._dom_classes


def focusable_buttons(box: W.Widget) -> list[W.Button]:
    """The buttons a keyboard can reach in ``box``, in the order they are drawn: shown (not
    ``display: none`` or ``visibility: hidden``, nor inside such a box), enabled, not closed."""
    found: list[W.Button] = []

    def walk(widget: Any) -> None:
        layout = getattr(widget, "layout", None)
        if layout is not None and (layout.display == "none" or layout.visibility == "hidden"):
            return
        if isinstance(widget, W.Button) and not widget.disabled and widget.comm is not None:
            found.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(box)
    return found


def set_traits(widget: W.Widget, values: dict[str, Any]) -> None:
    """Set ``values`` (trait name -> value) on ``widget``: each one is sent to the browser only
    when it changed."""
    for name, value in values.items():
        setattr(widget, name, value)


class MovesMixin:
    """The move buttons and the ``board``/``hand`` hooks of :class:`~catcards.widgets.table.GameTable`."""

    def _stale(self, button: Any) -> bool:
        """True for a button that carries a move (:meth:`action_button`, or a position as Card
        Game's "Do it" does: ``_catcards_position``) from an earlier position than the game's now:
        a press on it would be refused as "from an earlier position"."""
        carried = getattr(button, "_catcards_action", None)
        position = carried[1:] if carried is not None else getattr(button, "_catcards_position", None)
        if position is None:
            return False
        state, moves, seat = position
        return state is not self.state or len(state.history) != moves or state.current_player != seat

    def _click(self, button: W.Button) -> None:
        action, state, moves, seat = button._catcards_action  # type: ignore[attr-defined]
        if self.ended_words is not None:  # play ended by the page (end_play): a press sent before
            self.say(f"{self.ended_words} Nothing changed.")  # the page drew the hand without buttons
            return
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
        if self._computers_playing():  # sent before the page showed this turn: kept buttons
            self.say_counted(COMPUTERS_MOVED)  # carry the new position, so it would be played here
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
        key: Any = "action",
        keep: bool = False,
        layout: dict[str, str] | None = None,
        classes: Sequence[str] = (),
    ) -> W.Button:
        """A button that carries ``action`` for the position drawn now.

        Clicking it applies the action if the game is still at that position and it is legal;
        otherwise the reason is said in ``out`` and nothing changes. ``card`` colours the button
        in the card's suit colour; ``label`` defaults to ``str(action)``.

        The button is kept by ``key`` (default: the action's text and label, see :meth:`part`):
        the same move drawn again is the same button, updated in place, so the browser keeps it
        (and the keyboard focus on it). Give ``key=None`` for a new button every time, or your
        own key when one action is drawn in two places; ``keep=True`` keeps it while it is not
        shown (:meth:`part`). ``layout`` (CSS properties of ``ipywidgets.Layout``, over the
        usual ``width: auto; min-width: 64px``) and ``classes`` (its own classes, after
        ``catcards-action``) are given to a new button only (:meth:`_new_action_button`).
        """
        if key == "action":
            key = ("action", str(action), label)
        if key is not None and key in self._used:  # the same move drawn twice in one redraw
            key = (key, sum(1 for k in self._used if isinstance(k, tuple) and k[:1] == (key,)))
        looks = dict(description=label if label is not None else str(action), disabled=not enabled,
                     tooltip=tooltip if tooltip is not None else str(action))
        if card is not None:
            fill, ink, _symbol = suit_style(card.suit)
            style = dict(button_color=fill, text_color=ink, font_weight="bold")
        else:
            style = dict(button_color=None, text_color=None, font_weight="")
        make = lambda: self._new_action_button(layout, classes, style=style, **looks)  # noqa: E731
        button = make() if key is None else self.part(key, make, keep)
        # a button kept from an earlier redraw is updated in place (a new one was made with these)
        set_traits(button, looks)
        set_traits(button.style, style)
        button._catcards_action = (action, self.state, len(self.state.history),  # type: ignore[attr-defined]
                                   self.state.current_player)
        return button

    def _new_action_button(self, layout: dict[str, str] | None = None, classes: Sequence[str] = (),
                           **looks: Any) -> W.Button:
        """A new move button, clicked through :meth:`_click`: ``width: auto; min-width: 64px``
        with ``layout`` over it, the classes ``catcards-action`` and ``classes``, and ``looks``
        (``ipywidgets.Button`` traits: description, tooltip, style...).

        Made with all of these at once, so that the browser receives it in one message (its
        ``comm_open``): each change made after is one more message, and a table of a few hundred
        widgets changed one by one sent over 1,000, past where the kernel's IOPub socket drops
        messages (the app's Pairs page waited 60 s for a table it never received)."""
        button = W.Button(layout=W.Layout(**{"width": "auto", "min_width": "64px", **(layout or {})}),
                          _dom_classes=("catcards-action", *classes), **looks)
        button.on_click(self.callback(self._click))
        return button

    # ---- keyboard focus after a click in the hand or the board ---------------------------------
    # A redraw updates the widgets in place (kept by key), so a button still shown keeps the
    # focus. A played card's button is gone, and the browser draws anew the buttons after it in
    # its box (ipywidgets' ViewList): focus would fall to the page, and the next Tab start again
    # near the top. After a click on one of the table's buttons there, focus goes to the card now
    # at its place (WCAG 2.4.3 Focus Order). Only then: a first draw, a timer or another cell
    # never moves the focus.
    def _focus_place(self, widget: Any) -> tuple[str, bool, int] | None:
        """Where the button ``widget``, about to be handled, is: ``(box, is_card, index)``, its
        box (``"hand_box"`` or ``"board_box"``), whether it is a card button, and its index among
        the focusable buttons of its kind in that box; ``("controls", False, 0)`` for a button of
        the controls row or the history bar (never redrawn: the browser keeps its focus unless
        the click disables or hides it, :meth:`_restore_focus`); None for anything else."""
        if not isinstance(widget, W.Button):
            return None
        for name in ("hand_box", "board_box"):
            buttons = focusable_buttons(getattr(self, name))
            if any(b is widget for b in buttons):
                card = is_card_button(widget)
                same = [b for b in buttons if is_card_button(b) == card]
                return name, card, next(i for i, b in enumerate(same) if b is widget)
        if any(b is widget for b in self._control_buttons()):
            return "controls", False, 0
        return None

    def _control_buttons(self) -> list[W.Button]:
        """The keyboard-reachable buttons of the controls row and the history bar ("Play out",
        "Play on from here", ...)."""
        return focusable_buttons(self.controls) + focusable_buttons(self.history_bar)

    #: the controls that deal a new game, throwing the one in progress away (a subclass with
    #: another, such as Big Cat's "Replay deal", adds its name): focus after a move goes to them
    #: only when nothing else is shown
    deal_controls: tuple[str, ...] = ("new_button", "shuffle_button")

    def _safe_control(self) -> W.Widget | None:
        """The first control shown that deals no new game (Undo), New game only when it is the
        only one, or None when no control is shown (the browser then decides)."""
        controls = focusable_buttons(self.controls)
        deals = [getattr(self, name, None) for name in self.deal_controls]
        keep = [b for b in controls if not any(b is d for d in deals)]
        return (keep or controls or [None])[0]

    def focus_after(self, clicked: W.Button, place: tuple[str, bool, int]) -> W.Widget | None:
        """The widget to give keyboard focus after ``clicked`` (at ``place``, from
        :meth:`_focus_place`) was handled and the table redrawn: the same button when it is
        still there (a refused card, Snap's turn button, a Pairs cell); else the button of the
        same kind now at the same place (the card that took the played card's place), or the
        last one; else the box's first button, the hand's, or the table's first control shown
        that does not deal a new game (Undo; New game only when it is the only one). A
        table overrides this for a click that draws new choices (Cat Days: a chosen card's
        first place)."""
        box, card, index = place
        buttons = focusable_buttons(getattr(self, box))
        if any(b is clicked for b in buttons):
            return clicked
        same = [b for b in buttons if is_card_button(b) == card]
        if same:
            return same[min(index, len(same) - 1)]
        for candidates in (buttons, focusable_buttons(self.hand_box)):
            if candidates:
                return candidates[0]
        # nothing left to press in the hand or the board (the game is over): a control, but not
        # one that deals a new game while another is shown: a second Enter (a key held a moment
        # too long) would throw away the game just finished. (The Move box cannot take the focus
        # from the kernel: ipywidgets' number box has no focus message.)
        return self._safe_control()

    def _restore_focus(self, clicked: Any, place: tuple[str, bool, int] | None) -> None:
        """After a click at ``place`` (:meth:`_focus_place`) was handled and the table redrawn:
        give the keyboard focus once (:meth:`_give_focus`). When the click caused computer replies
        (scheduled on the kernel's loop), it is given after the last of them has been drawn, to
        the widget :meth:`focus_after` finds then: the table's clock runs it
        (:meth:`~catcards.widgets.table.scheduler.ManualClock.then`). Otherwise (no replies, or
        replies made at once where no loop runs) it is given now. A newer click's focus replaces
        one still waiting; None (a scheduled event, not a click) gives none."""
        if place is None or self.closed:
            return
        job = object()
        self._focus_job = job  # a newer click's focus replaces this one

        def give(after_replies: bool = True) -> None:
            if self.__dict__.get("_focus_job") is job and not self.closed:
                self._focus_job = None
                self._give_focus(clicked, place, after_replies)

        if not self._computers_due():
            give(False)
            return
        if any(b is clicked for b in focusable_buttons(self)):
            # the clicked button is still shown and keeps the browser's focus until then: a key
            # held on it is a held key while the replies are made (_repeated_press)
            self._focused = (clicked, self.state, len(self.state.history))
        self.clock.then(give)

    def _give_focus(self, clicked: Any, place: tuple[str, bool, int], after_replies: bool = False) -> None:
        """Focus :meth:`focus_after`'s widget (ipywidgets' ``DOMWidget.focus``: every view of it
        in the browser) after a click on a button of the hand or the board; after a click on a
        control, only when the click disabled or hid it, and then :meth:`_safe_control`.
        Remembers the widget focused with the position (``_focused``), so a press on it straight
        after is taken for a held key (:meth:`_repeated_press`). ``after_replies``: given after
        the computers' replies, when the clicked button of the hand or the board, the target
        again, may have been hidden in between (Cat Days' "draw a card", hidden while the
        computer plays, then drawn anew by the browser): it is focused too (focusing the element
        that has the focus does nothing)."""
        if place[0] == "controls":
            # a control keeps its focus in the browser (it is never redrawn; the browser's scroll
            # anchoring keeps it where it was on screen, render.tables.STYLE), unless the click
            # disabled or hid it: "Play out" or "Computer step" ending the game. Then focus fell
            # to the page (break-it tester, keyboard only); it goes where
            # it goes after the last move in the hand (focus_after): the first control that deals
            # no new game (Undo)
            if any(b is clicked for b in self._control_buttons()):
                # it keeps the focus: a key held on it ("Computer step" held down played the
                # student's turns too) makes one press (_repeated_press)
                self._focused = (clicked, self.state, len(self.state.history))
                return
            target = self._safe_control()
        else:
            target = self.focus_after(clicked, place)
        if target is clicked and not after_replies:
            # still shown, the same widget: the browser kept its element and the focus on it
            self._focused = (clicked, self.state, len(self.state.history))
            return
        if target is not None and target.comm is not None:
            target.focus()
            # a press on it straight after this one, the game unchanged: a held key (_repeated_press)
            self._focused = (target, self.state, len(self.state.history))

    # ---- hooks --------------------------------------------------------------------------------
    #: the game's board as a pure function ``(obs, seat_label) -> HTML`` (its
    #: ``catcards.render.<game>.board_html``, set with ``staticmethod``), drawn by :meth:`board`;
    #: None: the generic board (:func:`catcards.render.tables.obs_board_html`)
    render_board: Callable[[dict, Callable[[int | None], str]], str] | None = None

    def board(self, obs: dict) -> W.Widget:
        """The middle of the table, drawn from ``obs`` only: :attr:`render_board` in an HTML
        widget. Default: each observation entry except hand, legal and log, with cards drawn as
        SVG. A table sets :attr:`render_board`, or overrides this for a board with widgets."""
        draw = self.render_board
        return self.html("board", draw(obs, self.seat_label) if draw is not None else obs_board_html(obs))

    def why_not(self, card_name: str) -> str:
        """Why the card named ``card_name`` in the viewer's hand cannot be played now, in the
        engine's words: the reason of the :class:`IllegalActionError` that playing it raises
        (``"Dog 2 matches neither the colour (Cat) nor the number (7) of Cat 7"``). The state is
        never changed (an illegal action is refused before anything happens, and a legal one is
        not tried)."""
        state = self.state
        if self.looking_back:
            return "you are looking back at an earlier move (set Move to the last move, or press \"Play on from here\")"
        if state.is_over:
            return "the game is over"
        if not self.legal:
            return f"it is {self.seat_label(state.current_player)}'s turn"
        try:
            parsed = state._parse_action(f"play {card_name}")
        except Exception:  # text the game cannot read is "not one of the moves"
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

        A card's column is kept by the card (:meth:`part`) and updated in place while the card
        stays in the hand (issue 11: rebuilding every column on every click cost most of a click's
        time; issue 31: the browser keeps the button and the focus on it); its button then
        carries the action of the position drawn now. A played card's column is closed, so a
        late second click on it is answered as from an earlier position."""

        def make(face_html: str, looks: dict[str, Any], style: dict[str, Any], classes: tuple[str, ...]) -> W.VBox:
            face = W.HTML(face_html)
            button = self._new_action_button({"width": f"{CARD_WIDTH + 36}px", "padding": "0 2px"}, classes,
                                             style=style, **looks)
            # the picture clicks the button (class catcards-cardcol, STYLE)
            return W.VBox([face, button], layout=W.Layout(align_items="center", margin="0 3px"),
                          _dom_classes=("catcards-cardcol",))

        cols = []
        for card in cards:
            action = by_card.get(card)
            face_html = card_html(card, CARD_WIDTH, dim=action is None)
            # an unplayable card stays focusable and clickable: the click is answered with why
            looks = dict(description=str(card), disabled=False,
                         tooltip=str(action) if action is not None else f"{card} (cannot be played now: press to hear why)")
            fill, ink, _symbol = suit_style(card.suit)
            style = (dict(button_color=fill, text_color=ink, font_weight="bold") if action is not None
                     else dict(button_color=None, text_color=None, font_weight=""))
            classes = ("catcards-card",) if action is not None else ("catcards-card", "catcards-unplayable")
            col = self.part(("card", card), partial(make, face_html, looks, style, classes))
            # a column kept from an earlier redraw is updated in place (a new one was made with these)
            face, button = col.children
            face.value = face_html
            set_traits(button, looks)
            set_traits(button.style, style)
            if action is None:
                button.add_class("catcards-unplayable")
            else:
                button.remove_class("catcards-unplayable")
            button._catcards_action = (action, self.state, len(self.state.history),  # type: ignore[attr-defined]
                                       self.state.current_player)
            cols.append(col)
        return self.box("cards", cols, W.HBox, flex_flow="row wrap")

    def other_action_buttons(self, actions: Sequence[Action]) -> W.Widget:
        """One button per action, labelled ``str(action)``."""
        return self.box("others", [self.action_button(a) for a in actions], W.HBox, keep=True, flex_flow="row wrap")

    def hand(self, obs: dict) -> W.Widget:
        """The viewer's hand: card buttons (legal ones enabled) and the other legal actions."""
        seat = obs.get("seat", self.view_seat)
        by_card, others = self.actions_for_cards(self.legal)
        cards = list(obs.get("hand", []))
        heading = self.html("heading", f"<b>{html.escape(self.seat_label(seat))}: hand</b> ({len(cards)} card{'s' * (len(cards) != 1)})")
        parts: list[W.Widget] = [heading, self.card_buttons(cards, by_card)]
        # actions playing a card not in the hand (e.g. a card on the table) get their own button
        extra = [a for c, a in by_card.items() if c not in cards] + list(others)
        if extra:
            parts.append(self.other_action_buttons(extra))
        return self.box("hand", parts)
