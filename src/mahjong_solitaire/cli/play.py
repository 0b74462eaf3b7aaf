"""``mahjong-solitaire play`` (also ``mahjong-solitaire`` alone): the game in the browser.

Starts the web server on ``127.0.0.1`` (port 8000, or a free one when 8000 is taken),
prints the address and opens the default browser.  Listening on any other address needs an
explicit ``--host``.  Without ``--host`` the game is personal: a browser without the player
cookie plays as the installation's one local player, so a cleared cookie loses nothing.  With
``--host`` the server is for several players, each a cookie of their own.

The server answers only to the host names of :func:`allowed_hosts` (``SECURITY.md``): on
loopback ``127.0.0.1``, ``localhost`` and ``[::1]``, which a DNS-rebinding page cannot send;
with ``--host``, the ``--allowed-host`` names (or ``$MAHJONG_ALLOWED_HOSTS``), by default the
address it listens on.  Behind a reverse proxy, ``--forwarded-allow-ips`` tells uvicorn
whose ``X-Forwarded-Proto`` and ``X-Forwarded-For`` to believe.

With ``--host``, each client (its address and its cookie) may create players, games,
layouts, test plays and history imports only so fast (``web/http/quotas.py``);
``--rate-limit KIND=RATE`` changes a limit (``games=60/minute``, ``history=off``).

``--workers N`` serves with N processes on the one listening socket (uvicorn's supervisor):
each opens its own store from the database URL and keeps its own live games, which the
stored version keeps honest (``web/live_games.py``), so N processes on one PostgreSQL
database serve any player's requests interchangeably.

With ``--host``, the server prunes once a day the players inactive for ``--prune-after``
days (default 90; 0 never) who never won (``web/upkeep.py``); a personal game never.

``--metrics-token``: who may read ``GET /metrics`` (``cli/metrics_token.py``).

``--engine-workers N`` sizes each server process's pool of worker processes for heavy
engine work (``web/games/jobs.py``; default 2, or 1 on one core); the personal game on
loopback runs that work in its request threads instead.

    >>> parser = argparse.ArgumentParser(); register(parser.add_subparsers())
    >>> args = parser.parse_args(["play", "--no-browser", "--port", "0"])
    >>> args.host, args.port, args.no_browser
    (None, 0, True)
    >>> browser_url("0.0.0.0", 8000), browser_url("::1", 8001)
    ('http://127.0.0.1:8000/', 'http://[::1]:8001/')
    >>> allowed_hosts(None, ["example.org"]), allowed_hosts("192.0.2.7", None, environ={})
    (['127.0.0.1', 'localhost', '[::1]'], ['192.0.2.7'])
    >>> allowed_hosts("::", ["Games.Example.org", "2001:db8::1"])
    ['games.example.org', '[2001:db8::1]']
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import ipaddress
import json
import os
import socket
import sys
import tempfile
import threading
import webbrowser
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

    from ..web.http.access_log import LogFormat
    from ..web.http.quotas import Quotas

from ..i18n import N_, translator
from .common import CliError, language
from .metrics_token import add_metrics_token_option, metrics_token_of
from .parser import Text
from .prune import DEFAULT_PRUNE_DAYS, MAX_PRUNE_DAYS

__all__ = [
    "ALLOWED_HOSTS_ENV",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "WORKER_SETTINGS_ENV",
    "allowed_hosts",
    "browser_url",
    "listen",
    "quotas_of",
    "register",
    "server_options",
    "worker_app",
]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000

#: The host names a personal game answers to (as :data:`..web.http.hosts.LOCAL_HOSTS`; kept
#: here so that ``--help`` does not import the web server).
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")

#: The environment variable giving ``--allowed-host`` names, separated by commas or spaces.
ALLOWED_HOSTS_ENV = "MAHJONG_ALLOWED_HOSTS"

_WILDCARDS = ("", "0.0.0.0", "::")

#: Seconds a thread holds the interpreter before another may run (Python's default is
#: 5 ms): a request thread waiting on the database gets it back sooner while a solver thread
#: works out a "still winnable?" verdict (measured with benchmarks/bench_server.py).
SWITCH_INTERVAL = float(os.environ.get("MAHJONG_SWITCH_INTERVAL", "0.001"))

#: Seconds an idle HTTP connection is kept open (uvicorn's default is 5).  A client that
#: sends on a kept connection just as the server closes it gets a reset; browsers send such
#: a request again, but a proxy in front of the game or a scripted client (Playwright's
#: request API in the tests) does not, so the server keeps idle connections longer than they
#: do (a proxy's idle timeout is commonly 60 s).
KEEP_ALIVE_SECONDS = 75

#: Seconds a stopping server process (SIGTERM, SIGINT) gives the requests in flight to be
#: answered, once it has stopped accepting connections (uvicorn's
#: ``timeout_graceful_shutdown``; by default it waits as long as they take).  A tap takes
#: milliseconds; a request still running then (heavy engine work) is cancelled, then the
#: application's shutdown runs, so that a process stops within a bound (``cli/supervisor.py``).
GRACEFUL_SECONDS = 5.0

#: How ``play --workers N`` tells its worker processes what to serve (JSON: the database
#: URL, the local-player mode, the host names, the pruning age in days, 0 for never, the
#: ``--rate-limit`` options, the metrics token);
#: :func:`worker_app` reads it.
WORKER_SETTINGS_ENV = "MAHJONG_WORKER_SETTINGS"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play",
        help=N_("play in the browser (the default command)"),
        description=N_(
            "Start the game's web server and open it in the browser.  Games are "
            "saved as they are played and resume after a restart."
        ),
    )
    parser.add_argument(
        "--host",
        default=None,
        help=Text(
            N_(
                "address to listen on (default {host}, a personal game "
                "for this computer's user; with --host the server is for several "
                "players, each known by a cookie, and any address but loopback "
                "lets other machines play on it)"
            ),
            host=DEFAULT_HOST,
        ),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        help=Text(N_("port (default {port}, or a free one when it is taken)"), port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        metavar="NAME",
        dest="allowed_hosts",
        help=Text(
            N_(
                "a host name or address the server answers to, as the players' "
                "browsers write it (repeatable; with --host only).  Default: "
                "${variable} (comma-separated), else the --host "
                "address, and for 0.0.0.0 or :: this machine's names and "
                "addresses.  '*.example.org' allows its subdomains, '*' any name"
            ),
            variable=ALLOWED_HOSTS_ENV,
        ),
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        default=os.environ.get("FORWARDED_ALLOW_IPS"),
        help=N_(
            "behind a reverse proxy: the proxy addresses whose "
            "X-Forwarded-Proto and X-Forwarded-For headers are believed "
            "(uvicorn's option: comma-separated, '*' for any; default "
            "$FORWARDED_ALLOW_IPS, else none)"
        ),
    )
    parser.add_argument(
        "--rate-limit",
        action="append",
        metavar="KIND=RATE",
        dest="rate_limits",
        default=[],
        help=N_(
            "with --host: how fast one client (an address, a cookie) may create "
            "players, games, layouts, test-plays or history imports, e.g. "
            "games=60/minute or history=off (repeatable; defaults in SECURITY.md)"
        ),
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json", "none"),
        default=None,
        help=N_(
            "the access log on standard error, one line per request (method, route, "
            "status, duration, request id): text, json or none (default: text with "
            "--host, none for a personal game)"
        ),
    )
    add_metrics_token_option(parser)
    parser.add_argument("--no-browser", action="store_true", help=N_("do not open a browser"))
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help=N_(
            "server processes sharing the port (default 1).  Several "
            "processes are for a PostgreSQL database (SQLite works, but its "
            "one writer at a time makes them wait on each other)"
        ),
    )
    parser.add_argument(
        "--prune-after",
        type=int,
        default=DEFAULT_PRUNE_DAYS,
        metavar="DAYS",
        help=Text(
            N_(
                "with --host: once a day, remove the players inactive for more than "
                "DAYS days who never won, with their games and layouts, as "
                "'mahjong-solitaire prune' does (default {days}; 0: never).  A "
                "personal game is never pruned"
            ),
            days=DEFAULT_PRUNE_DAYS,
        ),
    )
    parser.add_argument(
        "--engine-workers",
        type=int,
        metavar="N",
        help=N_(
            "worker processes for heavy engine work on a multi-player server "
            "(layout uploads, layout checks, test plays; default 2, or 1 on one core)"
        ),
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help=N_(
            "SQLAlchemy database URL, e.g. sqlite:///games.db or "
            "postgresql+psycopg://user@host/db (default: $DATABASE_URL, "
            "else a SQLite file in the user data directory)"
        ),
    )
    parser.set_defaults(handler=run)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _as_host_name(name: str) -> str:
    """A host as a ``Host`` header writes it: lower case, an IPv6 address in brackets."""
    name = name.strip().lower()
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return name
    return f"[{address}]" if address.version == 6 else str(address)


def _machine_hosts() -> list[str]:
    """This machine's names and the addresses they resolve to, and the addresses it reaches
    other machines from (a UDP socket's "connect" sends nothing)."""
    names = {socket.gethostname(), socket.getfqdn()}
    found = [*names]
    for name in names:
        with contextlib.suppress(OSError):
            found += [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                found.append(str(probe.getsockname()[0]))
        except OSError:
            pass
    return [name for name in found if name]


def allowed_hosts(
    host: str | None, given: Sequence[str] | None, environ: Mapping[str, str] = os.environ
) -> list[str]:
    """The host names served: on loopback (``host`` None), :data:`LOCAL_HOSTS`; else the
    names ``given`` (``--allowed-host``), else those of :data:`ALLOWED_HOSTS_ENV`, else
    ``host`` itself, and for a wildcard address the machine's names and addresses and the
    loopback names."""
    if host is None:
        return list(LOCAL_HOSTS)
    names = list(given or environ.get(ALLOWED_HOSTS_ENV, "").replace(",", " ").split())
    if not names:
        names = [host]
        if host in _WILDCARDS:
            names = [*_machine_hosts(), *LOCAL_HOSTS]
        elif _is_loopback(host):
            names += LOCAL_HOSTS
    return list(dict.fromkeys(_as_host_name(name) for name in names if name.strip()))


def browser_url(host: str, port: int) -> str:
    """The address to open for a server listening on ``host``: a wildcard address is
    reached through loopback."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def _bind(host: str, port: int) -> socket.socket:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def listen(host: str, port: int | None) -> socket.socket:
    """A listening socket on ``host``: on ``port``, or on 8000 or else a free port when
    ``port`` is None.  :class:`CliError` when the address cannot be used."""
    try:
        if port is None:
            try:
                return _bind(host, DEFAULT_PORT)
            except OSError as error:
                if error.errno != errno.EADDRINUSE:
                    raise
                return _bind(host, 0)
        if not 0 <= port <= 65535:
            raise CliError(N_("--port {port} is not a port number (0..65535)"), port=port)
        return _bind(host, port)
    except socket.gaierror as error:
        raise CliError("--host {host}: {reason}", host=repr(host), reason=error.strerror) from None
    except OSError as error:
        if port is None:
            raise CliError(
                N_("cannot listen on {host}, a free port: {reason}"),
                host=host,
                reason=error.strerror,
            ) from None
        raise CliError(
            N_("cannot listen on {host}, port {port}: {reason}"),
            host=host,
            port=port,
            reason=error.strerror,
        ) from None


def worker_app() -> FastAPI:
    """One ``play --workers N`` process's app, on ``play``'s :data:`WORKER_SETTINGS_ENV`."""
    from ..store import Store
    from ..web import create_app

    settings = json.loads(os.environ[WORKER_SETTINGS_ENV])
    app = create_app(
        Store(settings["database"]),
        local_player=settings["local_player"],
        allowed_hosts=settings["allowed_hosts"],
        prune_after=prune_span(settings.get("prune_after_days", 0)),
        quotas=quotas_of(settings.get("rate_limits", ())),
        access_log=access_log_of(settings.get("access_log") or "none", personal=True),
        engine_workers=settings.get("engine_workers"),
        metrics_token=settings.get("metrics_token"),
        deal_ahead=True,
    )
    _tune_for_serving()
    return app


def access_log_of(option: str | None, *, personal: bool) -> LogFormat | None:
    """The access log's format for ``--log-format`` (text by default on a server for
    several players, none for a personal game), its lines sent to standard error.

    >>> access_log_of(None, personal=False), access_log_of(None, personal=True)
    ('text', None)
    >>> access_log_of("json", personal=True), access_log_of("none", personal=False)
    ('json', None)
    """
    from ..web.http.access_log import log_requests_to

    chosen = option if option is not None else ("none" if personal else "text")
    if chosen == "none":
        return None
    log_requests_to(sys.stderr)
    return "json" if chosen == "json" else "text"


def prune_span(days: int) -> timedelta | None:
    """The server's pruning age of ``--prune-after DAYS`` (``None``: 0, never).

    >>> prune_span(90), prune_span(0)
    (datetime.timedelta(days=90), None)
    """
    return timedelta(days=days) if days else None


def quotas_of(options: Sequence[str]) -> Quotas:
    """The quotas of the ``--rate-limit`` options (the defaults they change); or CliError.

    >>> quotas_of(["games=5/minute"]).described()["games"]
    '5 per 1 minute'
    >>> quotas_of(["games=5/fortnight"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    mahjong_solitaire.cli.common.CliError: --rate-limit games=5/fortnight: give KIND=RATE, ...
    """
    from ..web.http.quotas import Kind, Quotas, parse_rate_option, rates_from_options

    for text in options:
        try:
            parse_rate_option(text)
        except ValueError:
            raise CliError(
                N_(
                    "--rate-limit {value}: give KIND=RATE, KIND one of {kinds} and RATE as "
                    "30/minute (or off)"
                ),
                value=text,
                kinds=", ".join(kind.value for kind in Kind),
            ) from None
    return Quotas(rates_from_options(options))


def server_options(forwarded_allow_ips: str | None) -> dict[str, Any]:
    """uvicorn's options for ``play``.  With ``--forwarded-allow-ips``, uvicorn's
    ``ProxyHeadersMiddleware`` takes the scheme (so the cookie's Secure flag and the Origin
    check) and the client's address (so its quotas) from the trusted proxy's headers; from
    any other peer, and without the option, those headers are not believed.

    >>> server_options(None)["proxy_headers"], server_options("10.0.0.1")["proxy_headers"]
    (False, True)
    """
    forwarded = forwarded_allow_ips or None
    return dict(
        log_level="warning",
        access_log=False,
        lifespan="on",  # the daily pruning's thread starts and stops with it
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
        proxy_headers=forwarded is not None,
        forwarded_allow_ips=forwarded,
    )


def _tune_for_serving() -> None:
    """The interpreter of a server process, once its application is made: the switch
    interval of :data:`SWITCH_INTERVAL`, and everything alive so far (modules, the app)
    moved out of the garbage collector's way, so its full collections scan only what the
    requests made (their pauses stop every request of the process)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    if os.environ.get("MAHJONG_GC_FREEZE", "1") == "1":
        gc.collect()
        gc.freeze()


def _serve_workers(
    config_options: dict[str, Any],
    sock: socket.socket,
    workers: int,
    settings: dict[str, Any],
) -> None:
    """Serve ``sock`` with ``workers`` processes (uvicorn's supervisor, made to stop
    promptly: :mod:`.supervisor`), each running :func:`worker_app`."""
    import uvicorn

    from ..web.metrics import MULTIPROCESS_ENV
    from .supervisor import Supervisor

    os.environ[WORKER_SETTINGS_ENV] = json.dumps(settings)
    config = uvicorn.Config(
        f"{__name__}:worker_app", factory=True, workers=workers, **config_options
    )
    with tempfile.TemporaryDirectory(prefix="mahjong-metrics-") as metrics_folder:
        os.environ[MULTIPROCESS_ENV] = metrics_folder  # before they start: one scrape sums them
        try:
            Supervisor(config, sockets=[sock]).run()
        finally:
            del os.environ[MULTIPROCESS_ENV]


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ..store import Store
    from ..store.database import sqlite_file
    from ..web import create_app

    host = args.host if args.host is not None else DEFAULT_HOST
    if args.host is None and args.allowed_hosts:
        raise CliError(
            N_(
                "--allowed-host needs --host: the personal game answers only to "
                "127.0.0.1, localhost and [::1]"
            )
        )
    if args.workers < 1:
        raise CliError(N_("--workers {workers}: give 1 or more processes"), workers=args.workers)
    if not 0 <= args.prune_after <= MAX_PRUNE_DAYS:
        raise CliError(
            N_("--prune-after {days}: give a whole number of days from 0 (never) to {most}"),
            days=args.prune_after,
            most=MAX_PRUNE_DAYS,
        )
    prune_after_days = 0 if args.host is None else args.prune_after  # never a personal game
    metrics_token = metrics_token_of(args.metrics_token)  # checked before any logging starts
    quotas = quotas_of(args.rate_limits)
    access_log = access_log_of(args.log_format, personal=args.host is None)
    if args.engine_workers is not None and args.engine_workers < 1:
        raise CliError(
            N_("--engine-workers {workers}: give 1 or more processes"),
            workers=args.engine_workers,
        )
    hosts = allowed_hosts(args.host, args.allowed_hosts)
    sock = listen(host, args.port)
    try:
        try:
            store = Store(args.database)
        except Exception as error:  # a bad URL or an unreachable server: say so, no trace
            raise CliError(N_("cannot open the database: {reason}"), reason=error) from None
        if args.workers > 1 and store.url.startswith("sqlite") and sqlite_file(store.url) is None:
            store.close()  # each process would open a database of its own, empty
            raise CliError(N_("--workers needs a database the processes share, not one in memory"))
        try:
            app = create_app(
                store,
                local_player=args.host is None,
                allowed_hosts=hosts,
                prune_after=prune_span(prune_after_days),
                quotas=quotas,
                access_log=access_log,
                engine_workers=args.engine_workers,
                metrics_token=metrics_token,
                deal_ahead=True,
            )
            port = sock.getsockname()[1]
            url = browser_url(host, port)
            _ = translator(language(args))
            print(
                _("Mahjong Solitaire is running at {url}  (Ctrl+C stops it)", url=url), flush=True
            )
            if not _is_loopback(host):
                print(
                    _("Listening on {host}: other machines can play on this server.", host=host),
                    file=sys.stderr,
                    flush=True,
                )
            if args.host is not None:
                print(
                    _(
                        "Answering to {hosts}; add a name with --allowed-host NAME or {variable}.",
                        hosts=", ".join(hosts),
                        variable=ALLOWED_HOSTS_ENV,
                    ),
                    file=sys.stderr,
                    flush=True,
                )
            if not args.no_browser:
                threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
            options = server_options(args.forwarded_allow_ips)
            if args.workers > 1:
                store.close()  # each process opens its own
                _serve_workers(
                    options,
                    sock,
                    args.workers,
                    {
                        "database": store.url,
                        "local_player": args.host is None,
                        "allowed_hosts": hosts,
                        "prune_after_days": prune_after_days,
                        "rate_limits": args.rate_limits,
                        "access_log": access_log,
                        "engine_workers": args.engine_workers,
                        "metrics_token": metrics_token,
                    },
                )
            else:
                _tune_for_serving()
                uvicorn.Server(uvicorn.Config(app, **options)).run(sockets=[sock])
        finally:
            store.close()
    finally:
        sock.close()
    return 0
