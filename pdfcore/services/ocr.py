"""OCR of pages without usable native text: selective, capped, time-bounded, parallel, cached, honest.

- Only pages whose native text is unusable (the quality signals: no text, likely scanned,
  garbled) are recognised; pages with a usable text layer are left as they are.
- At most ``max_pages`` pages per call; the answer names the next page range to ask for.
- Pages are recognised side by side, as many at once as the engine allows (its
  ``parallelism``: one engine worker per core), each rendered once at the engine's preferred
  resolution; that render serves every reading of the page (orientation detection, turned
  readings).
- Reading order: the engine numbers its lines in reading order (columns one after the other);
  the page is then finished like a native page (running heads, the same column and band logic,
  hyphenation), so its blocks and lines are those of a native page.
- Orientation: a reading that looks turned (most of its text on vertical lines, or a mean
  confidence under the engine's ``sure_confidence``) is read again turned upright: by the turn
  the engine's own orientation detection answers when it has one, else by trying the turns (270
  and 90 degrees for vertical lines, 180 otherwise, then the other turns while the page still
  reads under ``min_confidence``, until one reads surely); the most confident reading wins. A
  turned page is laid out upright and its boxes are turned back into page space.
- A per-call time budget: pages not reached are listed as not done (partial answer); when not
  even one page could be recognised the call fails with ``ocr_failed`` and the pages keep their
  needs-OCR marking — no text is invented.
- The recognised page replaces the cached page (``source: "ocr"``, ``ocr_confidence``), so reads
  and keyword/semantic search use it; low confidence and disagreement with a native text layer
  are flagged (``ocr_low_confidence``, ``ocr_disagrees_with_text_layer``). A page whose best
  reading is still noise (mean confidence under ``noise_confidence``) keeps no text: it keeps its
  needs-OCR marking, is flagged ``ocr_low_confidence`` and listed in ``pages_unreadable``, and
  nothing of it is indexed. It is read again when asked for with another engine or languages.
- The report gives the time of the OCR step and of each page (render, recognition).
"""

from __future__ import annotations

import difflib
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from attrs import evolve, frozen

from pdfcore import pagespec, telemetry
from pdfcore.errors import OcrFailed, OcrUnavailable, PdfcoreError
from pdfcore.geometry import turn_box
from pdfcore.models import (
    DocumentFacts,
    DocumentSource,
    OcrResult,
    OcrWord,
    PageText,
    RasterImage,
    TextBlock,
    TextLine,
)
from pdfcore.nextcalls import call, render
from pdfcore.results.ocr import OcrPageTime, OcrReport
from pdfcore.services.documents import DocumentService
from pdfcore.services.ocr_lines import lines_of
from pdfcore.services.profile import DocumentProfile
from pdfcore.services.quality import UNUSABLE
from ports.ocr_engine import OcrEngine
from ports.renderer import Renderer

log = logging.getLogger(__name__)

#: A page whose best reading has a mean word confidence under this reads as noise (an
#: upside-down page reads at about 0.25 with Tesseract, Chinese read as English at 0.13-0.29;
#: text read right scores 0.85-0.96, a poor scan 0.5-0.7).
NOISE_CONFIDENCE = 0.4
#: A reading with more than this share of its characters on vertical lines looks turned...
VERTICAL_SHARE = 0.5
#: ...a line being vertical when this many times taller than wide.
VERTICAL_RATIO = 1.5
#: Turns tried when the engine cannot tell a page's orientation: for vertical lines (a page
#: turned by a quarter), and for upright lines read with a low confidence (upside down).
QUARTER_TURNS = (270, 90)
HALF_TURN = (180,)


