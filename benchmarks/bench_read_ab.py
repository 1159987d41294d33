"""Cold full read of a book, several checkouts side by side: wall-clock ratios to the bare loop.

Each round runs every checkout once, in turn (so drifting machine load meets them alike), each in
a fresh interpreter started in that checkout (so it imports its own code). The interpreter
measures, in this order:

1. the bare pypdfium2 loop over the document (open, then per page: load, text page,
   ``get_text_bounded``, close), once untimed to bring the file into the OS page cache, then
   timed;
2. pdfcore's Python API on a fresh cache directory, started with ``warm()`` (its engine workers
   booted), then the documented ``read_all`` loop (``start_page=next_page``, ``max_pages=500``)
   until ``next_page`` is null, timed.

The figure per round is (2) / (1) from the same interpreter; medians and minimums per checkout
are printed. Use it to tell whether a change moved the cold read (``bench_foundation.py`` gives
the same ratio through MCP for one checkout; ``bench_read_cpu.py`` splits its CPU by phase)::

    python benchmarks/bench_read_ab.py OLD_CHECKOUT NEW_CHECKOUT [--rounds 7] [--format markdown] [--via mcp]

With ``--via mcp`` step 2 is a fresh MCP server over stdio instead (``python -m mcp_adapter``
started in the checkout, on a fresh cache, timed once it has answered ``tools/list`` and a
``ping``), driven by the ``mcp`` client through the same loop of ``pdf_read_all`` calls; the bare
loop is timed just before its first call.

A checkout is run with ``CHECKOUT/.venv/bin/python`` when it has one, else this interpreter. The
corpus is ``$PDFCORE_CORPUS``, else ``../shared/corpus`` beside the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOCUMENT = "pdfjs/freeculture.pdf"

#: The start of every round's script: the checkout's own code first on the path, and ``bare()``,
#: the bare pypdfium2 loop over ``path`` (set by the script before calling it), in seconds.
ROUND_HEAD = r"""
import json, statistics, sys, tempfile, time
sys.path.insert(0, ".")
import pypdfium2 as pdfium
import pdfcore
from pdfcore.config import load_settings


def bare():
    t0 = time.perf_counter()
    doc = pdfium.PdfDocument(path)
    for i in range(len(doc)):
        page = doc[i]
        textpage = page.get_textpage()
        textpage.get_text_bounded()
        textpage.close()
        page.close()
    doc.close()
    return time.perf_counter() - t0
"""

ROUND = (
    ROUND_HEAD
    + r"""
path, fmt, root = sys.argv[1], sys.argv[2], sys.argv[3]

bare()
with tempfile.TemporaryDirectory() as cache:
    core = pdfcore.build(load_settings(None, env={"PDFCORE_CACHE_DIR": cache, "PDFCORE_ROOTS": root}))
    core.warm()
    base = bare()
    extra = {} if fmt == "text" else {"format": fmt}
    t0 = time.perf_counter()
    start, pages = 1, 0
    while start is not None:
        res = core.read_all(path, start_page=start, max_pages=500, **extra)
        pages += res.page_count
        start = res.next_page
    read = time.perf_counter() - t0
    core.close()
print(json.dumps({"bare": base, "read": read, "pages": pages}))
"""
)


#: The same read through a fresh MCP server over stdio (``python -m mcp_adapter`` started in the
#: checkout, cache in a fresh folder), timed from the first ``pdf_read_all`` call, once the server
#: has answered ``tools/list`` and a ``ping``.
ROUND_MCP = (
    ROUND_HEAD
    + r"""
import os, warnings
import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

path, fmt, root = sys.argv[1], sys.argv[2], sys.argv[3]


