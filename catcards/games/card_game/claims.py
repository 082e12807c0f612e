"""Card Game: The Card Game: the exact chance that a claim is genuine, from what a seat can see.

The chances a computer player uses to believe or challenge (``catcards.agents.card_game``) and that
the bluffing lesson teaches (:mod:`catcards.analysis.card_game`, which derives them: the
hypergeometric chance a hand holds the card, Feller 1968, II.6, and Bayes' rule for a bluffer).
They live here, beside the game, so that computer players (a lower layer than analyses) can use
them. All exact answers are :class:`fractions.Fraction` values.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterator, Mapping

from ...probability import hypergeom_pmf

__all__ = ["NEVER_IN_HAND", "unseen_cards", "p_holds", "p_genuine", "claim_odds", "claim_counts", "odds_from_counts"]

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
    in_sight = seen_good = 0  # cards in sight that could be in a hand, and those making the claim genuine
    for card in _in_sight(observation):
        x = card.name
        if x not in NEVER_IN_HAND:
            in_sight += 1
            if x == name or (x == "Joker" and name != "Joker"):
                seen_good += 1
    total = sum(counts.values()) - sum(counts.get(x, 0) for x in NEVER_IN_HAND)
    good = counts[name] + (counts.get("Joker", 0) if name != "Joker" else 0)
    return total - in_sight, good - seen_good


def _in_sight(observation: Mapping[str, Any]) -> Iterator[Any]:
    """Every card ``observation``'s seat can see (see :func:`unseen_cards`)."""
    yield from observation["hand"]
    yield from observation["discard_pile"]
    for pile in (*observation["front"], *observation["island"], observation["table"]):
        for card, _ in pile:
            yield card
    for item in observation["stack"]:
        if item["card"] is not None:
            yield item["card"]
    for area in observation["money"]:
        yield from area
    yield from observation["turned"]
    yield from observation["peek"]
    if observation.get("facedown") is not None:
        yield observation["facedown"]


def p_holds(hand: int, unseen: int, good: int) -> Fraction:
    """Exact chance that a hand of ``hand`` cards, drawn at random from ``unseen`` cards of which
    ``good`` are genuine, holds at least one genuine card: ``1 - C(unseen-good, hand) / C(unseen, hand)``.

    Raises:
        ValueError: counts that are negative, ``good > unseen`` or ``hand > unseen``.
    """
    # P(at least one) as 1 - P(none): the same exact Fraction as summing the pmf over one and
    # more (``hypergeom_at_least``), one term instead of up to ``hand`` (each a Fraction sum, a
    # quarter of a millisecond a new count in all; computer players meet new counts in rollouts)
    return 1 - hypergeom_pmf(0, population=unseen, successes=good, draws=hand)


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
    return odds_from_counts(*claim_counts(observation, claimer, name), bluff_rate)


def claim_counts(observation: Mapping[str, Any], claimer: int, name: str = "Shot!") -> tuple[int, int, int]:
    """What :func:`claim_odds` depends on: ``(hand, unseen, good)``, the claimer's cards that
    could be genuine (their hand and the face-down card, at most ``unseen``) and
    :func:`unseen_cards`.

    Raises:
        ValueError: ``name`` is not in the card list.
    """
    unseen, good = unseen_cards(observation, name)
    hand = observation["hand_sizes"][claimer] + observation.get("facedown_count", 0)
    return min(hand, unseen), unseen, good


@lru_cache(maxsize=4096)
def odds_from_counts(hand: int, unseen: int, good: int, bluff_rate=None) -> Fraction:
    """:func:`claim_odds` from :func:`claim_counts`: P(holds) of :func:`p_holds`, with
    ``bluff_rate`` through :func:`p_genuine`. Kept for counts seen before (a few hundred occur,
    asked again and again by computer players in rollouts).

    Raises:
        ValueError: counts or a rate out of range (see :func:`p_holds`, :func:`p_genuine`).
    """
    holds = p_holds(hand, unseen, good)
    return holds if bluff_rate is None else p_genuine(holds, bluff_rate)
