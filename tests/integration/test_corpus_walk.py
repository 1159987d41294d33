"""Every PDF of the corpus through info, read and render of page 1: success or a stable code,
never internal_error, a crash or a hang."""

from __future__ import annotations

from pathlib import Path

import pytest

from pdfcore.errors import ALL_CODES, PdfcoreError
from tests.conftest import CORPUS, corpus_dir, corpus_pdfs

PDFS = corpus_pdfs()
# Password-protected corpus files and their passwords (MANIFEST.tsv "detected" column).
PASSWORDS = {
    "py-pdf_sample-files/005-libreoffice-writer-password/libreoffice-writer-password.pdf": "openpassword",
}


@pytest.fixture(scope="module")
def walker(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    tmp = tmp_path_factory.mktemp("walk")
    cfg = tmp / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(
        load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp / "cache")}), fetcher=None
    )
    yield core
    core.close()


def test_corpus_present() -> None:
    corpus_dir()
    assert len(PDFS) > 300


@pytest.mark.corpus
@pytest.mark.timeout(120)
@pytest.mark.parametrize("pdf", PDFS, ids=[str(p.relative_to(CORPUS)) for p in PDFS])
def test_walk(walker, pdf: Path) -> None:  # type: ignore[no-untyped-def]
    rel = str(pdf.relative_to(CORPUS))
    password = PASSWORDS.get(rel)
    outcomes = []
    for step in ("info", "read", "render"):
        try:
            if step == "info":
                r = walker.info(str(pdf), password=password)
                assert r.page_count >= 0
                if r.page_count == 0:
                    break
            elif step == "read":
                r = walker.read_pages(str(pdf), "1", password=password)
                assert r.pages[0].page == 1
            else:
                r = walker.render_pages(str(pdf), "1", dpi=72, password=password)
                assert r.pages_rendered == (1,) or r.render_failed_pages or r.render_oversized_pages
        except PdfcoreError as exc:
            assert exc.code in ALL_CODES
            assert exc.code != "internal_error", f"{step}: {exc!r}"
            outcomes.append((step, exc.code))
            break
    # Files the manifest calls readable must read: only known-broken ones may fail.
    if outcomes:
        assert outcomes[0][1] in {"malformed_pdf", "password_required", "extraction_failed", "file_too_large"}, outcomes


@pytest.mark.corpus
def test_no_corpus_pdf_crashed_the_engine(walker) -> None:  # type: ignore[no-untyped-def]
    """Runs after the walk (file order): a contained engine crash answers extraction_failed, a
    stable code the walk accepts, so crashes are counted here. None of the corpus files may
    crash the engine worker (the isolation is for hostile files, not for our own bugs)."""
    corpus_dir()
    pools = [item for item in walker.services.lifecycle if hasattr(item, "crashes")]
    assert pools, "the walk ran without engine isolation"
    assert sum(p.crashes for p in pools) == 0
    assert sum(p.timeouts for p in pools) == 0
