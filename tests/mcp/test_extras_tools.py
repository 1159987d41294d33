"""pdf_attachments, pdf_annotations and pdf_verify_quote through the real SDK client, in-process."""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from PIL import Image

from tests import extrasgen as g
from tests.mcp.conftest import payload
from tests.pdfgen import simple_document

TOOLS = {"pdf_attachments", "pdf_annotations", "pdf_verify_quote"}


def run(coro_fn: Any) -> Any:
    return anyio.run(coro_fn)


def test_tools_are_listed_with_schemas_and_the_contract(server: Any) -> None:
    async def main() -> Any:
        async with Client(server) as c:
            return (await c.list_tools()).tools

    tools = {t.name: t for t in run(main)}
    assert set(tools) >= TOOLS
    for name in TOOLS:
        t = tools[name]
        assert "untrusted" in (t.description or "").lower()
        assert t.output_schema and t.output_schema.get("type") == "object"
        assert t.annotations and t.annotations.read_only_hint is True
        assert "password" in t.input_schema["properties"]


def test_attachments_list_text_image_and_refusal(server: Any, tmp_path: Path) -> None:
    pdf = str(g.extras_document(tmp_path / "inv.pdf"))

    async def main() -> Any:
        async with Client(server) as c:
            listing = await c.call_tool("pdf_attachments", {"path": pdf})
            xml = await c.call_tool("pdf_attachments", {"path": pdf, "attachment": "invoice.xml"})
            image = await c.call_tool("pdf_attachments", {"path": pdf, "attachment": 3})
            refused = await c.call_tool("pdf_attachments", {"path": pdf, "attachment": "blob.bin"})
            return listing, xml, image, refused

    listing, xml, image, refused = run(main)
    assert not listing.is_error and listing.structured_content["count"] == 6
    assert payload(listing) == listing.structured_content
    assert listing.structured_content["attachments"][0]["kind"] == "text"
    assert xml.structured_content["text"] == g.INVOICE_XML.decode()
    blocks = [b for b in image.content if b.type == "image"]
    assert len(blocks) == 1 and blocks[0].mime_type == "image/png"
    assert Image.open(io.BytesIO(base64.b64decode(blocks[0].data))).size == (6, 4)
    assert "png" not in image.structured_content and image.structured_content["kind"] == "image"
    assert refused.is_error and payload(refused)["error"] == "unsupported_for_format"
    assert "pdfcore attachments" in payload(refused)["recovery"]


def test_annotations_tool(server: Any, tmp_path: Path) -> None:
    pdf = str(g.extras_document(tmp_path / "inv.pdf"))

    async def main() -> Any:
        async with Client(server) as c:
            everything = await c.call_tool("pdf_annotations", {"path": pdf})
            links = await c.call_tool("pdf_annotations", {"path": pdf, "pages": "1", "include": ["links"]})
            bad = await c.call_tool("pdf_annotations", {"path": pdf, "include": ["bookmarks"]})
            return everything, links, bad

    everything, links, bad = run(main)
    sc = everything.structured_content
    assert sc["link_count"] == 2 and sc["annotation_count"] == 4 and sc["field_count"] == 5
    assert sc["links"][0]["uri"] == g.LINK_URI and sc["xfa"]["form_type"] == "acroform"
    assert {f["name"]: f.get("value") for f in sc["form_fields"]}["customer"] == "ACME Corporation"
    assert set(links.structured_content) >= {"links", "link_count"} and "annotations" not in links.structured_content
    assert bad.is_error and payload(bad)["error"] == "invalid_argument"


def test_verify_quote_tool(server: Any, tmp_path: Path) -> None:
    pdf = str(simple_document(tmp_path / "s.pdf", 3))

    async def main() -> Any:
        async with Client(server) as c:
            found = await c.call_tool(
                "pdf_verify_quote", {"path": pdf, "text": "unique marker token002 appears on this page only"}
            )
            missing = await c.call_tool("pdf_verify_quote", {"path": pdf, "text": "nothing like this is written here"})
            return found, missing

    found, missing = run(main)
    assert found.structured_content["status"] == "exact" and found.structured_content["page"] == 2
    assert len(found.structured_content["clip"]) == 4
    assert missing.structured_content["status"] == "not_found"
