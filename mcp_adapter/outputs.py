"""Output schemas of the full profile's tools, by name, derived from the result classes.

Imported only when a schema must be computed (building the catalog, or a server whose catalog
is stale): a server with a current catalog takes each tool's schema from the catalog and never
imports the result classes for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from mcp_adapter.schema import schema_for
from pdfcore.results.charts import ChartResult
from pdfcore.results.corpus import CorpusSearchResult, ListResult, OverviewResult, WarmResult
from pdfcore.results.extras import AttachmentResult, AttachmentsResult, PageExtrasResult
from pdfcore.results.info import InfoResult, TocResult
from pdfcore.results.quotes import QuoteResult
from pdfcore.results.reading import ReadAllResult, ReadPagesResult
from pdfcore.results.render import DownsampledOut, OversizedOut
from pdfcore.results.search import SearchResult, SectionResult
from pdfcore.serde import opt


# The render summary: the RenderResult minus the image bytes.
@attrs.frozen
class RenderSummary:
    pages_rendered: tuple[int, ...]
    dpi_used: int
    dpi_requested: int
    bytes_returned: int
    content_warning: str
    clip: list[float] | None = opt()
    truncated_render: bool | None = opt()
    truncated_at: int | None = opt()
    pages_not_rendered: str | None = opt()
    render_failed_pages: tuple[int, ...] | None = opt()
    render_downsampled: tuple[DownsampledOut, ...] | None = opt()
    render_oversized_pages: tuple[OversizedOut, ...] | None = opt()


def _without(cls: type, field: str) -> dict[str, Any]:
    """The schema of ``cls`` minus one field (sent as an image block instead)."""
    schema = schema_for(cls)
    schema["properties"].pop(field, None)
    schema["required"] = [r for r in schema["required"] if r != field]
    return schema


SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "info": lambda: schema_for(InfoResult),
    "toc": lambda: schema_for(TocResult),
    "read_pages": lambda: schema_for(ReadPagesResult),
    "read_all": lambda: schema_for(ReadAllResult),
    "render": lambda: schema_for(RenderSummary),
    "chart": lambda: _without(ChartResult, "images"),
    "search": lambda: {"type": "object", "anyOf": [schema_for(SearchResult), schema_for(SectionResult)]},
    "warm": lambda: schema_for(WarmResult),
    "overview": lambda: schema_for(OverviewResult),
    "corpus_search": lambda: schema_for(CorpusSearchResult),
    "list": lambda: schema_for(ListResult),
    "attachments": lambda: {
        "type": "object",
        "anyOf": [schema_for(AttachmentsResult), _without(AttachmentResult, "png")],
    },
    "page_extras": lambda: schema_for(PageExtrasResult),
    "quote": lambda: schema_for(QuoteResult),
}


#: Every class an output schema is derived from (the catalog fingerprints their modules).
RESULT_CLASSES: tuple[type, ...] = (
    InfoResult,
    TocResult,
    ReadPagesResult,
    ReadAllResult,
    RenderSummary,
    ChartResult,
    SearchResult,
    SectionResult,
    WarmResult,
    OverviewResult,
    CorpusSearchResult,
    ListResult,
    AttachmentsResult,
    AttachmentResult,
    PageExtrasResult,
    QuoteResult,
)


def output_schema(key: str) -> dict[str, Any]:
    return SCHEMAS[key]()
