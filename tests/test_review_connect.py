"""The review of a Connect game: exact verdicts within a budget of positions shared by the
whole review, and the first losing move of a constructed dead end."""

from __future__ import annotations

import random

from mahjong_solitaire.connect.hint import search_line
from mahjong_solitaire.core.moves import Move
from mahjong_solitaire.core.review import PositionVerdict, SearchBudget, review_game
from mahjong_solitaire.modes import mode_of_code

CODE = "CN1-1206B-AAAAAAP"  # 12×6, tiles slide down
EXHAUSTIVE = 10**6  # positions: far more than a 72-tile game has to search


def _exact(moves: list[Move]) -> list[PositionVerdict]:
    """The verdict after each move by a search with no budget to speak of (it ends, so a
    ``None`` is a proof)."""
    probe = mode_of_code(CODE).deal(CODE).board()
    verdicts = []
    for move in moves:
        probe.push(move)
        line, proven, _ = search_line(probe, EXHAUSTIVE)
        assert line is not None or proven
        verdicts.append(PositionVerdict.WINNABLE if line is not None else PositionVerdict.LOST)
    return verdicts


def _into_a_dead_end(along: int = 3, seed: int = 40) -> list[Move]:
    """The deal's winning line for ``along`` moves, then seeded careless play until stuck."""
    deal = mode_of_code(CODE).deal(CODE)
    board = deal.board()
    moves = list(deal.solution[:along])
    for move in moves:
        board.push(move)
    chooser = random.Random(seed)
    while not board.is_won() and not board.is_stuck():
        moves.append(chooser.choice(sorted(board.matching_pairs())))
        board.push(moves[-1])
    assert board.is_stuck()
    return moves


def _review(moves: list[Move], budget: SearchBudget | None = None):
    game = mode_of_code(CODE).replay(CODE, [])
    return review_game(game, [f"{m.a},{m.b}" for m in moves], budget=budget)


def test_a_connect_dead_end_is_found_as_the_first_losing_move():
    moves = _into_a_dead_end()
    exact = _exact(moves)
    k = exact.index(PositionVerdict.LOST)
    review = _review(moves)
    assert list(review.verdicts) == exact
    assert review.first_losing_move == k
    assert review.better is not None
    board = mode_of_code(CODE).deal(CODE).board()
    for move in moves[:k]:
        board.push(move)
    board.push(review.better.pair)
    assert search_line(board, EXHAUSTIVE)[0] is not None  # the better pair keeps a win


def test_a_review_spends_at_most_its_budget_and_shares_the_positions_proven_lost():
    moves = _into_a_dead_end()
    budget = SearchBudget(positions=400)
    review = _review(moves, budget)
    assert 0 <= budget.positions < 400
    assert budget.lost  # what one verdict proved lost, the next searches skip
    assert PositionVerdict.LOST in review.verdicts


def test_with_no_budget_left_only_the_positions_that_need_a_search_are_unknown():
    moves = _into_a_dead_end()
    exact = _exact(moves)
    review = _review(moves, SearchBudget(positions=0))
    assert PositionVerdict.UNKNOWN in review.verdicts
    # the deal's own line needs no search, nor does the stuck end, nor a lost one's next
    assert review.verdicts[:3] == (PositionVerdict.WINNABLE,) * 3
    assert review.verdicts[-1] is PositionVerdict.LOST
    for verdict, truth in zip(review.verdicts, exact, strict=True):
        assert verdict in (truth, PositionVerdict.UNKNOWN)  # never a wrong verdict
    assert review.first_losing_move in (None, exact.index(PositionVerdict.LOST))
