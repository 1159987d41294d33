"""A heading at the foot of a page's left column, its text at the top of the right one, is a
heading like its peers (each over its text), though a section set across the page follows the
columns under it: that section is not in its column."""

from __future__ import annotations

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.structure import learn, page_structure, render_page

FACTS = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=595.0, height=842.0),))
ROW = ("A member of the society who paints the moors and the river in", "watercolour and shows with us.")


def _line(text: str, x: float, y: float, x1: float, *, size: float = 9.5, bold: bool = False) -> TextLine:
    return TextLine(text, Box(x, y, x1, y + size), size, bold, False)


def _section(x: float, y: float, name: str, *, rows: bool = True) -> tuple[list[TextLine], float]:
    lines = [_line(name, x, y, x + 6.0 * len(name), size=10.5, bold=True)]
    y += 14.0
    if rows:
        lines += [_line(ROW[0], x, y, x + 216.0), _line(ROW[1], x, y + 10.0, x + 150.0)]
        y += 20.0
    return lines, y + 14.0


def _page(across: bool) -> PageText:
    lines: list[TextLine] = [_line("About the artists", 65.0, 59.0, 179.0, size=13.0, bold=True)]
    y = 90.0
    for name in ("Margaret Holt", "Aisha Rahman"):
        got, y = _section(65.0, y, name)
        lines += got
    got, foot = _section(65.0, y, "Ruth Ambler", rows=False)
    lines += got
    lines += [_line("Ruth trained as a potter at Harrow and now works from a studio", 315.0, 90.0, 530.0)]
    lines += [_line("in Addingham by the river.", 315.0, 100.0, 420.0)]
    y = 124.0
    for name in ("Owen Pritchard", "Priya Desai", "Frances Ogden"):
        got, y = _section(315.0, y, name)
        lines += got
    if across:
        y = max(y, foot) + 20.0
        lines.append(_line("Next year", 65.0, y, 130.0, size=13.0, bold=True))
        text = "Submissions for next year's exhibition open on 1 December; any member may submit works."
        lines.append(_line(text, 65.0, y + 24.0, 530.0))
    return assemble(PageText(index=0, text="", lines=tuple(lines)))


def _headings(page: PageText) -> list[str]:
    md = render_page(page_structure(page, FACTS, learn([page], FACTS)))
    return [line.lstrip("# ") for line in md.split("\n") if line.startswith("#")]


def test_a_heading_at_a_column_s_foot_is_a_heading() -> None:
    assert "Ruth Ambler" in _headings(_page(across=False))


def test_a_section_set_across_the_page_under_the_columns_is_not_in_the_heading_s_column() -> None:
    assert "Ruth Ambler" in _headings(_page(across=True))
