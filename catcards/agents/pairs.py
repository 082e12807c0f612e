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
there is one, else an unseen card, else any card. Every choice among cards that are as good (the
cards of remembered pairs, the remembered matches, the unseen cards) is uniformly random: a
position's label never decides, so moves a player cannot tell apart have the same chances
(:func:`catcards.explore.pairs.alike_rows`).
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
        self._mem: dict[int, _SeatMemory] = {}  # per seat

    def _recall(self, obs, rng: np.random.Generator) -> dict[int, int]:
        """This seat's memory brought up to date: its own map of position -> number (not a copy:
        :meth:`remembered` copies it, :meth:`choose` only reads it). See :meth:`remembered`.

        Reads of the observation are few and cheap (a :class:`~catcards.seat_view.SeatView`
        computes each key it is asked for): ``seat``, ``turns``, ``turned`` and ``face_down``
        every call; ``seen``, ``seen_turn``, ``turn_counts`` and ``current_player`` only when a
        turn was completed since the last call.
        """
        seat, now = obs["seat"], obs["turns"]
        first = obs["turned"] is None  # asked for a turn's first card
        down = obs["face_down"] + (not first)  # on the board, this turn's first card too
        m = self._mem.get(seat)
        if m is None or not m.continues(now, first, down, obs):
            m = self._mem[seat] = _SeatMemory()  # a new game
        known = m.known
        last = m.synced_turn
        if last == now:
            # no turn completed since the last call (the second card of a turn): nothing was
            # shown or taken, and the last call left no forgetting draw due
            m.first = first
            return known
        stamp, checked = m.stamp, m.checked
        seen = obs["seen"]
        seen_turn = obs["seen_turn"]
        if last is not None and m.synced_down != down:
            for pos in stamp.keys() - seen.keys():  # taken since
                del stamp[pos]
                if known.pop(pos, None) is not None:
                    del checked[pos]
        if last is None:
            last = -1
        # shown since: remember them, in the order seen lists them (seen_turn lists the same
        # positions in the same order: the state writes and removes both together)
        for pos, t in seen_turn.items():
            if t > last:
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
        m.synced_turn, m.synced_down, m.first = now, down, first
        m.own_turns, m.on_turn = obs["turn_counts"][seat], obs["current_player"] == seat
        return known

    def remembered(self, obs: dict, rng: np.random.Generator) -> dict[int, int]:
        """Face-down positions this seat remembers now, as position -> number (forgetting applied).

        Every card shown since the last call is remembered (a card shown again is remembered
        afresh, forgotten or not); then each remembered card is forgotten with probability
        ``1 - (1 - forget) ** turns`` for the completed turns since it was last drawn for, one
        ``rng.random()`` per card in the order the cards were first remembered. The memory is
        kept per seat (``obs["seat"]``) and starts afresh when a new game is seen (fewer turns,
        or as many with more cards face down).

        Kept up to date from what changed since the last call, not by comparing the whole
        ``seen`` maps: ``seen`` and ``seen_turn`` change only when a turn completes (``turns``
        grows), a card shown since then has a ``seen_turn`` after the last call's ``turns``,
        and a card is taken only when the cards face down on the board become fewer.
        """
        return dict(self._recall(obs, rng))

    def choose(self, observation, legal, rng):
        memory = self._recall(observation, rng)
        if not memory:
            return pick(rng, legal)  # every card is unseen to it
        turned = observation["turned"]
        if turned is None:  # a remembered pair: any card of one, at random
            numbers = list(memory.values())
            if len(set(numbers)) < len(numbers):
                twice = {n for n in numbers if numbers.count(n) >= 2}
                return pick(rng, [TURN_OVER[p] for p, n in memory.items() if n in twice])
        else:  # the first card's match, remembered: any of them, at random
            number = observation["grid"][turned].rank
            match = [TURN_OVER[p] for p, n in memory.items() if n == number and p != turned]
            if match:
                return pick(rng, match)
        unseen = [a for a in legal if a.position not in memory]
        return pick(rng, unseen or legal)

    def __repr__(self) -> str:
        return f"MemoryAgent(forget={self.forget!r})"


class _SeatMemory:
    """One seat's memory in one game (see :meth:`MemoryAgent.remembered`).

    Attributes:
        known: position -> number, the cards remembered now, in the order first remembered.
        stamp: position -> turn when last shown, for every position known or forgotten.
        checked: position -> turn when its forgetting was last drawn for (the known ones).
        synced_turn, synced_down: ``turns`` and the cards on the board (face down or turned
            over this turn) when the memory was last brought up to date (every call brings it
            up to date: ``synced_turn`` is the last call's ``turns``); None before the first call.
        first: the last call asked for a turn's first card (``turned`` was None).
        own_turns, on_turn: this seat's completed turns (``turn_counts[seat]``) at the last call
            with a new ``turns``, and whether that call came on this seat's own turn.
    """

    __slots__ = ("known", "stamp", "checked", "synced_turn", "synced_down", "first", "own_turns", "on_turn")

    def __init__(self) -> None:
        self.known: dict[int, int] = {}
        self.stamp: dict[int, int] = {}
        self.checked: dict[int, int] = {}
        self.synced_turn: int | None = None
        self.synced_down: int | None = None
        self.first = True
        self.own_turns = 0
        self.on_turn = False

    def continues(self, now: int, first: bool, down: int, obs) -> bool:
        """Whether a call with ``turns`` = ``now`` (asking for a first card if ``first``, with
        ``down`` cards on the board) belongs to the game of the last call, not a new one.

        In one game ``turns`` never falls and the board never grows; within one turn the board
        stays as it is and the calls go from the first card to the second; and a seat that was
        asked on its own turn has completed that turn by any later turn. A new game's first call
        breaks one of these: its seat has completed no turn yet. (Checking the turn numbers and
        the board alone missed a new game that reached the last call's turn with fewer cards on
        the board: the memory kept the old game's cards and turned over a card already taken.)
        """
        if self.synced_turn is None:
            return True
        if now == self.synced_turn:
            return down == self.synced_down and (self.first or not first)
        if now < self.synced_turn or down > self.synced_down:
            return False
        done = obs["turn_counts"][obs["seat"]]
        return done > self.own_turns if self.on_turn else done >= self.own_turns


@strategy("pairs", "perfect")
def perfect() -> MemoryAgent:
    """A :class:`MemoryAgent` that never forgets."""
    return MemoryAgent(0.0)


@strategy("pairs", "forgetful")
def forgetful(forget: float = 0.3) -> MemoryAgent:
    """A :class:`MemoryAgent` forgetting each card with probability ``forget`` (default 0.3) per turn."""
    return MemoryAgent(forget)
