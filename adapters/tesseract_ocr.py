"""OcrEngine on the system Tesseract binary.

Each recognition runs one ``tesseract`` process with one OpenMP thread (``OMP_THREAD_LIMIT=1``):
left to itself Tesseract starts a thread per core for every page, and on a small machine those
threads oversubscribe the cores (on two cores a 300 dpi page took 13 s of wall time, half of it
system time, against 2.4 s with one thread). Pages are recognised side by side instead, one
process per core (``parallelism``). The caller's PNG goes to the process on its standard input
as it is and the words come back as TSV on its standard output: no temporary file, no second
encoding of the render. A turned page is turned in memory and handed over uncompressed (PNM).

Tesseract segments the page into blocks, paragraphs and lines; its lines are cut where it
joined two columns across a gutter and put in reading order by :mod:`adapters._ocr_layout`,
like every engine's. Page orientation comes from Tesseract's own detection (OSD, ``--psm 0``)
when its ``osd`` data is installed. Language packs are the system's
(``tesseract --list-langs``); ``pytesseract`` locates the binary and lists them.
"""

from __future__ import annotations

import io
import logging
import os
import re
import struct
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from adapters._ocr_layout import RawWord, Segment, build_result, segments_of_line
from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.models import OcrResult, RasterImage
from ports.ocr_engine import TURNS, OcrEngine

log = logging.getLogger(__name__)

