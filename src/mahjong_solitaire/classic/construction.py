"""Reverse play: a complete legal removal order for a set of positions, before any face exists.

rules §4.1.  Starting from the positions alone, repeatedly take two free
positions at random and remove them, recording the pair.  After each removal at least two
positions must be free unless none are left; otherwise the pair is taken back and another
tried (backtracking).  After :data:`STEP_LIMIT` removals the attempt is dropped and started
again with fresh random choices.  When :data:`MAX_ATTEMPTS` attempts all fail, an exact
search (:func:`exact_order`) decides: it finds an order, proves that none exists
(:class:`UnclearableError`), or runs out of its node budget (:class:`OrderNotFoundError`:
not proven either way).

A caller that must bound its cost (a request: a layout check, an import) passes a
:class:`SearchBudget`: the steps of the attempts and the nodes of the exact search are then
counted against it, and when it runs out :class:`BudgetSpentError` says so.  The budget
never changes what is found: a construction that succeeds within it is the one found
without it (the same random choices, the same attempts), so a budget only stops work.

    >>> from mahjong_solitaire.core.layout import Layout
    >>> from mahjong_solitaire.core.rng import Rng
    >>> row = Layout.from_positions([(x, 0, 0) for x in range(0, 12, 2)])
    >>> construct(row, Rng.from_seed(1)).order
    ((0, 5), (1, 4), (2, 3))

Whatever faces are then dealt so that each recorded pair matches, the recorded order
solves the deal.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from functools import lru_cache

from ..core.layout import Layout
from ..core.rng import Rng

__all__ = [
    "EXACT_NODES",
    "MAX_ATTEMPTS",
    "STEP_LIMIT",
    "BudgetSpentError",
    "Construction",
    "ConstructionError",
    "OrderNotFoundError",
    "SearchBudget",
    "UnclearableError",
    "construct",
    "exact_order",
]

#: Removals one attempt may make (backtracked ones included) before it restarts, for a
#: layout of up to 144 positions; a bigger one may make as many more per position.
STEP_LIMIT = 4000
#: Attempts before giving up on a set of positions.
MAX_ATTEMPTS = 25
#: Positions the exact search may examine after the attempts failed.
EXACT_NODES = 20_000


class ConstructionError(ValueError):
    """No removal order for the positions: proven impossible, or not found."""


class UnclearableError(ConstructionError):
    """The positions cannot be cleared by any order of removals: proven."""

    def __init__(self, message: str, work: int = 0) -> None:
        super().__init__(message)
        #: The steps (of an attempt) or nodes (of the exact search) the proof took.
        self.work = work


class OrderNotFoundError(ConstructionError):
    """No order was found within the search's budget, and none was proven impossible."""

    def __init__(self, message: str, nodes: int) -> None:
        super().__init__(message)
        #: The positions the exact search examined before it stopped.
        self.nodes = nodes


class BudgetSpentError(OrderNotFoundError):
    """The caller's :class:`SearchBudget` ran out before an order was found or proven
    impossible (an order the exact search found after the attempts were cut short counts
    as not found: without the budget, more attempts would have found another one)."""


@dataclass(slots=True)
class SearchBudget:
    """Work a caller allows reverse play, in the engine's own units (deterministic, not
    seconds): ``steps`` of the random attempts (each removal tried, backtracked ones
    included) and ``nodes`` of the exact search.  One budget may be passed to several
    constructions (the maps of one upload): each spends from what is left.

        >>> budget = SearchBudget(steps=10, nodes=0)
        >>> budget.charge_steps(4); budget.steps_left, budget.spent
        (6, False)
        >>> budget.charge_steps(6); budget.spent
        True
    """

    steps: int
    nodes: int
    steps_used: int = 0
    nodes_used: int = 0

    @property
    def steps_left(self) -> int:
        return max(0, self.steps - self.steps_used)

    @property
    def nodes_left(self) -> int:
        return max(0, self.nodes - self.nodes_used)

    @property
    def spent(self) -> bool:
        """Whether no step is left (an attempt cannot even start)."""
        return self.steps_left == 0

    def charge_steps(self, steps: int) -> None:
        self.steps_used += steps

    def charge_nodes(self, nodes: int) -> None:
        self.nodes_used += nodes

    def share(self, steps: int, nodes: int) -> SearchBudget:
        """A budget of at most ``steps`` and ``nodes`` out of what is left of this one (to
        be given back with :meth:`take_back`)."""
        return SearchBudget(min(steps, self.steps_left), min(nodes, self.nodes_left))

    def take_back(self, share: SearchBudget) -> None:
        """Charge what ``share`` (from :meth:`share`) used."""
        self.steps_used += share.steps_used
        self.nodes_used += share.nodes_used


@dataclass(frozen=True, slots=True)
class Construction:
    """A removal order and, for each step, the free positions just before it.

    ``free_history`` has one more entry than ``order``: the free set after the last step
    (``0`` when the positions are cleared).  ``freed`` has one entry per step.
    """

    order: tuple[tuple[int, int], ...]
    free_history: tuple[int, ...]
    #: Per step, the positions that came free since the step before (for the first step:
    #: those free at the start), in increasing order.
    freed: tuple[tuple[int, ...], ...] = ()


