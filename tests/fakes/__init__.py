"""In-memory fakes, one per port, and a Pdfcore assembled from them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.fakes.fake_renderer import FakeRenderer
from tests.fakes.fake_store import FakeStore
from tests.fakes.fake_text import FakeDocument, FakeTextExtractor


def fake_core(
    tmp_path: Path, docs: dict[str, FakeDocument], *, embedder: Any = None, **settings_overrides: Any
) -> tuple[Any, FakeTextExtractor]:
    """A Pdfcore on fakes. Each document gets a small placeholder file named after its key."""
    import pdfcore
    from pdfcore.config import load_settings

    extractor = FakeTextExtractor()
    for name, doc in docs.items():
        path = tmp_path / name
        path.write_bytes(b"%PDF-1.7 fake " + name.encode())
        extractor.documents[str(path.resolve())] = doc
    cfg = tmp_path / "config.toml"
    cfg.write_text("")
    settings = load_settings(
        env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")},
        overrides=settings_overrides,
    )
    core = pdfcore.build(
        settings, text=extractor, renderer=FakeRenderer(), store=FakeStore(), fetcher=None, embedder=embedder
    )
    return core, extractor
