"""The Card Game: The Card Game table (rulebook ``card-game-the-card-game.txt``; decisions and card
list ``rules/card-game.md``).

Drawn from ``state.observation(seat)`` only: a response banner when someone may answer a card
("play Not So Fast?" / "pass") or a bluff ("believe" / "challenge"); the stack of cards and
Abilities waiting to resolve (a face-down claim shows as a card back); each seat's hand as a
count of backs, tokens, points, money area ($ and cards), LOCK cards and characters on Exploding
Island; the RULE cards on the table, the Money deck's visible top card, the main deck's size and
the discard pile (open it to look: anyone may). Your hand is shown face up. When you are prompted
(respond, believe or challenge, a choice while an effect resolves, the end phase of a turn: play
an INSTANT card or pass / end the turn) every answer is a button
("play Not So Fast", "pass"); in your own turn the simple actions (take Money, draw, end turn)
are buttons and every card play, claim and Ability is in one list with a "Do it" button (a card
like The Guardian has dozens of ways to be played).
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..games.card_game import Claim, Play, UseAbility
from ..render import back_svg
from ..render.card_game import _TYPE_ORDER, TYPE_COLOURS, face_svg  # noqa: F401 (re-exported)
from .table import SCROLL_HINT, GameTable, table_for


def _esc(text: Any) -> str:
    return html.escape(str(text))

__all__ = ["CardGameTable", "face_svg", "TYPE_COLOURS"]


@table_for("card-game")
class CardGameTable(GameTable):
    """The Card Game table: response banner, stack, seats, table centre, discard pile, your hand.

    Constructed like :class:`~catcards.widgets.table.GameTable`
    (``CardGameTable(game, seed=..., humans=(0,), agents="bluffer", deals=None, view=None)``);
    ``catcards.widgets.play("card-game", players=3, seed=1, agents="bluffer")`` returns one.

    Extra parts: ``choice`` (Dropdown of the card plays, claims and Abilities open to you now),
    ``do_button`` ("Do it": applies the chosen one) and ``choice_text`` (what the chosen card
    does, in full), rebuilt on every redraw. Every card face's title and every card button's
    tooltip give the card's full name, cost, types and text (:meth:`does`).
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: first take Money or draw from the main deck (the buttons under your hand), then choose a card to play from the "card:" list and press "Do it", and press "end turn" when you are done.',
        'When a card is played, every other player may answer (the buttons under the prompt), and may challenge a bluff.',
        'Source: rulebooks/card-game-the-card-game.txt.',
    )

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("agents", "bluffer")
        self.choice: W.Dropdown | None = None
        self.do_button: W.Button | None = None
        self.choice_text: W.HTML | None = None
        super().__init__(*args, **kwargs)

    # ---- drawing cards --------------------------------------------------------------------------
    def face(self, card: Any, width: int = 48, as_name: str = "") -> str:
        """One card face (see :func:`face_svg`), ``as_name`` for a Joker counting as another card."""
        spec = self.game.deck.specs.get(card.name)
        types, text = (spec.types, spec.text) if spec is not None else (frozenset(), "")
        if as_name and as_name != card.name:
            return face_svg(card, types, width, label=f"Joker as {as_name}", text=text)
        return face_svg(card, types, width, text=text)

    def row(self, cards: Any, width: int = 36, empty: str = "-") -> str:
        """A row of faces; items may be Cards or ``(Card, name it counts as)`` pairs."""
        faces = [self.face(c[0], width, c[1]) if isinstance(c, tuple) else self.face(c, width) for c in cards]
        if not faces:
            return f"<span style='color:#595959'>{_esc(empty)}</span>"
        return "<span style='display:inline-flex;flex-wrap:wrap;gap:2px;vertical-align:middle'>" + "".join(faces) + "</span>"

    def does(self, action: Any) -> str:
        """``str(action)``, and for an action naming a card (a play, claim or Ability) that card's
        cost, types and text: the tooltip of its button and the line under the "card:" list."""
        name = getattr(action, "as_name", "") or getattr(action, "name", "")
        spec = self.game.deck.specs.get(name) if isinstance(name, str) else None
        if spec is None:
            return str(action)
        kinds = " ".join(t for t in _TYPE_ORDER if t in spec.types and t not in ("MONEY", "JOKER"))
        return f"{action}: {spec.name} ({spec.cost}${', ' + kinds if kinds else ''}): {spec.text}"

    def other_action_buttons(self, actions: Any) -> W.Widget:
        """One button per action, labelled ``str(action)``; its tooltip says what the card does."""
        return W.HBox([self.action_button(a, tooltip=self.does(a)) for a in actions],
                      layout=W.Layout(flex_flow="row wrap"))

    # ---- board ----------------------------------------------------------------------------------
    def _banner(self, obs: dict) -> str:
        if obs["is_over"]:
            return ""
        asked = obs["current_player"]
        if obs["decision"] not in ("respond", "bluff", "choice", "end"):
            return ""
        colour = "#fff3cd" if obs["window"] == "bluff" else "#e8f4fd"
        return (
            f"<div class='catcards-prompt' style='background:{colour};border:1px solid #caa;padding:4px 8px;"
            f"margin:4px 0;border-radius:4px'><b>{_esc(self.seat_label(asked))}</b>: {_esc(obs['prompt'])}</div>"
        )

    def _stack_html(self, obs: dict) -> str:
        if not obs["stack"]:
            return ""
        items = []
        for it in obs["stack"]:
            face = self.face(it["card"], 48, it["name"]) if it["card"] is not None else back_svg(48, "?")
            items.append(
                f"<div style='display:inline-block;text-align:center;margin-right:6px;max-width:150px;"
                f"vertical-align:top'>{face}<div style='font-size:11px'>{_esc(it['what'])}</div></div>"
            )
        return ("<div class='catcards-stack'><b>Waiting to resolve</b> (last in resolves first): "
                f"<div>{''.join(items)}</div></div>")

    def _seat_row(self, obs: dict, seat: int) -> str:
        to_act = obs["current_player"] == seat and not obs["is_over"]
        bg = "#f2fbf2" if to_act else ("#f7f7ff" if obs["seat"] == seat else "#fff")
        n = obs["hand_sizes"][seat]
        status = "<b style='color:#b00'>out</b>" if obs["out"][seat] else (
            "turn" if obs["active"] == seat and not obs["is_over"] else "")
        front = self.row(obs["front"][seat], 48)
        island = self.row(obs["island"][seat], 48)
        money = self.row(obs["money"][seat], 30)
        return (
            f"<tr style='background:{bg}' class='catcards-seat' data-seat='{seat}'>"
            f"<td><b>{_esc(self.seat_label(seat))}</b> {status}</td>"
            f"<td>{back_svg(24, str(n)) if n else '0'}</td>"
            f"<td style='text-align:center'>{obs['tokens'][seat]}</td>"
            f"<td style='text-align:center'><b>{obs['points'][seat]}</b></td>"
            f"<td>{obs['money_values'][seat]}$ {money}</td><td>{front}</td><td>{island}</td></tr>"
        )

    def board(self, obs: dict) -> W.Widget:
        """Banner, stack, seats table and table centre (HTML), and the discard pile (Accordion)."""
        head = "".join(f"<th style='text-align:left;padding-right:8px'>{h}</th>" for h in
                       ("seat", "hand", "tokens", "points", "money area", "LOCK cards", "on Exploding Island"))
        seats = "".join(self._seat_row(obs, s) for s in range(obs["players"]))
        table_cards = self.row(obs["table"], 48, empty="no RULE cards")
        final = ""
        if obs["final_round"] is not None:
            final = f" &middot; <b>Final Round</b>: the game ends after seat {obs['final_round']}'s turn"
        centre = (
            f"<div style='margin-top:6px'><b>Table</b>: {table_cards} &middot; "
            f"<b>Money deck</b> ({obs['money_deck_size']}) top: {self.face(obs['money_top'], 30) if obs['money_top'] else 'empty'}"
            f" &middot; <b>Main deck</b>: {back_svg(30, str(obs['main_deck_size']))}{final}</div>"
        )
        mine = ""
        if obs["facedown"] is not None:
            mine += f"<div>Your face-down card: {self.face(obs['facedown'], 48)}</div>"
        if obs["peek"]:
            mine += f"<div>Fortune Teller shows you (top first): {self.row(obs['peek'], 48)}</div>"
        if obs["turned"]:
            mine += f"<div>Eat Four! turned over: {self.row(obs['turned'], 48)}</div>"
        top = W.HTML(
            self._banner(obs) + self._stack_html(obs)
            + SCROLL_HINT + "<div class='catcards-scroll'>"
            + f"<table class='catcards-board' style='border-collapse:collapse'><tr>{head}</tr>{seats}</table></div>"
            + centre + mine
        )
        discard = W.HTML(self.row(obs["discard"], 48, empty="empty"))
        pile = W.Accordion(children=[discard], selected_index=None)
        pile.set_title(0, f"Discard pile ({len(obs['discard'])} cards): anyone may look")
        return W.VBox([top, pile])

    # ---- hand -----------------------------------------------------------------------------------
    def hand(self, obs: dict) -> W.Widget:
        """Your hand face up, the quick-action buttons and the list of card plays with "Do it"."""
        seat = obs["seat"]
        cards = obs["hand"]
        faces = self.row(cards, 64, empty="(no cards)")
        parts: list[W.Widget] = [
            W.HTML(f"<div><b>{_esc(self.seat_label(seat))}: hand</b> ({len(cards)} cards)</div><div>{faces}</div>")
        ]
        legal = list(self.legal)
        if obs["decision"] in ("respond", "bluff", "choice", "end"):  # a prompt: few answers, all buttons
            quick, plays = legal, []
        else:
            quick = [a for a in legal if not isinstance(a, (Play, Claim, UseAbility))]
            plays = [a for a in legal if isinstance(a, (Play, Claim, UseAbility))]
        if legal:
            parts.append(W.HTML(f"<div style='margin:3px 0'><i>{_esc(obs['prompt'])}</i></div>"))
        if quick:
            parts.append(self.other_action_buttons(quick))
        self.choice = self.do_button = self.choice_text = None
        if plays:
            options = sorted(((str(a), a) for a in plays), key=lambda t: t[0])
            self.choice = W.Dropdown(options=options, description="card:", layout=W.Layout(width="480px", max_width="calc(100% - 8px)"))
            self.do_button = W.Button(description="Do it", button_style="primary", layout=W.Layout(width="auto"))
            self.do_button.add_class("catcards-action")
            position = (self.state, len(self.state.history), self.state.current_player)
            dropdown = self.choice

            def do(_b: Any) -> None:
                if (self.state, len(self.state.history), self.state.current_player) != position:
                    self.say("That choice was from an earlier position; the game has moved on, so nothing changed.")
                    return
                self.act(dropdown.value)

            self.do_button.on_click(self.callback(do))
            # what the chosen card does, in full (a list option cannot carry a tooltip)
            self.choice_text = W.HTML(layout=W.Layout(max_width="100%"))
            self.choice_text.add_class("catcards-choice-text")

            def show(_change: Any = None) -> None:
                self.choice_text.value = f"<div style='font-size:13px'>{_esc(self.does(dropdown.value))}</div>"

            dropdown.observe(show, "value")
            show()
            parts.append(W.HBox([self.choice, self.do_button], layout=W.Layout(flex_flow="row wrap")))
            parts.append(self.choice_text)
        return W.VBox(parts)
