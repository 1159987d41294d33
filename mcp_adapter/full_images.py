"""The full profile's tools that answer with images: pages (or a region of one) rendered as PNG,
and the data of vector charts with the renders that check it.
"""

from __future__ import annotations

from typing import Annotated

from mcp_types import CallToolResult
from pydantic import Field

from mcp_adapter.full_args import (
    UNTRUSTED,
    PasswordArg,
    PathArg,
)
from mcp_adapter.full_replies import (
    chart_blocks,
    chart_summary,
    ok,
    render_blocks,
    render_summary,
)
from mcp_adapter.toolset import READ_ONLY_OPEN, ToolSet


def build_images(ts: ToolSet) -> None:
    core = ts.core

    async def pdf_render_pages(
        path: PathArg,
        pages: Annotated[
            str | int | None, Field(description="Pages, e.g. '1-3' (up to the image cap). Omit when passing ref.")
        ] = None,
        dpi: Annotated[int, Field(description="Resolution, clamped to 72-400.")] = 200,
        clip: Annotated[
            list[float] | None,
            Field(description="Region [x0, y0, x1, y1] as page fractions (0-1, top-left origin); one page only."),
        ] = None,
        ref: Annotated[
            str | None, Field(description="A ref from search results (e.g. 'p47m1'): renders that place; alone.")
        ] = None,
        password: PasswordArg = None,
    ) -> CallToolResult:
        return await ts.answer(
            lambda: core.render_pages(path, pages, dpi=dpi, clip=clip, ref=ref, password=password),
            lambda res: ok(render_summary(res), render_blocks(res)),
        )

    ts.add(
        pdf_render_pages,
        name="pdf_render_pages",
        title="Render pages of a PDF",
        description=(
            "PNG images of pages, or of a region (clip), for looking at diagrams, scans and layout. Returns "
            "a JSON summary then one image block per page; a capped image count and byte budget apply, and "
            "pages re-rendered at a lower DPI to fit are listed in render_downsampled. " + UNTRUSTED
        ),
        output="render",
        annotations=READ_ONLY_OPEN,
    )

    async def pdf_extract_chart(
        path: PathArg,
        page: Annotated[int, Field(description="Page number, 1-based.")],
        hints: Annotated[
            dict[str, str] | None,
            Field(
                description="Answers to earlier questions[], keyed by question id (closed enums only, e.g. "
                "{'p0.s1.axis': 'right'}); also p{n}.verify. Resend every answer on each call."
            ),
        ] = None,
        max_points: Annotated[int, Field(description="Per-curve sampling cap (4-10000); extrema are kept first.")] = 24,
        include_render: Annotated[
            bool, Field(description="With status ok, add one image block per chart region.")
        ] = False,
        password: PasswordArg = None,
    ) -> CallToolResult:
        return await ts.answer(
            lambda: core.extract_chart(
                path, page, hints=hints, max_points=max_points, include_render=include_render, password=password
            ),
            lambda res: ok(chart_summary(res), chart_blocks(res)),
        )

    ts.add(
        pdf_extract_chart,
        name="pdf_extract_chart",
        title="Extract data from a vector chart",
        description=(
            "Exact (x, y) data of born-digital vector charts on a page (line, scatter and bar charts, category "
            "bars included), read from the drawing and calibrated against the tick labels. status is ok, "
            "needs_hint (answer questions[] by looking at the attached highlighted render, then call again with "
            "hints, resending all answers) or declined (reasons[] plus a page render to read visually). Every "
            "emitted chart has a verification_card to compare against a render (include_render=true). Values "
            "are never calibrated against a guessed axis. " + UNTRUSTED
        ),
        output="chart",
        annotations=READ_ONLY_OPEN,
    )
