"""Bold lead-ins: the words a line opens with set in bold before words that are not
(``Policyholder:`` before a name, ``Locks.`` opening an endorsement's sentence, a list item's
``Panels:`` after its bullet), told from the font facts of a few of its characters.

A line's font facts are its first and last characters' (see :mod:`adapters._pdfium_rows`), so
a line bold only at its start reads as not bold; here the end of its bold words is found by
halving between a bold character and the line's last, which is not, asking the font of a
character (cached per text object) a few times. Lines bold throughout or not at all (nearly
every line) are not looked at beyond their first and last characters.
"""

from __future__ import annotations

import re
from typing import Any

#: A list item's marker opening a line, and the blank after it: a bullet or a dash, a number or
#: a letter closed by a stop or a bracket.
_MARKER = re.compile(
    r"(?:[\u2022\u25cf\u25aa\u25a0\u25e6\u2023\u25ba\u2013*\u00b7-]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s+"
)


def bold_lead(raw: Any, words: str, first: int, line_facts: Any, *, head_bold: bool) -> str:
    """The bold lead-in ``words`` (a line's text, its character ``k`` the page's ``first + k``,
    not bold throughout) opens with, after its list marker if any; "" when none. ``head_bold``:
    whether its first character is bold. A lead-in ends a word, a blank after it; it holds a
    letter, the start of each of its words bold (a line bold again further on has its bold
    words apart: no lead-in)."""
    start = 0
    if not head_bold:
        m = _MARKER.match(words)
        if m is None or m.end() >= len(words) or not line_facts(raw, first + m.end())[1]:
            return ""
        start = m.end()
    spots = [k for k in range(start, len(words)) if not words[k].isspace()]
    if len(spots) < 2:
        return ""
    lo, hi = 0, len(spots) - 1
    if line_facts(raw, first + spots[hi])[1]:
        return ""  # (after a marker: bold to its end, a bold item)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if line_facts(raw, first + spots[mid])[1]:
            lo = mid
        else:
            hi = mid
    end = spots[lo] + 1
    lead, rest = words[start:end], words[end:]
    if not rest[:1].isspace() or "*" in lead or "_" in lead or not any(c.isalpha() for c in lead):
        return ""
    at = start
    for word in lead.split():
        at = words.index(word, at)
        if not line_facts(raw, first + at)[1]:
            return ""  # bold words further on, not a lead-in
        at += len(word)
    return lead
