"""Tables: cell-level precision, recall and F1 against ground truth, pdfcore beside pdf-mcp.

Ground truth (DEV split of the shared corpus):

- camelot: ``splits/gt_filtered/DEV/camelot/expected_tables/index.json`` (expected tables of
  camelot's own tests; one page each, the page given by ``camelot_read_pdf_kwargs.pages``);
- icdar: the ICDAR 2013 table competition structure files (``*-str.xml``) beside their PDFs
  under ``camelot/files/tabula/icdar2013-dataset``; every page of those documents is scored,
  so tables reported on pages without one count against precision.

Scores, per page then summed (micro average):

- cells: the multiset of non-empty cell texts (NFKC, whitespace removed) reported on a page
  against the ground truth's: precision = matched / reported, recall = matched / expected;
- adjacency: the ICDAR 2013 structure measure, pairs of horizontally or vertically adjacent
  non-empty cells (text, neighbour text, direction), scored the same way.

Ours is the full pipeline: pdfium text extraction (as a read does), candidate regions from its
rules and text gaps, pdfplumber only on those regions, then the clean-up; scored twice from the
same run: with each table's merged header row (``header``, one name per column), and with its
header as printed (``header_cells``: header rows apart, a spanning heading once in its first
column, as these truth files keep headers). The peer is pdf-mcp's
``pdf_read_pages`` table path (``pdf_mcp.extractor.extract_tables_for_pages``), run in its own
interpreter. Also reported: tables found on freeculture.pdf (a 352-page book without tables) by
each, and the time ours spends on tables there.

Run: ``python benchmarks/bench_tables.py [--peer-python PY | --no-peer] [--no-book] [--json OUT]``
The peer runs in its own interpreter: ``--peer-python``, else ``$PDFCORE_PEER_PYTHON``, else
``benchmarks/.peer-venv``, created on first use (``pip install -c constraints.txt pdf-mcp==3.5.0``).
``--peer-cache DIR`` keeps the peer's results for reruns over the same pages.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import subprocess
import sys
import time
import unicodedata
import venv
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

DEFAULT_CORPUS = REPO.parent / "shared" / "corpus"
PEER_VENV = REPO / "benchmarks" / ".peer-venv"
PEER_SPEC = "pdf-mcp==3.5.0"
BOOK = "pdfjs/freeculture.pdf"

Grid = list[list[str]]


@dataclass
class GtDoc:
    """Ground truth for one PDF: the pages scored and the expected tables on each."""

    set_name: str
    path: str
    pages: list[int]
    tables: dict[int, list[Grid]] = field(default_factory=dict)


# --------------------------------------------------------------------------------------------
# Ground truth


def load_camelot(corpus: Path) -> list[GtDoc]:
    index = corpus / "splits" / "gt_filtered" / "DEV" / "camelot" / "expected_tables" / "index.json"
    entries = json.loads(index.read_text())
    docs: dict[tuple[str, int], GtDoc] = {}
    seen: set[tuple[str, int, int]] = set()
    for e in entries:
        spec = str(e.get("camelot_read_pdf_kwargs", {}).get("pages", "1"))
        page = int(spec.split(",")[0].split("-")[0]) - 1
        key = (e["pdf"], page, int(e["table_index"]))
        if key in seen:  # the same table expected under two camelot flavours: score it once
            continue
        seen.add(key)
        doc = docs.setdefault((e["pdf"], page), GtDoc("camelot", str(corpus / e["pdf"]), [page]))
        doc.tables.setdefault(page, []).append([[str(c) for c in row] for row in e["rows"]])
    return list(docs.values())


def load_icdar(corpus: Path) -> list[GtDoc]:
    import pypdfium2 as pdfium

    root = corpus / "camelot" / "files" / "tabula" / "icdar2013-dataset"
    docs = []
    for xml in sorted(root.glob("*/*-str.xml")):
        pdf = xml.with_name(xml.name[: -len("-str.xml")] + ".pdf")
        if not pdf.exists():
            continue
        n = len(pdfium.PdfDocument(str(pdf)))
        doc = GtDoc("icdar", str(pdf), list(range(n)))
        for region in ET.parse(xml).getroot().iter("region"):
            page = int(region.get("page", "1")) - 1
            doc.tables.setdefault(page, []).append(_icdar_grid(region))
        docs.append(doc)
    return docs


def _icdar_grid(region: ET.Element) -> Grid:
    cells = []
    for c in region.iter("cell"):
        r0, c0 = int(c.get("start-row", "0")), int(c.get("start-col", "0"))
        r1, c1 = int(c.get("end-row", r0)), int(c.get("end-col", c0))
        cells.append((r0, c0, r1, c1, (c.findtext("content") or "")))
    if not cells:
        return []
    rmin, cmin = min(x[0] for x in cells), min(x[1] for x in cells)
    nr = max(x[2] for x in cells) - rmin + 1
    nc = max(x[3] for x in cells) - cmin + 1
    grid: Grid = [[""] * nc for _ in range(nr)]
    for r0, c0, _r1, _c1, text in cells:
        # A spanning cell sits in its first slot; the others stay empty (as extractors report).
        grid[r0 - rmin][c0 - cmin] = text
    return grid


# --------------------------------------------------------------------------------------------
# Scores


def norm(text: str) -> str:
    """Compared without whitespace: the ICDAR files drop spaces ("CzechRepublic", "Total(4MSs)")."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def cell_bag(tables: Iterable[Grid]) -> Counter[str]:
    return Counter(norm(c) for t in tables for row in t for c in row if norm(c))


