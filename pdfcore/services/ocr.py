"""OCR of pages without usable native text: selective, capped, time-bounded, cached, honest.

- Only pages whose native text is unusable (the quality signals: no text, likely scanned,
  garbled) are recognised; pages with a usable text layer are left as they are.
- At most ``max_pages`` pages per call; the answer names the next page range to ask for.
- A per-call time budget: pages not reached are listed as not done (partial answer); when not
  even one page could be recognised the call fails with ``ocr_failed`` and the pages keep their
  needs-OCR marking — no text is invented.
- The recognised page replaces the cached page (``source: "ocr"``, ``ocr_confidence``), so reads
  and keyword/semantic search use it; low confidence and disagreement with a native text layer
  are flagged (``ocr_low_confidence``, ``ocr_disagrees_with_text_layer``).
"""

from __future__ import annotations

import difflib
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from attrs import evolve

from pdfcore import pagespec, telemetry
from pdfcore.errors import OcrFailed, OcrUnavailable, PdfcoreError
from pdfcore.models import Box, DocumentFacts, DocumentSource, PageText, RasterImage, TextLine
from pdfcore.results.ocr import OcrReport
from pdfcore.services.documents import DocumentService
from pdfcore.services.quality import UNUSABLE
from ports.ocr_engine import OcrEngine
from ports.renderer import Renderer

log = logging.getLogger(__name__)


def languages_of(value: bool | str | None, default: str) -> tuple[str, ...]:
    if isinstance(value, str) and value.strip():
        raw = value
    else:
        raw = default
    langs = tuple(x.strip() for x in raw.replace(",", "+").split("+") if x.strip())
    return langs or ("eng",)


class OcrService:
    def __init__(
        self,
        documents: DocumentService,
        renderer: Renderer,
        engine_for: Callable[[], OcrEngine],
        *,
        default_languages: str = "eng",
        max_pages: int = 20,
        min_confidence: float = 0.6,
        call_seconds: float = 120.0,
    ) -> None:
        self.documents = documents
        self.renderer = renderer
        self.engine_for = engine_for
        self.default_languages = default_languages
        self.max_pages = max_pages
        self.min_confidence = min_confidence
        self.call_seconds = call_seconds

    def run(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        indexes: Sequence[int],
        *,
        languages: bool | str | None = None,
        max_pages: int | None = None,
        call_name: str = "pdf_read_pages",
    ) -> OcrReport:
        engine = self.engine_for()  # raises ocr_unavailable with the install hint
        langs = languages_of(languages, self.default_languages)
        checker = getattr(engine, "check", None)
        if callable(checker):
            try:
                checker(languages=langs)
            except TypeError:
                checker()
        cap = max_pages or self.max_pages
        got = self.documents.pages(source, list(indexes), facts).pages
        usable = [i for i in indexes if not (set(got[i].warnings) & UNUSABLE) and got[i].source != "ocr"]
        already = [i for i in indexes if got[i].source == "ocr"]
        todo = [i for i in indexes if i not in usable and i not in already]
        over = todo[cap:]
        todo = todo[:cap]
        deadline = time.monotonic() + self.call_seconds
        done: list[int] = []
        not_done: list[int] = []
        confidences: list[float] = []
        last_error: PdfcoreError | None = None
        for i in todo:
            if time.monotonic() > deadline:
                not_done.append(i)
                continue
            try:
                page = self._recognise(source, facts, got[i], engine, langs)
            except (OcrFailed, OcrUnavailable) as exc:
                last_error = exc
                not_done.append(i)
                continue
            self.documents.replace_page(source, page, facts)
            done.append(i)
            if page.ocr_confidence is not None:
                confidences.append(page.ocr_confidence)
        if todo and not done:
            if isinstance(last_error, OcrUnavailable):
                raise last_error
            raise OcrFailed(
                f"OCR recognised none of pages {pagespec.format_ranges([i + 1 for i in todo])}"
                + (f" ({last_error.message})" if last_error else " within the time budget")
                + "; they keep their needs-OCR marking and no text was invented.",
            )
        remaining = not_done + over
        reason = None
        next_call = None
        if remaining:
            spec = pagespec.format_ranges([i + 1 for i in remaining])
            first = spec.split(",")[0]
            reason = (
                f"at most {cap} pages are recognised per call" if over and not not_done else "the time budget ran out"
            )
            next_call = f"{call_name}(pages='{first}', ocr=true)"
        return OcrReport(
            engine=getattr(engine, "name", type(engine).__name__),
            languages="+".join(langs),
            pages_recognised=tuple(i + 1 for i in done),
            pages_from_cache=tuple(i + 1 for i in already),
            pages_with_usable_text=tuple(i + 1 for i in usable),
            pages_not_done=pagespec.format_ranges([i + 1 for i in remaining]) if remaining else None,
            reason_not_done=reason,
            next_call=next_call,
            mean_confidence=round(sum(confidences) / len(confidences), 3) if confidences else None,
        )

    @telemetry.phased("ocr")
    def _recognise(
        self, source: DocumentSource, facts: DocumentFacts, native: PageText, engine: OcrEngine, langs: tuple[str, ...]
    ) -> PageText:
        dpi = int(getattr(engine, "preferred_dpi", 300))
        info = facts.pages[native.index]
        # keep the raster reasonable on oversized pages
        long_pt = max(info.width, info.height, 1.0)
        dpi = max(72, min(dpi, int(6000 * 72 / long_pt)))
        img = self.renderer.render(source, native.index, dpi=dpi, clip=None)
        result = engine.recognize(RasterImage(png=img.png, width=img.width, height=img.height), languages=langs)
        scale = 72.0 / dpi
        lines: dict[int, list[Any]] = {}
        for w in result.words:
            lines.setdefault(w.line, []).append(w)
        text_lines = []
        for _n, words in sorted(lines.items(), key=lambda kv: min(w.bbox.y0 for w in kv[1])):
            words.sort(key=lambda w: w.bbox.x0)
            box = Box(
                min(w.bbox.x0 for w in words) * scale,
                min(w.bbox.y0 for w in words) * scale,
                max(w.bbox.x1 for w in words) * scale,
                max(w.bbox.y1 for w in words) * scale,
            )
            text_lines.append(TextLine(" ".join(w.text for w in words), box, font_size=round(box.height * 0.8, 1)))
        raw = PageText(
            index=native.index,
            text="",
            lines=tuple(text_lines),
            images=native.images,
            image_count=native.image_count,
            hidden=native.hidden,
            source="ocr",
            ocr_confidence=round(result.mean_confidence, 3),
        )
        # the same finishing as native pages: running heads, reading order, hyphenation, quality
        profile, _ = self.documents.profile(source, facts, ())
        page = self.documents.finish(raw, facts, profile)
        warnings = [w for w in page.warnings if w not in UNUSABLE]
        warnings += [w for w in native.warnings if w not in UNUSABLE and w not in warnings]
        if result.mean_confidence < self.min_confidence:
            warnings.append("ocr_low_confidence")
        if native.char_count >= 20 and page.char_count >= 20:
            a = "".join(native.text.split()).lower()
            b = "".join(page.text.split()).lower()
            if difflib.SequenceMatcher(None, a[:4000], b[:4000], autojunk=False).ratio() < 0.5:
                warnings.append("ocr_disagrees_with_text_layer")
        if page.char_count == 0:
            warnings.append("no_text")
        return evolve(page, warnings=tuple(dict.fromkeys(warnings)))
