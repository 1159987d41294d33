"""What an OCR run reports: the pages recognised, found cached, left alone and not done."""

from __future__ import annotations

from attrs import frozen

from pdfcore.serde import opt


@frozen
class OcrReport:
    engine: str
    languages: str
    pages_recognised: tuple[int, ...]
    pages_from_cache: tuple[int, ...]
    pages_with_usable_text: tuple[int, ...]
    pages_not_done: str | None = opt()
    reason_not_done: str | None = opt()
    next_call: str | None = opt()
    mean_confidence: float | None = opt()
