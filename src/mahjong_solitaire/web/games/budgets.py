"""What one request may cost: a budget of engine work for each operation that runs the
engine, so that no single request keeps a core busy for more than about half a second.

The budgets are counted in the engine's own units, never in seconds, so that one draft or
one file always gets the same verdict (and the tests can count them): *steps* of reverse
play (each removal an attempt of :func:`~mahjong_solitaire.classic.construction.construct`
tries, backtracked ones included) and *nodes* of its exact search.  The CPU each stands for
is the worst measured on this project's fixtures (``tests/data/costly/``) by
``benchmarks/bench_request_cost.py``, on a 1,152-tile board, where a step and a node cost
the most (about 6 µs and 46 µs; BENCHMARKS.md):

================================  ==========================  =========  ==================
operation                         budget                      CPU        beyond it
================================  ==========================  =========  ==================
``POST /api/layout-checks``       40,000 steps, 2,500 nodes   ≤ 0.45 s   problem ``unknown``
``POST /api/test-plays``          20,000 steps, 1,000 nodes   ≤ 0.45 s   400 ``bad_layout``
                                  for the deal, which is      (0.23 s
                                  made twice: checked, then   twice)
                                  stored
``POST /api/layouts``             30,000 steps, 1,500 nodes   ≤ 0.45 s   each map refused
                                  for the file, at most       (reading   with its reason
                                  7,500 and 375 a map; 40     included)
                                  maps and 4,608 tiles a file
``POST /api/games`` with a        as a test play              ≤ 0.45 s   400 ``bad_layout``
``shared_layout``
================================  ==========================  =========  ==================

(a request that is refused for its budget spends at most the budget; one that succeeds
spent at most the budget, and a deal made within it is the deal made without it: a budget
only stops work, it never changes what is found.)

Every game code deals what it dealt: a game is dealt (and replayed) without a budget; the
budgets bound the checks of drafts and layouts, which is where a client chooses the
positions.  The aids (hint, winnability, solution, undo-to-winnable), shuffles and new
games on the built-in layouts run within the solver's and the construction's own limits
(``solver/hint.py`` ``HINT_NODES``, ``solver/winnability.py`` ``WINNABILITY_NODES``,
``classic/game.py`` ``SOLVE_NODES``, ``classic/construction.py``), and no limited search
starts on a layout of more than ``solver/hint.py`` ``SEARCH_TILES`` (576) positions, where
a node costs too much; their figures are in BENCHMARKS.md ("Request cost").

    >>> LAYOUT_CHECK.search()
    SearchBudget(steps=40000, nodes=2500, steps_used=0, nodes_used=0)
    >>> LAYOUT_IMPORT.upload().total.steps, LAYOUT_IMPORT.upload().steps
    (30000, 7500)
    >>> [budget.operation for budget in BUDGETS][:2]
    ['POST /api/layout-checks', 'POST /api/test-plays']
"""

from __future__ import annotations

from dataclasses import dataclass

from ...classic.construction import SearchBudget
from ...classic.playable import UploadBudget

__all__ = [
    "BUDGETS",
    "LAYOUT_CHECK",
    "LAYOUT_IMPORT",
    "SHARED_LAYOUT",
    "TEST_PLAY",
    "Budget",
    "ImportBudget",
]


@dataclass(frozen=True, slots=True)
class Budget:
    """The engine work one request of ``operation`` may spend: ``steps`` of reverse play
    and ``nodes`` of the exact search, standing for at most ``cpu`` seconds of one core."""

    operation: str
    steps: int
    nodes: int
    cpu: float

    def search(self) -> SearchBudget:
        """A fresh budget for one request."""
        return SearchBudget(self.steps, self.nodes)


@dataclass(frozen=True, slots=True)
class ImportBudget(Budget):
    """An upload's budget for all its maps, and each map's share of it (at most)."""

    map_steps: int = 0
    map_nodes: int = 0

    def upload(self) -> UploadBudget:
        """A fresh budget for one upload."""
        return UploadBudget(self.search(), self.map_steps, self.map_nodes)


#: Checking a draft: one construction of its positions.
LAYOUT_CHECK = Budget("POST /api/layout-checks", steps=40_000, nodes=2_500, cpu=0.45)
#: Dealing a draft for a test play: the six candidates of the deal, within the budget, and
#: then the same deal again when the game is stored and loaded (unbudgeted, the same work).
TEST_PLAY = Budget("POST /api/test-plays", steps=20_000, nodes=1_000, cpu=0.45)
#: Checking the maps of one layout file: all of them together, each at most its share.
LAYOUT_IMPORT = ImportBudget(
    "POST /api/layouts", steps=30_000, nodes=1_500, cpu=0.45, map_steps=7_500, map_nodes=375
)
#: Checking the layout a share link carried (one map), before a game is dealt on it.
SHARED_LAYOUT = Budget("POST /api/games (shared_layout)", steps=20_000, nodes=1_000, cpu=0.45)

#: Every budget, for the documentation and the benchmark.
BUDGETS: tuple[Budget, ...] = (LAYOUT_CHECK, TEST_PLAY, LAYOUT_IMPORT, SHARED_LAYOUT)
