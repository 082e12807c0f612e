"""Card Game: The Card Game: the rules engine.

Sources: ``rulebooks/card-game-the-card-game.txt`` (turn order, Money, card types, Bluff, Joker,
Final Round variant, "Advanced" and "Even More Advanced" rulings) and the project's decisions and
card list in ``rules/card-game.md``. The card list is data (:mod:`.cardlist`); each card's effect
is code in :mod:`.effects`, looked up by name in its table.

The package: :mod:`.actions` (the actions and their saved words), :mod:`.deck` (card ids, the
explicit-deal format, the deal), :mod:`.stack` (the stack, response windows, claims),
:mod:`.effects` (the effect table and the steps of effects), :mod:`.moves` (legal actions),
:mod:`.views` (observation, zones) and this module: the game, its parameters, the state's turn
flow and the dispatch of an action. This module is longer than 500 lines because this docstring
is the engine's reading of the rules (about 90 lines), kept beside the turn flow it describes.

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

from typing import Any, Sequence

from ...core import Action, Game, GameParameterError, Outcome, State, attribute_copier
from ...core.text import plural
from ...params import Param
from .actions import (Believe, Challenge, Claim, DrawCard, EndTurn, Pass, Play, TakeMoney, UseAbility)
from .cardlist import card_list_table, load_card_list
from .deck import (FINAL, HAND_SIZE, ISLAND_ABILITY_COST, KITTEN, MONEY_NAMES, WIN_POINTS, Deck, deal,
                   parse_deals)
from .effects import OPS, Effects
from .moves import Moves, SeatMoves
from .stack import Item, Pending, Responses, Window
from .views import Views

__all__ = ["CardGame", "CardGameState"]


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

    declared = (
        Param("first_player", 0, "the seat that moves first (the seat before it starts with the "
              "Initial Money card)", kind="seat"),
        Param("final_round", False, "play the Final Round variant (Final Round 16th from the bottom "
              "of the main deck)", kind="bool"),
        Param("max_turns", 400, "turns after which the game is stopped and decided on points", low=1),
        Param("cards", None, "the card list, a CSV file (format: catcards.games.card_game.cardlist); "
              "a save holds its rows, never a path",
              kind="custom", check=lambda g, v: g._check_cards(v), rows_of="card list",
              default_text="the shipped card list",
              allowed_text=f"a card-list CSV file (path or open file) or its rows (a list of dicts), with "
                           f"at least {HAND_SIZE} main-deck cards per player; or None"),
    )

    def __init__(self, players: int | None = None, first_player: int = 0, final_round: bool = False,
                 max_turns: int = 400, cards: Any = None):
        super().__init__(players)
        self.set_params(first_player=first_player, final_round=final_round, max_turns=max_turns, cards=cards)

    def _check_cards(self, cards: Any) -> list[dict] | None:
        """The ``cards`` parameter's check: read the card list (:func:`load_card_list`), keep its
        :class:`Deck` as ``self.deck``, and return its rows (None for the shipped list), which
        ``params`` and a save hold as ``cards``.

        Raises:
            GameParameterError: a card list that does not load (CardListError, see
                :func:`load_card_list`), or one with fewer than 5 main-deck cards for each player.
        """
        specs = load_card_list(cards)
        deck = Deck(specs)
        main = sum(1 for n in deck.names if n not in MONEY_NAMES and n not in (KITTEN, FINAL))
        if main < HAND_SIZE * self.players:
            raise GameParameterError(
                f"{self.title}: the card list has {main} main-deck cards to deal, fewer than "
                f"{HAND_SIZE} for each of {self.players} players"
            )
        self.deck = deck
        return None if cards is None else card_list_table(specs)

    def parse_deals(self, deals: Any) -> dict[str, Any]:
        """Check an explicit deal (see :meth:`new_game`) and turn its names into card ids (see
        :func:`~catcards.games.card_game.deck.parse_deals` for the result and the errors).

        Raises:
            GameParameterError: a deal that breaks the rules of the format.
        """
        return parse_deals(self, deals)

    def new_game(self, seed: int | None = None, deals: dict | None = None) -> "CardGameState":
        """Set up the table and return the state (seat ``first_player`` to draw).

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: an explicit (stacked) setup, a dict of card names (each name takes the next
                unused copy, "Nap#2" exactly copy 2; "Money" and "Initial Money" are Money
                cards), every key optional:

                - ``hands``: one list per seat (normally 5 cards; any number is accepted);
                - ``main``: the top of the main deck, top card first; the main-deck cards not
                  named anywhere are shuffled beneath them (Suicide Kitten among them);
                - ``money``: one list per seat, the cards in each money area (default: the
                  Initial Money card in the area of the seat before ``first_player``);
                - ``money_deck``: the top of the Money deck, top card first (Money and Initial
                  Money); the Money cards not named anywhere are shuffled beneath them;
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
        return CardGameState(self, seed, deals, parsed)


