"""Export and import of a player's history, and the history CLI (rules §12.4)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from sqlalchemy import select, update

from mahjong_solitaire import Game, Layout, deal_from_code, generate
from mahjong_solitaire.cli import main
from mahjong_solitaire.store import Store, StoreError
from mahjong_solitaire.store.history import FORMAT, VERSION
from mahjong_solitaire.store.limits import HUMAN_FLOOR_SECONDS_PER_PAIR, MAX_ELAPSED_SECONDS
from mahjong_solitaire.store.schema import games
from store_support import save_played

CODE = "MJ1-L00-AAAAABL"
SOLUTION = [str(move) for move in deal_from_code(CODE).solution]
ROW = Layout.from_positions([(x, 0, 0) for x in range(0, 24, 2)], name="row")


def play(
    store: Store,
    player_id: str,
    actions: list[str],
    *,
    status: str,
    elapsed: float,
    **create: object,
) -> None:
    """Create a game and store the given actions with the aid counts the engine counts."""
    if not create:
        create = {"code": CODE}
    game = store.create_game(player_id, **create)  # type: ignore[arg-type]
    save_played(store, game, actions, status=status, elapsed=elapsed)


def scripted_history(store: Store, player_id: str) -> None:
    play(store, player_id, SOLUTION, status="won", elapsed=300.0)
    play(store, player_id, [SOLUTION[0], "undo", "hint"], status="abandoned", elapsed=20.0)
    play(store, player_id, [SOLUTION[0], "shuffle"], status="abandoned", elapsed=30.0)
    row_solution = [str(move) for move in generate(ROW, 3, "easy").solution]
    play(
        store,
        player_id,
        row_solution,
        status="won",
        elapsed=45.0,
        layout=ROW,
        seed=3,
        difficulty="easy",
    )
    play(store, player_id, SOLUTION[:4], status="playing", elapsed=12.0)


def _games(document: dict) -> list[dict]:
    return document["games"]


def test_a_history_survives_export_and_import(store: Store) -> None:
    source, target = store.player(None).id, store.player(None).id
    scripted_history(store, source)
    document = json.loads(json.dumps(store.export_history(source)))
    assert (document["format"], document["version"]) == (FORMAT, VERSION)
    assert store.import_history(target, document) == 5
    copied = store.export_history(target)
    expected = copy.deepcopy(_games(document))
    expected[-1]["status"] = "paused"  # an imported unfinished game waits, clock stopped
    assert _games(copied) == expected
    mine, theirs = store.statistics(source), store.statistics(target)
    assert theirs == mine
    assert [e.time for e in store.leaderboard(target)] == [45.0, 300.0]
    resumed = store.current_game(target)
    assert resumed is not None and resumed.status == "paused" and not resumed.running
    assert Game.replay(resumed.deal(), resumed.actions).board.tiles_left == 136


def test_importing_the_same_history_twice_adds_nothing_the_second_time(store: Store) -> None:
    source, target = store.player(None).id, store.player(None).id
    scripted_history(store, source)
    document = store.export_history(source)
    assert store.import_history(target, document) == 5
    assert store.import_history(target, document) == 0
    assert store.import_history(source, document) == 0
    assert store.statistics(target).started == 5


def test_a_file_that_counted_every_hint_press_imports_with_a_count_per_position(
    store: Store,
) -> None:
    source, target = store.player(None).id, store.player(None).id
    play(store, source, [SOLUTION[0], "hint", "hint", "hint"], status="abandoned", elapsed=20.0)
    document = store.export_history(source)
    assert _games(document)[0]["hints"] == 1
    _games(document)[0]["hints"] = 3  # as written before a position's hints counted once
    assert store.import_history(target, document) == 1
    assert _games(store.export_history(target))[0]["hints"] == 1


def _bad_variants() -> list[tuple[str, object]]:
    """(what is wrong, how to break a good document) pairs."""

    def game(index: int, **changes: object):  # type: ignore[no-untyped-def]
        def breaker(document: dict) -> dict:
            document["games"][index].update(changes)
            return document

        return breaker

    def whole(**changes: object):  # type: ignore[no-untyped-def]
        def breaker(document: dict) -> dict:
            document.update(changes)
            return document

        return breaker

    return [
        ("not a mahjong-solitaire history", lambda document: [document]),
        ("not a mahjong-solitaire history", whole(format="someone-else/history")),
        ("version 4 is not supported", whole(version=4)),
        ("version '1' is not a number", whole(version="1")),
        ("no list of games", whole(games={"a": 1})),
        ("game 2: .* is not a game code", game(1, code="MJ1-L77")),
        ("game 2: .*cannot be replayed", game(1, actions=[SOLUTION[0], "0,1"])),
        ("game 1: status won does not match its moves", game(0, actions=SOLUTION[:-1])),
        ("game 2: aid counts", game(1, hints=7)),
        ("game 3: started_at .* has no time zone", game(2, started_at="2026-01-01T10:00:00")),
        (
            "game 3: code .* does not name this layout",
            game(2, layout_positions=[[0, 0, 0], [2, 0, 0]]),
        ),
        ("game 1: a won game needs finished_at", game(0, finished_at=None)),
        ("game 4: .*overlap", game(3, layout_positions=[[0, 0, 0], [1, 0, 0]])),
        ("game 5: seed is missing", lambda d: d["games"][4].pop("seed") and d),
        ("game 5: status = 'forfeited' is not a game status", game(4, status="forfeited")),
        ("game 2: not a JSON object", lambda d: d["games"].insert(1, 5) or d),
        # A classic code in Connect mode (or any other mode) would be stored unreplayed
        # and break the page that resumes it.
        (
            "game 2: this game is played in mode 'classic', not 'connect'",
            game(1, mode="connect", actions=["garbage"]),
        ),
        ("game 2: this game is played in mode 'classic', not 'puzzle'", game(1, mode="puzzle")),
        # Playing times: finite, not negative, at most a week, and a win no faster than a
        # person can remove its pairs (HUMAN_FLOOR_SECONDS_PER_PAIR: 72 pairs, 18 s).
        (
            "game 1: elapsed = 1e\\+308 is not a number of seconds in 0..604800",
            game(0, elapsed=1e308),
        ),
        ("game 1: elapsed = inf is not a number", game(0, elapsed=float("inf"))),
        ("game 1: elapsed = nan is not a number", game(0, elapsed=float("nan"))),
        ("game 2: elapsed = -0.5 is not a number", game(1, elapsed=-0.5)),
        ("game 2: elapsed = 604801 is not a number", game(1, elapsed=7 * 24 * 3600 + 1)),
        ("game 1: won in 0.001 s: 72 pairs take a person at least 18 s", game(0, elapsed=0.001)),
        ("game 1: won in 17.99 s", game(0, elapsed=17.99)),
        ("game 4: won in 0 s: 6 pairs take a person at least 1.5 s", game(3, elapsed=0)),
    ]


@pytest.mark.parametrize(("message", "breaker"), _bad_variants())
def test_a_bad_or_foreign_history_is_refused_and_changes_nothing(
    store: Store, message: str, breaker
) -> None:  # type: ignore[no-untyped-def]
    source, target = store.player(None).id, store.player(None).id
    scripted_history(store, source)
    document = breaker(copy.deepcopy(store.export_history(source)))
    play(store, target, SOLUTION[:2], status="playing", elapsed=1.0)
    before = store.export_history(target)["games"]
    with pytest.raises(StoreError, match=message):
        store.import_history(target, document)
    assert store.export_history(target)["games"] == before


def test_import_accepts_a_win_at_the_human_floor_and_an_open_game_of_a_week(store: Store) -> None:
    source, target = store.player(None).id, store.player(None).id
    scripted_history(store, source)
    document = store.export_history(source)
    document["games"][0]["elapsed"] = 72 * HUMAN_FLOOR_SECONDS_PER_PAIR  # 18 s for 72 pairs
    document["games"][4]["elapsed"] = MAX_ELAPSED_SECONDS  # left open for a week
    document["games"][1]["elapsed"] = 0  # abandoned at once: no floor for a game not won
    assert store.import_history(target, document) == 5
    assert store.leaderboard(target)[0].time == 18.0


def test_no_statistic_overflows_whatever_times_are_stored(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Times written around the checks (an old import, a hand-edited database) are figures
    too: two wins of 1e308 s used to make the average infinite and stats die."""
    with Store(database_url) as store:
        local = store.local_player().id
        for _ in range(3):
            play(store, local, SOLUTION, status="won", elapsed=300.0)
        with store.engine.begin() as connection:
            ids = [row.id for row in connection.execute(select(games.c.id))]
            for game_id, elapsed in zip(ids, (1e308, 1e308, -5.0), strict=True):
                connection.execute(
                    update(games).where(games.c.id == game_id).values(elapsed=elapsed)
                )
        stats = store.statistics(local)
    assert (stats.best_time, stats.average_time) == (0.0, 2 * MAX_ELAPSED_SECONDS / 3)
    status, out, err = run(capsys, "stats", "--json", "--database", database_url)
    assert status == 0 and err == ""
    figures = json.loads(out)  # strict JSON: no Infinity, no NaN
    assert figures["average_time"] == 2 * MAX_ELAPSED_SECONDS / 3
    status, out, err = run(capsys, "stats", "--database", database_url)
    assert status == 0 and "Average time      112:00:00" in out and err == ""
    status, out, err = run(capsys, "leaderboard", "--database", database_url)
    assert status == 0 and "168:00:00" in out and err == ""


