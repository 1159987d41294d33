"""The server process answers the first requests of a session while the SDK loads
(mcp_adapter.early), and every request is answered exactly once, as the SDK answers it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp_types import CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from tests.mcp.conftest import stdio_session
from tests.pdfgen import simple_document

#: A handshake ``initialize`` request (id 1) at the newest handshake protocol version.
INITIALIZE: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
}


def _by_id(received: list[dict[str, Any]], sent: list[dict[str, Any]]) -> dict[Any, dict[str, Any]]:
    ids = [m["id"] for m in received]
    assert sorted(map(str, ids)) == sorted(str(m["id"]) for m in sent if "id" in m)  # each once, none private
    return {m["id"]: m for m in received}


def test_a_handshake_session_is_answered_early_and_each_request_once(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 2)
    sent = [
        INITIALIZE,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "ping"},
        {
            "jsonrpc": "2.0",
            "id": 4,
            "method": "tools/call",
            "params": {"name": "pdf_info", "arguments": {"path": str(pdf)}},
        },
        {"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": {"cursor": "x"}},
    ]
    received, err = stdio_session(tmp_path, sent, debug=True)
    by_id = _by_id(received, sent)
    assert by_id[1]["result"]["serverInfo"]["name"] == "pdfcore"
    assert by_id[1]["result"]["protocolVersion"] == "2025-11-25"
    assert "pdf_read_all" in {t["name"] for t in by_id[2]["result"]["tools"]}
    assert by_id[3]["result"] == {}
    assert by_id[4]["result"]["structuredContent"]["page_count"] == 2
    assert "error" in by_id[5] or "tools" in by_id[5].get("result", {})  # the SDK's own answer, whatever it is
    # Answered from the record before the SDK had built its server; the SDK agreed with both.
    assert err.index("answered initialize early") < err.index("Initializing server")
    assert "answered tools/list early" in err
    assert "differed" not in err


def test_with_early_answers_off_the_sdk_answers_every_request(tmp_path: Path) -> None:
    """``[server] early_answers = false``: the server starts and serves the same session, each
    request answered once and by the SDK (nothing from the record)."""
    pdf = simple_document(tmp_path / "s.pdf", 2)
    sent = [
        INITIALIZE,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "pdf_info", "arguments": {"path": str(pdf)}},
        },
    ]
    received, err = stdio_session(tmp_path, sent, debug=True, config="[server]\nearly_answers = false\n")
    by_id = _by_id(received, sent)
    assert by_id[1]["result"]["serverInfo"]["name"] == "pdfcore"
    assert "pdf_read_all" in {t["name"] for t in by_id[2]["result"]["tools"]}
    assert by_id[3]["result"]["structuredContent"]["page_count"] == 2
    assert "Initializing server" in err
    assert "early" not in err.replace("pdfcore-early-warm", "")


def test_a_stateless_session_is_answered_early_and_each_request_once(tmp_path: Path) -> None:
    meta = {
        PROTOCOL_VERSION_META_KEY: MODERN_PROTOCOL_VERSIONS[-1],
        CLIENT_CAPABILITIES_META_KEY: {},
        CLIENT_INFO_META_KEY: {"name": "t", "version": "0"},
    }
    sent = [
        {"jsonrpc": "2.0", "id": "d", "method": "server/discover", "params": {"_meta": meta}},
        {"jsonrpc": "2.0", "id": "l", "method": "tools/list", "params": {"_meta": meta}},
        {
            "jsonrpc": "2.0",
            "id": "x",
            "method": "tools/list",
            "params": {"_meta": {PROTOCOL_VERSION_META_KEY: "1999-01-01", CLIENT_CAPABILITIES_META_KEY: {}}},
        },
    ]
    received, err = stdio_session(tmp_path, sent, debug=True)
    by_id = _by_id(received, sent)
    assert MODERN_PROTOCOL_VERSIONS[-1] in by_id["d"]["result"]["supportedVersions"]
    assert "pdf_info" in {t["name"] for t in by_id["l"]["result"]["tools"]}
    assert "error" in by_id["x"]  # an unsupported version: the SDK's refusal, not an early answer
    assert "answered server/discover early" in err and "differed" not in err


def test_the_cache_store_opens_while_the_sdk_loads(tmp_path: Path) -> None:
    """Beside the SDK import the server opens its cache store (the first call finds it open):
    a session of a handshake and a ping, no tools/list and no call, leaves the store created."""
    import sqlite3

    sent = [
        INITIALIZE,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "ping"},
    ]
    received, _ = stdio_session(tmp_path, sent)
    assert {m["id"] for m in received} == {1, 2}
    stores = list((tmp_path / "cache").glob("*.sqlite*"))
    assert stores, sorted(p.name for p in (tmp_path / "cache").glob("*"))
    conn = sqlite3.connect(str(sorted(stores)[0]))
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()
    assert "pages" in tables


def _call(ident: int, arguments: dict[str, Any], name: str = "pdf_info") -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": ident,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }


def _same_answer(early: dict[str, Any], sdk: dict[str, Any]) -> None:
    """The two results of one call are the same but for what the call cost (``_meta``)."""
    assert set(early) == set(sdk)
    assert {k: v for k, v in early.items() if k != "_meta"} == {k: v for k, v in sdk.items() if k != "_meta"}
    assert set(early.get("_meta", {})) == set(sdk.get("_meta", {}))


def test_the_first_pdf_info_is_answered_before_the_sdk_serves_as_the_sdk_answers_it(tmp_path: Path) -> None:
    """A ``pdf_info`` right after the handshake (and a second one, and one on a missing file) is
    answered from the wire before the SDK has built its server, each once, with the result a
    server without early answers gives (structured content, text block, error shape, stats).
    Every request of this session is answered early, so the SDK never loads."""
    pdf = simple_document(tmp_path / "s.pdf", 3)
    sent = [
        INITIALIZE,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        _call(2, {"path": str(pdf)}),
        _call(3, {"path": str(tmp_path / "missing.pdf")}),
        {"jsonrpc": "2.0", "id": 4, "method": "tools/list"},
    ]
    early_dir, sdk_dir = tmp_path / "early", tmp_path / "sdk"
    early_dir.mkdir()
    sdk_dir.mkdir()
    received, err = stdio_session(early_dir, sent, debug=True)
    by_id = _by_id(received, sent)
    assert err.count("answered tools/call early") == 2
    assert "Initializing server" not in err
    assert by_id[2]["result"]["structuredContent"]["page_count"] == 3
    assert by_id[3]["result"]["isError"] is True
    reference, sdk_err = stdio_session(sdk_dir, sent, debug=True, config="[server]\nearly_answers = false\n")
    sdk = _by_id(reference, sent)
    assert "answered tools/call early" not in sdk_err
    _same_answer(by_id[2]["result"], sdk[2]["result"])
    _same_answer(by_id[3]["result"], sdk[3]["result"])
    assert "pdfcore/stats" in by_id[2]["result"]["_meta"]


def test_reads_right_after_the_handshake_are_answered_early_as_the_sdk_answers_them(tmp_path: Path) -> None:
    """``pdf_read_all`` calls one after the other (Markdown, text, past the end) and a
    ``pdf_read_pages`` are answered
    from the wire while the SDK is not loaded (the client reads on without pause); a request
    the wire cannot answer (a ping) then loads the SDK, which answers it and every call after
    it. Each result is the one a server without early answers gives."""
    pdf = simple_document(tmp_path / "s.pdf", 3)
    sent = [
        INITIALIZE,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        _call(2, {"path": str(pdf), "format": "markdown", "use_structure_tree": False}, "pdf_read_all"),
        _call(3, {"path": str(pdf), "max_pages": 2}, "pdf_read_all"),
        _call(4, {"path": str(pdf), "start_page": 9}, "pdf_read_all"),
        _call(9, {"path": str(pdf), "pages": "2-3", "format": "markdown"}, "pdf_read_pages"),
        _call(5, {"path": str(pdf), "max_pages": True}, "pdf_read_all"),
        _call(6, {"path": str(pdf), "format": "html"}, "pdf_read_all"),
        {"jsonrpc": "2.0", "id": 7, "method": "ping"},
        _call(8, {"path": str(pdf)}, "pdf_read_all"),
    ]
    early_dir, sdk_dir = tmp_path / "early", tmp_path / "sdk"
    early_dir.mkdir()
    sdk_dir.mkdir()
    received, err = stdio_session(early_dir, sent, debug=True)
    by_id = _by_id(received, sent)
    assert err.count("answered tools/call early") == 4  # 2, 3, 4 and 9; 5 and 6 are the SDK's to judge
    assert err.index("answered tools/call early") < err.index("Initializing server")
    assert "<!-- page 3" in by_id[2]["result"]["structuredContent"]["markdown"]
    assert by_id[3]["result"]["structuredContent"]["next_page"] == 3
    reference, sdk_err = stdio_session(sdk_dir, sent, debug=True, config="[server]\nearly_answers = false\n")
    sdk = _by_id(reference, sent)
    assert "answered tools/call early" not in sdk_err
    assert [p["page"] for p in by_id[9]["result"]["structuredContent"]["pages"]] == [2, 3]
    for ident in (2, 3, 4, 9, 5, 6, 8):
        _same_answer(by_id[ident]["result"], sdk[ident]["result"])
    assert by_id[6]["result"]["isError"] is True  # (5, max_pages=true, the SDK takes as 1)
    assert by_id[7]["result"] == {}


def test_calls_the_wire_does_not_answer_wait_for_the_sdk(tmp_path: Path) -> None:
    """A call with an argument the tool does not take is the SDK's (invalid_argument), and so is
    every call after it (one with a progress token, one after a ping)."""
    pdf = simple_document(tmp_path / "s.pdf", 2)
    with_token = _call(3, {"path": str(pdf)})
    with_token["params"]["_meta"] = {"progressToken": "p"}
    sent = [
        INITIALIZE,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        _call(2, {"path": str(pdf), "pages": "1"}),
        with_token,
        {"jsonrpc": "2.0", "id": 4, "method": "ping"},
        _call(5, {"path": str(pdf)}),
    ]
    received, err = stdio_session(tmp_path, sent, debug=True)
    by_id = _by_id(received, sent)
    assert "answered tools/call early" not in err
    assert by_id[2]["result"]["isError"] is True and "invalid_argument" in by_id[2]["result"]["content"][0]["text"]
    assert by_id[3]["result"]["structuredContent"]["page_count"] == 2
    assert by_id[5]["result"]["structuredContent"]["page_count"] == 2
