"""A line set in italics smaller than the body under each headline (a newsletter's bylines,
"By Helen Ashworth") is no heading: a heading told apart by its face alone is set at the body's
size at least."""

from __future__ import annotations

from attrs import evolve

from pdfcore.models import TextLine
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _article(headline: str, byline: str, y: float, *, size: float) -> list[TextLine]:
    return [
        ln(headline, y, size=13.5, bold=True),
        evolve(ln(byline, y + 20, size=size), italic=True),
        *para(LOREM, y + 36),
    ]


def _pages(size: float) -> list[str]:
    lines = [
        *_article("Library Garden Reopens", "By Helen Ashworth", 60, size=size),
        *_article("Council Approves Cycle Path", "By Tom Okafor", 160, size=size),
        *_article("Volunteers Wanted", "By Priya Raman", 260, size=size),
    ]

    return markdown([page(lines)])


def test_an_italic_byline_smaller_than_the_body_is_a_paragraph() -> None:
    (md,) = _pages(8.5)
    assert "# Library Garden Reopens" in md
    for byline in ("By Helen Ashworth", "By Tom Okafor", "By Priya Raman"):
        assert f"\n\n{byline}\n\n" in md
        assert f"# {byline}" not in md


def test_an_italic_line_at_the_body_size_may_still_head_a_section() -> None:
    """The same lines set at the body's size: italic lines standing apart over text are the
    document's lowest headings, as before."""
    (md,) = _pages(10.0)
    assert "# By Helen Ashworth" in md
