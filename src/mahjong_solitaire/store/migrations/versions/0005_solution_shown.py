"""Games in which the solution was shown.

* ``games.solution_shown``: the solution demo removed at least one pair (an action
  ``"solve i,j"`` in the log, rules §5.9).  Such a game is never ranked (kept off the
  leaderboards and the daily board) and its win is counted apart in the statistics.  No
  game stored before this revision could show the solution: every row starts false.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "games",
        sa.Column("solution_shown", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("solution_shown")
