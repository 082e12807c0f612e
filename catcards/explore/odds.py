"""Odds from here: :func:`odds` estimates a seat's chances by rollouts, seeing only what it sees.

A *rollout* draws the cards the seat cannot see (:meth:`catcards.core.State.sample_hidden`, so
the estimate depends only on ``observation(seat)`` and the public history), then lets computer
players finish the game from there, once per legal action of the seat (the same drawn cards and
the same future randomness for every action: common random numbers, so the difference between
two actions is not blurred by luck). The win rate is a proportion of rollouts, given with a 95%
Wilson interval (:func:`catcards.probability.wilson_interval`): Monte Carlo estimation.

What the odds assume. The odds count every deal of the hidden cards that the seat cannot tell
apart from the real one as equally likely: they use what the rules force (a player who did not
follow suit has none of it), not what a player's choice hints. Where the others' choices do tell
something, the odds are those of a player who ignores it. An example where that matters
(``notebooks/explore.ipynb``, section 2): in a King of the Jungle end position reached by random
bids and eleven random tricks, random players who must follow suit make some deals likelier (seat
0 had to play its Lion on a blue lead if it held no other blue card; with other blue cards it
picked the Lion 1 time in 2 or 3). Weighting each deal by the chance of the plays seen gives
seat 2's blue 8 a chance of 9/13 (0.692), where the equal count gives 3/4; 1000 rollouts of
:func:`odds` (``agents="random"``, ``seed=1``) give [0.709, 0.763]: they estimate the equal
count. A thinking player's choice can hint more: in the lesson's Cat Trick position, the
``sensible`` player who trumps a pink lead with the blue 5 still holds a pink card 0.798 of the
time (6,265 such plays), where the equal count says 0.758. And in King of the Jungle an opponent who bid 5 tricks probably holds high cards, but
every deal of the unseen cards gets the same chance, so the odds of winning a trick with a
middling card are too high against a high bidder. The future is played by the chosen computer
players (``agents``), not by the real ones.

Precision and time. With ``precision`` (default 0.05) and ``seconds`` (default 2) the rollouts
go where they matter (adaptive allocation, a form of successive elimination: E. Even-Dar,
S. Mannor and Y. Mansour, "Action elimination and stopping conditions for the multi-armed bandit
and reinforcement learning problems", JMLR 7 (2006) 1079-1105): every row gets rollouts in
steps of :data:`CHECK`; at each step a row whose interval's half-width is at most ``precision``
stops (precise enough), and so does a row that is clearly more than :data:`NEAR` below the best
row (the rows within :data:`NEAR` of the best are the ones a player weighs: they all get the
precision, however sure it already is that they are worse). "Clearly more than NEAR below"
compares the two rows rollout by rollout (they share each rollout's cards and future): the 95%
interval of the mean of the per-rollout differences (won minus won: -1, 0 or 1; a paired
comparison, A. Agresti, "Categorical Data Analysis", 3rd ed., Wiley 2013, section 11.1) lies
wholly below -:data:`NEAR`, after at least :data:`MIN_PAIRED` rollouts. That interval is
widened for the many comparisons a table makes (every row against the best, at every look where
a row may still be stopped so: before the cap and, with ``precision``, before every row is precise,
22 looks for +-0.05, :func:`far_looks`; a union bound, C. E. Bonferroni 1936, so that a near-best
row is stopped so in well under one table in twenty: 2% of 2,000 simulated tables of ten
independent rows, nine of them exactly NEAR below the best, the worst case; with 1.96 at every
look a fifth of the tables of ten rows just inside NEAR lost one). A row stopped so starts
again when, at a later step, that no longer holds against the best row then (its estimate
moved). The others go on until the rollouts cap or the time is spent; the table says why each
row stopped (column ``stopped``). Row
``j``'s numbers are
always those of rollouts ``0 .. n_j - 1`` (``n_j`` its ``rollouts`` column; of the row it shares
them with, for rows alike, below), so a table equals the
fixed-count table of those rollouts, whatever the timing. Without ``seconds`` the stops happen at
fixed counts and the whole table is reproducible; with it, how far the rollouts got depends on
the machine. (Looking at intervals while they grow makes them slightly too optimistic; the
stopping rule is a way to spend time, not a test.)

Exact values. Where few hidden cards and moves remain, :func:`odds` first tries to enumerate:
every random draw of the rollout (the hidden deal, the computer players' tie-breaks, later
shuffles) is taken in every way it can go, each weighted by its probability. When that finishes
within :data:`EXACT_PLAYOUTS` play-outs, the row's win rate is the exact probability (``exact``
True, ``low == high == win_rate``; ``rollouts`` the play-outs enumerated and ``wins`` how many of
them were won, unweighted). A rollout that draws something that cannot be enumerated (a
continuous number: a forgetting player, a reaction time) is never exact.

Cheap play-outs. A computer player that declares ``takes_view`` (it reads its observation only
while choosing: the computer players of every game that has a view) is given ``state.view(seat)`` in a
play-out, the observation read key by key (:class:`catcards.seat_view.SeatView`: the same
keys and values, each computed when read), so a move pays for the few keys it reads; it is the
same agent and the same ``choose`` as at the table. A play-out at a shorter horizon
(:data:`SHORT_HORIZONS`: a "round", Pairs' "turn") stops when the round's or turn's counter
changes. :data:`PANEL_HORIZONS` says which question the tables' panel asks per game (this round
in King of the Jungle and Cat Trick, this turn in Pairs, and why; the benchmark measures each
game at that horizon).

Rows alike. Where a game declares that some of the seat's actions cannot be told apart by the
seat (``ALIKE_ROWS`` in its module of :mod:`catcards.explore`; Pairs: turning over any card never
seen, :func:`catcards.explore.pairs.alike_rows`), those rows share one set of rollouts: the first
of them runs, the others show its numbers. Not with ``peek`` (the true cards tell them apart).
A game may also declare how the panel names its rows (``ROW_LABELS``, :func:`row_labels`; Pairs:
a seen card's row says what it showed); the table of odds keeps the action texts.

Seeds: rollout ``i`` of a call with seed ``S`` draws its hidden cards and future from
``SeedSequence([S, i])`` and seat ``k``'s agent from ``SeedSequence([S, i, 1 + k])``, and the
computer players are built afresh for every play-out (an agent's memory belongs to one play-out),
so a rollout is the same however the rollouts are split over an executor (like
:func:`catcards.simulate`).
"""
from __future__ import annotations

import copy
import importlib
import math
import numbers
import time
from concurrent.futures import Executor
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

import numpy as np

from ..agents import Agent, make_agent
from ..core import GameParameterError, State, check_count, is_whole, short_repr
from ..probability import wilson_interval, z_value
from ..simulate import is_executor, per_seat
from ..seat_view import looking
from .hidden import prepare

if TYPE_CHECKING:  # pandas loads only when odds() runs: playing a game needs none of it
    import pandas as pd

__all__ = ["odds", "rollout_results", "own_actions", "OddsRun", "MAX_ROLLOUTS", "HORIZONS", "SHORT_HORIZONS", "short_horizon", "panel_agents", "PANEL_HORIZONS",
           "panel_horizon", "question", "row_labels"]

