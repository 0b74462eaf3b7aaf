"""The browser game: a FastAPI application serving the JSON API and the page.

    >>> from mahjong_solitaire.store import Store
    >>> from mahjong_solitaire.web import create_app
    >>> create_app(Store("sqlite://")).title
    'Mahjong Solitaire'

``mahjong-solitaire play`` (:mod:`mahjong_solitaire.cli.play`) runs it under uvicorn.
"""

from .app import create_app

__all__ = ["create_app"]
