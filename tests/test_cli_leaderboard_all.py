"""``mahjong-solitaire leaderboard [--all]`` (rules §12.3): the fair board leaves assisted
wins out; ``--all`` lists them too, marked assisted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_solitaire.cli import main
from mahjong_solitaire.store import Store
from test_cli_input import english_terminal  # noqa: F401 (the fixture, autouse)
from test_statistics_story import code, finish


@pytest.fixture
def database(tmp_path: Path) -> str:
    """A database whose local player won once with a hint and once without."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with Store(url) as store:
        player = store.local_player().id
        for seed, elapsed, actions in ((1, 200.0, ["hint"]), (2, 300.0, ["undo"])):
            finish(store, player, elapsed, game_code=code(seed), actions=actions)
    return url


def leaderboard(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["leaderboard", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_the_leaderboard_leaves_assisted_wins_out(capsys, database) -> None:
    entries = json.loads(leaderboard(capsys, "--json", "--database", database))
    assert [(e["time"], e["assisted"]) for e in entries] == [(300.0, False)]
    assert "assisted" not in leaderboard(capsys, "--database", database)


def test_leaderboard_all_lists_assisted_wins_marked_assisted(capsys, database) -> None:
    entries = json.loads(leaderboard(capsys, "--all", "--json", "--database", database))
    assert [(e["time"], e["assisted"]) for e in entries] == [(200.0, True), (300.0, False)]
    table = leaderboard(capsys, "--all", "--database", database).splitlines()
    assert "assisted" in table[1] and "assisted" not in table[2]
