"""One built-in layout as data: :class:`LayoutSpec` (the row notation is described in
:mod:`.builtin`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LayoutSpec"]


@dataclass(frozen=True, slots=True)
class LayoutSpec:
    number: int
    name: str
    title: str
    description: str
    rows: str
