"""A page's tables, read once and cached with the page.

Table reading runs only where the page's geometry suggests a table (ruling lines, aligned
columns: see :mod:`pdfcore.services.tables`); the page is stored with its tables and
``tables_checked``, so a page is never searched twice. Without a table backend pages come back
as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from pdfcore.models import DocumentFacts, DocumentSource, PageText, Table
from pdfcore.results.reading import ReadPagesResult
from pdfcore.services.documents import DocumentService

if TYPE_CHECKING:  # built only when a table backend is configured
    from pdfcore.services.tables import TableService


class TableReader:
    def __init__(self, tables: TableService | None, documents: DocumentService) -> None:
        self.tables = tables
        self.documents = documents

    def page(self, source: DocumentSource, facts: DocumentFacts, page: PageText) -> PageText:
        """The page with its tables read (the result replaces the cached page)."""
        if page.tables_checked or self.tables is None:
            return page
        info = facts.pages[page.index]
        found = self.tables.page_tables(source, page, info.width, info.height)
        tables = tuple(
            Table(
                header=t.header,
                rows=t.rows,
                bbox=t.bbox,
                page=page.index,
                low_confidence=bool(t.low_confidence),
                continued_from=None if t.continued_from is None else t.continued_from - 1,
                continued_on=None if t.continued_on is None else t.continued_on - 1,
            )
            for t in found.tables
        )
        warnings = page.warnings + (("tables_skipped",) if found.skipped else ())
        updated = attrs.evolve(page, tables=tables, tables_checked=True, warnings=warnings)
        self.documents.replace_page(source, updated, facts)
        return updated

    def add_to(self, source: DocumentSource, facts: DocumentFacts, result: ReadPagesResult) -> ReadPagesResult:
        """``result`` with the tables of each of its pages (and their count)."""
        if self.tables is None or not result.pages:
            return result
        from pdfcore.services.tables import table_out

        got = self.documents.pages(source, [p.page - 1 for p in result.pages], facts).pages
        outs = []
        total = 0
        for p in result.pages:
            page = self.page(source, facts, got[p.page - 1])
            info = facts.pages[page.index]
            tables = tuple(
                table_out(attrs.evolve(t, page=page.index) if t.page is None else t, info.width, info.height)
                for t in page.tables
            )
            total += len(tables)
            outs.append(attrs.evolve(p, tables=tables, table_count=len(tables)))
        return attrs.evolve(result, pages=tuple(outs), total_tables=total)
