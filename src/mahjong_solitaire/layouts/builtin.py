"""The built-in layouts, as data.

Adding a layout is adding one :class:`LayoutSpec` to :data:`BUILTIN_SPECS` with the next
free number (numbers 21 to 40 are in :mod:`.builtin_second_set`, 41 and up, boards beyond
144 positions, in :mod:`.builtin_big_set`).  A number, once published, never changes: game
codes refer to it.

``rows`` lists one run of tiles a line: ``z ys xs`` where ``ys`` and ``xs`` are
comma-separated items, each a single coordinate or a range ``a..b`` stepping by 2 (one
tile).  Coordinates are in half-tile units; ``#`` starts a comment.
"""

from __future__ import annotations

from .builtin_big_set import BIG_SET
from .builtin_second_set import SECOND_SET
from .spec import LayoutSpec

__all__ = ["BUILTIN_SPECS", "DESIGNED_SPECS", "LayoutSpec"]


TURTLE = LayoutSpec(
    number=0,
    name="turtle",
    title="Turtle",
    description="The classic: a wide shell of five layers with a single tile on top.",
    rows="""
        0 0,14 2..24
        0 2,12 6..20
        0 4,10 4..22
        0 6,8  2..24
        0 7    0,26,28     # head and tail
        1 2..12 8..18
        2 4..10 10..16
        3 6,8  12,14
        4 7    13          # the crown, over the four tiles of layer 3
    """,
)

PYRAMID = LayoutSpec(
    number=1,
    name="pyramid",
    title="Pyramid",
    description="A wide base of two broad layers under a small block and a single capstone.",
    rows="""
        0 0..10 0..22
        1 1..9  1..21
        2 2..8  8..14
        3 5     11
    """,
)

FORTRESS = LayoutSpec(
    number=2,
    name="fortress",
    title="Fortress",
    description="Four corner towers, walls with battlements and a tall keep, each standing apart.",
    rows="""
        0 0..4,14..18 0..4,26..30
        0 1,17        8..22
        0 6..12       10..20
        0 7..11       1,29
        1 1,17        1..3,8,12,15,18,22,27..29
        1 3,15        1..3,27..29
        1 7..11       11..19
        1 8..10       1,29
        2 2,16        2,28
        2 8..10       12..18
        3 9           13..17
        4 9           14..16
    """,
)

BRIDGE = LayoutSpec(
    number=3,
    name="bridge",
    title="Bridge",
    description="Two stepped hills joined by a narrow two-row bridge.",
    rows="""
        0 0..2,8..10 0..8,20..28
        0 4..6       0..28
        1 1..3,7..9  1..7,21..27
        1 5          1..7,11..17,21..27
        2 2..8       2..6,22..26
        3 5          3..5,23..25
        4 5          4,24
    """,
)

SPIDER = LayoutSpec(
    number=4,
    name="spider",
    title="Spider",
    description="A tall body with eight long legs that are easy to pick off early.",
    rows="""
        0 0,20    0..6,32..38
        0 1       8,17..21,30
        0 3       10,17..21,28
        0 5,15    0..8,12..26,30..38
        0 6,14,17 10,28
        0 7,13    12..26
        0 9..11   14..24
        0 19      8,30
        1 6..14   15..23
        2 7..13   16..22
        3 9..11   18..20
        4 10      19
    """,
)

CROSS = LayoutSpec(
    number=5,
    name="cross",
    title="Cross",
    description="A plus sign that rises to a crown where its arms meet.",
    rows="""
        0 0..6,14..20 12..16
        0 8..12       0..28
        1 1..7,13..19 13..15
        1 9..11       1..27
        2 5..7,13..15 13..15
        2 9..11       7..21
        3 8,12        14
        3 10          12..16
        4 10          13..15
    """,
)

DIAMOND = LayoutSpec(
    number=6,
    name="diamond",
    title="Diamond",
    description="Three layers of rows, each shifted by half a tile, forming a diamond.",
    rows="""
        0 0,20  10..12
        0 2,18  8..14
        0 4,16  6..16
        0 6,14  4..18
        0 8,12  2..20
        0 10    0..22
        1 3,17  9..13
        1 5,15  7..15
        1 7,13  5..17
        1 9..11 3..19
        2 5,15  10..12
        2 7,13  8..14
        2 9..11 6..16
    """,
)

