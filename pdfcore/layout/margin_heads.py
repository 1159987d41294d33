"""Headings set in the margin beside their text (side heads): a short block left of the running
text, level with the paragraph it heads (``Welcome`` in the left margin beside the welcome's
first lines). The content stream may draw them all first, or the margin may read as a column of
its own: either way each would come before the page's text, away from its paragraph. Here each
moves to just before the block it stands level with.

All geometry is page space (points, top-left origin).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import evolve

from pdfcore.models import Box, TextBlock, TextLine

#: A side head holds this many lines and words at most (a line of it MAX_HEAD_LINE_WORDS)...
MAX_LINES = 3
MAX_WORDS = 8
MAX_HEAD_LINE_WORDS = 4
#: ...ends this many of its line heights left of its paragraph's left edge at least...
GAP_LINES = 0.5
#: ...and its top stands within this many of its line heights of the paragraph's top.
LEVEL_LINES = 1.0
#: The page holds this many side heads at least (a layout that sets its headings so), their
#: paragraphs starting within EDGE_PT of each other (a list set in a little); each head in bold or LARGER times the size
#: of its paragraph at least, with a word of three letters.
MIN_HEADS = 2
EDGE_PT = 8.0
LARGER = 1.1
_WORD = re.compile(r"[^\W\d_]{3}")


def margin_heads_in_place(blocks: Sequence[TextBlock]) -> list[TextBlock]:
    """``blocks`` with each side head moved to just before the block it heads: a block of few
    lines and words standing left of a block of running text, clear of it, its top level with
    that block's top, on a page with MIN_HEADS such pairs at least, each head's paragraph to the
    right of every head (one margin). Other blocks keep their order."""
    pairs: dict[int, int] = {}  # head's index -> its paragraph's index
    for k, b in enumerate(blocks):
        target = _paragraph_of(b, blocks)
        if target is not None:
            pairs[k] = target
    if len(pairs) < MIN_HEADS:
        return list(blocks)
    margin = max(blocks[k].bbox.x1 for k in pairs)
    if any(blocks[t].bbox.x0 <= margin for t in pairs.values()) or len(set(pairs.values())) < len(pairs):
        return list(blocks)
    edges = [blocks[t].bbox.x0 for t in pairs.values()]
    if max(edges) - min(edges) > EDGE_PT:
        return list(blocks)  # the paragraphs start at one margin: the text's column
    if any(k not in pairs and b.bbox.x1 < min(edges) and b.text.strip() for k, b in enumerate(blocks)):
        return list(blocks)  # the margin holds other text: a column of its own
    heads = set(pairs)
    before = {t: h for h, t in pairs.items()}
    out: list[TextBlock] = []
    for k, b in enumerate(blocks):
        if k in heads:
            continue
        if k in before:
            out.append(blocks[before[k]])
        out.append(b)
    return out


def _paragraph_of(head: TextBlock, blocks: Sequence[TextBlock]) -> int | None:
    """The index of the block ``head`` stands level with, left of it and clear of it, when
    ``head`` is shaped like a side head; None otherwise."""
    lines = head.lines
    if not lines or len(lines) > MAX_LINES or not _head_text(head.text):
        return None
    height = max(ln.bbox.y1 - ln.bbox.y0 for ln in lines)
    if height <= 0:
        return None
    box = head.bbox
    best: tuple[float, int] | None = None
    for j, other in enumerate(blocks):
        o = other.bbox
        if other is head or o.x0 - box.x1 < GAP_LINES * height or len(other.text.split()) <= MAX_WORDS:
            continue
        apart = abs(o.y0 - box.y0)
        if apart <= LEVEL_LINES * height and (best is None or apart < best[0]):
            best = (apart, j)
    if best is None or not _set_apart(lines, blocks[best[1]].lines):
        return None
    return best[1]


def _head_text(text: str) -> bool:
    """Words of a heading: MAX_WORDS at most, one of three letters at least, no figure (a
    line of results, ``AJ-SUPREME CT-G. LIU YES 90 NO 142``, beside another column, is none)."""
    return len(text.split()) <= MAX_WORDS and _WORD.search(text) is not None and not any(c.isdigit() for c in text)


def _set_apart(head: Sequence[TextLine], text: Sequence[TextLine]) -> bool:
    """The head is set in bold, or larger than its paragraph's first line (by LARGER)."""
    if all(ln.bold for ln in head):
        return True
    size = text[0].font_size if text else 0.0
    return size > 0 and min(ln.font_size for ln in head) >= LARGER * size


def margin_head_lines(lines: Sequence[TextLine]) -> set[int]:
    """The ids of the lines of the page's side heads (see :func:`margin_heads_in_place`), as
    lines: a line of few words left of a line of running text (MAX_WORDS words at least), clear
    of it and level with it, with the lines set right under it in the margin (a head over two
    lines); MIN_HEADS such heads at least, all left of every line they stand beside. A search
    for tables would read a head and its paragraph's first line as a row of two cells."""
    heads: list[TextLine] = []
    beside: list[TextLine] = []
    for ln in lines:
        if len(ln.text.split()) > MAX_HEAD_LINE_WORDS:
            continue
        height = ln.bbox.y1 - ln.bbox.y0
        level = [
            o
            for o in lines
            if o is not ln
            and o.bbox.x0 - ln.bbox.x1 >= GAP_LINES * height
            and abs(o.bbox.y0 - ln.bbox.y0) <= LEVEL_LINES * height
            and len(o.text.split()) > MAX_WORDS
        ]
        if level and height > 0 and _head_text(ln.text) and _set_apart([ln], level[:1]):
            heads.append(ln)
            beside.extend(level)
    if len(heads) < MIN_HEADS or max(h.bbox.x1 for h in heads) >= min(o.bbox.x0 for o in beside):
        return set()
    if max(o.bbox.x0 for o in beside) - min(o.bbox.x0 for o in beside) > EDGE_PT:
        return set()
    edge = min(o.bbox.x0 for o in beside)
    out = {id(h) for h in heads}
    for h in heads:  # the head's lines under its first, in the margin, set close
        last = h
        for ln in sorted(lines, key=lambda o: o.bbox.y0):
            b = ln.bbox
            height = last.bbox.y1 - last.bbox.y0
            if b.y0 <= last.bbox.y0 or b.x1 >= edge or id(ln) in out:
                continue
            if b.y0 - last.bbox.y1 <= 0.5 * height and len(ln.text.split()) <= MAX_HEAD_LINE_WORDS:
                out.add(id(ln))
                last = ln
            elif b.y0 - last.bbox.y1 > 0.5 * height:
                break
    if any(id(ln) not in out and ln.bbox.x1 < edge and ln.text.strip() for ln in lines):
        return set()  # the margin holds other text: a column of its own
    return out


