"""What a page is made of once its structure is known: elements in reading order."""

from __future__ import annotations

from attrs import define, field, frozen

from pdfcore.models import Box, Table

#: Element kinds, as in :attr:`Element.kind`.
KINDS = ("heading", "paragraph", "list_item", "code", "table", "figure", "footnote")


@frozen
class Element:
    """One element of a page: a heading (``level`` 1-6), a paragraph, a list item (``level`` is
    its nesting depth from 0, ``marker`` "-" or "3."), a code block (``text`` keeps its lines),
    a table (``table``, ``caption``), a figure (``ref``, ``caption``) or a footnote."""

    kind: str
    text: str = ""
    bbox: Box | None = None
    level: int = 0
    marker: str = ""
    table: Table | None = None
    caption: str = ""
    ref: str = ""
    #: A paragraph whose sentence runs on past its end (no closing punctuation), and how its
    #: last word ends ("" whole, "soft"/"hyphen" broken); one that starts mid-sentence (with a
    #: lowercase letter). The document join reads these across page breaks.
    open_end: bool = False
    ends: str = ""
    open_start: bool = False
    #: The size of its text (paragraphs), so only text of one size joins across a break.
    size: float = 0.0
    #: A paragraph that starts with a lone letter as a list item would ("b) the rest"), read
    #: as none on its page: its marker, for the document to read it as an item after all when
    #: the page before ends its lettering right before it (see classify.lone_letters).
    lettered: str = ""
    #: A table's caption printed under it (read after the table, as printed).
    caption_below: bool = False
    #: A paragraph or list item set in bold (a title over a statement, not a section's text):
    #: the document reads a heading ending the page before as no heading over it.
    bold: bool = False
    #: The words a paragraph or list item opens with in bold (``Policyholder:``, a run-in
    #: heading), the rest of it not; all its text when it is bold throughout: set in ``**`` in
    #: the Markdown.
    lead: str = ""
    #: A paragraph or list item set in italic throughout: set in ``*`` in the Markdown.
    slanted: bool = False
    #: A list item's indentation in columns: where the text of the item it nests in starts
    #: (its parent's own indentation, marker and space: two under ``-``, three under ``3.``),
    #: set by :func:`pdfcore.structure.elements.nest_items`; -1 when not set (two a level).
    indent: int = -1


@define
class RenderedMarkdown:
    """A page's Markdown (:func:`pdfcore.structure.render.render_page`) and each of its
    elements' (body, then footnotes), in order."""

    text: str
    elements: list[str]


@frozen
class PageStructure:
    """A page's elements in reading order, and its footnotes (kept after the body)."""

    index: int
    elements: tuple[Element, ...] = ()
    footnotes: tuple[Element, ...] = ()
    #: The marker of its last item marked by a letter or a roman numeral ("a)", "iv."), which
    #: a lone letter at the top of the next page may go on from.
    lettering: str = ""
    #: The page's height in points (0.0 when unknown): where its foot is.
    height: float = 0.0
    #: Its Markdown once rendered (at most one entry): a page is immutable, and a read renders
    #: it to measure its part of the answer, again in the document it answers with, and when it
    #: measures the pages read ahead. Not compared, and not carried over by ``evolve``.
    rendered: list[RenderedMarkdown] = field(init=False, factory=list, eq=False, repr=False)
