"""OCR benchmark: each installed OCR engine's accuracy, and OCR through pdfcore beside the engine alone.

Parts (``--parts``, default all):

``cer``       the engine's own reading (``recognize``) of pages rendered with pypdfium2 at its
              ``preferred_dpi`` (capped at 16 Mpx), languages ``eng``: (a) scans from the corpus
              (``ocrmypdf/resources``) against hand transcriptions in ``benchmarks/ocr_truth/`` (the
              LinnSequencer flyer as a clean JBIG2 scan, a skewed scan, a poster-size page and upright
              page 1 of ``cardinal.pdf``; ``francais.pdf``, a French pangram full of diacritics); (b)
              born-digital pages against their own text layer. Pages 2-4 of ``cardinal.pdf`` (the
              flyer turned 90/180/270 degrees) are read here as they are, reported apart and left
              out of the totals: orientation is pdfcore's work, measured by ``rotation``.
``order``     DEV scans (``benchmarks/ocr_pipeline.py``: born-digital two- and three-column pages
              rendered at 300 dpi into image-only PDFs; truth = pdfcore's native text of the page in
              reading order): similarity of pdfcore's OCR text, and of the engine's own text output
              on the same render, to the truth.
``rotation``  the flyer (cardinal.pdf) and two DEV pages shown turned 90/180/270 degrees, read
              through pdfcore: CER beside the same page upright.
``speed``     time per page through pdfcore (one ``read_pages(ocr=True)`` call per page, on a started
              core, the page never seen before) beside the engine alone on the same render (Tesseract's
              CLI with ``OMP_THREAD_LIMIT=1``, RapidOCR's and EasyOCR's Python call with one thread),
              alternating rounds, medians; the ratio is taken in the same run.
``parallel``  one call reading four pages, with the default engine workers and with one.

CER = Levenshtein distance / reference length, on NFKC text with control characters dropped and
whitespace runs collapsed (so line breaks and reading order still count). Totals are
character-weighted. EasyOCR takes minutes per page on one core, so by default it reads only a
few pages in each part (``--easyocr-pages``).

Usage::

    python benchmarks/bench_ocr.py [--engines tesseract,rapidocr,easyocr] [--parts cer,order,rotation,speed,parallel]
                                   [--easyocr-pages N|all] [--rounds 3] [--quick] [--json PATH] [--no-doc]
    python benchmarks/bench_ocr.py --report-from RUN.json [RUN.json ...] [--no-doc]

``--report-from`` writes the report of runs saved with ``--json`` without measuring: several runs
(one engine each, or a part measured again) are put together, a later run's parts replacing an
earlier one's.

Results go to stdout and, unless ``--no-doc``, replace the ``## OCR`` section of
``docs/benchmarks.md`` (other sections are left as they are). Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import sys
import time
import unicodedata
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
for _path in (REPO, REPO / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

CORPUS = Path(os.environ.get("PDFCORE_CORPUS", REPO.parent / "shared" / "corpus")).resolve()
TRUTH = REPO / "benchmarks" / "ocr_truth"
DOC = REPO / "docs" / "benchmarks.md"
MAX_PIXELS = 16_000_000
LANGUAGES = ("eng",)
#: Engines whose CER differs by no more than this (0.2% of characters, a few per page) count as
#: equally accurate; speed decides.
CER_TIE = 0.002
REQUIRED_DEFAULT_CER = 0.05


@dataclass(frozen=True)
class PageCase:
    key: str
    group: str  # "scanned", "rotated" or "born-digital"
    path: str  # inside the corpus
    page: int  # 0-based
    truth: str | None  # file in benchmarks/ocr_truth, or None for the page's own text layer
    note: str


CASES = (
    PageCase(
        "jbig2", "scanned", "ocrmypdf/resources/jbig2.pdf", 0, "linnsequencer.txt", "clean scan, JBIG2, two columns"
    ),
    PageCase("skew", "scanned", "ocrmypdf/resources/skew.pdf", 0, "linnsequencer.txt", "same flyer, skewed scan"),
    PageCase("poster", "scanned", "ocrmypdf/resources/poster.pdf", 0, "linnsequencer.txt", "same flyer, 25x50 in page"),
    PageCase("cardinal-1", "scanned", "ocrmypdf/resources/cardinal.pdf", 0, "linnsequencer.txt", "same flyer, upright"),
    PageCase(
        "francais", "scanned", "ocrmypdf/resources/francais.pdf", 0, "francais.txt", "French diacritics (read as eng)"
    ),
    PageCase("cardinal-2", "rotated", "ocrmypdf/resources/cardinal.pdf", 1, "linnsequencer.txt", "turned 90 degrees"),
    PageCase("cardinal-3", "rotated", "ocrmypdf/resources/cardinal.pdf", 2, "linnsequencer.txt", "turned 180 degrees"),
    PageCase("cardinal-4", "rotated", "ocrmypdf/resources/cardinal.pdf", 3, "linnsequencer.txt", "turned 270 degrees"),
    PageCase("tracemonkey-2", "born-digital", "pdfjs/tracemonkey.pdf", 1, None, "two-column paper"),
    PageCase("aqa-3", "born-digital", "uda-benchmark/paper_docs/1705.07830.pdf", 2, None, "paper: figure, math"),
    PageCase("lifeway-6", "born-digital", "uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf", 5, None, "10-K prose"),
    PageCase(
        "pdflatex-1",
        "born-digital",
        "py-pdf_sample-files/004-pdflatex-4-pages/pdflatex-4-pages.pdf",
        0,
        None,
        "LaTeX prose",
    ),
    PageCase("minutes-1", "born-digital", "pdfplumber/pdfs/2023-06-20-PV.pdf", 0, None, "French minutes, legal size"),
)
#: The pages EasyOCR reads by default, in this order (``--easyocr-pages`` takes the first N).
EASYOCR_ORDER = ("jbig2", "lifeway-6", "francais", "pdflatex-1", "skew", "tracemonkey-2", "aqa-3", "minutes-1")
QUICK = ("jbig2", "francais", "lifeway-6", "pdflatex-1")


@dataclass
class Measurement:
    engine: str
    case: str
    group: str
    dpi: float
    pixels: tuple[int, int]
    ref_chars: int
    edits: int
    cer: float
    seconds: float
    mean_confidence: float
    error: str | None = None


@dataclass
class EngineRun:
    engine: str
    preferred_dpi: int
    load_seconds: float
    measurements: list[Measurement] = field(default_factory=list)
    unavailable: str | None = None


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Text normalisation and edit distance


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return " ".join(text.split())


def levenshtein(a: str, b: str) -> int:
    """Edit distance (unit costs), bit-parallel (Myers 1999) over Python integers: O(len(a) * len(b) / 64)."""
    if len(a) < len(b):
        a, b = b, a
    m = len(b)
    if m == 0:
        return len(a)
    peq: dict[str, int] = {}
    for i, ch in enumerate(b):
        peq[ch] = peq.get(ch, 0) | (1 << i)
    full = (1 << m) - 1
    top = 1 << (m - 1)
    pv, mv, score = full, 0, m
    for ch in a:
        eq = peq.get(ch, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & full)
        mh = pv & xh
        if ph & top:
            score += 1
        elif mh & top:
            score -= 1
        ph = ((ph << 1) | 1) & full
        mh = (mh << 1) & full
        pv = mh | (~(xv | ph) & full)
        mv = ph & xv
    return score


# ---------------------------------------------------------------------------------------------
# Pages


def render(case: PageCase, dpi: float) -> tuple[bytes, int, int, float]:
    """PNG of the page at ``dpi``, lowered so the image stays under MAX_PIXELS."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(CORPUS / case.path))
    try:
        page = doc[case.page]
        try:
            w_pt, h_pt = page.get_size()
            scale = dpi / 72.0
            if w_pt * h_pt * scale * scale > MAX_PIXELS:
                scale = (MAX_PIXELS / (w_pt * h_pt)) ** 0.5
            bitmap = page.render(scale=scale, may_draw_forms=True, draw_annots=True)
            try:
                image = bitmap.to_pil().convert("RGB")
            finally:
                bitmap.close()
        finally:
            page.close()
    finally:
        doc.close()
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue(), image.width, image.height, scale * 72.0


