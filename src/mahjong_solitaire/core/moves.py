"""Moves: the removal of a pair, a shuffle's rearrangement, and the error for an illegal one.

Both boards (the classic :class:`~mahjong_solitaire.core.board.Board` and Connect's
:class:`~mahjong_solitaire.connect.board.ConnectBoard`) record these in their history.

    >>> Move.parse("17,3")
    Move(3, 17)
    >>> str(Move(3, 17))
    '3,17'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

__all__ = ["HintTurn", "HistoryEntry", "IllegalMoveError", "Move", "Rearrangement"]


class IllegalMoveError(ValueError):
    """A move that the rules do not allow; the board is left unchanged."""


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """The removal of the pair of tiles at positions ``a`` and ``b`` (``a < b``).

    Its text form is ``"a,b"``: ``Move.parse("17,3") == Move(3, 17)``.
    """

    a: int
    b: int

    def __post_init__(self) -> None:
        if self.a > self.b:  # normalise the order so equal pairs compare equal
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``"i,j"``; :class:`IllegalMoveError` when it is not two distinct indices."""
        parts = text.strip().split(",")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise IllegalMoveError(f"{text!r} is not a move: expected two indices 'i,j'")
        a, b = (int(p) for p in parts)
        if a == b:
            raise IllegalMoveError(f"{text!r} is not a move: the two positions are the same")
        return cls(a, b)

    def __str__(self) -> str:
        return f"{self.a},{self.b}"

    def __repr__(self) -> str:
        return f"Move({self.a}, {self.b})"

    def __iter__(self) -> Iterator[int]:
        yield self.a
        yield self.b


@dataclass(frozen=True, slots=True)
class Rearrangement:
    """A shuffle: the face on every position before and after it (positions whose tile
    was already removed keep their face, so that undoing further back restores it)."""

    before: tuple[str | None, ...]
    after: tuple[str | None, ...]

    @staticmethod
    def check(
        current: Sequence[str | None], tiles: Sequence[str | None], *, places: str = "positions"
    ) -> tuple[str | None, ...]:
        """``tiles`` as a tuple when it may replace ``current`` (the same labels on the
        same occupied ``places``, ``None`` elsewhere); :class:`IllegalMoveError` otherwise.

            >>> Rearrangement.check(["1D", None, "2D"], ["2D", None, "1D"])
            ('2D', None, '1D')
            >>> Rearrangement.check(["1D", None, "2D"], ["1D", None, "1D"])
            Traceback (most recent call last):
            ...
            mahjong_solitaire.core.moves.IllegalMoveError: a rearrangement must keep the same tiles
        """
        after = tuple(tiles)
        if len(after) != len(current):
            raise IllegalMoveError(f"a rearrangement needs {len(current)} entries")
        if [t is None for t in after] != [t is None for t in current]:
            raise IllegalMoveError(f"a rearrangement must keep the tiles on their {places}")
        if sorted(t for t in after if t) != sorted(t for t in current if t):
            raise IllegalMoveError("a rearrangement must keep the same tiles")
        return after


HistoryEntry = Move | Rearrangement


class HintTurn:
    """The pairs the hints of one position show in turn (rules §5.7): the mode's first
    suggestion, then the ``others`` that ``keeps_winnable`` says keep the position winnable
    (judged one at a time, as the presses need them), then the rest, then round again.

        >>> turn = HintTurn(Move(0, 1), [Move(2, 3), Move(4, 5)], lambda m: m.a == 4)
        >>> [str(turn.next()) for _ in range(4)]
        ['0,1', '4,5', '2,3', '0,1']
        >>> HintTurn(None, [], bool).next() is None
        True
    """

    def __init__(
        self, first: Move | None, others: Sequence[Move], keeps_winnable: Callable[[Move], bool]
    ) -> None:
        self.shown: list[Move] = [] if first is None else [first]
        self._pending = [move for move in others if move != first]
        self._rest: list[Move] = []
        self._judge = keeps_winnable
        self._turn = 0

    def next(self) -> Move | None:
        """The pair to show on this press (``None`` when there is none)."""
        if self._turn == len(self.shown):
            self._find_next()
        if not self.shown:
            return None
        if self._turn >= len(self.shown):  # every pair was shown: round again
            self._turn = 0
        move = self.shown[self._turn]
        self._turn += 1
        return move

    def _find_next(self) -> None:
        while self._pending:
            move = self._pending.pop(0)
            if self._judge(move):
                self.shown.append(move)
                return
            self._rest.append(move)
        if self._rest:
            self.shown.append(self._rest.pop(0))
