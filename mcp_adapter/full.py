"""The full profile's tools: one per capability, structured content described by an
outputSchema plus the same data as one JSON text block, renders as image blocks.

Tools that return PDF-derived content state the untrusted-content contract in their description
and carry a ``content_warning`` field. Imported when the tools are built (see
:mod:`mcp_adapter.server`), not at start-up. The tools are declared by group, in the order the
catalog lists them: reading (``full_reading``), images (``full_images``), search
(``full_search``), the cache and corpus (``full_corpus``), what a PDF holds beside its text
(``full_extras``), then ``server_info`` here. Their arguments are in ``full_args``, how they
answer in ``full_replies``.
"""

from __future__ import annotations

from mcp_types import CallToolResult

from mcp_adapter.full_corpus import build_corpus
from mcp_adapter.full_extras import build_extras
from mcp_adapter.full_images import build_images
from mcp_adapter.full_reading import build_reading
from mcp_adapter.full_replies import ok
from mcp_adapter.full_search import build_search
from mcp_adapter.server_info import server_info_answer
from mcp_adapter.toolset import ToolSet, fail
from pdfcore.errors import PdfcoreError


def build_full(ts: ToolSet) -> None:
    build_reading(ts)
    build_images(ts)
    build_search(ts)
    build_corpus(ts)
    build_extras(ts)
    core = ts.core

    async def server_info() -> CallToolResult:
        try:
            res = await ts.call(lambda: server_info_answer(core), heavy=False)
        except PdfcoreError as exc:
            return fail(exc)
        return ok(res)

    ts.add(
        server_info,
        name="server_info",
        title="What this server can do",
        description=(
            "Installed backends and features (search modes, OCR engines, table extraction), the effective "
            "configuration (limits, roots, cache directory and TTL) and the version. Returns no PDF content."
        ),
        output={"type": "object"},
    )
