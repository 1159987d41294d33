"""Fresh pages reach the store after the call, at a quiet moment, and at once on a flush."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import pdfcore.services.documents as documents_module
from tests.fakes import FakeDocument, fake_core


def _stored(core, path: str) -> dict[int, object]:  # type: ignore[no-untyped-def]
    digest = core.open(path).fingerprint.sha256
    return dict(core.store.load_pages(digest, [0, 1, 2]))


def _wait_stored(core, path: str, timeout: float) -> float:  # type: ignore[no-untyped-def]
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if len(_stored(core, path)) == 3:
            return time.monotonic() - start
        time.sleep(0.01)
    raise AssertionError("the pages never reached the store")


def test_pages_are_written_once_no_page_was_asked_for_a_while(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(documents_module, "WRITE_QUIET_S", 0.4)
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["one", "two", "three"])})
    path = str(tmp_path / "a.pdf")
    core.read_pages(path, "1-3")
    assert _stored(core, path) == {}  # not while a caller may be reading on
    assert _wait_stored(core, path, 5.0) >= 0.3
    core.close()


def test_a_caller_reading_on_holds_the_writes_back_no_longer_than_the_longest_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(documents_module, "WRITE_QUIET_S", 30.0)
    monkeypatch.setattr(documents_module, "WRITE_MAX_WAIT_S", 0.3)
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["one", "two", "three"])})
    path = str(tmp_path / "a.pdf")
    core.read_pages(path, "1-3")
    start = time.monotonic()
    while time.monotonic() - start < 5.0 and len(_stored(core, path)) < 3:
        core.read_pages(path, "1")  # never quiet
        time.sleep(0.01)
    assert len(_stored(core, path)) == 3
    core.close()


def test_a_flush_writes_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(documents_module, "WRITE_QUIET_S", 30.0)
    monkeypatch.setattr(documents_module, "WRITE_MAX_WAIT_S", 60.0)
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["one", "two", "three"])})
    path = str(tmp_path / "a.pdf")
    core.read_pages(path, "1-3")
    start = time.monotonic()
    core.flush()
    assert time.monotonic() - start < 5.0
    assert len(_stored(core, path)) == 3
    core.close()
