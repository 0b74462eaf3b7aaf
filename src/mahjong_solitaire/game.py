"""The game a player drives: taps, aids, the clock and the action log.

The tap rules of SPEC section 3:

* tapping a free tile selects it;
* tapping a second free tile removes both if they match, otherwise moves the selection;
* tapping the selected tile again deselects it;
* tapping a blocked tile removes nothing and cancels the selection.

    >>> from mahjong_solitaire.codes import deal_from_code
    >>> game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
    >>> move = game.deal.solution[0]
    >>> game.tap(move.a).outcome, game.tap(move.b).outcome
    (<TapOutcome.SELECTED: 'selected'>, <TapOutcome.MATCHED: 'matched'>)
    >>> game.actions == [str(move)]
    True

Everything that changes the board is recorded in :attr:`Game.actions` as text (``"i,j"``
for a pair, ``"undo"``, ``"redo"``, ``"shuffle"``, ``"hint"``), and
:meth:`Game.replay` rebuilds a game from its deal and that log: saved games are a code plus
actions.  Shuffles draw from a generator seeded by the deal and the action's index, so a
replay shuffles exactly as the original did.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

from .board import Board, Move
from .generator import Deal, fingerprint
from .hint import Hinter
from .rng import Rng
from .shuffle import shuffled_tiles
from .winnability import Winnability, winnability

__all__ = ["Game", "GameError", "GameStatus", "TapOutcome", "TapResult"]

_SHUFFLE_STREAM = 0x5F1E


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


class Game:
    """One game of a deal.  ``clock`` returns seconds (injectable for tests)."""

    def __init__(self, deal: Deal, *, clock: Callable[[], float] = time.monotonic,
                 elapsed: float = 0.0) -> None:
        self.deal = deal
        self.board: Board = deal.board()
        self.selection: int | None = None
        self.actions: list[str] = []
        self.hints = 0
        self.undos = 0
        self.shuffles = 0
        self._hinter = Hinter()  # keeps the winning plan between hints
        self._clock = clock
        self._elapsed = elapsed
        self._running_since: float | None = clock()

    # -- replay ---------------------------------------------------------------------

    @classmethod
    def replay(cls, deal: Deal, actions: Iterable[str], **kwargs: object) -> Game:
        """Rebuild a game from its deal and action log; :class:`GameError` on a bad log."""
        game = cls(deal, **kwargs)  # type: ignore[arg-type]
        for n, action in enumerate(actions):
            try:
                game.apply(action)
            except ValueError as error:
                raise GameError(f"action {n + 1} ({action!r}) cannot be replayed: {error}"
                                ) from None
        return game

    def apply(self, action: str) -> None:
        """Perform one action of the log format."""
        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "shuffle":
            self.shuffle()
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
        """Tap the tile at ``position`` (SPEC 3); :class:`GameError` for an empty place."""
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
        move = self._hinter.hint(self.board)
        self.hints += 1
        self.actions.append("hint")
        return move

    def shuffle(self) -> None:
        """New faces on the remaining tiles, solvable again (:class:`~.shuffle.ShuffleError`
        when the positions themselves cannot be cleared; nothing changes then)."""
        self._require_playable()
        rng = Rng.from_seed(fingerprint(self.deal.layout), self.deal.seed, _SHUFFLE_STREAM,
                            len(self.actions))
        tiles, _ = shuffled_tiles(self.board, rng)
        self.board.rearrange(tiles)
        self.selection = None
        self.shuffles += 1
        self.actions.append("shuffle")

    def winnability(self) -> Winnability:
        """Whether the position can still be won (within a small budget: never waits), and
        how many undo steps lead back to the last position that could.  Changes nothing."""
        return winnability(self.board, hinter=self._hinter)

    def undo_to_winnable(self) -> int:
        """Undo back to the last winnable position (each step logged as ``"undo"``, so a
        replay needs no solver); returns the number of steps, :class:`GameError` when that
        position is unknown."""
        self._require_playable()
        steps = self.winnability().undo
        if steps is None:
            raise GameError("the last winnable position could not be found")
        for _ in range(steps):
            self.undo()
        return steps

    @property
    def moves(self) -> list[Move]:
        """The pairs removed so far, in order (undone ones excluded)."""
        return [entry for entry in self.board.move_stack if isinstance(entry, Move)]
