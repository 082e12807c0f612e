"""Card Game: The Card Game: what cards do: the effect table and the steps effects are made of.

:data:`EFFECTS` maps each card to its effect when it resolves, :data:`ABILITIES` each Ability
(A:) to the step it queues, and :data:`OPS` each step kind ("draw", "lose", "eat4", ...) to the
code that runs it (rules/card-game.md, "Cards"; the readings in :mod:`.engine`). :class:`Effects`
holds the state's methods for resolving the top of the stack, the primitive moves of cards and
tokens, and the choices a player makes while an effect resolves.
"""
from __future__ import annotations

import itertools

from ...core import Action
from .actions import (DONE, DRAW, TAKE_MONEY, DiscardCard, MoneyInstead, PutBack, PutOnTop, TakeMoney, TakeTurned,
                      _interned)
from .deck import FINAL, KITTEN, MONEY_NAMES, THREATS
from .stack import Item, Pending

__all__ = ["Effects", "EFFECTS", "ABILITIES", "OPS"]


#: the log's most frequent lines, by seat (made once: the same text as an f-string per line;
#: a game has at most 5 seats)
_DRAWS = tuple(f"Seat {s} draws a card." for s in range(5))
_TAKES_MONEY = tuple(f"Seat {s} takes a Money card." for s in range(5))


