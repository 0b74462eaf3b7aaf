"""The daily challenge's rule set (rules §7.5, §13): from :data:`DAILY_RULES_FROM` on, each
day's daily is its deal played under one rule set chosen from the date alone, the same for
every player and every machine; every day before is plain play, as it always was.

The choice is closed-form, so that a calendar of a year costs a year of look-ups and no
day depends on how far it lies from the first: the days are counted from
:data:`DAILY_RULES_FROM`; an even day draws one of the rule sets from its number
(:func:`~..core.rng.derive_seed`), and an odd day draws one of those that neither of its two
even neighbours drew, so no rule set is played two days running.

    >>> from datetime import date
    >>> daily_rules(date(2026, 12, 6)) is None
    True
    >>> [daily_rules(date(2026, 12, day)).name for day in range(7, 14)]
    ['scored', 'sprint', 'blackout', 'countdown', 'suit-hunt', 'scored', 'countdown']
"""

from __future__ import annotations

from datetime import date

from ..core.rng import derive_seed
from .registry import CHALLENGES
from .rules import Challenge

__all__ = ["DAILY_RULES_FROM", "daily_rules"]

#: The first day whose daily challenge carries a rule set; every day before keeps its plain
#: daily (its games, its board).
DAILY_RULES_FROM = date(2026, 12, 7)
#: The seed the days' draws are derived from (with the day's number).
_SALT = 0xDA17


def _drawn(number: int, choices: tuple[type[Challenge], ...]) -> type[Challenge]:
    return choices[derive_seed(_SALT, number) % len(choices)]


def daily_rules(day: date) -> type[Challenge] | None:
    """The rule set the daily challenge of ``day`` (a UTC date) is played under; ``None``
    before :data:`DAILY_RULES_FROM` (plain play)."""
    number = (day - DAILY_RULES_FROM).days
    if number < 0:
        return None
    if number % 2 == 0:
        return _drawn(number, CHALLENGES)
    neighbours = {_drawn(number - 1, CHALLENGES), _drawn(number + 1, CHALLENGES)}
    return _drawn(number, tuple(rules for rules in CHALLENGES if rules not in neighbours))
