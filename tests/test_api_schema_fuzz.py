"""The schema says what the server checks (issue #25, item 5): schemathesis, run in-process
over the whole API on a fresh SQLite store, with all of its checks and a small, fixed number
of examples, finds nothing.

* every operation, on its own: a request the schema allows is taken (or refused with a
  value's own 400, never 422; ``schemathesis.toml``), one it refuses is refused, every answer
  is one the operation lists, in the shape the schema gives, and a 405 names ``Allow``;
* the stateful phase: the operations chained by the links schemathesis infers (a game
  started, then played), as the page's player (its cookie, and the page's ``Origin``, so that
  the cross-site check lets the state-changing requests through).

It is bounded (about ten examples per operation, derandomized: the same cases every run), so
that it runs with the suite; ``schemathesis run --checks all`` over a live server is the
longer run (docs/web-api.md, "The schema").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from mahjong_solitaire.store import Store
from mahjong_solitaire.web import create_app

#: The settings the CLI reads too: 400 is an answer to schema-valid data, 422 is not.
CONFIG = SchemathesisConfig.from_path(Path(__file__).resolve().parents[1] / "schemathesis.toml")
#: The origin of schemathesis's in-process requests, as the page would send it.
ORIGIN = "http://testserver"
#: Few examples, the same ones every run: a bound on the suite's time, not a search.
BOUNDED = settings(
    max_examples=10,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(scope="module")
def fuzzed_app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'games.db'}")
    yield create_app(store)
    store.close()


@pytest.fixture(scope="module")
def page_headers(fuzzed_app: Any) -> dict[str, str]:
    """What the page sends: its player's cookie (a player with a game) and its ``Origin``."""
    client = TestClient(fuzzed_app, base_url=ORIGIN)
    started = client.post("/api/games", json={}, headers={"Origin": ORIGIN})
    assert started.status_code == 200, started.text
    return {"Cookie": f"mj_player={started.cookies['mj_player']}", "Origin": ORIGIN}


@pytest.fixture(scope="module")
def api_schema(fuzzed_app: Any) -> Any:
    return schemathesis.openapi.from_asgi("/openapi.json", fuzzed_app, config=CONFIG)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@BOUNDED
def test_every_operation_answers_as_its_schema_says(
    case: Any, page_headers: dict[str, str]
) -> None:
    case.call_and_validate(headers=dict(page_headers))


def test_chained_operations_answer_as_the_schema_says(
    api_schema: Any, page_headers: dict[str, str]
) -> None:
    base = api_schema.as_state_machine()

    class PagePlayer(base):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"headers": dict(page_headers)}

    PagePlayer.run(settings=settings(BOUNDED, max_examples=15, stateful_step_count=5))
