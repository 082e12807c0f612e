"""Computer players for Simon's Cat Card Game."""
from __future__ import annotations

from ..games.simons_cat import _INDEX, MATCH, MISCHIEF, Play, TakeMess
from . import Agent, pick, strategy

#: bit u of _MATCHES[c] is set when card u matches card c (colour or number: MATCH)
_MATCHES = tuple(sum(1 << u for u, m in enumerate(row) if m) for row in MATCH)
#: bit u of _SAME_SUIT[c] is set when card u has card c's colour
_SAME_SUIT = tuple(sum(1 << u for u, x in enumerate(MISCHIEF) if x.suit == c.suit) for c in MISCHIEF)
#: id of each of the game's own Card objects (the ones observations hold) -> its index: a look-up
#: that hashes no dataclass (an equal Card that is another object is found by value, _INDEX)
_BY_ID = {id(c): i for i, c in enumerate(MISCHIEF)}


def _index(card) -> int:
    i = _BY_ID.get(id(card))
    return _INDEX[card] if i is None else i


def _mask(cards) -> int:
    """The cards as a bit mask (bit i: ``MISCHIEF[i]``)."""
    m = 0
    for c in cards:
        m |= 1 << _index(c)
    return m


@strategy("simons-cat", "sensible")
class SensibleAgent(Agent):
    """Plays the card that the others are least likely to match, so the next player takes a mess.

    For each legal card it counts the cards still unseen by this seat (not in its hand, the pile,
    the messes, the set-aside cards or the final pile) that match it by colour or number, and
    plays the card with the fewest; ties go to the card whose own colour is most common in the
    hand (keeping rare colours as answers for later), then at random. Taking the mess is only
    ever the single legal action, so it is never a choice.

    The cards are counted as bit masks (bit ``i``: ``MISCHIEF[i]``): what it has seen, one mask
    per legal card of the cards matching it and of its colour, so a count is one ``bit_count``.
    """

    name = "sensible"
    #: reads its observation only while choosing: a play-out may hand it ``state.view(seat)``
    takes_view = True

    def choose(self, observation, legal, rng):
        if len(legal) == 1 or not isinstance(legal[0], Play):
            return legal[0] if len(legal) == 1 else pick(rng, legal)
        hand = _mask(observation["hand"])
        seen = hand | _mask(observation["set_aside"]) | _mask(observation["pile"]) | _mask(observation["final_pile"])
        for messes in observation["messes"]:
            for mess in messes:
                seen |= _mask(mess)
        unseen = ~seen
        scored = []
        for a in legal:
            c = _index(a.card)
            scored.append(((_MATCHES[c] & unseen).bit_count(), -(hand & _SAME_SUIT[c]).bit_count()))
        best = min(scored)
        return pick(rng, [a for a, s in zip(legal, scored) if s == best])


__all__ = ["SensibleAgent", "TakeMess"]