async def read(cache):
    env = {"PATH": os.environ.get("PATH", ""), "PDFCORE_CACHE_DIR": cache, "PDFCORE_ROOTS": root}
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_adapter"], env=env, cwd=".")
    async with Client(stdio_client(params, errlog=sys.stderr), mode="legacy", read_timeout_seconds=300) as client:
        await client.list_tools()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            await client.send_ping()
        base = bare()
        t0 = time.perf_counter()
        start, pages = 1, 0
        while start is not None:
            args = {"path": path, "start_page": start, "max_pages": 500}
            if fmt != "text":
                args["format"] = fmt
            data = (await client.call_tool("pdf_read_all", args)).structured_content
            pages += data["page_count"]
            start = data.get("next_page")
        return base, time.perf_counter() - t0, pages


bare()
with tempfile.TemporaryDirectory() as cache:
    base, took, pages = anyio.run(read, cache)
print(json.dumps({"bare": base, "read": took, "pages": pages}))
"""
)


def corpus_dir() -> Path:
    env = os.environ.get("PDFCORE_CORPUS")
    return Path(env) if env else REPO.parent / "shared" / "corpus"


def _python(checkout: Path) -> str:
    own = checkout / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def checkout_commit(checkout: str | Path) -> str:
    return subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()


def run_rounds(
    checkouts: list[Path], rounds: int, script: str, args: list[str], progress: Callable[[dict[str, float]], str]
) -> dict[str, list[dict[str, float]]] | None:
    """``script`` run with ``args`` in a fresh interpreter per checkout (started in it), ``rounds``
    times in turn; each run's last stdout line is its JSON figures. None when a run fails (its
    stderr is shown). ``progress`` says a run's figures in the line printed after each round."""
    runs: dict[str, list[dict[str, float]]] = {str(c): [] for c in checkouts}
    for r in range(rounds):
        for checkout in checkouts:
            out = subprocess.run(
                [_python(checkout), "-c", script, *args], cwd=checkout, capture_output=True, text=True, check=False
            )
            if out.returncode:
                sys.stderr.write(out.stderr[-3000:])
                return None
            runs[str(checkout)].append(json.loads(out.stdout.strip().splitlines()[-1]))
        sys.stderr.write(
            f"round {r + 1}/{rounds}: " + ", ".join(f"{Path(c).name} {progress(v[-1])}" for c, v in runs.items()) + "\n"
        )
    return runs


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("checkouts", nargs="+", type=Path)
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--format", default="text", choices=("text", "markdown"))
    p.add_argument("--via", default="api", choices=("api", "mcp"), help="the Python API, or a fresh MCP server")
    p.add_argument("--json", metavar="PATH")
    args = p.parse_args()
    corpus = corpus_dir()
    document = corpus / DOCUMENT
    if not document.exists():
        sys.stderr.write(f"{document} not found (set PDFCORE_CORPUS)\n")
        return 2
    runs = run_rounds(
        args.checkouts,
        args.rounds,
        ROUND if args.via == "api" else ROUND_MCP,
        [str(document), args.format, str(corpus)],
        lambda v: f"{v['read'] / v['bare']:.2f}x",
    )
    if runs is None:
        return 1
    via = "API" if args.via == "api" else "MCP over stdio"
    print(f"## Cold full read of {DOCUMENT} ({args.format}), {via} / bare pypdfium2, {args.rounds} rounds\n")
    print("| checkout | commit | ratio median | ratio min | read s median | bare s median |")
    print("|---|---|---|---|---|---|")
    summary = {}
    for checkout, values in runs.items():
        ratios = [v["read"] / v["bare"] for v in values]
        commit = checkout_commit(checkout)
        summary[checkout] = {"commit": commit, "ratios": ratios, "runs": values}
        print(
            f"| {Path(checkout).name} | {commit} | {statistics.median(ratios):.2f}x | {min(ratios):.2f}x | "
            f"{statistics.median(v['read'] for v in values):.3f} | {statistics.median(v['bare'] for v in values):.3f} |"
        )
    if args.json:
        Path(args.json).write_text(json.dumps({"format": args.format, "via": args.via, "checkouts": summary}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