TOWERS = LayoutSpec(
    number=7,
    name="towers",
    title="Towers",
    description="Sixteen small towers in staggered rows, each capped by one tile.",
    rows="""
        0 0..2,10..12 0..2,6..8,12..14,18..20
        0 5..7,15..17 3..5,9..11,15..17,21..23
        1 0..2,10..12 0..2,6..8,12..14,18..20
        1 5..7,15..17 3..5,9..11,15..17,21..23
        2 1,11        1,7,13,19
        2 6,16        4,10,16,22
    """,
)

RING = LayoutSpec(
    number=8,
    name="ring",
    title="Ring",
    description="A square ring with corner turrets around an empty courtyard.",
    rows="""
        0 0..2,16..18 0..26
        0 4..14       0..2,24..26
        1 1,17        1..25
        1 3..15       1,25
        2 0..2,16..18 0..2,24..26
        2 1,17        13
        2 9           1,25
        3 1,17        1,25
    """,
)

BUTTERFLY = LayoutSpec(
    number=9,
    name="butterfly",
    title="Butterfly",
    description="Two pairs of wings on a slender body.",
    rows="""
        0 0          4..10,15,20..26
        0 2          1..29
        0 4          0..12,15,18..30
        0 6          2..12,15,18..28
        0 8..10      6..12,15,18..24
        0 12         3..27
        0 14         4..12,15,18..26
        0 16         8..12,15,18..22
        1 1,9..11,15 15
        1 3..5       3..11,15,19..27
        1 7          7..11,15,19..23
        1 13         5..11,15,19..25
        2 8          15
    """,
)

STAIRCASE = LayoutSpec(
    number=10,
    name="staircase",
    title="Staircase",
    description="Eight square columns climbing diagonally, each one tile higher.",
    rows="""
        0 0..2   28..30
        0 3..5   24..26
        0 6..8   20..22
        0 9..11  16..18
        0 12..14 12..14
        0 15..17 8..10
        0 18..20 4..6
        0 21..23 0..2
        1 0..2   28..30
        1 3..5   24..26
        1 6..8   20..22
        1 9..11  16..18
        1 12..14 12..14
        1 15..17 8..10
        1 18..20 4..6
        2 0..2   28..30
        2 3..5   24..26
        2 6..8   20..22
        2 9..11  16..18
        2 12..14 12..14
        2 15..17 8..10
        3 0..2   28..30
        3 3..5   24..26
        3 6..8   20..22
        3 9..11  16..18
        3 12..14 12..14
        4 0..2   28..30
        4 3..5   24..26
        4 6..8   20..22
        4 9..11  16..18
        5 0..2   28..30
        5 3..5   24..26
        5 6..8   20..22
        6 0..2   28..30
        6 3..5   24..26
        7 0..2   28..30
    """,
)

ARENA = LayoutSpec(
    number=11,
    name="arena",
    title="Arena",
    description="A flat floor ringed by raised stands, highest at the corners.",
    rows="""
        0 0..14 0..22
        1 0,14  0..22
        1 2..12 0,22
        2 0,14  0..2,20..22
        2 2,12  0,22
    """,
)

HOURGLASS = LayoutSpec(
    number=12,
    name="hourglass",
    title="Hourglass",
    description="Two stepped bowls meeting at a narrow waist.",
    rows="""
        0 0,16 0..20
        0 2,14 2..18
        0 4,12 4..16
        0 6,10 6..14
        0 8    8..12
        1 1,15 1..19
        1 3,13 3..17
        1 5,11 5..15
        1 7..9 7..13
        2 2,14 4..16
        2 4,12 8..12
        2 8    10
    """,
)

BRICKWORK = LayoutSpec(
    number=13,
    name="brickwork",
    title="Brickwork",
    description="Long courses of tiles laid in a running bond; only row ends are open.",
    rows="""
        0 0,4,8,12 0..22
        0 2,6,10   1..21
        1 1,5,9    1..21
        1 3,7,11   2..20
    """,
)

PAGODA = LayoutSpec(
    number=14,
    name="pagoda",
    title="Pagoda",
    description="A six-storey tiered tower between two stone lanterns.",
    rows="""
        0 0..2,8..10 8..22
        0 4..6       0..2,8..22,28..30
        1 1..9       9..21
        1 4..6       1,29
        2 2..8       10..20
        3 3..7       11..19
        4 4..6       12..18
        5 5          13..15
    """,
)