def adjacency_bag(tables: Iterable[Grid]) -> Counter[tuple[str, str, str]]:
    bag: Counter[tuple[str, str, str]] = Counter()
    for t in tables:
        g = [[norm(c) for c in row] for row in t]
        width = max((len(r) for r in g), default=0)
        g = [r + [""] * (width - len(r)) for r in g]
        for row in g:
            filled = [c for c in row if c]
            bag.update((a, b, "r") for a, b in itertools.pairwise(filled))
        for col in range(width):
            filled = [row[col] for row in g if row[col]]
            bag.update((a, b, "d") for a, b in itertools.pairwise(filled))
    return bag


@dataclass
class Score:
    matched: int = 0
    reported: int = 0
    expected: int = 0

    def add(self, got: Counter, want: Counter) -> None:  # type: ignore[type-arg]
        self.matched += sum((got & want).values())
        self.reported += sum(got.values())
        self.expected += sum(want.values())

    @property
    def precision(self) -> float:
        return self.matched / self.reported if self.reported else 0.0

    @property
    def recall(self) -> float:
        return self.matched / self.expected if self.expected else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Result:
    cells: Score = field(default_factory=Score)
    adjacency: Score = field(default_factory=Score)
    tables_reported: int = 0
    tables_expected: int = 0


def score(docs: Sequence[GtDoc], found: dict[str, dict[int, list[Grid]]], verbose: bool = False) -> Result:
    res = Result()
    for doc in docs:
        got_doc = found.get(doc.path, {})
        for page in doc.pages:
            got = got_doc.get(page, [])
            want = doc.tables.get(page, [])
            res.cells.add(cell_bag(got), cell_bag(want))
            res.adjacency.add(adjacency_bag(got), adjacency_bag(want))
            res.tables_reported += len(got)
            res.tables_expected += len(want)
            if verbose and (got or want):
                s = Score()
                s.add(cell_bag(got), cell_bag(want))
                print(
                    f"    {Path(doc.path).name} p{page + 1}: tables {len(got)}/{len(want)} "
                    f"cells P={s.precision:.2f} R={s.recall:.2f} ({s.matched}/{s.reported}/{s.expected})"
                )
    return res


# --------------------------------------------------------------------------------------------
# Ours


def _printed(table: Any) -> list[list[str]]:
    """The header rows as printed: each header cell's text once, in its first column."""
    width = len(table.header)
    rows = [[""] * width for _ in range(max(c.row for c in table.header_cells) + 1)]
    for c in table.header_cells:
        rows[c.row][c.column] = c.text
    return rows


