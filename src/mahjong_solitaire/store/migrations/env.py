"""Alembic environment of the store: migrations run on the connection (and inside the
transaction) that :func:`mahjong_solitaire.store.database.migrate` passes in
``config.attributes``; there is no ``alembic.ini``."""

from __future__ import annotations

from alembic import context


def run_migrations() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


if getattr(context, "config", None) is not None:  # run by Alembic, not merely imported
    run_migrations()
