"""Accents drawn as glyphs of their own over or under a letter (TeX's ``\\"{\\i}``, ``\\"o``,
``\\c{c}``): the text layer gives the accent as a spacing character beside the letter,
``na¨ıve``, ``B¨orsch``. Such an accent is joined to its letter when the two make one letter of
Unicode (``naïve``, ``Börsch``); an accent over a letter with no such form (a mathematical
``x˜``) stays as drawn. The letter takes the joined form and the accent's place in the page's
text is marked left out (``\x00``, dropped when the line is read), so the text keeps pdfium's
character offsets. An accent drawn after the rest of its line stands at the line's end in the
text (``Kubler ... at ¨``): it is joined to the letter of its line it is drawn over.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Iterator
from typing import Any

from adapters._accents import SPACING, Box, drawn_over, joined, letter_under, outward


def joined_accents(raw: Any, tp: Any, text: str) -> dict[int, str]:
    """Characters of the page's ``text`` to replace (offset: new character) to join each
    spacing accent to the letter next to it (after it first, as TeX draws them; else before it)
    that it is drawn over or under, when the two make one letter of Unicode."""
    if not SPACING.search(text):
        return {}
    out: dict[int, str] = {}
    used: set[int] = set()  # the offsets of accents and letters joined
    box = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    refs = tuple(ctypes.byref(v) for v in box)

    def char_box(k: int) -> Box | None:
        if not raw.FPDFText_GetCharBox(tp, k, *refs):
            return None
        left, right, bottom, top = (v.value for v in box)
        return (left, right, bottom, top) if right > left and top > bottom else None

    def char(j: int) -> str:
        return text[j] if 0 <= j < len(text) and j not in used else ""

    for m in SPACING.finditer(text):
        k = m.start()
        accent = char_box(k)
        if accent is None:
            continue

        def over(j: int, accent: Box = accent) -> bool:
            letter = char_box(j)
            return letter is not None and drawn_over(accent, letter)

        # drawn after the rest of its line, the accent stands at the line's end: the letters of
        # its line, nearest first
        found = letter_under(k, _line_of(text, k), char, over)
        if found is None:
            continue
        letter = joined(text[found], text[k])
        if letter is not None:
            out[found], out[k] = letter, "\x00"
            used.update((found, k))
    return out


#: Ends of a line in the page's text.
_LINE_ENDS = "\r\n"


def _line_of(text: str, k: int) -> Iterator[int]:
    """The offsets of the line of ``text`` holding offset ``k``, nearest to it first."""
    start = max(text.rfind("\r", 0, k), text.rfind("\n", 0, k)) + 1
    ends = [e for e in (text.find(c, k) for c in _LINE_ENDS) if e >= 0]
    return outward(k, start, min(ends) if ends else len(text))


#: A joined accent's mark with the space before it, when a space or the line's end follows.
_LEFT_OUT = re.compile(" ?\x00(?= |$)")


def left_out(words: str) -> str:
    """A line's text without the marks of accents joined to their letters (nor the space an
    accent standing apart between words, or at the line's end, leaves behind)."""
    return _LEFT_OUT.sub("", words).replace("\x00", "").strip()
