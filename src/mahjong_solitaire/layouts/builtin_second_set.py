"""The second set of built-in layouts, L21 to L40: pictures and patterns designed for
this game (see :mod:`.builtin` for the row notation and the numbering rule).

They are smaller than the first set: from 66 to 144 positions, so the picker's size
filter has small, medium and large boards to offer (rules §8.1).
"""

from __future__ import annotations

from .spec import LayoutSpec

__all__ = ["SECOND_SET"]

LANTERN = LayoutSpec(
    number=21,
    name="lantern",
    title="Lantern",
    description="A paper lantern on a short hook, its glow stacked four layers high.",
    rows="""
        0 0        6..10
        0 2,14     2..14
        0 4..12    0..16
        1 5..11    3..13
        2 8        6..10
        3 8        8
    """,
)

FISH = LayoutSpec(
    number=22,
    name="fish",
    title="Fish",
    description="A plump fish swimming right, with a forked tail and a raised back.",
    rows="""
        0 0,16     10..18
        0 2,14     6..22
        0 4..12    4..24
        0 4,12     0
        0 6,10     2
        0 8        0..2
        1 5..11    7..21
        2 8        12..20
    """,
)

HEART = LayoutSpec(
    number=23,
    name="heart",
    title="Heart",
    description="Two rounded lobes that narrow to a point, each raised in the middle.",
    rows="""
        0 0        4..8,16..20
        0 2        2..10,14..22
        0 4..8     0..24
        0 10       2..22
        0 12       4..20
        0 14       6..18
        0 16       8..16
        0 18       10..14
        1 3..7     3..9,15..21
        1 9        5..19
        1 11..13   9..15
        2 5        5..7,17..19
    """,
)

MOON = LayoutSpec(
    number=24,
    name="moon",
    title="Moon",
    description="A crescent moon whose thick middle rises four layers.",
    rows="""
        0 0,24     10..16
        0 2,22     6..12
        0 4,20     4..8
        0 6,18     2..6
        0 8..16    0..4
        1 3,21     7..11
        1 5,19     5..7
        1 7..17    1..3
        2 9..15    2
        3 12       2
    """,
)

PINE = LayoutSpec(
    number=25,
    name="pine",
    title="Pine",
    description="A tall pine tree of widening tiers on a short trunk.",
    rows="""
        0 0        10
        0 2        8..12
        0 4        6..14
        0 6        4..16
        0 8        6..14
        0 10       4..16
        0 12       2..18
        0 14       4..16
        0 16       2..18
        0 18       0..20
        0 20,22    8..12
        1 5..9     9
        1 11,13    7..13
        1 15,17    5..15
        2 12..16   10
    """,
)

BOAT = LayoutSpec(
    number=26,
    name="boat",
    title="Boat",
    description="A sailing boat: one tall mast over a wide, layered hull.",
    rows="""
        0 0..10    12
        0 2        10
        0 4        8..10,14
        0 6        6..10,14..16
        0 8        4..10,14..18
        0 10       2..10,14..20
        0 12       0..24
        0 14       2..22
        0 16       4..20
        1 13       3..21
        1 15       7..17
        2 14       9..15
    """,
)

KEY = LayoutSpec(
    number=27,
    name="key",
    title="Key",
    description="An old key: a round bow, a long raised shaft and a notched bit.",
    rows="""
        0 0,12     2..8
        0 2..10    0,10
        0 6        12..30
        0 8        26,30
        0 10       26..30
        1 1,11     3..7
        1 3..9     1,9
        1 6        13..29
        2 2,10     4..6
        2 6        16..26
    """,
)

CROWN = LayoutSpec(
    number=28,
    name="crown",
    title="Crown",
    description="Three spikes over a deep band that rises four layers.",
    rows="""
        0 0        0,12,24
        0 2        0..2,10..14,22..24
        0 4        0..4,8..16,20..24
        0 6..12    0..24
        1 3        1,23
        1 5        1..3,11..13,21..23
        1 7..11    1..23
        2 8..10    3..21
        3 9        8..16
    """,
)

GATE = LayoutSpec(
    number=29,
    name="gate",
    title="Gate",
    description="Two tall pillars under a heavy lintel five layers high.",
    rows="""
        0 0        0..24
        0 2..14    0..4,20..24
        0 16       0..6,18..24
        1 1        1..23
        1 3..13    1..3,21..23
        1 15       1..5,19..23
        2 0        0..24
        2 2..6     2,22
        3 1        2..22
        4 1        12
    """,
)

SNAKE = LayoutSpec(
    number=30,
    name="snake",
    title="Snake",
    description="A long snake curling back on itself, its back raised.",
    rows="""
        0 0        4..30
        0 2        2..4,30..32
        0 4        0..2,32..34
        0 6        0..2,18..26,32..34
        0 8        2..4,16..18,26..28,30..32
        0 10       4..16,28..30
        1 5        1,33
        1 9        5..15
        1 1        5..29
        2 1        9..25
    """,
)