_INSTALL_HINT = (
    "Install Tesseract and pytesseract: `apt-get install tesseract-ocr` (macOS: `brew install tesseract`) "
    "and `pip install 'pdfcore[ocr]'`; or choose another OCR engine."
)
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: OSD answers below this orientation confidence are too unsure to act on (a page of a few
#: words scores 1-5; a page of running text 15-40).
MIN_OSD_CONFIDENCE = 2.0


def _pack_hint(missing: list[str]) -> str:
    packages = " ".join(f"tesseract-ocr-{code.replace('_', '-').lower()}" for code in missing)
    return (
        f"Install the language data (Debian/Ubuntu: `apt-get install {packages}`; macOS: `brew install "
        "tesseract-lang`), or ask for a language listed in the message."
    )


def _split_languages(languages: tuple[str, ...], default: str) -> list[str]:
    """``("jpn+eng",)`` or ``("jpn", "eng")`` -> ``["jpn", "eng"]``; empty -> ``[default]``."""
    out: list[str] = []
    for item in languages:
        for code in item.split("+"):
            code = code.strip()
            if code and code not in out:
                out.append(code)
    return out or [default]


def _available_cpus() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class TesseractOcrEngine(OcrEngine):
    """Tesseract 4/5 (LSTM), one process per recognition.

    ``psm`` is Tesseract's page segmentation mode (3: fully automatic, the right one for pages);
    ``timeout_s`` bounds one recognition (0: no bound); ``threads`` is the OpenMP thread limit
    of each process. Thread-safe: recognitions share nothing, so up to ``parallelism`` (the CPUs
    this process may use) run at once.
    """

    name = "tesseract"
    preferred_dpi = 300
    # Text read right scores 0.85-0.96, a poor scan 0.5-0.7, text upside down about 0.25.
    sure_confidence = 0.8

    def __init__(
        self, *, psm: int = 3, timeout_s: float = 300.0, default_language: str = "eng", threads: int = 1
    ) -> None:
        self.psm = psm
        self.timeout_s = timeout_s
        self.default_language = default_language
        self.threads = max(1, threads)
        self.parallelism = _available_cpus()
        self._lock = threading.Lock()
        self._installed: frozenset[str] | None = None
        self._command: str | None = None

    # -- availability -----------------------------------------------------------------------

    def check(self, *, languages: tuple[str, ...] = ()) -> None:
        """Raise ``ocr_unavailable`` unless pytesseract, the binary and the language packs are here."""
        installed = self._installed_languages()
        wanted = _split_languages(languages, self.default_language)
        missing = [code for code in wanted if code not in installed]
        if missing:
            raise OcrUnavailable(
                f"Tesseract has no language data for {', '.join(missing)}; "
                f"installed: {', '.join(sorted(installed - {'osd'})) or 'none'}.",
                recovery=_pack_hint(missing),
                details={"engine": self.name, "missing_languages": missing},
            )

    def installed_languages(self) -> tuple[str, ...]:
        """The language packs ``tesseract --list-langs`` reports (``osd`` excluded)."""
        return tuple(sorted(self._installed_languages() - {"osd"}))

    def _installed_languages(self) -> frozenset[str]:
        with self._lock:
            if self._installed is None:
                with _translated("listing the Tesseract languages"):
                    import pytesseract

                    # Also proves the binary runs (raises TesseractNotFoundError otherwise).
                    pytesseract.get_tesseract_version()
                    self._installed = frozenset(pytesseract.get_languages(config=""))
                    self._command = str(pytesseract.pytesseract.tesseract_cmd)
            return self._installed

    # -- recognition ------------------------------------------------------------------------

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...], turn: int = 0) -> OcrResult:
        wanted = _split_languages(languages, self.default_language)
        self.check(languages=tuple(wanted))
        data, width, height, dpi = _input(image, turn, self.preferred_dpi)
        # Without a resolution Tesseract assumes 70 dpi and mis-sizes its noise filters.
        args = ["-l", "+".join(wanted), "--psm", str(int(self.psm)), "--dpi", str(dpi), "tsv"]
        tsv = self._run(args, data, "recognising the image")
        return build_result(self.name, _segments(tsv), width, height)

    def detect_orientation(self, image: RasterImage) -> int | None:
        """Tesseract's OSD on the image: the clockwise turn that sets it upright, or None when the
        ``osd`` data is missing or Tesseract is unsure (too little text)."""
        if "osd" not in self._installed_languages():
            return None
        data, _w, _h, dpi = _input(image, 0, self.preferred_dpi)
        try:
            out = self._run(["--psm", "0", "--dpi", str(dpi)], data, "detecting the page orientation")
        except OcrFailed:
            return None  # Tesseract exits with an error on a page with too few characters
        return _osd_turn(out)

    def _run(self, args: list[str], data: bytes, doing: str) -> str:
        """One ``tesseract stdin stdout ...`` process with one OpenMP thread; its standard output."""
        self._installed_languages()
        command = [self._command or "tesseract", "stdin", "stdout", *args]
        env = {**os.environ, "OMP_THREAD_LIMIT": str(self.threads)}
        try:
            done = subprocess.run(
                command, input=data, capture_output=True, env=env, timeout=self.timeout_s or None, check=False
            )
        except FileNotFoundError as exc:
            raise OcrUnavailable(
                "The tesseract program was not found on PATH.", recovery=_INSTALL_HINT, details={"engine": self.name}
            ) from exc
        except subprocess.TimeoutExpired as exc:
            raise OcrFailed(f"Tesseract did not finish within {self.timeout_s:g} s while {doing}.") from exc
        except OSError as exc:
            raise OcrFailed(f"Tesseract could not be started while {doing}: {exc}") from exc
        if done.returncode != 0:
            detail = done.stderr.decode("utf-8", "replace").strip().splitlines()
            log.warning("tesseract failed while %s: %s", doing, detail[-1] if detail else done.returncode)
            raise OcrFailed(f"Tesseract failed while {doing} (exit status {done.returncode}).")
        return done.stdout.decode("utf-8", "replace")


def _input(image: RasterImage, turn: int, fallback_dpi: int) -> tuple[bytes, int, int, int]:
    """What goes to Tesseract's standard input for ``image`` turned by ``turn``: (bytes, width,
    height, dpi). Only a PNG is handed over (Tesseract takes an input it cannot decode for a list
    of file names); an upright one as it is."""
    if turn not in TURNS:
        raise OcrFailed(f"An image can be turned by {', '.join(map(str, TURNS))} degrees, not {turn}.")
    png = image.png
    if not png.startswith(_PNG_SIGNATURE) or len(png) < 33 or png[12:16] != b"IHDR":
        raise OcrFailed("The image could not be decoded for OCR: it is not a PNG.")
    width, height = struct.unpack(">II", png[16:24])
    dpi = _png_dpi(png, fallback_dpi)
    if turn == 0:
        return png, width, height, dpi
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(png)) as opened:
            opened.load()
            pixels = opened if opened.mode in ("1", "L", "RGB") else opened.convert("RGB")
            # Pillow's transpositions turn counter-clockwise.
            turned = pixels.transpose(
                {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}[turn]
            )
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError) as exc:
        raise OcrFailed(f"The image could not be decoded for OCR: {exc}") from exc
    buf = io.BytesIO()
    turned.save(buf, format="PPM")  # uncompressed: nothing to encode or decode
    return buf.getvalue(), turned.width, turned.height, dpi


