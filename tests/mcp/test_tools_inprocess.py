"""The MCP surface through the real SDK client, in-process."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import anyio
import pytest
from mcp import Client
from PIL import Image

from tests.mcp.conftest import payload
from tests.pdfgen import Page, encrypt, simple_document, write_pdf

CONTENT_TOOLS = {"pdf_info", "pdf_get_toc", "pdf_read_pages", "pdf_read_all", "pdf_render_pages"}


def run(coro_fn):  # type: ignore[no-untyped-def]
    return anyio.run(coro_fn)


def test_tools_list_schemas_and_contract(server) -> None:  # type: ignore[no-untyped-def]
    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            return (await c.list_tools()).tools

    tools = {t.name: t for t in run(main)}
    assert {"pdf_info", "pdf_get_toc", "pdf_read_pages", "pdf_read_all", "pdf_render_pages", "server_info"} <= set(
        tools
    )
    for name in CONTENT_TOOLS:
        t = tools[name]
        assert "untrusted" in (t.description or "").lower()
        assert t.output_schema and t.output_schema.get("type") == "object"
        assert t.annotations and t.annotations.read_only_hint is True
        assert "password" in t.input_schema["properties"]


def test_read_info_render_roundtrip(server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pdf = simple_document(tmp_path / "s.pdf", 3)

    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            info = await c.call_tool("pdf_info", {"path": str(pdf)})
            pages = await c.call_tool("pdf_read_pages", {"path": str(pdf), "pages": "2-3"})
            everything = await c.call_tool("pdf_read_all", {"path": str(pdf)})
            render = await c.call_tool("pdf_render_pages", {"path": str(pdf), "pages": "1", "dpi": 100})
            clip = await c.call_tool(
                "pdf_render_pages", {"path": str(pdf), "pages": "1", "dpi": 100, "clip": [0, 0, 0.5, 0.5]}
            )
            return info, pages, everything, render, clip

    info, pages, everything, render, clip = run(main)
    assert not info.is_error and info.structured_content["page_count"] == 3
    assert info.structured_content["content_warning"]
    assert payload(info) == info.structured_content  # the text block carries the same data
    sc = pages.structured_content
    assert [p["page"] for p in sc["pages"]] == [2, 3]
    assert "token002" in sc["pages"][0]["text"] and "token003" in sc["pages"][1]["text"]
    assert sc["hidden_text_detected"] is False
    ev = everything.structured_content
    assert ev["next_page"] is None and ev["page_count"] == 3 and "token001" in ev["full_text"]
    assert render.structured_content["pages_rendered"] == [1]
    images = [b for b in render.content if b.type == "image"]
    assert len(images) == 1 and images[0].mime_type == "image/png"
    png = Image.open(io.BytesIO(base64.b64decode(images[0].data)))
    assert abs(png.width - 850) <= 2
    cimg = next(b for b in clip.content if b.type == "image")
    cpng = Image.open(io.BytesIO(base64.b64decode(cimg.data)))
    assert abs(cpng.width - 425) <= 2 and abs(cpng.height - 550) <= 2


@pytest.fixture
def bad_inputs(tmp_path: Path) -> dict[str, str]:
    ok = simple_document(tmp_path / "ok.pdf", 2)
    (tmp_path / "folder.pdf").mkdir()
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "fake.pdf").write_bytes(b"GIF89a not a pdf at all")
    (tmp_path / "truncated.pdf").write_bytes(ok.read_bytes()[:200])
    enc = encrypt(
        write_pdf(tmp_path / "plain.pdf", [Page().text(72, 700, "classified")]), tmp_path / "enc.pdf", "hunter2"
    )
    return {
        "ok": str(ok),
        "missing": str(tmp_path / "missing.pdf"),
        "dir": str(tmp_path / "folder.pdf"),
        "txt": str(tmp_path / "notes.txt"),
        "fake": str(tmp_path / "fake.pdf"),
        "truncated": str(tmp_path / "truncated.pdf"),
        "enc": str(enc),
    }


@pytest.mark.parametrize(
    ("tool", "args", "code"),
    [
        ("pdf_info", {"path": "missing"}, "file_not_found"),
        ("pdf_info", {"path": "dir"}, "not_a_file"),
        ("pdf_info", {"path": "txt"}, "unsupported_extension"),
        ("pdf_info", {"path": "fake"}, "malformed_pdf"),
        ("pdf_info", {"path": "truncated"}, "malformed_pdf"),
        ("pdf_read_pages", {"path": "ok", "pages": "0"}, "page_out_of_range"),
        ("pdf_read_pages", {"path": "ok", "pages": "3"}, "page_out_of_range"),
        ("pdf_read_pages", {"path": "ok", "pages": "1-x-"}, "invalid_argument"),
        ("pdf_read_pages", {"path": "ok", "pages": "2-1"}, "invalid_argument"),
        ("pdf_render_pages", {"path": "ok", "pages": "1-2", "clip": [0, 0, 1, 1]}, "invalid_argument"),
        ("pdf_render_pages", {"path": "ok", "pages": "1", "clip": [0.5, 0.5, 0.5, 0.9]}, "invalid_argument"),
        ("pdf_read_pages", {"path": "enc", "pages": "1"}, "password_required"),
        ("pdf_read_pages", {"path": "enc", "pages": "1", "password": "swordfish99"}, "password_incorrect"),
        ("pdf_info", {"path": "ok", "unexpected": 1}, "invalid_argument"),
        ("pdf_read_all", {"path": "ok", "max_pages": "many"}, "invalid_argument"),
    ],
)
def test_bad_input_codes(server, bad_inputs, tool: str, args: dict, code: str) -> None:  # type: ignore[no-untyped-def]
    resolved = {k: (bad_inputs.get(v, v) if k == "path" else v) for k, v in args.items()}

    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            return await c.call_tool(tool, resolved)

    res = run(main)
    assert res.is_error
    body = payload(res)
    assert body["error"] == code, body
    assert body["message"] and body["recovery"]
    assert "swordfish99" not in res.content[0].text


def test_password_opens(server, bad_inputs) -> None:  # type: ignore[no-untyped-def]
    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            return await c.call_tool("pdf_read_pages", {"path": bad_inputs["enc"], "pages": "1", "password": "hunter2"})

    res = run(main)
    assert not res.is_error
    assert "classified" in res.structured_content["pages"][0]["text"]
    assert "hunter2" not in res.content[0].text


def test_corpus_warm_sends_progress(server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(3):
        simple_document(folder / f"d{i}.pdf", 2, words=(f"distinct{i}",))
    updates: list[tuple[float, float | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        updates.append((progress, total))

    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            warm = await c.call_tool(
                "pdf_corpus_warm", {"paths": str(folder), "budget_seconds": 120}, progress_callback=on_progress
            )
            search = await c.call_tool(
                "pdf_corpus_search",
                {"paths": str(folder), "query": "token002", "mode": "keyword", "budget_seconds": 300},
            )
            listing = await c.call_tool("pdf_list_documents", {"folder": str(folder)})
            return warm, search, listing

    warm, search, listing = run(main)
    assert not warm.is_error, warm.content[0].text
    assert warm.structured_content["warmed_this_call"] == 3
    # notifications may be delivered after the result: check what arrived, not that all did
    assert updates and all(total == 3 for _, total in updates) and all(1 <= done <= 3 for done, _ in updates)
    assert {m["page"] for m in search.structured_content["matches"]} == {2}
    assert listing.structured_content["total"] == 3


def test_page_labels_through_the_client(server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A document with roman-numbered front matter: `pages: "iii"` selects the third page, and
    reads, search hits, quotes and the info report the printed labels beside page numbers."""
    pages = [Page().text(72, 700, f"front matter {w}") for w in ("alpha", "beta", "gamma")]
    pages += [Page().text(72, 700, f"chapter text {w}") for w in ("delta", "epsilon")]
    path = str(write_pdf(tmp_path / "labelled.pdf", pages, labels=[(0, "r", ""), (3, "D", "")]))

    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            read = await c.call_tool("pdf_read_pages", {"path": path, "pages": "iii"})
            both = await c.call_tool("pdf_read_pages", {"path": path, "pages": "i-ii,5"})
            hits = await c.call_tool("pdf_search", {"path": path, "query": "epsilon", "mode": "keyword"})
            quote = await c.call_tool("pdf_verify_quote", {"path": path, "text": "front matter gamma"})
            info = await c.call_tool("pdf_info", {"path": path})
            return read, both, hits, quote, info

    read, both, hits, quote, info = run(main)
    for res in (read, both, hits, quote, info):
        assert not res.is_error, payload(res)
    page = read.structured_content["pages"][0]
    assert page["page"] == 3 and page["label"] == "iii" and "gamma" in page["text"]
    # labels select by label; digits are physical page numbers (page 5 is labelled "2")
    assert [(p["page"], p["label"]) for p in both.structured_content["pages"]] == [(1, "i"), (2, "ii"), (5, "2")]
    match = hits.structured_content["matches"][0]
    assert match["page"] == 5 and match["label"] == "2"
    q = quote.structured_content
    assert q["status"] == "exact" and q["page"] == 3 and q["label"] == "iii"
    assert "iii" in info.content[0].text or "iii" in str(info.structured_content)


def test_label_ranges_through_the_client(server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """On a file labelled iii-iv, 1-2, 1: ``"iv-2"`` is iv through the page labelled 2 (not
    physical page 2), and ``"iv-1"`` (two pages labelled 1 follow iv) is refused, naming them."""
    pages = [Page().text(72, 700, f"page {w}") for w in ("one", "two", "three", "four", "five")]
    labels = [(0, "r", "", 3), (2, "D", ""), (4, "D", "")]
    path = str(write_pdf(tmp_path / "labels.pdf", pages, labels=labels))

    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            good = await c.call_tool("pdf_read_pages", {"path": path, "pages": "iv-2"})
            bad = await c.call_tool("pdf_read_pages", {"path": path, "pages": "iv-1"})
            return good, bad

    good, bad = run(main)
    assert not good.is_error, payload(good)
    assert [(p["page"], p["label"]) for p in good.structured_content["pages"]] == [(2, "iv"), (3, "1"), (4, "2")]
    assert bad.is_error
    err = json.loads(bad.content[0].text)
    assert err["error"] == "invalid_argument" and "ambiguous" in err["message"]
    assert err["details"] == {"label": "1", "pages": [3, 5]}