def run_ours(
    jobs: dict[str, list[int]],
    *,
    printed_header: bool = False,
    printed_out: dict[str, dict[int, list[Grid]]] | None = None,
) -> tuple[dict[str, dict[int, list[Grid]]], float, int]:
    """Tables per path and page; seconds spent on tables (not on text); pages sent to pdfplumber.

    Each table is its header then its rows: the merged header row, or with ``printed_header``
    the header rows as printed when the table gives them (``header_cells``: a heading over a
    group of columns once, not once per column). ``printed_out``, when given, receives the
    tables with their headers as printed too (from the same run)."""
    from adapters.pdfium_text import PdfiumTextExtractor
    from adapters.plumber_tables import PlumberTableExtractor
    from pdfcore.models import DocumentSource, Fingerprint
    from pdfcore.services.quality import finish_page
    from pdfcore.services.tables import TableService

    text = PdfiumTextExtractor()
    extractor = PlumberTableExtractor()
    service = TableService(extractor)
    out: dict[str, dict[int, list[Grid]]] = {}
    spent = 0.0
    searched = 0
    for path, pages in jobs.items():
        st = os.stat(path)
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        source = DocumentSource(path, Fingerprint(st.st_size, st.st_mtime_ns, digest))
        facts = text.inspect(source)
        per_page: dict[int, list[Grid]] = {}
        for page in text.extract(source, pages):
            page = finish_page(page, facts)
            info = facts.pages[page.index]
            t0 = time.perf_counter()
            got = service.page_tables(source, page, info.width, info.height)
            spent += time.perf_counter() - t0
            searched += got.searched
            if got.skipped:
                print(f"  {Path(path).name} p{page.index + 1}: tables skipped ({got.skipped})", file=sys.stderr)
            per_page[page.index] = [
                [*(_printed(t) if printed_header and t.header_cells else [list(t.header)]), *[list(r) for r in t.rows]]
                for t in got.tables
            ]
            if printed_out is not None:
                printed_out.setdefault(path, {})[page.index] = [
                    [*(_printed(t) if t.header_cells else [list(t.header)]), *[list(r) for r in t.rows]]
                    for t in got.tables
                ]
        out[path] = per_page
    extractor.close()
    return out, spent, searched


# --------------------------------------------------------------------------------------------
# The peer, in its own interpreter

_PEER_SCRIPT = r"""
import json, sys, time, logging
logging.disable(logging.CRITICAL)
from pdf_mcp.extractor import extract_tables_for_pages
jobs = json.load(sys.stdin)
out = {}
t0 = time.perf_counter()
for path, pages in jobs.items():
    got = extract_tables_for_pages(path, pages)
    out[path] = {
        p: [[t.get("header") or [], *(t.get("rows") or [])] for t in tables]
        for p, tables in got.get("tables", {}).items()
    }
json.dump({"tables": out, "seconds": time.perf_counter() - t0}, sys.stdout)
"""


def peer_python(explicit: str | None) -> str:
    """``--peer-python``, else ``$PDFCORE_PEER_PYTHON``, else ``benchmarks/.peer-venv`` (created)."""
    explicit = explicit or os.environ.get("PDFCORE_PEER_PYTHON")
    if explicit:
        return explicit
    py = PEER_VENV / "bin" / "python"
    if not py.exists():
        print(f"creating {PEER_VENV} with {PEER_SPEC} ...", file=sys.stderr)
        venv.create(PEER_VENV, with_pip=True)
        subprocess.run(
            [str(py), "-m", "pip", "install", "-q", "-c", str(REPO / "constraints.txt"), PEER_SPEC], check=True
        )
    return str(py)


def run_peer(
    python: str, jobs: dict[str, list[int]], cache: Path | None = None
) -> tuple[dict[str, dict[int, list[Grid]]], float]:
    """The peer's tables; with ``cache``, reuse a previous run over the same jobs."""
    data = None
    if cache is not None and cache.exists():
        saved = json.loads(cache.read_text())
        if saved.get("jobs") == jobs:
            data = saved
    if data is None:
        proc = subprocess.run(
            [python, "-c", _PEER_SCRIPT], input=json.dumps(jobs), capture_output=True, text=True, check=True, cwd="/"
        )
        data = json.loads(proc.stdout)
        if cache is not None:
            cache.write_text(json.dumps({"jobs": jobs, **data}))
    tables = {path: {int(p): grids for p, grids in pages.items()} for path, pages in data["tables"].items()}
    return tables, float(data["seconds"])


# --------------------------------------------------------------------------------------------