class _Restart(Exception):
    pass


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def construct(
    layout: Layout,
    rng: Rng,
    present: int | None = None,
    *,
    exact_nodes: int | None = None,
    budget: SearchBudget | None = None,
) -> Construction:
    """A random removal order that clears ``present`` (default: every position).

    Raises :class:`UnclearableError` when a search proves that the positions cannot be
    cleared, and :class:`OrderNotFoundError` when :data:`MAX_ATTEMPTS` attempts all hit the
    step limit and the exact search then runs out of its ``exact_nodes`` (default
    :data:`EXACT_NODES`).  With a ``budget``, the work is charged to it, and
    :class:`BudgetSpentError` is raised when it runs out first (the exact search still
    runs on the nodes left, as it may prove the positions unclearable).

        >>> from mahjong_solitaire.core.layout import Layout
        >>> lone = [(4 + 4 * i, 0, 0) for i in range(14)]  # beside a tower of 16
        >>> tower = Layout.from_positions([(0, 0, z) for z in range(16)] + lone)
        >>> budget = SearchBudget(steps=500, nodes=100)
        >>> try:
        ...     construct(tower, Rng.from_seed(1), budget=budget)
        ... except BudgetSpentError:
        ...     print(budget.steps_used, budget.nodes_used)
        500 100
        >>> two = Layout.from_positions([(0, 0, 0), (0, 0, 1)])
        >>> construct(two, Rng.from_seed(1), budget=SearchBudget(steps=500, nodes=100))
        Traceback (most recent call last):
        ...
        mahjong_solitaire.classic.construction.UnclearableError: these positions cannot be \
cleared in pairs
    """
    if present is None:
        present = layout.full
    if present.bit_count() % 2:
        raise UnclearableError(f"{present.bit_count()} positions cannot be cleared in pairs")
    full_limit = max(STEP_LIMIT, STEP_LIMIT * present.bit_count() // 144)
    cut_short = False
    for _ in range(MAX_ATTEMPTS):
        limit = full_limit if budget is None else min(full_limit, budget.steps_left)
        try:
            found, steps = _attempt(layout, rng, present, limit)
        except UnclearableError as error:
            if budget is not None:
                budget.charge_steps(error.work)
            raise
        except _Restart:
            if budget is not None:
                budget.charge_steps(limit)
                if limit < full_limit:
                    cut_short = True
                    break
            continue
        if budget is not None:
            budget.charge_steps(steps)
        return found
    if exact_nodes is None:
        exact_nodes = EXACT_NODES
    nodes = exact_nodes if budget is None else min(exact_nodes, budget.nodes_left)
    try:
        order, seen = _exact(layout, present, nodes)
    except UnclearableError as error:
        if budget is not None:
            budget.charge_nodes(error.work)
        raise
    if budget is not None:
        budget.charge_nodes(seen)
    if order is None or cut_short:
        if budget is not None and (cut_short or nodes < exact_nodes):
            raise BudgetSpentError(
                f"no removal order found within the budget of {budget.steps:,} steps and "
                f"{budget.nodes:,} positions of an exact search",
                budget.nodes,
            )
        raise OrderNotFoundError(
            f"no removal order found in {MAX_ATTEMPTS} attempts of {STEP_LIMIT} steps nor "
            f"within {exact_nodes:,} positions of an exact search",
            exact_nodes,
        )
    return _replayed(layout, present, order)


def exact_order(layout: Layout, present: int, nodes: int) -> list[tuple[int, int]] | None:
    """An order that clears ``present`` found by an exhaustive depth-first search, which
    remembers the sets of positions it proved unclearable; ``None`` when it examined
    ``nodes`` sets first; :class:`UnclearableError` when it proves that none exists.

    The search is deterministic and its first order does not depend on ``nodes``: a larger
    budget finds the same order a smaller one did.

        >>> from mahjong_solitaire.core.layout import Layout
        >>> stack = Layout.from_positions([(0, 0, 0), (0, 0, 1)])
        >>> try:
        ...     exact_order(stack, stack.full, 100)
        ... except UnclearableError as error:
        ...     print(error)
        these positions cannot be cleared in pairs (proven by an exact search)
        >>> row = Layout.from_positions([(x, 0, 0) for x in range(0, 8, 2)])
        >>> exact_order(row, row.full, 100)
        [(0, 3), (1, 2)]
    """
    return _exact(layout, present, nodes)[0]


def _exact(layout: Layout, present: int, nodes: int) -> tuple[list[tuple[int, int]] | None, int]:
    """:func:`exact_order` and the nodes it examined (:class:`UnclearableError` carries
    them as its ``work``)."""
    covers, left, right, affects = layout.covers, layout.left, layout.right, layout.affects
    dead: set[int] = set()
    order: list[tuple[int, int]] = []
    seen = 0

    def search(present: int, free: int) -> bool:
        nonlocal seen
        if not present:
            return True
        seen += 1
        if seen > nodes:
            raise _Restart
        members = _bits(free)
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                bits = (1 << a) | (1 << b)
                after = present & ~bits
                if after in dead:
                    continue
                after_free = free & ~bits
                touched = (affects[a] | affects[b]) & after & ~after_free
                for k in _bits(touched):
                    if not covers[k] & after and (not left[k] & after or not right[k] & after):
                        after_free |= 1 << k
                if after and (after_free & (after_free - 1)) == 0:
                    continue  # fewer than two free positions: stuck
                order.append((a, b))
                if search(after, after_free):
                    return True
                order.pop()
        dead.add(present)
        return False

    try:
        found = search(present, layout.free_mask(present))
    except _Restart:
        return None, nodes
    if not found:
        raise UnclearableError(
            "these positions cannot be cleared in pairs (proven by an exact search)", seen
        )
    return order, seen


def _replayed(layout: Layout, present: int, order: list[tuple[int, int]]) -> Construction:
    """The construction of a known ``order`` (its free sets and the positions each step
    freed), as :func:`_attempt` records them."""
    free = layout.free_mask(present)
    history = [free]
    freed = [tuple(_bits(free))]
    for a, b in order:
        present &= ~((1 << a) | (1 << b))
        after = layout.free_mask(present)
        freed.append(tuple(_bits(after & ~free)))
        history.append(after)
        free = after
    return Construction(tuple(order), tuple(history), tuple(freed[:-1]))


@lru_cache(maxsize=64)
def _free_at_start(layout: Layout, present: int) -> int:
    """The free positions of ``present`` (each candidate of a deal starts from the same)."""
    return layout.free_mask(present)


def _attempt(layout: Layout, rng: Rng, start: int, limit: int) -> tuple[Construction, int]:
    """One attempt of at most ``limit`` steps (:class:`_Restart` beyond): the construction
    and the steps it took."""
    covers, left, right, affects = layout.covers, layout.left, layout.right, layout.affects
    below, two_below = rng.below, rng.two_below
    present = start
    free = _free_at_start(layout, start)
    # The free positions in increasing order (the bits of ``free``), kept up to date move
    # by move instead of being read off ``free`` at every step.
    members = _bits(free)
    order: list[tuple[int, int]] = []
    history: list[int] = []
    # Per step, the positions its removal freed (in increasing order); the first entry:
    # those free at the start.
    freed_history: list[list[int]] = [members.copy()]
    # One frame per level of the search: the pairs already tried there (an empty tuple
    # until one fails).
    tried_stack: list[set[tuple[int, int]] | tuple[()]] = []
    tried: set[tuple[int, int]] | tuple[()] = ()
    steps = 0
    while present:
        n = len(members)
        if tried or n < 2:
            total = n * (n - 1) // 2
            if len(tried) >= total:
                # Every pair at this level fails: step back and try another pair above.
                if not order:
                    raise UnclearableError("these positions cannot be cleared in pairs", steps)
                a, b = order.pop()
                free = history.pop()
                for k in freed_history.pop():
                    members.remove(k)
                insort(members, a)
                insort(members, b)
                present |= (1 << a) | (1 << b)
                popped = tried_stack.pop()
                tried = popped if popped else set()
                tried.add((a, b))
                continue
            if len(tried) * 2 < total:
                while True:
                    i = below(n)
                    j = below(n - 1)
                    if j >= i:
                        j += 1
                    if i > j:
                        i, j = j, i
                    a, b = members[i], members[j]
                    if (a, b) not in tried:
                        break
            else:
                untried = [
                    (i, j)
                    for i in range(n)
                    for j in range(i + 1, n)
                    if (members[i], members[j]) not in tried
                ]
                i, j = untried[below(len(untried))]
                a, b = members[i], members[j]
        else:  # the usual case: any pair will do
            i, j = two_below(n)
            if j >= i:
                j += 1
            else:
                i, j = j, i
            a, b = members[i], members[j]
        steps += 1
        if steps > limit:
            raise _Restart
        bits = (1 << a) | (1 << b)
        new_present = present & ~bits
        new_free = free & ~bits
        touched = (affects[a] | affects[b]) & new_present & ~new_free
        freed = []
        while touched:
            low = touched & -touched
            k = low.bit_length() - 1
            touched ^= low
            if not covers[k] & new_present and (
                not left[k] & new_present or not right[k] & new_present
            ):
                new_free |= low
                freed.append(k)
        if new_present and (new_free & (new_free - 1)) == 0:
            # fewer than two free positions would be left
            if not tried:
                tried = set()
            tried.add((a, b))
            continue
        order.append((a, b))
        history.append(free)
        freed_history.append(freed)
        tried_stack.append(tried)
        tried = ()
        present, free = new_present, new_free
        del members[j]  # i < j
        del members[i]
        for k in freed:  # in increasing order, each after the positions below it
            insort(members, k)
    history.append(free)
    built = Construction(tuple(order), tuple(history), tuple(map(tuple, freed_history[:-1])))
    return built, steps
