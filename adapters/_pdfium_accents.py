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
import unicodedata
from collections.abc import Callable
from functools import partial
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
#: And close to it: the accent's bottom at most this share of the letter's height over its top
#: (its top as far under its foot), not over a letter of the line above.
NEAR = 0.5


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

    def under(accent: tuple[float, float, float, float], j: int) -> bool:
        """Whether the letter at ``j`` is the one ``accent`` is drawn over or under."""
        base = char_box(j)
        if base is None:
            return False
        left, right, bottom, top = base
        widen, height = OVER * (right - left), top - bottom
        middle = (accent[0] + accent[1]) / 2
        if not left - widen <= middle <= right + widen:
            return False
        over = top + NEAR * height >= accent[2] >= bottom + ABOVE * height
        return over or bottom - NEAR * height <= accent[3] <= bottom + UNDER * height

    for m in _SPACING.finditer(text):
        k = m.start()
        accent = char_box(k)
        if accent is None:
            continue
        beside = [j for j in (k + 1, k - 1) if 0 <= j < len(text) and text[j].isalpha()]
        found = next((j for j in beside if j not in used and under(accent, j)), None)
        if found is None:  # drawn after the rest of its line: the letter of the line under it
            found = _on_line(text, k, used, partial(under, accent))
        if found is None:
            continue
        letter = unicodedata.normalize("NFC", _DOTLESS.get(text[found], text[found]) + COMBINING[text[k]])
        if len(letter) == 1:
            out[found], out[k] = letter, "\x00"
            used.update((found, k))
    return out


#: Ends of a line in the page's text.
_LINE_ENDS = "\r\n"


def _on_line(text: str, k: int, used: set[int], over: Callable[[int], bool]) -> int | None:
    """The nearest letter of the line holding offset ``k`` (not already joined) that ``over``
    accepts, or None."""
    start = max(text.rfind("\r", 0, k), text.rfind("\n", 0, k)) + 1
    ends = [e for e in (text.find(c, k) for c in _LINE_ENDS) if e >= 0]
    end = min(ends) if ends else len(text)
    near = sorted(range(start, end), key=lambda j: abs(j - k))
    return next((j for j in near if j != k and j not in used and text[j].isalpha() and over(j)), None)


#: A joined accent's mark with the space before it, when a space or the line's end follows.
_LEFT_OUT = re.compile(" ?\x00(?= |$)")


def left_out(words: str) -> str:
    """A line's text without the marks of accents joined to their letters (nor the space an
    accent standing apart between words, or at the line's end, leaves behind)."""
    return _LEFT_OUT.sub("", words).replace("\x00", "").strip()
