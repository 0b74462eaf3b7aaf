"""The wire format of the layout editor's routes (:mod:`.editor_api`), as pydantic models:
a draft's positions, its check, a file to export and a test play.

A draft holds at most :data:`~..core.layout.MAX_POSITIONS` positions on a bounded grid
(:data:`MAX_COLUMN`, :data:`MAX_ROW`, :data:`MAX_LAYER`), and one to write or to play holds
two at least: anything else is ``422 bad_body``.  A draft the schema allows but no game can
be dealt on (an odd count, overlapping tiles) is the route's refusal, 400 ``bad_layout``.

    >>> Draft.model_validate({"positions": [[0, 0, 0], [2, 0, 0]]}).positions
    [(0, 0, 0), (2, 0, 0)]
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from ...core.difficulty import Difficulty
from ...core.layout import MAX_POSITIONS
from ..games.models import AS_WHOLE

__all__ = [
    "MAX_COLUMN",
    "MAX_LAYER",
    "MAX_ROW",
    "Draft",
    "DraftCheckAnswer",
    "DraftFile",
    "DraftGame",
]

#: The largest coordinates a draft may use, in half-tile units (the editor's grid is
#: smaller; these bound what any client may send).
MAX_COLUMN = 126
MAX_ROW = 94
#: The highest layer a draft may use (counting from 0).
MAX_LAYER = 15

Column = Annotated[StrictInt, Field(ge=0, le=MAX_COLUMN), AS_WHOLE]
Row = Annotated[StrictInt, Field(ge=0, le=MAX_ROW), AS_WHOLE]
Layer = Annotated[StrictInt, Field(ge=0, le=MAX_LAYER), AS_WHOLE]
DraftPosition = tuple[Column, Row, Layer]
#: No position twice: the schema says it, the check refuses it (400 ``bad_layout``, as for
#: two tiles that overlap, which no schema can say).
UNIQUE: dict[str, Any] = {"uniqueItems": True}


class Draft(BaseModel):
    """A layout being drawn: its positions ``[x, y, z]`` in half-tile units."""

    model_config = ConfigDict(extra="forbid")

    positions: list[DraftPosition] = Field(
        max_length=MAX_POSITIONS,
        examples=[[[0, 0, 0], [2, 0, 0], [1, 0, 1], [4, 0, 0]]],
        json_schema_extra=UNIQUE,
    )


class DraftCheckAnswer(BaseModel):
    """The check of a draft: its tile count, its free tiles (positions), whether a game can
    be dealt on it and, when not, why (``empty``, ``odd``, ``too_many``, ``unclearable``
    proven, or ``unknown``: no order found within the check's budget, none proven
    impossible)."""

    tile_count: int
    free: list[tuple[int, int, int]]
    clearable: bool
    problem: Literal["empty", "odd", "too_many", "unclearable", "unknown"] | None
    max_tiles: int = Field(description="the most tiles a layout may hold")


#: A draft's title: what the saved layout and the exported file are called.
Title = Annotated[StrictStr, Field(min_length=1, max_length=40, examples=["Little Hill"])]


#: The positions of a draft to write or to play: a pair at least.
PairedPositions = Annotated[
    list[DraftPosition],
    Field(
        min_length=2,
        max_length=MAX_POSITIONS,
        examples=[[[0, 0, 0], [2, 0, 0], [1, 0, 1], [4, 0, 0]]],
        json_schema_extra=UNIQUE,
    ),
]


class DraftFile(Draft):
    """A draft to write as a KMahjongg ``.layout`` or GNOME Mahjongg ``.map`` file."""

    positions: PairedPositions
    title: Title
    format: Literal["kmahjongg", "gnome"] = Field(examples=["gnome"])


class DraftGame(Draft):
    """A draft to test-play: a random deal on it at ``difficulty`` (easy, normal, hard)."""

    positions: PairedPositions
    title: Title
    difficulty: Difficulty = Field(Difficulty.NORMAL, examples=["normal"])
