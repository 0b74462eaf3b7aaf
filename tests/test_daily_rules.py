"""The daily challenge's rule set (rules §7.5, §13): from 2026-12-07 each day's daily is its
deal played under one rule set the date chooses (``challenges/daily_rules.py``), never the
same two days running; every day before is plain play, and every daily deals what it dealt.
The store (on SQLite and PostgreSQL) gives a daily game its day's rule set and ranks the
day's board by its measure; the API, ``deal --daily`` and the history import follow it."""

from __future__ import annotations

import hashlib
import itertools
import json
from datetime import UTC, date, datetime, timedelta

import pytest

from api_support import checked, refused
from mahjong_solitaire import daily_code, deal_from_code
from mahjong_solitaire.challenges import CHALLENGES, DAILY_RULES_FROM, daily_rules
from mahjong_solitaire.cli import main
from mahjong_solitaire.store import Progress, Store, StoreError
from store_support import clock_at, save_played

#: Old dailies (and the first ones with a rule set): code and digest of the tiles each
#: dealt, taken from main before the daily had rule sets.
GOLDEN = {
    date(2026, 11, 20): ("MJ1-L00-KZZFGEG", "a4fc1037fe59df2f"),
    date(2026, 12, 1): ("MJ1-L00-TTRCNKW", "4782a4c6cbcdbc40"),
    date(2026, 12, 2): ("MJ2-L00-HCQKFHH", "78bf11358dfaf1be"),
    date(2026, 12, 6): ("MJ2-L00-DQPZUQC", "1654b52059e8b4fe"),
    date(2026, 12, 7): ("MJ2-L00-ONTOCEG", "9d8265a81e7e85f6"),
    date(2026, 12, 8): ("MJ2-L00-VXLIWQY", "d607db69dea39acc"),
    date(2027, 3, 1): ("MJ2-L00-NBJSVAK", "d8b55379a1baafa9"),
}
#: The first days' rule sets (pinned: every player gets the same, forever).
FIRST_DAYS = ["scored", "sprint", "blackout", "countdown", "suit-hunt", "scored", "countdown"]
SCORED_DAY, SPRINT_DAY, PLAIN_DAY = date(2026, 12, 7), date(2026, 12, 8), date(2026, 12, 6)
BLACKOUT_DAY = date(2026, 12, 9)  # blackout ranks by time


def digest(code: str) -> str:
    tiles = deal_from_code(code).board().tiles
    return hashlib.sha256(" ".join(str(tile) for tile in tiles).encode()).hexdigest()[:16]


# -- the engine ---------------------------------------------------------------------------


def test_every_day_before_the_release_is_plain_play() -> None:
    assert date(2026, 12, 7) == DAILY_RULES_FROM
    for back in range(0, 800, 7):
        assert daily_rules(PLAIN_DAY - timedelta(days=back)) is None


def test_the_first_days_rule_sets_are_pinned() -> None:
    days = [DAILY_RULES_FROM + timedelta(days=n) for n in range(7)]
    assert [daily_rules(day).name for day in days] == FIRST_DAYS  # type: ignore[union-attr]


def test_no_rule_set_is_played_two_days_running_and_every_one_comes_up() -> None:
    days = [DAILY_RULES_FROM + timedelta(days=n) for n in range(3 * 366)]
    chosen = [daily_rules(day) for day in days]
    assert all(a is not b for a, b in itertools.pairwise(chosen))
    counts = {rules: chosen.count(rules) for rules in CHALLENGES}
    assert min(counts.values()) > len(days) // len(CHALLENGES) // 2  # none left out


@pytest.mark.parametrize("day", sorted(GOLDEN))
def test_every_daily_deals_exactly_what_it_dealt(day: date) -> None:
    code, tiles = GOLDEN[day]
    assert str(daily_code(day)) == code
    assert daily_code(day).challenge is None  # the day's code is the deal's
    assert digest(code) == tiles


# -- the store (SQLite and PostgreSQL) ----------------------------------------------------


def start_daily(store: Store, player: str, day: date, **more: object):
    code = daily_code(day)
    return store.create_game(
        player, code=str(code), seed=code.seed, difficulty="normal", daily=day, **more
    )


