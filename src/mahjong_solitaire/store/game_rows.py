"""The SQL of one player's games that :class:`~.store.Store` runs inside its transactions:
rows read back as records, the checks on what is written, where a new game's deal comes
from, the player's row lock, the abandoning of open games and the end of a test play.

    >>> from mahjong_solitaire.store import Store
    >>> with Store("sqlite://") as store, store.engine.connect() as connection:
    ...     me = store.player(None).id
    ...     select_game(connection, me, "gone")
    Traceback (most recent call last):
    ...
    mahjong_solitaire.store.errors.GameNotFoundError: there is no game 'gone' for this player
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import Connection, Row, delete, select, true, update

from ..challenges import UnknownChallengeError, challenge_named, daily_rules
from ..classic.codes import GameCode
from ..core.difficulty import Difficulty
from ..core.game import GameStatus
from ..core.layout import Layout
from ..modes import Mode, mode_of_code
from .errors import GameNotFoundError, StoreError
from .records import (
    GAME_STATUSES,
    UNFINISHED,
    DealSource,
    Player,
    Progress,
    StoredGame,
    humanly_fast,
    is_key,
    shows_solution,
)
from .schema import games, players

__all__ = [
    "abandon_open_games",
    "challenge_name",
    "challenge_of",
    "check_actions",
    "check_count",
    "check_times",
    "daily_challenge",
    "deal_source",
    "delete_ended_test_play",
    "game_of_row",
    "keep_final_score",
    "lock_player",
    "player_of_row",
    "saved_values",
    "select_game",
]


def game_of_row(row: Row[Any]) -> StoredGame:
    return game_of_values(row._mapping)


def game_of_values(values: Mapping[Any, Any]) -> StoredGame:
    """The :class:`StoredGame` of a row's values by column name.  (SQLite's ``RETURNING``
    gives a whole ``elapsed`` as an int: it is a float, as a read gives it.)"""
    fields = {name: values[name] for name in StoredGame.__slots__}
    status, elapsed = GameStatus(fields["status"]), float(fields["elapsed"])
    times = None if fields["times"] is None else tuple(float(t) for t in fields["times"])
    return StoredGame(**{**fields, "status": status, "elapsed": elapsed, "times": times})


def player_of_row(row: Row[Any]) -> Player:
    return Player(row.id, row.display_name, row.created_at)


def check_count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StoreError(f"{what} must be a non-negative integer, not {value!r}")
    return value


def check_actions(actions: object) -> list[str]:
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise StoreError("actions must be a list of texts")
    return list(actions)


def saved_values(progress: Progress, version: int, now: datetime) -> dict[str, Any]:
    """The values a save of ``progress`` at ``version`` writes at ``now``, every one checked
    (:class:`StoreError` for a bad one; see :meth:`~.store.Store.save_game`)."""
    status, elapsed, running = progress.status, progress.elapsed, progress.running
    hints, undos, shuffles = progress.hints, progress.undos, progress.shuffles
    selection = progress.selection
    if status not in GAME_STATUSES:
        raise StoreError(f"{status!r} is not a game status ({', '.join(GAME_STATUSES)})")
    status = GameStatus(status)
    actions = list(progress.actions) if isinstance(progress.actions, tuple) else progress.actions
    actions = check_actions(actions)
    times = check_times(progress.times, actions)
    check_count(version, "version")
    counts = {
        what: check_count(value, what)
        for what, value in (("hints", hints), ("undos", undos), ("shuffles", shuffles))
    }
    if selection is not None:
        check_count(selection, "selection")
    if (
        isinstance(elapsed, bool)
        or not isinstance(elapsed, int | float)
        or not math.isfinite(elapsed)
        or elapsed < 0
    ):
        raise StoreError(f"elapsed must be a non-negative number of seconds, not {elapsed!r}")
    finished = not status.is_open
    solution_shown = shows_solution(actions)
    return dict(
        actions=actions,
        times=times,
        elapsed=float(elapsed),
        status=status,
        **counts,
        running_since=now if running and not finished else None,
        selection=None if finished else selection,
        finished_at=now if finished else None,
        version=version + 1,
        ranked=status is not GameStatus.WON
        or (humanly_fast(elapsed, actions) and not solution_shown),
        solution_shown=solution_shown,
        saved_at=now,
    )


def check_times(times: object, actions: list[str]) -> list[float] | None:
    """The clock at each action as a save writes it: ``None`` (not known), or one finite,
    non-negative number of seconds per action."""
    if times is None:
        return None
    if (
        not isinstance(times, tuple | list)
        or len(times) != len(actions)
        or not all(
            isinstance(t, int | float) and not isinstance(t, bool) and math.isfinite(t) and t >= 0
            for t in times
        )
    ):
        raise StoreError("times must be one non-negative number of seconds per action")
    return [float(t) for t in times]


def deal_source(
    code: str | None,
    layout: Layout | None,
    seed: int | None,
    difficulty: str | Difficulty | None,
    mode: Mode,
    *,
    daily: date | None = None,
    stage: int | None = None,
    challenge: str | None = None,
) -> DealSource:
    """What a game of ``code`` (or ``layout``, ``seed`` and ``difficulty``) in ``mode`` is
    dealt from, under ``challenge`` (a rule set's name) or the one the code names (its
    suffix, rules §7.2: the source keeps the deal's own code and the name apart), or for
    ``daily``'s challenge the day's own rule set (:func:`daily_challenge`);
    :class:`StoreError` for a contradiction or an unknown challenge."""
    if (code is None) == (layout is None):
        raise StoreError("a game is created from a code or from a layout (one of them)")
    owner = mode_of_code(code)  # a layout (no code) is played in the default mode
    if owner is not mode:
        raise StoreError(f"this game is played in mode {owner.name!r}, not {mode.name!r}")
    if code is not None:
        parsed = mode.parse(code)
        if seed is not None and seed != parsed.seed:
            raise StoreError(f"seed {seed} contradicts code {parsed}")
        if difficulty is not None and Difficulty.parse(difficulty) != parsed.difficulty:
            raise StoreError(f"difficulty {difficulty} contradicts code {parsed}")
        if isinstance(parsed, GameCode) and parsed.challenge is not None:
            if challenge is not None and challenge_name(challenge) != parsed.challenge:
                raise StoreError(f"challenge {challenge!r} contradicts code {parsed}")
            challenge, parsed = parsed.challenge, parsed.plain
        challenge = daily_challenge(daily, challenge)
        return DealSource(
            mode=mode.name,
            code=str(parsed),
            layout_name=mode.ranking_name(mode.deal(str(parsed))),
            seed=parsed.seed,
            difficulty=parsed.difficulty.value,
            daily=daily,
            stage=stage,
            challenge=challenge_of(mode, challenge),
        )
    assert layout is not None
    if seed is None or isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise StoreError(f"a seed is a non-negative integer, not {seed!r}")
    level = Difficulty.parse(difficulty or Difficulty.NORMAL)
    code = str(GameCode.of(layout, seed, level))
    challenge = daily_challenge(daily, challenge)
    source = DealSource(
        mode.name,
        code,
        layout.name,
        seed,
        level.value,
        daily=daily,
        stage=stage,
        challenge=challenge_of(mode, challenge),
    )
    if layout.number is not None:  # a built-in layout: its code says it all
        return source
    # an imported layout: its code names it by its hash, and the game keeps its positions
    positions = [list(p) for p in layout.positions]
    return replace(source, layout_name=layout.name[:64], layout_positions=positions)


def challenge_name(name: object) -> str:
    """The name of the rule set called ``name``, as the registry spells it;
    :class:`StoreError` for a name none has."""
    try:
        return challenge_named(name).name  # type: ignore[arg-type]  # checked there
    except UnknownChallengeError as error:
        raise StoreError(str(error)) from None


def daily_challenge(day: date | None, name: str | None) -> str | None:
    """The challenge a game of ``day``'s daily challenge is played under: the day's own
    rule set (:func:`~..challenges.daily_rules.daily_rules`, ``None`` before it had one),
    whether ``name`` names it or is ``None``; :class:`StoreError` for any other, and
    ``name`` itself for a game that is no daily."""
    if day is None:
        return name
    rules = daily_rules(day)
    ruled = None if rules is None else rules.name
    if name is not None and challenge_name(name) != ruled:
        raise StoreError(f"the daily challenge of {day} is played under {ruled}, not {name!r}")
    return ruled


def challenge_of(mode: Mode, name: str | None) -> str | None:
    """The challenge a new game of ``mode`` is played under (``None``: plain play);
    :class:`StoreError` for an unknown name or a mode without challenges."""
    if name is None:
        return None
    if not mode.challenges:
        raise StoreError(f"challenges are played in classic games, not in {mode.name}")
    return challenge_name(name)


def lock_player(connection: Connection, player_id: str) -> Player:
    """The player, its row locked to the end of the transaction (PostgreSQL; SQLite's
    ``BEGIN IMMEDIATE`` already lets one writer in at a time)."""
    if not isinstance(player_id, str) or not 0 < len(player_id) <= 64:
        raise StoreError("there is no such player")
    row = connection.execute(
        select(players).where(players.c.id == player_id).with_for_update()
    ).first()
    if row is None:
        raise StoreError("there is no such player")
    return player_of_row(row)


def abandon_open_games(
    connection: Connection, player_id: str, now: datetime, *, replace: bool = True
) -> bool:
    """Abandon the player's unfinished games (an open test play is deleted instead: it is
    not kept once it ends); ``False`` (and nothing changed) when there is one and
    ``replace`` is false."""
    open_games = connection.execute(
        select(games.c.id, games.c.elapsed, games.c.running_since, games.c.test_play)
        .where(games.c.player_id == player_id, games.c.status.in_(UNFINISHED))
        .with_for_update()
    ).all()
    if open_games and not replace:
        return False
    connection.execute(
        delete(games).where(
            games.c.player_id == player_id,
            games.c.status.in_(UNFINISHED),
            games.c.test_play == true(),
        )
    )
    for row in open_games:
        if row.test_play:
            continue
        elapsed = row.elapsed
        if row.running_since is not None:
            elapsed += max(0.0, (now - row.running_since).total_seconds())
        connection.execute(
            update(games)
            .where(games.c.id == row.id)
            .values(
                status=GameStatus.ABANDONED,
                finished_at=now,
                running_since=None,
                elapsed=elapsed,
                selection=None,
                version=games.c.version + 1,
                saved_at=now,
            )
        )
    return True


def keep_final_score(connection: Connection, game: StoredGame) -> StoredGame:
    """Judge the score of ``game``, a challenge game just saved as won or lost, once
    (:meth:`~.records.StoredGame.judged_score`: its log replayed with the server's times)
    and keep it in ``games.score``, so that no board replays it; ``game`` with its score.
    Any other game is returned as it is."""
    if game.challenge is None or game.status not in (GameStatus.WON, GameStatus.LOST):
        return game
    score = game.judged_score()
    if score is None:
        return game
    connection.execute(update(games).where(games.c.id == game.id).values(score=score))
    return replace(game, score=score)


def delete_ended_test_play(connection: Connection, game_id: str) -> None:
    """Delete the game ``game_id`` if it is a test play that has ended (one statement: the
    database decides, nothing is read first)."""
    connection.execute(
        delete(games).where(
            games.c.id == game_id,
            games.c.test_play == true(),
            games.c.status.not_in(UNFINISHED),
        )
    )


def select_game(connection: Connection, player_id: str, game_id: str) -> StoredGame:
    if not is_key(game_id) or not isinstance(player_id, str) or "\x00" in player_id:
        raise GameNotFoundError(str(game_id))
    row = connection.execute(
        select(games).where(games.c.id == game_id, games.c.player_id == player_id)
    ).first()
    if row is None:
        raise GameNotFoundError(game_id)
    return game_of_row(row)
