"""A Connect position: the tiles on the grid, the sliding rule, and the history of the game.

Like the classic :class:`~mahjong_solitaire.core.board.Board`, moves are
:class:`~mahjong_solitaire.core.moves.Move` pairs of cell numbers that you
:meth:`~ConnectBoard.push` and :meth:`~ConnectBoard.pop`; :meth:`~ConnectBoard.redo`
replays what was popped until a new move is pushed.  A move is legal when both cells hold
matching tiles that a path of at most two turns joins; after the pair is removed the rule
slides the remaining tiles.  Undo restores the grid exactly as it was before the slide.

    >>> board = ConnectBoard(Shape(4, 2), Slide.DOWN, ["1B", "2B", "2B", "3B",
    ...                                                "3B", "1B", "4B", "4B"])
    >>> board.path(Move(1, 2))
    ((1, 0), (2, 0))
    >>> board.push(Move(6, 7)); board.rows()
    [['1B', '2B', None, None], ['3B', '1B', '2B', '3B']]
    >>> board.pop(); board.rows()[1]
    Move(6, 7)
    ['3B', '1B', '4B', '4B']

The board may know a winning line (:attr:`plan`): the deal's solution, or the order a
shuffle was built from.  Playing its next pair keeps it; any other move forgets it, and
undo brings it back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.history import History
from ..core.moves import HistoryEntry, IllegalMoveError, Move, Rearrangement
from ..core.tiles import LABELS, TileError, key_id
from .grid import Grid, Masks, Path, Shape, Shaped, ShapeError
from .slide import Slide

__all__ = ["ConnectBoard"]

#: Match key id of every label (the grid's ``keys`` argument).
KEY_OF: dict[object, int] = {label: key_id(label) for label in LABELS}

# What undo and redo restore: the cells, the known winning line, how far it was played and
# the grid's masks (kept, as recomputing them, and a slide of the whole grid, cost more).
_State = tuple[tuple[str | None, ...], tuple[Move, ...] | None, int, Masks]
# A history item: the entry and the state that taking it back (or replaying it) restores.
_Item = tuple[HistoryEntry, _State]


class ConnectBoard(Shaped, History[_Item]):
    """A position of a Connect game.  ``tiles`` gives each cell's label row by row
    (``None`` for an empty cell); ``plan`` a known winning line from this position.
    Undo and redo come from :class:`~mahjong_solitaire.core.history.History`: a slide cannot be
    run backwards, so each item keeps the state to restore."""

    def __init__(
        self,
        shape: Shape,
        rule: Slide | str,
        tiles: Sequence[str | None],
        *,
        plan: Sequence[Move] | None = None,
    ) -> None:
        if len(tiles) != len(shape):
            raise ShapeError(f"{len(tiles)} tiles for a {shape.width}×{shape.height} grid")
        for i, label in enumerate(tiles):
            if label is not None and label not in KEY_OF:
                raise TileError(f"cell {shape.point(i)}: unknown tile label {label!r}")
        self.shape = shape
        self.rule = Slide.parse(rule)
        self.grid = Grid(shape, tiles)
        self._plan: tuple[Move, ...] | None = None if plan is None else tuple(plan)
        self._plan_at = 0
        self._init_history()

    # -- queries --------------------------------------------------------------------

    @property
    def tiles(self) -> tuple[str | None, ...]:
        """Every cell's label (``None`` when empty), row by row."""
        return tuple(self.grid.cells)

    def rows(self) -> list[list[str | None]]:
        """The cells as rows, ``rows()[y][x]``, ``y = 0`` the top row."""
        return self.shape.rows(self.grid.cells)

    def tile_at(self, i: int) -> str | None:
        return self.grid.cells[i]

    @property
    def tiles_left(self) -> int:
        return len(self.grid)

    def is_present(self, i: int) -> bool:
        return 0 <= i < len(self.shape) and self.grid.cells[i] is not None

    def is_free(self, i: int) -> bool:
        """Any tile can be selected in Connect: free means present."""
        return self.is_present(i)

    @property
    def plan(self) -> tuple[Move, ...] | None:
        """The rest of a known winning line, or ``None`` when the game left it."""
        if self._plan is None:
            return None
        return self._plan[self._plan_at :]

    def path(self, move: Move) -> Path | None:
        """The corner points of the link between the two cells, if they connect."""
        return self.grid.path(move.a, move.b)

    def check_move(self, move: Move) -> None:
        """Raise :class:`~mahjong_solitaire.core.moves.IllegalMoveError` saying why ``move`` is
        not legal here."""
        cells = self.grid.cells
        for i in move:
            if not 0 <= i < len(cells):
                raise IllegalMoveError(f"cell {i} is not on this {self.width}×{self.height} grid")
            if cells[i] is None:
                raise IllegalMoveError(f"cell {self.shape.point(i)} holds no tile")
        if move.a == move.b:
            raise IllegalMoveError("a pair needs two different tiles")
        a, b = cells[move.a], cells[move.b]
        if KEY_OF[a] != KEY_OF[b]:
            raise IllegalMoveError(f"{a} and {b} do not match")
        if not self.grid.connects(move.a, move.b):
            raise IllegalMoveError(
                f"no path of at most two turns joins {self.shape.point(move.a)} and "
                f"{self.shape.point(move.b)}"
            )

    def is_legal(self, move: Move) -> bool:
        try:
            self.check_move(move)
        except IllegalMoveError:
            return False
        return True

    def matching_pairs(self) -> list[Move]:
        """Every legal move, in order."""
        return sorted(Move(a, b) for a, b in self.grid.pairs(KEY_OF))

    def pair_count(self) -> int:
        return self.grid.pair_count(KEY_OF)

    def has_move(self) -> bool:
        return self.grid.has_pair(KEY_OF)

    def is_won(self) -> bool:
        return not any(self.grid.rows)

    def is_stuck(self) -> bool:
        """Tiles remain but no matching pair connects (after the last slide)."""
        return not self.is_won() and not self.has_move()

    # -- changes --------------------------------------------------------------------

    def _state(self) -> _State:
        return tuple(self.grid.cells), self._plan, self._plan_at, self.grid.masks()

    def _restore(self, state: _State) -> None:
        cells, self._plan, self._plan_at, masks = state
        self.grid.restore(cells, masks)

    def _remove(self, move: Move) -> None:
        plan = self._plan
        if plan is not None:
            if self._plan_at < len(plan) and plan[self._plan_at] == move:
                self._plan_at += 1
            else:
                self._plan = None
                self._plan_at = 0
        self.grid.remove(move.a, move.b, self.rule)

    def push(self, move: Move) -> None:
        """Remove a connecting matching pair and slide; clears what could be redone."""
        self.check_move(move)
        self.push_legal(move)

    def push_legal(self, move: Move) -> None:
        """:meth:`push` a move known legal (one of :meth:`matching_pairs`), unchecked: the
        search's, which would otherwise test every connection twice."""
        self._record((move, self._state()))
        self._remove(move)

    def rearrange(self, tiles: Sequence[str | None], plan: Sequence[Move] | None = None) -> None:
        """New faces on the remaining tiles (a shuffle), as one undoable step.

        The new faces stand on exactly the occupied cells and are the same labels;
        ``plan`` is a winning line for the new position when one is known.
        """
        before = self.tiles
        after = Rearrangement.check(before, tiles, places="cells")
        self._record((Rearrangement(before, after), self._state()))
        # the same cells stay occupied: the masks hold
        self._restore((after, None if plan is None else tuple(plan), 0, self.grid.masks()))

    @property
    def removed_faces(self) -> list[str]:
        """The faces of the tiles removed, in the order of removal (an undone pair is back
        on the grid): each pair read from the cells its history item kept from before it
        was removed (slides move faces, so a cell number alone would not tell)."""
        return [
            label
            for entry, (cells, *_) in self._done
            if isinstance(entry, Move)
            for label in (cells[entry.a], cells[entry.b])
            if label is not None
        ]

    def _entry(self, item: _Item) -> HistoryEntry:
        return item[0]

    def _step_back(self, item: _Item) -> _Item:
        entry, before = item
        after = self._state()
        self._restore(before)
        return entry, after

    _step_forward = _step_back  # replaying restores the state saved when it was undone

    def copy(self, *, stack: bool = True) -> ConnectBoard:
        """An independent copy (with the history unless ``stack=False``)."""
        board = ConnectBoard.__new__(ConnectBoard)
        board.shape = self.shape
        board.rule = self.rule
        board.grid = self.grid.copy()
        board._plan = self._plan
        board._plan_at = self._plan_at
        self._copy_history(board, stack=stack)
        return board

    def __repr__(self) -> str:
        return (
            f"<ConnectBoard {self.width}×{self.height} {self.rule.value}: {self.tiles_left} tiles>"
        )
