"""Which games were **assisted**: the one place that reads an action log (rules §3.6) for
the aids that set a win apart in the statistics (rules §12.2).

A game is assisted when the player asked the game to find a move for them: a hint
(``"hint"``).  Undo, redo and shuffle stay counted as aids of their own (the Aids column)
but leave a win unassisted.  A new kind of action that plays or shows moves for the player
joins :data:`ASSISTING_ACTIONS`, and every figure that keeps assisted wins apart follows.

    >>> assisted(["3,7", "undo", "3,7", "shuffle"]), assisted(["hint", "3,7"])
    (False, True)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["ASSISTING_ACTIONS", "assisted"]

#: The actions of the log that make a game assisted.
ASSISTING_ACTIONS = frozenset({"hint"})


def assisted(actions: Iterable[str]) -> bool:
    """Whether a game with this action log was assisted (see the module rules)."""
    return any(action in ASSISTING_ACTIONS for action in actions)
