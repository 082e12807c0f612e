"""Tests of catcards.analysis.simons_cat: exact values against closed forms, simulations against them."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pandas as pd
import pytest

import catcards
from catcards import Card, GameParameterError
from catcards.analysis import simons_cat as sc
from catcards.games.simons_cat import card_from_name
from catcards.probability import check_proportion

ALL_TABLES = [(n, h) for n in range(2, 7) for h in range(1, 36 // n + 1)]


# ------------------------------------------------------------------------------------ exact
@pytest.mark.parametrize("players, hand_size", ALL_TABLES)
def test_exact_set_aside_equals_closed_form(players, hand_size):
    r = 36 - players * hand_size
    assert sc.set_aside_count(players, hand_size) == r
    assert sc.p_cat3_set_aside(players, hand_size) == Fraction(r, 36)
    assert sc.p_cat3_and_cat4_set_aside(players, hand_size) == Fraction(r * (r - 1), 36 * 35)
    dist = sc.opening_distribution(players, hand_size)
    assert sum(dist.values()) == 1
    assert dist.get(Card("Cat", 3), 0) == 1 - Fraction(r, 36)
    assert dist.get(Card("Cat", 4), 0) == Fraction(r, 36) - Fraction(r * (r - 1), 36 * 35)
    # only the first r + 1 cards of the order can open (r cards aside at most)
    assert len(dist) <= r + 1


def test_default_hand_sizes():
    # 3 and 4 and 6 players deal all 36; 5 players set 1 aside
    assert [sc.set_aside_count(n) for n in (3, 4, 5, 6)] == [0, 0, 1, 0]
    assert sc.p_cat3_set_aside(5) == Fraction(1, 36)
    assert sc.p_cat3_and_cat4_set_aside(5) == 0
    assert sc.opening_distribution(4) == {Card("Cat", 3): Fraction(1)}


def test_opening_distribution_when_most_cards_are_aside():
    # 3 players x 1 card: 33 aside; Cat 5 opens when Cat 3 and 4 are aside and Cat 5 is dealt:
    # 33/36 * 32/35 * 3/34
    dist = sc.opening_distribution(3, 1)
    assert dist[Card("Cat", 5)] == Fraction(33 * 32 * 3, 36 * 35 * 34)
    # every Cat card aside (10 of the 33), then the Kitten 3 dealt
    assert dist[Card("Kitten", 3)] == Fraction(33 * 32 * 31 * 30 * 29 * 28 * 27 * 26 * 25 * 24 * 3,
                                               36 * 35 * 34 * 33 * 32 * 31 * 30 * 29 * 28 * 27 * 26)


def test_opening_order_is_the_engines():
    # stacked deal: every Cat card and the Kitten 3 set aside, so the engine opens with Kitten 4
    game = catcards.load("simons-cat", players=3, hand_size=1)
    state = game.new_game(seed=0, deals=[[["Dog 1"], ["Kitten 4"], ["Gnome 2"]]])
    aside = set(state.observation(None)["set_aside"])
    first_in_play = next(c for c in sc.OPENING_ORDER if c not in aside)
    assert first_in_play == Card("Kitten", 4)
    assert [str(a) for a in state.legal_actions()] == ["play Kitten 4"]
    assert state.current_player == 1


def test_exact_table_shape():
    table = sc.exact_set_aside_table()
    assert len(table) == 12 + 9 + 7 + 6
    assert table["default"].sum() == 4
    row = table[(table.players == 4) & (table.hand_size == 5)].iloc[0]
    assert row.set_aside == 16 and row.p_cat3 == Fraction(4, 9) and row.p_cat3_cat4 == Fraction(4, 21)


@pytest.mark.parametrize(
    "call",
    [
        lambda: sc.set_aside_count(7),
        lambda: sc.p_cat3_set_aside(4, hand_size=10),
        lambda: sc.p_cat3_set_aside(4, hand_size=0),
        lambda: sc.opening_distribution(1),
        lambda: sc.deal_round_one(4, 5, deals=0),
        lambda: sc.random_games(4, games=0),
        lambda: sc.random_games(4, games=3, start=-1),
    ],
)
def test_bad_parameters_raise(call):
    with pytest.raises(GameParameterError):
        call()


# -------------------------------------------------------------------------------- simulated
@pytest.mark.parametrize("players, hand_size", [(3, 9), (4, 5), (5, 6), (6, 3)])
def test_simulated_set_aside_agrees_with_exact(players, hand_size):
    table = sc.set_aside_comparison([players], [hand_size], deals=2000, seed=11, confidence=0.999)
    assert len(table) == 1
    row = table.iloc[0]
    assert row.exact_cat3 == Fraction(36 - players * hand_size, 36)
    assert row.inside_cat3 and row.inside_both
    assert row.low_cat3 <= row.sim_cat3 <= row.high_cat3


def test_simulated_opening_card_agrees_with_exact():
    deals = sc.deal_round_one(4, 3, deals=3000, seed=5)  # 24 aside
    exact = sc.opening_distribution(4, 3)
    for name in ("Cat 3", "Cat 4", "Cat 5"):
        hits = int((deals["opening"] == name).sum())
        assert check_proportion(exact[card_from_name(name)], hits, 3000, 0.999)


def test_random_games_are_the_games_simulate_plays():
    fast = sc.random_games(4, games=25, seed=9)
    slow = sc.play_games(4, games=25, seed=9, agents="random")
    for column in ("game", "seed", "winners", "messes", "simon_takers", "all_lose", "rounds"):
        assert fast[column].tolist() == slow[column].tolist(), column
    # split runs give the same games
    second = sc.random_games(4, games=5, seed=9, start=20)
    assert second["messes"].tolist() == fast["messes"].tolist()[20:]


def test_rounds_table_ties_and_messes():
    games = pd.DataFrame(
        {
            "game": [0, 1],
            "messes": [[[2, 2, 1], [3, 1, 1]], [[0, 0, 0]]],
            "simon_takers": [[[0, 1], [0]], [[]]],
            "all_lose": [False, False],
        }
    )
    table = sc.rounds_table(games)
    assert table["tie"].tolist() == [True, False, False]
    assert table["tied"].tolist() == [2, 1, 3]
    assert table["most"].tolist() == [2, 3, 0]
    rate = sc.tie_rate(games)
    assert (rate.successes, rate.trials) == (1, 3)
    dist = sc.messes_distribution(games)
    # 9 counts: 0 x3, 1 x3, 2 x2, 3 x1
    assert dist.tolist() == [3 / 9, 3 / 9, 2 / 9, 1 / 9]
    long = sc.messes_long(games)
    assert len(long) == 9 and long["messes"].sum() == 2 + 2 + 1 + 3 + 1 + 1


def test_record_rounds_reads_the_engine():
    games = sc.play_games(3, games=20, seed=4)
    for _, row in games.iterrows():
        assert row["rounds"] == len(row["messes"]) == len(row["simon_takers"])
        # Simon cards in the outcome equal the takers counted round by round
        for seat in range(3):
            assert row[f"score_{seat}"] == sum(seat in t for t in row["simon_takers"])
        for messes, takers in zip(row["messes"], row["simon_takers"]):
            most = max(messes)
            assert takers == ([s for s in range(3) if messes[s] == most] if most else [])
        assert row["all_lose"] == (row["winners"] == ())


# ---------------------------------------------------------------------- all lose: Markov chain
def _all_lose_by_enumeration(probs, players):
    """Independent check: walk every sequence of rounds (with Fractions) until someone has 3."""
    moving = {s: p for s, p in probs.items() if s}
    total = sum(moving.values())

    def walk(counts):
        result = Fraction(0)
        for takers, p in moving.items():
            after = tuple(c + (i in takers) for i, c in enumerate(counts))
            if max(after) >= 3:
                result += p / total * all(c >= 3 for c in after)
            else:
                result += p / total * walk(after)
        return result

    return walk((0,) * players)


def test_all_lose_markov_chain_extremes_and_by_hand():
    everyone = frozenset({0, 1, 2})
    assert sc.all_lose_from_rounds({everyone: 1.0}, 3) == 1.0
    singles = {frozenset({s}): 1 / 3 for s in range(3)}
    assert sc.all_lose_from_rounds(singles, 3) == 0.0
    # 2 players: both take (prob a) or one takes. All lose = P(reach (2,2)) * a.
    a, b = Fraction(1, 5), Fraction(2, 5)
    probs = {frozenset({0, 1}): a, frozenset({0}): b, frozenset({1}): b}
    # paths to (2,2) with steps B=(1,1), L=(1,0), R=(0,1): BB; B+L+R in any order (3! = 6);
    # L,L,R,R in any order (4!/(2!2!) = 6)
    reach = a * a + 6 * a * b * b + 6 * b**4
    assert sc.all_lose_from_rounds(probs, 2) == pytest.approx(float(reach * a), rel=1e-12)
    assert _all_lose_by_enumeration(probs, 2) == reach * a
    # rounds with no taker change nothing
    with_empty = {frozenset(): 0.5, **{k: float(v) / 2 for k, v in probs.items()}}
    assert sc.all_lose_from_rounds(with_empty, 2) == pytest.approx(float(reach * a), rel=1e-12)


def test_all_lose_markov_chain_matches_enumeration_for_3_players():
    probs = {
        frozenset(s): Fraction(w, 20)
        for s, w in [((0,), 4), ((1,), 4), ((2,), 4), ((0, 1), 2), ((1, 2), 2), ((0, 2), 2), ((0, 1, 2), 2)]
    }
    exact = _all_lose_by_enumeration(probs, 3)
    assert 0 < exact < 1
    assert sc.all_lose_from_rounds({k: float(v) for k, v in probs.items()}, 3) == pytest.approx(
        float(exact), rel=1e-12
    )


def test_taker_frequencies_symmetrize():
    games = pd.DataFrame({"simon_takers": [[[0], [0, 1]]]})
    freq = sc.taker_set_frequencies(games, 3)
    assert sum(freq.values()) == pytest.approx(1.0)
    assert freq[frozenset({1})] == pytest.approx(1 / 6)
    assert freq[frozenset({1, 2})] == pytest.approx(1 / 6)
    # 4 players: neighbours {0, 1} turn into neighbours only, never {0, 2}
    four = sc.taker_set_frequencies(pd.DataFrame({"simon_takers": [[[0, 1]]]}), 4)
    assert four == {frozenset(p): 0.25 for p in ({0, 1}, {1, 2}, {2, 3}, {3, 0})}
    raw = sc.taker_set_frequencies(games, 3, symmetrize=False)
    assert raw == {frozenset({0}): 0.5, frozenset({0, 1}): 0.5}


def test_all_lose_direct_count_agrees_with_markov_chain_3_players():
    games = sc.random_games(3, games=1500, seed=2)
    direct = sc.all_lose_rate(games, confidence=0.999)
    model = sc.all_lose_from_rounds(sc.taker_set_frequencies(games, 3), 3)
    assert direct.successes > 0
    assert direct.interval.low <= model <= direct.interval.high


# ------------------------------------------------------------------ one card each: exact rounds
def _engine_round_one(game, deal):
    state = game.new_game(seed=0, deals=[[[card] for card in deal]])
    while state.round == 1:
        state.apply(state.legal_actions()[0])  # one card each: never a choice
    return state.round_results[0]["messes"]


def test_one_card_round_two_players_by_hand_and_by_engine():
    # two random cards match in 110 same-colour pairs + 46 same-number pairs of C(36, 2) = 630
    exact = sc.one_card_round(2)
    assert exact["no_mess"] == Fraction(156, 630) == Fraction(26, 105)
    assert exact["messes"] == {0: Fraction(26, 105), 1: Fraction(79, 105)}
    assert exact["tie"] == 0
    # every ordered deal of the 2-player variant, played by the engine
    from itertools import permutations

    from catcards.games.simons_cat import MISCHIEF

    game = catcards.load("simons-cat", players=2, hand_size=1)
    no_mess = sum(sum(_engine_round_one(game, d)) == 0 for d in permutations(MISCHIEF, 2))
    assert Fraction(no_mess, 36 * 35) == exact["no_mess"]


def test_one_card_round_three_players_equals_engine_enumeration():
    # opener at seat 0 (rotating the table changes nothing): every set of 3 cards, the lowest in the
    # opening order to seat 0, the other two in both orders
    from itertools import combinations

    from catcards.games.simons_cat import MISCHIEF

    exact = sc.one_card_round(3)
    assert sum(exact["messes"].values()) == 1
    assert exact["tie"] == exact["messes"][2] == Fraction(1319, 2380)
    game = catcards.load("simons-cat", players=3, hand_size=1)
    counts = {0: 0, 1: 0, 2: 0}
    for a, b, c in combinations(MISCHIEF, 3):
        for deal in ((a, b, c), (a, c, b)):
            counts[sum(_engine_round_one(game, deal))] += 1
    total = sum(counts.values())
    assert {k: Fraction(v, total) for k, v in counts.items()} == exact["messes"]


def test_one_card_round_simulated_ties_agree():
    games = sc.random_games(3, games=800, seed=3, hand_size=1)
    check = check_proportion(sc.one_card_round(3)["tie"], sc.tie_rate(games).successes,
                             sc.tie_rate(games).trials, 0.999)
    assert check.inside, str(check)


def test_one_card_round_rejects_big_tables():
    with pytest.raises(GameParameterError, match="2 to 4"):
        sc.one_card_round(5)


def test_docstring_examples():
    import doctest

    result = doctest.testmod(sc)
    assert result.attempted >= 4 and result.failed == 0
