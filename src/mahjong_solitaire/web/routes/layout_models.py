"""What the layout routes answer, as pydantic models: the layout list, an upload's
outcome and the classic stage list."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Query
from pydantic import (
    BaseModel,
)

from ...layouts.generated import FAMILIES, MAX_LAYOUT_SEED, MAX_TILES, MIN_TILES
from ..classic.models import LayoutInfo, LayoutPreview

__all__ = [
    "ClassicStages",
    "FamilyName",
    "GeneratedLayout",
    "GeneratedTiles",
    "ImportedLayouts",
    "LayoutEntry",
    "LayoutSeed",
    "RefusedLayout",
    "StageEntry",
    "StageLayout",
]


class LayoutEntry(LayoutPreview):
    """One layout of ``GET /api/layouts``."""

    preview: str
    difficulty_hint: Literal["gentle", "moderate", "demanding"] | None
    imported: bool


#: A shape family of generated layouts, by name.
FamilyName = Literal["rings", "stairs", "crosses", "diamonds", "islands", "freeform"]
assert set(FamilyName.__args__) == {family.name for family in FAMILIES}  # type: ignore[attr-defined]
#: The tiles of a generated layout: even, from 72 to 288.
GeneratedTiles = Annotated[int, Query(ge=MIN_TILES, le=MAX_TILES, multiple_of=2)]
#: A generated layout's seed.
LayoutSeed = Annotated[int, Query(ge=0, le=MAX_LAYOUT_SEED)]


class GeneratedLayout(LayoutEntry):
    """A layout made from a seed: its family and seed, and the code of a deal on it."""

    family: FamilyName
    seed: int
    code: str


class RefusedLayout(BaseModel):
    """A map of an uploaded file that was not stored, and why."""

    title: str
    reason: str


class ImportedLayouts(BaseModel):
    """The layouts one upload stored, and the maps of the file it refused."""

    layouts: list[LayoutEntry]
    refused: list[RefusedLayout] = []


class StageLayout(LayoutInfo):
    preview: str


class StageEntry(BaseModel):
    """One classic stage of ``GET /api/stages``."""

    number: int
    round: int
    code: str
    difficulty: str
    layout: StageLayout
    cleared: bool
    best_time: float | None
    locked: bool
    next: bool


class ClassicStages(BaseModel):
    next: int
    cleared: list[int]
    round_size: int
    stages: list[StageEntry]
