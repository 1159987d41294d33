"""OCR through pdfcore beside the engines on their own: reading order, orientation, speed, pages at once.

Used by ``bench_ocr.py`` (``--parts order,rotation,speed,parallel``). The scans are built here:

- DEV scans: born-digital two- and three-column corpus pages (:data:`DEV`) rendered at 300 dpi
  (grey) into image-only PDFs. Their truth is pdfcore's own text of the born-digital page, in
  reading order, running heads kept (a one-page scan has no running heads to learn): the native
  reading order is what the OCR'd page should read like.
- Turned scans: the same renders turned by 90, 180 or 270 degrees before they become PDFs, and
  pages 2-4 of ``ocrmypdf/resources/cardinal.pdf`` (the flyer turned 90/180/270; its truth is
  the hand transcription in ``ocr_truth/linnsequencer.txt``).

Every pdfcore reading is ``Pdfcore.read_pages(path, pages, ocr=True)`` on a core built as the
server builds it (engine isolation on, OCR engine workers, the default settings but the engine),
started before the timed calls; each timed call gets a page no cache has seen (the PDF's bytes
are made unique per call, so its content digest is new).
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("PDFCORE_CORPUS", REPO.parent / "shared" / "corpus")).resolve()
TRUTH = REPO / "benchmarks" / "ocr_truth"
SCAN_DPI = 300

#: (key, corpus file, 1-based page, columns): born-digital pages with two or three columns of
#: prose (papers, a magazine, a rules document, a federal register page, a census report).
DEV = (
    ("tracemonkey-1", "pdfjs/tracemonkey.pdf", 1, 2),
    ("tracemonkey-4", "pdfjs/tracemonkey.pdf", 4, 2),
    ("acl-1809-2", "uda-benchmark/paper_docs/1809.01202.pdf", 2, 2),
    ("acl-1801-2", "uda-benchmark/paper_docs/1801.05147.pdf", 2, 2),
    ("paper-2001-2", "uda-benchmark/paper_docs/2001.03131.pdf", 2, 2),
    ("creativity-1", "pdfplumber/pdfs/issue-982-example.pdf", 1, 2),
    ("creativity-2", "pdfplumber/pdfs/issue-982-example.pdf", 2, 2),
    ("labor-1", "camelot/files/tabula/labor.pdf", 1, 2),
    ("diesel-1", "camelot/files/diesel_engines.pdf", 1, 2),
    ("fedreg-1", "pdfminer/samples/contrib/pr-00530-ml-lines.pdf", 1, 3),
    ("census-1", "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-001.pdf", 1, 3),
)
#: DEV pages also read turned by 90, 180 and 270 degrees.
TURNED_DEV = ("tracemonkey-1", "acl-1809-2")
#: Pages timed (the issue's flyer: a single-column top over a two-column bottom; two DEV scans).
SPEED_PAGES = ("flyer", "tracemonkey-1", "fedreg-1")
#: Pages read in one call to see how many are read at once.
PARALLEL_PAGES = ("tracemonkey-1", "acl-1809-2", "paper-2001-2", "diesel-1")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def normalise(text: str) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return " ".join(text.split())


def similarity(truth: str, text: str) -> float:
    """difflib's ratio of the two texts, whitespace collapsed: 1.0 for the same characters in the
    same order; lines of two columns interleaved score far lower than misread characters."""
    return difflib.SequenceMatcher(None, normalise(truth), normalise(text), autojunk=False).ratio()


# ---------------------------------------------------------------------------------------------
# Scans


@dataclass
class Scan:
    key: str
    pdf: Path  # image-only, one page (or several for the parallel set)
    truth: str
    columns: int = 1
    turned: int = 0  # the page is shown turned clockwise by this much
    page: int = 1


def _turned(image: Any, turn: int) -> Any:
    from PIL import Image

    if not turn:
        return image
    return image.transpose(
        {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}[turn]
    )


def _render_page(pdf: Path, page: int, dpi: int = SCAN_DPI) -> Any:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[page - 1].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()


def native_text(core: Any, pdf: Path, page: int) -> str:
    text: str = core.read_pages(str(pdf), str(page)).pages[0].text
    return text


def build_scans(folder: Path, truth_core: Any) -> dict[str, Scan]:
    """The DEV scans (upright and turned) and the flyer scans, written into ``folder``."""
    scans: dict[str, Scan] = {}
    for key, path, page, columns in DEV:
        source = CORPUS / path
        truth = native_text(truth_core, source, page)
        image = _render_page(source, page)
        for turn in (0, 90, 180, 270) if key in TURNED_DEV else (0,):
            name = key if not turn else f"{key}@{turn}"
            out = folder / f"{name}.pdf"
            _turned(image, turn).save(out, format="PDF", resolution=float(SCAN_DPI))
            scans[name] = Scan(name, out, truth, columns, turn)
    flyer_truth = (TRUTH / "linnsequencer.txt").read_text(encoding="utf-8")
    scans["flyer"] = Scan("flyer", CORPUS / "ocrmypdf/resources/jbig2.pdf", flyer_truth, 2)
    for page, turn in ((1, 0), (2, 90), (3, 180), (4, 270)):
        name = "cardinal" if not turn else f"cardinal@{turn}"
        scans[name] = Scan(name, CORPUS / "ocrmypdf/resources/cardinal.pdf", flyer_truth, 2, turn, page)
    return scans


def fresh_copy(scan: Scan, folder: Path, tag: str) -> Path:
    """The scan's PDF with a comment appended: a document no cache has seen."""
    out = folder / f"{scan.key.replace('@', '_')}-{tag}.pdf"
    out.write_bytes(scan.pdf.read_bytes() + f"\n% {tag} {time.time_ns()}\n".encode())
    return out


