"""OcrEngine on RapidOCR (PaddleOCR models run by onnxruntime).

The models are the ones shipped inside the ``rapidocr`` wheel (its default configuration:
PP-OCR detection and multilingual recognition; the 0/180 degree line classifier is off unless
``classify_orientation`` is set). Their paths are passed explicitly, so RapidOCR never takes its
download path: a wheel without them is reported as ``ocr_unavailable`` instead of fetching
anything.

RapidOCR detects text lines (with word boxes) and lists them top to bottom; they are put in
reading order by :mod:`adapters._ocr_layout`.
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from adapters._ocr_layout import (
    RawWord,
    Segment,
    bounds_of_points,
    build_result,
    even_words,
    segments_of_line,
    slope_of_quad,
)
from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.models import OcrResult, RasterImage
from ports.ocr_engine import TURNS, OcrEngine

log = logging.getLogger(__name__)

_INSTALL_HINT = (
    "Install the OCR extra: pip install 'pdfcore[ocr]' (rapidocr and onnxruntime); or choose another OCR engine."
)

#: The wheel's default models (rapidocr's config.yaml: Det, Cls and Rec sections).
_MODEL_FILES = {
    "Det": "PP-OCRv6_det_small.onnx",
    "Cls": "ch_ppocr_mobile_v2.0_cls_mobile.onnx",
    "Rec": "PP-OCRv6_rec_small.onnx",
}

#: Tesseract codes the default multilingual recognition model reads (its supported_langs for
#: PP-OCRv6 "small": Chinese, Japanese and Latin-script languages).
SUPPORTED_LANGUAGES: frozenset[str] = frozenset(
    {
        "eng", "chi_sim", "chi_tra", "jpn", "afr", "aze", "bos", "cat", "ces", "cym", "dan", "deu",
        "spa", "est", "eus", "fin", "fra", "gle", "glg", "hrv", "hun", "ind", "isl", "ita", "kmr",
        "lat", "ltz", "lit", "lav", "mri", "msa", "mlt", "nld", "nor", "oci", "pol", "por", "que",
        "ron", "srp_latn", "slk", "slv", "sqi", "swe", "swa", "tgl", "tur", "uzb", "vie",
    }
)  # fmt: skip


def _split_languages(languages: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for item in languages:
        for code in item.split("+"):
            code = code.strip()
            if code and code not in out:
                out.append(code)
    return out


class RapidOcrEngine(OcrEngine):
    """RapidOCR with the wheel's default models, on onnxruntime's CPU provider.

    The model sessions are created on first use behind a lock and reused; ``warm()`` creates them
    early. ``threads`` is onnxruntime's intra-op thread count (default 1: several pages are read
    at once by several engine workers instead). Recognitions are serialised by a lock. The wheel's
    models have no page orientation detection (``detect_orientation`` answers None).
    """

    name = "rapidocr"
    # RapidOCR scales pages down to 2000 px on the long side before detection, so rendering
    # above ~200 dpi only costs time.
    preferred_dpi = 200
    # Text read right scores 0.93-1.0; upside down, its letters still score 0.6-0.75.
    sure_confidence = 0.85

    def __init__(self, *, threads: int = 1, model_dir: str | None = None, classify_orientation: bool = False) -> None:
        # One intra-op thread per recognition: pages are recognised side by side, one engine
        # worker per core, instead of one page on every core.
        self.threads = max(1, threads)
        self.model_dir = model_dir
        # RapidOCR's 0/180 degree line classifier turns some upright lines over and reads them as
        # garbage (a 10-K page: CER 0.079 with it, 0.008 without; benchmarks/bench_ocr.py), so it
        # is off unless asked for. Pages turned as a whole are not fixed by it anyway.
        self.classify_orientation = classify_orientation
        self._lock = threading.Lock()
        self._engine: Any = None

    # -- availability -----------------------------------------------------------------------

    def check(self, *, languages: tuple[str, ...] = ()) -> None:
        """Raise ``ocr_unavailable`` unless rapidocr, onnxruntime and the bundled models are here."""
        self._model_paths()
        unsupported = [code for code in _split_languages(languages) if code not in SUPPORTED_LANGUAGES]
        if unsupported:
            raise OcrUnavailable(
                f"RapidOCR's bundled model does not read {', '.join(unsupported)}; it reads "
                f"{', '.join(sorted(SUPPORTED_LANGUAGES))}.",
                recovery="Ask for one of the languages listed, or use the tesseract engine with that language pack.",
                details={"engine": self.name, "unsupported_languages": unsupported},
            )

    def _model_paths(self) -> dict[str, Path]:
        with _translated("locating the RapidOCR models"):
            import onnxruntime  # noqa: F401  (the inference engine; fail here, not mid-page)
            import rapidocr

            root = Path(self.model_dir) if self.model_dir else Path(rapidocr.__file__).resolve().parent / "models"
            parts = ("Det", "Cls", "Rec") if self.classify_orientation else ("Det", "Rec")
            paths = {part: root / _MODEL_FILES[part] for part in parts}
            missing = sorted(p.name for p in paths.values() if not p.is_file())
            if missing:
                raise OcrUnavailable(
                    f"The RapidOCR models {', '.join(missing)} are not in {root.name}/ of the installed wheel.",
                    recovery="Reinstall rapidocr from PyPI (its wheel ships the models): "
                    "pip install --force-reinstall 'pdfcore[ocr]'.",
                    details={"engine": self.name},
                )
            return paths

    def warm(self) -> None:
        """Load the models now rather than on the first page."""
        self._get_engine()

    def _get_engine(self) -> Any:
        with self._lock:
            if self._engine is None:
                paths = self._model_paths()
                with _translated("loading the RapidOCR models"):
                    from rapidocr import RapidOCR

                    params: dict[str, Any] = {
                        "Global.log_level": "error",
                        "Global.use_cls": self.classify_orientation,
                        "EngineConfig.onnxruntime.intra_op_num_threads": self.threads,
                    }
                    params.update({f"{part}.model_path": str(path) for part, path in paths.items()})
                    engine = RapidOCR(params=params)
                    # RapidOCR otherwise creates its sessions on the first page: create them now so
                    # a broken model fails here, once (the loaders are internal, hence optional).
                    loaders = ["_load_det_model", "_load_rec_model"]
                    if self.classify_orientation:
                        loaders.append("_load_cls_model")
                    for loader in loaders:
                        load = getattr(engine, loader, None)
                        if callable(load):
                            load()
                    self._engine = engine
            return self._engine

    # -- recognition ------------------------------------------------------------------------

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...], turn: int = 0) -> OcrResult:
        if turn not in TURNS:
            raise OcrFailed(f"An image can be turned by {', '.join(map(str, TURNS))} degrees, not {turn}.")
        self.check(languages=languages)
        engine = self._get_engine()
        with _translated("recognising the image"):
            import numpy as np
            from PIL import Image

            with Image.open(io.BytesIO(image.png)) as opened:
                rgb = opened.convert("RGB")
            # RapidOCR takes OpenCV's BGR channel order for arrays; rot90 turns counter-clockwise.
            pixels = np.ascontiguousarray(np.rot90(np.asarray(rgb)[:, :, ::-1], -(turn // 90)))
            height, width = pixels.shape[:2]
            with self._lock:
                output = engine(pixels, return_word_box=True, use_cls=self.classify_orientation)
        return build_result(self.name, _segments(output), width, height)

    def detect_orientation(self, image: RasterImage) -> int | None:
        """None: the bundled models cannot tell a page's orientation (the caller tries turns)."""
        return None


