"""Players and their games.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("display_name", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(64),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("code", sa.String(32), nullable=True),
        sa.Column("layout_name", sa.String(64), nullable=False),
        sa.Column("layout_positions", sa.JSON, nullable=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("difficulty", sa.String(8), nullable=False),
        sa.Column("daily", sa.Date, nullable=True),
        sa.Column("stage", sa.Integer, nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("actions", sa.JSON, nullable=False),
        sa.Column("elapsed", sa.Float, nullable=False),
        sa.Column("running_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("undos", sa.Integer, nullable=False),
        sa.Column("shuffles", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_index("ix_games_player_status", "games", ["player_id", "status"])
    op.create_index("ix_games_daily_status", "games", ["daily", "status"])


def downgrade() -> None:
    op.drop_table("games")
    op.drop_table("players")