#: A side head the text layer gives on one line with its paragraph's first line is set this
#: many times the size of the line's last words at least ...
JOINED_LARGER = 1.15
#: ... and the paragraph's line starts where this many other lines of the page start (within
#: EDGE_SNAP points): the text's left edge.
EDGE_LINES = 3
EDGE_SNAP = 2.0


def heads_apart(lines: Sequence[TextLine], gaps: Sequence[Box]) -> tuple[Sequence[TextLine], frozenset[int]]:
    """``lines`` with each side head the text layer gave on one line with its paragraph's
    first line (``Your Medicines You will go home with ...``: the head in the margin, the
    paragraph at the text's left edge, level) cut from it at the blank between them: a lead
    in bold (see :attr:`~pdfcore.models.TextLine.lead`) shaped like a side head, set
    JOINED_LARGER times the size of the line's last words at least, the first of ``gaps`` (the
    blanks inside lines) after it, and after the blank running text starting at the left edge
    of EDGE_LINES other lines of the page. Also the ids of the heads cut off (each ends its
    block). ``lines`` itself when there is none (nearly every page)."""
    out: list[TextLine] | None = None
    heads: set[int] = set()
    for k, ln in enumerate(lines):
        cut = _joined_head(ln, lines, gaps) if ln.lead and len(ln.size_runs) >= 2 else None
        if cut is not None:
            out = list(lines[:k]) if out is None else out
            out.extend(cut)
            heads.add(id(cut[0]))
        elif out is not None:
            out.append(ln)
    return (lines, frozenset()) if out is None else (out, frozenset(heads))


def _joined_head(ln: TextLine, lines: Sequence[TextLine], gaps: Sequence[Box]) -> tuple[TextLine, TextLine] | None:
    """The side head and the paragraph's first line ``ln`` holds (see :func:`heads_apart`), or None."""
    lead, runs = ln.lead, ln.size_runs
    first, last = runs[0][1], runs[-1][1]
    if last <= 0 or first < JOINED_LARGER * last or not ln.text.startswith(lead + " ") or not _head_text(lead):
        return None
    rest = ln.text[len(lead) :].lstrip()
    if len(rest.split()) <= MAX_WORDS:
        return None
    b = ln.bbox
    inside = [g for g in gaps if g.y0 < b.y1 and g.y1 > b.y0 and g.x0 > b.x0 and g.x1 < b.x1]
    if not inside:
        return None
    blank = min(inside, key=lambda g: g.x0)
    edge = blank.x1
    if sum(1 for o in lines if o is not ln and abs(o.bbox.x0 - edge) <= EDGE_SNAP) < EDGE_LINES:
        return None
    head = evolve(
        ln, text=lead, bbox=Box(b.x0, b.y0, blank.x0, b.y1), font_size=first, bold=True, size_runs=(), lead=""
    )
    text = evolve(ln, text=rest, bbox=Box(edge, b.y0, b.x1, b.y1), font_size=last, size_runs=(), lead="")
    return head, text


#: A section's number alone: ``1``, ``2.1``, ``3.2.4.``.
_SECTION_NUMBER = re.compile(r"\d{1,2}(?:\.\d{1,2}){0,3}\.?")
#: The blank after a hung number starts within this many font sizes of the line's left edge
#: per character of the number (and one more).
NUMBER_REACH = 0.8


def hung_number_gaps(lines: Sequence[TextLine], gaps: Sequence[Box], body_size: float) -> list[Box]:
    """``gaps`` without the blank between a heading's number hung in the margin and its words
    (``1`` … ``Overview``, ``2.1`` … ``Web Dashboard``, the words at the text's left edge): a
    line opening with a section's number, then words, in bold or larger than the body
    (``body_size``) and with one blank in it, right after the number. A search for tables
    would read the numbers as a column beside the text."""
    drop: set[int] = set()
    for ln in lines:
        number, _, rest = ln.text.partition(" ")
        if not rest or not _SECTION_NUMBER.fullmatch(number) or not any(c.isalpha() for c in rest[:3]):
            continue
        if not (ln.bold or ln.font_size > LARGER * body_size):
            continue
        b = ln.bbox
        inside = [
            k for k, g in enumerate(gaps) if g.y0 < b.y1 and g.y1 > b.y0 and g.x0 >= b.x0 - 1 and g.x1 <= b.x1 + 1
        ]
        reach = b.x0 + NUMBER_REACH * ln.font_size * (len(number) + 1)
        if len(inside) == 1 and gaps[inside[0]].x0 <= reach:
            drop.add(inside[0])
    return [g for k, g in enumerate(gaps) if k not in drop] if drop else list(gaps)
