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
from typing import Any, Mapping

from ..probability import hypergeom_at_least

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

#: cards that can never stay in a hand (Money goes to money areas, Suicide Kitten takes effect at
#: once, Final Round goes onto the table): they are left out of the unseen pool
NEVER_IN_HAND = frozenset({"Money", "Initial Money", "Suicide Kitten", "Final Round"})


def _check_prob(value, name: str) -> Fraction:
    try:
        f = Fraction(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a probability from 0 to 1, not {value!r}") from None
    if not 0 <= f <= 1:
        raise ValueError(f"{name} must be a probability from 0 to 1, not {value!r}")
    return f


def unseen_cards(observation: Mapping[str, Any], name: str = "Shot!") -> tuple[int, int]:
    """How many cards ``observation``'s seat cannot see, and how many of them are ``name`` or a Joker.

    Args:
        observation: ``state.observation(seat)`` of a Card Game state (uses ``card_counts``,
            ``hand``, ``discard``, ``front``, ``island``, ``table``, ``stack``, ``money``,
            ``turned``, ``peek``, ``facedown``).
        name: the card claimed.

    Returns:
        ``(U, K)``: unseen cards that could be in a hand, and those that would make a claim of
        ``name`` genuine (copies of ``name`` plus Jokers). Cards in :data:`NEVER_IN_HAND` are left
        out.

    Raises:
        ValueError: ``name`` is not in the card list.
    """
    counts = observation["card_counts"]
    if name not in counts:
        raise ValueError(f"{name!r} is not in the card list; cards: {', '.join(counts)}")
    seen: list[str] = [c.name for c in observation["hand"]]
    seen += [c.name for c in observation["discard"]]
    for pile in observation["front"] + observation["island"]:
        seen += [c.name for c, _ in pile]
    seen += [c.name for c, _ in observation["table"]]
    seen += [it["card"].name for it in observation["stack"] if it["card"] is not None]
    for area in observation["money"]:
        seen += [c.name for c in area]
    seen += [c.name for c in observation["turned"]] + [c.name for c in observation["peek"]]
    if observation.get("facedown") is not None:
        seen.append(observation["facedown"].name)
    total = sum(n for x, n in counts.items() if x not in NEVER_IN_HAND)
    good = counts[name] + (counts.get("Joker", 0) if name != "Joker" else 0)
    in_sight = [x for x in seen if x not in NEVER_IN_HAND]
    unseen = total - len(in_sight)
    unseen_good = good - sum(1 for x in in_sight if x == name or (x == "Joker" and name != "Joker"))
    return unseen, unseen_good


def p_holds(hand: int, unseen: int, good: int) -> Fraction:
    """Exact chance that a hand of ``hand`` cards, drawn at random from ``unseen`` cards of which
    ``good`` are genuine, holds at least one genuine card: ``1 - C(unseen-good, hand) / C(unseen, hand)``.

    Raises:
        ValueError: counts that are negative, ``good > unseen`` or ``hand > unseen``.
    """
    return hypergeom_at_least(1, population=unseen, successes=good, draws=hand)


def p_genuine(holds, bluff_rate) -> Fraction:
    """Chance a claim is genuine, by Bayes' rule, when a holder always claims honestly and a
    non-holder bluffs with probability ``bluff_rate``: ``holds / (holds + (1 - holds) * bluff_rate)``.

    Args:
        holds: P(the claimer holds the card), 0..1 (e.g. from :func:`p_holds`).
        bluff_rate: P(a player without the card claims it anyway), 0..1.

    Returns:
        A Fraction (1 when ``bluff_rate`` is 0 and ``holds`` > 0).

    Raises:
        ValueError: a probability outside 0..1, or both 0 (no claim would ever be made).
    """
    h, b = _check_prob(holds, "holds"), _check_prob(bluff_rate, "bluff_rate")
    if h + (1 - h) * b == 0:
        raise ValueError("with holds = 0 and bluff_rate = 0 no claim is ever made")
    return h / (h + (1 - h) * b)


def claim_odds(observation: Mapping[str, Any], claimer: int, name: str = "Shot!",
               bluff_rate=None) -> Fraction:
    """From ``observation``'s seat, the chance that ``claimer``'s face-down claim of ``name`` is
    genuine (claimer's hand = their hand size + the face-down card, drawn from the unseen pool).

    ``bluff_rate`` None gives P(holds) (no model of the claimer); a number applies :func:`p_genuine`.
    """
    unseen, good = unseen_cards(observation, name)
    hand = observation["hand_sizes"][claimer] + observation.get("facedown_count", 0)
    hand = min(hand, unseen)
    holds = p_holds(hand, unseen, good)
    return holds if bluff_rate is None else p_genuine(holds, bluff_rate)


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
