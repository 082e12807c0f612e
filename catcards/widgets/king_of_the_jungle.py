"""The King of the Jungle table (Wildcat rulebook, "King of the Jungle"; decisions ``rules/wildcat.md``).

Drawn from ``state.observation(seat)`` only: the hand number and dealer, the trick in the middle
(who played what, the led suit; once a trick is finished, the last trick and its winner), every
seat's hand as a face-down count with its bid against the tricks it has won, the scores and a
hand-by-hand score sheet. Bidding is by buttons that offer only the legal bids (the last bidder
is told which bid the hook rule forbids); in play only the cards that follow suit are enabled.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..cards import suit_colour
from ..games.king_of_the_jungle import Bid
from ..render import back_svg
from ..render.tricks import trick_html
from .table import GameTable, table_for

__all__ = ["KingOfTheJungleTable"]


@table_for("king-of-the-jungle")
class KingOfTheJungleTable(GameTable):
    """The King of the Jungle table: trick, bids against tricks won, scores, bid buttons, your hand.

    Constructed like :class:`~catcards.widgets.table.GameTable`
    (``KingOfTheJungleTable(game, seed=..., humans=(0,), agents="sensible", deals=None, view=None)``;
    strategies "sensible", "top-cards", "average", "zero").
    ``catcards.widgets.play("king-of-the-jungle", players=4, seed=1)`` returns one.

    Parts besides the base table's: ``bid_buttons`` (the bid buttons drawn last, by number of
    tricks; empty when it is not your turn to bid).
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'First bid: click a number button, the tricks you think you will win (the last bidder may not make the total 13).',
        'Then on your turn click a card button under your hand. You must follow the suit led if you can; the highest card of the suit led wins the trick.',
        'A bid made scores 10 + 2 per trick bid (bid 0 made: 20); a bid missed loses 1 point per trick over or under.',
        'Source: rulebooks/wildcat-and-dinohistoria.txt, "King of the Jungle".',
    )

    bid_buttons: dict[int, W.Button] = {}

    def status_text(self, obs: dict) -> str:
        text = super().status_text(obs)
        if obs["is_over"]:
            return text
        what = "bidding" if obs["phase"] == "bid" else f"trick {obs['tricks_played'] + 1} of 13"
        return f"Hand {obs['hand_no']} ({what}) &middot; {text}"

    def _seat_box(self, obs: dict, seat: int) -> str:
        to_act = obs["current_player"] == seat and not obs["is_over"]
        me = obs["seat"] == seat
        border = "#2b7a2b" if to_act else "#ccc"
        bg = "#f2fbf2" if to_act else ("#f7f7ff" if me else "#fff")
        n_hand = obs["hand_sizes"][seat]
        arrow = " &#9664; to " + ("bid" if obs["phase"] == "bid" else "play") if to_act else ""
        bid = obs["bids"][seat]
        won = obs["won"][seat]
        if bid is None:
            against = "<span style='color:#595959'>no bid yet</span>"
        else:
            colour = "#2b7a2b" if won == bid else ("#b00" if won > bid else "#444")
            against = (
                f"bid <b class='catcards-bid'>{bid}</b> &middot; won "
                f"<b class='catcards-won' style='color:{colour}'>{won}</b>"
            )
        dealer = " <span style='font-size:10px;color:#595959'>(dealer)</span>" if obs["dealer"] == seat else ""
        return (
            f"<div class='catcards-seat' data-seat='{seat}' style='border:2px solid {border};"
            f"background:{bg};border-radius:8px;padding:4px 6px;margin:3px;min-width:150px;"
            f"vertical-align:top;display:inline-block'>"
            f"<div style='font-weight:bold'>{html.escape(self.seat_label(seat))}{dealer}"
            f"<span style='color:#2b7a2b'>{arrow}</span></div>"
            f"<div style='display:flex;gap:8px;align-items:center;margin-top:3px'>"
            f"<div class='catcards-hand' data-count='{n_hand}'>{back_svg(26, str(n_hand))}</div>"
            f"<div style='font-size:12px'>{against}<br>score <b class='catcards-score'>"
            f"{obs['scores'][seat]}</b></div></div></div>"
        )

    def board(self, obs: dict) -> W.Widget:
        """The trick (or the last trick), seats with bids / tricks / scores, the score sheet."""
        n = obs["players"]
        if obs["trick"] or not obs["last_trick"]:
            led = obs["led_suit"]
            if led:
                caption = f"Led suit: <b class='catcards-led' style='color:{suit_colour(led)}'>{led}</b> (follow it if you can)"
            elif obs["is_over"]:
                caption = "The game is over."
            elif obs["phase"] == "bid":
                caption = f"Bidding: the bids may not total 13. {html.escape(self.seat_label(obs['leader']))} leads after."
            else:
                caption = f"{html.escape(self.seat_label(obs['leader']))} leads"
            trick = trick_html(obs["trick"], n, obs["leader"], self.seat_label)
            title = "Trick"
        else:
            winner = obs["last_winner"]
            caption = f"{html.escape(self.seat_label(winner))} won the last trick and leads next"
            trick = trick_html(obs["last_trick"], n, obs["last_trick"][0]["seat"], self.seat_label,
                               winner=winner)
            title = "Last trick"
        bids = [b for b in obs["bids"] if b is not None]
        total = f"bids this hand total {sum(bids)}" if bids and not obs["is_over"] else ""
        middle = (
            f"<div class='catcards-trick'><div style='font-weight:bold'>{title}</div>{trick}"
            f"<div style='font-size:12px;margin-top:2px'>{caption}</div>"
            f"<div style='font-size:11px;color:#555'>{total}</div></div>"
        )
        sheet = ""
        if obs["hand_results"]:
            heads = "".join(f"<th>seat {s}</th>" for s in range(n))
            rows = "".join(
                f"<tr><td>{r['hand']}</td>"
                + "".join(
                    f"<td>{b}/{w}: {p:+d} = {sc}</td>"
                    for b, w, p, sc in zip(r["bids"], r["won"], r["points"], r["scores"])
                )
                + "</tr>"
                for r in obs["hand_results"]
            )
            sheet = (
                "<div style='font-size:12px;margin-top:4px'><b>Score sheet</b> (bid/won: points = "
                f"score; start 20, first to {obs['target']} wins)"
                "<table class='catcards-scores' style='border-collapse:collapse;font-size:11px'>"
                f"<tr><th>hand</th>{heads}</tr>{rows}</table></div>"
            )
        seats = "".join(self._seat_box(obs, s) for s in range(n))
        return W.HTML(
            f"<div class='catcards-jungle-board' style='line-height:1.3'>{middle}"
            f"<div style='margin-top:6px'>{seats}</div>{sheet}</div>"
        )

    def hand(self, obs: dict) -> W.Widget:
        """Your hand; on your bid, one button per legal bid (and why the forbidden one is missing)."""
        seat = obs["seat"]
        legal = self.legal
        by_card, _ = self.actions_for_cards(legal)
        cards = list(obs["hand"])
        bids = [a for a in legal if isinstance(a, Bid)]
        self.bid_buttons = {}
        if bids:
            no = obs["forbidden_bid"]
            hint = "Bid the number of tricks you will win."
            if no is not None:
                hint += f" You bid last: not {no}, or the bids would total 13."
        elif not legal:
            hint = "" if obs["is_over"] else "Wait for your turn."
        elif obs["led_suit"] and cards and any(c.suit == obs["led_suit"] for c in cards):
            hint = f"Follow suit: play a {obs['led_suit']} card."
        elif obs["led_suit"]:
            hint = f"You have no {obs['led_suit']}: discard any card (it cannot win)."
        else:
            hint = "You lead: play any card."
        heading = W.HTML(
            f"<b>{html.escape(self.seat_label(seat))}: your hand</b> ({len(cards)} cards)"
            f" &nbsp; <span class='catcards-hint' style='color:#2b5e9e'>{html.escape(hint)}</span>"
        )
        parts: list[Any] = [heading, self.card_buttons(cards, by_card)]
        if bids:
            for a in bids:
                button = self.action_button(a, label=str(a.tricks), tooltip=str(a))
                button.layout.width = "40px"
                button.add_class("catcards-bid-button")
                self.bid_buttons[a.tricks] = button
            parts.append(
                W.HBox([W.HTML("<b>Bid:</b>&nbsp;"), *self.bid_buttons.values()],
                       layout=W.Layout(flex_flow="row wrap", align_items="center"))
            )
        return W.VBox(parts)
