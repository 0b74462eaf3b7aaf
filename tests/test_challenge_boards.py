"""Boards and statistics per rule set (issue 27 item 5, rules §12.3, §13): a challenge's
wins are on that challenge's leaderboard only, ranked by its measure (the highest kept score
first for one that ranks by score, the fastest first for the others), plain play's on the
plain board only, a practice copy on none; the fair-board rules hold on every board; an
unknown name is refused; the final score is kept once when a game ends (migration 0010
backfills the games before), and the history import judges it again.  On SQLite and on
PostgreSQL (the ``store`` and ``database_url`` fixtures)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from alembic import command
from sqlalchemy import inspect, text

from api_support import checked, refused
from mahjong_solitaire import deal_from_code
from mahjong_solitaire.challenges import challenge_named
from mahjong_solitaire.cli import main
from mahjong_solitaire.store import Progress, Store, StoreError
from mahjong_solitaire.store.database import create_store_engine, migrate, migrations_config
from mahjong_solitaire.store.reviews import practice_copy
from mahjong_solitaire.web.games.lifecycle import COOKIE
from store_support import clock_at, save_played

CODE = "MJ2-L00-AAAAABL"
SOLUTION = [str(move) for move in deal_from_code(CODE).solution]


def finish(
    store: Store,
    player: str,
    challenge: str | None,
    *,
    elapsed: float,
    gap: float = 4.0,
    actions: list[str] = SOLUTION,
    status: str = "won",
) -> str:
    """A game of ``CODE`` under ``challenge`` played to ``status`` with ``actions``."""
    game = store.create_game(player, code=CODE, challenge=challenge)
    times = clock_at(elapsed, gap, len(actions))
    save_played(store, game, actions, status=status, elapsed=elapsed, times=times)
    return game.id


def ids(entries) -> list[str]:
    return [entry.game_id for entry in entries]


def test_a_challenge_win_is_on_its_own_board_and_a_plain_win_on_the_plain_one(store: Store):
    me = store.player(None).id
    plain = finish(store, me, None, elapsed=300.0)
    scored = finish(store, me, "scored", elapsed=400.0)
    countdown = finish(store, me, "countdown", elapsed=350.0)
    assert ids(store.leaderboard(me)) == [plain]
    assert ids(store.leaderboard(me, challenge="Scored")) == [scored]
    assert ids(store.leaderboard(me, challenge="countdown")) == [countdown]
    assert store.leaderboard(me, challenge="sprint") == []
    for name in (None, "scored", "countdown"):  # every board, with show_all too
        assert len(store.leaderboard(me, challenge=name, show_all=True)) == 1
    assert [w.game_id for w in store.latest_wins(me, challenge="scored")] == [scored]
    assert [w.game_id for w in store.latest_wins(me)] == [plain]


def test_the_final_score_is_kept_when_the_game_ends(store: Store):
    me = store.player(None).id
    open_game = store.create_game(me, code=CODE, challenge="scored")
    assert open_game.score is None
    scored = store.get_game(me, finish(store, me, "scored", elapsed=400.0, gap=1.0))
    assert scored.score is not None and scored.score == scored.judged_score()
    (entry,) = store.leaderboard(me, challenge="scored")
    assert (entry.score, entry.challenge) == (scored.score, "scored")
    assert entry.to_json()["score"] == scored.score
    assert store.get_game(me, finish(store, me, None, elapsed=300.0)).score is None


def test_a_scored_board_ranks_the_highest_score_first(store: Store):
    me = store.player(None).id
    fast = finish(store, me, "scored", elapsed=300.0, gap=4.0)  # no combos
    combos = finish(store, me, "scored", elapsed=400.0, gap=1.0)  # quick pairs in a row
    board = store.leaderboard(me, challenge="scored")
    assert ids(board) == [combos, fast]
    assert board[0].score > board[1].score  # type: ignore[operator]
    assert board[0].time > board[1].time


def test_a_countdown_board_ranks_the_fastest_first(store: Store):
    me = store.player(None).id
    assert challenge_named("countdown").ranks_by == "time"
    slow = finish(store, me, "countdown", elapsed=500.0, gap=1.0)
    quick = finish(store, me, "countdown", elapsed=320.0, gap=4.0)
    assert ids(store.leaderboard(me, challenge="countdown")) == [quick, slow]


def test_a_practice_copy_is_on_no_board(store: Store):
    me = store.player(None).id
    original = store.get_game(me, finish(store, me, "scored", elapsed=400.0))
    copy = store.create_game(me, practice=practice_copy(original, 10))
    store.save_game(
        me,
        copy.id,
        version=copy.version,
        progress=Progress(
            actions=tuple(SOLUTION),
            elapsed=400.0,
            running=False,
            status="won",
            times=clock_at(400.0, 4.0, len(SOLUTION)),
        ),
    )
    assert store.get_game(me, copy.id).practice is True
    for name in (None, "scored"):
        assert copy.id not in ids(store.leaderboard(me, challenge=name, show_all=True))
    assert store.statistics(me).to_json()["practice"] == {"games": 1, "won": 1}
    assert (store.statistics(me).started, store.statistics(me).won) == (0, 0)


def test_the_fair_board_rules_hold_on_a_challenge_board(store: Store):
    me = store.player(None).id
    too_fast = finish(store, me, "scored", elapsed=5.0, gap=0.05)  # under the human floor
    hinted = finish(store, me, "scored", elapsed=400.0, actions=["hint", *SOLUTION])
    shown = finish(store, me, "countdown", elapsed=400.0, actions=[f"solve {SOLUTION[0]}"])
    assert store.get_game(me, too_fast).ranked is False
    assert store.leaderboard(me, challenge="scored") == []  # the assisted win is off
    every = store.leaderboard(me, challenge="scored", show_all=True)
    assert [(entry.game_id, entry.assisted) for entry in every] == [(hinted, True)]
    assert shown not in ids(store.leaderboard(me, challenge="countdown", show_all=True))


@pytest.mark.parametrize("name", ["chess", "", "SCORED-X"])
def test_an_unknown_challenge_is_refused(store: Store, name: str):
    me = store.player(None).id
    for read in (store.leaderboard, store.statistics, store.latest_wins):
        with pytest.raises(StoreError, match="there is no challenge"):
            read(me, challenge=name)


def test_the_statistics_are_those_of_one_rule_set(store: Store):
    me = store.player(None).id
    finish(store, me, None, elapsed=300.0)
    best = store.get_game(me, finish(store, me, "scored", elapsed=400.0, gap=1.0))
    finish(store, me, "scored", elapsed=350.0, gap=4.0)
    finish(store, me, "sprint", elapsed=180.0, actions=SOLUTION[:4], status="lost")
    plain = store.statistics(me)
    assert (plain.started, plain.won, plain.challenge, plain.best_score) == (1, 1, None, None)
    scored = store.statistics(me, challenge="scored")
    assert (scored.started, scored.won, scored.best_time) == (2, 2, 350.0)
    assert (scored.challenge, scored.ranks_by, scored.best_score) == ("scored", "score", best.score)
    sprint = store.statistics(me, challenge="sprint").to_json()
    assert (sprint["started"], sprint["won"], sprint["best_score"]) == (1, 0, None)


def test_an_imported_challenge_game_is_judged_again_and_never_ranked(store: Store):
    me = store.player(None).id
    won = store.get_game(me, finish(store, me, "scored", elapsed=400.0, gap=1.0))
    finish(store, me, "sprint", elapsed=180.0, actions=SOLUTION[:4], status="lost")
    document = store.export_history(me)
    for game in document["games"]:
        game["score"] = 999_999  # not a field: the score is the replay's
    other = store.player(None).id
    assert store.import_history(other, document) == 2
    stats = store.statistics(other, challenge="scored")
    assert (stats.won, stats.best_score) == (1, won.score)  # the same times, the same score
    assert store.leaderboard(other, challenge="scored", show_all=True) == []  # not measured here
    sprint = store.statistics(other, challenge="sprint")
    assert (sprint.started, sprint.won) == (1, 0)


def test_a_file_claiming_a_win_its_rule_set_does_not_give_is_refused(store: Store):
    me = store.player(None).id
    finish(store, me, "sprint", elapsed=180.0, actions=SOLUTION[:4], status="lost")
    document = store.export_history(me)
    (game,) = document["games"]
    game["status"] = "won"
    with pytest.raises(StoreError, match="under the sprint rules it is lost"):
        store.import_history(store.player(None).id, document)


def test_migration_0010_backfills_the_scores_and_goes_down_again(database_url: str):
    engine = create_store_engine(database_url)
    migrate(engine, "0009")
    at = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    times = list(clock_at(400.0, 1.0, len(SOLUTION)))
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO players (id, created_at) VALUES ('p', :at)"), {"at": at}
        )
        for game_id, status, challenge in (
            ("scored-win", "won", "scored"),
            ("plain-win", "won", None),
            ("scored-open", "paused", "scored"),
        ):
            connection.execute(
                text(
                    "INSERT INTO games (id, player_id, mode, code, layout_name, seed, "
                    "difficulty, started_at, finished_at, actions, times, elapsed, status, "
                    "hints, undos, shuffles, version, challenge) VALUES (:id, 'p', 'classic', "
                    ":code, 'turtle', :seed, 'normal', :at, :at, :actions, :times, 400.0, "
                    ":status, 0, 0, 0, 3, :challenge)"
                ),
                {
                    "id": game_id,
                    "code": CODE,
                    "seed": deal_from_code(CODE).seed,
                    "at": at,
                    "actions": json.dumps(SOLUTION),
                    "times": json.dumps(times),
                    "status": status,
                    "challenge": challenge,
                },
            )
    migrate(engine)
    with Store(database_url) as store:
        win = store.get_game("p", "scored-win")
        assert win.score is not None and win.score == win.judged_score()
        assert store.get_game("p", "plain-win").score is None
        assert store.get_game("p", "scored-open").score is None
        assert ids(store.leaderboard("p", challenge="scored")) == ["scored-win"]
    config = migrations_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0009")
    with engine.connect() as connection:
        assert "score" not in {c["name"] for c in inspect(connection).get_columns("games")}
        assert connection.execute(text("SELECT count(*) FROM games")).scalar_one() == 3
    engine.dispose()


# -- the API and the command line -----------------------------------------------------------


def test_the_api_filters_the_boards_by_challenge(client, sqlite_store: Store):
    checked(client.post("/api/games", json={"code": CODE}))  # the player's cookie
    me = client.cookies[COOKIE]
    plain = finish(sqlite_store, me, None, elapsed=300.0)
    scored = finish(sqlite_store, me, "scored", elapsed=400.0, gap=1.0)
    board = checked(client.get("/api/leaderboard"))
    assert ([e["game_id"] for e in board["entries"]], board["challenge"]) == ([plain], None)
    board = checked(client.get("/api/leaderboard", params={"challenge": "SCORED"}))
    assert (board["challenge"], board["ranks_by"]) == ("scored", "score")
    (entry,) = board["entries"]
    assert (entry["game_id"], entry["challenge"]) == (scored, "scored")
    assert entry["score"] == sqlite_store.get_game(me, scored).score
    stats = checked(client.get("/api/statistics", params={"challenge": "scored"}))
    assert (stats["challenge"], stats["won"], stats["best_score"]) == ("scored", 1, entry["score"])
    assert [w["score"] for w in stats["wins"]] == [entry["score"]]
    assert checked(client.get("/api/statistics"))["won"] == 1  # the plain win only


@pytest.mark.parametrize("path", ["/api/leaderboard", "/api/statistics"])
def test_the_api_refuses_an_unknown_challenge(client, path: str):
    detail = refused(client.get(path, params={"challenge": "chess"}), 400, "bad_request")
    assert "there is no challenge 'chess'" in detail
    refused(client.get(path, params={"challenge": "x" * 17}), 422, "bad_body")


def test_stats_and_leaderboard_take_a_challenge(capsys, tmp_path):
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with Store(url) as store:
        me = store.local_player().id
        finish(store, me, None, elapsed=300.0)
        fast = finish(store, me, "scored", elapsed=300.0, gap=4.0)
        combos = finish(store, me, "scored", elapsed=400.0, gap=1.0)
        scores = {g: store.get_game(me, g).score for g in (fast, combos)}
    assert main(["leaderboard", "--challenge", "scored", "--json", "--database", url]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [(e["game_id"], e["score"]) for e in entries] == [
        (combos, scores[combos]),
        (fast, scores[fast]),
    ]
    assert main(["leaderboard", "--challenge", "scored", "--database", url]) == 0
    header, first, _ = capsys.readouterr().out.splitlines()
    assert header.split()[:3] == ["#", "score", "time"]
    assert str(scores[combos]) in first.replace(",", "")
    assert main(["stats", "--challenge", "scored", "--json", "--database", url]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert (stats["won"], stats["best_score"], stats["challenge"]) == (2, scores[combos], "scored")
    assert main(["stats", "--challenge", "scored", "--database", url]) == 0
    assert "Best score" in capsys.readouterr().out
    assert main(["stats", "--json", "--database", url]) == 0
    assert json.loads(capsys.readouterr().out)["won"] == 1


@pytest.mark.parametrize("command_name", ["stats", "leaderboard"])
def test_an_unknown_challenge_on_the_command_line_exits_2(capsys, tmp_path, command_name):
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with pytest.raises(SystemExit) as exit_:
        main([command_name, "--challenge", "chess", "--database", url])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'chess'" in err and "Traceback" not in err
    assert not (tmp_path / "games.db").exists()  # nothing written
