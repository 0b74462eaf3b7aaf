"""``GET /api/challenges``: the challenges' rule sets (rules §13), each with its name, its
title and one-line rule in the request's language, what its games rank by and the aids it
refuses, in the order the registry lists them (:data:`...challenges.CHALLENGES`).  A game
is started under one with ``POST /api/games {"challenge": NAME, ...}``.

    >>> sorted(route.path for route in router.routes)
    ['/api/challenges']
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ...challenges import CHALLENGES
from ...i18n import challenge_rule, challenge_title
from ..http.errors import error_responses
from ..http.language import current_language

__all__ = ["ChallengeInfo", "ChallengeList", "router"]

router = APIRouter(prefix="/api", tags=["challenges"])


class ChallengeInfo(BaseModel):
    """One rule set: its ``name`` (in codes, the API and the command line), its ``title``
    and ``rule`` in the request's language, what it ranks by (``score``, highest first, or
    ``time``, fastest first), the aids it ``refuses``, and whether only free tiles show
    their face (``hides_faces``)."""

    name: str = Field(examples=["scored"])
    title: str = Field(examples=["Scored"])
    rule: str
    ranks_by: Literal["score", "time"]
    refuses: list[str] = Field(examples=[["solve"]])
    hides_faces: bool


class ChallengeList(BaseModel):
    challenges: list[ChallengeInfo]


@router.get(
    "/challenges",
    response_model=ChallengeList,
    summary="The challenges' rule sets",
    responses=error_responses(),
)
def challenges() -> ChallengeList:
    """Every rule set, in the request's language (reads nothing, writes nothing)."""
    lang = current_language()
    return ChallengeList(
        challenges=[
            ChallengeInfo(
                name=rules.name,
                title=challenge_title(rules, lang),
                rule=challenge_rule(rules, lang),
                ranks_by="score" if rules.ranks_by == "score" else "time",
                refuses=sorted(rules.refuses),
                hides_faces=rules.hides_faces,
            )
            for rules in CHALLENGES
        ]
    )
