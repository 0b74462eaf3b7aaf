"""Undo and redo, shared by the classic :class:`~mahjong_solitaire.core.board.Board` and the
Connect :class:`~mahjong_solitaire.connect.board.ConnectBoard`.

A board keeps two stacks of *items*: what was done (oldest first) and what was undone (the
next to redo last).  Each item stands for one history entry (a
:class:`~mahjong_solitaire.core.moves.Move` or a
:class:`~mahjong_solitaire.core.moves.Rearrangement`) plus whatever the board needs to take
it back or play it again.  A board says how with three hooks, :meth:`History._entry`,
:meth:`History._step_back` and :meth:`History._step_forward`, and records each new entry
with :meth:`History._record`; the walking back and forth is here.

    >>> from mahjong_solitaire.core.board import Board
    >>> from mahjong_solitaire.core.moves import Move
    >>> from mahjong_solitaire.core.layout import Layout
    >>> row = Layout.from_positions([(x, 0, 0) for x in range(0, 8, 2)])
    >>> board = Board(row, ["1D", "2D", "2D", "1D"])
    >>> board.play([Move(0, 3), Move(1, 2)])
    >>> board.pop(), board.can_redo, board.redo_stack
    (Move(1, 2), True, (Move(1, 2),))
    >>> board.redo(), board.can_redo, board.can_undo
    (Move(1, 2), False, True)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Generic, TypeVar

from .moves import HistoryEntry, Move

__all__ = ["History"]

ItemT = TypeVar("ItemT")


class History(ABC, Generic[ItemT]):
    """Base of both boards: the undo and redo stacks and the moves over them.

    A subclass calls :meth:`_init_history` when it is built, :meth:`_record` on each new
    entry, and implements :meth:`push` and the three hooks.
    """

    _done: list[ItemT]
    _undone: list[ItemT]

    def _init_history(self) -> None:
        self._done = []
        self._undone = []

    def _copy_history(self, other: History[ItemT], *, stack: bool) -> None:
        """Give ``other`` (a copy being built) this history, or none when ``stack`` is false."""
        other._done = list(self._done) if stack else []
        other._undone = list(self._undone) if stack else []

    # -- hooks ----------------------------------------------------------------------

    @abstractmethod
    def _entry(self, item: ItemT) -> HistoryEntry:
        """The history entry an item stands for."""

    @abstractmethod
    def _step_back(self, item: ItemT) -> ItemT:
        """Take back a done item; return the item that replays it."""

    @abstractmethod
    def _step_forward(self, item: ItemT) -> ItemT:
        """Replay an undone item; return the item that takes it back."""

    @abstractmethod
    def push(self, move: Move) -> None:
        """Play a move (each board checks and applies it, then :meth:`_record` s it)."""

    # -- shared ---------------------------------------------------------------------

    def _record(self, item: ItemT) -> None:
        """A new entry was played: it can be undone, and nothing can be redone any more."""
        self._done.append(item)
        self._undone.clear()

    def pop(self) -> HistoryEntry:
        """Undo the last move (or shuffle) and return it; ``IndexError`` when none."""
        if not self._done:
            raise IndexError("nothing to undo")
        item = self._done.pop()
        self._undone.append(self._step_back(item))
        return self._entry(item)

    def redo(self) -> HistoryEntry:
        """Replay the last undone entry and return it; ``IndexError`` when none."""
        if not self._undone:
            raise IndexError("nothing to redo")
        item = self._undone.pop()
        self._done.append(self._step_forward(item))
        return self._entry(item)

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def move_stack(self) -> list[HistoryEntry]:
        """Moves and shuffles played, oldest first (undone ones excluded)."""
        return [self._entry(item) for item in self._done]

    @property
    def redo_stack(self) -> tuple[HistoryEntry, ...]:
        """What :meth:`redo` would replay, the next one last."""
        return tuple(self._entry(item) for item in self._undone)

    def play(self, moves: Iterable[Move]) -> None:
        """Push several moves; stops at the first illegal one, leaving the earlier applied."""
        for move in moves:
            self.push(move)
