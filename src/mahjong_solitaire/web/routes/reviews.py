"""A finished or stuck game's review and replay (issue 28; docs/web-api.md, "Review and
replay"), for its own player:

* ``GET /api/games/{id}/review``: the verdict after each action, the first losing move, a
  better pair at it, the summary.  Reviewing is heavy engine work (an engine job, one at a
  time per client: 429 ``too_many_requests``, 503 ``busy``); the review is then kept with
  the game, and the next request reads it.  That is the only write of the read;
* ``GET /api/games/{id}/replay``: the code, the actions and the server's times, and the
  board at each step for the page to draw (:mod:`..games.replay_boards`);
* ``POST /api/games/{id}/replay-link``: the finished game's replay link, ``{"token",
  "url"}``, made once and the same ever after (a write: cross-site protected, owned);
* ``GET /api/replays/{token}``: the replay of a link's game, for whoever has the link (no
  cookie needed): the replay's object, which names no player and no other game.  A token
  no game has, or one of a daily challenge whose day (UTC) is not over, is 404
  ``unknown_replay`` (:mod:`...store.reviews`).

Another player's game, or one that does not exist, is 404 ``unknown_game``; a game still
in play (playing, paused) is 409 ``game_in_play``.  Both answers are built by
:mod:`...store.reviews`, as ``mahjong-solitaire review --json`` prints them.

    >>> sorted(route.path for route in router.routes)  # doctest: +NORMALIZE_WHITESPACE
    ['/api/games/{game_id}/replay', '/api/games/{game_id}/replay-link',
     '/api/games/{game_id}/review', '/api/replays/{token}']
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ...core.game import GameError
from ...core.review import reviewed
from ...store import StoredGame
from ...store.reviews import (
    kept_review,
    replay_answer,
    replay_url,
    review_answer,
    review_arguments,
    reviewable,
)
from ..games.jobs import JOB_ERRORS, engine_jobs
from ..games.lifecycle import FRESH, PlayerCookie, known_player, now, store_of
from ..games.replay_boards import replay_boards
from ..http.errors import ApiError, ErrorCode, error_responses
from .review_models import GameReplay, GameReview, ReplayLink

__all__ = ["replay_with_boards", "router"]

router = APIRouter(prefix="/api", tags=["games"])

#: What both routes may answer besides their object.
_ERRORS = (ErrorCode.UNKNOWN_GAME, ErrorCode.GAME_IN_PLAY, ErrorCode.UNAVAILABLE)


def _over(request: Request, cookie: str | None, game_id: str) -> StoredGame:
    """The player's game ``game_id``, over or stuck (404, 409 ``game_in_play``)."""
    if game_id.startswith(FRESH):
        raise ApiError(ErrorCode.UNKNOWN_GAME, "a deal not played yet has no review")
    stored = store_of(request).get_game(known_player(request, cookie), game_id)
    if not reviewable(stored):
        raise ApiError(
            ErrorCode.GAME_IN_PLAY,
            f"this game is {stored.status.value}: it has a review once it is over or stuck",
        )
    return stored


@router.get(
    "/games/{game_id}/review",
    response_model=GameReview,
    summary="A game's review",
    responses=error_responses(*_ERRORS, ErrorCode.CORRUPT_GAME, *JOB_ERRORS),
)
async def game_review(request: Request, game_id: str, cookie: PlayerCookie = None) -> GameReview:
    """The review of the player's game that is over or stuck (won, stuck, abandoned,
    lost), of any mode: the position's verdict after each action (``winnable``, ``lost``,
    or ``unknown`` when the solver's budget ran out), the first losing move (``null``
    when the game never became lost), a better pair at it, and the summary (moves, hints,
    undos, shuffles, the longest think and the time stuck, by the server's times).  The
    first request reviews the game in an engine job and keeps the review with the game;
    the next read it (the only write of this read)."""
    stored = await run_in_threadpool(_over, request, cookie, game_id)
    review = kept_review(stored)
    if review is None:
        try:
            arguments = review_arguments(stored)
            review = await engine_jobs(request).run(request, reviewed, *arguments)
        except (GameError, ValueError) as error:
            raise ApiError(
                ErrorCode.CORRUPT_GAME, f"the saved game cannot be reviewed: {error}"
            ) from None
        stored = await run_in_threadpool(
            store_of(request).save_review, stored.player_id, stored.id, review
        )
    return GameReview.model_validate(review_answer(stored, review))


@router.get(
    "/games/{game_id}/replay",
    response_model=GameReplay,
    summary="A game's replay",
    responses=error_responses(*_ERRORS, ErrorCode.CORRUPT_GAME),
)
def game_replay(request: Request, game_id: str, cookie: PlayerCookie = None) -> GameReplay:
    """The player's game that is over or stuck, to replay move by move: its mode, its code,
    its action log and the server's time of each action (``null`` for a game stored before
    times were kept), and the board at each step as changes from the step before.  Nothing
    is written."""
    return GameReplay.model_validate(replay_with_boards(_over(request, cookie, game_id)))


def replay_with_boards(stored: StoredGame) -> dict[str, object]:
    """The replay of ``stored`` and the boards the page draws it on (a log that cannot be
    replayed: ``corrupt_game``, as for its review)."""
    try:
        boards = replay_boards(stored)
    except (GameError, ValueError) as error:
        raise ApiError(
            ErrorCode.CORRUPT_GAME, f"the saved game cannot be replayed: {error}"
        ) from None
    return {**replay_answer(stored), "boards": boards}


@router.post(
    "/games/{game_id}/replay-link",
    response_model=ReplayLink,
    summary="A finished game's replay link",
    # its path on a fresh deal (new:<code>) is the quota's first action on a deal
    responses=error_responses(*_ERRORS, ErrorCode.TOO_MANY_REQUESTS, write=True),
)
def replay_link(request: Request, game_id: str, cookie: PlayerCookie = None) -> ReplayLink:
    """The link to the replay of the player's finished game (won, abandoned, lost; a stuck
    game is not finished: 409 ``game_in_play``): ``{"token", "url": "/replay/<token>"}``.
    The token (``secrets.token_urlsafe``) is made the first time and kept, so the same game
    always has the same link.  Whoever has the link may watch the replay
    (``GET /api/replays/{token}``); a daily challenge's, once its day is over."""
    if game_id.startswith(FRESH):
        raise ApiError(ErrorCode.UNKNOWN_GAME, "a deal not played yet has no replay")
    token = store_of(request).replay_link(known_player(request, cookie), game_id)
    return ReplayLink(token=token, url=replay_url(token))


@router.get(
    "/replays/{token}",
    response_model=GameReplay,
    summary="The replay of a replay link",
    responses=error_responses(
        ErrorCode.UNKNOWN_REPLAY, ErrorCode.UNAVAILABLE, ErrorCode.CORRUPT_GAME
    ),
)
def shared_replay(request: Request, token: str) -> GameReplay:
    """The replay of a link's game (a link from ``POST /api/games/{id}/replay-link``, or a
    daily-board entry's ``replay``), for whoever has the link: the same object as
    ``GET /api/games/{id}/replay`` (mode, code, status, actions, the server's times, the
    boards), which
    names no player and no other game.  404 ``unknown_replay`` for a token no game has, or
    for a daily challenge's game while its day (UTC) runs.  Nothing is written."""
    game = store_of(request).replayed_game(token, today=now().date())
    return GameReplay.model_validate(replay_with_boards(game))
