"""rules §3: the tap rules, the clock with pause, the aids and the action log."""

import pytest

from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import Deal, deal_from_code
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.faces import ShuffleError
from mahjong_solitaire.core.game import GameError, GameStatus, TapOutcome
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.core.moves import IllegalMoveError, Move

CODE = "MJ1-L00-AAAAABL"


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def new_game() -> tuple[Game, FakeClock]:
    clock = FakeClock()
    return Game(deal_from_code(CODE), clock=clock), clock


def free_non_matching_pair(game: Game) -> tuple[int, int]:
    free = game.board.free_positions()
    for a in free:
        for b in free:
            if a != b and not game.board.is_legal(Move(a, b)):
                return a, b
    raise AssertionError("no non-matching free pair")


def a_blocked_tile(game: Game) -> int:
    return next(
        i
        for i in range(len(game.board.layout))
        if game.board.is_present(i) and not game.board.is_free(i)
    )


def test_tapping_a_free_tile_selects_it():
    game, _ = new_game()
    tile = game.board.free_positions()[0]
    result = game.tap(tile)
    assert result.outcome is TapOutcome.SELECTED
    assert game.selection == tile == result.selection


def test_tapping_a_second_free_matching_tile_removes_both():
    game, _ = new_game()
    move = game.deal.solution[0]
    game.tap(move.a)
    result = game.tap(move.b)
    assert result.outcome is TapOutcome.MATCHED and result.move == move
    assert game.board.tiles_left == 142
    assert game.selection is None
    assert game.moves == [move]


def test_tapping_a_second_free_tile_that_does_not_match_moves_the_selection():
    game, _ = new_game()
    a, b = free_non_matching_pair(game)
    game.tap(a)
    result = game.tap(b)
    assert result.outcome is TapOutcome.RESELECTED
    assert game.selection == b
    assert game.board.tiles_left == 144


def test_tapping_the_selected_tile_again_deselects_it():
    game, _ = new_game()
    tile = game.board.free_positions()[0]
    game.tap(tile)
    result = game.tap(tile)
    assert result.outcome is TapOutcome.DESELECTED
    assert game.selection is None


def test_tapping_a_blocked_tile_removes_nothing_and_cancels_the_selection():
    game, _ = new_game()
    game.tap(game.board.free_positions()[0])
    result = game.tap(a_blocked_tile(game))
    assert result.outcome is TapOutcome.BLOCKED
    assert game.selection is None
    assert game.board.tiles_left == 144


def test_tapping_an_empty_place_is_an_error_that_changes_nothing():
    game, _ = new_game()
    move = game.deal.solution[0]
    game.play(move)
    game.tap(game.board.free_positions()[0])
    selection = game.selection
    with pytest.raises(GameError, match="no tile at position"):
        game.tap(move.a)
    with pytest.raises(GameError, match="no tile at position"):
        game.tap(10_000)
    assert game.selection == selection


def test_the_game_is_won_when_all_144_tiles_are_gone_and_the_clock_stops():
    game, clock = new_game()
    for move in game.deal.solution:
        clock.now += 1
        game.tap(move.a)
        game.tap(move.b)
    assert game.status is GameStatus.WON
    assert game.elapsed == 72
    clock.now += 50
    assert game.elapsed == 72
    with pytest.raises(GameError, match="over"):
        game.tap(0)


def row_game(*labels: str) -> Game:
    layout = Layout.from_positions([(2 * i, 0, 0) for i in range(len(labels))])
    return Game(Deal(layout, labels, (), Difficulty.NORMAL, 0, 0.0))


def test_stuck_when_no_two_free_tiles_match():
    game = row_game("1D", "2D", "1D", "2D")  # the free ends are 1D and 2D
    assert game.status is GameStatus.STUCK
    assert game.hint() is None


def test_pause_stops_the_clock_and_refuses_taps_until_resumed():
    game, clock = new_game()
    clock.now += 10
    game.pause()
    assert game.status is GameStatus.PAUSED
    clock.now += 1000
    assert game.elapsed == 10
    with pytest.raises(GameError, match="paused"):
        game.tap(game.board.free_positions()[0])
    game.resume()
    clock.now += 5
    assert game.elapsed == 15
    assert game.status is GameStatus.PLAYING


def test_pause_clears_the_selection():
    game, _ = new_game()
    game.tap(game.board.free_positions()[0])
    game.pause()
    assert game.selection is None


def test_undo_and_redo_are_counted_and_logged():
    game, _ = new_game()
    first, second = game.deal.solution[:2]
    game.play(first)
    game.play(second)
    game.undo()
    game.undo()
    game.redo()
    assert game.undos == 2
    assert game.moves == [first]
    assert game.actions == [str(first), str(second), "undo", "undo", "redo"]
    with pytest.raises(GameError, match="nothing to redo"):
        game.play(second)
        game.redo()


def test_undo_with_nothing_to_undo_is_an_error():
    game, _ = new_game()
    with pytest.raises(GameError, match="nothing to undo"):
        game.undo()
    assert game.actions == []


def test_a_hint_is_a_legal_pair_and_is_counted():
    game, _ = new_game()
    hint = game.hint()
    assert hint is not None and game.board.is_legal(hint)
    assert game.hints == 1


def test_shuffle_keeps_positions_and_faces_and_is_counted():
    game, _ = new_game()
    for move in game.deal.solution[:10]:
        game.play(move)
    before = game.board.tiles
    game.shuffle()
    after = game.board.tiles
    assert [t is None for t in before] == [t is None for t in after]
    assert sorted(t for t in before if t) == sorted(t for t in after if t)
    assert game.shuffles == 1
    game.undo()
    assert game.board.tiles == before


def test_shuffle_that_cannot_help_is_reported_and_changes_nothing():
    # Two 2D side by side and two 1D stacked: once the 2D are gone, no faces can help.
    layout = Layout.from_positions([(0, 0, 0), (4, 0, 0), (8, 0, 0), (0, 0, 1)])
    game = Game(Deal(layout, ("1D", "2D", "2D", "1D"), (), Difficulty.NORMAL, 0, 0.0))
    game.play(Move(1, 2))
    assert game.status is GameStatus.STUCK
    before = game.board.tiles
    with pytest.raises(ShuffleError, match="cannot be cleared"):
        game.shuffle()
    assert game.board.tiles == before and game.shuffles == 0
    assert game.actions == ["1,2"]


def test_replay_rebuilds_the_game_from_code_and_actions():
    game, _ = new_game()
    for move in game.deal.solution[:20]:
        game.play(move)
    game.undo()
    game.hint()
    game.shuffle()
    game.play(game.board.matching_pairs()[0])
    game.undo()
    rebuilt = Game.replay(deal_from_code(CODE), game.actions)
    assert rebuilt.board.tiles == game.board.tiles
    assert rebuilt.board.redo_stack == game.board.redo_stack
    assert (rebuilt.hints, rebuilt.undos, rebuilt.shuffles) == (1, 2, 1)


def test_replay_of_a_bad_log_is_a_clear_error():
    with pytest.raises(GameError, match=r"action 1 \('0,1'\) cannot be replayed"):
        Game.replay(deal_from_code(CODE), ["0,1"])
    with pytest.raises(GameError, match="action 1"):
        Game.replay(deal_from_code(CODE), ["jump"])


def test_playing_an_illegal_move_directly_is_refused():
    game, _ = new_game()
    with pytest.raises(IllegalMoveError):
        game.play(Move(0, 1))
    assert game.actions == []
