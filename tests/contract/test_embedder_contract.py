"""The fake and the real (offline) embedder against the same assertions."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from pdfcore.errors import BackendUnavailable
from tests.fakes.fake_embedder import FakeEmbedder

HAVE_SBERT = importlib.util.find_spec("sentence_transformers") is not None


@pytest.fixture(scope="module", params=["fake", "sentence-transformers"])
def embedder(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    if request.param == "fake":
        return FakeEmbedder()
    if not HAVE_SBERT:
        pytest.skip("pdfcore[semantic] is not installed")
    from adapters.sbert_embedder import SentenceTransformerEmbedder

    e = SentenceTransformerEmbedder("all-MiniLM-L6-v2")
    e.check()
    return e


def _m(emb):  # type: ignore[no-untyped-def]
    return np.frombuffer(emb.data, dtype="<f4").reshape(emb.count, emb.dimension)


def test_vectors_are_unit_length_in_order(embedder) -> None:  # type: ignore[no-untyped-def]
    texts = ["the cat sat on the mat", "stock markets fell sharply today", "a kitten rested on a rug"]
    emb = embedder.embed(texts)
    m = _m(emb)
    assert emb.count == 3 and m.shape == (3, embedder.dimension)
    assert np.allclose(np.linalg.norm(m, axis=1), 1.0, atol=1e-3)
    again = _m(embedder.embed(texts[:1]))
    assert np.allclose(again[0], m[0], atol=1e-4)  # deterministic, batch-independent


def test_related_texts_are_closer(embedder) -> None:  # type: ignore[no-untyped-def]
    m = _m(
        embedder.embed(
            ["copyright law protects authors", "copyright protection for authors", "bananas are yellow fruit"]
        )
    )
    assert float(m[0] @ m[1]) > float(m[0] @ m[2])


def test_empty_batch(embedder) -> None:  # type: ignore[no-untyped-def]
    assert embedder.embed([]).count == 0


def test_unknown_model_is_backend_unavailable() -> None:
    from adapters.sbert_embedder import SentenceTransformerEmbedder

    with pytest.raises(BackendUnavailable) as info:
        SentenceTransformerEmbedder("some/hub-model-we-would-have-to-download").check()
    assert "offline" in info.value.message
    with pytest.raises(BackendUnavailable):
        FakeEmbedder(available=False).check()
