"""Prompts, completion of their path arguments, and the log messages of a call, through the SDK
client (in-process)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_types import PromptReference, ResourceTemplateReference

from mcp_adapter.prompts import complete_path
from mcp_adapter.server import create_server
from tests.pdfgen import simple_document


@pytest.fixture
def rooted_core(tmp_path: Path):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "secret").mkdir()
    simple_document(docs / "alpha.pdf", 2)
    simple_document(docs / "sub" / "beta.pdf", 3)
    simple_document(docs / "secret" / "gamma.pdf", 1)
    simple_document(docs / ".hidden.pdf", 1)
    (docs / "notes.txt").write_text("not a pdf")
    simple_document(tmp_path / "outside.pdf", 1)
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[paths]\nroots = ["{docs}"]\ndeny = ["*/secret/*", "*/secret"]\n')
    core = pdfcore.build(
        load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}), fetcher=None
    )
    yield core
    core.close()


def test_prompts_of_each_profile(rooted_core: Any) -> None:
    async def main(profile: str) -> tuple[list[str], Any]:
        async with Client(create_server(rooted_core, profile=profile)) as c:
            names = [p.name for p in (await c.list_prompts()).prompts]
            summary = await c.get_prompt("summarize_pdf", {"path": "sub/beta.pdf", "focus": "the method"})
            return names, summary

    names, summary = anyio.run(main, "full")
    assert names == ["summarize_pdf", "answer_from_pdf", "triage_folder"]
    text, resource = summary.messages[0].content, summary.messages[1].content
    assert "sub/beta.pdf" in text.text and "the method" in text.text
    assert "pdf_read_all" in text.text and "pdf_verify_quote" in text.text and "untrusted" in text.text
    assert resource.type == "resource" and resource.resource.uri == "pdf://info/sub/beta.pdf"
    assert json.loads(resource.resource.text)["page_count"] == 3

    names, summary = anyio.run(main, "compact")
    assert names == ["summarize_pdf", "answer_from_pdf"]
    assert "read_pdf(" in summary.messages[0].content.text and "pdf_read_all" not in summary.messages[0].content.text


def test_prompt_on_a_refused_path_is_an_error_with_the_code(rooted_core: Any, tmp_path: Path) -> None:
    async def main() -> MCPError | None:
        async with Client(create_server(rooted_core)) as c:
            try:
                await c.get_prompt("answer_from_pdf", {"path": str(tmp_path / "outside.pdf"), "question": "why?"})
            except MCPError as exc:
                return exc
        return None

    err = anyio.run(main)
    assert err is not None and json.loads(err.error.message)["error"] == "path_outside_root"


def test_path_completion_stays_under_the_roots(rooted_core: Any, tmp_path: Path) -> None:
    policy = rooted_core.services.policy
    docs = tmp_path / "docs"
    assert complete_path(policy, "").values == ["alpha.pdf", "sub/"]  # no .txt, no hidden, no denied folder
    assert complete_path(policy, "a").values == ["alpha.pdf"]
    assert complete_path(policy, "SU").values == ["sub/"]
    assert complete_path(policy, "sub/").values == ["sub/beta.pdf"]
    assert complete_path(policy, "secret/").values == []
    assert complete_path(policy, ".").values == [".hidden.pdf"]
    assert complete_path(policy, "../").values == []
    assert complete_path(policy, str(tmp_path) + "/").values == []
    assert complete_path(policy, str(docs / "al")).values == [str(docs / "alpha.pdf")]
    assert complete_path(policy, "", folders_only=True).values == ["sub/"]
    assert complete_path(policy, "nothing/here").values == []


def test_completion_requests(rooted_core: Any) -> None:
    async def main() -> list[list[str]]:
        async with Client(create_server(rooted_core)) as c:
            out = []
            for ref, arg in (
                (PromptReference(type="ref/prompt", name="summarize_pdf"), {"name": "path", "value": "su"}),
                (PromptReference(type="ref/prompt", name="triage_folder"), {"name": "folder", "value": ""}),
                (
                    ResourceTemplateReference(type="ref/resource", uri="pdf://info/{+path}"),
                    {"name": "path", "value": "al"},
                ),
                (PromptReference(type="ref/prompt", name="answer_from_pdf"), {"name": "question", "value": "wh"}),
                (PromptReference(type="ref/prompt", name="no_such_prompt"), {"name": "path", "value": "al"}),
            ):
                out.append((await c.complete(ref, arg)).completion.values)
            return out

    assert anyio.run(main) == [["sub/"], ["sub/"], ["alpha.pdf"], [], ["alpha.pdf"]]


def test_a_calls_log_messages_reach_its_client(rooted_core: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    real_info = rooted_core.info

    def noisy_info(*args: Any, **kwargs: Any) -> Any:
        logging.getLogger("pdfcore.services.test").warning("the sample page 2 was left out")
        logging.getLogger("pdfcore.services.test").info("an info line")
        return real_info(*args, **kwargs)

    monkeypatch.setattr(rooted_core, "info", noisy_info)
    received: list[tuple[str, Any]] = []

    async def on_log(params: Any) -> None:
        received.append((params.level, params.data))

    async def main() -> None:
        async with Client(create_server(rooted_core), logging_callback=on_log, mode="legacy") as c:
            await c.call_tool("pdf_info", {"path": "alpha.pdf"})
            await c.set_logging_level("error")
            await c.call_tool("pdf_info", {"path": "alpha.pdf"})

    anyio.run(main)
    assert received == [("warning", "the sample page 2 was left out")]
