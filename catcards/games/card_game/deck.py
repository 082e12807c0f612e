"""Card Game: The Card Game: the card list's physical cards, the explicit-deal format and the deal.

:class:`Deck` numbers the cards of one card list (ids), looks names up (with
:func:`catcards.core.normal_name`) and groups them by how they are played; :func:`parse_deals`
checks an explicit deal and :func:`deal` lays out the table (rulebook "Setup"; rules/card-game.md).
"""
from __future__ import annotations

from typing import Any, Sequence

from ...cards import Card
from ...core import GameParameterError, check_plain_text, few_reprs, is_whole, normal_name, parse_hands
from ...core.text import value_kind
from .actions import Claim, Play, _interned
from .cardlist import CardSpec

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
#: INSTANT cards that may be used only with an item on the stack / only against a threat to the
#: seat using it (rules/card-game.md, "Cards": Not So Fast cancels, Imaginary Dinosaur protects)
NEEDS_ITEM = frozenset({"Not So Fast"})
NEEDS_THREAT = frozenset({"Imaginary Dinosaur"})
NEVER = 10**9  # a cost no money area reaches: "no such card"


def sushi_points(trays: int) -> int:
    """Points for ``trays`` Sushi Trays in front of one player (rules/card-game.md, the printed
    legend: 1 -> 0, 2 -> 2, 3 -> 4, 4 -> 6; each further tray adds 2)."""
    return 0 if trays <= 1 else 2 * (trays - 1)


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
        # ---- tables for the hot path of play (issue 14): built once per card list -------------
        #: per card id: the dollars it is worth in a money area (Dark Flower 2, else 1; a Joker
        #: played as Dark Flower adds 1, see ``Views.money_value``)
        self.dollars: tuple[int, ...] = tuple(2 if x == "Dark Flower" else 1 for x in self.names)
        #: per card id: whether it is a Money card (spent to the bottom of the Money deck)
        self.is_money: tuple[bool, ...] = tuple(x in MONEY_NAMES for x in self.names)
        #: per card id: the order in which a payment spends it (Money 0, Joker 1, Dark Flower 2)
        self.pay_rank: tuple[int, ...] = tuple({"Joker": 1, "Dark Flower": 2}.get(x, 0) for x in self.names)
        #: who is asked in a response window (``Responses._may_respond``), indexed by Cheap Day on
        #: the table (False, True): the cheapest INSTANT card (played or claimed) that answers
        #: anything, the cheapest Not So Fast (needs an item on the stack) and the cheapest
        #: Imaginary Dinosaur (needs a threat to the seat asked); NEVER where there is none
        def cheapest(costs: dict[str, int], fits) -> int:
            return min((costs[x] for x in self.all_instants if fits(x)), default=NEVER)

        self.respond_costs: tuple[tuple[int, int, int], ...] = tuple(
            (cheapest(c, lambda x: x not in NEEDS_ITEM and x not in NEEDS_THREAT),
             cheapest(c, NEEDS_ITEM.__contains__), cheapest(c, NEEDS_THREAT.__contains__))
            for c in (self.costs, self.cheap_costs))
        #: whether a card is both a main-phase card and an INSTANT card (possible in an edited
        #: list): only then can the main phase's list and its INSTANT list share an action
        self.main_and_instant = bool(set(self.main_names) & set(self.instant_names))
        #: ``Play(name)`` and ``Play("Joker", name)`` of every card, built once
        self.plain_play = {x: _interned(Play, x) for x in self.specs}
        self.joker_play = {x: _interned(Play, "Joker", x) for x in self.specs}
        # the most dollars one money area can hold (every Money card, Joker and Dark Flower, a
        # Joker counted as a Dark Flower): the money tables below have a row for each amount
        most = sum(2 if x in ("Joker", "Dark Flower") else 1 for x in self.names
                   if x in MONEY_NAMES or x in ("Joker", "Dark Flower"))
        #: ``affordable[cheap][money]``: the main-phase cards (:attr:`main_names`) and the BLUFF
        #: HAND cards (:attr:`bluff_hand`) that ``money`` dollars pay for, in list order, with
        #: Cheap Day on the table (``cheap`` True) or not; the main-phase cards as a dict from
        #: name to place in that order (to sort the few cards a hand holds)
        self.affordable: tuple[tuple[tuple[dict[str, int], tuple[str, ...]], ...], ...] = tuple(
            tuple(({x: k for k, x in enumerate(x for x in self.main_names if m >= costs[x])},
                   tuple(x for x in self.bluff_hand if m >= costs[x])) for m in range(most + 1))
            for costs in (self.costs, self.cheap_costs))
        #: ``usable[cheap][item][threat][money]``: the INSTANT cards (:attr:`instant_names`) and
        #: BLUFF INSTANT cards (:attr:`bluff_instant`) that ``money`` pays for and that may be used
        #: now, in list order: Not So Fast needs an ``item`` on the stack, Imaginary Dinosaur a
        #: ``threat`` to the seat (rules/card-game.md, "Cards")
        self.usable: tuple = tuple(
            tuple(tuple(tuple(self._usable(m, costs, item, threat) for m in range(most + 1))
                        for threat in (False, True)) for item in (False, True))
            for costs in (self.costs, self.cheap_costs))
        #: claims by (card claimed, target), then face-down card name (see moves.py)
        self.claim_rows: dict[tuple, dict] = {}
        #: the claims without a target (BLUFF Ability and INSTANT cards) by card claimed, then
        #: face-down card name
        self.plain_claims = {x: self.claim_row(x) for x in self.bluff_ability + self.bluff_instant}
        #: each card name's ids (to ask whether a hand holds one without listing its names)
        self.id_sets = {x: frozenset(ids) for x, ids in self.ids.items()}
        self.joker_ids = self.id_sets.get("Joker", frozenset())
        #: each seat's action objects by (seat, other seats still in) (see ``moves.SeatMoves``)
        self.seat_moves: dict[tuple, Any] = {}
        #: every seat's ``SeatMoves`` by who is out (a tuple of bools), built once (``_reseat``)
        self.seatings: dict[tuple, tuple] = {}
        #: the cards a deal shuffles, in id order: the main-deck cards dealt to hands or under
        #: the named top (no Money, Suicide Kitten or Final Round), and the Money cards
        self.deal_ids: tuple[int, ...] = tuple(
            i for i, x in enumerate(self.names) if x not in MONEY_NAMES and x not in (KITTEN, FINAL))
        self.money_ids: tuple[int, ...] = tuple(i for i, x in enumerate(self.names) if x in MONEY_NAMES)

    def card_id(self, name: Any, used: set[int], where: str) -> int:
        """The first copy of the card ``name`` (a name as typed, compared with
        :func:`catcards.core.normal_name`, or a Card) not in ``used`` (for explicit deals); a
        name ending in ``#k`` ("Nap#2") names copy ``k`` (from 0, the Card's ``copy``) exactly,
        which is how a sampled deal (:mod:`catcards.explore.card_game`) keeps every card where
        a seat saw it.

        Raises:
            GameParameterError: not a card name (or one holding a control or format character,
                such as a bidi control), a card not in the list, more copies than it has,
                or a copy number that is not one of the card's copies or is named twice.
        """
        text = name.name if isinstance(name, Card) else name
        if not isinstance(text, str):
            raise GameParameterError(f"Card Game: {where}: {name!r} is not a card name")
        check_plain_text(text, f"Card Game: {where}")
        canonical = self._by_normal.get(normal_name(text))
        if canonical is None and "#" in text:
            base, _, copy = text.rpartition("#")
            exact = self._by_normal.get(normal_name(base))
            if exact is not None and copy.isascii() and copy.isdigit():
                copies = self.ids[exact]
                k = int(copy)
                if k >= len(copies):
                    raise GameParameterError(
                        f"Card Game: {where}: {text!r}: {exact} has copies #0 to #{len(copies) - 1}"
                    )
                if copies[k] in used:
                    raise GameParameterError(
                        f"Card Game: {where}: {text!r} is named twice (a name without #k takes the "
                        "first copy not yet named)"
                    )
                used.add(copies[k])
                return copies[k]
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

    def claim_row(self, name: str, target: int | None = None) -> dict:
        """The claims of the BLUFF card ``name`` at ``target`` by face-down card name (every name
        of the list), built once and kept in :attr:`claim_rows`."""
        key = (name, target)
        row = self.claim_rows.get(key)
        if row is None:
            row = self.claim_rows[key] = {fd: _interned(Claim, name, fd, target) for fd in self.specs}
        return row

    def _usable(self, money: int, costs: dict[str, int], item: bool, threat: bool) -> tuple:
        """A row of :attr:`usable`."""
        def ok(x: str) -> bool:
            return money >= costs[x] and (item or x not in NEEDS_ITEM) and (threat or x not in NEEDS_THREAT)

        return tuple(filter(ok, self.instant_names)), tuple(filter(ok, self.bluff_instant))

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
        "money_deck": (lambda n, t: n in MONEY_NAMES, "the Money deck holds only Money and Initial Money"),
        "money": (lambda n, t: n in MONEY_NAMES or n in ("Joker", "Dark Flower"),
                  "a money area holds only Money, Initial Money, a Joker played as Money and Dark Flower"),
        "front": (lambda n, t: "LOCK" in t and n != "Dark Flower",
                  "only LOCK cards lie in front of a player (Dark Flower goes to the money area)"),
        "island": (lambda n, t: "CHARACTER" in t and "LOCK" not in t,
                   "only CHARACTER cards that are not LOCK cards are kept on Exploding Island"),
        "table": (lambda n, t: "RULE" in t and (n != FINAL or final_ok),
                  "only RULE cards lie on the table (Final Round only in the variant)"),
    }


