"""The tap, every mode's busiest request: it answers what changed, not the whole state.

A tap follows :mod:`.lifecycle` up to the save (:func:`~.lifecycle.acted`: the move is
stored before anything is answered), then answers :meth:`.view.GameView.changes`: the
frame and the counters, the verdict, a win's result, the tiles freed or blocked, and the
mode's ``event`` (the removed pair).  The page applies that to the state it has (the
layout and the tiles it drew from ``GET``).  The tray of removed tiles (``removed``) is not
answered either: the faces of the pair removed are those of ``event.move`` in the tiles the
page drew, which it adds to the state's ``removed`` itself.

:func:`applied` is what the page does with the answer (``applyTap`` of each mode in
``js/modes/``), in Python, for the clients that keep a state of their own (the tests, the
benchmarks).

The answer is a plain dict serialised with ``orjson`` (:class:`JsonAnswer`): no pydantic
validation on the way out, nor FastAPI's ``jsonable_encoder``.  The route still declares
its model (``response_model``), so ``/openapi.json`` documents the answer exactly, and the
tests validate real answers against that model.

    >>> JsonAnswer({"status": "playing", "move": (3, 7)}).body
    b'{"status":"playing","move":[3,7]}'
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import Response
from pydantic import BaseModel

from .lifecycle import Action, Caller, GameAt, acted, win_rank
from .live_games import live_games
from .view import GameT, GameView

__all__ = ["JsonAnswer", "answer_tap", "applied"]


class JsonAnswer(Response):
    """A JSON answer serialised by ``orjson`` (dicts, lists, tuples, strings, numbers,
    enums), without a validation pass."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


def answer_tap(
    caller: Caller, target: GameAt, view: GameView[GameT, Any], action: Action[GameT]
) -> JsonAnswer:
    """A tap request from start to end: ``action`` (the mode's tap, returning its
    ``Tapped`` with the ``event``) performed and saved as :func:`~.lifecycle.perform` does,
    then answered with what changed (:meth:`.view.GameView.changes`) and the event.  The
    player cookie a first action sets goes on the answer."""
    free_before: list[int] = []

    def tapping(game: GameT) -> BaseModel | None:
        free_before.append(view.masks(game)[1])  # the last try is the one saved
        return action(game)

    loaded, added = acted(caller, target, view, tapping)
    request = caller.request
    fields = loaded.view.changes(
        loaded.stored, loaded.game, win_rank(request, loaded), free_before[-1]
    )
    if added is not None:
        fields.update(added.model_dump(mode="json", by_alias=True))
    live_games(request).keep(loaded.stored, loaded.game)  # answered: it may serve the next
    answer = JsonAnswer(fields)
    answer.raw_headers.extend(caller.response.raw_headers)  # the new player's cookie
    return answer


def applied(state: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The state after a tap, as the page makes it: ``state`` (the JSON state the tap was
    sent from) with the tap's ``answer`` applied: the pair of ``event.move`` removed (and
    its faces added to ``removed``), the tiles of ``freed`` and ``blocked`` made free or
    blocked (and given the faces of ``revealed``, blackout's), those of ``event.slid``
    (tiles that slid, by ``id``) moved to their cell ``to``; every other field the answer's.

    >>> state = {"version": 3, "layout": {"width": 2},
    ...          "tiles": [{"i": 0, "free": True}, {"i": 1, "free": True},
    ...                    {"i": 2, "free": False}]}
    >>> answer = {"version": 4, "event": {"move": [0, 1]}, "freed": [2], "blocked": []}
    >>> applied(state, answer)["tiles"], applied(state, answer)["version"]
    ([{'i': 2, 'free': True}], 4)
    >>> faced = {**state, "removed": ["3D", "3D"],
    ...          "tiles": [{"i": 0, "tile": "1B", "free": True},
    ...                    {"i": 1, "tile": "1B", "free": True}]}
    >>> applied(faced, answer)["removed"]
    ['3D', '3D', '1B', '1B']
    """
    fields = {
        key: value for key, value in answer.items() if key not in ("freed", "blocked", "revealed")
    }
    faces_shown = {tile["i"]: tile["tile"] for tile in answer.get("revealed") or ()}
    event = answer["event"]
    gone = set(event["move"] or ())
    freed, blocked = set(answer["freed"]), set(answer["blocked"])
    width = state["layout"]["width"]
    moved = {slide["id"]: slide["to"] for slide in event.get("slid", ())}
    tiles = []
    faces = {tile["i"]: tile.get("tile") for tile in state["tiles"] if tile["i"] in gone}
    if event["move"] and state.get("removed") is not None:
        fields["removed"] = [*state["removed"], *(faces.get(i) for i in event["move"])]
    for tile in state["tiles"]:
        if tile["i"] in gone:
            continue
        tile = dict(tile)
        if tile["i"] in freed | blocked:
            tile["free"] = tile["i"] in freed
        if tile["i"] in faces_shown:  # blackout: a face the tap revealed
            tile["tile"] = faces_shown[tile["i"]]
        if tile.get("id") in moved:
            x, y = moved[tile["id"]]
            tile.update(x=x, y=y, i=y * width + x)
        tiles.append(tile)
    tiles.sort(key=lambda tile: tile["i"])
    return {**state, **fields, "tiles": tiles}
