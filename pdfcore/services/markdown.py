"""Pages as structured Markdown: the structure engine (:mod:`pdfcore.structure`) over cached
pages, with the document's style learnt once and the pages' tables read first.

A document's style (body size, heading styles and levels) is learnt from a fixed sample of its
pages (:func:`pdfcore.structure.sample_indexes`: every page up to 40, else 28 spread through
it), extracted and cached like any page the first time a document is read as Markdown, and
kept in memory; so a page reads the same in any call.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

from pdfcore import structure
from pdfcore.models import DocumentFacts, DocumentSource, PageText
from pdfcore.services.documents import DocumentService
from pdfcore.structure import DocumentStyle, PageStructure

#: Documents whose style is kept in memory.
STYLES_KEPT = 64
#: Pages whose elements are kept in memory (a read_all loop builds a page read ahead but not
#: answered, and the pages it counts past its cap, again in the next call).
STRUCTURES_KEPT = 512

#: ``(source, facts, page) -> page`` with its tables read (the API's ``page_tables``).
TablesFor = Callable[[DocumentSource, DocumentFacts, PageText], PageText]


class MarkdownService:
    def __init__(
        self, documents: DocumentService, tables: TablesFor | None = None, *, join_hyphenation: bool = True
    ) -> None:
        self.documents = documents
        self.tables = tables
        self.join_hyphenation = join_hyphenation
        self._styles: OrderedDict[tuple[str, bool], DocumentStyle] = OrderedDict()
        #: (digest, page index) -> the page and style its elements were built from, and them
        self._built: OrderedDict[tuple[str, int], tuple[PageText, DocumentStyle, PageStructure]] = OrderedDict()
        self._lock = threading.Lock()

    def style(self, source: DocumentSource, facts: DocumentFacts, *, use_structure_tree: bool = True) -> DocumentStyle:
        """The document's style, learnt from its sample pages once and kept."""
        key = (source.fingerprint.sha256, use_structure_tree)
        with self._lock:
            hit = self._styles.get(key)
            if hit is not None:
                self._styles.move_to_end(key)
                return hit
        picks = structure.sample_indexes(facts.page_count)
        got = self.documents.pages(source, picks, facts).pages if picks else {}
        learnt = structure.learn(
            [got[i] for i in picks if i in got],
            facts,
            join_hyphenation=self.join_hyphenation,
            use_structure_tree=use_structure_tree,
        )
        with self._lock:
            self._styles[key] = learnt
            while len(self._styles) > STYLES_KEPT:
                self._styles.popitem(last=False)
        return learnt

    def structure(
        self, source: DocumentSource, facts: DocumentFacts, page: PageText, style: DocumentStyle
    ) -> PageStructure:
        """One page's elements (its tables read first when a table backend is installed). Kept
        for the page and style they were built from (pages and styles are immutable: the same
        objects give the same elements)."""
        if self.tables is not None:
            page = self.tables(source, facts, page)
        key = (source.fingerprint.sha256, page.index)
        with self._lock:
            hit = self._built.get(key)
        if hit is not None and hit[0] is page and hit[1] is style:
            return hit[2]
        built = structure.page_structure(
            page, facts, style, join_hyphenation=self.join_hyphenation, common=self.documents.common
        )
        with self._lock:
            self._built[key] = (page, style, built)
            self._built.move_to_end(key)
            while len(self._built) > STRUCTURES_KEPT:
                self._built.popitem(last=False)
        return built

    def page_markdown(self, source: DocumentSource, facts: DocumentFacts, page: PageText, style: DocumentStyle) -> str:
        return structure.render_page(self.structure(source, facts, page, style))

    def document_markdown(self, facts: DocumentFacts, pages: Sequence[PageStructure]) -> str:
        """Pages as one document: a comment line naming each page, paragraphs that run on across
        a page break joined."""
        return structure.render_document(pages, [p.label for p in facts.pages], self.documents.common)

    def forget(self) -> None:
        with self._lock:
            self._styles.clear()
            self._built.clear()
