"""format='markdown' through the SDK client: pdf_read_pages, pdf_read_all, read_pdf, figure refs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from tests.mcp.conftest import payload
from tests.pdfgen import Outline, Page, write_pdf

BODY = [
    "The first paragraph of the report sets out what was measured and",
    "why it matters to the people who asked for the measurements.",
]


def _report(tmp_path: Path) -> Path:
    first = Page()
    first.text(72, 720, "Quarterly Report", size=20, font="F2")
    first.text(72, 690, "1 Scope", size=14, font="F2")
    first.lines(72, 668, BODY, size=10, leading=12)
    first.text(72, 630, "- The first point of the list", size=10)
    first.text(72, 618, "- The second point of the list", size=10)
    first.image(72, 380, 300, 200)
    first.text(72, 366, "Figure 1: The measured values.", size=10)
    second = Page()
    second.text(72, 720, "2 Results", size=14, font="F2")
    second.lines(72, 698, BODY, size=10, leading=12)
    outline = [Outline("Quarterly Report", 0, children=[Outline("1 Scope", 0), Outline("2 Results", 1)])]
    return write_pdf(tmp_path / "report.pdf", [first, second], outline=outline)


def _call(server: Any, name: str, args: dict[str, Any]) -> Any:
    async def main() -> Any:
        async with Client(server) as client:
            return await client.call_tool(name, args)

    return anyio.run(main)


def test_read_pages_markdown(server: Any, tmp_path: Path) -> None:
    pdf = _report(tmp_path)
    res = _call(server, "pdf_read_pages", {"path": str(pdf), "pages": "1", "format": "markdown"})
    assert not res.is_error
    data = res.structured_content or payload(res)
    (page,) = data["pages"]
    md = page["markdown"]
    assert page["text"] == "" and page["chars"] == len(md)
    assert md.startswith("# Quarterly Report\n\n## 1 Scope\n\n")
    assert " ".join(BODY) in md
    assert "- The first point of the list\n- The second point of the list" in md
    assert "![Figure 1: The measured values.](p1f1)" in md
    assert page["images"] and page["hidden_text"] is False  # the other fields stay as in text mode
    text = _call(server, "pdf_read_pages", {"path": str(pdf), "pages": "1"})
    plain = (text.structured_content or payload(text))["pages"][0]
    assert "markdown" not in plain and "Quarterly Report" in plain["text"]


def test_read_pages_markdown_budget_names_the_next_call(server: Any, tmp_path: Path) -> None:
    pdf = _report(tmp_path)
    res = _call(server, "pdf_read_pages", {"path": str(pdf), "pages": "1-2", "format": "markdown", "max_chars": 50})
    data = res.structured_content or payload(res)
    assert [p["page"] for p in data["pages"]] == [1] and data["next_pages"] == "2"
    assert "format='markdown'" in data["truncation_note"]


def test_read_all_markdown_is_one_document_with_page_comments(server: Any, tmp_path: Path) -> None:
    pdf = _report(tmp_path)
    res = _call(server, "pdf_read_all", {"path": str(pdf), "format": "markdown"})
    assert not res.is_error
    data = res.structured_content or payload(res)
    md = data["markdown"]
    assert data["full_text"] == "" and data["next_page"] is None
    assert re.findall(r"<!-- page \d+ -->", md) == ["<!-- page 1 -->", "<!-- page 2 -->"]
    assert md.index("## 1 Scope") < md.index("<!-- page 2 -->") < md.index("## 2 Results")
    assert data["bytes_returned"] == len(md.encode("utf-8")) and data["total_chars"] == len(md)


def test_unknown_format_is_a_clear_error(server: Any, tmp_path: Path) -> None:
    pdf = _report(tmp_path)
    res = _call(server, "pdf_read_pages", {"path": str(pdf), "pages": "1", "format": "html"})
    assert res.is_error  # refused by the schema (an enum) before the call


def test_a_figure_ref_renders_the_figure(server: Any, tmp_path: Path) -> None:
    pdf = _report(tmp_path)
    _call(server, "pdf_read_pages", {"path": str(pdf), "pages": "1", "format": "markdown"})
    res = _call(server, "pdf_render_pages", {"path": str(pdf), "ref": "p1f1", "dpi": 72})
    assert not res.is_error
    images = [b for b in res.content if getattr(b, "type", "") == "image"]
    assert len(images) == 1
    missing = _call(server, "pdf_render_pages", {"path": str(pdf), "ref": "p1f9"})
    assert missing.is_error and payload(missing)["error"] == "unknown_ref"


@pytest.fixture
def compact(mcp_core: Any) -> Any:
    from mcp_adapter.server import create_server

    return create_server(mcp_core, profile="compact")


def test_compact_read_pdf_answers_with_the_markdown(compact: Any, tmp_path: Path) -> None:
    pdf = _report(tmp_path)
    res = _call(compact, "read_pdf", {"source": str(pdf)})
    text = res.content[0].text
    assert "<!-- page 1 -->" in text and "<!-- page 2 -->" in text
    assert "## 1 Scope" in text and "![Figure 1: The measured values.](p1f1)" in text
    shown = _call(compact, "render_pdf", {"source": str(pdf), "ref": "p1f1"})
    assert not shown.is_error and any(getattr(b, "type", "") == "image" for b in shown.content)
