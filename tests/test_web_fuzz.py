"""Schema-based fuzzing of the HTTP API from its own OpenAPI description (schemathesis).

Every operation gets a few generated requests, valid and invalid; the server must never
answer with a 5xx, must use only the status codes and content types it documents, and
every body must match its response schema. Bounded: a handful of examples per operation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install 'sudokit[web]'")
schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed (it is in the test extra)")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from sudokit.web import ServeConfig, create_app  # noqa: E402

pytestmark = pytest.mark.single_backend

# Short budgets: a fuzzed request may ask for slow work; it must then get a clean 422.
APP = create_app(ServeConfig(workers=2, heavy=1, queue_seconds=5.0,
                             budgets={"generate": 1.0, "trace": 0.5, "rate": 2.0, "explain": 2.0}))
# The description straight from the app (from_asgi would fetch it through a test client whose
# event-loop thread then stays alive for the rest of the test session).
schema = schemathesis.openapi.from_dict(APP.openapi())
schema.app = APP  # requests go to the app in-process


@pytest.fixture(scope="module", autouse=True)
def _close_pool() -> Iterator[None]:
    yield
    APP.state.pool.close()


@schema.parametrize()
@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case: Any) -> None:
    case.call_and_validate(
        checks=[not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
    )