def reference(case: PageCase) -> str:
    if case.truth is not None:
        return (TRUTH / case.truth).read_text(encoding="utf-8")
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(CORPUS / case.path))
    try:
        page = doc[case.page]
        textpage = page.get_textpage()
        try:
            return str(textpage.get_text_range())
        finally:
            textpage.close()
            page.close()
    finally:
        doc.close()


# ---------------------------------------------------------------------------------------------
# Running the engines


def run_engine(name: str, cases: list[PageCase], refs: dict[str, str]) -> EngineRun:
    from pdfcore.errors import PdfcoreError
    from pdfcore.models import RasterImage
    from pdfcore.registry import load_class

    try:
        engine = load_class("ocr", name)()
        t0 = time.perf_counter()
        engine.check()
        warm = getattr(engine, "warm", None)
        if callable(warm):
            warm()
        load = time.perf_counter() - t0
    except PdfcoreError as exc:
        log(f"{name}: unavailable ({exc.code}: {exc.message})")
        return EngineRun(name, 0, 0.0, unavailable=f"{exc.code}: {exc.message}")
    run = EngineRun(name, int(engine.preferred_dpi), load)
    log(f"{name}: ready in {load:.1f} s; preferred_dpi={engine.preferred_dpi}")
    for case in cases:
        png, width, height, dpi = render(case, engine.preferred_dpi)
        ref = normalise(refs[case.key])
        t0 = time.perf_counter()
        try:
            result = engine.recognize(RasterImage(png=png, width=width, height=height), languages=LANGUAGES)
        except PdfcoreError as exc:
            seconds = time.perf_counter() - t0
            run.measurements.append(
                Measurement(
                    name, case.key, case.group, dpi, (width, height), len(ref), len(ref), 1.0, seconds, 0.0, exc.code
                )
            )
            log(f"  {case.key}: {exc.code} after {seconds:.1f} s")
            continue
        seconds = time.perf_counter() - t0
        edits = levenshtein(ref, normalise(result.text))
        m = Measurement(
            name,
            case.key,
            case.group,
            round(dpi, 1),
            (width, height),
            len(ref),
            edits,
            edits / max(len(ref), 1),
            seconds,
            result.mean_confidence,
        )
        run.measurements.append(m)
        log(f"  {case.key}: CER {m.cer:.4f}  {seconds:.1f} s  ({width}x{height} px at {dpi:.0f} dpi)")
    return run


