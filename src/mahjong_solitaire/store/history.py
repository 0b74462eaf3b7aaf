"""The JSON document of a player's history, for ``export`` and ``import``.

    >>> document = {"format": FORMAT, "version": VERSION, "games": []}
    >>> parse_document(document)
    []
    >>> try:
    ...     parse_document({"format": "something-else", "version": 1})
    ... except StoreError as error:
    ...     print(error)
    not a mahjong-solitaire history file (format 'something-else')

The document (version 3; versions 1 and 2 are still read)::

    {"format": "mahjong-solitaire/history", "version": 3, "exported_at": "...",
     "player": {"display_name": "..."},
     "games": [{"mode": "classic", "code": "MJ1-L00-AAAAABL", "layout_name": "turtle",
                "layout_positions": null, "seed": 12, "difficulty": "normal",
                "daily": null, "stage": null, "started_at": "2026-01-01T10:00:00+00:00",
                "finished_at": "...", "status": "won", "elapsed": 312.5,
                "actions": ["3,17", "hint", ...], "hints": 1, "undos": 0, "shuffles": 0,
                "solution_shown": false, "challenge": null, "times": [4.2, 9.0, ...]}]}

Version 2 added the action kinds of the aids of rules §5.9 and §5.10 (``"solve i,j"``, a
pair the solution demo removed; ``"back n"``, the way back to the last winnable position,
which version 1 logged as ``n`` plain ``"undo"``; ``"finish"``) and ``solution_shown``.  A
version 1 file holds none of them: one that does is refused, and its games' missing
``solution_shown`` is false.

Version 3 added each game's ``challenge``: the name of the rule set it was played under
(rules §13), ``null`` for plain play.  A version 1 or 2 file has none (one that names a
challenge is refused): its games are plain play, and a ``lost`` game in it (written before
the rule set's name was) stays lost.  A version 3 ``lost`` game names its challenge.
Each game may carry ``times``, the game clock at each action (written since the boards
by rule set, issue 27; optional, ``null`` for a game stored before times were kept).
A daily game names its day's rule set (:func:`~..challenges.daily_rules.daily_rules`:
none before 2026-12-07, so no file written before names one), and no other.

On import every game is checked: its deal is rebuilt and its action log replayed, and the
status and aid counts must agree with the replay, so a file cannot invent a win.  A
challenge game is judged again by its rule set (rules §13): its outcome and its score come
from the replay at the file's ``times`` (none: every action at 0 s) and ``elapsed``, never
from the file.  Those times were not measured by this server: an imported challenge win
is never ranked (its score counts in the player's own statistics only).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, date, datetime
from itertools import pairwise
from typing import Any

from sqlalchemy import Connection, insert, select

from ..challenges import UnknownChallengeError, challenge_named, daily_rules
from ..classic.codes import daily_code
from ..core.difficulty import Difficulty
from ..core.game import BACK, FINISH, SOLVE, GameStatus, PlayableDeal
from ..core.layout import Layout
from ..modes import mode_of_code
from .errors import StoreError
from .limits import HUMAN_FLOOR_SECONDS_PER_PAIR, MAX_ELAPSED_SECONDS, human_floor
from .records import (
    GAME_STATUSES,
    UNFINISHED,
    Player,
    StoredGame,
    humanly_fast,
    judgement,
    layout_deal,
)
from .schema import games

__all__ = ["FORMAT", "READABLE_VERSIONS", "VERSION", "export_document", "parse_document"]

FORMAT = "mahjong-solitaire/history"
#: The version written.
VERSION = 3
#: The versions read: 1 (before the aids' own action kinds), 2 (before the challenge) and 3.
READABLE_VERSIONS = (1, 2, 3)

_EXPORTED = (
    "mode",
    "code",
    "layout_name",
    "layout_positions",
    "seed",
    "difficulty",
    "daily",
    "stage",
    "started_at",
    "finished_at",
    "status",
    "elapsed",
    "actions",
    "hints",
    "undos",
    "shuffles",
    "solution_shown",
    "challenge",
    "times",
)


def _is_aid_action(action: str) -> bool:
    """An action kind of version 2 (``"solve i,j"``, ``"back n"``, ``"finish"``)."""
    return action == FINISH or action.startswith((f"{SOLVE} ", f"{BACK} "))


def _json_value(value: object) -> object:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, tuple):  # the times
        return list(value)
    return value


def export_document(player: Player, games: list[StoredGame]) -> dict[str, Any]:
    """The history document of ``player``'s ``games``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": datetime.now(UTC).isoformat(),
        "player": {"display_name": player.display_name},
        "games": [{name: _json_value(getattr(game, name)) for name in _EXPORTED} for game in games],
    }


