"""Still winnable?  Winnable, lost or unknown, and the way back to a winnable position."""

from __future__ import annotations

import pytest

from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.core.board import Board
from mahjong_solitaire.core.game import GameError
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.core.moves import Move
from mahjong_solitaire.solver.winnability import Status, Winnability, winnability

# Two 1B on the floor, a 1B on top of a 2B, a 2B on top of a 1B: pairing the two floor
# tiles first leaves the other 1B and 2B waiting for each other.
TRAP = [
    (0, 0, 0, "1B"),
    (0, 0, 1, "2B"),
    (4, 0, 0, "1B"),
    (8, 0, 0, "1B"),
    (20, 0, 0, "2B"),
    (20, 0, 1, "1B"),
]


def trap_board() -> tuple[Board, Layout]:
    layout = Layout.from_positions([t[:3] for t in TRAP])
    labels = {t[:3]: t[3] for t in TRAP}
    return Board(layout, [labels[p] for p in layout.positions]), layout


def floor_pair(layout: Layout) -> Move:
    return Move(layout.index((4, 0, 0)), layout.index((8, 0, 0)))


def test_a_fresh_deal_is_winnable():
    board = deal_from_code("MJ1-L00-AAAAABL").board()
    assert winnability(board) == Winnability(Status.WINNABLE, 0)


def test_a_lost_position_says_how_many_undos_lead_back():
    board, layout = trap_board()
    board.push(floor_pair(layout))
    assert winnability(board) == Winnability(Status.LOST, 1)
    assert board.tiles_left == 4  # nothing changed


def test_a_won_board_is_winnable():
    board, layout = trap_board()
    for _ in range(3):
        board.push(next(m for m in board.matching_pairs() if m != floor_pair(layout)))
    assert board.is_won()
    assert winnability(board).status is Status.WINNABLE


def test_a_tiny_budget_answers_unknown_rather_than_waiting():
    from mahjong_solitaire.layouts import builtin_layout
    from mahjong_solitaire.solver.random_deals import random_board

    board = random_board(builtin_layout("turtle"), 6)
    assert winnability(board, node_limit=0).status is Status.UNKNOWN


def test_game_undo_to_winnable_from_a_winnable_position_changes_nothing():
    deal = deal_from_code("MJ1-L00-AAAAABL")
    game = Game(deal, clock=lambda: 0.0)
    game.play(deal.solution[0])
    assert game.winnability().status is Status.WINNABLE
    assert game.undo_to_winnable() == 0
    assert game.actions == [str(deal.solution[0])]


def test_game_back_to_winnable_is_one_action_of_its_own_counted_as_its_undos(monkeypatch):
    """Rules §5.9: the way back is logged as ``back n`` (not n plain undos); its undos
    still count in the aids, and a replay of the log needs no solver."""
    deal = deal_from_code("MJ1-L00-AAAAABL")
    game = Game(deal, clock=lambda: 0.0)
    game.play(deal.solution[0])
    game.play(deal.solution[1])
    monkeypatch.setattr(Game, "winnability", lambda self: Winnability(Status.LOST, 2))
    assert game.undo_to_winnable() == 2
    assert game.actions[-1] == "back 2" and game.moves == []
    assert (game.undos, game.rewinds) == (2, 1)
    replayed = Game.replay(deal, game.actions, clock=lambda: 0.0)
    assert (replayed.moves, replayed.undos, replayed.rewinds) == ([], 2, 1)
    monkeypatch.setattr(Game, "winnability", lambda self: Winnability(Status.LOST, None))
    with pytest.raises(GameError):
        game.undo_to_winnable()
