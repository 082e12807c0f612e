"""One SHA-256 over every piece of HTML the widget tables draw, step by step, in seeded games of
every registered game (issue 13: moving the drawing into ``catcards.render`` must not change a
byte). Run it before and after a refactor of ``catcards/render`` or ``catcards/widgets`` and
compare the digests it prints.

For each game and seed, two tables are played to the end (or ``--steps`` steps), and the same two
with the generic :class:`GameTable` (seed 1, 30 steps):

- a computer-only table viewed from seat 0 (``humans=(), view=0``), one "Computer step" at a time;
- a table with a person at seat 0 (``humans=(0,)``), who plays a random legal action
  (``numpy.random.default_rng(seed)``) with :meth:`GameTable.act`; the computers answer.

After every step the table's whole widget tree is walked (title, "How to play", status, board,
hand, controls, history bar, odds panel, log, messages) and every HTML value, button
label/tooltip/state/classes, Accordion title, Dropdown label, text box value and the messages'
text go into the game's digest, and into one overall digest.

Usage: ``python benchmarks/table_html_digest.py [--seeds 3] [--steps 150] [--without-log]``

``--without-log`` leaves out the move log's HTML and the widgets inside a hidden box
(``layout.display == "none"``): issue 31 numbered the log's lines by move and kept Cat Days'
chosen-card section in the hand, hidden, so every digest changed; without them the digests of
every game were the same before and after it. Later in issue 31 the table drew the hand before
the board (the next move on a phone's screen), which changes the order of the walk and so every
digest; with the table's board walked before its hand, every game's digest and the generic
table's (``--seeds 3 --steps 150``) were the same as before it, byte for byte.
"""
from __future__ import annotations

import argparse
import hashlib

import ipywidgets as W
import numpy as np

import catcards
import catcards.widgets as cw
from catcards.widgets.snap import ManualClock


#: --without-log: leave out the move log and hidden boxes (see the module docstring)
WITHOUT_LOG = False


def _walk(widget):
    layout = getattr(widget, "layout", None)
    if WITHOUT_LOG and layout is not None and layout.display == "none":
        return
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _snapshot(table) -> str:
    parts = []
    for root in (table, *getattr(table, "snap_buttons", {}).values(), getattr(table, "turn_button", None)):
        for w in _walk(root) if root is not None else ():
            kind = type(w).__name__
            if isinstance(w, W.HTML):
                if WITHOUT_LOG and "catcards-log" in w.value:
                    continue
                parts.append(f"{kind}:{w.value}")
            elif isinstance(w, W.Button):
                parts.append(f"{kind}:{w.description}|{w.tooltip}|{w.disabled}|{w.button_style}|"
                             f"{sorted(w._dom_classes)}|{w.layout.visibility}")
            elif isinstance(w, W.Accordion):
                parts.append(f"{kind}:{list(w.titles)}")
            elif isinstance(w, W.Dropdown):
                parts.append(f"{kind}:{[label for label, _v in w.options]}")
            elif isinstance(w, (W.Text, W.IntText, W.BoundedIntText)):
                parts.append(f"{kind}:{w.value}|{getattr(w, 'max', '')}|{w.description}")
            elif isinstance(w, W.Output):
                parts.append(f"{kind}:{table.output_text()}")
            else:
                parts.append(kind)
    return "\n".join(parts)


def _table(name: str, seed: int, **kwargs):
    if kwargs.pop("generic", False):
        return cw.GameTable(catcards.load(name), seed=seed, **kwargs)
    if name == "snap":
        kwargs["clock"] = ManualClock()
        return cw.table_class(name)(catcards.load(name), seed=seed, **kwargs)
    return cw.play(name, seed=seed, **kwargs)


def play(name: str, seed: int, steps: int, digest, generic: bool = False) -> int:
    """Play the two tables of ``name`` with ``seed`` (``generic``: the base GameTable, which draws
    every observation entry); feed every snapshot to ``digest``."""
    shots = 0
    watch = _table(name, seed, humans=(), agents="random", view=0, generic=generic)
    digest.update(_snapshot(watch).encode())
    for _ in range(steps):
        if watch.state.is_over:
            break
        watch.step_button.click()
        digest.update(_snapshot(watch).encode())
        shots += 1
    watch.close()
    person = _table(name, seed, humans=(0,), agents="random", generic=generic)
    rng = np.random.default_rng(seed)
    digest.update(_snapshot(person).encode())
    for _ in range(steps):
        state = person.state
        if state.is_over:
            break
        legal = person.legal
        if name == "snap" and not generic:
            if state.current_player == 0 and legal:
                person.press_turn()
            else:
                person.clock.advance(5.0)
        elif legal:
            person.act(legal[int(rng.integers(len(legal)))])
            person.refresh()
        else:
            person.computer_step()
            person.refresh()
        digest.update(_snapshot(person).encode())
        shots += 1
    person.close()
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--without-log", action="store_true",
                        help="leave out the move log and the widgets in hidden boxes")
    args = parser.parse_args()
    global WITHOUT_LOG
    WITHOUT_LOG = args.without_log
    overall = hashlib.sha256()
    total = 0
    for name in catcards.list_games():
        digest = hashlib.sha256()
        shots = sum(play(name, seed, args.steps, digest) for seed in range(1, args.seeds + 1))
        total += shots
        print(f"{name:20s} {shots:5d} steps  {digest.hexdigest()}")
        overall.update(digest.digest())
    generic = hashlib.sha256()
    shots = sum(play(name, 1, 30, generic, generic=True) for name in catcards.list_games())
    total += shots
    print(f"{'generic GameTable':20s} {shots:5d} steps  {generic.hexdigest()}")
    overall.update(generic.digest())
    print(f"{'all':20s} {total:5d} steps  {overall.hexdigest()}")


if __name__ == "__main__":
    main()
