"""Storage that does not grow forever (issue #25, item 4): ``Store.prune`` and
``mahjong-solitaire prune`` remove the players inactive for long who never won, with their
games and layouts, and nothing a leaderboard or a daily board shows; the multi-player server
runs the same pruning once a day.  Runs on SQLite and on PostgreSQL (the ``store``
fixture)."""

from __future__ import annotations

import threading
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

from mahjong_solitaire.cli import main
from mahjong_solitaire.core.game import GameStatus
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.store import Progress, PruneReport, Store
from mahjong_solitaire.store.pruning import prune_all
from mahjong_solitaire.store.schema import games, layouts, players
from mahjong_solitaire.web.upkeep import PRUNE_EVERY, DailyPruning, pruning_lifespan

CODE = "MJ1-L00-AAAAABL"
DAY = date(2026, 11, 20)
NINETY = timedelta(days=90)
NOW = datetime.now(UTC)
#: Long enough ago to be pruned with ``--older-than 90``.
LONG_AGO = NOW - timedelta(days=120)
RECENTLY = NOW - timedelta(days=3)


def _age(store: Store, player_id: str, at: datetime = LONG_AGO) -> None:
    """Move everything the player did to ``at``."""
    with store.engine.begin() as connection:
        connection.execute(update(players).where(players.c.id == player_id).values(created_at=at))
        connection.execute(
            update(games)
            .where(games.c.player_id == player_id)
            .values(started_at=at, saved_at=at, finished_at=at, running_since=None)
        )
        connection.execute(
            update(layouts).where(layouts.c.player_id == player_id).values(created_at=at)
        )


def _finish(store: Store, player_id: str, game_id: str, status: GameStatus) -> None:
    store.save_game(
        player_id,
        game_id,
        version=1,
        progress=Progress(actions=(), elapsed=300.0, running=False, status=status),
    )


def _leaver(store: Store) -> str:
    """A player who played two games (one abandoned, one left open), imported a layout, and
    left long ago without a win."""
    player = store.player(None).id
    store.create_game(player, code=CODE)
    store.create_game(player, code=CODE)
    turtle = builtin_layout("turtle").positions
    from mahjong_solitaire.core.layout import Layout

    store.save_layout(Layout.from_positions(turtle, name="Mine"), player_id=player)
    _age(store, player)
    return player


def test_an_inactive_anonymous_player_who_never_won_is_removed_with_games_and_layouts(
    store: Store,
) -> None:
    gone = _leaver(store)
    assert store.prune(NINETY) == PruneReport(players=1, games=2, layouts=1)
    assert store.find_player(gone) is None
    assert store.imported_layouts(None, unowned=True) == []  # not left ownerless either
    assert store.current_game(gone) is None


def test_a_player_who_won_a_game_stays(store: Store) -> None:
    winner = store.player(None).id
    _finish(store, winner, store.create_game(winner, code=CODE).id, GameStatus.WON)
    _age(store, winner)
    assert store.prune(NINETY) == PruneReport(0, 0, 0)
    assert [entry.time for entry in store.leaderboard(winner)] == [300.0]


def test_a_daily_board_entry_stays_and_a_daily_attempt_off_the_board_goes(store: Store) -> None:
    winner, loser = store.player(None).id, store.player(None).id
    store.set_display_name(winner, "Ana")
    _finish(store, winner, store.create_game(winner, code=CODE, daily=DAY).id, GameStatus.WON)
    _finish(store, loser, store.create_game(loser, code=CODE, daily=DAY).id, GameStatus.ABANDONED)
    store.create_game(loser, code=CODE, daily=DAY)  # an unfinished attempt: on no board
    _age(store, winner)
    _age(store, loser)
    board = store.daily_board(DAY, show_all=True)
    assert [entry.display_name for entry in board] == ["Ana"]
    assert store.prune(NINETY) == PruneReport(players=1, games=2, layouts=0)
    assert store.daily_board(DAY, show_all=True) == board
    assert store.find_player(winner) is not None and store.find_player(loser) is None


