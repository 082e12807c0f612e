"""Card Game: The Card Game: the rules engine.

Sources: ``rulebooks/card-game-the-card-game.txt`` (turn order, Money, card types, Bluff, Joker,
Final Round variant, "Advanced" and "Even More Advanced" rulings) and the project's decisions and
card list in ``rules/card-game.md``. The card list is data (:mod:`.cardlist`); each card's effect
is code here, looked up by name.

How a turn runs. The active player has a *draw phase* (take the top Money card into their money
area, or draw the top main-deck card; twice under Happy Hour; INSTANT cards may be played before a
draw, since the rulebook's "Card Types" says "You may play this card whenever you want"), then a
*main phase* in which they
may play one HAND card (or RULE card), use one Ability (A:) and play INSTANT cards, in any order,
then ``end turn``, which starts the *end phase* (the other players' chance to play INSTANT
cards, see the readings below). Every card played, every Ability used and every Suicide Kitten
drawn goes onto a *stack* and opens a **response window**: every other player in turn order gets one chance to
respond with an INSTANT card or pass (``current_player`` moves to the player asked). A response
goes on top of the stack and opens the same chance again; when everyone has passed, the top item
resolves; then the item below gets a fresh window; so responses resolve last in, first out. A
BLUFF claim first opens a **bluff window** (believe / challenge, in turn order), then its response
window. Effects that need a choice while resolving (To The Top's cards, Fortune Teller's order, a
challenger's discard, Eat Four!'s LOCK cards, Money instead of a To-The-Top card) ask only the
player concerned; no one may play in the middle of an effect, and Suicide Kitten drawn during an
effect takes effect once that effect has finished.

Readings the rule files leave open, decided here as a player would expect:

- The end phase: the active player may play INSTANT cards in the main phase; ``end turn`` starts
  the end phase (``phase`` "end"), which opens an **end-phase round**: each other player still in,
  in seat order from the active player's left, is asked (``decision`` "end") to play an INSTANT
  card or ``pass``. A card played goes on the stack and resolves through the usual response
  window; afterwards the active player may again play INSTANT cards (only INSTANT cards) or
  ``end turn``, which opens the round afresh from their left. The turn passes when every other
  player has passed in a row. Who is asked follows the response-window rule below (an empty hand,
  or not enough money for the cheapest INSTANT card usable with nothing on the stack, skips a
  player; the active player likewise goes straight back to the round), so it reveals nothing
  hidden. No "until end of turn" effect exists in the card list.
- A RULE card is played in the main phase as the turn's one HAND card.
- A player is asked in a response window only if, by what everyone can see (cards in hand,
  money, the top item), they could respond at all: they hold a card, and they can pay the
  cheapest INSTANT card that could answer the top item (Imaginary Dinosaur only answers a card
  that would take *their* tokens). Who is skipped therefore reveals nothing hidden.
- A BLUFF card is always used by a face-down claim (the genuine card or any other card). Claiming
  Shot! is the turn's HAND card; claiming Lucky Cat is the turn's Ability; claiming Imaginary
  Dinosaur is a response. A face-down Joker is always genuine. The claim's cost is paid when it is
  made and never returned. A challenged genuine claim still takes effect (after the challenge
  penalties) and may still be answered.
- The challenger's token loss and discard are penalties, not stack items: they cannot be answered.
- Paying: ordinary Money cards are spent first (to the bottom of the Money deck), then Jokers held
  as Money, then Dark Flowers (worth 2$; overpaying gives no change); both go to the discard pile.
- Joker: in hand it may be played as any playable card (``play Joker as Nap``), as Money, or face
  down as the genuine card of any claim; it keeps the name it was played as while it lies in
  front of its owner, on the table or in a money area: a Joker played as Dark Flower is worth 2$
  like Dark Flower (``money_names`` in the observation), and becomes any card again once it is
  discarded. A Joker turned over by Eat Four! counts as the chosen type.
  It cannot be used for an Ability without being played (Abilities of cards in hand are used
  from the real card only).
- Targets follow the card texts (rules/card-game.md): "Choose a player" (The Assassin, The
  Guardian, Shot!) may choose any player still in, yourself included; "choose another player"
  (Eat Four!, Pickpocket, Exploding Island) may not choose yourself.
- CHARACTER cards that would be discarded (The Assassin, The Guardian) stay on Exploding Island
  with their player automatically when it is on the table.
- Exploding Island's Ability costs 1$ (not lowered by Cheap Day, which lowers card costs).
- Pickpocket moves one card from the other money area: an ordinary Money card if there is one,
  else a Joker held as Money, else a Dark Flower.
- Guardian cannot name Money, the Joker, Suicide Kitten or Final Round (none can be in a hand to
  discard, and a Joker is never discarded by it).
- A player who is out discards their hand, LOCK cards, characters on Exploding Island and the
  Dark Flowers and Jokers of their money area; their Money cards go to the bottom of the Money
  deck; their tokens are gone; items of theirs still on the stack resolve without effect.
- Final Round: the game ends at the end of the turn of the seat before the drawer, counting only
  turns that start after it landed (so when play comes back round). Eat Four! does not *draw*:
  a Final Round it turns over is discarded with the rest, and the end does not come.
- Sushi Tray beyond 4 (with a Joker as a fifth): each tray past the first adds 2 points.
- Random playouts end: ``max_turns`` (default 400) ends the game, most points winning, flagged
  in the outcome reason.
"""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from ...cards import Card
from ...core import Action, Game, GameParameterError, Outcome, State, is_whole, normal_name, parse_hands
from .cardlist import CardSpec, card_list_table, load_card_list

__all__ = [
    "CardGame",
    "CardGameState",
    "TakeMoney",
    "DrawCard",
    "EndTurn",
    "Pass",
    "Believe",
    "Challenge",
    "Play",
    "Claim",
    "UseAbility",
    "Choose",
    "WIN_POINTS",
    "sushi_points",
]

WIN_POINTS = 6  # rulebook "Goal"
HAND_SIZE = 5  # rulebook "Setup"
FINAL_ROUND_DEPTH = 15  # cards under Final Round (rulebook "Final Round Variant")
EAT_TYPES = ("HAND", "INSTANT", "LOCK", "SPECIAL")  # rules/card-game.md, Eat Four!
ABILITY_NAMES = ("Lucky Cat", "Pickpocket", "Fortune Teller", "Exploding Island")
THREATS = {"Shot!": 1, "The Assassin": 2}  # cards that take tokens from their target
#: cards whose text says "Choose a player": any player still in, yourself included (rules audit;
#: Eat Four!, Pickpocket and Exploding Island say "another player")
CHOOSE_ANY = frozenset({"Shot!", "The Assassin", "The Guardian"})
MONEY_NAMES = frozenset({"Money", "Initial Money"})
NOT_NAMEABLE = frozenset({"Money", "Initial Money", "Joker", "Suicide Kitten", "Final Round"})
ISLAND_ABILITY_COST = 1
KITTEN = "Suicide Kitten"
LOG_LINES = 60  # log lines in an observation
FINAL = "Final Round"


def sushi_points(trays: int) -> int:
    """Points for ``trays`` Sushi Trays in front of one player (rules/card-game.md, the printed
    legend: 1 -> 0, 2 -> 2, 3 -> 4, 4 -> 6; each further tray adds 2)."""
    return 0 if trays <= 1 else 2 * (trays - 1)


# ---- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TakeMoney(Action):
    """Take the top Money card into your money area (draw phase, or instead of a To-The-Top card)."""

    def __str__(self) -> str:
        return "take Money"


