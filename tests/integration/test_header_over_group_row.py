"""A LaTeX tabular whose bold column headings are one text object spread across the table
(their blanks kept back until a row under them shows they are a table's), then a shaded group
row whose label stands alone in the first column, then the rows of figures: the headings are
the table's header. The blanks waited for the line right under the headings only, so the group
row let them go and the headings were read as a line of text over a table without a header.
Typeset by pdflatex, when installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tableread import finished_pages, page_tables

HEADER = ["Payee", "Description", "Amount"]
ROWS = [
    ("Payments by bank transfer",),
    ("L. Carter", "Clerk's salary, October", "612.40"),
    ("Greenway Grounds Ltd", "Grass cutting, September", "486.00"),
    ("Hadham Village Hall", "Room hire, 2025/26", "180.00"),
    ("Payments by direct debit",),
    ("EDF Energy", "Street lighting electricity", "94.17"),
    ("Zurich Municipal", "Insurance premium", "1,042.88"),
]

SOURCE = r"""\documentclass[11pt]{article}
\usepackage[T1]{fontenc}\usepackage{lmodern}\usepackage{colortbl}
\pagestyle{empty}
\begin{document}
The council approved the following payments:

\begin{center}\begin{tabular}{@{}p{4.6cm}p{5.8cm}r@{}}
\hline
%s
\hline
\end{tabular}\end{center}
The bank balance at 30 September was 23,408.16 pounds.
\end{document}
"""


def _body() -> str:
    lines = [" & ".join(rf"\textbf{{{c}}}" for c in HEADER) + r" \\", r"\hline"]
    for row in ROWS:
        if len(row) == 1:
            lines.append(rf"\rowcolor[gray]{{0.9}}\multicolumn{{3}}{{@{{}}l}}{{{row[0]}}} \\")
        else:
            lines.append(" & ".join(c.replace("'", r"\textquotesingle{}") for c in row) + r" \\")
    return "\n".join(lines)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex")
def test_headings_over_a_group_row_are_the_tables_header(tmp_path: Path) -> None:
    (tmp_path / "t.tex").write_text(SOURCE % _body(), encoding="utf-8")
    subprocess.run(
        ["pdflatex", "-interaction=batchmode", "-halt-on-error", "t.tex"], cwd=tmp_path, check=True, capture_output=True
    )
    pdf = tmp_path / "t.pdf"
    (page,) = finished_pages(pdf)
    (table,) = page_tables(pdf, page)
    assert list(table.header) == HEADER
    assert [[c for c in r if c] for r in table.rows] == [list(r) for r in ROWS]
