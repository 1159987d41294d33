"""Accents drawn as glyphs of their own over or under a letter (TeX's ``\\"{\\i}``, ``\\"o``,
``\\c{c}``): a text engine gives the accent as a spacing character of its own. The rule that
joins one to its letter, whatever engine read the characters: the accent is drawn over (or
under) the letter, close to it, and the two make one letter of Unicode (``ö``, ``ç``); an
accent over a letter with no such form (a mathematical ``x˜``) stays as drawn.

Boxes are ``(left, right, bottom, top)`` with y growing upwards.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator

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
SPACING = re.compile("[" + "".join(COMBINING) + "]")
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
#: Where boxes are the font's (not the ink's), an accent and its letter share this share of the
#: letter's height.
SHARED = 0.5

Box = tuple[float, float, float, float]


def drawn_over(accent: Box, letter: Box) -> bool:
    """Whether ``accent`` is drawn over or under ``letter``, close to it."""
    left, right, bottom, top = letter
    widen, height = OVER * (right - left), top - bottom
    middle = (accent[0] + accent[1]) / 2
    if not left - widen <= middle <= right + widen:
        return False
    over = top + NEAR * height >= accent[2] >= bottom + ABOVE * height
    return over or bottom - NEAR * height <= accent[3] <= bottom + UNDER * height


def set_over(accent: Box, letter: Box) -> bool:
    """Whether ``accent`` stands over ``letter`` where the engine gives each character its
    font's box (pdfminer: the accent's box as tall as the letter's, not its ink): its middle
    over the letter and the two boxes sharing at least half the letter's height."""
    left, right, bottom, top = letter
    widen = OVER * (right - left)
    middle = (accent[0] + accent[1]) / 2
    shared = min(top, accent[3]) - max(bottom, accent[2])
    return left - widen <= middle <= right + widen and shared >= SHARED * (top - bottom)


def joined(letter: str, accent: str) -> str | None:
    """The one letter of Unicode ``letter`` with ``accent`` makes, or None."""
    out = unicodedata.normalize("NFC", _DOTLESS.get(letter, letter) + COMBINING[accent])
    return out if len(out) == 1 else None


def outward(k: int, lo: int, hi: int) -> Iterator[int]:
    """The offsets from ``lo`` to ``hi`` (not included) but ``k``, nearest to ``k`` first (the
    one before it first at equal distance), made one by one as they are asked for."""
    for d in range(1, max(k - lo + 1, hi - k)):
        if k - d >= lo:
            yield k - d
        if k + d < hi:
            yield k + d


def letter_under(k: int, near: Iterable[int], text: Callable[[int], str], over: Callable[[int], bool]) -> int | None:
    """The letter the accent at ``k`` belongs to: of the characters beside it (``k + 1`` first,
    as TeX draws the accent before its letter; then ``k - 1``), the first it is drawn over; when
    neither is, the first of ``near`` (nearest first, see :func:`outward`) it is drawn over. ``text(j)`` is
    character ``j`` ('' when there is none or it is taken already)."""
    beside = [j for j in (k + 1, k - 1) if text(j).isalpha()]
    found = next((j for j in beside if over(j)), None)
    if found is None:
        found = next((j for j in near if j != k and text(j).isalpha() and over(j)), None)
    return found
