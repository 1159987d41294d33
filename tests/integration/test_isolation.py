"""A crashing or hanging engine is contained: the call answers extraction_failed, the worker is
replaced, and later calls work."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adapters.process_isolation import WorkerPool, isolated
from pdfcore.errors import ExtractionFailed
from pdfcore.models import DocumentSource, Fingerprint
from ports.text_extractor import TextExtractor

SPEC = "tests.crashers:CrashingExtractor"


@pytest.fixture
def pool():  # type: ignore[no-untyped-def]
    p = WorkerPool(2, timeout_seconds=5)
    yield p
    p.close()


def _source(tmp_path: Path) -> DocumentSource:
    f = tmp_path / "x.pdf"
    f.write_bytes(b"%PDF")
    return DocumentSource(str(f), Fingerprint(4, 0, "0" * 64))


def test_crash_is_contained_and_worker_replaced(pool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex = isolated(TextExtractor, SPEC, pool)
    src = _source(tmp_path)
    assert [p.index for p in ex.extract(src, [0, 1])] == [0, 1]
    with pytest.raises(ExtractionFailed, match="crashed"):
        list(ex.extract(src, [12]))
    assert pool.crashes == 1
    pages = list(ex.extract(src, list(range(6))))
    assert [p.index for p in pages] == list(range(6))
    assert all(str(os.getpid()) not in p.text for p in pages)  # ran in workers, not here


def test_hang_is_stopped_and_worker_replaced(pool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex = isolated(TextExtractor, SPEC, pool)
    src = _source(tmp_path)
    with pytest.raises(ExtractionFailed, match="did not finish"):
        list(ex.extract(src, [13]))
    assert pool.timeouts == 1
    assert [p.index for p in ex.extract(src, [3])] == [3]


def test_parallel_extraction_keeps_order(pool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex = isolated(TextExtractor, SPEC, pool)
    src = _source(tmp_path)
    pages = list(ex.extract(src, [9, 2, 5, 0, 7, 1, 11, 10, 3, 4, 6, 8]))
    assert [p.index for p in pages] == [9, 2, 5, 0, 7, 1, 11, 10, 3, 4, 6, 8]
    pids = {p.text.split()[-1] for p in pages}
    assert len(pids) == 2  # both workers took part


def test_prestarted_worker_answers_the_first_call_not_its_preload(tmp_path: Path) -> None:
    """A worker started early (preload sent, answer not awaited) gives the first real call its
    own answer; a preload of an adapter that cannot load does not poison the worker."""
    p = WorkerPool(1, timeout_seconds=20)
    try:
        p.prestart("tests.no_such_module:Nothing", SPEC, count=1)
        ex = isolated(TextExtractor, SPEC, p)
        src = _source(tmp_path)
        assert ex.inspect(src).page_count == 20
        assert [pg.index for pg in ex.extract(src, [3])] == [3]
        with pytest.raises(ExtractionFailed):
            p.call("tests.no_such_module:Nothing", "inspect", src)
        assert ex.inspect(src).page_count == 20
        assert p.crashes == 0 and p.timeouts == 0
    finally:
        p.close()


def test_prestarting_every_worker_starts_the_whole_pool_without_waiting(tmp_path: Path) -> None:
    p = WorkerPool(2, timeout_seconds=20)
    try:
        p.prestart(SPEC, count=1)
        assert len(p._all) == 1
        p.prestart(SPEC, count=None)
        assert len(p._all) == 2  # the rest; never more than the pool's size
        p.prestart(SPEC, count=None)
        assert len(p._all) == 2
        ex = isolated(TextExtractor, SPEC, p)
        assert ex.inspect(_source(tmp_path)).page_count == 20
    finally:
        p.close()


def test_warming_loads_the_pdf_engine_before_the_first_call() -> None:
    """A warmed worker has imported pypdfium2 already: the first inspect or render does not."""
    p = WorkerPool(1, timeout_seconds=60)
    try:
        assert p.call("tests.crashers:loaded", "__call__", "pypdfium2.raw") == [False]
        p.warm("adapters.pdfium_text:PdfiumTextExtractor")
        assert p.call("tests.crashers:loaded", "__call__", "pypdfium2", "pypdfium2.raw") == [True, True]
    finally:
        p.close()


def test_an_ocr_engine_in_the_workers_answers_its_own_failure_code(pool) -> None:  # type: ignore[no-untyped-def]
    """The OCR contract lets only ocr_unavailable and ocr_failed escape: a contained crash is
    ocr_failed; the engine's data attributes are asked of a worker."""
    from pdfcore.errors import OcrFailed
    from pdfcore.models import RasterImage
    from ports.ocr_engine import OcrEngine

    engine = isolated(OcrEngine, "tests.crashers:CrashingOcrEngine", pool, name="crashing")
    assert engine.preferred_dpi == 123 and engine.name == "crashing"
    out = engine.recognize(RasterImage(png=b"", width=10, height=10), languages=("eng",))
    assert out.text != f"pid {os.getpid()}"  # read in a worker
    with pytest.raises(OcrFailed, match="crashed") as info:
        engine.recognize(RasterImage(png=b"", width=13, height=10), languages=("eng",))
    assert info.value.code == "ocr_failed" and pool.crashes == 1
    assert engine.detect_orientation(RasterImage(png=b"", width=10, height=10)) is None


def _loaded_in_workers(pool: WorkerPool, module: str) -> list[bool]:
    """Whether each engine worker of the pool has imported ``module`` (asked of its own
    ``sys.modules``)."""
    return [w.call("sys:modules", "__contains__", (module,), {}, 10) for w in pool._all]


def test_the_table_engine_is_loaded_by_warm_and_by_the_start_after_a_first_call_not_before(settings) -> None:  # type: ignore[no-untyped-def]
    """The start that serves a first call (build's one worker, then the others) loads the text
    and rendering engines only; warm() and the server's start once its first call is answered
    (``prestart(None, tables=True)``) load the table engine in every worker, the one already
    running too, so the first Markdown read does not import it in the middle of the read."""
    import pdfcore

    early = pdfcore.build(settings)
    try:
        (pool,) = [p for p in early.services.lifecycle if isinstance(p, WorkerPool)]
        early.services.prestart(None)
        pool.warm()  # every worker up (nothing more loaded), to be asked
        assert _loaded_in_workers(pool, "pypdfium2") == [True] * pool.size
        assert _loaded_in_workers(pool, "pdfplumber") == [False] * pool.size
        early.services.prestart(None, tables=True)
        pool.warm()  # the preloads answered
        assert _loaded_in_workers(pool, "pdfplumber") == [True] * pool.size
    finally:
        early.close()
    core = pdfcore.build(settings)
    try:
        core.warm()
        (pool,) = [p for p in core.services.lifecycle if isinstance(p, WorkerPool)]
        assert _loaded_in_workers(pool, "pdfplumber") == [True] * pool.size
    finally:
        core.close()