def merged(scans: list[Scan], out: Path) -> Path:
    """One image-only PDF of the scans' pages, in order."""
    images = [_render_page(s.pdf, s.page) for s in scans]
    images[0].save(out, format="PDF", resolution=float(SCAN_DPI), save_all=True, append_images=images[1:])
    return out


# ---------------------------------------------------------------------------------------------
# pdfcore


@contextlib.contextmanager
def started_core(
    engine: str, folder: Path, overrides: dict[str, dict[str, Any]] | None = None, **env: str
) -> Iterator[Any]:
    """A core as the server builds it (``overrides`` aside), OCR engine ``engine``, started."""
    import pdfcore
    from pdfcore.config import load_settings

    folder.mkdir(parents=True, exist_ok=True)
    cfg = folder / "c.toml"
    cfg.write_text("")
    base = {
        "PDFCORE_CONFIG": str(cfg),
        "PDFCORE_CACHE_DIR": str(folder / "cache"),
        "PDFCORE_EMBEDDER": "none",
        "PDFCORE_OCR_ENGINE": engine,
        "PDFCORE_CALL_TIMEOUT": "3600",
        **env,
    }
    core = pdfcore.build(load_settings(env=base, overrides=overrides))
    try:
        core.warm()
        yield core
    finally:
        core.close()


def warm_ocr(core: Any, scan: Scan, folder: Path) -> None:
    """One OCR call on every worker (each loads its engine) before anything is timed."""
    workers = int(getattr(core.services.ocr_engine(), "parallelism", 1))
    pdf = merged([scan] * workers, folder / "warm.pdf")
    core.read_pages(str(pdf), f"1-{workers}", ocr=True)


@dataclass
class Reading:
    text: str
    wall: float  # the whole call
    page_seconds: float  # the report's time of the page (render, recognition, finishing)
    recognise_seconds: float
    turned: int
    readings: int
    confidence: float | None
    warnings: tuple[str, ...]