def test_a_recently_active_player_stays(store: Store) -> None:
    paused = store.player(None).id
    game = store.create_game(paused, code=CODE)
    _age(store, paused)
    # played yesterday and paused: the game's start is old, its last save is not
    store.save_game(
        paused, game.id, version=1, progress=Progress(running=False, status=GameStatus.PAUSED)
    )
    importer = store.player(None).id
    _age(store, importer)
    turtle = builtin_layout("turtle").positions
    from mahjong_solitaire.core.layout import Layout

    store.save_layout(Layout.from_positions(turtle, name="New"), player_id=importer)
    newcomer = store.player(None).id
    _age(store, newcomer, RECENTLY)
    assert store.prune(NINETY) == PruneReport(0, 0, 0)
    assert all(store.find_player(p) for p in (paused, importer, newcomer))


def test_a_dry_run_removes_nothing_and_counts_what_a_prune_removes(store: Store) -> None:
    gone = _leaver(store)
    dry = store.prune(NINETY, dry_run=True)
    assert dry == PruneReport(players=1, games=2, layouts=1, dry_run=True)
    assert store.find_player(gone) is not None
    assert store.prune(NINETY) == PruneReport(dry.players, dry.games, dry.layouts)


def test_the_local_player_stays(store: Store) -> None:
    me = store.local_player().id
    store.create_game(me, code=CODE)
    _age(store, me)
    assert store.prune(NINETY) == PruneReport(0, 0, 0)
    assert store.local_player().id == me and store.current_game(me) is not None


