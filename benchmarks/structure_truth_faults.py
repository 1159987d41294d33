"""What each fault of a tagged document's truth costs on its own.

The tagged set's truth is the structure tree (``structure_tagged.py``); where the tree says
something the page does not show, no reading of the page can match it. For each such fault
listed in docs/benchmarks.md, this script puts that one fault right in the truth (the page's
reading instead of the tree's) and scores the truth against the result with the benchmark's
metrics: the score a reader that reads the page exactly as printed would get if that were the
only difference. It then scores pdfcore's Markdown against the truth with all of a document's
listed faults put right. Usage, after a run with ``--dump DIR``::

    python benchmarks/bench_structure.py --sets tagged --no-odl --no-session --dump DIR
    python benchmarks/structure_truth_faults.py DIR
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import structure_metrics

Edit = Callable[[str, str], str]  # (truth, the page's text as pdfcore reads it) -> truth put right
SHOWN = ("nid", "nid_s", "teds", "mhs", "mhs_l")


def _replace(*pairs: tuple[str, str]) -> Edit:
    def edit(truth: str, _page: str) -> str:
        for old, new in pairs:
            if old not in truth:
                raise SystemExit(f"the truth no longer holds {old!r}: the list needs a look")
            truth = truth.replace(old, new)
        return truth

    return edit


def _cells(truth: str, change: Callable[[list[list[str]]], list[list[str]]]) -> str:
    def one(m: re.Match[str]) -> str:
        rows = [re.findall(r"<td>(.*?)</td>", r) for r in re.findall(r"<tr>(.*?)</tr>", m.group(0))]
        rows = change(rows)
        return "<table>" + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows) + "</table>"

    return re.sub(r"<table>.*?</table>", one, truth, flags=re.S)


def _unreversed(truth: str, page: str) -> str:
    """Cells whose text the page prints reversed (turned text read top down)."""
    flat = " ".join(page.split())

    def one(m: re.Match[str]) -> str:
        text = m.group(1)
        return f"<td>{text[::-1]}</td>" if len(text) > 1 and text not in flat and text[::-1] in flat else m.group(0)

    return re.sub(r"<td>([^<]*)</td>", one, truth)


def _wrapped_lines_joined(rows: list[list[str]]) -> list[list[str]]:
    """Rows of one cell (a wrapped Reason cell's first lines) joined into the next full row."""
    out: list[list[str]] = []
    pending: list[str] = []
    for cells in rows:
        if len(cells) == 1 and any(len(r) >= 4 for r in out):
            pending.append(cells[0])
            continue
        if pending and len(cells) >= 4:
            cells = [*cells[:3], " ".join([*pending, cells[3]]), *cells[4:]]
            pending = []
        out.append(cells)
    return out


def _empty_reason_kept(rows: list[list[str]]) -> list[list[str]]:
    return [[*c[:3], "", *c[3:]] if len(c) == 6 and re.fullmatch(r"\d\d/\d\d/\d{4}", c[3]) else c for c in rows]


def _empty_notes_kept(rows: list[list[str]]) -> list[list[str]]:
    return [[*c, ""] if len(c) == 7 else c for c in rows]


def _header_one_row(rows: list[list[str]]) -> list[list[str]]:
    if len(rows) > 1 and rows[0] == ["Reimbursement", "Publication"] and len(rows[1]) == 8:
        head = rows[1][:]
        head[6], head[7] = f"Reimbursement {head[6]}", f"Publication {head[7]}"
        return [head, *rows[2:]]
    return rows


def _form_as_text(truth: str, _page: str) -> str:
    def one(m: re.Match[str]) -> str:
        rows = re.findall(r"<tr>(.*?)</tr>", m.group(0))
        paragraphs = [" ".join(c for c in re.findall(r"<td>(.*?)</td>", r) if c.strip()) for r in rows]
        return "\n\n".join(html.unescape(p) for p in paragraphs if p.strip())

    return re.sub(r"<table>.*?</table>", one, truth, flags=re.S)


def _rank_after_name(truth: str, _page: str) -> str:
    return re.sub(r"<td>(\d{1,2})</td><td>([^<\d][^<]*)</td></tr>", r"<td>\2</td><td>\1</td></tr>", truth)


def _rate_sheet_margins(truth: str, _page: str) -> str:
    first, second = truth.split("Investment Home Loan Interest Rates", 1)
    date = "Effective as at 9 April 2019\n\n"
    foot = "\n\n002-842 090419\n\nCommonwealth Bank of Australia ABN 48 123 123 124 Australian credit licence 234945\n"
    return f"{date}{first.rstrip()}{foot}\n{date}Investment Home Loan Interest Rates{second.rstrip()}{foot}"


_NOTES = _replace(
    (
        "* aside.",
        "* The associated rate includes a margin below or above the applicable reference rate. "
        "Applicable reference rates are set out above and aside.",
    ),
    (
        "** home lending",
        "** To be eligible for a package you must have an initial total home lending balance of $150,000 "
        "(the sum of the account balance of eligible home lending",
    ),
    ("\n^\n", "\n^ Product no longer available for sale for new fundings or limit increases from 01 January 2019.\n"),
)

#: document (as the dump names it) -> [(what the truth says against the page, the edit)]
FAULTS: dict[str, list[tuple[str, Edit]]] = {
    "camelot_files_vertical_header.pdf": [
        ("turned names reversed (`sretov deretsigeR fo rebmuN`)", _unreversed),
    ],
    "camelot_files_tabula_should_detect_rulings.pdf": [
        ("a wrapped cell's lines as rows of their own", lambda t, p: _cells(t, _wrapped_lines_joined)),
        ("empty Reason cells left out (the date moves left)", lambda t, p: _cells(t, _empty_reason_kept)),
        ("the two-line header cells as two rows", lambda t, p: _cells(t, _header_one_row)),
        ("the empty Notes cell at each row's end left out", lambda t, p: _cells(t, _empty_notes_kept)),
    ],
    "pdfplumber_pdfs_150109DSP-Milw-505-90D.pdf": [
        ("the form's paragraphs tagged as cells of five tables", _form_as_text),
    ],
    "pdfplumber_pdfs_pr-138-example.pdf": [
        ("p. 1's notes `*`, `**`, `^` lose their first words", _NOTES),
        ("the date over each page and the bank's foot left out", _rate_sheet_margins),
        ("`13 2224 ,` spaced", _replace(("13 2224 ,", "13 2224,"))),
    ],
    "camelot_files_tabula_mednine.pdf": [
        ("each row's rank before its list's name (the page: after it)", _rank_after_name),
    ],
    "pdfjs_issue9972-1.pdf": [
        ("`Power Sleep` (regular 11 pt) a heading", _replace(("## Power Sleep\n", "Power Sleep\n"))),
        (
            "`Personal Sleep Study` (16 pt bold), `A. SLEEP ENVIRONMENT` (bold) in a paragraph",
            _replace(
                (
                    "Personal Sleep Study A. SLEEP ENVIRONMENT Go through",
                    "## Personal Sleep Study\n\n## A. SLEEP ENVIRONMENT\n\nGo through",
                )
            ),
        ),
        (
            "`B.` apart from its title, the title in a paragraph",
            _replace(("B.\n\nSLEEP RITUALS Did you", "## B. SLEEP RITUALS\n\nDid you")),
        ),
        (
            "`C.`, `D.` apart from their titles",
            _replace(
                ("C.\n\n## SLEEP SCHEDULE", "## C. SLEEP SCHEDULE"),
                ("D.\n\n## STRATEGIC NAPPING", "## D. STRATEGIC NAPPING"),
            ),
        ),
        (
            "the figures' alt text as text (`Wake-Sleep Calendar`, ...)",
            _replace(("Wake-Sleep Calendar\n", ""), ("Strategic Napping Calendar\n", "")),
        ),
    ],
    "pdfplumber_pdfs_pdf_structure.pdf": [
        (
            "`Titre du document` (28 pt bold, over an 18 pt H1) a paragraph",
            _replace(("Titre du document\n", "# Titre du document\n")),
        ),
    ],
    "pdf-mcp_sdist_pages_corpus_nasa-artemis.pdf": [
        (
            "the cover's 40 pt title garbled, no heading",
            _replace(
                (
                    "K C F EY HALLENGES ACING NASA’ A C S RTEMIS AMPAIGN",
                    "# KEY CHALLENGES FACING NASA’S ARTEMIS CAMPAIGN",
                )
            ),
        ),
        (
            "`( IG-24-001 , October 2023)`, `Multi- Mission` spaced",
            lambda t, p: re.sub(r"\( (IG-\d\d-\d\d\d) , ", r"(\1, ", t).replace("Multi- Mission", "Multi-Mission"),
        ),
    ],
}


def _fmt(scores: dict[str, float | None]) -> str:
    return " ".join(f"{k.upper().replace('_', '-')} {'—' if scores[k] is None else f'{scores[k]:.3f}'}" for k in SHOWN)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    root = Path(argv[0])
    folder = root / "tagged" if (root / "tagged").is_dir() else root
    for name, faults in FAULTS.items():
        truth = (folder / f"{name}.truth.md").read_text(encoding="utf-8")
        page = (folder / f"{name}.pdfcore-text.md").read_text(encoding="utf-8")
        ours = (folder / f"{name}.pdfcore-markdown.md").read_text(encoding="utf-8")
        print(name)
        righted = truth
        for label, edit in faults:
            print(f"  {label}: {_fmt(structure_metrics.score(truth, edit(truth, page)))}")
            righted = edit(righted, page)
        if len(faults) > 1:
            print(f"  all of them: {_fmt(structure_metrics.score(truth, righted))}")
        print(f"  pdfcore against the truth:          {_fmt(structure_metrics.score(truth, ours))}")
        print(f"  pdfcore against the truth put right: {_fmt(structure_metrics.score(righted, ours))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