STAR = LayoutSpec(
    number=15,
    name="star",
    title="Star",
    description="An eight-pointed star with a raised heart.",
    rows="""
        0 0,24   12
        0 2,22   10..14
        0 4,20   2,10..14,22
        0 6,18   4,8..16,20
        0 8,16   4..20
        0 10,14  6..18
        0 12     0..24
        1 7,17   8..16
        1 9,15   6..18
        1 11..13 2..22
        2 8,16   10..14
        2 10..14 8..16
    """,
)

CRAB = LayoutSpec(
    number=16,
    name="crab",
    title="Crab",
    description="A shelled body with raised claws and eight legs.",
    rows="""
        0 0      2..6,26..30
        0 2      0..2,6,26,30..32
        0 4      0,6,26,32
        0 6      6..8,24..26
        0 8      8..24
        0 10     0,6..26,32
        0 12     2..26,30
        0 14     4..28
        0 16     0,4..28,32
        0 18     2,6..26,30
        0 20     0,8..24,32
        0 22     12,20
        1 11,17  10..22
        1 13..15 8..24
        2 14     15..17
    """,
)

ARROW = LayoutSpec(
    number=17,
    name="arrow",
    title="Arrow",
    description="A feathered shaft and a broad head pointing right.",
    rows="""
        0 0,24   26
        0 2,22   26..28
        0 4,20   2,26..30
        0 6,18   0,4,26..32
        0 8,16   2,6,26..34
        0 10,14  4..26,30..36
        0 12     4..36
        1 3,21   27
        1 5,19   27..29
        1 7,17   27..31
        1 9,15   31..33
        1 11..13 5..25,31..35
        2 12     6..24,32
    """,
)

WAVE = LayoutSpec(
    number=18,
    name="wave",
    title="Wave",
    description="A thick band rolling through one full swell, three layers deep.",
    rows="""
        0 0..6   22..26
        0 1      20,28
        0 3      18..20,28..30
        0 5      0,16..20,28..30
        0 7      0..2,14..20,28..30
        0 9      0..4,12..18,30
        0 10..16 6..10
        0 11     0..4,12..16
        0 13     2..4,12..14
        0 15     4,12
        1 1..5   22..26
        1 2      20,28
        1 4      18..20,28..30
        1 6      0,16..20,28..30
        1 8      0..2,14..18,30
        1 10     0..4,12..16
        1 11..15 6..10
        1 12     2..4,12..14
        1 14     4,12
        2 2..4   22..26
        2 3      20,28
        2 5      18..20,28..30
        2 7      0,16..18,30
        2 9      0..2,14..16
        2 11     2..4,12..14
        2 12..14 6..10
        2 13     4,12
    """,
)

TWIN_PEAKS = LayoutSpec(
    number=19,
    name="twin-peaks",
    title="Twin Peaks",
    description="Two five-layer mountains rising from one plain.",
    rows="""
        0 0..8 0..26
        1 1..7 1..9,17..25
        2 2..6 2..8,18..24
        3 3..5 4..6,20..22
        4 4    5,21
    """,
)

PINWHEEL = LayoutSpec(
    number=20,
    name="pinwheel",
    title="Pinwheel",
    description="Four raised blades turning around a flat hub.",
    rows="""
        0 0         2..6
        0 2..6      2..6,12..22
        0 8..10     2..14
        0 12..14    8..20
        0 16..20    0..10,16..20
        0 22        16..20
        1 1,7..9    3..5
        1 3..5      3..5,13..21
        1 13..15,21 17..19
        1 17..19    1..9,17..19
        2 2,6..8    4
        2 4         4,14..20
        2 14..16,20 18
        2 18        2..8,18
    """,
)

#: Every layout designed for the game, by number, whether it is listed yet or not.
DESIGNED_SPECS: tuple[LayoutSpec, ...] = (
    TURTLE,
    PYRAMID,
    FORTRESS,
    BRIDGE,
    SPIDER,
    CROSS,
    DIAMOND,
    TOWERS,
    RING,
    BUTTERFLY,
    STAIRCASE,
    ARENA,
    HOURGLASS,
    BRICKWORK,
    PAGODA,
    STAR,
    CRAB,
    ARROW,
    WAVE,
    TWIN_PEAKS,
    PINWHEEL,
    *SECOND_SET,
    *BIG_SET,
)

#: The built-in layouts the game lists: every one designed, the boards beyond 144 positions
#: (:mod:`.builtin_big_set`) too, since the engine deals more than one tile set.
BUILTIN_SPECS: tuple[LayoutSpec, ...] = DESIGNED_SPECS
