"""First calls: how long an agent waits for its first answer, pdfcore against a one-tool
``MCPServer`` and the peer ``pdf-mcp==3.5.0``, in one run.

1. Spawn -> first ``pdf_info`` result on the 15-page paper (``uda-benchmark/paper_docs/1705.07830.pdf``):
   from starting the server process until the result of a ``pdf_info`` call sent right after
   the ``initialize`` handshake (no ``tools/list`` first) is in, over stdio, fresh process and
   fresh cache directory each round, for
   - ``pdfcore``: ``python -m mcp_adapter`` (the full profile, default settings);
   - ``minimal``: a one-tool ``MCPServer`` run by the same interpreter whose ``pdf_info`` makes
     the pdfium calls pdfcore's ``pdf_info`` makes on a short document (open it, page count,
     metadata, every page's text and its character count, the outline);
   - ``peer``: ``pdf-mcp``'s ``pdf_info``.
2. Cold ``pdf_info`` on the 352-page book (``pdfjs/freeculture.pdf``): the call alone, on a fresh
   server (already serving) and a fresh cache, for pdfcore and the peer.

Rounds alternate the order of the servers; medians (minimums beside them). Targets: pdfcore's
first result within 1.25x the one-tool server's and at least 2x faster than the peer's; its cold
``pdf_info`` on the book no slower than the peer's.

Usage::

    python benchmarks/bench_first_call.py [--rounds N] [--json PATH] [--no-peer]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

import bench_foundation as bf  # noqa: E402  (workspace, peer interpreter, corpus, server specs)

PAPER = "uda-benchmark/paper_docs/1705.07830.pdf"
BOOK = "pdfjs/freeculture.pdf"

MINIMAL_INFO_SERVER = """
import pypdfium2 as pdfium
from mcp.server.mcpserver import MCPServer

app = MCPServer("minimal-info")


@app.tool()
def pdf_info(path: str) -> dict:
    \"\"\"Page count, metadata, text coverage and token estimate of a PDF.\"\"\"
    doc = pdfium.PdfDocument(path)
    try:
        chars = []
        for i in range(len(doc)):
            page = doc[i]
            text = page.get_textpage()
            chars.append(len(text.get_text_bounded()))
            text.close()
            page.close()
        outline = [item.get_title() for item in doc.get_toc()]
        return {
            "page_count": len(doc),
            "metadata": doc.get_metadata_dict(),
            "pages_with_text": sum(1 for c in chars if c),
            "estimated_tokens": sum(chars) // 4,
            "toc_entry_count": len(outline),
        }
    finally:
        doc.close()


