"""Scripted agent sessions, one per profile, on three corpus documents (a book, a financial
report, a paper), through the MCP client: what is this document (info, or the compact map) →
search → read the best page → render the hit's ref → verify a quote. Each step asserts what an
agent needs: the relevant page first, counts that agree, a ref that renders the hit, a quote
found where it was read, and next calls that exist in the profile answering.

Also the acceptance check of the compact search: on the DEV questions about financial reports
and papers (benchmarks/agent_questions.json), the answer page is in the first five rows of
``search_pdf`` at least as often as in ``pdf_search``'s first five matches.
"""

from __future__ import annotations

import base64
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from PIL import Image

from tests.cores import temp_core
from tests.mcp.test_next_calls import _cli_commands, _tool_names, foreign_names

pytestmark = pytest.mark.corpus

REPO = Path(__file__).resolve().parents[2]

#: (document, query, the page that answers it, words the hit holds)
SESSIONS = [
    ("pdfjs/freeculture.pdf", "Steamboat Willie", 37, ("steamboat", "willie")),
    (
        "uda-benchmark/fin_docs/ADI_2009.pdf",
        "what is the expected growth rate in amortization expense in 2010?",
        59,
        ("amortization", "expense", "2010", "growth", "rate", "expected"),
    ),
    (
        "uda-benchmark/paper_docs/1810.08699.pdf",
        "what is the source of the news sentences?",
        2,
        ("news", "sentences", "source"),
    ),
]


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("session"), env={"PDFCORE_EMBEDDER": "none"}) as c:
        yield c


@pytest.fixture(scope="module")
def surfaces() -> dict[str, set[str]]:
    return {"full": _tool_names("full"), "compact": _tool_names("compact"), "cli": _cli_commands()}


