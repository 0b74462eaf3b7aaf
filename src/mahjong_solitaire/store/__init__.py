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
(the export document), :mod:`.rankings` (the SQL of statistics and leaderboards),
:mod:`.imported_layouts` (the SQL of imported layouts), :mod:`.pruning` (removing the
players who left long ago) and :mod:`.store` (the
:class:`Store`, one transaction per method).
"""

from .database import database_url
from .errors import (
    GameInPlayError,
    GameNotFoundError,
    LayoutLimitError,
    LayoutNotFoundError,
    ReplayNotFoundError,
    StaleWriteError,
    StoreError,
)
from .game_rows import deal_source
from .pruning import PruneReport
from .records import (
    GAME_STATUSES,
    UNFINISHED,
    DailyEntry,
    DealSource,
    LeaderboardEntry,
    Player,
    Progress,
    StageProgress,
    StoredGame,
)
from .statistics import GroupStatistics, Statistics
from .store import MAX_LAYOUTS_PER_PLAYER, MAX_NAME_LENGTH, Store

__all__ = [
    "GAME_STATUSES",
    "MAX_LAYOUTS_PER_PLAYER",
    "MAX_NAME_LENGTH",
    "UNFINISHED",
    "DailyEntry",
    "DealSource",
    "GameInPlayError",
    "GameNotFoundError",
    "GroupStatistics",
    "LayoutLimitError",
    "LayoutNotFoundError",
    "LeaderboardEntry",
    "Player",
    "Progress",
    "PruneReport",
    "ReplayNotFoundError",
    "StageProgress",
    "StaleWriteError",
    "Statistics",
    "Store",
    "StoreError",
    "StoredGame",
    "database_url",
    "deal_source",
]
