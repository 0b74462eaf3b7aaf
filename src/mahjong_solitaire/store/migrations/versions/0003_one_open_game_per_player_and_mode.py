"""One unfinished game per player and mode, enforced by the database: a partial unique
index on ``games (player_id, mode)`` for the unfinished statuses.

Two concurrent new-game requests of one player could each abandon the open game they saw
and insert their own (PostgreSQL, read committed), leaving two open games.  Duplicates
made so are resolved first: the most recently started game of each player and mode stays
open, the others become ``abandoned`` (clock stopped, finished now).

Revision ID: 0003
Revises: 0002
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

UNFINISHED = "('playing', 'paused', 'stuck')"
OPEN = f"status IN {UNFINISHED}"


def upgrade() -> None:
    op.get_bind().execute(
        sa.text(
            f"UPDATE games SET status = 'abandoned', running_since = NULL, selection = NULL, "
            f"finished_at = :now, version = version + 1 "
            f"WHERE {OPEN} AND EXISTS (SELECT 1 FROM games AS newer "
            f"WHERE newer.player_id = games.player_id AND newer.mode = games.mode "
            f"AND newer.status IN {UNFINISHED} "
            f"AND (newer.started_at > games.started_at OR (newer.started_at = games.started_at "
            f"AND newer.id > games.id)))"
        ),
        {"now": _now()},
    )
    op.create_index(
        "uq_games_one_open_per_player_mode",
        "games",
        ["player_id", "mode"],
        unique=True,
        postgresql_where=sa.text(OPEN),
        sqlite_where=sa.text(OPEN),
    )


def _now() -> datetime:
    """Now, as the store writes timestamps (naive UTC on SQLite, aware on PostgreSQL)."""
    now = datetime.now(UTC)
    return now.replace(tzinfo=None) if op.get_bind().dialect.name == "sqlite" else now


def downgrade() -> None:
    op.drop_index("uq_games_one_open_per_player_mode", "games")
