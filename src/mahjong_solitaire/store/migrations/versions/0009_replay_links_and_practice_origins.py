"""Replay links and the game a practice copy was started from (issue 28).

* ``games.replay_token``: the token of the game's replay link (``/replay/<token>``), made
  with ``secrets.token_urlsafe`` when its player first asks for the link and kept, so that
  the same game always has the same link; ``NULL`` until then.  A unique index finds the
  game of a token (several ``NULL`` are allowed on SQLite and PostgreSQL alike).
* ``games.from_game``: the id of the game a practice copy (``games.practice``) was started
  from, ``NULL`` for every other game (and for every game stored before this revision).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("replay_token", sa.String(32), nullable=True))
    op.add_column("games", sa.Column("from_game", sa.String(64), nullable=True))
    op.create_index("uq_games_replay_token", "games", ["replay_token"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_games_replay_token", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("from_game")
        batch.drop_column("replay_token")
