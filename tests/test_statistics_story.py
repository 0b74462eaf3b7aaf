"""Statistics that tell a story (rules §12.2), on SQLite and PostgreSQL:
per layout and difficulty the wins, best and median times, the assisted wins counted apart
(assisted = the action log has a hint: ``core.assistance``), each group's streaks, the
latest wins for the chart, and the leaderboard filtered by layout and difficulty
(``GET /api/leaderboard?layout=&difficulty=``)."""

from __future__ import annotations

import pytest

from api_support import checked, human_pace, refused
from mahjong_solitaire import Difficulty, GameCode, builtin_layout
from mahjong_solitaire.core.assistance import assisted
from mahjong_solitaire.store import Progress, Store

TURTLE, OTHER = 0, 1  # layout numbers
OTHER_NAME = builtin_layout(f"L{OTHER:02d}").name


def code(seed: int, difficulty: Difficulty = Difficulty.NORMAL, layout: int = TURTLE) -> str:
    return str(GameCode(layout, seed, difficulty))


def finish(
    store: Store,
    player_id: str,
    elapsed: float,
    *,
    status: str = "won",
    game_code: str | None = None,
    actions: list[str] | None = None,
) -> str:
    """Play one game to its end with ``actions`` as its log (the store does not replay
    them; the web server does)."""
    game = store.create_game(player_id, code=game_code or code(1))
    log = actions or []
    store.save_game(
        player_id,
        game.id,
        version=game.version,
        progress=Progress(
            actions=log,
            elapsed=elapsed,
            running=False,
            status=status,
            hints=log.count("hint"),
            undos=log.count("undo"),
            shuffles=log.count("shuffle"),
        ),
    )
    return game.id


# -- what makes a game assisted ---------------------------------------------------------


def test_a_game_with_a_hint_is_assisted_and_undo_redo_shuffle_are_not() -> None:
    assert assisted(["3,7", "hint", "5,9"])
    assert not assisted(["3,7", "undo", "redo", "shuffle", "5,9"])
    assert not assisted([])


# -- per layout and difficulty ---------------------------------------------------------


def test_each_group_gives_its_wins_best_and_median_times_with_assisted_wins_apart(
    store: Store,
) -> None:
    me = store.player(None).id
    for elapsed in (300.0, 200.0, 500.0):
        finish(store, me, elapsed)
    finish(store, me, 100.0, actions=["hint", "1,2"])  # the fastest, with a hint
    finish(store, me, 900.0, status="abandoned")
    finish(store, me, 250.0, game_code=code(2, Difficulty.HARD))
    stats = store.statistics(me)
    hard, normal = stats.groups
    assert (normal.difficulty, normal.started, normal.won, normal.assisted_won) == (
        "normal",
        5,
        4,
        1,
    )
    assert (normal.best_time, normal.median_time) == (100.0, 250.0)
    assert (normal.unassisted_best_time, normal.unassisted_median_time) == (200.0, 300.0)
    assert (hard.won, hard.assisted_won, hard.median_time) == (1, 0, 250.0)
    assert (stats.won, stats.assisted_won, stats.median_time) == (5, 1, 250.0)


def test_a_group_with_only_assisted_wins_has_no_unassisted_times(store: Store) -> None:
    me = store.player(None).id
    finish(store, me, 400.0, actions=["hint"])
    (group,) = store.statistics(me).groups
    assert (group.won, group.assisted_won, group.best_time) == (1, 1, 400.0)
    assert (group.unassisted_best_time, group.unassisted_median_time) == (None, None)


def test_each_group_keeps_its_own_streaks(store: Store) -> None:
    me = store.player(None).id
    other = code(3, layout=OTHER)
    finish(store, me, 300.0)
    finish(store, me, 310.0, game_code=other)
    finish(store, me, 320.0)
    finish(store, me, 330.0, game_code=other, status="abandoned")
    finish(store, me, 340.0)
    by_layout = {group.layout_name: group for group in store.statistics(me).groups}
    assert (by_layout["turtle"].current_streak, by_layout["turtle"].best_streak) == (3, 3)
    assert (by_layout[OTHER_NAME].current_streak, by_layout[OTHER_NAME].best_streak) == (0, 1)


def test_the_chart_takes_the_latest_wins_oldest_first(store: Store) -> None:
    me = store.player(None).id
    for elapsed in (500.0, 100.0, 300.0, 200.0):
        finish(store, me, elapsed, actions=["hint"] if elapsed == 300.0 else [])
    latest = store.latest_wins(me, limit=3)
    assert [entry.time for entry in latest] == [100.0, 300.0, 200.0]
    assert [entry.assisted for entry in latest] == [False, True, False]


