"""Every next call an answer names exists on the surface that answers (pdfcore.nextcalls).

- the table itself: each call it gives a surface is a tool of that profile (its tools/list) or a
  command of the command line (its argument parser);
- the walk: every error code, raised for real where a call can raise it and built from its class
  otherwise, answered by the full profile, the compact profile and the command line, names no
  tool or command that surface lacks; so do the answers that carry next calls (a document's
  map, info, a search of a scanned page);
- the source: no text outside the table and the tool definitions names a tool directly.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from pdfcore import errors, nextcalls
from tests.pdfgen import Page, encrypt, simple_document, write_pdf

REPO = Path(__file__).resolve().parents[2]


def _tool_names(profile: str) -> set[str]:
    from mcp_adapter.server import listed_tools

    return {t.name for t in anyio.run(listed_tools, profile)}


def _cli_commands() -> set[str]:
    from pdfcore_entrypoints.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return set(sub.choices)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def surfaces() -> dict[str, set[str]]:
    return {"full": _tool_names("full"), "compact": _tool_names("compact"), "cli": _cli_commands()}


def foreign_names(text: str, surface: str, surfaces: dict[str, set[str]]) -> list[str]:
    """The tools and commands ``text`` names that ``surface`` does not have."""
    tools = surfaces["full"] | surfaces["compact"]
    named = re.findall(r"\b(" + "|".join(sorted(tools, key=len, reverse=True)) + r")\b", text)
    bad = [n for n in named if surface == "cli" or n not in surfaces[surface]]
    # a command: "pdfcore" and a word followed by its arguments (a placeholder, a path, an option)
    for m in re.finditer(r"\bpdfcore ([a-z][a-z-]*)(?= (?:FILE|DIR|QUOTE|QUERY|/|'|\"|--)|\.?$)", text, re.M):
        command = m.group(1)
        # the command line names its own commands; the MCP profiles only as "the command line: ..."
        shown_as_command_line = "command line" in text[max(0, m.start() - 40) : m.start()]
        if command not in surfaces["cli"] or (surface != "cli" and not shown_as_command_line):
            bad.append(f"pdfcore {command}")
    return bad


# -- the table ---------------------------------------------------------------------------------


@pytest.mark.parametrize("surface", nextcalls.SURFACES)
def test_every_call_the_table_gives_a_surface_exists_there(surface: str, surfaces: dict[str, set[str]]) -> None:
    given = 0
    for action in nextcalls.TABLE:
        said = nextcalls.say(action, surface)
        if said is None:
            continue
        given += 1
        assert not foreign_names(said, surface, surfaces), (action, said)
        if surface == "cli" or said.startswith("the command line"):
            assert re.match(r"(the command line: )?pdfcore [a-z-]+", said), (action, said)
        else:
            name = said.split("(")[0]
            assert name in surfaces[surface], (action, said)
    assert given >= 10


def test_a_part_naming_a_missing_call_is_left_out() -> None:
    text = "Check the path" + nextcalls.where("; call " + nextcalls.call("list_documents") + " to see files") + "."
    assert nextcalls.render(text, "full") == "Check the path; call pdf_list_documents() to see files."
    assert nextcalls.render(text, "compact") == "Check the path."
    assert nextcalls.render(text, "cli") == "Check the path."


# -- the walk ----------------------------------------------------------------------------------


def _error_classes() -> list[type[errors.PdfcoreError]]:
    seen: list[type[errors.PdfcoreError]] = []
    stack = [errors.PdfcoreError]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.code in errors.ALL_CODES and cls.__module__ == "pdfcore.errors":
            seen.append(cls)
    return seen


def test_the_walk_covers_every_error_code() -> None:
    assert {c.code for c in _error_classes()} == set(errors.ALL_CODES)


@pytest.mark.parametrize("surface", nextcalls.SURFACES)
@pytest.mark.parametrize("cls", _error_classes(), ids=lambda c: c.code)
def test_every_error_code_names_only_calls_of_the_surface_answering(
    cls: type[errors.PdfcoreError], surface: str, surfaces: dict[str, set[str]]
) -> None:
    with nextcalls.answering(surface):
        answer = json.dumps(cls("A message.").to_dict())
    assert not foreign_names(answer, surface, surfaces), answer
    assert "\u27ea" not in answer and "\u27e6" not in answer  # no marker left unsaid


@pytest.fixture(scope="module")
def documents(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("walk")
    docs = root / "docs"
    docs.mkdir()
    plain = simple_document(docs / "plain.pdf", 3)
    long = simple_document(docs / "long.pdf", 24)
    pages = [Page().text(72, 700, f"page {w}") for w in ("one", "two", "three", "four", "five")]
    labelled = write_pdf(docs / "labels.pdf", pages, labels=[(0, "r", "", 3), (2, "D", ""), (4, "D", "")])
    scanned = write_pdf(docs / "scan.pdf", [Page().text(72, 700, "some words on the first page"), Page()])
    (docs / "broken.pdf").write_bytes(b"%PDF-1.4 truncated")
    (docs / "notes.txt").write_text("not a pdf")
    locked = encrypt(plain, docs / "locked.pdf", "secret")
    outside = root / "outside.pdf"
    outside.write_bytes(plain.read_bytes())
    return {
        "root": str(docs),
        "plain": str(plain),
        "long": str(long),
        "labelled": str(labelled),
        "scanned": str(scanned),
        "broken": str(docs / "broken.pdf"),
        "text": str(docs / "notes.txt"),
        "locked": str(locked),
        "outside": str(outside),
        "missing": str(docs / "missing.pdf"),
    }


def _calls(d: dict[str, str], profile: str) -> list[tuple[str, dict[str, Any]]]:
    """Calls that fail with an error code (or answer with next calls) in ``profile``."""
    if profile == "compact":
        read, search, render = "read_pdf", "search_pdf", "render_pdf"
        arg = "source"
        return [
            (read, {arg: d["missing"]}),
            (read, {arg: d["root"]}),
            (read, {arg: d["text"]}),
            (read, {arg: d["outside"]}),
            (read, {arg: d["broken"]}),
            (read, {arg: d["locked"]}),
            (read, {arg: d["locked"], "password": "wrong"}),
            (read, {arg: d["plain"], "pages": "99"}),
            (read, {arg: d["labelled"], "pages": "iv-1"}),
            (read, {arg: d["labelled"], "pages": "zz"}),
            (read, {arg: d["long"]}),
            (search, {arg: d["plain"], "query": "   "}),
            (search, {arg: d["scanned"], "query": "words"}),
            (render, {arg: d["plain"], "ref": "p1m9"}),
            (render, {arg: d["plain"], "ref": "p1m1", "pages": "1"}),
        ]
    return [
        ("pdf_info", {"path": d["missing"]}),
        ("pdf_info", {"path": d["root"]}),
        ("pdf_info", {"path": d["text"]}),
        ("pdf_info", {"path": d["outside"]}),
        ("pdf_info", {"path": d["broken"]}),
        ("pdf_info", {"path": d["locked"]}),
        ("pdf_info", {"path": d["locked"], "password": "wrong"}),
        ("pdf_info", {"path": d["scanned"]}),
        ("pdf_read_pages", {"path": d["plain"], "pages": "99"}),
        ("pdf_read_pages", {"path": d["labelled"], "pages": "iv-1"}),
        ("pdf_read_pages", {"path": d["labelled"], "pages": "zz"}),
        ("pdf_read_pages", {"path": d["long"], "pages": "1-24", "max_chars": 2000}),
        ("pdf_search", {"path": d["plain"], "query": "   "}),
        ("pdf_search", {"path": d["scanned"], "query": "words", "mode": "keyword"}),
        ("pdf_render_pages", {"path": d["plain"], "ref": "p1m9"}),
        ("pdf_render_pages", {"path": d["plain"], "ref": "p1m1", "pages": "1"}),
        ("pdf_attachments", {"path": d["plain"], "attachment": 3}),
        ("pdf_read_all", {"path": d["long"], "format": "nope"}),
    ]


@contextlib.contextmanager
def _core(tmp: Path, root: str) -> Iterator[Any]:
    import pdfcore
    from pdfcore.config import load_settings

    (tmp / "c.toml").write_text("")
    env = {
        "PDFCORE_CONFIG": str(tmp / "c.toml"),
        "PDFCORE_CACHE_DIR": str(tmp / "cache"),
        "PDFCORE_EMBEDDER": "none",
        "PDFCORE_ROOTS": root,
    }
    core = pdfcore.build(load_settings(env=env))
    try:
        yield core
    finally:
        core.close()


@pytest.mark.parametrize("profile", ["full", "compact"])
def test_the_answers_of_a_profile_name_only_its_tools(
    profile: str, documents: dict[str, str], surfaces: dict[str, set[str]], tmp_path: Path
) -> None:
    from mcp_adapter.server import create_server

    calls = _calls(documents, profile)
    with _core(tmp_path, documents["root"]) as core:
        server = create_server(core, profile=profile)

        async def main() -> list[tuple[str, Any]]:
            async with Client(server) as c:
                out = []
                for name, args in calls:
                    out.append((name, await c.call_tool(name, args)))
                return out

        answers = anyio.run(main)
        codes = set()
        for (name, args), (_, res) in zip(calls, answers, strict=True):
            text = " ".join(getattr(b, "text", "") for b in res.content)
            if res.is_error:
                codes.add(json.loads(text)["error"])
            assert not foreign_names(text, profile, surfaces), (name, args, text[:2000])
            assert "\u27ea" not in text and "\u27e6" not in text
        # the walk raised these for real (the others are built from their class above)
        assert {
            "file_not_found",
            "not_a_file",
            "unsupported_extension",
            "path_outside_root",
            "malformed_pdf",
            "password_required",
            "password_incorrect",
            "page_out_of_range",
            "invalid_argument",
            "unknown_ref",
        } <= codes, codes


def test_the_command_line_names_only_its_commands(
    documents: dict[str, str], surfaces: dict[str, set[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pdfcore_entrypoints.cli import main

    (tmp_path / "c.toml").write_text("")
    monkeypatch.setenv("PDFCORE_CONFIG", str(tmp_path / "c.toml"))
    monkeypatch.setenv("PDFCORE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PDFCORE_EMBEDDER", "none")
    monkeypatch.setenv("PDFCORE_ROOTS", documents["root"])
    d = documents
    runs = [
        (["info", d["missing"]], 2),
        (["info", d["root"]], 2),
        (["info", d["text"]], 2),
        (["info", d["outside"]], 2),
        (["info", d["broken"]], 2),
        (["info", d["locked"]], 2),
        (["info", d["locked"], "--password", "wrong"], 2),
        (["read", d["plain"], "--pages", "99"], 2),
        (["read", d["labelled"], "--pages", "iv-1"], 2),
        (["read", d["labelled"], "--pages", "zz"], 2),
        (["search", d["plain"], "   "], 2),
        (["info", d["scanned"]], 0),
        (["info", d["long"]], 0),
        (["search", d["scanned"], "words", "--mode", "keyword"], 0),
    ]
    codes = []
    for argv, status in runs:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            got = main(argv)
        text = out.getvalue() + err.getvalue()
        assert got == status, (argv, text)
        if got == 2:
            codes.append(err.getvalue().split(":")[0])
        assert not foreign_names(text, "cli", surfaces), (argv, text)
    assert {"file_not_found", "not_a_file", "page_out_of_range", "invalid_argument", "password_required"} <= set(
        codes
    ), codes


# -- the source --------------------------------------------------------------------------------

#: The tool definitions of each profile, which name their own tools.
OWN = {
    "mcp_adapter/full.py": "full",
    "mcp_adapter/full_args.py": "full",
    "mcp_adapter/full_reading.py": "full",
    "mcp_adapter/full_images.py": "full",
    "mcp_adapter/full_search.py": "full",
    "mcp_adapter/full_corpus.py": "full",
    "mcp_adapter/full_extras.py": "full",
    "mcp_adapter/full_replies.py": "full",
    "mcp_adapter/server_info.py": "full",
    "mcp_adapter/early_calls.py": "full",
    "mcp_adapter/compact.py": "compact",
    "pdfcore_entrypoints/cli.py": "cli",
}
SKIP = {"pdfcore/nextcalls.py", "mcp_adapter/catalog.py"}


def _strings(tree: ast.AST) -> Iterator[ast.Constant]:
    """String constants that are texts: not docstrings, not the action names given to the table."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            skip.add(id(body[0].value))
        if isinstance(node, ast.Call):
            func = node.func
            fname = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if fname in ("call", "say", "has", "call_tool", "add", "tool") and node.args:
                skip.add(id(node.args[0]))
            for kw in node.keywords:
                if kw.arg == "name":
                    skip.add(id(kw.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node


def test_no_text_names_a_tool_but_through_the_table(surfaces: dict[str, set[str]]) -> None:
    found = []
    for package in ("pdfcore", "adapters", "mcp_adapter", "pdfcore_entrypoints", "ports"):
        for path in sorted((REPO / package).rglob("*.py")):
            rel = path.relative_to(REPO).as_posix()
            if rel in SKIP:
                continue
            for node in _strings(ast.parse(path.read_text(encoding="utf-8"))):
                bad = foreign_names(node.value, OWN.get(rel, "cli"), surfaces)
                # outside the tool definitions no tool is named at all (cli: the strictest surface);
                # the command line's own commands are allowed where the text says it is the command line
                bad = [b for b in bad if not (b.startswith("pdfcore ") and rel in OWN)]
                if bad:
                    found.append(f"{rel}:{node.lineno}: {bad} in {node.value[:80]!r}")
    assert not found, "\n".join(found)
