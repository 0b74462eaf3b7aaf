"""A player's statistics (rules §12.2), computed from the summaries of their games.

Rules:

* **started**: every game the player began (any status); **won**: games with status
  ``won``; **win rate** = won / started (``None`` before the first game).
* **best / median / average time**: over the won games, per layout and difficulty.  Each
  stored time counts as brought into ``0..MAX_ELAPSED_SECONDS`` (a week; :mod:`.limits`),
  so no figure overflows or turns infinite whatever the database holds.
* **assisted wins apart**: a win is assisted when its action log says so
  (:func:`~mahjong_solitaire.core.assistance.assisted`: a hint, a shown
  solution or the way back was used).  Each group
  counts its assisted wins, and gives the best and median time of its *unassisted* wins
  besides those of all wins.
* **hints, undos, shuffles**: totals over all games.
* **streaks** count consecutive *finished* games, in the order they finished: a win extends
  the streak, an abandoned game (a lost or given-up game, left for a new one) breaks it.
  Games still open (playing, paused, stuck) do not count until they finish.  The current
  streak is the run of wins at the end; the best streak the longest run ever.  Each layout
  and difficulty has its own streaks too, over its own games.
* **daily challenges**: the dates whose challenge the player started / won.
* **solved**: games won with the solution shown (rules §5.9) are counted apart: they count
  as started, never as won, add no time and neither extend nor break a streak.
* **challenges**: the figures are of one kind of play at a time, plain play or one
  challenge's rule set (rules §13); a challenge's also give the best kept score of its
  wins (``best_score``) and what its games rank by (``ranks_by``).
* **practice**: practice copies (started from a step of a finished game's review) are
  counted apart, as games and wins only: they are in no other figure, group or streak.

    >>> from datetime import date, datetime, UTC
    >>> from mahjong_solitaire.core.game import GameStatus
    >>> def g(status, minute, elapsed=100.0):
    ...     return GameSummary(GameStatus(status), "turtle", "normal", elapsed, 0, 0, 0, None,
    ...                        datetime(2026, 1, 1, 0, minute, tzinfo=UTC))
    >>> stats = compute([g("won", 1), g("abandoned", 2), g("won", 3, 90.0), g("won", 4),
    ...                  g("playing", 5)])
    >>> stats.started, stats.won, stats.current_streak, stats.best_streak
    (5, 3, 2, 2)
    >>> stats.groups[0].best_time, round(stats.groups[0].average_time, 2)
    (90.0, 96.67)
    >>> stats.groups[0].median_time, stats.median_time
    (100.0, 100.0)
    >>> compute([g("won", 1, 1e308), g("won", 2, float("inf"))]).average_time
    604800.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from statistics import median

from ..core.game import GameStatus
from .limits import clamp_elapsed
from .records import UNFINISHED

__all__ = ["GameSummary", "GroupStatistics", "Statistics", "compute"]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """The columns of a stored game that the statistics need."""

    status: GameStatus
    layout_name: str
    difficulty: str
    elapsed: float
    hints: int
    undos: int
    shuffles: int
    daily: date | None
    finished_at: datetime | None
    solution_shown: bool = False
    #: Whether the game's action log makes it assisted (``core.assistance.assisted``).
    assisted: bool = False
    #: A practice copy (counted apart).
    practice: bool = False
    #: A challenge game's kept final score (``games.score``), ``None`` otherwise.
    score: int | None = None

    @property
    def won(self) -> bool:
        """Won by the player: the solution was not shown."""
        return self.status is GameStatus.WON and not self.solution_shown


@dataclass(frozen=True, slots=True)
class GroupStatistics:
    """The figures of one layout at one difficulty."""

    layout_name: str
    difficulty: str
    started: int
    won: int
    best_time: float | None
    average_time: float | None
    median_time: float | None = None
    assisted_won: int = 0
    unassisted_best_time: float | None = None
    unassisted_median_time: float | None = None
    current_streak: int = 0
    best_streak: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "layout": self.layout_name,
            "difficulty": self.difficulty,
            "started": self.started,
            "won": self.won,
            "best_time": _round(self.best_time),
            "average_time": _round(self.average_time),
            "median_time": _round(self.median_time),
            "assisted_won": self.assisted_won,
            "unassisted_best_time": _round(self.unassisted_best_time),
            "unassisted_median_time": _round(self.unassisted_median_time),
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


@dataclass(frozen=True, slots=True)
class Statistics:
    started: int
    won: int
    best_time: float | None
    average_time: float | None
    hints: int
    undos: int
    shuffles: int
    current_streak: int
    best_streak: int
    daily_played: int
    daily_won: int
    groups: list[GroupStatistics] = field(default_factory=list)
    median_time: float | None = None
    assisted_won: int = 0
    #: Games won with the solution shown, counted apart.
    solved: int = 0
    #: Practice copies played and won, counted apart from every other figure.
    practice_games: int = 0
    practice_won: int = 0
    #: The rule set whose games these are (``None``: plain play), what its games rank by
    #: and the best kept score of its wins (``None``: none, or plain play).
    challenge: str | None = None
    ranks_by: str = "time"
    best_score: int | None = None

    @property
    def win_rate(self) -> float | None:
        return self.won / self.started if self.started else None

    def to_json(self) -> dict[str, object]:
        rate = self.win_rate
        return {
            "started": self.started,
            "won": self.won,
            "win_rate": None if rate is None else round(rate, 4),
            "best_time": _round(self.best_time),
            "average_time": _round(self.average_time),
            "median_time": _round(self.median_time),
            "assisted_won": self.assisted_won,
            "hints": self.hints,
            "undos": self.undos,
            "shuffles": self.shuffles,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "daily": {"played": self.daily_played, "won": self.daily_won},
            "solved": self.solved,
            "practice": {"games": self.practice_games, "won": self.practice_won},
            "challenge": self.challenge,
            "ranks_by": self.ranks_by,
            "best_score": self.best_score,
            "layouts": [group.to_json() for group in self.groups],
        }


def _streaks(games: list[GameSummary]) -> tuple[int, int]:
    finished = [
        g
        for g in games
        if g.status not in UNFINISHED and g.finished_at is not None and not g.solution_shown
    ]
    finished.sort(key=lambda g: g.finished_at)  # type: ignore[arg-type,return-value]
    current = best = 0
    for game in finished:
        current = current + 1 if game.won else 0
        best = max(best, current)
    return current, best


def _median(times: list[float]) -> float | None:
    return median(times) if times else None


def _group(layout_name: str, difficulty: str, members: list[GameSummary]) -> GroupStatistics:
    won = [g.elapsed for g in members if g.won]
    unassisted = [g.elapsed for g in members if g.won and not g.assisted]
    current, best = _streaks(members)
    return GroupStatistics(
        layout_name,
        difficulty,
        started=len(members),
        won=len(won),
        best_time=min(won, default=None),
        average_time=sum(won) / len(won) if won else None,
        median_time=_median(won),
        assisted_won=len(won) - len(unassisted),
        unassisted_best_time=min(unassisted, default=None),
        unassisted_median_time=_median(unassisted),
        current_streak=current,
        best_streak=best,
    )


def compute(
    games: Iterable[GameSummary], *, challenge: str | None = None, ranks_by: str = "time"
) -> Statistics:
    """The statistics of a player's games (any order; see the module rules), those of
    plain play or of the rule set named ``challenge``, whose games rank by ``ranks_by``."""
    every = [replace(g, elapsed=clamp_elapsed(g.elapsed)) for g in games]
    games = [g for g in every if not g.practice]
    practice = [g for g in every if g.practice]
    wins = [g for g in games if g.won]
    times = [g.elapsed for g in wins]
    by_group: dict[tuple[str, str], list[GameSummary]] = {}
    for game in games:
        by_group.setdefault((game.layout_name, game.difficulty), []).append(game)
    groups = [_group(*key, by_group[key]) for key in sorted(by_group)]
    current, best = _streaks(games)
    return Statistics(
        started=len(games),
        won=len(wins),
        best_time=min(times, default=None),
        average_time=sum(times) / len(times) if times else None,
        hints=sum(g.hints for g in games),
        undos=sum(g.undos for g in games),
        shuffles=sum(g.shuffles for g in games),
        current_streak=current,
        best_streak=best,
        daily_played=len({g.daily for g in games if g.daily is not None}),
        daily_won=len({g.daily for g in wins if g.daily is not None}),
        groups=groups,
        median_time=_median(times),
        assisted_won=sum(1 for g in wins if g.assisted),
        solved=sum(1 for g in games if g.status is GameStatus.WON and g.solution_shown),
        practice_games=len(practice),
        practice_won=sum(1 for g in practice if g.status is GameStatus.WON),
        challenge=challenge,
        ranks_by=ranks_by,
        best_score=max((g.score for g in wins if g.score is not None), default=None),
    )
