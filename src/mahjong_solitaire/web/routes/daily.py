"""The player's daily challenges: ``GET /api/daily``, the calendar the page's daily dialog
draws (the days played and won, the streaks; rules §7.7), and the reading of a challenge's
date that every daily route shares (``POST /api/games {"daily": "YYYY-MM-DD"}``,
``GET /api/daily-board?date=``).

    >>> from datetime import date
    >>> challenge_date("2026-11-20", today=date(2026, 11, 29))
    datetime.date(2026, 11, 20)
    >>> challenge_date("2026-12-01", today=date(2026, 11, 29))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_solitaire.web.http.errors.ApiError: 2026-12-01 is after today (2026-11-29, UTC): ...
"""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Request

from ...classic.codes import daily_code
from ...store.daily import DailyHistory
from ..games.lifecycle import PlayerCookie, now, reading_player, store_of
from ..games.models import DailyCalendar
from ..http.errors import ApiError, ErrorCode, error_responses

__all__ = ["challenge_date", "router"]

router = APIRouter(prefix="/api")


def challenge_date(text: str, today: date) -> date:
    """The date of a daily challenge a request names: ``YYYY-MM-DD`` (400 ``bad_date``),
    not after ``today`` (400 ``future_date``: that challenge is not open yet)."""
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise ApiError(ErrorCode.BAD_DATE, f"{text[:40]!r} is not a date YYYY-MM-DD") from None
    if len(text) != 10:  # fromisoformat also reads "20261129" and week dates
        raise ApiError(ErrorCode.BAD_DATE, f"{text[:40]!r} is not a date YYYY-MM-DD")
    if day > today:
        raise ApiError(
            ErrorCode.FUTURE_DATE,
            f"{day} is after today ({today}, UTC): its challenge is not open yet",
        )
    return day


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
    challenge was won on the day itself.  ``code`` is today's challenge.  Nothing is
    written: a visitor without a player reads an empty calendar."""
    today = now().date()
    player_id = reading_player(request, cookie)
    history = (
        DailyHistory(today, 0, 0)
        if player_id is None
        else store_of(request).daily_history(player_id, today)
    )
    return DailyCalendar.model_validate({**history.to_json(), "code": str(daily_code(today))})