def read_scan(core: Any, scan: Scan, folder: Path, tag: str) -> Reading:
    path = fresh_copy(scan, folder, tag)
    t0 = time.perf_counter()
    result = core.read_pages(str(path), str(scan.page), ocr=True)
    wall = time.perf_counter() - t0
    page = result.pages[0]
    times = (result.ocr or {}).get("page_times") or [{}]
    return Reading(
        page.text,
        wall,
        float(times[0].get("seconds", float("nan"))),
        float(times[0].get("recognise_seconds", float("nan"))),
        int(times[0].get("turned", 0)),
        int(times[0].get("readings", 1)),
        page.ocr_confidence,
        tuple(page.warnings),
    )


# ---------------------------------------------------------------------------------------------
# The engines on their own, on the render pdfcore reads


def pdfcore_render(pdf: Path, page: int, dpi: int) -> bytes:
    """The PNG pdfcore's renderer makes of the page at ``dpi`` (what the OCR engine is given)."""
    import hashlib

    from adapters.pdfium_renderer import PdfiumRenderer
    from pdfcore.models import DocumentSource, Fingerprint

    st = pdf.stat()
    digest = hashlib.sha256(pdf.read_bytes()).hexdigest()
    source = DocumentSource(str(pdf), Fingerprint(st.st_size, st.st_mtime_ns, digest))
    return PdfiumRenderer().render(source, page - 1, dpi=dpi).png


class Bare:
    """An engine called as its users call it on their own, with one thread: ``read(png)`` returns
    its text in the order it gives it."""

    def __init__(self, engine: str) -> None:
        self.engine = engine
        self._reader: Any = None

    def describe(self) -> str:
        return {
            "tesseract": "`tesseract page.png out` (the CLI, `OMP_THREAD_LIMIT=1`, text output)",
            "rapidocr": "`RapidOCR(...)(image)` (the wheel's default models, one onnxruntime thread)",
            "easyocr": "`easyocr.Reader(['en']).readtext(image)` (one torch thread)",
        }[self.engine]

    def read(self, png: bytes, folder: Path) -> str:
        if self.engine == "tesseract":
            image = folder / "bare.png"
            image.write_bytes(png)
            env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
            subprocess.run(["tesseract", str(image), str(folder / "bare")], env=env, capture_output=True, check=True)
            return (folder / "bare.txt").read_text(encoding="utf-8")
        import numpy as np
        from PIL import Image

        with Image.open(io.BytesIO(png)) as opened:
            bgr = np.ascontiguousarray(np.asarray(opened.convert("RGB"))[:, :, ::-1])
        reader = self._load()
        if self.engine == "rapidocr":
            out = reader(bgr)
            return "\n".join(str(t) for t in (out.txts or ()))
        return "\n".join(str(t) for t in reader.readtext(bgr, detail=0, paragraph=False))

    def _load(self) -> Any:
        if self._reader is None:
            if self.engine == "rapidocr":
                from rapidocr import RapidOCR

                from adapters.rapidocr_ocr import RapidOcrEngine

                paths = RapidOcrEngine()._model_paths()
                params: dict[str, Any] = {
                    "Global.log_level": "error",
                    "Global.use_cls": False,
                    "EngineConfig.onnxruntime.intra_op_num_threads": 1,
                }
                params.update({f"{part}.model_path": str(path) for part, path in paths.items()})
                self._reader = RapidOCR(params=params)
            else:
                import easyocr
                import easyocr_en_models
                import torch

                torch.set_num_threads(1)
                folder = str(easyocr_en_models.model_dir())
                self._reader = easyocr.Reader(
                    ["en"],
                    gpu=False,
                    model_storage_directory=folder,
                    user_network_directory=folder,
                    download_enabled=False,
                    verbose=False,
                )
        return self._reader


# ---------------------------------------------------------------------------------------------
# The parts


@dataclass
class OrderRow:
    key: str
    columns: int
    pdfcore: float
    engine_own: float
    seconds: float


