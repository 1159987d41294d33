"""The full profile's search of one document: keyword, semantic, hybrid or regular expression,
by page or by section, with progress while its vectors are made.
"""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from mcp_adapter.full_args import (
    UNTRUSTED,
    PasswordArg,
    PathArg,
)
from mcp_adapter.full_replies import (
    embedding_reporter,
    ok,
)
from mcp_adapter.toolset import READ_ONLY_OPEN, ToolSet


def build_search(ts: ToolSet) -> None:
    core = ts.core

    async def pdf_search(
        path: PathArg,
        query: Annotated[
            str,
            Field(
                description="Words (AND-matched, stemmed), \"quoted phrases\", CJK terms, or a regular expression with mode='regex'."
            ),
        ],
        ctx: Context,
        mode: Annotated[
            Literal["auto", "keyword", "semantic", "regex"],
            Field(
                description="auto: best available (keyword + semantic when installed); keyword: BM25; regex: time-bounded regular expression."
            ),
        ] = "auto",
        granularity: Annotated[
            Literal["page", "section"],
            Field(description="page: matching pages; section: matching outline/heading sections."),
        ] = "page",
        max_results: Annotated[int, Field(description="Most matches to return (1-100).")] = 10,
        context_chars: Annotated[int, Field(description="Snippet context around a match (10-2000).")] = 200,
        excerpt_style: Annotated[
            Literal["paragraph", "snippet"],
            Field(
                description="paragraph: the text block holding the match, with bbox and clip; snippet: a window of context_chars."
            ),
        ] = "paragraph",
        pages: Annotated[str | None, Field(description="Restrict the search to these pages, e.g. '10-40'.")] = None,
        max_tokens: Annotated[
            int | None,
            Field(description="Token budget of the matches (estimated); the ones past it are counted, not sent."),
        ] = None,
        password: PasswordArg = None,
        budget_seconds: Annotated[
            float,
            Field(
                description="mode='semantic' only: seconds to wait for the document's vectors (0-300); then the pages embedded so far are ranked and the others named."
            ),
        ] = 20.0,
    ) -> CallToolResult:
        report = embedding_reporter(ctx)
        return await ts.answer(
            lambda: core.search(
                path,
                query,
                mode=mode,
                granularity=granularity,
                max_results=max_results,
                context_chars=context_chars,
                excerpt_style=excerpt_style,
                pages=pages,
                password=password,
                max_tokens=max_tokens,
                budget_seconds=budget_seconds,
                progress=report,
            ),
            ok,
        )

    ts.add(
        pdf_search,
        name="pdf_search",
        title="Search a PDF",
        description=(
            "Find where a document talks about something before reading pages. Keyword mode ranks pages "
            'with BM25 local to the document (stemming, "exact phrases", unspaced CJK terms); terms are '
            "AND-matched and a 3+ word query that matches nothing is retried with OR (relaxed_to_or). "
            "Regex mode is time-bounded and names the pages it could not search. granularity='section' "
            "ranks outline or heading sections. Pages without usable text are listed: a miss there is "
            "not evidence of absence. The first search of a document indexes it (cached). auto never waits "
            "for vectors: until they exist it answers by keyword with semantic_pending and embedded_share "
            "(they are made in the background), then it is hybrid; semantic waits at most budget_seconds "
            "(progress notifications) and names the pages not embedded yet. " + UNTRUSTED
        ),
        output="search",
        annotations=READ_ONLY_OPEN,
    )
