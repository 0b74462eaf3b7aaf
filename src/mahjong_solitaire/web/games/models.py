"""What the JSON API takes and answers for a game of any mode, as pydantic models: the
frame every mode's state starts with, the bodies every action takes, and the aids' shared
answers.  Each mode's own state is in its room (:mod:`..classic.models`,
:mod:`..connect.models`); the routes answer these (their ``response_model``), so the
OpenAPI schema at ``/openapi.json`` is the wire format itself.

The request bodies forbid unknown fields and take only JSON's own types (``"5"`` is not a
number): anything else is ``422 bad_body``.  A whole number is an integer as JSON Schema
defines it, ``8.0`` included (:data:`WholeNumber`); every bound the routes check is in the
schema (:data:`Position`, :data:`VersionNumber`, :data:`StageNumber`), so a body the schema
allows is never ``422``.  A mode is named as :data:`...modes.MODES` names it:

    >>> from pydantic import TypeAdapter
    >>> TypeAdapter(ModeName).validate_python("connect")
    'connect'
    >>> TypeAdapter(ModeName).validate_python("chess")
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for function-after[...]
    ...
    >>> SolveStep.model_validate({"version": 3, "move": [4, 9]}).move
    (4, 9)
    >>> Tap.model_validate_json('{"position": 8.0, "version": 2}').position
    8
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictInt,
    StrictStr,
    WithJsonSchema,
    model_serializer,
)

from ...core.game import GameStatus, TapOutcome
from ...core.layout import MAX_POSITIONS
from ...modes import MODES, mode_named

__all__ = [
    "AS_WHOLE",
    "BaseResult",
    "BoardCounters",
    "ChallengeFigures",
    "DemoStep",
    "Demoed",
    "FromGame",
    "GameFrame",
    "Hinted",
    "ModeName",
    "Pair",
    "Position",
    "RemovedTiles",
    "RequestBody",
    "RevealedTile",
    "ScorePart",
    "SolutionAnswer",
    "SolveStep",
    "StageNumber",
    "Tap",
    "TapChanges",
    "TapEvent",
    "Tapped",
    "Verdict",
    "VersionNumber",
    "Versioned",
    "WholeNumber",
]


def _known_mode(name: str) -> str:
    return mode_named(name).name


#: The name of a mode of :data:`..modes.MODES` (``ValueError`` for another).
ModeName = Annotated[
    str, AfterValidator(_known_mode), WithJsonSchema({"type": "string", "enum": list(MODES)})
]


def _whole(value: object) -> object:
    """``8.0`` as ``8``: JSON Schema's ``integer`` is any number without a fraction."""
    if type(value) is float and value.is_integer():
        return int(value)
    return value


#: Makes a strict ``int`` take a whole number as JSON Schema's ``integer`` means it: ``8`` or
#: ``8.0``, never ``"8"``, ``true`` or ``8.5`` (pydantic's strict ``int`` refuses ``8.0``, its
#: lax one takes ``"8"``).  It goes after the bounds:
#: ``Annotated[StrictInt, Field(ge=0), AS_WHOLE]`` (before them, the schema loses them).
AS_WHOLE = BeforeValidator(_whole)
#: A whole number, unbounded.
WholeNumber = Annotated[StrictInt, AS_WHOLE]
#: A position of a board (a classic position's index, a Connect cell ``y * width + x``):
#: no board of any mode has more than :data:`...core.layout.MAX_POSITIONS`.  A position in
#: range that the game has no tile at is the game's refusal (409), not the schema's.
Position = Annotated[StrictInt, Field(ge=0, le=MAX_POSITIONS - 1), AS_WHOLE]
#: A game's version, as the state answered it (0 for a fresh deal).
VersionNumber = Annotated[StrictInt, Field(ge=0), AS_WHOLE]
#: A stage's number: stages are numbered from 1 (one beyond the player's next is 409).
StageNumber = Annotated[StrictInt, Field(ge=1), AS_WHOLE]


#: The solver's word on a position: ``winnable`` and ``lost`` are proved, ``unknown`` means
#: its budget ran out (rules §5.8).
Verdict = Literal["winnable", "lost", "unknown"]
#: Two positions (a pair of tiles, a move) as JSON: ``[a, b]``.
Pair = tuple[int, int]


class RequestBody(BaseModel):
    """A request body: unknown fields are refused (``422 bad_body``)."""

    model_config = ConfigDict(extra="forbid")


class FromGame(RequestBody):
    """A new game's ``from_game`` and ``at``: a practice copy of the player's game
    ``from_game`` (over or stuck) at the position after its first ``at`` actions (issue 28,
    "Try from here"; :mod:`.practice`).  Given with any other field of a new game, or one
    without the other, it is 400 ``bad_request``."""

    from_game: StrictStr | None = Field(None, max_length=64, examples=["Xk2…"])
    at: StrictInt | None = Field(None, examples=[12])


class Versioned(RequestBody):
    """``version``: the version of the state the action was decided on; a stale one is
    refused (409).  Omitted, the action applies to the latest version."""

    version: VersionNumber | None = None


class Tap(Versioned):
    position: Position = Field(examples=[17])


class ScorePart(BaseModel):
    """One part of a challenge's score: ``pairs``, ``combos``, ``hints``, ``shuffles``,
    ``clean`` or ``time``, and its points (a penalty is negative)."""

    part: str = Field(examples=["pairs"])
    points: int = Field(examples=[720])


