"""What the player's routes take and answer, as pydantic models: the display name, the
leaderboard, the daily board and calendar, and the statistics."""

from __future__ import annotations

from typing import Literal

from pydantic import (
    BaseModel,
    Field,
    StrictStr,
)

from ...store import MAX_NAME_LENGTH
from ...store.daily import DayStatus
from ..games.models import ModeName, RequestBody

__all__ = [
    "DailyBoard",
    "DailyCalendar",
    "DailyCount",
    "DailyDay",
    "DailyEntry",
    "DailyRules",
    "DayChallenge",
    "GroupStatistics",
    "Leaderboard",
    "LeaderboardEntry",
    "PlayerInfo",
    "PlayerName",
    "PracticeCount",
    "StatisticsAnswer",
    "Win",
]


class PlayerName(RequestBody):
    """A display name: at most :data:`...store.MAX_NAME_LENGTH` characters, one of them not
    a space (the store strips the spaces around it; a control character is 400
    ``bad_request``)."""

    name: StrictStr = Field(max_length=MAX_NAME_LENGTH, pattern=r"\S", examples=["Ana"])


class PlayerInfo(BaseModel):
    name: str | None


class LeaderboardEntry(BaseModel):
    rank: int
    game_id: str
    time: float
    layout: str
    difficulty: str
    code: str | None
    daily: str | None
    date: str | None
    hints: int
    undos: int
    shuffles: int
    shuffled: bool
    assisted: bool
    #: The rule set the win was played under (``null``: plain play) and its kept score
    #: (``null``: plain play, or a rule set without a score).
    challenge: str | None = None
    score: int | None = None


class Leaderboard(BaseModel):
    entries: list[LeaderboardEntry]
    #: Whether assisted wins are listed too (``?all=true``, rules §12.3).
    all: bool = False
    #: The board's rule set (``?challenge=``; ``null``: plain play) and what it ranks by.
    challenge: str | None = None
    ranks_by: Literal["score", "time"] = "time"


class DailyEntry(BaseModel):
    rank: int
    name: str | None
    time: float
    date: str | None
    hints: int
    undos: int
    shuffles: int
    shuffled: bool
    mine: bool
    assisted: bool = False  # a hint, a shown solution or the way back was used
    first: bool = True  # the player's first finished attempt at the day's deal
    #: The entry's replay page (``/replay/<token>``) once the day is over (UTC); ``null``
    #: while it runs.
    replay: str | None = None
    score: int | None = None  # on a day whose rule set ranks by score (rules §13)


class DayChallenge(BaseModel):
    """The rule set a day's daily challenge is played under (rules §7.5, §13): its
    ``name`` and its ``title`` in the request's language."""

    name: str = Field(examples=["scored"])
    title: str = Field(examples=["Scored"])


class DailyBoard(BaseModel):
    """A day's board: ``challenge`` is the day's rule set (``null`` before 2026-12-07),
    ``ranks_by`` its measure (``score``, highest first, or ``time``, fastest first)."""

    date: str
    code: str
    challenge: DayChallenge | None
    ranks_by: Literal["score", "time"]
    #: Whether every ranked win is listed (``?all=true``), not only the fair ones.
    all: bool = False
    entries: list[DailyEntry]


class DailyDay(BaseModel):
    date: str
    status: DayStatus
    best_time: float | None


class DailyRules(BaseModel):
    """One day of the calendar and its rule set (``null``: plain play)."""

    date: str
    challenge: DayChallenge | None


class DailyCalendar(BaseModel):
    """The player's daily challenges from ``first`` to ``today``: the days played, and the
    rule set of every day (``challenges``, oldest first)."""

    today: str
    first: str
    code: str
    current_streak: int
    best_streak: int
    days: list[DailyDay]
    challenges: list[DailyRules]


class GroupStatistics(BaseModel):
    """One layout at one difficulty: every win's best / median / average time, the assisted
    wins counted apart with the best and median of the others, and the group's streaks."""

    layout: str
    difficulty: str
    started: int
    won: int
    best_time: float | None
    average_time: float | None
    median_time: float | None
    assisted_won: int
    unassisted_best_time: float | None
    unassisted_median_time: float | None
    current_streak: int
    best_streak: int


class DailyCount(BaseModel):
    played: int
    won: int


class Win(BaseModel):
    game_id: str = Field(description="the won game (its review: GET /api/games/{id}/review)")
    date: str | None
    time: float
    layout: str
    difficulty: str
    assisted: bool
    #: A challenge win's kept score (``null``: plain play, or none).
    score: int | None = None


class PracticeCount(BaseModel):
    """The practice copies played and won (issue 28), counted apart from every other
    figure."""

    games: int = 0
    won: int = 0


class StatisticsAnswer(BaseModel):
    """The figures of one mode's games, and the latest winning times for the chart."""

    started: int
    won: int
    win_rate: float | None
    best_time: float | None
    average_time: float | None
    median_time: float | None
    assisted_won: int
    hints: int
    undos: int
    shuffles: int
    current_streak: int
    best_streak: int
    daily: DailyCount
    layouts: list[GroupStatistics]
    mode: ModeName
    wins: list[Win]
    #: Games won with the solution shown (rules §5.9), counted apart from ``won``.
    solved: int = 0
    #: Practice copies (``POST /api/games {"from_game", "at"}``), in no other figure.
    practice: PracticeCount = PracticeCount()
    #: The figures' rule set (``?challenge=``; ``null``: plain play), what its games rank
    #: by, and the best kept score of its wins (``null``: none, or plain play).
    challenge: str | None = None
    ranks_by: Literal["score", "time"] = "time"
    best_score: int | None = None