_DEAL_KEYS = ("hands", "main", "money", "money_deck", "front", "island", "table", "discard", "tokens")
_PER_SEAT = ("hands", "money", "front", "island")
MAX_TOKENS = 99


def parse_deals(game, deals: Any) -> dict[str, Any]:
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
            f"(see CardGame.new_game), not {value_kind(deals)}"
        )
    unknown = [k for k in deals if k not in _DEAL_KEYS]
    if unknown:
        raise GameParameterError(
            f"Card Game: unknown deals key(s) {few_reprs(sorted(unknown, key=repr))}; "
            f"allowed: {', '.join(sorted(_DEAL_KEYS))}"
        )
    deck, n = game.deck, game.players
    rules = _zone_rules(game.final_round)
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
                    f"Card Game: deals[{key!r}] must be a list of card names, not {value_kind(value)}"
                )
            out[key] = [card(x, key) for x in value]
    if game.final_round and len(out.get("table", [])) > 1:
        raise GameParameterError(
            "Card Game: deals['table']: in the Final Round variant a new RULE card discards the "
            "previous one, so at most 1 RULE card lies on the table"
        )
    return out


def deal(state, deals, parsed: dict[str, Any] | None = None) -> None:
    """Lay out ``state``'s table from ``deals`` (see :meth:`CardGame.new_game`): hands, main deck
    (named top, the rest shuffled beneath with Suicide Kitten shuffled in after the deal; Final
    Round 16th from the bottom in the variant), money areas, Money deck (shuffled), the zones in
    front, the table and the discard pile (rulebook "Setup"). ``parsed``: ``game.parse_deals(deals)``
    when the caller has it, else it is parsed here."""
    game, deck, n = state.game, state.deck, state.game.players
    if parsed is None:
        parsed = game.parse_deals(deals)
    used: set[int] = parsed["used"]
    state._box = []
    hands, money, front, island = (parsed.get(k) for k in _PER_SEAT)
    top, table, discard = parsed.get("main", []), parsed.get("table", []), parsed.get("discard", [])
    if parsed.get("tokens") is not None:
        state.tokens = list(parsed["tokens"])  # the deal keeps its own list (new_game saves it)
    if deals is None:
        deals = {}
    names = deck.names
    rest = [i for i in deck.deal_ids if i not in used] if used else list(deck.deal_ids)
    kitten = [i for i in deck.ids.get(KITTEN, []) if i not in used]
    final = [i for i in deck.ids.get(FINAL, []) if i not in used]
    order = state.rng.permutation(len(rest)).tolist()
    rest = list(map(rest.__getitem__, order))  # rest in the shuffled order
    if hands is None:
        hands = [rest[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(n)]
        rest = rest[n * HAND_SIZE:]
    state.hands = hands
    below = rest + kitten  # Suicide Kitten shuffled back in after the deal
    order = state.rng.permutation(len(below)).tolist()
    main_bottom_first = list(map(below.__getitem__, order)) + top[::-1]
    if game.final_round:
        for f in final:
            main_bottom_first.insert(min(FINAL_ROUND_DEPTH, len(main_bottom_first)), f)
    else:  # without the variant Final Round stays in the box, out of play
        state._box = final
    state.main = main_bottom_first
    all_money = [i for i in deck.money_ids if i not in used] if used else list(deck.money_ids)
    if money is None:
        money = [[] for _ in range(n)]
        initial = next((i for i in deck.ids.get("Initial Money", ()) if i not in used), None)
        if initial is not None:
            money[(game.first_player - 1) % n].append(initial)
            all_money.remove(initial)
    state.money = money
    order = state.rng.permutation(len(all_money)).tolist()
    state.money_deck = list(map(all_money.__getitem__, order)) + parsed.get("money_deck", [])[::-1]
    state.front = [[(c, names[c]) for c in f] for f in front] if front else [[] for _ in range(n)]
    state.island = [[(c, names[c]) for c in f] for f in island] if island else [[] for _ in range(n)]
    state.table = [(c, names[c]) for c in table]
    state.discard = discard
    state.log.append(
        f"{n} players; {HAND_SIZE if all(len(h) == HAND_SIZE for h in hands) else 'stacked'} cards each; "
        f"seat {game.first_player} starts" + ("; Final Round variant" if game.final_round else "") + "."
    )
