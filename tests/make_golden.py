"""Regenerate tests/data/golden_deals.json and golden_connect_deals.json — only when a
deliberate, versioned change of the deal format is made (a new code prefix).  Codes already
published must keep their deals: a new version only adds entries, and the entries of
earlier versions must come out byte for byte as they were (check with ``git diff``).

    python tests/make_golden.py
"""

import json
from datetime import date
from pathlib import Path

from mahjong_solitaire.classic.codes import VERSIONS, GameCode, daily_code
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.connect.codes import VERSIONS as CONNECT_VERSIONS
from mahjong_solitaire.connect.codes import ConnectCode
from mahjong_solitaire.connect.generator import connect_deal_from_code
from mahjong_solitaire.connect.grid import Shape
from mahjong_solitaire.connect.slide import Slide
from mahjong_solitaire.core.difficulty import Difficulty

DATA = Path(__file__).parent / "data"
GOLDEN = DATA / "golden_deals.json"
GOLDEN_CONNECT = DATA / "golden_connect_deals.json"


def golden_codes() -> list[str]:
    codes = ["MJ1-L00-AAAAABL", "MJ1-L00-AAAAAAA", "MJ1-L00-ZZZZZZX", "MJ1-L00-TNXPLGC"]
    for version in VERSIONS.all:
        if version is not VERSIONS.first:
            codes += [f"{version.prefix}-L00-AAAAABL", f"{version.prefix}-L07-ZZZZZZX"]
        for seed in (1, 2, 3, 99, 12345, 987654321):
            for difficulty in Difficulty:
                codes.append(str(GameCode(0, seed, difficulty, version=version)))
        if version is VERSIONS.first:
            codes.append(str(daily_code(date(2026, 11, 29))))
    codes.append(str(daily_code(date(2026, 12, 2))))
    return codes


def golden_connect_codes() -> list[str]:
    codes = ["CN1-1808B-AAAAABL", "CN1-1006A-AAAAAAA", "CN1-1808K-ZZZZZZX"]
    shapes = [Shape(10, 6), Shape(12, 6), Shape(14, 6), Shape(16, 8), Shape(18, 8)]
    for version in CONNECT_VERSIONS.all:
        if version is not CONNECT_VERSIONS.first:
            codes.append(f"{version.prefix}-1808B-AAAAABL")
        for i, rule in enumerate(Slide):
            for difficulty in Difficulty:
                code = ConnectCode(shapes[i % 5], rule, 1000 + 7 * i, difficulty, version)
                codes.append(str(code))
    return codes


def entry(code: str, deal: object) -> dict[str, object]:
    return {
        "code": code,
        "tiles": " ".join(deal.tiles),  # type: ignore[attr-defined]
        "solution": " ".join(str(m) for m in deal.solution),  # type: ignore[attr-defined]
        "score": round(deal.score, 6),  # type: ignore[attr-defined]
    }


def main() -> None:
    classic = [entry(code, deal_from_code(code)) for code in golden_codes()]
    GOLDEN.write_text(json.dumps(classic, indent=1) + "\n")
    connect = [entry(code, connect_deal_from_code(code)) for code in golden_connect_codes()]
    GOLDEN_CONNECT.write_text(json.dumps(connect, indent=1) + "\n")


if __name__ == "__main__":
    main()
