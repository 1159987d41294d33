"""Excerpts of a search match: a snippet around it, the paragraph (block) that holds it, and
the excerpt of a keyword match the index found where a page runs on into the next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pdfcore.geometry import to_clip
from pdfcore.models import Box, DocumentFacts, DocumentSource, PageText
from pdfcore.services import seams
from pdfcore.services.documents import DocumentService

PARAGRAPH_MAX = 2000
SHORT_BLOCK = 80


def block_offsets(page: PageText) -> list[tuple[int, int, int]]:
    """(start, end, block index) of each block's text inside ``page.text``."""
    out: list[tuple[int, int, int]] = []
    pos = 0
    for i, b in enumerate(page.blocks):
        if not b.text:
            continue
        start = page.text.find(b.text, pos)
        if start < 0:
            continue
        out.append((start, start + len(b.text), i))
        pos = start + len(b.text)
    return out


def snippet(text: str, start: int, end: int, context: int) -> str:
    a = max(0, start - context)
    b = min(len(text), end + context)
    # widen to word boundaries
    while a > 0 and not text[a - 1].isspace() and start - a < context + 30:
        a -= 1
    while b < len(text) and not text[b].isspace() and b - end < context + 30:
        b += 1
    body = " ".join(text[a:b].split())
    return ("..." if a > 0 else "") + body + ("..." if b < len(text) else "")


def paragraph(
    page: PageText, spans: Sequence[tuple[int, int]], width: float, height: float
) -> tuple[str, int, Box | None, Any]:
    """The block that best holds the matches: most matches, then a substantive one (>= 80 chars)."""
    offsets = block_offsets(page)
    best: tuple[int, int, int, int] | None = None  # (matches, substantive, -start, block)
    first_pos = spans[0][0] if spans else 0
    for start, end, idx in offsets:
        n = sum(1 for s, _ in spans if start <= s < end)
        if not n:
            continue
        key = (n, 1 if end - start >= SHORT_BLOCK else 0, -start, idx)
        if best is None or key[:3] > best[:3]:
            best = key
            first_pos = next(s for s, _ in spans if start <= s < end)
    if best is None:
        return "", first_pos, None, None
    block = page.blocks[best[3]]
    text = block.text
    if len(text) > PARAGRAPH_MAX:
        return "", first_pos, None, None
    return " ".join(text.split()), first_pos, block.bbox, to_clip(block.bbox, width, height)


def run_on_match(
    documents: DocumentService,
    source: DocumentSource,
    facts: DocumentFacts,
    page: PageText,
    spans: Sequence[tuple[int, int]],
    context: int,
) -> tuple[str, int, Box | None] | None:
    """For a keyword match on ``page`` whose first span is in the part the index read on into
    the next page: (excerpt, position, box of the page's last block); else None."""
    if not spans or page.index + 1 >= facts.page_count:
        return None
    nxt = documents.pages(source, [page.index + 1], facts).pages.get(page.index + 1)
    if nxt is None:
        return None
    cut = seams.seam(page.text, nxt.text, seams.lexicon(frozenset(), page.text, nxt.text))
    if cut is None or spans[0][1] <= cut.start:
        return None
    joined = cut.joined(page.text)
    a, b = spans[0]
    block = page.blocks[-1] if page.blocks else None
    return snippet(joined, a, b, context), min(a, cut.start), block.bbox if block is not None else None
