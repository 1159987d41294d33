"""OCR in reads: selective, cached with source "ocr", searchable; a missing engine is ocr_unavailable."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import anyio
import pytest
from mcp import Client

from tests.conftest import corpus_dir
from tests.mcp.conftest import payload

HAVE_TESSERACT = shutil.which("tesseract") is not None
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _core(tmp_path: Path, **env: str):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    tmp_path.mkdir(parents=True, exist_ok=True)
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    base = {"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache"), "PDFCORE_EMBEDDER": "none"}
    base.update(env)
    return pdfcore.build(load_settings(env=base))


@pytest.fixture
def scan() -> Path:
    return corpus_dir() / "ocrmypdf" / "resources" / "cardinal.pdf"


def _need_tesseract() -> None:
    if not HAVE_TESSERACT:
        if IN_CI:
            pytest.fail("tesseract must be installed in CI (.ci/run installs it)")
        pytest.skip("tesseract is not installed")


def test_ocr_text_is_cached_and_searchable(tmp_path: Path, scan: Path) -> None:
    _need_tesseract()
    core = _core(tmp_path, PDFCORE_OCR_ENGINE="tesseract")
    try:
        before = core.read_pages(str(scan), "1")
        assert before.pages[0].source == "extracted" and "likely_scanned" in before.pages[0].warnings
        word = "sequencer"
        assert not core.search(str(scan), word, mode="keyword").matches  # only the OCR text has it
        r = core.read_pages(str(scan), "1", ocr=True)
        assert r.ocr is not None and r.ocr["pages_recognised"] == [1] and r.ocr["engine"] == "tesseract"
        page = r.pages[0]
        assert page.source == "ocr" and page.ocr_confidence is not None and word in page.text.lower()
        hits = core.search(str(scan), word, mode="keyword")
        assert [m.page for m in hits.matches] == [1] and hits.matches[0].source == "ocr"
    finally:
        core.close()
    again = _core(tmp_path, PDFCORE_OCR_ENGINE="tesseract")
    try:  # cached across processes: no second recognition
        r = again.read_pages(str(scan), "1", ocr=True)
        assert r.ocr is not None and r.ocr["pages_from_cache"] == [1] and r.ocr["pages_recognised"] == []
    finally:
        again.close()


def test_pages_with_usable_text_are_not_ocred(tmp_path: Path) -> None:
    _need_tesseract()
    from tests.pdfgen import simple_document

    pdf = simple_document(tmp_path / "s.pdf", 2)
    core = _core(tmp_path, PDFCORE_OCR_ENGINE="tesseract")
    try:
        r = core.read_pages(str(pdf), "1-2", ocr=True)
        assert r.ocr is not None and r.ocr["pages_with_usable_text"] == [1, 2] and r.ocr["pages_recognised"] == []
        assert all(p.source == "extracted" for p in r.pages)
    finally:
        core.close()


def test_ocr_cap_names_the_next_range(tmp_path: Path, scan: Path) -> None:
    _need_tesseract()
    core = _core(tmp_path, PDFCORE_OCR_ENGINE="tesseract")
    try:
        source = core.open(str(scan))
        facts, _ = core.documents.facts(source)
        rep = core.ocr.run(source, facts, [0, 1, 2, 3], max_pages=2)
        assert list(rep.pages_recognised) == [1, 2] and rep.pages_not_done == "3-4"
        assert rep.next_call == "pdf_read_pages(pages='3-4', ocr=true)"
    finally:
        core.close()


def test_mcp_ocr_and_missing_engine(tmp_path: Path, scan: Path) -> None:
    from mcp_adapter.server import create_server

    async def call(core, args):  # type: ignore[no-untyped-def]
        async with Client(create_server(core)) as c:
            return await c.call_tool("pdf_read_pages", args)

    if HAVE_TESSERACT or IN_CI:
        _need_tesseract()
        core = _core(tmp_path / "a", PDFCORE_OCR_ENGINE="tesseract")
        try:
            res = anyio.run(call, core, {"path": str(scan), "pages": "2", "ocr": True})
            assert not res.is_error
            assert res.structured_content["pages"][0]["source"] == "ocr"
        finally:
            core.close()
    # an engine that is not installed here: rapidocr/easyocr may be; a PATH without tesseract is
    # a sure way to make "tesseract" missing
    old_path = os.environ.get("PATH", "")
    os.environ["PATH"] = str(tmp_path)
    try:
        core = _core(tmp_path / "b", PDFCORE_OCR_ENGINE="tesseract")
        try:
            res = anyio.run(call, core, {"path": str(scan), "pages": "1", "ocr": True})
            assert res.is_error and payload(res)["error"] == "ocr_unavailable"
            assert "tesseract" in payload(res)["recovery"]
        finally:
            core.close()
    finally:
        os.environ["PATH"] = old_path


def test_cli_read_ocr(tmp_path: Path) -> None:
    """`pdfcore read --ocr`: the scanned page comes back recognised (source "ocr"), in JSON and as text."""
    import json
    import subprocess
    import sys

    _need_tesseract()
    scan = corpus_dir() / "ocrmypdf" / "resources" / "francais.pdf"
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {
        **os.environ,
        "PDFCORE_CONFIG": str(cfg),
        "PDFCORE_CACHE_DIR": str(tmp_path / "cache"),
        "PDFCORE_EMBEDDER": "none",
        "PDFCORE_OCR_ENGINE": "tesseract",
    }
    base = [sys.executable, "-m", "pdfcore_entrypoints.cli", "read", str(scan)]
    plain = subprocess.run([*base, "--json"], env=env, capture_output=True, text=True, timeout=300, check=True)
    assert "juge" not in plain.stdout  # no native text: nothing without OCR
    out = subprocess.run([*base, "--ocr", "--json"], env=env, capture_output=True, text=True, timeout=300, check=True)
    data = json.loads(out.stdout)
    page = data["pages"][0]
    assert page["source"] == "ocr" and "juge" in page["text"] and data["ocr"]["engine"] == "tesseract"
    human = subprocess.run([*base, "--ocr"], env=env, capture_output=True, text=True, timeout=300, check=True)
    assert "(OCR, confidence" in human.stdout and "OCR (tesseract, eng)" in human.stdout
