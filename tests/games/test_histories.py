"""Seeded random Card Game and Cat Days games give the same histories, outcomes and logs as before
their engines were sped up (issue 14): a fingerprint of 40 games per game, recorded from the
engines as they stood before."""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

import catcards


def fingerprint(game, games: int, seed: int) -> str:
    """SHA-256 (16 hex digits) of ``games`` random games (game i seeded ``seed + i``, choices from
    one Generator(seed)): each game's action texts, outcome and log lines."""
    rng = np.random.default_rng(seed)
    record = []
    for i in range(games):
        state = game.new_game(seed + i)
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        record.append("|".join(map(str, state.history)) + f"#{state.outcome}#" + "|".join(state.log))
    return hashlib.sha256("\n".join(record).encode()).hexdigest()[:16]


# recorded before the speed-ups of issue 14
@pytest.mark.parametrize("name, params, recorded", [
    ("card-game", {"players": 3}, "d6b41ca1a6cd2437"),
    ("cat-days", {}, "446ed410d26fd376"),
])
def test_seeded_random_games_are_unchanged(name, params, recorded):
    assert fingerprint(catcards.load(name, **params), 40, 7) == recorded
