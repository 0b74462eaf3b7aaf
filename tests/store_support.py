"""Games stored as they were played, for the tests of the store, the boards and the history
file: an action log saved with the counts the engine counts for it."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_solitaire import Game
from mahjong_solitaire.store import Progress, Store, StoredGame


def clock_at(elapsed: float, gap: float, count: int) -> tuple[float, ...]:
    """The game clock at each of ``count`` actions ``gap`` seconds apart, the last at
    ``elapsed``.

    >>> clock_at(10.0, 4.0, 3)
    (2.0, 6.0, 10.0)
    """
    return tuple(round(elapsed - gap * (count - 1 - n), 3) for n in range(count))


def save_played(
    store: Store,
    game: StoredGame,
    actions: Sequence[str],
    *,
    status: str,
    elapsed: float,
    times: Sequence[float] | None = None,
) -> StoredGame:
    """Save ``actions`` on ``game`` (just created: version 1) as played to ``status`` at
    ``elapsed`` seconds, with the hints, undos and shuffles a replay of them counts, and
    ``times`` (the clock at each action) when given."""
    replayed = Game.replay(game.deal(), list(actions))
    return store.save_game(
        game.player_id,
        game.id,
        version=1,
        progress=Progress(
            actions=tuple(actions),
            elapsed=elapsed,
            running=status == "playing",
            status=status,  # type: ignore[arg-type]
            hints=replayed.hints,
            undos=replayed.undos,
            shuffles=replayed.shuffles,
            times=None if times is None else tuple(times),
        ),
    )
