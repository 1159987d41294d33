"""Entries of a book's index, one a row, set without a gap between them.

An index sets each entry on a row of its own ("Bono, Sonny, 215, 325n"), sub-entries set in under
a head entry ("books:" over "free on-line releases of, 72–73, 284–85"), and an entry too long for
its row wrapped with a deeper hanging indent. Its rows are short and rarely leave room for the
first word of the next entry, so the checks of :mod:`pdfcore.structure.units` join neighbours.
A block is an index when INDEX_MIN_ROWS rows or more end with page references (``, 215``, a
range ``, 148–53``, a note's page ``, 317n``, a roman page ``, xiv``) and INDEX_SHARE of its rows
or more close an entry (with page references, or holding them alone: a wrapped page list's end);
on a page whose rows read as an index, a block with one such row is one too (a column's last
entries, set apart by a letter's gap). In such a block a row ending with page references closes
its entry (a page list that wraps leaves a comma at the row's end), and so does a cross reference
("see also ...", "Aktion, siehe Gruppenoperation") when the row below is not set in from it; such
an entry, or a cross reference, is whole and never runs on into the paragraph after it. Every
unit of an index is a list item (an entry), its sub-entries nested under it by their indent (see
:func:`pdfcore.structure.classify.classify`).
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
#: The characters a page reference ends with.
_REF_ENDS = frozenset("0123456789nivxlc")
#: A row holding page references only (the wrapped end of an entry: "85–94", "58–59, 74").
_PAGES_ONLY = re.compile(f"(?=\\d){_PAGE_REF}(?:,\\s{_PAGE_REF})*$")
#: A row (set in) that opens a cross reference of the entry above (English, German, French).
_SEE = re.compile(r"(?:see|See|siehe|Siehe|voir|Voir)\b")
#: A row starting this many points right of the row above is set in from it.
SET_IN = 2.0
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


def index_block(rows: Sequence[Row], *, on_index_page: bool = False) -> bool:
    """The block ``rows`` reads as an index (see the module docstring): INDEX_MIN_ROWS rows or
    more end with page references, and INDEX_SHARE of its rows close an entry (with page
    references, or holding nothing else: a page list's wrapped end). On a page whose rows read
    as an index (``on_index_page``), one row ending with page references is enough (a column's
    last entries, set apart by a letter's gap)."""
    # (read on every block of every page: a row whose text ends in no digit nor a roman page's
    # or a note's letter is looked at no further)
    least = 1 if on_index_page else INDEX_MIN_ROWS
    refs = [r for r in rows if r.text.rstrip()[-1:] in _REF_ENDS]
    if len(refs) < least:
        return False
    ending = [ends_with_pages(r) for r in refs]
    n = sum(ending)
    if n < least:
        return False
    alone = sum(1 for r, e in zip(refs, ending, strict=True) if not e and _PAGES_ONLY.match(r.text.strip()))
    return n + alone >= INDEX_SHARE * len(rows)


def _closes(row: Row) -> bool:
    """In an index, ``row`` ends its entry: it ends with page references after a comma, or holds
    nothing else (an entry's wrapped end)."""
    return ends_with_pages(row) or _PAGES_ONLY.match(row.text.strip()) is not None


def entry_closed(rows: Sequence[Row]) -> bool:
    """In an index, the unit of ``rows`` is a whole entry: it ends with page references, or it
    is a cross reference ("see also Internet Archive")."""
    return _closes(rows[-1]) or _SEE.match(rows[0].text) is not None


def entry_ends(entry: Sequence[Row], row: Row) -> bool:
    """In an index, the rows ``entry`` close their entry: the last ends with page references (a
    cross reference under it, "see also film industry", is an item of its own, nested by its
    indent); or they hold a cross reference (``Aktion, siehe Gruppenoperation``, ``see also
    innovation``) and ``row`` is not set in from their first (the reference's wrapped end is)."""
    if _closes(entry[-1]):
        return True
    refers = any(_SEE_AFTER_COMMA.search(r.text) or _SEE.match(r.text) for r in entry)
    return refers and row.x0 <= entry[0].x0 + SET_IN


def entry_wraps(row: Row, below: Row) -> bool:
    """In an index, ``below`` (set in from ``row``) goes on with ``row``'s entry: ``row`` closes
    no entry and heads none (a head entry ends with a colon, "books:", over its sub-entries), and
    ``below`` is no cross reference."""
    return not _closes(row) and not row.text.rstrip().endswith(":") and not _SEE.match(below.text)


def entry_heads(row: Row, below: Row) -> bool:
    """In an index, ``row`` (closing no entry, with room left for the first word of ``below``, set
    in under it) may be a head entry over its first sub-entry ("Abbildung" over "affine, 107"):
    not when it ends with a comma or holds a cross reference (a page list or a reference wraps
    there: "composers, copyright protections of," over "55–59, 74"), nor when ``below`` holds page
    references only."""
    text = row.text.rstrip()
    return (
        not text.endswith(",")
        and _SEE_AFTER_COMMA.search(text) is None
        and _SEE.match(text) is None
        and _PAGES_ONLY.match(below.text.strip()) is None
    )
