"""A unit: consecutive rows of one block making one element of the Markdown (a paragraph, a
heading, a list item, a code block), its box, font facts and text computed from its rows.
:mod:`pdfcore.structure.units` cuts a block's rows into units; the page's parts classify and
move them.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.layout.hyphens import HYPHENS, Lexicon, ends_hyphenated, hyphen_join
from pdfcore.structure.glue import glue
from pdfcore.structure.rows import Row, small_opening


class Unit:
    """Consecutive rows of one block making one element (see :mod:`pdfcore.structure.units`).

    Its box, font facts and text are computed once (:meth:`refresh` after changing ``rows``).
    """

    __slots__ = (
        "bold",
        "closed",
        "entry",
        "hanging",
        "italic",
        "join",
        "kind",
        "lettered",
        "level",
        "lexicon",
        "marker",
        "mono",
        "rows",
        "size",
        "text",
        "underlined",
        "x0",
        "x1",
        "y0",
        "y1",
    )

    def __init__(self, rows: list[Row], join_hyphenation: bool = True, lexicon: Lexicon | None = None) -> None:
        self.rows = rows
        self.join = join_hyphenation
        #: The words that decide whether a word broken at a hyphen keeps it (the page's text, so
        #: the Markdown joins words as the page text does).
        self.lexicon = lexicon
        #: Set by the classification: "paragraph", "heading", "list_item", "code", "caption".
        self.kind = "paragraph"
        self.level = 0
        self.marker = ""
        #: A list item known by its hanging indent (its marker lost), see ``units._hangs``.
        self.hanging = False
        #: The marker of a lone letter read as a paragraph that the page before may go on from
        #: (see classify.lone_letters).
        self.lettered = ""
        #: An index entry closed by its page references: it never runs on (see index_rows.py).
        self.closed = False
        #: A unit of a book's index: an entry (or a sub-entry, set in under its head entry).
        self.entry = False
        self.refresh()

    def refresh(self) -> None:
        rows = self.rows
        first = rows[0]
        self.x0, self.y0, self.x1, self.y1 = first.x0, first.y0, first.x1, first.y1
        self.size, self.bold, self.mono, self.text = first.size, first.bold, first.mono, first.text
        self.italic, self.underlined = first.italic, first.underlined
        if len(rows) == 1:
            return
        x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
        longest = len(first.text)
        chars = bold = italic = 0
        mono = underlined = True
        for r in rows:
            n = len(r.text)
            x0 = r.x0 if r.x0 < x0 else x0
            y0 = r.y0 if r.y0 < y0 else y0
            x1 = r.x1 if r.x1 > x1 else x1
            y1 = r.y1 if r.y1 > y1 else y1
            if n > longest:
                longest, self.size = n, r.size
            chars += n
            if r.bold:
                bold += n
            if r.italic:
                italic += n
            mono = mono and r.mono
            underlined = underlined and r.underlined
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1
        self.bold = bold * 2 > max(chars, 1)
        self.italic = italic * 2 > max(chars, 1)
        self.mono = mono
        self.underlined = underlined
        self.text = join_rows(rows, self.join, self.lexicon)

    @property
    def first(self) -> Row:
        return self.rows[0]

    @property
    def last(self) -> Row:
        return self.rows[-1]

    @property
    def block(self) -> int:
        return self.rows[0].block

    @property
    def role(self) -> str:
        return self.rows[0].role

    def __repr__(self) -> str:
        return f"Unit({self.kind}, {self.text[:40]!r})"


def join_rows(rows: Sequence[Row], join_hyphenation: bool = True, lexicon: Lexicon | None = None) -> str:
    """The rows' text as one line: words broken at a row end joined (see layout.hyphens;
    ``lexicon`` decides whether a hyphen a word was broken at stays)."""
    out = ""
    broken = ""
    for r in rows:
        t = r.text
        if not out:
            out = t
        elif join_hyphenation and t and (broken or (out.endswith(HYPHENS) and ends_hyphenated(out, t))):
            head, _, rest = t.partition(" ")
            out = hyphen_join(out, head, broken, lexicon)
            if rest.strip():
                out += " " + rest.strip()
        else:
            out += glue(out, t) + t
        broken = r.ends
    return out


def small_mark(unit: Unit) -> str:
    """The mark the unit opens with ("" for none): one letter or digit, a word of its own before
    a capital, set at most MARK_SIZE of the size of the words after it (a note's ``a`` in
    superscript before ``There is ...``), as the size runs of its first row's first line tell.
    (A subscript opening a row of a formula, ``t = h common``, is followed by no capital.)"""
    if not unit.text[:1].isalnum() or unit.text[1:2] != " " or not unit.text[2:3].isupper():
        return ""
    return unit.text[0] if small_opening(unit.first, 1) else ""
