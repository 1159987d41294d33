"""Lines into paragraph-like blocks, and a block's lines into its text.

Consecutive lines (in reading order) stay in one block unless a paragraph-sized gap, a jump
upwards, a line beside the block or a change of font size parts them. Inside a block, pieces
of one visual line are joined with a space, and words broken at line ends are joined
(:mod:`~pdfcore.layout.hyphens`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.layout.hyphens import HYPHENS, clean_line, ends_hyphenated, hyphen_join
from pdfcore.models import Box, TextBlock, TextLine

#: A vertical gap larger than this many line heights starts a new block.
GAP_FACTOR = 0.8
#: A font size change larger than this ratio starts a new block.
SIZE_CHANGE = 0.2


def group_lines(lines: Sequence[TextLine], *, join_hyphenation: bool = True) -> tuple[TextBlock, ...]:
    """Consecutive lines (in the given order) grouped into paragraph-like blocks."""
    blocks: list[list[TextLine]] = []
    x0 = x1 = 0.0  # horizontal extent of the current block, kept incrementally
    prev: TextLine | None = None
    for line in lines:
        b = line.bbox
        if prev is None or _starts_block(prev, line, x0, x1):
            blocks.append([line])
            x0, x1 = b.x0, b.x1
        else:
            blocks[-1].append(line)
            if b.x0 < x0:
                x0 = b.x0
            if b.x1 > x1:
                x1 = b.x1
        prev = line
    return tuple(_block(ls, join_hyphenation) for ls in blocks)


def _starts_block(prev: TextLine, line: TextLine, x0: float, x1: float) -> bool:
    """Whether ``line`` starts a new block after ``prev``, the last line of a block spanning
    [x0, x1] horizontally. Runs for every line of every page: plain arithmetic."""
    p, b = prev.bbox, line.bbox
    h = p.y1 - p.y0
    hc = b.y1 - b.y0
    if hc > h:
        h = hc
    if h < 1.0:
        h = 1.0
    # Same visual line (a continuation the engine split): never a new block.
    if abs(b.y0 - p.y0) < 0.3 * h and b.x0 >= p.x1 - 1:
        return False
    if b.y0 - p.y1 > GAP_FACTOR * h:
        return True
    if b.y1 < p.y0 - 0.5 * h:  # jumped upwards: a new column or region
        return True
    if b.x1 < x0 or b.x0 > x1:  # no horizontal overlap with the block
        return True
    fp, fc = prev.font_size, line.font_size
    return bool(fp and fc and abs(fp - fc) > SIZE_CHANGE * (fp if fp > fc else fc))


def _block(lines: list[TextLine], join_hyphenation: bool = True) -> TextBlock:
    text_lines: list[str] = []
    last: Box | None = None
    broken = ""  # how the previous line ended: "" (whole word), "soft" (U+00AD), "hyphen" (U+FFFE)
    first = lines[0].bbox
    x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
    for ln in lines:
        b = ln.bbox
        x0 = b.x0 if b.x0 < x0 else x0
        y0 = b.y0 if b.y0 < y0 else y0
        x1 = b.x1 if b.x1 > x1 else x1
        y1 = b.y1 if b.y1 > y1 else y1
        raw = ln.text
        if "\u00ad" in raw or "\ufffe" in raw:
            text, ends = clean_line(raw, join_hyphenation)
        else:
            text, ends = raw.strip(), ""
        if last is not None and text_lines and abs(b.y0 - last.y0) < 0.3 * max(last.y1 - last.y0, 1.0):
            text_lines[-1] = text_lines[-1] + " " + text
        elif (
            join_hyphenation
            and text_lines
            and text
            and (broken or (text_lines[-1][-1:] in HYPHENS and ends_hyphenated(text_lines[-1], text)))
        ):
            head, _, rest = text.partition(" ")
            text_lines[-1] = hyphen_join(text_lines[-1], head, broken)
            if rest.strip():
                text_lines.append(rest.strip())
        else:
            text_lines.append(text)
        broken = ends
        last = b
    return TextBlock(text="\n".join(t for t in text_lines if t), bbox=Box(x0, y0, x1, y1), lines=tuple(lines))
