"""What the store hands out: immutable records of players, games and rankings.

>>> from datetime import datetime, UTC
>>> from mahjong_solitaire.core.game import GameStatus
>>> game = StoredGame(
...     id="g", player_id="p", mode="classic", code="MJ1-L00-AAAAABL", layout_name="turtle",
...     layout_positions=None, seed=12, difficulty="normal", daily=None, stage=None,
...     started_at=datetime(2026, 1, 1, tzinfo=UTC), finished_at=None, actions=[],
...     elapsed=10.0, running_since=datetime(2026, 1, 1, 0, 1, tzinfo=UTC),
...     status=GameStatus.PLAYING, hints=0, undos=0, shuffles=0, version=1, selection=None)
>>> game.elapsed_now(datetime(2026, 1, 1, 0, 1, 5, tzinfo=UTC))
15.0
>>> game.deal().code
'MJ1-L00-AAAAABL'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import lru_cache

from ..challenges import Challenge, Judgement, challenge_named
from ..classic.codes import VERSIONS, GameCode
from ..classic.generator import Deal, generate, mirrored_deal
from ..classic.mirror import base_name, mirrored_positions
from ..core.game import SOLVE, GameStatus, PlayableDeal, TileGame
from ..core.layout import Layout
from ..modes import Mode, mode_named, mode_of_code
from .limits import human_floor

__all__ = [
    "GAME_STATUSES",
    "UNFINISHED",
    "DailyEntry",
    "DealSource",
    "LeaderboardEntry",
    "Player",
    "Progress",
    "StageProgress",
    "StoredGame",
    "humanly_fast",
    "is_key",
    "judged_score",
    "judgement",
    "layout_deal",
    "pairs_taken",
    "shows_solution",
    "stored_deal",
]

#: Every status a stored game can have.
GAME_STATUSES = tuple(GameStatus)
#: The statuses of a game that can still be played on.
UNFINISHED = tuple(status for status in GameStatus if status.is_open)


def pairs_taken(actions: list[str]) -> int:
    """The pairs the player took in an action log (``"i,j"`` actions; a pair undone and
    taken again counts twice, since it took two taps each time).  A won game took at least
    half its tiles: a redo needs the undone pair to have been taken first.

        >>> pairs_taken(["3,7", "hint", "undo", "3,7", "redo", "5,9"])
        3
    """
    return sum(1 for action in actions if "," in action)


def shows_solution(actions: list[str]) -> bool:
    """Whether the solution demo removed a pair in an action log (rules §5.9).

    >>> shows_solution(["3,7", "hint"]), shows_solution(["3,7", "solve 5,9"])
    (False, True)
    """
    return any(action.startswith(f"{SOLVE} ") for action in actions)


def humanly_fast(elapsed: float, actions: list[str]) -> bool:
    """Whether a game played in ``elapsed`` seconds with ``actions`` is within human reach
    (not faster than :func:`~.limits.human_floor` for the pairs taken).

        >>> humanly_fast(18.0, ["1,2"] * 72), humanly_fast(0.5, ["1,2"] * 72)
        (True, False)
    """
    return elapsed >= human_floor(pairs_taken(actions))


@lru_cache(maxsize=16)
def layout_deal(
    positions: tuple[tuple[int, int, int], ...],
    name: str,
    seed: int,
    difficulty: str,
    code: str | None = None,
) -> Deal:
    """The deal of ``seed`` on an imported layout given by its positions (cached), dealt as
    the version its ``code`` (``MJ2-H…``) names.  A game stored before such codes has none:
    it is dealt as the first version, which every game stored then was (rules §7.6).  A
    code with mirrors (``MJ2-H…X-…``, rules §8.5) keeps the mirrored positions, and deals
    the mirror of the deal on the layout they mirror."""
    parsed = None if code is None else GameCode.parse(code)
    version = VERSIONS.first if parsed is None else parsed.version
    if parsed is not None and parsed.mirror:  # kept mirrored: the deal mirrors the layout's
        mirror = parsed.mirror
        layout = Layout.from_positions(
            mirrored_positions(positions, mirror), name=base_name(name, mirror)
        )
        return mirrored_deal(generate(layout, seed, difficulty, version), mirror)
    layout = Layout.from_positions(positions, name=name)
    return generate(layout, seed, difficulty, version)


def stored_deal(
    code: str | None,
    layout_positions: list[list[int]] | None,
    layout_name: str,
    seed: int,
    difficulty: str,
) -> PlayableDeal:
    """The deal of a stored game's columns (:meth:`StoredGame.deal`)."""
    if layout_positions is None and code is not None:
        return mode_of_code(code).deal(code)
    positions = tuple((x, y, z) for x, y, z in layout_positions or ())
    return layout_deal(positions, layout_name, seed, difficulty, code)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def is_key(value: object, longest: int = 64) -> bool:
    """Whether ``value`` is text a key column can be asked for: 1 to ``longest`` characters
    and no NUL (PostgreSQL refuses a NUL in text; such an id names nothing stored).

        >>> is_key("abc"), is_key("a" + chr(0) + "b"), is_key(""), is_key(7)
        (True, False, False, False)
    """
    return isinstance(value, str) and 0 < len(value) <= longest and "\x00" not in value


