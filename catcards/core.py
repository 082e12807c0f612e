"""The contract every catcards game meets (see DESIGN.md, "The contract every game meets").

A :class:`Game` holds parameters only; ``game.new_game(seed)`` returns a :class:`State`, one play
of the game. A state moves only through :meth:`State.apply`, which checks legality first, so an
illegal action raises :class:`IllegalActionError` and leaves the state exactly as it was.

Every random event draws from the one ``numpy.random.Generator`` the state owns, created from the
seed; a game is saved as parameters + seed + explicit deals + the actions' strings, and loading
replays it, so a saved game always knows whose turn it is.
"""
from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterator, Sequence

import numpy as np

from .cards import Card

__all__ = [
    "Action",
    "CatcardsError",
    "IllegalActionError",
    "GameParameterError",
    "SaveFormatError",
    "Outcome",
    "Game",
    "State",
    "new_rng",
    "permutation",
    "fresh_seed",
    "walk_cards",
    "is_whole",
    "parse_hands",
    "normal_name",
]


#: the "format" field of a saved game (see :meth:`State.to_json`)
SAVE_FORMAT = "catcards-save-1"


class CatcardsError(Exception):
    """Base class of every error catcards raises on purpose."""


class IllegalActionError(CatcardsError, ValueError):
    """An action that the rules do not allow in this state.

    Attributes:
        action: the action that was refused.
        reason: why, in players' words ("Dog 2 matches neither the colour nor the number of Cat 7").
    """

    def __init__(self, action: Any, reason: str):
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {str(action)!r}: {reason}")


class GameParameterError(CatcardsError, ValueError):
    """A game parameter outside what the rules allow (raised before any work is done)."""


class SaveFormatError(CatcardsError, ValueError):
    """A saved game that cannot be loaded (wrong format, or an action that does not replay)."""


@dataclass(frozen=True)
class Action:
    """Base class of actions: small frozen dataclasses with a readable ``str``.

    ``str(action)`` is what a player would say ("play Cat 7"); it is unique among the legal actions
    of a state, which is how saved games name their actions. ``repr`` rebuilds the action.
    """

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        return type(self).__name__


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    Attributes:
        winners: seats that won (may be empty: in Simon's Cat everyone can lose).
        scores: one number per seat, in the game's own unit (Simon cards, points, ...).
        reason: one sentence saying why the game ended.
        higher_is_better: whether a larger score is better (False for Simon cards taken).
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    higher_is_better: bool = True

    @property
    def shared(self) -> bool:
        """True when more than one seat won."""
        return len(self.winners) > 1


def permutation(rng: np.random.Generator, n: int) -> list[int]:
    """``rng.permutation(n).tolist()``: the same order from the same draws, as a list, about five
    times faster for a deck of cards (``Generator.shuffle`` of a list runs the same Fisher-Yates
    swaps as ``permutation`` without the array set-up; tests/test_engine_pins.py checks that they
    agree). Used to shuffle in the engines' hot paths."""
    order = list(range(n))
    rng.shuffle(order)
    return order


def fresh_seed() -> int:
    """A new random seed (from OS entropy) as a plain int below 2**53, so that an unseeded game
    can be saved and its seed survives a trip through JavaScript (a browser's numbers are exact
    only below 2**53)."""
    return int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> 11)


def new_rng(seed: int) -> np.random.Generator:
    """The one generator a state draws from: ``numpy.random.default_rng(seed)``."""
    return np.random.default_rng(seed)


def walk_cards(obj: Any) -> Iterator[Card]:
    """Yield every :class:`Card` inside nested dicts, lists and tuples (used to check that an
    observation does not show a hidden card)."""
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from walk_cards(value)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            yield from walk_cards(value)


