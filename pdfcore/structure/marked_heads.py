"""Headings led by a decorative mark: ``► Booking Lessons`` in bold, set larger than the
paragraph under it, over that paragraph; two such on the page at least. The mark makes them list
items; they head the text under them, one level under the heading before them on the page (else
under the document's least prominent heading style)."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.structure.markers import CLOSING
from pdfcore.structure.model import Element
from pdfcore.structure.style import MAX_LEVEL, DocumentStyle

#: Such a heading holds this many words at most, set this many times its paragraph's size at
#: least; a page sets this many at least.
MAX_WORDS = 6
LARGER = 1.05
MIN_HEADS = 2


def marked_heads(elements: Sequence[Element], style: DocumentStyle) -> list[Element]:
    """``elements`` with each list item that is such a heading (see the module's docstring)
    made one."""
    heads = {k for k in range(len(elements) - 1) if _marked_head(elements[k], elements[k + 1])}
    if len(heads) < MIN_HEADS:
        return list(elements)
    deepest = max((level for _, level in style.levels), default=0)
    out: list[Element] = []
    above = 0  # the level of the last heading on the page
    for k, el in enumerate(elements):
        if k in heads and (above or deepest):
            out.append(
                Element(
                    "heading",
                    text=el.text.strip(),
                    bbox=el.bbox,
                    level=min(MAX_LEVEL, (above or deepest) + 1),
                )
            )
            continue
        if el.kind == "heading":
            above = el.level
        out.append(el)
    return out


def _marked_head(el: Element, nxt: Element) -> bool:
    """A list item of a few words in bold throughout, on one row, not closed by punctuation,
    set larger than the paragraph right under it, which is not bold."""
    text = el.text.strip()
    return (
        el.kind == "list_item"
        and el.bold
        and 0 < len(text.split()) <= MAX_WORDS
        and "\n" not in text
        and not text.endswith(CLOSING)
        and nxt.kind == "paragraph"
        and not nxt.bold
        and nxt.size > 0
        and el.size >= LARGER * nxt.size
    )
