"""A chart drawn in a frame that also holds its caption (over the plot: its label, then its title
on a row of its own) and its notes (under it), in the left column of a two-column page: the
chart is a figure with that caption, label and title, its labels no paragraphs, and the column
of prose beside it reads whole, none of the chart's text between its rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.chartgen import Axes
from tests.pdfgen import Page, write_pdf

REGIONS = ["North", "South", "East", "West", "Central", "Coast", "Hills", "Lakes"]
VALUES = [12.5, 25.0, 18.5, 40.5, 31.0, 22.5, 9.5, 35.5]
RIGHT = [
    "The committee reviewed the sales of every",
    "region over the last five years and found",
    "that the northern offices grew faster than",
    "the others in each of the years reviewed,",
    "while the southern offices kept their share",
    "of the market and the eastern offices lost",
    "a little ground to the new competitors that",
    "opened in the second half of the period. The",
    "report sets out the figures region by region",
    "and explains what drove each of the changes",
    "it found, with the help of the managers of",
    "the offices, who answered every question we",
    "put to them about their own results and the",
    "plans they have made for the coming years of",
    "trading in their regions and in the others.",
]
LEFT = [
    "The offices by the coast and in the hills sold",
    "less than the others, as they have done every",
    "year since they opened, and their managers do",
    "not expect the coming years to change that as",
    "long as the roads to them stay as they are now.",
]


def _framed_chart_pdf(path: Path) -> Path:
    head, labels, notes = Page(), Page(), Page()
    head.text(58, 735, "Figure 2.", size=9)
    head.text(58, 722, "Sales of the Regional Offices: 2024", size=10, font="F2")
    head.text(58, 708, "(In thousands of units)", size=8)
    axes = Axes(labels, 110.0, 380.0, 190.0, 310.0, xlim=(0.0, 50.0), size=8, categories=REGIONS)
    axes.ycategories(REGIONS)
    axes.hbars(VALUES, height=0.5)
    for i, v in enumerate(VALUES):  # each bar's value at its end
        labels.text(axes.px(v) + 3, axes.cat_y(i) - 3, f"{v}", size=8)
    notes.text(58, 356, "Note: The sales of the offices opened during the year are counted from", size=7)
    notes.text(58, 348, "the month they opened.", size=7)
    notes.text(58, 338, "Source: The annual accounts of the company, every region, 2024.", size=7)
    top, rest = Page(), Page()
    top.lines(350, 740, RIGHT[:4], size=9, leading=12)
    rest.lines(350, 740 - 4 * 12, RIGHT[4:], size=9, leading=12)
    left = Page().lines(50, 300, LEFT, size=9, leading=12)
    page = Page()
    page.rect(48, 330, 280, 420, fill=False)  # the frame round the chart, its caption and notes
    # drawn in an order that steps between the chart and the column beside it (as some
    # producers write a page): the extractor's order is no reading order here
    for part in (head, top, labels, rest, notes, left):
        page.ops.extend(part.ops)
    return write_pdf(path, [page])


def test_a_framed_chart_is_a_figure_and_the_column_beside_it_reads_whole(core: Any, tmp_path: Path) -> None:
    path = _framed_chart_pdf(tmp_path / "framed.pdf")
    r = core.read_pages(str(path), "1", format="markdown", max_chars=10**6, max_chars_per_page=10**6)
    md = str(r.pages[0].markdown)
    parts = md.split("\n\n")
    assert "![Figure 2. Sales of the Regional Offices: 2024](p1v1)" in parts, md
    text = [p for p in parts if not p.startswith("![")]
    # the column of prose beside the chart is one paragraph, nothing of the chart between its rows
    assert " ".join(RIGHT) in text, md
    assert " ".join(LEFT) in text, md
    for label in [*REGIONS, *(f"{v}" for v in VALUES)]:
        assert not any(label in p.split() for p in text if p != " ".join(RIGHT) and p != " ".join(LEFT)), (label, md)
    # the notes under the plot stay text, after the figure
    note = next(k for k, p in enumerate(parts) if p.startswith("Note: The sales"))
    assert parts.index("![Figure 2. Sales of the Regional Offices: 2024](p1v1)") < note, md
