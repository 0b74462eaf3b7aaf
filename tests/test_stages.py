"""The classic stage progression: every built-in layout, rising difficulty, later stages hard,
each stage a fixed, solvable deal named by its game code."""

from __future__ import annotations

import pytest

from mahjong_solitaire.classic.codes import GameCode
from mahjong_solitaire.classic.generator import generate
from mahjong_solitaire.classic.stages import (
    DIFFICULTY_ORDER,
    HARD_FROM_ROUND,
    STAGE_ORDER,
    stage,
    stages,
)
from mahjong_solitaire.core.difficulty import Difficulty
from mahjong_solitaire.layouts import builtin_layout, builtin_layouts

ROUND = len(STAGE_ORDER)


def test_the_stage_order_walks_every_layout_of_the_first_set_once() -> None:
    # L21 and later are not stages: adding them to the order would change every stage's code
    first_set = [layout.name for layout in builtin_layouts() if (layout.number or 0) <= 20]
    assert sorted(STAGE_ORDER) == sorted(first_set)
    assert [s.layout.name for s in stages(1, ROUND)] == list(STAGE_ORDER)
    assert [s.layout.name for s in stages(ROUND + 1, ROUND)] == list(STAGE_ORDER)


def test_the_order_runs_from_forgiving_to_demanding_layouts() -> None:
    def mean_score(name: str) -> float:
        layout = builtin_layout(name)
        return sum(generate(layout, seed, Difficulty.NORMAL).score for seed in range(3)) / 3

    first, last = STAGE_ORDER[:3], STAGE_ORDER[-3:]
    assert min(mean_score(name) for name in first) > max(mean_score(name) for name in last)


def test_the_difficulty_order_holds_every_built_in_and_keeps_the_stage_order() -> None:
    # a new built-in (the boards beyond 144 once they are listed) is placed by its mean score,
    # as the next test checks
    assert sorted(DIFFICULTY_ORDER) == sorted(layout.name for layout in builtin_layouts())
    assert [name for name in DIFFICULTY_ORDER if name in STAGE_ORDER] == list(STAGE_ORDER)


def test_each_later_layout_sits_in_the_difficulty_order_where_its_mean_score_falls() -> None:
    def mean_score(name: str) -> float:
        layout = builtin_layout(name)
        return sum(generate(layout, seed, Difficulty.NORMAL).score for seed in range(3)) / 3

    scores = {name: mean_score(name) for name in DIFFICULTY_ORDER}
    for at, name in enumerate(DIFFICULTY_ORDER):
        if name in STAGE_ORDER:
            continue
        easier = [other for other in DIFFICULTY_ORDER[:at] if other in STAGE_ORDER]
        harder = [other for other in DIFFICULTY_ORDER[at + 1 :] if other in STAGE_ORDER]
        assert all(scores[other] >= scores[name] for other in easier[-1:]), name
        assert all(scores[other] < scores[name] for other in harder[:1]), name


def test_difficulty_never_falls_and_later_stages_are_hard() -> None:
    levels = [s.difficulty.index for s in stages(1, ROUND * (HARD_FROM_ROUND + 1))]
    assert levels == sorted(levels)
    assert levels[0] == Difficulty.EASY.index
    assert all(s.difficulty is Difficulty.HARD for s in stages(ROUND * 2 + 1, ROUND * 2))
    assert stage(1000).difficulty is Difficulty.HARD


def test_each_round_mixes_two_difficulties_before_all_are_hard() -> None:
    first = {s.difficulty for s in stages(1, ROUND)}
    second = {s.difficulty for s in stages(ROUND + 1, ROUND)}
    assert first == {Difficulty.EASY, Difficulty.NORMAL}
    assert second == {Difficulty.NORMAL, Difficulty.HARD}
    assert stage(ROUND).round == 1 and stage(ROUND + 1).round == 2


def test_a_stage_is_the_same_deal_for_everyone_and_its_code_reproduces_it() -> None:
    for number in (1, 7, ROUND + 3, 3 * ROUND + 5):
        here = stage(number)
        assert stage(number) == here
        code = GameCode.parse(here.code)
        assert (code.layout_number, code.seed, code.difficulty) == (
            here.layout.number,
            here.seed,
            here.difficulty,
        )
        deal = here.deal()
        board = deal.board()
        board.play(deal.solution)
        assert board.is_won()


def test_stages_have_different_seeds() -> None:
    seeds = [s.seed for s in stages(1, 3 * ROUND)]
    assert len(set(seeds)) == len(seeds)


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "1"])
def test_stage_numbers_start_at_one(bad: object) -> None:
    with pytest.raises(ValueError, match="stages are numbered from 1"):
        stage(bad)  # type: ignore[arg-type]
