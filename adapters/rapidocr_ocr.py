"""OcrEngine on RapidOCR (PaddleOCR models run by onnxruntime).

The models are the ones shipped inside the ``rapidocr`` wheel (its default configuration:
PP-OCR detection and multilingual recognition, plus the 0/180 degree line classifier). Their
paths are passed explicitly, so RapidOCR never takes its download path: a wheel without them
is reported as ``ocr_unavailable`` instead of fetching anything.

RapidOCR detects text lines and orders them top to bottom, which interleaves the lines of
side-by-side columns; the lines are put in reading order here by cutting the page at blank
horizontal bands and vertical gutters (recursive XY-cut).
"""

from __future__ import annotations

import logging
import os
import statistics
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.models import Box, OcrResult, OcrWord, RasterImage
from ports.ocr_engine import OcrEngine

log = logging.getLogger(__name__)

_INSTALL_HINT = "Install the OCR extra: pip install 'pdfcore[ocr]' (rapidocr and onnxruntime); or choose another OCR engine."

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


def _available_cpus() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


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
    early. ``threads`` is onnxruntime's intra-op thread count (default: the CPUs this process may
    use). Recognitions are serialised by a lock.
    """

    name = "rapidocr"
    # RapidOCR scales pages down to 2000 px on the long side before detection, so rendering
    # above ~200 dpi only costs time.
    preferred_dpi = 200

    def __init__(self, *, threads: int | None = None, model_dir: str | None = None) -> None:
        self.threads = threads if threads and threads > 0 else _available_cpus()
        self.model_dir = model_dir
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
            paths = {part: root / file for part, file in _MODEL_FILES.items()}
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
                        "EngineConfig.onnxruntime.intra_op_num_threads": self.threads,
                    }
                    params.update({f"{part}.model_path": str(path) for part, path in paths.items()})
                    engine = RapidOCR(params=params)
                    # Sessions are otherwise created lazily on the first page: create them now so
                    # a broken model fails here, once.
                    engine._load_det_model()
                    engine._load_cls_model()
                    engine._load_rec_model()
                    self._engine = engine
            return self._engine

    # -- recognition ------------------------------------------------------------------------

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...]) -> OcrResult:
        self.check(languages=languages)
        engine = self._get_engine()
        with _translated("recognising the image"):
            import numpy as np
            from PIL import Image

            with Image.open(_bytes_io(image.png)) as opened:
                rgb = opened.convert("RGB")
            width, height = rgb.size
            # RapidOCR takes OpenCV's BGR channel order for arrays.
            pixels = np.ascontiguousarray(np.asarray(rgb)[:, :, ::-1])
            with self._lock:
                output = engine(pixels, return_word_box=True)
            raw_lines = _raw_lines(output)
        return _result(self.name, raw_lines, width, height)


def _bytes_io(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


# --------------------------------------------------------------------------------------------
# RapidOCR output -> lines with word boxes


_RawWord = tuple[str, float, tuple[float, float, float, float]]
_RawLine = tuple[tuple[float, float, float, float], str, float, list[_RawWord]]


def _bounds(points: Any) -> tuple[float, float, float, float]:
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _raw_lines(output: Any) -> list[_RawLine]:
    boxes = getattr(output, "boxes", None)
    texts = getattr(output, "txts", None)
    scores = getattr(output, "scores", None)
    if boxes is None or texts is None or scores is None:
        return []
    word_results = getattr(output, "word_results", None) or ()
    # RapidOCR drops the word list of a line it could not split, which shifts the ones after it:
    # trust the word boxes only when they line up with the lines one to one.
    aligned = len(word_results) == len(texts)
    lines: list[_RawLine] = []
    for i, (points, text, score) in enumerate(zip(boxes, texts, scores)):
        text = str(text).strip()
        if not text:
            continue
        bounds = _bounds(points)
        words: list[_RawWord] = []
        if aligned:
            candidate = [
                (str(w[0]), float(w[1]), _bounds(w[2]))
                for w in word_results[i]
                if len(w) == 3 and w[2] is not None and str(w[0]).strip()
            ]
            if "".join(w[0] for w in candidate).replace(" ", "") == text.replace(" ", ""):
                words = candidate
        if not words:
            words = _split_evenly(text, float(score), bounds)
        lines.append((bounds, text, float(score), words))
    return lines


def _split_evenly(text: str, score: float, bounds: tuple[float, float, float, float]) -> list[_RawWord]:
    """Split a line at spaces, sharing its width out by character count (an estimate)."""
    x0, y0, x1, y1 = bounds
    per_char = (x1 - x0) / max(len(text), 1)
    words: list[_RawWord] = []
    pos = 0
    for token in text.split(" "):
        if token:
            start = x0 + pos * per_char
            words.append((token, score, (start, y0, start + len(token) * per_char, y1)))
        pos += len(token) + 1
    return words


# --------------------------------------------------------------------------------------------
# Reading order: recursive XY-cut over line boxes


def _split_axis(lines: Sequence[_RawLine], axis: int, min_gap: float) -> list[list[_RawLine]]:
    """Group lines separated by an empty band at least ``min_gap`` wide along ``axis`` (0: x, 1: y)."""
    ordered = sorted(lines, key=lambda ln: ln[0][axis])
    groups: list[list[_RawLine]] = [[ordered[0]]]
    end = ordered[0][0][axis + 2]
    for line in ordered[1:]:
        if line[0][axis] - end >= min_gap:
            groups.append([])
        groups[-1].append(line)
        end = max(end, line[0][axis + 2])
    return groups


def _rows(lines: Sequence[_RawLine]) -> list[list[_RawLine]]:
    """Lines sharing a baseline band (vertical centres within half a line) form one row, left to right."""
    ordered = sorted(lines, key=lambda ln: (ln[0][1] + ln[0][3]) / 2)
    rows: list[list[_RawLine]] = []
    for line in ordered:
        centre = (line[0][1] + line[0][3]) / 2
        if rows:
            last = rows[-1][-1][0]
            if abs(centre - (last[1] + last[3]) / 2) <= (last[3] - last[1]) / 2:
                rows[-1].append(line)
                continue
        rows.append([line])
    return [sorted(row, key=lambda ln: ln[0][0]) for row in rows]


def _xy_cut(lines: Sequence[_RawLine], line_height: float) -> list[list[list[_RawLine]]]:
    """Blocks (lists of rows) in reading order: blank bands first, then gutters, then rows."""
    if len(lines) <= 1:
        return [[list(lines)]] if lines else []
    bands = _split_axis(lines, 1, 0.8 * line_height)
    if len(bands) > 1:
        return [block for band in bands for block in _xy_cut(band, line_height)]
    rows = _rows(lines)
    if len(rows) > 1:
        columns = _split_axis(lines, 0, 0.5 * line_height)
        if len(columns) > 1:
            return [block for column in columns for block in _xy_cut(column, line_height)]
    return [rows]


def _result(engine: str, lines: list[_RawLine], width: int, height: int) -> OcrResult:
    if not lines:
        return OcrResult(engine=engine, words=(), text="", mean_confidence=0.0)
    line_height = statistics.median(ln[0][3] - ln[0][1] for ln in lines)
    words: list[OcrWord] = []
    blocks_text: list[str] = []
    line_no = 0
    for block in _xy_cut(lines, max(line_height, 1.0)):
        row_texts: list[str] = []
        for row in block:
            for _bounds_, _text, _score, raw_words in row:
                for text, confidence, (x0, y0, x1, y1) in raw_words:
                    words.append(
                        OcrWord(
                            text=text,
                            bbox=Box(
                                min(max(x0, 0.0), width),
                                min(max(y0, 0.0), height),
                                min(max(x1, 0.0), width),
                                min(max(y1, 0.0), height),
                            ),
                            confidence=min(max(confidence, 0.0), 1.0),
                            line=line_no,
                        )
                    )
            row_texts.append(" ".join(ln[1] for ln in row))
            line_no += 1
        blocks_text.append("\n".join(row_texts))
    mean = sum(w.confidence for w in words) / len(words) if words else 0.0
    return OcrResult(engine=engine, words=tuple(words), text="\n\n".join(blocks_text), mean_confidence=mean)


@contextmanager
def _translated(doing: str) -> Iterator[None]:
    """The one place RapidOCR, onnxruntime, OpenCV and Pillow failures become pdfcore errors."""
    try:
        yield
    except ImportError as exc:
        raise OcrUnavailable(
            f"RapidOCR cannot run here ({exc.name or exc}).", recovery=_INSTALL_HINT, details={"engine": "rapidocr"}
        ) from exc
    except MemoryError as exc:
        raise OcrFailed(f"Out of memory while {doing}; try a lower resolution.") from exc
    except (RuntimeError, OSError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        # onnxruntime raises RuntimeError subclasses (and its own Fail/InvalidArgument types, which
        # derive from RuntimeError); Pillow raises OSError for undecodable images; RapidOCR itself
        # raises ValueError/TypeError/KeyError for bad configuration or input.
        log.warning("rapidocr failed while %s: %s", doing, exc)
        raise OcrFailed(f"RapidOCR failed while {doing}: {type(exc).__name__}: {exc}") from exc
