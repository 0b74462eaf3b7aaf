"""What the classic routes take and answer, as pydantic models: a new game's body, the
state of a classic game (its layout and tiles) and the answers of its actions."""

from __future__ import annotations

from typing import Literal

from pydantic import (
    BaseModel,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
)

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
    RequestBody,
    TapChanges,
    Tapped,
    Verdict,
)
from ..http.dates import DateText

__all__ = [
    "FinishAnswer",
    "Finished",
    "GameState",
    "HintAnswer",
    "LayoutInfo",
    "LayoutPreview",
    "NewGame",
    "NextStage",
    "Result",
    "SharedLayout",
    "SolveAnswer",
    "TapAnswer",
    "TileState",
    "WinnabilityAnswer",
]


class SharedLayout(RequestBody):
    """A layout a share link carries (rules §7.4): its title and positions."""

    title: StrictStr = Field(max_length=60, examples=["My Castle"])
    positions: list[tuple[StrictInt, StrictInt, StrictInt]] = Field(
        max_length=1152, examples=[[[0, 0, 0], [2, 0, 0]]]
    )


class NewGame(FromGame):
    """Exactly one of ``layout`` (with ``difficulty``), ``code`` or ``daily`` (``true``:
    today's challenge; a date ``"YYYY-MM-DD"``: that day's, not after today).  A code that
    names an imported layout by its hash (``MJ2-H…``) may bring that layout along
    (``shared_layout``, from a share link) for a player who does not have it yet.  Two of
    them at once is 400 ``bad_request``, as a Connect game's body with two ways.
    ``challenge`` plays the deal under a challenge's rule set (rules §13, ``GET
    /api/challenges``; a code may name it too), not with the daily (from 2026-12-07 the
    daily is played under its day's own rule set).  ``from_game`` with ``at`` (and nothing
    else) starts a practice copy (:class:`~..games.models.FromGame`)."""

    layout: StrictStr | None = Field(None, examples=["turtle"])
    difficulty: Difficulty = Field(Difficulty.NORMAL, examples=["normal"])
    code: StrictStr | None = Field(None, examples=["MJ1-L00-AAAAABL"])
    daily: StrictBool | DateText = Field(False, examples=[True])
    shared_layout: SharedLayout | None = None
    #: The layout played mirrored (rules §8.5): ``X`` left–right, ``Y`` top–bottom, both.
    mirror: Literal["", "X", "Y", "XY"] = Field("", examples=["X"])
    #: The challenge's rule set, by name (``null``: plain play, or the code's).
    challenge: StrictStr | None = Field(None, max_length=16, examples=["scored"])


class LayoutInfo(BaseModel):
    name: str
    title: str
    number: int | None
    width: int
    height: int
    depth: int
    tiles: int


class LayoutPreview(LayoutInfo):
    description: str
    positions: list[tuple[int, int, int]]


class TileState(BaseModel):
    i: int
    x: int
    y: int
    z: int
    tile: str | None
    free: bool


class NextStage(BaseModel):
    number: int
    layout: str
    title: str
    difficulty: str


class Result(BaseResult):
    next_stage: NextStage | None = None


class GameState(GameFrame, BoardCounters, RemovedTiles):
    """The full state of one classic game, as every game endpoint answers it."""

    result: Result | None
    layout: LayoutInfo
    daily: str | None
    tiles: list[TileState]
    winnability: Verdict
    last_winnable: int | None


class TapAnswer(TapChanges, Tapped):
    """A tap's answer: what changed (:class:`~..games.models.TapChanges`), the ``event``
    and a win's ``result``."""

    result: Result | None


class HintAnswer(GameState, Hinted):
    pass


class WinnabilityAnswer(BaseModel):
    version: int
    winnability: Verdict
    last_winnable: int | None


class SolveAnswer(GameState, Demoed):
    pass


class Finished(BaseModel):
    """``finished``: the pairs Finish removed, in the order they went (for the animation)."""

    finished: list[Pair]


class FinishAnswer(GameState, Finished):
    pass