class CardGameState(Moves, Effects, Responses, Views, State):
    """One game of Card Game: The Card Game (see the module docstring and :class:`CardGame`).

    Extra attributes (read-only for users): ``active`` (seat whose turn it is), ``phase``
    ("draw", "main" or "end"), ``turn`` (from 1), ``tokens``, ``out`` (per seat), ``stack`` (list of
    :class:`Item`), ``discard`` (card ids), :meth:`points`.
    """

    game: CardGame

    # Every attribute of the state is a slot: CPython 3.11 keeps at most 30 attributes of an
    # instance inline, and this state has 40 of its own, so without slots every attribute read went
    # through a dict (35,300 -> 32,300 instructions per random action with slots, valgrind). A
    # clone copies them one by one (_shallow_copy below, see catcards.core.attribute_copier), never
    # through ``__dict__``; a new attribute must be added here
    # (tests/games/test_card_game_playouts.py checks).
    __slots__ = (
        "deck", "seating", "hands", "main", "money_deck", "money", "flower_jokers", "front", "island",
        "table", "discard", "tokens", "out", "cash", "stack", "window", "end_queue", "pending", "ops",
        "triggers", "facedown", "peek", "turned", "resolving", "ttt_cards", "active", "phase", "turn",
        "draws_left", "hand_played", "ability_used", "turn_over", "last_turn", "final_last",
        "final_armed", "current_player", "_scores_changed", "cheap", "_box", "on_shown",
    )

    def __init__(self, game: CardGame, seed, deals, parsed: dict[str, Any] | None = None):
        # parsed: ``game.parse_deals(deals)`` when the caller has it (new_game checks the deal first)
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
        self.window: Window | None = None  # a response or bluff window
        self.end_queue: list[int] | None = None  # seats still to be asked in the end-phase round
        self.pending: Pending | None = None  # a choice while an effect resolves
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
        self._scores_changed = True  # set when tokens, LOCK cards in front or who is out change
        #: called with the cards an effect shows while they stay hidden (Effects._shown), or None
        self.on_shown = None
        self._reseat()
        deal(self, deals, parsed)
        #: dollars in each money area (see ``money_value``), kept as cards come and go
        self.cash = [self._count_cash(s) for s in range(n)]
        self._rules_changed()
        self._start_turn(game.first_player)
        self._advance()

    # ---- helpers ------------------------------------------------------------------------------
    def _live(self) -> list[int]:
        return [s for s, out in enumerate(self.out) if not out]

    def _reseat(self) -> None:
        """Set :attr:`seating`: per seat, its :class:`~.moves.SeatMoves` (the other seats still
        in, in turn order from its left, and its action objects). Called at the start and when a
        player goes out, the only times who is in changes; the tuple is replaced, never changed,
        so clones share it."""
        out = tuple(self.out)
        seating = self.deck.seatings.get(out)
        if seating is None:  # built once per card list and who is out
            n, cache = self.game.players, self.deck.seat_moves
            seating = []
            for seat in range(n):
                key = (seat, tuple((seat + k) % n for k in range(1, n) if not out[(seat + k) % n]))
                moves = cache.get(key)
                if moves is None:
                    moves = cache[key] = SeatMoves(self.deck, *key)
                seating.append(moves)
            seating = self.deck.seatings[out] = tuple(seating)
        self.seating: tuple[SeatMoves, ...] = seating

    def _others(self, seat: int) -> list[int]:
        """The other seats still in, in turn order from ``seat``'s left."""
        return list(self.seating[seat].others)

    def _distinct(self, cards: Sequence[int]) -> list[str]:
        """The names of ``cards``, each once, in order of first appearance."""
        return list(dict.fromkeys(map(self.deck.names.__getitem__, cards)))

    def _hand_names(self, seat: int) -> dict[str, None]:
        """The names in ``seat``'s hand, each once, in order of first appearance (the keys of a
        dict, for fast membership; a plain loop is the cheapest way to build it in CPython)."""
        names, held = self.deck.names, {}
        for c in self.hands[seat]:
            held[names[c]] = None
        return held


    def _take_from_hand(self, seat: int, name: str) -> int:
        hand, names = self.hands[seat], self.deck.names
        for c in hand:
            if names[c] == name:
                hand.remove(c)
                return c
        raise AssertionError(f"seat {seat} holds no {name}")  # legality was checked

    def _to_discard(self, c: int) -> None:
        self.ttt_cards.discard(c)
        self.flower_jokers.discard(c)  # a Joker in the discard pile is again any card
        self.discard.append(c)
    # ---- turn flow ----------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.turn += 1
        self.active = seat
        self.phase = "draw"
        self.draws_left = 2 if self.table and self._on_table("Happy Hour") else 1
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
        others = self.seating[a].others
        if len(others) + (not self.out[a]) <= 1:
            return self._finish_last_player()
        nxt = others[0]  # the next seat still in
        if self.final_last is not None and self.final_armed and self._on_table(FINAL):
            between = [(a + k) % n for k in range(0, (nxt - a) % n or n)]
            if self.final_last in between:
                return self._finish_on_points("Final Round: play came back round")
        if self.last_turn:
            return self._finish_on_points("the main deck ran out")
        if self.turn >= self.game.max_turns:
            return self._finish_on_points(f"turn limit ({plural(self.game.max_turns, 'turn')}) reached")
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
        if not self._scores_changed:  # tokens, LOCK cards and who is out are as last checked
            return False
        self._scores_changed = False
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
        """Run everything that needs no decision, then set ``current_player`` (None once the game
        is over). Each pass deals with the first thing waiting, in this order: the end of the game
        (after scores change), a choice while an effect resolves, the effect's next step, a
        Suicide Kitten drawn, the window on the top item of the stack (opened when missing: a
        window only ever lies on a non-empty stack), the end of the turn, the end-phase round,
        the active player's phase."""
        while self._outcome is None:
            if self._scores_changed and self._check_end():
                break
            pending = self.pending
            if pending is not None:
                self.current_player = pending.seat
                return
            ops = self.ops
            if ops:
                op = ops.pop(0)
                OPS[op[0]](self, op)
                continue
            triggers = self.triggers
            if triggers:
                self._kitten_drawn(triggers.pop(0))
                continue
            stack = self.stack
            if stack:
                top = stack[-1]
                window = self.window
                if window is None:  # the top item is new: every other player may answer it
                    others = self.seating[top.seat].others
                    kind = top.kind
                    if kind == "claim" and not top.settled:
                        window = Window("bluff", list(others))
                    elif kind == "kitten":
                        window = Window("respond", [top.seat, *others])
                    else:
                        window = Window("respond", list(others))
                    self.window = window
                queue = window.queue
                bluff = window.kind == "bluff"
                if not bluff:
                    self._first_asked(queue, top)
                elif queue:
                    out = self.out
                    while queue and out[queue[0]]:
                        queue.pop(0)
                if queue:
                    self.current_player = queue[0]
                    return
                self.window = None
                if bluff:
                    self._believed()
                else:
                    self._resolve_top()
                continue
            active = self.active
            if self.turn_over or self.out[active]:
                self._end_turn()
                continue
            queue = self.end_queue
            if queue is not None:  # the end-phase round
                self._first_asked(queue, None)
                if queue:
                    self.current_player = queue[0]
                    return
                self.end_queue = None
                self.turn_over = True
                self._end_turn()
                continue
            phase = self.phase
            if phase == "end" and not self._may_respond(active, None):
                self.end_queue = self._others(active)
                continue
            if phase == "draw" and (self.draws_left <= 0 or not (self.main or self.money_deck)):
                self.phase = "main"
            self.current_player = active
            return
        self.current_player = None

    def _kitten_drawn(self, seat: int) -> None:
        """Suicide Kitten drawn by ``seat`` (during an effect now finished) goes on the stack."""
        kitten = next((c for c in self.hands[seat] if self.deck.names[c] == KITTEN), None)
        if kitten is None or self.out[seat]:
            return
        self.hands[seat].remove(kitten)
        self.stack.append(Item("kitten", seat, KITTEN, kitten))
        self.log.append(f"Seat {seat} drew Suicide Kitten! Unless stopped, seat {seat} is out.")
    # ---- applying -----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self.pending is not None:
            self._apply_choice(self.current_player, action)
        else:  # legal actions are exactly the classes of _HANDLERS (apply checked it)
            _HANDLERS[type(action)](self, self.current_player, action)
        self._advance()

    def _pass(self, seat: int, action: Pass) -> None:
        window = self.window
        (window.queue if window is not None else self.end_queue).pop(0)
        self.log.append(_PASSES[seat])

    def _believe(self, seat: int, action: Believe) -> None:
        self.window.queue.pop(0)
        self.log.append(_BELIEVES[seat])

    def _take_money_draw(self, seat: int, action: TakeMoney) -> None:
        self._take_money(seat)
        self.draws_left -= 1

    def _draw(self, seat: int, action: DrawCard) -> None:
        self._draw_card(seat)
        self.draws_left -= 1

    def _end_phase(self, seat: int, action: EndTurn) -> None:
        self.phase = "end"
        self.end_queue = list(self.seating[seat].others)
        self.log.append(_ENDS[seat])

    def _use_ability(self, seat: int, action: UseAbility) -> None:
        self.ability_used = True
        if action.name == "Exploding Island":
            self._pay(seat, ISLAND_ABILITY_COST)
        self.stack.append(Item("ability", seat, action.name, target=action.target))
        self.log.append(f"Seat {seat} uses the Ability of {action.name}"
                        + (f" on seat {action.target}." if action.target is not None else "."))
        self.window = None

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
        other.cash = list(self.cash)
        other.out = list(self.out)
        other.stack = [it.copy() for it in self.stack]
        other.end_queue = list(self.end_queue) if self.end_queue is not None else None
        other.window = self.window.copy() if self.window is not None else None
        other.pending = self.pending.copy() if self.pending is not None else None
        other.ops = list(self.ops)
        other.triggers = list(self.triggers)
        other.peek = list(self.peek)
        other.turned = list(self.turned)
        other.resolving = list(self.resolving)
        other.ttt_cards = set(self.ttt_cards)
        other.flower_jokers = set(self.flower_jokers)
        other._box = list(self._box)
        other.on_shown = None  # a listener follows its own game, not a clone's

    _shallow_copy = attribute_copier(State._core_fields + __slots__)


#: the log's most frequent lines, by seat (made once: the same text as the f-strings they replace)
_PASSES = tuple(f"Seat {s} passes." for s in range(CardGame.max_players))
_BELIEVES = tuple(f"Seat {s} believes." for s in range(CardGame.max_players))
_ENDS = tuple(f"Seat {s} ends the turn: end phase." for s in range(CardGame.max_players))

#: what applying each kind of action does, outside a choice while an effect resolves
_HANDLERS = {
    Pass: CardGameState._pass,
    Believe: CardGameState._believe,
    Challenge: CardGameState._challenge,
    TakeMoney: CardGameState._take_money_draw,
    DrawCard: CardGameState._draw,
    EndTurn: CardGameState._end_phase,
    Play: CardGameState._play,
    Claim: CardGameState._claim,
    UseAbility: CardGameState._use_ability,
}
