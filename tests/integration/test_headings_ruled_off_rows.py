"""A LaTeX table of two columns, a label and its value, whose bold headings (one text object,
spread across the table) are ruled off and padded from the rows: the first row stands more
than a line's height under them. The headings' blanks, kept back until a row under them
showed they were a table's, waited for a row right under them only, so the headings were no
row of the table; two columns of words under no headings read as text in two columns, and
the table as a paragraph. Typeset by pdflatex, when installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tableread import finished_pages, page_tables

ROWS = [
    ("Business name", "The Olive Tree Deli"),
    ("Address", "22 Bridge Street, Wenford WF1 2HD"),
    ("Food business operator", "Olive Tree Foods Ltd"),
    ("Type of business", "Cafe and delicatessen, with takeaway"),
    ("Date of inspection", "Wednesday 3 September 2025"),
    ("Inspecting officer", "Helen Marsh, Environmental Health Officer"),
    ("Reason for visit", "Routine programmed inspection"),
]

SOURCE = r"""\documentclass[10pt]{article}
\usepackage[T1]{fontenc}\usepackage{lmodern}
\pagestyle{empty}
\begin{document}
\section*{Premises Details}
{\renewcommand{\arraystretch}{1.12}\noindent\begin{tabular}{@{}p{4.6cm}l@{}}
\textbf{Item} & \textbf{Details} \\ \hline\noalign{\vskip 2pt}
%s
\end{tabular}\par}

The premises were trading at the time of the visit and the inspection was carried out in the
presence of the manager. Food was generally handled hygienically and staff were knowledgeable.
\end{document}
"""


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex")
def test_headings_ruled_off_from_their_rows_head_the_table(tmp_path: Path) -> None:
    body = "\n".join(rf"{a} & {b} \\" for a, b in ROWS)
    (tmp_path / "t.tex").write_text(SOURCE % body, encoding="utf-8")
    subprocess.run(
        ["pdflatex", "-interaction=batchmode", "-halt-on-error", "t.tex"], cwd=tmp_path, check=True, capture_output=True
    )
    pdf = tmp_path / "t.pdf"
    (page,) = finished_pages(pdf)
    (table,) = page_tables(pdf, page)
    assert list(table.header) == ["Item", "Details"]
    assert [tuple(r) for r in table.rows] == ROWS
