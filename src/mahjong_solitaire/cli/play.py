"""``mahjong-solitaire play`` (also ``mahjong-solitaire`` alone): the game in the browser.

Starts the web server on ``127.0.0.1`` (port 8000, or a free one when 8000 is taken),
prints the address and opens the default browser.  Listening on any other address needs an
explicit ``--host``.  Without ``--host`` the game is personal: a browser without the player
cookie plays as the installation's one local player, so a cleared cookie loses nothing.  With
``--host`` the server is for several players, each a cookie of their own.

    >>> parser = argparse.ArgumentParser(); register(parser.add_subparsers())
    >>> args = parser.parse_args(["play", "--no-browser", "--port", "0"])
    >>> args.host, args.port, args.no_browser
    (None, 0, True)
    >>> browser_url("0.0.0.0", 8000), browser_url("::1", 8001)
    ('http://127.0.0.1:8000/', 'http://[::1]:8001/')
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import socket
import sys
import threading
import webbrowser

from ..i18n import N_, translator
from .common import CliError, language

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "browser_url", "listen", "register"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "play", help="play in the browser (the default command)",
        description="Start the game's web server and open it in the browser.  Games are "
                    "saved as they are played and resume after a restart.")
    parser.add_argument("--host", default=None,
                        help=f"address to listen on (default {DEFAULT_HOST}, a personal game "
                             "for this computer's user; with --host the server is for several "
                             "players, each known by a cookie, and any address but loopback "
                             "lets other machines play on it)")
    parser.add_argument("--port", type=int, default=None,
                        help=f"port (default {DEFAULT_PORT}, or a free one when it is taken)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--database", metavar="URL",
                        help="SQLAlchemy database URL, e.g. sqlite:///games.db or "
                             "postgresql+psycopg://user@host/db (default: $DATABASE_URL, "
                             "else a SQLite file in the user data directory)")
    parser.set_defaults(handler=run)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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
            raise CliError(N_("cannot listen on {host}, a free port: {reason}"), host=host,
                           reason=error.strerror) from None
        raise CliError(N_("cannot listen on {host}, port {port}: {reason}"), host=host,
                       port=port, reason=error.strerror) from None


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ..store import Store
    from ..web import create_app

    host = args.host if args.host is not None else DEFAULT_HOST
    sock = listen(host, args.port)
    try:
        try:
            store = Store(args.database)
        except Exception as error:  # a bad URL or an unreachable server: say so, no trace
            raise CliError(N_("cannot open the database: {reason}"), reason=error) from None
        try:
            app = create_app(store, local_player=args.host is None)
            port = sock.getsockname()[1]
            url = browser_url(host, port)
            _ = translator(language(args))
            print(_("Mahjong Solitaire is running at {url}  (Ctrl+C stops it)", url=url),
                  flush=True)
            if not _is_loopback(host):
                print(_("Listening on {host}: other machines can play on this server.",
                        host=host), file=sys.stderr, flush=True)
            if not args.no_browser:
                threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
            config = uvicorn.Config(app, log_level="warning", access_log=False,
                                    lifespan="off")
            uvicorn.Server(config).run(sockets=[sock])
        finally:
            store.close()
    finally:
        sock.close()
    return 0
