"""rules §4: deals that are solvable by construction, and difficulty."""

import statistics
from collections import Counter

import pytest

from mahjong_solitaire.classic.codes import VERSIONS
from mahjong_solitaire.classic.construction import UnclearableError, construct
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.core.board import Board
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.faces import Laying, deal_tiles
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.core.moves import Move
from mahjong_solitaire.core.rng import Rng
from mahjong_solitaire.core.tiles import TILE_SET, match_key, matches
from mahjong_solitaire.layouts import builtin_layout

TURTLE = builtin_layout("turtle")
ROW6 = Layout.from_positions([(x, 0, 0) for x in range(0, 12, 2)])


def test_six_position_row_of_002_is_dealt_as_a_mirror():
    """sun moon star star moon sun: the ends are removed first, then inwards."""
    for seed in range(20):
        deal = generate(ROW6, seed)
        t = deal.tiles
        assert matches(t[0], t[5]) and matches(t[1], t[4]) and matches(t[2], t[3])
        assert deal.solution == (Move(0, 5), Move(1, 4), Move(2, 3))


def test_construction_leaves_at_least_two_free_positions_after_each_step():
    for seed in range(50):
        construction = construct(TURTLE, Rng.from_seed(seed))
        history = construction.free_history
        assert len(construction.order) == 72
        for free in history[1:-1]:
            assert free.bit_count() >= 2
        assert history[-1] == 0


def test_each_step_of_the_construction_removes_two_free_positions():
    construction = construct(TURTLE, Rng.from_seed(3))
    present = TURTLE.full
    for (a, b), free in zip(construction.order, construction.free_history, strict=False):
        assert free == TURTLE.free_mask(present)
        assert free >> a & 1 and free >> b & 1
        present &= ~((1 << a) | (1 << b))
    assert present == 0


def test_unclearable_positions_are_reported():
    stacked = Layout.from_positions([(0, 0, 0), (0, 0, 1)])
    with pytest.raises(UnclearableError):
        construct(stacked, Rng.from_seed(0))
    # Two stacks of two: each top is free, each bottom only after its top.  Clearable.
    two_stacks = Layout.from_positions([(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1)])
    assert len(construct(two_stacks, Rng.from_seed(0)).order) == 2


def test_a_pair_that_would_leave_a_single_free_position_is_never_taken():
    # Free at the start: (2,0,0), (0,0,1) and (8,0,0).  Taking (2,0,0) with (8,0,0) would
    # leave (0,0,0) under (0,0,1): one free position, a dead end the rule refuses.
    layout = Layout.from_positions([(0, 0, 0), (2, 0, 0), (0, 0, 1), (8, 0, 0)])
    dead_end = (layout.index((2, 0, 0)), layout.index((8, 0, 0)))
    firsts = {construct(layout, Rng.from_seed(seed)).order[0] for seed in range(40)}
    assert dead_end not in firsts
    assert len(firsts) == 2


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_deals_are_the_tile_set_and_their_solution_replays(difficulty):
    for seed in range(1000):
        deal = generate(TURTLE, seed, difficulty)
        assert sorted(deal.tiles) == sorted(TILE_SET)
        board = deal.board()
        for move in deal.solution:
            board.push(move)  # raises if the rules forbid it
        assert board.is_won()


def test_same_seed_easy_score_is_at_least_normal_score():
    for seed in range(300):
        easy = generate(TURTLE, seed, "easy")
        normal = generate(TURTLE, seed, "normal")
        assert easy.score >= normal.score


def test_mean_scores_order_easy_over_normal_over_hard():
    means = {
        d: statistics.mean(generate(TURTLE, seed, d).score for seed in range(150))
        for d in Difficulty
    }
    assert means[Difficulty.EASY] > means[Difficulty.NORMAL] > means[Difficulty.HARD]


def test_hard_deals_spread_each_kinds_two_pairs_between_the_halves():
    for seed in range(50):
        deal = generate(TURTLE, seed, "hard")
        halves: dict[str, list[int]] = {}
        for step, move in enumerate(deal.solution):
            halves.setdefault(match_key(deal.tiles[move.a]), []).append(step < 36)
        assert all(sorted(h) == [False, True] for h in halves.values())


def test_score_is_the_mean_number_of_available_pairs_along_the_solution():
    deal = generate(TURTLE, 5, "normal")
    board = deal.board()
    counts = []
    for move in deal.solution:
        counts.append(board.pair_count())
        board.push(move)
    assert deal.score == pytest.approx(statistics.mean(counts))


@pytest.mark.parametrize("count", [2, 4, 6, 10, 16, 142])
def test_smaller_layouts_get_whole_bundles_plus_one_pair(count):
    layout = Layout.from_positions([(2 * (i % 12), 2 * (i // 12), 0) for i in range(count)])
    deal = generate(layout, 1)
    faces = Counter(deal.tiles)
    by_key: Counter[str] = Counter()
    for label, n in faces.items():
        by_key[match_key(label)] += n
    sizes = sorted(by_key.values())
    assert sum(sizes) == count
    assert sizes.count(2) == (1 if count % 4 else 0)
    assert all(n in (2, 4) for n in sizes)
    board = deal.board()
    board.play(deal.solution)
    assert board.is_won()


@pytest.mark.parametrize("laying", list(Laying))
def test_deal_tiles_gives_each_step_a_matching_pair(laying):
    construction = construct(TURTLE, Rng.from_seed(9))
    tiles = deal_tiles(TURTLE, construction.order, Rng.from_seed(4), laying=laying)
    assert all(matches(tiles[a], tiles[b]) for a, b in construction.order)
    assert Counter(tiles) == Counter(TILE_SET)


def _step_keys(deal):
    return [match_key(deal.tiles[m.a]) for m in deal.solution]


@pytest.mark.parametrize("difficulty", [Difficulty.EASY, Difficulty.NORMAL])
@pytest.mark.parametrize("name", ["turtle", "pyramid", "spider"])
def test_easy_and_normal_deals_lay_a_bundles_two_pairs_on_consecutive_steps(difficulty, name):
    """rules §4.2: the four tiles of a kind go in together (the article's bundles)."""
    for seed in range(3):
        keys = _step_keys(generate(builtin_layout(name), seed, difficulty))
        assert all(keys[k] == keys[k + 1] for k in range(0, len(keys), 2)), seed


def test_the_first_codes_scatter_the_pairs_one_by_one():
    """rules §7.6: an MJ1 deal keeps its pairs scattered over the order."""
    deal = generate(TURTLE, 3, Difficulty.NORMAL, VERSIONS.first)
    keys = _step_keys(deal)
    together = sum(keys[k] == keys[k + 1] for k in range(0, len(keys), 2))
    assert together < len(keys) // 4
    assert deal.code == "MJ1-L00-AAAAAAK"


def test_a_laying_of_the_version_is_read_by_the_dealer():
    assert VERSIONS.first.laying_for(Difficulty.NORMAL) is Laying.SCATTERED
    assert VERSIONS.current.laying_for(Difficulty.EASY) is Laying.TOGETHER
    assert all(v.laying_for(Difficulty.HARD) is Laying.SPREAD for v in VERSIONS.all)


def test_negative_seed_is_refused():
    with pytest.raises(ValueError, match="negative"):
        generate(TURTLE, -1)


def test_unknown_difficulty_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown difficulty 'extreme'"):
        generate(TURTLE, 1, "extreme")


def test_board_of_a_deal_starts_with_35_free_tiles():
    assert len(generate(TURTLE, 0).board().free_positions()) == 35
    assert isinstance(generate(TURTLE, 0).board(), Board)