class Game:
    """Parameters of one game; a factory of :class:`State` objects.

    Subclasses set ``name`` (registry key), ``title``, ``min_players``, ``max_players``, validate
    their own parameters in ``__init__`` (raising :class:`GameParameterError`) and implement
    :meth:`new_game`. ``params`` must be JSON-serialisable and ``type(game)(**game.params)`` must
    rebuild an equal game.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    #: one line on what the game teaches (shown on the start page)
    teaches: ClassVar[str] = ""

    def __init__(self, players: int | None = None):
        if players is None:
            players = self.default_players
        if not is_whole(players):
            raise GameParameterError(
                f"{self.title}: players must be a whole number from {self.min_players} to "
                f"{self.max_players}, not {players!r}"
            )
        self._check_players(int(players))
        self.players = int(players)

    def _check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise GameParameterError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}"
            )

    @property
    def params(self) -> dict[str, Any]:
        """The parameters as a JSON-able dict; ``catcards.load(name, **params)`` rebuilds the game."""
        return {"players": self.players}

    @classmethod
    def from_saved_params(cls, params: dict[str, Any]) -> "Game":
        """The game a save's ``params`` describe (what :func:`catcards.load_state` calls).

        A save is untrusted input: a game whose parameters may name a file (a Cat Days deck, a
        Card Game card list) overrides this to accept only the inline content that its ``params``
        hold, so loading a save never opens a path.

        Raises:
            GameParameterError: a parameter the game does not take or a value it does not allow.
        """
        return cls(**params)

    def new_game(self, seed: int | None = None, deals: Sequence | None = None) -> "State":
        """Start a play of this game.

        Args:
            seed: seed of the state's ``numpy.random.Generator``; None draws a fresh one (kept in
                ``state.seed`` so the game can still be saved and replayed).
            deals: explicit deals for the first rounds (format given by each game), for tests and
                lessons; rounds beyond them are dealt from the generator.
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"catcards.load({self.name!r}, {args})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.params == self.params  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.name, json.dumps(self.params, sort_keys=True)))


