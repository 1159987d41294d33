"""TableExtractor: tables on a page as header + rows."""

from __future__ import annotations

from typing import Protocol

from pdfcore.models import Box, DocumentSource, Table

#: Stands in a cell where a word broken at a line's end had its hyphen (SOFT HYPHEN; see the
#: contract).
BROKEN_WORD = "\u00ad"


class TableExtractor(Protocol):
    """Finds tables on one page.

    Contract:

    - ``page`` is 0-based; returned ``bbox`` values are in page space (points, top-left origin).
    - ``regions``, when given, are the candidate areas where the caller's cheap geometry check saw
      a possible table; implementations may restrict their search to them.
    - Cells are strings ("" for an empty cell); every row has the same length, and so has the
      header unless it is empty (no header row recognised). Multi-row headers are merged into
      one. ``low_confidence`` marks a table whose structure may be wrong.
    - A word broken at a line's end inside a cell, its hyphen printed there, comes joined with a
      SOFT HYPHEN (U+00AD) where the hyphen stood (``sys\u00adtem``, ``well\u00adknown``): the
      caller decides from the words of the page whether the hyphen belongs to the word or only
      to the break. (A soft hyphen the document's own text holds may come too.)
    - A glyph the document's font maps to no character is U+FFFD (REPLACEMENT CHARACTER), as in
      the text extractor's text.
    - Thread-safe.
    - ``prepare(source)`` is a hint that tables of ``source`` will be asked for soon: an engine
      whose first call on a document costs far more than the next ones (loading itself, parsing
      the document) may pay that cost then, so the first ``extract_tables`` answers without it.
      It changes no answer; the default does nothing. It may raise the errors about the
      document itself that ``extract_tables`` may (callers treat them as a hint too: the real
      call reports them).

    Errors that may escape: ``malformed_pdf``, ``extraction_failed``, ``password_required``,
    ``password_incorrect``, ``resource_limit`` (a page too large to search), ``file_changed``,
    ``file_not_found``, ``page_out_of_range``.
    """

    def extract_tables(
        self, source: DocumentSource, page: int, *, regions: tuple[Box, ...] = ()
    ) -> tuple[Table, ...]: ...

    def prepare(self, source: DocumentSource) -> None:
        """Get ready to read ``source``'s tables soon (see the contract); nothing by default."""
        return None
