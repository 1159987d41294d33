"""How the full profile's tools answer: structured content described by an outputSchema plus
the same data as one JSON text block, renders as image blocks, and progress notifications sent
from the worker thread while a call runs.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anyio.from_thread
from mcp_types import CallToolResult, ContentBlock, ImageContent, TextContent

from mcp_adapter.early_calls import payload
from pdfcore import telemetry
from pdfcore.serde import unstructure

if TYPE_CHECKING:  # result classes are imported by the calls that return them, not here
    from pdfcore.results.charts import ChartResult
    from pdfcore.results.extras import AttachmentResult
    from pdfcore.results.render import RenderResult

log = logging.getLogger("pdfcore.mcp")


@telemetry.phased("serialize")
def ok(data: Any, extra: list[ContentBlock] | None = None) -> CallToolResult:
    structured, text = payload(data)
    return CallToolResult(content=[TextContent(type="text", text=text), *(extra or [])], structured_content=structured)


def embedding_reporter(ctx: Any) -> Callable[[int, int], None]:
    """Progress of a document's vectors (pages embedded, pages), as MCP progress notifications
    (sent only when the client asked for them with a progress token)."""

    def report(done: int, total: int) -> None:
        try:
            anyio.from_thread.run(ctx.report_progress, done, total, f"embedded {done}/{total} pages")
        except Exception:  # a notification must never fail the search
            log.debug("progress notification failed", exc_info=True)

    return report


def progress_reporter(ctx: Any) -> Callable[[int, int, str], None]:
    """A progress callback usable from the worker thread: forwards MCP progress notifications."""

    def report(done: int, total: int, path: str) -> None:
        try:
            anyio.from_thread.run(ctx.report_progress, done, total, f"warmed {done}/{total}")
        except Exception:
            log.debug("progress notification failed", exc_info=True)

    return report


def render_summary(res: RenderResult) -> dict[str, Any]:
    data: dict[str, Any] = unstructure(res)
    data.pop("images", None)
    return data


def png_block(png: bytes, meta: dict[str, Any]) -> ImageContent:
    """A PNG as an MCP image block, ``meta`` in its ``_meta``."""
    return ImageContent(type="image", data=base64.b64encode(png).decode("ascii"), mime_type="image/png", _meta=meta)


@telemetry.phased("serialize")
def render_blocks(res: RenderResult) -> list[ContentBlock]:
    blocks: list[ContentBlock] = []
    for im in res.images:
        meta: dict[str, Any] = {"page": im.page, "dpi": im.dpi, "width": im.width, "height": im.height}
        if im.clip is not None:
            meta["clip"] = unstructure(im.clip)
        blocks.append(png_block(im.png, meta))
    return blocks


def chart_summary(res: ChartResult) -> dict[str, Any]:
    data: dict[str, Any] = unstructure(res)
    data.pop("images", None)
    return data


@telemetry.phased("serialize")
def chart_blocks(res: ChartResult) -> list[ContentBlock]:
    blocks: list[ContentBlock] = []
    for im in res.images:
        meta: dict[str, Any] = {"kind": im.kind, "page": im.page}
        if im.chart_id is not None:
            meta["chart_id"] = im.chart_id
        blocks.append(png_block(im.png, meta))
    return blocks


def attachment_summary(res: AttachmentResult) -> dict[str, Any]:
    data: dict[str, Any] = unstructure(res)
    data.pop("png", None)
    return data


@telemetry.phased("serialize")
def attachment_blocks(res: AttachmentResult) -> list[ContentBlock]:
    if res.png is None:
        return []
    meta: dict[str, Any] = {"attachment": res.index, "name": res.name, "width": res.width, "height": res.height}
    return [png_block(res.png, meta)]
