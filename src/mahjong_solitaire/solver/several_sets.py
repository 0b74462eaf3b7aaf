"""Boards of several tile sets: play-outs over whole faces, and the groupings they suggest
(rules §5.1).

On a layout of more than 144 positions a face has more than four tiles, and any two of
them match.  The exact search (:mod:`.search`) pairs the tiles of a key in fours, so such a
board is searched with each face split into groups of four.  Which grouping works depends
on the order the tiles are played in; a *play-out over whole faces* (any two free tiles of
a face, the pair holding down most tiles first, with some noise) often clears the board
outright, and when it gets stuck, the order in which it removed each face's tiles is a
good grouping to search: the tiles it removed first form the first group, and so on, the
tiles it left behind last.

    >>> from mahjong_solitaire.core.board import Board
    >>> from mahjong_solitaire.core.layout import Layout
    >>> row = Layout.from_positions([(4 * i, 0, 0) for i in range(6)])
    >>> moves, ranking = playout(Board(row, ["1B"] * 6), 0)
    >>> len(moves), sorted(ranking) == list(range(6))
    (3, True)
"""

from __future__ import annotations

import random

from ..core.board import Board
from ..core.layout import iter_bits
from ..core.tiles import key_id

__all__ = ["playout"]

#: The spread of the random part of a pair's score.
NOISE = 3.0


def playout(board: Board, seed: int) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """One play-out over whole faces from the position on ``board`` (not changed): the
    pairs it played (a winning order when the board is then empty) and, for every tile,
    its rank: the step it was removed at, or past the last step for the tiles left.  The
    random choices are seeded by ``seed`` and the position."""
    layout = board.layout
    covers, left, right, affects = layout.covers, layout.left, layout.right, layout.affects
    present, free = board.present, board.free
    rand = random.Random(seed * 1_000_003 ^ present ^ free << 3).random
    key_of: dict[int, int] = {i: key_id(label) for i, label in enumerate(board.tiles) if label}
    # how many present tiles lie (directly) on or beside each one: what removing it helps
    held = [0] * len(layout)
    for i in iter_bits(present):
        for j in iter_bits(layout.under[i]):
            held[j] += 2
    free_of: dict[int, set[int]] = {}
    for i in iter_bits(free):
        free_of.setdefault(key_of[i], set()).add(i)
    score = {i: held[i] + NOISE * rand() for i in iter_bits(present)}
    moves: list[tuple[int, int]] = []
    ranking: dict[int, int] = {}
    while True:
        best: tuple[float, int, int] | None = None
        for tiles in free_of.values():
            if len(tiles) < 2:
                continue
            a, b = sorted(tiles, key=lambda i: -score[i])[:2]
            value = score[a] + score[b]
            if best is None or value > best[0]:
                best = (value, a, b)
        if best is None:
            break
        _, a, b = best
        gone = (1 << a) | (1 << b)
        ranking[a] = ranking[b] = len(moves)
        moves.append((min(a, b), max(a, b)))
        free_of[key_of[a]] -= {a, b}
        present &= ~gone
        free &= ~gone
        for i in (a, b):
            for j in iter_bits(layout.under[i] & present):
                held[j] -= 2
        for i in iter_bits((affects[a] | affects[b]) & present & ~free):
            if not covers[i] & present and (not left[i] & present or not right[i] & present):
                free |= 1 << i
                free_of.setdefault(key_of[i], set()).add(i)
                score[i] = held[i] + NOISE * rand()
    last = len(moves)
    for i in iter_bits(present):
        ranking[i] = last
    return moves, ranking
