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
    #: reads its observation only while choosing: a play-out may hand it ``state.view(seat)``
    takes_view = True

    def __init__(self, forget: float = 0.0):
        if isinstance(forget, bool) or not isinstance(forget, (int, float)) or not 0 <= forget <= 1:
            raise GameParameterError(f"forget must be a probability from 0 to 1, not {forget!r}")
        self.forget = float(forget)
        self._mem: dict[int, dict] = {}

    def _memory(self, obs: dict) -> dict:
        """This seat's memory, started afresh when a new game is seen."""
        m = self._mem.get(obs["seat"])
        fresh = (obs["turns"], obs["face_down"])
        if m is None or fresh[0] < m["turns"] or (fresh[0] == m["turns"] and fresh[1] > m["face_down"]):
            # known: position -> number remembered; stamp: position -> turn shown, for every
            # position in known or forgotten (lost); checked: when its forgetting was last drawn;
            # synced: (turns, cards face down on the board) at the last call
            m = self._mem[obs["seat"]] = {"known": {}, "stamp": {}, "checked": {}, "turns": 0,
                                          "face_down": 0, "synced": None}
        m["turns"], m["face_down"] = fresh
        return m

    def remembered(self, obs: dict, rng: np.random.Generator) -> dict[int, int]:
        """Face-down positions this seat remembers now, as position -> number (forgetting applied).

        Every card shown since the last call is remembered (a card shown again is remembered
        afresh, forgotten or not); then each remembered card is forgotten with probability
        ``1 - (1 - forget) ** turns`` for the completed turns since it was last drawn for, one
        ``rng.random()`` per card in the order the cards were first remembered.

        Kept up to date from what changed since the last call, not by comparing the whole
        ``seen`` maps: ``seen`` and ``seen_turn`` change only when a turn completes (``turns``
        grows), a card shown since then has a ``seen_turn`` after the last call's ``turns``,
        and a card is taken only when the cards face down on the board become fewer.
        """
        m = self._memory(obs)
        known, stamp, checked = m["known"], m["stamp"], m["checked"]
        now = obs["turns"]
        synced = m["synced"]
        if synced is not None and synced[0] == now:
            # no turn completed since the last call (the second card of a turn): nothing was
            # shown or taken, and the last call left no forgetting draw due
            return dict(known)
        seen = obs["seen"]
        seen_turn = obs["seen_turn"]
        down = obs["face_down"] + (obs["turned"] is not None)  # on the board, this turn's first card too
        if synced is not None and synced[1] != down:
            for pos in stamp.keys() - seen.keys():  # taken since
                del stamp[pos]
                if known.pop(pos, None) is not None:
                    del checked[pos]
        last = -1 if synced is None else synced[0]
        shown = {pos for pos, t in seen_turn.items() if t > last}  # shown since: remember them
        if shown:
            for pos in seen if len(shown) > 1 else shown:  # in the order seen lists them
                if pos in shown:
                    t = seen_turn[pos]
                    known[pos] = seen[pos]
                    stamp[pos] = checked[pos] = t
        if self.forget > 0:
            due = [pos for pos in known if now > checked[pos]]
            if due:
                # one draw per card due, in order: rng.random(k) gives the numbers of k calls
                # of rng.random(), in one call
                draws = [rng.random()] if len(due) == 1 else rng.random(len(due)).tolist()
                keep = 1 - self.forget
                for pos, u in zip(due, draws):
                    elapsed = now - checked[pos]
                    if u >= keep**elapsed:
                        del known[pos], checked[pos]
                    else:
                        checked[pos] = now
        m["synced"] = (now, down)
        return dict(known)

    def choose(self, observation, legal, rng):
        memory = self.remembered(observation, rng)
        turned = observation["turned"]
        if memory:
            if turned is None:  # a remembered pair: the lowest position of one
                numbers = list(memory.values())
                if len(set(numbers)) < len(numbers):
                    twice = {n for n in numbers if numbers.count(n) >= 2}
                    return TURN_OVER[min(p for p, n in memory.items() if n in twice)]
            else:  # the first card's match, remembered: the lowest position of one
                number = observation["grid"][turned].rank
                match = [p for p, n in memory.items() if n == number and p != turned]
                if match:
                    return TURN_OVER[min(match)]
        if not memory:
            return pick(rng, legal)  # every card is unseen to it
        unseen = [a for a in legal if a.position not in memory]
        return pick(rng, unseen or legal)

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