# ---------------------------------------------------------------------------------------------
# Report


def totals(ms: list[Measurement]) -> tuple[float, float, int]:
    """(character-weighted CER, mean seconds per page, pages)"""
    if not ms:
        return (float("nan"), float("nan"), 0)
    ref = sum(m.ref_chars for m in ms)
    return (sum(m.edits for m in ms) / max(ref, 1), sum(m.seconds for m in ms) / len(ms), len(ms))


def pick(runs: list[EngineRun], keys: set[str], groups: set[str]) -> dict[str, list[Measurement]]:
    return {r.engine: [m for m in r.measurements if m.case in keys and m.group in groups] for r in runs}


def _upright(run: EngineRun) -> dict[str, Measurement]:
    return {m.case: m for m in run.measurements if m.group != "rotated"}


def _versus(a: EngineRun, b: EngineRun) -> tuple[int, str]:
    """-1 when ``a`` should come first: lower CER on the pages both read, or equal CER and faster."""
    shared = sorted(set(_upright(a)) & set(_upright(b)))
    ca, sa, n = totals([_upright(a)[k] for k in shared])
    cb, sb, _ = totals([_upright(b)[k] for k in shared])
    if abs(ca - cb) > CER_TIE:
        order = -1 if ca < cb else 1
    else:
        order = -1 if sa < sb else (1 if sa > sb else 0)
    return order, f"{a.engine} vs {b.engine} on {n} shared pages: CER {ca:.4f} vs {cb:.4f}, {sa:.1f} vs {sb:.1f} s/page"


