"""The date of a daily challenge, as a request names it (``POST /api/games {"daily":
"YYYY-MM-DD"}``, ``GET /api/daily-board?date=``): one reading with one pair of refusals.

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

from .errors import ApiError, ErrorCode

__all__ = ["challenge_date"]


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
