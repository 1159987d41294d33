"""The full profile's tools over many documents: the cache (statistics, clearing), warming a
folder, its overview, searching it and listing its PDFs.
"""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from mcp_adapter.full_args import (
    UNTRUSTED,
    BudgetArg,
    PathsArg,
    RecursiveArg,
)
from mcp_adapter.full_replies import (
    ok,
    progress_reporter,
)
from mcp_adapter.toolset import READ_ONLY_OPEN, ToolSet


def build_corpus(ts: ToolSet) -> None:
    core = ts.core

    async def pdf_cache_stats() -> CallToolResult:
        return await ts.answer(core.cache_stats, ok, heavy=False)

    ts.add(
        pdf_cache_stats,
        name="pdf_cache_stats",
        title="Cache statistics",
        description="What the persistent cache holds (documents, pages, images, OCR pages, size) and the URL download cache. Returns no PDF content.",
        output={"type": "object"},
    )

    async def pdf_cache_clear(
        expired_only: Annotated[
            bool, Field(description="true: only entries past the TTL; false: everything, including downloaded URLs.")
        ] = True,
    ) -> CallToolResult:
        return await ts.answer(lambda: core.cache_clear(expired_only=expired_only), ok, heavy=False)

    ts.add(
        pdf_cache_clear,
        name="pdf_cache_clear",
        title="Clear the cache",
        description="Remove expired cache entries, or everything (expired_only=false) including downloaded URLs. Returns no PDF content.",
        output={"type": "object"},
        annotations=ToolAnnotations(
            read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
        ),
    )

    async def pdf_corpus_warm(
        paths: PathsArg,
        ctx: Context,
        budget_seconds: BudgetArg = 45,
        embeddings: Annotated[bool, Field(description="Also compute the vectors semantic search needs.")] = False,
        recursive: RecursiveArg = False,
    ) -> CallToolResult:
        report = progress_reporter(ctx)
        return await ts.answer(
            lambda: core.corpus_warm(
                paths, budget_seconds=budget_seconds, embeddings=embeddings, recursive=recursive, progress=report
            ),
            ok,
        )

    ts.add(
        pdf_corpus_warm,
        name="pdf_corpus_warm",
        title="Warm a folder of PDFs",
        description=(
            "Extract and index (and with embeddings=true, embed) a folder or list of PDFs into the cache, "
            "smallest first, in parallel worker processes, within budget_seconds; sends progress "
            "notifications. Documents not reached come back in unprocessed: call again to continue (warmed "
            "ones are cached). No file-count cap. Returns counts and paths, no PDF content."
        ),
        output="warm",
    )

    async def pdf_corpus_overview(
        paths: PathsArg,
        budget_seconds: BudgetArg = 45,
        recursive: RecursiveArg = False,
        offset: Annotated[int, Field(description="First document of this page of cards (sorted by path).")] = 0,
        limit: Annotated[int, Field(description="Cards per call (1-1000).")] = 100,
    ) -> CallToolResult:
        return await ts.answer(
            lambda: core.corpus_overview(
                paths, budget_seconds=budget_seconds, recursive=recursive, offset=offset, limit=limit
            ),
            ok,
        )

    ts.add(
        pdf_corpus_overview,
        name="pdf_corpus_overview",
        title="Triage cards for a folder of PDFs",
        description=(
            "One card per document: title (placeholder titles fall back to the file name), pages, top outline "
            "entries, whether it has an outline, text coverage (full/partial/none), size. Paged with "
            "offset/limit (next_offset); uncached documents of the page are warmed within the budget. " + UNTRUSTED
        ),
        output="overview",
        annotations=READ_ONLY_OPEN,
    )

    async def pdf_corpus_search(
        paths: PathsArg,
        query: Annotated[
            str,
            Field(description='Words (AND-matched per document), "phrases", CJK terms, or a question (semantic/auto).'),
        ],
        mode: Annotated[
            Literal["auto", "keyword", "semantic"],
            Field(description="auto: hybrid when embeddings are available, else keyword."),
        ] = "auto",
        top_k: Annotated[int, Field(description="Most matches across all documents (1-100).")] = 10,
        excerpt_style: Annotated[
            Literal["snippet", "paragraph"], Field(description="snippet or the enclosing paragraph.")
        ] = "snippet",
        context_chars: Annotated[int, Field(description="Snippet context (50-2000).")] = 200,
        budget_seconds: BudgetArg = 45,
        recursive: RecursiveArg = False,
        max_tokens: Annotated[
            int | None,
            Field(description="Token budget of the matches (estimated); the ones past it are counted, not sent."),
        ] = None,
    ) -> CallToolResult:
        return await ts.answer(
            lambda: core.corpus_search(
                paths,
                query,
                mode=mode,
                top_k=top_k,
                excerpt_style=excerpt_style,
                context_chars=context_chars,
                budget_seconds=budget_seconds,
                recursive=recursive,
                max_tokens=max_tokens,
            ),
            ok,
        )

    ts.add(
        pdf_corpus_search,
        name="pdf_corpus_search",
        title="Search a folder of PDFs",
        description=(
            "One ranked hit list across every document of a folder or list (keyword, semantic or hybrid, "
            "fused by reciprocal rank fusion). doc_match_counts names every document holding matches: for a "
            "question spanning documents, search each of them. Uncached documents are warmed within the "
            "budget first; unprocessed ones are listed, never silently skipped. " + UNTRUSTED
        ),
        output="corpus_search",
        annotations=READ_ONLY_OPEN,
    )

    async def pdf_list_documents(
        folder: Annotated[str | None, Field(description="A folder; default: every allowed root.")] = None,
        recursive: RecursiveArg = True,
        offset: Annotated[int, Field(description="First document of this page (sorted by path).")] = 0,
        limit: Annotated[int, Field(description="Documents per call (1-1000).")] = 100,
    ) -> CallToolResult:
        return await ts.answer(lambda: core.list_documents(folder, recursive=recursive, offset=offset, limit=limit), ok)

    ts.add(
        pdf_list_documents,
        name="pdf_list_documents",
        title="List readable PDFs",
        description=(
            "PDFs under the allowed roots (or a folder): path, size, whether cached and indexed, page count and "
            "title when cached. Paged with offset/limit (next_offset); nothing is extracted. " + UNTRUSTED
        ),
        output="list",
        annotations=READ_ONLY_OPEN,
    )