# -- the command line ------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_cli_shows_statistics_and_the_leaderboard(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store(database_url) as store:
        local = store.local_player().id
        scripted_history(store, local)
        play(store, local, [SOLUTION[0], "shuffle", "hint"], status="abandoned", elapsed=9.0)
    status, out, _ = run(capsys, "stats", "--json", "--database", database_url)
    stats = json.loads(out)
    assert status == 0 and (stats["started"], stats["won"], stats["shuffles"]) == (6, 2, 2)
    status, out, _ = run(capsys, "stats", "--database", database_url)
    assert status == 0 and "Games won         2 (33.3%)" in out
    status, out, _ = run(capsys, "leaderboard", "--json", "--database", database_url)
    assert [entry["time"] for entry in json.loads(out)] == [45.0, 300.0]
    status, out, _ = run(capsys, "leaderboard", "--database", database_url)
    lines = out.splitlines()
    assert status == 0 and "0:45" in lines[1] and "row" in lines[1] and "5:00" in lines[2]


def test_the_cli_exports_and_imports_a_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = f"sqlite:///{tmp_path / 'a.sqlite3'}", f"sqlite:///{tmp_path / 'b.sqlite3'}"
    with Store(first) as store:
        scripted_history(store, store.local_player().id)
    file = tmp_path / "history.json"
    status, _, err = run(capsys, "export", str(file), "--database", first)
    assert status == 0 and "exported 5 games" in err
    status, out, _ = run(capsys, "import", str(file), "--database", second)
    assert status == 0 and out.strip() == f"imported 5 games from {file}"
    status, out, _ = run(capsys, "import", str(file), "--database", second)
    assert "imported 0 games" in out and "(5 already present)" in out
    with Store(second) as store:
        assert store.statistics(store.local_player().id).won == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ('{"format": "chess/pgn", "version": 1}', "not a mahjong-solitaire history file"),
        (b"\xff\xfe\x00", "not a text file"),
    ],
)
def test_the_cli_refuses_a_bad_file_with_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes, message: str
) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    file = tmp_path / "bad.json"
    if isinstance(content, bytes):
        file.write_bytes(content)
    else:
        file.write_text(content)
    status, out, err = run(capsys, "import", str(file), "--database", database)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1
    with Store(database) as store:
        assert store.statistics(store.local_player().id).started == 0


