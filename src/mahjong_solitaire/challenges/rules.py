"""A challenge's rule set as one object (rules §13; python-chess's variants are the model).

A :class:`Challenge` subclass is a rule set: its class attributes are its identity (its
``name``, the English ``title`` and one-line ``rule`` that :mod:`~..i18n.names` translates,
the aids it ``refuses``, what it ranks by, whether it hides the faces of tiles that are not
free), and its hooks say what each action is worth and when the game ends:

* :meth:`~Challenge.on_start`, :meth:`~Challenge.on_match`, :meth:`~Challenge.on_hint`,
  :meth:`~Challenge.on_undo`, :meth:`~Challenge.on_shuffle`, called in order as the action
  log is replayed with the server's time of each action;
* :meth:`~Challenge.on_time`: whether the clock, now, ends the game (won or lost, and why);
* :meth:`~Challenge.on_end`: the score, and how it is made up.

An instance is made for one deal (its tile count and seed set the limits and the marked
suit) and is the game's referee (:class:`~..core.game.Referee`): the game asks it which aids
it refuses and whether its rules end the game.  :meth:`Challenge.judge` is the one place the
figures are worked out: always from the whole log, never kept between actions, so a score
cannot be anything but what the log and its times make.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..core.game import BACK, FINISH, SOLVE, GameStatus, PlayableBoard, PlayableDeal, TileGame
from ..core.tiles import Family, kind

__all__ = [
    "AIDS",
    "LOST_STUCK",
    "LOST_TARGET",
    "LOST_TIME",
    "Challenge",
    "Figures",
    "Judgement",
    "Tally",
    "hidden_positions",
]

#: Every aid a rule set may refuse (the words of the game's action log and its pause).
AIDS = ("hint", "undo", "redo", "shuffle", "pause", SOLVE, BACK, FINISH)

#: The reasons a challenge is lost (stable keys: the API answers them, i18n names them).
LOST_TIME = "time_ran_out"
LOST_TARGET = "target_missed"
LOST_STUCK = "no_moves"


@dataclass(slots=True)
class Tally:
    """What the hooks count while the log is replayed (rules §13.1)."""

    #: Pairs on the board removed (undone ones excluded), known once the log is replayed.
    matches: int = 0
    #: Pairs taken in a row, each within the combo window of the one before.
    streak: int = 0
    last_match: float | None = None
    combo: int = 0
    hints: int = 0
    undos: int = 0
    shuffles: int = 0
    #: The board is cleared (or the rule set's goal reached, :meth:`Challenge.goal_reached`),
    #: and the time it was (seconds of play: the last action's).
    cleared: bool = False
    cleared_at: float | None = None


@dataclass(frozen=True, slots=True)
class Figures:
    """A challenge's live figures (``None``: the rule set has no such figure)."""

    score: int | None
    time_left: float | None
    matches: int
    target: int | None
    marked: str | None
    #: How the score is made up: (part, points), e.g. ``("pairs", 720)``.
    parts: tuple[tuple[str, int], ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Judgement:
    """The figures of a game, and whether its rules end it now (``status`` won or lost,
    ``reason`` for a loss), or ``None`` while it goes on."""

    figures: Figures
    status: GameStatus | None = None
    reason: str | None = None


def hidden_positions(board: PlayableBoard) -> frozenset[int]:
    """The positions of tiles on ``board`` that are not free (their faces are hidden in a
    rule set that hides them)."""
    return frozenset(
        position
        for position, label in enumerate(board.tiles)
        if label is not None and not board.is_free(position)
    )


class Challenge:
    """A challenge's rule set for one deal (see the module documentation).  The base class
    is the plain rules: nothing refused but the solution demo, no limit, no score."""

    #: The name in codes, the API and the command line.
    name: ClassVar[str] = ""
    #: Its English title and one-line rule (the msgids :mod:`~..i18n.names` translates).
    title: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    #: The aids refused (every challenge refuses the solution demo: it plays for you).
    refuses: ClassVar[frozenset[str]] = frozenset({SOLVE})
    #: What its games rank by: ``"score"`` (highest first) or ``"time"`` (fastest first).
    ranks_by: ClassVar[str] = "time"
    #: Only free tiles show their face (blackout).
    hides_faces: ClassVar[bool] = False
    #: The combo window: a pair taken within this many seconds of the one before.
    COMBO_WINDOW: ClassVar[float] = 2.0

    def __init__(self, deal: PlayableDeal) -> None:
        self.start_tiles: tuple[str | None, ...] = tuple(deal.board().tiles)
        self.tiles = sum(1 for label in self.start_tiles if label is not None)
        self.seed = deal.seed
        self._judged: tuple[tuple[int, float, int], Judgement] | None = None

    # -- what the rule set says of its deal ---------------------------------------------

    @property
    def limit(self) -> float | None:
        """The seconds of play allowed (``None``: no limit)."""
        return None

    @property
    def target(self) -> int | None:
        """The figure to reach (``None``: none)."""
        return None

    @property
    def marked(self) -> str | None:
        """The marked suit (a :class:`~..core.tiles.Family` value), if any."""
        return None

    # -- the hooks ------------------------------------------------------------------------

    def on_start(self, tally: Tally) -> None:
        """Before the first action."""

    def on_match(self, tally: Tally, at: float) -> None:
        """A pair taken at ``at`` (the default keeps the combo streak)."""
        last = tally.last_match
        tally.streak = (
            tally.streak + 1 if last is not None and at - last <= self.COMBO_WINDOW else 0
        )
        tally.last_match = at

    def on_hint(self, tally: Tally, at: float) -> None:
        """A hint asked at ``at`` (a position's hints count once)."""
        tally.hints += 1

    def on_undo(self, tally: Tally, at: float, steps: int) -> None:
        """``steps`` undos at ``at`` (a redo is none: the streak ends either way)."""
        tally.undos += steps
        tally.streak, tally.last_match = 0, None

    def on_shuffle(self, tally: Tally, at: float) -> None:
        """A shuffle at ``at``."""
        tally.shuffles += 1
        tally.streak, tally.last_match = 0, None

    def on_time(self, tally: Tally, now: float) -> tuple[GameStatus, str | None] | None:
        """Whether the clock at ``now`` ends the game (the default: only a cleared board)."""
        return (GameStatus.WON, None) if tally.cleared else None

    def on_end(
        self, tally: Tally, now: float, status: GameStatus | None
    ) -> tuple[tuple[str, int], ...]:
        """The parts of the score at ``now`` (``status``: how the game ended, if it did);
        none: the rule set has no score."""
        return ()

    # -- the referee ----------------------------------------------------------------------

    def refusal(self, aid: str) -> str | None:
        """Why ``aid`` is refused in this challenge (``None``: allowed)."""
        if aid in self.refuses:
            return f"the {self.name} challenge does not allow {aid}"
        return None

    def outcome(self, game: TileGame) -> tuple[GameStatus, str | None] | None:
        judged = self.judge(game)
        return None if judged.status is None else (judged.status, judged.reason)

    def time_left(self, now: float) -> float | None:
        limit = self.limit
        return None if limit is None else max(0.0, round(limit - now, 3))

    def judge(self, game: TileGame) -> Judgement:
        """The figures of ``game`` and whether its rules end it, by replaying its action
        log with the server's time of each action (a log without times: every action at
        0 s) and its clock now."""
        now = game.elapsed
        key = (len(game.actions), now, game.board.tiles_left)
        if self._judged is not None and self._judged[0] == key:
            return self._judged[1]
        tally = Tally()
        self.on_start(tally)
        times = game.times if game.times is not None else [0.0] * len(game.actions)
        previous: str | None = None
        for action, at in zip(game.actions, times, strict=False):
            if action == "hint":
                if previous != "hint":
                    self.on_hint(tally, at)
            elif action == "undo":
                self.on_undo(tally, at, 1)
            elif action.startswith(f"{BACK} "):
                self.on_undo(tally, at, int(action[len(BACK) + 1 :]))
            elif action == "redo":
                self.on_undo(tally, at, 0)
            elif action == "shuffle":
                self.on_shuffle(tally, at)
            elif action == FINISH:
                tally.streak, tally.last_match = 0, None
            else:  # "i,j" or "solve i,j"
                self.on_match(tally, at)
            previous = action
        tally.matches = (self.tiles - game.board.tiles_left) // 2
        tally.cleared = game.board.is_won() or self.goal_reached(game)
        if tally.cleared:
            tally.cleared_at = times[-1] if times else now
        ended = self.on_time(tally, tally.cleared_at if tally.cleared_at is not None else now)
        status, reason = ended if ended is not None else (None, None)
        if status is None and game.board.is_stuck() and "shuffle" in self.refuses:
            status, reason = GameStatus.LOST, LOST_STUCK  # no shuffle to get out
        end = tally.cleared_at if tally.cleared_at is not None else now
        parts = self.on_end(tally, end, status)
        judgement = Judgement(
            Figures(
                score=max(0, sum(points for _, points in parts)) if parts else None,
                time_left=self.time_left(end),
                matches=self.matches_shown(tally, game),
                target=self.target,
                marked=self.marked,
                parts=parts,
            ),
            status,
            reason,
        )
        self._judged = (key, judgement)
        return judgement

    def goal_reached(self, game: TileGame) -> bool:
        """Whether ``game`` reached the rule set's goal short of a cleared board."""
        return False

    def matches_shown(self, tally: Tally, game: TileGame) -> int:
        """The ``matches`` figure: the pairs removed (a rule set may count others)."""
        return tally.matches

    def marked_left(self, board: PlayableBoard) -> int:
        """The tiles of the marked suit still on ``board``."""
        family = self.marked
        return sum(
            1 for label in board.tiles if label is not None and kind(label).family.value == family
        )

    def marked_at_start(self) -> int:
        family = self.marked
        return sum(
            1
            for label in self.start_tiles
            if label is not None and kind(label).family.value == family
        )


#: The suits a suit hunt may mark, in the order its seed picks from.
HUNTED = (Family.BAMBOO, Family.CHARACTERS, Family.CIRCLES)
