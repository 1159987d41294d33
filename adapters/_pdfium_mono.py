"""Spaces in a line set in a monospaced face, as wide as drawn.

The text layer gives one space for any gap between words (pdfium writes one where the content
stream sets the next glyph further on, and folds runs of space characters), so code and
configuration files lose their alignment (``retries = 3`` under ``name    = "alpha"``) and
anything set in columns with spaces. In a monospaced face every character is one advance wide,
so a gap of ``k`` advances holds ``k - 1`` spaces after the character before it: the line's
text gets as many as its characters' origins tell.
"""

from __future__ import annotations

import ctypes
import statistics
from typing import Any

from adapters._pdfium import unchecked

#: At most this many spaces are put in one gap (a gap wider is no run of spaces but a column
#: set apart, whose width tells nothing of the characters between).
MAX_SPACES = 40
#: The advance is the median step between neighbouring characters of a word; most steps must
#: stand within this share of it (the face is monospaced as drawn, not only as named).
ADVANCE_SLACK = 0.05


#: Codes the text page holds that the line's text does not (NUL, line ends, a space, pdfium's
#: hyphen mark, a soft hyphen).
_NOT_GLYPHS = frozenset((0x00, 0x0A, 0x0D, 0x20, 0xFFFE, 0x00AD))


def spaced(raw: Any, tp: Any, first: int, last: int, text: str) -> str:
    """``text`` (the characters ``first`` to ``last`` of the text page, its spaces one per gap)
    with each gap between words as many spaces wide as the gap is advances; ``text`` itself when
    its characters are not those of the text page (one to one, spaces aside) or the steps between
    them are not one advance each."""
    glyphs = [c for c in text if c != " "]
    xs: list[float] = []
    codes: list[int] = []
    x, y = ctypes.c_double(), ctypes.c_double()
    out_x, out_y = ctypes.byref(x), ctypes.byref(y)
    fast = unchecked()
    unicode, origin = fast.unicode, fast.char_origin
    for k in range(first, last + 1):
        code = unicode(tp, k)
        if code in _NOT_GLYPHS:
            continue
        if len(xs) >= len(glyphs) or not origin(tp, k, out_x, out_y):
            return text
        codes.append(code)
        xs.append(x.value)
    if len(xs) != len(glyphs) or any(chr(c) != g for c, g in zip(codes, glyphs, strict=True)):
        return text
    return _respaced(text, xs)


def _respaced(text: str, xs: list[float]) -> str:
    """``text`` with each run of spaces as many spaces as the gap between the origins (``xs``,
    one per character that is not a space) of the characters around it is advances wide, less
    one; the advance is the median step between neighbours inside words."""
    steps = []
    g = 0  # the index in xs of the next character that is not a space
    joined = False  # the character before was no space
    for c in text:
        if c == " ":
            joined = False
            continue
        if joined:
            steps.append(xs[g] - xs[g - 1])
        joined = True
        g += 1
    if len(steps) < 2:
        return text
    advance = statistics.median(steps)
    if advance <= 0 or sum(1 for s in steps if abs(s - advance) > ADVANCE_SLACK * advance) * 5 > len(steps):
        return text
    out: list[str] = []
    g = 0
    gap = False
    for c in text:
        if c == " ":
            gap = True
            continue
        if gap and g > 0:
            wide = round((xs[g] - xs[g - 1]) / advance) - 1
            out.append(" " * max(1, min(wide, MAX_SPACES)))
        gap = False
        out.append(c)
        g += 1
    return "".join(out)
