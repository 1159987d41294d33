"""Hidden-text detection: labelled attacks, clean documents, false-positive rate, scan time.

    python benchmarks/bench_hidden_text.py [--json out.json]

1. The DEV content-trust fixtures (corpus pdf-mcp/content_trust_generated/, labels.json): every
   attack must be flagged, no clean file may be.
2. The DEV documents with a "no hidden text" baseline (hidden_text_baseline.json): no page flagged.
3. Every other corpus PDF: the share of pages flagged, each flagged page listed with its reasons.
4. The scan of pdfjs/freeculture.pdf (352 pages): wall time of pdf_info(content_trust=true) on a cold
   cache (the scan happens during extraction, so this is extraction included), and on a warm one.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
CORPUS = Path(os.environ.get("PDFCORE_CORPUS", REPO.parent / "shared" / "corpus")).resolve()
FIXTURES = CORPUS / "pdf-mcp" / "content_trust_generated"
BASELINE = (
    CORPUS / "splits" / "gt_filtered" / "DEV" / "pdf-mcp" / "sdist" / "benchmark_data" / "hidden_text_baseline.json"
)
PASSWORDS = {"py-pdf_sample-files/005-libreoffice-writer-password/libreoffice-writer-password.pdf": "openpassword"}


def build(cache: str):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    return pdfcore.build(
        load_settings(env={"PDFCORE_CACHE_DIR": cache, "PDFCORE_CONFIG": os.devnull, "PDFCORE_EMBEDDER": "none"})
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", help="write raw results here")
    args = ap.parse_args()
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        core = build(os.path.join(tmp, "cache"))
        # 1. fixtures
        labels = json.loads((FIXTURES / "labels.json").read_text())["labels"]
        rows = []
        for name, label in sorted(labels.items()):
            r = core.info(str(FIXTURES / name), content_trust=True, detail=True)
            ct = r.content_trust
            assert ct is not None
            ok = ct.suspicious == (label == "attack")
            signals = {k: v for k, v in ct.signals.items() if v}
            rows.append({"file": name, "label": label, "flagged": ct.suspicious, "signals": signals, "correct": ok})
        out["fixtures"] = rows
        print("== content-trust fixtures")
        for row in rows:
            print(
                f"  {'OK ' if row['correct'] else 'BAD'} {row['label']:6} flagged={row['flagged']!s:5} {row['file']} {row['signals']}"
            )
        correct = sum(1 for r in rows if r["correct"])
        print(f"  {correct}/{len(rows)} correct")

        # 2. baseline documents
        baseline = json.loads(BASELINE.read_text())["docs"]
        base_rows = []
        for rel, spec in baseline.items():
            path = CORPUS / "pdf-mcp" / "sdist" / rel
            r = core.info(str(path), content_trust=True)
            assert r.content_trust is not None
            base_rows.append(
                {
                    "file": rel,
                    "pages": r.page_count,
                    "flagged": list(r.content_trust.pages_flagged),
                    "expected": spec["flagged"],
                }
            )
        out["baseline"] = base_rows
        print("== no-hidden-text baseline")
        for row in base_rows:
            print(
                f"  {row['file']}: {len(row['flagged'])} of {row['pages']} pages flagged (expected {row['expected']})"
            )

        # 3. every other corpus PDF
        total_pages = 0
        flagged: list[dict[str, object]] = []
        failures: dict[str, int] = {}
        from pdfcore.errors import PdfcoreError

        pdfs = sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() == ".pdf" and FIXTURES not in p.parents)
        for pdf in pdfs:
            rel = str(pdf.relative_to(CORPUS))
            try:
                r = core.info(str(pdf), content_trust=True, detail=True, password=PASSWORDS.get(rel))
            except PdfcoreError as exc:
                failures[exc.code] = failures.get(exc.code, 0) + 1
                continue
            total_pages += r.page_count
            ct = r.content_trust
            assert ct is not None
            reasons: dict[int, set[str]] = {}
            for span in ct.spans or ():
                reasons.setdefault(span.page, set()).update(span.reason)
            for page in ct.pages_flagged:
                flagged.append({"file": rel, "page": page, "reasons": sorted(reasons.get(page, set()))})
        rate = len(flagged) / total_pages if total_pages else 0.0
        out["corpus"] = {
            "documents": len(pdfs),
            "pages": total_pages,
            "flagged_pages": len(flagged),
            "rate": rate,
            "unreadable": failures,
            "flagged": flagged,
        }
        print(
            f"== other corpus PDFs: {len(pdfs)} files, {total_pages} pages, {len(flagged)} flagged ({rate:.2%}); unreadable: {failures}"
        )
        for f in flagged:
            print(f"  {f['file']} p.{f['page']}: {', '.join(f['reasons'])}")  # type: ignore[arg-type]
        core.close()

    # 4. freeculture scan time
    book = CORPUS / "pdfjs" / "freeculture.pdf"
    with tempfile.TemporaryDirectory() as tmp:
        core = build(os.path.join(tmp, "cache"))
        core.warm()
        t = time.perf_counter()
        r = core.info(str(book), content_trust=True)
        cold = time.perf_counter() - t
        t = time.perf_counter()
        core.info(str(book), content_trust=True)
        warm = time.perf_counter() - t
        assert r.content_trust is not None
        out["freeculture"] = {
            "cold_seconds": cold,
            "warm_seconds": warm,
            "pages_flagged": list(r.content_trust.pages_flagged),
        }
        print(
            f"== freeculture.pdf: cold scan (extraction included) {cold:.2f} s, warm {warm:.3f} s, "
            f"{len(r.content_trust.pages_flagged)} of {r.page_count} pages flagged {list(r.content_trust.pages_flagged)}"
        )
        core.close()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2, default=list))
    return 0


if __name__ == "__main__":
    sys.exit(main())
