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