def test_a_daily_game_carries_its_days_rule_set(store: Store) -> None:
    me = store.player(None).id
    game = start_daily(store, me, SCORED_DAY)
    assert game.challenge == "scored"
    assert game.code == str(daily_code(SCORED_DAY))  # the deal's code, the name beside it
    assert game.shown_code == f"{daily_code(SCORED_DAY)}-SCORED"
    assert deal_from_code(game.shown_code).code == game.code  # the code reproduces it
    again = store.get_game(me, game.id)
    assert (again.challenge, again.daily) == ("scored", SCORED_DAY)
    assert start_daily(store, me, SPRINT_DAY, challenge="Sprint").challenge == "sprint"
    assert start_daily(store, me, PLAIN_DAY).challenge is None


@pytest.mark.parametrize(("day", "name"), [(SCORED_DAY, "sprint"), (PLAIN_DAY, "scored")])
def test_another_rule_set_on_a_daily_is_refused(store: Store, day: date, name: str) -> None:
    me = store.player(None).id
    with pytest.raises(StoreError, match=f"the daily challenge of {day} is played under"):
        start_daily(store, me, day, challenge=name)
    assert store.current_game(me) is None


def win(store: Store, day: date, name: str, *, elapsed: float, gap: float) -> str:
    """A player's won daily of ``day``: its solution, ``gap`` seconds between pairs, the
    last pair at ``elapsed``."""
    player = store.player(None).id
    store.set_display_name(player, name)
    game = start_daily(store, player, day)
    actions = [str(move) for move in game.deal().solution]
    times = clock_at(elapsed, gap, len(actions))
    save_played(store, game, actions, status="won", elapsed=elapsed, times=times)
    return player


def test_a_scored_day_ranks_the_highest_score_first(store: Store) -> None:
    # the faster win takes its pairs far apart (no combos); the slower one in quick runs
    win(store, SCORED_DAY, "Fast", elapsed=300.0, gap=4.0)
    win(store, SCORED_DAY, "Combo", elapsed=400.0, gap=1.0)
    board = store.daily_board(SCORED_DAY)
    assert [entry.display_name for entry in board] == ["Combo", "Fast"]
    assert [entry.rank for entry in board] == [1, 2]
    assert board[0].score is not None and board[1].score is not None
    assert board[0].score > board[1].score
    assert board[0].to_json()["score"] == board[0].score


def test_a_day_whose_rule_set_ranks_by_time_ranks_the_fastest_first(store: Store) -> None:
    assert daily_rules(BLACKOUT_DAY).ranks_by == "time"  # type: ignore[union-attr]
    win(store, BLACKOUT_DAY, "Slow", elapsed=400.0, gap=1.0)
    win(store, BLACKOUT_DAY, "Quick", elapsed=300.0, gap=4.0)
    board = store.daily_board(BLACKOUT_DAY)
    assert [(entry.display_name, entry.score) for entry in board] == [
        ("Quick", None),
        ("Slow", None),
    ]


def test_the_fair_board_keeps_only_the_first_attempt_on_a_scored_day(store: Store) -> None:
    player = win(store, SCORED_DAY, "Twice", elapsed=300.0, gap=4.0)
    game = start_daily(store, player, SCORED_DAY)  # a second attempt, better, not fair
    actions = [str(move) for move in game.deal().solution]
    store.save_game(
        player,
        game.id,
        version=1,
        progress=Progress(
            actions=tuple(actions),
            elapsed=200.0,
            running=False,
            status="won",
            times=tuple(128.0 + n for n in range(len(actions))),
        ),
    )
    fair = store.daily_board(SCORED_DAY)
    assert [(entry.display_name, entry.first) for entry in fair] == [("Twice", True)]
    every = store.daily_board(SCORED_DAY, show_all=True)
    assert [entry.first for entry in every] == [False, True]  # the better score first


def test_a_daily_with_its_days_rule_set_survives_export_and_import(store: Store) -> None:
    source, target = store.player(None).id, store.player(None).id
    start_daily(store, source, SCORED_DAY)
    start_daily(store, source, PLAIN_DAY)
    document = json.loads(json.dumps(store.export_history(source)))
    assert [g["challenge"] for g in document["games"]] == ["scored", None]
    assert store.import_history(target, document) == 2
    back = store.export_history(target)["games"]
    assert [(g["daily"], g["challenge"]) for g in back] == [
        ("2026-12-07", "scored"),
        ("2026-12-06", None),
    ]


@pytest.mark.parametrize("other", ["sprint", None])
def test_a_daily_under_another_rule_set_is_not_imported(store: Store, other: str | None) -> None:
    source, target = store.player(None).id, store.player(None).id
    start_daily(store, source, SCORED_DAY)
    document = json.loads(json.dumps(store.export_history(source)))
    document["games"][0]["challenge"] = other
    with pytest.raises(StoreError, match="the daily challenge of 2026-12-07 is the scored"):
        store.import_history(target, document)
    assert store.export_history(target)["games"] == []