class _Fields:
    """Typed access to one game object of the document, with messages naming the game."""

    def __init__(self, raw: object, number: int) -> None:
        if not isinstance(raw, dict):
            raise StoreError(f"game {number}: not a JSON object")
        self.raw = raw
        self.number = number

    def fail(self, message: str) -> StoreError:
        return StoreError(f"game {self.number}: {message}")

    def get(
        self, name: str, check: Callable[[Any], bool], what: str, *, optional: bool = False
    ) -> Any:
        if name not in self.raw:
            if optional:
                return None
            raise self.fail(f"{name} is missing")
        value = self.raw[name]
        if value is None and optional:
            return None
        if not check(value):
            raise self.fail(f"{name} = {value!r} is not {what}")
        return value

    def count(self, name: str) -> int:
        value = self.get(name, lambda v: type(v) is int and v >= 0, "a non-negative integer")
        assert isinstance(value, int)  # checked just now
        return value

    def moment(self, name: str, *, optional: bool = False) -> datetime | None:
        text = self.get(name, lambda v: isinstance(v, str), "a timestamp", optional=optional)
        if text is None:
            return None
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise self.fail(f"{name} = {text!r} is not an ISO timestamp") from None
        if moment.tzinfo is None:
            raise self.fail(f"{name} = {text!r} has no time zone")
        return moment.astimezone(UTC)


def _challenge(fields: _Fields, version: int) -> str | None:
    """The game's challenge by its rule set's name (``None``: plain play), checked against
    the rule sets there are."""
    name = fields.get("challenge", lambda v: isinstance(v, str), "a challenge", optional=True)
    if name is None:
        return None
    if version < 3:
        raise fields.fail(f"challenge is not a field of a version {version} file")
    try:
        return challenge_named(name).name
    except UnknownChallengeError as error:
        raise fields.fail(str(error)) from None


def _times(fields: _Fields, actions: list[str], elapsed: float) -> list[float] | None:
    """The game clock at each action (optional: ``None`` when the file has none), one
    finite number per action, never decreasing, none past ``elapsed``."""
    times = fields.get("times", lambda v: isinstance(v, list), "a list of times", optional=True)
    if times is None:
        return None
    numbers = all(type(t) in (int, float) and math.isfinite(t) for t in times)
    if (
        not numbers
        or len(times) != len(actions)
        or any(t < 0 or t > elapsed + 0.001 for t in times)  # a clock's rounding
        or any(a > b for a, b in pairwise(times))
    ):
        raise fields.fail(
            "times must be one number of seconds per action, in order, none past elapsed"
        )
    return [float(t) for t in times]


