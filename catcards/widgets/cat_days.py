"""The Cat Days table (rulebook ``cat-days.txt``; decisions and deck ``rules/cat-days.md``).

Drawn from ``state.observation(seat)`` only. The board shows both weeks Monday..Sunday side by
side, the opponent's above and yours below (as in the rulebook's diagram), with the draw pile
(face down, a count) and the discard pile (face up) between them. Each day shows what stands on it:
a Cat Tree with its up to three cats, a Cardboard Box with the cat in it, a cat, and a Grumpy Cat's
covered cat (greyed, labelled "covered": it can be looked at but does not count). Each week's
running score and filled days are shown beside it.

Your hand: choose a card first (a card whose whole text cannot be carried out now is greyed and
marked unplayable: clicking it says why; the card's text is shown), then one of the places and targets where it can legally go
(the legal actions of that card, nothing else). "draw a card" is a button of its own, and
"pass" appears only when nothing else is legal.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..games.cat_days import DAYS, Draw, Pass, Play
from ..render import back_svg
from ..render.cat_days import card_face
from .table import GameTable, mark_unavailable, table_for

__all__ = ["CatDaysTable", "card_face"]

@table_for("cat-days")
class CatDaysTable(GameTable):
    """The Cat Days table: both weeks day by day, the piles, your hand with card-then-place choice.

    Constructed like :class:`~catcards.widgets.table.GameTable`
    (``CatDaysTable(game, seed=..., humans=(0,), agents="sensible", deals=None, view=None)``);
    ``catcards.widgets.play("cat-days", seed=1)`` returns one.

    Extra parts: ``selected`` (the name of the card chosen in the hand, or None),
    ``card_buttons_by_name`` and ``choice_buttons`` (the buttons drawn for the hand, for tests).
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: click a card button in your hand, then one of the buttons that appear for where it goes (a day); or click "draw a card".',
        'Cats go on days of your week, each by its own text; events take effect and are discarded. You may play a card only if its whole text can be carried out.',
        'The game ends the moment a player has a cat on every day of their week; the higher total of visible cats wins.',
        'Source: rulebooks/cat-days.txt.',
    )

    def __init__(self, *args: Any, **kwargs: Any):
        self.selected: str | None = None
        self._selected_at = -1
        self.card_buttons_by_name: dict[str, W.Button] = {}
        self.choice_buttons: list[W.Button] = []
        self._columns: dict[str, tuple[W.VBox, W.HTML, W.Button]] = {}
        super().__init__(*args, **kwargs)

    # ---- board ----------------------------------------------------------------------------------
    def _day_html(self, obs: dict, week: int, d: int) -> str:
        day = obs["weeks"][week][d]
        deck = obs["deck"]
        parts = []
        if day["base"] is not None:
            parts.append(f"<div class='catcards-cardtext' style='font-size:12px;color:#2e7d32'>{html.escape(day['base'].name)}</div>")
        faces = "".join(card_face(c, deck) for c in day["visible"])
        parts.append(f"<div style='display:flex;gap:2px;justify-content:center;flex-wrap:wrap'>{faces}</div>")
        for c in day["covered"]:
            parts.append(
                f"<div class='catcards-covered catcards-cardtext' style='font-size:12px;color:#595959'>covered: "
                f"{html.escape(c.name)} ({c.rank})</div>"
            )
        if not day["cats"] and day["base"] is None:
            parts.append("<div style='color:#595959;font-size:11px;margin-top:14px'>empty</div>")
        return (
            f"<td class='catcards-day' data-week='{week}' data-day='{DAYS[d]}' "
            f"style='border:1px solid #ccc;vertical-align:top;text-align:center;padding:3px;width:13%;"
            f"min-width:64px;height:92px'>"
            f"<div style='font-weight:bold;font-size:11px'>{DAYS[d][:3]} "
            f"<span style='color:#595959;font-weight:normal'>{day['score']}</span></div>"
            f"{''.join(parts)}</td>"
        )

    def _week_row(self, obs: dict, week: int) -> str:
        label = self.seat_label(week)
        to_act = obs["current_player"] == week and not obs["is_over"]
        head = (
            f"<td style='vertical-align:middle;padding-right:6px;min-width:110px'>"
            f"<b>{html.escape(label)}</b>{' &#9654;' if to_act else ''}<br>"
            f"<span class='catcards-week-score' data-week='{week}'>score <b>{obs['scores'][week]}</b></span><br>"
            f"<span style='font-size:11px;color:#555'>{obs['days_filled'][week]}/7 days, "
            f"{obs['hand_sizes'][week]} in hand</span></td>"
        )
        return "<tr>" + head + "".join(self._day_html(obs, week, d) for d in range(7)) + "</tr>"

    def board(self, obs: dict) -> W.Widget:
        """Opponent's week (top), piles, viewer's week (bottom); for a spectator seat 1 on top."""
        me = obs["seat"] if obs["seat"] is not None else 0
        deck = obs["deck"]
        discard = obs["discard_pile"]
        top = card_face(discard[-1], deck) if discard else "<span style='color:#595959'>empty</span>"
        piles = (
            "<tr><td></td><td colspan='7' style='padding:4px'>"
            "<div style='display:flex;gap:24px;align-items:center'>"
            f"<div class='catcards-draw-pile' data-count='{obs['draw_pile']}' style='text-align:center'>"
            f"{back_svg(34, str(obs['draw_pile']))}<div style='font-size:11px'>draw pile</div></div>"
            f"<div class='catcards-discard' data-count='{len(discard)}' style='text-align:center'>{top}"
            f"<div style='font-size:11px'>discard pile ({len(discard)})</div></div>"
            f"<div style='font-size:11px;color:#555'>turn {obs['turn']} of at most {obs['max_turns']}</div>"
            "</div></td></tr>"
        )
        table = (
            "<div class='catcards-scroll'>"  # on a phone the days wrap (render.tables.STYLE)
            "<table class='catcards-cat-days-board' style='border-collapse:collapse;width:100%'>"
            + self._week_row(obs, 1 - me) + piles + self._week_row(obs, me) + "</table></div>"
        )
        return W.HTML(table)

    # ---- hand: card first, then where ---------------------------------------------------------
    def _choose(self, name: str) -> None:
        """Choose (or unchoose) the card ``name``; a card that cannot be played now is answered in
        the message area with why, and nothing changes."""
        if not any(getattr(a, "card", None) is not None and a.card.name == name for a in self.legal):
            self.say(f"{name} cannot be played now: {self.why_card(name)}. Nothing changed.")
            return
        self.selected = None if self.selected == name else name
        self._selected_at = len(self.state.history)

    def why_card(self, name: str) -> str:
        """Why the card ``name`` in the viewer's hand cannot be played now: not your turn, the game
        over, looking back, or (on your turn) its whole text cannot be carried out, with its text."""
        if self.looking_back or self.state.is_over or not self.legal:
            return self.why_not(name)
        kind = self.state.observation(self.view_seat)["deck"].kind(name)
        return f"its whole text cannot be carried out on the table as it is ({kind.describe()})"

    def _card_column(self, name: str) -> tuple[W.VBox, W.HTML, W.Button]:
        """The face and "choose" button of the card ``name`` in the hand: made once and updated
        in place while the card stays in the hand (a redraw closes the columns it leaves out)."""
        cached = self._columns.get(name)
        if cached is not None and cached[0].comm is not None:
            return cached
        face = W.HTML()
        button = W.Button(layout=W.Layout(width="auto"))
        button.add_class("catcards-card")
        button.on_click(self._callback(lambda _b, name=name: self._choose(name)))
        col = W.VBox([face, button], layout=W.Layout(align_items="center", margin="0 3px"))
        col.add_class("catcards-cardcol")  # the picture clicks the button (table.STYLE)
        self._columns[name] = (col, face, button)
        return self._columns[name]

    def hand(self, obs: dict) -> W.Widget:
        """The viewer's hand as card buttons; the chosen card's legal places; draw / pass."""
        deck = obs["deck"]
        legal = list(self.legal)
        if self._selected_at != len(self.state.history):
            self.selected = None
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
                             "cannot be played now (click to hear why): " + deck.kind(c).describe())
            button.button_style = "info" if c.name == self.selected else ""
            self.card_buttons_by_name[c.name] = button
            cols.append(col)
        seat = obs["seat"]
        heading = W.HTML(f"<b>{html.escape(self.seat_label(seat))}: hand</b> ({len(obs['hand'])} cards)"
                         + (" &middot; choose a card, then where it goes" if plays else ""))
        parts: list[W.Widget] = [heading, W.HBox(cols, layout=W.Layout(flex_flow="row wrap"))]
        self.choice_buttons = []
        if self.selected is not None:
            kind = deck.kind(self.selected)
            prefix = f"play {self.selected} "
            for a in plays[self.selected]:
                text = str(a)
                label = text[len(prefix):] if text.startswith(prefix) else text
                self.choice_buttons.append(self.action_button(a, label=label))
            parts.append(W.HTML(f"<i>{html.escape(kind.describe())}</i>"))
            parts.append(W.HBox(self.choice_buttons, layout=W.Layout(flex_flow="row wrap")))
        others = [a for a in legal if isinstance(a, (Draw, Pass))]
        self.other_buttons = [self.action_button(a) for a in others]
        if self.other_buttons:
            parts.append(W.HBox(self.other_buttons, layout=W.Layout(flex_flow="row wrap")))
        return W.VBox(parts)
