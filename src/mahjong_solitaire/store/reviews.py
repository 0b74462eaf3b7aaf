"""A stored game's review and replay, as the API (``GET /api/games/{id}/review`` and
``/replay``) and the command line (``mahjong-solitaire review ID``) answer them: one
serialiser for both (issue 28; docs/web-api.md, "Review and replay").

A game is reviewed once it is over or stuck (won, stuck, abandoned, lost): a game in play
(playing, paused) has no review yet.  The review itself is the engine's
(:func:`~mahjong_solitaire.core.review.reviewed`, run on :func:`review_arguments`); the
store keeps it with the game (:meth:`~.store.Store.save_review`) and :func:`kept_review`
reads it back while it still covers the game's whole log (a stuck game that was played on
after its review is reviewed again).

    >>> from mahjong_solitaire.core.review import reviewed
    >>> from mahjong_solitaire.store import Store
    >>> with Store("sqlite://") as store:
    ...     player = store.local_player().id
    ...     game = store.create_game(player, code="MJ1-L00-AAAAABL")
    ...     _ = store.create_game(player, code="MJ1-L00-AAAAABM")  # abandons the first
    ...     stored = store.get_game(player, game.id)
    ...     answer = review_answer(stored, reviewed(*review_arguments(stored)))
    >>> answer["status"], answer["verdicts"], answer["first_losing_move"]
    ('abandoned', [], None)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.game import GameStatus, PlayableDeal, TileGame
from .records import StoredGame

__all__ = [
    "REVIEWABLE",
    "kept_review",
    "replay_answer",
    "review_answer",
    "review_arguments",
    "reviewable",
]

#: The statuses of a game that has a review (and a replay): over, or stuck.
REVIEWABLE = frozenset({GameStatus.WON, GameStatus.STUCK, GameStatus.ABANDONED, GameStatus.LOST})


def reviewable(stored: StoredGame) -> bool:
    """Whether ``stored`` is over or stuck (else it is still in play)."""
    return stored.status in REVIEWABLE


def review_arguments(
    stored: StoredGame,
) -> tuple[type[TileGame], PlayableDeal, list[str], tuple[float, ...] | None]:
    """What :func:`~mahjong_solitaire.core.review.reviewed` takes for ``stored``: its mode's
    game class, its deal, its action log and the server's times (``ValueError`` for a game
    that cannot be dealt)."""
    return stored.game_mode.game, stored.deal(), list(stored.actions), stored.times


def kept_review(stored: StoredGame) -> dict[str, object] | None:
    """The review kept with ``stored``, if it covers every action of its log."""
    review = stored.review
    if review is None:
        return None
    verdicts = review.get("verdicts")
    if not isinstance(verdicts, list) or len(verdicts) != len(stored.actions):
        return None
    return review


def _game(stored: StoredGame) -> dict[str, object]:
    return {
        "game_id": stored.id,
        "mode": stored.mode,
        "code": stored.code,
        "status": stored.status.value,
        "actions": list(stored.actions),
    }


def review_answer(stored: StoredGame, review: dict[str, object]) -> dict[str, object]:
    """The review of ``stored`` as the API and ``review --json`` answer it: the game (id,
    mode, code, status, action log) and its review (a verdict after each action, the
    first losing move, the better pair, the summary)."""
    return {**_game(stored), **review}


def replay_answer(stored: StoredGame) -> dict[str, object]:
    """The replay of ``stored``: the game (id, mode, code, status, action log) and the
    server's time of each action (seconds of play; ``null`` for a game stored before
    times were kept)."""
    times: Sequence[float] | None = stored.times
    return {**_game(stored), "times": None if times is None else list(times)}
