"""Card text (issue 12): every card picture's text is drawn at least 12 px on screen, and every
card's tooltip and accessible name give its full name and, for cards with effects, what it does.

Checked on the SVG strings themselves (a <text>'s font size in viewBox units times the picture's
width over the viewBox width is its size on screen), at every width the tables draw cards; the
real-browser check is ``tests/browser/test_a11y.py``.
"""
from __future__ import annotations

import re

import pytest

import catcards
import catcards.widgets as cw
from catcards.cards import Card
from catcards.render import CARD_TEXT_PX, back_svg, card_svg
from catcards.widgets.card_game import face_svg
from catcards.widgets.cat_days import card_face

#: every width (px) a table draws a card at (the smallest: Cat Trick's collections)
WIDTHS = (22, 24, 26, 28, 30, 34, 36, 40, 44, 46, 48, 52, 56, 64, 72)
#: 12 px, less what writing font sizes to 0.1 viewBox unit can round away
LEAST = CARD_TEXT_PX - 0.02


def text_sizes(svg: str) -> list[tuple[float, str]]:
    """``(size on screen in px, text)`` of every <text> of one SVG picture."""
    width = float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))
    view = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    return [(float(size) * width / view, text)
            for size, text in re.findall(r'<text [^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>', svg)]


def title(svg: str) -> str:
    return re.search(r"<title>([^<]*)</title>", svg).group(1)


def deck_cards(game_name: str) -> set[Card]:
    state = catcards.load(game_name).new_game(1)
    return {c for cards in state.zones().values() for c in cards}


@pytest.mark.parametrize("game", ["simons-cat", "cat-trick", "king-of-the-jungle", "big-cat", "snap", "pairs"])
def test_every_card_face_and_back_draws_its_text_at_12_px_or_more(game):
    cards = deck_cards(game)
    assert len(cards) >= 20
    for width in WIDTHS:
        for card in cards:
            sizes = text_sizes(card_svg(card, width))
            assert sizes, (card, width)  # at least its number
            assert min(px for px, _ in sizes) >= LEAST, (card, width, sizes)
            assert any(t == str(card.rank) for _, t in sizes)  # the number is always shown
        for label in ("5", "29", "100"):
            assert min(px for px, _ in text_sizes(back_svg(width, label))) >= LEAST


def test_card_game_faces_draw_12_px_text_and_title_the_full_card_text():
    game = catcards.load("card-game")
    specs = game.deck.specs
    assert len(specs) >= 20
    for spec in specs.values():
        card = Card("", spec.cost, spec.name)
        for width in (30, 48, 64):
            svg = face_svg(card, spec.types, width, text=spec.text)
            sizes = text_sizes(svg)
            assert sizes and min(px for px, _ in sizes) >= LEAST, (spec.name, width, sizes)
            # tooltip and accessible name: full name, cost and what the card does
            assert title(svg).startswith(f"{spec.name} ({spec.cost}$") and title(svg).endswith(
                ": " + spec.text.replace("&", "&amp;").replace("'", "&#x27;").replace('"', "&quot;")
                .replace("<", "&lt;").replace(">", "&gt;"))
            if width >= 48:  # the full name is written on the card, a word per line at most
                shown = " ".join(t for _, t in sizes[1:] if not t.isupper() or t in spec.name)
                for word in spec.name.split():
                    assert word in shown, (spec.name, width, sizes)
    # a 30 px money-area card shows its value large instead of a name that cannot fit
    money = face_svg(Card("", 1, "Money"), specs["Money"].types, 30, text=specs["Money"].text)
    assert [t for _, t in text_sizes(money)] == ["1$"]


def test_cat_days_cards_draw_12_px_text_and_title_what_they_do():
    table = cw.play("cat-days", seed=1)
    deck = table.state.observation(0)["deck"]
    for name in deck.names():
        card = next(c for c in deck.cards if c.name == name)
        for width in (52, 56):
            svg = card_face(card, deck, width)
            sizes = text_sizes(svg)
            assert min(px for px, _ in sizes) >= LEAST, (name, sizes)
            assert [t for _, t in sizes if not t.isdigit()] == name.split()  # the full name
            assert title(svg) == deck.kind(card).describe().replace("'", "&#x27;")
            assert re.match(r"^.+ \((cat|event)[^)]*\): .{10,}$", title(svg))


