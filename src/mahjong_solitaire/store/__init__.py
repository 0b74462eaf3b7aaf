"""Storage of players, games, statistics, rankings and imported layouts (SQLAlchemy 2 +
Alembic, on SQLite or PostgreSQL).

    >>> from mahjong_solitaire.store import Store
    >>> with Store("sqlite://") as store:
    ...     player = store.local_player()
    ...     game = store.create_game(player.id, code="MJ1-L00-AAAAABL")
    ...     store.get_game(player.id, game.id).deal().code
    'MJ1-L00-AAAAABL'

The contract with the web server is ``notes/store_api.md``; the modules:
:mod:`.database` (URL, engine, migrations), :mod:`.schema` (tables), :mod:`.records`
(what the store returns), :mod:`.statistics` (the rules of the figures), :mod:`.history`
(the export document) and :mod:`.store` (the :class:`Store`).
"""

from .database import database_url
from .errors import (
    GameNotFoundError,
    LayoutLimitError,
    LayoutNotFoundError,
    StaleWriteError,
    StoreError,
)
from .records import (
    GAME_STATUSES,
    UNFINISHED,
    DailyEntry,
    LeaderboardEntry,
    Player,
    StageProgress,
    StoredGame,
    connect_grid_of,
    connect_layout_name,
)
from .statistics import GroupStatistics, Statistics
from .store import MAX_LAYOUTS_PER_PLAYER, MAX_NAME_LENGTH, Store

__all__ = [
    "GAME_STATUSES",
    "MAX_LAYOUTS_PER_PLAYER",
    "MAX_NAME_LENGTH",
    "UNFINISHED",
    "DailyEntry",
    "GameNotFoundError",
    "GroupStatistics",
    "LayoutLimitError",
    "LayoutNotFoundError",
    "LeaderboardEntry",
    "Player",
    "StageProgress",
    "StaleWriteError",
    "Statistics",
    "Store",
    "StoreError",
    "StoredGame",
    "connect_grid_of",
    "connect_layout_name",
    "database_url",
]
