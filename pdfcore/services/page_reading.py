"""``read_pages`` and ``read_all`` as the API answers them.

Without named pages a long document (over ``MAP_THRESHOLD_PAGES``) answers its map instead of
its text; with ``ocr`` the pages without usable text are recognised first (the report rides
along); every page read comes with its tables, and with ``detect_charts`` with a count of its
chart panels. With ``markdown`` pages (and ``read_all``'s document) come as structured Markdown
(:class:`~pdfcore.services.markdown.MarkdownService`; ``use_structure_tree=False`` ignores a
tagged PDF's structure tree).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from pdfcore import pagespec
from pdfcore.arguments import check_bool
from pdfcore.defaults import MAP_THRESHOLD_PAGES
from pdfcore.errors import InvalidArgument, PdfcoreError
from pdfcore.models import DocumentFacts, DocumentSource, PageText
from pdfcore.results.reading import PageOut, ReadAllResult, ReadPagesResult
from pdfcore.services.documents import DocumentService
from pdfcore.services.read_all import MarkdownHooks
from pdfcore.services.reading import ReadService, check_format
from pdfcore.services.table_reading import TableReader

if TYPE_CHECKING:  # built on the first call that asks for them
    from pdfcore.services.markdown import MarkdownService
    from pdfcore.services.ocr import OcrService


def markdown_renderer(
    md: MarkdownService, source: DocumentSource, facts: DocumentFacts, *, use_structure_tree: bool
) -> Callable[[PageText], str]:
    """A page's structured Markdown, in the document's style (learnt from its sample pages once)."""
    style = md.style(source, facts, use_structure_tree=use_structure_tree)
    return lambda page: md.page_markdown(source, facts, page, style)


class PageReader:
    def __init__(
        self,
        documents: DocumentService,
        reader: ReadService,
        tables: TableReader,
        *,
        ocr: Callable[[], OcrService],
        markdown: Callable[[], MarkdownService],
        count_charts: Callable[[DocumentSource, int], int],
    ) -> None:
        self.documents = documents
        self.reader = reader
        self.tables = tables
        self.ocr = ocr
        self.markdown = markdown
        self.count_charts = count_charts

    @staticmethod
    def options(format: object, use_structure_tree: object) -> tuple[bool, bool]:
        """(Markdown asked for, use the structure tree) from the reading calls' arguments."""
        return check_format(format) == "markdown", check_bool("use_structure_tree", use_structure_tree)

    def read_pages(
        self,
        source: DocumentSource,
        pages: str | int | None,
        *,
        name: str,
        max_chars: int,
        max_chars_per_page: int,
        ocr: bool,
        ocr_lang: str | None,
        detect_charts: bool,
        markdown: bool = False,
        use_structure_tree: bool = True,
        max_tokens: int | None = None,
    ) -> ReadPagesResult:
        """The pages (``None``: all of a short document, the map of a long one); ``name`` is how
        the map's next calls name the document."""
        facts, _ = self.documents.facts(source)
        if pages is None or pages == "":
            if facts.page_count > MAP_THRESHOLD_PAGES:
                return ReadPagesResult(
                    pages=(),
                    hidden_text_detected=False,
                    total_chars=0,
                    estimated_tokens=0,
                    cache_hits=0,
                    total_images=0,
                    document_map=self.reader.document_map(source, facts, path_hint=repr(name)),
                    notices=(
                        f"The document has {facts.page_count} pages (over {MAP_THRESHOLD_PAGES}): this is its map, "
                        "not its text. Name pages to read them, or search first.",
                    ),
                )
            if facts.page_count == 0:
                raise InvalidArgument("The document has no pages.")
            pages = f"1-{facts.page_count}"
        report = None
        if ocr:
            indexes = pagespec.resolve(pages, facts.page_count, [p.label for p in facts.pages])
            report = self.ocr().run(source, facts, indexes, languages=ocr_lang)
        if markdown:
            self.tables.prepare_pages(source, facts, pages)
        render = (
            markdown_renderer(self.markdown(), source, facts, use_structure_tree=use_structure_tree)
            if markdown
            else None
        )
        result = self.reader.read_pages(
            source,
            facts,
            pages,
            max_chars=max_chars,
            max_chars_per_page=max_chars_per_page,
            markdown=render,
            ahead=lambda pages: self.tables.ahead(source, facts, pages),
            max_tokens=max_tokens,
        )
        result = self.tables.add_to(source, facts, result)
        if report is not None:
            from pdfcore.serde import unstructure

            result = attrs.evolve(result, ocr=unstructure(report))
        if detect_charts:
            result = attrs.evolve(result, pages=tuple(self._with_chart_count(source, p) for p in result.pages))
        return result

    def read_all(
        self,
        source: DocumentSource,
        *,
        start_page: int,
        max_pages: int,
        markdown: bool = False,
        use_structure_tree: bool = True,
        max_tokens: int | None = None,
    ) -> ReadAllResult:
        facts, _ = self.documents.facts(source)
        hooks = None
        if markdown:
            if isinstance(start_page, int) and not isinstance(start_page, bool):
                self.tables.prepare(source, facts, max(1, start_page) - 1)
            hooks = self._markdown_hooks(source, facts, use_structure_tree=use_structure_tree)
        return self.reader.read_all(
            source, facts, start_page=start_page, max_pages=max_pages, markdown=hooks, max_tokens=max_tokens
        )

    def _markdown_hooks(
        self, source: DocumentSource, facts: DocumentFacts, *, use_structure_tree: bool
    ) -> MarkdownHooks:
        """A Markdown ``read_all``'s pages built in the document's style, their tables read side
        by side by the table reader."""
        md = self.markdown()
        style = md.style(source, facts, use_structure_tree=use_structure_tree)
        tables = self.tables
        return MarkdownHooks(
            structure=lambda page: md.structure(source, facts, page, style),
            document=lambda pages: md.document_markdown(facts, pages),
            ahead=lambda pages: tables.ahead(source, facts, pages),
            ready=lambda page, seconds: tables.ready(source, page, seconds),
            settled=lambda page: tables.settled(source, page),
        )

    def _with_chart_count(self, source: DocumentSource, page: PageOut) -> PageOut:
        """``charts_detected``: chart panels found by a cheap signature check; null when the check
        could not finish (unknown, not chart-free)."""
        try:
            count: int | None = self.count_charts(source, page.page - 1)
        except PdfcoreError:
            count = None
        return attrs.evolve(page, charts_detected=count)
