"""Keyword search on a book, several checkouts side by side: the first search of a cold document
and warm latency, each checkout in a fresh interpreter per round (alternating rounds).

Per round and checkout, in a fresh interpreter started in that checkout (so it imports its own
code), on a fresh cache directory, with no embedder (keyword only):

1. the first ``search(doc, query, mode="keyword")`` on ``pdfjs/freeculture.pdf`` (extraction and
   keyword index included), timed;
2. warm latency: the queries of ``bench_search.py`` (``LATENCY_QUERIES``) once untimed, then
   each timed; the median and the 95th percentile of the round.

Medians over the rounds are printed per checkout, beside the same figures of the bare pypdfium2
loop over the document measured in the same interpreter (so a drifting machine shows).
``bench_search.py`` is the full search benchmark (retrieval quality, the peer, the corpus); this
one answers whether a change moved search speed::

    python benchmarks/bench_search_ab.py OLD_CHECKOUT NEW_CHECKOUT [--rounds 5]

A checkout is run with ``CHECKOUT/.venv/bin/python`` when it has one, else this interpreter. The
corpus is ``$PDFCORE_CORPUS``, else ``../shared/corpus`` beside the repository.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from bench_read_ab import ROUND_HEAD, checkout_commit, corpus_dir, run_rounds  # noqa: E402
from bench_search import LATENCY_QUERIES, LONG_DOC  # noqa: E402

ROUND = (
    ROUND_HEAD
    + r"""
path, root, queries = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])

bare()
with tempfile.TemporaryDirectory() as cache:
    env = {"PDFCORE_CACHE_DIR": cache, "PDFCORE_ROOTS": root, "PDFCORE_EMBEDDER": "none"}
    core = pdfcore.build(load_settings(None, env=env))
    core.warm()
    base = bare()
    t0 = time.perf_counter()
    core.search(path, queries[0], mode="keyword", max_results=5)
    first = time.perf_counter() - t0
    for q in queries:
        core.search(path, q, mode="keyword", max_results=5)
    warm = []
    for q in queries:
        t0 = time.perf_counter()
        core.search(path, q, mode="keyword", max_results=5)
        warm.append(time.perf_counter() - t0)
    core.close()
warm.sort()
print(json.dumps({"bare": base, "first": first, "p50": statistics.median(warm), "p95": warm[int(0.95 * (len(warm) - 1))]}))
"""
)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("checkouts", nargs="+", type=Path)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--json", metavar="PATH")
    args = p.parse_args()
    corpus = corpus_dir()
    document = corpus / LONG_DOC
    if not document.exists():
        sys.stderr.write(f"{document} not found (set PDFCORE_CORPUS)\n")
        return 2
    runs = run_rounds(
        args.checkouts,
        args.rounds,
        ROUND,
        [str(document), str(corpus), json.dumps(list(LATENCY_QUERIES))],
        lambda v: f"first {v['first']:.3f}s p50 {1000 * v['p50']:.2f}ms",
    )
    if runs is None:
        return 1
    print(f"## Keyword search on {LONG_DOC}, {len(LATENCY_QUERIES)} queries, {args.rounds} rounds (medians)\n")
    print("| checkout | commit | first search, s | first / bare | warm p50, ms | warm p95, ms | bare, s |")
    print("|---|---|---|---|---|---|---|")
    summary = {}
    for checkout, values in runs.items():
        commit = checkout_commit(checkout)
        med = {k: statistics.median(v[k] for v in values) for k in ("bare", "first", "p50", "p95")}
        ratio = statistics.median(v["first"] / v["bare"] for v in values)
        summary[checkout] = {"commit": commit, "medians": med, "first_over_bare": ratio, "runs": values}
        print(
            f"| {Path(checkout).name} | {commit} | {med['first']:.3f} | {ratio:.2f}x | {1000 * med['p50']:.2f} | "
            f"{1000 * med['p95']:.2f} | {med['bare']:.3f} |"
        )
    if args.json:
        Path(args.json).write_text(json.dumps({"checkouts": summary}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
