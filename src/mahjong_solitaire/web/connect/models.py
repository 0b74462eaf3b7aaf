"""What the Connect routes take and answer, as pydantic models: a new game's body, the
state of a Connect game (its grid, tiles and sliding rule), the answers of its actions, and
the stage list."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictStr,
)

from ...connect import Slide
from ...core.difficulty import Difficulty
from ..games.models import (
    BaseResult,
    BoardCounters,
    Demoed,
    FromGame,
    GameFrame,
    Hinted,
    Pair,
    RemovedTiles,
    StageNumber,
    TapChanges,
    TapEvent,
    Verdict,
)

__all__ = [
    "ConnectDemoed",
    "ConnectEvent",
    "ConnectHintAnswer",
    "ConnectNextStage",
    "ConnectResult",
    "ConnectSolveAnswer",
    "ConnectState",
    "ConnectTapAnswer",
    "ConnectTapped",
    "ConnectTile",
    "GridInfo",
    "NewConnectGame",
    "SlidTile",
    "StageInfo",
    "StageRules",
    "StagesList",
]


#: A grid's size as the player writes it, ``WxH`` (or ``W×H``); one that no grid can have
#: (too many cells, an odd count) is the route's refusal, 400 ``bad_request``.
GridSize = Annotated[
    StrictStr,
    Field(json_schema_extra={"pattern": r"^\s*[0-9]{1,3}\s*[x×X]\s*[0-9]{1,3}\s*$"}),
]


class NewConnectGame(FromGame):
    """``{"stage": n}`` (a new deal of stage ``n``), ``{"code": "CN2-…"}`` (that deal),
    both (that deal, counted for stage ``n``: it must be a deal of that stage), ``{"size":
    "24x12", "slide": "down", "difficulty": "hard"}`` (a new deal on a grid of the player's
    choice: ``slide`` defaults to ``none``, ``difficulty`` to ``normal``), or ``{}`` (the
    player's next stage).  ``from_game`` with ``at`` (and nothing else) starts a practice
    copy of the player's Connect game (:class:`~..games.models.FromGame`)."""

    stage: StageNumber | None = Field(None, examples=[2])
    code: StrictStr | None = Field(None, examples=["CN2-1206B-AAAAAAP"])
    size: GridSize | None = Field(None, examples=["24x12"])
    slide: Slide | None = Field(None, examples=["down"])
    difficulty: Difficulty | None = Field(None, examples=["normal"])


class ConnectTile(BaseModel):
    i: int
    id: int
    x: int
    y: int
    tile: str | None
    free: bool


class GridInfo(BaseModel):
    name: str
    title: str
    number: None
    width: int
    height: int
    depth: int
    tiles: int
    slide: str


class StageRules(BaseModel):
    number: int
    width: int
    height: int
    slide: str
    difficulty: str


class ConnectNextStage(StageRules):
    title: str


class StageInfo(StageRules):
    cleared: bool
    locked: bool
    best_time: float | None


class StagesList(BaseModel):
    next: int
    stages: list[StageInfo]
    #: The grids a player may choose for a game of their own (``"24x12"``), smallest
    #: first, and the sliding rules (rules §9.4), for ``POST /games {"size", "slide"}``.
    grid_sizes: list[str] = Field(examples=[["10x6", "24x12"]])
    slide_rules: list[str] = Field(examples=[["none", "down"]])


class ConnectResult(BaseResult):
    next_stage: ConnectNextStage | None = None


class ConnectState(GameFrame, BoardCounters, RemovedTiles):
    """The full state of one Connect game, as every Connect game endpoint answers it."""

    result: ConnectResult | None
    layout: GridInfo
    daily: None
    tiles: list[ConnectTile]
    winnability: Verdict
    last_winnable: None


class SlidTile(BaseModel):
    """A tile that changed cells in a slide: ``from`` and ``to`` are ``[x, y]``."""

    model_config = ConfigDict(populate_by_name=True)

    id: int
    from_: Pair = Field(alias="from")
    to: Pair


class ConnectEvent(TapEvent):
    path: list[Pair] | None
    slid: list[SlidTile]


class ConnectTapped(BaseModel):
    """A Connect tap's outcome: ``event``, with the link and the slide."""

    event: ConnectEvent


class ConnectDemoed(Demoed, ConnectTapped):
    """A step of the solution demo, with the link and the slide as a tap's match has them."""


class ConnectTapAnswer(TapChanges, ConnectTapped):
    """A Connect tap's answer: what changed (:class:`~..games.models.TapChanges`; every
    tile is free, so ``freed`` and ``blocked`` are empty), the ``event`` with the link and
    the slide, and a win's ``result``."""

    result: ConnectResult | None
    last_winnable: None


class ConnectHintAnswer(ConnectState, Hinted):
    pass


class ConnectSolveAnswer(ConnectState, ConnectDemoed):
    pass
