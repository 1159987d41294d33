"""OcrEngine on the system Tesseract binary, driven through pytesseract.

Tesseract segments the page and groups words into lines; its lines are cut where it joined two
columns across a gutter and put in reading order by :mod:`adapters._ocr_layout`, like every
engine's. Each call runs one ``tesseract`` process, so recognitions are independent and
thread-safe; language packs are the system's (``tesseract --list-langs``).
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from adapters._ocr_layout import RawWord, Segment, build_result, segments_of_line
from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.models import OcrResult, RasterImage
from ports.ocr_engine import OcrEngine

log = logging.getLogger(__name__)

_INSTALL_HINT = (
    "Install Tesseract and pytesseract: `apt-get install tesseract-ocr` (macOS: `brew install tesseract`) "
    "and `pip install 'pdfcore[ocr]'`; or choose another OCR engine."
)


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


class TesseractOcrEngine(OcrEngine):
    """Tesseract 4/5 (LSTM) through pytesseract's ``image_to_data``.

    ``psm`` is Tesseract's page segmentation mode (3: fully automatic, the right one for pages);
    ``timeout_s`` bounds one recognition (0: no bound).
    """

    name = "tesseract"
    preferred_dpi = 300

    def __init__(self, *, psm: int = 3, timeout_s: float = 300.0, default_language: str = "eng") -> None:
        self.psm = psm
        self.timeout_s = timeout_s
        self.default_language = default_language
        self._lock = threading.Lock()
        self._installed: frozenset[str] | None = None

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
            return self._installed

    # -- recognition ------------------------------------------------------------------------

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...]) -> OcrResult:
        wanted = _split_languages(languages, self.default_language)
        self.check(languages=tuple(wanted))
        with _translated("recognising the image"):
            import pytesseract
            from PIL import Image

            with Image.open(io.BytesIO(image.png)) as opened:
                opened.load()
                dpi = _dpi_of(opened.info.get("dpi"), self.preferred_dpi)
                width, height = opened.size
                data = pytesseract.image_to_data(
                    opened,
                    lang="+".join(wanted),
                    # Without a resolution Tesseract assumes 70 dpi and mis-sizes its noise filters.
                    config=f"--psm {int(self.psm)} --dpi {dpi}",
                    output_type=pytesseract.Output.DICT,
                    timeout=self.timeout_s,
                )
        return build_result(self.name, _segments(data), width, height)


def _dpi_of(info: Any, fallback: int) -> int:
    """The PNG's pHYs resolution when it has a plausible one, else the engine's preferred DPI."""
    try:
        value = round(float(info[0]))
    except (TypeError, ValueError, IndexError, KeyError):
        return fallback
    return value if 50 <= value <= 2400 else fallback


def _segments(data: dict[str, list[Any]]) -> list[Segment]:
    """Tesseract's lines (block, paragraph, line) as segments, cut at gutters it joined across."""
    lines: dict[tuple[int, int, int], list[RawWord]] = {}
    for i, raw in enumerate(data.get("text", [])):
        text = str(raw).strip()
        conf = float(data["conf"][i])
        if not text or conf < 0:  # Tesseract marks non-word rows with -1
            continue
        left, top = float(data["left"][i]), float(data["top"][i])
        bounds = (left, top, left + float(data["width"][i]), top + float(data["height"][i]))
        key = (int(data["block_num"][i]), int(data["par_num"][i]), int(data["line_num"][i]))
        lines.setdefault(key, []).append((text, conf / 100.0, bounds))
    segments: list[Segment] = []
    for words in lines.values():
        segments.extend(segments_of_line(sorted(words, key=lambda w: w[2][0])))
    return segments


@contextmanager
def _translated(doing: str) -> Iterator[None]:
    """The one place Tesseract, pytesseract and Pillow failures become pdfcore errors."""
    try:
        import pytesseract
    except ImportError as exc:
        raise OcrUnavailable("pytesseract is not installed.", recovery=_INSTALL_HINT) from exc
    from PIL import Image, UnidentifiedImageError

    try:
        yield
    except pytesseract.TesseractNotFoundError as exc:
        raise OcrUnavailable(
            "The tesseract program was not found on PATH.", recovery=_INSTALL_HINT, details={"engine": "tesseract"}
        ) from exc
    except pytesseract.TesseractError as exc:
        log.warning("tesseract failed while %s: %s", doing, exc.message)
        raise OcrFailed(f"Tesseract failed while {doing} (exit status {exc.status}).") from exc
    except (UnidentifiedImageError, Image.DecompressionBombError) as exc:
        raise OcrFailed(f"The image could not be decoded for OCR: {exc}") from exc
    except SystemExit as exc:  # pytesseract exits on a version string it cannot parse
        raise OcrUnavailable("The tesseract program reported an unusable version.", recovery=_INSTALL_HINT) from exc
    except (RuntimeError, OSError, ValueError) as exc:  # RuntimeError: pytesseract's timeout
        log.warning("tesseract failed while %s: %s", doing, exc)
        raise OcrFailed(f"Tesseract failed while {doing}: {exc}") from exc
