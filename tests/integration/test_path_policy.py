"""The path policy with roots configured, through the Python API and through the MCP client.

Every bad path gets its own code; the policy (roots, ``..``, symbolic links, allow/deny globs) is
decided before the file is looked at, so a refused path answers ``path_outside_root`` whether it
exists or not and errors cannot be used to map the disk; no message shows a path outside the
roots (nor any absolute path: paths inside a root are shown relative to it).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from pdfcore.errors import PdfcoreError
from tests.mcp.conftest import payload
from tests.pdfgen import simple_document

MAX_FILE_BYTES = 4096


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("policy")
    root = base / "root"
    outside = base / "outside"
    root.mkdir()
    outside.mkdir()
    simple_document(root / "ok.pdf", 1)
    simple_document(root / "big.pdf", 12)
    assert (root / "big.pdf").stat().st_size > MAX_FILE_BYTES >= (root / "ok.pdf").stat().st_size
    (root / "folder.pdf").mkdir()
    (root / "sub").mkdir()
    (root / "notes.txt").write_text("not a pdf")
    (root / "secret").mkdir()
    simple_document(root / "secret" / "x.pdf", 1)
    (root / "allowed").mkdir()
    simple_document(root / "allowed" / "a.pdf", 1)
    simple_document(outside / "secret.pdf", 1, words=("outsidesecret",))
    os.symlink(outside / "secret.pdf", root / "link-out.pdf")
    os.symlink(outside, root / "linkdir")
    os.symlink(outside / "nothing-here.pdf", root / "dangling.pdf")
    os.symlink(root / "ok.pdf", root / "link-in.pdf")
    # A root reached through a symbolic link, with a deny rule written through the same link.
    os.symlink(root, base / "root-link")
    return {"base": base, "root": root, "outside": outside, "root_link": base / "root-link"}


def _build(tmp: Path, paths: dict[str, Any]) -> Any:
    import pdfcore
    from pdfcore.config import load_settings

    tmp.mkdir(parents=True, exist_ok=True)
    cfg = tmp / "c.toml"
    cfg.write_text("")
    settings = load_settings(
        env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp / "cache")},
        overrides={"paths": paths, "limits": {"max_file_bytes": MAX_FILE_BYTES}},
    )
    return pdfcore.build(settings, fetcher=None)


@pytest.fixture(scope="module")
def core(tree: dict[str, Path]) -> Iterator[Any]:
    c = _build(tree["base"] / "core-deny", {"roots": [str(tree["root"])], "deny": [f"{tree['root']}/secret/**"]})
    yield c
    c.close()


@pytest.fixture(scope="module")
def allow_core(tree: dict[str, Path]) -> Iterator[Any]:
    c = _build(tree["base"] / "core-allow", {"roots": [str(tree["root"])], "allow": ["*/allowed/*.pdf"]})
    yield c
    c.close()


@pytest.fixture(scope="module")
def link_core(tree: dict[str, Path]) -> Iterator[Any]:
    link = tree["root_link"]
    c = _build(tree["base"] / "core-link", {"roots": [str(link)], "deny": [f"{link}/secret/**"]})
    yield c
    c.close()


# (path as typed — "{outside}" and "{root}" are filled in —, expected code or None for success)
MATRIX = [
    ("ok.pdf", None),
    ("{root}/ok.pdf", None),
    ("sub/../ok.pdf", None),
    ("link-in.pdf", None),  # a link that stays inside the root
    ("../outside/secret.pdf", "path_outside_root"),
    ("sub/../../outside/secret.pdf", "path_outside_root"),
    ("{outside}/secret.pdf", "path_outside_root"),
    ("/etc/passwd", "path_outside_root"),
    ("link-out.pdf", "path_outside_root"),
    ("linkdir/secret.pdf", "path_outside_root"),
    ("secret/x.pdf", "path_outside_root"),
    # refused before existence is looked at: these do not exist
    ("secret/missing.pdf", "path_outside_root"),
    ("../outside/nothing-here.pdf", "path_outside_root"),
    ("{outside}/nothing-here.pdf", "path_outside_root"),
    ("/no/such/folder/x.pdf", "path_outside_root"),
    ("dangling.pdf", "path_outside_root"),
    ("linkdir/nothing-here.pdf", "path_outside_root"),
    # inside the root
    ("folder.pdf", "not_a_file"),
    ("sub", "not_a_file"),
    ("notes.txt", "unsupported_extension"),
    ("missing.pdf", "file_not_found"),
    ("sub/missing.pdf", "file_not_found"),
    ("big.pdf", "file_too_large"),
    # not a usable path at all
    ("", "invalid_argument"),
    ("ok\x00.pdf", "invalid_argument"),
]
ALLOW_MATRIX = [
    ("allowed/a.pdf", None),
    ("ok.pdf", "path_outside_root"),
    ("secret/x.pdf", "path_outside_root"),
    ("missing.pdf", "path_outside_root"),  # not allowed, and missing: the policy answers first
    ("allowed/missing.pdf", "file_not_found"),
    ("../outside/secret.pdf", "path_outside_root"),
]
LINK_MATRIX = [
    ("ok.pdf", None),
    ("secret/x.pdf", "path_outside_root"),
    ("secret/missing.pdf", "path_outside_root"),
    ("{root}/secret/x.pdf", "path_outside_root"),
]


def _fill(path: str, tree: dict[str, Path]) -> str:
    return path.replace("{outside}", str(tree["outside"])).replace("{root}", str(tree["root"]))


def _assert_no_leak(text: str, tree: dict[str, Path]) -> None:
    assert str(tree["outside"]) not in text
    assert str(tree["base"]) not in text  # paths inside the root are shown relative to it
    assert "/etc" not in text and "/no/such" not in text


def _api_outcome(c: Any, path: str) -> tuple[str | None, str]:
    try:
        info = c.info(path)
    except PdfcoreError as exc:
        return exc.code, json.dumps(exc.to_dict())
    assert info.page_count == 1
    return None, ""


@pytest.mark.parametrize(("path", "code"), MATRIX, ids=[f"{p!r}" for p, _ in MATRIX])
def test_api_matrix(core: Any, tree: dict[str, Path], path: str, code: str | None) -> None:
    got, text = _api_outcome(core, _fill(path, tree))
    assert got == code, text
    _assert_no_leak(text, tree)


@pytest.mark.parametrize(("path", "code"), ALLOW_MATRIX, ids=[p for p, _ in ALLOW_MATRIX])
def test_api_allow_list(allow_core: Any, tree: dict[str, Path], path: str, code: str | None) -> None:
    got, text = _api_outcome(allow_core, _fill(path, tree))
    assert got == code, text
    _assert_no_leak(text, tree)


@pytest.mark.parametrize(("path", "code"), LINK_MATRIX, ids=[p for p, _ in LINK_MATRIX])
def test_api_deny_rule_written_through_a_link(
    link_core: Any, tree: dict[str, Path], path: str, code: str | None
) -> None:
    got, text = _api_outcome(link_core, _fill(path, tree))
    assert got == code, text


def test_every_entry_point_applies_the_policy(core: Any, tree: dict[str, Path]) -> None:
    outside = str(tree["outside"] / "secret.pdf")
    calls: dict[str, Callable[[], Any]] = {
        "info": lambda: core.info(outside),
        "toc": lambda: core.toc(outside),
        "read_pages": lambda: core.read_pages(outside, "1"),
        "read_all": lambda: core.read_all(outside),
        "render_pages": lambda: core.render_pages(outside, "1"),
        "search": lambda: core.search(outside, "fox"),
        "extract_chart": lambda: core.extract_chart(outside, 1),
        "open": lambda: core.open(outside),
    }
    for name, call in calls.items():
        with pytest.raises(PdfcoreError) as err:
            call()
        assert err.value.code == "path_outside_root", name


# -- the same through the MCP client -------------------------------------------------------------


def _mcp_results(c: Any, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    from mcp_adapter.server import create_server

    server = create_server(c)

    async def main() -> list[Any]:
        async with Client(server) as client:
            return [await client.call_tool(tool, args) for tool, args in calls]

    return anyio.run(main)


def _mcp_code(result: Any) -> str | None:
    return payload(result)["error"] if result.is_error else None


def test_mcp_matrix(core: Any, allow_core: Any, tree: dict[str, Path]) -> None:
    for c, matrix in ((core, MATRIX), (allow_core, ALLOW_MATRIX)):
        results = _mcp_results(c, [("pdf_info", {"path": _fill(p, tree)}) for p, _ in matrix])
        for (path, code), res in zip(matrix, results, strict=True):
            text = res.content[0].text
            assert _mcp_code(res) == code, (path, text)
            if code is None:
                assert res.structured_content["page_count"] == 1
            else:
                assert set(payload(res)) >= {"error", "message", "recovery"}
                _assert_no_leak(text, tree)


def test_mcp_every_path_tool_applies_the_policy(core: Any, tree: dict[str, Path]) -> None:
    from mcp_adapter.server import create_server

    server = create_server(core)

    async def tools() -> list[Any]:
        async with Client(server) as client:
            return (await client.list_tools()).tools

    defaults = {"string": "1", "integer": 1, "number": 1, "boolean": False}
    calls: list[tuple[str, dict[str, Any]]] = []
    for tool in anyio.run(tools):
        props = tool.input_schema.get("properties", {})
        if "path" not in props:
            continue
        args: dict[str, Any] = {"path": str(tree["outside"] / "nothing-here.pdf")}
        for name in tool.input_schema.get("required", []):
            if name != "path":
                kinds = props[name].get("type") or [a.get("type") for a in props[name].get("anyOf", [])]
                kind = kinds if isinstance(kinds, str) else next(k for k in kinds if k in defaults)
                args[name] = defaults[kind]
        calls.append((tool.name, args))
    assert {"pdf_info", "pdf_read_pages", "pdf_render_pages", "pdf_search"} <= {name for name, _ in calls}
    for (name, _), res in zip(calls, _mcp_results(core, calls), strict=True):
        assert _mcp_code(res) == "path_outside_root", (name, res.content[0].text)
        _assert_no_leak(res.content[0].text, tree)


def test_mcp_folder_tools_never_cross_the_roots(core: Any, tree: dict[str, Path]) -> None:
    """Folder walks (listing, corpus tools) follow the same policy per file: links pointing
    outside and denied files are skipped, and nothing of the outside shows."""
    root, outside = str(tree["root"]), str(tree["outside"])
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_list_documents", {}),
        ("pdf_list_documents", {"folder": root}),
        ("pdf_list_documents", {"folder": outside}),
        ("pdf_list_documents", {"folder": "linkdir"}),
        ("pdf_corpus_overview", {"paths": root, "recursive": True}),
        ("pdf_corpus_overview", {"paths": outside}),
        ("pdf_corpus_overview", {"paths": ["ok.pdf", "link-out.pdf", "../outside/secret.pdf", "secret/x.pdf"]}),
        ("pdf_corpus_search", {"paths": root, "query": "outsidesecret", "mode": "keyword", "recursive": True}),
    ]
    results = _mcp_results(core, calls)
    for (_, args), res in zip(calls, results, strict=True):
        _assert_no_leak(res.content[0].text, tree)
        if "query" not in args:  # a search result repeats its query terms
            assert "outsidesecret" not in res.content[0].text
    listed, listed_root, list_out, list_link, overview, overview_out, overview_list, search = results
    for res in (listed, listed_root):
        names = {d["path"] for d in res.structured_content["documents"]}
        assert {"ok.pdf", "big.pdf", "allowed/a.pdf"} <= names
        assert not names & {"link-out.pdf", "dangling.pdf", "secret/x.pdf"}
        assert not any(n.startswith("linkdir") for n in names)
    for res in (list_out, list_link, overview_out):
        assert _mcp_code(res) == "path_outside_root", res.content[0].text
    text = overview.content[0].text
    assert not overview.is_error and "ok.pdf" in text
    skipped = {s["path"]: s["reason"] for s in overview_list.structured_content.get("skipped", [])}
    assert all(reason.startswith("path_outside_root") for reason in skipped.values()), skipped
    assert len(skipped) == 3
    assert not search.is_error
    assert search.structured_content.get("matches", []) == []
