"""The rollout player: plays the move with the best odds from what it can see.

For each legal action it runs a small number of rollouts with :func:`catcards.odds` (hidden cards
drawn by :meth:`~catcards.core.State.sample_hidden`, so it never peeks; the rest of the game
played by ``policy``), and plays the action with the highest win rate, ties broken by the better
mean score, then by the order of the legal actions. This is flat Monte Carlo ("perfect
information Monte Carlo" sampling, as in Ginsberg's GIB for bridge: Ginsberg, "GIB: Imperfect
information in a computationally challenging game", JAIR 14 (2001) 303-358).

It needs the position, not only an observation, to sample from: :func:`catcards.simulate` and
:func:`catcards.simulate.play_game` call :meth:`RolloutAgent.choose_in` with the state, and
only :meth:`~catcards.core.State.sample_hidden` reads it (tests/analysis/test_explore.py checks that the
odds from two positions that look the same are identical). Registered as ``"rollout"`` for every
game that has a hidden-card sampler except Snap, where there is nothing for one seat to decide:
the races are settled by one reaction-time referee for all seats (:mod:`catcards.agents.snap`).
In The Big Cat Game every move is forced, so it plays exactly like any other player.
"""
from __future__ import annotations

import numpy as np

from ..core import GameParameterError, is_whole
from . import Agent, strategy

__all__ = ["RolloutAgent"]


class RolloutAgent(Agent):
    """Flat Monte Carlo player (see the module docstring).

    Args:
        rollouts: rollouts per legal action and move (default 16), 1 to 10,000.
        policy: strategy that finishes each rollout for every seat (default "sensible").
    """

    name = "rollout"

    def __init__(self, rollouts: int = 16, policy: str = "sensible"):
        if not is_whole(rollouts) or not 1 <= rollouts <= 10_000:
            raise GameParameterError(f"rollouts must be a whole number from 1 to 10000, not {rollouts!r}")
        if policy == "rollout":
            raise GameParameterError("the rollout player's policy cannot be 'rollout' itself")
        self.rollouts = int(rollouts)
        self.policy = policy

    def choose(self, observation, legal, rng):
        raise GameParameterError(
            "the rollout player needs the position: play it with catcards.simulate or "
            "catcards.simulate.play_game, which call choose_in(state, seat, legal, rng)"
        )

    def choose_in(self, state, seat, legal, rng: np.random.Generator):
        """The legal action with the best odds for ``seat`` (see the class docstring)."""
        if len(legal) == 1:
            return legal[0]
        from ..explore.odds import odds

        table = odds(state, seat, rollouts=self.rollouts, seed=int(rng.integers(2**31)),
                     agents=self.policy, progress=False)
        sign = 1.0 if bool(table["higher_is_better"].iloc[0]) else -1.0
        best = max(range(len(table)), key=lambda i: (table["wins"].iloc[i], sign * table["mean_score"].iloc[i], -i))
        text = table["action"].iloc[best]
        return next(a for a in legal if str(a) == text)

    def __repr__(self) -> str:
        return f"RolloutAgent(rollouts={self.rollouts}, policy={self.policy!r})"


def _register() -> None:
    from ..explore.hidden import supported

    for game in supported():
        if game != "snap":  # Snap's races are decided by one referee for every seat (agents/snap.py)
            strategy(game, "rollout")(RolloutAgent)


_register()
