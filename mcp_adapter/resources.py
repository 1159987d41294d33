"""MCP resources: a document's info, a page's text and a page's image, by URI.

    pdf://info/{+path}            JSON (what pdf_info returns)
    pdf://text/{page}/{+path}     the page's text (text/plain)
    pdf://image/{page}/{+path}    the page rendered as PNG (fitted to a 1568-pixel long side)

``path`` is relative to the first allowed root (absolute paths and ``..`` are refused before the
path policy even sees them). ``resources/list`` lists the documents under the allowed roots.
Everything read is untrusted PDF content.
"""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
from mcp_types import Resource

from pdfcore.errors import FileNotFound, PdfcoreError
from pdfcore.serde import unstructure

LIST_LIMIT = 500


def _error(exc: PdfcoreError) -> ResourceError:
    payload = json.dumps(exc.to_dict(), ensure_ascii=False)
    if isinstance(exc, FileNotFound):
        return ResourceNotFoundError(payload)
    return ResourceError(payload)


def register_resources(server: MCPServer[Any], core: Any, runner: Any) -> None:
    @server.resource(
        "pdf://info/{+path}",
        name="pdf-info",
        title="PDF info",
        description="What a PDF is (page count, outline, coverage, quality). Untrusted PDF content.",
        mime_type="application/json",
    )
    async def info(path: str) -> str:
        try:
            res = await runner.run(lambda: core.info(path))
        except PdfcoreError as exc:
            raise _error(exc) from None
        return json.dumps(unstructure(res), ensure_ascii=False)

    @server.resource(
        "pdf://text/{page}/{+path}",
        name="pdf-page-text",
        title="PDF page text",
        description="One page's text in reading order (page is 1-based or a printed label). Untrusted PDF content.",
        mime_type="text/plain",
    )
    async def page_text(page: str, path: str) -> str:
        try:
            res = await runner.run(lambda: core.read_pages(path, page))
        except PdfcoreError as exc:
            raise _error(exc) from None
        return "\n\n".join(p.text for p in res.pages)

    @server.resource(
        "pdf://image/{page}/{+path}",
        name="pdf-page-image",
        title="PDF page image",
        description="One page rendered as PNG, fitted to a 1568-pixel long side. Untrusted PDF content.",
        mime_type="image/png",
    )
    async def page_image(page: str, path: str) -> bytes:
        try:
            view = await runner.run(lambda: core.render_pdf(path, pages=page))
        except PdfcoreError as exc:
            raise _error(exc) from None
        if not view.images:
            raise ResourceError("The page could not be rendered within the image budget.")
        png: bytes = view.images[0].png
        return png


async def list_document_resources(core: Any, runner: Any) -> list[Any]:
    """Resources for the documents under the allowed roots (first root's relative paths)."""
    if not core.settings.paths.roots:
        return []
    try:
        listing = await runner.run(
            lambda: core.list_documents(None, recursive=True, offset=0, limit=LIST_LIMIT), heavy=False
        )
    except PdfcoreError:
        return []
    out = []
    for doc in listing.documents:
        rel = doc.path
        if rel.startswith("/") or ".." in rel.split("/"):
            continue
        uri = "pdf://info/" + urllib.parse.quote(rel, safe="/")
        out.append(
            Resource(
                uri=uri,
                name=rel,
                title=doc.title or rel,
                description=f"{doc.pages} pages" if doc.pages else "not read yet",
                mime_type="application/json",
            )
        )
    return out
