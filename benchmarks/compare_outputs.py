"""Same output before and after a change: every page of every corpus PDF, digested.

Run from a checkout (its code is imported, engine workers included) to write one JSON of
digests per file::

    cd /work/wt/old && python /path/to/benchmarks/compare_outputs.py --out /tmp/old.json
    cd /work/wt/new && python /path/to/benchmarks/compare_outputs.py --out /tmp/new.json
    python benchmarks/compare_outputs.py --diff /tmp/old.json /tmp/new.json

For each file: ``raw``, the pdfium text adapter's page (every field, by value: ``repr`` of the
``PageText``) for each page, extracted in this process; ``cold``, the text and the Markdown of
the whole document from the API's ``read_all`` loop on a fresh cache (engines in worker
processes, as served); ``stored``, the same reads again by a new core over the same cache (the
pages as they were written to the store). ``--diff`` prints every difference and exits 1 when
there is one. ``--max-pages`` caps the pages per file (400), ``--only`` keeps the files whose
path holds a string.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _corpus() -> Path:
    raw = os.environ.get("PDFCORE_CORPUS")
    here = Path(__file__).resolve().parents[1]
    for path in ([Path(raw)] if raw else []) + [here.parent / "shared" / "corpus", Path("/work/shared/corpus")]:
        if path.is_dir():
            return path.resolve()
    sys.exit("the corpus was not found (set PDFCORE_CORPUS)")


def _reads(core: Any, path: Path, max_pages: int) -> dict[str, str]:
    from pdfcore.errors import PdfcoreError

    got = {}
    for fmt in ("text", "markdown"):
        start: int | None = 1
        parts = []
        try:
            while start is not None and start <= max_pages:
                extra = {"format": fmt} if fmt != "text" else {}
                res = core.read_all(str(path), start_page=start, max_pages=max_pages, **extra)
                parts.append(res.markdown if fmt == "markdown" else res.full_text)
                start = res.next_page
            got[fmt] = _digest("".join(parts))
        except PdfcoreError as exc:
            got[fmt] = "error:" + exc.code
    return got


def collect(corpus: Path, max_pages: int, only: str | None) -> dict[str, Any]:
    sys.path.insert(0, os.getcwd())
    import pypdfium2 as pdfium

    from adapters import pdfium_text

    files = sorted(str(p.relative_to(corpus)) for p in corpus.rglob("*") if p.suffix.lower() == ".pdf")
    files = [f for f in files if only is None or only in f]
    result: dict[str, Any] = {f: {} for f in files}
    t0 = time.monotonic()
    pages = 0
    for f in files:
        try:
            doc = pdfium.PdfDocument(str(corpus / f))
        except Exception as exc:  # noqa: BLE001 - recorded: both sides must fail alike
            result[f]["open"] = type(exc).__name__
            continue
        try:
            digests = []
            for i in range(min(len(doc), max_pages)):
                try:
                    digests.append(_digest(repr(pdfium_text._extract_page(doc, i))))
                except Exception as exc:  # noqa: BLE001 - recorded as above
                    digests.append("error:" + type(exc).__name__)
            pages += len(digests)
            result[f]["raw"] = digests
        finally:
            doc.close()
    print(f"raw: {len(files)} files, {pages} pages, {time.monotonic() - t0:.0f} s", file=sys.stderr)
    scratch = Path(tempfile.mkdtemp(prefix="compare-outputs-"))
    try:
        _api_reads(result, files, corpus, scratch, max_pages)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return result


def _api_reads(result: dict[str, Any], files: list[str], corpus: Path, scratch: Path, max_pages: int) -> None:
    import pdfcore
    from pdfcore.config import load_settings

    config = scratch / "pdfcore.toml"
    config.write_text("# defaults only\n")
    settings = load_settings(
        str(config), env={"PDFCORE_CACHE_DIR": str(scratch / "cache"), "PDFCORE_URLS_ENABLED": "0"}
    )
    for phase in ("cold", "stored"):
        t0 = time.monotonic()
        core = pdfcore.build(settings)
        try:
            for f in files:
                result[f][phase] = _reads(core, corpus / f, max_pages)
        finally:
            core.flush()
            core.close()
        print(f"{phase} reads: {time.monotonic() - t0:.0f} s", file=sys.stderr)


def diff(old: dict[str, Any], new: dict[str, Any]) -> int:
    found = 0
    pages = reads = 0
    for f in sorted(set(old) | set(new)):
        a, b = old.get(f, {}), new.get(f, {})
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                found += 1
                print(f"{f} {key}: {str(a.get(key))[:300]} -> {str(b.get(key))[:300]}")
        pages += len(a.get("raw", []))
        reads += sum(len(a.get(k, {})) for k in ("cold", "stored"))
    print(f"{len(old)} files, {pages} pages, {reads} reads compared: {found} difference(s)")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--out", metavar="JSON", help="write this checkout's digests")
    p.add_argument("--diff", nargs=2, metavar=("OLD", "NEW"), help="compare two runs")
    p.add_argument("--max-pages", type=int, default=400)
    p.add_argument("--only", help="only the files whose path holds this")
    args = p.parse_args(argv)
    if args.diff:
        return diff(json.loads(Path(args.diff[0]).read_text()), json.loads(Path(args.diff[1]).read_text()))
    if not args.out:
        p.error("--out JSON or --diff OLD NEW")
    result = collect(_corpus(), args.max_pages, args.only)
    Path(args.out).write_text(json.dumps(result, indent=0, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
