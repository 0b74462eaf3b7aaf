"""The errors of the store.  All are :class:`ValueError` subclasses, so the command line
prints them as one line and the web server can map them to 4xx answers.

    >>> isinstance(StaleWriteError("g"), StoreError)
    True
"""

from __future__ import annotations

__all__ = [
    "GameInPlayError",
    "GameNotFoundError",
    "LayoutLimitError",
    "LayoutNotFoundError",
    "ReplayNotFoundError",
    "StaleWriteError",
    "StoreError",
]


class StoreError(ValueError):
    """A request the store refuses (bad value, unknown layout, bad history file, ...)."""


class GameNotFoundError(StoreError):
    """No such game for this player: missing, or it belongs to someone else."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"there is no game {game_id!r} for this player")
        self.game_id = game_id


class StaleWriteError(StoreError):
    """The game changed since the caller read it (another window saved first)."""

    def __init__(self, game_id: str) -> None:
        super().__init__("this game was changed in another window; reload it")
        self.game_id = game_id


class GameInPlayError(StoreError):
    """The game is still in play (playing, paused): it has no practice copy or replay link
    until it is over or stuck."""


class ReplayNotFoundError(StoreError):
    """No replay has this link (or its game is a daily challenge whose day is not over)."""


class LayoutNotFoundError(StoreError):
    """No such imported layout for this player: missing, or it belongs to someone else."""

    def __init__(self, name: str) -> None:
        super().__init__(f"there is no imported layout {name[:64]!r}")
        self.name = name


class LayoutLimitError(StoreError):
    """The player already keeps as many imported layouts as one may."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"a player keeps at most {limit} imported layouts; delete one first")
        self.limit = limit
