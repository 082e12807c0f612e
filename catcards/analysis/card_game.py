"""Bluffing as probability in Card Game: The Card Game: exact chances behind believe / challenge.

A player claims a BLUFF card (say Shot!) by putting a card face down. Is the claim genuine? From
where you sit, the cards you cannot see (the other hands and the main deck) are, as far as you
know, shuffled at random; the claimer's hand (with the face-down card) is ``h`` of those ``U``
unseen cards, of which ``K`` would make the claim genuine (the unseen copies of the card plus
unseen Jokers, since a face-down Joker is always genuine). So the chance the claimer *holds* one is
hypergeometric (Feller 1968, II.6)::

    P(holds) = 1 - C(U - K, h) / C(U, h)

A claimer who holds the card always claims honestly; one who does not bluffs with probability
``b``. Bayes' rule gives the chance a claim you see is genuine::

    P(genuine | claim) = P(holds) / (P(holds) + (1 - P(holds)) * b)

What a challenge of a Shot! aimed at you is worth, counted in your own tokens (rulebook "Bluff",
rules/card-game.md): believing costs you 1 token. Challenging a genuine claim costs you 1 token
for the challenge and 1 for the Shot! (and a card); challenging a false claim costs you nothing.
So with ``q = P(genuine | claim)`` the expected token change is ``-1`` if you believe and ``-2q``
if you challenge: **challenge when q < 1/2**. Counted as the token *difference* between you and
the claimer (the claimer loses 1 token when caught), challenging is worth ``-2q + (1 - q)`` against
``-1``: challenge when ``q < 2/3``. Both counts assume you hold at least 2 tokens and ignore the
card a failed challenge costs; with fewer tokens you have less to lose, so challenging pays more.

All exact answers are :class:`fractions.Fraction` values.
"""
from __future__ import annotations

from fractions import Fraction
from ..games.card_game.claims import (  # noqa: F401 (re-exported: the lesson's functions)
    NEVER_IN_HAND,
    _check_prob,
    claim_odds,
    p_genuine,
    p_holds,
    unseen_cards,
)

__all__ = [
    "NEVER_IN_HAND",
    "unseen_cards",
    "p_holds",
    "p_genuine",
    "claim_odds",
    "challenge_value",
    "believe_value",
    "break_even",
]

def challenge_value(q, difference: bool = False) -> Fraction:
    """Expected token change of challenging a Shot! aimed at you that is genuine with chance ``q``.

    Own tokens (``difference=False``): ``-2q`` (genuine: 1 for the challenge, 1 for the Shot!;
    false: nothing). Token difference you minus claimer (``difference=True``): ``-2q + (1 - q)``.
    """
    q = _check_prob(q, "q")
    return -2 * q + ((1 - q) if difference else 0)


def believe_value(difference: bool = False) -> Fraction:
    """Expected token change of believing a Shot! aimed at you: always ``-1`` (both counts)."""
    return Fraction(-1)


def break_even(difference: bool = False) -> Fraction:
    """The ``q`` below which challenging beats believing: 1/2 (own tokens) or 2/3 (difference)."""
    return Fraction(2, 3) if difference else Fraction(1, 2)
