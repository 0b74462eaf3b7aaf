"""The server's time of every action, a game's review, practice copies and challenges.

* ``games.times``: the game clock (seconds of play, as ``elapsed`` counts them) at each
  action of ``actions``, one number per action, so that a challenge's score and a replay
  use the server's times and never the page's.  Games stored before this revision have no
  times (``NULL``): they replay with the game's total time only.
* ``games.review``: the review of a game that has ended (issue 28), computed once by an
  engine job and kept with the game; ``NULL`` until it is first asked for.
* ``games.practice``: a practice copy started from a step of another game's review.  It is
  played like any other game but never ranked, and counted apart in the statistics.  Every
  game stored before this revision is a real game: every row starts false.
* ``games.challenge``: the challenge rule set a game is played under (``scored``,
  ``countdown``…), or ``NULL`` for plain play, so that boards and statistics can filter by
  it without reading every code.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("times", sa.JSON, nullable=True))
    op.add_column("games", sa.Column("review", sa.JSON, nullable=True))
    op.add_column(
        "games", sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("challenge", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("challenge")
        batch.drop_column("practice")
        batch.drop_column("review")
        batch.drop_column("times")
