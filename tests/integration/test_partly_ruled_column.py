"""A boxed LaTeX table whose wall between its last two columns is drawn only beside the rows
that fill both (a date's two cells): every other row's value spans the two columns. The wall
stands a little off the cut the text's blank gives, and was not found there: those rows read
as a value and an empty cell. Typeset by pdflatex, when installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tableread import finished_pages, page_tables

SOURCE = r"""\documentclass[11pt]{article}
\usepackage[T1]{fontenc}\usepackage{lmodern}
\pagestyle{empty}
\begin{document}
Notice is given that the council has received the application described below.

\begin{tabular}{|p{3.2cm}|p{4.6cm}|p{4.2cm}|}\hline
Reference & \multicolumn{2}{l|}{WDC/25/01874/HOU} \\ \hline
Site address & \multicolumn{2}{l|}{42 Orchard Rise, Wenford WF2 6TS} \\ \hline
Key dates & Application valid & 6 October 2025 \\ \cline{2-3}
 & Last day for comments & 6 November 2025 \\ \hline
Case officer & \multicolumn{2}{l|}{James Fairley, 01632 960 731} \\ \hline
\end{tabular}

You can look at the plans online or at the council offices.
\end{document}
"""

SPANNING = {"WDC/25/01874/HOU", "42 Orchard Rise, Wenford WF2 6TS", "James Fairley, 01632 960 731"}


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex")
def test_values_where_a_wall_is_left_open_span_both_columns(tmp_path: Path) -> None:
    (tmp_path / "t.tex").write_text(SOURCE, encoding="utf-8")
    subprocess.run(
        ["pdflatex", "-interaction=batchmode", "-halt-on-error", "t.tex"], cwd=tmp_path, check=True, capture_output=True
    )
    pdf = tmp_path / "t.pdf"
    (page,) = finished_pages(pdf)
    (table,) = page_tables(pdf, page)
    spanning = {h.text for h in table.header_cells or () if h.columns == 2}
    spanning |= {table.rows[s.row][s.column] for s in table.body_spans or () if s.columns == 2}
    assert spanning == SPANNING, (table.header_cells, table.body_spans, table.rows)
    dates = [r for r in table.rows if "6 November 2025" in r]
    assert dates and dates[0][1:] == ("Last day for comments", "6 November 2025"), table.rows