@frozen
class _Reading:
    page: PageText
    time: OcrPageTime
    unreadable: bool


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
        noise_confidence: float = NOISE_CONFIDENCE,
        call_seconds: float = 120.0,
    ) -> None:
        self.documents = documents
        self.renderer = renderer
        self.engine_for = engine_for
        self.default_languages = default_languages
        self.max_pages = max_pages
        self.min_confidence = min_confidence
        self.noise_confidence = min(noise_confidence, min_confidence)
        self.call_seconds = call_seconds
        #: (document digest, page) -> the engine and languages that read the page as noise.
        self._unreadable: dict[tuple[str, int], str] = {}

    def run(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        indexes: Sequence[int],
        *,
        languages: bool | str | None = None,
        max_pages: int | None = None,
    ) -> OcrReport:
        started = time.perf_counter()
        engine = self.engine_for()  # raises ocr_unavailable with the install hint
        langs = languages_of(languages, self.default_languages)
        checker = getattr(engine, "check", None)
        if callable(checker):
            try:
                checker(languages=langs)
            except TypeError:
                checker()
        engine_name = getattr(engine, "name", type(engine).__name__)
        reader = f"{engine_name}:{'+'.join(langs)}"
        digest = source.fingerprint.sha256
        cap = max_pages or self.max_pages
        got = self.documents.pages(source, list(indexes), facts).pages
        usable = [i for i in indexes if not (set(got[i].warnings) & UNUSABLE) and got[i].source != "ocr"]
        already = [i for i in indexes if got[i].source == "ocr" and self._done_before(got[i], digest, reader)]
        todo = [i for i in indexes if i not in usable and i not in already]
        over = todo[cap:]
        todo = todo[:cap]
        at_once = max(1, min(len(todo), int(getattr(engine, "parallelism", 1) or 1)))
        outcomes: list[tuple[int, _Reading | PdfcoreError | None]] = []
        if todo:
            profile = self.documents.profile(source, facts, ())[0]

            def read(i: int) -> _Reading:
                return self._read_page(source, facts, got[i], engine, langs, profile)

            # Timed here, in the call's thread: the pages are read in threads of their own.
            with telemetry.phase("ocr"):
                outcomes = self._each_page(todo, read, at_once, time.monotonic() + self.call_seconds)
        done: list[int] = []
        unreadable: list[int] = []
        times: list[OcrPageTime] = []
        confidences: list[float] = []
        last_error: PdfcoreError | None = None
        not_done: list[int] = []
        for i, outcome in outcomes:
            if outcome is None:
                not_done.append(i)
                continue
            if isinstance(outcome, PdfcoreError):
                last_error = outcome
                not_done.append(i)
                continue
            self.documents.replace_page(source, outcome.page, facts)
            done.append(i)
            times.append(outcome.time)
            if outcome.unreadable:
                unreadable.append(i)
                self._unreadable[(digest, i)] = reader
            else:
                self._unreadable.pop((digest, i), None)
            if outcome.page.ocr_confidence is not None:
                confidences.append(outcome.page.ocr_confidence)
        if todo and not done:
            if isinstance(last_error, OcrUnavailable):
                raise last_error
            raise OcrFailed(
                f"OCR recognised none of pages {pagespec.format_ranges([i + 1 for i in todo])}"
                + (f" ({last_error.message})" if last_error else " within the time budget")
                + "; they keep their needs-OCR marking and no text was invented.",
            )
        done.sort()
        not_done.sort()
        remaining = not_done + over
        reason = None
        next_call = None
        if remaining:
            spec = pagespec.format_ranges([i + 1 for i in remaining])
            first = spec.split(",")[0]
            reason = (
                f"at most {cap} pages are recognised per call" if over and not not_done else "the time budget ran out"
            )
            next_call = render(call("ocr", pages=first))
        cached_noise = [i for i in already if set(got[i].warnings) & UNUSABLE]
        noise = sorted(unreadable + cached_noise)
        return OcrReport(
            engine=engine_name,
            languages="+".join(langs),
            pages_recognised=tuple(i + 1 for i in done if i not in unreadable),
            pages_from_cache=tuple(i + 1 for i in already),
            pages_with_usable_text=tuple(i + 1 for i in usable),
            pages_unreadable=tuple(i + 1 for i in noise),
            pages_not_done=pagespec.format_ranges([i + 1 for i in remaining]) if remaining else None,
            reason_not_done=reason,
            next_call=next_call,
            mean_confidence=round(sum(confidences) / len(confidences), 3) if confidences else None,
            unreadable_note=(
                f"Pages {pagespec.format_ranges([i + 1 for i in noise])} read as noise even turned upright "
                f"(confidence under {self.noise_confidence:g}): no text was kept. Render them to read them, "
                "or name their language with ocr_lang."
                if noise
                else None
            ),
            seconds=round(time.perf_counter() - started, 3) if todo else None,
            pages_at_once=at_once if todo else None,
            page_times=tuple(sorted(times, key=lambda t: t.page)),
        )

    def _done_before(self, page: PageText, digest: str, reader: str) -> bool:
        """A page OCR'd before counts as done, unless it read as noise with another engine or
        other languages (or in an earlier process: then it is read once more)."""
        if not set(page.warnings) & UNUSABLE:
            return True
        return self._unreadable.get((digest, page.index)) == reader

    @staticmethod
    def _each_page(
        todo: Sequence[int], read: Callable[[int], _Reading], at_once: int, deadline: float
    ) -> list[tuple[int, _Reading | PdfcoreError | None]]:
        """Each page's reading (or its OCR error), ``at_once`` pages at a time; pages not started
        by the deadline get None. Other errors (the renderer's) end the call."""
        out: list[tuple[int, _Reading | PdfcoreError | None]] = []
        queue = list(todo)
        if at_once == 1:
            for i in queue:
                if time.monotonic() > deadline:
                    out.append((i, None))
                    continue
                try:
                    out.append((i, read(i)))
                except (OcrFailed, OcrUnavailable) as exc:
                    out.append((i, exc))
            return out
        with ThreadPoolExecutor(max_workers=at_once, thread_name_prefix="pdfcore-ocr") as pool:
            running: dict[Future[_Reading], int] = {}

            def start_next() -> None:
                while queue:
                    i = queue.pop(0)
                    if time.monotonic() > deadline:
                        out.append((i, None))
                        continue
                    running[pool.submit(read, i)] = i
                    return

            for _ in range(at_once):
                start_next()
            try:
                while running:
                    finished, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        i = running.pop(future)
                        try:
                            out.append((i, future.result()))
                        except (OcrFailed, OcrUnavailable) as exc:
                            out.append((i, exc))
                        start_next()
            finally:
                for future in running:
                    future.cancel()
        return out

    # -- one page -------------------------------------------------------------------------------

    def _read_page(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        native: PageText,
        engine: OcrEngine,
        langs: tuple[str, ...],
        profile: DocumentProfile,
    ) -> _Reading:
        t0 = time.perf_counter()
        dpi = int(getattr(engine, "preferred_dpi", 300))
        info = facts.pages[native.index]
        # keep the raster reasonable on oversized pages
        long_pt = max(info.width, info.height, 1.0)
        dpi = max(72, min(dpi, int(6000 * 72 / long_pt)))
        img = self.renderer.render(source, native.index, dpi=dpi, clip=None)
        image = RasterImage(png=img.png, width=img.width, height=img.height)
        t1 = time.perf_counter()
        result, turn, readings = self._upright_reading(engine, image, langs)
        t2 = time.perf_counter()
        page = self._page_of(result, turn, 72.0 / (img.dpi or dpi), native, facts, profile)
        unreadable = bool(result.words) and result.mean_confidence < self.noise_confidence
        if unreadable:
            kept = [w for w in native.warnings if w in UNUSABLE] or ["likely_scanned"]
            page = evolve(
                page,
                text="",
                blocks=(),
                lines=(),
                char_count=0,
                furniture=(),
                warnings=tuple(dict.fromkeys([*kept, "ocr_low_confidence", *page.warnings])),
            )
        spent = OcrPageTime(
            page=native.index + 1,
            seconds=round(time.perf_counter() - t0, 3),
            render_seconds=round(t1 - t0, 3),
            recognise_seconds=round(t2 - t1, 3),
            turned=turn,
            readings=readings,
        )
        return _Reading(page, spent, unreadable)

    def _upright_reading(
        self, engine: OcrEngine, image: RasterImage, langs: tuple[str, ...]
    ) -> tuple[OcrResult, int, int]:
        """The engine's most confident reading of the image, the turn it was read with, and how
        many readings were made. A reading that looks turned is tried again turned upright."""
        first = engine.recognize(image, languages=langs)
        if not first.words:
            return first, 0, 1
        sure = float(getattr(engine, "sure_confidence", self.min_confidence))
        vertical = vertical_share(first) > VERTICAL_SHARE
        if not vertical and first.mean_confidence >= sure:
            return first, 0, 1
        detect = getattr(engine, "detect_orientation", None)
        found = detect(image) if callable(detect) else None
        groups: list[Sequence[int]]
        if found is not None:
            groups = [(found,)] if found else []
        else:
            # The likelier turns first; the others when those leave the page unsure (EasyOCR
            # reads a page turned by a quarter as short level pieces, not vertical lines).
            groups = [QUARTER_TURNS, HALF_TURN] if vertical else [HALF_TURN, QUARTER_TURNS]
        best, best_turn, best_score = first, 0, _score(first)
        readings = 1
        for k, group in enumerate(groups):
            if k and best_score >= self.min_confidence:
                break
            for turn in group:
                again = engine.recognize(image, languages=langs, turn=turn)
                readings += 1
                score = _score(again)
                if score > best_score:
                    best, best_turn, best_score = again, turn, score
                if score >= sure:
                    return best, best_turn, readings  # read upright and surely: no other turn can be it
        return best, best_turn, readings

    def _page_of(
        self,
        result: OcrResult,
        turn: int,
        scale: float,
        native: PageText,
        facts: DocumentFacts,
        profile: DocumentProfile,
    ) -> PageText:
        """The recognised page, finished like a native page. A page read turned is laid out in
        the upright page (its width and height swapped for a quarter turn), then turned back."""
        info = facts.pages[native.index]
        quarter = turn in (90, 270)
        width, height = (info.height, info.width) if quarter else (info.width, info.height)
        text_lines = lines_of(result.words, scale)
        upright_facts = facts
        if quarter:
            turned_info = evolve(info, width=width, height=height)
            upright_facts = evolve(
                facts, pages=tuple(turned_info if p.index == native.index else p for p in facts.pages)
            )
        raw = PageText(
            index=native.index,
            text="",
            lines=tuple(text_lines),
            # the native images and hidden spans are in page space: laid beside an upright
            # reading of a turned page, they would be in the wrong place
            images=native.images if not turn else (),
            image_count=native.image_count,
            hidden=native.hidden if not turn else (),
            source="ocr",
            ocr_confidence=round(result.mean_confidence, 3),
        )
        # the same finishing as native pages: running heads, reading order, hyphenation, quality
        page = self.documents.finish(raw, upright_facts, profile)
        if turn:
            page = evolve(_turned(page, (360 - turn) % 360, width, height), images=native.images, hidden=native.hidden)
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


