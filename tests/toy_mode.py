"""A toy third mode, registered the way a real one is: one package of its own (here this
module: the engine's :class:`ToyMode` and its web side, ``VIEW`` and ``router``) and one
line in :data:`mahjong_solitaire.modes.MODES` (:func:`registered`, which a test uses as a
context).

The toy plays classic deals on the Turtle under codes of its own (``TY1-L00-…`` deals what
``MJ2-L00-…`` deals), and answers a smaller state: the frame and the counters only.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

from fastapi import APIRouter, Response
from fastapi import Request as HttpRequest

from mahjong_solitaire import modes
from mahjong_solitaire.classic.codes import GameCode
from mahjong_solitaire.classic.game import Game
from mahjong_solitaire.classic.generator import Deal, deal_from_code
from mahjong_solitaire.core.codes import MAX_SEED, CodeError
from mahjong_solitaire.core.dealing import DealVersion, DealVersions, Laying
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.mode import Mode
from mahjong_solitaire.store import StoredGame
from mahjong_solitaire.web.classic.models import LayoutInfo, TileState
from mahjong_solitaire.web.classic.view import board_tiles, layout_info
from mahjong_solitaire.web.games.lifecycle import (
    ACTION_RESPONSES,
    CallerDep,
    GameAt,
    PlayerCookie,
    acting_player,
    answer,
    load_stored,
    perform,
    store_of,
)
from mahjong_solitaire.web.games.models import BoardCounters, GameFrame, Tap
from mahjong_solitaire.web.games.view import GameView, counters, frame

PREFIX = "TY1"


class ToyCode:
    """A toy code: a classic code's layout, seed and difficulty under the toy's prefix."""

    def __init__(self, classic: GameCode) -> None:
        self.classic = classic

    @classmethod
    def parse(cls, text: str) -> ToyCode:
        cleaned = text.strip().upper()
        if not cleaned.startswith(PREFIX + "-"):
            raise CodeError(f"{text!r} is not a toy code")
        return cls(GameCode.parse("MJ2-" + cleaned[len(PREFIX) + 1 :]))

    @property
    def seed(self) -> int:
        return self.classic.seed

    @property
    def difficulty(self) -> Difficulty:
        return self.classic.difficulty

    def __str__(self) -> str:
        return PREFIX + str(self.classic)[3:]


class ToyMode(Mode):
    name: ClassVar[str] = "toy"
    versions: ClassVar[DealVersions] = DealVersions(DealVersion(PREFIX, Laying.SCATTERED))
    game: ClassVar[type[Game]] = Game
    web: ClassVar[str] = "toy_mode"

    def parse(self, code: str) -> ToyCode:
        return ToyCode.parse(code)

    def deal(self, code: str) -> Deal:
        return deal_from_code(ToyCode.parse(code).classic)

    def stage_deal(self, number: int, seed: int = 0) -> Deal:
        raise ValueError("the toy has no stages")

    def ranking_name(self, deal: Deal) -> str:
        return f"toy-{deal.layout.name}"


TOY = ToyMode()


# -- its web side --------------------------------------------------------------------


class ToyState(GameFrame, BoardCounters):
    """A toy game's state: the frame and the counters, no tiles."""


class ToyView(GameView[Game, ToyState]):
    mode: ClassVar[Mode] = TOY
    path: ClassVar[str] = "/api/toy/games"
    game_class = Game
    state_model = ToyState

    def layout_of(self, game: Game) -> LayoutInfo:  # a replay draws on classic's board
        return layout_info(game.deal.layout)

    def tiles_of(self, game: Game) -> list[TileState]:
        return board_tiles(game)

    def draw(self, stored: StoredGame, game: Game, rank: int | None) -> ToyState:
        return ToyState(**dict(frame(stored, game)), **dict(counters(game)))


VIEW = ToyView()
router = APIRouter(prefix="/api/toy", tags=["toy"])


@router.post("/games", response_model=ToyState, summary="Start a toy game")
def create_toy_game(
    request: HttpRequest, response: Response, cookie: PlayerCookie = None
) -> ToyState:
    player_id = acting_player(request, response, cookie)
    code = ToyCode(GameCode(0, secrets.randbelow(MAX_SEED + 1), Difficulty.NORMAL))
    stored = store_of(request).create_game(player_id, mode=TOY.name, code=str(code))
    return answer(request, load_stored(stored, VIEW), ToyState)


@router.post(
    "/games/{game_id}/tap", response_model=ToyState, summary="Tap", responses=ACTION_RESPONSES
)
def tap_toy(caller: CallerDep, game_id: str, body: Tap) -> ToyState:
    def action(game: Game) -> None:
        game.tap(body.position)

    return perform(caller, GameAt.of(game_id, body), VIEW, action, ToyState)


@contextmanager
def registered() -> Iterator[ToyMode]:
    """The toy in :data:`~mahjong_solitaire.modes.MODES` (its one line) while in use."""
    modes.MODES[TOY.name] = TOY
    try:
        yield TOY
    finally:
        del modes.MODES[TOY.name]
