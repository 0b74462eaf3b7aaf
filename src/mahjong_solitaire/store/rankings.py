"""The SQL of the figures read from the games: statistics, the player's leaderboard, the
daily board and the stages won.

Each function reads inside a transaction the :class:`~.store.Store` opened and takes the
mode by its name (the string the ``games.mode`` column holds, ``Mode.name``).

    >>> from mahjong_solitaire.store import Store
    >>> with Store("sqlite://") as store:
    ...     me = store.player(None).id
    ...     store.leaderboard(me), store.stage_progress(me).next_stage
    ([], 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, Connection, Row, Select, false, func, select, true
from sqlalchemy.sql.base import ReadOnlyColumnCollection

from ..challenges import challenge_named, daily_rules
from ..core.assistance import assisted
from ..core.game import GameStatus
from .game_rows import challenge_name
from .records import UNFINISHED, DailyEntry, LeaderboardEntry, StageProgress
from .reviews import board_token, replay_url
from .schema import games, players
from .statistics import GameSummary, Statistics, compute

__all__ = [
    "by_measure",
    "daily_board",
    "latest_wins",
    "leaderboard",
    "ranks_by",
    "stage_progress",
    "statistics",
]


def statistics(
    connection: Connection, player_id: str, mode: str, challenge: str | None = None
) -> Statistics:
    """The player's statistics in the mode named ``mode``, of plain play or of the games
    of the rule set named ``challenge`` (an open test play is not counted; one that ended
    is no longer stored)."""
    challenge = None if challenge is None else challenge_name(challenge)
    names = [name for name in GameSummary.__slots__ if name != "assisted"]
    rows = connection.execute(
        select(*(games.c[name] for name in names), games.c.actions).where(
            games.c.player_id == player_id,
            games.c.mode == mode,
            games.c.test_play == false(),
            _played_under(challenge),
        )
    ).all()
    summaries = (
        GameSummary(
            **{**{name: row._mapping[name] for name in names}, "status": GameStatus(row.status)},
            assisted=assisted(row.actions),
        )
        for row in rows
    )
    return compute(summaries, challenge=challenge, ranks_by=ranks_by(challenge))


def _played_under(challenge: str | None) -> ColumnElement[bool]:
    """The games of plain play (``None``) or of the rule set named ``challenge``
    (:class:`~.errors.StoreError` for a name no rule set has)."""
    if challenge is None:
        return games.c.challenge.is_(None)
    return games.c.challenge == challenge_name(challenge)


def ranks_by(challenge: str | None) -> str:
    """What the games of the rule set named ``challenge`` rank by (plain play: ``"time"``;
    :attr:`~..challenges.Challenge.ranks_by`)."""
    return "time" if challenge is None else challenge_named(challenge_name(challenge)).ranks_by


def _wins(
    player_id: str, mode: str, layout: str | None, difficulty: str | None, challenge: str | None
) -> Select[Any]:
    """The player's ranked wins in the mode named ``mode``, of plain play or under the rule
    set named ``challenge``, on ``layout`` and at ``difficulty`` when given (a practice copy
    never)."""
    query = select(games).where(
        games.c.player_id == player_id,
        games.c.mode == mode,
        games.c.status == GameStatus.WON,
        games.c.ranked == true(),
        games.c.practice == false(),
        _played_under(challenge),
    )
    if layout is not None:
        query = query.where(games.c.layout_name == layout)
    if difficulty is not None:
        query = query.where(games.c.difficulty == difficulty)
    return query


def _entries(rows: Sequence[Row[Any]]) -> list[LeaderboardEntry]:
    return [
        LeaderboardEntry(
            rank,
            row.id,
            row.elapsed,
            row.layout_name,
            row.difficulty,
            row.code,
            row.daily,
            row.finished_at,
            row.hints,
            row.undos,
            row.shuffles,
            assisted(row.actions),
            challenge=row.challenge,
            score=row.score,
        )
        for rank, row in enumerate(rows, start=1)
    ]


def leaderboard(
    connection: Connection,
    player_id: str,
    limit: int,
    mode: str,
    *,
    layout: str | None = None,
    difficulty: str | None = None,
    show_all: bool = False,
    challenge: str | None = None,
) -> list[LeaderboardEntry]:
    """The player's ``limit`` best ranked wins in the mode named ``mode``, of plain play
    or under the rule set named ``challenge`` (only those on ``layout`` and at
    ``difficulty`` when given), in the order of its measure (:func:`by_measure`: fastest
    first, or the highest score first): the unassisted ones (rules §12.3), or with
    ``show_all`` the assisted ones too."""
    query = _wins(player_id, mode, layout, difficulty, challenge)
    order = by_measure(games.c, ranks_by(challenge))
    if show_all:
        return _entries(connection.execute(query.order_by(*order).limit(limit)).all())
    clean: list[Row[Any]] = []
    with connection.execute(query.order_by(*order)) as rows:
        for row in rows:
            if not assisted(row.actions):
                clean.append(row)
                if len(clean) == limit:
                    break
    return _entries(clean)


def latest_wins(
    connection: Connection, player_id: str, limit: int, mode: str, challenge: str | None = None
) -> list[LeaderboardEntry]:
    """The player's ``limit`` latest ranked wins in the mode named ``mode``, of plain play
    or under the rule set named ``challenge``, oldest first (``rank`` numbers them in that
    order): the statistics' chart of times."""
    query = _wins(player_id, mode, None, None, challenge)
    newest = (games.c.finished_at.desc(), games.c.id.desc())
    rows = connection.execute(query.order_by(*newest).limit(limit)).all()
    return _entries(rows[::-1])


