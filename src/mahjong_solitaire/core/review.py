"""The review of a game (issue 28): the verdict after every action of its log, the first
move after which it could no longer be won, a better pair at that point, and a summary.

Pure: a game's deal and its action log in, a :class:`Review` out.  Every mode is reviewed
through its own game class (:meth:`~.mode.Mode.replay` builds it), whose
:meth:`~.game.TileGame.solution` is the mode's verdict within its budget; a position along a
plan already known is answered from that plan without a search, so verdicts carry from one
move to the next.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .game import GameError, PlayableDeal, TileGame
from .moves import Move

__all__ = ["Better", "PositionVerdict", "Review", "ReviewSummary", "review_game", "reviewed"]


#: An action that removes a pair the player chose (``"12,40"``).
_PAIR = re.compile(r"\d+,\d+")


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


def _verdict(game: TileGame) -> tuple[PositionVerdict, tuple[Move, ...] | None]:
    if game.board.is_won():
        return PositionVerdict.WINNABLE, ()
    solution = game.solution()
    if solution.moves is not None:
        return PositionVerdict.WINNABLE, solution.moves
    if solution.lost or game.board.is_stuck():
        return PositionVerdict.LOST, None
    return PositionVerdict.UNKNOWN, None


class _Verdicts:
    """The verdicts of the positions a review met, so that each costs one search at most:
    a position seen before (an undo, a hint, a redo) is answered from the first time, and a
    pair removed from a lost position leaves a lost one (a win from it would have been a
    win from the position before), which needs no proof of its own; and a pair taken from a
    winnable position is first tried against that position's plan, mended for it
    (:func:`_mended_plans`), which a replay on a copy of the board proves without a search."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str | None, ...], tuple[PositionVerdict, tuple[Move, ...] | None]]
        self._seen = {}

    def of(
        self,
        game: TileGame,
        *,
        lost_before: bool = False,
        action: str = "",
        plan_before: tuple[Move, ...] | None = None,
    ) -> tuple[PositionVerdict, tuple[Move, ...] | None]:
        key = tuple(game.board.tiles)
        found = self._seen.get(key)
        if found is None:
            pair = Move.parse(action) if _PAIR.fullmatch(action) else None
            if lost_before and pair is not None:
                found = PositionVerdict.LOST, None
            else:
                mended = None if pair is None else _mended(game, plan_before, pair)
                found = (PositionVerdict.WINNABLE, mended) if mended else _verdict(game)
            self._seen[key] = found
        return found


def _mended_plans(plan: tuple[Move, ...], pair: Move) -> list[tuple[Move, ...]]:
    """The plans that may win after ``pair`` was taken instead of ``plan``'s way: ``plan``
    without ``pair`` when it is one of its moves (every later move then finds fewer tiles in
    its way), else, when ``pair``'s tiles go with ``x`` and ``y`` in ``plan``, ``plan`` with
    ``x`` and ``y`` taken together where the later of the two went (their faces match as
    ``pair``'s do).  Only a replay of one proves it."""
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


def _mended(game: TileGame, plan: tuple[Move, ...] | None, pair: Move) -> tuple[Move, ...] | None:
    """A plan of ``plan_before`` mended for ``pair`` that clears ``game``'s board, played
    on a copy (``None``: none does, and a search must tell)."""
    for candidate in [] if not plan else _mended_plans(plan, pair):
        probe = game.board.copy(stack=False)
        for move in candidate:
            if not probe.is_legal(move):
                break
            probe.push(move)
        if probe.is_won():
            return candidate
    return None


def _pairs_after(game: TileGame, move: Move) -> int:
    probe = game.board.copy(stack=False)
    probe.push(move)
    return int(probe.pair_count())


def review_game(
    game: TileGame, actions: Sequence[str], times: Sequence[float] | None = None
) -> Review:
    """Review ``actions`` played on ``game``, a fresh game of the deal (``Mode.replay`` of
    no actions).  ``times``: the seconds into the game of each action, when known (the
    longest think and the time stuck are then measured; else ``None``)."""
    known = _Verdicts()
    verdict, plan = known.of(game)
    before = verdict  # the deal's
    verdicts: list[PositionVerdict] = []
    plans = [plan]  # the plan of the position before each action
    boards = []  # the board before each action
    pairs_after: list[int] = []
    for action in actions:
        boards.append(game.board.copy(stack=False))
        game.apply(action)
        lost = verdict is PositionVerdict.LOST
        verdict, plan = known.of(game, lost_before=lost, action=action, plan_before=plan)
        verdicts.append(verdict)
        plans.append(plan)
        pairs_after.append(int(game.board.pair_count()))
    _winnable_back(verdicts, actions)
    first_losing: int | None = None
    better: Better | None = None
    for index, after in enumerate(verdicts):
        if (
            first_losing is None
            and after is PositionVerdict.LOST
            and before is PositionVerdict.WINNABLE
        ):
            first_losing = index
            plan = plans[index]
            if plan:
                probe = boards[index].copy(stack=False)
                probe.push(plan[0])
                better = Better(plan[0], int(probe.pair_count()), pairs_after[index])
        elif after is not PositionVerdict.LOST and first_losing is not None:
            first_losing = None  # an undo (or a shuffle) made it winnable again
            better = None
        before = after
    return Review(tuple(verdicts), first_losing, better, _summary(game, actions, verdicts, times))


def _winnable_back(verdicts: list[PositionVerdict], actions: Sequence[str]) -> None:
    """Mark winnable each unknown position from which the log's own pairs reach a winnable
    position: those pairs and that position's plan are a way to a win."""
    reaches = False  # whether the position after the next action reaches a winnable one
    for index in range(len(verdicts) - 1, -1, -1):
        following = index + 1 < len(actions) and _PAIR.fullmatch(actions[index + 1]) is not None
        if verdicts[index] is PositionVerdict.UNKNOWN and reaches and following:
            verdicts[index] = PositionVerdict.WINNABLE
        reaches = verdicts[index] is PositionVerdict.WINNABLE


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
