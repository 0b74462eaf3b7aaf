"""Whether the server can take requests, for a load balancer or a process manager:

* ``GET /healthz``: 200 while the process is alive and answering (it asks nothing of the
  database: a database outage must not get a healthy process restarted);
* ``GET /readyz``: 200 when the database answers too, else 503 ``unavailable`` with the
  error object (the same answer as every other route's during an outage), so that the
  balancer sends the requests elsewhere until it answers again.

Both write nothing, need no player and are never cached.

    >>> sorted(route.path for route in router.routes)
    ['/healthz', '/readyz']
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from ..games.lifecycle import store_of
from ..http.errors import ErrorCode, error_responses

__all__ = ["Health", "router"]

router = APIRouter(tags=["operations"])

#: A probe's answer is about this moment: no cache may keep it.
_NOT_CACHED = {"Cache-Control": "no-store"}


class Health(BaseModel):
    """What a probe reads: ``alive`` from ``/healthz``, ``ready`` from ``/readyz``."""

    status: Literal["alive", "ready"] = Field(description="what the probe found")


@router.get(
    "/healthz",
    response_model=Health,
    summary="The process is alive",
    responses=error_responses(),
)
def healthz(response: Response) -> Health:
    """200 while the process answers; the database is not asked."""
    response.headers.update(_NOT_CACHED)
    return Health(status="alive")


@router.get(
    "/readyz",
    response_model=Health,
    summary="The server can take requests: its database answers",
    responses=error_responses(ErrorCode.UNAVAILABLE),
)
def readyz(request: Request, response: Response) -> Health:
    """200 when the database answers a query; 503 ``unavailable`` when it does not."""
    store_of(request).ping()
    response.headers.update(_NOT_CACHED)
    return Health(status="ready")
