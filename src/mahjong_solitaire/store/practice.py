"""Practice copies (issue 28, "Try from here"): a new game that starts where another game of
the same player stood after its first ``at`` actions.

A copy is dealt from the original's own deal (its mode, code, layout positions, seed and
difficulty: the very deal, whatever version of dealing it was made by) and starts with the
original's first ``at`` actions replayed, so its position is the original's after them
(the engine is deterministic).  Its clock starts at the original's time of its ``at``-th
action (``0`` at the start, or for a game stored before times were kept).  It is plain
play: no daily date, no stage and no challenge (a challenge game's copy is played without
its rule set), stored with ``games.practice`` true and ``games.from_game`` naming the
original; it is never ranked (not on the leaderboards, the daily board or the stages) and
counted apart in the statistics (:mod:`.statistics`).

    >>> from mahjong_solitaire.store import Store
    >>> from mahjong_solitaire import deal_from_code
    >>> with Store("sqlite://") as store:
    ...     me = store.local_player().id
    ...     first = store.create_game(me, code="MJ1-L00-AAAAABL")
    ...     _ = store.create_game(me, code="MJ1-L00-AAAAABM")  # abandons the first
    ...     copy = store.create_game(me, practice=practice_copy(store.get_game(me, first.id), 0))
    >>> copy.practice, copy.from_game == first.id, copy.code, copy.status.value
    (True, True, 'MJ1-L00-AAAAABL', 'playing')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from ..core.game import GameError, GameStatus
from .errors import GameInPlayError, StoreError
from .records import DealSource, Progress, StoredGame, shows_solution
from .reviews import reviewable

__all__ = ["PracticeCopy", "practice_copy"]


@dataclass(frozen=True, slots=True)
class PracticeCopy:
    """What a practice copy starts from: the original's id, its deal and the progress of
    its first actions (:func:`practice_copy`)."""

    from_game: str
    source: DealSource
    progress: Progress

    def started(self, game: StoredGame, now: datetime) -> StoredGame:
        """``game`` (just made by :meth:`StoredGame.starting` from :attr:`source`) as the
        copy: the progress replayed, marked practice, never ranked.  A copy that is won
        already (every action of a won game) is finished at ``now``."""
        progress = self.progress
        finished = not progress.status.is_open
        return replace(
            game,
            actions=list(progress.actions),
            times=progress.times,
            elapsed=progress.elapsed,
            status=progress.status,
            hints=progress.hints,
            undos=progress.undos,
            shuffles=progress.shuffles,
            selection=None if finished else progress.selection,
            running_since=now if progress.running and not finished else None,
            finished_at=now if finished else None,
            ranked=False,
            solution_shown=shows_solution(list(progress.actions)),
            practice=True,
            from_game=self.from_game,
        )


def practice_copy(original: StoredGame, at: int) -> PracticeCopy:
    """The copy of ``original`` after its first ``at`` actions; :class:`GameInPlayError`
    while ``original`` is in play, :class:`StoreError` for an ``at`` outside ``0`` to the
    number of its actions, or a log that does not replay."""
    if not reviewable(original):
        raise GameInPlayError(f"this game is {original.status.value}: it is copied once over")
    count = len(original.actions)
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= count:
        raise StoreError(f"at must be a number of actions from 0 to {count}, not {at!r}")
    actions = original.actions[:at]
    times = None if original.times is None else original.times[:at]
    start = times[-1] if times else 0.0
    try:
        game = original.game_mode.game.replay(
            original.deal(), actions, times=times, clock=lambda: 0.0, elapsed=start
        )
    except (GameError, ValueError) as error:
        raise StoreError(f"the game cannot be replayed: {error}") from None
    source = DealSource(
        mode=original.mode,
        code=original.code,
        layout_name=original.layout_name,
        seed=original.seed,
        difficulty=original.difficulty,
        layout_positions=original.layout_positions,
    )
    progress = Progress.of(game)
    if progress.status is GameStatus.PAUSED:  # a copy starts running
        game.resume()
        progress = Progress.of(game)
    return PracticeCopy(original.id, source, progress)