class ChallengeFigures(BaseModel):
    """A challenge's game as its rule set judges it now (rules §13), worked out from the
    action log and the server's times: the rule set's ``name``, its live figures (``null``
    where the rule set has none), why a lost game was lost (``reason``), how the score is
    made up once the game is over (``parts``), whether faces of tiles that are not free are
    hidden (``hides_faces``: blackout) and the aids it refuses (``refused``)."""

    name: str = Field(examples=["scored"])
    score: int | None = Field(examples=[120])
    time_left: float | None = Field(examples=[431.5])
    matches: int = Field(examples=[12])
    target: int | None = Field(examples=[24])
    #: The marked suit (suit hunt): ``bamboo``, ``characters`` or ``circles``.
    marked: str | None = Field(examples=["bamboo"])
    #: ``time_ran_out``, ``target_missed`` or ``no_moves`` for a lost game, else ``null``.
    reason: str | None = None
    parts: list[ScorePart] | None = None
    hides_faces: bool = False
    refused: list[str] = Field(default_factory=list, examples=[["pause", "solve"]])


class GameFrame(BaseModel):
    """The fields every mode's state starts with: the record, the status and the clock,
    the counts, and a challenge's figures (``challenge``, ``null`` for plain play)."""

    id: str
    version: int
    mode: ModeName
    code: str | None
    difficulty: str
    stage: int | None
    status: GameStatus
    elapsed: float
    running: bool
    hints: int
    undos: int
    shuffles: int
    #: The solution demo removed a pair in this game (rules §5.9): it is not ranked.
    solution_shown: bool = False
    #: Finish can clear the rest now: no choice left matters (rules §5.10).
    finishable: bool = False
    #: The challenge the game is played under, as its rule set judges it (rules §13).
    challenge: ChallengeFigures | None = None
    #: A practice copy (``POST /api/games {"from_game", "at"}``): never ranked, counted
    #: apart in the statistics.
    practice: bool = False
    #: The game a practice copy was started from (``null`` for every other game).
    from_game: str | None = None


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
    def _stage_fields_of_stage_wins(
        self, handler: SerializerFunctionWrapHandler
    ) -> dict[str, object]:
        data: dict[str, object] = handler(self)
        if self.stage is None:
            data.pop("stage", None)
            data.pop("next_stage", None)
        return data


class BoardCounters(BaseModel):
    """The selection (hidden while paused) and the counters of the board, in every mode."""

    selection: int | None
    tiles_left: int
    pairs_available: int
    can_undo: bool
    can_redo: bool


class RemovedTiles(BaseModel):
    """``removed``: the faces of the tiles removed so far, in the order of removal (the
    two of a pair together; an undone pair is back on the board), for the page's tray
    (rules §5.13); ``null`` while paused, since a paused board hides its faces.  A tap's
    answer carries none: the page adds the faces of the pair it removed (``event.move``),
    which it drew already."""

    removed: list[str] | None


class RevealedTile(BaseModel):
    """A face a tap reveals: the tile at position ``i`` became free (blackout)."""

    i: int
    tile: str


class TapEvent(BaseModel):
    outcome: TapOutcome
    position: int
    move: Pair | None


class TapChanges(GameFrame, BoardCounters):
    """What a tap answers, in every mode: not the whole state but what changed, for the page
    to apply to the state it has.  The frame and the counters as the state has them, the
    verdict (``winnability``, ``last_winnable``, as the state answers them), the tiles that
    became free (``freed``) or blocked (``blocked``: none so far, since a removal only
    frees) by position; each mode's answer adds its ``event`` (the removed pair is its
    ``move``) and ``result`` (a win's, else ``null``).  The layout, the daily date and the
    tiles are the state's, unchanged by a tap."""

    winnability: Verdict
    last_winnable: int | None
    freed: list[int]
    blocked: list[int]
    #: The faces of the tiles ``freed`` shows, by position, in a challenge that hides the
    #: faces of tiles that are not free (blackout: the state had none for them); ``null``
    #: otherwise.
    revealed: list[RevealedTile] | None = None


# -- what an action adds to the state it answers ----------------------------------------
# An action returns one of these (or None); its route answers the state with these fields
# added, as a model that derives from both (``class TapAnswer(GameState, Tapped)``).


class Tapped(BaseModel):
    """A tap's outcome: ``event``."""

    event: TapEvent


class Hinted(BaseModel):
    """A hint: ``hint``, a playable pair (``null`` when stuck)."""

    hint: Pair | None


class SolveStep(Versioned):
    """One step of the solution demo: ``move`` is the pair the page highlighted (played
    when it keeps a winning plan; otherwise, or omitted, the plan's next pair is)."""

    move: tuple[Position, Position] | None = Field(
        None, examples=[[4, 9]], json_schema_extra={"uniqueItems": True}
    )


class SolutionAnswer(BaseModel):
    """The solver's plan from the game's position at ``version``: ``winnability``
    ``winnable`` with the pairs of ``plan`` in order, ``lost`` (proven; ``last_winnable``:
    the undo steps back to the last winnable position, ``null`` when not found) or
    ``unknown`` (no plan found within the budget)."""

    version: int
    winnability: Verdict
    plan: list[Pair]
    last_winnable: int | None


class DemoStep(BaseModel):
    """The pair the demo removed, and the plan's pair after it (``null`` once won)."""

    move: Pair
    next: Pair | None


class Demoed(BaseModel):
    """A step of the solution demo: ``demo``."""

    demo: DemoStep
