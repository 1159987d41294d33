"""The fake and the numpy vector scorer against the same assertions."""

from __future__ import annotations

import math
import random
import struct

import pytest

from adapters.numpy_scorer import NumpyVectorScorer
from pdfcore.models import ChunkSpan, Embeddings, VectorSet
from ports.vector_scorer import VectorScorer
from tests.fakes.fake_scorer import FakeVectorScorer


@pytest.fixture(params=["fake", "numpy"])
def scorer(request: pytest.FixtureRequest) -> VectorScorer:
    return FakeVectorScorer() if request.param == "fake" else NumpyVectorScorer()


def _unit(v: list[float]) -> list[float]:
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def _vectors(pages: list[int], rows: list[list[float]]) -> VectorSet:
    dim = len(rows[0]) if rows else 3
    data = b"".join(struct.pack(f"<{dim}f", *_unit(r)) for r in rows)
    return VectorSet(key="k", dimension=dim, spans=tuple(ChunkSpan(p, 0, 1) for p in pages), data=data)


def _query(v: list[float]) -> Embeddings:
    return Embeddings(dimension=len(v), count=1, data=struct.pack(f"<{len(v)}f", *_unit(v)))


def test_each_page_scores_its_best_chunk(scorer: VectorScorer) -> None:
    vs = _vectors([0, 1, 1], [[1, 0, 0], [0, 1, 0], [0.6, 0.8, 0]])
    best = scorer.best_per_page(scorer.prepare(vs), _query([1, 0, 0]))
    assert set(best) == {0, 1}
    assert best[0][0] == pytest.approx(1.0, abs=1e-5) and best[0][1] == 0
    assert best[1][0] == pytest.approx(0.6, abs=1e-5) and best[1][1] == 2


def test_a_page_level_vector_can_beat_every_chunk(scorer: VectorScorer) -> None:
    # Two chunks half-way to the query each; their mean points right at it.
    vs = _vectors([4, 4], [[1, 1, 0], [1, -1, 0]])
    score, row = scorer.best_per_page(scorer.prepare(vs), _query([1, 0, 0]))[4]
    assert score == pytest.approx(1.0, abs=1e-5) and row == 0  # named by the page's first chunk


def test_pages_limit_the_answer_and_empty_sets_score_nothing(scorer: VectorScorer) -> None:
    vs = _vectors([0, 1, 2], [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    assert set(scorer.best_per_page(scorer.prepare(vs), _query([1, 1, 1]), pages=[2, 7])) == {2}
    empty = VectorSet(key="k", dimension=3, spans=(), data=b"")
    assert scorer.best_per_page(scorer.prepare(empty), _query([1, 0, 0])) == {}


def test_fake_and_numpy_agree_on_random_vectors() -> None:
    rnd = random.Random(7)
    pages = sorted(rnd.randrange(12) for _ in range(60))
    vs = _vectors(pages, [[rnd.gauss(0, 1) for _ in range(16)] for _ in pages])
    query = _query([rnd.gauss(0, 1) for _ in range(16)])
    fake = FakeVectorScorer().best_per_page(FakeVectorScorer().prepare(vs), query)
    real_scorer = NumpyVectorScorer()
    real = real_scorer.best_per_page(real_scorer.prepare(vs), query)
    assert set(fake) == set(real)
    for page in fake:
        assert fake[page][1] == real[page][1]
        assert fake[page][0] == pytest.approx(real[page][0], abs=1e-5)