#: the most rollouts one call accepts (a bound on untrusted input)
MAX_ROLLOUTS = 1_000_000
#: actions one rollout may take before it is declared endless
MAX_ACTIONS = 200_000
#: the adaptive allocation looks at the intervals every CHECK rollouts of a row
CHECK = 16
#: a row within NEAR of the best row's win rate is "near-best": it is stopped early only when it is
#: clearly more than NEAR below the best, so every near-best row gets the precision
NEAR = 0.10
#: the fewest rollouts a row is compared with the best row on before it may stop as far below it
MIN_PAIRED = 2 * CHECK
#: the most play-outs (over all rows) an exact enumeration may take before it gives up
EXACT_PLAYOUTS = 2000
#: the most seconds an exact enumeration may take before it gives up
EXACT_SECONDS = 0.2
#: rollouts per row at most when ``precision`` is asked for and no ``rollouts`` cap is given
#: (a 95% interval of half-width 0.05 needs at most 385)
ADAPTIVE_CAP = 2000
#: a step of :class:`OddsRun` runs rollouts in pieces of about this many seconds
PIECE_SECONDS = 0.05
#: the clock that ``seconds`` are read from: the wall clock, what a student waits for (a
#: benchmark on a shared machine may read CPU time instead: :func:`use_clock`)
CLOCK: Callable[[], float] = time.perf_counter


def clock() -> float:
    """Now, by :data:`CLOCK` (seconds)."""
    return CLOCK()


def use_clock(fn: Callable[[], float]) -> None:
    """Read time budgets from ``fn`` (e.g. ``time.process_time``: this process's CPU seconds, so
    that a benchmark's figures do not shrink when other processes share the cores)."""
    global CLOCK
    if not callable(fn):
        raise GameParameterError(f"a clock is a function returning seconds, not {fn!r}")
    CLOCK = fn


#: the longest time budget one call accepts, in seconds
MAX_SECONDS = 3600.0

#: the strategy used for "sensible" in a game that has none by that name
FALLBACK = {"snap": "reaction", "pairs": "forgetful", "card-game": "bluffer", "big-cat": "random"}


def _round_bid_made(state: State, seat: int) -> tuple[bool, float, bool]:
    r = state.hand_results[-1]
    return r["bids"][seat] == r["won"][seat], float(r["points"][seat]), True


def _round_super_cat(state: State, seat: int) -> tuple[bool, float, bool]:
    r = state.round_results[-1]
    return seat in r["winners"], float(seat in r["winners"]), True


def _round_no_simon(state: State, seat: int) -> tuple[bool, float, bool]:
    r = state.round_results[-1]
    return seat not in r["simon"], float(r["messes"][seat]), False


def _turn_pair(state: State, seat: int) -> tuple[bool, float, bool]:
    t = state.last_turn
    made = t is not None and t["seat"] == seat and t["match"]
    return made, float(made), True


class ShortHorizon(NamedTuple):
    """A horizon shorter than the whole game (see :data:`SHORT_HORIZONS`).

    Attributes:
        counter: the state's counter that changes when the horizon is reached ("round", "hand_no",
            "turns"): a play-out stops after the action that changes it.
        result: ``result(state, seat)`` -> (won, score, higher is better) of the horizon just
            reached.
        deal_only: whether the game's own generator is drawn from only to deal what comes after
            the horizon (then it is neither drawn per row nor enumerated).
        question: what a row's win rate is the chance of, in words.
        played: the panel's name for a play-out to this horizon.
        seat_to_act: whether the question is about the asking seat's own turn (Pairs' turn), so
            only the seat to act may ask it.
        own_strategy: the strategy the tables' panel plays the asking seat's own moves with, and
            how the panel says it (None: the panel's computer players for every seat). Pairs'
            turn: "perfect" memory, since the panel's rows name every card seen
            (:func:`catcards.explore.pairs.row_labels`): the student knows what a computer player
            that forgets would not.
    """

    counter: str
    result: Callable[[State, int], tuple[bool, float, bool]]
    deal_only: bool
    question: str
    played: str
    seat_to_act: bool = False
    own_strategy: tuple[str, str] | None = None


def panel_agents(game_name: str, players: int, seat: int, horizon: str) -> tuple[list[str], str | None]:
    """The computer players of the tables' panel for ``seat``'s chances at ``horizon``: "sensible"
    for every seat, but the asking seat's own strategy where the horizon names one
    (:attr:`ShortHorizon.own_strategy`); and the words that say so (None: nothing to say)."""
    agents = ["sensible"] * players
    short = SHORT_HORIZONS.get((game_name, horizon))
    if short is None or short.own_strategy is None:
        return agents, None
    agents[seat], words = short.own_strategy
    return agents, words


def asks_own_turn(state: State, horizon: str) -> bool:
    """Whether ``horizon`` asks about the turn of the seat to act in ``state``'s game (see
    :attr:`ShortHorizon.seat_to_act`)."""
    short = SHORT_HORIZONS.get((state.game.name, horizon))
    return short is not None and short.seat_to_act


#: horizons shorter than the whole game, by (game name, horizon). King of the Jungle, "round": the
#: bid made (score: the hand's points); Cat Trick, "round": a Super Cat card won this round (score 1
#: or 0; its shares draw mid-round); Simon's Cat, "round": no Simon card taken this round (score:
#: messes taken, fewer is better); Pairs, "turn": a pair made with this turn's two cards (score 1
#: or 0; ``rules/wildcat.md``, "Pairs": a turn is two cards, a match turns again)
SHORT_HORIZONS: dict[tuple[str, str], ShortHorizon] = {
    ("king-of-the-jungle", "round"): ShortHorizon("hand_no", _round_bid_made, True, "making this hand's bid",
                                                  "play-outs of this hand"),
    ("cat-trick", "round"): ShortHorizon("round", _round_super_cat, False, "winning this round's Super Cat card",
                                         "play-outs of this round"),
    ("simons-cat", "round"): ShortHorizon("round", _round_no_simon, True, "taking no Simon card this round",
                                          "play-outs of this round"),
    ("pairs", "turn"): ShortHorizon("turns", _turn_pair, True, "making a pair with this turn's two cards",
                                    "play-outs of this turn", seat_to_act=True,
                                    own_strategy=("perfect", "you remember every card shown")),
}
#: what a play-out may stop at: the whole game, or (:data:`SHORT_HORIZONS`) this round or turn
HORIZONS = ("game", "round", "turn")


def short_horizon(game_name: str) -> str | None:
    """The horizon shorter than the whole game that game ``game_name`` has ("round", "turn"), or
    None (:data:`SHORT_HORIZONS`)."""
    return next((h for g, h in SHORT_HORIZONS if g == game_name), None)