def _session(core: Any, profile: str, steps: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    from mcp_adapter.server import create_server

    server = create_server(core, profile=profile)

    async def main() -> list[Any]:
        async with Client(server) as c:
            return [await c.call_tool(name, args) for name, args in steps]

    return anyio.run(main)


def _text(result: Any) -> str:
    return " ".join(getattr(b, "text", "") for b in result.content)


def _crop_holds(core: Any, path: str, ref: str, words: tuple[str, ...]) -> bool:
    """The lines inside the region the ref renders hold one of ``words``."""
    from pdfcore.geometry import from_clip
    from pdfcore.services.page_rendering import around

    source = core.open(path)
    facts, _ = core.documents.facts(source)
    r = core.services.refs.resolve(source, ref, encrypted=False)
    info = facts.pages[r.page]
    area = from_clip(around(r.bbox, info.width, info.height, r.kind), info.width, info.height)
    page = core.documents.pages(source, [r.page], facts).pages[r.page]
    inside = " ".join(
        ln.text
        for b in page.blocks
        for ln in b.lines
        if ln.bbox.y0 >= area.y0 - 1 and ln.bbox.y1 <= area.y1 + 1 and ln.bbox.x0 >= area.x0 - 1
    ).lower()
    return any(w in inside for w in words)


def _sentence(text: str, words: tuple[str, ...]) -> str:
    """A passage of ``text`` (about 60 characters, whole words, one line) holding one of ``words``."""
    flat = " ".join(text.split())
    low = flat.lower()
    at = min(i for i in (low.find(w) for w in words) if i >= 0)
    start = flat.rfind(" ", 0, max(0, at - 10)) + 1
    end = flat.find(" ", min(len(flat), start + 60))
    return flat[start : end if end > 0 else len(flat)]


def _image_ok(result: Any) -> bool:
    blocks = [b for b in result.content if getattr(b, "type", "") == "image"]
    if not blocks:
        return False
    png = Image.open(io.BytesIO(base64.b64decode(blocks[0].data)))
    return png.width > 50 and png.height > 20


@pytest.mark.parametrize(("doc", "query", "page", "words"), SESSIONS, ids=[s[0].split("/")[-1] for s in SESSIONS])
def test_full_profile_session(
    core: Any, corpus: Path, surfaces: dict[str, set[str]], doc: str, query: str, page: int, words: tuple[str, ...]
) -> None:
    path = str(corpus / doc)
    info, search = _session(
        core, "full", [("pdf_info", {"path": path}), ("pdf_search", {"path": path, "query": query, "mode": "keyword"})]
    )
    assert not info.is_error and info.structured_content["page_count"] > page - 1
    found = search.structured_content
    first = found["matches"][0]
    assert first["page"] == page  # the relevant page first
    counts = found["page_match_counts"]
    assert found["total_matches"] == len(counts)
    assert all(m["match_count"] == counts[str(m["page"])] for m in found["matches"])
    read, shot = _session(
        core,
        "full",
        [
            ("pdf_read_pages", {"path": path, "pages": str(page)}),
            ("pdf_render_pages", {"path": path, "ref": first["ref"]}),
        ],
    )
    text = read.structured_content["pages"][0]["text"]
    assert any(w in text.lower() for w in words)
    assert _image_ok(shot) and _crop_holds(core, path, first["ref"], words)
    quote = _sentence(text, words)
    (verified,) = _session(core, "full", [("pdf_verify_quote", {"path": path, "text": quote})])
    assert verified.structured_content["status"] == "exact", (quote, verified.structured_content)
    assert verified.structured_content["page"] == page
    for res in (info, search, read, shot, verified):
        assert not foreign_names(_text(res), "full", surfaces)


@pytest.mark.parametrize(("doc", "query", "page", "words"), SESSIONS, ids=[s[0].split("/")[-1] for s in SESSIONS])
def test_compact_profile_session(
    core: Any, corpus: Path, surfaces: dict[str, set[str]], doc: str, query: str, page: int, words: tuple[str, ...]
) -> None:
    path = str(corpus / doc)
    overview, search = _session(
        core, "compact", [("read_pdf", {"source": path}), ("search_pdf", {"source": path, "query": query})]
    )
    what = _text(overview)
    assert not overview.is_error and ("# Document map" in what or "<!-- page 1" in what)
    found = _text(search)
    rows = re.findall(r"^\| (\d+) \| (p\d+m\d+) \| (\d+)", found, re.M)
    rank, ref, first_page = rows[0]
    assert (rank, int(first_page)) == ("1", page)  # the relevant page first, its rank shown
    read, shot = _session(
        core,
        "compact",
        [("read_pdf", {"source": path, "pages": str(page)}), ("render_pdf", {"source": path, "ref": ref})],
    )
    text = _text(read)
    assert f"<!-- page {page}" in text and any(w in text.lower() for w in words)
    assert _image_ok(shot) and _crop_holds(core, path, ref, words)
    # counts that agree with the full profile's (its search replaces the refs: asked after the render)
    full = core.search(path, query, mode="keyword", max_results=100)
    assert f"{sum(full.page_match_counts.values())} match(es)" in found
    assert f"on {len(full.page_match_counts)} page(s)" in found
    # the compact profile verifies a quote by searching it as an exact phrase
    page_text = core.read_pages(path, str(page)).pages[0].text
    quote = _sentence(page_text, words)
    (again,) = _session(core, "compact", [("search_pdf", {"source": path, "query": f'"{quote}"'})])
    again_rows = re.findall(r"^\| (\d+) \| (p\d+m\d+) \| (\d+)", _text(again), re.M)
    assert again_rows and int(again_rows[0][2]) == page, (quote, _text(again)[:1500])
    for res in (overview, search, read, shot, again):
        assert not foreign_names(_text(res), "compact", surfaces), _text(res)[:2000]


def test_compact_search_finds_answer_pages_as_often_as_the_full_search(core: Any, corpus: Path) -> None:
    """The acceptance check, by keyword (the benchmark runs it with the embedder too)."""
    questions = json.loads((REPO / "benchmarks" / "agent_questions.json").read_text(encoding="utf-8"))["questions"]
    assert len(questions) >= 10
    full_hits = compact_hits = 0
    for q in questions:
        path = str(corpus / q["pdf"])
        want = set(q["pages"])
        full = core.search(path, q["question"], max_results=5)
        rows = re.findall(r"^\| \d+ \| p\d+[ms]\d+ \| (\d+)", core.search_pdf(path, q["question"]), re.M)
        full_hits += bool(want & {m.page for m in full.matches[:5]})
        compact_hits += bool(want & {int(p) for p in rows[:5]})
    assert compact_hits >= full_hits and compact_hits >= len(questions) // 2, (compact_hits, full_hits)
