"""Control characters in extracted text: glyphs the font gave no Unicode for.

A font without a usable Unicode mapping makes pdfium report a glyph by its code, and small
codes are control characters (C0, DEL, C1): a hyphen in some TeX and subset fonts
(``sub\\x02`` at a line end), a bullet (``\\x17RAI``), a bracket or an end-of-proof box of a
math font, letters of a custom transliteration font (``Qa\\x1aqa\\x1ayan``). None is text a
reader can use, and they break searches and excerpts, so they never reach a page's text:

- after a letter at the end of a line, it was the hyphen of a word broken there: ``-`` (the
  layout then joins the word as for a printed hyphen);
- between two letters, a letter is missing: U+FFFD, so the word reads as incomplete rather
  than as another word;
- anywhere else (a bullet, a bracket, a symbol): removed.

Tab and line feed are kept. :func:`clean_controls` tells how many it replaced or removed, so the
page's quality check counts them as unmapped glyphs (a page with many gets ``garbled_text``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import evolve

from pdfcore.models import PageText, TextLine

#: C0 controls but tab and line feed, DEL, C1 controls.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: A word broken at the line end by a hyphen glyph reported as a control character.
_LINE_END_HYPHEN = re.compile("(?<=[^\\W\\d_])[\x00-\x08\x0b-\x1f\x7f-\x9f]+\\s*$")
#: Inside a word: letters on both sides.
_INSIDE_WORD = re.compile("(?<=[^\\W\\d_])[\x00-\x08\x0b-\x1f\x7f-\x9f]+(?=[^\\W\\d_])")
_SPACES = re.compile(" {2,}")


def has_controls(text: str) -> bool:
    return _CONTROL.search(text) is not None


def clean_text(text: str) -> tuple[str, int]:
    """``text`` (one line) without control characters, and how many were taken out (read as a
    hyphen or removed; those inside a word stay, as U+FFFD)."""
    total = len(_CONTROL.findall(text))
    if not total:
        return text, 0
    kept = 0

    def missing(m: re.Match[str]) -> str:
        nonlocal kept
        kept += len(m.group())
        return "\ufffd" * len(m.group())

    text = _INSIDE_WORD.sub(missing, _LINE_END_HYPHEN.sub("-", text))
    return _SPACES.sub(" ", _CONTROL.sub("", text)).strip(), total - kept


def clean_lines(lines: Sequence[TextLine]) -> tuple[tuple[TextLine, ...], int]:
    """The lines without control characters (a line left empty is dropped), and how many."""
    out: list[TextLine] = []
    total = 0
    for ln in lines:
        if _CONTROL.search(ln.text) is None:
            out.append(ln)
            continue
        text, n = clean_text(ln.text)
        total += n
        if text:
            out.append(evolve(ln, text=text))
    return tuple(out), total


def clean_controls(page: PageText) -> tuple[PageText, int]:
    """The page with control characters taken out of its lines (see the module docstring), and
    how many there were. Pages without any (nearly all) are returned as they are, after one
    search over their text."""
    if not page.lines:
        if not page.text or _CONTROL.search(page.text) is None:
            return page, 0
        cleaned = [clean_text(t) for t in page.text.split("\n")]
        return evolve(page, text="\n".join(t for t, _ in cleaned), char_count=0), sum(n for _, n in cleaned)
    if _CONTROL.search("".join([ln.text for ln in page.lines])) is None:
        return page, 0
    lines, count = clean_lines(page.lines)
    return evolve(page, lines=lines), count
