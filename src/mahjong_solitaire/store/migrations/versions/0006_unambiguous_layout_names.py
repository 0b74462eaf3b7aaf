"""Imported layout names that cannot be taken for a built-in layout.

A lookup by name tries the built-in layouts first, by number (``7``), code part (``l07``)
and name, so an imported layout named ``7`` or ``l3`` dealt a built-in layout instead.
Names like these now get ``imported-`` in front when a layout is stored
(``mahjong_solitaire.store.imported_layouts.slug``); the layouts stored before are renamed
the same way here (with ``-2``, ``-3``... should the new name be taken).  Games keep the name
they were played under: it is only shown.

Revision ID: 0006
Revises: 0005
"""

import re

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

LOOKS_BUILTIN = re.compile(r"l?[0-9]+")


def upgrade() -> None:
    bind = op.get_bind()
    names = set(bind.execute(sa.text("SELECT name FROM layouts")).scalars())
    for name in sorted(names):
        if not LOOKS_BUILTIN.fullmatch(name):
            continue
        base = f"imported-{name}"
        new, number = base, 1
        while new in names:
            number += 1
            new = f"{base}-{number}"
        names.add(new)
        bind.execute(
            sa.text("UPDATE layouts SET name = :new WHERE name = :old"), {"new": new, "old": name}
        )


def downgrade() -> None:
    """The new names stay: they name the same layouts, and the old ones were ambiguous."""
