"""The SQL of imported layouts: their unique names, their owners and the limit per player.

Each function works inside a transaction the :class:`~.store.Store` opened (and, for
:func:`save_layout`, after it locked the owner's row), so :meth:`Store.save_layout
<.store.Store.save_layout>` and its neighbours are one line of transaction each.

    >>> from mahjong_solitaire.store import Store
    >>> from mahjong_solitaire.layouts import builtin_layout
    >>> with Store("sqlite://") as store:
    ...     me = store.player(None).id
    ...     turtle = builtin_layout("turtle").positions
    ...     mine = Layout.from_positions(turtle, name="My Turtle")
    ...     store.save_layout(mine, player_id=me), store.save_layout(mine, player_id=me)
    ('my-turtle', 'my-turtle')
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, delete, func, insert, or_, select

from ..core.layout import Layout
from ..layouts import builtin_layouts
from .errors import LayoutLimitError, LayoutNotFoundError
from .records import is_key
from .schema import layouts

__all__ = [
    "MAX_LAYOUTS_PER_PLAYER",
    "delete_layout",
    "find_layout",
    "layouts_of",
    "save_layout",
    "slug",
]

#: How many imported layouts one player may keep.
MAX_LAYOUTS_PER_PLAYER = 100


#: Names that look like a built-in layout's number (``7``) or code part (``l07``).
LOOKS_BUILTIN = re.compile(r"l?[0-9]+")


def slug(name: str) -> str:
    """The name a layout is kept under, before it is made unique: never one that looks
    like a built-in layout's number or code part, which a lookup would take for the
    built-in layout (rules §8.2), so those get ``imported-`` in front.

    >>> slug("  My Castle (v2)! "), slug("???"), slug("L3"), slug("7")
    ('my-castle-v2', 'layout', 'imported-l3', 'imported-7')
    """
    text = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")[:56]
    if LOOKS_BUILTIN.fullmatch(text):
        return f"imported-{text}"
    return text or "layout"


def _owned(player_id: str | None, unowned: bool) -> Any:
    """The layouts ``player_id`` owns (with ``unowned``: and those of no one)."""
    mine = layouts.c.player_id == player_id
    return or_(mine, layouts.c.player_id.is_(None)) if unowned else mine


def _layout(row: Row[Any]) -> Layout:
    return Layout.from_positions(
        row.positions, name=row.name, title=row.title, description=row.description
    )


def save_layout(connection: Connection, layout: Layout, player_id: str, now: datetime) -> str:
    """Keep ``layout`` for ``player_id`` (whose row the caller locked); its unique name
    (see :meth:`.store.Store.save_layout`)."""
    positions = [list(p) for p in layout.positions]
    base = slug(layout.name)
    taken = {known.name for known in builtin_layouts()}
    existing = set(
        connection.execute(select(layouts.c.name).where(layouts.c.name.like(f"{base}%"))).scalars()
    )
    for name, stored in connection.execute(
        select(layouts.c.name, layouts.c.positions).where(
            layouts.c.name.like(f"{base}%"), layouts.c.player_id == player_id
        )
    ):
        if stored == positions and (name == base or name.startswith(f"{base}-")):
            return str(name)
    count = connection.execute(
        select(func.count()).select_from(layouts).where(layouts.c.player_id == player_id)
    ).scalar_one()
    if count >= MAX_LAYOUTS_PER_PLAYER:
        raise LayoutLimitError(MAX_LAYOUTS_PER_PLAYER)
    number = 1
    name = base
    while name in existing or name in taken:
        number += 1
        name = f"{base}-{number}"
    connection.execute(
        insert(layouts).values(
            name=name,
            title=layout.title,
            description=layout.description,
            positions=positions,
            player_id=player_id,
            created_at=now,
        )
    )
    return name


def layouts_of(connection: Connection, player_id: str | None, unowned: bool) -> list[Layout]:
    """The layouts of ``player_id`` (with ``unowned``: and of no one), oldest first."""
    rows = connection.execute(
        select(layouts)
        .where(_owned(player_id, unowned))
        .order_by(layouts.c.created_at, layouts.c.name)
    ).all()
    return [_layout(row) for row in rows]


def find_layout(connection: Connection, name: str, player_id: str | None, unowned: bool) -> Layout:
    """The layout ``name`` of ``player_id``; :class:`LayoutNotFoundError` otherwise."""
    if not is_key(name) or (player_id is not None and not is_key(player_id)):
        raise LayoutNotFoundError(str(name))
    row = connection.execute(
        select(layouts).where(layouts.c.name == name, _owned(player_id, unowned))
    ).first()
    if row is None:
        raise LayoutNotFoundError(name)
    return _layout(row)


def delete_layout(connection: Connection, name: str, player_id: str | None, unowned: bool) -> None:
    """Delete the layout ``name`` of ``player_id``; :class:`LayoutNotFoundError` otherwise."""
    if not is_key(name) or (player_id is not None and not is_key(player_id)):
        raise LayoutNotFoundError(str(name))
    deleted = connection.execute(
        delete(layouts).where(layouts.c.name == name, _owned(player_id, unowned))
    ).rowcount
    if deleted != 1:
        raise LayoutNotFoundError(name)
