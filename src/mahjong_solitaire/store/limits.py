"""The bounds a stored playing time must keep, in one place for the store and its readers.

>>> MAX_ELAPSED_SECONDS
604800
>>> human_floor(72)  # a Turtle won: 72 pairs removed
18.0
>>> clamp_elapsed(1e308), clamp_elapsed(float("nan")), clamp_elapsed(-3.0), clamp_elapsed(9.5)
(604800.0, 604800.0, 0.0, 9.5)
"""

from __future__ import annotations

import math

__all__ = ["HUMAN_FLOOR_SECONDS_PER_PAIR", "MAX_ELAPSED_SECONDS", "clamp_elapsed", "human_floor"]

#: No player removes a pair in less than this, so a win faster than ``pairs removed ×
#: HUMAN_FLOOR_SECONDS_PER_PAIR`` was not played by hand: the history import refuses it
#: (and the server keeps such wins off its leaderboards; both should read this constant).
#: 0.25 s a pair is the working figure: a quick player needs two taps, a second or more.
HUMAN_FLOOR_SECONDS_PER_PAIR = 0.25

#: The longest playing time a game may record: a week of clock time.  No game takes
#: longer; a larger figure is a broken or forged file, and with it every sum stays finite.
MAX_ELAPSED_SECONDS = 7 * 24 * 3600


def human_floor(pairs_removed: int) -> float:
    """The shortest time, in seconds, in which a person removes ``pairs_removed`` pairs."""
    return pairs_removed * HUMAN_FLOOR_SECONDS_PER_PAIR


def clamp_elapsed(seconds: float) -> float:
    """A stored playing time brought into ``0..MAX_ELAPSED_SECONDS`` (a figure computed
    from it can then never overflow, whatever the database holds; ``nan`` counts as the
    longest time, so that it never ranks first)."""
    if math.isnan(seconds):
        return float(MAX_ELAPSED_SECONDS)
    return min(max(float(seconds), 0.0), float(MAX_ELAPSED_SECONDS))
