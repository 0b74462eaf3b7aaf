"""Enums chosen by name, such as the difficulty and the Connect sliding rule.

A :class:`NamedEnum` parses its members from their text values, case-insensitive and with
spaces around them ignored, and knows each member's place in the order of declaration:

    >>> class Speed(NamedEnum, noun="speed"):
    ...     SLOW = "slow"
    ...     FAST = "fast"
    >>> Speed.parse(" Fast "), Speed.parse(Speed.SLOW), Speed.FAST.index
    (<Speed.FAST: 'fast'>, <Speed.SLOW: 'slow'>, 1)
    >>> Speed.parse("warp")
    Traceback (most recent call last):
    ...
    ValueError: unknown speed 'warp' (one of slow, fast)
"""

from __future__ import annotations

from enum import Enum
from typing import Any, ClassVar, Self

__all__ = ["NamedEnum"]


class NamedEnum(Enum):
    """Base of enums whose members are chosen by their text value; ``noun`` (a class
    keyword) names what they are in error messages."""

    _noun: ClassVar[str]

    def __init_subclass__(cls, *, noun: str = "value", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._noun = noun

    @classmethod
    def parse(cls, text: str | Self) -> Self:
        """A member by its value (case-insensitive); ``ValueError`` names the known ones."""
        if isinstance(text, cls):
            return text
        try:
            return cls(str(text).strip().lower())
        except ValueError:
            names = ", ".join(member.value for member in cls)
            raise ValueError(f"unknown {cls._noun} {text!r} (one of {names})") from None

    @property
    def index(self) -> int:
        """The member's place in the order of declaration, from 0."""
        return list(type(self)).index(self)
