"""A table shaded in stripes, each row's box drawn but the last row's (a white row drawn as none,
at the foot of a page under a shaded one): the stripes' edges rule the grid down to the last
drawn box, and the row under it, a band of cells set in the grid's columns a line height under
it at most, is the grid's last row. A paragraph under the grid is none."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.table_regions import candidate_regions

W, H = 595.0, 842.0
X0, X1, PITCH = 62.7, 544.6, 16.25
COLUMNS = (66.8, 280.0, 510.0)  # where each cell's text starts


def _row(y: float, cells: tuple[str, str, str]) -> tuple[TextLine, list[Box]]:
    """A row's cells as one line 8 points high from ``y``, a blank between each two."""
    ends = [x + 5.0 * len(c) for x, c in zip(COLUMNS, cells, strict=True)]
    gaps = [Box(ends[0], y, COLUMNS[1], y + 8.0), Box(ends[1], y, COLUMNS[2], y + 8.0)]
    return TextLine(text=" ".join(cells), bbox=Box(COLUMNS[0], y, ends[2], y + 8.0), font_size=8.0), gaps


def _page(under: TextLine | None = None, under_gaps: tuple[Box, ...] = ()) -> tuple[PageText, float]:
    top = 450.0
    rules = [Box(X0, top, X1, top + 0.5)]
    lines, gaps = [], []
    names = ["Lottery Fund", "Town Council", "Rugby Club", "Cartwright Trust", "Freemasons", "Co-op Fund"]
    for k, name in enumerate(names):
        y = top + PITCH * k
        ln, g = _row(y + 4.8, (name, "General funds", "2,000"))
        lines.append(ln)
        gaps += g
        rules.append(Box(X0, y + PITCH, X1, y + PITCH))
    bottom = top + PITCH * len(names)
    rules += [Box(X0, top, X0, bottom), Box(X1, top, X1, bottom)]
    if under is not None:
        lines.append(under)
        gaps += under_gaps
    return PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules), gaps=tuple(gaps)), bottom


def test_the_row_under_the_last_stripe_is_the_grids_last_row() -> None:
    page, bottom = _page()
    last, gaps = _row(bottom + 4.8, ("Golf Club", "Charity of the year", "1,480"))
    page, _ = _page(last, tuple(gaps))
    (region,) = candidate_regions(page, W, H)
    assert region.y1 >= last.bbox.y1, region


def test_a_paragraph_under_the_stripes_is_no_row() -> None:
    _, bottom = _page()
    prose = TextLine(
        text="In addition, four supermarkets donated surplus food every week of the year to the food bank.",
        bbox=Box(COLUMNS[0], bottom + 4.8, 520.0, bottom + 12.8),
        font_size=8.0,
    )
    page, _ = _page(prose)
    (region,) = candidate_regions(page, W, H)
    assert region.y1 < prose.bbox.y0, region
