"""Fuzzing run: many damaged PDFs through pdfcore, with the counts printed.

Each case is a small PDF (generated, or from the corpus) mutated by tests/fuzzing.py — bit flips,
truncation, chunks duplicated or deleted, random overwrites, damage aimed at the xref table,
trailer and object headers — then run through ``info``, ``read_pages(1)`` (text, then
``format="markdown"``) and ``render_pages(1, dpi=72)`` with the default settings (engine in worker processes) and a short
call time limit; then, when ``info`` gave a page count, the whole file is read in Markdown the way a
caller loops on ``read_all`` (``start_page=next_page`` until null, a small ``max_tokens`` so that
a document takes several calls): every page must come back exactly once, or the loop end with a
PdfcoreError. Besides the small seeds, two generated multi-page documents with tables
(tests/tablegen.py) are mutated, so the table reads and the lookahead of the Markdown loop run on
damaged files. The fuzzer-made files of the corpus run unmutated first.

The run fails (exit status 1) on a crash of this process (it would not get to print), an
exception that is not a PdfcoreError (a page of the read_all loop lost or repeated is an
AssertionError), an ``internal_error``, a code outside ``pdfcore.errors.ALL_CODES``, or a case
slower than three call limits plus 30 s, or one read_all call slower than that (a hang).
Usage::

    python benchmarks/fuzz_pdfs.py [--cases 2000] [--seed 1] [--timeout 10] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from pdfcore.errors import ALL_CODES  # noqa: E402
from tests.fuzzing import (  # noqa: E402
    CORPUS_FUZZED,
    Mutant,
    corpus_seeds,
    generated_seeds,
    mutants,
    run_case,
    table_seeds,
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=2000, help="mutated cases to run (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="hypothesis seed (the same seed gives the same cases)")
    ap.add_argument("--timeout", type=float, default=10.0, help="limits.call_timeout_seconds (default 10)")
    ap.add_argument("--corpus", default=os.environ.get("PDFCORE_CORPUS", str(REPO.parent / "shared" / "corpus")))
    ap.add_argument("--json", help="also write the counts here")
    args = ap.parse_args()

    import pdfcore
    from pdfcore.config import load_settings

    hang_seconds = 3 * args.timeout + 30
    work = Path(tempfile.mkdtemp(prefix="pdfcore-fuzz-"))
    cases_dir = work / "cases"
    cases_dir.mkdir()
    cfg = work / "config.toml"
    cfg.write_text("")
    env = {"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(work / "cache")}
    overrides = {"limits": {"call_timeout_seconds": args.timeout}, "paths": {"roots": [str(cases_dir)]}}
    core = pdfcore.build(load_settings(env=env, overrides=overrides), fetcher=None)

    corpus = Path(args.corpus)
    seeds = generated_seeds(work / "seeds") + table_seeds(work / "seeds") + corpus_seeds(corpus)
    counts: Counter[str] = Counter()
    whole: Counter[str] = Counter()  # how the read_all loops ended
    whole_pages = whole_calls = 0
    by_step: Counter[str] = Counter()
    by_seed: Counter[str] = Counter()
    problems: list[str] = []
    slowest = (0.0, "")
    total = 0

    def record(label: str, data: bytes) -> None:
        nonlocal slowest, total, whole_pages, whole_calls
        total += 1
        try:
            outcome = run_case(core, cases_dir, data)
        except Exception:  # noqa: BLE001 - a bug: reported, the run goes on
            counts["unexpected exception"] += 1
            problems.append(f"{label}\n{traceback.format_exc()}")
            return
        counts[outcome.code or ("ok, no pages" if outcome.detail == "no pages" else "ok")] += 1
        if outcome.code:
            by_step[f"{outcome.step}: {outcome.code}"] += 1
        if outcome.seconds > slowest[0]:
            slowest = (outcome.seconds, label)
        if outcome.code == "internal_error" or (outcome.code and outcome.code not in ALL_CODES):
            problems.append(f"{label}: {outcome.code}: {outcome.detail}")
        if outcome.seconds >= hang_seconds:
            problems.append(f"{label}: took {outcome.seconds:.1f} s")
        if outcome.read_all_calls:
            whole[outcome.read_all_code or "every page once"] += 1
            whole_pages += outcome.read_all_pages
            whole_calls += outcome.read_all_calls
            code = outcome.read_all_code
            if code == "internal_error" or (code and code not in ALL_CODES):
                problems.append(f"{label}: read_all: {code}: {outcome.read_all_detail}")
            if outcome.read_all_slowest_call >= hang_seconds:
                problems.append(f"{label}: a read_all call took {outcome.read_all_slowest_call:.1f} s")
            if outcome.seconds + outcome.read_all_seconds > slowest[0]:
                slowest = (outcome.seconds + outcome.read_all_seconds, label)

    for name in CORPUS_FUZZED:
        if (corpus / name).is_file():
            record(f"{name} (unmutated)", (corpus / name).read_bytes())

    def fuzz(one_seed: tuple[str, bytes], n: int) -> None:
        @seed(args.seed)
        @settings(
            max_examples=n,
            deadline=None,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(mutants([one_seed]))
        def case(m: Mutant) -> None:
            by_seed[m.seed] += 1
            record(m.describe(), m.data)

        case()

    t0 = time.perf_counter()
    # The same number of cases for every seed file (hypothesis alone does not spread them evenly).
    for i, one_seed in enumerate(seeds):
        fuzz(one_seed, args.cases // len(seeds) + (1 if i < args.cases % len(seeds) else 0))
    elapsed = time.perf_counter() - t0
    pool: Any = next((x for x in core.services.lifecycle if hasattr(x, "crashes")), None)
    contained = {"worker_crashes": pool.crashes, "worker_timeouts": pool.timeouts} if pool else {}
    core.close()

    report = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "platform": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "call_timeout_seconds": args.timeout,
        "seed": args.seed,
        "seed_files": len(seeds),
        "cases": total,
        "successes": counts.get("ok", 0) + counts.get("ok, no pages", 0),
        "outcomes": dict(counts.most_common()),
        "failures_by_step": dict(by_step.most_common()),
        "read_all_loops": dict(whole.most_common()),
        "read_all_calls": whole_calls,
        "read_all_pages": whole_pages,
        "cases_by_seed": dict(by_seed.most_common()),
        "max_case_seconds": round(slowest[0], 2),
        "slowest_case": slowest[1],
        "elapsed_seconds": round(elapsed, 1),
        **contained,
        "problems": len(problems),
    }
    print(json.dumps(report, indent=2))
    for p in problems[:20]:
        print("PROBLEM:", p, file=sys.stderr)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