def _parse_game(raw: object, number: int, version: int) -> dict[str, Any]:
    fields = _Fields(raw, number)
    mode = fields.get("mode", lambda v: isinstance(v, str) and 0 < len(v) <= 16, "a mode")
    status = GameStatus(fields.get("status", lambda v: v in GAME_STATUSES, "a game status"))
    seed = fields.count("seed")
    level = fields.get(
        "difficulty", lambda v: v in {d.value for d in Difficulty}, "easy, normal or hard"
    )
    code = fields.get("code", lambda v: isinstance(v, str), "a game code", optional=True)
    positions = fields.get(
        "layout_positions", lambda v: isinstance(v, list), "a list of positions", optional=True
    )
    name = fields.get(
        "layout_name", lambda v: isinstance(v, str) and 0 < len(v) <= 64, "a layout name"
    )
    daily_text = fields.get("daily", lambda v: isinstance(v, str), "a date", optional=True)
    stage = fields.get(
        "stage", lambda v: type(v) is int and v >= 0, "a stage number", optional=True
    )
    elapsed = fields.get(
        "elapsed",
        lambda v: type(v) in (int, float) and math.isfinite(v) and 0 <= v <= MAX_ELAPSED_SECONDS,
        f"a number of seconds in 0..{MAX_ELAPSED_SECONDS} (a week)",
    )
    actions = fields.get(
        "actions",
        lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v),
        "a list of actions",
    )
    counts = {what: fields.count(what) for what in ("hints", "undos", "shuffles")}
    shown = fields.get(
        "solution_shown", lambda v: isinstance(v, bool), "true or false", optional=True
    )
    challenge = _challenge(fields, version)
    times = _times(fields, actions, elapsed)
    if version == 1:
        newer = next((action for action in actions if _is_aid_action(action)), None)
        if newer is not None:
            raise fields.fail(f"action {newer[:24]!r} is not an action of a version 1 file")
    started_at = fields.moment("started_at")
    finished_at = fields.moment("finished_at", optional=True)
    try:
        daily = None if daily_text is None else date.fromisoformat(daily_text)
    except ValueError:
        raise fields.fail(f"daily = {daily_text!r} is not a date") from None
    if code is None and positions is None:
        raise fields.fail("a game has a code or layout positions (or both)")
    game_mode = mode_of_code(code)  # a game with no code is played in the default mode
    if mode != game_mode.name:
        raise fields.fail(f"this game is played in mode {game_mode.name!r}, not {mode!r}")
    if challenge is not None and not game_mode.challenges:
        raise fields.fail(f"challenge {challenge!r} is not played in mode {mode!r}")
    if daily is not None:
        rules = daily_rules(daily)
        if challenge != (None if rules is None else rules.name):
            ruled = "plain play" if rules is None else f"the {rules.name} challenge"
            raise fields.fail(f"the daily challenge of {daily} is {ruled}, not {challenge}")
    if status is GameStatus.LOST and challenge is None and version >= 3:
        raise fields.fail("status lost is a challenge's, and this game names none")
    try:
        deal: PlayableDeal
        if positions is None:
            parsed = game_mode.parse(code)
            if (parsed.seed, parsed.difficulty.value) != (seed, level):
                raise fields.fail(f"seed and difficulty contradict code {code}")
            code = str(parsed)
            if daily is not None and code != str(daily_code(daily)):
                raise fields.fail(f"{code} is not the daily challenge of {daily}")
            deal = game_mode.deal(code)
            name = game_mode.ranking_name(deal)
        else:
            layout = Layout.from_positions(positions, name=name)
            positions = [list(p) for p in layout.positions]
            # a code beside the positions names them by their hash and the version they
            # were dealt by (histories written before had none: the first): it must be
            # this deal's
            named = None if code is None else str(game_mode.parse(code))
            deal = layout_deal(layout.positions, name, seed, level, named)
            if named is not None and named != deal.code:
                raise fields.fail(f"code {code} does not name this layout, seed and difficulty")
            code = deal.code
    except StoreError:
        raise
    except ValueError as error:
        raise fields.fail(str(error)) from None
    finished = not status.is_open
    if finished and finished_at is None:
        raise fields.fail(f"a {status} game needs finished_at")
    # Every game is replayed: its counts and status must follow from its moves.
    try:
        game = game_mode.game.replay(deal, actions)
    except ValueError as error:
        raise fields.fail(str(error)) from None
    score = None
    if challenge is None:
        if (game.board.is_won()) != (status is GameStatus.WON):
            raise fields.fail(f"status {status} does not match its moves")
    else:
        status, score = _rejudged(fields, deal, mode, challenge, actions, times, elapsed, status)
    replayed = {"hints": game.hints, "undos": game.undos, "shuffles": game.shuffles}
    # a file written before a position's hints counted once counted every press
    pressed = {**replayed, "hints": actions.count("hint")}
    if counts not in (replayed, pressed):
        raise fields.fail(f"aid counts {counts} do not match its actions {replayed}")
    if shown is not None and shown != game.solution_shown:
        raise fields.fail(f"solution_shown = {shown} does not match its actions")
    if status is GameStatus.STUCK and game.status is not GameStatus.STUCK:
        raise fields.fail("status stuck does not match its moves")
    pairs = len(game.moves)
    if status is GameStatus.WON and elapsed < human_floor(pairs):
        raise fields.fail(
            f"won in {elapsed:g} s: {pairs} pairs take a person at least "
            f"{human_floor(pairs):g} s ({HUMAN_FLOOR_SECONDS_PER_PAIR:g} s a pair)"
        )
    if status is GameStatus.PLAYING:
        status = GameStatus.PAUSED  # an imported game waits for its player, clock stopped
    return {
        "mode": mode,
        "code": code,
        "layout_name": name,
        "layout_positions": positions,
        "seed": seed,
        "difficulty": level,
        "daily": daily,
        "stage": stage,
        "started_at": started_at,
        "finished_at": finished_at if finished else None,
        "actions": list(actions),
        "elapsed": float(elapsed),
        "running_since": None,
        "status": status,
        **replayed,
        "solution_shown": game.solution_shown,
        "challenge": challenge,
        "times": times,
        "score": score,
        "version": 1,
        "selection": None,
    }