def _png_dpi(png: bytes, fallback: int) -> int:
    """The resolution in the PNG's pHYs chunk when it has a plausible one, else ``fallback``."""
    pos = 8
    while pos + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        if kind == b"pHYs" and length == 9 and pos + 17 <= len(png):
            per_x, _per_y, unit = struct.unpack(">IIB", png[pos + 8 : pos + 17])
            if unit == 1:  # pixels per metre
                value = round(per_x * 0.0254)
                return value if 50 <= value <= 2400 else fallback
            return fallback
        if kind in (b"IDAT", b"IEND"):
            break
        pos += 12 + length
    return fallback


_OSD_ROTATE = re.compile(r"^Rotate:\s*(\d+)", re.MULTILINE)
_OSD_CONFIDENCE = re.compile(r"^Orientation confidence:\s*([\d.]+)", re.MULTILINE)


def _osd_turn(out: str) -> int | None:
    """The ``Rotate:`` of Tesseract's OSD report (the clockwise turn that sets the page upright)."""
    rotate, confidence = _OSD_ROTATE.search(out), _OSD_CONFIDENCE.search(out)
    if rotate is None or confidence is None:
        return None
    turn = int(rotate.group(1)) % 360
    if turn not in TURNS or float(confidence.group(1)) < MIN_OSD_CONFIDENCE:
        return None
    return turn


def _segments(tsv: str) -> list[Segment]:
    """Tesseract's lines (block, paragraph, line), words in its order, as segments cut at gutters
    it joined across."""
    lines: dict[tuple[int, int, int], list[RawWord]] = {}
    for row in tsv.splitlines()[1:]:  # the first line is the header
        cells = row.split("\t")
        if len(cells) != 12:
            continue
        text = cells[11].strip()
        try:
            conf = float(cells[10])
            left, top, width, height = (float(v) for v in cells[6:10])
            key = (int(cells[2]), int(cells[3]), int(cells[4]))
        except ValueError:
            continue
        if not text or conf < 0:  # Tesseract marks non-word rows with -1
            continue
        lines.setdefault(key, []).append((text, conf / 100.0, (left, top, left + width, top + height)))
    segments: list[Segment] = []
    for words in lines.values():
        segments.extend(segments_of_line(words))
    return segments


@contextmanager
def _translated(doing: str) -> Iterator[None]:
    """The one place pytesseract's failures (finding the binary, listing languages) become
    pdfcore errors; recognition failures are translated where the process runs."""
    try:
        import pytesseract
    except ImportError as exc:
        raise OcrUnavailable("pytesseract is not installed.", recovery=_INSTALL_HINT) from exc

    try:
        yield
    except pytesseract.TesseractNotFoundError as exc:
        raise OcrUnavailable(
            "The tesseract program was not found on PATH.", recovery=_INSTALL_HINT, details={"engine": "tesseract"}
        ) from exc
    except pytesseract.TesseractError as exc:
        log.warning("tesseract failed while %s: %s", doing, exc.message)
        raise OcrFailed(f"Tesseract failed while {doing} (exit status {exc.status}).") from exc
    except SystemExit as exc:  # pytesseract exits on a version string it cannot parse
        raise OcrUnavailable("The tesseract program reported an unusable version.", recovery=_INSTALL_HINT) from exc
    except (RuntimeError, OSError, ValueError) as exc:
        log.warning("tesseract failed while %s: %s", doing, exc)
        raise OcrFailed(f"Tesseract failed while {doing}: {exc}") from exc