#: the horizon the tables' "What are my chances?" panel is to ask about, by game (the others:
#: "game"; the panel passes it to its OddsRun, with :func:`question`'s words as its heading).
#: King of the Jungle: a game runs to 90 points, 5 to 11 hands of 56 actions (20 seeded games of
#: "sensible" players: 417 actions on average), so a whole-game play-out from the first hand
#: costs about 6 ms of CPU and two seconds give each of 14 bids some 25 of them (+-0.2); and
#: from one hand of about eight, the moves' chances of winning the game differ by a few points,
#: less than any interval the panel could draw. What a move decides is this hand's bid, answered to
#: +-0.05 within two seconds. Cat Trick: a round gives one Super Cat card and the game needs
#: three, so the same holds on a smaller scale; the round's card is what a card played wins or
#: loses. Pairs: a play-out of the whole game is about 100 cards (some 2 ms), and from one card
#: of 52 the chances of winning differ by less than the panel's intervals, while the question a
#: card decides, and one a student can check by counting, is whether this turn makes a pair
#: (e.g. an unseen card when 3 of the 20 unseen cards match: 3/20). Whole-game odds stay one
#: argument away (``odds(..., horizon="game")``).
PANEL_HORIZONS: dict[str, str] = {"king-of-the-jungle": "round", "cat-trick": "round", "pairs": "turn"}


def panel_horizon(game_name: str) -> str:
    """The horizon the "What are my chances?" panel asks about for game ``game_name``
    (:data:`PANEL_HORIZONS`; "game" for a game not listed)."""
    return PANEL_HORIZONS.get(game_name, "game")


def question(game_name: str, horizon: str = "game") -> str:
    """What a row's win rate is the chance of, in words: "winning the game", or the shorter
    horizon's question (:data:`SHORT_HORIZONS`, e.g. King of the Jungle's "making this hand's bid")."""
    short = SHORT_HORIZONS.get((game_name, horizon))
    return "winning the game" if short is None else short.question


def policy_name(game_name: str, name: str | Agent) -> str | Agent:
    """``name``, except "sensible" in a game without such a strategy: :data:`FALLBACK`'s choice
    (Snap: "reaction", Pairs: "forgetful", Card Game: "bluffer", Big Cat: "random", which has no
    decisions anyway)."""
    from ..agents import strategies

    if name == "sensible" and "sensible" not in strategies(game_name):
        return FALLBACK.get(game_name, "random")
    return name


def _agents(game, agents) -> list[Agent]:
    built = [make_agent(game.name, policy_name(game.name, a)) for a in per_seat(agents, game.players)]
    if any(getattr(a, "choose_in", None) is not None for a in built):
        raise GameParameterError("the players of a rollout cannot themselves play by rollouts; use e.g. 'sensible'")
    return built


def own_actions(state: State, seat: int) -> list[str | None]:
    """The rows of ``seat``'s table: the text of each legal action that ``seat`` itself takes when
    it is to act (Snap offers every seat's "snap by seat k" at every moment: only seat ``seat``'s
    are kept, read from the action's ``seat``), else ``[None]`` (one row for the position)."""
    if seat != state.current_player:
        return [None]
    mine = [str(a) for a in state.legal_actions() if getattr(a, "seat", seat) == seat]
    return mine or [None]


#: the game modules of :mod:`catcards.explore` that may declare fast paths (see below)
_GAME_MODULES = ("big_cat", "card_game", "cat_days", "cat_trick", "king_of_the_jungle", "pairs",
                 "simons_cat", "snap")


def _declared(name: str) -> dict:
    """Every game module's dict ``name`` (``FAST_PLAY_OUTS``, ``ALIKE_ROWS`` or ``EXACT_ROWS``), merged."""
    found: dict = {}
    for module in _GAME_MODULES:
        found.update(getattr(importlib.import_module(f"{__package__}.{module}"), name, {}))
    return found


@lru_cache(maxsize=1)
def _fast_play_outs() -> dict:
    """Agent class -> ``f(state, rngs) -> Outcome``: the whole rest of a game played by that
    agent at every seat, as the engine would play it with the same generators, without building
    actions or log lines. A game declares its own as ``FAST_PLAY_OUTS`` in its module of
    :mod:`catcards.explore` (e.g. :func:`catcards.explore.simons_cat.play_out_sensible`)."""
    return _declared("FAST_PLAY_OUTS")


@lru_cache(maxsize=1)
def _exact_rows() -> dict:
    """Game name -> ``f(state, seat, agents, peek, actions, horizon) -> rows | None``: a game's own
    count of exact rows, tried before the enumeration (:func:`exact_rows`). A game declares its
    own as ``EXACT_ROWS`` in its module of :mod:`catcards.explore` (e.g.
    :func:`catcards.explore.pairs.turn_exact`)."""
    return _declared("EXACT_ROWS")


@lru_cache(maxsize=1)
def _alike_rows() -> dict:
    """Game name -> ``f(state, seat, actions, agents) -> list[int] | None``: per row of
    ``actions``, the row whose rollouts it shares (itself when it runs its own), for rows the
    seat cannot tell apart (see the module docstring); None: every row its own. A game declares
    its own as ``ALIKE_ROWS`` in its module of :mod:`catcards.explore` (e.g.
    :func:`catcards.explore.pairs.alike_rows`)."""
    return _declared("ALIKE_ROWS")


@lru_cache(maxsize=1)
def _row_labels() -> dict:
    """Game name -> ``f(observation, actions) -> list``, see :func:`row_labels`."""
    return _declared("ROW_LABELS")


def row_labels(state, seat: int, actions: list) -> list:
    """Per row of ``actions`` (texts, or None, as :func:`own_actions` gives), the label the
    tables' "What are my chances?" panel shows: the game's own (``ROW_LABELS`` in its module of
    :mod:`catcards.explore`, given ``state.observation(seat)`` only, never the hidden cards; Pairs:
    "turn over card 7 (it showed 3)", :func:`catcards.explore.pairs.row_labels`), else the texts
    themselves. The odds table (:func:`catcards.odds`) keeps the action texts."""
    label = _row_labels().get(state.game.name)
    return list(actions) if label is None else list(label(state.observation(seat), list(actions)))


class _SeatGenerators:
    """``rngs[k]``: seat ``k``'s agent generator of rollout ``i``,
    ``default_rng(SeedSequence([seed, i, 1 + k]))``, built the first time the agent draws from
    it (an agent that never breaks a tie never pays for one: building it was about a tenth of a
    King of the Jungle play-out). ``made``: a dict shared by the play-outs of one rollout (one per
    row, run one after another): a seat's generator built by an earlier play-out is set back to
    its first state instead of built again (the same draws; setting a state costs a tenth of
    building a generator)."""

    __slots__ = ("_key", "_made", "_shared")

    def __init__(self, seed: int, i: int, n: int, made: dict | None = None):
        self._key = (seed, i)
        self._made: list = [None] * n
        self._shared = {} if made is None else made

    def __getitem__(self, k: int) -> "_SeatGenerator":
        rng = self._made[k]
        if rng is None:
            rng = self._made[k] = _SeatGenerator((*self._key, 1 + k), self._shared)
        return rng


