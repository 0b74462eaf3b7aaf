"""The player's own routes: the display name, the leaderboard and the statistics, of one
mode at a time (``?mode=``, classic by default).  Reads never write: without a player
cookie there is no player, and the answers are empty.

    >>> sorted(route.path for route in router.routes)
    ['/api/leaderboard', '/api/player', '/api/player', '/api/statistics']
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from ...core.difficulty import Difficulty
from ...modes import DEFAULT_MODE
from ...store.rankings import ranks_by
from ..games.challenge_names import known_challenge
from ..games.lifecycle import PlayerCookie, acting_player, reading_player, store_of
from ..games.models import ModeName
from ..http.errors import ErrorCode, error_responses
from .board_models import Leaderboard, PlayerInfo, PlayerName, StatisticsAnswer, Win

__all__ = ["AllQuery", "router"]

router = APIRouter(prefix="/api", tags=["player"])

#: The ``?mode=`` of the boards: a mode's name, the default mode when omitted.
ModeQuery = Annotated[ModeName, Query(description="the mode whose games count")]
#: The leaderboard's filters: a layout's name (as the entries name it) and a difficulty.
LayoutQuery = Annotated[
    str | None, Query(min_length=1, max_length=64, description="only wins on this layout")
]
DifficultyQuery = Annotated[Difficulty | None, Query(description="only wins at this difficulty")]
#: The boards' ``?all=true``: every ranked win, assisted wins and later attempts included
#: (rules §12.3); the fair board by default.
AllQuery = Annotated[
    bool, Query(alias="all", description="every ranked win, not only the fair ones")
]
#: The boards' ``?challenge=``: a rule set's name (``GET /api/challenges``), plain play when
#: omitted; an unknown name is a 400 ``bad_request`` naming the known ones.
ChallengeQuery = Annotated[
    str | None,
    Query(min_length=1, max_length=16, description="only the games of this challenge"),
]
#: How many of the latest wins the statistics' chart shows.
CHART_WINS = 50


@router.get(
    "/leaderboard",
    response_model=Leaderboard,
    summary="The player's 10 fastest wins",
    responses=error_responses(ErrorCode.BAD_BODY, ErrorCode.BAD_REQUEST, ErrorCode.UNAVAILABLE),
)
def leaderboard(
    request: Request,
    cookie: PlayerCookie = None,
    mode: ModeQuery = DEFAULT_MODE.name,
    layout: LayoutQuery = None,
    difficulty: DifficultyQuery = None,
    show_all: AllQuery = False,
    challenge: ChallengeQuery = None,
) -> Leaderboard:
    """``mode``: the wins of that mode's games (default: classic); ``layout`` (a layout's
    name, as the entries give it) and ``difficulty`` keep only the wins on that layout and
    at that difficulty.  Wins faster than a human are not listed.  Assisted wins (a hint,
    a shown solution, the way back) are listed only with ``all=true``; ``all`` in the answer
    says which board it is.  ``challenge``: the wins of that rule set, ranked by its measure
    (``ranks_by``: the highest score first, or the fastest), instead of plain play's; a
    practice copy is on no board.  Without a player, no entries (and nothing is written)."""
    player_id = reading_player(request, cookie)
    name = known_challenge(challenge)
    board = {"all": show_all, "challenge": name, "ranks_by": ranks_by(name)}
    if player_id is None:
        return Leaderboard.model_validate({**board, "entries": []})
    entries = store_of(request).leaderboard(
        player_id,
        limit=10,
        mode=mode,
        layout=layout,
        difficulty=None if difficulty is None else difficulty.value,
        show_all=show_all,
        challenge=name,
    )
    return Leaderboard.model_validate({**board, "entries": [e.to_json() for e in entries]})


@router.get(
    "/statistics",
    response_model=StatisticsAnswer,
    summary="The player's statistics",
    responses=error_responses(ErrorCode.BAD_BODY, ErrorCode.BAD_REQUEST, ErrorCode.UNAVAILABLE),
)
def statistics(
    request: Request,
    cookie: PlayerCookie = None,
    mode: ModeQuery = DEFAULT_MODE.name,
    challenge: ChallengeQuery = None,
) -> StatisticsAnswer:
    """The games of one ``mode`` (classic by default), of plain play or, with
    ``challenge``, of that rule set (with ``best_score``, the best kept score of its wins).
    Adds ``wins``: the latest 50 ranked winning times, oldest first, with their dates,
    layouts, difficulties, scores and whether they were assisted, for the page's chart.
    Nothing is written: a visitor without a player reads the figures of no games."""
    player_id = reading_player(request, cookie) or ""
    name = known_challenge(challenge)
    store = store_of(request)
    wins = [
        Win.model_validate(found.to_json())
        for found in store.latest_wins(player_id, limit=CHART_WINS, mode=mode, challenge=name)
    ]
    figures = store.statistics(player_id, mode=mode, challenge=name).to_json()
    return StatisticsAnswer.model_validate({**figures, "mode": mode, "wins": wins})


@router.get(
    "/player",
    response_model=PlayerInfo,
    summary="The player's display name",
    responses=error_responses(ErrorCode.UNAVAILABLE),
)
def get_player(request: Request, cookie: PlayerCookie = None) -> PlayerInfo:
    """Nothing is written: without a player, no name."""
    player_id = reading_player(request, cookie)
    found = None if player_id is None else store_of(request).find_player(player_id)
    return PlayerInfo(name=None if found is None else found.display_name)


@router.put(
    "/player",
    response_model=PlayerInfo,
    summary="Set the player's display name",
    responses=error_responses(
        ErrorCode.BAD_BODY, ErrorCode.UNAVAILABLE, ErrorCode.TOO_MANY_REQUESTS, write=True
    ),
)
def set_player(
    request: Request, response: Response, body: PlayerName, cookie: PlayerCookie = None
) -> PlayerInfo:
    """1 to 32 characters after trimming spaces (400 ``bad_request`` otherwise)."""
    player_id = acting_player(request, response, cookie)
    return PlayerInfo(name=store_of(request).set_display_name(player_id, body.name).display_name)
