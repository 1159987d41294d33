"""Code blocks: monospaced units that read as code, and a listing's units joined into one block.

A unit is code (see :func:`~pdfcore.structure.classify.classify`) when it is monospaced in a
document whose body is not, not set larger than the body, and :func:`code_like`; a footnote in a
typewriter face (:func:`typewriter_note`) is not. :func:`merge_code` then joins a listing cut
into several units back into one block.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore.structure.reading import FOOTNOTE_SIZE
from pdfcore.structure.style import DocumentStyle
from pdfcore.structure.unit import Unit


def merge_code(units: list[Unit]) -> list[Unit]:
    """Consecutive code units one below the other (the layout may cut a listing at its
    alignment gaps) become one code block.

    A monospaced paragraph or list item right above or below code and across the listing's
    width is part of it: a line without code punctuation (``/*``, ``else``, ``#ifdef X``,
    ``static int``) or a comment's rows opening with ``*`` (read as bullets) would otherwise cut
    the listing apart."""
    _spread_code(units, down=True)
    _spread_code(units, down=False)
    out: list[Unit] = []
    for u in units:
        prev = out[-1] if out else None
        if prev is not None and u.kind == "code" and prev.kind == "code" and _stacked(prev, u) and _across(u, prev):
            prev.rows.extend(u.rows)
            prev.refresh()
            continue
        out.append(u)
    return out


def _spread_code(units: Sequence[Unit], *, down: bool) -> None:
    """Monospaced paragraphs and list items next to code, in reading order (``down``) or
    against it, become code while they follow on and stand across ``span``, the listing's width
    so far (a line set further in than its neighbour or back from it is still in it)."""
    span: tuple[float, float] | None = None
    prev: Unit | None = None
    for u in units if down else reversed(units):
        if prev is not None and span is not None:
            near = (_stacked(prev, u) if down else _stacked(u, prev)) and u.x0 < span[1] and u.x1 > span[0]
            if not near:
                span = None
            elif u.kind in ("paragraph", "list_item") and u.mono:
                u.kind, u.marker = "code", ""
        if u.kind == "code":
            span = (u.x0, u.x1) if span is None else (min(span[0], u.x0), max(span[1], u.x1))
        else:
            span = None
        prev = u


def _stacked(above: Unit, below: Unit) -> bool:
    """``below`` stands right under ``above``: a blank line or two between them at most
    (STACKED_GAP sizes: a row's box is smaller than its line; two blank lines, as between a
    Python module's definitions, at a leading of 1.3)."""
    gap = below.y0 - above.y1
    line = max(below.first.height, above.last.height, below.size, above.size, 1.0)
    return -0.5 * line <= gap <= STACKED_GAP * line


#: The widest gap between code units of one listing, in type sizes.
STACKED_GAP = 3.3


def _across(u: Unit, other: Unit) -> bool:
    return u.x0 < other.x1 and u.x1 > other.x0


_CODE_CHARS = re.compile(r"[(){}\[\];=<>]|^\s*(?:def|class|import|from|return|for|if|while|#include|\$|>>>)\b")


def code_like(unit: Unit, text: str, page_height: float) -> bool:
    """Monospaced rows that read as code: several rows (not words in capitals alone), or one
    holding code punctuation or a keyword; not a lone line at the page's edge (a running head
    set in a typewriter face)."""
    if page_height > 0 and len(unit.rows) == 1 and (unit.y1 < 0.08 * page_height or unit.y0 > 0.92 * page_height):
        return False
    if _CODE_CHARS.search(text) is not None:
        return True
    # rows of words in capitals alone (a cover's subtitle set in a typewriter face) are no code
    return len(unit.rows) > 1 and any(c.islower() for c in text)


#: A note's number glued to its text's first letter (``5http://...``).
_GLUED_NUMBER = re.compile(r"\d{1,3}[^\W\d_]")


def typewriter_note(unit: Unit, style: DocumentStyle) -> bool:
    """A footnote set in a typewriter face (an address): smaller than the body, opening with its
    number glued to the text, no code (a listing's line number is set apart from its line)."""
    return 0 < unit.size < FOOTNOTE_SIZE * style.body_size and _GLUED_NUMBER.match(unit.text) is not None
