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

#: The human floor: no person takes a pair in less than this many seconds, so a win faster
#: than ``HUMAN_FLOOR_SECONDS_PER_PAIR`` times the pairs taken is a program's.  Such a win
#: is kept (it counts in the player's statistics) but stays off the leaderboards and the
#: daily board, and the history import refuses it.  A pair is two aimed taps after finding
#: two matching free tiles: aimed taps on targets of a tile's size take 0.3 to 0.5 s each
#: by Fitts's law (about 0.1 s of reaction plus 0.1 to 0.15 s per bit of difficulty), and
#: even taps on one spot without aiming peak at 6 to 8 a second (click-speed tests), 0.25
#: to 0.33 s a pair with no search at all.  A script that posts a deal's solution through
#: the API took 18 ms a pair when measured (72 pairs in 1.3 s, SQLite, in process, on a busy
#: 2-core machine).  0.25 s sits below every human and over ten times above a script: a
#: Turtle (72 pairs) must take at least 18 s.  (docs/web-api.md, "Ranked wins")
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