# -- the leaderboard, filtered -----------------------------------------------------------


def test_the_leaderboard_keeps_only_the_wins_of_the_chosen_layout_and_difficulty(
    store: Store,
) -> None:
    me = store.player(None).id
    finish(store, me, 100.0, game_code=code(1, Difficulty.EASY))
    finish(store, me, 200.0, game_code=code(2, Difficulty.HARD))
    finish(store, me, 300.0, game_code=code(3, Difficulty.HARD, layout=OTHER))
    finish(store, me, 400.0, game_code=code(4, Difficulty.HARD))
    times = lambda **only: [e.time for e in store.leaderboard(me, **only)]  # noqa: E731
    assert times() == [100.0, 200.0, 300.0, 400.0]
    assert times(layout="turtle") == [100.0, 200.0, 400.0]
    assert times(difficulty="hard") == [200.0, 300.0, 400.0]
    assert times(layout="turtle", difficulty="hard") == [200.0, 400.0]
    assert [e.rank for e in store.leaderboard(me, layout=OTHER_NAME)] == [1]
    assert times(layout="no-such-layout") == []


def test_the_api_filters_the_leaderboard_and_marks_assisted_wins(client, monkeypatch) -> None:
    from mahjong_solitaire import deal_from_code

    human_pace(monkeypatch)
    for game_code, hint in ((code(5, Difficulty.EASY), True), (code(6, Difficulty.HARD), False)):
        state = checked(client.post("/api/games", json={"code": game_code}))
        if hint:
            state = checked(client.post(f"/api/games/{state['id']}/hint"))
        for move in deal_from_code(game_code).solution:
            for position in move:
                state = checked(
                    client.post(f"/api/games/{state['id']}/tap", json={"position": position})
                )
        assert state["status"] == "won"
    fair = checked(client.get("/api/leaderboard"))["entries"]
    assert [(e["difficulty"], e["assisted"]) for e in fair] == [("hard", False)]  # rules §12.3
    everything = checked(client.get("/api/leaderboard", params={"all": "true"}))["entries"]
    assert sorted((e["difficulty"], e["assisted"]) for e in everything) == [
        ("easy", True),
        ("hard", False),
    ]
    hard = checked(client.get("/api/leaderboard", params={"difficulty": "hard"}))["entries"]
    assert [(e["rank"], e["code"]) for e in hard] == [(1, code(6, Difficulty.HARD))]
    on_other = checked(client.get("/api/leaderboard", params={"layout": OTHER_NAME}))["entries"]
    assert on_other == []
    stats = checked(client.get("/api/statistics"))
    assert (stats["won"], stats["assisted_won"]) == (2, 1)
    easy = next(group for group in stats["layouts"] if group["difficulty"] == "easy")
    assert (easy["assisted_won"], easy["unassisted_best_time"]) == (1, None)


@pytest.mark.parametrize(
    "query", [{"difficulty": "insane"}, {"layout": ""}, {"layout": "x" * 65}, {"mode": "chess"}]
)
def test_a_bad_leaderboard_filter_is_refused(client, query) -> None:
    refused(client.get("/api/leaderboard", params=query), 422, "bad_body")


# -- the command line --------------------------------------------------------------------


def test_the_command_line_leaderboard_takes_the_same_filters(tmp_path, capsys) -> None:
    import json

    from mahjong_solitaire.cli import main

    url = f"sqlite:///{tmp_path / 'games.db'}"
    with Store(url) as store:
        me = store.local_player().id
        finish(store, me, 100.0, game_code=code(1, Difficulty.EASY))
        finish(store, me, 200.0, game_code=code(2, Difficulty.HARD), actions=["hint"])
    assert main(["leaderboard", "--database", url, "--difficulty", "hard", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []  # the assisted win: only with --all
    argv = ["leaderboard", "--database", url, "--difficulty", "hard", "--json", "--all"]
    assert main(argv) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [(e["time"], e["assisted"]) for e in entries] == [(200.0, True)]
    assert main(["leaderboard", "--database", url, "--layout", OTHER_NAME]) == 0
    assert "No games won yet" in capsys.readouterr().out
    assert main(["stats", "--database", url]) == 0
    out = capsys.readouterr().out
    assert "Median time" in out and "Assisted wins" in out and "Daily streak" in out


def test_a_bad_command_line_filter_is_refused_with_status_2(tmp_path, capsys) -> None:
    from mahjong_solitaire.cli import main

    url = f"sqlite:///{tmp_path / 'games.db'}"
    Store(url).close()
    with pytest.raises(SystemExit) as stopped:
        main(["leaderboard", "--database", url, "--difficulty", "insane"])
    assert stopped.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
