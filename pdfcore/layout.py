"""From raw lines to blocks and page text in reading order.

Pure functions on models: an extractor (native text layer or OCR) hands over lines in the order
it found them; :func:`assemble` groups them into paragraph-like blocks, orders the blocks, and
renders the page text (blocks separated by a blank line, lines by a newline).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from pdfcore.geometry import union
from pdfcore.models import PageText, TextBlock, TextLine

#: A vertical gap larger than this many line heights starts a new block.
GAP_FACTOR = 0.8
#: A font size change larger than this ratio starts a new block.
SIZE_CHANGE = 0.2


def assemble(page: PageText) -> PageText:
    """Group ``page.lines`` into blocks and fill ``text``; pages without lines pass through."""
    if not page.lines:
        if page.blocks and not page.text:
            text = render_text(page.blocks)
            return evolve(page, text=text, char_count=count_chars(text))
        return evolve(page, char_count=count_chars(page.text)) if page.text and not page.char_count else page
    blocks = group_lines(page.lines)
    text = render_text(blocks)
    return evolve(page, blocks=blocks, lines=(), text=text, char_count=count_chars(text))


def count_chars(text: str) -> int:
    """Non-whitespace characters (done in C: this runs on every page)."""
    return len("".join(text.split()))


def render_text(blocks: Sequence[TextBlock]) -> str:
    return "\n\n".join(b.text for b in blocks if b.text)


def group_lines(lines: Sequence[TextLine]) -> tuple[TextBlock, ...]:
    blocks: list[list[TextLine]] = []
    x0 = x1 = 0.0  # horizontal extent of the current block, kept incrementally
    for line in lines:
        if not blocks or _starts_block(blocks[-1], line, x0, x1):
            blocks.append([line])
            x0, x1 = line.bbox.x0, line.bbox.x1
        else:
            blocks[-1].append(line)
            x0, x1 = min(x0, line.bbox.x0), max(x1, line.bbox.x1)
    return tuple(_block(ls) for ls in blocks)


def _starts_block(block: list[TextLine], line: TextLine, x0: float, x1: float) -> bool:
    prev = block[-1]
    h_prev = max(prev.bbox.height, 1.0)
    h_cur = max(line.bbox.height, 1.0)
    h = max(h_prev, h_cur)
    # Same visual line (a continuation the engine split): never a new block.
    if abs(line.bbox.y0 - prev.bbox.y0) < 0.3 * h and line.bbox.x0 >= prev.bbox.x1 - 1:
        return False
    gap = line.bbox.y0 - prev.bbox.y1
    if gap > GAP_FACTOR * h:
        return True
    if line.bbox.y1 < prev.bbox.y0 - 0.5 * h:  # jumped upwards: a new column or region
        return True
    if line.bbox.x1 < x0 or line.bbox.x0 > x1:  # no horizontal overlap with the block
        return True
    if prev.font_size and line.font_size:
        ratio = abs(prev.font_size - line.font_size) / max(prev.font_size, line.font_size)
        if ratio > SIZE_CHANGE:
            return True
    return False


#: pdfium reports a soft hyphen it resolved at a line break as U+FFFE; U+00AD is the soft hyphen.
_SOFT_HYPHENS = str.maketrans({"\ufffe": None, "\u00ad": None})


def _block(lines: list[TextLine]) -> TextBlock:
    text_lines: list[str] = []
    last: TextLine | None = None
    for ln in lines:
        if "\ufffe" in ln.text or "\u00ad" in ln.text:
            ln = TextLine(ln.text.translate(_SOFT_HYPHENS), ln.bbox, ln.font_size, ln.bold)
        if last is not None and abs(ln.bbox.y0 - last.bbox.y0) < 0.3 * max(last.bbox.height, 1.0) and text_lines:
            text_lines[-1] = text_lines[-1] + " " + ln.text.strip()
        else:
            text_lines.append(ln.text.strip())
        last = ln
    bbox = union(ln.bbox for ln in lines)
    return TextBlock(text="\n".join(t for t in text_lines if t), bbox=bbox, lines=tuple(lines))
