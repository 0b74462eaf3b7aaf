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

The two other parts of issue 28 start from a game that has a review.

**Practice copies** ("Try from here", :func:`practice_copy`): a new game that starts where
another game of the same player stood after its first ``at`` actions.

A copy is dealt from the original's own deal (its mode, code, layout positions, seed and
difficulty: the very deal, whatever version of dealing it was made by) and starts with the
original's first ``at`` actions replayed, so its position is the original's after them
(the engine is deterministic).  Its clock starts at the original's time of its ``at``-th
action (``0`` at the start, or for a game stored before times were kept).  It is plain
play: no daily date, no stage and no challenge (a challenge game's copy is played without
its rule set), stored with ``games.practice`` true and ``games.from_game`` naming the
original; it is never ranked (not on the leaderboards, the daily board or the stages) and
counted apart in the statistics (:mod:`.statistics`).

    >>> with Store("sqlite://") as store:
    ...     me = store.local_player().id
    ...     first = store.create_game(me, code="MJ1-L00-AAAAABL")
    ...     _ = store.create_game(me, code="MJ1-L00-AAAAABM")  # abandons the first
    ...     copy = store.create_game(me, practice=practice_copy(store.get_game(me, first.id), 0))
    >>> copy.practice, copy.from_game == first.id, copy.code, copy.status.value
    (True, True, 'MJ1-L00-AAAAABL', 'playing')

**Replay links**: a finished game's replay, for whoever has its link ``/replay/<token>``,
without the player's id, name or other games.

Two kinds of token, both unguessable:

* a game's own link, which its player asks for (``POST /api/games/{id}/replay-link``):
  ``secrets.token_urlsafe`` made the first time and kept in ``games.replay_token``, so the
  same game always has the same link (:func:`link_of`);
* a daily-board entry's link (:func:`board_token`), which a read of the board must give
  without writing anything: ``<game id>.<mac>``, the mac an HMAC-SHA256 of the game's id
  under the installation's secret (``settings.replay_secret``, made when the database is
  first opened by :func:`replay_secret`).  Nobody without the secret can make one.

