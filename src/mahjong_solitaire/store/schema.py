"""The tables of the current schema (SQLAlchemy Core), used by the queries of the store.

The migrations under ``migrations/versions`` create exactly these tables; a test checks
that a migrated database and this metadata agree.

* ``players``: the anonymous id (``secrets.token_urlsafe``) and an optional display name.
* ``games``: one row per game, its code (or the positions of an imported layout), the
  action log as JSON, the clock (``elapsed`` plus ``running_since`` while it runs), the
  status, the aids used, ``version`` for optimistic concurrency and ``ranked`` (a win
  that may appear on the leaderboards: see :data:`~.limits.HUMAN_FLOOR_SECONDS_PER_PAIR`)
  and ``solution_shown`` (the solution demo played in it: never ranked, rules §5.9),
  ``test_play`` (a deal on a layout being drawn: deleted when it ends, never counted) and
  ``saved_at`` (when the game was last written: what ``prune`` calls activity; rows of
  databases older than revision 0007 were given their latest known moment); since revision
  0008 ``times`` (the game clock at each action, ``NULL`` for older games), ``review`` (a
  finished game's review, kept once computed), ``practice`` (a copy started from a review's
  step: never ranked) and ``challenge`` (the challenge rule set, ``NULL`` for plain play);
  since revision 0009 ``replay_token`` (the token of the game's replay link, made when its
  player first asks for it) and ``from_game`` (the game a practice copy was started from);
  since revision 0010 ``score`` (a challenge game's final score, judged once when it ends
  won or lost, so that the boards sort in SQL).
  A partial unique index keeps at most one unfinished game per player and mode.
* ``layouts``: imported layouts, by unique name, each owned by the player who imported it.
* ``settings``: key/value facts of the installation (the local player's id).

    >>> sorted(metadata.tables)
    ['games', 'layouts', 'players', 'settings']
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    text,
    true,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

__all__ = ["OPEN_GAME", "UTCDateTime", "games", "layouts", "metadata", "players", "settings"]

#: The SQL condition of an unfinished game (the statuses of :data:`~.records.UNFINISHED`),
#: under which the database allows one game per player and mode.
OPEN_GAME = "status IN ('playing', 'paused', 'stuck')"


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC timestamp on every database (SQLite keeps no offset)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("timestamps given to the store must be timezone-aware")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


metadata = MetaData()

players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("display_name", Text, nullable=True),
    Column("created_at", UTCDateTime, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    Column("mode", String(16), nullable=False),
    Column("code", String(32), nullable=True),
    Column("layout_name", String(64), nullable=False),
    Column("layout_positions", JSON, nullable=True),
    Column("seed", BigInteger, nullable=False),
    Column("difficulty", String(8), nullable=False),
    Column("daily", Date, nullable=True),
    Column("stage", Integer, nullable=True),
    Column("started_at", UTCDateTime, nullable=False),
    Column("finished_at", UTCDateTime, nullable=True),
    Column("actions", JSON, nullable=False),
    Column("elapsed", Float, nullable=False),
    Column("running_since", UTCDateTime, nullable=True),
    Column("status", String(16), nullable=False),
    Column("hints", Integer, nullable=False),
    Column("undos", Integer, nullable=False),
    Column("shuffles", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("selection", Integer, nullable=True),
    Column("ranked", Boolean, nullable=False, server_default=true()),
    Column("solution_shown", Boolean, nullable=False, server_default=false()),
    Column("test_play", Boolean, nullable=False, server_default=false()),
    Column("saved_at", UTCDateTime, nullable=True),
    Column("times", JSON, nullable=True),
    Column("review", JSON, nullable=True),
    Column("practice", Boolean, nullable=False, server_default=false()),
    Column("challenge", String(16), nullable=True),
    Column("replay_token", String(32), nullable=True),
    Column("from_game", String(64), nullable=True),
    Column("score", Integer, nullable=True),
    Index("ix_games_player_status", "player_id", "status"),
    Index("uq_games_replay_token", "replay_token", unique=True),
    Index("ix_games_daily_status", "daily", "status"),
    Index(
        "uq_games_one_open_per_player_mode",
        "player_id",
        "mode",
        unique=True,
        postgresql_where=text(OPEN_GAME),
        sqlite_where=text(OPEN_GAME),
    ),
)

layouts = Table(
    "layouts",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("title", Text, nullable=False),
    Column("description", Text, nullable=False),
    Column("positions", JSON, nullable=False),
    Column("player_id", String(64), ForeignKey("players.id", ondelete="SET NULL"), nullable=True),
    Column("created_at", UTCDateTime, nullable=False),
    Index("ix_layouts_player", "player_id"),
)

settings = Table(
    "settings",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)
