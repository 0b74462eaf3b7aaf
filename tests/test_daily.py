"""The daily challenges of a player (rules §7.5, §7.7): any past day's challenge can be
played, the calendar marks each day won / played / not played, and the streak counts the
consecutive days whose challenge was won on the day itself.  API: ``GET /api/daily`` and
``POST /api/games {"daily": "YYYY-MM-DD"}``."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from api_support import checked, human_pace, refused, row_counts, tap
from mahjong_solitaire import daily_code, deal_from_code
from mahjong_solitaire.core.game import GameStatus
from mahjong_solitaire.store.daily import CALENDAR_DAYS, DailyGame, compute_daily

TODAY = date(2026, 11, 29)


def daily_game(day: date, status: str = "won", *, finished: date | None = None) -> DailyGame:
    end = finished or day
    at = datetime(end.year, end.month, end.day, 21, tzinfo=UTC) if status != "playing" else None
    return DailyGame(day, GameStatus(status), at, 300.0)


def days_before(n: int) -> date:
    return TODAY - timedelta(days=n)


# -- the rules -------------------------------------------------------------------------


def test_a_day_is_won_when_any_game_of_it_was_won_and_played_when_one_was_started() -> None:
    history = compute_daily(
        [
            daily_game(days_before(3), "abandoned"),
            daily_game(days_before(3), "won"),
            daily_game(days_before(2), "abandoned"),
            daily_game(days_before(1), "playing"),
        ],
        TODAY,
    )
    assert [(day.date, day.status) for day in history.days] == [
        (days_before(3), "won"),
        (days_before(2), "played"),
        (days_before(1), "played"),
    ]
    assert history.days[0].best_time == 300.0 and history.days[1].best_time is None


def test_the_streak_counts_consecutive_days_won_on_the_day_up_to_today() -> None:
    won = [daily_game(days_before(n)) for n in range(4)]  # today and the three days before
    history = compute_daily(won, TODAY)
    assert (history.current_streak, history.best_streak) == (4, 4)


def test_today_not_yet_won_does_not_break_the_streak_but_a_missed_day_does() -> None:
    history = compute_daily([daily_game(days_before(n)) for n in (1, 2, 5, 6, 7)], TODAY)
    assert (history.current_streak, history.best_streak) == (2, 3)
    missed_yesterday = compute_daily([daily_game(days_before(n)) for n in (2, 3)], TODAY)
    assert (missed_yesterday.current_streak, missed_yesterday.best_streak) == (0, 2)


def test_a_past_day_won_later_shows_won_but_does_not_mend_the_streak() -> None:
    history = compute_daily(
        [daily_game(days_before(1)), daily_game(days_before(2), finished=TODAY)], TODAY
    )
    assert [day.status for day in history.days] == ["won", "won"]
    assert (history.current_streak, history.best_streak) == (1, 1)


def test_the_calendar_covers_the_last_365_days() -> None:
    history = compute_daily(
        [daily_game(days_before(CALENDAR_DAYS)), daily_game(days_before(CALENDAR_DAYS - 1))],
        TODAY,
    )
    shown = history.to_json()
    assert shown["first"] == days_before(CALENDAR_DAYS - 1).isoformat()
    assert [day["date"] for day in shown["days"]] == [days_before(CALENDAR_DAYS - 1).isoformat()]
    assert shown["best_streak"] == 2  # the streaks count every day ever won on the day


def test_a_win_never_counts_for_a_day_after_today() -> None:
    assert compute_daily([daily_game(TODAY + timedelta(days=1))], TODAY).days == []


# -- the API ---------------------------------------------------------------------------


def win(client, state: dict) -> dict:
    for move in deal_from_code(state["code"]).solution:
        state = tap(client, tap(client, state, move.a), move.b)
    assert state["status"] == "won"
    return state


def test_a_past_days_challenge_is_played_from_its_date(client) -> None:
    day = datetime.now(UTC).date() - timedelta(days=30)
    state = checked(client.post("/api/games", json={"daily": day.isoformat()}))
    assert state["daily"] == day.isoformat() and state["code"] == str(daily_code(day))
    calendar = checked(client.get("/api/daily"))
    assert calendar["days"] == [{"date": day.isoformat(), "status": "played", "best_time": None}]


@pytest.mark.parametrize(
    "day, status, error",
    [
        ("2026-13-01", 400, "bad_date"),
        ("20261129", 400, "bad_date"),
        ("yesterday", 400, "bad_date"),
        ("9999-12-31", 400, "future_date"),
    ],
)
def test_a_bad_or_future_daily_date_is_refused_and_starts_nothing(client, day, status, error):
    current = checked(client.post("/api/games", json={"code": "MJ1-L00-AAAAABL"}))
    refused(client.post("/api/games", json={"daily": day}), status, error)
    assert client.get("/api/game").json()["id"] == current["id"]


def test_tomorrows_challenge_is_refused_as_the_daily_board_refuses_it(client) -> None:
    tomorrow = (datetime.now(UTC).date() + timedelta(days=1)).isoformat()
    refused(client.post("/api/games", json={"daily": tomorrow}), 400, "future_date")
    refused(client.get("/api/daily-board", params={"date": tomorrow}), 400, "future_date")


def test_the_calendar_marks_todays_win_and_counts_the_streak(client, monkeypatch) -> None:
    human_pace(monkeypatch)
    today = datetime.now(UTC).date()
    yesterday = today - timedelta(days=1)
    win(client, checked(client.post("/api/games", json={"daily": True})))
    checked(client.post("/api/games", json={"daily": yesterday.isoformat()}))
    calendar = checked(client.get("/api/daily"))
    assert calendar["today"] == today.isoformat()
    assert calendar["code"] == str(daily_code(today))
    statuses = {day["date"]: day["status"] for day in calendar["days"]}
    assert statuses == {today.isoformat(): "won", yesterday.isoformat(): "played"}
    assert (calendar["current_streak"], calendar["best_streak"]) == (1, 1)


def test_reading_the_calendar_writes_nothing(sqlite_store) -> None:
    from fastapi.testclient import TestClient

    from mahjong_solitaire.web import create_app

    visitor = TestClient(create_app(sqlite_store), base_url="http://127.0.0.1:8000")
    before = row_counts(sqlite_store)
    calendar = checked(visitor.get("/api/daily"))
    assert calendar["days"] == [] and calendar["current_streak"] == 0
    assert row_counts(sqlite_store) == before
    assert "set-cookie" not in visitor.get("/api/daily").headers