@pytest.mark.parametrize("elapsed", [1e308, 0.001, -1, 7 * 24 * 3600 + 1])
def test_the_cli_refuses_a_history_with_an_impossible_time_and_imports_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], elapsed: float
) -> None:
    first, second = f"sqlite:///{tmp_path / 'a.sqlite3'}", f"sqlite:///{tmp_path / 'b.sqlite3'}"
    with Store(first) as store:
        scripted_history(store, store.local_player().id)
        document = store.export_history(store.local_player().id)
    document["games"][0]["elapsed"] = elapsed  # the won Turtle game
    file = tmp_path / "history.json"
    file.write_text(json.dumps(document))
    status, out, err = run(capsys, "import", str(file), "--database", second)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "game 1: " in err and "nothing was imported" in err
    with Store(second) as store:
        assert store.export_history(store.local_player().id)["games"] == []


def test_the_cli_reports_a_missing_file_and_an_unreachable_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(
        capsys, "import", str(tmp_path / "nope.json"), "--database", str(tmp_path / "games.sqlite3")
    )
    assert status == 2 and "nope.json" in err
    status, _, err = run(capsys, "stats", "--database", "postgresql://nobody@127.0.0.1:1/none")
    assert status == 2 and "cannot open the database" in err and err.count("\n") == 1


