"""Golden playthroughs: for every game and a few seeds, the whole game as text (each action, what
every seat sees at the start and then what changed in its view after each action, the outcome), checked against ``tests/games/golden/<game>-<seed>.txt``.

They pin the engines' behaviour while the code around them moves (OpenSpiel keeps its playthroughs
the same way). A change of behaviour shows as a diff of these files; regenerate them with

    python tests/games/test_golden.py --regenerate

and explain the change in the commit that carries the new files.

Moves are chosen by a generator seeded per game (``numpy.random.default_rng([seed, 1])``) picking
uniformly among ``legal_actions()``, so the files depend on the engines only, not on any agent.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import catcards
from catcards.cards import Card

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (1, 2)
#: actions written at most per game (long games are cut there, and the file says so)
MAX_ACTIONS = 80
#: observation keys left out of the summaries: the log is written once per action, and the legal
#: actions of the seat to act are the next line's choice
LEFT_OUT = {"log", "legal"}


def render(value) -> str:
    """A value of an observation as stable text: Cards by name, lists and tuples alike, dict keys
    sorted, numpy numbers as Python numbers."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (np.integer, np.floating, np.bool_)):
        return render(value.item())
    if isinstance(value, dict) or hasattr(value, "items"):
        return "{" + ", ".join(f"{k}: {render(v)}" for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(render(v) for v in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(render(v) for v in value)) + "}"
    if isinstance(value, float):
        return repr(round(value, 9))
    return str(value)


def summary(state, seat) -> dict[str, str]:
    """``observation(seat)`` as text, key by key (the keys in ``LEFT_OUT`` left out)."""
    obs = state.observation(seat)
    return {k: render(obs[k]) for k in sorted(obs) if k not in LEFT_OUT}


def playthrough(name: str, seed: int) -> str:
    """The golden text of game ``name`` (default parameters) from ``seed``."""
    game = catcards.load(name)
    state = game.new_game(seed)
    chooser = np.random.default_rng([seed, 1])
    lines = [f"game: {name}", f"params: {render(game.params)}", f"seed: {seed}", ""]
    seen_log = 0
    seen: list[dict[str, str]] = [{} for _ in range(game.players)]

    def after():
        nonlocal seen_log
        for line in state.log[seen_log:]:
            lines.append(f"  log: {line}")
        seen_log = len(state.log)
        for seat in range(game.players):
            now = summary(state, seat)
            changed = {k: v for k, v in now.items() if seen[seat].get(k) != v}
            gone = [k for k in seen[seat] if k not in now]
            if changed or gone:  # what changed in the seat's view
                text = ", ".join([f"{k}={v}" for k, v in changed.items()] + [f"{k} gone" for k in gone])
                lines.append(f"  seat {seat} sees: {text}")
            seen[seat] = now

    lines.append("start")
    after()
    while not state.is_over and len(state.history) < MAX_ACTIONS:
        legal = state.legal_actions()
        action = legal[int(chooser.integers(len(legal)))]
        lines.append(f"#{len(state.history)} seat {state.current_player}: {action}")
        state.apply(action)
        after()
    if state.is_over:
        out = state.outcome
        lines.append(f"outcome: winners={render(out.winners)} scores={render(out.scores)} reason={out.reason}")
    else:
        lines.append(f"cut after {MAX_ACTIONS} actions")
    return "\n".join(lines) + "\n"


def is_own(name: str) -> bool:
    """True for a game of catcards itself (its class in ``catcards.games``), False for a game an
    installed plugin registers (CONTRIBUTING.md, "Add a game": a game in your own package)."""
    return catcards.game_class(name).__module__.startswith("catcards.games.")


#: catcards' own games are pinned; a plugin's game is pinned only if its golden file is here
CASES = [(name, seed) for name in catcards.list_games() for seed in SEEDS]


@pytest.mark.parametrize("name,seed", CASES)
def test_golden_playthrough(name, seed):
    path = GOLDEN / f"{name}-{seed}.txt"
    if not path.exists() and not is_own(name):
        pytest.skip(f"{name} is a plugin's game (from {catcards.game_class(name).__module__}), not one of "
                    "catcards' own: only catcards' games have golden playthroughs here")
    assert path.exists(), f"no golden file {path.name}: run python tests/games/test_golden.py --regenerate"
    expected = path.read_text(encoding="utf-8")
    got = playthrough(name, seed)
    if got != expected:
        old, new = expected.splitlines(), got.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        pytest.fail(
            f"{path.name} differs from line {first + 1}:\n"
            f"  golden: {old[first] if first < len(old) else '<end>'}\n"
            f"  now:    {new[first] if first < len(new) else '<end>'}\n"
            "If the change is intended, regenerate (python tests/games/test_golden.py --regenerate) and say why in the commit."
        )


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit("usage: python tests/games/test_golden.py --regenerate")
    GOLDEN.mkdir(exist_ok=True)
    for name, seed in CASES:
        if not is_own(name):  # an installed plugin's game: not pinned by catcards
            print(f"skipped {name} (a plugin's game)")
            continue
        (GOLDEN / f"{name}-{seed}.txt").write_text(playthrough(name, seed), encoding="utf-8")
        print(f"wrote tests/games/golden/{name}-{seed}.txt")
