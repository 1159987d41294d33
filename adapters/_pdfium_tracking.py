"""Letter-spaced text (a letterhead's name set with wide tracking, ``T h o r n b u r y``): the
spaces pdfium puts between letters drawn apart, taken out where they part the letters of words.

pdfium generates a space wherever two glyphs stand apart by more than a fraction of their width,
so a line set with letter-spacing reads one letter a word. In a run of single letters each
parted by one generated space, the blanks between the letters of a word are alike (the
tracking, an em at most) and those between words wider by a word space: the generated
spaces whose blank is at most WORD_BLANK times the run's median blank are taken out.
"""

from __future__ import annotations

import ctypes
import re
import statistics
from typing import Any

#: Runs of this many single letters or more, each parted from the next by one space, are looked
#: at (a formula's variables stand in shorter runs and among signs).
_RUN = re.compile(r"(?<!\S)(?:[^\W\d_] ){5,}[^\W\d_](?!\S)")
#: (Looked for first, cheaply: four single letters in a row, a space on each side of each; any
#: run above holds them.)
_HINT = re.compile(r" [^\W\d_] [^\W\d_] [^\W\d_] [^\W\d_] ")
#: The run holds this many generated spaces at least (a space the document holds, between words
#: set with tracking, is kept).
MIN_GENERATED = 4
#: A blank this many times the run's median blank or less parts two letters of one word.
WORD_BLANK = 1.6
#: Most blanks of the run (this share at least) are within ALIKE of its median: even tracking.
ALIKE_SHARE = 0.6
ALIKE = 0.25
#: ... and the median blank is this many ems at most (tracking; letters columns apart are a
#: table's marks, a letter a cell).
TRACKING = 1.0


def letter_spaced(raw: Any, tp: Any, text: str) -> dict[int, str]:
    """Characters of the page's ``text`` to replace (offset: ``"\\x00"``, left out of the line):
    the generated spaces parting the letters of letter-spaced words (see the module's docs)."""
    if _HINT.search(text) is None:
        return {}
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    refs = tuple(ctypes.byref(v) for v in (left, right, bottom, top))

    def edges(k: int) -> tuple[float, float] | None:
        if not raw.FPDFText_GetCharBox(tp, k, *refs) or right.value <= left.value:
            return None
        return left.value, right.value

    out: dict[int, str] = {}
    for m in _RUN.finditer(text):
        spaces = [k for k in range(m.start() + 1, m.end(), 2) if raw.FPDFText_IsGenerated(tp, k) == 1]
        if len(spaces) < MIN_GENERATED:
            continue  # (spaces the document holds are its own: its words' blanks)
        blanks: list[float] = []
        for k in spaces:
            a, b = edges(k - 1), edges(k + 1)
            if a is None or b is None or b[0] < a[1] - 1.0:
                break  # (a letter with no box, or the next one back left: no line of tracking)
            blanks.append(b[0] - a[1])
        else:
            usual = statistics.median(blanks)
            if usual <= 0 or usual > TRACKING * raw.FPDFText_GetFontSize(tp, m.start()):
                continue  # (letters columns apart: a table's marks, a letter a cell)
            if sum(1 for g in blanks if abs(g - usual) <= ALIKE * usual) < ALIKE_SHARE * len(blanks):
                continue
            out.update({k: "\x00" for k, g in zip(spaces, blanks, strict=True) if g <= WORD_BLANK * usual})
    return out
