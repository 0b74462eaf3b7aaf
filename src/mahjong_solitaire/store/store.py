"""The :class:`Store`: players, their games, statistics, rankings and imported layouts.

    >>> from datetime import date
    >>> store = Store("sqlite://")                  # an in-memory database, for the example
    >>> me = store.player(None)
    >>> game = store.create_game(me.id, code="MJ1-L00-AAAAABL")
    >>> game.status.value, game.version, game.layout_name
    ('playing', 1, 'turtle')
    >>> saved = store.save_game(
    ...     me.id, game.id, version=1, progress=Progress(actions=("hint",), elapsed=3.5, hints=1))
    >>> saved.version, store.current_game(me.id).actions
    (2, ['hint'])
    >>> try:
    ...     store.save_game(me.id, game.id, version=1, progress=Progress())
    ... except StaleWriteError as error:
    ...     print(error)
    this game was changed in another window; reload it
    >>> store.close()

Every method runs in one transaction that is committed before it returns: a saved move is
on disk when :meth:`Store.save_game` returns.  Every read and write of a game names the
player; another player's game is reported as missing (:class:`GameNotFoundError`).

The database itself keeps the rules that matter: at most one unfinished game per player and
mode (a partial unique index; :meth:`Store.create_game` also takes the player's row lock, so
concurrent new games of one player queue instead of racing), and an imported layout is
read, counted and deleted only through its owner's id.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from typing import TypeVar

from sqlalchemy import Connection, false, func, insert, literal, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from ..core.difficulty import Difficulty
from ..core.layout import Layout
from ..modes import DEFAULT_MODE, Mode, mode_named
from . import game_rows, history, imported_layouts, pruning, rankings, reviews
from .daily import DailyHistory, daily_history
from .database import SQLITE_BEGIN, create_store_engine, database_url, migrate
from .errors import StaleWriteError, StoreError
from .pruning import PruneReport
from .records import (
    UNFINISHED,
    DailyEntry,
    LeaderboardEntry,
    Player,
    Progress,
    StageProgress,
    StoredGame,
    is_key,
)
from .reviews import PracticeCopy
from .saving import SAVE, SAVE_WRITE, SAVED_COLUMNS, QuickSave
from .schema import games, players, settings
from .statistics import Statistics

__all__ = ["MAX_LAYOUTS_PER_PLAYER", "MAX_NAME_LENGTH", "Store"]

#: A display name holds 1 to 32 characters (after stripping spaces).
MAX_NAME_LENGTH = 32
#: How many imported layouts one player may keep (:mod:`.imported_layouts`).
MAX_LAYOUTS_PER_PLAYER = imported_layouts.MAX_LAYOUTS_PER_PLAYER
#: How many times a new game is tried when concurrent requests of the player collide.
_ATTEMPTS = 8
_LOCAL_PLAYER = "local_player"
_T = TypeVar("_T")
#: The game's JSON columns that a new game leaves SQL NULL.
_JSON = ("times", "review")


def _now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return secrets.token_urlsafe(16)


def _one_line(error: OperationalError) -> str:
    return " ".join(str(error.orig).split())


def _mode(mode: object) -> Mode:
    """The mode a caller named (a :class:`Mode` or its name); :class:`StoreError` for any
    other value."""
    try:
        return mode_named(mode)  # type: ignore[arg-type]
    except ValueError as error:
        raise StoreError(str(error)) from None


class Store:
    """Access to one database (see :mod:`mahjong_solitaire.store.database` for the URL)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine = create_store_engine(self.url)
        self._reader = self.engine.execution_options(**{SQLITE_BEGIN: "DEFERRED"})
        self._quick_save = QuickSave.of(self.engine)
        try:
            migrate(self.engine)
        except OperationalError as error:
            self.engine.dispose()
            raise StoreError(f"cannot open the database: {_one_line(error)}") from error
        self._replay_secret = self._retrying(reviews.replay_secret)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.engine.url.render_as_string()!r})"

    def ping(self) -> None:
        """Ask the database for nothing (``SELECT 1``), to learn that it answers; raises
        :class:`StoreError` when it cannot be reached (a server's readiness check)."""
        with self._transaction(write=False) as connection:
            connection.execute(select(literal(1)))

    @contextmanager
    def _transaction(self, *, write: bool = True) -> Iterator[Connection]:
        """One transaction, committed on leaving; ``write=False`` for read-only work."""
        engine = self.engine if write else self._reader
        try:
            with engine.begin() as connection:
                yield connection
        except OperationalError as error:
            raise StoreError(f"the database failed: {_one_line(error)}") from None

    def _retrying(self, work: Callable[[Connection], _T]) -> _T:
        """Run ``work`` in a transaction, once more if a concurrent insert won a race."""
        try:
            with self._transaction() as connection:
                return work(connection)
        except IntegrityError:
            with self._transaction() as connection:
                return work(connection)

    # -- players --------------------------------------------------------------------

    @staticmethod
    def _find_player(connection: Connection, player_id: object) -> Player | None:
        if not is_key(player_id):
            return None
        row = connection.execute(select(players).where(players.c.id == player_id)).first()
        return None if row is None else game_rows.player_of_row(row)

    @staticmethod
    def _create_player(connection: Connection) -> Player:
        player = Player(_new_id(), None, _now())
        connection.execute(
            insert(players).values(id=player.id, display_name=None, created_at=player.created_at)
        )
        return player

    def _require_player(self, connection: Connection, player_id: object) -> Player:
        player = self._find_player(connection, player_id)
        if player is None:
            raise StoreError("there is no such player")
        return player

    def player(self, player_id: str | None) -> Player:
        """The player of ``player_id``; a new player (new id) when it is ``None`` or unknown."""
        with self._transaction() as connection:
            return self._find_player(connection, player_id) or self._create_player(connection)

    def find_player(self, player_id: object) -> Player | None:
        """The player of ``player_id`` if there is one; never creates one (for reads)."""
        with self._transaction(write=False) as connection:
            return self._find_player(connection, player_id)

    def find_local_player(self) -> Player | None:
        """The installation's local player if it was ever created; never creates it."""
        with self._transaction(write=False) as connection:
            known = connection.execute(
                select(settings.c.value).where(settings.c.key == _LOCAL_PLAYER)
            ).scalar()
            return self._find_player(connection, known)

    def local_player(self) -> Player:
        """The one player of a local install: created on first use, the same ever after."""

        def work(connection: Connection) -> Player:
            known = connection.execute(
                select(settings.c.value).where(settings.c.key == _LOCAL_PLAYER)
            ).scalar()
            found = self._find_player(connection, known)
            if found is not None:
                return found
            player = self._create_player(connection)
            if known is None:
                connection.execute(insert(settings).values(key=_LOCAL_PLAYER, value=player.id))
            else:
                connection.execute(
                    update(settings).where(settings.c.key == _LOCAL_PLAYER).values(value=player.id)
                )
            return player

        return self._retrying(work)

    def set_display_name(self, player_id: str, name: str) -> Player:
        """Set the display name: 1 to 32 characters after stripping, no control characters.

        The name is stored as given (text); whoever shows it must escape it.
        """
        if not isinstance(name, str):
            raise StoreError("a display name is text")
        name = name.strip()
        if not 1 <= len(name) <= MAX_NAME_LENGTH:
            raise StoreError(f"a display name has 1 to {MAX_NAME_LENGTH} characters")
        if any(unicodedata.category(c) in ("Cc", "Cf", "Cs") for c in name):
            raise StoreError("a display name cannot hold control characters")
        with self._transaction() as connection:
            player = self._require_player(connection, player_id)
            connection.execute(
                update(players).where(players.c.id == player.id).values(display_name=name)
            )
            return Player(player.id, name, player.created_at)

    # -- games ----------------------------------------------------------------------

    def create_game(
        self,
        player_id: str | None,
        *,
        mode: str | Mode = DEFAULT_MODE,
        code: str | None = None,
        layout: Layout | None = None,
        seed: int | None = None,
        difficulty: str | Difficulty | None = None,
        daily: date | None = None,
        stage: int | None = None,
        replace: bool = True,
        test_play: bool = False,
        challenge: str | None = None,
        practice: PracticeCopy | None = None,
        progress: Progress | None = None,
    ) -> StoredGame:
        """Start a game (status ``playing``, version 1, clock running) from a game code, or
        from a layout and a seed.  The player's unfinished games become ``abandoned``, in
        the same transaction; with ``replace=False`` an unfinished game is left alone and
        :class:`StaleWriteError` raised instead (the page started a game in another tab).

        Concurrent calls for one player queue on the player's row lock; should two still
        collide on the one-open-game index, the loser tries again, so the newest game
        stays open and every other one is abandoned.

        ``mode`` (a :class:`~mahjong_solitaire.core.mode.Mode` or its name) must be the
        mode that owns ``code``; a layout is played in the default mode.  ``test_play``:
        a test play of a layout being drawn, deleted when it ends (:meth:`save_game`, or
        abandoned by a newer game) and never counted in statistics, boards or exports.
        ``challenge``: the name of the challenge's rule set the game is played under (rules
        §13; a classic code may name it too, ``MJ2-L00-AAAAABL-SCORED``), stored beside the
        deal's own code; :class:`StoreError` for a name no rule set has, or in a mode
        without challenges.  ``practice``: a practice copy of another game (no code or
        layout then; :func:`.reviews.practice_copy`), at its first actions, never ranked.
        A ``daily`` game is played under its day's rule set (none
        before 2026-12-07), given or not; :class:`StoreError` for another.  A visitor's first
        action is one transaction: ``player_id`` ``None`` creates the player with the game,
        and ``progress`` (as played from the start) is stored with it at version 2."""
        game_mode = _mode(mode)
        if stage is not None:
            game_rows.check_count(stage, "stage")
        if daily is not None and (not isinstance(daily, date) or isinstance(daily, datetime)):
            raise StoreError(f"daily must be a date, not {daily!r}")
        source = (
            practice.source
            if practice is not None
            else game_rows.deal_source(
                code,
                layout,
                seed,
                difficulty,
                game_mode,
                daily=daily,
                stage=stage,
                challenge=challenge,
            )
        )
        for attempt in range(_ATTEMPTS):
            now = _now()
            game = StoredGame.starting(
                id=_new_id(),
                player_id=player_id or "",
                source=source,
                at=now,
                version=1,
                test_play=test_play,
            )
            if practice is not None:
                game = practice.started(game, now)
            values = {name: getattr(game, name) for name in StoredGame.__slots__}
            if progress is not None:  # its first action, checked as a save checks it
                values.update(game_rows.saved_values(progress, game.version, now))
            try:
                with self._transaction() as connection:
                    if player_id is None:  # no one else knows it yet: nothing to lock
                        values["player_id"] = self._create_player(connection).id
                    else:
                        game_rows.lock_player(connection, player_id)
                        if not game_rows.abandon_open_games(
                            connection, player_id, now, replace=replace
                        ):
                            raise StaleWriteError("a game started in another window")
                    # JSON columns left out stay SQL NULL (None would be 'null')
                    row = {k: v for k, v in values.items() if v is not None or k not in _JSON}
                    connection.execute(insert(games).values({**row, "saved_at": now}))
                return game_rows.game_of_values(values)
            except IntegrityError:
                if attempt == _ATTEMPTS - 1:
                    raise StoreError("too many games were started at once; try again") from None
        raise AssertionError("unreachable")  # pragma: no cover

    def get_game(self, player_id: str, game_id: str) -> StoredGame:
        """The player's game; :class:`GameNotFoundError` if missing or someone else's."""
        with self._transaction(write=False) as connection:
            return game_rows.select_game(connection, player_id, game_id)

    def save_review(self, player_id: str, game_id: str, review: dict[str, object]) -> StoredGame:
        """Keep a finished game's review (its JSON object) so that the next request reads it:
        the game with :attr:`StoredGame.review` set.  :class:`GameNotFoundError` if missing or
        someone else's; a :class:`StoreError` if the game is still in play (a review is of a
        game over or stuck, :data:`.reviews.REVIEWABLE`: a stuck game's review covers the
        actions it has, :func:`.reviews.kept_review`)."""
        with self._transaction() as connection:
            return reviews.keep_review(connection, player_id, game_id, review)

    def reviewable_games(
        self, player_id: str, mode: str | Mode, limit: int, before: str | None = None
    ) -> list[reviews.PlayedGame]:
        """A page of the player's games over or stuck in one ``mode``, the latest first
        (:func:`.reviews.reviewable_games`); writes nothing."""
        with self._transaction(write=False) as connection:
            return reviews.reviewable_games(connection, player_id, _mode(mode).name, limit, before)

    def replay_link(self, player_id: str, game_id: str) -> str:
        """The token of the player's finished game's replay link, the same every time
        (:func:`.reviews.link_of`)."""
        with self._transaction() as connection:
            return reviews.link_of(connection, player_id, game_id)

    def replayed_game(self, token: str, *, today: date) -> StoredGame:
        """The game of a replay link's ``token`` as of ``today`` (UTC), of anyone's
        (:func:`.reviews.replayed_game`); writes nothing."""
        with self._transaction(write=False) as connection:
            return reviews.replayed_game(connection, self._replay_secret, token, today)

    def current_game(self, player_id: str) -> StoredGame | None:
        """The player's latest unfinished (playing, paused or stuck) game, if any."""
        with self._transaction(write=False) as connection:
            row = connection.execute(
                select(games)
                .where(games.c.player_id == player_id, games.c.status.in_(UNFINISHED))
                .order_by(games.c.started_at.desc(), games.c.id.desc())
                .limit(1)
            ).first()
            return None if row is None else game_rows.game_of_row(row)

    def games_in_progress(self) -> int:
        """How many games of all players are unfinished (playing, paused or stuck): one
        ``COUNT`` (a server's metrics ask it at each scrape)."""
        with self._transaction(write=False) as connection:
            query = select(func.count()).select_from(games).where(games.c.status.in_(UNFINISHED))
            return int(connection.execute(query).scalar_one())

    def save_game(
        self, player_id: str, game_id: str, *, version: int, progress: Progress
    ) -> StoredGame:
        """Store the new state of a game read at ``version``; returns it at ``version + 1``.

        :class:`StaleWriteError` when the game was saved since (nothing changes then);
        :class:`StoreError` for a finished game or a bad value.  A game saved as ``won``
        ``abandoned`` or ``lost`` (a challenge, rules §13) is finished: its clock stops and
        ``finished_at`` is set.  A win is
        ``ranked`` unless it was faster than a human (:func:`~.records.humanly_fast`) or the
        solution was shown (:func:`~.records.shows_solution`: ``solution_shown`` is set).
        A test play that ends is deleted in the same transaction (the game is returned).

        ``progress.elapsed`` is the server's measure: the caller rebuilt the game with
        :meth:`StoredGame.elapsed_now` (the stored time plus the running stretch since the
        last save, by the server's clock and never negative), so the clock only runs
        between the actions the API records and stops while the game is paused.
        """
        values = game_rows.saved_values(progress, version, _now())
        finished = values["finished_at"] is not None
        params = {f"new_{name}": values[name] for name in SAVED_COLUMNS}
        params.update(saved_id=game_id, saved_player=player_id, saved_version=version)
        if not finished and self._quick_save is not None:  # a move: one statement alone
            saved = self._quick_save.save(params)
            if saved is None:
                with self._transaction(write=False) as connection:
                    self._refuse_save(connection, player_id, game_id, version)
            return saved  # type: ignore[return-value]  # _refuse_save raised otherwise
        with self._transaction() as connection:
            saved = None
            if self._quick_save is not None:
                row = connection.execute(SAVE, params).first()
                saved = None if row is None else game_rows.game_of_row(row)
            elif connection.execute(SAVE_WRITE, params).rowcount == 1:
                saved = game_rows.select_game(connection, player_id, game_id)
            if saved is None:
                self._refuse_save(connection, player_id, game_id, version)
            if finished:
                saved = game_rows.keep_final_score(connection, saved)  # type: ignore[arg-type]
                game_rows.delete_ended_test_play(connection, game_id)
            return saved  # type: ignore[return-value]  # _refuse_save raised otherwise

    @staticmethod
    def _refuse_save(connection: Connection, player_id: str, game_id: str, version: int) -> None:
        """Why a save wrote nothing: :class:`StaleWriteError` when the game was saved since,
        :class:`StoreError` when it is over (:class:`GameNotFoundError` when it is gone)."""
        current = game_rows.select_game(connection, player_id, game_id)
        if current.version != version:
            raise StaleWriteError(game_id)
        raise StoreError(f"game {game_id!r} is over ({current.status}); it cannot change any more")

    # -- statistics and rankings ----------------------------------------------------

    def statistics(
        self, player_id: str, mode: str | Mode = DEFAULT_MODE, **only: str | None
    ) -> Statistics:
        """The statistics of one ``mode``, plain play's or ``challenge=``'s (:mod:`.statistics`)."""
        with self._transaction(write=False) as connection:
            return rankings.statistics(connection, player_id, _mode(mode).name, **only)

    def leaderboard(
        self,
        player_id: str,
        limit: int = 10,
        mode: str | Mode = DEFAULT_MODE,
        *,
        layout: str | None = None,
        difficulty: str | None = None,
        show_all: bool = False,
        challenge: str | None = None,
    ) -> list[LeaderboardEntry]:
        """The player's ``limit`` fastest ranked wins in one game ``mode`` (a win faster
        than a human is not ranked), only those on ``layout`` (a layout's name, or a Connect
        grid's: ``connect-24x12-down``) and at ``difficulty`` when given; on equal times the
        earlier win first.  Assisted wins only with ``show_all`` (rules §12.3).  Plain
        play's, or ``challenge``'s ranked by its measure (:func:`.rankings.by_measure`)."""
        with self._transaction(write=False) as connection:
            return rankings.leaderboard(
                connection,
                player_id,
                limit,
                _mode(mode).name,
                layout=layout,
                difficulty=difficulty,
                show_all=show_all,
                challenge=challenge,
            )

    def latest_wins(
        self, player_id: str, limit: int = 30, mode: str | Mode = DEFAULT_MODE, **only: str | None
    ) -> list[LeaderboardEntry]:
        """The player's ``limit`` latest ranked wins in one game ``mode`` (plain play's, or
        those of the rule set ``challenge=``), oldest first."""
        with self._transaction(write=False) as connection:
            return rankings.latest_wins(connection, player_id, limit, _mode(mode).name, **only)

    def daily_board(
        self,
        day: date,
        limit: int = 10,
        *,
        viewer: str | None = None,
        show_all: bool = False,
        today: date | None = None,
    ) -> list[DailyEntry]:
        """``day``'s challenge across all players, fastest first (earlier win first on equal
        times), or the highest score first on a day whose rule set ranks by score
        (:func:`~..challenges.daily_rules.daily_rules`, rules §13): each player's first
        finished attempt when it is an unassisted win, or with ``show_all`` every ranked win
        (rules §12.3).  ``viewer``'s entries are ``mine``.  Once ``day`` is over (before
        ``today``), each entry has its replay's token (:func:`.reviews.board_token`, made
        without a write)."""
        secret = self._replay_secret if today is not None and day < today else None
        with self._transaction(write=False) as connection:
            return rankings.daily_board(
                connection, day, limit, viewer, show_all=show_all, secret=secret
            )

    def daily_history(self, player_id: str, today: date) -> DailyHistory:
        """The player's daily challenges as of ``today``: the calendar of the last days
        played and won, and the streaks (rules in :mod:`mahjong_solitaire.store.daily`)."""
        with self._transaction(write=False) as connection:
            return daily_history(connection, player_id, today)

    def stage_progress(self, player_id: str, mode: str | Mode = DEFAULT_MODE) -> StageProgress:
        """The stages of ``mode`` the player has won, with their best times (derived from
        the games: a stage is won when a game created with that ``stage`` is won)."""
        with self._transaction(write=False) as connection:
            return rankings.stage_progress(connection, player_id, _mode(mode).name)

    # -- imported layouts -----------------------------------------------------------

    def save_layout(self, layout: Layout, *, player_id: str) -> str:
        """Keep an imported layout, owned by ``player_id``; returns its unique name (the
        layout's own name, made unique with ``-2``, ``-3``...; the player saving the same
        positions again gets the name they are kept under).

        :class:`LayoutLimitError` when the player keeps :data:`MAX_LAYOUTS_PER_PLAYER`
        layouts already (counted under the player's row lock, so concurrent imports cannot
        overshoot)."""

        def work(connection: Connection) -> str:
            game_rows.lock_player(connection, player_id)
            return imported_layouts.save_layout(connection, layout, player_id, _now())

        return self._retrying(work)

    def imported_layouts(self, player_id: str | None, *, unowned: bool = False) -> list[Layout]:
        """The layouts ``player_id`` imported, in the order they were imported (with
        ``unowned``: also those imported before layouts had owners; the command line's
        view).  Nobody's layouts for ``None``."""
        if player_id is None and not unowned:
            return []
        with self._transaction(write=False) as connection:
            return imported_layouts.layouts_of(connection, player_id, unowned)

    def imported_layout(self, name: str, player_id: str | None, *, unowned: bool = False) -> Layout:
        """The imported layout ``name`` of ``player_id`` (:class:`LayoutNotFoundError` if
        there is none, or it is someone else's)."""
        with self._transaction(write=False) as connection:
            return imported_layouts.find_layout(connection, name, player_id, unowned)

    def delete_layout(self, name: str, player_id: str | None, *, unowned: bool = False) -> None:
        """Delete the imported layout ``name`` of ``player_id`` (with ``unowned``: or of
        no one); :class:`LayoutNotFoundError` if there is none, or it is someone else's.

        The games played on it keep their own copy of the positions and stay playable."""
        with self._transaction() as connection:
            imported_layouts.delete_layout(connection, name, player_id, unowned)

    # -- upkeep ---------------------------------------------------------------------

    def prune(
        self,
        older_than: timedelta,
        *,
        now: datetime | None = None,
        dry_run: bool = False,
        limit: int | None = None,
    ) -> PruneReport:
        """Remove the players inactive for ``older_than`` who never won (at most ``limit``),
        with their games and layouts, in one transaction; with ``dry_run`` only count them
        (rules in :mod:`mahjong_solitaire.store.pruning`; idempotent, safe beside other
        servers; ``pruning.prune_all`` runs it in batches)."""
        with self._transaction(write=not dry_run) as connection:
            return pruning.prune(
                connection, older_than, now=now or _now(), dry_run=dry_run, limit=limit
            )

    # -- export and import ----------------------------------------------------------

    def export_history(self, player_id: str) -> dict[str, object]:
        """The player's games as a ``mahjong-solitaire/history`` document (JSON-ready),
        practice copies left out."""
        with self._transaction(write=False) as connection:
            player = self._require_player(connection, player_id)
            rows = connection.execute(
                select(games)
                .where(
                    games.c.player_id == player_id,
                    games.c.test_play == false(),
                    games.c.practice == false(),  # a copy of a game the file holds
                )
                .order_by(games.c.started_at, games.c.id)
            ).all()
        return history.export_document(player, [game_rows.game_of_row(row) for row in rows])

    def import_history(self, player_id: str, data: object) -> int:
        """Add the games of a history document to the player's; returns how many were new.

        The whole document is checked first (format, every field, every game replayed);
        a bad or foreign document raises :class:`StoreError` and nothing changes.  Games
        the player already has (same start time and deal) are skipped.  An unfinished game
        comes back paused, as the player's open game of its mode, unless the player already
        has one (or the document has a later one): then it comes back abandoned.  Its
        times were not measured by this server, so an imported win is ranked only when it
        is humanly possible and not a daily challenge (the daily board is shared).
        """
        imported = history.parse_document(data)
        with self._transaction() as connection:
            game_rows.lock_player(connection, player_id)
            return history.add_games(connection, player_id, imported, now=_now(), new_id=_new_id)
