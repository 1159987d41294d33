"""What finishing a page needs to know about its whole document, learnt once per document from
its sample pages (:func:`pdfcore.services.furniture.sample_indexes`: a fixed choice by page
count, so every process learns the same profile and a page reads the same on every path).

- ``furniture``: the running heads and feet (:mod:`pdfcore.services.furniture`);
- ``words``: the words the document uses whole (:func:`pdfcore.layout.hyphens.vocabulary`),
  which, with the page's own words, tell a compound broken at its hyphen from a word broken
  between syllables.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import field, frozen

from pdfcore.layout.controls import clean_controls
from pdfcore.layout.hyphens import vocabulary
from pdfcore.models import DocumentFacts, PageText
from pdfcore.services.furniture import NO_FURNITURE, FurnitureProfile, learn


@frozen
class DocumentProfile:
    furniture: FurnitureProfile = NO_FURNITURE
    words: frozenset[str] = field(default=frozenset(), repr=False)


NO_PROFILE = DocumentProfile()


def learn_profile(pages: Sequence[PageText], facts: DocumentFacts) -> DocumentProfile:
    """The document's profile from its sample pages' raw lines (control characters taken out,
    as they are when a page is finished)."""
    if not pages:
        return NO_PROFILE
    clean = [clean_controls(p)[0] for p in pages]
    return DocumentProfile(learn(clean, facts), vocabulary(ln.text for p in clean for ln in p.lines))
