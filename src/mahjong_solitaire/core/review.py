"""The review of a game (issue 28): the verdict after every action of its log, the first
move after which it could no longer be won, a better pair at that point, and a summary.

Pure: a game's deal and its action log in, a :class:`Review` out.  Every mode is reviewed
through its own game class (:meth:`~.mode.Mode.replay` builds it), whose
:meth:`~.game.TileGame.solution` is the mode's verdict within its budget; a position along a
plan already known is answered from that plan without a search, so verdicts carry from one
move to the next.

A mode whose game also has :meth:`BudgetedGame.solution_within` searches within a
:class:`SearchBudget` shared by every verdict of one review: Connect the positions it may
examine in all (:data:`REVIEW_LIMIT`), and the positions proven lost so far, which later
searches skip; classic the branch points its solver may examine in all
(:data:`REVIEW_NODES`).  The worst review is then bounded, and a position the budget could
not afford is ``unknown``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from .game import GameError, PlayableDeal, Solution, TileGame
from .moves import Move

__all__ = [
    "REVIEW_LIMIT",
    "REVIEW_NODES",
    "REVIEW_PASSES",
    "Better",
    "BudgetedGame",
    "PositionVerdict",
    "Review",
    "ReviewSummary",
    "SearchBudget",
    "review_game",
    "reviewed",
]

#: Positions the searches of one review may examine in all, in a mode that counts them
#: (Connect: within a second of CPU for a full 18×8 game, BENCHMARKS.md).
REVIEW_LIMIT = 2000
#: The positions each search may examine, pass by pass: the first pass judges every
#: position it can cheaply (the ends of a stretch no plan covers are the easy ones, a near
#: win or a near dead end), the next ones search again what is left unknown, with what the
#: first proved lost.
REVIEW_PASSES = (100, 800)
#: Branch points the searches of one review may examine in all, in a mode whose solver
#: counts them (classic: a search may examine 4,000; a branch point costs from a few µs to
#: 0.7 ms, so this bounds the number of searches more than the seconds).
REVIEW_NODES = 5000


@dataclass(slots=True)
class SearchBudget:
    """What the searches of one review share: ``positions`` they may still examine in all,
    ``each`` the positions one search may, and ``lost``, the positions proven lost so far
    (as the mode's search keys them); in a mode whose solver counts branch points instead,
    ``nodes`` it may still examine in all (``each`` of them a search)."""

    positions: int = REVIEW_LIMIT
    each: int = REVIEW_PASSES[-1]
    lost: set[Hashable] = field(default_factory=set)
    nodes: int = REVIEW_NODES


@runtime_checkable
class BudgetedGame(Protocol):
    """A game whose search takes a review's :class:`SearchBudget`, with the limits of one
    search pass by pass (``review_passes``: the budget's ``each`` of each pass)."""

    review_passes: tuple[int, ...]

    def solution_within(self, board: Any, budget: SearchBudget) -> Solution:
        """:meth:`~.game.TileGame.solution_from` ``board``, examining at most
        ``budget.positions`` positions (which it spends), skipping ``budget.lost`` and
        adding to it those it proves lost."""
        ...


class PositionVerdict(StrEnum):
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Better:
    """At the losing move: ``pair`` kept the position winnable; ``pairs_left`` and
    ``played_pairs_left`` are the free pairs that choice and the player's left."""

    pair: Move
    pairs_left: int
    played_pairs_left: int


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    moves: int
    hints: int
    undos: int
    shuffles: int
    longest_think: float | None
    time_stuck: float | None


@dataclass(frozen=True, slots=True)
class Review:
    verdicts: tuple[PositionVerdict, ...]
    first_losing_move: int | None
    better: Better | None
    summary: ReviewSummary

    def to_json(self) -> dict[str, object]:
        better = None
        if self.better is not None:
            better = {
                "pair": [self.better.pair.a, self.better.pair.b],
                "pairs_left": self.better.pairs_left,
                "played_pairs_left": self.better.played_pairs_left,
            }
        s = self.summary
        return {
            "verdicts": [v.value for v in self.verdicts],
            "first_losing_move": self.first_losing_move,
            "better": better,
            "summary": {
                "moves": s.moves,
                "hints": s.hints,
                "undos": s.undos,
                "shuffles": s.shuffles,
                "longest_think": s.longest_think,
                "time_stuck": s.time_stuck,
            },
        }


#: An action that removes one pair: the player's (``"12,40"``) or the demo's (``"solve 12,40"``).
_PAIR = re.compile(r"(?:solve )?(\d+,\d+)")

_Judged = tuple[PositionVerdict, tuple[Move, ...] | None]


class _Judge:
    """The verdicts of a game's positions (``positions[0]`` the deal's, ``positions[p]``
    the one after action ``p - 1``), each at the least cost.  Position ``p`` is *linked* to
    the one before it when its action removed one pair or changed nothing (a hint); along a
    chain of links a winnable position makes every earlier one winnable, and a lost one
    every later one lost (a win from it would have been a win from the position before).

    * A position seen before keeps its verdict (an undo, a hint, a redo).
    * A chain's first position (the deal's, or the one after an undo, a shuffle, a Finish)
      is searched.
    * A linked position after a lost one is lost, and one after a winnable one is first
      tried against that position's plan mended for its pair (:func:`_mended_plans`),
      which a replay on a copy proves without a search.
    * The stretch of linked positions that no plan covers is searched by bisection: its
      middle first, then the part its verdict leaves open, so that a stretch of ``n``
      positions costs about ``log2(n)`` searches instead of ``n``.
    """

    def __init__(
        self,
        game: TileGame,
        positions: Sequence[Any],
        actions: Sequence[str],
        budget: SearchBudget | None = None,
    ) -> None:
        self._game = game
        self._budget = SearchBudget() if budget is None else budget
        self.positions = positions
        self._pairs: list[Move | None] = [None]
        self._linked = [False]
        for p, action in enumerate(actions, start=1):
            pair = _PAIR.fullmatch(action)
            self._pairs.append(Move.parse(pair.group(1)) if pair else None)
            same = list(positions[p].tiles) == list(positions[p - 1].tiles)
            self._linked.append(pair is not None or same)
        self.verdicts: list[PositionVerdict | None] = [None] * len(positions)
        self.plans: list[tuple[Move, ...] | None] = [None] * len(positions)
        self._seen: dict[tuple[str | None, ...], _Judged] = {}

    def judged(self) -> list[PositionVerdict]:
        """Every position's verdict: a first pass, then, in a mode whose searches take a
        budget, each of the next passes of :data:`REVIEW_PASSES` searches again the runs of
        positions still unknown."""
        game = self._game
        passes = game.review_passes if isinstance(game, BudgetedGame) else REVIEW_PASSES[:1]
        self._budget.each = passes[0]
        stretch: list[int] = []
        for p in range(len(self.positions)):
            if not self._linked[p]:
                self._bisect(stretch)
                stretch = []
                self._search(p)
            elif stretch or not self._cheap(p):
                stretch.append(p)
        self._bisect(stretch)
        self._settle()
        for each in passes[1:]:  # (a search without a budget would only run again)
            self._budget.each = each
            self._again()
        return [PositionVerdict.UNKNOWN if v is None else v for v in self.verdicts]

    def _again(self) -> None:
        """Search again the positions left unknown, run by run of linked ones."""
        unknown = PositionVerdict.UNKNOWN
        self._seen = {key: seen for key, seen in self._seen.items() if seen[0] is not unknown}
        runs: list[list[int]] = []
        for p, verdict in enumerate(self.verdicts):
            if verdict is not None and verdict is not unknown:
                continue
            self.verdicts[p] = None
            if runs and runs[-1][-1] == p - 1 and self._linked[p]:
                runs[-1].append(p)
            else:
                runs.append([p])
        for run in runs:
            self._bisect(run)
        self._settle()

    def plan_at(self, p: int) -> tuple[Move, ...] | None:
        """A winning plan from position ``p`` (searched for when its verdict came from a
        later position's)."""
        if self.plans[p] is None and self.verdicts[p] is PositionVerdict.WINNABLE:
            self.plans[p] = self._game.solution_from(self.positions[p]).moves
        return self.plans[p]

    def _set(self, p: int, verdict: PositionVerdict, plan: tuple[Move, ...] | None) -> None:
        self.verdicts[p], self.plans[p] = verdict, plan
        key = tuple(self.positions[p].tiles)
        if plan is not None or key not in self._seen:
            self._seen[key] = verdict, plan

    def _cheap(self, p: int) -> bool:
        """Judge linked position ``p`` without a search, if the one before it tells."""
        board = self.positions[p]
        found = self._seen.get(tuple(board.tiles))
        before, plan, pair = self.verdicts[p - 1], self.plans[p - 1], self._pairs[p]
        if found is None and board.is_won():
            found = PositionVerdict.WINNABLE, ()
        elif found is None and before is PositionVerdict.LOST:
            found = PositionVerdict.LOST, None
        elif found is None and plan and pair is not None:
            mended = _mended(board, plan, pair)
            found = (PositionVerdict.WINNABLE, mended) if mended else None
        if found is None and board.is_stuck():
            found = PositionVerdict.LOST, None
        if found is not None:
            self._set(p, *found)
        return found is not None

    def _search(self, p: int) -> None:
        board = self.positions[p]
        found = self._seen.get(tuple(board.tiles))
        if found is None:
            solution = self._solution(board)
            if solution.moves is not None:
                found = PositionVerdict.WINNABLE, solution.moves
            elif solution.lost or board.is_stuck():
                found = PositionVerdict.LOST, None
            else:
                found = PositionVerdict.UNKNOWN, None
        self._set(p, *found)

    def _solution(self, board: Any) -> Solution:
        if isinstance(self._game, BudgetedGame):
            return self._game.solution_within(board, self._budget)
        return self._game.solution_from(board)

    def _bisect(self, stretch: list[int]) -> None:
        """Judge ``stretch``: consecutive linked positions after a judged one."""
        todo = [(0, len(stretch))]  # half-open ranges of the stretch still unjudged
        while todo:
            low, high = todo.pop()
            if low >= high:
                continue
            middle = (low + high) // 2
            self._search(stretch[middle])
            verdict = self.verdicts[stretch[middle]]
            if verdict is PositionVerdict.WINNABLE:
                for p in stretch[low:middle]:
                    self._set(p, PositionVerdict.WINNABLE, None)
                after = middle + 1  # the plan found is mended on for the next ones
                while after < high and self._cheap(stretch[after]):
                    after += 1
                todo.append((after, high))
            elif verdict is PositionVerdict.LOST:
                for p in stretch[middle + 1 : high]:
                    self._set(p, PositionVerdict.LOST, None)
                todo.append((low, middle))
            else:
                todo += [(low, middle), (middle + 1, high)]

    def _settle(self) -> None:
        """An unknown position linked to a lost one before it is lost, and one a link leads
        from to a winnable one is winnable (the log's pair and that position's plan are a
        way to a win)."""
        verdicts, linked = self.verdicts, self._linked
        winnable, lost, unknown = PositionVerdict  # in the enum's order
        for p in range(1, len(verdicts)):
            if linked[p] and (verdicts[p], verdicts[p - 1]) == (unknown, lost):
                verdicts[p] = lost
        for p in range(len(verdicts) - 2, -1, -1):
            if linked[p + 1] and (verdicts[p], verdicts[p + 1]) == (unknown, winnable):
                verdicts[p] = winnable


def _mended_plans(plan: tuple[Move, ...], pair: Move) -> list[tuple[Move, ...]]:
    """The plans that may win after ``pair`` was taken instead of ``plan``'s way: ``plan``
    without ``pair`` when it is one of its moves (every later move then finds fewer tiles in
    its way), else, when ``pair``'s tiles go with ``x`` and ``y`` in ``plan``, ``plan`` with
    ``x`` and ``y`` taken together where the later of the two went (their faces match as
    ``pair``'s do).  Only a replay of one proves it."""
    if plan[0] == pair:
        return [plan[1:]]
    if pair in plan:
        return [tuple(move for move in plan if move != pair)]
    ends = {pair.a, pair.b}
    partners = [index for index, move in enumerate(plan) if ends & {move.a, move.b}]
    if len(partners) != 2:
        return []
    first, later = partners
    x, y = ({plan[index].a, plan[index].b} - ends for index in partners)
    mended = Move(x.pop(), y.pop())
    kept = [move for index, move in enumerate(plan[:later]) if index != first]
    return [(*kept, mended, *plan[later + 1 :])]


def _mended(board: Any, plan: tuple[Move, ...], pair: Move) -> tuple[Move, ...] | None:
    """A plan of the position before ``pair`` was taken, mended for it, that clears
    ``board``, played on a copy (``None``: none does, and a search must tell).  When
    ``pair`` is the plan's first, the rest of the plan wins without a replay: ``board``
    is the position the plan reaches after it."""
    if plan[0] == pair:
        return plan[1:]
    for candidate in _mended_plans(plan, pair):
        probe = board.copy(stack=False)
        for move in candidate:
            if not probe.is_legal(move):
                break
            probe.push(move)
        if probe.is_won():
            return candidate
    return None


def review_game(
    game: TileGame,
    actions: Sequence[str],
    times: Sequence[float] | None = None,
    budget: SearchBudget | None = None,
) -> Review:
    """Review ``actions`` played on ``game``, a fresh game of the deal (``Mode.replay`` of
    no actions).  ``times``: the seconds into the game of each action, when known (the
    longest think and the time stuck are then measured; else ``None``).  ``budget``: what
    the searches share (a fresh :class:`SearchBudget` of :data:`REVIEW_LIMIT` positions
    by default)."""
    positions = [game.board.copy(stack=False)]
    for action in actions:
        game.apply(action, answered=False)  # a hint's pair is not what a review judges
        positions.append(game.board.copy(stack=False))
    judge = _Judge(game, positions, actions, budget)
    judged = judge.judged()
    verdicts = judged[1:]  # the position's after each action
    first_losing: int | None = None
    better: Better | None = None
    for index, after in enumerate(verdicts):
        before = judged[index]
        lost = after is PositionVerdict.LOST
        if first_losing is None and lost and before is PositionVerdict.WINNABLE:
            first_losing = index
            plan = judge.plan_at(index)
            if plan:
                probe = positions[index].copy(stack=False)
                probe.push(plan[0])
                played = int(positions[index + 1].pair_count())
                better = Better(plan[0], int(probe.pair_count()), played)
        elif not lost and first_losing is not None:
            first_losing = None  # an undo (or a shuffle) made it winnable again
            better = None
    return Review(tuple(verdicts), first_losing, better, _summary(game, actions, verdicts, times))


def reviewed(
    game_class: type[TileGame],
    deal: PlayableDeal,
    actions: Sequence[str],
    times: Sequence[float] | None = None,
) -> dict[str, object]:
    """The JSON of the review of ``actions`` played on a fresh ``game_class`` game of
    ``deal``: small picklable arguments in, plain data out, so that the web runs it as an
    engine job in a worker process and the command line calls it as it is.  A log that
    cannot be replayed raises :class:`~.game.GameError`."""
    try:
        return review_game(game_class(deal), actions, times).to_json()
    except ValueError as error:
        raise GameError(f"the action log cannot be replayed: {error}") from None


def _summary(
    game: TileGame,
    actions: Sequence[str],
    verdicts: Sequence[PositionVerdict],
    times: Sequence[float] | None,
) -> ReviewSummary:
    longest: float | None = None
    stuck: float | None = None
    if times is not None and len(times) == len(actions):
        gaps = [b - a for a, b in zip([0.0, *times], times, strict=False)]
        longest = max(gaps, default=0.0)
        stuck = sum(gaps[i + 1] for i, v in enumerate(verdicts[:-1]) if v is PositionVerdict.LOST)
    return ReviewSummary(
        moves=len(game.moves),
        hints=game.hints,
        undos=game.undos,
        shuffles=game.shuffles,
        longest_think=longest,
        time_stuck=stuck,
    )
