"""Entries of a book's index, one a row, set without a gap between them.

An index sets each entry on a row of its own ("Bono, Sonny, 215, 325n"), sub-entries set in under
a head entry ("books:" over "free on-line releases of, 72–73, 284–85"), and an entry too long for
its row wrapped with a deeper hanging indent. Its rows are short and rarely leave room for the
first word of the next entry, so the checks of :mod:`pdfcore.structure.units` join neighbours.
A block is an index when INDEX_MIN_ROWS rows or more, INDEX_SHARE of them or more, end with page
references (``, 215``, a range ``, 148–53``, a note's page ``, 317n``, a roman page ``, xiv``);
in such a block a row ending with page references closes its entry (a page list that wraps
leaves a comma at the row's end), unless the row below is a cross reference ("see also ..."); such
an entry, or a cross reference, is whole and never runs on into the paragraph after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore.structure.rows import Row

#: A block of fewer rows ending with page references than this is no index.
INDEX_MIN_ROWS = 6
#: The share of a block's rows that end with page references in an index.
INDEX_SHARE = 0.5
#: A row's end after a comma and a space: a page (note pages "317n"), a range ("148–53",
#: "329n–30n") or a roman page ("xiv").
_PAGE_REF = r"(?:\d{1,4}n?(?:[–-]\d{1,4}n?)?|[ivxlc]{1,6})"
_PAGE_REFS_END = re.compile(f",\\s{_PAGE_REF}$")
#: A row holding page references only (the wrapped end of an entry: "85–94", "58–59, 74").
_PAGES_ONLY = re.compile(f"(?=\\d){_PAGE_REF}(?:,\\s{_PAGE_REF})*$")
#: A row (set in) that opens a cross reference of the entry above.
_SEE = re.compile(r"(?:see|See)\b")
#: A cross reference inside an entry's text: ``, see ...`` / ``, see also ...``.
_SEE_AFTER_COMMA = re.compile(r",\s" + _SEE.pattern)


def ends_with_pages(row: Row) -> bool:
    """``row`` ends with a page reference after a comma (``Bono, Sonny, 215, 325n``)."""
    return text_ends_with_pages(row.text)


def text_ends_with_pages(text: str) -> bool:
    """``text`` ends with a page reference after a comma, as an index entry does."""
    return _PAGE_REFS_END.search(text.rstrip()) is not None


def entry_text(text: str) -> bool:
    """``text`` reads as an index's entry: it ends with page references after a comma
    (``pornography on, 325n``) or holds a cross reference (``..., see peer-to-peer file
    sharing``)."""
    return text_ends_with_pages(text) or _SEE_AFTER_COMMA.search(text) is not None


def index_block(rows: Sequence[Row]) -> bool:
    """The block ``rows`` reads as an index (see the module docstring)."""
    n = sum(1 for r in rows if ends_with_pages(r))
    return n >= INDEX_MIN_ROWS and n >= INDEX_SHARE * len(rows)


def _closes(row: Row) -> bool:
    """In an index, ``row`` ends its entry: it ends with page references after a comma, or holds
    nothing else (an entry's wrapped end)."""
    return ends_with_pages(row) or _PAGES_ONLY.match(row.text.strip()) is not None


def entry_closed(rows: Sequence[Row]) -> bool:
    """In an index, the unit of ``rows`` is a whole entry: it ends with page references, or it
    is a cross reference ("see also Internet Archive")."""
    return _closes(rows[-1]) or _SEE.match(rows[0].text) is not None


def entry_ends(prev: Row, row: Row) -> bool:
    """In an index, ``prev`` closes its entry: it ends with page references and ``row`` is no
    cross reference under it."""
    return _closes(prev) and not _SEE.match(row.text)
