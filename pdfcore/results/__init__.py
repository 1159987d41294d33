"""What the public API returns: one frozen class per call, field names as on the MCP wire.

One module per capability: :mod:`.info` (info, toc), :mod:`.reading` (read_pages, read_all),
:mod:`.render`, :mod:`.charts`, :mod:`.search`, :mod:`.quotes`, :mod:`.extras` (embedded files,
forms, links, annotations, XFA), :mod:`.corpus`, :mod:`.agent` (the compact profile's views),
:mod:`.ocr` and :mod:`.capabilities` (what the server can do). Every class is importable from
here too (``from pdfcore.results import InfoResult``); the modules load on first use, so that a
call imports only the classes it returns.

Fields declared with :func:`pdfcore.serde.opt` are conditional: absent from the wire form when
None. Page numbers here are 1-based.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pdfcore._lazy import lazy_attributes

if TYPE_CHECKING:
    from pdfcore.results.agent import Place as Place
    from pdfcore.results.agent import RenderedView as RenderedView
    from pdfcore.results.agent import ViewResult as ViewResult
    from pdfcore.results.capabilities import Capabilities as Capabilities
    from pdfcore.results.capabilities import OcrCapability as OcrCapability
    from pdfcore.results.charts import CONTENT_WARNING_CHART as CONTENT_WARNING_CHART
    from pdfcore.results.charts import AxisOut as AxisOut
    from pdfcore.results.charts import CardAxisOut as CardAxisOut
    from pdfcore.results.charts import CardSeriesOut as CardSeriesOut
    from pdfcore.results.charts import ChartImage as ChartImage
    from pdfcore.results.charts import ChartOut as ChartOut
    from pdfcore.results.charts import ChartResult as ChartResult
    from pdfcore.results.charts import DiagnosticsOut as DiagnosticsOut
    from pdfcore.results.charts import QuestionOut as QuestionOut
    from pdfcore.results.charts import SeriesOut as SeriesOut
    from pdfcore.results.charts import StyleOut as StyleOut
    from pdfcore.results.charts import TickOut as TickOut
    from pdfcore.results.charts import VerificationCardOut as VerificationCardOut
    from pdfcore.results.corpus import CorpusMatch as CorpusMatch
    from pdfcore.results.corpus import CorpusSearchResult as CorpusSearchResult
    from pdfcore.results.corpus import DocCard as DocCard
    from pdfcore.results.corpus import ListedDocument as ListedDocument
    from pdfcore.results.corpus import ListResult as ListResult
    from pdfcore.results.corpus import OverviewResult as OverviewResult
    from pdfcore.results.corpus import Skipped as Skipped
    from pdfcore.results.corpus import WarmDoc as WarmDoc
    from pdfcore.results.corpus import WarmResult as WarmResult
    from pdfcore.results.extras import CONTENT_WARNING_EXTRAS as CONTENT_WARNING_EXTRAS
    from pdfcore.results.extras import AnnotationOut as AnnotationOut
    from pdfcore.results.extras import AnnotationsResult as AnnotationsResult
    from pdfcore.results.extras import AttachmentOut as AttachmentOut
    from pdfcore.results.extras import AttachmentResult as AttachmentResult
    from pdfcore.results.extras import AttachmentsResult as AttachmentsResult
    from pdfcore.results.extras import ExtraMatch as ExtraMatch
    from pdfcore.results.extras import FormFieldOut as FormFieldOut
    from pdfcore.results.extras import FormsResult as FormsResult
    from pdfcore.results.extras import LinkOut as LinkOut
    from pdfcore.results.extras import LinksResult as LinksResult
    from pdfcore.results.extras import PageExtrasResult as PageExtrasResult
    from pdfcore.results.extras import XfaStatus as XfaStatus
    from pdfcore.results.info import CONTENT_WARNING_METADATA as CONTENT_WARNING_METADATA
    from pdfcore.results.info import ContentTrust as ContentTrust
    from pdfcore.results.info import CoverageSummary as CoverageSummary
    from pdfcore.results.info import HiddenSpanOut as HiddenSpanOut
    from pdfcore.results.info import InfoResult as InfoResult
    from pdfcore.results.info import QualityRange as QualityRange
    from pdfcore.results.info import TextCoverage as TextCoverage
    from pdfcore.results.info import TocItem as TocItem
    from pdfcore.results.info import TocResult as TocResult
    from pdfcore.results.ocr import OcrPageTime as OcrPageTime
    from pdfcore.results.ocr import OcrReport as OcrReport
    from pdfcore.results.quotes import QuoteDifference as QuoteDifference
    from pdfcore.results.quotes import QuoteMatch as QuoteMatch
    from pdfcore.results.quotes import QuoteResult as QuoteResult
    from pdfcore.results.reading import CONTENT_WARNING_TEXT as CONTENT_WARNING_TEXT
    from pdfcore.results.reading import DocumentMap as DocumentMap
    from pdfcore.results.reading import ImageOut as ImageOut
    from pdfcore.results.reading import MapRow as MapRow
    from pdfcore.results.reading import PageOut as PageOut
    from pdfcore.results.reading import ReadAllResult as ReadAllResult
    from pdfcore.results.reading import ReadPagesResult as ReadPagesResult
    from pdfcore.results.reading import TableOut as TableOut
    from pdfcore.results.render import CONTENT_WARNING_RENDER as CONTENT_WARNING_RENDER
    from pdfcore.results.render import DownsampledOut as DownsampledOut
    from pdfcore.results.render import OversizedOut as OversizedOut
    from pdfcore.results.render import RenderedPageOut as RenderedPageOut
    from pdfcore.results.render import RenderResult as RenderResult
    from pdfcore.results.search import CONTENT_WARNING_SEARCH as CONTENT_WARNING_SEARCH
    from pdfcore.results.search import SearchMatch as SearchMatch
    from pdfcore.results.search import SearchResult as SearchResult
    from pdfcore.results.search import SectionMatch as SectionMatch
    from pdfcore.results.search import SectionResult as SectionResult

_LAZY = {
    "Capabilities": "pdfcore.results.capabilities",
    "OcrCapability": "pdfcore.results.capabilities",
    "TocItem": "pdfcore.results.info",
    "TocResult": "pdfcore.results.info",
    "CoverageSummary": "pdfcore.results.info",
    "TextCoverage": "pdfcore.results.info",
    "QualityRange": "pdfcore.results.info",
    "HiddenSpanOut": "pdfcore.results.info",
    "ContentTrust": "pdfcore.results.info",
    "InfoResult": "pdfcore.results.info",
    "CONTENT_WARNING_METADATA": "pdfcore.results.info",
    "ImageOut": "pdfcore.results.reading",
    "TableOut": "pdfcore.results.reading",
    "PageOut": "pdfcore.results.reading",
    "MapRow": "pdfcore.results.reading",
    "DocumentMap": "pdfcore.results.reading",
    "ReadPagesResult": "pdfcore.results.reading",
    "ReadAllResult": "pdfcore.results.reading",
    "CONTENT_WARNING_TEXT": "pdfcore.results.reading",
    "RenderedPageOut": "pdfcore.results.render",
    "DownsampledOut": "pdfcore.results.render",
    "OversizedOut": "pdfcore.results.render",
    "RenderResult": "pdfcore.results.render",
    "CONTENT_WARNING_RENDER": "pdfcore.results.render",
    "SearchMatch": "pdfcore.results.search",
    "SearchResult": "pdfcore.results.search",
    "SectionMatch": "pdfcore.results.search",
    "SectionResult": "pdfcore.results.search",
    "CONTENT_WARNING_SEARCH": "pdfcore.results.search",
    "QuoteDifference": "pdfcore.results.quotes",
    "QuoteMatch": "pdfcore.results.quotes",
    "QuoteResult": "pdfcore.results.quotes",
    "Skipped": "pdfcore.results.corpus",
    "WarmDoc": "pdfcore.results.corpus",
    "WarmResult": "pdfcore.results.corpus",
    "DocCard": "pdfcore.results.corpus",
    "OverviewResult": "pdfcore.results.corpus",
    "CorpusMatch": "pdfcore.results.corpus",
    "CorpusSearchResult": "pdfcore.results.corpus",
    "ListedDocument": "pdfcore.results.corpus",
    "ListResult": "pdfcore.results.corpus",
    "XfaStatus": "pdfcore.results.extras",
    "AttachmentOut": "pdfcore.results.extras",
    "AttachmentsResult": "pdfcore.results.extras",
    "AttachmentResult": "pdfcore.results.extras",
    "FormFieldOut": "pdfcore.results.extras",
    "FormsResult": "pdfcore.results.extras",
    "LinkOut": "pdfcore.results.extras",
    "LinksResult": "pdfcore.results.extras",
    "AnnotationOut": "pdfcore.results.extras",
    "AnnotationsResult": "pdfcore.results.extras",
    "PageExtrasResult": "pdfcore.results.extras",
    "ExtraMatch": "pdfcore.results.extras",
    "CONTENT_WARNING_EXTRAS": "pdfcore.results.extras",
    "Place": "pdfcore.results.agent",
    "RenderedView": "pdfcore.results.agent",
    "ViewResult": "pdfcore.results.agent",
    "OcrPageTime": "pdfcore.results.ocr",
    "OcrReport": "pdfcore.results.ocr",
    "TickOut": "pdfcore.results.charts",
    "AxisOut": "pdfcore.results.charts",
    "StyleOut": "pdfcore.results.charts",
    "SeriesOut": "pdfcore.results.charts",
    "DiagnosticsOut": "pdfcore.results.charts",
    "CardAxisOut": "pdfcore.results.charts",
    "CardSeriesOut": "pdfcore.results.charts",
    "VerificationCardOut": "pdfcore.results.charts",
    "ChartOut": "pdfcore.results.charts",
    "QuestionOut": "pdfcore.results.charts",
    "ChartImage": "pdfcore.results.charts",
    "ChartResult": "pdfcore.results.charts",
    "CONTENT_WARNING_CHART": "pdfcore.results.charts",
}

__all__ = [
    "CONTENT_WARNING_CHART",
    "CONTENT_WARNING_EXTRAS",
    "CONTENT_WARNING_METADATA",
    "CONTENT_WARNING_RENDER",
    "CONTENT_WARNING_SEARCH",
    "CONTENT_WARNING_TEXT",
    "AnnotationOut",
    "AnnotationsResult",
    "AttachmentOut",
    "AttachmentResult",
    "AttachmentsResult",
    "AxisOut",
    "Capabilities",
    "CardAxisOut",
    "CardSeriesOut",
    "ChartImage",
    "ChartOut",
    "ChartResult",
    "ContentTrust",
    "CorpusMatch",
    "CorpusSearchResult",
    "CoverageSummary",
    "DiagnosticsOut",
    "DocCard",
    "DocumentMap",
    "DownsampledOut",
    "ExtraMatch",
    "FormFieldOut",
    "FormsResult",
    "HiddenSpanOut",
    "ImageOut",
    "InfoResult",
    "LinkOut",
    "LinksResult",
    "ListResult",
    "ListedDocument",
    "MapRow",
    "OcrCapability",
    "OcrPageTime",
    "OcrReport",
    "OversizedOut",
    "OverviewResult",
    "PageExtrasResult",
    "PageOut",
    "Place",
    "QualityRange",
    "QuestionOut",
    "QuoteDifference",
    "QuoteMatch",
    "QuoteResult",
    "ReadAllResult",
    "ReadPagesResult",
    "RenderResult",
    "RenderedPageOut",
    "RenderedView",
    "SearchMatch",
    "SearchResult",
    "SectionMatch",
    "SectionResult",
    "SeriesOut",
    "Skipped",
    "StyleOut",
    "TableOut",
    "TextCoverage",
    "TickOut",
    "TocItem",
    "TocResult",
    "VerificationCardOut",
    "ViewResult",
    "WarmDoc",
    "WarmResult",
    "XfaStatus",
]

__getattr__ = lazy_attributes(__name__, _LAZY)
