"""Computer players for Simon's Cat Card Game."""
from __future__ import annotations

from collections import Counter

from ..games.simons_cat import MISCHIEF, Play, TakeMess
from . import Agent, pick, strategy


@strategy("simons-cat", "sensible")
class SensibleAgent(Agent):
    """Plays the card that the others are least likely to match, so the next player takes a mess.

    For each legal card it counts the cards still unseen by this seat (not in its hand, the pile,
    the messes, the set-aside cards or the final pile) that match it by colour or number, and
    plays the card with the fewest; ties go to the card whose own colour is most common in the
    hand (keeping rare colours as answers for later), then at random. Taking the mess is only
    ever the single legal action, so it is never a choice.
    """

    name = "sensible"

    def choose(self, observation, legal, rng):
        if len(legal) == 1 or not isinstance(legal[0], Play):
            return legal[0] if len(legal) == 1 else pick(rng, legal)
        seen = set(observation["hand"]) | set(observation["set_aside"]) | set(observation["pile"])
        seen.update(observation["final_pile"])
        for messes in observation["messes"]:
            for mess in messes:
                seen.update(mess)
        unseen = [c for c in MISCHIEF if c not in seen]
        suits = Counter(c.suit for c in observation["hand"])

        def answers(card):
            return sum(1 for u in unseen if u.suit == card.suit or u.rank == card.rank)

        scored = [(answers(a.card), -suits[a.card.suit]) for a in legal]
        best = min(scored)
        return pick(rng, [a for a, s in zip(legal, scored) if s == best])


__all__ = ["SensibleAgent", "TakeMess"]
