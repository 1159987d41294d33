"""Many tool calls at once over stdio: every answer is the right one; with a small queue the
excess gets ``resource_limit`` at once (backpressure, not an endless queue) and the server keeps
answering afterwards."""

from __future__ import annotations

import base64
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from PIL import Image

from tests.mcp.conftest import payload
from tests.pdfgen import simple_document

N_CALLS = 100


def _params(tmp_path: Path, limits: dict[str, int]) -> StdioServerParameters:
    cfg = tmp_path / "c.toml"
    cfg.write_text(("[limits]\n" + "".join(f"{k} = {v}\n" for k, v in limits.items())) if limits else "")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    env.update({"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")})
    return StdioServerParameters(command=sys.executable, args=["-m", "mcp_adapter"], env=env)


def _word(doc: int, page: int) -> str:
    return f"marker{chr(97 + doc)}{chr(97 + page)}"


def _documents(tmp_path: Path) -> list[tuple[Path, int]]:
    docs = []
    for d, n in enumerate((2, 3, 4, 5)):
        words = tuple(_word(d, p) for p in range(1, n + 1))
        docs.append((simple_document(tmp_path / f"doc{d}.pdf", n, words=words), n))
    return docs


def _image_width(result: Any) -> int:
    images = [b for b in result.content if b.type == "image"]
    assert len(images) == 1
    return Image.open(io.BytesIO(base64.b64decode(images[0].data))).width


def _plan(docs: list[tuple[Path, int]]) -> list[tuple[str, dict[str, Any], Callable[[Any], None]]]:
    """N_CALLS (tool, arguments, check) triples: every tool on every document and several pages."""
    plan: list[tuple[str, dict[str, Any], Callable[[Any], None]]] = []
    for i in range(N_CALLS):
        d = i % len(docs)
        path, n = docs[d]
        page = 1 + (i // len(docs)) % n
        kind = (i // len(docs)) % 4
        if kind == 0:

            def check_info(r: Any, n: int = n) -> None:
                assert r.structured_content["page_count"] == n

            plan.append(("pdf_info", {"path": str(path)}, check_info))
        elif kind == 1:

            def check_read(r: Any, d: int = d, page: int = page) -> None:
                (only,) = r.structured_content["pages"]
                assert only["page"] == page
                assert f"token{page:03d}" in only["text"] and _word(d, page) in only["text"]

            plan.append(("pdf_read_pages", {"path": str(path), "pages": str(page)}, check_read))
        elif kind == 2:

            def check_search(r: Any, page: int = page) -> None:
                matches = r.structured_content["matches"]
                assert [m["page"] for m in matches] == [page]

            args = {"path": str(path), "query": _word(d, page), "mode": "keyword"}
            plan.append(("pdf_search", args, check_search))
        else:

            def check_render(r: Any, page: int = page) -> None:
                assert r.structured_content["pages_rendered"] == [page]
                assert abs(_image_width(r) - 612) <= 2

            plan.append(("pdf_render_pages", {"path": str(path), "pages": str(page), "dpi": 72}, check_render))
    return plan


def test_hundred_concurrent_calls_all_answered_correctly(tmp_path: Path) -> None:
    """With the default limits (4 running, up to 256 waiting)."""
    plan = _plan(_documents(tmp_path))
    assert {tool for tool, _, _ in plan} == {"pdf_info", "pdf_read_pages", "pdf_search", "pdf_render_pages"}
    results: list[Any] = [None] * len(plan)
    params = _params(tmp_path, {})

    async def main() -> None:
        async with Client(params) as client:

            async def one(i: int) -> None:
                tool, args, _ = plan[i]
                results[i] = await client.call_tool(tool, args)

            async with anyio.create_task_group() as tg:
                for i in range(len(plan)):
                    tg.start_soon(one, i)

    anyio.run(main)
    for (tool, args, check), result in zip(plan, results, strict=True):
        assert result is not None
        assert not result.is_error, (tool, args, result.content[0].text)
        check(result)


def test_small_queue_answers_resource_limit_and_stays_responsive(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "d.pdf", 10)
    params = _params(tmp_path, {"max_concurrent_calls": 1, "max_queued_calls": 2})
    burst = 30
    results: list[Any] = [None] * burst

    async def main() -> tuple[Any, Any]:
        async with Client(params) as client:

            async def one(i: int) -> None:
                # slow enough (ten pages at 150 dpi) that the burst arrives while the first runs
                results[i] = await client.call_tool("pdf_render_pages", {"path": str(pdf), "pages": "1-10", "dpi": 150})

            async with anyio.create_task_group() as tg:
                for i in range(burst):
                    tg.start_soon(one, i)
            after = await client.call_tool("pdf_read_pages", {"path": str(pdf), "pages": "3"})
            info = await client.call_tool("server_info", {})
            return after, info

    after, info = anyio.run(main)
    ok = [r for r in results if not r.is_error]
    refused = [payload(r) for r in results if r.is_error]
    assert all(body["error"] == "resource_limit" for body in refused), refused
    assert all(body["recovery"] for body in refused)
    # one running and two waiting always fit; most of the burst cannot
    assert len(ok) >= 3 and len(refused) >= burst // 2, (len(ok), len(refused))
    for r in ok:
        assert r.structured_content["pages_rendered"] == list(range(1, 11))
    assert not after.is_error and "token003" in after.structured_content["pages"][0]["text"]
    assert not info.is_error