@dataclass(frozen=True)
class DrawCard(Action):
    """Draw the top card of the main deck into your hand."""

    def __str__(self) -> str:
        return "draw from the main deck"


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn (main phase, nothing waiting on the stack)."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class Pass(Action):
    """Let the top item of the stack resolve without responding."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Believe(Action):
    """Believe a bluff claim."""

    def __str__(self) -> str:
        return "believe"


@dataclass(frozen=True)
class Challenge(Action):
    """Challenge a bluff claim: the face-down card is turned over."""

    def __str__(self) -> str:
        return "challenge"


_OPTION_WORD = {"The Guardian": "naming", "Eat Four!": "choosing"}


@dataclass(frozen=True)
class Play(Action):
    """Play the card ``name`` from hand (a Joker ``as_name`` another card, or as ``"Money"``),
    at seat ``target`` where the card chooses a player, with ``option`` the named card (The
    Guardian) or card type (Eat Four!)."""

    name: str
    as_name: str = ""
    target: int | None = None
    option: str = ""

    def __str__(self) -> str:
        text = f"play {self.name}" + (f" as {self.as_name}" if self.as_name else "")
        if self.target is not None:
            text += f" on seat {self.target}"
        if self.option:
            effect = self.as_name or self.name
            word = _OPTION_WORD.get(effect, "with") if isinstance(effect, str) else "with"
            text += f" {word} {self.option}"
        return text


@dataclass(frozen=True)
class Claim(Action):
    """Use the BLUFF card ``name`` by putting the card ``facedown`` (a card name from your hand)
    face down and naming ``name``; ``target`` is the seat it is aimed at, if any."""

    name: str
    facedown: str
    target: int | None = None

    def __str__(self) -> str:
        on = f" on seat {self.target}" if self.target is not None else ""
        return f"claim {self.name}{on} with {self.facedown} face down"


@dataclass(frozen=True)
class UseAbility(Action):
    """Use the Ability (A:) of ``name`` (in hand, in front of you, or Exploding Island)."""

    name: str
    target: int | None = None

    def __str__(self) -> str:
        on = f" on seat {self.target}" if self.target is not None else ""
        return f"use {self.name}{on}"


@dataclass(frozen=True)
class Choose(Action):
    """A choice while an effect resolves; ``text`` says it ("put Nap on top", "done")."""

    text: str

    def __str__(self) -> str:
        return self.text if isinstance(self.text, str) else f"Choose(text={self.text!r})"


#: each action's fields and the types they take: (name, accepts None, check, what it must be)
_FIELDS: dict[type, tuple] = {}


def _malformed(action: Action) -> str | None:
    """Why ``action`` is not a well-formed Card Game action (a field of the wrong type), or None."""
    for name, check, what in _FIELDS.get(type(action), ()):
        value = getattr(action, name)
        if not check(value):
            return (f"{action!r} is not a well-formed {type(action).__name__} action: its {name} must "
                    f"be {what}, not {type(value).__name__}")
    return None


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _seat_or_none(value: Any) -> bool:
    return value is None or is_whole(value)


_INTERNED: dict[tuple, Action] = {}


def _interned(cls, *args) -> Action:
    """The one instance of ``cls(*args)`` (actions are immutable, so they are built once)."""
    key = (cls, *args)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(*args)
    return action


_FIELDS.update({
    Play: (("name", _text, "a card name"), ("as_name", _text, "a card name or ''"),
           ("target", _seat_or_none, "a seat number or None"), ("option", _text, "text or ''")),
    Claim: (("name", _text, "a card name"), ("facedown", _text, "a card name"),
            ("target", _seat_or_none, "a seat number or None")),
    UseAbility: (("name", _text, "a card name"), ("target", _seat_or_none, "a seat number or None")),
    Choose: (("text", _text, "the words of a choice, e.g. 'done'"),),
})

TAKE_MONEY, DRAW, END_TURN, PASS = TakeMoney(), DrawCard(), EndTurn(), Pass()
BELIEVE, CHALLENGE = Believe(), Challenge()
DONE = Choose("done")


class Item:
    """One entry of the stack: a card played, an Ability used, a claim, or Suicide Kitten.

    Attributes: ``kind`` ("card", "ability", "claim", "kitten"), ``seat`` (who announced it; the
    drawer for Suicide Kitten), ``name`` (the card or Ability named; for a Joker the card it is
    played as), ``card`` (physical card id on the stack, or None), ``joker`` (played as a Joker),
    ``target``, ``option``, ``settled`` (a claim whose believe/challenge round is over),
    ``protected`` (seats saved from its token loss by Imaginary Dinosaur).
    """

    __slots__ = ("kind", "seat", "name", "card", "joker", "target", "option", "settled", "protected")

    def __init__(self, kind, seat, name, card=None, joker=False, target=None, option="", settled=True):
        self.kind, self.seat, self.name, self.card = kind, seat, name, card
        self.joker, self.target, self.option, self.settled = joker, target, option, settled
        self.protected: frozenset = frozenset()

    def copy(self) -> "Item":
        other = Item(self.kind, self.seat, self.name, self.card, self.joker, self.target,
                     self.option, self.settled)
        other.protected = self.protected
        return other

    def describe(self) -> str:
        """Public words for the item ("seat 0: Shot! on seat 2")."""
        if self.kind == "kitten":
            return f"Suicide Kitten drawn by seat {self.seat}"
        what = self.name + (" (Joker)" if self.joker else "")
        if self.kind == "ability":
            what = f"Ability of {self.name}"
        elif self.kind == "claim":
            what = f"claim of {self.name}"
        on = f" on seat {self.target}" if self.target is not None else ""
        opt = f" {_OPTION_WORD.get(self.name, 'with')} {self.option}" if self.option else ""
        return f"seat {self.seat}: {what}{on}{opt}"


class Deck:
    """The physical cards of one card list: ``cards`` (Card values, index = card id), ``names``,
    ``specs`` (by name), ``ids`` (card ids by name, in copy order)."""

    def __init__(self, specs: Sequence[CardSpec]):
        self.specs: dict[str, CardSpec] = {s.name: s for s in specs}
        cards = [Card("", s.cost, s.name, k) for s in specs for k in range(s.count)]
        self.cards: tuple[Card, ...] = tuple(cards)
        self.names: tuple[str, ...] = tuple(c.name for c in cards)
        self.index = {c: i for i, c in enumerate(cards)}
        self.ids: dict[str, list[int]] = {}
        for i, c in enumerate(cards):
            self.ids.setdefault(c.name, []).append(i)
        present = [s for s in specs if s.count > 0]
        self.types = {s.name: s.types for s in specs}
        #: cards played from hand in the main phase (HAND or RULE, not BLUFF)
        self.main_names = tuple(
            s.name for s in present
            if ({"HAND", "RULE"} & s.types) and "BLUFF" not in s.types and s.name not in (KITTEN, FINAL)
        )
        self.instant_names = tuple(
            s.name for s in present if "INSTANT" in s.types and "BLUFF" not in s.types
        )
        self.bluff_hand = tuple(s.name for s in present if "BLUFF" in s.types and "HAND" in s.types)
        self.bluff_instant = tuple(
            s.name for s in present if "BLUFF" in s.types and "INSTANT" in s.types and "HAND" not in s.types
        )
        self.bluff_ability = tuple(
            s.name for s in present if "BLUFF" in s.types and s.name in ABILITY_NAMES
            and not ({"HAND", "INSTANT"} & s.types)
        )
        self.nameable = tuple(s.name for s in present if s.name not in NOT_NAMEABLE)
        self.counts: dict[str, int] = {s.name: s.count for s in specs}
        #: each card's cost, without and with Cheap Day on the table (1$ less, not below 0)
        self.costs: dict[str, int] = {s.name: s.cost for s in specs}
        self.cheap_costs: dict[str, int] = {s.name: max(0, s.cost - 1) for s in specs}
        #: INSTANT cards that may answer (played, then claimed), in the order they are offered
        self.all_instants = self.instant_names + self.bluff_instant
        self._by_normal = {normal_name(s.name): s.name for s in specs}

    def card_id(self, name: Any, used: set[int], where: str) -> int:
        """The first copy of the card ``name`` (a name as typed, compared with
        :func:`catcards.core.normal_name`, or a Card) not in ``used`` (for explicit deals).

        Raises:
            GameParameterError: not a card name, a card not in the list, or more copies than it has.
        """
        text = name.name if isinstance(name, Card) else name
        if not isinstance(text, str):
            raise GameParameterError(f"Card Game: {where}: {name!r} is not a card name")
        canonical = self._by_normal.get(normal_name(text))
        if canonical is None:
            raise GameParameterError(
                f"Card Game: {where}: unknown card {text!r}; the cards are: {', '.join(self.ids)}"
            )
        for i in self.ids[canonical]:
            if i not in used:
                used.add(i)
                return i
        raise GameParameterError(
            f"Card Game: {where}: more {canonical!r} than the {len(self.ids[canonical])} in the card list"
        )

    def canonical(self, text: Any) -> str | None:
        """The card name ``text`` names (compared with :func:`catcards.core.normal_name`), or None."""
        return self._by_normal.get(normal_name(text)) if isinstance(text, str) else None


#: where an explicit deal may put cards (rulebook "Setup", "Money", "Card Types"; rules/card-game.md):
#: each zone's test on a card's name and types, and the words saying what may lie there
def _zone_rules(final_round: bool) -> dict[str, tuple]:
    final_ok = final_round

    def not_money(n, t):
        return n not in MONEY_NAMES and (n != FINAL or final_ok)

    return {
        "hands": (lambda n, t: n not in MONEY_NAMES and n not in (KITTEN, FINAL),
                  "a hand holds no Money (it goes to the money area), no Suicide Kitten (it is dealt "
                  "after the hands and acts as soon as it is drawn) and no Final Round"),
        "main": (not_money, "the main deck holds no Money (and Final Round only in the variant)"),
        "discard": (not_money, "Money goes back under the Money deck, never to the discard pile "
                    "(and Final Round is there only in the variant)"),
        "money": (lambda n, t: n in MONEY_NAMES or n in ("Joker", "Dark Flower"),
                  "a money area holds only Money, Initial Money, a Joker played as Money and Dark Flower"),
        "front": (lambda n, t: "LOCK" in t and n != "Dark Flower",
                  "only LOCK cards lie in front of a player (Dark Flower goes to the money area)"),
        "island": (lambda n, t: "CHARACTER" in t and "LOCK" not in t,
                   "only CHARACTER cards that are not LOCK cards are kept on Exploding Island"),
        "table": (lambda n, t: "RULE" in t and (n != FINAL or final_ok),
                  "only RULE cards lie on the table (Final Round only in the variant)"),
    }


_DEAL_KEYS = ("hands", "main", "money", "front", "island", "table", "discard", "tokens")
_PER_SEAT = ("hands", "money", "front", "island")
MAX_TOKENS = 99


# ---- the game -----------------------------------------------------------------------------------
class CardGame(Game):
    """Card Game: The Card Game (rulebook ``card-game-the-card-game.txt``, decisions and card list
    ``rules/card-game.md``).

    Args:
        players: 2 to 5.
        first_player: seat that moves first (the rulebook's "most recent board-game winner goes
            last"; the seat before it starts with the Initial Money card). Default 0.
        final_round: play the Final Round variant (Final Round lies 16th from the bottom of the
            main deck). Default False.
        max_turns: turns before the game is stopped and decided on points (flagged). Default 400.
        cards: a teacher's own card list (CSV, see :mod:`catcards.games.card_game.cardlist`): a
            path, an open file or a table (list of row dicts); None uses the shipped list. The game
            keeps the list's *content*: ``params["cards"]`` is its rows, never a path, so a saved
            game replays after the file is edited, moved or deleted.

    Raises:
        GameParameterError: a parameter outside the ranges above, or a card list that does not load
            (unknown card name, bad count, cost or type).
    """

    name = "card-game"
    title = "Card Game: The Card Game"
    min_players = 2
    max_players = 5
    default_players = 3
    teaches = "bluffing as probability: hypergeometric chances and when a challenge pays"

    def __init__(self, players: int | None = None, first_player: int = 0, final_round: bool = False,
                 max_turns: int = 400, cards: Any = None):
        super().__init__(players)
        if not is_whole(first_player) or not 0 <= first_player < self.players:
            raise GameParameterError(
                f"{self.title}: first_player must be a seat from 0 to {self.players - 1}, not {first_player!r}"
            )
        if not isinstance(final_round, (bool, np.bool_)):
            raise GameParameterError(f"{self.title}: final_round must be True or False, not {final_round!r}")
        if not is_whole(max_turns) or max_turns < 1:
            raise GameParameterError(f"{self.title}: max_turns must be a whole number >= 1, not {max_turns!r}")
        self.first_player = int(first_player)
        self.final_round = bool(final_round)
        self.max_turns = int(max_turns)
        specs = load_card_list(cards)
        #: the card list's rows (None for the shipped list): what ``params`` and a save hold
        self.cards = None if cards is None else card_list_table(specs)
        self.deck = Deck(specs)
        main = sum(1 for n in self.deck.names if n not in MONEY_NAMES and n not in (KITTEN, FINAL))
        if main < HAND_SIZE * self.players:
            raise GameParameterError(
                f"{self.title}: the card list has {main} main-deck cards to deal, fewer than "
                f"{HAND_SIZE} for each of {self.players} players"
            )

    @classmethod
    def from_saved_params(cls, params: dict[str, Any]) -> "CardGame":
        """The game a save's ``params`` describe: the card list only as its rows (a list of dicts,
        see :func:`~catcards.games.card_game.cardlist.card_list_table`) or None (the shipped list).
        A path (or anything else) is refused and never opened, so a save stands alone.

        Raises:
            GameParameterError: a card list given as a path or other non-table value, an unknown
                parameter, or a value :class:`CardGame` refuses.
        """
        if not isinstance(params, dict):
            raise GameParameterError(f"{cls.title}: saved parameters must be an object, not {type(params).__name__}")
        cards = params.get("cards")
        if cards is not None and not isinstance(cards, list):
            what = "a file path" if isinstance(cards, (str, os.PathLike)) else f"a {type(cards).__name__}"
            raise GameParameterError(
                f"{cls.title}: the save names its card list as {what}; a save holds the list's rows "
                "(a list of cards), never a file. Load the list with catcards.load('card-game', "
                "cards=...) and save the game again"
            )
        unknown = set(params) - {"players", "first_player", "final_round", "max_turns", "cards"}
        if unknown:
            raise GameParameterError(
                f"{cls.title}: unknown saved parameter(s) {', '.join(map(repr, sorted(unknown, key=str)))}"
            )
        return cls(**params)

    @property
    def params(self) -> dict[str, Any]:
        return {"players": self.players, "first_player": self.first_player,
                "final_round": self.final_round, "max_turns": self.max_turns, "cards": self.cards}

    def parse_deals(self, deals: Any) -> dict[str, Any]:
        """Check an explicit deal (see :meth:`new_game`) and turn its names into card ids.

        Returns:
            a dict with the keys given (per-seat keys as lists of card-id lists, ``tokens`` as
            ints) and ``used``, the set of card ids named.

        Raises:
            GameParameterError: not a dict, an unknown key, a value that is not a list (a string,
                a generator or a number included), a per-seat key without one list per seat, a
                name that is not a card of the list, more copies than the list has, a card where
                the rules never put it (Money in a hand, Nap on the table, Suicide Kitten in a
                hand, ...), more than one RULE card on the table in the Final Round variant, or
                tokens that are not whole numbers from 0 to 99.
        """
        if deals is None:
            return {"used": set()}
        if not isinstance(deals, dict):
            raise GameParameterError(
                f"Card Game: deals must be a dict with keys from {', '.join(_DEAL_KEYS)} "
                f"(see CardGame.new_game), not {type(deals).__name__}"
            )
        unknown = [k for k in deals if k not in _DEAL_KEYS]
        if unknown:
            raise GameParameterError(
                f"Card Game: unknown deals key(s) {', '.join(sorted(map(repr, unknown)))}; "
                f"allowed: {', '.join(sorted(_DEAL_KEYS))}"
            )
        deck, n = self.deck, self.players
        rules = _zone_rules(self.final_round)
        used: set[int] = set()
        out: dict[str, Any] = {"used": used}

        def card(name: Any, key: str) -> int:
            c = deck.card_id(name, used, f"deals[{key!r}]")
            ok, allowed = rules[key]
            x = deck.names[c]
            if not ok(x, deck.types.get(x, frozenset())):
                raise GameParameterError(f"Card Game: deals[{key!r}]: {x} cannot be there: {allowed}")
            return c

        for key in _DEAL_KEYS:
            value = deals.get(key)
            if value is None:
                continue
            if key == "tokens":
                if not isinstance(value, (list, tuple)) or len(value) != n or not all(
                        is_whole(t) and 0 <= t <= MAX_TOKENS for t in value):
                    raise GameParameterError(
                        f"Card Game: deals['tokens'] needs {n} whole numbers from 0 to {MAX_TOKENS} "
                        f"(one per seat), not {value!r}"
                    )
                out["tokens"] = [int(t) for t in value]
            elif key in _PER_SEAT:
                out[key] = parse_hands(
                    value, n, lambda name, key=key: card(name, key), deck.names.__getitem__,
                    f"Card Game: deals[{key!r}]", hint="one list of card names per seat",
                )
            else:
                if not isinstance(value, (list, tuple)):
                    raise GameParameterError(
                        f"Card Game: deals[{key!r}] must be a list of card names, not {type(value).__name__}"
                    )
                out[key] = [card(x, key) for x in value]
        if self.final_round and len(out.get("table", [])) > 1:
            raise GameParameterError(
                "Card Game: deals['table']: in the Final Round variant a new RULE card discards the "
                "previous one, so at most 1 RULE card lies on the table"
            )
        return out

    def new_game(self, seed: int | None = None, deals: dict | None = None) -> "CardGameState":
        """Set up the table and return the state (seat ``first_player`` to draw).

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: an explicit (stacked) setup, a dict of card names (each name takes the next
                unused copy; "Money" and "Initial Money" are Money cards), every key optional:

                - ``hands``: one list per seat (normally 5 cards; any number is accepted);
                - ``main``: the top of the main deck, top card first; the main-deck cards not
                  named anywhere are shuffled beneath them (Suicide Kitten among them);
                - ``money``: one list per seat, the cards in each money area (default: the
                  Initial Money card in the area of the seat before ``first_player``);
                - ``front``: one list per seat of LOCK cards in front of it;
                - ``island``: one list per seat of characters kept on Exploding Island;
                - ``table``: RULE cards on the table; ``discard``: the discard pile, bottom first;
                - ``tokens``: one whole number per seat.

                With ``final_round`` Final Round is then put 16th from the bottom of the main deck.
                Without ``hands`` the hands are dealt from the shuffled deck (5 each).

        Raises:
            GameParameterError: see :meth:`parse_deals` (checked before anything is dealt).
        """
        parsed = self.parse_deals(deals)
        if "tokens" in parsed:  # numpy whole numbers are accepted, and saved as plain ints
            deals = {**deals, "tokens": parsed["tokens"]}
        return CardGameState(self, seed, deals)


class CardGameState(State):
    """One game of Card Game: The Card Game (see the module docstring and :class:`CardGame`).

    Extra attributes (read-only for users): ``active`` (seat whose turn it is), ``phase``
    ("draw", "main" or "end"), ``turn`` (from 1), ``tokens``, ``out`` (per seat), ``stack`` (list of
    :class:`Item`), ``discard`` (card ids), :meth:`points`.
    """

    game: CardGame

    def __init__(self, game: CardGame, seed, deals):
        super().__init__(game, seed, deals)
        self.deck = game.deck
        n = game.players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.main: list[int] = []  # top card last
        self.money_deck: list[int] = []  # top card last
        self.money: list[list[int]] = [[] for _ in range(n)]
        self.flower_jokers: set[int] = set()  # Jokers in money areas played as Dark Flower (2$)
        self.front: list[list[tuple[int, str]]] = [[] for _ in range(n)]  # (card, name it counts as)
        self.island: list[list[tuple[int, str]]] = [[] for _ in range(n)]
        self.table: list[tuple[int, str]] = []
        self.discard: list[int] = []
        self.tokens = [0] * n
        self.out = [False] * n
        self.stack: list[Item] = []
        self.window: dict | None = None  # {"kind": "respond"|"bluff", "queue": [seats]}
        self.end_queue: list[int] | None = None  # seats still to be asked in the end-phase round
        self.pending: dict | None = None  # a choice while an effect resolves
        self.ops: list[tuple] = []  # steps of the effect being resolved
        self.triggers: list[int] = []  # seats that drew Suicide Kitten during the effect
        self.facedown: tuple[int, int] | None = None  # (seat, card) of an unsettled claim
        self.peek: list[int] = []  # Fortune Teller's cards, top first
        self.turned: list[int] = []  # Eat Four!'s LOCK cards awaiting a choice
        self.resolving: list[int] = []  # a card whose effect is resolving (To The Top)
        self.ttt_cards: set[int] = set()  # cards To The Top put on the main deck
        self.active = game.first_player
        self.phase = "draw"
        self.turn = 0
        self.draws_left = 0
        self.hand_played = False
        self.ability_used = False
        self.turn_over = False
        self.last_turn = False  # the main deck ran out: the game ends after this turn
        self.final_last: int | None = None  # seat whose turn ends the game (Final Round)
        self.final_armed = False
        self._outcome: Outcome | None = None
        self.current_player: int | None = None
        self._setup(deals)
        self._start_turn(game.first_player)
        self._advance()

    # ---- setup --------------------------------------------------------------------------------
    def _setup(self, deals) -> None:
        game, deck, n = self.game, self.deck, self.game.players
        parsed = game.parse_deals(deals)
        used: set[int] = parsed["used"]
        self._box: list[int] = []
        hands, money, front, island = (parsed.get(k) for k in _PER_SEAT)
        top, table, discard = parsed.get("main", []), parsed.get("table", []), parsed.get("discard", [])
        if parsed.get("tokens") is not None:
            self.tokens = parsed["tokens"]
        if deals is None:
            deals = {}
        names = deck.names
        rest = [i for i in range(len(names)) if i not in used and names[i] not in MONEY_NAMES
                and names[i] not in (KITTEN, FINAL)]
        kitten = [i for i in deck.ids.get(KITTEN, []) if i not in used]
        final = [i for i in deck.ids.get(FINAL, []) if i not in used]
        order = self.rng.permutation(len(rest)).tolist()
        rest = [rest[k] for k in order]
        if hands is None:
            hands = [rest[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(n)]
            rest = rest[n * HAND_SIZE:]
        self.hands = hands
        below = rest + kitten  # Suicide Kitten shuffled back in after the deal
        order = self.rng.permutation(len(below)).tolist()
        main_bottom_first = [below[k] for k in order] + top[::-1]
        if game.final_round:
            for f in final:
                main_bottom_first.insert(min(FINAL_ROUND_DEPTH, len(main_bottom_first)), f)
        else:  # without the variant Final Round stays in the box, out of play
            self._box = final
        self.main = main_bottom_first
        all_money = [i for i in range(len(names)) if names[i] in MONEY_NAMES and i not in used]
        if money is None:
            money = [[] for _ in range(n)]
            initial = [i for i in all_money if names[i] == "Initial Money"]
            if initial:
                money[(game.first_player - 1) % n].append(initial[0])
                all_money.remove(initial[0])
        self.money = money
        order = self.rng.permutation(len(all_money)).tolist()
        self.money_deck = [all_money[k] for k in order]
        self.front = [[(c, names[c]) for c in f] for f in front] if front else [[] for _ in range(n)]
        self.island = [[(c, names[c]) for c in f] for f in island] if island else [[] for _ in range(n)]
        self.table = [(c, names[c]) for c in table]
        self.discard = discard
        self.log.append(
            f"{n} players; {HAND_SIZE if deals.get('hands') is None else 'stacked'} cards each; "
            f"seat {game.first_player} starts" + ("; Final Round variant" if game.final_round else "") + "."
        )

    # ---- helpers ------------------------------------------------------------------------------
    def _name(self, c: int) -> str:
        return self.deck.names[c]

    def _types(self, name: str) -> frozenset:
        return self.deck.types.get(name, frozenset())

    def _on_table(self, name: str) -> bool:
        for _, as_name in self.table:
            if as_name == name:
                return True
        return False

    def cost(self, name: str) -> int:
        """Money ($) to play the card ``name`` now (its list cost, 1 less under Cheap Day, >= 0)."""
        return self._costs().get(name, 0)

    def _costs(self) -> dict[str, int]:
        """Every card's cost now (see :meth:`cost`)."""
        if self.table and self._on_table("Cheap Day"):
            return self.deck.cheap_costs
        return self.deck.costs

    def money_name(self, c: int) -> str:
        """The name the card ``c`` of a money area counts as: "Dark Flower" for a Joker played as
        Dark Flower (the Joker keeps the name it was played as), else its own name."""
        return "Dark Flower" if c in self.flower_jokers else self.deck.names[c]

    def money_value(self, seat: int) -> int:
        """Dollars in ``seat``'s money area (Money and a Joker played as Money 1$; Dark Flower, or
        a Joker played as Dark Flower, 2$)."""
        area = self.money[seat]
        if not area:
            return 0
        names = self.deck.names
        flowers = self.flower_jokers
        return len(area) + sum(1 for c in area if names[c] == "Dark Flower" or c in flowers)

    def points(self, seat: int) -> int:
        """Tokens + Sullen Houses (1 each) + Sushi Tray points of ``seat`` (rules/card-game.md)."""
        houses = trays = 0
        for _, as_name in self.front[seat]:
            if as_name == "Sullen House":
                houses += 1
            elif as_name == "Sushi Tray":
                trays += 1
        return self.tokens[seat] + houses + sushi_points(trays)

    def _live(self) -> list[int]:
        return [s for s, out in enumerate(self.out) if not out]

    def _others(self, seat: int) -> list[int]:
        n = self.game.players
        return [(seat + k) % n for k in range(1, n) if not self.out[(seat + k) % n]]

    def _distinct(self, cards: Sequence[int]) -> list[str]:
        """The names of ``cards``, each once, in order of first appearance."""
        return list(dict.fromkeys(map(self.deck.names.__getitem__, cards)))

    def _take_from_hand(self, seat: int, name: str) -> int:
        hand = self.hands[seat]
        for c in hand:
            if self.deck.names[c] == name:
                hand.remove(c)
                return c
        raise AssertionError(f"seat {seat} holds no {name}")  # legality was checked

    def _to_discard(self, c: int) -> None:
        self.ttt_cards.discard(c)
        self.flower_jokers.discard(c)  # a Joker in the discard pile is again any card
        self.discard.append(c)

    # ---- primitive effects --------------------------------------------------------------------
    def _take_money(self, seat: int) -> None:
        if not self.money_deck:
            self.log.append(f"Seat {seat} would take Money, but the Money deck is empty.")
            return
        self.money[seat].append(self.money_deck.pop())
        self.log.append(f"Seat {seat} takes a Money card.")

    def _draw_card(self, seat: int) -> None:
        """Draw the top main-deck card into ``seat``'s hand (Final Round lands and is replaced;
        Suicide Kitten is queued to take effect after the current effect)."""
        while self.main:
            c = self.main.pop()
            self.ttt_cards.discard(c)
            name = self.deck.names[c]
            if name == FINAL:
                self._land_final_round(c, seat)
                continue
            self.hands[seat].append(c)
            if name == KITTEN:
                self.triggers.append(seat)
            self.log.append(f"Seat {seat} draws a card.")
            return
        self.log.append(f"Seat {seat} would draw, but the main deck is empty.")

    def _land_final_round(self, c: int, seat: int) -> None:
        self._put_rule(c, FINAL)
        n = self.game.players
        self.final_last = (seat - 1) % n
        self.final_armed = False
        self.log.append(
            f"Seat {seat} draws Final Round: it goes onto the table; the game ends after the turn of "
            f"seat {self.final_last}. Seat {seat} draws again."
        )

    def _put_rule(self, c: int, as_name: str) -> None:
        if self.game.final_round and self.table:  # variant: a new RULE card discards the previous
            for old, old_name in self.table:
                self._to_discard(old)
                self.log.append(f"{old_name} is discarded from the table.")
                if old_name == FINAL:
                    self.final_last = None
                    self.log.append("Final Round is discarded: the game goes on.")
            self.table = []
        self.table.append((c, as_name))

    def _lose_tokens(self, seat: int, n: int) -> None:
        lost = min(n, self.tokens[seat])
        self.tokens[seat] -= lost
        self.log.append(
            f"Seat {seat} loses {lost} token{'s' * (lost != 1)}"
            + (" (has none)" if n and not lost else "") + f"; tokens now {self.tokens[seat]}."
        )

    def _gain_tokens(self, seat: int, n: int) -> None:
        self.tokens[seat] += n
        self.log.append(f"Seat {seat} gains {n} token{'s' * (n != 1)}; tokens now {self.tokens[seat]}.")

    def _pay(self, seat: int, amount: int) -> None:
        area = self.money[seat]
        order = sorted(area, key=lambda c: {"Joker": 1, "Dark Flower": 2}.get(self.money_name(c), 0))
        paid = 0
        for c in order:
            if paid >= amount:
                break
            name = self.money_name(c)
            area.remove(c)
            if name in MONEY_NAMES:
                self.money_deck.insert(0, c)  # bottom of the Money deck
                paid += 1
            else:
                self._to_discard(c)
                paid += 2 if name == "Dark Flower" else 1
        if amount:
            self.log.append(f"Seat {seat} pays {amount}$.")

    def _knock_out(self, seat: int, why: str) -> None:
        names = self.deck.names
        self.out[seat] = True
        for c in self.hands[seat]:
            self._to_discard(c)
        for c, _ in self.front[seat] + self.island[seat]:
            self._to_discard(c)
        for c in self.money[seat]:
            if names[c] in MONEY_NAMES:
                self.money_deck.insert(0, c)
            else:
                self._to_discard(c)
        self.hands[seat], self.front[seat], self.island[seat], self.money[seat] = [], [], [], []
        self.tokens[seat] = 0
        self.log.append(f"Seat {seat} is out ({why}): hand, LOCK cards and characters are discarded.")

    # ---- turn flow ----------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.turn += 1
        self.active = seat
        self.phase = "draw"
        self.draws_left = 2 if self._on_table("Happy Hour") else 1
        self.hand_played = self.ability_used = self.turn_over = False
        self.end_queue = None
        if self.final_last is not None:
            self.final_armed = True
        if not self.main:
            self.last_turn = True
            self.log.append(f"Turn {self.turn}: seat {seat}; the main deck is empty: this is the last turn.")
        else:
            self.log.append(f"Turn {self.turn}: seat {seat}.")

    def _end_turn(self) -> None:
        a, n = self.active, self.game.players
        live = self._live()
        if len(live) <= 1:
            return self._finish_last_player()
        nxt = next((a + k) % n for k in range(1, n + 1) if not self.out[(a + k) % n])
        if self.final_last is not None and self.final_armed and self._on_table(FINAL):
            between = [(a + k) % n for k in range(0, (nxt - a) % n or n)]
            if self.final_last in between:
                return self._finish_on_points("Final Round: play came back round")
        if self.last_turn:
            return self._finish_on_points("the main deck ran out")
        if self.turn >= self.game.max_turns:
            return self._finish_on_points(f"turn limit ({self.game.max_turns} turns) reached")
        self._start_turn(nxt)

    def _finish(self, winners, reason: str) -> None:
        scores = tuple(float(self.points(s)) for s in range(self.game.players))
        self._outcome = Outcome(tuple(winners), scores, reason)
        self.current_player = None
        self.stack, self.window, self.pending, self.ops, self.triggers = [], None, None, [], []
        self.end_queue = None
        self.log.append(f"Game over: {reason}.")

    def _finish_on_points(self, why: str) -> None:
        live = self._live()
        best = max(self.points(s) for s in live)
        winners = [s for s in live if self.points(s) == best]
        self._finish(winners, f"{why}; most points ({best}) wins")

    def _finish_last_player(self) -> None:
        live = self._live()
        self._finish(live, f"seat {live[0]} is the last player in" if live else "no player is left")

    def _check_end(self) -> bool:
        if self._outcome is not None:
            return True
        out = self.out
        if True in out and len(out) - sum(out) <= 1:
            self._finish_last_player()
            return True
        tokens, front = self.tokens, self.front  # cheap bound first: a card is worth <= 2 points
        if max(tokens) + 2 * max(map(len, front)) < WIN_POINTS:
            return False
        winners = [s for s in range(len(out)) if tokens[s] + 2 * len(front[s]) >= WIN_POINTS
                   and not out[s] and self.points(s) >= WIN_POINTS]
        if winners:
            who = ", ".join(f"seat {s}" for s in winners)
            self._finish(winners, f"{who} reached {WIN_POINTS} points")
            return True
        return False

    def _advance(self) -> None:
        """Run everything that needs no decision, then set ``current_player``."""
        while not self._check_end():
            if self.pending is not None:
                self.current_player = self.pending["seat"]
                return
            if self.ops:
                self._run_op(self.ops.pop(0))
                continue
            if self.triggers:
                seat = self.triggers.pop(0)
                kitten = next((c for c in self.hands[seat] if self.deck.names[c] == KITTEN), None)
                if kitten is None or self.out[seat]:
                    continue
                self.hands[seat].remove(kitten)
                self.stack.append(Item("kitten", seat, KITTEN, kitten))
                self.log.append(f"Seat {seat} drew Suicide Kitten! Unless stopped, seat {seat} is out.")
                continue
            if self.window is not None:
                queue = self.window["queue"]
                if self.window["kind"] == "respond":
                    top = self.stack[-1]
                    while queue and not self._may_respond(queue[0], top):
                        queue.pop(0)
                else:
                    while queue and self.out[queue[0]]:
                        queue.pop(0)
                if queue:
                    self.current_player = queue[0]
                    return
                kind, self.window = self.window["kind"], None
                if kind == "bluff":
                    self._believed()
                else:
                    self._resolve_top()
                continue
            if self.stack:
                top = self.stack[-1]
                if top.kind == "claim" and not top.settled:
                    self.window = {"kind": "bluff", "queue": self._others(top.seat)}
                elif top.kind == "kitten":
                    self.window = {"kind": "respond", "queue": [top.seat] + self._others(top.seat)}
                else:
                    self.window = {"kind": "respond", "queue": self._others(top.seat)}
                continue
            if self.turn_over or self.out[self.active]:
                self._end_turn()
                continue
            if self.end_queue is not None:  # the end-phase round
                queue = self.end_queue
                while queue and not self._may_respond(queue[0], None):
                    queue.pop(0)
                if queue:
                    self.current_player = queue[0]
                    return
                self.end_queue = None
                self.turn_over = True
                continue
            if self.phase == "end" and not self._may_respond(self.active, None):
                self.end_queue = self._others(self.active)
                continue
            if self.phase == "draw" and (self.draws_left <= 0 or not (self.main or self.money_deck)):
                self.phase = "main"
            self.current_player = self.active
            return
        self.current_player = None

    # ---- responses ----------------------------------------------------------------------------
    def _threatens(self, top: Item | None, seat: int) -> bool:
        return (top is not None and top.kind in ("card", "claim") and top.settled
                and top.name in THREATS and top.target == seat and seat not in top.protected)

    def _instant_ok(self, name: str, seat: int, top: Item | None) -> bool:
        if name == "Not So Fast":
            return top is not None
        if name == "Imaginary Dinosaur":
            return self._threatens(top, seat)
        return True

    def _may_respond(self, seat: int, top: Item | None) -> bool:
        """Whether ``seat`` is asked in a response window (``top`` the top item), or in the end
        phase (``top`` None): public information only."""
        if self.out[seat] or not self.hands[seat]:
            return False
        money = self.money_value(seat)
        costs = self._costs()
        for x in self.deck.all_instants:
            if money >= costs[x] and self._instant_ok(x, seat, top):
                return True
        return False

    def _instant_actions(self, seat: int, top: Item | None) -> list[Action]:
        acts: list[Action] = []
        money = self.money_value(seat)
        hand = self._distinct(self.hands[seat])
        deck = self.deck
        costs = self._costs()
        for x in deck.instant_names:
            if money >= costs[x] and self._instant_ok(x, seat, top):
                if x in hand:
                    acts.append(_interned(Play, x))
                if "Joker" in hand:
                    acts.append(_interned(Play, "Joker", x))
        for x in deck.bluff_instant:
            if money >= costs[x] and self._instant_ok(x, seat, top):
                acts.extend(_interned(Claim, x, fd) for fd in hand)
        return acts

    # ---- legal actions ------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        if self._outcome is not None or self.current_player is None:
            return ()
        if self.pending is not None:
            return self._pending_actions()
        if self.window is not None:
            seat = self.window["queue"][0]
            if self.window["kind"] == "bluff":
                return (BELIEVE, CHALLENGE)
            return [PASS] + self._instant_actions(seat, self.stack[-1])
        if self.end_queue is not None:
            return [PASS] + self._instant_actions(self.end_queue[0], None)
        seat = self.active
        if self.phase == "draw":  # INSTANT cards "whenever you want": before a draw too
            return [a for a, ok in ((TAKE_MONEY, self.money_deck), (DRAW, self.main)) if ok] + \
                self._instant_actions(seat, None)
        if self.phase == "end":
            return [END_TURN] + self._instant_actions(seat, None)
        return self._main_actions(seat)

    def _targets(self, seat: int, effect: str = "") -> list[int]:
        """The seats ``effect`` may choose: every other player still in, then ``seat`` itself
        for a card that says "Choose a player" (:data:`CHOOSE_ANY`)."""
        others = self._others(seat)
        return others + [seat] if effect in CHOOSE_ANY else others

    def _variants(self, name: str, as_name: str, seat: int) -> list[Play]:
        effect = as_name or name
        if effect in THREATS:
            return [_interned(Play, name, as_name, t) for t in self._targets(seat, effect)]
        if effect == "The Guardian":
            return [_interned(Play, name, as_name, t, x) for t in self._targets(seat, effect)
                    for x in self.deck.nameable]
        if effect == "Eat Four!":
            return [_interned(Play, name, as_name, t, x) for t in self._targets(seat) for x in EAT_TYPES]
        return [_interned(Play, name, as_name)]

    def _main_actions(self, seat: int) -> list[Action]:
        deck = self.deck
        acts: list[Action] = [END_TURN]
        money = self.money_value(seat)
        hand = self._distinct(self.hands[seat])
        joker = "Joker" in hand
        costs = self._costs()
        if not self.hand_played:
            for x in deck.main_names:
                if money >= costs[x]:
                    if x in hand:
                        acts.extend(self._variants(x, "", seat))
                    if joker:
                        acts.extend(self._variants("Joker", x, seat))
            for x in deck.bluff_hand:
                if money >= costs[x]:
                    acts.extend(_interned(Claim, x, fd, t) for t in self._targets(seat, x) for fd in hand)
        instants = self._instant_actions(seat, None)
        if instants:
            have = set(acts)
            acts.extend(a for a in instants if a not in have)
        if not self.ability_used:
            for x in deck.bluff_ability:
                if money >= costs[x]:
                    acts.extend(_interned(Claim, x, fd) for fd in hand)
            mine = set(hand) | {as_name for _, as_name in self.front[seat]}
            if "Pickpocket" in mine:
                acts.extend(_interned(UseAbility, "Pickpocket", t) for t in self._targets(seat) if self.money[t])
            if "Fortune Teller" in mine and self.main:
                acts.append(_interned(UseAbility, "Fortune Teller"))
            if self._on_table("Exploding Island") and money >= ISLAND_ABILITY_COST:
                acts.extend(_interned(UseAbility, "Exploding Island", t) for t in self._targets(seat) if self.island[t])
        if joker:
            acts.append(_interned(Play, "Joker", "Money"))
        return acts

    def _pending_actions(self) -> list[Action]:
        p = self.pending
        kind, seat = p["kind"], p["seat"]
        names = self.deck.names
        if kind == "ttt_draw":
            return [DRAW, TAKE_MONEY] if self.money_deck else [DRAW]
        if kind == "ttt_pick":
            return [DONE] + [Choose(f"put {x} on top") for x in self._distinct(self.discard[::-1])]
        if kind == "discard":
            return [Choose(f"discard {x}") for x in self._distinct(self.hands[seat])]
        if kind == "peek":
            orders = []
            for perm in itertools.permutations(self.peek):
                text = "put back " + ", ".join(names[c] for c in perm) + " (top first)"
                if text not in orders:
                    orders.append(text)
            return [Choose(t) for t in orders]
        if kind == "eat4":
            x = names[self.turned[0]]
            acts = [Choose(f"take {x}")]
            if self.money_deck:
                acts.append(Choose(f"take Money instead of {x}"))
            return acts
        raise AssertionError(kind)

    def _why_illegal(self, action: Action) -> str:
        if not isinstance(action, Action):
            return f"{action!r} is not a Card Game action; legal: " + ", ".join(map(str, self.legal_actions()))
        malformed = _malformed(action)
        if malformed is not None:
            return malformed
        seat = self.current_player
        legal = ", ".join(map(str, self.legal_actions()))
        if self.pending is not None:
            return f"seat {seat} must first make a choice for the effect resolving ({legal})"
        if self.window is not None:
            if self.window["kind"] == "bluff":
                return f"seat {seat} must believe or challenge the claim first"
            return f"seat {seat} may only respond with an INSTANT card or pass now ({legal})"
        if self.end_queue is not None:
            return f"seat {seat} may only play an INSTANT card or pass in the end phase ({legal})"
        if self.phase == "end":
            return f"seat {seat} may only play INSTANT cards or end the turn in the end phase ({legal})"
        if self.phase == "draw":
            return (f"seat {seat} must first take Money or draw from the main deck (draw phase; "
                    f"INSTANT cards may be played too): {legal}")
        if isinstance(action, (Play, Claim)):
            name = action.name
            if name not in self.deck.specs:
                return f"{name!r} is not a card of this game"
            if isinstance(action, Play) and "BLUFF" in self._types(name) and name != "Joker":
                return f"{name} is a BLUFF card: it is used by a claim ('claim {name} ... face down')"
            if name not in self._distinct(self.hands[seat]) and not (
                    isinstance(action, Claim) and action.facedown in self._distinct(self.hands[seat])):
                return f"seat {seat} holds no {name}"
            effect = getattr(action, "as_name", "") or name
            if effect in self.deck.specs and self.money_value(seat) < self.cost(effect):
                return f"{effect} costs {self.cost(effect)}$ and seat {seat} has {self.money_value(seat)}$"
            if self.hand_played and effect in self.deck.main_names + self.deck.bluff_hand:
                return "only one HAND card may be played each turn"
        if isinstance(action, UseAbility) and self.ability_used:
            return "only one Ability (A:) may be used each turn"
        return f"it is not one of the legal actions now ({legal})"

    def _parse_action(self, text: str) -> Action | None:
        """The card action ``text`` names ("play Nap", "play Joker as Nap", "claim Shot! ...",
        "use Pickpocket ..."), so the error can say why it is not legal; None otherwise."""
        if not isinstance(text, str):
            return None
        words = normal_name(text)
        for verb, make in (("play ", lambda n, rest: Play(n, self._after(rest, " as ") or "")),
                           ("claim ", lambda n, rest: Claim(n, self._after(rest, " with ") or "")),
                           ("use ", lambda n, rest: UseAbility(n))):
            if words.startswith(verb):
                name = self._name_at(words[len(verb):])
                if name is not None:
                    return make(name, words[len(verb) + len(normal_name(name)):])
        return None

    def _name_at(self, words: str) -> str | None:
        """The longest card name (normalised) at the start of ``words``, as the card list spells it."""
        best = None
        for name in self.deck.specs:
            key = normal_name(name)
            if (words == key or words.startswith(key + " ")) and (best is None or len(key) > len(normal_name(best))):
                best = name
        return best

    def _after(self, words: str, marker: str) -> str | None:
        i = words.find(marker)
        return self._name_at(words[i + len(marker):]) if i >= 0 else None

    # ---- applying -----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        seat = self.current_player
        if self.pending is not None:
            self._apply_choice(seat, action)
        elif isinstance(action, Pass):
            if self.window is not None:
                self.window["queue"].pop(0)
            else:
                self.end_queue.pop(0)
            self.log.append(f"Seat {seat} passes.")
        elif isinstance(action, Believe):
            self.window["queue"].pop(0)
            self.log.append(f"Seat {seat} believes.")
        elif isinstance(action, Challenge):
            self.window = None
            self._challenge(seat)
        elif isinstance(action, TakeMoney):
            self._take_money(seat)
            self.draws_left -= 1
        elif isinstance(action, DrawCard):
            self._draw_card(seat)
            self.draws_left -= 1
        elif isinstance(action, EndTurn):
            self.phase = "end"
            self.end_queue = self._others(seat)
            self.log.append(f"Seat {seat} ends the turn: end phase.")
        elif isinstance(action, Play):
            self._play(seat, action)
            self.end_queue = None
        elif isinstance(action, Claim):
            self._claim(seat, action)
            self.end_queue = None
        elif isinstance(action, UseAbility):
            self.ability_used = True
            if action.name == "Exploding Island":
                self._pay(seat, ISLAND_ABILITY_COST)
            self.stack.append(Item("ability", seat, action.name, target=action.target))
            self.log.append(f"Seat {seat} uses the Ability of {action.name}"
                            + (f" on seat {action.target}." if action.target is not None else "."))
            self.window = None
        self._advance()

    def _in_main(self, seat: int) -> bool:
        return seat == self.active and not self.stack and self.window is None

    def _play(self, seat: int, a: Play) -> None:
        if a.as_name == "Money":
            c = self._take_from_hand(seat, "Joker")
            self.money[seat].append(c)
            self.log.append(f"Seat {seat} plays a Joker as Money (1$).")
            return
        effect = a.as_name or a.name
        if self._in_main(seat) and effect in self.deck.main_names:
            self.hand_played = True
        c = self._take_from_hand(seat, a.name)
        self._pay(seat, self.cost(effect))
        self.stack.append(Item("card", seat, effect, c, joker=bool(a.as_name), target=a.target, option=a.option))
        self.log.append(f"Seat {seat} plays{str(a)[4:]}.")
        self.window = None

    def _claim(self, seat: int, a: Claim) -> None:
        if self._in_main(seat):
            if a.name in self.deck.bluff_hand:
                self.hand_played = True
            elif a.name in self.deck.bluff_ability:
                self.ability_used = True
        c = self._take_from_hand(seat, a.facedown)
        self._pay(seat, self.cost(a.name))
        self.facedown = (seat, c)
        self.stack.append(Item("claim", seat, a.name, target=a.target, settled=False))
        on = f" on seat {a.target}" if a.target is not None else ""
        self.log.append(f"Seat {seat} puts a card face down and claims {a.name}{on}.")
        self.window = None

    def _believed(self) -> None:
        seat, c = self.facedown
        self.facedown = None
        self.hands[seat].append(c)
        top = self.stack[-1]
        top.settled = True
        self.log.append(f"Everyone believes seat {seat}: {top.name} takes effect; the card goes back to their hand unseen.")

    def _challenge(self, challenger: int) -> None:
        seat, c = self.facedown
        self.facedown = None
        top = self.stack[-1]
        shown = self.deck.names[c]
        genuine = shown in (top.name, "Joker")
        self._to_discard(c)
        if genuine:
            top.settled = True
            self.log.append(
                f"Seat {challenger} challenges: the card is {shown}, genuine. Seat {seat} draws a card; "
                f"seat {challenger} discards a card and loses 1 token; {shown} is discarded."
            )
            self.ops += [("draw", seat), ("discard", challenger), ("lose", challenger, 1)]
        else:
            self.stack.pop()
            self.log.append(
                f"Seat {challenger} challenges: the card is {shown}, not {top.name}. Seat {seat} "
                f"discards it and loses 1 token; {top.name} is cancelled."
            )
            self.ops.append(("lose", seat, 1))

    def _apply_choice(self, seat: int, action: Action) -> None:
        p = self.pending
        kind = p["kind"]
        names = self.deck.names
        if kind == "ttt_draw":
            self.pending = None
            if isinstance(action, TakeMoney):
                self.log.append(f"Seat {seat} takes Money instead of the card To The Top put there.")
                self._take_money(seat)
            else:
                self._draw_card(seat)
            return
        text = action.text
        if kind == "ttt_pick":
            if action == DONE:
                self.pending = None
                return
            x = text[len("put "):-len(" on top")]
            c = next(c for c in reversed(self.discard) if names[c] == x)
            self.discard.remove(c)
            self.main.append(c)
            self.ttt_cards.add(c)
            self.log.append(f"Seat {seat} shows {x} from the discard pile and puts it on top of the main deck.")
            p["left"] -= 1
            if p["left"] <= 0 or not self.discard:
                self.pending = None
        elif kind == "discard":
            x = text[len("discard "):]
            self._to_discard(self._take_from_hand(seat, x))
            self.log.append(f"Seat {seat} discards {x}.")
            self.pending = None
        elif kind == "peek":
            order = text[len("put back "):-len(" (top first)")].split(", ")
            left = list(self.peek)
            chosen = []
            for x in order:
                c = next(c for c in left if names[c] == x)
                left.remove(c)
                chosen.append(c)
            self.main.extend(reversed(chosen))
            self.peek = []
            self.log.append(f"Seat {seat} puts the {len(chosen)} cards back on the main deck.")
            self.pending = None
        elif kind == "eat4":
            c = self.turned.pop(0)
            if text.startswith("take Money"):
                self._to_discard(c)
                self.log.append(f"Seat {seat} discards {names[c]} and takes a Money card instead.")
                self._take_money(seat)
            else:
                self.hands[seat].append(c)
                self.log.append(f"Seat {seat} takes {names[c]}.")
            if not self.turned:
                self.pending = None

    # ---- resolving ----------------------------------------------------------------------------
    def _resolve_top(self) -> None:
        item = self.stack.pop()
        seat, name = item.seat, item.name
        if item.kind == "kitten":
            self._to_discard(item.card)
            self._knock_out(seat, "Suicide Kitten")
            return
        if self.out[seat]:
            if item.card is not None:
                self._to_discard(item.card)
            self.log.append(f"{item.describe()} has no effect: seat {seat} is out.")
            return
        if item.target is not None and self.out[item.target]:
            if item.card is not None:
                self._to_discard(item.card)
            self.log.append(f"{item.describe()} has no effect: seat {item.target} is out.")
            return
        self.log.append(f"Resolves: {item.describe()}.")
        if item.card is not None:
            if name == "To The Top":  # discarded after use: it cannot pick itself up
                self.resolving.append(item.card)
                self.ops.append(("to_discard", item.card))
            else:
                self._place(item)
        if item.kind == "ability":
            self.ops.append({"Lucky Cat": ("gain", seat, 1), "Pickpocket": ("pickpocket", seat, item.target),
                             "Fortune Teller": ("peek", seat),
                             "Exploding Island": ("island", seat, item.target)}[name])
            return
        self._effect(item)

    def _place(self, item: Item) -> None:
        """Where a resolved card goes: money area (Dark Flower), in front (LOCK), table (RULE),
        Exploding Island (CHARACTER, when it is there) or the discard pile."""
        c, name, types = item.card, item.name, self._types(item.name)
        if name == "Dark Flower":  # a Joker played as Dark Flower keeps that name: worth 2$
            self.money[item.seat].append(c)
            if item.joker:
                self.flower_jokers.add(c)
        elif "LOCK" in types:
            self.front[item.seat].append((c, name))
        elif "RULE" in types:
            self._put_rule(c, name)
        elif "CHARACTER" in types and self._on_table("Exploding Island"):
            self.island[item.seat].append((c, name))
            self.log.append(f"{name} stays on Exploding Island with seat {item.seat}.")
        else:
            self._to_discard(c)

    def _effect(self, item: Item) -> None:
        seat, name, t = item.seat, item.name, item.target
        ops = self.ops
        if name == "Not So Fast":
            if self.stack:
                self._cancel(self.stack.pop())
        elif name == "Ancestral Headache":
            ops += [("draw", seat)] * 3
        elif name == "To The Top":
            if self.discard:
                self.pending = {"kind": "ttt_pick", "seat": seat, "left": 2}
        elif name in THREATS:
            if t in item.protected:
                self.log.append(f"Imaginary Dinosaur: seat {t} loses no tokens.")
            else:
                ops.append(("lose", t, THREATS[name]))
        elif name == "Imaginary Dinosaur":
            if self.stack and self._threatens(self.stack[-1], seat):
                below = self.stack[-1]
                below.protected = below.protected | {seat}
        elif name == "The Guardian":
            ops.append(("guardian", t, item.option))
        elif name == "Eat Four!":
            ops.append(("eat4", t, item.option))
        elif name in ("Golden Yarn", "Lucky Cat"):
            ops.append(("gain", seat, 1))
        elif name == "Nap":
            ops += [("draw", seat), ("money", seat)]
        elif name == "Pickpocket" and item.kind == "ability":
            ops.append(("pickpocket", seat, t))

    def _cancel(self, item: Item) -> None:
        if item.kind == "kitten":
            self._to_discard(item.card)
            self.log.append(f"Not So Fast stops Suicide Kitten: seat {item.seat} stays in; the kitten is discarded.")
            return
        if item.card is not None:
            self._to_discard(item.card)
        self.log.append(f"Not So Fast cancels {item.describe()}; its money is not returned.")

    def _run_op(self, op: tuple) -> None:
        kind = op[0]
        if kind == "draw":
            seat = op[1]
            if seat == self.active and self.main and self.main[-1] in self.ttt_cards and not self.out[seat]:
                self.pending = {"kind": "ttt_draw", "seat": seat}
                self.log.append(f"Seat {seat} must draw {self.deck.names[self.main[-1]]} (put there by "
                                "To The Top) and may take Money instead.")
            else:
                self._draw_card(seat)
        elif kind == "money":
            self._take_money(op[1])
        elif kind == "gain":
            self._gain_tokens(op[1], op[2])
        elif kind == "lose":
            self._lose_tokens(op[1], op[2])
        elif kind == "discard":
            if self.hands[op[1]]:
                self.pending = {"kind": "discard", "seat": op[1]}
        elif kind == "guardian":
            self._guardian(op[1], op[2])
        elif kind == "eat4":
            self._eat_four(op[1], op[2])
        elif kind == "peek":
            k = min(3, len(self.main))
            if k:
                self.peek = [self.main.pop() for _ in range(k)]
                self.pending = {"kind": "peek", "seat": op[1]}
        elif kind == "pickpocket":
            seat, t = op[1], op[2]
            area = self.money[t]
            if area:
                c = min(area, key=lambda c: {"Joker": 1, "Dark Flower": 2}.get(self.money_name(c), 0))
                area.remove(c)
                self.money[seat].append(c)
                self.log.append(f"Seat {seat} moves a {self.money_name(c)} from seat {t}'s money area.")
        elif kind == "island":
            self._island(op[1], op[2])
        elif kind == "to_discard":
            self.resolving.remove(op[1])
            self._to_discard(op[1])

    def _guardian(self, t: int, named: str) -> None:
        hand = self.hands[t]
        shown = ", ".join(sorted(self.deck.names[c] for c in hand)) or "nothing"
        hit = [c for c in hand if self.deck.names[c] == named]
        for c in hit:
            hand.remove(c)
            self._to_discard(c)
        jokers = sum(1 for c in hand if self.deck.names[c] == "Joker")
        self.log.append(
            f"Seat {t} shows their hand ({shown}) and discards {len(hit)} {named}"
            + ("; the Joker stays (its owner says it is another card)" if jokers else "") + "."
        )

    def _eat_four(self, t: int, ty: str) -> None:
        names = self.deck.names
        taken, discarded, kitten = [], [], None
        while len(taken) < 4 and self.main:
            c = self.main.pop()
            self.ttt_cards.discard(c)
            x = names[c]
            if x == KITTEN:
                if ty == "SPECIAL":
                    taken.append(c)
                else:
                    kitten = c
            elif x == "Joker" or ty in self._types(x):
                taken.append(c)
            else:
                discarded.append(c)
        for c in discarded:
            self._to_discard(c)
        self.log.append(
            f"Eat Four!: seat {t} turns over cards until 4 {ty}: "
            f"{', '.join(names[c] for c in taken) or 'none'}; discarded: "
            f"{', '.join(names[c] for c in discarded) or 'none'}."
        )
        if kitten is not None:
            self.main.insert(int(self.rng.integers(len(self.main) + 1)), kitten)
            self.log.append("Suicide Kitten is not SPECIAL's choice here: it is shuffled back into the main deck.")
        if ty == "LOCK" and taken:
            self.turned = taken
            self.pending = {"kind": "eat4", "seat": t}
            return
        for c in taken:
            self.hands[t].append(c)
            if names[c] == KITTEN:
                self.triggers.append(t)

    def _island(self, seat: int, t: int) -> None:
        mine, theirs = len(self.island[seat]), len(self.island[t])
        if mine == theirs:
            self.log.append(f"Exploding Island: a tie ({mine} each); both gain 2 tokens.")
            self._gain_tokens(seat, 2)
            self._gain_tokens(t, 2)
            return
        win, lose = (seat, t) if mine > theirs else (t, seat)
        self.log.append(f"Exploding Island: seat {win} has more characters; seat {lose}'s are discarded.")
        for c, _ in self.island[lose]:
            self._to_discard(c)
        self.island[lose] = []
        self._gain_tokens(win, 2)

    # ---- views --------------------------------------------------------------------------------
    def decision(self) -> str | None:
        """The kind of decision asked now: "draw", "main", "end" (the active player's phases, and
        "end" also for the other players asked in the end-phase round), "respond" (a response window), "bluff" (believe or challenge), "choice" (a choice while an
        effect resolves), or None when the game is over."""
        if self._outcome is not None:
            return None
        if self.pending is not None:
            return "choice"
        if self.window is not None:
            return self.window["kind"]
        return self.phase

    def prompt(self) -> str:
        """What the player to act is asked, in words (for tables and logs)."""
        if self._outcome is not None:
            return "the game is over"
        seat = self.current_player
        if self.pending is not None:
            return {"ttt_draw": "draw the card To The Top put there, or take Money instead?",
                    "ttt_pick": "To The Top: put a card from the discard pile on top, or done",
                    "discard": "the claim was genuine: discard a card",
                    "peek": "Fortune Teller: put the cards back in any order",
                    "eat4": "Eat Four!: take the LOCK card, or take Money instead?"}[self.pending["kind"]]
        if self.window is not None:
            top = self.stack[-1]
            if self.window["kind"] == "bluff":
                return f"{top.describe()}: believe or challenge?"
            return f"{top.describe()}: respond with an INSTANT card, or pass?"
        if self.end_queue is not None:
            return f"end phase of seat {self.active}'s turn: play an INSTANT card, or pass?"
        if self.phase == "draw":
            return f"seat {seat}: draw phase: take Money or draw from the main deck"
        if self.phase == "end":
            return f"seat {seat}: end phase: play an INSTANT card, or end the turn"
        return f"seat {seat}: main phase: play a card, use an Ability, or end the turn"

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator).

        Keys: ``seat``, ``players``, ``turn``, ``active``, ``phase``, ``current_player``,
        ``prompt`` (what the player to act is asked, in words), ``decision`` (see
        :meth:`decision`), ``hand`` (own Cards), ``hand_sizes``, ``money`` (per seat, Cards; money areas
        are public), ``money_names`` (per seat, the name each money-area card counts as: a Joker played
        as Dark Flower counts as "Dark Flower"), ``money_values`` ($ per seat), ``money_top`` (the visible top Money card or
        None), ``money_deck_size``, ``main_deck_size``, ``discard`` (Cards, bottom first: anyone may
        look), ``front`` (per seat, LOCK cards as ``(Card, name it counts as)``), ``table`` (RULE
        cards, same pairs), ``island`` (per seat), ``tokens``, ``points``, ``out``, ``stack``
        (bottom first, dicts ``who``, ``what``, ``card`` (a Card, or None for a face-down claim),
        ``target``), ``window`` ("respond", "bluff" or None), ``facedown`` (your own face-down
        claim card, else None), ``facedown_count``, ``peek`` (Fortune Teller's cards, for its user
        only), ``turned`` (Eat Four!'s LOCK cards awaiting a choice), ``resolving`` (To The Top
        while its cards are chosen), ``card_counts`` (copies of
        each card in the card list), ``final_round_variant``, ``hand_played``,
        ``ability_used``, ``final_round`` (the seat whose turn ends the game, or None),
        ``legal`` (seat to act only), ``log`` (the last 60 public lines; all are in
        ``state.log``), ``is_over``, ``outcome``.
        """
        n = self.game.players
        seat = self.check_seat(seat)
        cards = self.deck.cards
        own_face = self.facedown is not None and seat is not None and self.facedown[0] == seat
        pending_seat = self.pending["seat"] if self.pending is not None else None
        return {
            "seat": seat,
            "players": n,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "current_player": self.current_player,
            "prompt": self.prompt(),
            "decision": self.decision(),
            "hand": [cards[c] for c in self.hands[seat]] if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "money": [[cards[c] for c in m] for m in self.money],
            "money_names": [[self.money_name(c) for c in m] for m in self.money],
            "money_values": [self.money_value(s) for s in range(n)],
            "money_top": cards[self.money_deck[-1]] if self.money_deck else None,
            "money_deck_size": len(self.money_deck),
            "main_deck_size": len(self.main),
            "discard": [cards[c] for c in self.discard],
            "front": [[(cards[c], x) for c, x in f] for f in self.front],
            "table": [(cards[c], x) for c, x in self.table],
            "island": [[(cards[c], x) for c, x in f] for f in self.island],
            "tokens": list(self.tokens),
            "points": [self.points(s) for s in range(n)],
            "out": list(self.out),
            "stack": [
                {"who": it.seat, "what": it.describe(), "name": it.name, "kind": it.kind,
                 "card": cards[it.card] if it.card is not None else None, "target": it.target,
                 "settled": it.settled}
                for it in self.stack
            ],
            "window": self.window["kind"] if self.window is not None else None,
            "facedown": cards[self.facedown[1]] if own_face else None,
            "facedown_count": 1 if self.facedown is not None else 0,
            "peek": [cards[c] for c in self.peek] if seat is not None and seat == pending_seat else [],
            "turned": [cards[c] for c in self.turned],
            "resolving": [cards[c] for c in self.resolving],
            "card_counts": dict(self.deck.counts),
            "final_round_variant": self.game.final_round,
            "hand_played": self.hand_played,
            "ability_used": self.ability_used,
            "final_round": self.final_last if self._on_table(FINAL) else None,
            "legal": self.legal_for(seat),
            "log": self.log[-LOG_LINES:],
            "is_over": self.is_over,
            "outcome": self._outcome,
        }

    def zones(self) -> dict[str, list[Card]]:
        cards = self.deck.cards
        z = {f"hand {s}": [cards[c] for c in h] for s, h in enumerate(self.hands)}
        z["main deck"] = [cards[c] for c in self.main]
        z["money deck"] = [cards[c] for c in self.money_deck[:-1]]
        z["money deck top"] = [cards[c] for c in self.money_deck[-1:]]
        for s in range(self.game.players):
            z[f"money {s}"] = [cards[c] for c in self.money[s]]
            z[f"front {s}"] = [cards[c] for c, _ in self.front[s]]
            z[f"island {s}"] = [cards[c] for c, _ in self.island[s]]
        z["table"] = [cards[c] for c, _ in self.table]
        z["discard"] = [cards[c] for c in self.discard]
        z["stack"] = [cards[it.card] for it in self.stack if it.card is not None]
        z["face down"] = [cards[self.facedown[1]]] if self.facedown is not None else []
        z["peek"] = [cards[c] for c in self.peek]
        z["turned"] = [cards[c] for c in self.turned]
        z["resolving"] = [cards[c] for c in self.resolving]
        z["box"] = [cards[c] for c in self._box]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        hidden = [f"hand {s}" for s in range(self.game.players) if s != seat]
        hidden += ["main deck", "money deck", "box"]
        if self.facedown is None or self.facedown[0] != seat:
            hidden.append("face down")
        if self.pending is None or self.pending["seat"] != seat or self.pending["kind"] != "peek":
            hidden.append("peek")
        return hidden

    def _copy_mutables(self, other: "CardGameState") -> None:
        other.hands = [list(h) for h in self.hands]
        other.main = list(self.main)
        other.money_deck = list(self.money_deck)
        other.money = [list(m) for m in self.money]
        other.front = [list(f) for f in self.front]
        other.island = [list(f) for f in self.island]
        other.table = list(self.table)
        other.discard = list(self.discard)
        other.tokens = list(self.tokens)
        other.out = list(self.out)
        other.stack = [it.copy() for it in self.stack]
        other.end_queue = list(self.end_queue) if self.end_queue is not None else None
        other.window = {"kind": self.window["kind"], "queue": list(self.window["queue"])} if self.window else None
        other.pending = dict(self.pending) if self.pending else None
        other.ops = list(self.ops)
        other.triggers = list(self.triggers)
        other.peek = list(self.peek)
        other.turned = list(self.turned)
        other.resolving = list(self.resolving)
        other.ttt_cards = set(self.ttt_cards)
        other.flower_jokers = set(self.flower_jokers)
        other._box = list(self._box)
