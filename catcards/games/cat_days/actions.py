"""Cat Days: the actions (:class:`Draw`, :class:`Play`, :class:`Pass`).

Source: ``rules/cat-days.md`` ("Table": a turn is one action, draw or play; pass only when
neither is possible). A :class:`Play` carries everything its card's text needs chosen.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from ...cards import Card
from ...core import Action, is_whole
from .deck import _DRAW_RE, CAT_EFFECTS, DAYS, EVENT_EFFECTS

__all__ = ["Draw", "Pass", "Play", "DRAW", "PASS"]


@dataclass(frozen=True)
class Draw(Action):
    """Draw the top card of the draw pile (reshuffling the discard pile first if it is empty)."""

    def __str__(self) -> str:
        return "draw a card"

    def __repr__(self) -> str:
        return "Draw()"

    def __reduce_ex__(self, protocol):
        # the engine's DRAW pickles and copies as itself (the engine tells it by identity)
        return "DRAW" if self is DRAW else super().__reduce_ex__(protocol)


@dataclass(frozen=True)
class Pass(Action):
    """Do nothing: legal only when a player can neither play nor draw."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"

    def __reduce_ex__(self, protocol):
        # the engine's PASS pickles and copies as itself (the engine tells it by identity)
        return "PASS" if self is PASS else super().__reduce_ex__(protocol)


DRAW = Draw()
PASS = Pass()


_set = object.__setattr__


class _PlayFields:
    """What a :class:`Play` holds and says: its fields, its words (``str``) and its log lines,
    kept once worked out (a Play is a value; not fields: equality, hashing and ``repr`` ignore
    them). Compiled (``actions.pxd``), an extension type with all of them as C struct fields,
    which the engine's compiled code writes and reads directly (issue 14: a Play is built in a few
    writes, with no dictionary, and its log line is read without a look-up by name); in Python,
    they are in the instance's dict, as in any dataclass."""

    __slots__ = ()

    def __str__(self) -> str:
        text = self._words_said
        if text is None:  # first time: a Play is a value, so its words are kept on it
            try:
                text = self._words()
            except Exception:  # a malformed Play still has words (for error messages)
                text = f"play {getattr(self.card, 'name', self.card)!s}"
            _set(self, "_words_said", text)  # frozen: not by =
        return text

    def log_line(self, seat: int) -> str:
        """The public log line of ``seat`` making this play: ``str`` with "my"/"their" replaced by
        seat numbers ("Seat 0 plays Lazy Cat on seat 0's Monday."). Kept on the play after the
        first time, like its words (the engine's plays are built once per deck and reused); a
        seat's line is worked out only when that seat makes the play.

        Raises:
            ValueError: ``seat`` is not 0 or 1."""
        if seat == 0 and not isinstance(seat, str):
            line, seat = self._seat_0_line, 0  # None until the first time; seat 0 however given
        elif seat == 1:
            line, seat = self._seat_1_line, 1
        else:
            raise ValueError(f"Cat Days has seats 0 and 1, not {seat!r}")
        if line is None:
            line = f"Seat {seat} plays{self._seat_words(seat)[len('play'):]}."
            _set(self, "_seat_1_line" if seat else "_seat_0_line", line)  # frozen: not by =
        return line

    def _seat_words(self, seat: int) -> str:
        return str(self).replace(" my ", f" seat {seat}'s ").replace(" their ", f" seat {1 - seat}'s ")

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


@dataclass(frozen=True)
class Play(_PlayFields, Action):
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

    A Play is a value: besides its fields it keeps its words (``str``) and its log lines once
    worked out (see :class:`_PlayFields`).
    """

    card: Card = field()  # no default (compiled, _PlayFields' descriptor would be taken for one)
    effect: str = "empty day"
    week: str | None = None
    day: int | None = None
    target: Card | None = None
    target_day: int | None = None
    other: Card | None = None

    def __post_init__(self) -> None:
        _set(self, "_words_said", None)  # not worked out yet
        _set(self, "_seat_0_line", None)
        _set(self, "_seat_1_line", None)

    def __reduce_ex__(self, protocol):
        # pickled as the call that makes it, so a pickle loads compiled or not, whichever wrote it
        # (a subclass, which may have more, pickles as usual)
        if type(self) is not Play:
            return super().__reduce_ex__(protocol)
        return Play, (self.card, self.effect, self.week, self.day, self.target, self.target_day, self.other)

    def __setstate__(self, state) -> None:
        if not isinstance(state, dict):  # compiled, a subclass: the extension type's own state
            super().__setstate__(state)
            return
        # the attributes as a dict (pure Python's pickle of a subclass, or a Play pickled before
        # __reduce_ex__): nothing worked out yet, then the attributes as they are
        self.__post_init__()
        for name, value in state.items():
            _set(self, name, value)

    def __repr__(self) -> str:
        args = [repr(self.card), f"effect={self.effect!r}"]
        for field in ("week", "day", "target", "target_day", "other"):
            value = getattr(self, field)
            if value is not None:
                args.append(f"{field}={value!r}")
        return f"Play({', '.join(args)})"


def _play_problem(play: "Play") -> str | None:
    """What is wrong with the fields of ``play`` (types and ranges only), or None."""
    if not isinstance(play.card, Card):
        return f"its card must be a Card from your hand, not {type(play.card).__name__}"
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
            return f"its {name} must be a Card or None, not {type(value).__name__}"
    needs = {"cover": ("day", "target"), "cardboard box": ("day", "target", "target_day"),
             "swap": ("day", "target", "target_day", "other"), "discard top cat": ("day", "target"),
             "return top cat": ("day", "target")}.get(e, ())
    missing = [n for n in needs if getattr(play, n) is None]
    if missing:
        return f"a {e!r} play needs its {' and '.join(missing)}"
    return None


_FIELD_NAMES = tuple(f.name for f in fields(Play))
#: True when a Play's fields are _PlayFields' own (C struct fields: this module runs compiled)
_FIELDS_IN_C = "card" in vars(_PlayFields)
if _FIELDS_IN_C:
    # The dataclass leaves each field's default on the class (Play.week = None ...): compiled,
    # those would hide the fields of _PlayFields from every read, so they go (the defaults stay
    # in __init__ and in dataclasses.fields(Play); a Play always has all its fields set)
    for _name in _FIELD_NAMES[1:]:  # card has no default
        delattr(Play, _name)
    del _name


def _play(card: Card, effect: str, week: str | None = None, day: int | None = None,
          target: Card | None = None, target_day: int | None = None, other: Card | None = None) -> Play:
    """``Play(card, effect, ...)`` built without the frozen dataclass's per-field checks (the
    engine's hot path; the fields are the engine's own, so they need none). Equal to, and hashes
    like, the Play built the usual way."""
    p = _PlayFields.__new__(Play)
    if not _FIELDS_IN_C:  # the fields in the instance's dict: one dict, set at once (frozen: not by =)
        _set(p, "__dict__", {"card": card, "effect": effect, "week": week, "day": day, "target": target,
                             "target_day": target_day, "other": other, "_words_said": None,
                             "_seat_0_line": None, "_seat_1_line": None})
        return p
    # compiled: p is a _PlayFields (actions.pxd), so these write its C fields directly (Play's
    # frozen __setattr__, which refuses them from Python code, is not involved)
    p.card = card
    p.effect = effect
    p.week = week
    p.day = day
    p.target = target
    p.target_day = target_day
    p.other = other
    return p
