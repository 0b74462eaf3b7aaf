"""Storage of players and games (rules §12.1), run on SQLite and on PostgreSQL."""

from __future__ import annotations

import math
import signal
import subprocess
import sys
import threading
from datetime import UTC, datetime

import pytest

from mahjong_solitaire import Game, GameStatus, Layout, builtin_layout, deal_from_code
from mahjong_solitaire.classic.codes import layout_hash
from mahjong_solitaire.connect.mode import CONNECT
from mahjong_solitaire.modes import DEFAULT_MODE
from mahjong_solitaire.store import (
    MAX_LAYOUTS_PER_PLAYER,
    GameNotFoundError,
    LayoutLimitError,
    LayoutNotFoundError,
    Progress,
    StaleWriteError,
    Store,
    StoreError,
)

CODE = "MJ1-L00-AAAAABL"
SOLUTION = [str(move) for move in deal_from_code(CODE).solution]


def save(store: Store, game, **changes):  # type: ignore[no-untyped-def]
    """Save ``game`` with some fields changed (the rest as stored)."""
    values = dict(
        actions=game.actions,
        elapsed=game.elapsed,
        running=game.running,
        status=game.status,
        hints=game.hints,
        undos=game.undos,
        shuffles=game.shuffles,
        selection=game.selection,
    )
    version = changes.pop("version", game.version)
    values.update(changes)
    return store.save_game(game.player_id, game.id, version=version, progress=Progress(**values))


# -- players ---------------------------------------------------------------------------


def test_a_new_player_gets_an_unguessable_id(store: Store) -> None:
    ids = {store.player(None).id for _ in range(20)}
    assert len(ids) == 20
    assert all(len(player_id) >= 22 for player_id in ids)


def test_a_known_player_id_finds_that_player(store: Store) -> None:
    player = store.player(None)
    assert store.player(player.id) == player


def test_an_unknown_player_id_makes_a_new_player_with_a_new_id(store: Store) -> None:
    made_up = "I-chose-this-id-myself"
    player = store.player(made_up)
    assert player.id != made_up
    assert store.player(player.id) == player


def test_the_local_player_stays_the_same_across_restarts(database_url: str) -> None:
    with Store(database_url) as first:
        local = first.local_player()
        assert first.local_player() == local
    with Store(database_url) as second:
        assert second.local_player() == local


def test_a_display_name_is_stored_as_text_exactly(store: Store) -> None:
    player = store.player(None)
    name = "<b>Zoë</b> & '混一色'"
    assert store.set_display_name(player.id, f"  {name} ").display_name == name
    assert store.player(player.id).display_name == name


@pytest.mark.parametrize("name", ["", "   ", "x" * 33, "tab\there", "new\nline"])
def test_a_display_name_is_length_limited_and_has_no_control_characters(
    store: Store, name: str
) -> None:
    player = store.player(None)
    with pytest.raises(StoreError):
        store.set_display_name(player.id, name)
    assert store.player(player.id).display_name is None


def test_a_display_name_of_32_characters_is_accepted(store: Store) -> None:
    player = store.player(None)
    assert store.set_display_name(player.id, "n" * 32).display_name == "n" * 32


# -- games -----------------------------------------------------------------------------


def test_a_new_game_is_playing_at_version_one_with_its_clock_running(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE.lower())
    assert (game.code, game.layout_name, game.seed, game.difficulty) == (
        CODE,
        "turtle",
        12,
        "normal",
    )
    assert (game.status, game.version, game.actions, game.elapsed) == ("playing", 1, [], 0.0)
    assert game.running and game.running_since is not None
    assert store.get_game(player.id, game.id) == game
    assert store.current_game(player.id) == game


def test_a_game_code_must_agree_with_the_seed_and_difficulty_given(store: Store) -> None:
    player = store.player(None)
    with pytest.raises(StoreError, match="contradicts"):
        store.create_game(player.id, code=CODE, seed=13)
    with pytest.raises(StoreError, match="contradicts"):
        store.create_game(player.id, code=CODE, difficulty="hard")
    with pytest.raises(ValueError, match="not a game code"):
        store.create_game(player.id, code="MJ9-nonsense")
    assert store.current_game(player.id) is None


