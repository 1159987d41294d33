"""Headings set run-in: a section's title in bold opening its first paragraph, the paragraph going
on on the same line. Numbered (``2.1 The Alarm Signals`` then ``The building has ...``; not
closed by a stop, as a clause's title run into its first sentence is: ``4.3 Waste.``) in a
document whose sections of the level above have headings of their own; or a few words with no
stop or colon after them before a sentence's capital (``Lab coats`` then ``Your lab coat must
...``), two of them on the page at least. Each becomes a heading over its paragraph."""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import evolve

from pdfcore.structure.heading_shape import numbering_depth
from pdfcore.structure.model import Element
from pdfcore.structure.style import MAX_LEVEL, DocumentStyle

#: A run-in heading: a number of two parts or more, then words opening with a capital; at most
#: this many words in all.
_NUMBERED = re.compile(r"\d{1,2}(?:\.\d{1,2}){1,3}\.?\s+[A-Z]")
MAX_WORDS = 10


def run_in_heads(elements: Sequence[Element], style: DocumentStyle) -> list[Element]:
    """``elements`` with each paragraph opening with a run-in heading cut into that heading and
    the paragraph. A numbered one's level: that of the document's headings numbered to its
    depth, else one under those numbered a level up (none known: it stays a paragraph); an
    unnumbered one's: one under the heading before it on the page, else under the document's
    least prominent heading style."""
    bare = [el for el in elements if _bare_head(el)]
    out: list[Element] = []
    above = 0  # the level of the last heading on the page
    deepest = max((level for _, level in style.levels), default=0)
    for el in elements:
        level = _run_in_level(el, style)
        if not level and len(bare) >= MIN_BARE and any(el is b for b in bare) and (above or deepest):
            level = min(MAX_LEVEL, (above or deepest) + 1)
        if level:
            rest = el.text[len(el.lead) :].strip()
            out.append(Element("heading", text=el.lead.strip(), bbox=el.bbox, level=level))
            out.append(evolve(el, text=rest, lead="", bold=False, open_start=False))
            continue
        if el.kind == "heading":
            above = el.level
        out.append(el)
    return out


#: An unnumbered run-in heading holds this many words at most; a page sets this many at least.
BARE_WORDS = 5
MIN_BARE = 2


def _bare_head(el: Element) -> bool:
    """A paragraph opening with a few bold words, a capital first, no stop, colon or other mark
    after them, then a sentence (``Lab coats`` / ``Your lab coat must be ...``; not a code or a
    list of terms after a label: ``BBF`` / ``GEN.DESIGN.12, ...``, ``TX`` / ``Primary tumor
    cannot be assessed``)."""
    lead = el.lead.strip()
    if el.kind != "paragraph" or not lead or len(lead.split()) > BARE_WORDS or not lead[0].isupper():
        return False
    rest = el.text[len(el.lead) :].split()
    return (
        _LOWER.search(lead) is not None
        and len(rest) >= SENTENCE_WORDS
        and _WORD.fullmatch(rest[0]) is not None
        and lead[-1].isalnum()
        and not lead[0].isdigit()
    )


#: The sentence after an unnumbered run-in heading opens with a word of letters, a capital first
#: (``Your``, ``EV``; not ``GEN.DESIGN.12``, nor ``Design,`` opening a list of terms) and holds
#: this many words at least.
_WORD = re.compile(r"[A-Z][A-Za-z’'-]*")
#: ... and the heading holds a word in lower case (not a code: ``TX``, ``T0``).
_LOWER = re.compile(r"[a-z]{2}")
SENTENCE_WORDS = 4


def _run_in_level(el: Element, style: DocumentStyle) -> int:
    lead = el.lead.strip()
    if el.kind != "paragraph" or not lead or len(lead) >= len(el.text.strip()) or len(lead.split()) > MAX_WORDS:
        return 0
    if not _NUMBERED.match(lead) or lead.endswith("."):
        return 0  # (closed by a stop: a clause's title run into its sentence, ``4.1 Waste.``)
    depth = numbering_depth(lead)
    levels = dict(style.levels)
    known = {d: levels[k] for k, d in style.depths if k in levels}
    if depth in known:
        return known[depth]
    if depth - 1 in known:
        return min(MAX_LEVEL, known[depth - 1] + 1)
    return 0
