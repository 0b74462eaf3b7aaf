"""What the JSON API takes and answers, as pydantic models: the routes answer these (their
``response_model``), so the OpenAPI schema at ``/openapi.json`` is the wire format itself.

The request bodies forbid unknown fields and take only JSON's own types (``"5"`` is not a
number): anything else is ``422 bad_body``.  A mode is named as :data:`..modes.MODES`
names it:

    >>> from pydantic import TypeAdapter
    >>> TypeAdapter(ModeName).validate_python("connect")
    'connect'
    >>> TypeAdapter(ModeName).validate_python("chess")
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for function-after[...]
    ...
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictInt,
    StrictStr,
    WithJsonSchema,
    model_serializer,
)

from ...modes import MODES, mode_named

__all__ = [
    "AnyGameState",
    "BaseResult",
    "ClassicStages",
    "ConnectEvent",
    "ConnectHintAnswer",
    "ConnectResult",
    "ConnectState",
    "ConnectTapAnswer",
    "ConnectTile",
    "DailyBoard",
    "DailyCalendar",
    "DailyDay",
    "DailyEntry",
    "GameFrame",
    "GameState",
    "GridInfo",
    "HintAnswer",
    "ImportedLayouts",
    "LayoutEntry",
    "LayoutInfo",
    "LayoutPreview",
    "Leaderboard",
    "LeaderboardEntry",
    "ModeName",
    "NewConnectGame",
    "NewGame",
    "NextStage",
    "PlayerInfo",
    "PlayerName",
    "Result",
    "SlidTile",
    "StageEntry",
    "StageInfo",
    "StageLayout",
    "StageRules",
    "StagesList",
    "StatisticsAnswer",
    "TapAnswer",
    "TapEvent",
    "TileState",
    "Verdict",
    "Versioned",
    "WinnabilityAnswer",
]


def _known_mode(name: str) -> str:
    return mode_named(name).name


#: The name of a mode of :data:`..modes.MODES` (``ValueError`` for another).
ModeName = Annotated[
    str, AfterValidator(_known_mode), WithJsonSchema({"type": "string", "enum": list(MODES)})
]


Status = Literal["playing", "paused", "won", "stuck", "abandoned"]
Verdict = Literal["winnable", "lost", "unknown"]
Pair = tuple[int, int]


# -- request bodies --------------------------------------------------------------------


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SharedLayout(_Body):
    """A layout a share link carries (rules §7.4): its title and positions."""

    title: StrictStr = Field(max_length=60, examples=["My Castle"])
    positions: list[tuple[StrictInt, StrictInt, StrictInt]] = Field(
        max_length=1152, examples=[[[0, 0, 0], [2, 0, 0]]]
    )


class NewGame(_Body):
    """Exactly one of ``layout`` (with ``difficulty``), ``code`` or ``daily`` (``true``:
    today's challenge; a date ``"YYYY-MM-DD"``: that day's, not after today).  A code that
    names an imported layout by its hash (``MJ2-H…``) may bring that layout along
    (``shared_layout``, from a share link) for a player who does not have it yet."""

    layout: StrictStr | None = Field(None, examples=["turtle"])
    difficulty: StrictStr = Field("normal", examples=["normal"])
    code: StrictStr | None = Field(None, examples=["MJ1-L00-AAAAABL"])
    daily: StrictBool | StrictStr = Field(False, examples=[True, "2026-11-29"])
    shared_layout: SharedLayout | None = None


class NewConnectGame(_Body):
    """``{"stage": n}`` (a new deal of stage ``n``), ``{"code": "CN2-…"}`` (that deal),
    both (that deal, counted for stage ``n``: it must be a deal of that stage), ``{"size":
    "24x12", "slide": "down", "difficulty": "hard"}`` (a new deal on a grid of the player's
    choice: ``slide`` defaults to ``none``, ``difficulty`` to ``normal``), or ``{}`` (the
    player's next stage)."""

    stage: StrictInt | None = Field(None, examples=[2])
    code: StrictStr | None = Field(None, examples=["CN2-1206B-AAAAAAP"])
    size: StrictStr | None = Field(None, examples=["24x12"])
    slide: StrictStr | None = Field(None, examples=["down"])
    difficulty: StrictStr | None = Field(None, examples=["normal"])


class Versioned(_Body):
    """``version``: the version of the state the action was decided on; a stale one is
    refused (409).  Omitted, the action applies to the latest version."""

    version: StrictInt | None = None


class Tap(Versioned):
    position: StrictInt = Field(examples=[17])


class PlayerName(_Body):
    name: StrictStr = Field(examples=["Ana"])


# -- layouts ---------------------------------------------------------------------------


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


class LayoutEntry(LayoutPreview):
    """One layout of ``GET /api/layouts``."""

    preview: str
    difficulty_hint: Literal["gentle", "moderate", "demanding"] | None
    imported: bool


class RefusedLayout(BaseModel):
    """A map of an uploaded file that was not stored, and why."""

    title: str
    reason: str


class ImportedLayouts(BaseModel):
    """The layouts one upload stored, and the maps of the file it refused."""

    layouts: list[LayoutEntry]
    refused: list[RefusedLayout] = []


# -- the state of a game ---------------------------------------------------------------


class GameFrame(BaseModel):
    """The fields every mode's state starts with: the record, the status and the clock,
    the counts."""

    id: str
    version: int
    mode: ModeName
    code: str | None
    difficulty: str
    stage: int | None
    status: Status
    elapsed: float
    running: bool
    hints: int
    undos: int
    shuffles: int
    #: The solution demo removed a pair in this game (rules §5.9): it is not ranked.
    solution_shown: bool = False
    #: Finish can clear the rest now: no choice left matters (rules §5.10).
    finishable: bool = False


class BaseResult(BaseModel):
    """A won game's result, in every mode; a stage's win adds ``stage`` and the
    ``next_stage`` (each mode its kind), other wins have neither field."""

    time: float
    rank: int | None
    hints: int
    undos: int
    shuffles: int
    ranked: bool = True  # false: faster than a human, kept off the leaderboards
    solution_shown: bool = False  # won by the solution demo (rules §5.9): not ranked
    stage: int | None = None

    @model_serializer(mode="wrap")
    def _stage_fields_of_stage_wins(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.stage is None:
            data.pop("stage", None)
            data.pop("next_stage", None)
        return data


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


class GameState(GameFrame):
    """The full state of one classic game, as every game endpoint answers it."""

    result: Result | None
    layout: LayoutInfo
    daily: str | None
    tiles: list[TileState]
    selection: int | None
    tiles_left: int
    pairs_available: int
    can_undo: bool
    can_redo: bool
    winnability: Verdict
    last_winnable: int | None


class TapEvent(BaseModel):
    outcome: Literal["selected", "deselected", "reselected", "matched", "blocked"]
    position: int
    move: Pair | None


class TapAnswer(GameState):
    event: TapEvent


class HintAnswer(GameState):
    hint: Pair | None


class WinnabilityAnswer(BaseModel):
    version: int
    winnability: Verdict
    last_winnable: int | None


# -- the state of a Connect game -------------------------------------------------------


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


class ConnectState(GameFrame):
    """The full state of one Connect game, as every Connect game endpoint answers it."""

    result: ConnectResult | None
    layout: GridInfo
    daily: None
    tiles: list[ConnectTile]
    selection: int | None
    tiles_left: int
    pairs_available: int
    can_undo: bool
    can_redo: bool
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


class ConnectTapAnswer(ConnectState):
    event: ConnectEvent


class ConnectHintAnswer(ConnectState):
    hint: Pair | None


#: The state of a game of any mode (``GET /api/game`` answers the current one).
AnyGameState = GameState | ConnectState


# -- the player, boards and stages -----------------------------------------------------


class PlayerInfo(BaseModel):
    name: str | None


class LeaderboardEntry(BaseModel):
    rank: int
    game_id: str
    time: float
    layout: str
    difficulty: str
    code: str | None
    daily: str | None
    date: str | None
    hints: int
    undos: int
    shuffles: int
    shuffled: bool
    assisted: bool


class Leaderboard(BaseModel):
    entries: list[LeaderboardEntry]
    #: Whether assisted wins are listed too (``?all=true``, rules §12.3).
    all: bool = False


class DailyEntry(BaseModel):
    rank: int
    name: str | None
    time: float
    date: str | None
    hints: int
    undos: int
    shuffles: int
    shuffled: bool
    mine: bool
    assisted: bool = False  # a hint, a shown solution or the way back was used
    first: bool = True  # the player's first finished attempt at the day's deal


class DailyBoard(BaseModel):
    date: str
    code: str
    #: Whether every ranked win is listed (``?all=true``), not only the fair ones.
    all: bool = False
    entries: list[DailyEntry]


class DailyDay(BaseModel):
    date: str
    status: Literal["won", "played"]
    best_time: float | None


class DailyCalendar(BaseModel):
    """The player's daily challenges from ``first`` to ``today``: the days played."""

    today: str
    first: str
    code: str
    current_streak: int
    best_streak: int
    days: list[DailyDay]


class GroupStatistics(BaseModel):
    """One layout at one difficulty: every win's best / median / average time, the assisted
    wins counted apart with the best and median of the others, and the group's streaks."""

    layout: str
    difficulty: str
    started: int
    won: int
    best_time: float | None
    average_time: float | None
    median_time: float | None
    assisted_won: int
    unassisted_best_time: float | None
    unassisted_median_time: float | None
    current_streak: int
    best_streak: int


class DailyCount(BaseModel):
    played: int
    won: int


class Win(BaseModel):
    date: str | None
    time: float
    layout: str
    difficulty: str
    assisted: bool


class StatisticsAnswer(BaseModel):
    """The figures of one mode's games, and the latest winning times for the chart."""

    started: int
    won: int
    win_rate: float | None
    best_time: float | None
    average_time: float | None
    median_time: float | None
    assisted_won: int
    hints: int
    undos: int
    shuffles: int
    current_streak: int
    best_streak: int
    daily: DailyCount
    layouts: list[GroupStatistics]
    mode: ModeName
    wins: list[Win]
    #: Games won with the solution shown (rules §5.9), counted apart from ``won``.
    solved: int = 0


class StageLayout(LayoutInfo):
    preview: str


class StageEntry(BaseModel):
    """One classic stage of ``GET /api/stages``."""

    number: int
    round: int
    code: str
    difficulty: str
    layout: StageLayout
    cleared: bool
    best_time: float | None
    locked: bool
    next: bool


class ClassicStages(BaseModel):
    next: int
    cleared: list[int]
    round_size: int
    stages: list[StageEntry]
