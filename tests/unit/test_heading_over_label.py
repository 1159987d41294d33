"""A line set like a heading over a label in its own face set flush right on two rows, no word
in lower case (a link ``References`` at a page's foot over the page's label ``ANAP-A`` / ``2 OF
3``), introduces no text: it stays a paragraph. Over text, over a label set otherwise, or over a
heading in capitals wrapped flush left, it heads."""

from __future__ import annotations

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.structure import learn, page_structure
from pdfcore.structure.heading_shape import introduces_text
from pdfcore.structure.rows import Row
from pdfcore.structure.unit import Unit

WIDTH, HEIGHT = 792.0, 612.0


def _line(text: str, x0: float, y: float, size: float = 11.0, bold: bool = False, width: float = 0.0) -> TextLine:
    w = width or 0.5 * size * len(text)
    return TextLine(text, Box(x0, y, x0 + w, y + 0.8 * size), size, bold, False)


def test_a_section_name_over_the_pages_label_at_its_foot_is_no_heading() -> None:
    lines = [
        _line("Systemic Therapy Regimens", 300, 60, 14.0, True),
        *(_line(f"Dabrafenib {k} mg PO twice daily", 72, 100 + 30 * k) for k in range(12)),
        _line("Note: All recommendations are category 2A unless otherwise indicated.", 29, 552, 8.0, True),
        _line("References", 713, 545.6, 11.0, True),
        _line("ANAP-A", 724.3, 568.6, 11.0, True, width=44.3),
        _line("2 OF 3", 736.6, 580.6, 11.0, True, width=32.0),
    ]
    page = assemble(PageText(index=0, text="", lines=tuple(lines)))
    prose = [
        _line("Plain running text of the other page, set at the body size in rows.", 72, 60 + 13 * k) for k in range(30)
    ]
    other = assemble(PageText(index=1, text="", lines=tuple(prose)))
    infos = (PageInfo(index=0, width=WIDTH, height=HEIGHT), PageInfo(index=1, width=WIDTH, height=HEIGHT))
    facts = DocumentFacts(page_count=2, metadata=(), outline=(), pages=infos)
    built = page_structure(page, facts, learn([page, other], facts))
    assert [el.kind for el in built.elements if el.text == "References"] == ["paragraph"]


def _unit(*rows: tuple[str, float, float, bool]) -> Unit:
    """A unit of rows (text, left edge, top, bold) at 11 pt ending at x = 760."""
    return Unit([Row(text, "", Box(x0, y, 760, y + 9), 11.0, bold, False, "", 0) for text, x0, y, bold in rows])


def test_a_heading_introduces_text_or_a_label_set_otherwise_but_no_label_in_its_own_face() -> None:
    heading = _unit(("References", 713, 540, True))
    label = _unit(("ANAP-A", 724, 560, True), ("2 OF 3", 736, 572, True))  # flush right
    assert not introduces_text([heading, label], 0, HEIGHT)
    text = _unit(("Sources cited", 724, 560, True), ("in this section", 736, 572, True))
    assert introduces_text([heading, text], 0, HEIGHT)
    plain = _unit(("ANAP-A", 724, 560, False), ("2 OF 3", 736, 572, False))
    assert introduces_text([heading, plain], 0, HEIGHT)
    # a heading in capitals wrapped flush left under a part's title: "PART II" over "ITEM 5. ..."
    part = _unit(("PART II", 700, 540, True))
    item = _unit(
        ("ITEM 5. MARKET FOR REGISTRANT'S COMMON EQUITY,", 700, 560, True), ("RELATED MATTERS", 700, 572, True)
    )
    assert introduces_text([part, item], 0, HEIGHT)
