"""Shared fixtures: the corpus location, generated PDFs, and a Pdfcore built on a temp cache."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.pdfgen import simple_document

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("PDFCORE_CORPUS", REPO.parent / "shared" / "corpus")).resolve()
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

# In CI the hypothesis properties draw the same examples on every run (derived from each test),
# so a run fails for a change and never for the draw; elsewhere they draw new examples on each
# run and find what CI's fixed ones miss (a failing example found so is kept as a unit test).
settings.register_profile("ci", derandomize=True)
if IN_CI:
    settings.load_profile("ci")


def corpus_dir() -> Path:
    """The shared corpus: skipped locally when absent, a failure in CI (where it must exist)."""
    if not (CORPUS / "MANIFEST.tsv").exists():
        if IN_CI:
            pytest.fail(f"the corpus is required in CI and is missing at {CORPUS}")
        pytest.skip(f"corpus not found at {CORPUS} (set PDFCORE_CORPUS)")
    return CORPUS


@pytest.fixture(scope="session")
def corpus() -> Path:
    return corpus_dir()


def corpus_pdfs() -> list[Path]:
    if not (CORPUS / "MANIFEST.tsv").exists():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() == ".pdf" and p.is_file())


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    from pdfcore.config import load_settings

    config = tmp_path / "config.toml"
    config.write_text("")
    return load_settings(env={"PDFCORE_CACHE_DIR": str(tmp_path / "cache"), "PDFCORE_CONFIG": str(config)})


@pytest.fixture
def core(settings) -> Iterator[object]:  # type: ignore[no-untyped-def]
    import pdfcore

    c = pdfcore.build(settings)
    yield c
    c.close()


@pytest.fixture
def simple_pdf(tmp_path: Path) -> Path:
    return simple_document(tmp_path / "simple.pdf", 3)
