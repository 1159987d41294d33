"""Pieces of a word pdfium gives as lines of their own, glued back onto the line before them
(see :data:`GLUE_CHARS`); used by the line reader, :mod:`adapters._pdfium_lines`."""

from __future__ import annotations

import ctypes
from typing import Any

from attrs import evolve

from pdfcore.geometry import union
from pdfcore.models import TextLine

#: A piece pdfium gives a line of its own is glued onto the line before it when it holds at
#: most this many characters, stands on the same baseline (origins at most GLUE_BASELINE em
#: apart) in a size within GLUE_SIZE of the line's, and its first character's advance box
#: starts where the line's last one ends, at most GLUE_GAP em apart either way (touching, as
#: the letters of one word do; a space between words is 0.2 em or more): the last letter of a
#: justified line drawn as a text object of its own, which pdfium breaks off when it starts
#: a hair left of where the word ended ("collection o" and "f").
GLUE_CHARS = 2
GLUE_GAP = 0.05
GLUE_BASELINE = 0.1
GLUE_SIZE = 0.1
#: So is a stop or a comma after a note's mark set raised ("free of charge1" and "."), drawn
#: apart on the line's baseline: inside the line's height, at most STOP_GAP em from the mark.
CLOSING_MARKS = ".,;:!?)"
STOP_GAP = 0.15


def glued_on(raw: Any, tp: Any, prev: TextLine, prev_last: int, line: TextLine, first: int) -> bool:
    """``line`` (starting at character ``first``) continues the word ``prev`` (ending at
    character ``prev_last``) ends with, pdfium's line break between them a false one (see
    GLUE_CHARS)."""
    em = prev.font_size
    if len(line.text) > GLUE_CHARS or " " in line.text or em <= 0 or abs(line.font_size - em) > GLUE_SIZE * em:
        return False
    a, b = prev.bbox, line.bbox
    # (boxes first: a cheap test nearly every pair of lines fails)
    if not -GLUE_GAP * em - 1.0 <= b.x0 - a.x1 <= 0.5 * em or b.y1 <= a.y0 or b.y0 >= a.y1:
        return False
    x, y = ctypes.c_double(), ctypes.c_double()
    if not raw.FPDFText_GetCharOrigin(tp, prev_last, ctypes.byref(x), ctypes.byref(y)):
        return False
    x_end, y_end = x.value, y.value
    if not raw.FPDFText_GetCharOrigin(tp, first, ctypes.byref(x), ctypes.byref(y)):
        return False
    # (a stop after a note's mark set raised stands on the line's baseline, not the mark's)
    stop = (
        not line.text.strip(CLOSING_MARKS) and a.y0 - GLUE_BASELINE * em <= b.y0 and b.y1 <= a.y1 + GLUE_BASELINE * em
    )
    if (abs(y.value - y_end) > GLUE_BASELINE * em and not (stop and y_end > y.value)) or x.value <= x_end:
        return False
    left, right = raw.FS_RECTF(), raw.FS_RECTF()
    if not (raw.FPDFText_GetLooseCharBox(tp, prev_last, left) and raw.FPDFText_GetLooseCharBox(tp, first, right)):
        return False
    return bool(abs(right.left - left.right) <= (STOP_GAP if stop else GLUE_GAP) * em)


def joined(prev: TextLine, line: TextLine) -> TextLine:
    """``prev`` with ``line`` glued on (see GLUE_CHARS): its font facts, the two boxes' union."""
    return evolve(prev, text=prev.text + line.text, bbox=union((prev.bbox, line.bbox)))
