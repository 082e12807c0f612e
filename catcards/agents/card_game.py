"""Computer players for Card Game: The Card Game.

:class:`BluffingAgent` (strategy ``"bluffer"``) plays sensibly and has two tunable probabilities:
``bluff`` (chance of claiming Shot!, Lucky Cat or Imaginary Dinosaur without holding it) and
``threshold`` (it challenges a claim when the exact chance that the claim is genuine, from what
it can see, is below ``threshold``; see :mod:`catcards.games.card_game.claims`). ``threshold=0``
never challenges, ``threshold=1.01`` always does.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..core import GameParameterError
from ..games.card_game.claims import claim_counts, odds_from_counts
from ..games.card_game import (
    Believe,
    Challenge,
    Choose,
    Claim,
    DrawCard,
    EndTurn,
    Pass,
    Play,
    TakeMoney,
    UseAbility,
)
from . import Agent, strategy

__all__ = ["BluffingAgent"]

# how much the agent likes to play each card in its main phase (higher first)
_VALUE = {
    "Sushi Tray": 6, "Sullen House": 6, "Golden Yarn": 5, "The Assassin": 5, "Shot!": 4,
    "Lucky Cat": 4, "Exploding Island": 3, "Pickpocket": 3, "Nap": 3, "Dark Flower": 3,
    "Ancestral Headache": 2, "Eat Four!": 2, "The Guardian": 2, "Happy Hour": 1, "Cheap Day": 1,
    "Fortune Teller": 1,
}
_KEEP = {"Not So Fast": 5, "Imaginary Dinosaur": 4, "Joker": 4, "Shot!": 3, "Lucky Cat": 3}


@lru_cache(maxsize=4096)
def _below(hand: int, unseen: int, good: int, bluff_rate, threshold) -> bool:
    """Whether the claim odds of these counts (:func:`~catcards.games.card_game.claims.odds_from_counts`)
    are below ``threshold``: a challenge, kept for counts seen before."""
    return odds_from_counts(hand, unseen, good, bluff_rate) < threshold


@strategy("card-game", "bluffer")
class BluffingAgent(Agent):
    """Plays for points, answers attacks on itself with Not So Fast, bluffs and challenges.

    Args:
        bluff: probability (0..1) of making a claim without holding the card when it could.
        threshold: challenge a claim when P(genuine), computed exactly from this seat's view with
            :func:`catcards.games.card_game.claims.claim_odds` (bluff_rate = ``assumed_bluff``), is
            below this number (0 never challenges).
        assumed_bluff: the bluff rate it assumes of others (None: P(holds) only).

    Raises:
        GameParameterError: a probability outside 0..1 or a threshold outside 0..2.
    """

    name = "bluffer"
    #: reads its observation only while choosing: a play-out may hand it ``state.view(seat)``
    takes_view = True

    def __init__(self, bluff: float = 0.3, threshold: float = 0.5, assumed_bluff: float | None = 0.3):
        for label, value, top in (("bluff", bluff, 1), ("threshold", threshold, 2)):
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= top:
                raise GameParameterError(f"bluffer: {label} must be a number from 0 to {top}, not {value!r}")
        if assumed_bluff is not None and not 0 <= assumed_bluff <= 1:
            raise GameParameterError(f"bluffer: assumed_bluff must be 0..1 or None, not {assumed_bluff!r}")
        self.bluff, self.threshold, self.assumed_bluff = bluff, threshold, assumed_bluff

    def __repr__(self) -> str:
        return f"BluffingAgent(bluff={self.bluff}, threshold={self.threshold}, assumed_bluff={self.assumed_bluff})"

    def __deepcopy__(self, memo) -> "BluffingAgent":
        """Itself: it remembers nothing between moves (its three numbers never change), so the
        fresh copy a play-out takes of each agent may be the agent."""
        return self

    def choose(self, obs, legal, rng):
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, EndTurn):  # its main phase, or the end phase of its own turn
            return self._main(obs, legal, rng)
        if isinstance(first, (Believe, Challenge)):
            return self._believe_or_challenge(obs, legal)
        if isinstance(first, Pass):
            # no window: the end-phase round of another player's turn (the stack is empty): keep
            # the cards (a window lies on the stack's top item: it is there exactly when the
            # stack is not empty, and it is one key to read, the stack seven per item)
            if obs["window"] is None:
                return first
            return self._respond(obs, legal, rng)
        if all(isinstance(a, Choose) for a in legal):
            return self._choice(obs, legal)
        if any(isinstance(a, (TakeMoney, DrawCard)) for a in legal) and not any(isinstance(a, EndTurn) for a in legal):
            # draw phase (or To The Top's card): money first when poor
            want_money = obs["money_values"][obs["seat"]] < 2
            for a in legal:
                if isinstance(a, TakeMoney if want_money else DrawCard):
                    return a
            return legal[0]
        return self._main(obs, legal, rng)

    # ---- decisions -----------------------------------------------------------------------------
    def _believe_or_challenge(self, obs, legal):
        top = obs["stack"][-1]
        matters = top["target"] in (None, obs["seat"]) or top["name"] == "Lucky Cat"
        if matters and self._doubts(obs, top):
            return next(a for a in legal if isinstance(a, Challenge))
        return next(a for a in legal if isinstance(a, Believe))

    def _doubts(self, obs, top) -> bool:
        """Whether P(the claim on top of the stack is genuine), from what this seat sees, is
        below ``threshold`` (odds that cannot be worked out, e.g. a card the card list does not
        have: 1, as :func:`~catcards.games.card_game.claims.claim_odds` raising ValueError)."""
        try:
            return _below(*claim_counts(obs, top["who"], top["name"]), self.assumed_bluff, self.threshold)
        except ValueError:
            return Fraction(1) < self.threshold

    def _respond(self, obs, legal, rng):
        seat = obs["seat"]
        top = obs["stack"][-1]
        against_me = top["target"] == seat or (top["kind"] == "kitten" and top["who"] == seat)
        if against_me:
            hand = {c.name for c in obs["hand"]}
            for a in legal:
                if isinstance(a, Claim) and a.name == "Imaginary Dinosaur":
                    if a.facedown in ("Imaginary Dinosaur", "Joker") or (
                            "Imaginary Dinosaur" not in hand and "Joker" not in hand and rng.random() < self.bluff):
                        return a
            for a in legal:
                if isinstance(a, Play) and (a.as_name or a.name) == "Not So Fast":
                    return a
        return next(a for a in legal if isinstance(a, Pass))

    def _choice(self, obs, legal):
        texts = [str(a) for a in legal]
        if texts[0].startswith("discard "):  # give up the least useful card
            return min(legal, key=lambda a: _KEEP.get(str(a)[len("discard "):], 0) + _VALUE.get(str(a)[8:], 0))
        if texts[0] == "done":  # To The Top: put a good card on top for ourselves
            best = max(legal[1:], key=lambda a: _VALUE.get(str(a)[4:-7], 0), default=legal[0])
            return best
        for a in legal:
            if str(a).startswith("take Money instead"):
                return a if obs["money_values"][obs["seat"]] < 2 else legal[0]
        return legal[0]

    def _main(self, obs, legal, rng):
        """The best-scoring action of its main phase (or end phase), else ``end turn``; the first
        of equal scores. One draw from ``rng`` per decision (whether it bluffs), not one per claim
        offered. A claim without the card scores only when bluffing and holding neither the card
        nor a Joker; most of a main phase's list is such claims, so they are passed over first.
        What it reads to score the rest (its hand, the tokens, the leader) is read when first
        needed: a list of non-aimed cards never reads who leads."""
        seat = obs["seat"]
        bluffing = rng.random() < self.bluff  # one draw per decision, not one per claim offered
        hand = None  # the names in hand, read at the first bluff that needs them
        leader = _UNKNOWN  # the other seat still in with the most points (then tokens), read when needed
        best, best_score = None, 0.0
        for a in legal:
            if isinstance(a, Claim):
                target, name = a.target, a.name
                if target == seat:
                    continue  # never aimed at ourselves
                genuine = a.facedown == name or a.facedown == "Joker"
                if not genuine and not bluffing:
                    continue  # a bluff scores nothing when not bluffing
                if target is not None and obs["tokens"][target] == 0:
                    continue  # nor at a seat without tokens
                if genuine:
                    if target is not None and leader is _UNKNOWN:
                        leader = _leader(obs, seat)
                    score = _VALUE.get(name, 0) + (1 if target is None or target == leader else 0)
                else:
                    if hand is None:
                        hand = {c.name for c in obs["hand"]}
                    if name in hand or "Joker" in hand:
                        continue  # holding the card: no bluff
                    score = _VALUE.get(name, 0) - 1 - _KEEP.get(a.facedown, 0) * 0.1
            elif isinstance(a, Play):
                if a.target == seat:
                    continue  # a card that may choose any player is never aimed at ourselves
                effect = a.as_name or a.name
                if effect == "Money":
                    continue
                score = _VALUE.get(effect, 0) - (1 if a.name == "Joker" else 0)
                if effect == "Sushi Tray":
                    trays = sum(1 for _, x in obs["front"][seat] if x == "Sushi Tray")
                    score = 3 + 2 * trays
                if effect in ("Shot!", "The Assassin", "The Guardian", "Eat Four!", "Pickpocket"):
                    if leader is _UNKNOWN:
                        leader = _leader(obs, seat)
                    score += 1 if a.target == leader else -1
                    if effect in ("Shot!", "The Assassin") and obs["tokens"][a.target] == 0:
                        score = 0
                if effect == "The Guardian" and a.option not in ("Not So Fast", "Shot!", "Sushi Tray"):
                    score = 0
                if effect in ("To The Top", "Not So Fast"):
                    score = 0
            elif isinstance(a, UseAbility):
                if a.target == seat:
                    continue
                if a.target is not None and leader is _UNKNOWN:
                    leader = _leader(obs, seat)
                score = 3 if a.target is None or a.target == leader else 2
            else:
                continue  # end turn: scores nothing
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        return next(a for a in legal if isinstance(a, EndTurn))


#: ``leader`` in :meth:`BluffingAgent._main` before it is read
_UNKNOWN = object()


def _leader(obs, seat: int) -> int | None:
    """The other seat still in with the most points, then tokens (the first of equals), or None."""
    points, tokens, out = obs["points"], obs["tokens"], obs["out"]
    others = [s for s in range(obs["players"]) if s != seat and not out[s]]
    return max(others, key=lambda s: (points[s], tokens[s])) if others else None