class Effects:
    """Part of :class:`~catcards.games.card_game.engine.CardGameState` (see :class:`.views.Views`):
    resolving the stack."""

    # ---- primitive effects --------------------------------------------------------------------
    def _take_money(self, seat: int) -> None:
        if not self.money_deck:
            self.log.append(f"Seat {seat} would take Money, but the Money deck is empty.")
            return
        self._to_money_area(seat, self.money_deck.pop())
        self.log.append(_TAKES_MONEY[seat])

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
            self.log.append(_DRAWS[seat])
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
        self._rules_changed()

    def _lose_tokens(self, seat: int, n: int) -> None:
        lost = min(n, self.tokens[seat])
        self.tokens[seat] -= lost
        self._scores_changed = True
        self.log.append(
            f"Seat {seat} loses {lost} token{'s' * (lost != 1)}"
            + (" (has none)" if n and not lost else "") + f"; tokens now {self.tokens[seat]}."
        )

    def _gain_tokens(self, seat: int, n: int) -> None:
        self.tokens[seat] += n
        self._scores_changed = True
        self.log.append(f"Seat {seat} gains {n} token{'s' * (n != 1)}; tokens now {self.tokens[seat]}.")

    def _pay(self, seat: int, amount: int) -> None:
        """Pay ``amount`` dollars from ``seat``'s money area: Money cards first (to the bottom of
        the Money deck), then Jokers held as Money, then Dark Flowers (2$; no change given), both
        to the discard pile (the readings in :mod:`.engine`)."""
        if not amount:
            return
        area, deck, flowers = self.money[seat], self.deck, self.flower_jokers
        rank = deck.pay_rank
        if len(area) == 1:
            order = list(area)
        else:  # sorted by (2 if c in flowers else rank[c]), stably: the ranks are 0, 1 and 2
            order, jokers, darks = [], [], []
            for c in area:
                r = 2 if flowers and c in flowers else rank[c]
                if r == 0:
                    order.append(c)
                elif r == 1:
                    jokers.append(c)
                else:
                    darks.append(c)
            order += jokers
            order += darks
        paid = 0
        for c in order:
            if paid >= amount:
                break
            area.remove(c)
            worth = deck.dollars[c] + (c in flowers)  # a Joker played as Dark Flower: 2$
            self.cash[seat] -= worth
            paid += worth
            if deck.is_money[c]:
                self.money_deck.insert(0, c)  # bottom of the Money deck
            else:
                self._to_discard(c)
        self.log.append(f"Seat {seat} pays {amount}$.")

    def _knock_out(self, seat: int, why: str) -> None:
        names = self.deck.names
        self.out[seat] = True
        self._scores_changed = True
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
        tokens = self.tokens[seat]
        self.tokens[seat] = self.cash[seat] = 0
        self._reseat()
        # the tokens went to 0 unsaid (break48: each token change has its line)
        gone = f"; {tokens} token{'s' * (tokens != 1)} gone, tokens now 0" if tokens else ""
        self.log.append(f"Seat {seat} is out ({why}): hand, LOCK cards and characters are discarded{gone}.")

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
            self.ops.append(ABILITIES[name](item))
            return
        effect = EFFECTS.get(name)
        if effect is not None:
            effect(self, item)

    def _place(self, item: Item) -> None:
        """Where a resolved card goes: money area (Dark Flower), in front (LOCK), table (RULE),
        Exploding Island (CHARACTER, when it is there) or the discard pile."""
        c, name, types = item.card, item.name, self._types(item.name)
        if name == "Dark Flower":  # a Joker played as Dark Flower keeps that name: worth 2$
            if item.joker:
                self.flower_jokers.add(c)
            self._to_money_area(item.seat, c)
        elif "LOCK" in types:
            self.front[item.seat].append((c, name))
            self._scores_changed = True
        elif "RULE" in types:
            self._put_rule(c, name)
        elif "CHARACTER" in types and self._on_table("Exploding Island"):
            self.island[item.seat].append((c, name))
            self.log.append(f"{name} stays on Exploding Island with seat {item.seat}.")
        else:
            self._to_discard(c)

    def _cancel(self, item: Item) -> None:
        if item.kind == "kitten":
            self._to_discard(item.card)
            self.log.append(f"Not So Fast stops Suicide Kitten: seat {item.seat} stays in; the kitten is discarded.")
            return
        if item.card is not None:
            self._to_discard(item.card)
        self.log.append(f"Not So Fast cancels {item.describe()}; its money is not returned.")

    def _shown(self, cards: list[int]) -> None:
        """Called with cards whose names an effect has just shown every player while they stay
        out of sight (The Guardian's hand, Eat Four!'s cards taken into hand or Suicide Kitten
        shuffled back): passed on to ``on_shown`` when it is set. The rules need nothing here;
        :mod:`catcards.explore.card_game` listens."""
        listener = self.on_shown
        if listener is not None:
            listener(cards)

    def _guardian(self, t: int, named: str) -> None:
        hand = self.hands[t]
        self._shown(list(hand))
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
        self._shown(taken + ([kitten] if kitten is not None else []))
        if kitten is not None:
            self.main.insert(int(self.rng.integers(len(self.main) + 1)), kitten)
            self.log.append("Suicide Kitten is not SPECIAL's choice here: it is shuffled back into the main deck.")
        if ty == "LOCK" and taken:
            self.turned = taken
            self.pending = Pending("eat4", t)
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

    # ---- choices while an effect resolves -----------------------------------------------------
    def _pending_actions(self) -> list[Action]:
        p = self.pending
        kind, seat = p.kind, p.seat
        names = self.deck.names
        if kind == "ttt_draw":
            return [DRAW, TAKE_MONEY] if self.money_deck else [DRAW]
        if kind == "ttt_pick":
            return [DONE] + [_interned(PutOnTop, x) for x in self._distinct(self.discard[::-1])]
        if kind == "discard":
            return [_interned(DiscardCard, x) for x in self._distinct(self.hands[seat])]
        if kind == "peek":
            return [_interned(PutBack, order) for order in dict.fromkeys(
                tuple(names[c] for c in perm) for perm in itertools.permutations(self.peek))]
        if kind == "eat4":
            x = names[self.turned[0]]
            acts: list[Action] = [_interned(TakeTurned, x)]
            if self.money_deck:
                acts.append(_interned(MoneyInstead, x))
            return acts
        raise AssertionError(kind)

    def _apply_choice(self, seat: int, action: Action) -> None:
        p = self.pending
        kind = p.kind
        names = self.deck.names
        if kind == "ttt_draw":
            self.pending = None
            if isinstance(action, TakeMoney):
                self.log.append(f"Seat {seat} takes Money instead of the card To The Top put there.")
                self._take_money(seat)
            else:
                self._draw_card(seat)
        elif kind == "ttt_pick":
            if not isinstance(action, PutOnTop):  # done
                self.pending = None
                return
            x = action.card
            c = next(c for c in reversed(self.discard) if names[c] == x)
            self.discard.remove(c)
            self.main.append(c)
            self.ttt_cards.add(c)
            self.log.append(f"Seat {seat} shows {x} from the discard pile and puts it on top of the main deck.")
            p.left -= 1
            if p.left <= 0 or not self.discard:
                self.pending = None
        elif kind == "discard":
            x = action.card
            self._to_discard(self._take_from_hand(seat, x))
            self.log.append(f"Seat {seat} discards {x}.")
            self.pending = None
        elif kind == "peek":
            left = list(self.peek)
            chosen = []
            for x in action.cards:
                c = next(c for c in left if names[c] == x)
                left.remove(c)
                chosen.append(c)
            self.main.extend(reversed(chosen))
            self.peek = []
            self.log.append(f"Seat {seat} puts the {len(chosen)} cards back on the main deck.")
            self.pending = None
        elif kind == "eat4":
            c = self.turned.pop(0)
            if isinstance(action, MoneyInstead):
                self._to_discard(c)
                self.log.append(f"Seat {seat} discards {names[c]} and takes a Money card instead.")
                self._take_money(seat)
            else:
                self.hands[seat].append(c)
                self.log.append(f"Seat {seat} takes {names[c]}.")
            if not self.turned:
                self.pending = None


