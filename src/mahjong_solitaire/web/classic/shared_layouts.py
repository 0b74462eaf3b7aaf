"""Codes that name an imported layout by its hash (``MJ1-H…``, rules §7.4), in the web game.

Such a code deals on the player's own imported layout of that hash.  A player who does not
have it gets it from the share link: the link carries the layout (its title and positions),
the page sends it along with the code, and the layout is checked against the code's hash
and kept as the player's own, so that it appears in their list like one they imported.

    >>> from mahjong_solitaire.classic.codes import GameCode
    >>> from mahjong_solitaire.web.classic.models import SharedLayout
    >>> code = GameCode.parse("MJ1-H3LPOMIHKTC-AAAAABL")
    >>> carried_layout(code, SharedLayout(title="Two", positions=[(0, 0, 0), (2, 0, 0)])).title
    'Two'
"""

from __future__ import annotations

from fastapi import Request

from ...classic.codes import GameCode
from ...classic.construction import OrderNotFoundError, UnclearableError
from ...classic.generator import generate
from ...classic.mirror import MIRROR_SIGNS, mirrored_positions
from ...core.layout import Layout, LayoutError
from ...store import LayoutLimitError
from ..classic.models import SharedLayout
from ..games.budgets import SHARED_LAYOUT
from ..games.lifecycle import store_of
from ..http.errors import ApiError, ErrorCode

__all__ = ["carried_layout", "layout_of_code"]


def carried_layout(code: GameCode, shared: SharedLayout) -> Layout:
    """The layout a share link carried, when it is the one ``code`` names (or, for a code
    with mirrors, its mirror image: the board of a mirrored game) and a deal can be made on
    it within :data:`~..games.budgets.SHARED_LAYOUT`
    (:class:`~..core.layout.LayoutError`, hence 400 ``bad_layout``, otherwise)."""
    layout = Layout.from_positions(shared.positions, name=shared.title, title=shared.title)
    if code.mirror and not code.names(layout):  # the link of a mirrored game: its board
        title = shared.title.removesuffix(f" {MIRROR_SIGNS[code.mirror]}")
        layout = Layout.from_positions(
            mirrored_positions(layout.positions, code.mirror), name=title, title=title
        )
    if not code.names(layout):
        raise LayoutError(f"the layout sent along is not the one {code} names")
    try:
        generate(layout, 0, budget=SHARED_LAYOUT.search())
    except UnclearableError:
        raise LayoutError(f"the layout {layout.title!r} cannot be cleared pair by pair") from None
    except OrderNotFoundError as error:
        raise LayoutError(
            f"no way to clear the layout {layout.title!r} pair by pair was found within "
            f"the budget of {SHARED_LAYOUT.steps:,} steps and {error.nodes:,} positions of an "
            "exact search (nor was it proven impossible)"
        ) from None
    return layout


def layout_of_code(
    request: Request, player_id: str, code: GameCode, shared: SharedLayout | None
) -> Layout:
    """The player's imported layout that ``code`` names by its hash; else the layout the
    share link carried, kept as the player's from now on (404 ``unknown_layout`` when
    there is neither, 409 ``too_many_layouts`` when the player keeps as many as allowed)."""
    store = store_of(request)
    for layout in store.imported_layouts(player_id):
        if code.names(layout):
            return layout
    if shared is None:
        raise ApiError(
            ErrorCode.UNKNOWN_LAYOUT,
            f"{code} names a layout you have not imported: open the link that shared it, "
            "or import its layout file",
        )
    layout = carried_layout(code, shared)
    try:
        name = store.save_layout(layout, player_id=player_id)
    except LayoutLimitError as error:
        raise ApiError(ErrorCode.TOO_MANY_LAYOUTS, str(error)) from None
    return store.imported_layout(name, player_id)
