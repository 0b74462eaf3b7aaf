"""A game a player drives, in any mode: taps, the clock, undo and redo, and the action log.

The tap rules (rules §3.1):

* tapping a free tile selects it;
* tapping a second free tile removes both if they match, otherwise moves the selection;
* tapping the selected tile again deselects it;
* tapping a blocked tile removes nothing and cancels the selection.

Everything that changes the board is recorded in :attr:`TileGame.actions` as text (``"i,j"``
for a pair, ``"undo"``, ``"redo"``, ``"shuffle"``, ``"hint"``, and the aids of rules §5.9:
``"solve i,j"`` for a pair the solution demo removed, ``"back n"`` for a way back of ``n``
undos to the last winnable position, ``"finish"`` for the rest cleared at once), and
:meth:`TileGame.replay` rebuilds a game from its deal and that log: saved games are a code
plus actions.  :attr:`TileGame.times` keeps the game clock (seconds of play) at each action
beside the log: the server's times (``None`` for a log stored without them).  Shuffles draw
from a generator seeded by the deal and the action's index, so a replay shuffles exactly as
the original did.

Each mode's game (the classic :class:`~mahjong_solitaire.classic.game.Game`, Connect's
:class:`~mahjong_solitaire.connect.game.ConnectGame`) says how it suggests a pair and how it
lays new faces for a shuffle.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, Protocol, Self

from .difficulty import Difficulty
from .moves import HintTurn, HistoryEntry, Move
from .rng import Rng

__all__ = [
    "BACK",
    "FINISH",
    "SOLVE",
    "AidRefused",
    "GameError",
    "GameStatus",
    "HintTurn",
    "PlayableBoard",
    "PlayableDeal",
    "Referee",
    "Solution",
    "TapOutcome",
    "TapResult",
    "TileGame",
]

#: The stream of the shuffle generator (with the deal's fingerprint, seed and the action's
#: index), the same in every mode so that saved games replay.
SHUFFLE_STREAM = 0x5F1E
#: How far back the generic look for the last winnable position goes (undo steps).
MAX_STEPS_BACK = 40


#: The action-log words of the aids of rules §5.9 (``"solve 3,17"``, ``"back 4"``,
#: ``"finish"``).
SOLVE = "solve"
BACK = "back"
FINISH = "finish"


class GameError(ValueError):
    """An action the game cannot take now (paused, finished, nothing to undo, ...)."""


class AidRefused(GameError):
    """An aid the rules the game is played under refuse (a challenge's)."""


class GameStatus(StrEnum):
    """Where a game stands: the one spelling of a status, from the engine through the store
    to the API's schema and the page (rules §3.4).

    An engine game is playing, paused, won or stuck, or lost (a challenge its rule set
    judged lost, rules §13); :attr:`ABANDONED` is a stored game's only (replaced by a newer
    one, rules §12.1), never the engine's.

        >>> GameStatus.STUCK.is_open, GameStatus.WON.is_open, GameStatus("abandoned").name
        (True, False, 'ABANDONED')
        >>> GameStatus.LOST.is_open
        False
    """

    PLAYING = "playing"
    PAUSED = "paused"
    WON = "won"
    STUCK = "stuck"
    ABANDONED = "abandoned"
    LOST = "lost"

    @property
    def is_open(self) -> bool:
        """Whether a game of this status can still be played on (playing, paused, stuck)."""
        return self not in (GameStatus.WON, GameStatus.ABANDONED, GameStatus.LOST)


class TapOutcome(Enum):
    SELECTED = "selected"
    DESELECTED = "deselected"
    RESELECTED = "reselected"  # a second free tile that does not match: selection moves
    MATCHED = "matched"
    BLOCKED = "blocked"  # nothing removed, selection cancelled


@dataclass(frozen=True, slots=True)
class TapResult:
    outcome: TapOutcome
    position: int
    selection: int | None
    move: Move | None = None


@dataclass(frozen=True, slots=True)
class Solution:
    """A mode's word on how a position is won: ``moves`` a winning plan from it (``None``
    when none was found), ``lost`` when it is proven that none exists."""

    moves: tuple[Move, ...] | None
    lost: bool = False


class PlayableBoard(Protocol):
    """What a game needs of a board (both modes' boards have it)."""

    @property
    def tiles(self) -> Sequence[str | None]: ...
    @property
    def can_undo(self) -> bool: ...
    @property
    def can_redo(self) -> bool: ...
    @property
    def move_stack(self) -> Sequence[HistoryEntry]: ...
    @property
    def tiles_left(self) -> int: ...
    @property
    def removed_faces(self) -> list[str]: ...
    def pair_count(self) -> int: ...
    def matching_pairs(self) -> list[Move]: ...
    def is_present(self, position: int) -> bool: ...
    def is_free(self, position: int) -> bool: ...
    def is_legal(self, move: Move) -> bool: ...
    def is_won(self) -> bool: ...
    def is_stuck(self) -> bool: ...
    def push(self, move: Move) -> None: ...
    def pop(self) -> HistoryEntry: ...
    def redo(self) -> HistoryEntry: ...
    def copy(self, *, stack: bool = True) -> Any: ...


class Referee(Protocol):
    """What judges a game played under rules of its own (a challenge's rule set,
    :mod:`mahjong_solitaire.challenges`): which aids it refuses, and whether the game is
    over by its rules (won or lost, with the reason) at the game's clock now."""

    def refusal(self, aid: str) -> str | None:
        """Why ``aid`` (``"hint"``, ``"undo"``, ``"redo"``, ``"shuffle"``, ``"pause"``,
        ``"solve"``, ``"back"``, ``"finish"``) is refused, ``None`` when it is allowed."""
        ...

    def outcome(self, game: TileGame) -> tuple[GameStatus, str | None] | None:
        """:attr:`GameStatus.WON` or :attr:`GameStatus.LOST` (and why) when the rules
        end ``game`` now, ``None`` while it goes on."""
        ...


class PlayableDeal(Protocol):
    """What a deal offers in every mode (both modes' deals have it): the seed and code that
    name it, its difficulty, one winning order, a fresh board and its JSON form."""

    @property
    def seed(self) -> int: ...
    @property
    def code(self) -> str | None: ...
    @property
    def difficulty(self) -> Difficulty: ...
    @property
    def solution(self) -> Sequence[Move]: ...
    def board(self) -> PlayableBoard: ...
    def to_json(self) -> dict[str, object]: ...


class TileGame(ABC):
    """One game of a deal.  ``clock`` returns seconds (injectable for tests).  A mode's game
    implements :meth:`_suggest`, :meth:`_rearrange`, :meth:`_fingerprint` and :meth:`_solve`,
    and narrows :attr:`deal` and :attr:`board` to its mode's classes."""

    deal: PlayableDeal
    board: PlayableBoard

    def __init__(
        self,
        deal: PlayableDeal,
        *,
        clock: Callable[[], float] = time.monotonic,
        elapsed: float = 0.0,
    ) -> None:
        self.deal = deal
        self.board = deal.board()
        self.selection: int | None = None
        self.actions: list[str] = []
        #: The game clock at each action of :attr:`actions` (``None``: stored without times).
        self.times: list[float] | None = []
        self.hints = 0
        #: The hints of the position on the board, while the last action was a hint.
        self._hint_turn: HintTurn | None = None
        self.undos = 0
        self.shuffles = 0
        #: Whether the solution demo removed a pair (rules §5.9: the game is then unranked).
        self.solution_shown = False
        #: How many times the game went back to its last winnable position.
        self.rewinds = 0
        self._clock = clock
        self._elapsed = elapsed
        self._running_since: float | None = clock()
        #: The rules the game is judged by besides the board's (a challenge), if any: set
        #: after a replay, since a logged action was allowed when it was taken.
        self.referee: Referee | None = None

    # -- what each mode says ----------------------------------------------------------

    @abstractmethod
    def _suggest(self) -> Move | None:
        """A playable pair for a hint, ``None`` when there is none."""

    @abstractmethod
    def _hint_others(self, first: Move) -> tuple[list[Move], Callable[[Move], bool]]:
        """The other playable pairs for the hints after ``first``, in the order to judge
        them, and the mode's word on whether one keeps the position winnable (rules §5.7:
        a pair the search cannot vouch for goes with the rest)."""

    @abstractmethod
    def _rearrange(self, rng: Rng, *, patient: bool) -> None:
        """New faces on the remaining tiles, drawn from ``rng`` (a shuffle); a ``patient``
        one may search longer for them."""

    @abstractmethod
    def _fingerprint(self) -> int:
        """The deal's geometry as a number (seeds the shuffle generator)."""

    @abstractmethod
    def _solve(self, board: Any) -> Solution:
        """A winning plan from ``board`` (this game's board or a copy of it), within the
        mode's budget."""

    def _plan_allows(self, plan: tuple[Move, ...], move: Move) -> bool:
        """Whether the position after ``move`` can still be won: when it is ``plan``'s first
        pair, or the mode's search finds a winning plan after it."""
        if plan and plan[0] == move:
            return True
        if not self.board.is_legal(move):
            return False
        probe = self.board.copy(stack=False)
        probe.push(move)
        return bool(probe.is_won()) or self._solve(probe).moves is not None

    def _finishing_moves(self) -> list[Move] | None:
        """The pairs that clear the rest of the board when no choice left matters (rules
        §5.10), in the order they go; ``None`` when a choice still matters (the default:
        a mode without the Finish aid)."""
        return None

    def steps_to_winnable(self) -> int | None:
        """How many undo steps lead back to the last position with a winning plan (0 when
        this one has one), ``None`` when none was found: earlier positions are tried one
        undo at a time."""
        probe = self.board.copy()
        steps = 0
        while True:
            if self._solve(probe).moves is not None:
                return steps
            if not probe.can_undo or steps >= MAX_STEPS_BACK:
                return None
            probe.pop()
            steps += 1

    # -- replay ---------------------------------------------------------------------

    @classmethod
    def replay(
        cls,
        deal: PlayableDeal,
        actions: Iterable[str],
        *,
        times: Sequence[float] | None = None,
        **kwargs: Any,
    ) -> Self:
        """Rebuild a game from its deal, action log and ``times`` (:meth:`keep_times`)."""
        game = cls(deal, **kwargs)
        for n, action in enumerate(actions):
            try:
                game.apply(action)
            except ValueError as error:
                raise GameError(
                    f"action {n + 1} ({action!r}) cannot be replayed: {error}"
                ) from None
        game.keep_times(times)
        return game

    def keep_times(self, times: Sequence[float] | None) -> None:
        """Take ``times`` (as stored) as this game's; ``None`` or a list not aligned with the
        log leaves them unknown (``None``), unless nothing was done yet."""
        if times is not None and len(times) == len(self.actions):
            self.times = [float(t) for t in times]
        else:
            self.times = None if self.actions else []

    def _log(self, action: str) -> None:  # the action, and the clock at it beside
        self.actions.append(action)
        if self.times is not None:
            self.times.append(round(self.elapsed, 3))

    def apply(self, action: str, *, answered: bool = True) -> None:
        """Perform one action of the log format (``answered``: see :meth:`hint`)."""
        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "shuffle":
            # Patient: a shuffle's search finds the same faces whatever its budget, so a
            # logged shuffle replays even when it took the player's longer search.
            self.shuffle(patient=True)
        elif action == "hint":
            self.hint(answered=answered)
        elif action == FINISH:
            self.finish()
        elif action.startswith(f"{SOLVE} "):
            self._play_solution_pair(Move.parse(action[len(SOLVE) + 1 :]))
        elif action.startswith(f"{BACK} "):
            self._go_back(_steps(action[len(BACK) + 1 :]))
        else:
            self.play(Move.parse(action))

    # -- state ----------------------------------------------------------------------

    @property
    def status(self) -> GameStatus:
        if self.board.is_won():
            return GameStatus.WON
        ruled = self.ruled_outcome
        if ruled is not None:
            return ruled[0]
        if self._running_since is None:
            return GameStatus.PAUSED
        if self.board.is_stuck():
            return GameStatus.STUCK
        return GameStatus.PLAYING

    @property
    def ruled_outcome(self) -> tuple[GameStatus, str | None] | None:
        """How the referee's rules end the game now (won or lost, and why), if they do."""
        return None if self.referee is None else self.referee.outcome(self)

    @property
    def is_over(self) -> bool:
        """Whether the game is over: the board is cleared, or its rules ended it."""
        return self.board.is_won() or self.ruled_outcome is not None

    def _allow(self, aid: str) -> None:
        """:class:`AidRefused` when the game's rules refuse ``aid``."""
        reason = None if self.referee is None else self.referee.refusal(aid)
        if reason is not None:
            raise AidRefused(reason)

    @property
    def elapsed(self) -> float:
        """Seconds played, pauses excluded."""
        if self._running_since is None:
            return self._elapsed
        return self._elapsed + max(0.0, self._clock() - self._running_since)

    def set_clock(self, elapsed: float, clock: Callable[[], float]) -> None:
        """Seconds played so far, and the clock that measures play from now on (running,
        unless the game is won): what the constructor does, for a game kept between
        requests instead of rebuilt."""
        self._clock = clock
        self._elapsed = elapsed
        self._running_since = None if self.board.is_won() else clock()

    @property
    def is_paused(self) -> bool:
        return self._running_since is None and not self.board.is_won()

    def _stop_clock(self) -> None:
        if self._running_since is not None:
            self._elapsed = self.elapsed
            self._running_since = None

    def pause(self) -> None:
        if self.is_over:
            raise GameError("the game is over")
        self._allow("pause")
        self._stop_clock()
        self.selection = None

    def resume(self) -> None:
        if self.is_over:
            raise GameError("the game is over")
        if self._running_since is None:
            self._running_since = self._clock()

    def _require_playable(self, aid: str | None = None) -> None:
        if self.is_over:
            raise GameError("the game is over")
        if aid is not None:
            self._allow(aid)
        if self._running_since is None:
            raise GameError("the game is paused")

    # -- actions --------------------------------------------------------------------

    def tap(self, position: int) -> TapResult:
        """Tap the tile at ``position`` (rules §3.1); :class:`GameError` for an empty place."""
        self._require_playable()
        board = self.board
        if not board.is_present(position):
            raise GameError(f"there is no tile at position {position}")
        if not board.is_free(position):
            self.selection = None
            return TapResult(TapOutcome.BLOCKED, position, None)
        selected = self.selection
        if selected is None:
            self.selection = position
            return TapResult(TapOutcome.SELECTED, position, position)
        if selected == position:
            self.selection = None
            return TapResult(TapOutcome.DESELECTED, position, None)
        move = Move(selected, position)
        if board.is_legal(move):
            self.play(move)
            return TapResult(TapOutcome.MATCHED, position, None, move)
        self.selection = position
        return TapResult(TapOutcome.RESELECTED, position, position)

    def play(self, move: Move) -> None:
        """Remove a pair directly (raises :class:`~.board.IllegalMoveError` if illegal)."""
        self._require_playable()
        self.board.push(move)
        self.selection = None
        self._log(str(move))
        if self.board.is_won():
            self._stop_clock()

    def undo(self) -> None:
        self._require_playable("undo")
        if not self.board.can_undo:
            raise GameError("there is nothing to undo")
        self.board.pop()
        self.selection = None
        self.undos += 1
        self._log("undo")

    def redo(self) -> None:
        self._require_playable("redo")
        if not self.board.can_redo:
            raise GameError("there is nothing to redo")
        self.board.redo()
        self.selection = None
        self._log("redo")
        if self.board.is_won():
            self._stop_clock()

    def hint(self, *, answered: bool = True) -> Move | None:
        """A playable pair (``None`` when stuck).  Pressed again with no other action
        between, it shows another pair of the same position when there is one (rules
        §5.7), and a position's hints count once in the statistics.  ``answered=False`` (a
        replay only looked at, as a review's) counts and logs it without the search."""
        self._require_playable("hint")
        if not self.actions or self.actions[-1] != "hint":  # the position's first hint
            self.hints += 1
            self._hint_turn = None
        if self._hint_turn is None and answered:
            first = self._suggest()
            others, keeps_winnable = ((), bool) if first is None else self._hint_others(first)
            self._hint_turn = HintTurn(first, others, keeps_winnable)
        self._log("hint")
        return None if self._hint_turn is None else self._hint_turn.next()

    def shuffle(self, *, patient: bool = False) -> None:
        """New faces on the remaining tiles, solvable again (:class:`~.faces.ShuffleError`
        when the positions themselves are proven unclearable,
        :class:`~.faces.ShuffleNotFoundError` when the search ran out first: nothing
        changes then, and a ``patient`` shuffle searches longer; rules §6.2)."""
        self._require_playable("shuffle")
        rng = Rng.from_seed(self._fingerprint(), self.deal.seed, SHUFFLE_STREAM, len(self.actions))
        self._rearrange(rng, patient=patient)
        self.selection = None
        self.shuffles += 1
        self._log("shuffle")

    # -- the aids of rules §5.9 and §5.10 ----------------------------------------------

    def solution(self) -> Solution:
        """The mode's winning plan from the current position (nothing changes, nothing is
        logged: showing the plan's first pair is the demo's first step)."""
        self._allow(SOLVE)
        return self.solution_from(self.board)

    def solution_from(self, board: Any) -> Solution:
        """The mode's winning plan from ``board``, a position of this deal (a review's)."""
        return Solution(()) if board.is_won() else self._solve(board)

    def solve_step(self, move: Move | None = None) -> tuple[Move, Move | None]:
        """One step of the solution demo: ``move`` when it keeps a winning plan (the pair
        the page highlighted), else the plan's next pair, removed and logged as
        ``"solve i,j"``.  Returns the pair removed and the plan's pair after it (``None``
        once won).  :class:`GameError` when no winning plan is known from here."""
        self._require_playable(SOLVE)
        plan = self._solve(self.board)
        if plan.moves is None:
            raise GameError(
                "this position cannot be won"
                if plan.lost
                else "no winning plan was found from this position"
            )
        chosen = move if move is not None and self._plan_allows(plan.moves, move) else None
        played = chosen or plan.moves[0]
        self._play_solution_pair(played)
        following = None if self.board.is_won() else self._solve(self.board).moves
        return played, following[0] if following else None

    def _play_solution_pair(self, move: Move) -> None:
        self.play(move)
        self.actions[-1] = f"{SOLVE} {move}"
        self.solution_shown = True

    def undo_to_winnable(self) -> int:
        """Undo back to the last winnable position, logged as one ``"back n"`` (its ``n``
        undos count as undos; a replay needs no solver); returns ``n``.
        :class:`GameError` when that position is not found (or this one is winnable)."""
        self._require_playable(BACK)
        steps = self.steps_to_winnable()
        if steps is None:
            raise GameError("the last winnable position could not be found")
        if steps:  # none when this position can still be won: nothing changes
            self._go_back(steps)
        return steps

    def _go_back(self, steps: int) -> None:
        self._require_playable()
        for _ in range(steps):
            if not self.board.can_undo:
                raise GameError(f"there are not {steps} steps to go back")
            self.board.pop()
        self.selection = None
        self.undos += steps
        self.rewinds += 1
        self._log(f"{BACK} {steps}")

    @property
    def finishable(self) -> bool:
        """Whether the Finish aid can clear the rest now (rules §5.10)."""
        return (
            not self.is_over
            and self._running_since is not None
            and (self.referee is None or self.referee.refusal(FINISH) is None)
            and self._finishing_moves() is not None
        )

    def finish(self) -> list[Move]:
        """Clear the rest of the board when no choice left matters (rules §5.10), logged as
        one ``"finish"``; returns the pairs removed, in order.  :class:`GameError` when a
        choice still matters."""
        self._require_playable(FINISH)
        moves = self._finishing_moves()
        if moves is None:
            raise GameError("a choice still matters: the rest cannot be finished for you")
        for move in moves:
            self.board.push(move)
        self.selection = None
        self._log(FINISH)
        self._stop_clock()
        return moves

    @property
    def removed_faces(self) -> list[str]:
        """The faces of the tiles removed so far, in order of removal, for the page's tray
        of removed tiles (rules §5.13): an undone pair is back on the board."""
        return self.board.removed_faces

    @property
    def moves(self) -> list[Move]:
        """The pairs removed so far, in order (undone ones excluded)."""
        return [entry for entry in self.board.move_stack if isinstance(entry, Move)]


def _steps(text: str) -> int:
    """The ``n`` of ``"back n"``: a positive count."""
    if not text.isdigit() or not 0 < int(text) <= 10_000:
        raise GameError(f"{text!r} is not a number of steps")
    return int(text)
