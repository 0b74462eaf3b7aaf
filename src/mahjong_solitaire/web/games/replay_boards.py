"""The boards of a replay (issue 28): what the page draws at each step of a game's review
and replay, as the mode's own state draws its layout and tiles (docs/web-api.md, "Review
and replay").

The page has no engine: it cannot shuffle as the server does, nor tell a free tile, nor
slide Connect's tiles.  So the answer carries the board before the first action and after
each one, as changes: step ``k`` names the tiles ``gone`` since step ``k - 1`` (by their key)
and the ``tiles`` new or changed (drawn as the mode's state draws them); step 0 holds every
tile of the deal.  A tile's key is its ``id`` where the mode follows tiles through slides
(Connect), else its position ``i``.

    >>> from mahjong_solitaire.store import Store
    >>> with Store("sqlite://") as store:
    ...     player = store.local_player().id
    ...     stored = store.create_game(player, code="MJ1-L00-AAAAABL")
    ...     boards = replay_boards(stored)
    >>> len(boards["steps"]), len(boards["steps"][0]["tiles"]), boards["layout"]["name"]
    (1, 144, 'turtle')
"""

from __future__ import annotations

from typing import Any

from ...store import StoredGame
from .registry import view_of

__all__ = ["replay_boards", "tile_key"]


def tile_key(tile: dict[str, Any]) -> int:
    """The key a tile keeps from step to step: its ``id`` (Connect), else its position."""
    return int(tile.get("id", tile["i"]))


def replay_boards(stored: StoredGame) -> dict[str, Any]:
    """``{"layout", "steps"}`` of ``stored``: its layout as the state draws it, and one step
    more than its actions (``GameError`` for a log that cannot be replayed, ``ValueError``
    for a game that cannot be dealt)."""
    view = view_of(stored.mode)
    game = view.mode.game.replay(stored.deal(), [], clock=lambda: 0.0)
    layout = view.layout_of(game).model_dump(mode="json")
    before: dict[int, dict[str, Any]] = {}
    steps: list[dict[str, Any]] = []
    for k in range(len(stored.actions) + 1):
        if k:
            game.apply(stored.actions[k - 1])
        now = {tile_key(tile): tile for tile in (t.model_dump() for t in view.tiles_of(game))}
        steps.append(
            {
                "gone": [key for key in before if key not in now],
                "tiles": [tile for key, tile in now.items() if before.get(key) != tile],
            }
        )
        before = now
    return {"layout": layout, "steps": steps}
