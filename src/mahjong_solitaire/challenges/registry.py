"""The registry of challenge rule sets: the one place a name becomes a rule set.

>>> [challenge.name for challenge in CHALLENGES]
['scored', 'countdown', 'sprint', 'blackout', 'suit-hunt']
>>> challenge_named("Sprint").title
'Sprint'
>>> challenge_named("chess")
Traceback (most recent call last):
...
mahjong_solitaire.challenges.registry.UnknownChallengeError: there is no challenge 'chess' (scored, countdown, sprint, blackout, suit-hunt)
"""  # noqa: E501

from __future__ import annotations

from .rules import Challenge
from .sets import Blackout, Countdown, Scored, Sprint, SuitHunt

__all__ = ["CHALLENGES", "UnknownChallengeError", "challenge_named"]

#: Every rule set, in the order they are listed.
CHALLENGES: tuple[type[Challenge], ...] = (Scored, Countdown, Sprint, Blackout, SuitHunt)
_BY_NAME = {challenge.name: challenge for challenge in CHALLENGES}


class UnknownChallengeError(ValueError):
    """A name no rule set has."""


def challenge_named(name: str) -> type[Challenge]:
    """The rule set called ``name`` (case does not matter); :class:`UnknownChallengeError`
    for a name none has."""
    found = _BY_NAME.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        names = ", ".join(_BY_NAME)
        raise UnknownChallengeError(f"there is no challenge {str(name)[:32]!r} ({names})")
    return found
