"""A game a player drives, in any mode: taps, the clock, undo and redo, and the action log.

The tap rules (rules §3.1):

* tapping a free tile selects it;
* tapping a second free tile removes both if they match, otherwise moves the selection;
* tapping the selected tile again deselects it;
* tapping a blocked tile removes nothing and cancels the selection.

Everything that changes the board is recorded in :attr:`TileGame.actions` as text (``"i,j"``
for a pair, ``"undo"``, ``"redo"``, ``"shuffle"``, ``"hint"``), and
:meth:`TileGame.replay` rebuilds a game from its deal and that log: saved games are a code
plus actions.  Shuffles draw from a generator seeded by the deal and the action's index, so
a replay shuffles exactly as the original did.

Each mode's game (the classic :class:`~mahjong_solitaire.classic.game.Game`, Connect's
:class:`~mahjong_solitaire.connect.game.ConnectGame`) says how it suggests a pair and how it
lays new faces for a shuffle.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, Self

from .difficulty import Difficulty
from .moves import HistoryEntry, Move
from .rng import Rng

__all__ = [
    "GameError",
    "GameStatus",
    "PlayableBoard",
    "PlayableDeal",
    "TapOutcome",
    "TapResult",
    "TileGame",
]

#: The stream of the shuffle generator (with the deal's fingerprint, seed and the action's
#: index), the same in every mode so that saved games replay.
SHUFFLE_STREAM = 0x5F1E


class GameError(ValueError):
    """An action the game cannot take now (paused, finished, nothing to undo, ...)."""


class GameStatus(Enum):
    PLAYING = "playing"
    PAUSED = "paused"
    WON = "won"
    STUCK = "stuck"


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
    def is_present(self, position: int) -> bool: ...
    def is_free(self, position: int) -> bool: ...
    def is_legal(self, move: Move) -> bool: ...
    def is_won(self) -> bool: ...
    def is_stuck(self) -> bool: ...
    def push(self, move: Move) -> None: ...
    def pop(self) -> HistoryEntry: ...
    def redo(self) -> HistoryEntry: ...


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
    """One game of a deal.  ``clock`` returns seconds (injectable for tests).

    A mode's game implements :meth:`_suggest`, :meth:`_rearrange` and :meth:`_fingerprint`,
    and narrows :attr:`deal` and :attr:`board` to its mode's classes.
    """

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
        self.hints = 0
        self.undos = 0
        self.shuffles = 0
        self._clock = clock
        self._elapsed = elapsed
        self._running_since: float | None = clock()

    # -- what each mode says ----------------------------------------------------------

    @abstractmethod
    def _suggest(self) -> Move | None:
        """A playable pair for a hint, ``None`` when there is none."""

    @abstractmethod
    def _rearrange(self, rng: Rng, *, patient: bool) -> None:
        """New faces on the remaining tiles, drawn from ``rng`` (a shuffle); a ``patient``
        one may search longer for them."""

    @abstractmethod
    def _fingerprint(self) -> int:
        """The deal's geometry as a number (seeds the shuffle generator)."""

    # -- replay ---------------------------------------------------------------------

    @classmethod
    def replay(cls, deal: PlayableDeal, actions: Iterable[str], **kwargs: Any) -> Self:
        """Rebuild a game from its deal and action log; :class:`GameError` on a bad log."""
        game = cls(deal, **kwargs)
        for n, action in enumerate(actions):
            try:
                game.apply(action)
            except ValueError as error:
                raise GameError(
                    f"action {n + 1} ({action!r}) cannot be replayed: {error}"
                ) from None
        return game

    def apply(self, action: str) -> None:
        """Perform one action of the log format."""
        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "shuffle":
            # Patient: a shuffle's search finds the same faces whatever its budget, so a
            # logged shuffle replays even when it took the player's longer search.
            self.shuffle(patient=True)
        elif action == "hint":
            self.hint()
        else:
            self.play(Move.parse(action))

    # -- state ----------------------------------------------------------------------

    @property
    def status(self) -> GameStatus:
        if self.board.is_won():
            return GameStatus.WON
        if self._running_since is None:
            return GameStatus.PAUSED
        if self.board.is_stuck():
            return GameStatus.STUCK
        return GameStatus.PLAYING

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
        if self.board.is_won():
            raise GameError("the game is over")
        self._stop_clock()
        self.selection = None

    def resume(self) -> None:
        if self.board.is_won():
            raise GameError("the game is over")
        if self._running_since is None:
            self._running_since = self._clock()

    def _require_playable(self) -> None:
        if self.board.is_won():
            raise GameError("the game is over")
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
        self.actions.append(str(move))
        if self.board.is_won():
            self._stop_clock()

    def undo(self) -> None:
        self._require_playable()
        if not self.board.can_undo:
            raise GameError("there is nothing to undo")
        self.board.pop()
        self.selection = None
        self.undos += 1
        self.actions.append("undo")

    def redo(self) -> None:
        self._require_playable()
        if not self.board.can_redo:
            raise GameError("there is nothing to redo")
        self.board.redo()
        self.selection = None
        self.actions.append("redo")
        if self.board.is_won():
            self._stop_clock()

    def hint(self) -> Move | None:
        """A playable pair (``None`` when stuck); counted in the statistics."""
        self._require_playable()
        move = self._suggest()
        self.hints += 1
        self.actions.append("hint")
        return move

    def shuffle(self, *, patient: bool = False) -> None:
        """New faces on the remaining tiles, solvable again (:class:`~.faces.ShuffleError`
        when the positions themselves are proven unclearable,
        :class:`~.faces.ShuffleNotFoundError` when the search ran out first: nothing
        changes then, and a ``patient`` shuffle searches longer; rules §6.2)."""
        self._require_playable()
        rng = Rng.from_seed(self._fingerprint(), self.deal.seed, SHUFFLE_STREAM, len(self.actions))
        self._rearrange(rng, patient=patient)
        self.selection = None
        self.shuffles += 1
        self.actions.append("shuffle")

    @property
    def moves(self) -> list[Move]:
        """The pairs removed so far, in order (undone ones excluded)."""
        return [entry for entry in self.board.move_stack if isinstance(entry, Move)]