def test_a_game_is_stored_in_the_mode_that_owns_its_code(store: Store) -> None:
    """The mode is asked, never guessed from a string: a code of another mode, a layout
    outside the default mode or a mode nobody registered is refused before anything is
    stored (such a game could not be replayed by the page that resumes it)."""
    player = store.player(None)
    connect_code = CONNECT.stage_deal(1).code
    game = store.create_game(player.id, code=connect_code, mode=CONNECT)
    assert game.mode == CONNECT.name and game.game_mode is CONNECT
    assert game.layout_name == CONNECT.ranking_name(game.deal())
    assert store.get_game(player.id, game.id).deal().code == connect_code
    for mode, code in ((CONNECT.name, CODE), (DEFAULT_MODE, connect_code)):
        with pytest.raises(StoreError, match="this game is played in mode"):
            store.create_game(player.id, code=code, mode=mode)
    with pytest.raises(StoreError, match="played in mode"):
        store.create_game(player.id, layout=builtin_layout("turtle"), seed=1, mode=CONNECT)
    with pytest.raises(StoreError, match="unknown mode 'chess'"):
        store.create_game(player.id, code=CODE, mode="chess")
    assert store.current_game(player.id) == game


def test_a_built_in_layout_and_seed_are_stored_as_their_code(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(
        player.id, layout=builtin_layout("turtle"), seed=12, difficulty="normal"
    )
    assert game.code == "MJ2-L00-AAAAABL" and game.layout_positions is None


def test_a_game_is_rebuilt_from_its_code_and_moves_after_a_restart(database_url: str) -> None:
    with Store(database_url) as store:
        player = store.local_player()
        game = store.create_game(player.id, code=CODE)
        played = Game.replay(game.deal(), [*SOLUTION[:3], "undo", "hint"])
        save(store, game, actions=played.actions, elapsed=42.5, hints=1, undos=1, selection=7)
    with Store(database_url) as store:
        resumed = store.current_game(store.local_player().id)
        assert resumed is not None and resumed.id == game.id
        again = Game.replay(resumed.deal(), resumed.actions, elapsed=resumed.elapsed)
        assert again.board.tiles_left == played.board.tiles_left == 140
        assert (resumed.elapsed, resumed.hints, resumed.undos, resumed.selection) == (42.5, 1, 1, 7)


def test_a_game_on_an_imported_layout_keeps_its_positions_and_has_a_hash_code(
    store: Store,
) -> None:
    player = store.player(None)
    layout = Layout.from_positions([(x, 0, 0) for x in range(0, 24, 2)], name="row")
    game = store.create_game(player.id, layout=layout, seed=5, difficulty="easy")
    assert game.code == f"MJ2-H{layout_hash(layout)}-AAAAAAP" and game.layout_name == "row"
    stored = store.get_game(player.id, game.id)
    deal = stored.deal()
    assert deal.layout.positions == layout.positions
    assert (deal.seed, deal.difficulty.value) == (5, "easy")
    board = deal.board()
    board.play(deal.solution)
    assert board.is_won()


def test_starting_a_game_abandons_the_unfinished_one(store: Store) -> None:
    player = store.player(None)
    first = store.create_game(player.id, code=CODE)
    second = store.create_game(player.id, code="MJ1-L00-AAAAABM")
    old = store.get_game(player.id, first.id)
    assert old.status == "abandoned" and old.finished_at is not None
    assert not old.running and old.version == first.version + 1
    assert store.current_game(player.id) == second


def test_pausing_stops_the_clock(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    paused = save(store, game, elapsed=61.0, running=False, status="paused")
    assert paused.running_since is None
    assert paused.elapsed_now(datetime(2100, 1, 1, tzinfo=UTC)) == 61.0
    running = save(store, paused, running=True, status="playing")
    assert running.running_since is not None


def test_a_won_game_is_finished_and_cannot_change_any_more(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    won = save(
        store, game, actions=SOLUTION, elapsed=300.0, running=True, status="won", selection=3
    )
    assert won.finished_at is not None and won.running_since is None
    assert won.selection is None and won.version == 2
    assert store.current_game(player.id) is None
    with pytest.raises(StoreError, match="is over"):
        save(store, won, status="playing")
    assert store.get_game(player.id, game.id) == won


def test_a_stale_write_is_refused_and_changes_nothing(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    first_tab = save(store, game, actions=SOLUTION[:1], elapsed=5.0)
    with pytest.raises(StaleWriteError, match="changed in another window; reload it"):
        save(store, game, actions=SOLUTION[1:2], elapsed=9.0)
    assert store.get_game(player.id, game.id) == first_tab


def test_of_two_simultaneous_writes_exactly_one_is_stored(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def write(n: int) -> None:
        barrier.wait()
        try:
            save(store, game, actions=SOLUTION[n : n + 1])
            outcomes.append("saved")
        except StaleWriteError:
            outcomes.append("stale")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["saved", "stale", "stale", "stale"]
    assert store.get_game(player.id, game.id).version == 2


def test_another_players_game_is_invisible_and_untouchable(store: Store) -> None:
    owner, intruder = store.player(None), store.player(None)
    game = store.create_game(owner.id, code=CODE)
    with pytest.raises(GameNotFoundError):
        store.get_game(intruder.id, game.id)
    with pytest.raises(GameNotFoundError):
        store.save_game(
            intruder.id,
            game.id,
            version=1,
            progress=Progress(
                actions=[],
                elapsed=0.0,
                running=False,
                status="abandoned",
                hints=0,
                undos=0,
                shuffles=0,
            ),
        )
    assert store.current_game(intruder.id) is None
    store.create_game(intruder.id, code=CODE)  # abandons the intruder's games only
    assert store.get_game(owner.id, game.id) == game


def test_a_missing_game_is_not_found(store: Store) -> None:
    player = store.player(None)
    with pytest.raises(GameNotFoundError, match="no game"):
        store.get_game(player.id, "no-such-game")


@pytest.mark.parametrize(
    "change",
    [
        {"status": "finished"},
        {"hints": -1},
        {"undos": 1.5},
        {"elapsed": math.nan},
        {"elapsed": -3.0},
        {"actions": "3,4"},
        {"actions": [3, 4]},
        {"selection": -2},
    ],
)
def test_bad_values_are_refused_and_change_nothing(store: Store, change: dict) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    with pytest.raises(StoreError):
        save(store, game, **change)
    assert store.get_game(player.id, game.id) == game


def test_a_replayed_won_game_has_the_won_status(store: Store) -> None:
    player = store.player(None)
    game = store.create_game(player.id, code=CODE)
    won = save(store, game, actions=SOLUTION, status="won", elapsed=100.0)
    assert Game.replay(won.deal(), won.actions).status is GameStatus.WON


# -- imported layouts ------------------------------------------------------------------


def _row(length: int, name: str) -> Layout:
    return Layout.from_positions(
        [(x, 0, 0) for x in range(0, 2 * length, 2)],
        name=name,
        title=name.title(),
        description="a row",
    )


def test_imported_layouts_are_kept_under_unique_names(store: Store) -> None:
    me = store.player(None).id
    first = store.save_layout(_row(4, "Long Row"), player_id=me)
    second = store.save_layout(_row(6, "Long Row"), player_id=me)
    assert (first, second) == ("long-row", "long-row-2")
    assert store.save_layout(_row(6, "long row"), player_id=me) == "long-row-2"
    assert store.save_layout(_row(8, "turtle"), player_id=me) == "turtle-2"  # not a built-in's
    kept = store.imported_layout("long-row-2", me)
    assert kept.positions == _row(6, "x").positions
    assert (kept.title, kept.description, kept.number) == ("Long Row", "a row", None)
    assert [layout.name for layout in store.imported_layouts(me)] == [
        "long-row",
        "long-row-2",
        "turtle-2",
    ]


def test_an_unknown_imported_layout_is_a_clear_error(store: Store) -> None:
    with pytest.raises(LayoutNotFoundError, match="no imported layout 'nope'"):
        store.imported_layout("nope", store.player(None).id)


def test_an_imported_layout_belongs_to_the_player_who_imported_it(store: Store) -> None:
    ana, ben = store.player(None).id, store.player(None).id
    name = store.save_layout(_row(4, "Row"), player_id=ana)
    assert [layout.name for layout in store.imported_layouts(ana)] == [name]
    assert store.imported_layouts(ben) == [] and store.imported_layouts(None) == []
    with pytest.raises(LayoutNotFoundError):
        store.imported_layout(name, ben)
    # the same file imported by another player is that player's own copy, under a new name
    copy = store.save_layout(_row(4, "Row"), player_id=ben)
    assert copy != name
    assert [layout.name for layout in store.imported_layouts(ben)] == [copy]


def test_only_the_owner_deletes_an_imported_layout(store: Store) -> None:
    ana, ben = store.player(None).id, store.player(None).id
    name = store.save_layout(_row(4, "Row"), player_id=ana)
    with pytest.raises(LayoutNotFoundError):
        store.delete_layout(name, ben)
    with pytest.raises(LayoutNotFoundError):
        store.delete_layout("nope", ana)
    assert [layout.name for layout in store.imported_layouts(ana)] == [name]
    store.delete_layout(name, ana)
    assert store.imported_layouts(ana) == []


def test_a_game_on_a_deleted_layout_stays_playable(store: Store) -> None:
    me = store.player(None).id
    layout = builtin_layout("pyramid")
    name = store.save_layout(Layout.from_positions(layout.positions, name="mine"), player_id=me)
    game = store.create_game(me, layout=store.imported_layout(name, me), seed=3)
    store.delete_layout(name, me)
    again = store.get_game(me, game.id)
    assert again.layout_positions == [list(p) for p in layout.positions]
    won = save(
        store, again, actions=[str(m) for m in again.deal().solution], status="won", elapsed=200.0
    )
    assert won.status == "won"


def test_a_player_keeps_at_most_100_imported_layouts(store: Store) -> None:
    me, other = store.player(None).id, store.player(None).id
    for n in range(MAX_LAYOUTS_PER_PLAYER):
        store.save_layout(_row(2 + 2 * (n % 3), f"row {n}"), player_id=me)
    with pytest.raises(LayoutLimitError, match="at most 100"):
        store.save_layout(_row(4, "one too many"), player_id=me)
    assert len(store.imported_layouts(me)) == MAX_LAYOUTS_PER_PLAYER
    store.save_layout(_row(4, "one too many"), player_id=other)  # a limit per player
    store.delete_layout("row-0", me)
    store.save_layout(_row(4, "one too many"), player_id=me)


def test_sqlite_runs_in_wal_mode_with_normal_sync(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """WAL + NORMAL: a commit survives the process being killed, without an fsync per move."""
    with Store(str(tmp_path / "games.sqlite3")) as store, store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL


# -- crash safety ----------------------------------------------------------------------

_WRITER = """
import sys
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.store import Store
from mahjong_solitaire.store import Progress
url, player, game_id = sys.argv[1:]
moves = [str(m) for m in deal_from_code("MJ1-L00-AAAAABL").solution]
store = Store(url)
for n in range(1, len(moves) + 1):
    store.save_game(player, game_id, version=n,
                    progress=Progress(actions=tuple(moves[:n]), elapsed=float(n)))
    print(n, flush=True)
"""


def test_every_acknowledged_save_survives_the_process_being_killed(database_url: str) -> None:
    with Store(database_url) as store:
        player = store.local_player()
        game = store.create_game(player.id, code=CODE)
    writer = subprocess.Popen(
        [sys.executable, "-c", _WRITER, database_url, player.id, game.id],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None
    acknowledged = 0
    while acknowledged < 10:
        acknowledged = int(writer.stdout.readline())
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    with Store(database_url) as store:
        stored = store.get_game(player.id, game.id)
    assert len(stored.actions) >= acknowledged
    assert stored.actions == SOLUTION[: len(stored.actions)]
    assert stored.version == len(stored.actions) + 1


# -- one open game per player and mode -------------------------------------------------


def _open_games(store: Store, player_id: str) -> list[str]:
    from sqlalchemy import select

    from mahjong_solitaire.store.schema import games

    with store.engine.connect() as connection:
        return list(
            connection.execute(
                select(games.c.id).where(
                    games.c.player_id == player_id,
                    games.c.status.in_(("playing", "paused", "stuck")),
                )
            ).scalars()
        )


def test_the_database_refuses_a_second_open_game_of_one_player_and_mode(store: Store) -> None:
    from sqlalchemy import insert
    from sqlalchemy.exc import IntegrityError

    from mahjong_solitaire.store.schema import games

    me = store.player(None).id
    game = store.create_game(me, code=CODE)
    values = {name: getattr(game, name) for name in type(game).__slots__}
    with pytest.raises(IntegrityError), store.engine.begin() as connection:
        connection.execute(insert(games).values({**values, "id": "a-second-open-game"}))
    with store.engine.begin() as connection:  # a finished game of the same mode is fine
        connection.execute(
            insert(games).values({**values, "id": "an-abandoned-one", "status": "abandoned"})
        )
    assert _open_games(store, me) == [game.id]


def test_concurrent_new_games_of_one_player_leave_exactly_one_open(database_url: str) -> None:
    stores = [Store(database_url) for _ in range(4)]  # separate pools: separate sessions
    try:
        me = stores[0].player(None).id
        barrier = threading.Barrier(20)
        made: list[str] = []
        errors: list[BaseException] = []

        def start(n: int) -> None:
            barrier.wait()
            try:
                made.append(stores[n % 4].create_game(me, code=CODE).id)
            except BaseException as error:  # reported below
                errors.append(error)

        threads = [threading.Thread(target=start, args=(n,)) for n in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert len(made) == 20
        open_now = _open_games(stores[0], me)
        assert len(open_now) == 1 and open_now[0] in made
        assert stores[0].current_game(me).id == open_now[0]
    finally:
        for opened in stores:
            opened.close()


def test_a_new_game_that_must_not_replace_one_is_refused(store: Store) -> None:
    me = store.player(None).id
    first = store.create_game(me, code=CODE)
    with pytest.raises(StaleWriteError):
        store.create_game(me, code="MJ1-L00-AAAAABM", replace=False)
    assert _open_games(store, me) == [first.id]


def _players(store: Store) -> int:
    from sqlalchemy import func, select

    from mahjong_solitaire.store.schema import players

    with store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(players)).scalar_one())


def test_a_first_action_stores_a_new_player_the_game_and_the_move_together(store: Store) -> None:
    game = Game(deal_from_code(CODE), clock=lambda: 0.0)
    game.apply(f"{SOLUTION[0]}")
    started = store.create_game(None, code=CODE, replace=False, progress=Progress.of(game))
    assert store.find_player(started.player_id) is not None
    assert (started.version, started.actions) == (2, [SOLUTION[0]])
    assert store.get_game(started.player_id, started.id) == started
    saved = store.save_game(started.player_id, started.id, version=2, progress=Progress())
    assert saved.version == 3


def test_a_first_action_the_store_refuses_writes_no_player_and_no_game(store: Store) -> None:
    before = _players(store)
    with pytest.raises(StoreError):
        store.create_game(None, code=CODE, progress=Progress(actions=("x",), hints=-1))
    assert _players(store) == before
    me = store.player(None).id
    first = store.create_game(me, code=CODE)
    with pytest.raises(StaleWriteError):
        store.create_game(me, code=CODE, replace=False, progress=Progress(actions=("hint",)))
    assert _open_games(store, me) == [first.id] and _players(store) == before + 1


# -- ranked wins -----------------------------------------------------------------------


def test_a_win_faster_than_a_human_is_saved_but_not_ranked(store: Store) -> None:
    from mahjong_solitaire.store.limits import HUMAN_FLOOR_SECONDS_PER_PAIR

    me = store.player(None).id
    floor = HUMAN_FLOOR_SECONDS_PER_PAIR * len(SOLUTION)
    fast = save(
        store,
        store.create_game(me, code=CODE),
        actions=SOLUTION,
        status="won",
        elapsed=floor - 0.01,
    )
    human = save(
        store, store.create_game(me, code=CODE), actions=SOLUTION, status="won", elapsed=floor
    )
    assert (fast.status, fast.ranked) == ("won", False)
    assert (human.status, human.ranked) == ("won", True)
    assert [entry.game_id for entry in store.leaderboard(me)] == [human.id]
    assert store.statistics(me).won == 2  # the player's own statistics count both
