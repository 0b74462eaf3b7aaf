"""Statistics, leaderboard and daily board (rules §12.2 and §12.3), on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_solitaire import Difficulty, GameCode, daily_code, mode_named
from mahjong_solitaire.core.game import GameStatus
from mahjong_solitaire.store import Progress, Store
from mahjong_solitaire.store.statistics import GameSummary, compute

DAY = date(2026, 11, 29)


def code(seed: int, difficulty: Difficulty = Difficulty.NORMAL) -> str:
    return str(GameCode(0, seed, difficulty))


def finish(
    store: Store,
    player_id: str,
    elapsed: float,
    *,
    status: str = "won",
    game_code: str | None = None,
    daily: date | None = None,
    hints: int = 0,
    undos: int = 0,
    shuffles: int = 0,
    actions: tuple[str, ...] = (),
) -> str:
    """Play one game to its end (the store does not check the moves; the web server does)."""
    if daily is not None:
        game_code = str(daily_code(daily))
    game = store.create_game(player_id, code=game_code or code(1), daily=daily)
    store.save_game(
        player_id,
        game.id,
        version=game.version,
        progress=Progress(
            actions=list(actions),
            elapsed=elapsed,
            running=False,
            status=status,
            hints=hints,
            undos=undos,
            shuffles=shuffles,
        ),
    )
    return game.id


# -- leaderboard -----------------------------------------------------------------------


def test_the_leaderboard_lists_the_ten_fastest_wins_fastest_first(store: Store) -> None:
    player = store.player(None).id
    times = [500.0, 120.5, 300.0, 95.25, 610.0, 240.0, 180.0, 420.0, 75.0, 330.0, 99.0, 800.0]
    for elapsed in times:
        finish(store, player, elapsed)
    board = store.leaderboard(player)
    assert [entry.time for entry in board] == sorted(times)[:10]
    assert [entry.rank for entry in board] == list(range(1, 11))
    assert [entry.time for entry in store.leaderboard(player, limit=3)] == [75.0, 95.25, 99.0]


def test_equal_times_rank_the_earlier_win_first(store: Store) -> None:
    player = store.player(None).id
    first = finish(store, player, 200.0, game_code=code(1))
    finish(store, player, 150.0, game_code=code(2))
    second = finish(store, player, 200.0, game_code=code(3))
    third = finish(store, player, 200.0, game_code=code(4))
    board = store.leaderboard(player)
    assert [entry.game_id for entry in board[1:]] == [first, second, third]
    assert board[1].finished_at < board[2].finished_at < board[3].finished_at


def test_leaderboard_entries_show_layout_difficulty_date_and_aids(store: Store) -> None:
    player = store.player(None).id
    finish(store, player, 321.0, game_code=code(7, Difficulty.HARD), hints=2, undos=3, shuffles=1)
    finish(store, player, 400.0)
    shuffled, plain = store.leaderboard(player)
    assert (shuffled.layout_name, shuffled.difficulty, shuffled.code) == (
        "turtle",
        "hard",
        code(7, Difficulty.HARD),
    )
    assert (shuffled.hints, shuffled.undos, shuffled.shuffles) == (2, 3, 1)
    assert shuffled.shuffled and not plain.shuffled
    assert abs(shuffled.finished_at - datetime.now(UTC)) < timedelta(minutes=5)
    as_json = shuffled.to_json()
    assert as_json["shuffled"] is True and as_json["layout"] == "turtle"
    assert as_json["date"] == shuffled.finished_at.isoformat()


def test_only_the_players_own_wins_enter_the_leaderboard(store: Store) -> None:
    me, other = store.player(None).id, store.player(None).id
    finish(store, me, 300.0)
    finish(store, me, 10.0, status="abandoned")
    finish(store, other, 50.0)
    store.create_game(me, code=code(9))  # still playing
    assert [entry.time for entry in store.leaderboard(me)] == [300.0]


def test_the_leaderboard_keeps_assisted_wins_for_show_all(store: Store) -> None:
    player = store.player(None).id
    finish(store, player, 100.0, game_code=code(1), hints=1, actions=("hint", "1,2"))
    finish(store, player, 150.0, game_code=code(2), actions=("1,2", "solve 3,4"))
    finish(store, player, 200.0, game_code=code(3), undos=1, shuffles=1, actions=("undo",))
    finish(store, player, 300.0, game_code=code(4), actions=("1,2", "back 1"))
    clean = store.leaderboard(player)
    assert [(e.time, e.assisted, e.rank) for e in clean] == [(200.0, False, 1)]
    every = store.leaderboard(player, show_all=True)
    assert [(e.time, e.assisted) for e in every] == [(100.0, True), (200.0, False), (300.0, True)]
    assert [e.time for e in store.leaderboard(player, limit=1, show_all=True)] == [100.0]


# -- daily board -----------------------------------------------------------------------


def test_the_daily_board_ranks_each_players_first_finished_attempt(store: Store) -> None:
    ana, bo, cy, dee, eve = (store.player(None).id for _ in range(5))
    store.set_display_name(ana, "Ana")
    store.set_display_name(cy, "<Cy>")
    finish(store, ana, 300.0, daily=DAY)
    finish(store, ana, 250.0, daily=DAY)  # a second attempt: the deal was known
    finish(store, bo, 300.0, daily=DAY)  # ties with Ana, but later
    finish(store, cy, 100.0, daily=DAY, shuffles=1, undos=2)  # undo and shuffle are play
    finish(store, dee, 50.0, daily=DAY + timedelta(days=1))  # another day
    finish(store, eve, 20.0, daily=DAY, status="abandoned")  # her first attempt: no win
    finish(store, eve, 30.0, daily=DAY)
    finish(store, eve, 20.0)  # not the daily challenge
    board = store.daily_board(DAY, viewer=bo)
    assert [(entry.display_name, entry.time) for entry in board] == [
        ("<Cy>", 100.0),
        ("Ana", 300.0),
        (None, 300.0),
    ]
    assert [entry.mine for entry in board] == [False, False, True]
    assert board[0].shuffled and (board[0].undos, board[0].shuffles) == (2, 1)
    assert all(entry.first and not entry.assisted for entry in board)
    assert [entry.rank for entry in store.daily_board(DAY, limit=2)] == [1, 2]
    assert store.daily_board(DAY - timedelta(days=1)) == []


def test_an_assisted_first_win_is_left_off_the_fair_daily_board(store: Store) -> None:
    hinted, solved_back, clean = (store.player(None).id for _ in range(3))
    finish(store, hinted, 100.0, daily=DAY, hints=1, actions=("hint",))
    finish(store, hinted, 90.0, daily=DAY)  # a clean win, but not the first attempt
    finish(store, solved_back, 110.0, daily=DAY, undos=3, actions=("1,2", "back 3"))
    finish(store, clean, 400.0, daily=DAY, undos=1, actions=("1,2", "undo"))
    assert [entry.time for entry in store.daily_board(DAY)] == [400.0]


def test_show_all_lists_every_win_of_the_day_marked_first_and_assisted(store: Store) -> None:
    ana, bo = store.player(None).id, store.player(None).id
    finish(store, ana, 300.0, daily=DAY)
    finish(store, ana, 250.0, daily=DAY)
    finish(store, bo, 100.0, daily=DAY, hints=1, actions=("hint",))
    finish(store, bo, 80.0, daily=DAY, status="abandoned")
    every = store.daily_board(DAY, viewer=ana, show_all=True)
    assert [(e.time, e.first, e.assisted, e.mine) for e in every] == [
        (100.0, True, True, False),
        (250.0, False, False, True),
        (300.0, True, False, True),
    ]
    assert [e.rank for e in every] == [1, 2, 3]
    assert every[0].to_json()["assisted"] is True and every[1].to_json()["first"] is False
    assert [e.time for e in store.daily_board(DAY, show_all=True, limit=2)] == [100.0, 250.0]


def test_a_later_attempt_never_replaces_the_first_on_the_fair_board(store: Store) -> None:
    player = store.player(None).id
    finish(store, player, 500.0, daily=DAY, status="abandoned")
    for elapsed in (200.0, 150.0):
        finish(store, player, elapsed, daily=DAY)
    assert store.daily_board(DAY) == []
    assert len(store.daily_board(DAY, show_all=True)) == 2


def test_the_daily_board_never_shows_player_ids(store: Store) -> None:
    player = store.player(None).id
    finish(store, player, 90.0, daily=DAY)
    (entry,) = store.daily_board(DAY, viewer=player)
    assert player not in repr(entry.to_json())
    assert entry.to_json()["mine"] is True


# -- statistics ------------------------------------------------------------------------


def test_statistics_of_a_scripted_history(store: Store) -> None:
    player = store.player(None).id
    finish(store, player, 300.0, hints=2)
    finish(store, player, 80.0, status="abandoned", undos=3)
    finish(store, player, 200.0, game_code=code(5, Difficulty.EASY), shuffles=1)
    finish(store, player, 250.0)
    finish(store, player, 30.0, status="abandoned", daily=DAY + timedelta(days=1))
    finish(store, player, 400.0, daily=DAY)
    store.create_game(player, code=code(8))  # the game being played

    stats = store.statistics(player)
    assert (stats.started, stats.won) == (7, 4)
    assert stats.win_rate == pytest.approx(4 / 7)
    assert (stats.best_time, stats.average_time) == (200.0, pytest.approx(1150 / 4))
    assert (stats.hints, stats.undos, stats.shuffles) == (2, 3, 1)
    # finished in order: won, lost, won, won, lost, won
    assert (stats.current_streak, stats.best_streak) == (1, 2)
    assert (stats.daily_played, stats.daily_won) == (2, 1)
    easy, normal = stats.groups
    assert (easy.layout_name, easy.difficulty, easy.started, easy.won) == ("turtle", "easy", 1, 1)
    assert (easy.best_time, easy.average_time) == (200.0, 200.0)
    assert (normal.difficulty, normal.started, normal.won, normal.best_time) == (
        "normal",
        6,
        3,
        250.0,
    )
    assert normal.average_time == pytest.approx(950 / 3)
    as_json = stats.to_json()
    assert as_json["win_rate"] == round(4 / 7, 4)
    assert as_json["daily"] == {"played": 2, "won": 1}
    assert len(as_json["layouts"]) == 2  # type: ignore[arg-type]


def test_a_new_player_has_empty_statistics(store: Store) -> None:
    stats = store.statistics(store.player(None).id)
    assert (stats.started, stats.won, stats.win_rate, stats.best_time) == (0, 0, None, None)
    assert (stats.current_streak, stats.best_streak, stats.groups) == (0, 0, [])


def test_statistics_belong_to_their_player(store: Store) -> None:
    me, other = store.player(None).id, store.player(None).id
    finish(store, other, 100.0, hints=5)
    assert store.statistics(me).started == 0 and store.statistics(me).hints == 0


# -- the streak rule, on any history ---------------------------------------------------


def _summary(status: str, n: int) -> GameSummary:
    finished = (
        None
        if status in ("playing", "paused", "stuck")
        else (datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=n))
    )
    return GameSummary(GameStatus(status), "turtle", "normal", 100.0, 0, 0, 0, None, finished)


statuses = st.lists(
    st.sampled_from(["won", "abandoned", "playing", "paused", "stuck"]), max_size=40
)


@given(statuses)
def test_a_win_extends_the_streak_and_a_lost_game_breaks_it(history: list[str]) -> None:
    games = [_summary(status, n) for n, status in enumerate(history)]
    before = compute(games)
    assert 0 <= before.current_streak <= before.best_streak <= before.won <= before.started
    after_win = compute([*games, _summary("won", len(games))])
    assert after_win.current_streak == before.current_streak + 1
    assert after_win.best_streak == max(before.best_streak, before.current_streak + 1)
    after_loss = compute([*games, _summary("abandoned", len(games))])
    assert (after_loss.current_streak, after_loss.best_streak) == (0, before.best_streak)
    still_open = compute([*games, _summary("stuck", len(games))])
    assert (still_open.current_streak, still_open.best_streak) == (
        before.current_streak,
        before.best_streak,
    )


@given(statuses)
def test_the_order_games_are_listed_in_does_not_change_the_statistics(history: list[str]) -> None:
    games = [_summary(status, n) for n, status in enumerate(history)]
    assert compute(games) == compute(list(reversed(games)))


# -- stage progress ---------------------------------------------------------------------


def play_stage(
    store: Store,
    player_id: str,
    stage: int,
    elapsed: float,
    *,
    status: str = "won",
    mode: str = "classic",
) -> None:
    # A stage's game has a code of its own mode: the store refuses a code of another mode.
    deal_code = code(stage) if mode == "classic" else mode_named(mode).stage_deal(stage).code
    game = store.create_game(player_id, code=deal_code, stage=stage, mode=mode)
    store.save_game(
        player_id,
        game.id,
        version=game.version,
        progress=Progress(
            actions=[], elapsed=elapsed, running=False, status=status, hints=0, undos=0, shuffles=0
        ),
    )


def test_stage_progress_starts_at_stage_one(store: Store) -> None:
    progress = store.stage_progress(store.player(None).id)
    assert progress.next_stage == 1 and progress.cleared == []


def test_stage_progress_keeps_the_best_time_of_each_won_stage(store: Store) -> None:
    player = store.player(None).id
    play_stage(store, player, 1, 300.0)
    play_stage(store, player, 1, 250.0)
    play_stage(store, player, 2, 400.0)
    play_stage(store, player, 3, 100.0, status="abandoned")
    progress = store.stage_progress(player)
    assert progress.cleared == [1, 2]
    assert progress.best_times == {1: 250.0, 2: 400.0}
    assert progress.next_stage == 3
    assert progress.to_json()["best_times"] == {"1": 250.0, "2": 400.0}


def test_stage_progress_is_kept_per_mode_and_per_player(store: Store) -> None:
    player, other = store.player(None).id, store.player(None).id
    play_stage(store, player, 1, 300.0, mode="connect")
    assert store.stage_progress(player, "classic").cleared == []
    assert store.stage_progress(player, "connect").cleared == [1]
    assert store.stage_progress(other, "connect").cleared == []
