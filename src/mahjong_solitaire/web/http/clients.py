"""Who sends a request, for the fair-share limits: a client is its player cookie and its
address.  Behind ``--forwarded-allow-ips`` the address is the one the trusted proxy
reports: uvicorn's ``ProxyHeadersMiddleware`` has already put it in the request's scope,
so a client cannot name its own address by sending ``X-Forwarded-For`` itself.

A limit is kept on every key of a client (:attr:`Client.keys`): the cookie alone would
let a client start afresh by dropping it, and the address alone would put every player
behind one proxy or one school's network under one limit.  A request counts against both,
and a client is over its limit when either key is.

    >>> client = Client(address="203.0.113.7", cookie="3f2a")
    >>> client.keys
    ('address:203.0.113.7', 'player:3f2a')
    >>> Client(address="203.0.113.7", cookie=None).keys
    ('address:203.0.113.7',)
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

__all__ = ["PLAYER_COOKIE", "Client"]

#: The player cookie: an anonymous id, created with the player's first action.
PLAYER_COOKIE = "mj_player"

#: The longest cookie taken as a key: a player id is 32 hexadecimal digits, and a longer
#: value is no player's (it is cut, so that a client cannot fill the limiter's memory
#: with long keys).
_MAX_COOKIE = 64


@dataclass(frozen=True, slots=True)
class Client:
    """A request's sender: its ``address`` (``"unknown"`` when the server has none, as
    under a test client without one) and its player ``cookie`` (None without one)."""

    address: str
    cookie: str | None

    @classmethod
    def of(cls, connection: HTTPConnection) -> Client:
        """The client of a request (or of any connection).

        >>> from starlette.requests import Request
        >>> scope = {"type": "http", "client": ("198.51.100.2", 50000),
        ...          "headers": [(b"cookie", b"mj_player=ab12")]}
        >>> Client.of(Request(scope))
        Client(address='198.51.100.2', cookie='ab12')
        """
        peer = connection.client
        cookie = connection.cookies.get(PLAYER_COOKIE) or None
        return cls(
            address=peer.host if peer is not None else "unknown",
            cookie=None if cookie is None else cookie[:_MAX_COOKIE],
        )

    @property
    def keys(self) -> tuple[str, ...]:
        """The keys a limit is kept under: the address, and the cookie when there is one."""
        if self.cookie is None:
            return (f"address:{self.address}",)
        return (f"address:{self.address}", f"player:{self.cookie}")
