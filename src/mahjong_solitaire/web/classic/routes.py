"""The classic game's routes under ``/api/games`` (contract: ``docs/web-api.md``; schema
at ``/openapi.json``): a new game, the tap, the aids and the clock.  ``GET /api/game`` and
``GET /api/games/{id}`` answer a game of any mode (:mod:`..games.routes`); the actions here
take classic games only (409 ``wrong_mode``; Connect's are in :mod:`..connect.routes`).

Every game request follows :mod:`..games.lifecycle`: the player, the game at its version,
the action, the save, the answer.  A read never writes: without a player cookie, the page
plays a fresh deal that is not stored (its id is ``new:<code>``), and the first action on
it creates the player and the game (a crawler that only reads leaves no rows behind).

    >>> sorted({route.path for route in router.routes})[:3]
    ['/api/games', '/api/games/{game_id}/finish', '/api/games/{game_id}/hint']
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from ...classic.codes import GameCode, daily_code
from ...classic.game import Game
from ...classic.generated import generated_named
from ...classic.mirror import MIRROR_NAMES, base_name, mirrored_layout
from ...classic.mode import CLASSIC
from ...core.codes import MAX_SEED
from ...core.difficulty import Difficulty
from ...core.layout import Layout, LayoutError
from ...layouts import builtin_layout
from ...store import StoredGame
from ..games.aids import demo_step, solution, wanted_pair
from ..games.challenge_names import known_challenge
from ..games.lifecycle import (
    ACTION_ERRORS,
    ACTION_RESPONSES,
    READ_ERRORS,
    READ_RESPONSES,
    CallerDep,
    GameAt,
    PlayerCookie,
    VersionBody,
    acting_player,
    answer,
    game_reader,
    load,
    load_stored,
    now,
    perform,
    settle_current,
    store_of,
)
from ..games.live_games import live_games
from ..games.models import Demoed, SolutionAnswer, SolveStep, Tap, TapEvent, Tapped
from ..games.practice import PRACTICE_ERRORS, practice_game
from ..games.routes import add_shared_actions
from ..games.taps import answer_tap
from ..http.dates import challenge_date
from ..http.errors import ApiError, ErrorCode, error_responses
from .models import (
    FinishAnswer,
    Finished,
    GameState,
    HintAnswer,
    NewGame,
    SolveAnswer,
    TapAnswer,
    WinnabilityAnswer,
)
from .shared_layouts import layout_of_code
from .view import VIEW, verdict

__all__ = ["VIEW", "router"]

router = APIRouter(prefix="/api", tags=[CLASSIC.name])
#: What a shuffle may answer: an action's errors, and that no shuffle can help or none was
#: found yet (rules §6.2).
SHUFFLE_RESPONSES = error_responses(
    *ACTION_ERRORS, ErrorCode.NO_SHUFFLE, ErrorCode.SHUFFLE_NOT_FOUND, write=True
)


# -- games -----------------------------------------------------------------------------


def _layout(request: Request, player_id: str, name: str) -> Layout:
    """A built-in layout, a generated one, one the player imported, or one of these
    mirrored (``turtle-mirrored-lr``, rules §8.5)."""
    for mirror, suffix in MIRROR_NAMES.items():
        if name.endswith(f"-mirrored-{suffix}"):
            return mirrored_layout(_layout(request, player_id, base_name(name, mirror)), mirror)
    try:
        return builtin_layout(name)
    except LayoutError:
        generated = generated_named(name)
        if generated is not None:
            return generated
        known = {layout.name: layout for layout in store_of(request).imported_layouts(player_id)}
        if name in known:
            return known[name]
        raise


def _new_game(request: Request, player_id: str, body: NewGame) -> StoredGame:
    store = store_of(request)
    settle_current(request, player_id)  # a race lost on the clock is lost, not abandoned
    practice = practice_game(request, player_id, body, VIEW)
    if practice is not None:
        return practice
    chosen = sum((body.layout is not None, body.code is not None, body.daily is not False))
    if chosen > 1:
        raise ApiError(ErrorCode.BAD_REQUEST, "give one of layout, code or daily, not several")
    if body.mirror and body.layout is None and not (body.code is None and body.daily is False):
        raise ApiError(ErrorCode.BAD_REQUEST, "mirror goes with a layout (a code carries its own)")
    if body.shared_layout is not None and body.code is None:
        raise ApiError(ErrorCode.BAD_REQUEST, "shared_layout goes with the code that names it")
    if body.challenge is not None and body.daily is not False:
        raise ApiError(ErrorCode.BAD_REQUEST, "the daily challenge is played by its day's rules")
    challenge = known_challenge(body.challenge)
    if body.code is not None:
        code = GameCode.parse(body.code)
        if challenge is not None and code.challenge not in (None, challenge):
            raise ApiError(ErrorCode.BAD_REQUEST, f"challenge {challenge} contradicts {code}")
        challenge = challenge or code.challenge
        if code.layout_hash is not None:  # an imported layout, by its content
            layout = layout_of_code(request, player_id, code, body.shared_layout)
            if code.mirror:
                layout = mirrored_layout(layout, code.mirror)
            return store.create_game(
                player_id,
                layout=layout,
                seed=code.seed,
                difficulty=code.difficulty.value,
                challenge=challenge,
            )
        return store.create_game(
            player_id,
            code=str(code.plain),
            seed=code.seed,
            difficulty=code.difficulty.value,
            challenge=challenge,
        )
    if body.daily is not False:
        today = now().date()
        day = today if body.daily is True else challenge_date(str(body.daily), today)
        code = daily_code(day)
        return store.create_game(
            player_id, code=str(code), seed=code.seed, difficulty=code.difficulty.value, daily=day
        )
    difficulty = Difficulty.parse(body.difficulty)
    layout = _layout(request, player_id, body.layout or "turtle")
    if body.mirror:
        if layout.source is not None and layout.source[-1:] in ("X", "Y"):
            raise ApiError(ErrorCode.BAD_REQUEST, f"{layout.name} is played mirrored already")
        layout = mirrored_layout(layout, body.mirror)
    seed = secrets.randbelow(MAX_SEED + 1)
    if layout.number is not None or GameCode.of(layout, 0, difficulty).layout_hash is None:
        # a built-in or generated layout, mirrored or not: dealt from its code alone
        code = GameCode.of(layout, seed, difficulty)
        return store.create_game(
            player_id,
            code=str(code),
            seed=seed,
            difficulty=difficulty.value,
            challenge=challenge,
        )
    return store.create_game(
        player_id, layout=layout, seed=seed, difficulty=difficulty.value, challenge=challenge
    )


@router.post(
    "/games",
    response_model=GameState,
    summary="Start a game",
    responses=error_responses(
        ErrorCode.BAD_BODY,
        ErrorCode.BAD_REQUEST,
        ErrorCode.BAD_CODE,
        ErrorCode.BAD_DATE,
        ErrorCode.BAD_LAYOUT,
        ErrorCode.UNKNOWN_LAYOUT,
        ErrorCode.TOO_MANY_LAYOUTS,
        ErrorCode.CORRUPT_GAME,
        ErrorCode.FUTURE_DATE,
        ErrorCode.UNAVAILABLE,
        ErrorCode.TOO_MANY_REQUESTS,
        *PRACTICE_ERRORS,
        write=True,
    ),
)
def create_game(
    request: Request, response: Response, body: NewGame, cookie: PlayerCookie = None
) -> GameState:
    """``{"layout": "turtle", "difficulty": "normal"}`` (a random deal),
    ``{"code": "MJ1-L00-AAAAABL"}`` (that deal), ``{"daily": true}`` (today's challenge) or
    ``{"daily": "2026-11-20"}`` (that day's challenge: 400 ``bad_date`` / ``future_date``
    for a malformed or later date).  A code naming an imported layout by its hash
    (``MJ2-H…``) deals on the player's layout of that hash, else on the ``shared_layout``
    sent along (kept as the player's; 404 ``unknown_layout`` without it).
    ``"challenge": "scored"`` (with a layout or a code) plays the deal under that rule set
    (rules §13; 400 ``bad_request`` for an unknown name or with the daily); a code may name
    it too (``MJ2-L00-AAAAABL-SCORED``).  From 2026-12-07 the daily is played under its
    day's own rule set, which the state's ``challenge`` and ``code`` name.
    ``{"from_game": id, "at": k}`` starts a practice copy of the player's classic game that
    is over or stuck, after its first ``k`` actions (issue 28; never ranked; a Connect
    game's copy is started at ``/api/connect/games``).  The player's unfinished game is
    abandoned."""
    player_id = acting_player(request, response, cookie)
    return answer(request, load_stored(_new_game(request, player_id, body), VIEW), GameState)


@router.post(
    "/games/{game_id}/tap",
    response_model=TapAnswer,
    summary="Tap a tile",
    responses=ACTION_RESPONSES,
)
def tap(caller: CallerDep, game_id: str, body: Tap) -> Response:
    """The selection rules of rules §3.1.  The answer is what changed, not the whole state:
    the frame and the counters, ``event`` (the outcome: ``selected``, ``deselected``,
    ``reselected``, ``matched`` or ``blocked``; the position; the removed pair ``move`` when
    two tiles matched), the positions that became free (``freed``) or blocked
    (``blocked``), the verdict and a win's ``result``.  The layout and the tiles are the
    state's (``GET``), less the pair removed."""

    def action(game: Game) -> Tapped:
        result = game.tap(body.position)
        move = (result.move.a, result.move.b) if result.move is not None else None
        return Tapped(event=TapEvent(outcome=result.outcome, position=body.position, move=move))

    return answer_tap(caller, GameAt.of(game_id, body), VIEW, action)


add_shared_actions(
    router,
    VIEW,
    hint_answer=HintAnswer,
    shuffle_responses=SHUFFLE_RESPONSES,
    described={
        "hint": """The answer adds ``hint``: a playable pair ``[a, b]`` (``null`` when stuck).
            Counted in the statistics.""",
        "shuffle": """409 ``no_shuffle`` when the remaining positions are proven unclearable by
            any shuffle; 409 ``shuffle_not_found`` when the search ran out before finding one
            (then ``shuffle-longer`` searches longer).""",
        "undo-to-winnable": """Undoes back to the last position the solver proves winnable
            (the No moves dialog's offer), recorded as one ``back n`` (its undos count as
            undos).  409 when the solver cannot find it within its budget.""",
        "restart": """The same deal from the start, as a new game (rules §5.11): same code (or
            imported layout and seed), same daily challenge and stage.  The game restarted is
            abandoned, as any new game abandons it, and counts as such in the statistics.""",
    },
)


def _patient_shuffle(game: Game) -> None:
    game.shuffle(patient=True)


@router.post(
    "/games/{game_id}/shuffle-longer",
    response_model=GameState,
    summary="A shuffle that searches longer",
    responses=SHUFFLE_RESPONSES,
)
def shuffle_longer(caller: CallerDep, game_id: str, body: VersionBody = None) -> GameState:
    """The shuffle again, letting the exact search examine many more positions (after a
    ``shuffle_not_found``, rules §6.2); the same answers as ``shuffle``."""
    return perform(caller, GameAt.of(game_id, body), VIEW, _patient_shuffle, GameState)


# -- the aids (rules §5.9–§5.11) -------------------------------------------------------


@router.get(
    "/games/{game_id}/solution",
    response_model=SolutionAnswer,
    summary="The solution from the current position",
    responses=error_responses(*READ_ERRORS, ErrorCode.AID_REFUSED),
)
def get_solution(request: Request, game_id: str, cookie: PlayerCookie = None) -> SolutionAnswer:
    """The solver's winning plan from the current position (rules §5.9), within a budget
    of about a second: ``winnable`` with ``plan``, ``lost`` (proven) with ``last_winnable``
    (undo steps back to the last winnable position, null when not found), or ``unknown``.
    409 ``aid_refused`` in a challenge (rules §13).  Nothing is written."""
    return solution(request, cookie, game_id, VIEW)


@router.post(
    "/games/{game_id}/solve",
    response_model=SolveAnswer,
    summary="One step of the solution demo",
    responses=ACTION_RESPONSES,
)
def solve(
    caller: CallerDep, game_id: str, body: Annotated[SolveStep | None, Body()] = None
) -> SolveAnswer:
    """One step of the solution demo (rules §5.9): removes ``move`` (the pair the page
    highlighted) when it keeps a winning plan, else the plan's next pair, recorded as
    ``solve i,j``; the game is then marked ``solution_shown`` and never ranked.  The answer
    adds ``demo``: the pair removed and the next one to highlight.  409 ``illegal_action``
    when no winning plan is known from the position."""
    wanted = wanted_pair(body)

    def action(game: Game) -> Demoed:
        return Demoed(demo=demo_step(game, wanted)[1])

    return perform(caller, GameAt.of(game_id, body), VIEW, action, SolveAnswer)


def _finishing(game: Game) -> Finished:
    return Finished(finished=[(move.a, move.b) for move in game.finish()])


@router.post(
    "/games/{game_id}/finish",
    response_model=FinishAnswer,
    summary="Clear the rest when no choice matters",
    responses=ACTION_RESPONSES,
)
def finish(caller: CallerDep, game_id: str, body: VersionBody = None) -> FinishAnswer:
    """Rules §5.10: when ``finishable`` (every group of more than two tiles left is all
    free, and the rest can be played out), removes every remaining pair, recorded as one
    ``finish``; the game is won.  The answer adds ``finished``: the pairs in the order they
    went.  409 ``illegal_action`` when a choice still matters."""
    return perform(caller, GameAt.of(game_id, body), VIEW, _finishing, FinishAnswer)


@router.get(
    "/games/{game_id}/winnability",
    response_model=WinnabilityAnswer,
    summary="Is the position still winnable?",
    responses=READ_RESPONSES,
)
def get_winnability(
    request: Request, game_id: str, cookie: PlayerCookie = None, last_winnable: bool = True
) -> WinnabilityAnswer:
    """The solver's verdict on the current position within a small budget (tens of
    milliseconds): ``winnable`` and ``lost`` are proved, ``unknown`` means the budget ran
    out.  ``last_winnable``: how many undos lead back to the last winnable position when
    this one is lost; ``?last_winnable=false`` leaves it null and answers sooner (the page's
    chip shows only the verdict).  Read-only: the page asks after each move, without
    holding up play."""
    player_id = game_reader(request, cookie, game_id)
    loaded = load(request, player_id, game_id, VIEW)
    winnability, way_back = verdict(VIEW.game_of(loaded.game), undo=last_winnable)
    live_games(request).keep(loaded.stored, loaded.game)
    return WinnabilityAnswer(
        version=loaded.stored.version, winnability=winnability, last_winnable=way_back
    )
