"""A game's review: the verdict after every action, the first losing move, a better pair."""

from __future__ import annotations

from mahjong_solitaire.core.review import REVIEW_NODES, PositionVerdict, SearchBudget, review_game
from mahjong_solitaire.modes import mode_of_code
from mahjong_solitaire.solver import Verdict, solve
from test_review_api import dead_end

CODE = "MJ1-L00-AAAAABL"


def _fresh():
    mode = mode_of_code(CODE)
    return mode, mode.deal(CODE)


def _dead_end_line() -> tuple[list[str], int]:
    """Seeded careless play from the deal until the board is stuck, and the first move the
    exact solver (no budget) proves lost: the known first losing move."""
    return dead_end(CODE, along=0)


def test_a_won_game_has_no_losing_move():
    mode, deal = _fresh()
    actions = [f"{m.a},{m.b}" for m in deal.solution]
    review = review_game(mode.replay(CODE, []), actions)
    assert review.first_losing_move is None
    assert review.better is None
    assert set(review.verdicts) == {PositionVerdict.WINNABLE}
    assert review.summary.moves == len(actions)


def test_stepping_a_winning_line_into_a_dead_end_marks_that_step_first_losing():
    mode, _ = _fresh()
    actions, k = _dead_end_line()
    review = review_game(mode.replay(CODE, []), actions)
    assert review.first_losing_move == k
    assert review.verdicts[k] is PositionVerdict.LOST
    assert all(v is PositionVerdict.WINNABLE for v in review.verdicts[:k])
    assert review.better is not None
    board = mode.replay(CODE, actions[:k]).board
    after = board.copy(stack=False)
    after.push(review.better.pair)
    assert after.is_won() or solve(after).verdict is Verdict.SOLVABLE


def test_an_undo_of_the_losing_move_clears_it():
    mode, _ = _fresh()
    actions, k = _dead_end_line()
    review = review_game(mode.replay(CODE, []), [*actions[: k + 1], "undo"])
    assert review.first_losing_move is None
    assert review.summary.undos == 1


def test_times_give_the_longest_think():
    mode, deal = _fresh()
    actions = [f"{m.a},{m.b}" for m in deal.solution[:3]]
    review = review_game(mode.replay(CODE, []), actions, times=[1.0, 5.0, 6.0])
    assert review.summary.longest_think == 4.0
    assert review.summary.time_stuck == 0


def test_a_lost_position_is_proven_once_and_positions_seen_again_are_not_searched():
    mode, _ = _fresh()
    actions, k = _dead_end_line()
    tail = [*actions, "hint", "undo", "undo", "redo"]
    game = mode.replay(CODE, [])
    searched = _counted(game)
    review = review_game(game, tail)
    assert review.first_losing_move == k
    assert len(searched) == len(set(searched))  # no position searched twice
    assert len(searched) <= k + 2  # the start, the winnable line, one proof of loss


def _counted(game) -> list[tuple]:
    """The positions the review searches (through ``solution_within``, within the review's
    budget), as their tiles."""
    searched: list[tuple] = []
    solution_within = game.solution_within

    def counted(board, budget):
        searched.append(tuple(board.tiles))
        return solution_within(board, budget)

    game.solution_within = counted
    return searched


def test_a_pair_of_the_plan_taken_early_keeps_the_plan_and_needs_no_search():
    mode, deal = _fresh()
    start = deal.board()
    early = next(m for m in deal.solution[1:] if start.is_legal(m))
    game = mode.replay(CODE, [])
    searched = _counted(game)
    review = review_game(game, [f"{early.a},{early.b}"])
    assert review.verdicts == (PositionVerdict.WINNABLE,)
    assert len(searched) == 1  # the deal's own position only


def test_a_pair_off_the_plan_is_judged_by_the_mended_plan_when_a_replay_proves_it():
    """Taking a pair whose tiles the plan takes with two others, the plan with those two
    taken together instead wins often enough that some first pairs need no search; each
    verdict agrees with the exact solver."""
    mode, deal = _fresh()
    start = deal.board()
    off_plan = [m for m in sorted(start.matching_pairs()) if m not in deal.solution]
    unsearched = 0
    for pair in off_plan:
        game = mode.replay(CODE, [])
        searched = _counted(game)
        review = review_game(game, [f"{pair.a},{pair.b}"])
        after = deal.board()
        after.push(pair)
        exact = solve(after.copy(stack=False)).verdict
        if review.verdicts[0] is PositionVerdict.WINNABLE:
            assert exact is Verdict.SOLVABLE
        unsearched += len(searched) == 1
    assert off_plan and unsearched > 0


def test_a_review_replays_hints_unanswered_yet_counts_and_shuffles_as_the_game_did():
    """A review needs the positions, not the hints' pairs: it replays a hint without the
    search (``answered=False``), and the hints still count once per position and the
    shuffles after them draw the same faces (their seed is the action's index)."""
    mode, deal = _fresh()
    moves = [f"{m.a},{m.b}" for m in deal.solution[:6]]
    actions = ["hint", "hint", moves[0], "hint", moves[1], "shuffle", "hint", "hint", "hint"]
    played = mode.replay(CODE, actions)
    looked_at = mode.replay(CODE, [])
    for action in actions:
        looked_at.apply(action, answered=False)
    assert looked_at.hints == played.hints == 3
    assert looked_at.actions == played.actions
    assert looked_at.board.tiles == played.board.tiles
    answered = looked_at.hint()  # asked again for real, it searches (and counts nothing new)
    assert answered is not None and looked_at.hints == 3
    review = review_game(mode.replay(CODE, []), actions)
    assert review.summary.hints == 3


def test_a_classic_review_spends_at_most_its_branch_points_and_unaffordable_ones_are_unknown():
    """Classic's searches share the review's budget of branch points (``REVIEW_NODES``):
    with none left, only the positions that need a search are ``unknown``; those along the
    deal's own line keep their plan, and a stuck one is still lost."""
    mode, _ = _fresh()
    actions, _ = _dead_end_line()
    full = review_game(mode.replay(CODE, []), actions)
    spent = SearchBudget()
    review_game(mode.replay(CODE, []), actions, budget=spent)
    assert 0 <= spent.nodes < REVIEW_NODES  # the dead end needed searches, within budget
    starved = review_game(mode.replay(CODE, []), actions, budget=SearchBudget(nodes=0))
    for exact, found in zip(full.verdicts, starved.verdicts, strict=True):
        assert found in (exact, PositionVerdict.UNKNOWN)
    assert PositionVerdict.UNKNOWN in starved.verdicts
    assert starved.verdicts[-1] is PositionVerdict.LOST  # stuck: no search needed
    assert starved.verdicts[0] is PositionVerdict.WINNABLE  # the deal's own line
