"""Passwords are never logged, echoed or stored: every tool run on an encrypted document with
logging at DEBUG, through the Python API (both isolation modes) and through the stdio server;
the password appears in no log record, no result, no error and no file under the cache folder
(and the decrypted text never reaches the cache folder either)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mcp_adapter.server_info import server_info_answer
from pdfcore.errors import PdfcoreError
from pdfcore.serde import unstructure
from tests.pdfgen import Page, encrypt, write_pdf

PASSWORD = "Pw-7f3Kq9-zebra"
WRONG = "Wr0ng-9xQ-lynx"
SECRETS = (PASSWORD, WRONG)
MARKER = "classifiedmarker"


@pytest.fixture
def encrypted(tmp_path: Path) -> Path:
    pages = [
        Page().text(72, 700, f"{MARKER} quarterly figures").text(72, 660, "second line"),
        Page().text(72, 700, "p2"),
    ]
    plain = write_pdf(tmp_path / "plain.pdf", pages, outline=None)
    return encrypt(plain, tmp_path / "enc.pdf", PASSWORD)


#: What must not be found in any file under the cache folder.
NEEDLES = [s.encode(enc) for s in SECRETS for enc in ("utf-8", "utf-16-le", "utf-16-be")] + [MARKER.encode()]


def _assert_not_in_folder(folder: Path, needles: list[bytes]) -> int:
    files = 0
    for dirpath, _, names in os.walk(folder):
        for name in names:
            data = Path(dirpath, name).read_bytes()
            files += 1
            for needle in needles:
                assert needle not in data, f"{needle!r} found in {name}"
    return files


@pytest.fixture(params=["process", "none"])
def core(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {
        "PDFCORE_CONFIG": str(cfg),
        "PDFCORE_CACHE_DIR": str(tmp_path / "cache"),
        "PDFCORE_ISOLATION": request.param,
        "PDFCORE_LOG_LEVEL": "DEBUG",
    }
    c = pdfcore.build(load_settings(env=env), fetcher=None)
    yield c
    c.close()


def test_api_never_logs_echoes_or_stores_the_password(
    core: Any, encrypted: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG)
    path = str(encrypted)
    outputs: list[str] = []
    # "auto" adds semantic search (chunk vectors of an encrypted document); loading the model is
    # slow, so once per run of this test.
    search_mode = "auto" if core.settings.backends.isolation == "none" else "keyword"
    calls: dict[str, Callable[[str | None], Any]] = {
        "info": lambda pw: core.info(path, password=pw, detail=True, content_trust=True),
        "toc": lambda pw: core.toc(path, password=pw),
        "read_pages": lambda pw: core.read_pages(path, "1-2", password=pw),
        "read_all": lambda pw: core.read_all(path, password=pw),
        "render_pages": lambda pw: core.render_pages(path, "1", dpi=72, password=pw),
        "search": lambda pw: core.search(path, "quarterly", mode=search_mode, password=pw),
        "regex": lambda pw: core.search(path, "quart\\w+", mode="regex", password=pw),
        "sections": lambda pw: core.search(path, "figures", granularity="section", password=pw),
        "extract_chart": lambda pw: core.extract_chart(path, 1, password=pw),
    }
    codes: dict[str, str] = {}
    for name, call in calls.items():
        for pw in (PASSWORD, WRONG, None):
            try:
                result = call(pw)
            except PdfcoreError as exc:
                codes[f"{name}/{pw or 'none'}"] = exc.code
                outputs.append(json.dumps(exc.to_dict()))
                outputs.append(repr(exc))
            else:
                assert pw == PASSWORD, name
                data = unstructure(result)
                data = {k: v for k, v in data.items() if k != "images"} if isinstance(data, dict) else data
                outputs.append(json.dumps(data, default=str))
                outputs.append(repr(result)[:100_000])
    # the password opened the document, a wrong one and none did not
    assert codes[f"read_pages/{WRONG}"] == "password_incorrect"
    assert codes["read_pages/none"] == "password_required"
    assert not any(key.endswith(PASSWORD) for key in codes), codes
    assert any(MARKER in out for out in outputs)
    outputs.append(repr(core.open(path, PASSWORD)))
    outputs.append(json.dumps(server_info_answer(core), default=str))
    outputs.append(json.dumps(core.cache_stats(), default=str))

    formatter = logging.Formatter("%(name)s %(message)s")
    logged = [formatter.format(r) + repr(r.args) for r in caplog.records]
    assert logging.getLogger("pdfcore").isEnabledFor(logging.DEBUG)  # whatever pdfcore logs is captured
    streams = capfd.readouterr()
    for secret in SECRETS:
        for text in (*outputs, *logged, streams.out, streams.err):
            assert secret not in text
    core.close()  # flush the store before looking at its files
    assert _assert_not_in_folder(tmp_path / "cache", NEEDLES) > 0


def _rpc(proc: subprocess.Popen[str], message: dict[str, Any]) -> dict[str, Any] | None:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(message) + "\n")
    proc.stdin.flush()
    if "id" not in message:
        return None
    line = proc.stdout.readline()
    assert line, "the server closed its stdout (see its stderr)"
    answer: dict[str, Any] = json.loads(line)
    assert answer.get("id") == message["id"], answer
    return answer


def test_stdio_server_at_debug_never_logs_or_echoes_the_password(encrypted: Path, tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    env.update(PDFCORE_CONFIG=str(cfg), PDFCORE_CACHE_DIR=str(tmp_path / "cache"), PDFCORE_LOG_LEVEL="DEBUG")
    err_path = tmp_path / "stderr.txt"
    with open(err_path, "w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "mcp_adapter"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env=env,
        )
    answers: list[dict[str, Any]] = []
    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}
        _rpc(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
        _rpc(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        calls: list[tuple[str, dict[str, Any]]] = [
            ("pdf_info", {"content_trust": True}),
            ("pdf_read_pages", {"pages": "1"}),
            ("pdf_read_all", {}),
            ("pdf_render_pages", {"pages": "1", "dpi": 72}),
            ("pdf_search", {"query": "quarterly", "mode": "keyword"}),  # semantic: the API test above
            ("pdf_get_toc", {}),
        ]
        n = 2
        for tool, extra in calls:
            for pw in (PASSWORD, WRONG):
                args = {"path": str(encrypted), "password": pw, **extra}
                params = {"name": tool, "arguments": args}
                answer = _rpc(proc, {"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": params})
                assert answer is not None
                answers.append(answer)
                n += 1
        bad = {
            "name": "pdf_read_pages",
            "arguments": {"path": str(encrypted), "pages": "1", "password": PASSWORD * 100},
        }
        answer = _rpc(proc, {"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": bad})
        assert answer is not None
        answers.append(answer)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=60)
        assert proc.stdout is not None
        proc.stdout.close()
    results = [a["result"] for a in answers]
    ok = [r for r in results if not r.get("isError")]
    errors = [json.loads(r["content"][0]["text"]) for r in results if r.get("isError")]
    assert len(ok) == len(calls)  # each tool opened the document with the right password
    assert [e["error"] for e in errors] == ["password_incorrect"] * len(calls) + ["invalid_argument"]
    assert any(MARKER in json.dumps(r) for r in ok)
    stderr = err_path.read_text()
    assert "DEBUG" in stderr  # the level took effect
    for secret in SECRETS:
        assert secret not in json.dumps(answers)
        assert secret not in stderr
    _assert_not_in_folder(tmp_path / "cache", NEEDLES)


def test_command_line_password_from_the_environment(encrypted: Path, tmp_path: Path) -> None:
    """``PDFCORE_PASSWORD`` (the command line's password) is accepted beside the settings'
    variables, opens the document, and is echoed nowhere."""
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_PASSWORD": PASSWORD})  # not "unknown variable"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    env.update(PDFCORE_CONFIG=str(cfg), PDFCORE_CACHE_DIR=str(tmp_path / "cache"), PDFCORE_LOG_LEVEL="DEBUG")
    command = [sys.executable, "-m", "pdfcore_entrypoints.cli", "read", str(encrypted), "--pages", "1", "--json"]
    good = subprocess.run(
        command, capture_output=True, text=True, env={**env, "PDFCORE_PASSWORD": PASSWORD}, timeout=120
    )
    bad = subprocess.run(command, capture_output=True, text=True, env={**env, "PDFCORE_PASSWORD": WRONG}, timeout=120)
    assert good.returncode == 0, good.stderr
    assert MARKER in good.stdout
    assert bad.returncode != 0 and "password_incorrect" in bad.stdout + bad.stderr
    for out in (good.stdout, good.stderr, bad.stdout, bad.stderr):
        for secret in SECRETS:
            assert secret not in out
    _assert_not_in_folder(tmp_path / "cache", NEEDLES)


def test_owner_restricted_pdf_is_cached_and_searched_across_a_corpus(tmp_path: Path, core: Any) -> None:
    """An encrypted PDF that opens without a password (owner restrictions only) hides nothing from a
    reader: it is cached like any other and found by corpus search (not re-extracted every call,
    not silently left out); one that needs a password stays out of the shared cache."""
    import pypdf

    folder = tmp_path / "docs"
    folder.mkdir()
    plain = write_pdf(tmp_path / "open.pdf", [Page().text(72, 700, "wombat restricted printing")])
    writer = pypdf.PdfWriter(clone_from=str(plain))
    writer.encrypt(user_password="", owner_password="owner-only", algorithm="AES-256", permissions_flag=0)
    with open(folder / "restricted.pdf", "wb") as fh:
        writer.write(fh)
    locked = encrypt(plain, folder / "locked.pdf", PASSWORD)

    info = core.info(str(folder / "restricted.pdf"))
    assert info.encrypted
    first = core.corpus_search(str(folder), "wombat", mode="keyword")
    assert [m.path.split("/")[-1] for m in first.matches] == ["restricted.pdf"]
    assert any("locked.pdf" in s.path and s.reason.startswith("password_required") for s in first.skipped)
    again = core.corpus_warm(str(folder))
    assert again.warmed_this_call == 0 and again.status_counts.get("cached") == 1
    # the restricted document's text is in the shared cache (the locked one is skipped above; the
    # tests before this one check that a password-protected document leaves nothing on disk)
    index = tmp_path / "cache" / "index.sqlite"
    assert b"wombat" in index.read_bytes() or b"wombat" in Path(str(index) + "-wal").read_bytes()
    assert locked.exists()
