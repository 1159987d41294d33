"""Tables of real documents: hand-checked cells, pdfcore beside pdf-mcp and opendataloader-pdf.

Two sets, scored in one run for every system:

- **Real documents** (``benchmarks/table_truth/*.json``): tables of the corpus's financial
  reports, papers and reports, transcribed by hand from the rendered pages (see the README
  there for the conventions). Every table on a listed page is transcribed, so a table reported
  where there is none costs precision. Scores, summed over pages: *cells* (each non-empty cell
  of the expected tables matched at most once to a reported cell on the same page: equal after
  normalising, or a rapidfuzz ratio of 90 or more), precision = matched / reported, recall =
  matched / expected; *TEDS* (tree-edit-distance similarity of each expected table with the
  best matching reported table of its page, 0 when none; mean over tables).
- **Held-out** (generated here, data from outside the corpus): tables typeset with ReportLab
  and pdflatex from data this script defines (a fixed seed): borderless whitespace-aligned
  tables with a text header, text row labels, narrow edge columns, negative numbers in
  parentheses and headers over column groups, and the same data set by pdflatex with horizontal
  rules only. Scored on tokens: the
  multiset of whitespace-separated tokens of every cell reported against the data's.

Run: ``python benchmarks/bench_tables_real.py [--no-peer] [--no-odl] [--no-heldout] [--json OUT]``
The peer runs in ``--peer-python`` / ``$PDFCORE_PEER_PYTHON`` (pdf-mcp 3.5.0), opendataloader-pdf
in ``--odl-python`` / ``$PDFCORE_ODL_PYTHON`` (needs java).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from bench_tables import peer_python, run_ours, run_peer  # noqa: E402

TRUTH = REPO / "benchmarks" / "table_truth"
DEFAULT_CORPUS = REPO.parent / "shared" / "corpus"
FUZZY = 90.0

Grid = list[list[str]]
Found = dict[str, dict[int, list[Grid]]]


# --------------------------------------------------------------------------------------------
# Truth


@dataclass
class Truth:
    path: str
    set_name: str
    #: 0-based page -> expected tables (header row first when there is one).
    tables: dict[int, list[Grid]] = field(default_factory=dict)


def load_truth(corpus: Path) -> list[Truth]:
    out = []
    for f in sorted(TRUTH.glob("*.json")):
        data = json.loads(f.read_text())
        t = Truth(str(corpus / data["file"]), data.get("set", ""))
        for page, tables in data["pages"].items():
            t.tables[int(page) - 1] = [([t["header"]] if t.get("header") else []) + t["rows"] for t in tables]
        out.append(t)
    return out


# --------------------------------------------------------------------------------------------
# Scores

_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "‒": "-", "’": "'", "‘": "'", "“": '"', "”": '"'})


def norm(text: str) -> str:
    """Compared without whitespace, dashes and quotes unified, NFKC."""
    return "".join(unicodedata.normalize("NFKC", text).translate(_DASHES).split())


def cells(tables: Sequence[Grid]) -> list[str]:
    return [n for t in tables for row in t for c in row if (n := norm(c))]


def match_cells(got: list[str], want: list[str]) -> int:
    """Cells matched one to one: equal first, then the most similar pairs at ratio >= 90."""
    from rapidfuzz import fuzz

    g, w = Counter(got), Counter(want)
    exact = g & w
    matched = sum(exact.values())
    rest_g = list((g - exact).elements())
    rest_w = list((w - exact).elements())
    pairs = []
    for i, a in enumerate(rest_g):
        for j, b in enumerate(rest_w):
            s = fuzz.ratio(a, b)
            if s >= FUZZY:
                pairs.append((s, i, j))
    used_g: set[int] = set()
    used_w: set[int] = set()
    for _, i, j in sorted(pairs, reverse=True):
        if i not in used_g and j not in used_w:
            used_g.add(i)
            used_w.add(j)
            matched += 1
    return matched


def teds(a: Grid, b: Grid) -> float:
    """Tree-edit-distance similarity of two tables (table > rows > cells; a cell's rename costs
    its normalised edit distance), 1 - distance / the larger tree's size."""
    from apted import APTED, Config
    from rapidfuzz.distance import Levenshtein

    class Node:
        def __init__(self, tag: str, text: str = "", children: list[Node] | None = None) -> None:
            self.tag, self.text, self.children = tag, text, children or []

    class Cost(Config):  # type: ignore[misc]
        def rename(self, x: Node, y: Node) -> float:
            if x.tag != y.tag:
                return 1.0
            if x.tag == "td":
                return float(Levenshtein.normalized_distance(x.text, y.text))
            return 0.0

        def children(self, node: Node) -> list[Node]:
            return node.children

    def tree(g: Grid) -> tuple[Node, int]:
        rows = [Node("tr", children=[Node("td", norm(c)) for c in r]) for r in g]
        return Node("table", children=rows), 1 + len(rows) + sum(len(r) for r in g)

    ta, na = tree(a)
    tb, nb = tree(b)
    dist = APTED(ta, tb, Cost()).compute_edit_distance()
    return max(0.0, 1.0 - dist / max(na, nb))