# ---- the effect table: what each card does when it resolves (rules/card-game.md, "Cards") ---------
# Each entry takes the state and the resolving :class:`Item`; most queue steps (``ops``) that
# :data:`OPS` then runs one at a time, so a Suicide Kitten drawn midway waits for the effect's end.
def _not_so_fast(state, item: Item) -> None:
    if state.stack:
        state._cancel(state.stack.pop())


def _ancestral_headache(state, item: Item) -> None:
    state.ops += [("draw", item.seat)] * 3


def _to_the_top(state, item: Item) -> None:
    if state.discard:
        state.pending = Pending("ttt_pick", item.seat, 2)


def _threat(state, item: Item) -> None:
    t = item.target
    if t in item.protected:
        state.log.append(f"Imaginary Dinosaur: seat {t} loses no tokens.")
    else:
        state.ops.append(("lose", t, THREATS[item.name]))


def _imaginary_dinosaur(state, item: Item) -> None:
    if state.stack and state._threatens(state.stack[-1], item.seat):
        below = state.stack[-1]
        below.protected = below.protected | {item.seat}


def _the_guardian(state, item: Item) -> None:
    state.ops.append(("guardian", item.target, item.option))


def _eat_four_card(state, item: Item) -> None:
    state.ops.append(("eat4", item.target, item.option))


def _gain_one(state, item: Item) -> None:
    state.ops.append(("gain", item.seat, 1))


def _nap(state, item: Item) -> None:
    state.ops += [("draw", item.seat), ("money", item.seat)]


#: card name -> its effect when it resolves (cards not listed only go where they lie: LOCK, RULE)
EFFECTS = {
    "Not So Fast": _not_so_fast,
    "Ancestral Headache": _ancestral_headache,
    "To The Top": _to_the_top,
    "Shot!": _threat,
    "The Assassin": _threat,
    "Imaginary Dinosaur": _imaginary_dinosaur,
    "The Guardian": _the_guardian,
    "Eat Four!": _eat_four_card,
    "Golden Yarn": _gain_one,
    "Lucky Cat": _gain_one,
    "Nap": _nap,
}

#: Ability (A:) name -> the step it queues when it resolves
ABILITIES = {
    "Lucky Cat": lambda item: ("gain", item.seat, 1),
    "Pickpocket": lambda item: ("pickpocket", item.seat, item.target),
    "Fortune Teller": lambda item: ("peek", item.seat),
    "Exploding Island": lambda item: ("island", item.seat, item.target),
}


# ---- the steps an effect queues -----------------------------------------------------------------
def _op_draw(state, op: tuple) -> None:
    seat = op[1]
    if seat == state.active and state.main and state.main[-1] in state.ttt_cards and not state.out[seat]:
        state.pending = Pending("ttt_draw", seat)
        state.log.append(f"Seat {seat} must draw {state.deck.names[state.main[-1]]} (put there by "
                         "To The Top) and may take Money instead.")
    else:
        state._draw_card(seat)


def _op_discard(state, op: tuple) -> None:
    if state.hands[op[1]]:
        state.pending = Pending("discard", op[1])
    else:
        state.log.append(f"Seat {op[1]} has no card to discard.")


def _op_peek(state, op: tuple) -> None:
    k = min(3, len(state.main))
    if k:
        state.peek = [state.main.pop() for _ in range(k)]
        state.pending = Pending("peek", op[1])


def _op_pickpocket(state, op: tuple) -> None:
    seat, t = op[1], op[2]
    area = state.money[t]
    if area:
        c = min(area, key=lambda c: {"Joker": 1, "Dark Flower": 2}.get(state.money_name(c), 0))
        area.remove(c)
        state.cash[t] -= state.deck.dollars[c] + (c in state.flower_jokers)
        state._to_money_area(seat, c)
        state.log.append(f"Seat {seat} moves a {state.money_name(c)} from seat {t}'s money area.")


def _op_to_discard(state, op: tuple) -> None:
    state.resolving.remove(op[1])
    state._to_discard(op[1])


#: step kind -> the function that runs it
OPS = {
    "draw": _op_draw,
    "money": lambda state, op: state._take_money(op[1]),
    "gain": lambda state, op: state._gain_tokens(op[1], op[2]),
    "lose": lambda state, op: state._lose_tokens(op[1], op[2]),
    "discard": _op_discard,
    "guardian": lambda state, op: state._guardian(op[1], op[2]),
    "eat4": lambda state, op: state._eat_four(op[1], op[2]),
    "peek": _op_peek,
    "pickpocket": _op_pickpocket,
    "island": lambda state, op: state._island(op[1], op[2]),
    "to_discard": _op_to_discard,
}
