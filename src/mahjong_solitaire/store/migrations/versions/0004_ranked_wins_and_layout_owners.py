"""Ranked wins and owned layouts.

* ``games.ranked``: whether a win may appear on the leaderboards and the daily board.  A
  win faster than a human can play (under 0.25 s per pair taken, the rule of
  ``mahjong_solitaire.store.records.HUMAN_FLOOR_SECONDS_PER_PAIR`` when this was written)
  is kept but unranked; the wins stored so far are judged by the same rule here.
* ``layouts``: an index on the owner.  Layouts imported before owners were kept belong to
  the installation's local player when there is one (a local install: the CLI and
  ``mahjong-solitaire play`` were its only users); on a shared server they stay ownerless,
  listed to no player, and only ``mahjong-solitaire layouts delete`` removes them.

Revision ID: 0004
Revises: 0003
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

FLOOR_SECONDS_PER_PAIR = 0.25


def _pairs(actions: str | list[object] | None) -> int:
    """How many pairs an action log (stored as JSON text or a list) removed."""
    log = json.loads(actions) if isinstance(actions, str) else actions
    return sum(1 for action in log or () if isinstance(action, str) and "," in action)


def upgrade() -> None:
    op.add_column(
        "games", sa.Column("ranked", sa.Boolean, nullable=False, server_default=sa.true())
    )
    op.create_index("ix_layouts_player", "layouts", ["player_id"])
    bind = op.get_bind()
    wins = bind.execute(
        sa.text("SELECT id, elapsed, actions FROM games WHERE status = 'won'")
    ).all()
    too_fast = [
        row.id for row in wins if row.elapsed < FLOOR_SECONDS_PER_PAIR * _pairs(row.actions)
    ]
    for game_id in too_fast:
        bind.execute(
            sa.text("UPDATE games SET ranked = :no WHERE id = :id"), {"no": False, "id": game_id}
        )
    bind.execute(
        sa.text(
            "UPDATE layouts SET player_id = (SELECT settings.value FROM settings "
            "WHERE settings.key = 'local_player' AND settings.value IN (SELECT id FROM players)) "
            "WHERE player_id IS NULL"
        )
    )


def downgrade() -> None:
    op.drop_index("ix_layouts_player", "layouts")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("ranked")
