"""The date of a daily challenge, as a request names it (``POST /api/games {"daily":
"YYYY-MM-DD"}``, ``GET /api/daily-board?date=``): one reading with one pair of refusals.

    >>> from datetime import date
    >>> challenge_date("2026-11-20", today=date(2026, 11, 29))
    datetime.date(2026, 11, 20)
    >>> challenge_date("2026-12-01", today=date(2026, 11, 29))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_solitaire.web.http.errors.ApiError: 2026-12-01 is after today (2026-11-29, UTC): ...
    >>> challenge_date("2026-W48-1", today=date(2026, 11, 29))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_solitaire.web.http.errors.ApiError: '2026-W48-1' is not a date YYYY-MM-DD
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated

from pydantic import Field, StrictStr

from .errors import ApiError, ErrorCode

__all__ = ["DATE_PATTERN", "DateText", "challenge_date"]

#: A date as the API writes it: ``YYYY-MM-DD`` (``date.fromisoformat`` also reads
#: ``20261129`` and the week date ``2026-W48-7``, which the API does not take).
DATE_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
_DATE = re.compile(DATE_PATTERN)
#: A date in a body or a query, as its schema says it: :data:`DATE_PATTERN`.  The route reads
#: it with :func:`challenge_date`, whose refusal (400 ``bad_date``) says what is wrong.
DateText = Annotated[
    StrictStr, Field(json_schema_extra={"pattern": DATE_PATTERN}, examples=["2026-11-29"])
]


def challenge_date(text: str, today: date) -> date:
    """The date of a daily challenge a request names: ``YYYY-MM-DD`` (400 ``bad_date``),
    not after ``today`` (400 ``future_date``: that challenge is not open yet)."""
    try:
        if _DATE.fullmatch(text) is None:
            raise ValueError(text)
        day = date.fromisoformat(text)
    except ValueError:
        raise ApiError(ErrorCode.BAD_DATE, f"{text[:40]!r} is not a date YYYY-MM-DD") from None
    if day > today:
        raise ApiError(
            ErrorCode.FUTURE_DATE,
            f"{day} is after today ({today}, UTC): its challenge is not open yet",
        )
    return day