class _SeatGenerator:
    """A ``numpy.random.Generator`` seeded ``SeedSequence(key)``, made (or, when ``shared`` holds
    one for ``key`` from an earlier play-out, set back to its first state) when first used:
    every attribute is the generator's (``rng.integers``, ``rng.bit_generator``, ...)."""

    __slots__ = ("_key", "_rng", "_shared")

    def __init__(self, key: tuple[int, ...], shared: dict):
        self._key, self._rng, self._shared = key, None, shared

    def __getattr__(self, name: str):
        rng = self._rng
        if rng is None:
            rng = self._rng = _fresh_generator(self._shared, self._key)
        return getattr(rng, name)


def _fresh_generator(made: dict, key) -> np.random.Generator:
    """``default_rng(SeedSequence(key))`` in its first state: the one in ``made`` set back to it,
    else a new one (kept in ``made`` with its first state). ``made`` belongs to one rollout,
    whose play-outs run one after another, so a generator is never in use twice at once."""
    got = made.get(key)
    if got is None:
        rng = np.random.default_rng(np.random.SeedSequence(list(key)))
        made[key] = (rng, rng.bit_generator.state)
        return rng
    rng, first = got
    rng.bit_generator.state = first
    return rng


def _play_out(state: State, agents, rngs, until: str | None = None) -> State:
    """``state`` played on by ``agents`` (seat ``k`` drawing from ``rngs[k]``) until it is over
    or, with ``until`` (the name of a counter such as "round"), until that counter of the state
    has changed after an action; returns ``state`` (changed)."""
    look = [looking(state, a) for a in agents]
    start = None if until is None else getattr(state, until)
    rngs = [rngs[k] for k in range(len(agents))]  # (lazy generators: nothing is drawn here)
    for _ in range(MAX_ACTIONS):
        seat = state.current_player
        if seat is None:
            return state
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
        else:
            see = look[seat]
            rng = rngs[seat]
            state.apply(agents[seat].choose(None if see is None else see(seat), legal, rng))
            if type(rng) is _SeatGenerator and rng._rng is not None:
                rngs[seat] = rng._rng  # made: the generator itself from now on (no lookup per draw)
        if until is not None and getattr(state, until) != start:
            return state
    raise RuntimeError(f"a rollout from {state!r} did not end within {MAX_ACTIONS} actions")


def _finish(state: State, agents, rngs):
    """The outcome of ``state`` played to its end by ``agents`` (``state`` may be changed): by a
    game's whole-game fast path when every seat plays the same agent that has one (same result,
    same draws), else action by action (:func:`_play_out`)."""
    kinds = {type(a) for a in agents}
    if len(kinds) == 1:
        whole = _fast_play_outs().get(kinds.pop())
        if whole is not None:
            return whole(state, rngs)
    return _play_out(state, agents, rngs).outcome


def _deal_only(state: State, horizon: str) -> bool:
    """Whether the game's own generator only deals what comes after ``horizon`` (see
    :class:`ShortHorizon`)."""
    return horizon != "game" and SHORT_HORIZONS[state.game.name, horizon].deal_only


def _horizon_counter(state: State, horizon: str) -> Any:
    """The counter of ``horizon`` in ``state`` (None for the whole game): read before a row's
    action, so that an action that ends the round or turn is the end of the play-out."""
    return None if horizon == "game" else getattr(state, SHORT_HORIZONS[state.game.name, horizon].counter)


def _result(state: State, seat: int, agents, rngs, horizon: str, start: Any = None) -> tuple[bool, float, bool]:
    """(seat won, seat's score, higher is better) of ``state`` played on to ``horizon``; ``start``:
    the horizon's counter before the row's action (:func:`_horizon_counter`): if it has changed already, or
    the game is over, the round or turn has ended and nothing is played."""
    if horizon != "game":
        short = SHORT_HORIZONS[state.game.name, horizon]
        if not state.is_over and getattr(state, short.counter) == start:
            fresh = [copy.deepcopy(a) for a in agents]  # an agent's memory belongs to this play-out
            _play_out(state, fresh, rngs, until=short.counter)  # a game that ends, ends with its round
        return short.result(state, seat)
    if state.is_over:
        out = state.outcome
    else:
        out = _finish(state, [copy.deepcopy(a) for a in agents], rngs)
    return seat in out.winners, float(out.scores[seat]), out.higher_is_better


def rollout_results(
    state: State, seat: int, start: int, stop: int, seed: int, agents: Sequence, peek: bool,
    actions: Sequence[str | None], horizon: str = "game", info: Any = None,
) -> list[list[tuple[bool, float, bool]]]:
    """Rollouts ``start..stop-1``: per rollout, per action, (seat won, seat's score, whether higher
    scores are better).

    One executor task (module level so that it pickles); :func:`odds` adds them up. Rollout ``i``
    of an action is the same in any call (see the module docstring). ``info``: ``prepare(state,
    seat)`` when the caller has it already (an :class:`OddsRun` prepares once: preparing replays
    the history and counts the deals, which took more time than the rollouts of a short step).
    """
    built = _agents(state.game, list(agents))
    if info is None and not peek:
        info = prepare(state, seat)
    n = state.game.players
    # a round's result does not depend on the game's generator when it only deals the next round:
    # every play-out then shares one (as the exact enumeration does), instead of one made per row
    deal_only = np.random.default_rng(0) if _deal_only(state, horizon) else None
    out = []
    for i in range(start, stop):
        rng = np.random.default_rng(np.random.SeedSequence([seed, i]))
        world = state if peek else info.sample(rng)
        future = int(rng.integers(2**63))
        made: dict = {}  # this rollout's generators, set back to their first state for each row
        row = []
        for text in actions:
            # the drawn world with the rollout's future generator (a clone: same seed and deals)
            w = world.clone()
            w.rng = deal_only if deal_only is not None else _fresh_generator(made, (future,))
            start = _horizon_counter(w, horizon)
            if text is not None:
                w.apply(w.action_from_string(text))
            row.append(_result(w, seat, built, _SeatGenerators(seed, i, n, made), horizon, start))
        out.append(row)
    return out


# ---- exact values by enumeration ------------------------------------------------------------------
class NotEnumerable(Exception):
    """A rollout drew something that cannot be enumerated, or too many ways (internal)."""


class _Paths:
    """The draws of one play-out as an odometer: ``choose(n)`` gives the current path's choice
    among ``n`` equally likely ways; :meth:`advance` moves to the next path (depth first)."""

    def __init__(self, limit: int):
        self.choices: list[int] = []
        self.sizes: list[int] = []
        self.at = 0
        self.weight = Fraction(1)
        self.product = 1  # the ways of the current path's draws so far, multiplied
        self.limit = limit

    def choose(self, n: int) -> int:
        n = int(n)
        if n <= 1:
            return 0
        if n > self.limit:
            raise NotEnumerable(f"a draw among {n} ways")
        self.product *= n
        if self.product > self.limit:
            raise NotEnumerable("more ways than the limit")
        if self.at < len(self.choices):
            c = self.choices[self.at]
        else:
            self.choices.append(0)
            self.sizes.append(n)
            c = 0
        self.at += 1
        self.weight /= n
        return c

    def advance(self) -> bool:
        del self.choices[self.at:], self.sizes[self.at:]
        while self.choices and self.choices[-1] + 1 == self.sizes[-1]:
            self.choices.pop()
            self.sizes.pop()
        self.at, self.weight, self.product = 0, Fraction(1), 1
        if not self.choices:
            return False
        self.choices[-1] += 1
        return True


