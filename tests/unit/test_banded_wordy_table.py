"""A table of wordy cells shaded every other row and ruled nowhere else, each shaded cell a
rectangle of its own (LaTeX's colortbl): every band's edges are a grid of one row, the rows
between them have no edges, and cells of sentences wrapped over two lines are no aligned run.
The bands and the rows between them are one table, with the unshaded row under the last band;
boxes with paragraphs between them, set apart by a blank, are not."""

from __future__ import annotations

import itertools

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.banded_rows import striped_regions
from pdfcore.services.ruled_grids import rule_groups
from pdfcore.services.table_regions import candidate_regions

W, H = 595.0, 842.0
EDGES = (62.0, 182.0, 330.0, 533.0)  # the cells' sides
CELLS = [
    ("No sound at all", "The battery is flat or has been put in upside down", "Fit a new battery, flat side up"),
    ("No sound at all", "The battery door is not fully closed", "Close the door gently until it clicks"),
    ("Sound is weak or muffled", "The tubing is blocked with wax or water", "Clean the earmould as shown"),
    ("Sound is weak or muffled", "The hearing aid is on the wrong program", "Press the program button once"),
    ("Whistling or squealing", "The earmould is not pushed fully in", "Take it out and put it in again"),
    ("Whistling or squealing", "The tubing has become hard or split", "Ask for new tubing at a clinic"),
]


def _band(y0: float, y1: float) -> list[Box]:
    """The edges of one shaded row: a rectangle per cell."""
    out: list[Box] = []
    for a, b in itertools.pairwise(EDGES):
        out += [Box(a, y0, b, y0), Box(a, y1, b, y1), Box(a, y0, a, y1), Box(b, y0, b, y1)]
    return out


def _cell_lines(text: str, x: float, y: float) -> list[TextLine]:
    """A cell's text wrapped after its fourth word, a line 13.5 points under the last."""
    words = text.split()
    rows = [" ".join(words[:4]), " ".join(words[4:])] if len(words) > 4 else [text]
    return [
        TextLine(row, Box(x, y + 13.5 * k, x + 4.5 * len(row), y + 13.5 * k + 9.0), 9.5) for k, row in enumerate(rows)
    ]


def _table() -> tuple[list[TextLine], list[Box], float]:
    """A header band, then the rows, every other one shaded; the rows touch."""
    lines = [TextLine("Problem Possible cause What to do", Box(69.0, 154.0, 394.0, 162.0), 9.5, bold=True)]
    rules = _band(152.0, 166.0)
    y = 166.0
    for k, cells in enumerate(CELLS):
        height = 27.0
        for x, text in zip((69.0, 189.0, 337.0), cells, strict=True):
            lines += _cell_lines(text, x, y + 2.0)
        if k % 2 == 1:
            rules += _band(y, y + height)
        y += height
    return lines, rules, y


def test_bands_and_the_rows_between_them_are_one_table() -> None:
    lines, rules, foot = _table()
    page = PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules))
    (region,) = candidate_regions(page, W, H)
    assert region.y0 <= 152.0 and region.y1 >= foot - 1.0, region  # the header band to the last row
    assert striped_regions(rule_groups(rules), lines)  # the bands found as one table


def test_boxes_with_paragraphs_between_them_are_no_table() -> None:
    # three boxed notes one under the other, a paragraph between each two, a blank of a line's
    # height over and under it
    lines: list[TextLine] = []
    rules: list[Box] = []
    y = 100.0
    for k in range(3):
        rules += [*_band(y, y + 30.0)[:2], Box(EDGES[0], y, EDGES[0], y + 30.0), Box(EDGES[-1], y, EDGES[-1], y + 30.0)]
        lines.append(
            TextLine(f"Note {k}: keep the battery door open overnight.", Box(70.0, y + 10.0, 320.0, y + 19.0), 9.5)
        )
        y += 30.0
        lines.append(
            TextLine("A paragraph of running text between two boxed notes.", Box(62.0, y + 10.0, 400.0, y + 19.0), 9.5)
        )
        y += 30.0
    assert striped_regions(rule_groups(rules), lines) == []


def test_a_striped_table_the_alignment_search_reads_keeps_its_unshaded_header() -> None:
    # short cells in aligned columns (a blank between each two), the header unshaded right over
    # the first band: the run of aligned rows stands for the table, its header in it
    xs = (64.0, 230.0, 330.0, 460.0)
    rows = [("Room", "Weekday", "Evenings", "Regular")] + [
        (f"Room {k}", "£18.00", "£24.00", "£14.00") for k in range(6)
    ]
    lines: list[TextLine] = []
    gaps: list[Box] = []
    rules: list[Box] = []
    for k, cells in enumerate(rows):
        y = 392.0 + 17.0 * k
        ends = [x + 5.0 * len(c) for x, c in zip(xs, cells, strict=True)]
        lines.append(TextLine(" ".join(cells), Box(xs[0], y, ends[-1], y + 9.0), 9.0, bold=k == 0))
        gaps += [Box(ends[j], y, xs[j + 1], y + 9.0) for j in range(3)]
        if k % 2 == 1:
            rules += _band(y - 4.0, y + 13.0)
    page = PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules), gaps=tuple(gaps))
    (region,) = candidate_regions(page, W, H)
    assert region.y0 <= 392.0, region