@dataclass
class Score:
    matched: int = 0
    reported: int = 0
    expected: int = 0
    teds: list[float] = field(default_factory=list)
    tables_reported: int = 0
    tables_expected: int = 0

    @property
    def precision(self) -> float:
        return self.matched / self.reported if self.reported else 0.0

    @property
    def recall(self) -> float:
        return self.matched / self.expected if self.expected else 0.0

    @property
    def mean_teds(self) -> float:
        return sum(self.teds) / len(self.teds) if self.teds else 0.0


def score(truths: Sequence[Truth], found: Found, verbose: bool = False, name: str = "") -> Score:
    s = Score()
    for t in truths:
        for page, want in sorted(t.tables.items()):
            got = found.get(t.path, {}).get(page, [])
            g, w = cells(got), cells(want)
            m = match_cells(g, w)
            s.matched += m
            s.reported += len(g)
            s.expected += len(w)
            s.tables_reported += len(got)
            s.tables_expected += len(want)
            page_teds = []
            for exp in want:
                best = max((teds(r, exp) for r in got), default=0.0)
                page_teds.append(best)
            s.teds.extend(page_teds)
            if verbose:
                p = m / len(g) if g else 0.0
                r = m / len(w) if w else 0.0
                print(
                    f"  {name:9s} {Path(t.path).name} p{page + 1}: tables {len(got)}/{len(want)} "
                    f"cells P={p:.2f} R={r:.2f} TEDS={' '.join(f'{x:.2f}' for x in page_teds)}"
                )
    return s


# --------------------------------------------------------------------------------------------
# opendataloader-pdf, in its own interpreter

_ODL_SCRIPT = r"""
import json, sys, os, tempfile, time, logging
logging.disable(logging.CRITICAL)
import opendataloader_pdf
jobs = json.load(sys.stdin)
out = {}
t0 = time.perf_counter()

def text_of(node):
    if isinstance(node, dict):
        parts = [node["content"]] if isinstance(node.get("content"), str) else []
        for k in ("kids", "list items", "rows", "cells"):
            for kid in node.get(k) or []:
                parts.append(text_of(kid))
        return " ".join(p for p in parts if p)
    return ""

def tables_in(node, acc):
    if isinstance(node, dict):
        if node.get("type") == "table":
            acc.append(node)
            return
        for v in node.values():
            tables_in(v, acc)
    elif isinstance(node, list):
        for v in node:
            tables_in(v, acc)

for path, pages in jobs.items():
    with tempfile.TemporaryDirectory() as tmp:
        opendataloader_pdf.convert(path, output_dir=tmp, format="json", quiet=True, image_output="off",
                                   pages=",".join(str(p + 1) for p in pages))
        name = os.path.splitext(os.path.basename(path))[0] + ".json"
        data = json.load(open(os.path.join(tmp, name)))
    acc = []
    tables_in(data, acc)
    per_page = {}
    for t in acc:
        n_rows, n_cols = int(t.get("number of rows") or 0), int(t.get("number of columns") or 0)
        grid = [[""] * n_cols for _ in range(n_rows)]
        for row in t.get("rows") or []:
            for cell in row.get("cells") or []:
                r, c = int(cell["row number"]) - 1, int(cell["column number"]) - 1
                if 0 <= r < n_rows and 0 <= c < n_cols:
                    grid[r][c] = text_of({"kids": cell.get("kids") or []})
        per_page.setdefault(int(t["page number"]) - 1, []).append(grid)
    out[path] = per_page
json.dump({"tables": out, "seconds": time.perf_counter() - t0}, sys.stdout)
"""


