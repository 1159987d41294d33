"""A glyph the document's font maps to no character: the table reader writes U+FFFD, as the text
extractor does (pdfminer's own ``(cid:23)`` is no text of the page), and a display formula whose
sum sign came out so is still a formula."""

from __future__ import annotations

from adapters._plumber_table_page import _unmapped
from pdfcore.models import Box, HeaderCell, Table
from pdfcore.structure.false_tables import formula_table


def test_unmapped_glyphs_are_replacement_characters() -> None:
    """Before, the cells read ``(cid:23)(cid:19)(cid:60)`` (offense.pdf's terms of years)."""
    table = Table(
        header=("Offense", "Term (cid:3)"),
        rows=(("Abuse", "(cid:23)(cid:19)(cid:60)"), ("Theft", "15Y")),
        bbox=Box(0, 0, 100, 40),
        header_cells=(HeaderCell("Term (cid:3)", 0, 1),),
    )
    out = _unmapped(table)
    assert out.header == ("Offense", "Term \ufffd")
    assert out.rows == (("Abuse", "\ufffd\ufffd\ufffd"), ("Theft", "15Y"))
    assert out.header_cells[0].text == "Term \ufffd"
    plain = Table(header=(), rows=(("a", "b"),), bbox=Box(0, 0, 10, 10))
    assert _unmapped(plain) is plain


def test_a_formula_whose_sum_sign_has_no_character_is_no_table() -> None:
    rows = (("E = \ufffd x", "(5)"), ("F = m a", "(6)"))
    assert formula_table(Table(header=(), rows=rows, bbox=Box(0, 0, 100, 40)))
    assert not formula_table(Table(header=(), rows=(("E = x", "(5)"), ("F", "(6)")), bbox=Box(0, 0, 100, 40)))
