"""The tool list of each profile, and the server's first answers, kept as JSON beside this module
(``tools.json``).

Building the tools (a pydantic argument model and JSON Schemas for each of 17 functions) costs
~0.15 s, a tenth of the server's start-up. The server answers ``tools/list`` from this file
when it was made from the same code and SDK, and builds each real tool when it is first called
(its output schema taken from this file). The file also holds what the server answers to the
first requests of a session (``initialize`` or ``server/discover``, then ``tools/list``) for each
protocol version the SDK speaks, recorded from the real server over the SDK's stdio transport:
:mod:`mcp_adapter.early` answers those while the SDK is still loading.

The file carries a fingerprint of its inputs, and only of them: the modules that declare the
tools and answer the handshake (``_FIXED_INPUTS``), the modules that define the result classes
the output schemas are derived from (found by walking those classes when the file is written,
and listed in the file under ``inputs``), and the versions of ``mcp`` and ``pydantic``. An edit
elsewhere in the domain (a service, an adapter) leaves the file valid. When the fingerprint
differs (an edited tool, result class or SDK), the server builds the tools before it answers and
answers nothing early, as if the file were not there. ``python -m mcp_adapter.catalog`` rewrites
the file; tests check that it is current and equal to what the code builds and answers, so an
input missing from the fingerprint shows up as a failing test, not as a stale answer.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import sys
from pathlib import Path
from typing import Any

CATALOG = Path(__file__).with_name("tools.json")
PROFILES = ("full", "compact")
#: What the tool list and the recorded answers are made from, besides the result classes' modules.
_FIXED_INPUTS = (
    "mcp_adapter/catalog.py",
    "mcp_adapter/server.py",
    "mcp_adapter/toolset.py",
    "mcp_adapter/full.py",
    "mcp_adapter/full_args.py",
    "mcp_adapter/full_reading.py",
    "mcp_adapter/full_images.py",
    "mcp_adapter/full_search.py",
    "mcp_adapter/full_corpus.py",
    "mcp_adapter/full_extras.py",
    "mcp_adapter/compact.py",
    "mcp_adapter/outputs.py",
    "mcp_adapter/schema.py",
    "mcp_adapter/resources.py",
    "pdfcore/__init__.py",
    "pdfcore/_version.py",
    "pdfcore/serde.py",
    "pdfcore/defaults.py",
)
_HERE = Path(__file__).resolve().parent.parent


def fingerprint(inputs: list[str] | tuple[str, ...] = ()) -> str:
    """A hash of the SDK versions and of the source files the catalog is made from (``inputs``:
    the result classes' modules recorded in the catalog, beside ``_FIXED_INPUTS``)."""
    h = hashlib.sha256()
    for dist in ("mcp", "pydantic"):
        h.update(f"{dist}={importlib.metadata.version(dist)}\n".encode())
    for rel in sorted({*_FIXED_INPUTS, *inputs}):
        h.update(rel.encode() + b"\0")
        try:
            h.update((_HERE / rel).read_bytes())
        except OSError:
            h.update(b"\0missing\0")
    return h.hexdigest()


def schema_inputs() -> list[str]:
    """The source files (relative to the checkout) of every class the output schemas are derived
    from, walked through the classes' field types."""
    import typing

    import attrs

    from mcp_adapter import outputs

    seen: set[type] = set()
    todo: list[Any] = [*outputs.RESULT_CLASSES]
    while todo:
        tp = todo.pop()
        if isinstance(tp, type) and attrs.has(tp):
            if tp in seen:
                continue
            seen.add(tp)
            todo.extend(typing.get_type_hints(tp).values())
        else:
            todo.extend(typing.get_args(tp))
    files = set()
    for cls in seen:
        module = sys.modules[cls.__module__]
        path = Path(str(module.__file__)).resolve()
        files.add(path.relative_to(_HERE).as_posix())
    return sorted(files)


def _current() -> dict[str, Any] | None:
    try:
        data = json.loads(CATALOG.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    inputs = data.get("inputs", [])
    if not isinstance(inputs, list) or data.get("fingerprint") != fingerprint(inputs):
        return None
    return data


def load(profile: str) -> list[dict[str, Any]] | None:
    """The stored tool list of ``profile`` if it is current, else ``None``."""
    tools = (_current() or {}).get("profiles", {}).get(profile)
    return tools if isinstance(tools, list) else None


def load_answers(profile: str) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]] | None:
    """The recorded first answers of ``profile`` and its tool list if they are current, else ``None``."""
    data = _current() or {}
    answers = data.get("answers", {}).get(profile)
    tools = data.get("profiles", {}).get(profile)
    if not isinstance(answers, dict) or not isinstance(tools, list):
        return None
    return answers, tools


def listing(tools: list[Any]) -> list[dict[str, Any]]:
    """The ``tools/list`` entries (``mcp_types.Tool``) as JSON-ready dicts."""
    return [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]


def build_listing(profile: str) -> list[dict[str, Any]]:
    """Build the tools of ``profile`` the way the server does and list them."""
    import anyio

    from mcp_adapter.server import listed_tools

    return listing(anyio.run(listed_tools, profile))


def record_answers(profile: str) -> dict[str, dict[str, Any]]:
    """What a server of ``profile``, built from the code, answers to the first requests of a
    session, for each protocol version; ``tools/list`` results without their ``tools``."""
    import anyio

    from mcp_adapter.server import first_answers

    return anyio.run(first_answers, profile)


def write(path: Path = CATALOG) -> dict[str, Any]:
    inputs = schema_inputs()
    data = {
        "fingerprint": fingerprint(inputs),
        "inputs": inputs,
        "profiles": {p: build_listing(p) for p in PROFILES},
        "answers": {p: record_answers(p) for p in PROFILES},
    }
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return data


if __name__ == "__main__":
    out = write()
    counts = ", ".join(f"{p}: {len(t)} tools" for p, t in out["profiles"].items())
    sys.stderr.write(f"wrote {CATALOG} ({counts})\n")