def test_a_prune_is_idempotent_and_two_at_once_remove_each_player_once(store: Store) -> None:
    for _ in range(3):
        _leaver(store)
    reports: list[PruneReport] = []
    barrier = threading.Barrier(2)

    def prune() -> None:
        barrier.wait()
        reports.append(store.prune(NINETY))

    threads = [threading.Thread(target=prune) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(report.players for report in reports) == [0, 3]
    assert sum(report.games for report in reports) == 6
    assert store.prune(NINETY) == PruneReport(0, 0, 0)


def test_a_test_play_left_open_for_a_day_is_removed_whoever_played_it(store: Store) -> None:
    from mahjong_solitaire.core.layout import Layout

    draft = Layout.from_positions([(0, 0, 0), (2, 0, 0)], name="draft")
    winner = store.player(None).id
    _finish(store, winner, store.create_game(winner, code=CODE).id, GameStatus.WON)
    left = store.create_game(winner, layout=draft, seed=1, test_play=True)
    fresh = store.player(None).id
    kept = store.create_game(fresh, layout=draft, seed=2, test_play=True)
    with store.engine.begin() as connection:
        connection.execute(
            update(games).where(games.c.id == left.id).values(saved_at=NOW - timedelta(days=2))
        )
    assert store.prune(NINETY, dry_run=True) == PruneReport(0, 1, 0, dry_run=True)
    assert store.prune(NINETY) == PruneReport(0, 1, 0)
    assert store.current_game(winner) is None
    assert store.current_game(fresh) == kept
    assert [entry.time for entry in store.leaderboard(winner)] == [300.0]


def test_a_prune_in_batches_removes_what_the_dry_run_counts(store: Store) -> None:
    from mahjong_solitaire.core.layout import Layout

    for _ in range(5):
        _leaver(store)
    # a player whose last act was a test play a month ago: active, though the test play goes
    tester = store.player(None).id
    draft = Layout.from_positions([(0, 0, 0), (2, 0, 0)], name="draft")
    store.create_game(tester, layout=draft, seed=1, test_play=True)
    _age(store, tester)
    with store.engine.begin() as connection:
        month_ago = NOW - timedelta(days=30)
        connection.execute(
            update(games).where(games.c.player_id == tester).values(saved_at=month_ago)
        )
    dry = store.prune(NINETY, dry_run=True)
    assert dry == PruneReport(players=5, games=11, layouts=5, dry_run=True)
    total = prune_all(store.prune, NINETY, now=datetime.now(UTC), batch=2)
    assert total == PruneReport(dry.players, dry.games, dry.layouts)
    assert store.find_player(tester) is not None and store.current_game(tester) is None


def test_an_age_of_no_time_is_refused(store: Store) -> None:
    with pytest.raises(ValueError):
        store.prune(timedelta(0))


# -- the server's daily pruning ---------------------------------------------------------


class _Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


def test_the_server_prunes_once_a_day(store: Store) -> None:
    clock = _Clock()
    pruning = DailyPruning(store, NINETY, clock=clock)
    _leaver(store)
    assert pruning.run_if_due() == PruneReport(1, 2, 1)  # the first look prunes at once
    _leaver(store)
    clock.now += PRUNE_EVERY - timedelta(minutes=1)
    assert pruning.run_if_due() is None and pruning.runs == 1  # not a day yet
    clock.now += timedelta(minutes=1)
    assert pruning.run_if_due() == PruneReport(1, 2, 1) and pruning.runs == 2


def _until(condition, seconds: float = 30.0) -> bool:  # type: ignore[no-untyped-def]
    """Wait for a state (not for a time): ``condition()`` true, checked every 10 ms."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_the_daily_pruning_runs_in_the_background_from_startup_to_shutdown(
    store: Store,
) -> None:
    from fastapi.testclient import TestClient

    from mahjong_solitaire.web import create_app

    gone = _leaver(store)
    app = create_app(store, prune_after=NINETY)
    with TestClient(app):
        pruning = app.state.pruning
        assert _until(lambda: pruning.runs == 1)
        assert store.find_player(gone) is None and pruning.running
    assert not pruning.running  # stopped at shutdown, not at its next hourly look


class _HeldPrune:
    """A store whose prune runs until released (or 20 s pass): a prune under way."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()

    def prune(self, older_than, *, now=None, dry_run=False, limit=None):  # type: ignore[no-untyped-def]
        self.started.set()
        self.release.wait(20)
        return PruneReport(0, 0, 0)


def test_a_prune_under_way_does_not_hold_up_the_shutdown() -> None:
    import asyncio

    from fastapi import FastAPI

    app, held = FastAPI(), _HeldPrune()
    app.state.store = held

    async def serve() -> None:
        async with pruning_lifespan(NINETY)(app):
            assert await asyncio.to_thread(held.started.wait, 30)

    try:
        asyncio.run(serve())
        # the shutdown is over and the prune still runs: the stop did not wait for its end
        assert app.state.pruning.running
    finally:
        held.release.set()


def test_a_personal_game_is_never_pruned(store: Store) -> None:
    from fastapi.testclient import TestClient

    from mahjong_solitaire.web import create_app

    app = create_app(store, local_player=True, prune_after=NINETY)
    with TestClient(app):
        assert app.state.pruning is None
    with TestClient(create_app(store)):  # no age given: no pruning either
        pass


# -- the command line -------------------------------------------------------------------


def test_the_command_prints_what_it_removed_and_a_dry_run_the_same_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with Store(url) as store:
        gone = _leaver(store)
    assert main(["--lang", "en", "prune", "--dry-run", "--database", url]) == 0
    assert capsys.readouterr().out == (
        "would remove 1 player, 2 games and 1 layout (dry run: nothing was removed)\n"
    )
    assert main(["--lang", "en", "prune", "--older-than", "90", "--database", url]) == 0
    assert capsys.readouterr().out == "removed 1 player, 2 games and 1 layout\n"
    with Store(url) as store:
        assert store.find_player(gone) is None


@pytest.mark.parametrize("days", ["0", "-5", "36501"])
def test_an_age_out_of_range_exits_2_with_one_line(
    days: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    assert main(["--lang", "en", "prune", "--older-than", days, "--database", url]) == 2
    error = capsys.readouterr().err
    assert error == (
        f"mahjong-solitaire: error: --older-than {days}: give a whole number of days "
        "from 1 to 36500\n"
    )
    assert not (tmp_path / "games.db").exists()


def test_bad_flags_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    for argv in (["prune", "--older-than", "soon"], ["prune", "--now"]):
        with pytest.raises(SystemExit) as exit_:
            main(["--lang", "en", *argv])
        assert exit_.value.code == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
    missing = tmp_path / "none.db"
    assert main(["--lang", "en", "prune", "--database", str(missing)]) == 2
    assert "no such database file" in capsys.readouterr().err
    assert not missing.exists()
    assert main(["--lang", "en", "play", "--host", "127.0.0.1", "--prune-after", "-1"]) == 2
    assert capsys.readouterr().err == (
        "mahjong-solitaire: error: --prune-after -1: give a whole number of days from 0 "
        "(never) to 36500\n"
    )
