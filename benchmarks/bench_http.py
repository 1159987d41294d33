"""HTTP benchmark: a warm ``pdf_search`` over Streamable HTTP beside stdio, and the cost of the
per-call statistics (``_meta["pdfcore/stats"]``).

1. Transport: one ``pdfcore-mcp`` over stdio and one ``pdfcore-mcp --transport http`` (with a
   bearer token, as a team would run it), each with its own fresh cache, the same document
   indexed once by a first search; then rounds of the same keyword searches (a list of queries),
   alternating stdio, HTTP with a 2025-11-25 session and HTTP with 2026-07-28 stateless requests
   (the order rotated each round), timed at the client (call to answer). p50 and p90 of each,
   and HTTP's p50 over stdio's.
2. Statistics: one core, two servers over it in this process (``[server] stats`` on and off),
   the same warm searches alternating between them through the SDK's in-process client: the
   median wall time and process CPU time (every thread of this process: client, server, worker)
   of each, and the median of the paired differences (each "on" call minus the "off" call next
   to it), as a share of a warm search. CPU time is what a loaded machine disturbs least.

The corpus is ``$PDFCORE_CORPUS``, else ``../shared/corpus``. Usage::

    python benchmarks/bench_http.py [--rounds N] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
CORPUS = Path(os.environ.get("PDFCORE_CORPUS", REPO.parent / "shared" / "corpus"))
DOCUMENT = "pdfjs/freeculture.pdf"
QUERIES = ("copyright", "free culture", "piracy", "Disney", "property", "Lessig", "commons", "film", "law", "market")
TOKEN = "bench-token-0123456789abcdef"


def _env(cache: Path) -> dict[str, str]:
    cfg = cache / "c.toml"
    cache.mkdir(parents=True, exist_ok=True)
    cfg.write_text("")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    env.update(PDFCORE_CONFIG=str(cfg), PDFCORE_CACHE_DIR=str(cache / "cache"))
    return env


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _transport_rounds(rounds: int, tmp: Path) -> dict[str, Any]:
    from mcp import Client, StdioServerParameters
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    from tests.mcp.httpserver import HttpServer

    pdf = str(CORPUS / DOCUMENT)
    http = HttpServer(tmp / "http", env={"PDFCORE_HTTP_TOKEN": TOKEN})
    http.wait_ready()
    times: dict[str, list[float]] = {"stdio": [], "http-session": [], "http-stateless": []}
    try:
        stdio = StdioServerParameters(command=sys.executable, args=["-m", "mcp_adapter"], env=_env(tmp / "stdio"))
        headers = {"Authorization": f"Bearer {TOKEN}"}
        async with (
            Client(stdio) as c_stdio,
            create_mcp_http_client(headers=headers) as h1,
            Client(streamable_http_client(http.url, http_client=h1), mode="legacy") as c_session,
            create_mcp_http_client(headers=headers) as h2,
            Client(streamable_http_client(http.url, http_client=h2), mode="2026-07-28") as c_stateless,
        ):
            clients = {"stdio": c_stdio, "http-session": c_session, "http-stateless": c_stateless}
            for c in clients.values():  # index (the HTTP sessions share one server and cache)
                r = await c.call_tool("pdf_search", {"path": pdf, "query": "copyright", "mode": "keyword"})
                assert not r.is_error, r
            names = list(clients)
            for i in range(rounds):
                order = names[i % 3 :] + names[: i % 3]
                query = QUERIES[i % len(QUERIES)]
                for name in order:
                    t0 = time.perf_counter()
                    r = await clients[name].call_tool("pdf_search", {"path": pdf, "query": query, "mode": "keyword"})
                    times[name].append((time.perf_counter() - t0) * 1000)
                    assert not r.is_error
    finally:
        http.stop()
    out: dict[str, Any] = {
        name: {"p50_ms": round(statistics.median(v), 3), "p90_ms": round(_pct(v, 0.9), 3), "n": len(v)}
        for name, v in times.items()
    }
    for name in ("http-session", "http-stateless"):
        out[name]["p50_over_stdio"] = round(out[name]["p50_ms"] / out["stdio"]["p50_ms"], 3)
    return out


async def _stats_rounds(rounds: int, tmp: Path) -> dict[str, Any]:
    import attrs
    from mcp import Client

    import pdfcore
    from mcp_adapter.server import create_server
    from pdfcore.config import load_settings

    pdf = str(CORPUS / DOCUMENT)
    settings = load_settings(env=_env(tmp / "inproc"))
    core = pdfcore.build(settings)
    try:
        on = create_server(core)
        off_settings = attrs.evolve(settings, server=attrs.evolve(settings.server, stats=False))
        core_off_view = _SettingsView(core, off_settings)
        off = create_server(core_off_view)  # type: ignore[arg-type]
        times: dict[str, list[float]] = {"stats": [], "no-stats": []}
        cpu: dict[str, list[float]] = {"stats": [], "no-stats": []}
        async with Client(on) as c_on, Client(off) as c_off:
            await c_on.call_tool("pdf_search", {"path": pdf, "query": "copyright", "mode": "keyword"})
            r = await c_on.call_tool("pdf_search", {"path": pdf, "query": "copyright", "mode": "keyword"})
            assert "pdfcore/stats" in (r.meta or {})
            r = await c_off.call_tool("pdf_search", {"path": pdf, "query": "copyright", "mode": "keyword"})
            assert "pdfcore/stats" not in (r.meta or {})
            for i in range(rounds):
                query = QUERIES[i % len(QUERIES)]
                pair = [("stats", c_on), ("no-stats", c_off)]
                if i % 2:
                    pair.reverse()
                for name, c in pair:
                    t0, c0 = time.perf_counter(), time.process_time()
                    await c.call_tool("pdf_search", {"path": pdf, "query": query, "mode": "keyword"})
                    cpu[name].append((time.process_time() - c0) * 1000)
                    times[name].append((time.perf_counter() - t0) * 1000)
    finally:
        core.close()
    out: dict[str, Any] = {"n": len(times["stats"])}
    for label, series in (("wall", times), ("cpu", cpu)):
        on_ms, off_ms = statistics.median(series["stats"]), statistics.median(series["no-stats"])
        paired = statistics.median(a - b for a, b in zip(series["stats"], series["no-stats"]))
        out[label] = {
            "stats_p50_ms": round(on_ms, 4),
            "no_stats_p50_ms": round(off_ms, 4),
            "paired_overhead_ms": round(paired, 4),
            "overhead_share": round(paired / off_ms, 4),
        }
    return out


class _SettingsView:
    """The same core seen with other settings (only ``settings`` differs)."""

    def __init__(self, core: Any, settings: Any) -> None:
        self._core = core
        self.settings = settings

    def __getattr__(self, name: str) -> Any:
        return getattr(self._core, name)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rounds", type=int, default=200)
    p.add_argument("--json", help="write the results here")
    args = p.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO).stdout
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        transport = anyio.run(_transport_rounds, args.rounds, Path(tmp))
        stats = anyio.run(_stats_rounds, args.rounds * 2, Path(tmp))
    result = {
        "commit": commit.strip(),
        "started": started,
        "load_average_at_start": round(load, 2),
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
        "document": DOCUMENT,
        "warm_search_keyword": transport,
        "stats_overhead": stats,
    }
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
