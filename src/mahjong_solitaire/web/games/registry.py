"""Every mode's web side, found through its :class:`~mahjong_solitaire.core.mode.Mode`.

A mode names the module of its web side (:attr:`Mode.web`); that module exports ``VIEW``
(its :class:`~.view.GameView`) and ``router`` (its routes).  The web imports it by that
name, so the engine never imports the web, and a new mode is its package plus one line in
:data:`mahjong_solitaire.modes.MODES` (and one in the page's ``modes/index.js``): the
application includes every registered mode's router, and the lifecycle dispatches a stored
game through its mode's view.

    >>> [web.view.path for web in web_modes()]
    ['/api/games', '/api/connect/games']
    >>> view_of("connect").mode.name
    'connect'
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from fastapi import APIRouter

from ...core.mode import Mode
from ...modes import MODES, mode_named
from .view import GameView

__all__ = ["WebMode", "view_of", "web_mode", "web_modes"]


@dataclass(frozen=True, slots=True)
class WebMode:
    """A mode's web side: how its games are drawn, and its routes."""

    view: GameView[Any, Any]
    router: APIRouter


def web_mode(mode: Mode | str) -> WebMode:
    """The web side of ``mode`` (a mode or its name; ``ValueError`` for an unknown name)."""
    found = mode_named(mode)
    module = import_module(found.web)
    view, router = getattr(module, "VIEW", None), getattr(module, "router", None)
    if not isinstance(view, GameView) or not isinstance(router, APIRouter):
        raise TypeError(f"{found.web} does not export a GameView VIEW and an APIRouter router")
    if view.mode is not found:
        raise TypeError(f"{found.web}.VIEW shows {view.mode!r}, not {found!r}")
    return WebMode(view, router)


def web_modes() -> list[WebMode]:
    """The web side of every registered mode, in the order of :data:`MODES`."""
    return [web_mode(mode) for mode in MODES.values()]


def view_of(mode: Mode | str) -> GameView[Any, Any]:
    """The view of ``mode`` (a mode or its name)."""
    return web_mode(mode).view