@dataclass(frozen=True, slots=True)
class Player:
    """A player: an anonymous, unguessable id and an optional display name."""

    id: str
    display_name: str | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class DealSource:
    """What a new game is dealt from: its mode (by name), its code, its layout (the name it
    is ranked under and, for an imported layout, its positions), its seed and difficulty,
    and the daily challenge or stage it counts for (:meth:`StoredGame.starting`)."""

    mode: str
    code: str | None
    layout_name: str
    seed: int
    difficulty: str
    layout_positions: list[list[int]] | None = None
    daily: date | None = None
    stage: int | None = None
    #: The challenge rule set (its name), ``None`` for plain play.
    challenge: str | None = None


@dataclass(frozen=True, slots=True)
class Progress:
    """What a save stores of a game played on: its action log, clock, status, counts and
    selection (:meth:`~.store.Store.save_game`).

        >>> from mahjong_solitaire import deal_from_code
        >>> from mahjong_solitaire.classic.game import Game
        >>> game = Game(deal_from_code("MJ1-L00-AAAAABL"), clock=lambda: 0.0)
        >>> _ = game.hint()
        >>> Progress.of(game)
        Progress(actions=('hint',), elapsed=0.0, running=True, status=<GameStatus.PLAYING: 'playing'>, hints=1, undos=0, shuffles=0, selection=None, times=(0.0,))
    """  # noqa: E501

    actions: tuple[str, ...] = ()
    elapsed: float = 0.0
    #: The clock runs (a paused game's, a stuck board's and a finished game's does not).
    running: bool = True
    status: GameStatus = GameStatus.PLAYING
    hints: int = 0
    undos: int = 0
    shuffles: int = 0
    selection: int | None = None
    #: The game clock at each action (``None``: not known, an older game's log).
    times: tuple[float, ...] | None = None

    @classmethod
    def of(cls, game: TileGame) -> Progress:
        """The progress of an engine game (a stuck board stops the clock, rules §3.5)."""
        return cls(
            actions=tuple(game.actions),
            elapsed=game.elapsed,
            running=game.status is GameStatus.PLAYING,
            status=game.status,
            hints=game.hints,
            undos=game.undos,
            shuffles=game.shuffles,
            selection=game.selection,
            times=None if game.times is None else tuple(game.times),
        )


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One stored game.  The board is not stored: :meth:`deal` and :attr:`actions` rebuild
    it with the game class of its mode (:attr:`game_mode`)."""

    id: str
    player_id: str
    mode: str
    code: str | None
    layout_name: str
    layout_positions: list[list[int]] | None
    seed: int
    difficulty: str
    daily: date | None
    stage: int | None
    started_at: datetime
    finished_at: datetime | None
    actions: list[str] = field(hash=False)
    elapsed: float
    running_since: datetime | None
    status: GameStatus
    hints: int
    undos: int
    shuffles: int
    version: int
    selection: int | None
    #: A win that may appear on the leaderboards (false: faster than a human, imported, or
    #: with the solution shown).
    ranked: bool = True
    #: The solution demo removed a pair in this game (rules §5.9).
    solution_shown: bool = False
    #: A test play of a layout being drawn: deleted when it ends, never counted.
    test_play: bool = False
    #: The game clock (seconds of play, by the server) at each action of :attr:`actions`;
    #: ``None`` for a game stored before times were kept.
    times: tuple[float, ...] | None = None
    #: The challenge rule set the game is played under (its name), ``None`` for plain play.
    challenge: str | None = None
    #: The finished game's review as its JSON object, kept once computed so that a second
    #: request reads it (column ``games.review``); ``None`` until then.
    review: dict[str, object] | None = field(default=None, hash=False)
    #: A practice copy, started from a step of another game (:attr:`from_game`): never
    #: ranked, counted apart in the statistics.
    practice: bool = False
    #: The id of the game a practice copy was started from (``None`` for other games).
    from_game: str | None = None
    #: The token of the game's replay link, once its player asked for one.
    replay_token: str | None = None
    #: The final score of a challenge game that ended won or lost (column ``games.score``:
    #: :meth:`judged_score` when it ended), ``None`` otherwise.
    score: int | None = None

    @classmethod
    def starting(
        cls,
        *,
        id: str,
        player_id: str,
        source: DealSource,
        at: datetime,
        version: int,
        test_play: bool = False,
    ) -> StoredGame:
        """A game of ``source``'s deal at its start at ``at``: playing, clock running,
        nothing done yet (``test_play``: a test play of a layout being drawn)."""
        return cls(
            id=id,
            player_id=player_id,
            mode=source.mode,
            code=source.code,
            layout_name=source.layout_name,
            layout_positions=source.layout_positions,
            seed=source.seed,
            difficulty=source.difficulty,
            daily=source.daily,
            stage=source.stage,
            started_at=at,
            finished_at=None,
            actions=[],
            elapsed=0.0,
            running_since=at,
            status=GameStatus.PLAYING,
            hints=0,
            undos=0,
            shuffles=0,
            version=version,
            selection=None,
            test_play=test_play,
            times=(),
            challenge=source.challenge,
        )

    @property
    def running(self) -> bool:
        return self.running_since is not None

    @property
    def finished(self) -> bool:
        return not self.status.is_open

    @property
    def game_mode(self) -> Mode:
        """The :class:`~mahjong_solitaire.core.mode.Mode` the game is played in (``mode``
        is its name; ``ValueError`` for a name no mode has)."""
        return mode_named(self.mode)

    def deal(self) -> PlayableDeal:
        """The engine deal, whatever the mode: from an imported layout's positions (its
        code, ``MJ1-H…``, names them by their hash; games stored before had no code), or
        from the code, through the mode that owns it.  The one place a stored game is
        dealt: replay it with the mode's game class,
        ``self.game_mode.game.replay(deal, self.actions)``."""
        return stored_deal(
            self.code, self.layout_positions, self.layout_name, self.seed, self.difficulty
        )

    def referee(self, deal: PlayableDeal) -> Challenge | None:
        """The rule set the game is judged by (rules §13), made for ``deal`` (its own,
        :meth:`deal`), ``None`` for plain play: attached to the game after its replay
        (``game.referee = stored.referee(game.deal)``), since a logged action was allowed
        when it was taken."""
        return None if self.challenge is None else challenge_named(self.challenge)(deal)

    def judged_score(self) -> int | None:
        """The score its challenge's rule set gives the game as stored (rules §13:
        :func:`judged_score`), ``None`` for plain play or a rule set without a score."""
        return judged_score(
            self.deal(), self.mode, self.challenge, self.actions, self.times, self.elapsed
        )

    @property
    def shown_code(self) -> str | None:
        """The code the player is shown: the deal's, with the challenge's name after it
        (``MJ2-L00-AAAAABL-SCORED``, rules §7.2), so that it reproduces both."""
        if self.challenge is None or self.code is None:
            return self.code
        return str(GameCode.parse(self.code).with_challenge(self.challenge))

    def elapsed_now(self, now: datetime | None = None) -> float:
        """Seconds played up to ``now``: the stored time plus the current running stretch."""
        if self.running_since is None:
            return self.elapsed
        now = now or datetime.now(UTC)
        return self.elapsed + max(0.0, (now - self.running_since).total_seconds())


def judgement(
    deal: PlayableDeal,
    mode: str,
    challenge: str,
    actions: list[str],
    times: tuple[float, ...] | list[float] | None,
    elapsed: float,
) -> Judgement:
    """How the rule set named ``challenge`` judges a game of ``deal``: its ``actions``
    replayed with the server's ``times`` (``None``: unknown, every action at 0 s) at its
    clock ``elapsed`` (its outcome, its figures, its score)."""
    game = mode_named(mode).game.replay(
        deal, actions, times=times, clock=lambda: 0.0, elapsed=elapsed
    )
    return challenge_named(challenge)(game.deal).judge(game)


def judged_score(
    deal: PlayableDeal,
    mode: str,
    challenge: str | None,
    actions: list[str],
    times: tuple[float, ...] | list[float] | None,
    elapsed: float,
) -> int | None:
    """The score a game of ``deal`` played under ``challenge`` makes (:func:`judgement`);
    ``None`` for plain play or a rule set without a score.  The one place a score is worked
    out from a log: the store keeps it in ``games.score`` when the game ends (migration
    0010 for the games before, the history import for the games it adds)."""
    if challenge is None:
        return None
    return judgement(deal, mode, challenge, actions, times, elapsed).figures.score


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """One of the player's best winning times."""

    rank: int
    game_id: str
    time: float
    layout_name: str
    difficulty: str
    code: str | None
    daily: date | None
    finished_at: datetime
    hints: int
    undos: int
    shuffles: int
    #: Whether the win was assisted (``core.assistance.assisted``: a hint was used).
    assisted: bool = False
    #: The rule set the game was played under (``None``: plain play) and its kept score.
    challenge: str | None = None
    score: int | None = None

    @property
    def shuffled(self) -> bool:
        """A win with a shuffle is marked as such."""
        return self.shuffles > 0

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "game_id": self.game_id,
            "time": round(self.time, 3),
            "layout": self.layout_name,
            "difficulty": self.difficulty,
            "code": self.code,
            "daily": self.daily.isoformat() if self.daily else None,
            "date": _iso(self.finished_at),
            "hints": self.hints,
            "undos": self.undos,
            "shuffles": self.shuffles,
            "shuffled": self.shuffled,
            "assisted": self.assisted,
            "challenge": self.challenge,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class DailyEntry:
    """One player's best time on a day's challenge.  Other players' ids are never shown:
    ``mine`` tells the viewer which entry is theirs."""

    rank: int
    display_name: str | None
    time: float
    finished_at: datetime
    hints: int
    undos: int
    shuffles: int
    mine: bool = False
    #: Whether the win was assisted (``core.assistance.assisted``).
    assisted: bool = False
    #: Whether the win was the player's first finished attempt at the day's deal.
    first: bool = True
    #: The replay's URL (``/replay/<token>``) once the day is over, ``None`` while it runs.
    replay: str | None = None
    #: The score of a day whose rule set ranks by it (rules §13), else ``None``.
    score: int | None = None

    @property
    def shuffled(self) -> bool:
        return self.shuffles > 0

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "name": self.display_name,
            "time": round(self.time, 3),
            "date": _iso(self.finished_at),
            "hints": self.hints,
            "undos": self.undos,
            "shuffles": self.shuffles,
            "shuffled": self.shuffled,
            "mine": self.mine,
            "assisted": self.assisted,
            "first": self.first,
            "replay": self.replay,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class StageProgress:
    """A player's progress through the stages of one mode: the stages won, with the best
    time of each, and the stage to play next (the one after the highest won; stage 1 at
    first)."""

    mode: str
    best_times: dict[int, float] = field(hash=False)

    @property
    def cleared(self) -> list[int]:
        return sorted(self.best_times)

    @property
    def next_stage(self) -> int:
        return max(self.best_times, default=0) + 1

    def to_json(self) -> dict[str, object]:
        return {
            "mode": self.mode,
            "next": self.next_stage,
            "cleared": self.cleared,
            "best_times": {str(n): round(t, 3) for n, t in sorted(self.best_times.items())},
        }
