"""A player's daily challenges (rules §7.7): the calendar of the days played and won, and the
streak of days whose challenge was won on the day itself.

Rules:

* A day is **won** when a game of that day's challenge is won (whenever it was played),
  **played** when one was started but none won, and not played otherwise.
* A day counts for the **streaks** only when its challenge was won on that very day (UTC):
  a past day won later shows as won in the calendar but does not mend a broken streak.
* The **current streak** is the run of such days ending today, or ending yesterday while
  today's challenge is not won yet (the day is not over); the **best streak** the longest
  run ever.

    >>> from datetime import UTC, datetime
    >>> from mahjong_solitaire.core.game import GameStatus
    >>> def g(day, status="won", finished_day=None):
    ...     finished = datetime(2026, 11, finished_day or day, 20, tzinfo=UTC)
    ...     return DailyGame(date(2026, 11, day), GameStatus(status), finished, 100.0 + day)
    >>> history = compute_daily([g(26), g(27), g(28), g(20, finished_day=29), g(29, "abandoned")],
    ...                         today=date(2026, 11, 29))
    >>> history.current_streak, history.best_streak
    (3, 3)
    >>> [(day.date.day, day.status.value) for day in history.days]
    [(20, 'won'), (26, 'won'), (27, 'won'), (28, 'won'), (29, 'played')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum

from sqlalchemy import Connection, select

from ..core.game import GameStatus
from .limits import clamp_elapsed
from .schema import games

__all__ = [
    "CALENDAR_DAYS",
    "DailyDay",
    "DailyGame",
    "DailyHistory",
    "DayStatus",
    "compute_daily",
    "daily_history",
]

#: The calendar covers today and the days before it, this many in all.
CALENDAR_DAYS = 365


@dataclass(frozen=True, slots=True)
class DailyGame:
    """The columns of a stored daily game that the calendar needs."""

    daily: date
    status: GameStatus
    finished_at: datetime | None
    elapsed: float

    @property
    def won_on_the_day(self) -> bool:
        """Won on the challenge's own date (UTC): the wins a streak counts."""
        return (
            self.status is GameStatus.WON
            and self.finished_at is not None
            and self.finished_at.astimezone(UTC).date() == self.daily
        )


class DayStatus(StrEnum):
    """How a day of the calendar went: its challenge ``won`` (on any date), or only
    ``played``."""

    WON = "won"
    PLAYED = "played"


@dataclass(frozen=True, slots=True)
class DailyDay:
    """One day of the calendar that the player played: ``won`` or ``played``, and the best
    winning time (``None`` before a win)."""

    date: date
    status: DayStatus
    best_time: float | None

    def to_json(self) -> dict[str, object]:
        best = None if self.best_time is None else round(self.best_time, 3)
        return {"date": self.date.isoformat(), "status": self.status, "best_time": best}


@dataclass(frozen=True, slots=True)
class DailyHistory:
    """The calendar from :attr:`first` to :attr:`today` (the days played, oldest first; a
    day not listed was not played) and the streaks."""

    today: date
    current_streak: int
    best_streak: int
    days: list[DailyDay] = field(default_factory=list)

    @property
    def first(self) -> date:
        return self.today - timedelta(days=CALENDAR_DAYS - 1)

    def to_json(self) -> dict[str, object]:
        return {
            "today": self.today.isoformat(),
            "first": self.first.isoformat(),
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "days": [day.to_json() for day in self.days if day.date >= self.first],
        }


def _streaks(won: set[date], today: date) -> tuple[int, int]:
    best = run = 0
    previous: date | None = None
    for day in sorted(won):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    end = today if today in won else today - timedelta(days=1)
    current = 0
    while end in won:
        current += 1
        end -= timedelta(days=1)
    return current, best


def compute_daily(played: Iterable[DailyGame], today: date) -> DailyHistory:
    """The calendar and streaks of a player's daily games (see the module rules).  Games of
    dates after ``today`` are left out."""
    by_day: dict[date, list[DailyGame]] = {}
    for game in played:
        if game.daily <= today:
            by_day.setdefault(game.daily, []).append(game)
    days = []
    for day in sorted(by_day):
        times = [clamp_elapsed(g.elapsed) for g in by_day[day] if g.status is GameStatus.WON]
        status = DayStatus.WON if times else DayStatus.PLAYED
        days.append(DailyDay(day, status, min(times, default=None)))
    on_time = {g.daily for day in by_day.values() for g in day if g.won_on_the_day}
    current, best = _streaks(on_time, today)
    return DailyHistory(today, current, best, days)


def daily_history(connection: Connection, player_id: str, today: date) -> DailyHistory:
    """The player's daily calendar and streaks as of ``today`` (read inside the store's
    transaction)."""
    rows = connection.execute(
        select(games.c.daily, games.c.status, games.c.finished_at, games.c.elapsed).where(
            games.c.player_id == player_id, games.c.daily.is_not(None)
        )
    ).all()
    return compute_daily(
        (
            DailyGame(day, GameStatus(status), finished, elapsed)
            for day, status, finished, elapsed in rows
        ),
        today,
    )
