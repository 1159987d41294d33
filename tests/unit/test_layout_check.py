"""``import pdfcore`` refuses a foreign package under one of its generic top-level names (ADR 0001)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pdfcore._layout_check import COMPONENTS


def test_every_top_level_package_of_the_distribution_is_checked() -> None:
    root = Path(__file__).resolve().parents[2]
    packages = {p.parent.name for p in root.glob("*/__init__.py")} - {"tests", "benchmarks"}
    assert set(COMPONENTS) == packages - {"pdfcore"}
    for name in COMPONENTS:
        assert __import__(name).__pdfcore_component__ == name


@pytest.mark.parametrize("name", COMPONENTS)
def test_a_foreign_package_shadowing_a_component_is_named(tmp_path: Path, name: str) -> None:
    (tmp_path / name).mkdir()
    (tmp_path / name / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", "import pdfcore"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60
    )
    assert out.returncode != 0
    assert "LayoutConflictError" in out.stderr
    assert f"The top-level package {name!r} imported from {tmp_path / name / '__init__.py'}" in out.stderr