def vertical_share(result: OcrResult) -> float:
    """Share of the recognised characters on lines much taller than wide."""
    lines: dict[int, list[OcrWord]] = {}
    for w in result.words:
        lines.setdefault(w.line, []).append(w)
    total = upright = 0
    for line in lines.values():
        chars = sum(len(w.text) for w in line)
        total += chars
        width = max(w.bbox.x1 for w in line) - min(w.bbox.x0 for w in line)
        height = max(w.bbox.y1 for w in line) - min(w.bbox.y0 for w in line)
        if chars >= 2 and height > VERTICAL_RATIO * width:
            upright += chars
    return upright / total if total else 0.0


def _score(result: OcrResult) -> float:
    """How much a reading is to be trusted: its mean confidence, less a half for a reading of
    mostly vertical lines (read sideways: even when the words come out right, the lines do not
    lie as on the page)."""
    if not result.words:
        return 0.0
    return result.mean_confidence - (0.5 if vertical_share(result) > VERTICAL_SHARE else 0.0)


def _turned(page: PageText, turn: int, width: float, height: float) -> PageText:
    """``page`` (laid out on a ``width`` x ``height`` page) with every box turned clockwise by ``turn``."""

    def line(ln: TextLine) -> TextLine:
        return evolve(ln, bbox=turn_box(ln.bbox, turn, width, height))

    def block(b: TextBlock) -> TextBlock:
        return evolve(b, bbox=turn_box(b.bbox, turn, width, height), lines=tuple(line(ln) for ln in b.lines))

    return evolve(page, blocks=tuple(block(b) for b in page.blocks), lines=tuple(line(ln) for ln in page.lines))
