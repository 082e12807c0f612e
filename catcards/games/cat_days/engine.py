"""Cat Days: the game (:class:`CatDays`) and its state (:class:`CatDaysState`).

Source: ``rulebooks/cat-days.txt`` and ``rules/cat-days.md``; the readings taken are listed in
:mod:`catcards.games.cat_days`. Cards and deck: :mod:`.deck`; the days and the placing rules:
:mod:`.weeks`; actions: :mod:`.actions`; explicit deals: :mod:`.deals`.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Sequence

from ...cards import Card
from ...core import Action, Game, GameParameterError, Outcome, State, attribute_copier, normal_name, permutation
from ...core.text import plural
from ...params import Param
from ...registry import register
from ...seat_view import SeatView, observe
from .actions import DRAW, PASS, Draw, Pass, Play, _play_problem
from .deals import parse_deals
from .deck import ALL_DAYS, DAYS, DEAL_SIZE, load_deck
from .plays import TREE, play_table
from .weeks import Weeks

__all__ = ["CatDays", "CatDaysState", "OBSERVATION_FIELDS"]


@register
class CatDays(Game):
    """Cat Days (rulebook ``cat-days.txt``, decisions and deck ``rules/cat-days.md``).

    Args:
        players: 2 (the game is for two).
        first_player: the seat that moves first, 0 or 1 (rulebook: "the last person to have petted
            a cat starts"; ``rules/README.md``: a parameter, default seat 0).
        max_turns: the game is stopped and scored as it stands after this many turns (actions),
            a whole number >= 1, default 500 (``rules/cat-days.md``, for simulations); the
            outcome's reason then says "stopped by the turn limit".
        deck: the deck: the path of a deck file, an open file, a table (a list of row dicts) or
            a :class:`Deck` (see :func:`load_deck`); None: the packaged deck. The game keeps the
            deck's *content*: ``params["deck"]`` is its rows (:attr:`Deck.table`), never a path,
            so a saved game replays after the file is edited, moved or deleted.

    Raises:
        GameParameterError: a parameter outside those ranges. DeckError (a GameParameterError):
            the deck file cannot be read or has a mistake.
    """

    name = "cat-days"
    title = "Cat Days"
    min_players = 2
    max_players = 2
    default_players = 2
    teaches = "hypergeometric chance of holding a given card by turn k; draw now or play now"

    declared = (
        Param("first_player", 0, "the seat that moves first (the last person to have petted a cat)",
              kind="seat"),
        Param("max_turns", 500, "turns (actions) after which the game is stopped and scored as it stands",
              low=1),
        Param("deck", None, "the deck, a CSV file (format: catcards.games.cat_days.deck.load_deck); "
              "a save holds its rows, never a path",
              kind="custom", check=lambda g, v: g._check_deck(v), rows_of="deck", attribute="deck_table",
              default_text="the packaged deck",
              allowed_text="a deck CSV file (path or open file), its rows (a list of dicts), a Deck, or None"),
    )

    def __init__(self, players: int | None = None, first_player: int = 0, max_turns: int = 500,
                 deck: Any = None):
        super().__init__(players)
        self.set_params(first_player=first_player, max_turns=max_turns, deck=deck)

    def _check_deck(self, deck: Any) -> list[dict] | None:
        """The ``deck`` parameter's check: read it (:func:`load_deck`), keep the :class:`Deck` as
        ``self.deck``, and return its rows (None for the packaged deck), which ``params`` and a
        save hold as ``deck``.

        Raises:
            GameParameterError: ``deck`` is of none of the kinds :func:`load_deck` reads; DeckError
                (a GameParameterError): the file cannot be read or has a mistake.
        """
        self.deck = load_deck(deck)
        return None if deck is None else self.deck.table

    def _check_players(self, players: int) -> None:
        if players != 2:
            raise GameParameterError(f"{self.title} is a game for 2 players, not {players}")

    def new_game(self, seed: int | None = None, deals: dict | None = None) -> "CatDaysState":
        """Set up and deal; return the state with ``first_player`` to act.

        Args:
            seed: generator seed (see :meth:`catcards.core.Game.new_game`).
            deals: an explicit position for stacked-deck tests and lessons (card names, or Cards,
                case-insensitive), a dict with any of the keys:

                - ``"hands"``: two lists, each seat's whole hand (Cat Tree included if wanted);
                - ``"draw"``: the draw pile, top card first;
                - ``"discard"``: the discard pile, bottom first (top last);
                - ``"weeks"``: two weeks, each a dict from day name to the cards on that day,
                  bottom first: a Cat Tree or Cardboard Box first if there is one, then its cats
                  (``{"Monday": ["Lazy Cat", "Grumpy Cat"], "Sunday": ["Cat Tree", "Rescued Cat"]}``),
                  or a list of 7 such lists;
                - ``"rest"``: where the cards not named go: ``"draw"`` (default: shuffled with the
                  seed, under the named draw pile) or ``"out"`` (out of play, back in the box);
                - ``"shuffles"``: the draw piles (top first) the discard pile forms at the first,
                  second, ... reshuffle, instead of the generator's order (each must name the
                  discard pile's cards); later reshuffles use the generator.

                A card may be named with its copy number, ``"Lazy Cat #2"`` (copies are numbered
                from 0 in the deck's order; the Cat Trees given at setup come after the pile's),
                as the hidden-card sampler (:mod:`catcards.explore.cat_days`) does.

                Without ``deals`` the game is set up as in the rulebook: each player gets the setup
                cards (a Cat Tree) and 4 cards from the shuffled draw pile, ``first_player`` first.

        Raises:
            GameParameterError: an unknown key or card name, more copies of a card than the deck
                has, a malformed week (unknown day, a Cat Tree not at the bottom or with more than
                3 cats, an event other than Cat Tree / Cardboard Box on a day), a copy number the
                deck does not have, more than ``MAX_SHUFFLES`` shuffles. A named reshuffle that does
                not match the discard pile is refused when it happens, by ``apply``, before any change.
        """
        setup = parse_deals(self.deck, deals) if deals is not None else None
        return CatDaysState(self, seed, deals, setup)


#: the log lines of drawing and passing, by seat
_DRAWS = tuple(f"Seat {s} draws a card." for s in (0, 1))
_PASSES = tuple(f"Seat {s} can neither play nor draw, and passes." for s in (0, 1))
#: the legal actions of an empty hand when there is a card to draw
_DRAW_ONLY = (DRAW,)
#: the legal actions when there is nothing to play or draw
_PASS_ONLY = (PASS,)


def _take_from(hand: list[Card], card: Card) -> None:
    """Remove ``card`` from ``hand``: found by identity first (the engine's cards are the deck's
    own objects, so this is the usual case and compares no fields), else by equality."""
    for i, c in enumerate(hand):
        if c is card:
            del hand[i]
            return
    hand.remove(card)


class CatDaysState(State):
    """One game of Cat Days. See :class:`CatDays` for the rules; the contract is
    :class:`catcards.core.State`.

    Extra attributes (read-only for users):
        weeks: the :class:`Weeks` (what stands on every day).
        hands: each seat's hand (list of Cards); draw_pile (top card last); discard_pile (top
            last); out_of_play (cards left in the box by a stacked deal).
        turn: turns taken so far (each action is a turn).
        stopped_by_turn_limit: True when the game was stopped by ``max_turns``.
    """

    game: CatDays

    # The state's own attributes are slots (State's few are in its dict): a clone copies them by
    # name (_shallow_copy below, see core.attribute_copier), so a new attribute is added here.
    __slots__ = (
        "deck", "turn", "stopped_by_turn_limit", "_passes", "_max_turns", "_table", "_shuffles",
        "_reshuffled", "out_of_play", "draw_pile", "hands", "discard_pile", "weeks",
        "current_player", "rulebook_start",
    )

    def __init__(self, game: CatDays, seed, deals, setup: dict | None):
        super().__init__(game, seed, deals)
        self.deck = game.deck
        self.turn = 0
        self.stopped_by_turn_limit = False
        self._passes = 0
        self._max_turns = game.max_turns
        self._table = play_table(self.deck)
        #: the draw piles named for the next reshuffles (deals' "shuffles"), and how many were used
        self._shuffles: tuple = () if setup is None else setup["shuffles"]
        self._reshuffled = 0
        self._outcome: Outcome | None = None
        self.out_of_play: list[Card] = []
        if setup is None:
            order = permutation(self.rng, len(self.deck.pile_cards))
            self.draw_pile = list(map(self.deck.pile_cards.__getitem__, order))  # top card last
            self.hands = [list(cards) for cards in self.deck.setup_cards]
            first = game.first_player
            for seat in (first, 1 - first):
                for _ in range(DEAL_SIZE):
                    self.hands[seat].append(self.draw_pile.pop())
            self.discard_pile: list[Card] = []
            self.weeks = Weeks(self.deck)
        else:
            self.hands = [list(h) for h in setup["hands"]]
            self.weeks = setup["weeks"].copy()
            self.discard_pile = list(setup["discard"])
            rest = setup["left"]
            if setup["rest"] == "out":
                self.out_of_play = list(rest)
                rest = []
            else:
                rest = [rest[i] for i in self.rng.permutation(len(rest))]
            self.draw_pile = rest + list(reversed(setup["draw"]))
        self.current_player: int | None = game.first_player
        #: True when the game started as the rulebook sets it up (each hand its Cat Tree and 4
        #: cards, nothing on the table): a stacked deal doing so (a sampled one does) counts too.
        #: Public: the first log line says which.
        self.rulebook_start = rulebook_start = setup is None or (
            not self.discard_pile and not self.out_of_play and not any(self.weeks.filled(w) for w in (0, 1))
            and not any(b for week in self.weeks.base for b in week)
            and all(len(h) == DEAL_SIZE + len(self.deck.setup_cards[s]) and set(self.deck.setup_cards[s]) <= set(h)
                    for s, h in enumerate(self.hands)))
        self.log.append(
            f"Cat Days: each player has a Cat Tree and {DEAL_SIZE} cards; seat {game.first_player} starts."
            if rulebook_start else f"Cat Days from a set position; seat {game.first_player} starts."
        )
        if setup is not None:  # a set position may already be over (a dealt game cannot be)
            self._check_end()

    # ---- contract -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each week's score now (points of its visible cats)."""
        return [self.weeks.score(0), self.weeks.score(1)]

    def _cards_to_draw(self) -> int:
        return len(self.draw_pile) + len(self.discard_pile)

    def _legal_actions(self) -> Sequence[Action]:
        """The plays of the hand (:meth:`.plays.PlayTable.hand_plays`), then drawing a card if
        there is one to draw; passing only when neither is possible."""
        seat = self.current_player
        if seat is None:
            return ()
        to_draw = len(self.draw_pile) + len(self.discard_pile)
        hand = self.hands[seat]
        if not hand:  # an empty hand (about one turn in eight in random play)
            return _DRAW_ONLY if to_draw else _PASS_ONLY
        plays = self._table.hand_plays(self.weeks, seat, hand, to_draw)
        if to_draw:
            plays.append(DRAW)
        return plays or _PASS_ONLY  # State.legal_actions makes the list a tuple

    def _why_illegal(self, action: Action) -> str:
        seat = self.current_player
        if isinstance(action, Draw):
            return "the draw pile and the discard pile are both empty: there is nothing to draw"
        if isinstance(action, Pass):
            return "you may pass only when you can neither play a card nor draw"
        if not isinstance(action, Play):
            return f"{action!r} is not a Cat Days action (draw a card, play a card, or pass)"
        problem = _play_problem(action)
        if problem is not None and not isinstance(action.card, Card):
            return f"{action!r} is not a well-formed play: {problem}"
        card = action.card
        try:
            kind = self.deck.kind(card)
        except KeyError:
            return f"there is no card {card!r} in this deck (cards: {', '.join(self.deck.names())})"
        if card not in self.hands[seat]:
            if any(c.name == card.name for c in self.hands[seat]):
                return f"play the lowest copy of {card.name} in your hand (identical copies are one play)"
            return f"seat {seat} does not hold {card.name}"
        plays = [str(a) for a in self.legal_actions() if isinstance(a, Play) and a.card.name == card.name]
        if problem is not None:
            return f"{action!r} is not a well-formed play: {problem}" + (
                f"; legal plays of {card.name}: " + "; ".join(plays[:6]) if plays else "")
        if not plays:
            return (f"{card.name} cannot be played now: its whole text cannot be carried out "
                    f"({kind.describe()})")
        shown = "; ".join(plays[:6]) + ("; ..." if len(plays) > 6 else "")
        return f"{card.name} cannot be played like that ({kind.describe()}); legal now: {shown}"

    def _parse_action(self, text: str) -> Action | None:
        """The card a "play <card> ..." text names, as a Play of the lowest copy in the hand (or of
        the deck's first copy), so the error can say why it is not legal; None otherwise."""
        if not isinstance(text, str) or self.current_player is None:
            return None
        words = normal_name(text)
        if words in ("draw a card", "pass"):
            return DRAW if words == "draw a card" else PASS
        if not words.startswith("play "):
            return None
        rest, kind = words[5:], None
        for k in self.deck.kinds:
            key = normal_name(k.name)
            if (rest == key or rest.startswith(key + " ")) and (kind is None or len(key) > len(normal_name(kind.name))):
                kind = k
        if kind is None:
            return None
        held = [c for c in self.hands[self.current_player] if c.name == kind.name]
        card = min(held, key=lambda c: c.copy) if held else next(c for c in self.deck.cards if c.name == kind.name)
        return Play(card, kind.effect)

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        kind = type(action)  # Draw, Pass or Play (a pickled or copied state's DRAW is a Draw too)
        if self._shuffles and self._reshuffled < len(self._shuffles):  # a named reshuffle is checked before any change
            needs = 1 if kind is Draw else 0 if kind is Pass else self._table.rules[action.card.name].draws
            if needs > len(self.draw_pile):
                self._named_shuffle()
        turn = self.turn = self.turn + 1
        if kind is Draw:
            self._passes = 0
            if self.draw_pile:
                self.hands[seat].append(self.draw_pile.pop())
            else:
                self._draw(seat)
            self.log.append(_DRAWS[seat])
        elif kind is Pass:
            self._passes += 1
            self.log.append(_PASSES[seat])
        else:
            self._passes = 0
            play = action
            card = play.card
            rule = self._table.rules[card.name]
            hand = self.hands[seat]
            if hand[-1] is card:  # the card drawn last (often): no search
                hand.pop()
            else:
                _take_from(hand, card)
            line = play._seat_1_line if seat else play._seat_0_line  # kept on the play after its first time
            self.log.append(line if line is not None else play.log_line(seat))
            if rule.how < TREE:  # a cat put on a day (plays.PLACE .. NEIGHBOURS_CATS): nothing else happens
                self.weeks.place_cat(seat if play.week == "my" else 1 - seat, play.day, card)
            else:
                self._play(seat, play, rule)
        self.current_player = 1 - seat
        if ALL_DAYS in self.weeks.holds_cat or self._passes >= 2 or turn >= self._max_turns:
            self._check_end()  # a full week (a day mask with every day), two passes or the turn limit

    def _named_shuffle(self) -> list[Card] | None:
        """The draw pile (top last) the deals name for the reshuffle about to happen, taken from
        the discard pile; None when the deals name no more reshuffles.

        Raises:
            GameParameterError: the named pile is not the discard pile's cards.
        """
        if self._reshuffled >= len(self._shuffles):
            return None
        left = list(self.discard_pile)
        pile = []
        for name, copy in self._shuffles[self._reshuffled]:
            found = next((c for c in sorted(left, key=lambda c: c.copy)
                          if c.name == name and (copy is None or c.copy == copy)), None)
            if found is None:
                break
            left.remove(found)
            pile.append(found)
        if left or len(pile) != len(self._shuffles[self._reshuffled]):
            raise GameParameterError(
                f"Cat Days deals, shuffles: reshuffle {self._reshuffled + 1} does not name the "
                f"{len(self.discard_pile)} cards of the discard pile it shuffles"
            )
        return pile[::-1]

    def _draw(self, seat: int) -> None:
        if not self.draw_pile:
            n = len(self.discard_pile)
            named = self._named_shuffle()
            self._reshuffled += 1
            self.draw_pile = named if named is not None else [self.discard_pile[i] for i in self.rng.permutation(n)]
            self.discard_pile = []
            self.log.append(f"The draw pile is empty: the discard pile ({n} cards) is shuffled to form a new one.")
        self.hands[seat].append(self.draw_pile.pop())

    def _play(self, seat: int, action: Play, rule) -> None:
        """Carry out an event, a Cat Tree or a Grumpy Cat (``action``, its card already taken from
        the hand and its log line written); ``rule``: its card's :class:`.plays.Rule`."""
        card = action.card
        removes = rule.uncovers
        if removes:  # only a cat taken off a day can uncover another (on that day alone)
            w0, d0 = (1 - seat, action.target_day) if action.effect == "cardboard box" else (
                seat if action.week == "my" else 1 - seat, action.day)
            before = list(self.weeks.visible(w0, d0))
        if rule.draws:  # a "draw N" card draws and does nothing on the days
            for _ in range(rule.draws):
                self._draw(seat)
            self.log.append(f"Seat {seat} draws {rule.draws} cards.")
        else:
            for where, w, cat in self.weeks.carry_out(seat, action):
                if where == "discard":
                    self.discard_pile.append(cat)
                else:
                    self.hands[w].append(cat)
        if rule.discarded:
            self.discard_pile.append(card)  # events go to the discard pile after their effect
        if removes:  # say when a covered cat comes back into view
            for cat in self.weeks.visible(w0, d0):
                if cat not in before and cat != action.card and cat not in (action.target, action.other):
                    self.log.append(f"{cat.name} on seat {w0}'s {DAYS[d0]} is visible again.")

    def _check_end(self) -> None:
        if self._outcome is not None:
            return
        full = [s for s in (0, 1) if self.weeks.full(s)]
        if full:
            who = " and ".join(f"seat {s}" for s in full)
            reason = f"{who} {'has' if len(full) == 1 else 'have'} a cat on every day of the week"
        elif self._passes >= 2:
            reason = "neither player can play or draw any more"
        elif self.turn >= self.game.max_turns:
            self.stopped_by_turn_limit = True
            reason = f"stopped by the turn limit ({plural(self.game.max_turns, 'turn')}), scored as it stands"
        else:
            return
        scores = self.scores()
        best = max(scores)
        winners = tuple(s for s in (0, 1) if scores[s] == best)
        result = "shared victory" if len(winners) == 2 else f"seat {winners[0]} wins"
        self._outcome = Outcome(winners, tuple(scores), f"{reason}; {scores[0]} to {scores[1]}: {result}")
        self.current_player = None
        self.log.append(f"Game over: {self._outcome.reason}.")

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator). Keys: ``seat``, ``players``, ``current_player``,
        ``turn``, ``max_turns``, ``hand`` (own Cards, by name and copy; [] for a spectator),
        ``hand_sizes``, ``draw_pile_size`` (count), ``discard_pile`` (Cards, top last),
        ``out_of_play`` (count), ``weeks`` (per seat, 7 dicts: ``day``, ``base`` (Cat
        Tree/Cardboard Box or None), ``cats`` (bottom first), ``visible``, ``covered`` (public: a
        covered cat may be looked at), ``score``), ``scores`` (per week), ``days_filled``,
        ``deck`` (the :class:`Deck`), ``legal`` (seat to act only), ``log`` (the last 40 public
        lines), ``is_over``, ``outcome``. Built from :data:`OBSERVATION_FIELDS`, as :meth:`view`.

        Raises:
            ValueError: ``seat`` is not 0, 1 or None.
        """
        return observe(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def view(self, seat: int | None) -> SeatView:
        """:meth:`observation` read key by key (:class:`catcards.seat_view.SeatView`: each key
        computed when first read), valid until the next action: what the play loops give a
        computer player, which reads a few keys of the observation.

        Raises:
            ValueError: ``seat`` is not 0, 1 or None.
        """
        return SeatView(OBSERVATION_FIELDS, self, self.check_seat(seat))

    def zones(self) -> dict[str, list[Card]]:
        z = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        z["draw pile"] = list(self.draw_pile)
        z["discard pile"] = list(self.discard_pile)
        z["out of play"] = list(self.out_of_play)
        for w in (0, 1):
            z[f"week {w}"] = [c for d in range(7) for c in
                              ([self.weeks.base[w][d]] if self.weeks.base[w][d] else []) + self.weeks.stack[w][d]]
        return z

    def hidden_zones(self, seat: int | None) -> list[str]:
        return [f"hand {s}" for s in (0, 1) if s != seat] + ["draw pile", "out of play"]

    def _copy_mutables(self, other: "CatDaysState") -> None:
        other.hands = [list(h) for h in self.hands]
        other.draw_pile = list(self.draw_pile)
        other.discard_pile = list(self.discard_pile)
        other.out_of_play = list(self.out_of_play)
        other.weeks = self.weeks.copy()

    _shallow_copy = attribute_copier(State._core_fields + __slots__)


#: a card's sort key in a hand as an observation shows it: ``(name, copy)`` (read in C, not by a
#: Python function per card: every computer player's choice reads the hand)
_by_name_copy = attrgetter("name", "copy")


def _weeks_view(state: CatDaysState, seat: int | None) -> list[list[dict[str, Any]]]:
    weeks = state.weeks
    return [[weeks.day_view(w, d) for d in range(7)] for w in (0, 1)]


#: the fields of :meth:`CatDaysState.observation` (and :meth:`~CatDaysState.view`): key ->
#: ``field(state, seat)``, seat already checked (None: a spectator)
OBSERVATION_FIELDS: dict[str, Any] = {
    "seat": lambda state, seat: seat,
    "players": lambda state, seat: 2,
    "current_player": lambda state, seat: state.current_player,
    "turn": lambda state, seat: state.turn,
    "max_turns": lambda state, seat: state.game.max_turns,
    "hand": lambda state, seat: sorted(state.hands[seat], key=_by_name_copy) if seat is not None else [],
    "hand_sizes": lambda state, seat: [len(h) for h in state.hands],
    "draw_pile_size": lambda state, seat: len(state.draw_pile),
    "discard_pile": lambda state, seat: list(state.discard_pile),
    "out_of_play": lambda state, seat: len(state.out_of_play),
    "weeks": _weeks_view,
    "scores": lambda state, seat: state.scores(),
    "days_filled": lambda state, seat: [state.weeks.filled(0), state.weeks.filled(1)],
    "deck": lambda state, seat: state.deck,
    "legal": lambda state, seat: state.legal_for(seat),
    "log": lambda state, seat: state.log[-40:],
    "is_over": lambda state, seat: state.is_over,
    "outcome": lambda state, seat: state._outcome,
}