def test_card_buttons_tooltips_and_names_give_the_full_card_and_what_it_does():
    # Simon's Cat: each hand button is named by the card; its tooltip is the move or why not
    table = cw.play("simons-cat", players=4, seed=1)
    hand = table.state.observation(0)["hand"]
    buttons = {b.description: b for b in table.hand_box.children[0].children[1].children
               for b in [b.children[1]]}
    assert set(buttons) == {str(c) for c in hand}
    for c in hand:
        tip = buttons[str(c)].tooltip
        assert tip in (f"play {c}", f"{c} (cannot be played now: press to hear why)")
    # Big Cat: a reward card says what it demands
    big = cw.play("big-cat", seed=1, humans=(), deals=[["Lion (red 50)", "red 9"], ["red 2", "red 5"]])
    big.step_button.click()
    assert "<title>Lion (red 50): reward card: the next player must lay 5 cards</title>" in big.board_box.children[0].value
    # Card Game: the buttons and the chosen play in the list say what the card does
    cg = cw.play("card-game", players=3, seed=2)
    cg.hand_box.children[0].children[2].children[1].click()  # "draw from the main deck"
    assert cg.choice is not None
    chosen = cg.choice.value
    spec = cg.game.deck.specs[chosen.name]
    assert spec.text.replace("'", "&#x27;") in cg.choice_text.value and str(chosen) in cg.choice_text.value
    cg.choice.value = cg.choice.options[-1][1]  # another choice: the line follows it
    assert cg.game.deck.specs[cg.choice.value.name].text.replace("'", "&#x27;") in cg.choice_text.value


def test_rendering_is_in_one_place_and_needs_no_widgets():
    """Issue 13, "Rendering in one place": the HTML/SVG of cards, tricks and the tables' shared
    pieces is built by catcards.render (which never imports ipywidgets), and the widget modules
    use it: King of the Jungle's table takes trick_html from there, not from Cat Trick's table."""
    import inspect
    import subprocess
    import sys

    probe = ("import importlib, pkgutil, sys, catcards.render as r\n"
             "names = [m.name for m in pkgutil.iter_modules(r.__path__)]\n"
             "[importlib.import_module('catcards.render.' + n) for n in names]\n"
             "print(' '.join(sorted(names)), 'ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    # tables, tricks and one module per game's board and faces: all eight games
    assert out.stdout.strip() == ("big_cat card_game cat_days cat_trick king_of_the_jungle pairs simons_cat "
                                  "snap tables tricks False")
    import catcards.render.cat_trick as cat_trick_render
    import catcards.render.king_of_the_jungle as kotj_render
    import catcards.render.tricks as tricks
    import catcards.widgets.king_of_the_jungle as kotj
    import catcards.widgets.table as table
    # both boards draw the trick with the one shared function; the tables draw their boards with
    # the render modules, and King of the Jungle's table imports nothing from Cat Trick's
    assert kotj_render.trick_html is tricks.trick_html and cat_trick_render.trick_html is tricks.trick_html
    assert "cat_trick" not in inspect.getsource(kotj) and kotj.KingOfTheJungleTable.render_board is kotj_render.board_html
    # Pairs', Cat Days' and Card Game's tables build no HTML themselves (issue 13): no html.escape
    import catcards.widgets.card_game as card_game
    import catcards.widgets.cat_days as cat_days
    import catcards.widgets.pairs as pairs
    for module in (pairs, cat_days, card_game):
        assert "html.escape" not in inspect.getsource(module), module.__name__
    from catcards import render
    assert table.text_colour is render.text_colour  # one text_colour
    assert render.text_colour("#F0E442") == "#000000" and render.text_colour("#0072B2") == "#ffffff"
