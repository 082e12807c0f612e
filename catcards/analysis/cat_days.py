"""Cat Days: exact chances and the simulations that check them (layer 3: no widgets).

The lesson question: what is the chance that a player holds (or has drawn) a given card, say the
Demanding Cat, by their k-th turn?

Exact answer. The draw pile (34 cards in the project's deck; the two Cat Trees are handed out
before the shuffle) is shuffled uniformly. A player's opening hand is 4 cards of it and each turn on
which they draw adds one more. Whatever the other player does with their own cards, the cards this
player has seen after ``4 + k`` of them are a uniformly random set of ``4 + k`` cards of the pile
(as long as the pile has not run out and been reshuffled), so with ``copies`` copies of the card in
a pile of ``N``::

    P(seen by draw k) = 1 - C(N - copies, 4 + k) / C(N, 4 + k)        (= (4 + k) / N for one copy)

the complement of the hypergeometric zero term (Feller, vol. 1, II.6), computed exactly by
:func:`catcards.probability.drawn_by`.
"""
from __future__ import annotations

from fractions import Fraction
import numpy as np
import pandas as pd

from ..core import GameParameterError, check_count
from ..games.cat_days import DEAL_SIZE, Draw, load_deck
from ..probability import drawn_by
from ..registry import load

__all__ = ["chance_seen_by_turn", "chance_table", "simulate_seen_by_turn", "first_player_wins"]


def _copies_and_pile(card: str, deck: str | None) -> tuple[int, int]:
    d = load_deck(deck)
    try:
        kind = d.kind(card)
    except KeyError:
        raise GameParameterError(f"no card called {card!r} in the deck (cards: {', '.join(d.names())})") from None
    return kind.count, len(d.pile_cards)


def chance_seen_by_turn(k: int, card: str = "Demanding Cat", deck: str | None = None) -> Fraction:
    """Exact chance that a player has had ``card`` in hand by their ``k``-th draw: among their
    opening 4 cards (``k = 0``) or the ``k`` cards they drew on their first ``k`` turns.

    Args:
        k: draws so far, ``0 <= k <= pile - 8`` (before the pile could run out).
        card: a card name of the deck; only its copies in the draw pile count (setup cards such as
            the Cat Tree are always in hand).
        deck: a deck file path, open file, table or :class:`~catcards.games.cat_days.Deck`
            (None: the packaged deck).

    Returns:
        a Fraction; ``1 - C(N - c, 4 + k) / C(N, 4 + k)`` for ``c`` copies in a pile of ``N``.

    Raises:
        GameParameterError: unknown card; ``k`` outside the range above.

    >>> chance_seen_by_turn(0)
    Fraction(2, 17)
    """
    copies, pile = _copies_and_pile(card, deck)
    most = pile - 2 * DEAL_SIZE
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= most:
        raise GameParameterError(f"k must be a whole number of draws from 0 to {most}, not {k!r}")
    return drawn_by(DEAL_SIZE + int(k), pile, copies)


def chance_table(kmax: int = 10, card: str = "Demanding Cat", deck: str | None = None) -> pd.DataFrame:
    """``chance_seen_by_turn`` for ``k = 0..kmax`` as a DataFrame with columns ``k``, ``cards_seen``
    (4 + k), ``exact`` (Fraction) and ``probability`` (float)."""
    rows = []
    deck = load_deck(deck)  # read a file once, not once per row
    for k in range(kmax + 1):
        p = chance_seen_by_turn(k, card, deck)
        rows.append({"k": k, "cards_seen": DEAL_SIZE + k, "exact": p, "probability": float(p)})
    return pd.DataFrame(rows)


def simulate_seen_by_turn(
    games: int = 2000, kmax: int = 10, card: str = "Demanding Cat", seed: int = 0,
    deck: str | None = None, seat: int = 0,
) -> np.ndarray:
    """Play ``games`` seeded games in which both players draw on every turn, and count for
    ``seat`` after each of its draws ``0..kmax`` whether ``card`` is in its hand.

    Game ``i`` is ``game.new_game(seed * 1_000_003 + i)``; the engine deals and draws exactly as in
    play (``state.apply(Draw())``), and ``state.hands[seat]`` is read after each draw.

    Returns:
        an int array of length ``kmax + 1``: how many games had ``card`` in ``seat``'s hand after
        ``k`` draws (divide by ``games`` for the frequency).

    Raises:
        GameParameterError: bad counts, unknown card, or ``kmax`` beyond the draw pile.
    """
    check_count(games, "games")
    deck = load_deck(deck)  # read once: a Deck is passed on as it is
    chance_seen_by_turn(kmax, card, deck)  # checks card and kmax
    name = load_deck(deck).kind(card).name
    game = load("cat-days", deck=deck)
    hits = np.zeros(kmax + 1, dtype=int)
    draw = Draw()
    for i in range(games):
        state = game.new_game(seed * 1_000_003 + i)
        for k in range(kmax + 1):
            if k:
                while state.current_player != seat:
                    state.apply(draw)
                state.apply(draw)
            if any(c.name == name for c in state.hands[seat]):
                hits[k] += 1
    return hits


def first_player_wins(df: pd.DataFrame) -> tuple[int, int]:
    """From a :func:`catcards.simulate` table: (games seat 0 won outright or shared, games)."""
    return int(df["win_0"].sum()), len(df)
