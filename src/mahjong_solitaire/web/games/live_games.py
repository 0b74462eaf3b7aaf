"""Live games: each server process keeps the games it served lately, so a request does not
replay the whole action log (and every hint in it, each a solver search) to rebuild them.

The store stays the truth.  A kept game is used only when the stored version says it is
current, and that is checked on every request:

* a read (``GET``) reads the stored record anyway: the kept game is used if it is at that
  version, advanced by the new actions if the stored log extends it (another process
  played), rebuilt otherwise;
* an action on a kept game is tried on it straight away, and its save is the check: the
  store writes only if the stored version is still the kept one (``save_game`` updates
  ``WHERE version = …``).  If another process saved first, or the action is refused or
  changes nothing, the kept game is set aside and the request is done again the ordinary
  way (read, rebuild or advance, act, save), so an answer never comes from a stale game and
  nothing is saved twice.

A game is a pure function of its deal and its action log (rules §12): the hint plan a
classic game keeps is part of it, so the "still winnable?" verdict is worked out on a copy
of that plan (:func:`winnability`) and the one action that lets the solver change the plan,
undo-to-winnable, is never kept (:func:`uncached`).  The verdict is remembered with the game
for its position: the page asks it once per move, and a tap that only selects keeps it.

A kept game is lent to one request at a time (taken out of the cache and put back when its
answer is made); a second request on the same game meanwhile rebuilds its own copy.

    >>> from datetime import UTC, datetime
    >>> from mahjong_solitaire.store import Store
    >>> from mahjong_solitaire.modes import mode_named
    >>> def rebuild(stored, at):  # what the lifecycle does: replay the log through the mode
    ...     return mode_named(stored.mode).replay(stored.code, stored.actions)
    >>> store = Store("sqlite://")
    >>> player = store.player(None).id
    >>> stored = store.create_game(player, code="MJ1-L00-AAAAABL")
    >>> live = LiveGames()
    >>> game = live.game(stored, datetime.now(UTC), rebuild)   # rebuilt: nothing kept yet
    >>> live.keep(stored, game)
    >>> live.game(stored, datetime.now(UTC), rebuild) is game  # the same object, lent again
    True
    >>> store.close()
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from fastapi import Request
from pydantic import BaseModel
from sqlalchemy.exc import SQLAlchemyError

from ...classic.game import Game
from ...core.game import GameStatus, TileGame
from ...solver.winnability import Status, Winnability
from ...store import GameNotFoundError, StaleWriteError, StoredGame, StoreError

__all__ = [
    "CAPACITY",
    "SOLVER_TURN",
    "SOLVER_WAIT",
    "VERDICTS",
    "LiveGames",
    "live_games",
    "remember_opening",
    "restore",
    "resume_as_stored",
    "uncached",
    "winnability",
]

#: Games kept per process (least recently used first out): about 13 KiB each with its
#: deal (measured: 40 moves on a Turtle deal of its own), so 2000 take some 26 MiB.
CAPACITY = 2000

GameT = TypeVar("GameT", bound=TileGame)
#: An action's outcome: the record saved (the same one when nothing changed), the game,
#: and what the action adds to its answer.
Acted = tuple[StoredGame, TileGame, BaseModel | None]


def _zero() -> float:
    return 0.0


def resume_as_stored(game: TileGame, stored: StoredGame) -> None:
    """Pause ``game`` and restore its selection as ``stored`` has them (the first tap of a
    pair may have been served by another process): what a rebuild and a kept game both
    need after their actions are the stored ones.  The clock at each action is the
    stored one (the server's), not the replay's."""
    game.keep_times(stored.times)
    if stored.status is GameStatus.PAUSED:
        game.pause()
    selection = stored.selection
    if selection is not None and not game.is_paused and game.board.is_free(selection):
        game.selection = selection


def restore(game: TileGame, stored: StoredGame, now: datetime) -> None:
    """Set the clock, the pause and the selection of ``game`` (whose actions are the
    stored ones) from the record at ``now``, so the game equals a fresh rebuild
    (:func:`.lifecycle.rebuild`)."""
    game.set_clock(stored.elapsed_now(now), _zero)
    game.selection = None
    resume_as_stored(game, stored)


# -- the verdict -------------------------------------------------------------------------

#: Verdicts by position: (code, actions, with the way back) -> verdict, shared by the games
#: of one deal (a daily challenge, a stage, every new game's first position); least
#: recently used out.
_verdicts: OrderedDict[tuple[str, tuple[str, ...], bool], Winnability] = OrderedDict()
VERDICTS = 4000
#: Verdicts of games without a code (an imported layout), per game object:
#: (actions, with the way back) -> verdict.
_own_verdicts: weakref.WeakKeyDictionary[TileGame, dict[tuple[int, bool], Winnability]] = (
    weakref.WeakKeyDictionary()
)
#: Games whose hint plan an action changed beyond what their log says (never kept).
_tainted: weakref.WeakSet[TileGame] = weakref.WeakSet()
_lock = threading.Lock()
#: One verdict is worked out at a time per process: the solver is pure CPU, and several
#: at once would only slow each other and every tap served meanwhile (one interpreter lock).
SOLVER_TURN = threading.Lock()
#: How long a verdict waits for the solver another request holds before it answers
#: ``unknown`` instead (not remembered: the next request asks again).  Without a bound, a
#: crowd's verdicts queue on the solver, each holding one of the request threads that the
#: taps need as well; the page only hides its chip for an ``unknown``.
SOLVER_WAIT = 0.05


def _known(
    game: TileGame, code: str | None, moves: tuple[str, ...], undo: bool
) -> Winnability | None:
    """A verdict worked out before for this position (a whole one answers a status too)."""
    for whole in (True,) if undo else (True, False):
        if code is not None:
            found = _verdicts.get((code, moves, whole))
            if found is not None:
                _verdicts.move_to_end((code, moves, whole))
                return found
        else:
            found = _own_verdicts.get(game, {}).get((len(moves), whole))
            if found is not None:
                return found
    return None


def winnability(game: Game, *, undo: bool = True) -> Winnability:
    """``game.winnability()`` without side effects, remembered for the game's position.

    The solver may keep the winning plan it finds in the game's hinter, which would change
    the game's later hints; a replay of the log would not have that plan.  So the verdict
    is worked out on a copy of the plan (``Game.winnability(keep_plan=False)``; the board
    is not changed by the check).  The verdict is a function of the deal and the action
    log (the hint plan included), so games of one code share it.

    ``undo=False``: the status alone, without looking back for the last winnable position
    of a lost one (``undo`` is then None).  The status is the whole verdict's: both come
    from the same first search (:func:`~..solver.winnability.winnability`), and the looking
    back is most of the work (along random play a whole verdict took 6.5 ms on average, its
    first search alone 1.8 ms).

    One verdict is worked out at a time per process: one that finds the solver busy for
    :data:`SOLVER_WAIT` answers ``unknown`` (the budget of a busy server), and is not
    remembered."""
    code: str | None = game.deal.code
    moves = tuple(game.actions)
    with _lock:
        known = _known(game, code, moves, undo)
    if known is not None:
        return known
    if not SOLVER_TURN.acquire(timeout=SOLVER_WAIT):
        return Winnability(Status.UNKNOWN, None)
    try:
        verdict = game.winnability(look_back=undo, keep_plan=False)
    finally:
        SOLVER_TURN.release()
    with _lock:
        if code is not None:
            _verdicts[(code, moves, undo)] = verdict
            while len(_verdicts) > VERDICTS:
                _verdicts.popitem(last=False)
        else:
            _own_verdicts.setdefault(game, {})[(len(moves), undo)] = verdict
    return verdict


def remember_opening(code: str, verdict: Winnability) -> None:
    """Keep ``verdict``, worked out elsewhere (a worker process,
    :meth:`~...core.mode.Mode.opening_verdict`) for the first position of the deal of
    ``code``, as :func:`winnability` keeps what it works out there: a fresh game's plan is
    empty and there is nothing to undo, so the whole verdict is also the status alone."""
    with _lock:
        _verdicts[(code, (), True)] = verdict
        _verdicts.move_to_end((code, (), True))
        while len(_verdicts) > VERDICTS:
            _verdicts.popitem(last=False)


def uncached(
    action: Callable[[GameT], BaseModel | None],
) -> Callable[[GameT], BaseModel | None]:
    """``action``, marking the game it acts on as not to be kept (undo-to-winnable: the
    solver it runs leaves a plan in the hinter that a replay of the log would not have)."""

    def marked(game: GameT) -> BaseModel | None:
        with _lock:
            _tainted.add(game)
        return action(game)

    return marked


# -- the cache ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Entry:
    stored: StoredGame
    game: TileGame


class LiveGames:
    """The games one process keeps, by game id (see the module documentation)."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        #: how requests found their game: read and "kept", "advanced" or "rebuilt"; acted
        #: on the kept game unread ("acted"), or done again after that failed ("retried")
        self.counts = dict.fromkeys(("kept", "advanced", "rebuilt", "acted", "retried"), 0)

    def __len__(self) -> int:
        return len(self._entries)

    def _take(self, game_id: str, player_id: str) -> _Entry | None:
        """The kept game ``game_id`` of ``player_id``, taken out (lent) if there is one."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry.stored.player_id != player_id:
                return None
            del self._entries[game_id]
            return entry

    def keep(self, stored: StoredGame, game: TileGame) -> None:
        """Put back ``game``, the state of ``stored`` (after its answer was made), unless
        a newer version of it is kept already."""
        if stored.id.startswith("new:") or len(game.actions) != len(stored.actions):
            return
        with _lock:
            if game in _tainted:
                return
        with self._lock:
            known = self._entries.get(stored.id)
            if known is not None and known.stored.version > stored.version:
                return
            self._entries[stored.id] = _Entry(stored, game)
            self._entries.move_to_end(stored.id)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)

    def drop(self, game_id: str) -> None:
        with self._lock:
            self._entries.pop(game_id, None)

    def game(
        self, stored: StoredGame, now: datetime, build: Callable[[StoredGame, datetime], TileGame]
    ) -> TileGame:
        """The game of ``stored`` (a record just read) at ``now``, lent to the caller: the
        kept one at that version, or the kept one advanced by the actions logged since, or
        ``build(stored, now)``."""
        entry = self._take(stored.id, stored.player_id)
        if entry is not None:
            game = entry.game
            done = len(game.actions)
            if entry.stored.version == stored.version and done == len(stored.actions):
                restore(game, stored, now)
                self.counts["kept"] += 1
                return game
            if entry.stored.version < stored.version and stored.actions[:done] == game.actions:
                referee, game.referee = game.referee, None  # as in a replay: logged actions
                try:  # were allowed when they were taken
                    restore(game, entry.stored, now)
                    if game.is_paused:
                        game.resume()  # as in a replay: the log is played on a running clock
                    for action in stored.actions[done:]:
                        game.apply(action)
                    restore(game, stored, now)
                except ValueError:
                    pass  # rebuilt below, which reports a log that cannot be replayed
                else:
                    self.counts["advanced"] += 1
                    return game
                finally:
                    game.referee = referee
        self.counts["rebuilt"] += 1
        return build(stored, now)

    def act(
        self,
        player_id: str,
        game_id: str,
        version: int | None,
        mode: str,
        now: datetime,
        *,
        load: Callable[[], tuple[StoredGame, TileGame]],
        step: Callable[[StoredGame, TileGame], Acted],
    ) -> Acted:
        """An action: ``step(stored, game)`` (check, act, save) on the kept game if there
        is one at ``version`` (any when None), trusted only if it saved (the store checked
        the version); otherwise, or if that fails, ``step(*load())`` the ordinary way."""
        entry = self._take(game_id, player_id)
        if (
            entry is not None
            and entry.stored.mode == mode
            and (version is None or version == entry.stored.version)
        ):
            game = entry.game
            restore(game, entry.stored, now)
            try:
                stored, acted, extra = step(entry.stored, game)
            except (StoreError, SQLAlchemyError) as error:
                if not isinstance(error, StaleWriteError | GameNotFoundError):
                    raise  # the database failed: whether it wrote is not known, never retried
            except Exception:
                pass
            else:
                if stored is not entry.stored:
                    self.counts["acted"] += 1
                    return stored, acted, extra  # saved: the kept game was current
                self.keep(entry.stored, game)  # nothing changed: see what the store says
            self.counts["retried"] += 1
        elif entry is not None:
            self.keep(entry.stored, entry.game)
        return step(*load())


_making = threading.Lock()


def live_games(request: Request) -> LiveGames:
    """The games kept by the application serving ``request`` (made on first use)."""
    state = request.app.state
    found = getattr(state, "live_games", None)
    if found is None:
        with _making:
            found = getattr(state, "live_games", None)
            if found is None:
                found = state.live_games = LiveGames()
    return found