def recommend(runs: list[EngineRun]) -> tuple[list[str], str]:
    """Engines ordered pairwise on the pages both read: lower CER first; within CER_TIE, faster first."""
    import functools

    usable = [r for r in runs if not r.unavailable and r.measurements]
    if not usable:
        return [], "no engine could run"

    def first(a: EngineRun, b: EngineRun) -> int:
        return _versus(a, b)[0]

    order = sorted(usable, key=functools.cmp_to_key(first))
    why = "; ".join(_versus(a, b)[1] for i, a in enumerate(order) for b in order[i + 1 :])
    return [r.engine for r in order], why


def report_cer(runs: list[EngineRun], cases: list[PageCase]) -> list[str]:
    engines = [r.engine for r in runs if not r.unavailable]
    lines = ["### Accuracy of each engine's own reading", ""]
    lines.append(
        "CER = Levenshtein distance / reference characters on NFKC text with whitespace runs collapsed "
        "(reading order counts); totals are character-weighted. Seconds: `recognize` wall time per page "
        "(one thread), model loading excluded. Pages rendered with pypdfium2 at each engine's `preferred_dpi` "
        f"(capped at {MAX_PIXELS // 1_000_000} Mpx), languages `eng`. Scanned pages are compared with hand "
        "transcriptions (`benchmarks/ocr_truth/`), born-digital pages with their own text layer. "
        "Pages 2-4 of `cardinal.pdf` are the flyer turned 90/180/270 degrees, read here as they are (the engine "
        "alone does not turn them): reported apart and left out of the totals and the ranking; pdfcore reads "
        "them upright (see Orientation). EasyOCR reads "
        f"only the first `--easyocr-pages` of: {', '.join(EASYOCR_ORDER)}."
    )
    lines.append("")
    for r in runs:
        if r.unavailable:
            lines.append(f"- {r.engine}: not run ({r.unavailable})")
        else:
            lines.append(
                f"- {r.engine}: preferred_dpi {r.preferred_dpi}, model load {r.load_seconds:.1f} s, {len(r.measurements)} pages"
            )
    lines.append("")
    header = "| page | set | what | " + " | ".join(f"{e} CER | {e} s" for e in engines) + " |"
    lines.append(header)
    lines.append("|" + "---|" * (3 + 2 * len(engines)))
    by = {(m.engine, m.case): m for r in runs for m in r.measurements}
    for case in cases:
        cells = []
        for e in engines:
            m = by.get((e, case.key))
            if m is None:
                cells += ["—", "—"]
            elif m.error:
                cells += [m.error, f"{m.seconds:.1f}"]
            else:
                cells += [f"{m.cer:.4f}", f"{m.seconds:.1f}"]
        lines.append(f"| {case.key} | {case.group} | {case.note} | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("Totals (character-weighted CER, mean seconds per page, pages):")
    lines.append("")
    lines.append("| subset | " + " | ".join(engines) + " |")
    lines.append("|---|" + "---|" * len(engines))
    all_keys = {c.key for c in cases}
    easy_keys = {m.case for r in runs if r.engine == "easyocr" for m in r.measurements}
    subsets: list[tuple[str, set[str], set[str]]] = [
        ("scanned (upright)", all_keys, {"scanned"}),
        ("born-digital", all_keys, {"born-digital"}),
        ("scanned + born-digital", all_keys, {"scanned", "born-digital"}),
        ("rotated, read as they are", all_keys, {"rotated"}),
    ]
    if easy_keys and len(easy_keys) < len(all_keys):
        subsets.append(("pages EasyOCR read", easy_keys, {"scanned", "born-digital"}))
    for label, keys, groups in subsets:
        chosen = pick(runs, keys, groups)
        cells = []
        for e in engines:
            cer, sec, n = totals(chosen.get(e, []))
            cells.append("—" if n == 0 else f"{cer:.4f}, {sec:.1f} s, {n}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("")
    order, why = recommend(runs)
    if order:
        best = order[0]
        cer_best = totals([m for r in runs if r.engine == best for m in r.measurements if m.group != "rotated"])[0]
        verdict = "meets" if cer_best <= REQUIRED_DEFAULT_CER else "does NOT meet"
        lines.append(
            f"Ranking (accuracy first, pairwise on the upright pages both engines read; CERs within {CER_TIE} "
            f"count as equal and the faster engine goes first): {why}. "
            f"Suggested `OCR_PREFERENCE`: {tuple(order)}; `auto` picks **{best}**, whose CER over all its upright "
            f"pages is {cer_best:.4f}: it {verdict} the target CER <= {REQUIRED_DEFAULT_CER}."
        )
    lines.append("")
    return lines


def write_section(section: str, path: Path = DOC) -> None:
    """Replace the ``## OCR`` section of ``path`` (up to the next ``## `` heading), or append it."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    lines = text.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.strip() == "## OCR"), None)
    new = section.rstrip("\n").splitlines()
    if start is None:
        while lines and not lines[-1].strip():
            lines.pop()
        lines += ["", *new]
    else:
        end = next((j for j in range(start + 1, len(lines)) if lines[j].startswith("## ")), len(lines))
        tail = lines[end:]
        lines = lines[:start] + new + ([""] if tail else []) + tail
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8")


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def _ratio(a: float, b: float) -> str:
    """``a / b`` to two places, or a dash when ``a`` was not measured (NaN)."""
    return "—" if a != a or not b else f"{a / b:.2f}"


def report_pipeline(runs: list[Any]) -> list[str]:
    """The order, orientation, speed and parallel tables (``ocr_pipeline.PipelineRun`` each)."""
    from ocr_pipeline import SCAN_DPI

    lines: list[str] = []
    usable = [r for r in runs if not r.unavailable]
    for r in runs:
        if r.unavailable:
            lines += [f"- {r.engine}: not run through pdfcore ({r.unavailable})", ""]
    ordered = [r for r in usable if r.order]
    if ordered:
        lines += ["### Reading order of multi-column scans", ""]
        lines.append(
            f"DEV scans: born-digital pages of two and three columns rendered at {SCAN_DPI} dpi (grey) into "
            "image-only PDFs; the truth is pdfcore's native text of the page in reading order (running heads kept). "
            "Similarity = difflib ratio of the whitespace-collapsed texts (1.0: the same characters in the same "
            "order; two columns read line by line across score far lower than misread characters). *pdfcore* is "
            "`read_pages(ocr=True)`; *alone* is the engine's own text output on the same render: "
            + "; ".join(f"{r.engine}: {r.bare}" for r in ordered)
            + "."
        )
        lines.append("")
        keys = [row.key for row in ordered[0].order]
        lines.append(
            "| page | columns | " + " | ".join(f"{r.engine} pdfcore | {r.engine} alone" for r in ordered) + " |"
        )
        lines.append("|---|---|" + "---|---|" * len(ordered))
        for key in keys:
            cells = []
            columns = "?"
            for r in ordered:
                row = next((x for x in r.order if x.key == key), None)
                if row is None:
                    cells += ["—", "—"]
                    continue
                columns = str(row.columns)
                cells += [f"{row.pdfcore:.3f}", f"{row.engine_own:.3f}"]
            lines.append(f"| {key} | {columns} | " + " | ".join(cells) + " |")
        for label, cols in (("mean, two columns", 2), ("mean, three columns", 3), ("lowest", 0)):
            cells = []
            for r in ordered:
                rows = [x for x in r.order if cols == 0 or x.columns == cols]
                if not rows:
                    cells += ["—", "—"]
                elif cols:
                    cells += [f"{_mean([x.pdfcore for x in rows]):.3f}", f"{_mean([x.engine_own for x in rows]):.3f}"]
                else:
                    cells += [f"{min(x.pdfcore for x in rows):.3f}", f"{min(x.engine_own for x in rows):.3f}"]
            lines.append(f"| {label} | | " + " | ".join(cells) + " |")
        lines.append("")
    rotated = [r for r in usable if r.rotation]
    if rotated:
        lines += ["### Orientation", ""]
        lines.append(
            "The flyer (`cardinal.pdf` page 1 upright, pages 2-4 turned 90/180/270 degrees; hand transcription) and "
            "two DEV pages shown turned, read through pdfcore: CER of each against its truth, beside the same page "
            "upright (CER here includes reading order, as above). *read turned* is the turn pdfcore read the page "
            "with (the report's `turned`), *readings* how many recognitions it took."
        )
        lines.append("")
        lines.append(
            "| page | shown turned | "
            + " | ".join(f"{r.engine} CER | {r.engine} vs upright | {r.engine} read turned, readings" for r in rotated)
            + " |"
        )
        lines.append("|---|---|" + "---|---|---|" * len(rotated))
        for key in [row.key for row in rotated[0].rotation]:
            cells = []
            turned = "?"
            for r in rotated:
                row = next((x for x in r.rotation if x.key == key), None)
                if row is None:
                    cells += ["—", "—", "—"]
                    continue
                turned = str(row.turned)
                flag = " (low confidence)" if row.low_confidence else ""
                cells += [
                    f"{row.cer:.4f}{flag}",
                    f"{row.cer - row.upright_cer:+.4f}",
                    f"{row.turned_back}, {row.readings}",
                ]
            lines.append(f"| {key} | {turned} | " + " | ".join(cells) + " |")
        worst = {r.engine: max((x.cer - x.upright_cer for x in r.rotation if x.turned), default=0.0) for r in rotated}
        lines.append("")
        lines.append(
            "Largest CER difference between a turned page and the same page upright: "
            + ", ".join(f"{e} {v:+.4f}" for e, v in worst.items())
            + "."
        )
        lines.append("")
    timed = [r for r in usable if r.speed]
    if timed:
        lines += ["### Speed", ""]
        lines.append(
            "One `read_pages(ocr=True)` call per page on a started core (OCR workers booted, engines loaded), each "
            "page a document no cache has seen: *pdfcore call* is the call's wall time (native extraction, render "
            "at the engine's preferred dpi, recognition, finishing, caching), *page* the report's time for the "
            "page (render, recognition, finishing). *alone* is the engine on its own on the same render, one "
            "thread. Rounds alternate pdfcore and the engine alone; medians."
        )
        lines.append("")
        lines.append("| engine | page | pdfcore call s | page s | alone s | call / alone | rounds |")
        lines.append("|---|---|---|---|---|---|---|")
        for r in timed:
            for row in r.speed:
                lines.append(
                    f"| {r.engine} | {row.key} | {row.pdfcore_call:.2f} | {row.pdfcore_page:.2f} | {row.bare:.2f} | "
                    f"{row.pdfcore_call / row.bare:.2f}x | {row.rounds} |"
                )
        lines.append("")
        lines.append(
            "Per engine, all pages (sum of medians): "
            + "; ".join(
                f"{r.engine} {sum(x.pdfcore_call for x in r.speed) / sum(x.bare for x in r.speed):.2f}x its time alone"
                for r in timed
            )
            + "."
        )
        lines.append("")
    parallel = [r for r in usable if r.parallel]
    if parallel:
        lines += ["### Several pages in one call", ""]
        lines.append(
            "One `read_pages(pages='1-4', ocr=True)` call on four DEV pages, with the default engine workers "
            "(one per core) and with `PDFCORE_WORKERS=1`; *pages at once* is the report's `pages_at_once`."
        )
        lines.append("")
        lines.append(
            "| engine | pages | wall s, default workers | pages at once | pages' own seconds / wall | "
            "CPU s / wall | wall s, one worker | CPU s / wall, one worker | speed-up |"
        )
        lines.append("|---|---|---|---|---|---|---|---|---|")
        for r in parallel:
            p = r.parallel
            lines.append(
                f"| {r.engine} | {p.pages} | {p.wall_all_workers:.1f} | {p.pages_at_once} | "
                f"{p.page_seconds_sum / p.wall_all_workers:.2f} | {_ratio(p.cpu_all_workers, p.wall_all_workers)} | "
                f"{p.wall_one_worker:.1f} | {_ratio(p.cpu_one_worker, p.wall_one_worker)} | "
                f"{p.wall_one_worker / p.wall_all_workers:.2f}x |"
            )
        lines.append("")
        lines.append(
            "*pages' own seconds / wall*: the pages' times (render, recognition) summed over the call's wall time, "
            "how many were being read at each moment on average. *CPU s / wall*: the CPU seconds (user and "
            "system) of the benchmark's process tree during the call (the core, its engine workers and their "
            "Tesseract processes, from `/proc`) over the call's wall time: how many cores the call kept busy on "
            "average (2.0 is both cores of this machine all the time). The speed-up over one worker also depends "
            "on the cores other work on the machine leaves free."
        )
        lines.append("")
    return lines


def _measured(env: dict[str, Any]) -> str:
    return (
        f"{env['date']} at commit {env['commit']}, load average {env['load_start']} at start, {env['load_end']} "
        f"at the end: `{env['command']}`"
    )


def _section(envs: list[dict[str, Any]], runs: list[EngineRun], pipeline: list[Any], cases: list[PageCase]) -> str:
    lines = ["## OCR", ""]
    env = envs[0]
    machine = f"{env['cpus']} CPUs ({env['machine']}, Python {env['python']}), shared machine"
    if len(envs) == 1:
        lines.append(
            f"Measured {env['date']} at commit {env['commit']} on {machine}: load average {env['load_start']} at "
            f"start, {env['load_end']} at the end. Command: `{env['command']}`."
        )
    else:
        lines.append(f"Measured on {machine}, in {len(envs)} runs (a later run's parts replace an earlier one's):")
        lines.append("")
        lines += [f"{n}. {_measured(e)}" for n, e in enumerate(envs, 1)]
    lines.append("")
    lines += report_pipeline(pipeline)
    if runs:
        lines += report_cer(runs, cases)
    return "\n".join(lines)


def _report_saved(paths: list[Path], *, write: bool) -> int:
    """The report of runs saved with ``--json`` (the same tables, nothing measured again). Several
    runs are put together: each engine's CER pages from the last run that read them, and each of
    its pipeline parts (order, rotation, speed, parallel) from the last run that measured it."""
    import ocr_pipeline as op

    envs: list[dict[str, Any]] = []
    runs: dict[str, EngineRun] = {}
    pipeline: dict[str, Any] = {}
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["env"].setdefault("command", f"python benchmarks/bench_ocr.py --json {path.name} (the run saved)")
        envs.append(data["env"])
        for raw in data["runs"]:
            ms = [Measurement(**{**m, "pixels": tuple(m["pixels"])}) for m in raw.pop("measurements")]
            run = EngineRun(**raw, measurements=ms)
            before = runs.get(run.engine)
            if before is not None and not run.unavailable:
                kept = [m for m in before.measurements if m.case not in {x.case for x in ms}]
                run.measurements = kept + ms
            runs[run.engine] = run
        for raw in data.get("pipeline", []):
            parallel = raw.pop("parallel")
            got = op.PipelineRun(
                engine=raw["engine"],
                unavailable=raw["unavailable"],
                order=[op.OrderRow(**x) for x in raw["order"]],
                rotation=[op.RotationRow(**x) for x in raw["rotation"]],
                speed=[op.SpeedRow(**x) for x in raw["speed"]],
                parallel=op.ParallelRow(**parallel) if parallel else None,
                bare=raw["bare"],
            )
            before = pipeline.get(got.engine)
            if before is not None and not got.unavailable:
                for part in ("order", "rotation", "speed", "parallel"):
                    if not getattr(got, part):
                        setattr(got, part, getattr(before, part))
            pipeline[got.engine] = got
    measured = {m.case for r in runs.values() for m in r.measurements}
    section = _section(envs, list(runs.values()), list(pipeline.values()), [c for c in CASES if c.key in measured])
    print(section)
    if write:
        write_section(section)
        log(f"wrote the OCR section of {DOC}")
    return 0


def _commit() -> str:
    import subprocess

    def git(*cmd: str) -> str:
        return subprocess.run(["git", *cmd], cwd=REPO, capture_output=True, text=True).stdout.strip()

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    return commit + (" (with changes)" if git("status", "--porcelain", "--untracked-files=no") else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engines", default="tesseract,rapidocr,easyocr")
    parser.add_argument("--parts", default="cer,order,rotation,speed,parallel")
    parser.add_argument("--easyocr-pages", default="2", help="how many pages EasyOCR reads in each part (or 'all')")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds per page (speed)")
    parser.add_argument("--quick", action="store_true", help=f"cer: only {', '.join(QUICK)}")
    parser.add_argument("--json", type=Path, help="also write the raw measurements here")
    parser.add_argument("--no-doc", action="store_true", help="do not update docs/benchmarks.md")
    parser.add_argument(
        "--report-from",
        type=Path,
        nargs="+",
        help="write the report of saved --json runs (several: put together), measure nothing",
    )
    args = parser.parse_args(argv)
    parts = {p.strip() for p in args.parts.split(",") if p.strip()}
    if args.report_from:
        return _report_saved(args.report_from, write=not args.no_doc)

    if not (CORPUS / "MANIFEST.tsv").exists():
        log(f"corpus not found at {CORPUS} (set PDFCORE_CORPUS)")
        return 2
    cases = [c for c in CASES if not args.quick or c.key in QUICK]
    refs = {c.key: reference(c) for c in cases}
    env = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "commit": _commit(),
        "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "load_start": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }
    engines = [n.strip() for n in args.engines.split(",") if n.strip()]
    runs: list[EngineRun] = []
    pipeline: list[Any] = []
    if parts & {"order", "rotation", "speed", "parallel"}:
        import ocr_pipeline

        with ocr_pipeline.temporary_folder() as tmp:
            folder = Path(tmp)
            log("building the DEV scans")
            flagged = {"extraction": {"running_heads": "flag"}}  # a one-page scan has no running heads to learn
            with ocr_pipeline.started_core("none", folder / "truth", flagged) as truth_core:
                scans = ocr_pipeline.build_scans(folder, truth_core)
            for name in engines:
                limit = None if name != "easyocr" or args.easyocr_pages == "all" else int(args.easyocr_pages)
                log(f"{name}: through pdfcore ({', '.join(sorted(parts - {'cer'}))})")
                pipeline.append(
                    ocr_pipeline.run_pipeline(
                        name,
                        parts,
                        scans,
                        folder,
                        levenshtein,
                        rounds=args.rounds if name != "easyocr" else 1,
                        limit=limit,
                    )
                )
    if "cer" in parts:
        for name in engines:
            chosen = cases
            if name == "easyocr" and args.easyocr_pages != "all":
                wanted = [k for k in EASYOCR_ORDER if k in {c.key for c in cases}][: int(args.easyocr_pages)]
                chosen = [c for c in cases if c.key in wanted]
            runs.append(run_engine(name, chosen, refs))
    env["load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    env["command"] = "python benchmarks/bench_ocr.py" + (
        "" if argv is None and len(sys.argv) < 2 else " " + " ".join(argv or sys.argv[1:])
    )
    section = _section([env], runs, pipeline, cases)
    print(section)
    if args.json:
        args.json.write_text(
            json.dumps(
                {"env": env, "runs": [asdict(r) for r in runs], "pipeline": [asdict(r) for r in pipeline]}, indent=2
            ),
            encoding="utf-8",
        )
    if not args.no_doc:
        write_section(section)
        log(f"wrote the OCR section of {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
