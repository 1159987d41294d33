"""One definition of a match and of its count, on a real financial report: a page's count is its
number of matches in every answer, and numbers match as numbers (ADI_2009.pdf, p. 41 holds
"$432,148" in the cash flow table and "$432.1 million" in the text)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.corpus

REPORT = "uda-benchmark/fin_docs/ADI_2009.pdf"


@pytest.fixture(scope="module")
def report_core(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> Iterator[tuple[object, str]]:
    import pdfcore
    from pdfcore.config import load_settings

    tmp = tmp_path_factory.mktemp("counts")
    (tmp / "c.toml").write_text("")
    core = pdfcore.build(
        load_settings(
            env={
                "PDFCORE_CONFIG": str(tmp / "c.toml"),
                "PDFCORE_CACHE_DIR": str(tmp / "cache"),
                "PDFCORE_EMBEDDER": "none",
            }
        )
    )
    yield core, str(corpus / REPORT)
    core.close()


def test_a_number_with_a_thousands_separator_is_one_match(report_core) -> None:  # type: ignore[no-untyped-def]
    core, path = report_core
    r = core.search(path, "432,148", mode="keyword", max_results=20)
    # p. 41: the table's $432,148 once; the "$432.1 million" of the text is no hit
    assert r.page_match_counts["41"] == 1
    assert {m.page: m.match_count for m in r.matches} == {int(p): n for p, n in r.page_match_counts.items()}
    assert r.total_matches == len(r.page_match_counts)
    # a decimal point is not a thousands separator
    assert core.search(path, "247.772", mode="keyword").total_matches == 0
    assert core.search(path, "247,772", mode="keyword").total_matches >= 1


def test_folder_search_counts_a_document_as_the_document_search_does(report_core) -> None:  # type: ignore[no-untyped-def]
    core, path = report_core
    for query in ("432,148", "2009", "consolidated statements of income"):
        single = core.search(path, query, mode="keyword", max_results=5)
        folder = core.corpus_search([path], query, mode="keyword", top_k=5)
        assert folder.doc_match_counts[path] == single.total_matches == len(single.page_match_counts), query