app.run("stdio")
"""


def specs(ws: bf.Workspace, peer_py: Path | None) -> dict[str, bf.ServerSpec]:
    out = bf.server_specs(ws, peer_py or Path(sys.executable))
    out["minimal"] = bf.ServerSpec(
        "minimal", sys.executable, ["-c", MINIMAL_INFO_SERVER], ws.neutral_cwd, lambda cache: {}
    )
    if peer_py is None:
        del out["peer"]
    return out


async def first_info(ws: bf.Workspace, spec: bf.ServerSpec, cache: Path, path: Path) -> tuple[float, dict[str, Any]]:
    """Seconds from spawning the server until its first ``pdf_info`` result (sent right after
    the handshake), and the result."""
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=spec.command, args=spec.args, env=spec.env(cache), cwd=str(spec.cwd))
    with open(ws.root / f"{spec.name}.stderr.log", "a", encoding="utf-8") as errlog:
        t0 = time.perf_counter()
        async with Client(stdio_client(params, errlog=errlog), mode="legacy", read_timeout_seconds=600.0) as client:
            data = bf._payload(spec, "pdf_info", await client.call_tool("pdf_info", {"path": str(path)}))
            return time.perf_counter() - t0, data


async def cold_info(ws: bf.Workspace, spec: bf.ServerSpec, cache: Path, path: Path) -> tuple[float, dict[str, Any]]:
    """Seconds of a ``pdf_info`` call on a fresh server that is already serving, fresh cache."""
    async with bf.fresh_server(ws, spec, cache) as (client, _started, _serving):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t0 = time.perf_counter()
            data = bf._payload(spec, "pdf_info", await client.call_tool("pdf_info", {"path": str(path)}))
            return time.perf_counter() - t0, data


async def run(ws: bf.Workspace, servers: dict[str, bf.ServerSpec], corpus: Path, rounds: int) -> dict[str, Any]:
    samples: dict[str, list[float]] = {}
    facts: dict[str, Any] = {}
    names = list(servers)
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            with ws.cache_dir(f"first-{name}") as cache:
                seconds, data = await first_info(ws, servers[name], cache, corpus / PAPER)
            samples.setdefault(f"first_info.{name}", []).append(seconds)
            facts[f"first_info.{name}"] = {k: data.get(k) for k in ("page_count", "coverage_sampled")}
            bf.log(f"  round {r + 1}: spawn -> first pdf_info, {name}: {seconds:.3f} s")
        for name in [n for n in order if n != "minimal"]:
            with ws.cache_dir(f"book-{name}") as cache:
                seconds, data = await cold_info(ws, servers[name], cache, corpus / BOOK)
            samples.setdefault(f"book_info_cold.{name}", []).append(seconds)
            facts[f"book_info_cold.{name}"] = {
                k: data.get(k) for k in ("page_count", "coverage_sampled", "pages_sampled", "estimated_tokens")
            }
            bf.log(f"  round {r + 1}: cold pdf_info on the book, {name}: {seconds:.3f} s")
    return {"samples": samples, "facts": facts}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--json", metavar="PATH")
    p.add_argument("--no-peer", action="store_true")
    args = p.parse_args(argv)
    load = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout
    dirty = bool(subprocess.run(["git", "status", "--porcelain"], cwd=REPO, capture_output=True, text=True).stdout)
    sys.path.insert(0, str(REPO))
    bf.byte_compile()
    corpus = bf.corpus_dir()
    peer_py = None if args.no_peer else bf.peer_python()
    ws = bf.Workspace(keep=False)
    try:
        import anyio
        import jsonschema  # noqa: F401  (the SDK client's validator, loaded once outside the timing)

        out = anyio.run(run, ws, specs(ws, peer_py), corpus, args.rounds)
    except BaseException:
        ws.keep = True
        raise
    finally:
        ws.close()
    samples = out["samples"]
    med = {k: statistics.median(v) for k, v in samples.items()}
    low = {k: min(v) for k, v in samples.items()}
    command = " ".join(["python benchmarks/bench_first_call.py", *(sys.argv[1:] if argv is None else argv)])
    print(f"## First calls ({started}, commit {commit.strip()}{' with changes' if dirty else ''}, load {load[0]:.2f})")
    print()
    print(f"Command: `{command}`; {args.rounds} rounds, alternating; load average at the end {os.getloadavg()[0]:.2f}.")
    print()
    print("| measurement | server | median | minimum |")
    print("|---|---|---|---|")
    for key in sorted(samples):
        what, server = key.split(".", 1)
        print(f"| {what} | {server} | {med[key]:.3f} s | {low[key]:.3f} s |")
    checks = []

    def check(name: str, value: float | None, target: str, ok: bool | None) -> None:
        checks.append({"check": name, "value": value, "target": target, "met": ok})

    first = {n: med.get(f"first_info.{n}") for n in ("pdfcore", "minimal", "peer")}
    if first["pdfcore"] and first["minimal"]:
        ratio = first["pdfcore"] / first["minimal"]
        check("spawn -> first pdf_info: pdfcore / one-tool MCPServer", ratio, "<= 1.25", ratio <= 1.25)
    if first["pdfcore"] and first["peer"]:
        ratio = first["peer"] / first["pdfcore"]
        check("spawn -> first pdf_info: peer / pdfcore", ratio, ">= 2", ratio >= 2)
    book = {n: med.get(f"book_info_cold.{n}") for n in ("pdfcore", "peer")}
    if book["pdfcore"] and book["peer"]:
        ratio = book["pdfcore"] / book["peer"]
        check("cold pdf_info on freeculture.pdf: pdfcore / peer", ratio, "<= 1", ratio <= 1)
    print()
    print("| check | value | target | result |")
    print("|---|---|---|---|")
    for c in checks:
        print(f"| {c['check']} | {c['value']:.2f}x | {c['target']} | {'met' if c['met'] else 'missed'} |")
    print()
    print(f"pdfcore's cold pdf_info on the book: {json.dumps(out['facts'].get('book_info_cold.pdfcore'))}")
    if args.json:
        result = {
            "started": started,
            "commit": commit.strip(),
            "dirty": dirty,
            "command": command,
            "loadavg_start": load,
            "loadavg_end": os.getloadavg(),
            "samples": samples,
            "medians": med,
            "minimums": low,
            "facts": out["facts"],
            "checks": checks,
        }
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
