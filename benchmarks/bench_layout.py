"""Layout cost: time of the layout step beside the time of text extraction, on a real book.

Layout runs on every page of every document, so it must stay a small fraction of extraction.
This extracts every page of a document with the pdfium extractor (in process, no cache), then
times :func:`pdfcore.layout.assemble` over all of them, and the running-head pass
(:mod:`pdfcore.services.furniture`: learning the document's profile from its sample pages, then
applying it to every page) when that module is present.

Run: ``python benchmarks/bench_layout.py [PDF] [--repeat N]``
(default PDF: ``../shared/corpus/pdfjs/freeculture.pdf``, 352 pages).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import logging
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PDF = REPO.parent / "shared" / "corpus" / "pdfjs" / "freeculture.pdf"

log = logging.getLogger("bench_layout")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", nargs="?", default=str(DEFAULT_PDF))
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds; the best is reported")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)

    sys.path.insert(0, str(REPO))
    from adapters.pdfium_text import PdfiumTextExtractor
    from pdfcore.layout import assemble
    from pdfcore.models import DocumentSource, Fingerprint

    path = args.pdf
    st = os.stat(path)
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    source = DocumentSource(path, Fingerprint(st.st_size, st.st_mtime_ns, digest))
    extractor = PdfiumTextExtractor()
    facts = extractor.inspect(source)
    indexes = list(range(facts.page_count))
    list(extractor.extract(source, indexes[:3]))  # warm pdfium and the document cache

    best_extract = float("inf")
    raw = []
    for _ in range(max(1, min(args.repeat, 3))):
        t0 = time.perf_counter()
        raw = list(extractor.extract(source, indexes))
        best_extract = min(best_extract, time.perf_counter() - t0)

    best_layout = float("inf")
    for _ in range(max(1, args.repeat)):
        t0 = time.perf_counter()
        for page in raw:
            assemble(page)
        best_layout = min(best_layout, time.perf_counter() - t0)

    n = len(raw)
    log.info("%s: %d pages", Path(path).name, n)
    log.info("extraction      %8.1f ms  %6.3f ms/page", best_extract * 1e3, best_extract * 1e3 / n)
    log.info(
        "layout.assemble %8.1f ms  %6.3f ms/page  (%.1f%% of extraction)",
        best_layout * 1e3,
        best_layout * 1e3 / n,
        100 * best_layout / best_extract,
    )

    if importlib.util.find_spec("pdfcore.services.furniture") is not None:
        from pdfcore.services import furniture

        by_index = {p.index: p for p in raw}
        best_learn = best_apply = float("inf")
        for _ in range(max(1, args.repeat)):
            t0 = time.perf_counter()
            sample = [by_index[i] for i in furniture.sample_indexes(facts.page_count)]
            profile = furniture.learn(sample, facts)
            t1 = time.perf_counter()
            for page in raw:
                furniture.apply(page, facts, profile)
            t2 = time.perf_counter()
            best_learn, best_apply = min(best_learn, t1 - t0), min(best_apply, t2 - t1)
        log.info("furniture.learn %8.1f ms  (once per document, %d sample pages)", best_learn * 1e3, len(sample))
        log.info(
            "furniture.apply %8.1f ms  %6.3f ms/page  (%.1f%% of extraction); %d patterns",
            best_apply * 1e3,
            best_apply * 1e3 / n,
            100 * best_apply / best_extract,
            len(profile.patterns),
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
