"""A tagged document whose structure tree calls its title a paragraph (a typesetter tagging the
title block as text): the first unit of the first page, set half as large again as the body or
more and larger than every heading the tree names there, is the document's title, a heading of
the first level. The tree disagrees with the page there; elsewhere it is followed."""

from __future__ import annotations

from pdfcore.models import TextLine
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _tagged(title: TextLine) -> list[str]:
    lines = [
        title,
        ln("1 Getting Help", 80, size=14, bold=True, role="H2"),
        *[ln(r.text, r.bbox.y0, role="P", x1=r.bbox.x1) for r in para(LOREM, 100)],
        ln("2 Accounts", 170, size=14, bold=True, role="H2"),
        *[ln(r.text, r.bbox.y0, role="P", x1=r.bbox.x1) for r in para(LOREM, 190)],
    ]
    return [b for b in markdown([page(lines)])[0].split("\n\n") if b.startswith("#")]


def test_a_title_the_tree_calls_a_paragraph_is_the_documents_title() -> None:
    heads = _tagged(ln("Harbour College IT Service Desk", 40, size=22, bold=True, role="P"))
    assert heads == ["# Harbour College IT Service Desk", "## 1 Getting Help", "## 2 Accounts"], heads


def test_a_first_paragraph_set_little_larger_stays_text() -> None:
    heads = _tagged(ln("Harbour College IT Service Desk", 40, size=13, bold=True, role="P"))
    assert heads == ["## 1 Getting Help", "## 2 Accounts"], heads
