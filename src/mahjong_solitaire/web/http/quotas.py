"""Quotas per client: how fast one client may create players, games, layouts, test plays
and history imports, so that no one fills the database (``SECURITY.md``, "Quotas per
client").

A client is its address and its player cookie (:class:`.clients.Client`); a request counts
against each of its keys and is refused when any of them is over its limit, so dropping or
rotating the cookie does not help (the address is over).  A refusal is ``429
too_many_requests`` with ``Retry-After`` (the seconds until the window lets one more
through) and the API's error object, and it comes before the route's work: nothing is
written.

The counting is the ``limits`` library's (a moving window in memory,
``limits.strategies.MovingWindowRateLimiter``); what is written here is the glue it does
not have: the one table of what is limited (:data:`DEFAULT_RATES`, :func:`limited_routes`),
the keys of a request, and the refusal.

    >>> quotas = Quotas({"games": "2/minute"})
    >>> keys = Client("203.0.113.7", None).keys
    >>> [quotas.admit(Kind.GAMES, keys) for _ in range(3)][:2]
    [None, None]
    >>> 0 < quotas.admit(Kind.GAMES, keys) <= 60
    True
    >>> quotas.admit(Kind.GAMES, Client("198.51.100.9", None).keys) is None  # its own budget
    True
    >>> quotas.admit(Kind.LAYOUTS, keys) is None  # a kind not given is not limited
    True

**Several workers.**  The counts live in the memory of one process: with ``play --workers
N`` each worker keeps its own, and a client whose requests are spread over N workers gets
N times its budget.  For one shared count, give :class:`Quotas` a shared ``storage``
(``limits`` has Redis and Memcached storage: ``limits.storage.storage_from_string(
"redis://host:6379")``), or let the reverse proxy limit the rate as well.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, MovingWindowSupport, Storage
from limits.strategies import MovingWindowRateLimiter
from starlette.applications import Starlette
from starlette.requests import HTTPConnection
from starlette.routing import compile_path
from starlette.types import ASGIApp, Receive, Scope, Send

from .clients import Client
from .errors import ApiError, ErrorCode
from .refusal import observer_of, refusal

__all__ = [
    "DEFAULT_RATES",
    "OTHER_LIMITED_ROUTES",
    "Kind",
    "QuotaMiddleware",
    "Quotas",
    "RouteKinds",
    "admit_new_player",
    "install_quotas",
    "limited_routes",
    "parse_rate_option",
    "rates_from_options",
]


class Kind(StrEnum):
    """What a client creates, as ``--rate-limit KIND=RATE`` names it."""

    PLAYERS = "players"
    GAMES = "games"
    LAYOUTS = "layouts"
    TEST_PLAYS = "test-plays"
    HISTORY = "history"


#: The default limits (``limits``' notation), per client key, each far above what a player
#: does by hand:
#:
#: * ``players``: new players (a first visit, or a lost cookie), counted per address only:
#:   a household or a classroom behind one address starts a few at once, a script that
#:   drops its cookie starts one per request;
#: * ``games``: new games of either mode (a random deal, a code, the daily, a stage, a
#:   restart, the first move on a deal shown but not stored): a player who turns down
#:   deal after deal to find one they like starts one every few seconds;
#: * ``layouts``: layout file uploads: a player imports a few files, one at a time;
#: * ``test-plays``: test plays of a layout being drawn: a try after each change of the
#:   drawing, every few seconds at the most;
#: * ``history``: history imports: once when moving to another device, a few tries at the
#:   most.
DEFAULT_RATES: Mapping[Kind, str] = {
    Kind.PLAYERS: "10/minute",
    Kind.GAMES: "30/minute",
    Kind.LAYOUTS: "10/minute",
    Kind.TEST_PLAYS: "10/minute",
    Kind.HISTORY: "5/minute",
}

#: What lifts a kind's limit on the command line.
UNLIMITED = "off"

#: The requests besides a mode's games that create something, and what they create: the
#: method and the path as the routers write it (Starlette's ``{name}`` parameters; the
#: first match counts).  New players are counted where a player is made
#: (:func:`admit_new_player`), whichever route makes it.
OTHER_LIMITED_ROUTES: Sequence[tuple[str, str, Kind]] = (
    ("POST", "/api/stages/{number}", Kind.GAMES),
    ("POST", "/api/layouts", Kind.LAYOUTS),
    ("POST", "/api/test-plays", Kind.TEST_PLAYS),
    ("POST", "/api/history", Kind.HISTORY),
)


def limited_routes(game_paths: Iterable[str]) -> list[tuple[str, str, Kind]]:
    """The table of what is limited, for the modes whose games live under ``game_paths``
    (each mode's view names its own: ``/api/games``...): a new game, the first action on
    a deal shown but not stored (``new:<code>``, which stores it) and a restart, then
    :data:`OTHER_LIMITED_ROUTES`.

    >>> [path for _, path, _ in limited_routes(["/api/games"])][:3]
    ['/api/games', '/api/games/new:{code}/{action}', '/api/games/{game_id}/restart']
    """
    games = [
        ("POST", f"{root}{suffix}", Kind.GAMES)
        for root in game_paths
        for suffix in ("", "/new:{code}/{action}", "/{game_id}/restart")
    ]
    return [*games, *OTHER_LIMITED_ROUTES]


#: The limits of each kind, as :class:`Quotas` takes them: ``limits``' notation
#: (``"30/minute"``, several as ``"30/minute;300/day"``), parsed items, or ``None`` for no
#: limit.
Rate = str | Sequence[RateLimitItem] | None
Rates = Mapping[Kind, Rate] | Mapping[str, Rate]


def _parsed(kind: str, rate: str) -> tuple[RateLimitItem, ...]:
    """The items of ``rate``; ValueError (naming ``kind``) when it is not ``limits``'
    notation or lets nothing through."""
    try:
        items = tuple(parse_many(rate))
    except ValueError:
        raise ValueError(f"{kind}={rate}: not a rate such as 30/minute") from None
    if any(item.amount < 1 for item in items):
        raise ValueError(f"{kind}={rate}: a rate lets at least 1 through")
    return items


class Quotas:
    """The limits of each :class:`Kind` (those not in ``rates`` are not limited) and the
    counts kept under them.

    ``storage``: where the counts are kept (default: this process's memory; a shared
    ``limits`` storage counts for several processes).  ``clock``: the time ``Retry-After``
    is worked out from, the storage's own (``time.time`` for ``limits``' storages).
    """

    def __init__(
        self,
        rates: Rates = DEFAULT_RATES,
        *,
        storage: Storage | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.rates: dict[Kind, tuple[RateLimitItem, ...]] = {}
        for name, rate in rates.items():
            kind = Kind(name)
            if rate is None:
                continue
            self.rates[kind] = _parsed(kind, rate) if isinstance(rate, str) else tuple(rate)
        store = storage if storage is not None else MemoryStorage()
        if not isinstance(store, MovingWindowSupport):  # a moving window needs its support
            raise TypeError(f"{type(store).__name__} keeps no moving window; use memory or Redis")
        self._limiter = MovingWindowRateLimiter(store)
        self._clock = clock
        # a check and its count are one step: two requests of one client on two threads
        # cannot both take the last place
        self._lock = threading.Lock()

    def admit(self, kind: Kind, keys: Iterable[str]) -> float | None:
        """Count one ``kind`` for every key and return ``None``; or, when any key is over a
        limit of ``kind``, count nothing and return the seconds until its window lets one
        more through."""
        items = self.rates.get(kind, ())
        keys = tuple(keys)
        with self._lock:
            waits = [
                self._limiter.get_window_stats(item, kind, key).reset_time - self._clock()
                for item in items
                for key in keys
                if not self._limiter.test(item, kind, key)
            ]
            if waits:
                return max(0.0, *waits)
            for item in items:
                for key in keys:
                    self._limiter.hit(item, kind, key)
        return None

    def described(self) -> dict[str, str]:
        """Each limited kind's limits in ``limits``' notation.

        >>> Quotas({"games": "30/minute;300/day"}).described()
        {'games': '30 per 1 minute; 300 per 1 day'}
        """
        return {kind.value: "; ".join(map(str, items)) for kind, items in self.rates.items()}


def _refused(kind: Kind, wait: float) -> ApiError:
    return ApiError(
        ErrorCode.TOO_MANY_REQUESTS,
        f"this client has reached its limit of {kind.value}; try again in {wait:.0f} s",
        retry_after=wait,
    )


def admit_new_player(connection: HTTPConnection) -> None:
    """Count a new player against the request's address (:data:`Kind.PLAYERS`), before it
    is created; :class:`.errors.ApiError` 429 when the address is over its limit.  Nothing
    is counted without quotas (local mode)."""
    quotas: Quotas | None = getattr(connection.app.state, "quotas", None)
    if quotas is None:
        return
    wait = quotas.admit(Kind.PLAYERS, Client.of(connection).keys[:1])  # the address alone
    if wait is not None:
        observer_of(connection.scope).refused(Kind.PLAYERS.value)
        raise _refused(Kind.PLAYERS, wait)


def _route_path(scope: Scope) -> str:
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root) else path


class RouteKinds:
    """What a request creates, by its method and path, after a table of routes.

    >>> kinds = RouteKinds(limited_routes(["/api/games"]))
    >>> kinds.of("POST", "/api/games"), kinds.of("POST", "/api/games/new:MJ1-L00-AAAAABL/tap")
    (<Kind.GAMES: 'games'>, <Kind.GAMES: 'games'>)
    >>> kinds.of("POST", "/api/games/g17/tap"), kinds.of("GET", "/api/games") is None
    (None, True)
    """

    def __init__(self, routes: Sequence[tuple[str, str, Kind]]) -> None:
        self._routes = [(method, compile_path(path)[0], kind) for method, path, kind in routes]

    def of(self, method: str, path: str) -> Kind | None:
        """The kind a request of ``method`` on ``path`` creates, or ``None``."""
        for wanted, pattern, kind in self._routes:
            if method == wanted and pattern.match(path):
                return kind
        return None


class QuotaMiddleware:
    """Refuses a request of ``routes`` (:func:`limited_routes`) whose client is over its
    limit (429 with ``Retry-After``) before any route runs, and counts the others.

    A pure ASGI middleware keyed on the method and the route's path, so that the table of
    what is limited is one and no route needs to remember it.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        quotas: Quotas,
        routes: Sequence[tuple[str, str, Kind]],
    ) -> None:
        self.app = app
        self.quotas = quotas
        self.kinds = RouteKinds(routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = (
            self.kinds.of(scope["method"], _route_path(scope)) if scope["type"] == "http" else None
        )
        if kind is not None:
            wait = self.quotas.admit(kind, Client.of(HTTPConnection(scope)).keys)
            if wait is not None:
                observer_of(scope).refused(kind.value)
                error = _refused(kind, wait)
                answer = refusal(scope, error.code, error.detail, retry_after=error.retry_after)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


def install_quotas(app: Starlette, quotas: Quotas | None, game_paths: Iterable[str]) -> None:
    """Keep ``quotas`` on ``app`` (for :func:`admit_new_player`) and add the middleware
    over :func:`limited_routes` of the modes' ``game_paths``; ``None`` (local mode) limits
    nothing."""
    app.state.quotas = quotas
    if quotas is not None:
        app.add_middleware(QuotaMiddleware, quotas=quotas, routes=limited_routes(game_paths))


# -- the command line's option ---------------------------------------------------------


def parse_rate_option(text: str) -> tuple[Kind, str | None]:
    """One ``--rate-limit KIND=RATE``: the kind and its rate (``None`` for ``off``);
    ValueError for anything else.

    >>> parse_rate_option("games=60/minute"), parse_rate_option("history=off")
    ((<Kind.GAMES: 'games'>, '60/minute'), (<Kind.HISTORY: 'history'>, None))
    >>> parse_rate_option("games=lots")
    Traceback (most recent call last):
    ValueError: games=lots: not a rate such as 30/minute
    """
    name, equals, rate = text.partition("=")
    name, rate = name.strip().lower(), rate.strip()
    if not equals or name not in {kind.value for kind in Kind}:
        raise ValueError(f"{text}: not KIND=RATE")
    kind = Kind(name)
    if rate.lower() == UNLIMITED:
        return kind, None
    _parsed(kind, rate)
    return kind, rate


def rates_from_options(texts: Iterable[str]) -> dict[Kind, str | None]:
    """:data:`DEFAULT_RATES` changed by the ``--rate-limit`` options (the last of a kind
    wins); ValueError for a bad one.

    >>> rates_from_options(["games=5/minute", "layouts=off"])[Kind.GAMES]
    '5/minute'
    """
    rates: dict[Kind, str | None] = dict(DEFAULT_RATES)
    for text in texts:
        kind, rate = parse_rate_option(text)
        rates[kind] = rate
    return rates