@dataclass
class RotationRow:
    key: str
    turned: int
    cer: float
    upright_cer: float
    turned_back: int
    readings: int
    low_confidence: bool


@dataclass
class SpeedRow:
    key: str
    pdfcore_call: float  # median wall of the call
    pdfcore_page: float  # median of the report's page time
    bare: float  # median of the engine on its own
    rounds: int
    pdfcore_calls: list[float] = field(default_factory=list)
    bare_calls: list[float] = field(default_factory=list)


@dataclass
class ParallelRow:
    pages: int
    wall_all_workers: float
    wall_one_worker: float
    pages_at_once: int
    page_seconds_sum: float
    #: CPU seconds the benchmark's process tree (the core, its engine workers, their Tesseract
    #: processes) spent during the call (NaN in runs saved before it was measured).
    cpu_all_workers: float = float("nan")
    cpu_one_worker: float = float("nan")


@dataclass
class PipelineRun:
    engine: str
    unavailable: str | None = None
    order: list[OrderRow] = field(default_factory=list)
    rotation: list[RotationRow] = field(default_factory=list)
    speed: list[SpeedRow] = field(default_factory=list)
    parallel: ParallelRow | None = None
    bare: str = ""


def cer(truth: str, text: str, levenshtein: Callable[[str, str], int]) -> float:
    ref = normalise(truth)
    return levenshtein(ref, normalise(text)) / max(len(ref), 1)


def run_pipeline(
    engine: str,
    parts: set[str],
    scans: dict[str, Scan],
    folder: Path,
    levenshtein: Callable[[str, str], int],
    *,
    rounds: int,
    limit: int | None,
) -> PipelineRun:
    """The parts asked for, with ``engine``; ``limit`` caps the pages of each part (EasyOCR)."""
    from pdfcore.errors import PdfcoreError

    run = PipelineRun(engine)
    bare = Bare(engine)
    run.bare = bare.describe()
    work = folder / engine
    work.mkdir(parents=True, exist_ok=True)
    try:
        with started_core(engine, work / "core") as core:
            try:
                core.services.ocr_engine()
            except PdfcoreError as exc:
                run.unavailable = f"{exc.code}: {exc.message}"
                return run
            dpi = int(core.services.ocr_engine().preferred_dpi)
            log(f"{engine}: warming the OCR workers")
            warm_ocr(core, scans["tracemonkey-1"], work)
            if "order" in parts:
                keys = [k for k, *_ in DEV][:limit]
                for key in keys:
                    scan = scans[key]
                    reading = read_scan(core, scan, work, "order")
                    own = bare.read(pdfcore_render(scan.pdf, 1, dpi), work)
                    row = OrderRow(
                        key,
                        scan.columns,
                        similarity(scan.truth, reading.text),
                        similarity(scan.truth, own),
                        reading.wall,
                    )
                    run.order.append(row)
                    log(f"  order {key}: pdfcore {row.pdfcore:.3f}, {engine} alone {row.engine_own:.3f}")
            if "rotation" in parts:
                groups = [("cardinal", "cardinal")] + [(k, k) for k in TURNED_DEV]
                for base, _ in groups[: limit or None]:
                    upright = read_scan(core, scans[base], work, "upright")
                    up_cer = cer(scans[base].truth, upright.text, levenshtein)
                    for turn in (0, 90, 180, 270):
                        key = base if not turn else f"{base}@{turn}"
                        reading = upright if not turn else read_scan(core, scans[key], work, "turned")
                        row = RotationRow(
                            key,
                            turn,
                            cer(scans[key].truth, reading.text, levenshtein),
                            up_cer,
                            reading.turned,
                            reading.readings,
                            "ocr_low_confidence" in reading.warnings,
                        )
                        run.rotation.append(row)
                        log(
                            f"  rotation {key}: CER {row.cer:.4f} (upright {up_cer:.4f}), read turned {row.turned_back}"
                        )
            if "speed" in parts:
                for key in SPEED_PAGES[: limit or None]:
                    scan = scans[key]
                    png = pdfcore_render(scan.pdf, scan.page, dpi)
                    row = SpeedRow(key, 0.0, 0.0, 0.0, rounds)
                    pages: list[float] = []
                    for r in range(rounds):  # alternating: pdfcore, then the engine alone
                        reading = read_scan(core, scan, work, f"speed{r}")
                        row.pdfcore_calls.append(reading.wall)
                        pages.append(reading.page_seconds)
                        t0 = time.perf_counter()
                        bare.read(png, work)
                        row.bare_calls.append(time.perf_counter() - t0)
                    row.pdfcore_call = statistics.median(row.pdfcore_calls)
                    row.pdfcore_page = statistics.median(pages)
                    row.bare = statistics.median(row.bare_calls)
                    run.speed.append(row)
                    log(
                        f"  speed {key}: pdfcore {row.pdfcore_call:.2f} s/call ({row.pdfcore_page:.2f} s/page), "
                        f"alone {row.bare:.2f} s: {row.pdfcore_call / row.bare:.2f}x"
                    )
            if "parallel" in parts and (limit is None or limit >= len(PARALLEL_PAGES)):
                pdf = merged([scans[k] for k in PARALLEL_PAGES], work / "parallel.pdf")
                n = len(PARALLEL_PAGES)
                result = _timed_read(core, pdf, n, work, "all")
                with started_core(engine, work / "core1", PDFCORE_WORKERS="1") as one:
                    warm_ocr(one, scans["tracemonkey-1"], work)
                    single = _timed_read(one, pdf, n, work, "one")
                run.parallel = ParallelRow(n, result[0], single[0], result[1], result[2], result[3], single[3])
                log(
                    f"  parallel {n} pages: {result[0]:.1f} s with {result[1]} at once ({result[3]:.1f} CPU s), "
                    f"{single[0]:.1f} s one at a time ({single[3]:.1f} CPU s)"
                )
    except PdfcoreError as exc:
        run.unavailable = f"{exc.code}: {exc.message}"
    return run


