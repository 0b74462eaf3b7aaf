"""Challenges: rule sets judged from the action log and the server's clock (rules §13).

The engine's part: each rule set is a :class:`Challenge` subclass (:mod:`.sets`), found by
name in :mod:`.registry`; an instance made for a deal is its game's referee
(``game.referee = challenge_named(name)(deal)``), and :meth:`Challenge.judge` works out the
figures; :func:`.daily_rules.daily_rules` names the rule set of a day's daily challenge.
Pure: no I/O, no web, no store.
"""

from .daily_rules import DAILY_RULES_FROM, daily_rules
from .registry import CHALLENGES, UnknownChallengeError, challenge_named
from .rules import (
    AIDS,
    LOST_STUCK,
    LOST_TARGET,
    LOST_TIME,
    Challenge,
    Figures,
    Judgement,
    Tally,
    hidden_positions,
)
from .sets import Blackout, Countdown, Scored, Sprint, SuitHunt

__all__ = [
    "AIDS",
    "CHALLENGES",
    "DAILY_RULES_FROM",
    "LOST_STUCK",
    "LOST_TARGET",
    "LOST_TIME",
    "Blackout",
    "Challenge",
    "Countdown",
    "Figures",
    "Judgement",
    "Scored",
    "Sprint",
    "SuitHunt",
    "Tally",
    "UnknownChallengeError",
    "challenge_named",
    "daily_rules",
    "hidden_positions",
]
