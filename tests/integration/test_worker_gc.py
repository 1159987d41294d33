"""Engine workers run the cyclic collector rarely (a page's objects die by reference count)
and freeze what their start-up loaded, never what a call made."""

from __future__ import annotations

from adapters._workers import GC_THRESHOLDS, WorkerPool


def test_workers_collect_rarely_and_freeze_their_start_up_only() -> None:
    pool = WorkerPool(1, timeout_seconds=60)
    try:
        pool.warm("adapters.pdfium_text:PdfiumTextExtractor")
        assert pool.call("gc:get_threshold", "__call__") == GC_THRESHOLDS
        frozen = pool.call("gc:get_freeze_count", "__call__")
        assert frozen > 1000  # the interpreter, pdfcore and pypdfium2 as loaded
        pool.warm("adapters.pdfium_text:PdfiumTextExtractor")  # again, after calls: no freeze
        assert pool.call("gc:get_freeze_count", "__call__") == frozen
    finally:
        pool.close()