def run_odl(python: str, jobs: dict[str, list[int]]) -> tuple[Found, float]:
    proc = subprocess.run(
        [python, "-c", _ODL_SCRIPT], input=json.dumps(jobs), capture_output=True, text=True, check=True, cwd="/"
    )
    data = json.loads(proc.stdout)
    tables = {path: {int(p): grids for p, grids in pages.items()} for path, pages in data["tables"].items()}
    return tables, float(data["seconds"])


# --------------------------------------------------------------------------------------------
# Held-out tables: data defined here, typeset with ReportLab and pdflatex

_REGIONS = ["North America", "Western Europe", "Eastern Europe", "Latin America", "Middle East", "South Asia"]
_REGIONS += ["East Asia", "Oceania", "Southern Africa", "Nordic countries", "Central Asia", "Caribbean"]
_ITEMS = ["Net sales", "Cost of goods sold", "Gross profit", "Selling expenses", "Research costs"]
_ITEMS += ["Operating result", "Interest paid", "Income before tax", "Tax expense", "Net result", "Dividends"]


def _amount(rng: random.Random) -> str:
    v = rng.randint(-99999, 999999)
    s = f"{abs(v):,}"
    return f"({s})" if v < 0 else s


def heldout_tables(seed: int = 7) -> list[dict[str, object]]:
    """The held-out tables' data: header rows (a group heading and column headings), rows."""
    rng = random.Random(seed)
    out: list[dict[str, object]] = []
    for k in range(4):
        labels = rng.sample(_REGIONS if k % 2 else _ITEMS, 8)
        years = [str(2024 - j) for j in range(3)]
        rows = [
            [f"{i + 1}", lab, *(_amount(rng) for _ in years), rng.choice(["A", "B", "C"])]
            for i, lab in enumerate(labels)
        ]
        out.append(
            {
                "group": "Fiscal year",
                "header": ["#", "Segment" if k % 2 else "Item", *years, "Grade"],
                "rows": rows,
            }
        )
    return out


def tokens(table: dict[str, object]) -> list[str]:
    words = [*str(table["group"]).split()]
    for c in table["header"]:  # type: ignore[attr-defined]
        words += str(c).split()
    for r in table["rows"]:  # type: ignore[attr-defined]
        for c in r:
            words += str(c).split()
    return [norm(w) for w in words if norm(w)]


def _reportlab_pdf(table: dict[str, object], path: Path, k: int) -> None:
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=letter)
    c.setFont("Times-Roman", 10)
    y = 720.0
    c.drawString(72, y, f"Held-out table {k + 1}. Amounts in thousands; losses in parentheses.")
    y -= 30
    header = list(table["header"])  # type: ignore[call-overload]
    xs = [72, 90, 250, 320, 390, 440]  # '#', label (left), three amounts (right), grade
    c.setFont("Times-Bold", 9)
    c.drawCentredString((xs[2] + xs[4]) / 2 + 20, y, str(table["group"]))
    c.line(xs[2] - 20, y - 3, xs[4] + 20, y - 3)
    y -= 13
    for j, h in enumerate(header):
        if 2 <= j <= 4:
            c.drawRightString(xs[j] + 20, y, h)
        else:
            c.drawString(xs[j], y, h)
    c.setFont("Times-Roman", 9)
    y -= 15
    for r in table["rows"]:  # type: ignore[attr-defined]
        for j, cell in enumerate(r):
            if 2 <= j <= 4:
                c.drawRightString(xs[j] + 20, y, cell)
            else:
                c.drawString(xs[j], y, cell)
        y -= 12
    y -= 20
    c.drawString(72, y, "The table above is set without rules; its columns are aligned by whitespace only.")
    c.save()


def _latex_pdf(table: dict[str, object], path: Path, k: int) -> bool:
    if shutil.which("pdflatex") is None:
        return False
    esc = str.maketrans({"#": r"\#", "&": r"\&", "%": r"\%", "$": r"\$", "_": r"\_"})
    header = [str(h).translate(esc) for h in table["header"]]  # type: ignore[attr-defined]
    body = "\n".join(
        " & ".join(str(c).translate(esc) for c in r) + r" \\"
        for r in table["rows"]  # type: ignore[attr-defined]
    )
    tex = rf"""\documentclass{{article}}
\pagestyle{{empty}}
\begin{{document}}
Held-out table {k + 1}: a table typeset by \LaTeX{{}} with rules above, below and under its header only.

\begin{{tabular}}{{rlrrrc}}
\hline
 & & \multicolumn{{3}}{{c}}{{{table["group"]}}} & \\
\cline{{3-5}}
{" & ".join(header)} \\
\hline
{body}
\hline
\end{{tabular}}

Some text after the table, to end the page.
\end{{document}}
"""
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "t.tex").write_text(tex)
        proc = subprocess.run(
            ["pdflatex", "-interaction=batchmode", "-halt-on-error", "t.tex"], cwd=tmp, capture_output=True, timeout=120
        )
        if proc.returncode != 0:
            return False
        shutil.copy(Path(tmp) / "t.pdf", path)
    return True


