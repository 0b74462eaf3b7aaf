"""Test plays, and when a game was last written.

* ``games.test_play``: a game the layout editor deals on a draft (``POST /api/test-plays``).
  It is played like any other game while it is open, but it is never kept once it ends (won,
  or abandoned by a newer game: the store deletes it in the same transaction) and never
  counts in the statistics, the leaderboards or the history export.  Every game stored
  before this revision is a real game: every row starts false.
* ``games.saved_at``: when the game was last written (created, saved, abandoned), so that
  ``mahjong-solitaire prune`` can tell an inactive player from one whose paused game was
  played yesterday.  The rows stored before get their latest known moment: the end of the
  game, else the start of its running clock, else its start.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "games", sa.Column("test_play", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("saved_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE games SET saved_at = COALESCE(finished_at, running_since, started_at)")


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("saved_at")
        batch.drop_column("test_play")
