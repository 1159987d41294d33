"""Per-call measurements: exclusive phases, page counts, budgets, and nothing recorded outside a
call or by threads that are not the call's."""

from __future__ import annotations

import contextlib
import threading
import time

from pdfcore import telemetry


def _spin(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def test_nothing_is_recorded_outside_a_call() -> None:
    with telemetry.phase("extract"):
        _spin(0.001)
    telemetry.count("x")
    telemetry.cut("max_chars")
    telemetry.pages("cached", "d", [1])
    assert telemetry.current() is None


def test_phases_are_exclusive_and_within_the_wall_time() -> None:
    with telemetry.collect() as stats, telemetry.phase("search"):
        _spin(0.02)
        with telemetry.phase("index"):
            _spin(0.03)
            with telemetry.phase("extract"):
                _spin(0.04)
        _spin(0.01)
    ms = stats.phases_ms()
    assert list(ms) == ["extract", "index", "search"]  # reported in PHASES order
    assert ms["extract"] >= 38 and ms["index"] >= 28 and ms["search"] >= 28  # a loaded machine only adds
    assert sum(ms.values()) <= stats.wall_ms() + 0.01


def test_a_timed_iterator_counts_production_not_consumption() -> None:
    def produce():  # type: ignore[no-untyped-def]
        for i in range(3):
            _spin(0.01)
            yield i

    with telemetry.collect() as stats, telemetry.phase("index"):
        for _ in telemetry.timed(produce(), "extract"):
            _spin(0.02)  # the consumer's work stays under index
    ms = stats.phases_ms()
    assert ms["extract"] >= 28 and ms["index"] >= 58


def test_phased_functions_and_errors() -> None:
    @telemetry.phased("render")
    def render() -> None:
        _spin(0.01)
        raise ValueError("boom")

    with telemetry.collect() as stats:
        with contextlib.suppress(ValueError):
            render()
        with telemetry.phase("serialize"):
            pass
    assert set(stats.phases_ms()) == {"render", "serialize"} and stats.phases_ms()["render"] >= 9


def test_pages_count_once_and_budgets() -> None:
    with telemetry.collect() as stats:
        telemetry.pages("cached", "doc", [0, 1, 2])
        telemetry.pages("cached", "doc", [1, 2])
        telemetry.pages("extracted", "doc", [3])
        telemetry.pages("cached", "other", [0])
        telemetry.cut("max_chars")
        telemetry.cut("max_chars")
    report = telemetry.summary(stats, backend_names={"text": "pdfium", "store": "sqlite"}, bytes_out=10, cuts=["x"])
    assert report["pages_cached"] == 4 and report["pages_extracted"] == 1
    assert report["cut_by_budget"] is True and report["cut_by"] == ["max_chars", "x"]
    assert report["engines"] == {} and report["bytes_out"] == 10


def test_engines_follow_the_phases_that_ran() -> None:
    with telemetry.collect() as stats, telemetry.phase("extract"):
        pass
    names = {"text": "pdfium", "renderer": "pdfium-r", "store": "sqlite"}
    assert telemetry.summary(stats, backend_names=names, bytes_out=0)["engines"] == {"text": "pdfium"}


def test_a_thread_that_does_not_inherit_the_call_records_nothing() -> None:
    with telemetry.collect() as stats:

        def background() -> None:
            with telemetry.phase("extract"):
                _spin(0.01)
            telemetry.pages("extracted", "d", [0])

        t = threading.Thread(target=background)
        t.start()
        t.join()
    assert stats.phases_ms() == {} and stats.pages == {}
