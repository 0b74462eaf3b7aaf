"""``mahjong-solitaire review ID [--json]`` (issue 28 item 4): the timeline with each
action's verdict and the losing move, in the terminal's language; ``--json`` is the web
API's object; a bad id is one line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_solitaire.cli import main
from mahjong_solitaire.modes import mode_of_code
from mahjong_solitaire.store import Progress, Store
from mahjong_solitaire.store.reviews import review_answer
from mahjong_solitaire.web.routes.review_models import GameReview
from test_cli_input import english_terminal  # noqa: F401 (the fixture, autouse)
from test_review_api import CODE, OTHER, actions_of, dead_end


def saved(url: str, actions: list[str], *, abandon: bool = False) -> str:
    """A game of the local player with ``actions`` played (then abandoned if asked)."""
    with Store(url) as store:
        player = store.local_player().id
        stored = store.create_game(player, code=CODE)
        game = mode_of_code(CODE).replay(CODE, actions)
        game.keep_times([3.0 * (n + 1) for n in range(len(actions))])
        store.save_game(player, stored.id, version=stored.version, progress=Progress.of(game))
        if abandon:
            store.create_game(player, code=OTHER)
        return stored.id


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


def review(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["review", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_the_timeline_marks_each_verdict_and_the_losing_move(capsys, url) -> None:
    actions, k = dead_end()
    game_id = saved(url, actions)
    lines = review(capsys, game_id, "--database", url).splitlines()
    assert game_id in lines[0]
    timeline = lines[2 : 2 + len(actions)]
    assert [line.split()[1] for line in timeline] == actions
    assert all(line.split()[2] == "winnable" for line in timeline[:k])
    assert timeline[k].endswith("lost <")
    assert f"The game was lost at move {k + 1}: {actions[k]}." in lines
    assert any(line.startswith("Better there: ") for line in lines)
    assert "Longest think 0:03" in lines[-1]


def test_json_is_the_web_apis_object_and_is_kept(capsys, url) -> None:
    deal = mode_of_code(CODE).deal(CODE)
    game_id = saved(url, actions_of(deal.solution[:4]), abandon=True)
    answer = json.loads(review(capsys, game_id, "--json", "--database", url))
    GameReview.model_validate(answer)
    with Store(url) as store:
        stored = store.get_game(store.local_player().id, game_id)
    assert stored.review is not None
    assert answer == review_answer(stored, stored.review)
    assert answer["first_losing_move"] is None and answer["status"] == "abandoned"
    assert "The game never became lost." in review(capsys, game_id, "--database", url)


def test_the_review_speaks_the_terminals_language(capsys, url, monkeypatch) -> None:
    actions, _ = dead_end()
    game_id = saved(url, actions)
    monkeypatch.setenv("LANG", "pt_PT.UTF-8")
    text = review(capsys, game_id, "--database", url)
    assert "The game was lost" not in text and "winnable" not in text
    assert "perd" in text  # «perdida», the verdict and the losing move


def test_a_bad_id_or_a_game_in_play_is_one_line_and_exit_2(capsys, url) -> None:
    in_play = saved(url, [])
    for game_id, said in (("no-such-game", "no game of that id"), (in_play, "still in play")):
        assert main(["review", game_id, "--database", url]) == 2
        out, err = capsys.readouterr()
        assert out == "" and said in err and len(err.strip().splitlines()) == 1
