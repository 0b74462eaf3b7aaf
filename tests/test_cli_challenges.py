"""rules §13 on the command line: ``mahjong-solitaire challenges`` lists the rule sets in
the terminal's language, and ``deal --challenge NAME`` deals under one, its code carrying
the name so that ``deal --code`` reproduces both."""

from __future__ import annotations

import json

import pytest

from mahjong_solitaire import i18n
from mahjong_solitaire.challenges import CHALLENGES
from mahjong_solitaire.cli import main


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_list_names_every_rule_set_with_its_title_rule_ranking_and_refused_aids(capsys):
    status, out, err = run(capsys, "challenges")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 2 * len(CHALLENGES)
    for at, rules in enumerate(CHALLENGES):
        first, second = lines[2 * at], lines[2 * at + 1]
        assert first.split()[0] == rules.name
        assert f"{rules.title}: {rules.rule}" in first
        ranking = "by score" if rules.ranks_by == "score" else "by time"
        assert ranking in second and "refuses: " in second
    blackout = lines[2 * [rules.name for rules in CHALLENGES].index("blackout") + 1]
    assert "Undo" in blackout and "Shuffle" in blackout and "Hint" not in blackout


def test_the_list_speaks_the_terminal_language(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    status, out, _ = run(capsys, "challenges")
    assert status == 0
    for rules in CHALLENGES:
        assert i18n.challenge_title(rules, "it") in out
        assert i18n.challenge_rule(rules, "it") in out
    assert "rifiuta: " in out and "refuses" not in out
    _, out_pt, _ = run(capsys, "--lang", "pt", "challenges")
    assert i18n.challenge_title("suit-hunt", "pt") in out_pt


def test_the_json_list_is_what_the_api_lists(capsys):
    status, out, _ = run(capsys, "--lang", "es", "challenges", "--json")
    assert status == 0
    listed = json.loads(out)
    assert [item["name"] for item in listed] == [rules.name for rules in CHALLENGES]
    for item, rules in zip(listed, CHALLENGES, strict=True):
        assert set(item) == {"name", "title", "rule", "ranks_by", "refuses", "hides_faces"}
        assert item["title"] == i18n.challenge_title(rules, "es")
        assert item["rule"] == i18n.challenge_rule(rules, "es")
        assert item["ranks_by"] == rules.ranks_by
        assert item["refuses"] == sorted(rules.refuses)
        assert item["hides_faces"] is rules.hides_faces


def test_deal_under_a_challenge_prints_a_code_with_its_name(capsys):
    status, out, _ = run(capsys, "deal", "--challenge", "Suit-Hunt", "--seed", "12")
    assert status == 0
    assert out.split()[0] == "MJ2-L00-AAAAABL-SUIT-HUNT"


def test_deal_code_of_a_challenge_code_reproduces_deal_and_rules(capsys):
    _, dealt, _ = run(capsys, "deal", "--challenge", "scored", "--seed", "40", "--json")
    first = json.loads(dealt)
    code = f"{first['code']}-SCORED"
    _, again, _ = run(capsys, "deal", "--code", code, "--json")
    second = json.loads(again)
    assert second == first and second["challenge"] == "scored"
    _, picture, _ = run(capsys, "deal", "--code", code.lower())
    assert picture.split()[0] == code


def test_deal_json_names_the_challenge_and_keeps_the_plain_deal(capsys):
    _, plain, _ = run(capsys, "deal", "--seed", "7", "--json")
    _, scored, _ = run(capsys, "deal", "--seed", "7", "--challenge", "sprint", "--json")
    without = json.loads(plain)
    with_rules = json.loads(scored)
    assert "challenge" not in without
    assert with_rules.pop("challenge") == "sprint"
    assert with_rules == without  # the rule set changes no deal


def test_count_deals_each_seed_under_the_challenge(capsys):
    _, out, _ = run(
        capsys, "deal", "--challenge", "blackout", "--seed", "3", "--count", "3", "--json"
    )
    records = [json.loads(line) for line in out.splitlines()]
    assert [record["seed"] for record in records] == [3, 4, 5]
    assert {record["challenge"] for record in records} == {"blackout"}


def test_deal_code_with_the_same_challenge_is_accepted(capsys):
    status, out, _ = run(
        capsys, "deal", "--code", "MJ2-L00-AAAAABL-SCORED", "--challenge", "scored"
    )
    assert status == 0 and out.split()[0] == "MJ2-L00-AAAAABL-SCORED"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--challenge", "scored", "--daily"], "does not apply to --daily"),
        (["--challenge", "scored", "--daily", "2026-12-01"], "does not apply to --daily"),
        (["--challenge", "scored", "--code", "CN2-1808B-AAAAABL"], "is a connect code"),
        (["--challenge", "sprint", "--code", "MJ2-L00-AAAAABL-SCORED"], "is a scored game"),
    ],
)
def test_a_challenge_that_does_not_apply_is_one_line_with_status_2(capsys, args, message):
    status, out, err = run(capsys, "deal", *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_an_unknown_challenge_is_one_usage_line_with_status_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["deal", "--challenge", "chess"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "invalid choice: 'chess'" in err and "suit-hunt" in err


def test_an_unknown_challenge_is_refused_in_the_terminal_language(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "it", "deal", "--challenge", "chess"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'chess'" in err and "invalid choice" not in err