A replay of a daily challenge's game (of either kind) is found only once its day is over
(UTC): nothing of a running daily leaks (:func:`replayed_game`).

    >>> from datetime import date
    >>> with Store("sqlite://") as store:
    ...     me = store.local_player().id
    ...     first = store.create_game(me, code="MJ1-L00-AAAAABL")
    ...     _ = store.create_game(me, code="MJ1-L00-AAAAABM")  # abandons the first
    ...     token = store.replay_link(me, first.id)
    ...     same = store.replay_link(me, first.id)
    ...     found = store.replayed_game(token, today=date(2026, 12, 3))
    >>> token == same, found.id == first.id, len(token) > 20
    (True, True, True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime

from sqlalchemy import Connection, and_, false, func, insert, or_, select, update

from ..core.game import GameError, GameStatus, PlayableDeal, TileGame
from .errors import GameInPlayError, GameNotFoundError, ReplayNotFoundError, StoreError
from .game_rows import game_of_row, select_game
from .records import DealSource, Progress, StoredGame, is_key, shows_solution
from .schema import games, settings

__all__ = [
    "REVIEWABLE",
    "PlayedGame",
    "PracticeCopy",
    "board_token",
    "keep_review",
    "kept_review",
    "link_of",
    "practice_copy",
    "replay_answer",
    "replay_secret",
    "replay_url",
    "replayed_game",
    "review_answer",
    "review_arguments",
    "reviewable",
    "reviewable_games",
]

#: The statuses of a game that has a review (and a replay): over, or stuck.
REVIEWABLE = frozenset({GameStatus.WON, GameStatus.STUCK, GameStatus.ABANDONED, GameStatus.LOST})


def reviewable(stored: StoredGame) -> bool:
    """Whether ``stored`` is over or stuck (else it is still in play)."""
    return stored.status in REVIEWABLE


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game of the player's history list (:func:`reviewable_games`): over or stuck."""

    game_id: str
    mode: str
    status: GameStatus
    layout_name: str
    difficulty: str
    code: str | None
    daily: date | None
    challenge: str | None
    practice: bool
    solution_shown: bool
    #: When it ended: finished, or (a stuck game) its last save.
    ended_at: datetime
    elapsed: float


#: The columns a :class:`PlayedGame` is read from, besides when it ended.
_PLAYED = (
    "id",
    "mode",
    "status",
    "layout_name",
    "difficulty",
    "code",
    "daily",
    "challenge",
    "practice",
    "solution_shown",
    "elapsed",
)
#: When a game ended, for the history list's order: finished, or a stuck game's last save.
_ENDED = func.coalesce(games.c.finished_at, games.c.saved_at, games.c.started_at)


def reviewable_games(
    connection: Connection, player_id: str, mode: str, limit: int, before: str | None = None
) -> list[PlayedGame]:
    """Up to ``limit`` of the player's games over or stuck in the mode named ``mode``
    (practice copies too, a test play never), the latest ended first; with ``before`` (the
    id of one of the player's games) only those that ended before it, so that a list is
    read one page after another.  :class:`GameNotFoundError` for a ``before`` that is not
    the player's.  One indexed query of at most ``limit`` rows (and one for ``before``)."""
    query = select(*(games.c[name] for name in _PLAYED), _ENDED.label("ended_at")).where(
        games.c.player_id == player_id,
        games.c.mode == mode,
        games.c.status.in_(sorted(REVIEWABLE)),
        games.c.test_play == false(),
    )
    if before is not None:
        mark = connection.execute(
            select(_ENDED).where(games.c.id == before, games.c.player_id == player_id)
        ).first()
        if mark is None:
            raise GameNotFoundError(before)
        ended = _ENDED
        query = query.where(or_(ended < mark[0], and_(ended == mark[0], games.c.id < before)))
    rows = connection.execute(query.order_by(_ENDED.desc(), games.c.id.desc()).limit(limit))
    return [
        PlayedGame(
            row.id,
            row.mode,
            GameStatus(row.status),
            row.layout_name,
            row.difficulty,
            row.code,
            row.daily,
            row.challenge,
            row.practice,
            row.solution_shown,
            row.ended_at,
            row.elapsed,
        )
        for row in rows
    ]


def review_arguments(
    stored: StoredGame,
) -> tuple[type[TileGame], PlayableDeal, list[str], tuple[float, ...] | None]:
    """What :func:`~mahjong_solitaire.core.review.reviewed` takes for ``stored``: its mode's
    game class, its deal, its action log and the server's times (``ValueError`` for a game
    that cannot be dealt)."""
    return stored.game_mode.game, stored.deal(), list(stored.actions), stored.times


def keep_review(
    connection: Connection, player_id: str, game_id: str, review: dict[str, object]
) -> StoredGame:
    """Keep the review of the player's game over or stuck (:class:`StoreError` for a game
    in play): the game with its review."""
    game = select_game(connection, player_id, game_id)
    if game.status not in REVIEWABLE:
        raise StoreError(f"game {game_id!r} is still in play")
    connection.execute(update(games).where(games.c.id == game_id).values(review=review))
    return replace(game, review=review)


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


# -- practice copies ---------------------------------------------------------------------


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


# -- replay links -----------------------------------------------------------------------

#: The settings key of the secret the daily board's tokens are made with.
_SECRET = "replay_secret"
#: What separates a board token's game id from its mac (never in a game id).
_DOT = "."
#: The statuses of a finished game (a stuck game may still be played on).
_FINISHED = frozenset({GameStatus.WON, GameStatus.ABANDONED, GameStatus.LOST})


def replay_secret(connection: Connection) -> bytes:
    """The installation's secret for the daily board's tokens, made (32 random bytes) the
    first time; every server process on the database reads the same."""
    known = connection.execute(select(settings.c.value).where(settings.c.key == _SECRET)).scalar()
    if known is None:
        known = secrets.token_urlsafe(32)
        connection.execute(insert(settings).values(key=_SECRET, value=known))
    return str(known).encode()


def replay_url(token: str) -> str:
    """The page of a replay token, as the API answers it.

    >>> replay_url("abc")
    '/replay/abc'
    """
    return f"/replay/{token}"


def _mac(secret: bytes, game_id: str) -> str:
    digest = hmac.new(secret, f"daily-board replay {game_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:18]).decode()


def board_token(secret: bytes, game_id: str) -> str:
    """The token of a daily-board entry's replay (no write: derived from the id).

    >>> board_token(b"k", "abc").startswith("abc."), board_token(b"k", "abc") == board_token(b"k", "abc")
    (True, True)
    """  # noqa: E501
    return f"{game_id}{_DOT}{_mac(secret, game_id)}"


def link_of(connection: Connection, player_id: str, game_id: str) -> str:
    """The token of the player's finished game's own link, made the first time (two
    requests at once get the same one); :class:`GameNotFoundError` for a game not the
    player's, :class:`GameInPlayError` for one not finished."""
    game = select_game(connection, player_id, game_id)
    if game.status not in _FINISHED:
        raise GameInPlayError(f"this game is {game.status.value}: it has a link once finished")
    if game.replay_token is not None:
        return game.replay_token
    connection.execute(
        update(games)
        .where(games.c.id == game.id, games.c.replay_token.is_(None))
        .values(replay_token=secrets.token_urlsafe(16))
    )
    token = connection.execute(select(games.c.replay_token).where(games.c.id == game.id))
    return str(token.scalar_one())


def replayed_game(connection: Connection, secret: bytes, token: str, today: date) -> StoredGame:
    """The finished game of a replay ``token`` of either kind, as of ``today`` (UTC);
    :class:`ReplayNotFoundError` for a token no game has, or a game of a daily challenge
    whose day is not over."""
    if not is_key(token, 128):
        raise ReplayNotFoundError("no replay has this link")
    if _DOT in token:
        game_id, _, mac = token.partition(_DOT)
        if not is_key(game_id) or not hmac.compare_digest(mac, _mac(secret, game_id)):
            raise ReplayNotFoundError("no replay has this link")
        row = connection.execute(select(games).where(games.c.id == game_id)).first()
        if row is not None and (row.daily is None or row.status != GameStatus.WON):
            row = None  # a board token is only ever made for a daily win
    else:
        row = connection.execute(select(games).where(games.c.replay_token == token)).first()
    game = None if row is None else game_of_row(row)
    if game is None or game.status not in _FINISHED or game.test_play:
        raise ReplayNotFoundError("no replay has this link")
    if game.daily is not None and game.daily >= today:
        raise ReplayNotFoundError("this daily challenge's replays open once its day is over")
    return game