def make_heldout(folder: Path) -> list[tuple[str, list[str]]]:
    """(pdf path, expected tokens) of each held-out table."""
    out = []
    for k, table in enumerate(heldout_tables()):
        path = folder / f"heldout-{k + 1}-reportlab.pdf"
        _reportlab_pdf(table, path, k)
        out.append((str(path), tokens(table)))
        tex = folder / f"heldout-{k + 1}-latex.pdf"
        if _latex_pdf(table, tex, k):
            out.append((str(tex), tokens(table)))
    return out


def token_score(found: Found, heldout: Sequence[tuple[str, list[str]]]) -> tuple[float, float]:
    matched = reported = expected = 0
    for path, want in heldout:
        got = [norm(w) for t in found.get(path, {}).get(0, []) for row in t for c in row for w in c.split()]
        got = [w for w in got if w]
        matched += sum((Counter(got) & Counter(want)).values())
        reported += len(got)
        expected += len(want)
    return (matched / reported if reported else 0.0, matched / expected if expected else 0.0)


# --------------------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=Path(os.environ.get("PDFCORE_CORPUS", DEFAULT_CORPUS)))
    ap.add_argument("--peer-python")
    ap.add_argument("--odl-python", default=os.environ.get("PDFCORE_ODL_PYTHON", "/work/odl-venv/bin/python"))
    ap.add_argument("--no-peer", action="store_true")
    ap.add_argument("--no-odl", action="store_true")
    ap.add_argument("--no-heldout", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()

    truths = load_truth(args.corpus)
    jobs = {t.path: sorted(t.tables) for t in truths}
    n_tables = sum(len(v) for t in truths for v in t.tables.values())
    print(f"{n_tables} tables on {sum(len(p) for p in jobs.values())} pages of {len(jobs)} documents")
    with tempfile.TemporaryDirectory() as tmp:
        heldout = [] if args.no_heldout else make_heldout(Path(tmp))
        held_jobs = {p: [0] for p, _ in heldout}
        systems: dict[str, tuple[Found, Found, float]] = {}
        t0 = time.perf_counter()
        ours, _, _ = run_ours(jobs)
        held, _, _ = run_ours(held_jobs, printed_header=True) if held_jobs else ({}, 0.0, 0)
        systems["pdfcore"] = (ours, held, time.perf_counter() - t0)
        if not args.no_peer:
            python = peer_python(args.peer_python)
            t0 = time.perf_counter()
            found, _ = run_peer(python, jobs)
            held_found, _ = run_peer(python, held_jobs) if held_jobs else ({}, 0.0)
            systems["pdf-mcp"] = (found, held_found, time.perf_counter() - t0)
        if not args.no_odl and Path(args.odl_python).exists():
            t0 = time.perf_counter()
            found, _ = run_odl(args.odl_python, jobs)
            held_found, _ = run_odl(args.odl_python, held_jobs) if held_jobs else ({}, 0.0)
            systems["opendataloader-pdf"] = (found, held_found, time.perf_counter() - t0)

    report: dict[str, object] = {"tables": n_tables, "heldout_tables": len(heldout)}
    print()
    print(
        "| system | cell P | cell R | TEDS | tables reported / expected | held-out token P | held-out token R | seconds |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, (found, held_found, seconds) in systems.items():
        s = score(truths, found, verbose=args.verbose, name=name)
        hp, hr = token_score(held_found, heldout) if heldout else (0.0, 0.0)
        print(
            f"| {name} | {s.precision:.3f} | {s.recall:.3f} | {s.mean_teds:.3f} | {s.tables_reported} / "
            f"{s.tables_expected} | {hp:.3f} | {hr:.3f} | {seconds:.1f} |"
        )
        report[name] = {
            "cell_precision": s.precision,
            "cell_recall": s.recall,
            "teds": s.mean_teds,
            "tables_reported": s.tables_reported,
            "tables_expected": s.tables_expected,
            "heldout_token_precision": hp,
            "heldout_token_recall": hr,
            "seconds": seconds,
        }
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