def _version_1(document: dict) -> dict:
    """A document as version 1 wrote it: no ``solution_shown``, ways back as plain undos."""
    old = copy.deepcopy(document)
    old["version"] = 1
    for game in old["games"]:
        del game["solution_shown"]
    return old


def test_a_version_1_history_file_is_still_read(store: Store) -> None:
    source, target = store.player(None).id, store.player(None).id
    scripted_history(store, source)
    old = _version_1(store.export_history(source))
    assert store.import_history(target, old) == 5
    assert store.statistics(target) == store.statistics(source)
    assert not any(game["solution_shown"] for game in _games(store.export_history(target)))


def test_versions_2_and_3_record_the_solution_shown_and_the_way_back_as_actions_of_their_own(
    store: Store,
) -> None:
    """Rules §5.9: ``solve i,j`` and ``back n`` survive export and import; a win with the
    solution shown comes back unranked and counted apart."""
    source, target = store.player(None).id, store.player(None).id
    shown = [f"solve {move}" for move in SOLUTION]
    play(store, source, shown, status="won", elapsed=300.0)
    play(store, source, [SOLUTION[0], SOLUTION[1], "back 2"], status="abandoned", elapsed=20.0)
    document = json.loads(json.dumps(store.export_history(source)))
    assert document["version"] == VERSION == 3
    won, back = _games(document)
    assert won["solution_shown"] is True and won["actions"][0].startswith("solve ")
    assert back["actions"][-1] == "back 2" and back["undos"] == 2
    assert store.import_history(target, document) == 2
    assert store.leaderboard(target) == []
    stats = store.statistics(target)
    assert (stats.won, stats.solved, stats.started) == (0, 1, 2)


@pytest.mark.parametrize(
    ("action", "what"),
    [("solve 1,2", "'solve 1,2'"), ("back 1", "'back 1'"), ("finish", "'finish'")],
)
def test_a_version_1_file_holding_a_version_2_action_is_refused(
    store: Store, action: str, what: str
) -> None:
    source, target = store.player(None).id, store.player(None).id
    play(store, source, [SOLUTION[0]], status="abandoned", elapsed=20.0)
    old = _version_1(store.export_history(source))
    old["games"][0]["actions"].append(action)
    with pytest.raises(StoreError, match=f"game 1: action {what} is not an action of a version 1"):
        store.import_history(target, old)
    assert store.statistics(target).started == 0


def test_a_solution_shown_flag_that_contradicts_the_actions_is_refused(store: Store) -> None:
    source, target = store.player(None).id, store.player(None).id
    play(store, source, [SOLUTION[0]], status="abandoned", elapsed=20.0)
    document = store.export_history(source)
    document["games"][0]["solution_shown"] = True
    with pytest.raises(StoreError, match="solution_shown = True does not match"):
        store.import_history(target, document)


def test_the_cli_writes_version_3_and_still_imports_a_version_1_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = f"sqlite:///{tmp_path / 'a.sqlite3'}", f"sqlite:///{tmp_path / 'b.sqlite3'}"
    with Store(first) as store:
        local = store.local_player().id
        scripted_history(store, local)
        play(store, local, [f"solve {move}" for move in SOLUTION], status="won", elapsed=99.0)
    file = tmp_path / "history.json"
    assert run(capsys, "export", str(file), "--database", first)[0] == 0
    written = json.loads(file.read_text())
    assert written["version"] == VERSION == 3 and written["games"][-1]["solution_shown"] is True
    old = tmp_path / "old.json"
    written["games"] = written["games"][:-1]  # a version 1 file had no solution shown
    old.write_text(json.dumps(_version_1(written)))
    status, out, _ = run(capsys, "import", str(old), "--database", second)
    assert status == 0 and out.strip() == f"imported 5 games from {old}"
    status, out, _ = run(capsys, "stats", "--database", first)
    assert status == 0 and "Solution shown    1" in out


def test_the_cli_refuses_a_version_1_file_holding_a_solution_with_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with Store(database) as store:
        play(
            store,
            store.local_player().id,
            [f"solve {SOLUTION[0]}"],
            status="abandoned",
            elapsed=3.0,
        )
    file = tmp_path / "history.json"
    assert run(capsys, "export", str(file), "--database", database)[0] == 0
    file.write_text(json.dumps(_version_1(json.loads(file.read_text()))))
    status, out, err = run(capsys, "import", str(file), "--database", database)
    assert status == 2 and out == "" and "not an action of a version 1 file" in err
    assert len(err.strip().splitlines()) == 1
