"""Formulas typeset by TeX in papers: a display formula set in pieces (a fraction, a sum's
limits) is one paragraph with its equation number last, and a sentence holding letters with
bars drawn over and under them reads whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cores import temp_core


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("formulas"), env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as c:
        yield c


def _parts(core: Any, path: Path, page: int) -> list[str]:
    md = core.read_pages(str(path), str(page), format="markdown").pages[0].markdown
    return md.split("\n\n")


@pytest.mark.corpus
def test_display_formulas_are_one_paragraph_each_with_their_number_last(core: Any, corpus: Path) -> None:
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/1705.07830.pdf", 4)
    numbered = [p for p in parts if p.endswith(("(2)", "(4)", "(5)"))]
    assert numbered == [
        "Eq∼πθ(·|q0) [R(f(q))] ≈ 1 N N X i=1 R(f(qi)), qi ∼ πθ( · |q0) (2)",
        "≈ 1 N N X i=1 ∇θ log(π(qi |q0))R(f(qi)), qi ∼ πθ( · |q0) (4)",
        "H[πθ(q|q0)] = − T X t=1 X wt∈V pθ(wt|w<t, q0) log pθ(wt|w<t, q0) (5)",
    ]
    assert not any(p in {"1", "N", "X", "i=1", "T t=1"} for p in parts)


@pytest.mark.corpus
def test_a_sentence_with_bars_over_and_under_its_letters_reads_whole(core: Any, corpus: Path) -> None:
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/2001.03131.pdf", 3)
    (para,) = [p for p in parts if "sequence of vectors" in p]
    assert "x1, x2, x3, ... , xk, ..., xm+1 finally become a linearly dependent set." in para
    assert "vector xm+1 become linearly dependent on previous vectors." in para
    assert "," not in parts
    assert not any(c in "\uf8eb\uf8ec\uf8ed\uf8f6\uf8f7\uf8f8" for p in parts for c in p)
