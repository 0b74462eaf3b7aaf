"""rules §9.5 and §9.6: Connect deals are solvable by construction at every stage, shuffles stay
solvable, undo restores the grid exactly after a slide, and codes reproduce deals."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_solitaire.connect import (
    ConnectBoard,
    ConnectCode,
    ConnectDeal,
    Shape,
    Slide,
    connect_deal_from_code,
    generate,
    shuffled_cells,
    stage,
    suggest,
)
from mahjong_solitaire.connect.codes import VERSIONS
from mahjong_solitaire.connect.hint import solve
from mahjong_solitaire.connect.stages import FULL
from mahjong_solitaire.core.codes import MAX_SEED, CodeError
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.moves import IllegalMoveError, Move, Rearrangement
from mahjong_solitaire.core.rng import Rng
from mahjong_solitaire.core.tiles import BUNDLES, TILE_SET, match_key

STAGES = list(range(1, 34))  # three rounds: every rule at easy, normal and hard


@pytest.mark.parametrize("number", STAGES)
def test_every_stage_deal_is_cleared_by_replaying_its_solution_with_its_slide(number: int) -> None:
    current = stage(number)
    for seed in (0, 1):
        deal = current.deal(seed)
        assert (deal.shape, deal.rule, deal.difficulty) == (
            current.shape,
            current.rule,
            current.difficulty,
        )
        board = deal.board()
        for move in deal.solution:
            assert not board.is_stuck()
            board.push(move)
        assert board.is_won()


def test_stages_bring_in_the_rules_in_the_order_of_the_spec_then_repeat_harder() -> None:
    order = [
        "none",
        "down",
        "left",
        "up",
        "right",
        "split-v",
        "split-h",
        "gather-v",
        "gather-h",
        "outward",
        "inward",
    ]
    assert [stage(n).rule.value for n in range(1, 12)] == order
    assert [stage(n).rule.value for n in range(12, 23)] == order
    assert {stage(n).difficulty for n in range(1, 12)} == {Difficulty.EASY}
    assert {stage(n).difficulty for n in range(12, 23)} == {Difficulty.NORMAL}
    assert {stage(n).difficulty for n in range(23, 60)} == {Difficulty.HARD}
    assert all(stage(n).shape == FULL for n in range(12, 60))
    with pytest.raises(ValueError, match="stages start at 1"):
        stage(0)


@pytest.mark.parametrize("number", [1, 8, 12])
def test_a_deal_uses_whole_bundles_of_four_and_the_full_set_on_18_by_8(number: int) -> None:
    deal = stage(number).deal(3)
    keys = Counter(match_key(label) for label in deal.tiles)
    assert set(keys.values()) == {4}
    assert len(deal.tiles) == len(deal.shape)
    if deal.shape == FULL:
        assert sorted(deal.tiles) == sorted(TILE_SET)
    assert len(keys) == len(deal.tiles) // 4 <= len(BUNDLES)


def test_each_solution_step_is_a_matching_pair() -> None:
    deal = generate(Shape(12, 6), Slide.GATHER_H, seed=9, difficulty="hard")
    board = deal.board()
    for move in deal.solution:
        assert match_key(board.tile_at(move.a)) == match_key(board.tile_at(move.b))
        board.push(move)


def test_a_seed_always_gives_the_same_deal() -> None:
    assert generate(FULL, Slide.OUTWARD, 42) == generate(FULL, "outward", 42)
    assert generate(FULL, Slide.OUTWARD, 42).tiles != generate(FULL, Slide.OUTWARD, 43).tiles


def test_easy_deals_offer_more_pairs_than_hard_ones() -> None:
    easy = [generate(FULL, Slide.DOWN, s, Difficulty.EASY).score for s in range(4)]
    hard = [generate(FULL, Slide.DOWN, s, Difficulty.HARD).score for s in range(4)]
    assert sum(easy) > sum(hard)


# -- shuffle ---------------------------------------------------------------------------


@pytest.mark.parametrize("rule", list(Slide), ids=lambda r: r.value)
def test_shuffled_boards_are_cleared_by_their_new_order(rule: Slide) -> None:
    deal = generate(Shape(12, 6), rule, seed=5)
    board = deal.board()
    board.play(deal.solution[:10])
    before = board.tiles
    tiles, order = shuffled_cells(board, Rng.from_seed(8))
    assert [t is None for t in tiles] == [t is None for t in before]
    assert sorted(t for t in tiles if t) == sorted(t for t in before if t)
    board.rearrange(tiles, order)
    assert board.plan == order
    board.play(order)
    assert board.is_won()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(Slide)), st.integers(0, 1000), st.integers(0, 30))
def test_a_shuffle_from_any_point_of_any_game_stays_solvable(
    rule: Slide, seed: int, played: int
) -> None:
    deal = generate(Shape(8, 6), rule, seed, Difficulty.EASY)
    board = deal.board()
    rng = Rng.from_seed(seed)
    for _ in range(played):  # wander off the solution with random legal moves
        pairs = board.matching_pairs()
        if not pairs:
            break
        board.push(pairs[rng.below(len(pairs))])
    if board.is_won():
        return
    tiles, order = shuffled_cells(board, rng)
    board.rearrange(tiles, order)
    board.play(order)
    assert board.is_won()


# -- undo, redo -------------------------------------------------------------------------


@pytest.mark.parametrize("rule", list(Slide), ids=lambda r: r.value)
def test_undo_after_a_slide_restores_the_previous_grid_exactly(rule: Slide) -> None:
    deal = generate(Shape(10, 6), rule, seed=2)
    board = deal.board()
    grids = [board.tiles]
    for move in deal.solution:
        board.push(move)
        grids.append(board.tiles)
    for expected in reversed(grids[:-1]):
        board.pop()
        assert board.tiles == expected
    for expected in grids[1:]:
        board.redo()
        assert board.tiles == expected
    assert board.is_won()


def test_undo_brings_back_the_known_winning_line_and_redo_is_cleared_by_a_new_move() -> None:
    deal = generate(Shape(10, 6), Slide.LEFT, seed=4)
    board = deal.board()
    board.push(deal.solution[0])
    assert board.plan == deal.solution[1:]
    detour = next(m for m in board.matching_pairs() if m != deal.solution[1])
    board.push(detour)
    assert board.plan is None
    assert board.pop() == detour
    assert board.plan == deal.solution[1:]
    board.pop()
    assert board.can_redo
    board.push(deal.solution[0])
    assert not board.can_redo


def test_undo_restores_the_faces_before_a_shuffle() -> None:
    deal = generate(Shape(8, 4), Slide.UP, seed=1)
    board = deal.board()
    board.push(deal.solution[0])
    before = board.tiles
    tiles, order = shuffled_cells(board, Rng.from_seed(3))
    board.rearrange(tiles, order)
    assert isinstance(board.pop(), Rearrangement)
    assert board.tiles == before
    assert board.plan == deal.solution[1:]


# -- moves, hints, stuck ----------------------------------------------------------------


def test_illegal_moves_say_why_and_change_nothing() -> None:
    board = ConnectBoard(
        Shape(4, 3),
        Slide.DOWN,
        ["1B", "2B", "1B", None, "4B", "5B", "6B", "7B", "8B", "2B", "9B", "1C"],
    )
    before = board.tiles
    cases = [
        (Move(0, 3), "holds no tile"),
        (Move(0, 1), "do not match"),
        (Move(0, 99), "not on this 4×3 grid"),
        (Move(1, 9), "no path of at most two turns"),
    ]
    for move, message in cases:
        with pytest.raises(IllegalMoveError, match=message):
            board.push(move)
        assert board.tiles == before and not board.can_undo


def test_stuck_is_decided_after_the_slide() -> None:
    tiles = ["4B", "8B", "2B", "7B", "2B", "1B", "1B", "5B", "1C", "9B", "3B", "6B"]
    still = ConnectBoard(Shape(4, 3), Slide.NONE, tiles)
    still.push(Move(5, 6))  # the 2B pair meets through the gap the 1B pair left
    assert still.matching_pairs() == [Move(2, 4)]
    assert not still.is_stuck()
    falling = ConnectBoard(Shape(4, 3), Slide.DOWN, tiles)
    falling.push(Move(5, 6))  # the 8B and the 2B fall into the gap: 8B walls the pair off
    assert falling.rows()[1] == ["2B", "8B", "2B", "5B"]
    assert falling.is_stuck()


def test_a_slide_can_also_open_a_way() -> None:
    tiles = ["6B", "8B", "3B", "9B", "5B", "2B", "7B", "4B", "1B", "1C", "1B", "2B"]
    still = ConnectBoard(Shape(4, 3), Slide.NONE, tiles)
    still.push(Move(8, 10))
    assert still.is_stuck()
    sliding = ConnectBoard(Shape(4, 3), Slide.LEFT, tiles)
    sliding.push(Move(8, 10))
    assert sliding.rows()[2] == ["1C", "2B", None, None]
    assert sliding.matching_pairs() == [Move(5, 9)]


def test_a_board_with_tiles_and_no_connecting_match_is_stuck() -> None:
    board = ConnectBoard(
        Shape(4, 3),
        Slide.NONE,
        ["1B", "2B", "3B", "4B", "5B", "1B", "2B", "6B", "7B", "8B", "9B", "1C"],
    )
    assert board.matching_pairs() == []
    assert board.is_stuck() and not board.is_won()
    assert suggest(board) is None


def test_the_hint_is_the_next_pair_of_the_known_winning_line() -> None:
    deal = stage(14).deal(6)
    board = deal.board()
    for move in deal.solution[:20]:
        assert suggest(board) == move
        board.push(move)


def test_off_the_winning_line_the_hint_is_still_a_legal_pair() -> None:
    deal = stage(3).deal(6)
    board = deal.board()
    board.push(next(m for m in board.matching_pairs() if m != deal.solution[0]))
    move = suggest(board)
    assert move is not None and board.is_legal(move)


@pytest.mark.parametrize("number", [4, 13, 24])
def test_after_a_detour_following_the_hints_still_wins(number: int) -> None:
    deal = stage(number).deal(2)
    board = deal.board()
    board.push(board.matching_pairs()[-1])
    assert board.plan is None or board.plan == deal.solution[1:]
    line = solve(board)
    assert line is not None
    while not board.is_won():
        move = suggest(board)
        assert move is not None
        board.push(move)


def test_the_solver_proves_a_position_dead_and_returns_none() -> None:
    board = ConnectBoard(
        Shape(4, 3),
        Slide.NONE,
        ["1B", "5B", "3B", "2B", "6B", "3B", "4B", "6B", "2B", "4B", "5B", "1B"],
    )
    assert solve(board) is None
    assert solve(ConnectBoard(Shape(2, 2), Slide.UP, [None] * 4)) == ()


# -- codes ------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([Shape(18, 8), Shape(10, 6), Shape(4, 1), Shape(2, 2)]),
    st.sampled_from(list(Slide)),
    st.integers(0, MAX_SEED),
    st.sampled_from(list(Difficulty)),
)
def test_codes_round_trip(shape: Shape, rule: Slide, seed: int, difficulty: Difficulty) -> None:
    code = ConnectCode(shape, rule, seed, difficulty)
    assert ConnectCode.parse(str(code)) == code
    assert ConnectCode.parse(str(code).lower()) == code


def test_a_code_reproduces_the_grid_size_the_rule_and_the_faces() -> None:
    deal = stage(19).deal(77)
    again = connect_deal_from_code(deal.code.lower())
    assert again == deal
    assert deal.code.startswith("CN2-1808H-")


GOLDEN = Path(__file__).parent / "data" / "golden_connect_deals.json"


def test_the_golden_file_holds_for_every_code_version() -> None:
    """rules §7.6: published CN1 codes keep their deals; CN2 deals are pinned as well."""
    entries = json.loads(GOLDEN.read_text())
    assert {entry["code"][:3] for entry in entries} == set(VERSIONS.prefixes)
    for entry in entries:
        deal = connect_deal_from_code(entry["code"])
        assert deal.code == entry["code"]
        assert " ".join(deal.tiles) == entry["tiles"], entry["code"]
        assert " ".join(str(m) for m in deal.solution) == entry["solution"], entry["code"]
        assert deal.score == pytest.approx(entry["score"], abs=1e-6)


def _pairs_before_each_step(deal: ConnectDeal) -> list[int]:
    board = deal.board()
    counts = []
    for move in deal.solution:
        counts.append(board.pair_count())
        board.play([move])
    return counts


def test_the_difficulty_score_counts_the_pairs_before_every_step() -> None:
    """rules §9.5: "a cada passo" (CN2); CN1 codes sampled every third step."""
    for code in ("CN2-1006B-AAAAABL", "CN2-1208F-AAAAABM"):
        deal = connect_deal_from_code(code)
        counts = _pairs_before_each_step(deal)
        assert deal.score == pytest.approx(sum(counts) / len(counts))
    old = connect_deal_from_code("CN1-1006B-AAAAABL")
    counts = _pairs_before_each_step(old)[::3]
    assert old.score == pytest.approx(sum(counts) / len(counts))


def test_easy_and_normal_deals_lay_a_bundles_two_pairs_on_consecutive_steps() -> None:
    for difficulty in (Difficulty.EASY, Difficulty.NORMAL):
        deal = generate(FULL, Slide.LEFT, 5, difficulty)
        board = deal.board()
        keys = []
        for move in deal.solution:
            keys.append(match_key(board.tile_at(move.a) or ""))
            board.play([move])
        assert all(keys[k] == keys[k + 1] for k in range(0, len(keys), 2))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "is not a Connect code"),
        ("MJ1-L00-AAAAABL", "is not a Connect code"),
        ("CN3-1808B-AAAAABL", "version CN3 is not supported"),
        ("CN1-1808Z-AAAAABL", "Z is not a sliding rule"),
        ("CN1-1807B-AAAAABL", "not a multiple of 4"),
        ("CN1-2008B-AAAAABL", "more than the 144"),
        ("CN1-0008B-AAAAABL", "must be a positive integer"),
        ("CN1-1808B-ZZZZZZZ", "out of range"),
        ("CN1-1808B-AAAAA", "is not a Connect code"),
    ],
)
def test_malformed_codes_get_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(CodeError, match=message):
        ConnectCode.parse(text)