def _rejudged(
    fields: _Fields,
    deal: PlayableDeal,
    mode: str,
    challenge: str,
    actions: list[str],
    times: list[float] | None,
    elapsed: float,
    status: GameStatus,
) -> tuple[GameStatus, int | None]:
    """A challenge game's outcome and score as its rule set judges its log (rules §13) at
    the file's ``times`` (``None``: every action at 0 s) and ``elapsed``, never as the file
    says: a won or lost status that the judgement does not give is refused; so is a status
    that is neither when the judgement ends the game.  The score is kept for a won or lost
    game."""
    judged = judgement(deal, mode, challenge, actions, times, elapsed)
    ended = (GameStatus.WON, GameStatus.LOST)
    if (status in ended or judged.status is not None) and status is not judged.status:
        outcome = "goes on" if judged.status is None else f"is {judged.status}"
        raise fields.fail(
            f"status {status} does not match its moves: under the {challenge} rules it {outcome}"
        )
    return status, judged.figures.score if status in ended else None


def parse_document(data: object) -> list[dict[str, Any]]:
    """Check a history document; the games' column values, ready to insert.

    :class:`StoreError` names the first problem (foreign format, newer version, a game
    whose field or moves are wrong).
    """
    if not isinstance(data, dict):
        raise StoreError("not a mahjong-solitaire history file (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise StoreError(f"not a mahjong-solitaire history file (format {data.get('format')!r})")
    version = data.get("version")
    if type(version) is not int:
        raise StoreError(f"history file version {version!r} is not a number")
    if version not in READABLE_VERSIONS:
        raise StoreError(
            f"history file version {version} is not supported "
            f"(this program reads versions {', '.join(map(str, READABLE_VERSIONS))})"
        )
    raw_games = data.get("games")
    if not isinstance(raw_games, list):
        raise StoreError("the history file has no list of games")
    return [_parse_game(raw, number, version) for number, raw in enumerate(raw_games, start=1)]


def add_games(
    connection: Connection,
    player_id: str,
    imported: list[dict[str, Any]],
    *,
    now: datetime,
    new_id: Callable[[], str],
) -> int:
    """Insert the :func:`parse_document` games the player does not have yet (same start
    time and deal), under the player's row lock the caller holds; returns how many.  An
    unfinished game comes back as the open game of its mode unless the player has one
    already (or the document a later one): then abandoned.  An imported win is ranked only
    when humanly possible and neither a daily challenge nor a challenge game (its times
    were not measured here)."""
    known = {
        (row.started_at, row.code, row.layout_name, row.seed, row.difficulty)
        for row in connection.execute(
            select(
                games.c.started_at,
                games.c.code,
                games.c.layout_name,
                games.c.seed,
                games.c.difficulty,
            ).where(games.c.player_id == player_id)
        )
    }
    open_modes = set(
        connection.execute(
            select(games.c.mode).where(
                games.c.player_id == player_id, games.c.status.in_(UNFINISHED)
            )
        ).scalars()
    )
    fresh = []
    latest_first = sorted(imported, key=lambda values: values["started_at"], reverse=True)
    for values in latest_first:
        key = (
            values["started_at"],
            values["code"],
            values["layout_name"],
            values["seed"],
            values["difficulty"],
        )
        if key in known:
            continue
        known.add(key)
        values = {
            **values,
            "id": new_id(),
            "player_id": player_id,
            "saved_at": now,
            "ranked": values["status"] != GameStatus.WON
            or (
                values["daily"] is None
                and values["challenge"] is None
                and not values["solution_shown"]
                and humanly_fast(values["elapsed"], values["actions"])
            ),
        }
        if values["status"] in UNFINISHED:
            if values["mode"] in open_modes:
                values.update(status=GameStatus.ABANDONED, finished_at=now)
            open_modes.add(values["mode"])
        fresh.append(values)
    if fresh:
        connection.execute(insert(games), fresh[::-1])
    return len(fresh)
