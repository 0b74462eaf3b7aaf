"""The daily challenges: ``GET /api/daily``, the player's calendar the page's daily dialog
draws (the days played and won, the streaks; rules §7.7), ``GET /api/daily-board``, a day's
board across all players (rules §7.5), and the reading of a challenge's date that every
daily route shares (``POST /api/games {"daily": "YYYY-MM-DD"}``,
``GET /api/daily-board?date=``, read by :func:`..http.dates.challenge_date`).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Annotated

from fastapi import APIRouter, Query, Request

from ...challenges import daily_rules
from ...classic.codes import daily_code
from ...i18n import challenge_title
from ...store.daily import DailyHistory
from ..games.lifecycle import PlayerCookie, now, reading_player, store_of
from ..http.dates import DateText, challenge_date
from ..http.errors import ErrorCode, error_responses
from ..http.language import current_language
from .board_models import DailyBoard, DailyCalendar, DayChallenge
from .players import AllQuery

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["daily"])


def day_challenge(day: date, lang: str) -> DayChallenge | None:
    """The rule set of ``day``'s daily challenge, titled in ``lang`` (``None``: plain
    play, every day before 2026-12-07)."""
    rules = daily_rules(day)
    return (
        None if rules is None else DayChallenge(name=rules.name, title=challenge_title(rules, lang))
    )


@router.get(
    "/daily",
    response_model=DailyCalendar,
    summary="The player's daily challenges: calendar and streaks",
    responses=error_responses(ErrorCode.UNAVAILABLE),
)
def daily_calendar(request: Request, cookie: PlayerCookie = None) -> DailyCalendar:
    """The days from ``first`` to ``today`` (UTC, 365 days) whose challenge the player
    played (``status`` ``played``) or won (``won``, with the best time); a day not listed
    was not played.  ``current_streak`` / ``best_streak`` count consecutive days whose
    challenge was won on the day itself.  ``code`` is today's challenge.  ``challenges``
    names every day's rule set from ``first`` to ``today`` (its ``name`` and ``title`` in
    the request's language; ``null`` before 2026-12-07).  Nothing is written: a visitor
    without a player reads an empty calendar."""
    today = now().date()
    player_id = reading_player(request, cookie)
    history = (
        DailyHistory(today, 0, 0)
        if player_id is None
        else store_of(request).daily_history(player_id, today)
    )
    lang = current_language()
    days = (history.first + timedelta(days=n) for n in range((today - history.first).days + 1))
    challenges = [{"date": day.isoformat(), "challenge": day_challenge(day, lang)} for day in days]
    return DailyCalendar.model_validate(
        {**history.to_json(), "code": str(daily_code(today)), "challenges": challenges}
    )


@router.get(
    "/daily-board",
    response_model=DailyBoard,
    summary="A day's daily challenge across all players",
    responses=error_responses(
        ErrorCode.BAD_BODY, ErrorCode.BAD_DATE, ErrorCode.FUTURE_DATE, ErrorCode.UNAVAILABLE
    ),
)
def daily_board(
    request: Request,
    day: Annotated[DateText | None, Query(alias="date")] = None,
    cookie: PlayerCookie = None,
    show_all: AllQuery = False,
) -> DailyBoard:
    """``date`` is a UTC calendar date ``YYYY-MM-DD`` (default: today; a later date is
    refused, 400 ``future_date``).  The fair board (default): each player's first finished
    attempt at the day's deal, if it is an unassisted win.  ``all=true``: every ranked win
    of the day, later attempts and assisted wins included (``first``, ``assisted`` mark
    them).  Wins faster than a human or with the solution shown are never listed;
    ``mine`` marks the asking player's entries.  ``replay`` is an entry's replay page
    (``/replay/<token>``, ``GET /api/replays/{token}``) once the day is over, ``null``
    while it runs: nothing of a running daily is shown.  From 2026-12-07 the day is played
    under its rule set (``challenge``), and ranked by its measure (``ranks_by``): the
    highest ``score`` first for a rule set that ranks by score, the fastest time for the
    others."""
    today = now().date()
    when = today if day is None else challenge_date(day, today)
    entries = store_of(request).daily_board(
        when, limit=10, viewer=cookie, show_all=show_all, today=today
    )
    rules = daily_rules(when)
    return DailyBoard.model_validate(
        {
            "date": when.isoformat(),
            "code": str(daily_code(when)),
            "challenge": day_challenge(when, current_language()),
            "ranks_by": "time" if rules is None else rules.ranks_by,
            "all": show_all,
            "entries": [entry.to_json() for entry in entries],
        }
    )
