"""Numbers, percentages, dates and playing times as each language writes them.

>>> format_number(1234.5, "en"), format_number(1234.5, "it")
('1,234.5', '1.234,5')
>>> format_percent(0.5, "en"), format_percent(0.5, "es")
('50%', '50\\xa0%')
>>> format_time_span(75), format_time_span(3725)
('1:15', '1:02:05')
"""

from __future__ import annotations

from datetime import date, datetime

from babel.dates import format_date as babel_format_date
from babel.numbers import format_decimal
from babel.numbers import format_percent as babel_format_percent

from .catalogues import catalogue_locale

__all__ = ["format_date", "format_number", "format_percent", "format_time_span"]


def format_number(value: float, lang: str, decimals: int | None = None) -> str:
    """A number as the language writes it (grouping, decimal sign), with exactly
    ``decimals`` decimals when given.

    >>> format_number(10.1, "pt", decimals=2), format_number(2, "en", decimals=0)
    ('10,10', '2')
    """
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=catalogue_locale(lang))


def format_percent(ratio: float, lang: str, decimals: int = 0) -> str:
    """A ratio (``0.5``) as a percentage in the language, with ``decimals`` decimals.

    >>> format_percent(1 / 3, "pt", 1)
    '33,3%'
    """
    locale = catalogue_locale(lang)
    pattern = None
    if decimals:  # the integer digit of the language's pattern gets the decimals
        pattern = locale.percent_formats[None].pattern.replace("0", "0." + "0" * decimals, 1)
    return babel_format_percent(ratio, format=pattern, locale=locale)


def format_date(value: date | datetime, lang: str, length: str = "medium") -> str:
    """A calendar date in the language; ``length`` is short, medium, long or full.

    >>> from datetime import date
    >>> format_date(date(2026, 11, 29), "en"), format_date(date(2026, 11, 29), "pt", "long")
    ('Nov 29, 2026', '29 de novembro de 2026')
    """
    return babel_format_date(value, format=length, locale=catalogue_locale(lang))


def format_time_span(seconds: float) -> str:
    """A playing time as the clock shows it, the same in every language: ``m:ss`` under an
    hour, ``h:mm:ss`` from an hour on (whole seconds, rounded down).

    >>> format_time_span(0), format_time_span(59.9), format_time_span(3600)
    ('0:00', '0:59', '1:00:00')
    """
    if seconds < 0:
        raise ValueError(f"a time span is not negative: {seconds}")
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
