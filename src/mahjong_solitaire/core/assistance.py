"""Which games were **assisted**: the one place that reads an action log (rules §3.6) for
the aids that set a win apart in the statistics (rules §12.2).

A game is assisted when the player asked the game to find a move for them: a hint
(``"hint"``), a pair the solution demo removed (``"solve a,b"``, rules §5.9) or the way
back to the last winnable position (``"back n"``, rules §5.10).  Undo, redo and shuffle
stay counted as aids of their own (the Aids column) but leave a win unassisted.  A new kind
of action that plays or shows moves for the player joins :data:`ASSISTING_ACTIONS`, and
every figure that keeps assisted wins apart follows.

    >>> assisted(["3,7", "undo", "3,7", "shuffle"]), assisted(["hint", "3,7"])
    (False, True)
    >>> assisted(["3,7", "back 2"]), assisted(["solve 5,9"])
    (True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from .game import BACK, SOLVE

__all__ = ["ASSISTING_ACTIONS", "assisted"]

#: The kinds of action (an action's first word) that make a game assisted.
ASSISTING_ACTIONS = frozenset({"hint", SOLVE, BACK})


def assisted(actions: Iterable[str]) -> bool:
    """Whether a game with this action log was assisted (see the module rules)."""
    return any(action.split(" ", 1)[0] in ASSISTING_ACTIONS for action in actions)
