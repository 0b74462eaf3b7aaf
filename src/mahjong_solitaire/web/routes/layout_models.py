"""What the layout routes answer, as pydantic models: the layout list, an upload's
outcome and the classic stage list."""

from __future__ import annotations

from typing import Literal

from pydantic import (
    BaseModel,
)

from ..classic.models import LayoutInfo, LayoutPreview

__all__ = [
    "ClassicStages",
    "ImportedLayouts",
    "LayoutEntry",
    "RefusedLayout",
    "StageEntry",
    "StageLayout",
]


class LayoutEntry(LayoutPreview):
    """One layout of ``GET /api/layouts``."""

    preview: str
    difficulty_hint: Literal["gentle", "moderate", "demanding"] | None
    imported: bool


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
