"""pdf_extract_chart through the real MCP client, in-process: schema, statuses, image blocks, errors."""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from PIL import Image

from tests.chartgen import build_fixtures
from tests.mcp.conftest import payload
from tests.pdfgen import simple_document


@pytest.fixture(scope="module")
def charts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, dict[str, Any]]]:
    return build_fixtures(tmp_path_factory.mktemp("mcp_charts"))


def _call(server, *calls: tuple[str, dict[str, Any]]):  # type: ignore[no-untyped-def]
    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            tools = (await c.list_tools()).tools
            results = [await c.call_tool(name, args) for name, args in calls]
            return tools, results

    return anyio.run(main)


def _images(result: Any) -> list[Any]:
    return [b for b in result.content if b.type == "image"]


def _meta(block: Any) -> dict[str, Any]:
    meta = getattr(block, "meta", None)
    return dict(meta or {})


def test_tool_is_listed_with_schema_and_contract(server) -> None:  # type: ignore[no-untyped-def]
    tools, _ = _call(server)
    tool = next(t for t in tools if t.name == "pdf_extract_chart")
    assert "untrusted" in (tool.description or "").lower()
    assert tool.annotations is not None and tool.annotations.read_only_hint is True
    props = tool.input_schema["properties"]
    assert {"path", "page", "hints", "max_points", "include_render", "password"} <= set(props)
    schema = tool.output_schema or {}
    assert schema.get("type") == "object"
    assert {"page", "status", "charts", "questions", "reasons"} <= set(schema["required"])
    assert "images" not in schema["properties"]


def test_ok_declined_and_render_blocks(server, charts, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bars = charts["bars_category"][0]
    text_pdf = str(simple_document(tmp_path / "t.pdf", 1))
    _, (ok, ok_render, declined) = _call(
        server,
        ("pdf_extract_chart", {"path": bars, "page": 1}),
        ("pdf_extract_chart", {"path": bars, "page": 1, "include_render": True}),
        ("pdf_extract_chart", {"path": text_pdf, "page": 1}),
    )
    assert not ok.is_error
    data = ok.structured_content
    assert data == payload(ok)
    assert data["status"] == "ok" and data["content_warning"]
    assert data["charts"][0]["series"][0]["bars"][0] == ["North", 12.5]
    assert _images(ok) == []
    (block,) = _images(ok_render)
    assert _meta(block) == {"kind": "chart_region", "page": 1, "chart_id": "p0"}
    png = Image.open(io.BytesIO(base64.b64decode(block.data)))
    assert png.format == "PNG" and png.width > 100
    assert declined.structured_content["status"] == "declined"
    (block,) = _images(declined)
    assert _meta(block) == {"kind": "declined_page", "page": 1}


def test_hint_round_trip_and_errors(server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.chartgen import RED, Axes, chart_page
    from tests.pdfgen import write_pdf

    p = chart_page()
    ax = Axes(p, 60, 50, 300, 220, xlim=(0, 10), ylim=(0, 10), yrlim=(0, 200))
    ax.frame().xticks([0, 2, 4, 6, 8, 10]).yticks([0, 2, 4, 6, 8, 10]).yticks([0, 50, 100, 150, 200], side="right")
    ax.plot([0, 10], [2, 8]).plot([0, 10], [180, 40], rgb=RED, right=True)
    pdf = str(write_pdf(tmp_path / "dual.pdf", [p]))
    _, (ask, answered, bad) = _call(
        server,
        ("pdf_extract_chart", {"path": pdf, "page": 1}),
        ("pdf_extract_chart", {"path": pdf, "page": 1, "hints": {"p0.s0.axis": "left", "p0.s1.axis": "right"}}),
        ("pdf_extract_chart", {"path": pdf, "page": 1, "hints": {"p0.s0.axis": "12.5"}}),
    )
    data = ask.structured_content
    assert data["status"] == "needs_hint"
    assert [q["id"] for q in data["questions"]] == ["p0.s0.axis", "p0.s1.axis"]
    (block,) = _images(ask)  # both questions share one panel render
    assert _meta(block) == {"kind": "hint_panel", "page": 1, "chart_id": "p0"}
    data = answered.structured_content
    assert data["status"] == "ok"
    left, right = data["charts"][0]["series"]
    assert left["points"] == [[0.0, 2.0], [10.0, 8.0]] and right["points"] == [[0.0, 180.0], [10.0, 40.0]]
    assert left["resolved_by"] == right["resolved_by"] == "hint"
    assert bad.is_error and payload(bad)["error"] == "invalid_argument"
