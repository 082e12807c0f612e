"""Computer players for Pairs: no memory, perfect memory, and memory that forgets.

Source: ``rules/wildcat.md`` ("Pairs": "Computer players differ by memory: none (random), perfect,
or forgetting each seen card with a given probability per turn"). Every agent uses only its
observation: the public ``seen`` and ``seen_turn`` maps (position -> number, turn when last shown) are what a player
at the table could have seen; :class:`MemoryAgent` keeps its own copy and forgets from it.

- ``"random"`` / ``"no-memory"``: turns over face-down cards at random.
- ``"perfect"``: :class:`MemoryAgent` with ``forget=0``.
- ``"forgetful"``: :class:`MemoryAgent` with ``forget=0.3`` (or any ``forget`` given).

The memory strategy (Velleman and Warrington, "What to expect in a game of memory", Amer. Math.
Monthly 120 (2013), the simple strategy for the one-player game): first card: a remembered pair if
there is one, else an unseen card; second card: a remembered card with the first card's number if
there is one, else an unseen card, else any card. Ties and choices among unseen cards are random.
"""
from __future__ import annotations

import numpy as np

from ..core import GameParameterError
from ..games.pairs import TURN_OVER
from . import Agent, RandomAgent, pick, strategy

__all__ = ["MemoryAgent", "NoMemoryAgent", "perfect", "forgetful"]


@strategy("pairs", "no-memory")
class NoMemoryAgent(RandomAgent):
    """Remembers nothing: turns over face-down cards uniformly at random."""

    name = "no-memory"


class MemoryAgent(Agent):
    """Plays Pairs from memory; each remembered card is forgotten with probability ``forget`` per
    completed turn (all players' turns count). One agent may sit in several seats and play many
    games in a row: its memory is kept per seat and starts afresh when a new game is seen.

    Args:
        forget: probability in [0, 1] of forgetting each remembered card per completed turn
            (0: perfect; 1: remembers only the cards of the turn just completed).

    Raises:
        GameParameterError: ``forget`` outside [0, 1].
    """

    name = "memory"

    def __init__(self, forget: float = 0.0):
        if isinstance(forget, bool) or not isinstance(forget, (int, float)) or not 0 <= forget <= 1:
            raise GameParameterError(f"forget must be a probability from 0 to 1, not {forget!r}")
        self.forget = float(forget)
        self._mem: dict[int, dict] = {}

    def _memory(self, obs: dict) -> dict[int, int]:
        """Update and return this seat's memory: position -> number."""
        m = self._mem.get(obs["seat"])
        fresh = (obs["turns"], obs["face_down"])
        if m is None or fresh[0] < m["turns"] or (fresh[0] == m["turns"] and fresh[1] > m["face_down"]):
            m = self._mem[obs["seat"]] = {"known": {}, "lost": {}, "checked": {}, "turns": 0, "face_down": 0,
                                                "synced": None}
        m["turns"], m["face_down"] = fresh
        return m

    def remembered(self, obs: dict, rng: np.random.Generator) -> dict[int, int]:
        """Face-down positions this seat remembers now, as position -> number (forgetting applied)."""
        m = self._memory(obs)
        known, lost, checked = m["known"], m["lost"], m["checked"]
        seen = obs["seen"]
        seen_turn = obs["seen_turn"]
        now = obs["turns"]
        if m["synced"] is not None and m["synced"] == (now, seen, seen_turn):
            # the second card of a turn: nothing was shown and no turn completed since the
            # first card's call, which left the memory as it is (no forgetting draw is due)
            return {p: v[0] for p, v in known.items()}
        for pos in [p for p in known if p not in seen]:
            del known[pos]
            checked.pop(pos, None)
        for pos in [p for p in lost if p not in seen]:
            del lost[pos]
        for pos, num in seen.items():
            t = seen_turn[pos]
            if pos in known and known[pos][1] == t or lost.get(pos) == t:
                continue
            known[pos] = (num, t)
            lost.pop(pos, None)
            checked[pos] = t
        if self.forget > 0:
            for pos in list(known):
                elapsed = now - checked[pos]
                if elapsed > 0:
                    checked[pos] = now
                    if rng.random() >= (1 - self.forget) ** elapsed:
                        lost[pos] = known.pop(pos)[1]
                        del checked[pos]
        m["synced"] = (now, dict(seen), dict(seen_turn))
        return {p: v[0] for p, v in known.items()}

    def choose(self, observation, legal, rng):
        memory = self.remembered(observation, rng)
        turned = observation["turned"]
        if memory:
            order = sorted(memory)
            if turned is None:
                by_number: dict[int, int] = {}
                for p in order:
                    by_number[memory[p]] = by_number.get(memory[p], 0) + 1
                for p in order:
                    if by_number[memory[p]] >= 2:
                        return TURN_OVER[p]
            else:
                number = observation["grid"][turned].rank
                for p in order:
                    if memory[p] == number and p != turned:
                        return TURN_OVER[p]
        unseen = [a.position for a in legal if a.position not in memory]
        if unseen:
            return TURN_OVER[pick(rng, unseen)]
        return pick(rng, legal)

    def __repr__(self) -> str:
        return f"MemoryAgent(forget={self.forget!r})"


@strategy("pairs", "perfect")
def perfect() -> MemoryAgent:
    """A :class:`MemoryAgent` that never forgets."""
    return MemoryAgent(0.0)


@strategy("pairs", "forgetful")
def forgetful(forget: float = 0.3) -> MemoryAgent:
    """A :class:`MemoryAgent` forgetting each card with probability ``forget`` (default 0.3) per turn."""
    return MemoryAgent(forget)