class _NoBits:
    """The enumerating generator's ``bit_generator``: anything read from it cannot be enumerated
    (:func:`catcards.agents.pick` sees a bit generator it does not know and calls ``integers``)."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotEnumerable(f"bit_generator.{name}")


class Enumerating:
    """Stands in for a ``numpy.random.Generator`` in an exact enumeration: ``integers``,
    ``permutation`` and ``shuffle`` take each of their equally likely ways in turn (a shuffle as
    the Fisher-Yates choices); anything else (``random``, ``gamma``, sizes) raises
    :class:`NotEnumerable`. :func:`catcards.explore.hidden.new_seed` gives 0 for it (the seed
    of a sampled world, whose generator is then this one)."""

    bit_generator = _NoBits()
    enumerating = True

    def __init__(self, paths: _Paths):
        self._paths = paths

    def integers(self, low, high=None, size=None, dtype=None, endpoint=False):
        if size is not None:
            raise NotEnumerable("integers with a size")
        if high is None:
            low, high = 0, low
        n = int(high) - int(low) + (1 if endpoint else 0)
        return int(low) + self._paths.choose(n)

    def shuffle(self, x) -> None:
        for i in range(len(x) - 1, 0, -1):
            j = self._paths.choose(i + 1)
            if j != i:
                x[i], x[j] = x[j], x[i]

    def permutation(self, x):
        items = list(range(int(x))) if isinstance(x, (int, np.integer)) else list(x)
        self.shuffle(items)
        return np.array(items)

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotEnumerable(name)


def exact_rows(state: State, seat: int, agents: Sequence, peek: bool, actions: Sequence[str | None],
               horizon: str = "game", limit: int = EXACT_PLAYOUTS,
               seconds: float | None = EXACT_SECONDS) -> list[dict] | None:
    """Per action, the exact chances: by a game's own count where it declares one (``EXACT_ROWS``
    in its module of :mod:`catcards.explore`; Pairs' turn, :func:`catcards.explore.pairs.turn_exact`),
    else by enumerating every draw of the rollout (see the module docstring): dicts with ``wins`` (paths won), ``rollouts`` (paths), ``p`` (the probability of
    winning, a Fraction), ``score`` (the expected score, a Fraction or float) and ``higher``;
    None when it cannot be enumerated within ``limit`` play-outs and ``seconds`` (None: no time
    limit, so the answer does not depend on the machine)."""
    built = _agents(state.game, list(agents))
    counted = _exact_rows().get(state.game.name)
    if counted is not None:
        rows = counted(state, seat, built, peek, actions, horizon)
        if rows is not None:
            return rows
    info = None if peek else prepare(state, seat)
    n = state.game.players
    reference = np.random.default_rng(0).bit_generator.state
    deal_only = _deal_only(state, horizon)
    deadline = None if seconds is None else clock() + seconds
    used = 0
    rows = []
    try:
        for text in actions:
            paths = _Paths(limit)
            p, score, wins, count, higher = Fraction(0), Fraction(0), 0, 0, True
            while True:
                used += 1
                if used > limit or (deadline is not None and clock() > deadline):
                    return None
                e = Enumerating(paths)
                if peek:
                    w = state.clone()
                else:
                    world = info.sample(e)
                    if world.rng.bit_generator.state != reference:
                        return None  # the sampler drew from the world's own generator
                    w = world.clone()
                # a round's result does not depend on the next round's deal: not enumerated
                w.rng = np.random.default_rng(0) if deal_only else e
                start = _horizon_counter(w, horizon)
                if text is not None:
                    w.apply(w.action_from_string(text))
                won, sc, higher = _result(w, seat, built, [e] * n, horizon, start)
                p += paths.weight * won
                score += paths.weight * Fraction(sc)
                wins += bool(won)
                count += 1
                if not paths.advance():
                    break
            rows.append({"wins": wins, "rollouts": count, "p": p, "score": score, "higher": higher})
    except NotEnumerable:
        return None
    return rows


# ---- the adaptive run -----------------------------------------------------------------------------
@lru_cache(maxsize=64)
def far_looks(cap: int, precision: float | None) -> int:
    """How many looks of an :class:`OddsRun` may stop one row as "far below" the best (at least
    1): the looks at ``n`` rollouts, a multiple of :data:`CHECK` from :data:`MIN_PAIRED` up,
    before the cap (a row at its cap stops there) and, with ``precision``, while a row may still
    be short of it. A row is tested as far below only when it is not precise yet, and a 95%
    Wilson interval is widest at a win rate of 1/2 (:func:`catcards.probability.wilson_interval`:
    its half-width grows with p(1 - p)), so from the first ``n`` where ``n/2`` wins of ``n`` are
    within +-``precision`` every row is precise at its look. 22 looks for precision 0.05 (32 to
    368 rollouts; 384 are precise at any win rate), 4 for 0.1, whatever the cap above them; without
    precision, every look below the cap (123 for 2000)."""
    looks, n = 0, -(-MIN_PAIRED // CHECK) * CHECK
    while n < cap:
        if precision is not None:
            low, high = wilson_interval(n // 2, n)
            if (high - low) / 2 <= precision:
                break
        looks += 1
        n += CHECK
    return max(1, looks)


class OddsRun:
    """One odds table being worked out step by step (what :func:`odds` and the tables' "What are
    my chances?" panel run). Arguments as :func:`odds` (checked there); ``actions`` the rows.

    :meth:`step` (seconds) runs rollouts for about that long and says whether the table is done;
    :meth:`frame` is the table so far (every row has at least one rollout after the first step).
    """

    def __init__(self, state: State, seat: int, actions: Sequence[str | None], *, cap: int, seed: int,
                 agents: Sequence, peek: bool, precision: float | None, adaptive: bool, exact: bool,
                 horizon: str = "game"):
        self.state, self.seat, self.actions = state, seat, list(actions)
        self.cap, self.seed, self.agents, self.peek = cap, seed, list(agents), peek
        self.precision, self.adaptive, self.horizon = precision, adaptive, horizon
        k = len(self.actions)
        self.wins, self.n, self.score = [0] * k, [0] * k, [0.0] * k
        #: per row, its rollouts won as bits (bit i: rollout i won), for the paired comparison
        self.won_bits = [0] * k
        self.active = [True] * k
        self.worse: set[int] = set()  # rows stopped as far below the best (they may start again)
        self.exact: list[dict | None] = [None] * k
        self.higher = True
        self._try_exact = exact
        self._per_playout: float | None = None  # seconds per play-out, measured
        self._info: Any = None  # prepare(state, seat), made at the first step that needs it
        self.time_budget: float | None = None  # odds()'s seconds
        # rows the seat cannot tell apart share the rollouts of the first of them
        alike = None if peek else _alike_rows().get(state.game.name)
        self.shares = list(range(k)) if alike is None else (
            alike(state, seat, self.actions, _agents(state.game, self.agents)) or list(range(k)))
        for j, r in enumerate(self.shares):
            if r != j:
                self.active[j] = False
        # the far-below comparison's z: 95% over every comparison the table may make
        # (each row but the best, at each look where a row can still be stopped so: far_looks)
        comparisons = max(1, len(set(self.shares)) - 1) * far_looks(cap, precision if adaptive else None)
        self.far_z = z_value(1 - 0.05 / comparisons)

    @property
    def done(self) -> bool:
        """Whether every row has stopped (see the module docstring)."""
        return not any(self.active)

    @property
    def started(self) -> bool:
        """Whether every row has a value (at least one rollout, or exact)."""
        return all(self.n[j] or self.exact[j] is not None for j in range(len(self.actions)))

    def _rows_active(self) -> list[int]:
        return [j for j, a in enumerate(self.active) if a]

    def tasks(self) -> list[tuple[list[int], int, int]]:
        """The rollouts to run before the next look, as [(rows, start, stop)]: the active rows
        with the fewest rollouts (all of them, but while a step was cut short), from their count
        to the next multiple of :data:`CHECK` (without precision: to the cap)."""
        act = self._rows_active()
        if not act:
            return []
        at = min(self.n[j] for j in act)
        rows = [j for j in act if self.n[j] == at]
        stop = min(self.cap, (at // CHECK + 1) * CHECK) if self.adaptive else self.cap
        return [(rows, at, stop)]

    def add(self, rows: list[int], start: int, results: list) -> None:
        """Add rollouts ``start..`` (``results`` as :func:`rollout_results` gives) to ``rows``
        (each of which has ``start`` rollouts), then stop the rows that are done (:meth:`_look`)."""
        for i, r in enumerate(results, start):
            for j, (won, sc, higher) in zip(rows, r):
                if won:
                    self.wins[j] += 1
                    self.won_bits[j] |= 1 << i
                self.score[j] += sc
                self.higher = bool(higher)
        for j in rows:
            self.n[j] = start + len(results)
        for j, r in enumerate(self.shares):
            if r != j:
                self.wins[j], self.n[j], self.score[j] = self.wins[r], self.n[r], self.score[r]
                self.won_bits[j] = self.won_bits[r]
        self._look()

    def _look(self) -> None:
        """Stop the rows that are done: at their cap; at a look (every :data:`CHECK` rollouts,
        once every active row has as many), precise enough, or clearly more than :data:`NEAR`
        below the best row (:meth:`far_below`). A row stopped as far below that no longer is
        (against the best row now) starts again."""
        act = self._rows_active()
        for j in act:
            if self.n[j] >= self.cap:
                self.active[j] = False
        act = self._rows_active()
        if not act or not self.adaptive or len({self.n[j] for j in act}) > 1 or self.n[act[0]] % CHECK:
            return
        bounds = {j: self._interval(j) for j in range(len(self.actions)) if self.n[j] or self.exact[j]}
        best = max(bounds, key=lambda j: (bounds[j][0], -j))  # the highest win rate
        for j in act:
            rate, low, high = bounds[j]
            if self.precision is not None and (high - low) / 2 <= self.precision:
                self.active[j] = False  # precise enough
            elif j != best and self.far_below(j, best):
                self.active[j] = False  # clearly more than NEAR below the best
                self.worse.add(j)
        for j in sorted(self.worse):
            if self.n[j] < self.cap and not self.far_below(j, best):
                self.worse.discard(j)  # the best moved: it may be near the best after all
                self.active[j] = True

    def far_below(self, j: int, best: int) -> bool:
        """Whether row ``j`` is clearly more than :data:`NEAR` below row ``best``: over the first
        ``m`` rollouts both have (``m`` at least :data:`MIN_PAIRED`), the mean of row ``j``'s win
        (1 or 0) minus row ``best``'s, plus :attr:`far_z` standard errors (95% over all the
        table's comparisons), is below -:data:`NEAR` (a paired comparison: see the module
        docstring). With an exact row: row ``j``'s 95% interval lies wholly below the best row's
        interval less :data:`NEAR`."""
        if self.exact[j] is not None or self.exact[best] is not None:
            return self._interval(j)[2] < self._interval(best)[1] - NEAR
        m = min(self.n[j], self.n[best])
        if m < MIN_PAIRED:
            return False
        common = (1 << m) - 1
        mine, theirs = self.won_bits[j] & common, self.won_bits[best] & common
        ahead, behind = (mine & ~theirs).bit_count(), (theirs & ~mine).bit_count()
        mean = (ahead - behind) / m
        var = max(0.0, ((ahead + behind) / m - mean * mean) * m / (m - 1))  # the differences' sample variance
        return mean + self.far_z * math.sqrt(var / m) < -NEAR

    def _interval(self, j: int) -> tuple[float, float, float]:
        e = self.exact[j]
        if e is not None:
            v = float(e["p"])
            return v, v, v
        low, high = wilson_interval(self.wins[j], self.n[j])
        return self.wins[j] / self.n[j], low, high

    def _run_exact(self, seconds: float | None = EXACT_SECONDS) -> None:
        self._try_exact = False
        rows = exact_rows(self.state, self.seat, self.agents, self.peek, self.actions, self.horizon,
                          seconds=seconds)
        if rows is not None:
            self.exact = rows
            self.higher = rows[0]["higher"]
            self.active = [False] * len(self.actions)

    def step(self, seconds: float | None) -> bool:
        """Run rollouts in this process for about ``seconds`` (None: to the end), in pieces of
        about :data:`PIECE_SECONDS` (at least one play-out); returns whether the table is done.
        The exact enumeration is tried first, within a tenth of ``seconds`` (at most
        :data:`EXACT_SECONDS`; without ``seconds``, within :data:`EXACT_PLAYOUTS` play-outs
        whatever the time, so that the table does not depend on the machine)."""
        started = clock()
        if self._try_exact:
            self._run_exact(None if seconds is None else min(EXACT_SECONDS, seconds / 10))
        while not self.done:
            (rows, a, stop), = self.tasks()
            per = self._per_playout
            if per is None:  # not measured yet: one play-out
                rows, b = rows[:1], a + 1
            elif per * len(rows) > PIECE_SECONDS:
                rows, b = rows[: max(1, int(PIECE_SECONDS / per))], a + 1
            else:
                b = min(stop, a + max(1, int(PIECE_SECONDS / (per * len(rows)))))
            t0 = time.perf_counter()
            if self._info is None and not self.peek:
                self._info = prepare(self.state, self.seat)
            part = rollout_results(self.state, self.seat, a, b, self.seed, self.agents, self.peek,
                                   [self.actions[j] for j in rows], self.horizon, self._info)
            self._per_playout = (time.perf_counter() - t0) / ((b - a) * len(rows))
            self.add(rows, a, part)
            if seconds is not None and clock() - started >= seconds:
                break
        return self.done

    def frame(self) -> pd.DataFrame:
        """The table so far (see :func:`odds` for its columns)."""
        import pandas as pd

        rows = []
        for j, text in enumerate(self.actions):
            e = self.exact[j]
            if e is not None:
                rate = float(e["p"])
                wins, n, low, high, mean = e["wins"], e["rollouts"], rate, rate, float(e["score"])
            elif self.n[j] == 0:  # not reached yet (a step cut short)
                wins, n, low, high, rate, mean = 0, 0, 0.0, 1.0, math.nan, math.nan
            else:
                wins, n = self.wins[j], self.n[j]
                low, high = wilson_interval(wins, n)
                rate, mean = wins / n, self.score[j] / n
            half = (high - low) / 2
            reached = bool(half <= (self.precision if self.precision is not None else 0.05) + 1e-12)
            if e is not None:
                stopped = "exact"
            elif self.shares[j] in self.worse:
                stopped = "far below"
            elif self.precision is not None and reached:
                stopped = "precise"
            elif n >= self.cap:
                stopped = "cap"
            else:
                stopped = "time"
            rows.append({
                "action": text, "wins": wins, "rollouts": n, "win_rate": rate, "low": low, "high": high,
                "mean_score": mean, "higher_is_better": self.higher, "exact": e is not None,
                "half_width": half,
                "reached": reached, "stopped": stopped, "same_as": self.shares[j],
            })
        return pd.DataFrame(rows)


def too_close(frame: pd.DataFrame) -> list[bool]:
    """Per row of an odds table, whether it is "too close to call" against the best row: its 95%
    interval overlaps the best row's (the best row too, when any other row overlaps it). A row
    stopped as "far below" the best (column ``stopped``) never is: the paired comparison showed
    it is more than :data:`NEAR` below, however wide its own interval still is. Nor is an exact
    row beside an exact best row (column ``exact``): equal or not, nothing is left to call (a
    student read "100% exactly ... too close to call")."""
    if len(frame) < 2:
        return [False] * len(frame)
    rates = list(frame["win_rate"])
    far = list(frame["stopped"] == "far below") if "stopped" in frame else [False] * len(frame)
    exact = [bool(x) for x in frame["exact"]] if "exact" in frame else [False] * len(frame)
    known = [j for j in range(len(rates)) if not math.isnan(rates[j])]
    if not known:
        return [False] * len(frame)
    best = max(known, key=lambda j: (rates[j], -j))
    lo, hi = frame["low"].iloc[best], frame["high"].iloc[best]
    marks = [j != best and not far[j] and not (exact[j] and exact[best]) and not math.isnan(rates[j])
             and frame["high"].iloc[j] >= lo and frame["low"].iloc[j] <= hi for j in range(len(rates))]
    marks[best] = any(marks)
    return marks


def odds(
    state: State,
    seat: int,
    rollouts: int | None = None,
    seed: int = 0,
    agents: str | Agent | Sequence[str | Agent] = "sensible",
    executor: Executor | str | None = None,
    peek: bool = False,
    progress: bool = True,
    chunk_size: int | None = None,
    precision: float | None = None,
    seconds: float | None = None,
    horizon: str = "game",
    exact: bool | None = None,
) -> pd.DataFrame:
    """The chances of ``seat`` from this position, by rollouts (see the module docstring: what
    the odds assume, the adaptive allocation, exact values and seeds).

    Two ways to ask. ``odds(state, seat, rollouts=400)``: every row gets exactly 400 rollouts (as
    before). ``odds(state, seat, precision=0.05, seconds=2)`` (the default when ``rollouts`` is
    not given): rollouts where they matter, until the best and near-best rows' 95% intervals
    are within +-``precision``, ``seconds`` are spent or ``rollouts`` (then a cap per row,
    default :data:`ADAPTIVE_CAP`) is reached; first an exact enumeration is tried.

    Example (rows of Cat Trick's first move, seat 0)::

        >>> t = catcards.odds(catcards.load("cat-trick").new_game(3), 0, precision=0.05, seconds=2)
        >>> t[["action", "win_rate", "low", "high", "rollouts", "reached", "exact"]]

    Args:
        state: the position (not changed).
        seat: whose chances; its view is all that is used unless ``peek``.
        rollouts: rollouts per row, 1 to :data:`MAX_ROLLOUTS` (with ``precision`` or ``seconds``:
            the most per row).
        seed: seed of the rollouts (whole number >= 0); same seed, same table (with
            ``seconds``: the same numbers for the rollouts run).
        agents: who plays the rest of the game: a strategy name ("sensible", "random", ...), an
            Agent (copied for every play-out), or one per seat. "sensible" in a game without it is
            :func:`policy_name`'s choice; another strategy a game does not have raises (the
            message lists the game's strategies).
        executor: None (this process), "processes" (a local pool) or any
            :class:`concurrent.futures.Executor`; the rollouts are split into chunks of
            consecutive indices as :func:`catcards.simulate` splits games, and the table is the
            same whatever the split.
        peek: use the true hidden cards instead of sampling them (for teaching what information
            is worth); every rollout then starts from the same cards.
        progress: show a tqdm progress bar (counted in rollouts).
        chunk_size: rollouts per executor task (default ``rollouts / 32`` rounded up; adaptive:
            at most :data:`CHECK`).
        precision: the 95% interval half-width wanted, 0.001 to 0.5 (default 0.05 when
            ``rollouts`` is not given).
        seconds: the time to spend (wall clock), more than 0 and at most :data:`MAX_SECONDS`.
            None (the default): 2 seconds when ``rollouts`` is not given, else no time limit (so
            ``odds(state, seat, rollouts=2000, precision=0.05)`` runs until the precision or the
            cap, however long that takes).
        horizon: "game" (win the game), "round" (King of the Jungle: make this hand's bid;
            Cat Trick: win this round's Super Cat card; Simon's Cat: take no Simon card this
            round) or "turn" (Pairs: make a pair with this turn's two cards), see
            :data:`SHORT_HORIZONS`: a play-out stops at the end of the round or turn.
        exact: try the exact enumeration first (default: when ``precision`` or ``seconds`` is used).

    Returns:
        DataFrame, one row per legal action that ``seat`` itself takes when it is to act
        (:func:`own_actions`; column ``action``, the action's text), else one row for the position
        (``action`` None), with columns ``wins``, ``rollouts``, ``win_rate`` (wins / rollouts; a
        shared win counts as a win), ``low`` and ``high`` (the 95% Wilson interval),
        ``mean_score`` (the seat's mean score in the game's unit, e.g. Simon cards, points, Super
        Cat cards; see ``higher_is_better``), ``higher_is_better``, ``exact`` (an exact value:
        the interval is the value), ``half_width`` ((high - low) / 2), ``reached``
        (half_width <= precision, 0.05 when none was given) and ``stopped``, why the row's
        rollouts stopped: "exact", "precise" (half_width <= precision), "far below" (clearly
        more than :data:`NEAR` below the best row), "cap" (``rollouts`` reached) or "time"
        (``seconds`` spent); ``same_as``, the index of the row whose rollouts this row shares
        because the seat cannot tell the two moves apart (Pairs: turning over any card never
        seen, see :func:`_alike_rows`), else its own index.

    Raises:
        GameParameterError: a bad seat, count, seed, strategy, executor, precision, time or
            horizon, or a finished game.
        catcards.explore.SamplingError: the game has no hidden-card sampler (use ``peek=True``).
    """
    run, executor, own_pool, chunk_size = _start(state, seat, rollouts, seed, agents, executor, peek, chunk_size,
                                                 precision, seconds, horizon, exact, progress)
    budget = run.time_budget
    from tqdm.auto import tqdm

    bar = tqdm(total=run.cap * len(run.actions), disable=not progress, desc="rollouts", unit="rollout")
    started = clock()
    try:
        if executor is None:
            while not run.done:
                left = None if budget is None else budget - (clock() - started)
                if left is not None and left <= 0 and run.started:
                    break
                before = sum(run.n)
                run.step(None if left is None else max(left, 0.0))
                bar.update(sum(run.n) - before)
        else:
            from ..simulate import _process_pool, _stop_pool, future_result, submit_task  # workers end with this process

            pool = _process_pool() if own_pool else executor
            try:
                if run._try_exact:
                    run._run_exact(None if budget is None else min(EXACT_SECONDS, budget / 10))
                while not run.done:
                    for rows, a, b in run.tasks():
                        texts = [run.actions[j] for j in rows]
                        futures = [
                            (c, submit_task(pool, rollout_results, state, seat, c, min(b, c + chunk_size), seed,
                                            run.agents, peek, texts, horizon))
                            for c in range(a, b, chunk_size)
                        ]
                        results: list = []
                        for c, f in futures:
                            results.extend(future_result(f))  # Ctrl+C seen at once
                        run.add(rows, a, results)
                        bar.update(len(results) * len(rows))
                    if budget is not None and clock() - started >= budget:
                        break
            finally:
                if own_pool:
                    _stop_pool(pool)
        # the adaptive allocation stops most rows far below the cap the bar was sized for: the
        # bar ends full, at the rollouts run
        bar.total = bar.n
        bar.refresh()
    finally:
        bar.close()
    return run.frame()


def _is_number(value: Any) -> bool:
    """A real number, Python's or numpy's (not a bool, not NaN)."""
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)) and value == value


def check_seed(seed: Any) -> int:
    """``seed`` as an int: a whole number 0 or more (Python's or numpy's).

    Raises:
        GameParameterError: anything else."""
    if not is_whole(seed) or seed < 0:
        raise GameParameterError(f"seed must be a whole number 0 or more, not {seed!r}")
    return int(seed)


def check_precision(precision: Any) -> float:
    """``precision`` as a float: a 95% interval half-width from 0.001 to 0.5 (Python's or numpy's number).

    Raises:
        GameParameterError: anything else."""
    if not (_is_number(precision) and 0.001 <= precision <= 0.5):
        raise GameParameterError(f"precision must be a number from 0.001 to 0.5, not {short_repr(precision)}")
    return float(precision)


def check_seconds(seconds: Any, name: str = "seconds") -> float:
    """``seconds`` as a float: more than 0 and at most :data:`MAX_SECONDS` (Python's or numpy's
    number); ``name`` is the argument's name in the message.

    Raises:
        GameParameterError: anything else."""
    if not (_is_number(seconds) and 0 < seconds <= MAX_SECONDS):
        raise GameParameterError(
            f"{name} must be a number more than 0 and at most {MAX_SECONDS:g}, not {short_repr(seconds)}")
    return float(seconds)


def _start(state, seat, rollouts, seed, agents, executor, peek, chunk_size, precision, seconds, horizon, exact,
           progress=True):
    """Check :func:`odds`'s arguments (see there) and build its :class:`OddsRun`; returns (run,
    executor, whether it is our own pool, chunk size)."""
    if not isinstance(state, State):
        raise GameParameterError(f"odds needs a game state, not {state!r}")
    players = state.game.players
    if not is_whole(seat) or not 0 <= seat < players:
        raise GameParameterError(
            f"seat must be a whole number from 0 to {players - 1} (whose chances?), not {short_repr(seat)}")
    seat = int(seat)
    for name, flag in (("peek", peek), ("progress", progress), ("exact", exact)):
        if not isinstance(flag, (bool, np.bool_)) and not (name == "exact" and flag is None):
            allowed = "True, False or None" if name == "exact" else "True or False"
            raise GameParameterError(f"{name} must be {allowed}, not {short_repr(flag)}")
    if state.is_over:
        raise GameParameterError("the game is over: there are no chances left to estimate")
    if rollouts is not None and (not is_whole(rollouts) or not 1 <= rollouts <= MAX_ROLLOUTS):
        raise GameParameterError(f"rollouts must be a whole number from 1 to {MAX_ROLLOUTS}, not {rollouts!r}")
    check_seed(seed)
    precision = None if precision is None else check_precision(precision)
    seconds = None if seconds is None else check_seconds(seconds)
    if horizon not in HORIZONS:
        raise GameParameterError(f"horizon must be one of {HORIZONS}, not {horizon!r}")
    if horizon != "game" and (state.game.name, horizon) not in SHORT_HORIZONS:
        have = short_horizon(state.game.name)
        raise GameParameterError(
            f"{state.game.title} has no {horizon} horizon; its horizons: game" + (f" and {have}" if have else "")
            + "; games with a round: " + ", ".join(sorted(g for g, h in SHORT_HORIZONS if h == "round"))
            + "; with a turn: " + ", ".join(sorted(g for g, h in SHORT_HORIZONS if h == "turn")))
    if asks_own_turn(state, horizon) and not state.is_over and seat != state.current_player:
        raise GameParameterError(
            f"the {horizon} horizon asks about the seat to act's own turn (seat {state.current_player} now), "
            f"not seat {seat}'s; ask for seat {state.current_player}, or use horizon='game'")
    adaptive = rollouts is None or precision is not None or seconds is not None
    if rollouts is None:
        precision = 0.05 if precision is None else precision
        seconds = 2.0 if seconds is None else seconds
    cap = int(rollouts) if rollouts is not None else ADAPTIVE_CAP
    exact = adaptive if exact is None else bool(exact)
    seed = int(seed)
    agents = per_seat(agents, state.game.players)
    _agents(state.game, agents)  # a bad strategy fails here, before any rollout
    if chunk_size is None:
        chunk_size = max(1, math.ceil(cap / 32))
        if adaptive:
            chunk_size = min(chunk_size, CHECK // 2)
    else:
        chunk_size = check_count(chunk_size, "chunk_size")
    own_pool = executor == "processes"
    if isinstance(executor, str) and not own_pool:
        raise GameParameterError(f"executor must be None, 'processes' or an Executor, not {executor!r}")
    if executor is not None and not own_pool and not is_executor(executor):
        raise GameParameterError(f"executor must be None, 'processes' or an Executor (an object with submit(), "
                                 f"such as ThreadPoolExecutor()), not {executor!r}")
    if not peek:
        prepare(state, seat)  # a game without a sampler fails here
    run = OddsRun(state, seat, own_actions(state, seat), cap=cap, seed=seed, agents=agents, peek=bool(peek),
                  precision=precision if adaptive else None, adaptive=adaptive, exact=exact, horizon=horizon)
    run.time_budget = None if seconds is None else float(seconds)
    return run, executor, own_pool, chunk_size
