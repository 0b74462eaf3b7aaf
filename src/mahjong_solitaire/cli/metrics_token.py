"""``play --metrics-token TOKEN`` (or ``$MAHJONG_METRICS_TOKEN``): the token a scrape of
``GET /metrics`` must carry as ``Authorization: Bearer TOKEN`` (``web/metrics.py``).  A
server for several players (``--host``) serves no metrics without one; a personal game
serves them on loopback, and with a token only to its bearer.

    >>> metrics_token_of(None, environ={METRICS_TOKEN_ENV: "0123456789abcdef"})
    '0123456789abcdef'
    >>> metrics_token_of(None, environ={}) is None
    True
    >>> metrics_token_of("short", environ={})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    mahjong_solitaire.cli.common.CliError: --metrics-token: give 16 to 256 ...
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Mapping

from ..i18n import N_
from .common import CliError
from .parser import Text

__all__ = ["METRICS_TOKEN_ENV", "add_metrics_token_option", "metrics_token_of"]

#: The environment variable giving the ``--metrics-token``.
METRICS_TOKEN_ENV = "MAHJONG_METRICS_TOKEN"

#: What a metrics token is: 16 to 256 visible ASCII characters (a header's value, and
#: long enough not to be guessed).
_METRICS_TOKEN = re.compile(r"[!-~]{16,256}")


def add_metrics_token_option(parser: argparse.ArgumentParser) -> None:
    """``--metrics-token TOKEN`` on ``parser`` (``play``'s)."""
    parser.add_argument(
        "--metrics-token",
        metavar="TOKEN",
        help=Text(
            N_(
                "serve GET /metrics (Prometheus) only to requests carrying "
                "'Authorization: Bearer TOKEN' (16 to 256 characters; default "
                "${variable}).  Without it, a server with --host serves no metrics, "
                "and a personal game serves them on loopback only"
            ),
            variable=METRICS_TOKEN_ENV,
        ),
    )


def metrics_token_of(option: str | None, environ: Mapping[str, str] = os.environ) -> str | None:
    """The token of ``--metrics-token``, else of :data:`METRICS_TOKEN_ENV` (``None``:
    neither); :class:`CliError` for one that is not 16 to 256 visible ASCII characters
    (the message does not repeat it)."""
    source, token = "--metrics-token", option
    if token is None:
        source, token = f"${METRICS_TOKEN_ENV}", environ.get(METRICS_TOKEN_ENV) or None
    if token is not None and not _METRICS_TOKEN.fullmatch(token):
        raise CliError(
            N_(
                "{source}: give 16 to 256 visible ASCII characters, without spaces, as "
                "the metrics token"
            ),
            source=source,
        )
    return token
