"""The full profile's reading tools: what a PDF is (``pdf_info``), its outline, its pages and the
whole document read in budgeted calls.
"""

from __future__ import annotations

from typing import Annotated

from mcp_types import CallToolResult
from pydantic import Field

from mcp_adapter.full_args import (
    UNTRUSTED,
    FormatArg,
    MaxTokensArg,
    PasswordArg,
    PathArg,
    TreeArg,
)
from mcp_adapter.full_replies import (
    ok,
)
from mcp_adapter.toolset import READ_ONLY_OPEN, ToolSet


def build_reading(ts: ToolSet) -> None:
    core = ts.core

    async def pdf_info(
        path: PathArg,
        detail: Annotated[
            bool, Field(description="Add per-page arrays (chars, images) and, with content_trust, the hidden spans.")
        ] = False,
        content_trust: Annotated[
            bool,
            Field(
                description="Add the hidden-text report (invisible, tiny, transparent, white-on-white, off-page text)."
            ),
        ] = False,
        password: PasswordArg = None,
    ) -> CallToolResult:
        return await ts.answer(
            lambda: core.info(path, password=password, detail=detail, content_trust=content_trust), ok
        )

    ts.add(
        pdf_info,
        name="pdf_info",
        title="Describe a PDF",
        description=(
            "What a PDF is: page count, metadata, outline (inline up to 50 entries), page labels, text "
            "coverage (pages with text, likely scanned, OCR candidates), quality warnings folded into page "
            "ranges, file size, estimated tokens and the next calls to make. Call this first. On a long "
            "document not read yet these come from a sample of pages (coverage_sampled, pages_sampled; "
            "exact once the pages are cached, or with detail=true). "
            "content_trust=true adds the hidden-text report. " + UNTRUSTED
        ),
        output="info",
        annotations=READ_ONLY_OPEN,
    )

    async def pdf_get_toc(path: PathArg, password: PasswordArg = None) -> CallToolResult:
        return await ts.answer(lambda: core.toc(path, password=password), ok)

    ts.add(
        pdf_get_toc,
        name="pdf_get_toc",
        title="Full outline of a PDF",
        description="The document's full outline (bookmarks) as [{level, title, page}]. Use when pdf_info reports toc_truncated. "
        + UNTRUSTED,
        output="toc",
        annotations=READ_ONLY_OPEN,
    )

    async def pdf_read_pages(
        path: PathArg,
        pages: Annotated[
            str | int | None,
            Field(description="Pages to read, e.g. '1-5,10'. Omit: the whole document up to 20 pages, else its map."),
        ] = None,
        max_chars: Annotated[
            int, Field(description="Character budget of this call; pages past it are named in next_pages.")
        ] = 200_000,
        max_chars_per_page: Annotated[
            int, Field(description="Characters per page; a longer page is cut and marked.")
        ] = 50_000,
        ocr: Annotated[
            bool,
            Field(description="Recognise pages without usable text (scans) with OCR first; cached and searchable."),
        ] = False,
        ocr_lang: Annotated[str | None, Field(description="OCR languages, e.g. 'eng' or 'jpn+eng'.")] = None,
        detect_charts: Annotated[
            bool, Field(description="Add charts_detected per page (cheap signature count; null = unknown).")
        ] = False,
        format: FormatArg = "text",
        use_structure_tree: TreeArg = True,
        max_tokens: MaxTokensArg = None,
        password: PasswordArg = None,
    ) -> CallToolResult:
        return await ts.answer(
            lambda: core.read_pages(
                path,
                pages,
                password=password,
                max_chars=max_chars,
                max_chars_per_page=max_chars_per_page,
                ocr=ocr,
                ocr_lang=ocr_lang,
                detect_charts=detect_charts,
                format=format,
                use_structure_tree=use_structure_tree,
                max_tokens=max_tokens,
            ),
            ok,
        )

    ts.add(
        pdf_read_pages,
        name="pdf_read_pages",
        title="Read pages of a PDF",
        description=(
            "Text of selected pages in reading order, with each page's images (bbox, clip, placements), "
            "page_rect, printed label, quality warnings and a hidden_text flag; format='markdown' gives each "
            "page as structured Markdown instead (headings, lists, tables and figures in place). Without pages: the whole "
            "document up to 20 pages, else a document map (outline, text quality by page range, next calls). "
            "Character budgets per call and per page; a truncation names the next call. Geometry is PDF "
            "points, top-left origin; clip values are page fractions for pdf_render_pages(clip=...). " + UNTRUSTED
        ),
        output="read_pages",
        annotations=READ_ONLY_OPEN,
    )

    async def pdf_read_all(
        path: PathArg,
        max_pages: Annotated[int, Field(description="Most pages in this call (1-500).")] = 50,
        start_page: Annotated[
            int, Field(description="1-based page to start from; pass the previous next_page to resume.")
        ] = 1,
        format: FormatArg = "text",
        use_structure_tree: TreeArg = True,
        max_tokens: MaxTokensArg = None,
        password: PasswordArg = None,
    ) -> CallToolResult:
        return await ts.answer(
            lambda: core.read_all(
                path,
                start_page=start_page,
                max_pages=max_pages,
                password=password,
                format=format,
                use_structure_tree=use_structure_tree,
                max_tokens=max_tokens,
            ),
            ok,
        )

    ts.add(
        pdf_read_all,
        name="pdf_read_all",
        title="Read a whole PDF",
        description=(
            "The document's text from start_page, whole pages in order, until max_pages or the response "
            "byte cap; next_page says where to resume (null when done). Call again with "
            "start_page=next_page until it is null: every page comes back exactly once. With several engine "
            "workers the following pages are read together while the budget left holds an allowance for "
            "each (a multiple of the largest page so far), and a few pages past the answer are read ahead "
            "for the next call. format='markdown' answers the pages as one "
            "Markdown document in markdown (a comment line names each page). " + UNTRUSTED
        ),
        output="read_all",
        annotations=READ_ONLY_OPEN,
    )
