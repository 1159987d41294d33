"""Doubled letters the pdfium text layer drops: a letter drawn right after the same letter, each
a text object of its own, whose glyph boxes overlap by half or more (an italic ``f`` reaches far
past its advance: ``ff`` in ``affect``).

pdfium takes such a second object for a copy of the first drawn again to fake bold, and leaves
it out of the text; the gap it leaves becomes a space: ``af ect``, ``dif er``, ``Spin-of our``.
This module finds each dropped copy among the page's objects. Inside a word the letter takes
the place of that space, so the page's text keeps pdfium's character offsets; before a word
gap (the space stands for it), or where pdfium left no space, the letter is put in on the line
read from there.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from adapters._pdfium import PageSpace, unchecked
from adapters._pdfium_objects import PlainRun, run_text

#: A copy drawn less than this share of its glyph's height from the first is fake bold (a
#: glyph drawn twice a hair apart, rightly read once), not a second letter.
MIN_SHIFT = 0.15
#: The copy's box is the first's, moved along the line: both sizes and the baseline agree
#: within this many points.
SAME_BOX = 0.05
#: The copy continues the word when the character after it starts within this share of the
#: glyph's height of where the copy's advance ends (a letter, a drawn space, a full stop);
#: farther off is a word gap, which the space already there stands for.
GLUED = 0.15
#: The first copy is looked for among the objects drawn at most this many before the second
#: (a copy drawn again to fake bold may stand between them).
LOOK_BACK = 3
#: Pages drawn a glyph or a few at a time are looked at: this many characters of text per text
#: object or fewer. (Text drawn a word or a line per object never draws one letter twice over.)
GLYPHS_PER_OBJECT = 4


@dataclass(frozen=True, slots=True)
class Doubles:
    """A page's dropped doubled letters by character offset: ``inside`` a word, where the
    letter replaces the space pdfium put in its place; ``put_in`` before the character at the
    offset (the space there stands for a word gap, or pdfium left no space at all)."""

    inside: dict[int, str] = field(default_factory=dict)
    put_in: dict[int, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.inside or self.put_in)


def dropped_doubles(raw: Any, tp: Any, text: str, runs: Iterable[PlainRun], space: PageSpace) -> Doubles:
    """The page's spaces that stand for a dropped doubled letter (see :class:`Doubles`).

    ``runs`` are the page's text objects in drawing order (see
    :func:`adapters._pdfium_objects.visible_runs`); ``text`` is the page's text. Only upright
    pages drawn a few glyphs per object (GLYPHS_PER_OBJECT) and text running left to right are
    looked at. A letter is given back when a text
    object drawn at most LOOK_BACK objects after the one letter it repeats has the same box moved
    along the line by at least MIN_SHIFT of its height and at most half its width, and pdfium
    gave it no text. It replaces the space pdfium generated after the first copy when the
    character after that space starts where the copy's advance ends (GLUED); else it is put in
    after the first copy.
    """
    found = Doubles()
    if space.rotation != 0:
        return found
    runs = list(runs)
    if GLYPHS_PER_OBJECT * len(runs) < len(text):
        return found
    recent: list[PlainRun] = []  # the runs drawn right before, nearest first
    for run in runs:
        order, x0, y0, x1, y1, _r = run
        w, h = x1 - x0, y1 - y0
        for prev in recent:
            if order - prev[0] > LOOK_BACK:
                break
            _po, px0, py0, px1, py1, _pr = prev
            shift = x0 - px0
            if (
                MIN_SHIFT * h <= shift <= w / 2
                and abs(w - (px1 - px0)) <= SAME_BOX
                and abs(y0 - py0) <= SAME_BOX
                and abs(h - (py1 - py0)) <= SAME_BOX
            ):
                hit = _given_back(raw, tp, text, prev, run, space)
                if hit is not None:
                    (found.inside if hit[2] else found.put_in)[hit[0]] = hit[1]
                    break
        recent.insert(0, run)
        if len(recent) > LOOK_BACK:
            recent.pop()
    return found


def _given_back(
    raw: Any, tp: Any, text: str, first: PlainRun, copy: PlainRun, space: PageSpace
) -> tuple[int, str, bool] | None:
    """(offset, letter, in place) when ``copy`` is a dropped second copy of ``first``'s one
    letter: in place of the space pdfium generated at that offset when the word goes on right
    after the copy, else to put in before the character at that offset (see dropped_doubles)."""
    if run_text(raw, tp, copy[5]) != "":
        return None  # pdfium read it: not dropped
    letter = run_text(raw, tp, first[5]).strip()
    if len(letter) != 1 or not letter.isalpha():
        return None
    k = _char_of(raw, tp, first, space)
    if k is None or text[k] != letter:
        return None
    if k + 2 >= len(text) or text[k + 1] != " " or not raw.FPDFText_IsGenerated(tp, k + 1):
        return k + 1, letter, False  # no space in the gap: the letter is simply missing
    height = first[4] - first[2]
    shift = copy[1] - first[1]
    x, y = ctypes.c_double(), ctypes.c_double()
    if not raw.FPDFText_GetCharOrigin(tp, k, ctypes.byref(x), ctypes.byref(y)):
        return None
    # the copy ends one advance past its origin; a doubled letter is drawn that advance
    # (less kerning) after the first, so it ends about two shifts past the first's origin
    end = x.value + 2 * shift
    if not raw.FPDFText_GetCharOrigin(tp, k + 2, ctypes.byref(x), ctypes.byref(y)):
        return None
    return k + 1, letter, x.value - end <= GLUED * height


def _char_of(raw: Any, tp: Any, run: PlainRun, space: PageSpace) -> int | None:
    """The offset of the character drawn by the text object of ``run``, found at its box's
    middle (user space) and checked against the object pdfium gives for it."""
    _o, x0, y0, x1, y1, obj = run
    x, y = space.left + (x0 + x1) / 2, space.top - (y0 + y1) / 2
    k = raw.FPDFText_GetCharIndexAtPos(tp, ctypes.c_double(x), ctypes.c_double(y), 1.0, 1.0)
    if k < 0:
        return None
    want = ctypes.cast(obj, ctypes.c_void_p).value
    get_object = unchecked().text_object
    n = raw.FPDFText_CountChars(tp)
    for j in (k, k - 1, k + 1, k - 2, k + 2):
        if 0 <= j < n and get_object(tp, j) == want:
            return int(j)
    return None
