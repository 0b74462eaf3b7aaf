"""The selected tile of a game (several server processes serve one game), imported
layouts, and the installation's settings (the local player).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("selection", sa.Integer, nullable=True))
    op.create_table(
        "layouts",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("positions", sa.JSON, nullable=False),
        sa.Column(
            "player_id",
            sa.String(64),
            sa.ForeignKey("players.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("settings")
    op.drop_table("layouts")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("selection")
