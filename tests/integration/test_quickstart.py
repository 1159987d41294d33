"""The Python example of docs/quickstart.md runs as printed (on a generated report.pdf)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tests.pdfgen import simple_document

QUICKSTART = Path(__file__).resolve().parents[2] / "docs" / "quickstart.md"


def test_the_python_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = re.search(r"## From Python\n\n```python\n(.*?)```", QUICKSTART.read_text(), re.S)
    assert found
    simple_document(
        tmp_path / "report.pdf",
        3,
        words=(
            "",
            "revenue 2023 grew",
        ),
    )
    (tmp_path / "c.toml").write_text("")
    for name in [n for n in __import__("os").environ if n.startswith("PDFCORE_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("PDFCORE_CONFIG", str(tmp_path / "c.toml"))
    monkeypatch.setenv("PDFCORE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PDFCORE_ROOTS", str(tmp_path))
    monkeypatch.setenv("PDFCORE_BACKENDS_EMBEDDER", "none")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(found.group(1), str(QUICKSTART), "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("3 ")  # page count first
    assert any(re.match(r"2 [0-9.]+ .*revenue 2023", line) for line in lines), lines  # the search hit: page 2
