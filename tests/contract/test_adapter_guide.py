"""The worked example of docs/writing-an-adapter.md works as printed: its adapter passes the
TextExtractor contract in process and in the engine workers, lints clean, and once registered
under its name is chosen by configuration and read through pdfcore.build()."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pdfcore import registry
from ports.text_extractor import TextExtractor
from tests.contract import test_text_extractor_contract as contract
from tests.contract.conftest import isolated_adapter

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "writing-an-adapter.md"
MODULE = "guide_plumber_text"  # the example, written out under a top-level name of its own
SPEC = f"{MODULE}:PlumberTextExtractor"


def _example() -> str:
    found = re.search(r"<!-- guide-example: adapters/plumber_text.py -->\n```python\n(.*?)```", GUIDE.read_text(), re.S)
    assert found, "the guide's example is marked <!-- guide-example: ... --> before its code block"
    return found.group(1)


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("guide")
    path = folder / f"{MODULE}.py"
    path.write_text(_example())
    sys.path.insert(0, str(folder))
    yield path
    sys.path.remove(str(folder))
    sys.modules.pop(MODULE, None)


@pytest.fixture(scope="module")
def guide_pool(example: Path) -> Iterator[Any]:
    """Workers started after the example's folder is on sys.path (they are given the parent's)."""
    from adapters.process_isolation import WorkerPool

    pool = WorkerPool(1, timeout_seconds=60)
    yield pool
    pool.close()


@pytest.fixture(params=["in-process", "isolated"])
def factory(request: pytest.FixtureRequest, example: Path) -> Callable[[Path, str | None], tuple[TextExtractor, Path]]:
    def make(tmp: Path, password: str | None = None) -> tuple[TextExtractor, Path]:
        _, path = contract.make_pdfium(tmp, password)  # the contract's generated PDF
        if request.param == "isolated":
            return isolated_adapter(TextExtractor, SPEC, request.getfixturevalue("guide_pool")), path
        cls = __import__(MODULE).PlumberTextExtractor
        return cls(), path

    return make


@pytest.mark.parametrize(
    "check",
    [
        contract.test_inspect,
        contract.test_extract_text_in_order_and_geometry,
        contract.test_page_out_of_range,
        contract.test_passwords,
        contract.test_not_a_pdf,
    ],
    ids=lambda f: f.__name__.removeprefix("test_"),
)
def test_the_example_passes_the_text_extractor_contract(check: Any, factory: Any, tmp_path: Path) -> None:
    check(factory, tmp_path)


def test_the_example_lints_clean(example: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "E,F,W,I,B,UP,T20,BLE,SIM,RUF", str(example)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("isolation", ["none", "process"])
def test_registered_under_its_name_it_is_chosen_by_configuration(
    example: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, isolation: str
) -> None:
    import pdfcore
    from pdfcore.config import load_settings
    from tests.pdfgen import simple_document

    monkeypatch.setitem(registry.BACKENDS, "text", {**registry.BACKENDS["text"], "plumber": SPEC})
    monkeypatch.setitem(registry.REQUIREMENTS, ("text", "plumber"), (("pdfplumber", "pdfminer"), "pdfcore"))
    (tmp_path / "c.toml").write_text("")
    env = {
        "PDFCORE_CONFIG": str(tmp_path / "c.toml"),
        "PDFCORE_CACHE_DIR": str(tmp_path / "cache"),
        "PDFCORE_BACKENDS_TEXT": "plumber",
        "PDFCORE_BACKENDS_ISOLATION": isolation,
        "PDFCORE_BACKENDS_WORKERS": "1",
    }
    core = pdfcore.build(load_settings(env=env), fetcher=None)
    try:
        assert core.capabilities().backends["text"] == "plumber"
        pdf = simple_document(tmp_path / "s.pdf", 3)
        page = core.read_pages(str(pdf), "2").pages[0]
        assert "unique marker token002" in page.text
    finally:
        core.close()
