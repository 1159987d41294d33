"""The tool list of each profile, kept as JSON beside this module (``tools.json``).

Building the tools (a pydantic argument model and JSON Schemas for each of 17 functions) costs
~0.15 s, a tenth of the server's start-up. The server answers ``tools/list`` from this file
when it was made from the same code and SDK, and builds each real tool when it is first called
(its output schema taken from this file). The file carries a fingerprint of its inputs:
the sources of ``pdfcore`` and ``mcp_adapter`` and the versions of ``mcp`` and ``pydantic``.
When the fingerprint differs (an edited checkout, another SDK), the server builds the tools
before it answers, as if the file were not there. ``python -m mcp_adapter.catalog`` rewrites the
file; a test checks that it is current and equal to the tools the code builds.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import sys
from pathlib import Path
from typing import Any

CATALOG = Path(__file__).with_name("tools.json")
PROFILES = ("full", "compact")
_SOURCE_PACKAGES = ("pdfcore", "mcp_adapter")


def fingerprint() -> str:
    """A hash of everything the tool list is made from (~3 ms)."""
    h = hashlib.sha256()
    for dist in ("mcp", "pydantic"):
        h.update(f"{dist}={importlib.metadata.version(dist)}\n".encode())
    here = Path(__file__).resolve().parent.parent
    for package in _SOURCE_PACKAGES:
        root = here / package
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    h.update(os.path.relpath(path, here).encode() + b"\0")
                    with open(path, "rb") as fh:
                        h.update(fh.read())
    return h.hexdigest()


def load(profile: str) -> list[dict[str, Any]] | None:
    """The stored tool list of ``profile`` if it is current, else ``None``."""
    try:
        data = json.loads(CATALOG.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("fingerprint") != fingerprint():
        return None
    tools = data.get("profiles", {}).get(profile)
    return tools if isinstance(tools, list) else None


def listing(tools: list[Any]) -> list[dict[str, Any]]:
    """The ``tools/list`` entries (``mcp_types.Tool``) as JSON-ready dicts."""
    return [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]


def build_listing(profile: str) -> list[dict[str, Any]]:
    """Build the tools of ``profile`` the way the server does and list them."""
    import anyio

    from mcp_adapter.server import listed_tools

    return listing(anyio.run(listed_tools, profile))


def write(path: Path = CATALOG) -> dict[str, Any]:
    data = {"fingerprint": fingerprint(), "profiles": {p: build_listing(p) for p in PROFILES}}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return data


if __name__ == "__main__":
    out = write()
    counts = ", ".join(f"{p}: {len(t)} tools" for p, t in out["profiles"].items())
    sys.stderr.write(f"wrote {CATALOG} ({counts})\n")
