"""Regenerate tests/data/golden_deals.json — only when a deliberate, versioned change of
the deal format is made (a new code prefix).  Codes already published must keep their deals.

    python tests/make_golden.py
"""

import json
from datetime import date
from pathlib import Path

from mahjong_solitaire.classic.codes import GameCode, daily_code
from mahjong_solitaire.classic.generator import deal_from_code
from mahjong_solitaire.core.difficulty import Difficulty

GOLDEN = Path(__file__).parent / "data" / "golden_deals.json"


def golden_codes() -> list[str]:
    codes = ["MJ1-L00-AAAAABL", "MJ1-L00-AAAAAAA", "MJ1-L00-ZZZZZZX", "MJ1-L00-TNXPLGC"]
    for seed in (1, 2, 3, 99, 12345, 987654321):
        for difficulty in Difficulty:
            codes.append(str(GameCode(0, seed, difficulty)))
    codes.append(str(daily_code(date(2026, 11, 29))))
    return codes


def main() -> None:
    entries = []
    for code in golden_codes():
        deal = deal_from_code(code)
        entries.append(
            {
                "code": code,
                "tiles": " ".join(deal.tiles),
                "solution": " ".join(str(m) for m in deal.solution),
                "score": round(deal.score, 6),
            }
        )
    GOLDEN.write_text(json.dumps(entries, indent=1) + "\n")


if __name__ == "__main__":
    main()
