"""Last Cat, a toy game: a face-down pile of Cat cards; in turn each seat takes 1 or 2 cards from
the top; the seat that takes the last card wins. (Rules: this docstring; it is a test fixture.)"""
from __future__ import annotations

from dataclasses import dataclass

from catcards import Card, Game, GameParameterError, Outcome, State, register
from catcards.core import Action
from catcards.params import Param


@dataclass(frozen=True)
class Take(Action):
    """Take ``count`` cards from the top of the pile."""

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@register
class LastCat(Game):
    """Last Cat: take 1 or 2 cards from the pile; whoever takes the last card wins."""

    name = "last-cat"
    title = "Last Cat"
    min_players = 2
    max_players = 4
    default_players = 2
    teaches = "a winning strategy by working backwards (leave a multiple of 3)"
    declared = (
        Param("first_player", 0, "the seat that takes first", kind="seat"),
        Param("cards", 7, "cards on the pile at the start", low=2, high=30),
    )

    def __init__(self, players=None, first_player=0, cards=7):
        super().__init__(players)
        self.set_params(first_player=first_player, cards=cards)

    def new_game(self, seed=None, deals=None):
        if deals is not None:
            raise GameParameterError(f"{self.title} takes no explicit deals")
        return LastCatState(self, seed, deals)


class LastCatState(State):
    def __init__(self, game, seed, deals):
        super().__init__(game, seed, deals)
        cards = [Card("Cat", k) for k in range(1, game.cards + 1)]
        order = self.rng.permutation(len(cards))
        self.pile = [cards[i] for i in order]
        self.taken = [[] for _ in range(game.players)]
        self.current_player = game.first_player

    def _legal_actions(self):
        if self.current_player is None:
            return ()
        return tuple(Take(n) for n in (1, 2) if n <= len(self.pile))

    def _why_illegal(self, action):
        if self.current_player is None:
            return "the game is over"
        return f"you may take 1 or 2 cards, and only as many as the pile holds ({len(self.pile)})"

    def _apply(self, action):
        seat = self.current_player
        cards = [self.pile.pop() for _ in range(action.count)]
        self.taken[seat].extend(cards)
        self.log.append(f"Seat {seat} takes {' and '.join(map(str, cards))}; {len(self.pile)} left.")
        if not self.pile:
            self._outcome = Outcome(
                winners=(seat,),
                scores=tuple(len(t) for t in self.taken),
                reason=f"Seat {seat} took the last card.",
            )
            self.current_player = None
        else:
            self.current_player = (seat + 1) % self.game.players

    def observation(self, seat):
        seat = self.check_seat(seat)
        return {
            "seat": seat,
            "current_player": self.current_player,
            "pile_size": len(self.pile),
            "taken": [list(t) for t in self.taken],
            "legal": self.legal_for(seat),
            "log": list(self.log),
            "is_over": self.is_over,
            "outcome": self.outcome,
        }

    def zones(self):
        return {"pile": list(self.pile), **{f"taken_{s}": list(t) for s, t in enumerate(self.taken)}}

    def hidden_zones(self, seat):
        return ["pile"]

    def _copy_mutables(self, other):
        other.pile = self.pile.copy()
        other.taken = [t.copy() for t in self.taken]
