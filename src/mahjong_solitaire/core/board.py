"""The board: which tile stands where, what is free, and the history of the game.

Like ``chess.Board``, you :meth:`~Board.push` moves onto it and :meth:`~Board.pop` them off
again; :meth:`~Board.redo` replays what was popped until a new move is pushed.  Sets of
positions are Python ints (bit ``i`` is position ``i`` of the layout), kept up to date
incrementally: removing a pair only re-examines the positions it could have freed.

    >>> from mahjong_solitaire.core.layout import Layout
    >>> row = Layout.from_positions([(x, 0, 0) for x in range(0, 12, 2)])
    >>> board = Board(row, ["1D", "2D", "3D", "3D", "2D", "1D"])
    >>> board.free_positions()
    [0, 5]
    >>> board.push(Move(0, 5))
    >>> board.free_positions(), board.tiles_left
    ([1, 4], 4)
    >>> board.pop()
    Move(0, 5)
"""

from __future__ import annotations

from collections.abc import Sequence

from .history import History
from .layout import Layout, iter_bits
from .moves import HistoryEntry, IllegalMoveError, Move, Rearrangement
from .tiles import MATCH_KEYS, TileError, key_id

__all__ = ["Board"]


class Board(History[HistoryEntry]):
    """A position of a game on one layout.

    ``tiles`` gives the label on each position of the layout, ``None`` where there is no
    tile.  Attributes ``present`` and ``free`` are bitsets over position indices.  Undo and
    redo come from :class:`~mahjong_solitaire.core.history.History`; its stacks hold the entries
    themselves.
    """

    def __init__(self, layout: Layout, tiles: Sequence[str | None]) -> None:
        if len(tiles) != len(layout):
            raise ValueError(f"{len(tiles)} tiles for a layout of {len(layout)} positions")
        self.layout = layout
        self._init_history()
        present = 0
        for i, label in enumerate(tiles):
            if label is not None:
                present |= 1 << i
        self.present = present
        self._set_labels(tiles)
        self.free = layout.free_mask(present)

    def _set_labels(self, labels: Sequence[str | None]) -> None:
        """Put faces on the positions (removed ones keep theirs, for undo); ``present``
        and ``free`` do not change."""
        keys: list[int] = []
        key_masks = [0] * len(MATCH_KEYS)
        present = self.present
        for i, label in enumerate(labels):
            if label is None:
                keys.append(-1)
                continue
            try:
                k = key_id(label)
            except TileError as error:
                raise TileError(f"position {i}: {error}") from None
            keys.append(k)
            if present >> i & 1:
                key_masks[k] |= 1 << i
        self._labels: list[str | None] = list(labels)
        self._keys = keys
        self.key_masks = key_masks

    # -- queries --------------------------------------------------------------------

    @property
    def tiles(self) -> tuple[str | None, ...]:
        """The label on each position, ``None`` where no tile stands (any more)."""
        present = self.present
        return tuple(label if present >> i & 1 else None for i, label in enumerate(self._labels))

    def tile_at(self, i: int) -> str | None:
        """The label at position ``i``, ``None`` when no tile stands there."""
        return self._labels[i] if self.present >> i & 1 else None

    @property
    def tiles_left(self) -> int:
        return self.present.bit_count()

    def is_present(self, i: int) -> bool:
        return 0 <= i < len(self._labels) and bool(self.present >> i & 1)

    def is_free(self, i: int) -> bool:
        return 0 <= i < len(self._labels) and bool(self.free >> i & 1)

    def free_positions(self) -> list[int]:
        return list(iter_bits(self.free))

    def matching_pairs(self) -> list[Move]:
        """Every pair of free tiles that match, in index order."""
        free = self.free
        pairs: list[Move] = []
        for mask in self.key_masks:
            group = free & mask
            if group & (group - 1):  # at least two
                members = list(iter_bits(group))
                pairs.extend(Move(a, b) for n, a in enumerate(members) for b in members[n + 1 :])
        pairs.sort()
        return pairs

    def pair_count(self) -> int:
        """How many matching pairs of free tiles there are."""
        free = self.free
        total = 0
        for mask in self.key_masks:
            c = (free & mask).bit_count()
            total += c * (c - 1) >> 1
        return total

    def has_move(self) -> bool:
        free = self.free
        return any((g := free & mask) & (g - 1) for mask in self.key_masks)

    def is_won(self) -> bool:
        return not self.present

    def is_stuck(self) -> bool:
        """Tiles remain but no two free tiles match."""
        return bool(self.present) and not self.has_move()

    def check_move(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` saying why ``move`` is not legal here."""
        for i in move:
            if not 0 <= i < len(self._labels):
                raise IllegalMoveError(f"position {i} is not on this layout")
            if not self.present >> i & 1:
                raise IllegalMoveError(f"position {i} holds no tile")
            if not self.free >> i & 1:
                raise IllegalMoveError(f"the tile at position {i} ({self._labels[i]}) is blocked")
        a, b = move
        if move.a == move.b:
            raise IllegalMoveError("a pair needs two different tiles")
        if self._keys[a] != self._keys[b]:
            raise IllegalMoveError(f"{self._labels[a]} and {self._labels[b]} do not match")

    def is_legal(self, move: Move) -> bool:
        try:
            self.check_move(move)
        except IllegalMoveError:
            return False
        return True

    # -- changes --------------------------------------------------------------------

    def _refresh(self, mask: int) -> None:
        layout = self.layout
        covers, left, right = layout.covers, layout.left, layout.right
        present, free = self.present, self.free
        for i in iter_bits(mask & present):
            bit = 1 << i
            if not covers[i] & present and (not left[i] & present or not right[i] & present):
                free |= bit
            else:
                free &= ~bit
        self.free = free

    def _remove(self, a: int, b: int) -> None:
        bits = (1 << a) | (1 << b)
        self.present &= ~bits
        self.free &= ~bits
        self.key_masks[self._keys[a]] &= ~(1 << a)
        self.key_masks[self._keys[b]] &= ~(1 << b)
        affects = self.layout.affects
        self._refresh(affects[a] | affects[b])

    def _restore(self, a: int, b: int) -> None:
        bits = (1 << a) | (1 << b)
        self.present |= bits
        self.key_masks[self._keys[a]] |= 1 << a
        self.key_masks[self._keys[b]] |= 1 << b
        affects = self.layout.affects
        self._refresh(affects[a] | affects[b] | bits)

    def _apply(self, entry: HistoryEntry) -> None:
        if isinstance(entry, Move):
            self._remove(entry.a, entry.b)
        else:
            self._set_labels(entry.after)

    def _unapply(self, entry: HistoryEntry) -> None:
        if isinstance(entry, Move):
            self._restore(entry.a, entry.b)
        else:
            self._set_labels(entry.before)

    def _entry(self, item: HistoryEntry) -> HistoryEntry:
        return item

    def _step_back(self, item: HistoryEntry) -> HistoryEntry:
        self._unapply(item)
        return item

    def _step_forward(self, item: HistoryEntry) -> HistoryEntry:
        self._apply(item)
        return item

    def push(self, move: Move) -> None:
        """Remove a matching pair of free tiles; clears what could be redone."""
        self.check_move(move)
        self._remove(move.a, move.b)
        self._record(move)

    def rearrange(self, tiles: Sequence[str | None]) -> None:
        """Put new faces on the remaining tiles (a shuffle), as one undoable step.

        ``tiles`` is in the form of :attr:`tiles`: a label on exactly the positions that
        hold tiles now, ``None`` elsewhere, and the same multiset of labels.
        """
        after = Rearrangement.check(self.tiles, tiles)
        before = tuple(self._labels)
        merged = tuple(
            new if new is not None else old for new, old in zip(after, before, strict=True)
        )
        entry = Rearrangement(before, merged)
        self._set_labels(merged)
        self._record(entry)

    @property
    def removed_faces(self) -> list[str]:
        """The faces of the tiles removed, in the order of removal (an undone pair is back
        on the board): a removed position keeps the face it was removed with, through
        later shuffles."""
        labels = self._labels
        return [
            label
            for entry in self._done
            if isinstance(entry, Move)
            for label in (labels[entry.a], labels[entry.b])
            if label is not None
        ]

    @property
    def move_stack(self) -> list[HistoryEntry]:
        """Moves and shuffles played, oldest first (undone ones excluded): here the items
        are the entries themselves, so the list is the stack, with no copy."""
        return self._done

    def copy(self, *, stack: bool = True) -> Board:
        """An independent copy (with the history unless ``stack=False``)."""
        board = Board.__new__(Board)
        board.layout = self.layout
        board._labels = list(self._labels)
        board._keys = list(self._keys)
        board.key_masks = list(self.key_masks)
        board.present = self.present
        board.free = self.free
        self._copy_history(board, stack=stack)
        return board

    def __repr__(self) -> str:
        return f"<Board {self.layout.name!r}: {self.tiles_left} tiles, {self.pair_count()} pairs>"
