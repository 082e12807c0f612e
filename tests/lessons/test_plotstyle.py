"""catcards.plotstyle: the lessons' one matplotlib style (issue 28, projector-ready figures)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from catcards import plotstyle  # noqa: E402
from catcards.render import SUIT_STYLE  # noqa: E402


@pytest.fixture
def styled():
    with matplotlib.rc_context():
        plotstyle.use()
        yield
        plt.close("all")


def test_the_palette_is_okabe_ito_and_the_cards_use_the_same_values():
    # Okabe & Ito 2008 / Wong 2011: the 8 colours in their usual order
    assert plotstyle.OKABE_ITO == ("#000000", "#E69F00", "#56B4E9", "#009E73",
                                   "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
    card_fills = {fill for fill, _symbol in SUIT_STYLE.values()}
    # every Okabe-Ito colour the cards draw in is one of ours (the cards use 7 of the 8)
    assert card_fills & set(plotstyle.OKABE_ITO) == card_fills - {"#777777"}
    assert len(card_fills & set(plotstyle.OKABE_ITO)) == 7


def test_use_sets_projector_sizes_and_the_colour_cycle(styled):
    rc = matplotlib.rcParams
    assert rc["font.size"] >= 14 and rc["axes.titlesize"] >= 14 and rc["axes.labelsize"] >= 14
    assert rc["xtick.labelsize"] >= 12 and rc["ytick.labelsize"] >= 12 and rc["legend.fontsize"] >= 12
    width, height = rc["figure.figsize"]
    dpi = rc["figure.dpi"]
    assert width * dpi <= 1024 and height * dpi <= 768   # fits a 1024x768 projector
    assert width * dpi >= 800                             # and uses most of it
    assert rc["lines.linewidth"] >= 2
    assert rc["axes.prop_cycle"].by_key()["color"] == plotstyle.seat_colours(8)


def test_use_is_idempotent():
    with matplotlib.rc_context():
        plotstyle.use()
        once = dict(matplotlib.rcParams)
        plotstyle.use()
        assert dict(matplotlib.rcParams) == once


def test_seat_colours():
    assert plotstyle.seat_colours(2) == ["#0072B2", "#E69F00"]
    assert len(set(plotstyle.seat_colours(8))) == 8
    assert set(plotstyle.seat_colours(8)) == set(plotstyle.OKABE_ITO)
    for bad in (0, 9, 2.0, True, "3"):
        with pytest.raises(ValueError):
            plotstyle.seat_colours(bad)


def test_small_texts_finds_text_below_the_minimum(styled):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1], label="seat 0")
    ax.set_xlabel("games")
    ax.set_title("win rate")
    ax.legend()
    assert plotstyle.small_texts(fig) == []
    ax.set_ylabel("share", fontsize=10)
    ax.text(0.5, 0.5, "tiny", fontsize=8)
    ax.legend(fontsize=9)
    found = dict(plotstyle.small_texts(fig))
    assert found == {"share": 10.0, "tiny": 8.0, "seat 0": 9.0}
    assert plotstyle.small_texts(fig, minimum=8) == []


def test_default_matplotlib_text_is_too_small_for_a_projector():
    with matplotlib.rc_context(rc=matplotlib.rcParamsDefault):
        fig, ax = plt.subplots()
        ax.plot([0, 1], [0, 1], label="seat 0")
        ax.legend()
        sizes = {size for _text, size in plotstyle.small_texts(fig)}
        plt.close(fig)
    assert sizes == {10.0}   # matplotlib's default 10 pt: what issue 28 found in the lessons


def test_small_texts_refuses_a_bad_minimum(styled):
    fig, _ax = plt.subplots()
    with pytest.raises(ValueError):
        plotstyle.small_texts(fig, minimum=0)
