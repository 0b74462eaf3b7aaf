"""What the aids of rules §5.9–§5.11 take and answer (the solution, its demo, Finish and
Restart), as pydantic models beside :mod:`.models`.

    >>> SolveStep.model_validate({"version": 3, "move": [4, 9]}).move
    (4, 9)
"""

from __future__ import annotations

from pydantic import BaseModel, Field, StrictInt

from .models import ConnectEvent, ConnectState, GameState, Pair, Verdict, Versioned

__all__ = [
    "ConnectSolveAnswer",
    "DemoStep",
    "FinishAnswer",
    "SolutionAnswer",
    "SolveAnswer",
    "SolveStep",
]


class SolveStep(Versioned):
    """One step of the solution demo: ``move`` is the pair the page highlighted (played
    when it keeps a winning plan; otherwise, or omitted, the plan's next pair is)."""

    move: tuple[StrictInt, StrictInt] | None = Field(None, examples=[[4, 9]])


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


class SolveAnswer(GameState):
    demo: DemoStep


class ConnectSolveAnswer(ConnectState):
    demo: DemoStep
    event: ConnectEvent  # the link and the slide, as a tap's match answers them


class FinishAnswer(GameState):
    """``finished``: the pairs Finish removed, in the order they went (for the animation)."""

    finished: list[Pair]