TERRACES = LayoutSpec(
    number=31,
    name="terraces",
    title="Terraces",
    description="A hillside cut into four broad steps.",
    rows="""
        0 0..10    0..22
        1 0..8     4..22
        2 0..4     12..22
        3 0        16..22
    """,
)

CHECKERS = LayoutSpec(
    number=32,
    name="checkers",
    title="Checkers",
    description="A flat board under two layers of tiles set like a chequerboard.",
    rows="""
        0 0..10    0..22
        1 0,4,8    0,4,8,12,16,20
        1 2,6,10   2,6,10,14,18,22
        2 1,5      1,5,9,13,17
        2 3,7      3,7,11,15,19
    """,
)

SPIRAL = LayoutSpec(
    number=33,
    name="spiral",
    title="Spiral",
    description="One path winding inwards in a square spiral.",
    rows="""
        0 0        0..22
        0 2..16    22
        0 18       0..22
        0 4..16    0
        0 4        4..18
        0 6..12    18
        0 14       4..18
        0 8..12    4
        0 8        8..14
        0 10       14..16
        1 0        4..20
        1 18       2..20
        1 4        8..16
        1 14       6..16
        2 0        10..16
        2 18       8..14
    """,
)

FRAME = LayoutSpec(
    number=34,
    name="frame",
    title="Frame",
    description="A picture frame with raised corners around an empty middle.",
    rows="""
        0 0,20     0..26
        0 2..18    0..2,24..26
        1 1,19     1..25
        1 3..17    1,25
        2 0,20     0..4,22..26
        2 10       0..2,24..26
        3 0,20     2,24
    """,
)

WINDMILL = LayoutSpec(
    number=35,
    name="windmill",
    title="Windmill",
    description="Four long sails, set off-centre around a tall post.",
    rows="""
        0 0..6     8..10
        0 8..10    0..22
        0 12..18   12..14
        1 1..7     9
        1 9        1..21
        1 11..17   13
        2 4..6     9
        2 9        4..6,16..18
        2 12..14   13
        3 9        11
    """,
)

OWL = LayoutSpec(
    number=36,
    name="owl",
    title="Owl",
    description="A round owl with big raised eyes, a beak and two small feet.",
    rows="""
        0 0        0..2,14..16
        0 2..16    0..16
        0 18       4,6,10,12
        1 3..7     1..5,11..15
        1 11..15   3..13
        2 5        2..4,12..14
        2 13       5..11
        2 10       7..9
        3 14       7..9
    """,
)

LOTUS = LayoutSpec(
    number=37,
    name="lotus",
    title="Lotus",
    description="Petals opening around a raised heart.",
    rows="""
        0 0        12
        0 2        10..14
        0 4        2,10..14,22
        0 6        2..4,8..16,20..22
        0 8        2..22
        0 10       0..24
        0 12       2..22
        0 14       6..18
        1 5        11..13
        1 7        3,9..15,21
        1 9..11    3..21
        1 13       7..17
        2 8..10    7..17
        2 12       11..13
        3 10       11..13
    """,
)

BELL = LayoutSpec(
    number=38,
    name="bell",
    title="Bell",
    description="A temple bell flaring to a wide rim, with its clapper hanging below.",
    rows="""
        0 0        10..12
        0 2        8..14
        0 4..8     6..16
        0 10,12    4..18
        0 14       2..20
        0 16       0..22
        0 18       10..12
        1 3..9     7..15
        1 11..13   5..17
        1 15       1..21
        2 6..12    8..14
        3 9        9..13
    """,
)

COMET = LayoutSpec(
    number=39,
    name="comet",
    title="Comet",
    description="A bright layered head trailing a long tail.",
    rows="""
        0 0        0..4
        0 2        2..10
        0 4        4..16
        0 6        8..20,24..30
        0 8        14..34
        0 10       18..34
        0 12       22..34
        0 14       24..32
        1 7        25..31
        1 9..11    23..33
        1 13       25..31
        2 10       26..30
        3 10       28
    """,
)

ZIGZAG = LayoutSpec(
    number=40,
    name="zigzag",
    title="Zigzag",
    description="Seven small stacks stepping down and up in a zigzag.",
    rows="""
        0 0..2     0..6,16..22
        0 4..6     4..10,12..18,20..26
        0 8..10    8..14,24..30
        1 1        1..5,17..21
        1 5        5..9,13..17,21..25
        1 9        9..13,25..29
        2 1        3,19
        2 5        7,15,23
        2 9        11,27
    """,
)

SECOND_SET: tuple[LayoutSpec, ...] = (
    LANTERN,
    FISH,
    HEART,
    MOON,
    PINE,
    BOAT,
    KEY,
    CROWN,
    GATE,
    SNAKE,
    TERRACES,
    CHECKERS,
    SPIRAL,
    FRAME,
    WINDMILL,
    OWL,
    LOTUS,
    BELL,
    COMET,
    ZIGZAG,
)
