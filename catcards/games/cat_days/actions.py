"""Cat Days: the actions (:class:`Draw`, :class:`Play`, :class:`Pass`).

Source: ``rules/cat-days.md`` ("Table": a turn is one action, draw or play; pass only when
neither is possible). A :class:`Play` carries everything its card's text needs chosen.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...core import Action, FixedAction, is_whole
from ...core.text import value_kind
from .deck import _DRAW_RE, CAT_EFFECTS, DAYS, EVENT_EFFECTS

__all__ = ["Draw", "Pass", "Play", "DRAW", "PASS"]


class Draw(FixedAction):
    """Draw the top card of the draw pile (reshuffling the discard pile first if it is empty)."""

    text = "draw a card"


class Pass(FixedAction):
    """Do nothing: legal only when a player can neither play nor draw."""

    text = "pass"


DRAW = Draw()
PASS = Pass()


_set = object.__setattr__  # a Play is frozen: what it keeps once worked out is set so


@dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand, with everything its text needs chosen.

    Attributes:
        card: the card played (the lowest copy of that name in the hand).
        effect: the card's effect keyword (from the deck file), which fixes how ``str`` reads.
        week: ``"my"`` or ``"their"`` (the acting player's week or the opponent's), or None.
        day: 0 (Monday) .. 6 (Sunday), or None.
        target: the cat acted on: covered (Grumpy Cat), taken (Cardboard Box), swapped from my
            week (Yarn Ball), discarded (Vacuum Cleaner) or returned (Water Spray).
        target_day: the opponent's day a Cardboard Box takes from or a Yarn Ball swaps with.
        other: the opponent's cat a Yarn Ball swaps for.

    A Play is a value: besides its fields it keeps its words (``str``) and its two log lines
    once worked out (the engine's plays are built once per deck and shared by every game; not
    fields, so equality, hashing and ``repr`` ignore them). Until then the class's None is read.
    """

    card: Card
    effect: str = "empty day"
    week: str | None = None
    day: int | None = None
    target: Card | None = None
    target_day: int | None = None
    other: Card | None = None

    # kept on the instance once worked out (plain class attributes, not dataclass fields)
    _words_said = None
    _seat_0_line = None
    _seat_1_line = None

    def __str__(self) -> str:
        text = self._words_said
        if text is None:  # first time
            try:
                text = self._words()
            except Exception:  # a malformed Play still has words (for error messages)
                text = f"play {getattr(self.card, 'name', self.card)!s}"
            _set(self, "_words_said", text)
        return text

    def __repr__(self) -> str:
        args = [repr(self.card), f"effect={self.effect!r}"]
        for field in ("week", "day", "target", "target_day", "other"):
            value = getattr(self, field)
            if value is not None:
                args.append(f"{field}={value!r}")
        return f"Play({', '.join(args)})"

    def log_line(self, seat: int) -> str:
        """The public log line of ``seat`` making this play: ``str`` with "my"/"their" replaced by
        seat numbers ("Seat 0 plays Lazy Cat on seat 0's Monday."), kept on the play after the
        first time, like its words; a seat's line is worked out only when that seat makes the
        play.

        Raises:
            ValueError: ``seat`` is not 0 or 1 (any number equal to them is taken)."""
        if seat == 0 and not isinstance(seat, str):
            line, seat = self._seat_0_line, 0
        elif seat == 1:
            line, seat = self._seat_1_line, 1
        else:
            raise ValueError(f"Cat Days has seats 0 and 1, not {seat!r}")
        if line is None:
            words = str(self).replace(" my ", f" seat {seat}'s ").replace(" their ", f" seat {1 - seat}'s ")
            line = f"Seat {seat} plays{words[len('play'):]}."
            _set(self, "_seat_1_line" if seat else "_seat_0_line", line)
        return line

    def _words(self) -> str:
        name, e = self.card.name, self.effect
        where = f" on {self.week} {DAYS[self.day]}" if self.day is not None else ""
        if e.startswith("draw "):
            n = int(e.split()[1])
            return f"play {name} drawing {n} card{'s' * (n != 1)}"
        if e == "cover":
            return f"play {name}{where} covering {self.target.name}"
        if e == "cardboard box":
            return f"play {name}{where} taking {self.target.name} from their {DAYS[self.target_day]}"
        if e == "swap":
            return (f"play {name} swapping {self.target.name} on my {DAYS[self.day]} with "
                    f"{self.other.name} on their {DAYS[self.target_day]}")
        if e == "discard top cat":
            return f"play {name}{where} discarding {self.target.name}"
        if e == "return top cat":
            return f"play {name}{where} returning {self.target.name} to {self.week} hand"
        return f"play {name}{where}"


def _play_problem(play: "Play") -> str | None:
    """What is wrong with the fields of ``play`` (types and ranges only), or None."""
    if not isinstance(play.card, Card):
        return f"its card must be a Card from your hand, not {value_kind(play.card)}"
    e = play.effect
    if not isinstance(e, str) or not (e in CAT_EFFECTS or e in EVENT_EFFECTS or _DRAW_RE.match(e)):
        return f"its effect must be one of the deck's effects, not {e!r}"
    if play.week not in (None, "my", "their"):
        return f"its week must be 'my', 'their' or None, not {play.week!r}"
    for name in ("day", "target_day"):
        value = getattr(play, name)
        if value is not None and not (is_whole(value) and 0 <= value <= 6):
            return f"its {name} must be a day number from 0 (Monday) to 6 (Sunday) or None, not {value!r}"
    for name in ("target", "other"):
        value = getattr(play, name)
        if value is not None and not isinstance(value, Card):
            return f"its {name} must be a Card or None, not {value_kind(value)}"
    needs = {"cover": ("day", "target"), "cardboard box": ("day", "target", "target_day"),
             "swap": ("day", "target", "target_day", "other"), "discard top cat": ("day", "target"),
             "return top cat": ("day", "target")}.get(e, ())
    missing = [n for n in needs if getattr(play, n) is None]
    if missing:
        return f"a {e!r} play needs its {' and '.join(missing)}"
    return None


def _play(card: Card, effect: str, week: str | None = None, day: int | None = None,
          target: Card | None = None, target_day: int | None = None, other: Card | None = None) -> Play:
    """``Play(card, effect, ...)`` built without the frozen dataclass's per-field checks (the
    play table builds about one per action; its fields are the engine's own, so they need
    none): the fields written as the instance's dict at once. Equal to, and hashes like, the
    Play built the usual way."""
    p = object.__new__(Play)
    _set(p, "__dict__", {"card": card, "effect": effect, "week": week, "day": day, "target": target,
                         "target_day": target_day, "other": other})
    return p
