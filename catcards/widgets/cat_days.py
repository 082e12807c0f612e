"""The Cat Days table (rulebook ``cat-days.txt``; decisions and deck ``rules/cat-days.md``).

Drawn from ``state.observation(seat)`` only. The board shows both weeks Monday..Sunday side by
side, the opponent's above and yours below (as in the rulebook's diagram), with the draw pile
(face down, a count) and the discard pile (face up) between them. Each day shows what stands on it:
a Cat Tree with its up to three cats, a Cardboard Box with the cat in it, a cat, and a Grumpy Cat's
covered cat (greyed, labelled "covered": it can be looked at but does not count). Each week's
running score and filled days are shown beside it.

Your hand: choose a card first (a card whose whole text cannot be carried out now is greyed and
marked unplayable: clicking it says why; the card's text is shown), then one of the places and targets where it can legally go
(the legal actions of that card, nothing else), shown above the cards; with the keyboard, focus
goes to the first place once the card is chosen. "Cancel", after the places, puts the chosen card
back (focus returns to it), as a second click on the card does. "draw a card" is a button of its
own, and "pass" appears only when nothing else is legal.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..games.cat_days import Draw, Pass, Play
from ..render.cat_days import board_html, card_face, describe_html, hand_heading_html
from .table import GameTable, mark_unavailable, table_for
from .table.moves import focusable_buttons, is_card_button

__all__ = ["CatDaysTable", "card_face"]

@table_for("cat-days")
class CatDaysTable(GameTable):
    """The Cat Days table: both weeks day by day, the piles, your hand with card-then-place choice.

    Constructed like :class:`~catcards.widgets.table.GameTable`
    (``CatDaysTable(game, seed=..., humans=(0,), agents="sensible", deals=None, view=None)``);
    ``catcards.widgets.play("cat-days", seed=1)`` returns one.

    Extra parts: ``selected`` (the name of the card chosen in the hand, or None),
    ``card_buttons_by_name``, ``choice_buttons`` (the buttons drawn for the hand, for tests) and
    ``cancel_button`` ("Cancel", shown after the chosen card's places; None when no card is chosen).
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: press a card button in your hand, then one of the buttons that appear for where it goes (a day); or press "draw a card". "Cancel" puts the chosen card back.',
        'Cats go on days of your week, each by its own text; events take effect and are discarded. You may play a card only if its whole text can be carried out.',
        'The game ends the moment a player has a cat on every day of their week; the higher total of visible cats wins.',
        'Rules: the Cat Days rulebook.',
    )

    def __init__(self, *args: Any, **kwargs: Any):
        self.card_buttons_by_name: dict[str, W.Button] = {}
        self.choice_buttons: list[W.Button] = []
        self.cancel_button: W.Button | None = None
        self._chosen_at = 0  # the chosen card's place among the hand's cards (keyboard focus)
        super().__init__(*args, **kwargs)

    #: the board: opponent's week (top), piles, viewer's week (bottom); for a spectator seat 1 on
    #: top (:func:`catcards.render.cat_days.board_html`)
    render_board = staticmethod(board_html)

    # ---- hand: card first, then where ---------------------------------------------------------
    @property
    def selected(self) -> str | None:
        """The name of the card chosen in the hand, or None (the model's selection: every move
        and every change of position clears it)."""
        return self.model.selection

    @selected.setter
    def selected(self, name: str | None) -> None:
        self.model.select(name)

    def _choose(self, name: str) -> None:
        """Choose (or unchoose) the card ``name``; a card that cannot be played now is answered in
        the message area with why, and nothing changes."""
        if not any(getattr(a, "card", None) is not None and a.card.name == name for a in self.legal):
            self.say(f"{name} cannot be played now: {self.why_card(name)}. Nothing changed.")
            return
        self.selected = None if self.selected == name else name

    def _cancel(self, button: W.Button) -> None:
        """"Cancel": put the chosen card back (no card chosen), so another can be chosen; focus
        returns to that card (:meth:`focus_after`). A keyboard user had no way back but to find
        the chosen card again past its places (break-it tester: Escape did nothing; ipywidgets
        gives the kernel no key presses, so the way back is a button)."""
        if button is not self.cancel_button or self.selected is None:
            self.say("That Cancel was from an earlier position: no card is chosen now, so nothing changed.")
            return
        self.say_quietly(f"{self.selected} is back in your hand: choose a card.")
        self.selected = None

    def focus_after(self, clicked: W.Button, place: tuple[str, bool, int]) -> W.Widget | None:
        """Keyboard focus after a click in the hand: once a card is chosen, its first place (drawn
        above the cards: the move to make next); after it is played on a place, the card now at
        the chosen card's place in the hand (or the last card); after "Cancel", the card that was
        chosen. Otherwise as every table (:meth:`GameTable.focus_after`)."""
        back = getattr(clicked, "_catcards_cancels", None)
        if back is not None and self.selected is None and back in self.card_buttons_by_name:
            return self.card_buttons_by_name[back]
        if (self.selected is not None and self.choice_buttons
                and clicked is self.card_buttons_by_name.get(self.selected)):
            self._chosen_at = place[2]
            return self.choice_buttons[0]
        cards = [b for b in focusable_buttons(self.hand_box) if is_card_button(b)]
        if isinstance(getattr(clicked, "_catcards_action", (None,))[0], Play) and cards:
            return cards[min(self._chosen_at, len(cards) - 1)]
        return super().focus_after(clicked, place)

    def why_card(self, name: str) -> str:
        """Why the card ``name`` in the viewer's hand cannot be played now: not your turn, the game
        over, looking back, or (on your turn) its whole text cannot be carried out, with its text."""
        if self.looking_back or self.state.is_over or not self.legal:
            return self.why_not(name)
        kind = self.state.observation(self.view_seat)["deck"].kind(name)
        return f"its whole text cannot be carried out on the table as it is ({kind.describe()})"

    def _card_column(self, name: str) -> tuple[W.VBox, W.HTML, W.Button]:
        """The face and "choose" button of the card ``name`` in the hand: kept by name
        (:meth:`part`) and updated in place while the card stays in the hand."""

        def make() -> W.VBox:
            face = W.HTML()
            button = W.Button(layout=W.Layout(width="auto"))
            button.add_class("catcards-card")
            button.on_click(self.callback(lambda _b, name=name: self._choose(name)))
            col = W.VBox([face, button], layout=W.Layout(align_items="center", margin="0 3px"))
            col.add_class("catcards-cardcol")  # the picture clicks the button (table.STYLE)
            return col

        col = self.part(("card", name), make)
        face, button = col.children
        return col, face, button

    def hand(self, obs: dict) -> W.Widget:
        """The viewer's hand as card buttons; the chosen card's legal places; draw / pass."""
        deck = obs["deck"]
        legal = list(self.legal)
        plays: dict[str, list[Play]] = {}
        for a in legal:
            if isinstance(a, Play):
                plays.setdefault(a.card.name, []).append(a)
        if self.selected not in plays:
            self.selected = None
        names: dict[str, int] = {}
        for c in obs["hand"]:
            names[c.name] = names.get(c.name, 0) + 1
        cols = []
        self.card_buttons_by_name = {}
        for c in obs["hand"]:
            if c.name in self.card_buttons_by_name:
                continue
            n = names[c.name]
            col, face, button = self._card_column(c.name)  # kept between redraws (issue 11)
            face.value = card_face(c, deck, 56, covered=c.name not in plays)
            button.description = c.name + (f" x{n}" if n > 1 else "")
            button.tooltip = deck.kind(c).describe()
            mark_unavailable(button, None if c.name in plays else
                             "cannot be played now (press to hear why): " + deck.kind(c).describe())
            button.button_style = "info" if c.name == self.selected else ""
            self.card_buttons_by_name[c.name] = button
            cols.append(col)
        seat = obs["seat"]
        heading = self.html("heading", hand_heading_html(self.seat_label(seat), len(obs["hand"]), bool(plays)))
        parts: list[W.Widget] = [heading]
        self.choice_buttons = []
        self.cancel_button = None
        # the chosen card's text and places, always in the hand and hidden while no card is
        # chosen: the boxes after it stay the same elements in the browser (with the keyboard
        # focus on a card), where a box put in and taken out made the browser draw them anew
        cancel = self.part("cancel", self._make_cancel, keep=True)
        describe = self.part(("html", "describe"), W.HTML, keep=True)
        places = self.part("places", lambda: W.HBox([cancel], layout=W.Layout(flex_flow="row wrap")), keep=True)
        chosen = self.box("chosen", [describe, places], keep=True)
        if self.selected is not None:
            # the chosen card's places come first in the hand: a redraw puts the keyboard's next
            # Tab at the start of the hand, so Tab reaches the first place at once (after the
            # cards it took one Tab per card, up to 9)
            kind = deck.kind(self.selected)
            prefix = f"play {self.selected} "
            for i, a in enumerate(plays[self.selected]):
                text = str(a)
                label = text[len(prefix):] if text.startswith(prefix) else text
                # kept by place, whichever card is chosen: choosing another card changes labels
                self.choice_buttons.append(self.action_button(a, label=label, key=("place", i)))
            # the way back without playing it (a keyboard user's Escape): after the places, so
            # Tab from the first place reaches the other places first
            cancel.tooltip = f"put {self.selected} back and choose another card"
            cancel._catcards_cancels = self.selected  # type: ignore[attr-defined]
            cancel.disabled = False
            self.cancel_button = cancel
            describe.value = describe_html(kind.describe())
            if tuple(places.children) != (*self.choice_buttons, cancel):
                places.children = (*self.choice_buttons, cancel)
            chosen.layout.display = None
        else:
            for button in places.children:  # hidden: not a move now
                button.disabled = True
            chosen.layout.display = "none"
        parts.append(chosen)
        parts.append(self.box("cards", cols, W.HBox, flex_flow="row wrap"))
        others = [a for a in legal if isinstance(a, (Draw, Pass))]
        self.other_buttons = [self.action_button(a, keep=True) for a in others]
        if self.other_buttons:
            parts.append(self.box("others", self.other_buttons, W.HBox, keep=True, flex_flow="row wrap"))
        return self.box("hand", parts)

    def _make_cancel(self) -> W.Button:
        cancel = W.Button(description="Cancel", icon="times", layout=W.Layout(width="auto"))
        cancel.add_class("catcards-cancel")
        cancel.on_click(self.callback(self._cancel))
        return cancel
