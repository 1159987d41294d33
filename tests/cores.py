"""A Pdfcore over a fresh cache and an empty config, for module-scoped fixtures of corpus tests."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def temp_core(
    tmp: Path, env: dict[str, str] | None = None, overrides: dict[str, Any] | None = None, **backends: Any
) -> Iterator[Any]:
    """A Pdfcore whose cache is ``tmp/cache`` and whose config file is empty; ``env`` adds
    ``PDFCORE_*`` variables, ``overrides`` settings, ``backends`` adapters for ``pdfcore.build``.
    Closed on exit."""
    import pdfcore
    from pdfcore.config import load_settings

    config = tmp / "c.toml"
    config.write_text("")
    base = {"PDFCORE_CONFIG": str(config), "PDFCORE_CACHE_DIR": str(tmp / "cache"), **(env or {})}
    core = pdfcore.build(load_settings(env=base, overrides=overrides), **backends)
    try:
        yield core
    finally:
        core.close()
