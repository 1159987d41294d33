"""A recognised page scanned turned, set upright for its structure.

The OCR service reads a page scanned sideways or upside down turned upright, lays its lines out
upright and turns their boxes back into page space (where quotes and highlights need them). The
Markdown is built from boxes: read as they lie, an upside-down page's rows run bottom to top (its
list read backwards, its items nested by mirrored indents) and a sideways page's rows stand on
end. So a recognised page whose lines lie turned is turned upright again for its structure: the
turn (90, 180 or 270 degrees) under which at least ``FLOW_SHARE`` of the steps from one line to
the next inside its blocks go down the page between level lines, where the boxes as they lie give
at most ``TURNED_SHARE`` of such steps (and ``MIN_STEPS`` steps or more). Native pages, and
recognised pages read upright, are left as they are.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from attrs import evolve

from pdfcore.geometry import turn_box
from pdfcore.models import Box, DocumentFacts, PageText, TextBlock, TextLine

FLOW_SHARE = 0.7
TURNED_SHARE = 0.3
MIN_STEPS = 3


def upright_pages(pages: Sequence[PageText], facts: DocumentFacts) -> tuple[list[PageText], DocumentFacts]:
    """``pages`` with each recognised page whose lines lie turned set upright, and ``facts`` with
    the size of each page turned by a quarter swapped (see the module docstring)."""
    out: list[PageText] = []
    sizes: dict[int, tuple[float, float]] = {}
    for page in pages:
        if page.source != "ocr" or not 0 <= page.index < len(facts.pages):
            out.append(page)
            continue
        info = facts.pages[page.index]
        turn = page_turn(page, info.width, info.height)
        if not turn:
            out.append(page)
            continue
        out.append(turned(page, turn, info.width, info.height))
        if turn in (90, 270):
            sizes[page.index] = (info.height, info.width)
    if sizes:
        facts = evolve(
            facts,
            pages=tuple(
                evolve(p, width=sizes[p.index][0], height=sizes[p.index][1]) if p.index in sizes else p
                for p in facts.pages
            ),
        )
    return out, facts


def page_turn(page: PageText, width: float, height: float) -> int:
    """The clockwise turn that sets the page's lines upright (0: they lie upright, or it is not
    clear)."""
    upright = _flow(page, 0, width, height)
    if upright is None or upright > TURNED_SHARE:
        return 0
    best, share = 0, upright
    for turn in (90, 180, 270):
        flow = _flow(page, turn, width, height)
        if flow is not None and flow > share:
            best, share = turn, flow
    return best if share >= FLOW_SHARE else 0


def _flow(page: PageText, turn: int, width: float, height: float) -> float | None:
    """Share of the steps between consecutive lines of a block that go down between level lines
    once the boxes are turned by ``turn`` (None: too few steps to tell)."""
    steps = down = 0
    for block in page.blocks:
        boxes = [turn_box(ln.bbox, turn, width, height) for ln in block.lines]
        for a, b in itertools.pairwise(boxes):
            steps += 1
            if _level(a) and _level(b) and (b.y0 + b.y1) - (a.y0 + a.y1) > 0.6 * min(a.height, b.height):
                down += 1
    return down / steps if steps >= MIN_STEPS else None


def _level(box: Box) -> bool:
    return box.width >= box.height


def turned(page: PageText, turn: int, width: float, height: float) -> PageText:
    """``page`` (on a ``width`` x ``height`` page) with its blocks, lines and images turned
    clockwise by ``turn``."""

    def box(b: Box) -> Box:
        return turn_box(b, turn, width, height)

    def line(ln: TextLine) -> TextLine:
        return evolve(ln, bbox=box(ln.bbox))

    def block(b: TextBlock) -> TextBlock:
        return evolve(b, bbox=box(b.bbox), lines=tuple(line(ln) for ln in b.lines))

    images = tuple(
        evolve(
            img,
            bbox=box(img.bbox) if img.bbox is not None else None,
            placements=tuple(box(p) for p in img.placements),
        )
        for img in page.images
    )
    return evolve(
        page,
        blocks=tuple(block(b) for b in page.blocks),
        lines=tuple(line(ln) for ln in page.lines),
        images=images,
        hidden=(),
        rules=tuple(box(r) for r in page.rules),
        gaps=(),
        drawings=tuple(evolve(d, bbox=box(d.bbox)) for d in page.drawings),
        marks=tuple(box(m) for m in page.marks),
        gutters=(),  # vertical no more once the page is turned
        tables=(),
    )
