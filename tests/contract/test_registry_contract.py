"""Every name in the backend registry loads, implements its port, and can run where the
composition root puts it; a backend whose packages are missing is refused with the reason and
the extra that installs it, never half-loaded."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

from adapters.process_isolation import port_methods
from pdfcore import registry
from pdfcore.errors import BackendUnavailable, UnknownBackend
from ports.attachment_reader import AttachmentReader
from ports.document_extras import DocumentExtras
from ports.embedder import Embedder
from ports.executor import WarmExecutor
from ports.fetcher import Fetcher
from ports.image_processor import ImageProcessor
from ports.ocr_engine import OcrEngine
from ports.renderer import Renderer
from ports.store import Store
from ports.table_extractor import TableExtractor
from ports.text_extractor import TextExtractor
from ports.vector_scorer import VectorScorer
from ports.vector_source import VectorSource
from ports.word_list import WordList

#: The protocol of each registry port (a port added to the registry must be added here).
PORTS: dict[str, type] = {
    "text": TextExtractor,
    "renderer": Renderer,
    "tables": TableExtractor,
    "ocr": OcrEngine,
    "embedder": Embedder,
    "fetcher": Fetcher,
    "store": Store,
    "executor": WarmExecutor,
    "charts": VectorSource,
    "extras": DocumentExtras,
    "attachments": AttachmentReader,
    "images": ImageProcessor,
    "scorer": VectorScorer,
    "words": WordList,
}
ENTRIES = [(port, name) for port, table in sorted(registry.BACKENDS.items()) for name in sorted(table)]


def test_every_port_of_the_registry_has_a_protocol_and_every_entry_its_requirements() -> None:
    assert set(registry.BACKENDS) <= set(PORTS)
    assert {(p, n) for p, n in ENTRIES} == set(registry.REQUIREMENTS)


@pytest.mark.parametrize(("port", "name"), ENTRIES, ids=[f"{p}-{n}" for p, n in ENTRIES])
def test_each_registry_name_loads_or_says_why_not(port: str, name: str) -> None:
    missing = registry.missing_modules(port, name)
    if missing:  # not installed here: refused with the reason, and what to install
        with pytest.raises(BackendUnavailable) as info:
            registry.load_class(port, name)
        assert all(m in info.value.message for m in missing)
        assert registry.REQUIREMENTS[(port, name)][1] in (info.value.recovery or "")
        return
    cls = registry.load_class(port, name)
    protocol = PORTS[port]
    assert protocol in cls.__mro__, f"{cls.__name__} does not subclass {protocol.__name__}"
    for method in port_methods(protocol):
        assert callable(getattr(cls, method, None)), f"{cls.__name__} lacks {method}"
    # What the engine workers import by name is this very class.
    module, _, attr = registry.spec(port, name).partition(":")
    assert getattr(importlib.import_module(module), attr) is cls


def test_a_missing_package_is_refused_with_the_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any, **kwargs: Any) -> Any:
        return None if name == "pdfplumber" else real(name, *args, **kwargs)

    monkeypatch.setattr(registry.importlib.util, "find_spec", find_spec)
    for call in (registry.load_class, registry.spec):
        with pytest.raises(BackendUnavailable) as info:
            call("tables", "plumber")
        assert "pdfplumber" in info.value.message and "pip install" in (info.value.recovery or "")
    assert registry.installed("tables") == []


def test_an_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(UnknownBackend) as info:
        registry.load_class("tables", "camelot")
    assert "camelot" in info.value.message and "plumber" in info.value.message
    with pytest.raises(UnknownBackend):
        registry.spec("no-such-port", "x")


def test_an_adapter_module_that_fails_to_import_is_a_backend_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.BACKENDS, "tables", {"broken": "tests.crashers:NoSuchClass"})
    monkeypatch.setitem(registry.REQUIREMENTS, ("tables", "broken"), ((), "pdfcore"))
    with pytest.raises(BackendUnavailable) as info:
        registry.load_class("tables", "broken")
    assert "broken" in info.value.message
    monkeypatch.setitem(registry.BACKENDS, "tables", {"broken": "tests.no_such_module:Extractor"})
    with pytest.raises(BackendUnavailable):
        registry.load_class("tables", "broken")
