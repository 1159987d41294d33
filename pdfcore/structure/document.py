"""Pages to one Markdown document: a comment line before each page, a paragraph that runs on
across a page break joined (it stays where it started; the page's footnotes follow it)."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from pdfcore.structure.model import PageStructure
from pdfcore.structure.page import continues, join_paragraphs
from pdfcore.structure.render import render_elements


def page_comment(number: int, label: str | None) -> str:
    """The line naming a page in a document's Markdown (1-based number, printed label)."""
    if label and label != str(number):
        return f"<!-- page {number} (label {label}) -->"
    return f"<!-- page {number} -->"


def join_pages(pages: Sequence[PageStructure]) -> list[PageStructure]:
    """The pages with each paragraph that runs on into the next page's first paragraph joined
    (on the page where it started)."""
    out = list(pages)
    for k in range(len(out) - 1):
        a, b = out[k], out[k + 1]
        if not a.elements or not b.elements or b.index != a.index + 1:
            continue
        last, first = a.elements[-1], b.elements[0]
        if continues(last, first):
            out[k] = evolve(a, elements=(*a.elements[:-1], join_paragraphs(last, first)))
            out[k + 1] = evolve(b, elements=b.elements[1:])
    return out


def render_document(pages: Sequence[PageStructure], labels: Sequence[str | None]) -> str:
    """The pages' Markdown, each after its comment line; ``labels`` by page index."""
    parts: list[str] = []
    for page in join_pages(pages):
        label = labels[page.index] if 0 <= page.index < len(labels) else None
        body = render_elements([*page.elements, *page.footnotes])
        parts.append(page_comment(page.index + 1, label) + ("\n\n" + body if body else ""))
    return "\n\n".join(parts) + ("\n" if parts else "")
