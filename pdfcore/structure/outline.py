"""A document's outline (bookmarks) against the text of its pages: its entries by page, and the
entry of a unit's page naming the unit's text, if any (see :func:`match_outline`). Learning the
style (:mod:`pdfcore.structure.style`), a bookmark naming a unit votes for the level of the
unit's style; classifying a page (:mod:`pdfcore.structure.classify`), a unit a bookmark names
is a heading at the bookmark's level.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from pdfcore.models import OutlineEntry

#: An outline title names a unit whose normalised text is at least this similar to it.
OUTLINE_SIMILAR = 0.85


def outline_by_page(outline: Sequence[OutlineEntry]) -> dict[int, list[OutlineEntry]]:
    out: dict[int, list[OutlineEntry]] = defaultdict(list)
    for e in outline:
        if e.page and e.title.strip():
            out[e.page].append(e)
    return out


_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
_LEADING_NUMBER = re.compile(r"^(?:[A-Z]|\d+)(?:\.\d+)*\.?\s+")
#: A chapter's label before its title: a word such as "Chapter" and a number (in figures, roman
#: numerals or words), or a number closed by a colon or a period ("CHAPTER TWO:", "2:", "IV.").
_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty"
)
_TITLE_LABEL = re.compile(
    r"^(?:(?:chapter|part|section|appendix|book|lecture|lesson)\s+(?:\d+|[ivxlc]+|"
    + _NUMBER_WORDS
    + r")\b\s*[.:]?|(?:\d+|[ivxlc]+)\s*[.:])\s*",
    re.IGNORECASE,
)


def normalise_title(text: str) -> str:
    return _NON_WORD.sub(" ", text.lower()).strip()


def match_outline(text: str, entries: Sequence[OutlineEntry]) -> OutlineEntry | None:
    """The outline entry (of the unit's page) naming this text, if any: the same words, with or
    without a leading number; else the same title after a chapter's label on both sides
    (``CHAPTER TWO: “Mere Copyists”`` and ``2: "Mere Copyists"``); else the entry the text
    starts with; else the most similar one.
    An entry naming the text exactly wins over one only like it ("A.4.9. Access Control 1a"
    is not "A.4. Access Control 1" when both are on the page)."""
    norm = normalise_title(text)
    if not norm:
        return None
    bare = normalise_title(_LEADING_NUMBER.sub("", text))
    prefix: OutlineEntry | None = None
    best: tuple[float, OutlineEntry] | None = None
    named: OutlineEntry | None = None
    labelled = normalise_title(_TITLE_LABEL.sub("", text, count=1)) if _TITLE_LABEL.match(text) else ""
    for e in entries:
        title = normalise_title(e.title)
        if not title:
            continue
        if title in (norm, bare) or normalise_title(_LEADING_NUMBER.sub("", e.title)) in (norm, bare):
            return e
        if (
            named is None
            and len(labelled) >= 3
            and _TITLE_LABEL.match(e.title)
            and normalise_title(_TITLE_LABEL.sub("", e.title, count=1)) == labelled
        ):
            named = e  # "2: "Mere Copyists"" names "CHAPTER TWO: “Mere Copyists”"
        if prefix is None and len(title) >= 8 and norm.startswith(title) and len(title) >= 0.6 * len(norm):
            prefix = e
        if prefix is None and min(len(title), len(norm)) >= 8:
            ratio = _similar(title, norm)  # "Chapter 1: Creators" names "CHAPTER ONE: Creators"
            if ratio >= OUTLINE_SIMILAR and (best is None or ratio > best[0]):
                best = (ratio, e)
    if named is not None:
        return named
    if prefix is not None:
        return prefix
    return None if best is None else best[1]


def _similar(a: str, b: str) -> float:
    import difflib

    m = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return m.ratio() if m.real_quick_ratio() >= OUTLINE_SIMILAR and m.quick_ratio() >= OUTLINE_SIMILAR else 0.0
