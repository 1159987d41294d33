"""Damaged PDFs never crash the process, never hang past the time limit and never answer
``internal_error``: hypothesis mutations of small PDFs (tests/fuzzing.py), each through info, read
of page 1 and render of page 1 with the default process isolation, then the Markdown ``read_all``
loop over the whole file (every page exactly once, or a PdfcoreError with a stable code).

``benchmarks/fuzz_pdfs.py`` runs many more cases and prints the counts (docs/robustness.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pdfcore.errors import ALL_CODES
from tests.fuzzing import (
    CORPUS_FUZZED,
    Mutant,
    Outcome,
    corpus_seeds,
    generated_seeds,
    mutants,
    run_case,
    table_seeds,
)

CALL_TIMEOUT = 10
#: A case makes three engine calls, each stopped at CALL_TIMEOUT; anything near this is a hang.
HANG_SECONDS = 3 * CALL_TIMEOUT + 30
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.fixture(scope="module")
def core(fuzz_dir: Path) -> Iterator[Any]:
    import pdfcore
    from pdfcore.config import load_settings

    cfg = fuzz_dir / "c.toml"
    cfg.write_text("")
    (fuzz_dir / "cases").mkdir()
    settings_ = load_settings(
        env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(fuzz_dir / "cache")},
        overrides={"limits": {"call_timeout_seconds": CALL_TIMEOUT}, "paths": {"roots": [str(fuzz_dir / "cases")]}},
    )
    assert settings_.backends.isolation == "process"
    c = pdfcore.build(settings_, fetcher=None)
    yield c
    c.close()


def _check(outcome: Outcome, what: str) -> None:
    assert outcome.seconds < HANG_SECONDS, f"{what}: {outcome.seconds:.1f} s"
    assert outcome.read_all_slowest_call < HANG_SECONDS, f"{what}: read_all {outcome.read_all_slowest_call:.1f} s"
    for code in (outcome.code, outcome.read_all_code):
        if code is not None:
            assert code in ALL_CODES, (what, outcome)
            assert code != "internal_error", (what, outcome)


def _fuzz(
    core: Any, fuzz_dir: Path, seeds: list[tuple[str, bytes]], examples: int, *, derandomize: bool
) -> dict[str, int]:
    counts: dict[str, int] = {}

    @settings(FUZZ, max_examples=examples, derandomize=derandomize)
    @given(mutants(seeds))
    def case(m: Mutant) -> None:
        outcome = run_case(core, fuzz_dir / "cases", m.data)
        _check(outcome, m.describe())
        for key in (outcome.code or "ok", f"read_all: {outcome.read_all_code or 'every page'}"):
            counts[key] = counts.get(key, 0) + 1

    case()
    return counts


def test_mutated_generated_pdfs(core: Any, fuzz_dir: Path) -> None:
    counts = _fuzz(core, fuzz_dir, generated_seeds(fuzz_dir / "seeds"), 120, derandomize=True)
    assert sum(n for k, n in counts.items() if not k.startswith("read_all")) >= 120
    # the mutations both break and spare files
    assert counts.get("ok", 0) > 0 and len([k for k in counts if not k.startswith("read_all")]) > 1, counts


def test_mutated_table_documents_read_whole_in_markdown(core: Any, fuzz_dir: Path) -> None:
    """Seeded mutations of multi-page documents with tables, each read whole through the
    Markdown ``read_all`` loop (tables read ahead, the engine handed pages while a page waits
    for its tables): every page comes back once or the loop ends with a stable code."""
    counts = _fuzz(core, fuzz_dir, table_seeds(fuzz_dir / "seeds"), 24, derandomize=True)
    assert sum(n for k, n in counts.items() if k.startswith("read_all")) >= 24
    # the mutations both spare a whole read and break one
    assert counts.get("read_all: every page", 0) > 0 and len([k for k in counts if k.startswith("read_all")]) > 1, (
        counts
    )


def test_a_page_tree_the_table_engine_reads_short_still_reads_whole(core: Any, fuzz_dir: Path) -> None:
    """One byte deleted from page 6's content stream puts every object after it one byte off
    its cross-reference offset: pdfium rebuilds the table and finds the ten pages, pdfminer's
    walk (the table engine) finds six. Pages 7-10 read, tables and all, instead of answering
    ``page_out_of_range`` for pages the document has."""
    (_, data), _ = table_seeds(fuzz_dir / "seeds")
    at = data.index(b"stream", data.index(b"\n20 0 obj")) + 40
    outcome = run_case(core, fuzz_dir / "cases", data[:at] + data[at + 1 :])
    assert outcome.code is None and outcome.steps == ["info", "read", "markdown", "render"], outcome
    assert outcome.read_all_code is None and outcome.read_all_pages == 10, outcome


@pytest.mark.corpus
def test_mutated_corpus_pdfs(core: Any, fuzz_dir: Path, corpus: Path) -> None:
    seeds = corpus_seeds(corpus)
    assert len(seeds) >= 8
    counts = _fuzz(core, fuzz_dir, seeds, 300, derandomize=True)
    assert sum(n for k, n in counts.items() if not k.startswith("read_all")) >= 300
    assert counts.get("ok", 0) > 0 and counts.get("malformed_pdf", 0) > 0, counts


@pytest.mark.corpus
@pytest.mark.parametrize("name", CORPUS_FUZZED)
def test_fuzzer_made_corpus_files(core: Any, fuzz_dir: Path, corpus: Path, name: str) -> None:
    outcome = run_case(core, fuzz_dir / "cases", (corpus / name).read_bytes())
    _check(outcome, name)


@pytest.mark.slow
@pytest.mark.corpus
def test_mutated_pdfs_many(core: Any, fuzz_dir: Path, corpus: Path) -> None:
    """A larger, non-deterministic run (new cases every time)."""
    seeds = corpus_seeds(corpus) + generated_seeds(fuzz_dir / "seeds")
    counts = _fuzz(core, fuzz_dir, seeds, 600, derandomize=False)
    assert sum(n for k, n in counts.items() if not k.startswith("read_all")) >= 600


def test_engine_still_answers_after_the_damage(core: Any, fuzz_dir: Path) -> None:
    """Runs after the fuzzing tests (same module, same engine workers): a healthy file still reads."""
    seeds = generated_seeds(fuzz_dir / "seeds")
    for _, data in seeds:
        outcome = run_case(core, fuzz_dir / "cases", data)
        assert outcome.code is None and outcome.steps == ["info", "read", "markdown", "render"], outcome


@pytest.mark.parametrize("data", [b"", b"%PDF-1.7", b"%PDF-1.7\n" + b"\x00" * 5000, b"%PDF-" + b"9" * 10_000])
def test_degenerate_files(core: Any, fuzz_dir: Path, data: bytes) -> None:
    outcome = run_case(core, fuzz_dir / "cases", data)
    _check(outcome, repr(data[:20]))
    assert outcome.code == "malformed_pdf"


@settings(FUZZ, max_examples=40, derandomize=True)
@given(st.binary(max_size=2048))
def test_random_bytes(core: Any, fuzz_dir: Path, data: bytes) -> None:
    outcome = run_case(core, fuzz_dir / "cases", data)
    _check(outcome, repr(data[:40]))
    assert outcome.code == "malformed_pdf"
