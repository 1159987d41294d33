"""A line set in italics smaller than the body under each headline (a newsletter's bylines,
"By Helen Ashworth") is no heading: a heading told apart by its face alone is set at the body's
size at least. Nor is a byline in any face or size: "By" and a person's name."""

from __future__ import annotations

from attrs import evolve

from pdfcore.models import TextLine
from pdfcore.structure.heading_shape import byline, credit_line
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _article(headline: str, byline: str, y: float, *, size: float) -> list[TextLine]:
    return [
        ln(headline, y, size=13.5, bold=True),
        evolve(ln(byline, y + 20, size=size), italic=True),
        *para(LOREM, y + 36),
    ]


def _pages(size: float, bylines: tuple[str, ...] = ("By Helen Ashworth", "By Tom Okafor", "By Priya Raman")) -> str:
    headlines = ("Library Garden Reopens", "Council Approves Cycle Path", "Volunteers Wanted")
    lines = [
        line
        for k, (head, by) in enumerate(zip(headlines, bylines, strict=True))
        for line in _article(head, by, 60 + 100 * k, size=size)
    ]
    (md,) = markdown([page(lines)])
    return md


def test_an_italic_byline_smaller_than_the_body_is_a_paragraph() -> None:
    md = _pages(8.5)
    assert "# Library Garden Reopens" in md
    for by in ("By Helen Ashworth", "By Tom Okafor", "By Priya Raman"):
        assert f"\n\n*{by}*\n\n" in md  # (in italic)
        assert f"# {by}" not in md


def test_an_italic_line_at_the_body_size_may_still_head_a_section() -> None:
    """Italic lines at the body's size standing apart over text are the document's lowest
    headings, as before."""
    md = _pages(10.0, ("Opening Hours", "Route and Costs", "How to Apply"))
    assert "# Opening Hours" in md and "# How to Apply" in md


def test_a_byline_at_the_body_size_is_a_paragraph() -> None:
    """Before, set at 9.5 points under 10-point text (at ACCENT_SIZE of it) or larger, each
    byline came out as a heading. A title after "By" that names no person stays one."""
    for size in (9.5, 10.0):
        md = _pages(size, ("By Harriet Okonkwo", "By Desmond Achterberg, Parish Clerk", "By J. van der Berg"))
        for by in ("By Harriet Okonkwo", "By Desmond Achterberg, Parish Clerk", "By J. van der Berg"):
            assert f"\n\n*{by}*\n\n" in md and f"# {by}" not in md
    assert not byline("By Land and Sea") and not byline("By the Numbers") and not byline("Bylaws Committee")


def test_names_and_their_affiliation_under_titles_are_paragraphs() -> None:
    """Authors' names and their affiliation in italics at the body's size under each abstract's
    title (a poster booklet) came out as the document's lowest headings. A company's name with
    its "Inc." and a title with a comma stay headings."""
    credits = (
        "Rachel Okonjo and David Pryce, Hallam Institute for Soil Science",
        "Sofia Marchetti, Kirkdale Agricultural College",
        "Callum Fraser and Anna Lindqvist, University of Westbury",
    )
    md = _pages(10.0, credits)
    for credit in credits:
        assert f"\n\n*{credit}*\n\n" in md and f"# {credit}" not in md
    assert credit_line("J. Pereira2, Ana Silva1 and Tom Ng, Centre for Marine Studies")
    assert not credit_line("Lifeway Foods, Inc.")
    assert not credit_line("About Lifeway Foods, Inc.")
    assert not credit_line("Schools, Colleges and Universities")
    assert not credit_line("Funding, Trust and Governance")