def _line(name: str, r: Result) -> str:
    c, a = r.cells, r.adjacency
    return (
        f"| {name} | {c.precision:.3f} | {c.recall:.3f} | {c.f1:.3f} | {a.precision:.3f} | {a.recall:.3f} | "
        f"{a.f1:.3f} | {r.tables_reported}/{r.tables_expected} |"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=Path(os.environ.get("PDFCORE_CORPUS", DEFAULT_CORPUS)))
    ap.add_argument("--peer-python", help="python of an environment with pdf-mcp installed")
    ap.add_argument("--no-peer", action="store_true")
    ap.add_argument("--peer-cache", type=Path, help="reuse (or save) the peer's results in this directory")
    ap.add_argument("--no-book", action="store_true", help=f"skip {BOOK}")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()

    sets = {"camelot": load_camelot(args.corpus), "icdar": load_icdar(args.corpus)}
    jobs: dict[str, list[int]] = {}
    for docs in sets.values():
        for d in docs:
            jobs.setdefault(d.path, [])
            jobs[d.path] = sorted(set(jobs[d.path]) | set(d.pages))
    n_pages = sum(len(p) for p in jobs.values())

    systems: dict[str, dict[str, dict[int, list[Grid]]]] = {}
    t0 = time.perf_counter()
    printed: dict[str, dict[int, list[Grid]]] = {}
    systems["pdfcore"], ours_tables_s, ours_pages = run_ours(jobs, printed_out=printed)
    systems["pdfcore, header as printed"] = printed
    print(
        f"pdfcore: {n_pages} pages in {time.perf_counter() - t0:.1f}s "
        f"(tables {ours_tables_s:.1f}s, extractor ran on {ours_pages} pages)"
    )
    python = None
    if not args.no_peer:
        python = peer_python(args.peer_python)
        cache = args.peer_cache / "peer_gt.json" if args.peer_cache else None
        systems["pdf-mcp"], peer_s = run_peer(python, jobs, cache)
        print(f"pdf-mcp: {n_pages} pages, tables {peer_s:.1f}s")

    report: dict[str, object] = {"pages": n_pages}
    print()
    print("| system / set | cell P | cell R | cell F1 | adj P | adj R | adj F1 | tables reported/expected |")
    print("|---|---|---|---|---|---|---|---|")
    for name, found in systems.items():
        for set_name, docs in [*sets.items(), ("all", [d for ds in sets.values() for d in ds])]:
            r = score(docs, found, verbose=args.verbose and set_name != "all")
            print(_line(f"{name} / {set_name}", r))
            report[f"{name}/{set_name}"] = {
                "cell_precision": r.cells.precision,
                "cell_recall": r.cells.recall,
                "cell_f1": r.cells.f1,
                "adjacency_precision": r.adjacency.precision,
                "adjacency_recall": r.adjacency.recall,
                "adjacency_f1": r.adjacency.f1,
                "tables_reported": r.tables_reported,
                "tables_expected": r.tables_expected,
            }

    if not args.no_book:
        book = str(args.corpus / BOOK)
        import pypdfium2 as pdfium

        pages = list(range(len(pdfium.PdfDocument(book))))
        t0 = time.perf_counter()
        found, spent, sent = run_ours({book: pages})
        total = time.perf_counter() - t0
        n = sum(len(t) for t in found[book].values())
        print(
            f"\n{BOOK}: pdfcore reports {n} tables on {len(pages)} pages; tables took {spent:.2f}s "
            f"(extractor on {sent} pages) of {total:.1f}s with text extraction"
        )
        report["book"] = {
            "pages": len(pages),
            "pdfcore_tables": n,
            "pdfcore_table_seconds": spent,
            "pdfcore_pages_sent": sent,
        }
        if python is not None:
            cache = args.peer_cache / "peer_book.json" if args.peer_cache else None
            peer_found, peer_s = run_peer(python, {book: pages}, cache)
            n_peer = sum(len(t) for t in peer_found.get(book, {}).values())
            print(f"{BOOK}: pdf-mcp reports {n_peer} tables; tables took {peer_s:.1f}s")
            report["book"].update({"peer_tables": n_peer, "peer_table_seconds": peer_s})  # type: ignore[attr-defined]
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
