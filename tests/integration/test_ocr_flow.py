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
        rep = core.services.ocr.run(source, facts, [0, 1, 2, 3], max_pages=2)
        assert list(rep.pages_recognised) == [1, 2] and rep.pages_not_done == "3-4"
        assert rep.next_call == "pdf_read_pages(path, pages='3-4', ocr=true)"
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


# --------------------------------------------------------------------------------------------
# Order, orientation, noise and parallel pages on real scans


def _similarity(a: str, b: str) -> float:
    import difflib

    def norm(t: str) -> str:
        return " ".join(t.split())

    return difflib.SequenceMatcher(None, norm(a), norm(b), autojunk=False).ratio()


def _scan_of(pdf: Path, page: int, out: Path, *, dpi: int = 300, turn: int = 0) -> Path:
    """An image-only PDF of one page of ``pdf`` (rendered at ``dpi``, shown turned clockwise by
    ``turn``): a scan whose true text is the page's own text layer."""
    import pypdfium2 as pdfium
    from PIL import Image

    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[page - 1].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()
    if turn:
        image = image.transpose(
            {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}[turn]
        )
    image.save(out, format="PDF", resolution=float(dpi))
    return out


@pytest.mark.corpus
def test_a_two_column_scan_reads_column_by_column(tmp_path: Path) -> None:
    _need_tesseract()
    paper = corpus_dir() / "pdfjs" / "tracemonkey.pdf"
    scan = _scan_of(paper, 1, tmp_path / "scan.pdf")
    core = _core(tmp_path, PDFCORE_OCR_ENGINE="tesseract")
    try:
        truth = core.read_pages(str(paper), "1").pages[0].text
        r = core.read_pages(str(scan), "1", ocr=True)
        text = r.pages[0].text
        assert _similarity(truth, text) >= 0.95
        positions = [
            text.find(s)
            for s in (
                "Dynamic languages such as JavaScript",  # left column
                "de facto standard for client-side web programming",  # its last line
                "and is used for the application logic",  # right column
            )
        ]
        assert -1 not in positions and positions == sorted(positions), positions
        assert r.ocr is not None and r.ocr["page_times"][0]["recognise_seconds"] > 0
    finally:
        core.close()


@pytest.mark.corpus
def test_turned_pages_are_read_upright_side_by_side(tmp_path: Path, scan: Path) -> None:
    _need_tesseract()
    truth = (Path(__file__).resolve().parents[2] / "benchmarks" / "ocr_truth" / "linnsequencer.txt").read_text()
    core = _core(tmp_path, PDFCORE_OCR_ENGINE="tesseract")
    try:
        r = core.read_pages(str(scan), "2-4", ocr=True)
        assert r.ocr is not None and r.ocr["pages_recognised"] == [2, 3, 4]
        # pages 2-4 show the flyer turned 90, 180 and 270 degrees: each is read turned back
        assert [t["turned"] for t in r.ocr["page_times"]] == [270, 180, 90]
        workers = core.services.ocr_engine().parallelism
        assert r.ocr["pages_at_once"] == min(3, workers)
        for page in r.pages:
            assert "ocr_low_confidence" not in page.warnings
            assert _similarity(truth, page.text) >= 0.95, page.page
            assert page.text.startswith("The LinnSequencer")
        source = core.open(str(scan))
        facts, _ = core.documents.facts(source)
        for i in (1, 2, 3):  # boxes in page space: inside the page as it is displayed
            info = facts.pages[i]
            cached = core.documents.pages(source, [i], facts).pages[i]
            boxes = [b.bbox for b in cached.blocks]
            assert all(0 <= b.x0 < b.x1 <= info.width + 1 and 0 <= b.y0 < b.y1 <= info.height + 1 for b in boxes)
    finally:
        core.close()


@pytest.mark.corpus
def test_text_read_as_noise_is_not_kept_or_indexed(tmp_path: Path) -> None:
    _need_tesseract()
    from collections import Counter

    from pdfcore.models import RasterImage

    # A Chinese page read with English data: Tesseract returns words, but noise.
    pdf = corpus_dir() / "pdfplumber" / "pdfs" / "issue-203-decimalize.pdf"
    core = _core(tmp_path, PDFCORE_OCR_ENGINE="tesseract")
    try:
        source = core.open(str(pdf))
        engine = core.services.ocr_engine()
        img = core.services.renderer.render(source, 0, dpi=engine.preferred_dpi)
        noise = engine.recognize(RasterImage(png=img.png, width=img.width, height=img.height), languages=("eng",))
        words = Counter(w.text.lower() for w in noise.words if w.text.isalpha() and len(w.text) >= 3)
        assert words and noise.mean_confidence < 0.4  # the engine does "read" something
        r = core.read_pages(str(pdf), "1", ocr=True)
        assert r.ocr is not None and r.ocr["pages_unreadable"] == [1] and r.ocr["pages_recognised"] == []
        page = r.pages[0]
        assert page.text == "" and "ocr_low_confidence" in page.warnings and "likely_scanned" in page.warnings
        common = words.most_common(1)[0][0]
        assert not core.search(str(pdf), common, mode="keyword").matches
    finally:
        core.close()
