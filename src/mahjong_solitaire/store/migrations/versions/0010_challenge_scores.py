"""The final score of each challenge game, kept so that boards sort in SQL (issue 27).

* ``games.score``: the score a challenge game's rule set gave it when it ended won or lost
  (rules §13: its action log replayed with the server's times, judged at its clock,
  :func:`~mahjong_solitaire.store.records.judged_score`), ``NULL`` for plain play, for a
  game still open or abandoned, and for a rule set without a score.

The upgrade backfills every challenge game stored won or lost before this revision, by
replaying its log once here (some milliseconds a game), so that no read replays a game.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

_games = sa.table(
    "games",
    sa.column("id", sa.String),
    sa.column("mode", sa.String),
    sa.column("code", sa.String),
    sa.column("layout_name", sa.String),
    sa.column("layout_positions", sa.JSON),
    sa.column("seed", sa.BigInteger),
    sa.column("difficulty", sa.String),
    sa.column("status", sa.String),
    sa.column("challenge", sa.String),
    sa.column("actions", sa.JSON),
    sa.column("times", sa.JSON),
    sa.column("elapsed", sa.Float),
    sa.column("score", sa.Integer),
)


def _backfill() -> None:
    # the engine's rules, as they are at this revision: the score is theirs to judge
    from mahjong_solitaire.store.records import judged_score, stored_deal

    bind = op.get_bind()
    rows = bind.execute(
        sa.select(_games).where(
            _games.c.challenge.is_not(None), _games.c.status.in_(("won", "lost"))
        )
    ).all()
    for row in rows:
        deal = stored_deal(
            row.code, row.layout_positions, row.layout_name, row.seed, row.difficulty
        )
        times = None if row.times is None else [float(t) for t in row.times]
        score = judged_score(
            deal, row.mode, row.challenge, list(row.actions), times, float(row.elapsed)
        )
        if score is not None:
            bind.execute(sa.update(_games).where(_games.c.id == row.id).values(score=score))


def upgrade() -> None:
    op.add_column("games", sa.Column("score", sa.Integer, nullable=True))
    _backfill()


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("score")