def _timed_read(core: Any, pdf: Path, n: int, folder: Path, tag: str) -> tuple[float, int, float, float]:
    """(wall of one call reading the ``n`` pages, pages read at once, the pages' own seconds
    summed, CPU seconds of the process tree during the call)."""
    path = folder / f"parallel-{tag}.pdf"
    path.write_bytes(pdf.read_bytes() + f"\n% {tag} {time.time_ns()}\n".encode())
    cpu0 = tree_cpu_seconds()
    t0 = time.perf_counter()
    result = core.read_pages(str(path), f"1-{n}", ocr=True)
    wall = time.perf_counter() - t0
    cpu = tree_cpu_seconds() - cpu0
    report = result.ocr or {}
    pages = sum(t["seconds"] for t in report.get("page_times", []))
    return wall, int(report.get("pages_at_once") or 1), pages, cpu


def tree_cpu_seconds(root: int | None = None) -> float:
    """User and system CPU seconds of process ``root`` (this one by default) and every process
    under it, with the children each has waited for (Tesseract's processes, once finished),
    read from ``/proc`` (NaN where there is none). CPU seconds over wall seconds is how many
    cores the work kept busy on average."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():
        return float("nan")
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended meanwhile
        fields = stat[stat.rindex(")") + 2 :].split()  # after the command name, from field 3
        parent[int(entry.name)] = int(fields[1])
        ticks[int(entry.name)] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    wanted = {root or os.getpid()}
    changed = True
    while changed:
        grown = {pid for pid, ppid in parent.items() if ppid in wanted} | wanted
        changed = grown != wanted
        wanted = grown
    return sum(ticks.get(pid, 0) for pid in wanted) / os.sysconf("SC_CLK_TCK")


def temporary_folder() -> Any:
    return tempfile.TemporaryDirectory(prefix="pdfcore-ocr-bench-")
