"""What an OCR run reports: the pages recognised, found cached, left alone, read as noise and
not done, and where the time went."""

from __future__ import annotations

from attrs import frozen

from pdfcore.serde import opt


@frozen
class OcrPageTime:
    """Where the time of one recognised page went (seconds of wall time)."""

    page: int
    seconds: float
    render_seconds: float
    recognise_seconds: float
    #: The page was read turned clockwise by this many degrees (its text was turned).
    turned: int = 0
    #: Readings made (more than one when the page's orientation was tested).
    readings: int = 1


@frozen
class OcrReport:
    engine: str
    languages: str
    pages_recognised: tuple[int, ...]
    pages_from_cache: tuple[int, ...]
    pages_with_usable_text: tuple[int, ...]
    #: Pages read as noise: no text kept (render them, or name their language).
    pages_unreadable: tuple[int, ...] = ()
    pages_not_done: str | None = opt()
    reason_not_done: str | None = opt()
    next_call: str | None = opt()
    mean_confidence: float | None = opt()
    unreadable_note: str | None = opt()
    #: Wall time of the OCR step of the call, and how many pages were recognised at once.
    seconds: float | None = opt()
    pages_at_once: int | None = opt()
    page_times: tuple[OcrPageTime, ...] = ()
