"""Challenge codes (rules §7.2, §13): a classic code with a challenge's name after it
(``MJ2-L00-AAAAABL-SCORED``) names the deal and the rule set, and every code written
before deals exactly what it dealt.

The golden digests below were computed from main before challenge codes existed: the
first 16 hex digits of the SHA-256 of the deal's tiles joined by spaces.
"""

from __future__ import annotations

import hashlib
from datetime import date

import pytest

from mahjong_solitaire.classic.codes import GameCode, daily_code
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.core.codes import CodeError
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.core.layout import Layout
from mahjong_solitaire.layouts import builtin_layout
from mahjong_solitaire.modes import mode_of_code

#: Codes of every kind, and the digest of the tiles each dealt on main before this change.
GOLDEN = {
    "MJ1-L00-AAAAABL": "440fe1c363b7c1ee",
    "MJ2-L00-AAAAABL": "1ddb150639a01665",
    "MJ2-L03-BCDEFGH": "f771a40c377f6569",
    "MJ1-L07-ZZZZZZA": "380db9a4cc52bcca",
    "MJ2-L00XY-AAAAABL": "d892732599613df4",
    "MJ2-G12R144-AAAAABL": "2468f3e8245dd99f",
    "MJ1-L00-XIJAMRM": "e5d617c1c7a93460",  # the daily of 30 November 2026
    "MJ2-L00-DOMOMHP": "b95f6edd26724c40",  # the daily of 3 December 2026
    "CN1-1808B-AAAAABL": "39381eb40c394b36",
    "CN2-1006C-AAAAABC": "666a93b332043867",
}
#: A deal on an imported layout (the Fortress's positions under another name), by hash.
IMPORTED_CODE = "MJ2-H3Z7QZUFJBI-AAAASVO"
IMPORTED_DIGEST = "b2cf61bcf668c91d"


def digest(deal: object) -> str:
    tiles = deal.tiles  # type: ignore[attr-defined]
    return hashlib.sha256(" ".join(str(tile) for tile in tiles).encode()).hexdigest()[:16]


def imported_layout() -> Layout:
    return Layout.from_positions(builtin_layout(1).positions, name="imported-fortress")


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_every_existing_code_deals_what_it_dealt(code: str) -> None:
    mode = mode_of_code(code)
    deal = mode.deal(code)
    assert digest(deal) == GOLDEN[code]
    assert deal.code == code
    assert str(mode.parse(code)) == code
    assert str(mode.parse(f"  {code.lower()} ")) == code


def test_the_dailies_keep_their_codes() -> None:
    assert str(daily_code(date(2026, 11, 30))) == "MJ1-L00-XIJAMRM"
    assert str(daily_code(date(2026, 12, 3))) == "MJ2-L00-DOMOMHP"


def test_an_imported_layout_code_deals_what_it_dealt() -> None:
    layout = imported_layout()
    assert str(GameCode.of(layout, 4242, Difficulty.HARD)) == IMPORTED_CODE
    assert digest(deal_from_code(IMPORTED_CODE, layout)) == IMPORTED_DIGEST


CHALLENGE_NAMES = ("scored", "countdown", "sprint", "blackout", "suit-hunt")


@pytest.mark.parametrize("name", CHALLENGE_NAMES)
@pytest.mark.parametrize("code", [c for c in sorted(GOLDEN) if c.startswith("MJ")])
def test_a_challenge_code_round_trips_and_deals_its_plain_deal(code: str, name: str) -> None:
    text = f"{code}-{name.upper()}"
    parsed = GameCode.parse(text)
    assert parsed.challenge == name
    assert str(parsed) == text
    assert GameCode.parse(str(parsed)) == parsed
    assert GameCode.parse(f" {text.lower()} ") == parsed
    assert str(parsed.plain) == code
    assert parsed.plain.challenge is None
    assert parsed.with_challenge(None) == parsed.plain
    assert parsed.plain.with_challenge(name) == parsed
    mode = mode_of_code(text)
    assert mode.name == "classic"
    deal = mode.deal(text)
    assert deal.code == code  # the deal's own code is the plain one
    assert digest(deal) == GOLDEN[code]
    assert digest(deal_from_code(text)) == GOLDEN[code]


def test_an_imported_layout_code_takes_a_challenge() -> None:
    text = f"{IMPORTED_CODE}-SPRINT"
    parsed = GameCode.parse(text)
    assert (str(parsed), parsed.challenge, parsed.layout_hash) == (text, "sprint", "3Z7QZUFJBI")
    assert digest(deal_from_code(text, imported_layout())) == IMPORTED_DIGEST


@pytest.mark.parametrize(
    "text", ["MJ2-L00-AAAAABL-CHESS", "MJ2-L00-AAAAABL-S", "mj1-l03-aaaaabl-suit-hunts"]
)
def test_an_unknown_challenge_is_one_clear_code_error(text: str) -> None:
    with pytest.raises(CodeError, match="there is no challenge"):
        GameCode.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "MJ2-L00-AAAAABL-",
        "MJ2-L00-AAAAABL--SCORED",
        "MJ2-L00-AAAAABL-SCORED-",
        "MJ2-L00-AAAAABL-SUIT_HUNT",
        "CN2-1808B-AAAAABL-SCORED",
    ],
)
def test_a_malformed_challenge_suffix_is_refused(text: str) -> None:
    with pytest.raises(CodeError):
        mode_of_code(text).parse(text)


def test_a_code_value_refuses_an_unknown_challenge() -> None:
    with pytest.raises(CodeError, match="there is no challenge"):
        GameCode(0, 12, Difficulty.NORMAL, challenge="chess")
    assert GameCode(0, 12, Difficulty.NORMAL, challenge="Sprint").challenge == "sprint"


def test_the_command_line_deals_and_solves_a_challenge_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from mahjong_solitaire.cli import main

    assert main(["--lang", "en", "deal", "--code", "mj2-l00-aaaaabl-blackout"]) == 0
    assert capsys.readouterr().out.startswith("MJ2-L00-AAAAABL-BLACKOUT  Turtle, normal")
    assert main(["solve", "--code", "MJ2-L00-AAAAABL-SCORED"]) == 0
    assert capsys.readouterr().out.startswith("solvable")


@pytest.mark.parametrize("command", ["deal", "solve"])
def test_the_command_line_refuses_an_unknown_challenge(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from mahjong_solitaire.cli import main

    assert main(["--lang", "en", command, "--code", "MJ2-L00-AAAAABL-CHESS"]) == 2
    assert "there is no challenge 'chess'" in capsys.readouterr().err
