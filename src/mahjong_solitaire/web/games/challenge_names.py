"""The rule set a request names (``POST /api/games {"challenge": "sprint"}``,
``GET /api/leaderboard?challenge=``): one reading, with one refusal.

    >>> known_challenge("sprint"), known_challenge(None)
    ('sprint', None)
    >>> known_challenge("speedy")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_solitaire.web.http.errors.ApiError: there is no challenge 'speedy' (scored, ...)
"""

from __future__ import annotations

from ...challenges import UnknownChallengeError, challenge_named
from ..http.errors import ApiError, ErrorCode

__all__ = ["known_challenge"]


def known_challenge(name: str | None) -> str | None:
    """The rule set's name as the registry spells it (``None``: plain play); 400
    ``bad_request`` naming the known ones for a name none has (checked before any read)."""
    if name is None:
        return None
    try:
        return challenge_named(name).name
    except UnknownChallengeError as error:
        raise ApiError(ErrorCode.BAD_REQUEST, str(error)) from None
