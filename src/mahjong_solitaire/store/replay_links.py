"""Replay links (issue 28): a finished game's replay, for whoever has its link
``/replay/<token>``, without the player's id, name or other games.

Two kinds of token, both unguessable:

* a game's own link, which its player asks for (``POST /api/games/{id}/replay-link``):
  ``secrets.token_urlsafe`` made the first time and kept in ``games.replay_token``, so the
  same game always has the same link (:func:`link_of`);
* a daily-board entry's link (:func:`board_token`), which a read of the board must give
  without writing anything: ``<game id>.<mac>``, the mac an HMAC-SHA256 of the game's id
  under the installation's secret (``settings.replay_secret``, made when the database is
  first opened by :func:`replay_secret`).  Nobody without the secret can make one.

A replay of a daily challenge's game (of either kind) is found only once its day is over
(UTC): nothing of a running daily leaks (:func:`replayed_game`).

    >>> from datetime import date
    >>> from mahjong_solitaire.store import Store
    >>> with Store("sqlite://") as store:
    ...     me = store.local_player().id
    ...     first = store.create_game(me, code="MJ1-L00-AAAAABL")
    ...     _ = store.create_game(me, code="MJ1-L00-AAAAABM")  # abandons the first
    ...     token = store.replay_link(me, first.id)
    ...     same = store.replay_link(me, first.id)
    ...     found = store.replayed_game(token, today=date(2026, 12, 3))
    >>> token == same, found.id == first.id, len(token) > 20
    (True, True, True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from datetime import date

from sqlalchemy import Connection, insert, select, update

from ..core.game import GameStatus
from .errors import GameInPlayError, ReplayNotFoundError
from .game_rows import game_of_row, select_game
from .records import StoredGame, is_key
from .schema import games, settings

__all__ = ["board_token", "link_of", "replay_secret", "replay_url", "replayed_game"]

#: The settings key of the secret the daily board's tokens are made with.
_SECRET = "replay_secret"
#: What separates a board token's game id from its mac (never in a game id).
_DOT = "."
#: The statuses of a finished game (a stuck game may still be played on).
_FINISHED = frozenset({GameStatus.WON, GameStatus.ABANDONED, GameStatus.LOST})


def replay_secret(connection: Connection) -> bytes:
    """The installation's secret for the daily board's tokens, made (32 random bytes) the
    first time; every server process on the database reads the same."""
    known = connection.execute(select(settings.c.value).where(settings.c.key == _SECRET)).scalar()
    if known is None:
        known = secrets.token_urlsafe(32)
        connection.execute(insert(settings).values(key=_SECRET, value=known))
    return str(known).encode()


def replay_url(token: str) -> str:
    """The page of a replay token, as the API answers it.

    >>> replay_url("abc")
    '/replay/abc'
    """
    return f"/replay/{token}"


def _mac(secret: bytes, game_id: str) -> str:
    digest = hmac.new(secret, f"daily-board replay {game_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:18]).decode()


def board_token(secret: bytes, game_id: str) -> str:
    """The token of a daily-board entry's replay (no write: derived from the id).

    >>> board_token(b"k", "abc").startswith("abc."), board_token(b"k", "abc") == board_token(b"k", "abc")
    (True, True)
    """  # noqa: E501
    return f"{game_id}{_DOT}{_mac(secret, game_id)}"


def link_of(connection: Connection, player_id: str, game_id: str) -> str:
    """The token of the player's finished game's own link, made the first time (two
    requests at once get the same one); :class:`GameNotFoundError` for a game not the
    player's, :class:`GameInPlayError` for one not finished."""
    game = select_game(connection, player_id, game_id)
    if game.status not in _FINISHED:
        raise GameInPlayError(f"this game is {game.status.value}: it has a link once finished")
    if game.replay_token is not None:
        return game.replay_token
    connection.execute(
        update(games)
        .where(games.c.id == game.id, games.c.replay_token.is_(None))
        .values(replay_token=secrets.token_urlsafe(16))
    )
    token = connection.execute(select(games.c.replay_token).where(games.c.id == game.id))
    return str(token.scalar_one())


def replayed_game(connection: Connection, secret: bytes, token: str, today: date) -> StoredGame:
    """The finished game of a replay ``token`` of either kind, as of ``today`` (UTC);
    :class:`ReplayNotFoundError` for a token no game has, or a game of a daily challenge
    whose day is not over."""
    if not is_key(token, 128):
        raise ReplayNotFoundError("no replay has this link")
    if _DOT in token:
        game_id, _, mac = token.partition(_DOT)
        if not is_key(game_id) or not hmac.compare_digest(mac, _mac(secret, game_id)):
            raise ReplayNotFoundError("no replay has this link")
        row = connection.execute(select(games).where(games.c.id == game_id)).first()
        if row is not None and (row.daily is None or row.status != GameStatus.WON):
            row = None  # a board token is only ever made for a daily win
    else:
        row = connection.execute(select(games).where(games.c.replay_token == token)).first()
    game = None if row is None else game_of_row(row)
    if game is None or game.status not in _FINISHED or game.test_play:
        raise ReplayNotFoundError("no replay has this link")
    if game.daily is not None and game.daily >= today:
        raise ReplayNotFoundError("this daily challenge's replays open once its day is over")
    return game