# -- the API ------------------------------------------------------------------------------

TODAY = date(2026, 12, 10)


@pytest.fixture
def after_the_release(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's clock on TODAY, three days after the release."""
    from mahjong_solitaire.web.classic import routes as classic_routes
    from mahjong_solitaire.web.routes import daily as daily_routes

    def later() -> datetime:
        return datetime(TODAY.year, TODAY.month, TODAY.day, 12, tzinfo=UTC)

    monkeypatch.setattr(classic_routes, "now", later)
    monkeypatch.setattr(daily_routes, "now", later)


def test_the_started_daily_names_its_rule_set(client, after_the_release) -> None:
    state = checked(client.post("/api/games", json={"daily": "2026-12-07"}))
    assert state["daily"] == "2026-12-07"
    assert state["challenge"]["name"] == "scored"
    assert state["code"] == f"{daily_code(SCORED_DAY)}-SCORED"
    today = checked(client.post("/api/games", json={"daily": True}))
    assert today["challenge"]["name"] == daily_rules(TODAY).name  # type: ignore[union-attr]
    plain = checked(client.post("/api/games", json={"daily": "2026-12-06"}))
    assert (plain["challenge"], plain["code"]) == (None, str(daily_code(PLAIN_DAY)))


def test_a_chosen_challenge_on_the_daily_is_still_refused(client, after_the_release) -> None:
    for name in ("scored", "sprint"):
        body = {"daily": "2026-12-07", "challenge": name}
        refused(client.post("/api/games", json=body), 400, "bad_request")


def test_the_calendar_names_every_days_rule_set(client, after_the_release) -> None:
    calendar = checked(client.get("/api/daily", headers={"Accept-Language": "de"}))
    days = calendar["challenges"]
    assert len(days) == 365
    assert (days[0]["date"], days[-1]["date"]) == (calendar["first"], "2026-12-10")
    by_day = {day["date"]: day["challenge"] for day in days}
    assert by_day["2026-12-06"] is None
    assert by_day["2026-12-07"] == {"name": "scored", "title": "Mit Punkten"}
    assert [by_day[f"2026-12-{n:02d}"]["name"] for n in range(7, 11)] == FIRST_DAYS[:4]


def test_the_daily_board_names_the_rule_set_and_its_measure(client, after_the_release) -> None:
    scored = checked(client.get("/api/daily-board", params={"date": "2026-12-07"}))
    assert (scored["challenge"]["name"], scored["ranks_by"]) == ("scored", "score")
    sprint = checked(client.get("/api/daily-board", params={"date": "2026-12-08"}))
    assert (sprint["challenge"]["title"], sprint["ranks_by"]) == ("Sprint", "score")
    blackout = checked(client.get("/api/daily-board", params={"date": "2026-12-09"}))
    assert (blackout["challenge"]["name"], blackout["ranks_by"]) == ("blackout", "time")
    plain = checked(client.get("/api/daily-board", params={"date": "2026-12-06"}))
    assert (plain["challenge"], plain["ranks_by"]) == (None, "time")


# -- the command line ---------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["--lang", "en", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_daily_names_the_days_rule_set(capsys) -> None:
    status, out, _ = run(capsys, "deal", "--daily", "2026-12-08")
    assert status == 0
    assert out.startswith(f"{daily_code(SPRINT_DAY)}-SPRINT  Turtle, normal")
    _, line, _ = run(capsys, "deal", "--daily", "2026-12-08", "--json")
    record = json.loads(line)
    assert (record["code"], record["challenge"]) == (str(daily_code(SPRINT_DAY)), "sprint")


def test_deal_daily_before_the_release_is_the_plain_deal(capsys) -> None:
    _, out, _ = run(capsys, "deal", "--daily", "2026-12-06")
    assert out.startswith(f"{daily_code(PLAIN_DAY)}  Turtle")
    _, line, _ = run(capsys, "deal", "--daily", "2026-12-06", "--json")
    assert "challenge" not in json.loads(line)


def test_deal_daily_still_refuses_a_chosen_challenge(capsys) -> None:
    status, _, err = run(capsys, "deal", "--daily", "2026-12-08", "--challenge", "sprint")
    assert status == 2
    assert "--challenge does not apply to --daily" in err
