"""Shared by the contract suites: the engine worker pool their isolated modes run in (each suite
runs the in-process adapter and the same adapter behind ``adapters.process_isolation.isolated``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def engine_pool() -> Iterator[Any]:
    from adapters.process_isolation import WorkerPool

    pool = WorkerPool(2, timeout_seconds=60)
    yield pool
    pool.close()


def isolated_adapter(port: type, spec: str, pool: Any) -> Any:
    """``spec`` (``"module:Class"``) run in ``pool``'s workers behind the generic proxy of ``port``."""
    from adapters.process_isolation import isolated

    return isolated(port, spec, pool)
