"""TextExtractor: what a PDF is and what its pages say."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from pdfcore.models import DocumentFacts, DocumentSource, PageText


class TextExtractor(Protocol):
    """Reads document structure and page text.

    Contract:

    - Page indexes are 0-based. Geometry is in page space: PDF points, top-left origin of the
      page as displayed (after /Rotate), relative to the crop box.
    - ``inspect`` reads no page text: page count, metadata, outline (1-based target pages),
      page sizes, rotations and labels.
    - ``extract`` yields one :class:`PageText` per requested index, in the order given, with the
      page text in reading order, its text blocks and their boxes, distinct images, hidden-text
      spans and quality warnings. It never yields a page that was not requested.
    - ``PageText.annotations``, when an extractor reads the page's links and annotations with
      its text, is exactly what :meth:`DocumentExtras.page_annotations` gives for that page
      (empty when it has none); an extractor that does not read them (or not for that page)
      leaves it ``None``.
    - Implementations are safe to call from several threads (they serialise internally).

    Errors that may escape: ``password_required``, ``password_incorrect``, ``malformed_pdf``,
    ``extraction_failed``, ``page_out_of_range``, ``file_changed``.
    """

    def inspect(self, source: DocumentSource) -> DocumentFacts: ...

    def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]: ...
