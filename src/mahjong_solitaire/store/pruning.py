"""Pruning: the players who left long ago and never won, removed with their games and layouts
(``mahjong-solitaire prune``; the multi-player server runs it once a day).

Rules:

* A player is **inactive** since the latest of: when the player was made
  (``players.created_at``), when one of their games was last written (``games.saved_at``:
  created, played, paused, finished; and its start and end, for rows without it) and when
  they imported a layout (``layouts.created_at``).  A player inactive for longer than the
  given time is pruned, unless
* the player ever **won** a game: every entry of a leaderboard and of a daily board is a
  won game (``rankings.leaderboard`` and ``rankings.daily_board`` list ranked wins only,
  and the daily board ranks each player's first *finished* attempt, so an unfinished or lost
  game is never on it), so nothing that any board shows is removed; or
* the player is the installation's **local player** (``Store.local_player``).

A **test play** left open (the layout editor's, ``games.test_play``; one that ends is deleted
at once) is removed too once it has not been played for :data:`TEST_PLAY_KEPT` (a day),
whoever's it is but the local player's; it counts among the games removed.

Every player is anonymous here (a cookie; a display name is only what the daily board
shows), so the rule does not look at names.  A pruned player's games go with them, and so
do the layouts they imported: no game needs a layout's row to be replayed (a game on an
imported layout or a test play keeps its own copy of the positions,
``games.layout_positions``), and a layout belongs to its owner alone.  Layouts that have
no owner (imported before layouts had owners) are not touched.

The work is three ``DELETE … WHERE`` statements (games, layouts, players) on one
condition, and one for the test plays left open, in one transaction: nothing is read into
Python.  :func:`prune_all` (the command and the server) runs it in transactions of at most
:data:`BATCH` players, so that a large backlog does not hold SQLite's one writer for long.
It is idempotent: a second run right after finds nothing.  On PostgreSQL the transaction
first takes an advisory lock, so that several server processes take turns (the second
finds nothing left), and locks the doomed players' rows, so that a player who comes back
at that moment (a new game, a layout, a name) waits and then finds a fresh player; on
SQLite the one writer at a time does the same.

    >>> from datetime import UTC, datetime, timedelta
    >>> from mahjong_solitaire.store import Store
    >>> with Store("sqlite://") as store:
    ...     gone = store.player(None)
    ...     later = datetime.now(UTC) + timedelta(days=91)
    ...     store.prune(timedelta(days=90), now=later, dry_run=True)
    ...     store.prune(timedelta(days=90), now=later), store.find_player(gone.id)
    PruneReport(players=1, games=0, layouts=0, dry_run=True)
    (PruneReport(players=1, games=0, layouts=0, dry_run=False), None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, delete, exists, func, or_, select, text, true

from ..core.game import GameStatus
from .schema import games, layouts, players, settings

__all__ = ["BATCH", "PRUNE_LOCK", "TEST_PLAY_KEPT", "PruneReport", "prune", "prune_all"]
#: The key of the PostgreSQL advisory lock a prune holds (several servers take turns).
PRUNE_LOCK = 0x4D4A_5052
#: How many players one transaction of :func:`prune_all` removes at most.
BATCH = 500
#: How long a test play left open is kept after it was last played.
TEST_PLAY_KEPT = timedelta(days=1)
#: The settings key naming the local player (as :mod:`.store` keeps it).
LOCAL_PLAYER_KEY = "local_player"


@dataclass(frozen=True, slots=True)
class PruneReport:
    """What a prune removed (or, with ``dry_run``, would remove)."""

    players: int
    games: int
    layouts: int
    dry_run: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "players": self.players,
            "games": self.games,
            "layouts": self.layouts,
            "dry_run": self.dry_run,
        }


def _doomed(cutoff: datetime) -> Any:
    """The condition on ``players`` of a player to prune: made before ``cutoff``, nothing
    written since, never won, not the local player."""
    game = games.alias("activity")
    busy_or_won = exists().where(
        game.c.player_id == players.c.id,
        or_(
            game.c.status == GameStatus.WON,
            game.c.saved_at >= cutoff,
            game.c.started_at >= cutoff,
            game.c.finished_at >= cutoff,
        ),
    )
    layout = layouts.alias("imported")
    recent_layout = exists().where(
        layout.c.player_id == players.c.id, layout.c.created_at >= cutoff
    )
    return (
        (players.c.created_at < cutoff)
        & ~busy_or_won
        & ~recent_layout
        & players.c.id.not_in(_local_player())
    )


def _local_player() -> Any:
    return select(settings.c.value).where(settings.c.key == LOCAL_PLAYER_KEY).scalar_subquery()


def _stale_test_plays(now: datetime) -> Any:
    """The condition on ``games`` of a test play left open too long (not the local
    player's)."""
    return (
        (games.c.test_play == true())
        & (games.c.saved_at < now - TEST_PLAY_KEPT)
        & games.c.player_id.not_in(_local_player())
    )


def _count(connection: Connection, table: Any, column: Any, doomed: Any) -> int:
    query = select(func.count()).select_from(table).where(column.in_(doomed))
    return int(connection.execute(query).scalar_one())


def prune(
    connection: Connection,
    older_than: timedelta,
    *,
    now: datetime,
    dry_run: bool = False,
    limit: int | None = None,
) -> PruneReport:
    """Remove (or with ``dry_run`` count) the players inactive since before ``now -
    older_than`` who never won, with their games and layouts (the module's rules), inside
    the caller's transaction: at most ``limit`` players (the first by id; a dry run counts
    them all).  The test plays left open go in the call that finds fewer than ``limit``
    players left (the last of :func:`prune_all`)."""
    if older_than <= timedelta(0):
        raise ValueError("prune only players inactive for some time: older_than > 0")
    cutoff = now - older_than
    postgres = connection.dialect.name == "postgresql"
    if postgres:
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PRUNE_LOCK})
    doomed = select(players.c.id).where(_doomed(cutoff))
    if limit is not None and not dry_run:
        doomed = doomed.order_by(players.c.id).limit(limit)
    locked = doomed.with_for_update() if postgres else doomed
    counted = select(func.count()).select_from(locked.subquery())
    doomed_players = int(connection.execute(counted).scalar_one())
    if dry_run:
        stale = _stale_test_plays(now) & games.c.player_id.not_in(doomed)
        stale_count = connection.execute(
            select(func.count()).select_from(games).where(stale)
        ).scalar_one()
        return PruneReport(
            doomed_players,
            _count(connection, games, games.c.player_id, doomed) + int(stale_count),
            _count(connection, layouts, layouts.c.player_id, doomed),
            dry_run,
        )
    removed_games = connection.execute(delete(games).where(games.c.player_id.in_(doomed)))
    removed_layouts = connection.execute(delete(layouts).where(layouts.c.player_id.in_(doomed)))
    removed_players = connection.execute(delete(players).where(players.c.id.in_(doomed)))
    test_plays = 0
    if limit is None or doomed_players < limit:
        # last: an old test play still counted as activity when the players were chosen
        test_plays = connection.execute(delete(games).where(_stale_test_plays(now))).rowcount
    return PruneReport(
        removed_players.rowcount,
        removed_games.rowcount + test_plays,
        removed_layouts.rowcount,
        False,
    )


def prune_all(
    prune_once: Callable[..., PruneReport],
    older_than: timedelta,
    *,
    now: datetime,
    batch: int = BATCH,
) -> PruneReport:
    """The whole prune as transactions of at most ``batch`` players each, through
    ``prune_once`` (:meth:`Store.prune <.store.Store.prune>`, or the server's turn-taking
    store): the other writers get in between (SQLite has one writer at a time), and each
    transaction is whole or nothing.  The sum of the reports.

        >>> calls = iter([PruneReport(2, 3, 0), PruneReport(1, 1, 1)])
        >>> prune_all(lambda *a, **k: next(calls), timedelta(days=1), now=None, batch=2)
        PruneReport(players=3, games=4, layouts=1, dry_run=False)
    """
    total = PruneReport(0, 0, 0)
    while True:
        report = prune_once(older_than, now=now, limit=batch)
        total = PruneReport(
            total.players + report.players,
            total.games + report.games,
            total.layouts + report.layouts,
        )
        if report.players < batch:
            return total
