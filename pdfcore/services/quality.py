"""Page quality signals: stable warning codes derived from what extraction found.

Codes (part of the public API):

- ``no_text``: the page has no text layer at all.
- ``likely_scanned``: little or no text, and raster images cover most of the page; OCR it.
- ``garbled_text``: many characters are unmapped glyphs (U+FFFD, private-use, control chars;
  control characters are taken out of the text first, see :mod:`pdfcore.layout.controls`, and
  counted here): the font has no usable Unicode mapping; render or OCR the page.
- ``hidden_text``: the page carries text a human reader cannot see (see content trust).
- ``extraction_failed``: the engine could not read this page (the rest of the document was read).
- ``outside_crop_text``: text in the printer's margin (outside the visible crop box: crop
  marks, slugs) was left out of the page text.
- ``running_heads_stripped`` / ``running_heads_flagged``: running heads or feet (page numbers
  included) were taken out of the page text / left in it; either way they are listed in
  ``PageText.furniture`` (see :mod:`pdfcore.services.furniture`).
- ``line_numbers_stripped`` / ``line_numbers_flagged``: the same for a column of line numbers in
  the margin (legal and draft documents).
- ``margin_stamps_stripped`` / ``margin_stamps_flagged``: the same for a stamp set sideways in
  the page's outer margin (an arXiv identifier, a proof's printing stamp).
"""

from __future__ import annotations

import re

from attrs import evolve

from pdfcore.geometry import area, intersection
from pdfcore.layout import assemble
from pdfcore.layout.controls import clean_controls
from pdfcore.models import Box, DocumentFacts, PageText
from pdfcore.services import furniture
from pdfcore.services.profile import DocumentProfile
from ports.word_list import WordList

MIN_USABLE_CHARS = 20
SCAN_IMAGE_COVERAGE = 0.5
GARBLED_FRACTION = 0.1

#: Warnings that mean "the native text layer cannot be trusted to be complete".
UNUSABLE = frozenset({"no_text", "likely_scanned", "garbled_text", "extraction_failed"})


def finish_page(
    page: PageText,
    facts: DocumentFacts,
    profile: DocumentProfile | None = None,
    *,
    running_heads: str = furniture.STRIP,
    join_hyphenation: bool = True,
    common: WordList | None = None,
) -> PageText:
    """An extractor's raw page in its cached form: furniture found (running heads and feet by the
    document's ``profile``, line numbers on the page) and stripped or flagged per
    ``running_heads``, control characters taken out, lines in reading order (broken words
    joined, checked against the profile's words and the ``common`` words of English), quality
    warnings."""
    page, controls = clean_controls(page)
    page = furniture.apply(page, facts, profile.furniture if profile else None, mode=running_heads)
    page = assemble(
        page, join_hyphenation=join_hyphenation, words=profile.words if profile else frozenset(), common=common
    )
    width, height = _page_size(page, facts)
    computed = [w for w in warnings_for(page, width, height, controls=controls) if w not in page.warnings]
    return evolve(page, warnings=(*page.warnings, *computed)) if computed else page


def _page_size(page: PageText, facts: DocumentFacts) -> tuple[float, float]:
    if 0 <= page.index < len(facts.pages):
        info = facts.pages[page.index]
        return info.width, info.height
    return 612.0, 792.0


def image_coverage(page: PageText, width: float, height: float) -> float:
    if width <= 0 or height <= 0:
        return 0.0
    page_box = Box(0.0, 0.0, width, height)
    covered = 0.0
    for img in page.images:
        for b in img.placements or ((img.bbox,) if img.bbox else ()):
            inter = intersection(b, page_box)
            if inter is not None:
                covered = max(covered, area(inter))
    return covered / (width * height)


_GARBLED = re.compile("[\ufffd\ue000-\uf8ff\x00-\x08\x0b\x0c\x0e-\x1f]")


def garbled_fraction(text: str, controls: int = 0) -> float:
    """Share of non-space characters that are unmapped glyphs (U+FFFD, private use, controls),
    counting ``controls`` control characters taken out of ``text`` before."""
    if not controls and _GARBLED.search(text) is None:
        return 0.0  # the common case, found without splitting the text
    n = len("".join(text.split())) + controls
    if not n:
        return 0.0
    return (len(_GARBLED.findall(text)) + controls) / n


def warnings_for(page: PageText, width: float, height: float, *, controls: int = 0) -> list[str]:
    """The quality warnings of a finished page; ``controls``: control characters taken out of
    its text (unmapped glyphs, counted for ``garbled_text``)."""
    out: list[str] = []
    coverage = image_coverage(page, width, height)
    if page.char_count == 0 and coverage < SCAN_IMAGE_COVERAGE:
        out.append("no_text")
    elif page.char_count < MIN_USABLE_CHARS and coverage >= SCAN_IMAGE_COVERAGE:
        out.append("likely_scanned")
    if page.char_count + controls >= 10 and garbled_fraction(page.text, controls) > GARBLED_FRACTION:
        out.append("garbled_text")
    if page.hidden:
        out.append("hidden_text")
    return out


def usable(page: PageText) -> bool:
    return not (set(page.warnings) & UNUSABLE)
