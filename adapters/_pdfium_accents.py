"""Accents drawn as glyphs of their own over or under a letter (TeX's ``\\"{\\i}``, ``\\"o``,
``\\c{c}``): the text layer gives the accent as a spacing character beside the letter,
``na¨ıve``, ``B¨orsch``. Such an accent is joined to its letter when the two make one letter of
Unicode (``naïve``, ``Börsch``); an accent over a letter with no such form (a mathematical
``x˜``) stays as drawn. The letter takes the joined form and the accent's place in the page's
text is marked left out (``\x00``, dropped when the line is read), so the text keeps pdfium's
character offsets.
"""

from __future__ import annotations

import ctypes
import re
import unicodedata
from typing import Any

#: Spacing accents and the combining marks they stand for.
COMBINING = {
    "\u00a8": "\u0308",  # diaeresis
    "\u00b4": "\u0301",  # acute
    "\u0060": "\u0300",  # grave
    "\u02c6": "\u0302",  # circumflex
    "\u02dc": "\u0303",  # tilde
    "\u00af": "\u0304",  # macron
    "\u02d8": "\u0306",  # breve
    "\u02d9": "\u0307",  # dot above
    "\u02da": "\u030a",  # ring above
    "\u02dd": "\u030b",  # double acute
    "\u02c7": "\u030c",  # caron
    "\u00b8": "\u0327",  # cedilla (under the letter)
    "\u02db": "\u0328",  # ogonek (under the letter)
}
_SPACING = re.compile("[" + "".join(COMBINING) + "]")
#: Letters whose dot an accent replaces.
_DOTLESS = {"\u0131": "i", "\u0237": "j"}
#: The accent's middle lies over the letter: within its box, widened by this share of its width
#: each side (an accent centred on a narrow ``ı`` is wider than it).
OVER = 0.25
#: Above the letter: the accent's bottom at least this share of the letter's height above the
#: letter's bottom; under it: its top at most this share above.
ABOVE = 0.5
UNDER = 0.25


def joined_accents(raw: Any, tp: Any, text: str) -> dict[int, str]:
    """Characters of the page's ``text`` to replace (offset: new character) to join each
    spacing accent to the letter next to it (after it first, as TeX draws them; else before it)
    that it is drawn over or under, when the two make one letter of Unicode."""
    if not _SPACING.search(text):
        return {}
    out: dict[int, str] = {}
    used: set[int] = set()  # the offsets of accents and letters joined
    box = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    refs = tuple(ctypes.byref(v) for v in box)

    def char_box(k: int) -> tuple[float, float, float, float] | None:
        if not raw.FPDFText_GetCharBox(tp, k, *refs):
            return None
        left, right, bottom, top = (v.value for v in box)
        return (left, right, bottom, top) if right > left and top > bottom else None

    for m in _SPACING.finditer(text):
        k = m.start()
        accent = char_box(k)
        if accent is None:
            continue
        middle = (accent[0] + accent[1]) / 2
        for j in (k + 1, k - 1):
            if not (0 <= j < len(text)) or j in used or not text[j].isalpha():
                continue
            base = char_box(j)
            if base is None:
                continue
            left, right, bottom, top = base
            widen, height = OVER * (right - left), top - bottom
            if not left - widen <= middle <= right + widen:
                continue
            if not (accent[2] >= bottom + ABOVE * height or accent[3] <= bottom + UNDER * height):
                continue
            letter = unicodedata.normalize("NFC", _DOTLESS.get(text[j], text[j]) + COMBINING[text[k]])
            if len(letter) == 1:
                out[j], out[k] = letter, "\x00"
                used.update((j, k))
            break
    return out