def daily_board(
    connection: Connection,
    day: date,
    limit: int,
    viewer: str | None,
    *,
    show_all: bool = False,
    secret: bytes | None = None,
) -> list[DailyEntry]:
    """``day``'s challenge across all players, fastest first, or by the measure of the
    day's rule set (rules §7.5, §12.3, §13: the highest score first for one that ranks by
    score, :func:`by_measure`).

    The fair board (the default) ranks each player's **first finished attempt** at the
    day's deal (their first game of that daily date to end, won or abandoned, in the
    order they ended) when it was a ranked, unassisted win: one entry per player at
    most.  ``show_all`` lists every ranked win of the day instead, later attempts and
    assisted wins included, each marked ``first`` and ``assisted``.  With ``secret`` (the
    day is over), each entry carries its replay's URL (:func:`.reviews.board_token`)."""
    attempts = (
        select(
            games,
            func.row_number()
            .over(partition_by=games.c.player_id, order_by=(games.c.finished_at, games.c.id))
            .label("attempt"),
        )
        .where(games.c.daily == day, games.c.status.not_in(UNFINISHED))
        .subquery()
    )
    rules = daily_rules(day)
    query = (
        select(attempts, players.c.display_name)
        .join(players, players.c.id == attempts.c.player_id)
        .where(attempts.c.status == GameStatus.WON, attempts.c.ranked == true())
        .order_by(*by_measure(attempts.c, "time" if rules is None else rules.ranks_by))
    )
    if not show_all:
        query = query.where(attempts.c.attempt == 1)
    with connection.execute(query) as rows:
        kept = (row for row in rows if show_all or not assisted(row.actions))
        scored = rules is not None and rules.ranks_by == "score"
        return _daily_entries(kept, limit, viewer, secret, scored=scored)


def by_measure(
    columns: ReadOnlyColumnCollection[str, ColumnElement[Any]], ranks_by: str
) -> tuple[ColumnElement[Any], ...]:
    """The ``ORDER BY`` of won games (``columns``: those of ``games`` or of a query of its
    rows) for a rule set that ranks by ``ranks_by`` (:attr:`~..challenges.Challenge.ranks_by`):
    ``"time"``, the fastest first; ``"score"``, the highest kept score first (``games.score``,
    judged when the game ended), then the faster.  The earlier win, then the id, breaks a
    tie.  The one place a board's measure is ordered."""
    tie = (columns.elapsed, columns.finished_at, columns.id)
    if ranks_by != "score":
        return tie
    return (func.coalesce(columns.score, 0).desc(), *tie)


def _daily_entries(
    rows: Iterable[Row[Any]],
    limit: int,
    viewer: str | None,
    secret: bytes | None,
    *,
    scored: bool,
) -> list[DailyEntry]:
    """The first ``limit`` entries of the daily board's ranked ``rows`` (with their kept
    scores on a day whose rule set ranks by score: ``scored``)."""
    entries: list[DailyEntry] = []
    for row in rows:
        helped = assisted(row.actions)
        entries.append(
            DailyEntry(
                len(entries) + 1,
                row.display_name,
                row.elapsed,
                row.finished_at,
                row.hints,
                row.undos,
                row.shuffles,
                viewer is not None and row.player_id == viewer,
                assisted=helped,
                first=row.attempt == 1,
                replay=None if secret is None else replay_url(board_token(secret, row.id)),
                score=row.score if scored else None,
            )
        )
        if len(entries) == limit:
            break
    return entries


def stage_progress(connection: Connection, player_id: str, mode: str) -> StageProgress:
    """The stages of the mode named ``mode`` the player has won, with their best times."""
    rows = connection.execute(
        select(games.c.stage, func.min(games.c.elapsed))
        .where(
            games.c.player_id == player_id,
            games.c.mode == mode,
            games.c.status == GameStatus.WON,
            games.c.stage.is_not(None),
        )
        .group_by(games.c.stage)
    ).all()
    return StageProgress(mode, {int(stage): float(best) for stage, best in rows})
