"""What the review and replay routes answer, as pydantic models: the object of
:func:`...store.reviews.review_answer` and :func:`...store.reviews.replay_answer`
(docs/web-api.md, "Review and replay")."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ...core.game import GameStatus
from ...core.review import PositionVerdict
from ..games.models import ModeName

__all__ = [
    "GameReplay",
    "GameReview",
    "ReplayBoards",
    "ReplayLink",
    "ReplayStep",
    "ReviewBetter",
    "ReviewSummary",
]


class ReviewBetter(BaseModel):
    """At the first losing move: a pair that kept the position winnable."""

    pair: tuple[int, int] = Field(description="the two positions of the better pair")
    pairs_left: int = Field(ge=0, description="the free pairs that choice left")
    played_pairs_left: int = Field(ge=0, description="the free pairs the move played left")


class ReviewSummary(BaseModel):
    """The game in figures."""

    moves: int = Field(ge=0, description="pairs on the move stack at the end")
    hints: int = Field(ge=0)
    undos: int = Field(ge=0)
    shuffles: int = Field(ge=0)
    longest_think: float | None = Field(
        description="the longest gap between two actions (seconds of play, by the server's "
        "times); null for a game stored before times were kept"
    )
    time_stuck: float | None = Field(
        description="seconds of play spent in lost positions; null without the server's times"
    )


class _Game(BaseModel):
    game_id: str
    mode: ModeName
    code: str | None = Field(description="the game code (null for a game stored before codes)")
    status: GameStatus
    actions: list[str] = Field(description="the action log, as stored")


class GameReview(_Game):
    """A game's review: the verdict after each action, the first losing move and, at it,
    a better pair, and the summary."""

    verdicts: list[PositionVerdict] = Field(
        description="for each action, the position's verdict after it (unknown: the "
        "solver's budget ran out)"
    )
    first_losing_move: int | None = Field(
        description="the index of the action after which the game could no longer be won; "
        "null when it never became lost"
    )
    better: ReviewBetter | None
    summary: ReviewSummary


class ReplayStep(BaseModel):
    """The board at one step, as the changes since the step before."""

    gone: list[int] = Field(description="the keys of the tiles gone since the step before")
    tiles: list[dict[str, Any]] = Field(
        description="the tiles new or changed since the step before, as the mode's state "
        "draws them (every tile of the deal at step 0)"
    )


class ReplayBoards(BaseModel):
    """What the page draws at each step: the layout, and the board before the first action
    and after each (a tile's key: its ``id`` where it has one, else its ``i``)."""

    layout: dict[str, Any] = Field(description="the state's layout part")
    steps: list[ReplayStep] = Field(description="one more than the actions")


class GameReplay(_Game):
    """A game to replay: its code, its actions and the server's time of each."""

    times: list[float] | None = Field(
        description="seconds of play at each action, by the server; null for a game stored "
        "before times were kept"
    )
    boards: ReplayBoards = Field(description="the board at each step, for the page to draw")


class ReplayLink(BaseModel):
    """A finished game's replay link: its ``token`` and the page's ``url``
    (``/replay/<token>``), the same every time it is asked for; whoever has it may watch
    the replay (``GET /api/replays/{token}``)."""

    token: str = Field(examples=["pT4c…"])
    url: str = Field(examples=["/replay/pT4c…"])