# --------------------------------------------------------------------------------------------
# RapidOCR output -> segments


def _segments(output: Any) -> list[Segment]:
    boxes = getattr(output, "boxes", None)
    texts = getattr(output, "txts", None)
    scores = getattr(output, "scores", None)
    if boxes is None or texts is None or scores is None:
        return []
    word_results = getattr(output, "word_results", None) or ()
    # RapidOCR drops the word list of a line it could not split, which shifts the ones after it:
    # trust the word boxes only when they line up with the lines one to one.
    aligned = len(word_results) == len(texts)
    segments: list[Segment] = []
    for i, (points, text, score) in enumerate(zip(boxes, texts, scores)):
        text = str(text).strip()
        if not text:
            continue
        words: list[RawWord] = []
        if aligned:
            candidate = [
                (str(w[0]), float(w[1]), bounds_of_points(w[2]))
                for w in word_results[i]
                if len(w) == 3 and w[2] is not None and str(w[0]).strip()
            ]
            if "".join(w[0] for w in candidate).replace(" ", "") == text.replace(" ", ""):
                words = candidate
        if not words:
            words = even_words(text, float(score), bounds_of_points(points))
        segments.extend(segments_of_line(words, line_text=text, slope=slope_of_quad(points)))
    return segments


def _engine_errors() -> tuple[type[BaseException], ...]:
    """Exception types RapidOCR and the libraries under it raise for a failed recognition."""
    import importlib

    found: list[type[BaseException]] = [RuntimeError, OSError, ValueError, MemoryError]
    for module_name, names in (
        ("cv2", ("error",)),
        ("PIL.Image", ("DecompressionBombError",)),
        ("rapidocr.main", ("RapidOCRError",)),
        ("rapidocr.utils.load_image", ("LoadImageError",)),
        ("rapidocr.inference_engine.onnxruntime.main", ("ONNXRuntimeError",)),
    ):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        found.extend(c for c in (getattr(module, n, None) for n in names) if isinstance(c, type))
    try:
        # onnxruntime's Fail, InvalidArgument, NoSuchFile, InvalidProtobuf, ... derive from Exception.
        from onnxruntime.capi import onnxruntime_pybind11_state as ort_state
    except ImportError:
        pass
    else:
        found.extend(v for v in vars(ort_state).values() if isinstance(v, type) and issubclass(v, Exception))
    return tuple(found)


@contextmanager
def _translated(doing: str) -> Iterator[None]:
    """The one place RapidOCR, onnxruntime, OpenCV and Pillow failures become pdfcore errors."""
    try:
        yield
    except ImportError as exc:
        raise OcrUnavailable(
            f"RapidOCR cannot run here ({exc.name or exc}).", recovery=_INSTALL_HINT, details={"engine": "rapidocr"}
        ) from exc
    except Exception as exc:
        if isinstance(exc, OcrUnavailable | OcrFailed) or not isinstance(exc, _engine_errors()):
            raise
        log.warning("rapidocr failed while %s: %s", doing, exc)
        if isinstance(exc, MemoryError):
            raise OcrFailed(f"Out of memory while {doing}; try a lower resolution.") from exc
        raise OcrFailed(f"RapidOCR failed while {doing}: {type(exc).__name__}: {exc}") from exc