class State:
    """One play of a game. Subclasses implement the underscored hooks:

    - ``_legal_actions() -> tuple``: legal actions of the player to act (empty when over);
    - ``_apply(action)``: carry out a legal action (never called with an illegal one);
    - ``_why_illegal(action) -> str``: players' words for why an action is not legal now;
    - ``observation(seat)``, ``zones()``, ``hidden_zones(seat)``, ``clone()``.

    Public attributes: ``game``, ``seed``, ``deals``, ``history`` (actions applied, in order) and
    ``log`` (public event lines, safe to show every player).
    """

    def __init__(self, game: Game, seed: int | None, deals: Sequence | None = None):
        self.game = game
        self.seed = fresh_seed() if seed is None else _check_seed(seed)
        self.deals = _jsonable(deals) if deals is not None else None
        self.rng = new_rng(self.seed)
        self.history: list[Action] = []
        self.log: list[str] = []
        self._legal: tuple | None = None

    # ---- the contract -------------------------------------------------------------------------
    current_player: int | None = None

    @property
    def is_over(self) -> bool:
        """True once the game has ended (then ``current_player`` is None and ``outcome`` is set)."""
        return self.outcome is not None

    #: set by a game when it ends (the one place ``outcome`` reads)
    _outcome: Outcome | None = None

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` of a finished game, None while it is running."""
        return self._outcome

    def legal_actions(self) -> tuple:
        """The legal actions of ``current_player`` as a tuple (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._legal_actions())
        return legal

    def apply(self, action: Action) -> "State":
        """Carry out ``action`` for the player to act and return the state (for chaining).

        Raises:
            IllegalActionError: the action is not legal now; the state is left unchanged.
        """
        legal = self.legal_actions()
        try:
            found = legal.index(action)
        except ValueError:
            found = -1
        if found < 0:
            if self.is_over:
                raise IllegalActionError(action, "the game is over")
            if not isinstance(action, Action):
                raise IllegalActionError(
                    action, f"{action!r} is not an action; choose one of state.legal_actions()"
                )
            try:
                reason = self._why_illegal(action)
            except Exception:  # a malformed action (wrong field types): still refused cleanly
                reason = f"{action!r} is not a well-formed action of {self.game.title}"
            raise IllegalActionError(action, reason)
        action = legal[found]  # the legal object itself, never a look-alike such as Bid(3.0)
        self._legal = None
        self._apply(action)
        self.history.append(action)
        return self

    def action_from_string(self, text: str) -> Action:
        """The legal action whose ``str`` is ``text`` ("play Cat 7").

        Raises:
            IllegalActionError: no legal action reads like that; the message says why the action
                named is not legal (when the game can parse it) and lists the legal ones.
        """
        for action in self.legal_actions():
            if str(action) == text:
                return action
        if self.is_over:
            raise IllegalActionError(text, "the game is over")
        parsed = self._parse_action(text)
        options = ", ".join(repr(str(a)) for a in self.legal_actions())
        why = self._why_illegal(parsed) if parsed is not None else "it is not an action of this game"
        raise IllegalActionError(text, f"{why}; legal now: {options}")

    def legal_for(self, seat: int | None) -> list:
        """The actions ``seat`` may take now, as a list: the legal actions when ``seat`` is to
        act, else none (what an observation shows under ``"legal"``)."""
        return list(self.legal_actions()) if seat is not None and seat == self.current_player else []

    def check_seat(self, seat: Any) -> int | None:
        """``seat`` as an int (or None for a spectator).

        Raises:
            ValueError: not None and not a whole number from 0 to players - 1 (bools are refused).
        """
        n = self.game.players
        if seat is None:
            return None
        if isinstance(seat, (int, np.integer)) and not isinstance(seat, (bool, np.bool_)) and 0 <= seat < n:
            return int(seat)
        raise ValueError(f"seat must be a whole number from 0 to {n - 1}, or None for a spectator, not {seat!r}")

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, as a dict (seat None: what a spectator sees). Hidden cards
        appear only as counts; visible cards as :class:`Card` values."""
        raise NotImplementedError

    def zones(self) -> dict[str, list[Card]]:
        """Every card of the game by where it lies (for conservation checks)."""
        raise NotImplementedError

    def hidden_zones(self, seat: int | None) -> list[str]:
        """Names of the zones (keys of :meth:`zones`) whose cards ``seat`` may not see."""
        raise NotImplementedError

    #: a clone's generator until first use: None, or the bit-generator state it starts from
    _rng: np.random.Generator | None = None
    _rng_state: dict | None = None

    @property
    def rng(self) -> np.random.Generator:
        """The state's one ``numpy.random.Generator`` (a clone's is built on first use)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = _generator_at(self._rng_state)
        return rng

    @rng.setter
    def rng(self, value: np.random.Generator) -> None:
        self._rng = value

    def clone(self) -> "State":
        """An independent copy (its generator copied too, so both continue identically).

        The generator is copied as its bit generator's state (a small dict of ints), and the
        clone builds its own ``Generator`` from it the first time it draws: a rollout that never
        deals again never pays for one. Deep-copying the Generator cost about 28 us, most of a
        clone (issue 14).
        """
        other = object.__new__(type(self))  # copy.copy without its generic protocol
        other.__dict__.update(self.__dict__)
        rng = self._rng
        if rng is not None:
            other._rng = None
            other._rng_state = rng.bit_generator.state
        other.history = self.history.copy()
        other.log = self.log.copy()
        self._copy_mutables(other)
        return other

    def sample_hidden(self, seat: int, rng: np.random.Generator) -> "State":
        """A complete state that ``seat`` cannot tell from this one (``observation(seat)`` equal,
        its history a legal game from its explicit ``deals``), drawn uniformly among the deals
        consistent with everything ``seat`` has seen; the future gets a fresh generator seeded
        from ``rng``. This state is not changed. Each game's sampler lives in
        :mod:`catcards.explore` (OpenSpiel: "resample from an information state").

        Raises:
            ValueError: ``seat`` is not a seat of the game.
            catcards.explore.SamplingError: the game has no sampler.
        """
        from .explore.hidden import sample_hidden

        return sample_hidden(self, seat, rng)

    def _copy_mutables(self, other: "State") -> None:
        """Give ``other`` its own copies of the game-specific mutable fields."""
        raise NotImplementedError

    # ---- hooks --------------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _why_illegal(self, action: Action) -> str:
        return "it is not one of the legal actions now"

    def _parse_action(self, text: str) -> Action | None:
        """The action ``text`` names even when it is not legal now (so the error can say why),
        or None when it names no action of this game."""
        return None

    # ---- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON: game name, parameters, seed, explicit deals and actions (as text)."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.game.name,
                "params": self.game.params,
                "seed": self.seed,
                "deals": self.deals,
                "actions": [str(a) for a in self.history],
            }
        )

    @staticmethod
    def from_json(text: str) -> "State":
        """Rebuild a saved game by replaying it (see :func:`catcards.load_state`)."""
        from .registry import load_state

        return load_state(text)

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<{self.game.title} seed={self.seed}, {len(self.history)} actions, {where}>"


def normal_name(text: Any) -> str:
    """How typed text is compared with a name: Unicode NFC, case-folded, surrounding space
    stripped and inner runs of space read as one (``" Chat  NOIR "`` and ``"chat noir"`` match,
    as do an accented letter typed precomposed or as letter + combining accent).

    Use it on both sides of every comparison of a name a user types (actions, deals, card lists,
    the CLI). Raises nothing: a non-string is compared as its ``str``.
    """
    return " ".join(unicodedata.normalize("NFC", str(text)).casefold().split())


def is_whole(value: Any) -> bool:
    """True for Python and numpy integers (not bools): what a "whole number" parameter accepts."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def parse_hands(
    deal: Any,
    players: int,
    card_id: Callable[[Any], int],
    name_of: Callable[[int], Any],
    where: str,
    size: int | None = None,
    what: str = "hands",
    hint: str = "one per seat",
) -> list[list[int]]:
    """An explicit deal, one list of card names per seat, as card ids per seat.

    Args:
        deal: ``players`` lists of card names (or Cards), in seat order.
        card_id: the game's name -> card id lookup (raises GameParameterError on an unknown name).
        name_of: card id -> what the error messages call it.
        where: the start of every message ("deal for round 2").
        size: cards each seat must get; None for any number.
        what, hint: the message for a wrong number of seats ("give 3 hands (one per seat)").

    Raises:
        GameParameterError: not one list per seat, a seat with the wrong number of cards, an
            unknown card, or a card dealt twice.
    """
    if not isinstance(deal, (list, tuple)) or len(deal) != players:
        raise GameParameterError(f"{where}: give {players} {what} ({hint})")
    hands: list[list[int]] = []
    seen: set[int] = set()
    for seat, hand in enumerate(deal):
        if not isinstance(hand, (list, tuple)) or (size is not None and len(hand) != size):
            need = "a list of card names" if size is None else f"{size} cards"
            raise GameParameterError(f"{where}: seat {seat} must get {need}, not {hand!r}")
        ids = []
        for name in hand:
            i = card_id(name)
            if i in seen:
                raise GameParameterError(f"{where}: {name_of(i)} is dealt twice")
            seen.add(i)
            ids.append(i)
        hands.append(ids)
    return hands


#: seeds the bit generators that clones build; their state is overwritten at once
_CLONE_SEED = np.random.SeedSequence(0)


def _generator_at(state: dict) -> np.random.Generator:
    """A new Generator whose bit generator (numpy's, named in ``state``) is at ``state``."""
    bit_generator = getattr(np.random, state["bit_generator"])(_CLONE_SEED)
    bit_generator.state = state
    return np.random.Generator(bit_generator)


def _check_seed(seed: Any) -> int:
    if not is_whole(seed) or seed < 0:
        raise GameParameterError(f"seed must be a non-negative whole number, not {seed!r}")
    return int(seed)


def _jsonable(deals: Any) -> Any:
    """Deals as plain lists of card names, so they can be saved."""
    if isinstance(deals, Card):
        return str(deals)
    if isinstance(deals, str):
        return deals
    if isinstance(deals, dict):
        return {k: _jsonable(v) for k, v in deals.items()}
    if isinstance(deals, (list, tuple)):
        return [_jsonable(d) for d in deals]
    return deals
