"""The board: free tiles, matching pairs, removal, undo and redo, won and stuck."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_solitaire.classic.generator import deal_from_code, generate
from mahjong_solitaire.core.board import Board
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.core.moves import IllegalMoveError, Move, Rearrangement
from mahjong_solitaire.layouts import builtin_layout

ROW = Layout.from_positions([(x, 0, 0) for x in range(0, 12, 2)])


def row_board(*labels: str) -> Board:
    return Board(ROW, list(labels))


def test_free_positions_of_a_row_are_its_ends():
    board = row_board("1D", "2D", "3D", "3D", "2D", "1D")
    assert board.free_positions() == [0, 5]


def test_matching_pairs_lists_free_pairs_that_match():
    board = row_board("1D", "2D", "3D", "3D", "2D", "1D")
    assert board.matching_pairs() == [Move(0, 5)]
    assert board.pair_count() == 1


def test_flowers_pair_with_any_flower():
    board = row_board("F1", "2D", "2D", "3D", "3D", "F4")
    assert board.matching_pairs() == [Move(0, 5)]


def test_push_removes_a_pair_and_frees_the_neighbours():
    board = row_board("1D", "2D", "3D", "3D", "2D", "1D")
    board.push(Move(0, 5))
    assert board.tiles_left == 4
    assert board.free_positions() == [1, 4]
    assert board.tile_at(0) is None or not board.is_present(0)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Move(0, 1), "blocked"),
        (Move(0, 9), "not on this layout"),
        (Move(0, 0), "two different tiles"),
    ],
)
def test_illegal_moves_are_refused_and_change_nothing(move, message):
    board = row_board("1D", "2D", "3D", "3D", "2D", "1D")
    before = (board.present, board.free)
    with pytest.raises(IllegalMoveError, match=message):
        board.push(move)
    assert (board.present, board.free) == before
    assert not board.move_stack


def test_non_matching_pair_is_refused():
    board = row_board("1D", "2D", "3D", "3D", "2D", "9D")
    with pytest.raises(IllegalMoveError, match="1D and 9D do not match"):
        board.push(Move(0, 5))


def test_removed_tile_cannot_be_played_again():
    board = row_board("1D", "2D", "3D", "3D", "2D", "1D")
    board.push(Move(0, 5))
    with pytest.raises(IllegalMoveError, match="holds no tile"):
        board.push(Move(0, 5))


def test_undo_and_redo_over_the_whole_game():
    deal = deal_from_code("MJ1-L00-AAAAABL")
    board = deal.board()
    start = (board.present, board.free)
    snapshots = []
    for move in deal.solution:
        snapshots.append((board.present, board.free))
        board.push(move)
    assert board.is_won()
    for move in reversed(deal.solution):
        assert board.pop() == move
        assert (board.present, board.free) == snapshots.pop()
    assert (board.present, board.free) == start
    for move in deal.solution:
        assert board.redo() == move
    assert board.is_won()


def test_a_new_move_clears_the_redo_stack():
    board = row_board("1D", "1D", "3D", "3D", "1D", "1D")
    board.push(Move(0, 5))
    board.pop()
    assert board.can_redo
    board.push(Move(0, 5))
    assert not board.can_redo
    with pytest.raises(IndexError):
        board.redo()


def test_nothing_to_undo():
    with pytest.raises(IndexError, match="nothing to undo"):
        row_board("1D", "2D", "3D", "3D", "2D", "1D").pop()


def test_stuck_when_no_two_free_tiles_match():
    board = row_board("1D", "2D", "3D", "3D", "2D", "9D")
    assert board.is_stuck() and not board.is_won()
    assert board.matching_pairs() == []


def test_won_when_empty():
    board = row_board("1D", "2D", "3D", "3D", "2D", "1D")
    board.play([Move(0, 5), Move(1, 4), Move(2, 3)])
    assert board.is_won() and not board.is_stuck()


def test_rearrangement_is_undoable():
    board = row_board("1D", "2D", "3D", "3D", "2D", "1D")
    board.push(Move(0, 5))
    board.rearrange([None, "3D", "2D", "2D", "3D", None])
    assert isinstance(board.move_stack[-1], Rearrangement)
    assert board.matching_pairs() == [Move(1, 4)]
    board.pop()
    assert board.tiles == (None, "2D", "3D", "3D", "2D", None)


def test_rearrangement_must_keep_positions_and_faces():
    board = row_board("1D", "2D", "3D", "3D", "2D", "1D")
    with pytest.raises(IllegalMoveError, match="same tiles"):
        board.rearrange(["1D", "2D", "3D", "3D", "2D", "9D"])
    with pytest.raises(IllegalMoveError, match="positions"):
        board.rearrange([None, "2D", "3D", "3D", "2D", "1D"])


def test_move_text_form_round_trips():
    assert Move.parse(" 17,3 ") == Move(3, 17)
    assert str(Move(17, 3)) == "3,17"
    for bad in ("3", "3,3", "a,b", "1,2,3", "-1,2"):
        with pytest.raises(IllegalMoveError):
            Move.parse(bad)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.data())
def test_incremental_free_set_equals_a_full_rescan(seed, data):
    """The bitsets kept up to date by push/pop equal a scan of every tile."""
    board = generate(builtin_layout(0), seed).board()
    layout = board.layout
    for _ in range(data.draw(st.integers(min_value=1, max_value=40))):
        pairs = board.matching_pairs()
        if not pairs or (data.draw(st.booleans()) and board.can_undo):
            if not board.can_undo:
                break
            board.pop()
        else:
            board.push(data.draw(st.sampled_from(pairs)))
        assert board.free == layout.free_mask(board.present)
        assert board.pair_count() == len(board.matching_pairs())
