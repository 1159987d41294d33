"""The gap under a row of running text whose letters have no descender (its glyph box stands on
the baseline) is measured against its type size, as under a row in capitals: such a row does not
end its paragraph at a line's usual leading."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from tests.unit.test_structure import markdown, page

#: (text, whether a letter reaches below the baseline): a newsletter's column, 10 pt type on
#: 12.6 pt leading; a row with descenders has a 9 pt glyph box, one without a 6.9 pt box.
ROWS = [
    ("Supporters say the path will give", True),
    ("children a safe way to cycle to the", True),
    ("secondary school and will encourage", True),
    ("commuters to leave their cars at home.", False),
    ("Some residents on Weir Lane raised", False),
    ("concerns about parking and privacy", True),
    ("during the consultation, and the final", True),
]


def _lines(pitch: float = 12.6) -> list[TextLine]:
    out = []
    for k, (text, descends) in enumerate(ROWS):
        top = 100.0 + k * pitch
        out.append(TextLine(text, Box(395.0, top, 555.0, top + (9.0 if descends else 6.9)), 10.0, False, False))
    return out


def test_a_row_without_descenders_goes_on_in_its_paragraph() -> None:
    (md,) = markdown([page(_lines())])
    assert "cars at home. Some residents on Weir Lane" in md


def test_a_wider_space_under_it_still_ends_the_paragraph() -> None:
    """A paragraph's space (half a line more) under the same row still parts the paragraphs."""
    lines = _lines()
    lines[4:] = [
        TextLine(ln.text, Box(ln.bbox.x0, ln.bbox.y0 + 6, ln.bbox.x1, ln.bbox.y1 + 6), 10.0, False, False)
        for ln in lines[4:]
    ]
    (md,) = markdown([page(lines)])
    assert "cars at home.\n\nSome residents" in md
