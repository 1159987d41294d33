"""Quote verification and document extras on a real book: how long an agent waits.

Builds pdfcore as the server does (engine worker processes, a fresh cache in a temporary folder),
then times on one document:

- the first ``verify_quote`` (it extracts and indexes the document), then warm calls for quotes
  that are exact, one-word-changed (fuzzy) and invented (not found: every page is checked);
- ``page_extras`` (links, annotations, form fields) of the whole document, cold then warm;
- ``attachments`` (which walks every page for file-attachment annotations).

Run: ``python benchmarks/bench_extras.py [PDF] [--quotes N]``
(default PDF: ``../shared/corpus/pdfjs/freeculture.pdf``, 352 pages).
"""

from __future__ import annotations

import argparse
import logging
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PDF = REPO.parent / "shared" / "corpus" / "pdfjs" / "freeculture.pdf"

log = logging.getLogger("bench_extras")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", nargs="?", default=str(DEFAULT_PDF))
    parser.add_argument("--quotes", type=int, default=20, help="quotes of each kind")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)
    sys.path.insert(0, str(REPO))

    import pdfcore
    from pdfcore.config import load_settings

    tmp = Path(tempfile.mkdtemp(prefix="bench-extras-"))
    (tmp / "c.toml").write_text("")
    core = pdfcore.build(
        load_settings(env={"PDFCORE_CONFIG": str(tmp / "c.toml"), "PDFCORE_CACHE_DIR": str(tmp / "cache")}),
        fetcher=None,
    )
    try:
        path = args.pdf
        t = time.perf_counter()
        first = core.verify_quote(path, "the")
        log.info(
            "first verify_quote (extracts and indexes the document): %.2f s, %s", time.perf_counter() - t, first.status
        )

        src = core.open(path)
        facts, _ = core.documents.facts(src)
        pages = core.documents.pages(src, list(range(facts.page_count)), facts).pages
        sentences = [
            (i, " ".join(s.split()))
            for i, p in pages.items()
            for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", p.text)
            if 12 <= len(s.split()) <= 35
        ]
        rng = random.Random(1)
        chosen = rng.sample(sentences, min(args.quotes, len(sentences)))
        vocabulary = ["azure", "giraffe", "negotiates", "seventeen", "porcelain", "treaties", "quietly", "beneath"]

        def changed(s: str) -> str:
            words = s.split()
            k = len(words) // 2
            return " ".join([*words[:k], "marmalade", *words[k + 1 :]])

        kinds = {
            "exact": [s for _, s in chosen],
            "one word changed": [changed(s) for _, s in chosen],
            "invented": [" ".join(rng.choice(vocabulary) for _ in range(15)) for _ in chosen],
        }
        for kind, quotes in kinds.items():
            times, statuses = [], []
            for q in quotes:
                t = time.perf_counter()
                r = core.verify_quote(path, q)
                times.append(time.perf_counter() - t)
                statuses.append(r.status)
            counts = {s: statuses.count(s) for s in sorted(set(statuses))}
            log.info(
                "verify_quote %-16s median %.3f s, max %.3f s  %s",
                kind,
                statistics.median(times),
                max(times),
                counts,
            )

        for label in ("cold", "warm"):
            t = time.perf_counter()
            res = core.page_extras(path)
            log.info(
                "page_extras whole document (%s): %.2f s  (%s links, %s annotations, %s fields)",
                label,
                time.perf_counter() - t,
                res.link_count,
                res.annotation_count,
                res.field_count,
            )
        t = time.perf_counter()
        att = core.attachments(path)
        log.info("attachments: %.2f s (%d file(s))", time.perf_counter() - t, att.count)
    finally:
        core.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
