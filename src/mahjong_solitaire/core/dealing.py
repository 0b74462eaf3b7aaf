"""Versions of dealing: what the first part of a game code (``MJ1``, ``MJ2``…) says about how
its deal is made (rules §4.2, §7.6).

A deal is reproduced from its code for ever (saved games, shared links, leaderboards), so
a change in how faces are laid or how candidates are scored is a new version of the codes:
the generators read the version a code names, and every earlier version keeps dealing
what it dealt.  Each mode spells its own versions (``classic.codes``, ``connect.codes``).

    >>> from mahjong_solitaire.core.difficulty import Difficulty
    >>> versions = DealVersions(
    ...     DealVersion("XY1", Laying.SCATTERED, score_stride=3),
    ...     DealVersion("XY2", Laying.TOGETHER),
    ... )
    >>> versions.current.prefix, versions.prefixes
    ('XY2', ('XY1', 'XY2'))
    >>> versions.named("XY1").laying_for(Difficulty.EASY), versions.current.laying_for("hard")
    (<Laying.SCATTERED: 'scattered'>, <Laying.SPREAD: 'spread'>)
    >>> try:
    ...     versions.named("XY9", "game code")
    ... except CodeError as error:
    ...     print(error)
    code version XY9 is not supported (a game code starts with XY1 or XY2)
"""

from __future__ import annotations

from dataclasses import dataclass

from .codes import CodeError
from .difficulty import Difficulty
from .faces import Laying

__all__ = ["DealVersion", "DealVersions", "Laying"]


@dataclass(frozen=True, slots=True)
class DealVersion:
    """One version of a mode's codes and the dealing rules it stands for."""

    #: The first part of the codes, e.g. ``MJ2``.
    prefix: str
    #: How easy and normal deals lay a bundle's two pairs (hard deals always spread them).
    laying: Laying
    #: The difficulty score counts the available pairs before every ``score_stride``-th
    #: step of a candidate's order (1: every step).
    score_stride: int = 1

    def laying_for(self, difficulty: Difficulty | str) -> Laying:
        """How a deal of ``difficulty`` lays its bundles under this version."""
        if Difficulty.parse(difficulty) is Difficulty.HARD:
            return Laying.SPREAD
        return self.laying

    def __repr__(self) -> str:
        return f"<DealVersion {self.prefix}>"


class DealVersions:
    """A mode's versions, oldest first: the last one deals every new game."""

    def __init__(self, *versions: DealVersion) -> None:
        if not versions or len({v.prefix for v in versions}) != len(versions):
            raise ValueError("a mode has at least one version, each with its own prefix")
        self.all = versions

    @property
    def current(self) -> DealVersion:
        """The version new deals get."""
        return self.all[-1]

    @property
    def first(self) -> DealVersion:
        return self.all[0]

    @property
    def prefixes(self) -> tuple[str, ...]:
        return tuple(v.prefix for v in self.all)

    def named(self, prefix: str, kind: str = "code") -> DealVersion:
        """The version of ``prefix``; :class:`~.codes.CodeError` naming the ones read."""
        for version in self.all:
            if version.prefix == prefix:
                return version
        known = " or ".join(
            [", ".join(self.prefixes[:-1]), self.prefixes[-1]]
            if len(self.all) > 1
            else list(self.prefixes)
        )
        raise CodeError(f"code version {prefix} is not supported (a {kind} starts with {known})")
