"""Every registered backend can be chosen in [backends], and one turned off is reported, not
claimed: bootstrap hands the services None and names the reason in server_info."""

from __future__ import annotations

from pathlib import Path

import pytest

import pdfcore
from mcp_adapter.server_info import server_info_answer
from pdfcore.config import load_settings
from pdfcore.errors import BackendUnavailable
from tests.pdfgen import simple_document


def _build(tmp_path: Path, toml: str, **env: str) -> pdfcore.Pdfcore:
    cfg = tmp_path / "c.toml"
    cfg.write_text(toml)
    settings = load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache"), **env})
    return pdfcore.build(settings, fetcher=None)


@pytest.mark.parametrize("isolation", ["none", "process"])
def test_extras_and_attachments_turned_off_are_reported(tmp_path: Path, isolation: str) -> None:
    core = _build(tmp_path, f'[backends]\nisolation = "{isolation}"\nextras = "none"\nattachments = "none"\n')
    try:
        assert core.services.document_extras is None and core.services.attachment_reader is None
        info = server_info_answer(core)
        assert "extras" not in info["backends"] and "attachments" not in info["backends"]
        assert "extras = none" in info["backend_problems"]["extras"]
        assert "attachments = none" in info["backend_problems"]["attachments"]
        pdf = simple_document(tmp_path / "s.pdf", 1)
        with pytest.raises(BackendUnavailable):
            core.attachments(str(pdf))
    finally:
        core.close()


def test_charts_turned_off_answer_backend_unavailable(tmp_path: Path) -> None:
    core = _build(tmp_path, "", PDFCORE_BACKENDS_CHARTS="none", PDFCORE_BACKENDS_ISOLATION="none")
    try:
        pdf = simple_document(tmp_path / "s.pdf", 1)
        with pytest.raises(BackendUnavailable, match="charts = none"):
            core.extract_chart(str(pdf), 1)
    finally:
        core.close()
