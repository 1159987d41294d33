"""A numbered heading set in the style the document's headings numbered to its depth are set in
is placed as those are, wherever its page's text starts (``5 On the Day of Your Test``, its
number hung in a box at the margin, alone on a page whose text is a list set in)."""

from __future__ import annotations

from pdfcore.structure.page import _numbered_in_style
from pdfcore.structure.rows import page_rows
from pdfcore.structure.style import DocumentStyle, style_key
from pdfcore.structure.unit import Unit
from tests.unit.test_structure import ln, page


def _unit(text: str, size: float = 15.0) -> Unit:
    return Unit(page_rows(page([ln(text, 70, x=55, size=size, bold=True)])))


def test_a_numbered_heading_in_the_style_of_headings_numbered_alike() -> None:
    style = DocumentStyle(body_size=10.0, levels=((style_key(15.0, True), 2),), depths=((style_key(15.0, True), 1),))
    assert _numbered_in_style(_unit("5 On the Day of Your Test"), style)
    assert not _numbered_in_style(_unit("5.1 Arriving Early"), style)  # numbered deeper than that style's
    assert not _numbered_in_style(_unit("On the Day of Your Test"), style)  # no number
    assert not _numbered_in_style(_unit("5 On the Day of Your Test", size=12.0), style)  # another style
