"""A cold read's engine calls in time: what the workers did while the calling thread built pages.

Reads one document whole with the documented ``read_all`` loop (``max_pages=500``, as
``bench_read_ab.py`` does) on a fresh cache, through the Python API with its engine workers
booted first (``warm()``), and records every call the calling process makes to the engine
workers: which (``extract``, ``extract_tables``, ``prepare``, ...), from which thread, its
start and end (seconds from the first call of the loop) and, for ``extract``, its pages. Then
it prints:

- the loop's wall time and the calling process's CPU time over it;
- the stretches with no ``extract`` call on its way, at least ``--gap`` ms long (the workers
  had nothing to extract: the calling thread was building pages, or waiting for tables);
- the table engine's calls (``prepare``, ``extract_tables``) with their pages;
- with ``--calls``, every call.

Use it to see where a change to the read's pipeline (read-ahead, tables asked for ahead) moves
the waiting; ``bench_read_ab.py`` tells whether the whole read got faster, ``bench_read_cpu.py``
where its CPU goes::

    python benchmarks/read_timeline.py [--format markdown] [--doc pdfjs/freeculture.pdf] [--calls]

Timings include the recording's own cost (small: one clock read around each call). The
document is taken from ``$PDFCORE_CORPUS``, else ``../shared/corpus`` beside the repository.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _pages(method: str, args: tuple[Any, ...]) -> str:
    if method == "extract" and len(args) > 1 and isinstance(args[1], (list, tuple)) and args[1]:
        return f"{args[1][0] + 1}..{args[1][-1] + 1} ({len(args[1])})"
    if method == "extract_tables" and len(args) > 1 and isinstance(args[1], int):
        return str(args[1] + 1)
    return ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--doc", default="pdfjs/freeculture.pdf", help="path under the corpus")
    ap.add_argument("--format", choices=("text", "markdown"), default="markdown")
    ap.add_argument("--gap", type=float, default=15.0, help="idle stretches shown from this many ms")
    ap.add_argument("--calls", action="store_true", help="print every engine call")
    args = ap.parse_args()
    corpus = Path(os.environ.get("PDFCORE_CORPUS", REPO.parent / "shared" / "corpus"))
    path = corpus / args.doc
    if not path.is_file():
        print(f"no such document: {path}", file=sys.stderr)
        return 2

    import pdfcore
    from adapters import process_isolation
    from pdfcore.config import load_settings

    calls: list[tuple[str, str, float, float, str]] = []
    origin = [0.0]
    forward = process_isolation.IsolatedAdapter._call

    def recorded(self: Any, method: str, *a: Any, **k: Any) -> Any:
        t = time.perf_counter()
        try:
            return forward(self, method, *a, **k)
        finally:
            end = time.perf_counter()
            calls.append((method, threading.current_thread().name, t - origin[0], end - origin[0], _pages(method, a)))

    process_isolation.IsolatedAdapter._call = recorded  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as cache:
        env = {"PDFCORE_CACHE_DIR": cache, "PDFCORE_ROOTS": str(corpus), "PDFCORE_EMBEDDER": "none"}
        core = pdfcore.build(load_settings(None, env=env))
        try:
            core.warm()
            time.sleep(0.5)  # the workers' start-up is over
            calls.clear()
            origin[0] = time.perf_counter()
            cpu = time.process_time()
            start: int | None = 1
            pages = 0
            while start is not None:
                r = core.read_all(str(path), start_page=start, max_pages=500, format=args.format)
                pages += r.page_count
                start = r.next_page
            wall = time.perf_counter() - origin[0]
            cpu = time.process_time() - cpu
        finally:
            core.close()
    calls.sort(key=lambda c: c[2])
    print(f"{args.doc}, {args.format}: {pages} pages in {wall:.3f} s; the calling process used {cpu:.3f} s of CPU")
    extracts = [c for c in calls if c[0] == "extract"]
    idle: list[tuple[float, float]] = []
    reach = 0.0
    for _, _, t0, t1, _ in extracts:
        if t0 - reach >= args.gap / 1000:
            idle.append((reach, t0))
        reach = max(reach, t1)
    if wall - reach >= args.gap / 1000:
        idle.append((reach, wall))
    print(f"{len(extracts)} extract calls, the last one over at {reach:.3f} s")
    print(
        f"no extract call on its way for {sum(b - a for a, b in idle) * 1000:.0f} ms in {len(idle)} stretches "
        f"of {args.gap:.0f} ms or more: " + ", ".join(f"{a:.3f}-{b:.3f}" for a, b in idle)
    )
    for method, thread, t0, t1, what in calls:
        if method in ("prepare", "extract_tables"):
            print(f"  {method} {what} on {thread}: {t0:.3f}-{t1:.3f} s")
    if args.calls:
        for method, thread, t0, t1, what in calls:
            print(f"{t0:8.3f} {t1:8.3f}  {method:16s} {thread:24s} {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
