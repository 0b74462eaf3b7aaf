"""The challenge rule sets (rules §13.2–§13.6), one class each.

>>> from mahjong_solitaire import deal_from_code
>>> deal = deal_from_code("MJ1-L00-AAAAABL")
>>> Countdown(deal).limit, Sprint(deal).limit, Sprint(deal).target
(720.0, 180.0, 24)
>>> SuitHunt(deal).marked, SuitHunt(deal).target, SuitHunt(deal).limit
('bamboo', 18, 432.0)
"""

from __future__ import annotations

from typing import ClassVar

from ..core.game import BACK, FINISH, SOLVE, GameStatus, TileGame
from ..core.tiles import kind
from .rules import HUNTED, LOST_TARGET, LOST_TIME, Challenge, Tally

__all__ = ["Blackout", "Countdown", "Scored", "Sprint", "SuitHunt"]


class Scored(Challenge):
    """Seed 000's points (rules §13.2): points per pair, a combo bonus, penalties for hints
    and shuffles, a bonus for a win without Hint or Undo, and a time bonus."""

    name = "scored"
    title = "Scored"
    rule = "Points for every pair, more for quick pairs in a row; hints and shuffles cost points."
    ranks_by = "score"

    PAIR: ClassVar[int] = 10
    COMBO_STEP: ClassVar[int] = 5
    COMBO_CAP: ClassVar[int] = 25
    HINT_COST: ClassVar[int] = 50
    SHUFFLE_COST: ClassVar[int] = 100
    CLEAN_BONUS: ClassVar[int] = 500
    #: The time bonus: this many points a second under par (par: 5 s a tile).
    TIME_BONUS: ClassVar[int] = 2
    PAR_PER_TILE: ClassVar[float] = 5.0

    def on_match(self, tally: Tally, at: float) -> None:
        super().on_match(tally, at)
        if tally.streak:
            tally.combo += min(self.COMBO_STEP * tally.streak, self.COMBO_CAP)

    def on_end(
        self, tally: Tally, now: float, status: GameStatus | None
    ) -> tuple[tuple[str, int], ...]:
        parts = [
            ("pairs", self.PAIR * tally.matches),
            ("combos", tally.combo),
            ("hints", -self.HINT_COST * tally.hints),
            ("shuffles", -self.SHUFFLE_COST * tally.shuffles),
        ]
        if status is GameStatus.WON:
            clean = tally.hints == 0 and tally.undos == 0
            parts.append(("clean", self.CLEAN_BONUS if clean else 0))
            par = self.PAR_PER_TILE * self.tiles
            parts.append(("time", max(0, round(self.TIME_BONUS * (par - now)))))
        return tuple(parts)


class _Timed(Challenge):
    """A race against the server's clock: the clock never pauses."""

    refuses = frozenset({SOLVE, "pause"})
    #: Points a second left.
    POINTS_PER_SECOND: ClassVar[int] = 10
    #: The seconds of play allowed for each tile of the deal.
    SECONDS_PER_TILE: ClassVar[float] = 5.0

    @property
    def limit(self) -> float:
        return self.SECONDS_PER_TILE * self.tiles

    def on_time(self, tally: Tally, now: float) -> tuple[GameStatus, str | None] | None:
        if tally.cleared:
            return GameStatus.WON, None
        limit = self.limit
        if limit is not None and now >= limit:
            return GameStatus.LOST, LOST_TIME
        return None


class Countdown(_Timed):
    """Clear the board before a limit of 5 s a tile (rules §13.3); the score starts at 10
    points a second of the limit and counts down with the clock."""

    name = "countdown"
    title = "Countdown"
    rule = "Clear the board before the time runs out; the score counts down with the clock."

    def on_end(
        self, tally: Tally, now: float, status: GameStatus | None
    ) -> tuple[tuple[str, int], ...]:
        left = max(0.0, self.limit - now)
        return (("time", round(self.POINTS_PER_SECOND * left)),)


class Sprint(_Timed):
    """As many pairs as possible in 180 s (rules §13.4): won with at least the target,
    ``tiles // 6`` pairs, when time runs out (or a cleared board before); the score is the
    pairs removed."""

    name = "sprint"
    title = "Sprint"
    rule = "Take as many pairs as you can before the time runs out; reach the target."
    ranks_by = "score"

    SECONDS: ClassVar[float] = 180.0

    @property
    def limit(self) -> float:
        return self.SECONDS

    @property
    def target(self) -> int:
        return max(1, self.tiles // 6)

    def on_time(self, tally: Tally, now: float) -> tuple[GameStatus, str | None] | None:
        if tally.cleared:
            return GameStatus.WON, None
        if now >= self.limit:
            if tally.matches >= self.target:
                return GameStatus.WON, None
            return GameStatus.LOST, LOST_TARGET
        return None

    def on_end(
        self, tally: Tally, now: float, status: GameStatus | None
    ) -> tuple[tuple[str, int], ...]:
        return (("pairs", tally.matches),)


class Blackout(Challenge):
    """Only free tiles show their face (rules §13.5): hints are allowed; undo, the way
    back, shuffles and Finish are not, so a board with no moves is lost."""

    name = "blackout"
    title = "Blackout"
    rule = "Only free tiles show their face; hints are allowed, undo is not."
    refuses = frozenset({SOLVE, "undo", "redo", BACK, "shuffle", FINISH})
    hides_faces = True

    def on_end(
        self, tally: Tally, now: float, status: GameStatus | None
    ) -> tuple[tuple[str, int], ...]:
        return (("pairs", Scored.PAIR * tally.matches),)


class SuitHunt(_Timed):
    """Remove every tile of one suit, marked by the deal's seed, before a limit of 3 s a
    tile (rules §13.6); the board need not be cleared."""

    name = "suit-hunt"
    title = "Suit hunt"
    rule = "Remove every tile of the marked suit before the time runs out."

    SECONDS_PER_TILE: ClassVar[float] = 3.0

    @property
    def marked(self) -> str:
        """The suit of the deal's seed: ``seed % 3`` among bamboo, characters and circles
        (among those the deal has, on a board without all three)."""
        present = {kind(t).family for t in self.start_tiles if t is not None}
        choices = [family for family in HUNTED if family in present] or list(HUNTED)
        return choices[self.seed % len(choices)].value

    @property
    def target(self) -> int:
        """The marked suit's pairs in the deal."""
        return self.marked_at_start() // 2

    def matches_shown(self, tally: Tally, game: TileGame) -> int:
        """The marked suit's pairs removed."""
        return (self.marked_at_start() - self.marked_left(game.board)) // 2

    def goal_reached(self, game: TileGame) -> bool:
        """No tile of the marked suit is left."""
        return self.marked_left(game.board) == 0

    def on_end(
        self, tally: Tally, now: float, status: GameStatus | None
    ) -> tuple[tuple[str, int], ...]:
        left = max(0.0, self.limit - now) if status is GameStatus.WON else 0.0
        return (("pairs", Scored.PAIR * tally.matches), ("time", round(10 * left)))
