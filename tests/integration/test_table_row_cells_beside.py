"""A LaTeX tabular of paragraph columns under a rule, the whole page one text object: a row
whose cells wrap sets its first cells as one line and the next cell's lines beside it as lines
of their own (moved back up to the row), and a cell wrapped onto a line of letters drawn within
the x-height ("noon") is drawn about half a line tall. Those lines keep the row's table going, so
every row under them is looked at for its blanks and the table reads whole (it was cut in two
at the row after them, its upper part then read as running text). Typeset by pdflatex, when
installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tableread import finished_pages, page_tables

ROWS = [
    ["Stage", "Date", "Notes"],
    ["Call opens", "2 March 2026", "Guidance and the outline proposal form are published on the Foundation's website."],
    [
        "Applicant webinar",
        "18 March 2026, 2.00pm",
        "A recording and the answers to all questions asked will be posted online.",
    ],
    [
        "Outline proposals due",
        "23 April 2026, 12.00 noon",
        "Two pages, with a one-page CV and a letter of support from the host.",
    ],
    ["Invitation to full proposal", "by 5 June 2026", "About 30 applicants will be invited to submit a full proposal."],
    [
        "Full proposals due",
        "17 September 2026, 12.00 noon",
        "Submitted by the host institution's research office for the applicant.",
    ],
    ["Interviews", "24 to 26 November 2026", "Held online. Shortlisted applicants will be told three weeks ahead."],
    ["Decisions", "by 18 December 2026", ""],
    [
        "Fellowships start",
        "between 1 April and 1 October 2027",
        "Later starts may be agreed for applicants returning from leave.",
    ],
]

SOURCE = r"""\documentclass[11pt]{article}
\usepackage[T1]{fontenc}\usepackage{lmodern}\usepackage{array}
\pagestyle{empty}
\begin{document}
\small
\noindent\begin{tabular}{@{}>{\raggedright\arraybackslash}p{3.7cm}>{\raggedright\arraybackslash}p{3.8cm}>{\raggedright\arraybackslash}p{7.2cm}@{}}
%s
\end{tabular}
\end{document}
"""


def _body() -> str:
    head, *rows = ROWS
    lines = [" & ".join(rf"\textbf{{{c}}}" for c in head) + r" \\", r"\hline"]
    lines += [" & ".join(row) + r" \\" for row in rows]
    return "\n".join(lines)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex")
def test_lines_beside_a_row_and_under_it_keep_its_table_going(tmp_path: Path) -> None:
    (tmp_path / "t.tex").write_text(SOURCE % _body(), encoding="utf-8")
    subprocess.run(
        ["pdflatex", "-interaction=batchmode", "-halt-on-error", "t.tex"], cwd=tmp_path, check=True, capture_output=True
    )
    pdf = tmp_path / "t.pdf"
    (page,) = finished_pages(pdf)
    (table,) = page_tables(pdf, page)
    assert [list(table.header), *map(list, table.rows)] == [[c.replace("'", "\u2019") for c in r] for r in ROWS]
