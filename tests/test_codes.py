"""rules §7: game codes, the daily challenge, and determinism."""

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_solitaire.classic.codes import DAILY_CUTOVER, VERSIONS, GameCode, daily_code
from mahjong_solitaire.classic.generator import deal_from_code, generate
from mahjong_solitaire.core.codes import MAX_SEED, CodeError
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.layouts import builtin_layout

GOLDEN = Path(__file__).parent / "data" / "golden_deals.json"


def test_the_example_code_of_the_spec():
    code = GameCode.parse("MJ1-L00-AAAAABL")
    assert (code.layout_number, code.seed, code.difficulty) == (0, 12, Difficulty.NORMAL)
    deal = deal_from_code(code)
    assert deal.code == "MJ1-L00-AAAAABL"
    assert deal.layout.name == "turtle"


@given(st.integers(min_value=0, max_value=MAX_SEED), st.sampled_from(list(Difficulty)))
def test_every_code_round_trips(seed, difficulty):
    code = GameCode(0, seed, difficulty)
    text = str(code)
    assert len(text) == len("MJ1-L00-AAAAABL")
    assert GameCode.parse(text) == code
    assert GameCode.parse(text.lower()) == code


def test_codes_are_case_insensitive_and_trimmed():
    assert GameCode.parse("  mj1-l00-aaaaabl\n") == GameCode.parse("MJ1-L00-AAAAABL")


def test_the_code_alone_reproduces_layout_and_tiles_whatever_the_difficulty():
    for difficulty in Difficulty:
        deal = generate(builtin_layout(0), 4242, difficulty)
        again = deal_from_code(deal.code)
        assert again.tiles == deal.tiles
        assert again.difficulty is difficulty
        assert again.solution == deal.solution


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a game code"),
        ("MJ1-L00-AAAAAB", "is not a game code"),
        ("MJ1-L00-AAAAAB1", "is not a game code"),
        ("MJ1L00AAAAABL", "is not a game code"),
        ("MJ3-L00-AAAAABL", "version MJ3 is not supported"),
        ("XX1-L00-AAAAABL", "version XX1 is not supported"),
        ("MJ1-L97-AAAAABL", "no built-in layout L97"),
        ("MJ1-L00-ZZZZZZZ", "out of range"),
        ("MJ1-L00-AAAAABL" * 10, "is not a game code"),
    ],
)
def test_malformed_or_unknown_codes_get_a_clear_error(text, message):
    with pytest.raises(CodeError, match=message):
        GameCode.parse(text)


def test_a_non_string_code_is_a_clear_error():
    with pytest.raises(CodeError, match="text"):
        GameCode.parse(12)  # type: ignore[arg-type]


def test_the_golden_file_holds():
    """Published codes must keep producing exactly these deals, on any machine or version."""
    for entry in json.loads(GOLDEN.read_text()):
        deal = deal_from_code(entry["code"])
        assert " ".join(deal.tiles) == entry["tiles"], entry["code"]
        assert " ".join(str(m) for m in deal.solution) == entry["solution"], entry["code"]
        assert deal.score == pytest.approx(entry["score"], abs=1e-6)


def test_the_same_seed_in_a_fresh_process_gives_the_same_deal():
    script = (
        "import sys; from mahjong_solitaire.classic.generator import deal_from_code; "
        "sys.stdout.write(' '.join(deal_from_code('MJ1-L00-BCDEFGH').tiles))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    ).stdout
    assert out == " ".join(deal_from_code("MJ1-L00-BCDEFGH").tiles)


def test_the_daily_challenge_is_the_same_code_for_a_date_and_differs_between_dates():
    day = date(2026, 11, 29)
    assert daily_code(day) == daily_code(date(2026, 11, 29))
    codes = {str(daily_code(date(2026, 1, d))) for d in range(1, 32)}
    assert len(codes) == 31
    assert daily_code(day).layout_number == 0


def test_the_daily_challenge_keeps_its_first_code_on_every_day_before_the_cutover():
    """rules §7.5 and §7.6: the days before 2 December 2026 keep their MJ1 codes (their
    games and daily boards); from then on the daily is dealt by the current version."""
    assert date(2026, 12, 2) == DAILY_CUTOVER
    before = daily_code(date(2026, 12, 1))
    after = daily_code(date(2026, 12, 2))
    assert before.version is VERSIONS.first and str(before).startswith("MJ1-L00-")
    assert after.version is VERSIONS.current and str(after).startswith("MJ2-L00-")
    assert (
        str(daily_code(date(2026, 11, 29))) == "MJ1-L00-" + str(daily_code(date(2026, 11, 29)))[8:]
    )


def test_both_versions_are_read_and_new_codes_get_the_current_one():
    old, new = GameCode.parse("mj1-l00-aaaaabl"), GameCode.parse("MJ2-L00-AAAAABL")
    assert (old.seed, old.difficulty) == (new.seed, new.difficulty)
    assert old.version is VERSIONS.first and new.version is VERSIONS.current
    assert str(GameCode(0, 12, Difficulty.NORMAL)) == "MJ2-L00-AAAAABL"
    assert deal_from_code(old).code == "MJ1-L00-AAAAABL"
    assert deal_from_code(new).code == "MJ2-L00-AAAAABL"
    assert deal_from_code(old).tiles != deal_from_code(new).tiles


def test_hard_deals_are_the_same_in_both_versions():
    """Hard keeps spreading a kind's two pairs: the new version changes easy and normal."""
    assert deal_from_code("MJ1-L00-AAAAABM").tiles == deal_from_code("MJ2-L00-AAAAABM").tiles


def test_seed_out_of_range_is_refused():
    with pytest.raises(CodeError, match="seed"):
        GameCode(0, MAX_SEED + 1, Difficulty.EASY)
