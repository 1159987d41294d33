"""The first answers given while the SDK loads (mcp_adapter.early): which requests the record
answers, and how the wire hands every message to the SDK and drops its second answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from mcp_adapter import catalog, early
from mcp_adapter.early import Answers, Wire

V_OLD, V_NEW = "2025-06-18", "2026-07-28"
RESULTS = {
    f"initialize {V_OLD}": {"protocolVersion": V_OLD, "serverInfo": {"name": "pdfcore"}},
    f"tools/list {V_OLD}": {},
    f"server/discover {V_NEW}": {"supportedVersions": [V_NEW]},
    f"tools/list {V_NEW}": {"resultType": "complete"},
}
TOOLS = [{"name": "pdf_info", "inputSchema": {"type": "object"}}]
CLIENT = {"name": "t", "version": "1"}


def _answers() -> Answers:
    return Answers(RESULTS, TOOLS)


def _init(version: str = V_OLD, **extra: Any) -> dict[str, Any]:
    params = {"protocolVersion": version, "capabilities": {}, "clientInfo": CLIENT, **extra}
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}


def _list(ident: Any = 2, params: Any = None) -> dict[str, Any]:
    message = {"jsonrpc": "2.0", "id": ident, "method": "tools/list"}
    if params is not None:
        message["params"] = params
    return message


def _meta(version: str = V_NEW, **extra: Any) -> dict[str, Any]:
    return {early.PROTOCOL_VERSION_KEY: version, early.CLIENT_CAPABILITIES_KEY: {}, **extra}


def test_the_handshake_is_answered_from_the_record() -> None:
    a = _answers()
    assert a.result(_init()) == RESULTS[f"initialize {V_OLD}"]
    assert a.result({"jsonrpc": "2.0", "method": "notifications/initialized"}) is None  # no answer to give
    assert a.result(_list()) == {"tools": TOOLS}
    assert a.result(_list(3, {"_meta": {"progressToken": 1}})) == {"tools": TOOLS}


@pytest.mark.parametrize(
    "message",
    [
        _init("2024-01-01"),  # a version the record does not hold: the SDK negotiates
        _init(extra=1),  # a parameter the record was not made with
        {**_init(), "params": {"protocolVersion": V_OLD, "capabilities": {}}},  # no clientInfo
        {**_init(), "params": {"protocolVersion": V_OLD, "capabilities": {"roots": 1}, "clientInfo": CLIENT}},
        {**_init(), "id": True},  # not a JSON-RPC id
        {**_init(), "id": None},
        {**_init(), "jsonrpc": "1.0"},
        {**_init(), "extra": 1},
        {**_init(), "params": [1]},
        [_init()],  # a batch
        "initialize",
        {"jsonrpc": "2.0", "id": 1, "method": "ping"},
    ],
)
def test_requests_the_record_does_not_answer_wait_for_the_server(message: Any) -> None:
    assert _answers().result(message) is None


def test_tools_list_is_answered_only_after_an_answered_handshake_and_without_a_cursor() -> None:
    a = _answers()
    assert a.result(_list()) is None  # before initialize: the SDK says what it says
    assert a.result(_init()) is not None
    assert a.result(_list(params={"cursor": "x"})) is None
    assert a.result(_init()) is None  # a second initialize is the SDK's to refuse
    assert a.result(_list(params={"_meta": _meta()})) is None  # a stateless request in a handshake session


def test_stateless_requests_are_answered_by_their_envelope_version() -> None:
    a = _answers()
    discover = {"jsonrpc": "2.0", "id": "a", "method": "server/discover", "params": {"_meta": _meta()}}
    assert a.result(discover) == RESULTS[f"server/discover {V_NEW}"]
    assert a.result(_list(params={"_meta": _meta(**{early.CLIENT_INFO_KEY: CLIENT})})) == {
        "resultType": "complete",
        "tools": TOOLS,
    }
    assert a.result(_init()) is None  # no handshake in a stateless session


@pytest.mark.parametrize(
    "meta",
    [
        _meta("2099-01-01"),
        {early.PROTOCOL_VERSION_KEY: V_NEW},  # no client capabilities: the SDK refuses it
        _meta(**{early.CLIENT_INFO_KEY: {"name": "t"}}),
        {early.PROTOCOL_VERSION_KEY: 5, early.CLIENT_CAPABILITIES_KEY: {}},
    ],
)
def test_a_stateless_request_with_an_unusual_envelope_waits_for_the_server(meta: dict[str, Any]) -> None:
    assert _answers().result(_list(params={"_meta": meta})) is None
    assert _answers().result(_list(params={"_meta": _meta(), "cursor": "x"})) is None


def test_the_envelope_keys_are_the_sdk_s() -> None:
    from mcp_types import CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY

    assert early.PROTOCOL_VERSION_KEY == PROTOCOL_VERSION_META_KEY
    assert early.CLIENT_CAPABILITIES_KEY == CLIENT_CAPABILITIES_META_KEY
    assert early.CLIENT_INFO_KEY == CLIENT_INFO_META_KEY


def test_no_answers_from_a_stale_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert Answers.load("full") is not None
    data = json.loads(catalog.CATALOG.read_text(encoding="utf-8"))
    data["fingerprint"] = "0" * 64
    stale = tmp_path / "tools.json"
    stale.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(catalog, "CATALOG", stale)
    assert Answers.load("full") is None


class _Pipes:
    """A wire over two pipes: the test writes the client's lines and reads what the wire sends."""

    def __init__(self, answers: Answers | None) -> None:
        in_r, self._in_w = os.pipe()
        self._out_r, out_w = os.pipe()
        self.wire = Wire(os.fdopen(in_r, "rb"), os.fdopen(out_w, "wb"), answers)
        self.client_out = os.fdopen(self._out_r, "rb")
        self.wire.start()

    def send(self, message: Any) -> None:
        os.write(self._in_w, (json.dumps(message) + "\n").encode())

    def close_input(self) -> None:
        os.close(self._in_w)

    def receive(self) -> dict[str, Any]:
        line = self.client_out.readline()
        assert line, "the wire closed"
        received: dict[str, Any] = json.loads(line)
        return received


def _drain(wire: Wire) -> list[str]:
    async def main() -> list[str]:
        return [line async for line in wire.incoming()]

    return anyio.run(main)


def test_the_wire_answers_before_the_server_reads_and_hands_it_every_message() -> None:
    pipes = _Pipes(_answers())
    pipes.send(_init())
    assert pipes.receive() == {"jsonrpc": "2.0", "id": 1, "result": RESULTS[f"initialize {V_OLD}"]}
    pipes.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    pipes.send(_list(ident="x"))
    assert pipes.receive() == {"jsonrpc": "2.0", "id": "x", "result": {"tools": TOOLS}}
    pipes.send({"jsonrpc": "2.0", "id": 3, "method": "ping"})
    pipes.close_input()
    handed = [json.loads(line) for line in _drain(pipes.wire)]
    assert [m["method"] for m in handed] == ["initialize", "notifications/initialized", "tools/list", "ping"]
    private = [handed[0]["id"], handed[2]["id"]]
    assert all(isinstance(i, str) and i.startswith("pdfcore-early-") for i in private)
    assert handed[0]["params"] == _init()["params"] and handed[3]["id"] == 3  # unanswered: as sent
    assert pipes.wire.early == ["initialize", "tools/list"]

    async def server_answers() -> None:
        out = pipes.wire.outgoing()
        await out.write(json.dumps({"jsonrpc": "2.0", "id": private[0], "result": RESULTS[f"initialize {V_OLD}"]}))
        await out.write(json.dumps({"jsonrpc": "2.0", "id": private[1], "result": {"tools": []}}) + "\n")
        await out.write(json.dumps({"jsonrpc": "2.0", "id": 3, "result": {}}) + "\n")
        await out.flush()

    anyio.run(server_answers)
    # The server's answers to the early-answered requests are dropped; only the ping's is sent.
    assert pipes.receive() == {"jsonrpc": "2.0", "id": 3, "result": {}}
    assert pipes.wire.mismatches == 1  # its tools/list answer was not what the record said


def test_once_the_server_reads_nothing_more_is_answered_early() -> None:
    pipes = _Pipes(_answers())
    got: list[str] = []

    async def first() -> None:
        async for line in pipes.wire.incoming():
            got.append(line)
            return

    pipes.send({"jsonrpc": "2.0", "id": 9, "method": "ping"})
    anyio.run(first)
    pipes.send(_init())
    pipes.close_input()
    rest = _drain(pipes.wire)
    assert json.loads(rest[0]) == _init()  # handed on as sent, for the server to answer
    assert pipes.wire.early == []
    assert _drain(pipes.wire) == []  # the end of the wire stays the end


def test_without_a_record_the_wire_only_passes_messages_on() -> None:
    pipes = _Pipes(None)
    pipes.send(_init())
    pipes.send("not json")
    pipes.close_input()
    assert [json.loads(line) for line in _drain(pipes.wire)] == [_init(), "not json"]
    assert pipes.wire.early == []


def test_a_line_that_is_not_json_is_handed_on_as_it_came() -> None:
    pipes = _Pipes(_answers())
    os.write(pipes._in_w, b"{broken\n\xff\xfe\n")
    pipes.close_input()
    assert _drain(pipes.wire) == ["{broken\n", "\ufffd\ufffd\n"]


def test_claiming_the_wire_sends_stray_output_to_stderr(tmp_path: Path) -> None:
    code = (
        "import os, sys\n"
        "from mcp_adapter.early import Wire\n"
        "wire = Wire.claim(None)\n"
        "print('stray print', flush=True)\n"
        "os.write(1, b'stray fd write\\n')\n"
        'wire._send(\'{"on": "the wire"}\')\n'
        "print(repr(sys.stdin.read()), file=sys.stderr, flush=True)\n"
        "wire.release()\n"
        "print('after release', flush=True)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input="client bytes\n", capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == '{"on": "the wire"}\nafter release\n'
    assert "stray print\nstray fd write\n''\n" in out.stderr  # fd 0 read the null device


class _Calls:
    """An EarlyCalls stand-in: answers every call it is asked (unless ``answer`` is None)."""

    def __init__(self, answer: dict[str, Any] | None = None) -> None:
        self.answer = answer
        self.asked: list[tuple[Any, Any]] = []

    def call(self, name: Any, arguments: Any) -> dict[str, Any] | None:
        self.asked.append((name, arguments))
        return self.answer


def _tool_call(ident: Any, **params: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "method": "tools/call", "params": {"name": "pdf_info", **params}}


def test_a_tool_call_after_an_answered_handshake_is_answered_early_and_not_handed_on() -> None:
    pipes = _Pipes(_answers())
    calls = _Calls({"content": [], "isError": False})
    pipes.wire.serve_calls(calls)
    pipes.send(_init())
    pipes.receive()
    pipes.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    pipes.send(_tool_call(7, arguments={"path": "a.pdf"}))
    assert pipes.receive() == {"jsonrpc": "2.0", "id": 7, "result": {"content": [], "isError": False}}
    pipes.send(_tool_call(8, arguments={"path": "b.pdf"}))
    assert pipes.receive()["id"] == 8
    pipes.close_input()
    handed = [json.loads(line) for line in _drain(pipes.wire)]
    assert [m["method"] for m in handed] == ["initialize", "notifications/initialized"]
    assert calls.asked == [("pdf_info", {"path": "a.pdf"}), ("pdf_info", {"path": "b.pdf"})]
    assert pipes.wire.early == ["initialize", "tools/call", "tools/call"]


@pytest.mark.parametrize(
    "first",
    [
        _tool_call(5, arguments={"path": "a.pdf"}, _meta={"progressToken": 1}),  # progress needs the SDK
        {"jsonrpc": "2.0", "id": 5, "method": "ping"},  # a request left to the SDK comes first
    ],
)
def test_calls_after_a_request_left_to_the_server_wait_for_it(first: dict[str, Any]) -> None:
    pipes = _Pipes(_answers())
    calls = _Calls({"content": [], "isError": False})
    pipes.wire.serve_calls(calls)
    pipes.send(_init())
    pipes.receive()
    pipes.send(first)
    pipes.send(_tool_call(6, arguments={"path": "a.pdf"}))
    pipes.close_input()
    handed = [json.loads(line) for line in _drain(pipes.wire)]
    assert [m["id"] for m in handed[1:]] == [5, 6] and calls.asked == []


def test_a_call_the_early_path_declines_goes_to_the_server_as_sent() -> None:
    pipes = _Pipes(_answers())
    calls = _Calls(None)
    pipes.wire.serve_calls(calls)
    pipes.send(_init())
    pipes.receive()
    pipes.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    pipes.send(_tool_call(3, arguments={"path": "a.pdf"}))
    deadline = time.monotonic() + 10
    while not calls.asked and time.monotonic() < deadline:  # the wire's thread reads it; the
        time.sleep(0.01)  # server must not start reading first (nothing is answered early then)
    pipes.close_input()
    handed = [json.loads(line) for line in _drain(pipes.wire)]
    assert handed[-1] == _tool_call(3, arguments={"path": "a.pdf"})
    assert calls.asked == [("pdf_info", {"path": "a.pdf"})] and pipes.wire.early == ["initialize"]


def test_no_call_is_answered_early_before_an_answered_handshake() -> None:
    pipes = _Pipes(_answers())
    calls = _Calls({"content": [], "isError": False})
    pipes.wire.serve_calls(calls)
    pipes.send(_tool_call(1, arguments={"path": "a.pdf"}))
    pipes.close_input()
    assert [json.loads(line) for line in _drain(pipes.wire)] == [_tool_call(1, arguments={"path": "a.pdf"})]
    assert calls.asked == []


def test_no_call_is_answered_early_before_the_client_declares_the_session_initialized() -> None:
    pipes = _Pipes(_answers())
    calls = _Calls({"content": [], "isError": False})
    pipes.wire.serve_calls(calls)
    pipes.send(_init())
    pipes.receive()
    pipes.send(_tool_call(2, arguments={"path": "a.pdf"}))
    pipes.close_input()
    handed = [json.loads(line) for line in _drain(pipes.wire)]
    assert handed[-1] == _tool_call(2, arguments={"path": "a.pdf"}) and calls.asked == []


def test_the_sdk_waits_while_calls_come_early_back_to_back() -> None:
    """``quiet``: at once before any call was answered early; after one, not while the client
    calls on without pause, but once it pauses, or at once when a request needs the SDK or the
    client closes the wire."""
    import threading
    import time

    pipes = _Pipes(_answers())
    calls = _Calls({"content": [], "isError": False})
    pipes.wire.serve_calls(calls)
    started = time.monotonic()
    pipes.wire.quiet(5.0)
    assert time.monotonic() - started < 1.0  # nothing was answered early: no reason to wait
    pipes.send(_init())
    pipes.receive()
    pipes.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    pipes.send(_tool_call(7, arguments={"path": "a.pdf"}))
    pipes.receive()
    returned = threading.Event()
    threading.Thread(target=lambda: (pipes.wire.quiet(0.4), returned.set()), daemon=True).start()
    for ident in range(8, 12):  # back to back, 0.1 s apart
        time.sleep(0.1)
        assert not returned.is_set()
        pipes.send(_tool_call(ident, arguments={"path": "a.pdf"}))
        pipes.receive()
    assert returned.wait(2.0)  # the client paused
    started = time.monotonic()
    pipes.send({"jsonrpc": "2.0", "id": 20, "method": "ping"})  # needs the SDK
    deadline = time.monotonic() + 2.0
    while not pipes.wire.needed and time.monotonic() < deadline:
        time.sleep(0.01)
    pipes.wire.quiet(5.0)
    assert time.monotonic() - started < 1.0 and pipes.wire.needed
    pipes.close_input()


def test_the_sdk_is_not_waited_for_once_the_client_has_gone() -> None:
    import time

    pipes = _Pipes(_answers())
    pipes.wire.serve_calls(_Calls({"content": [], "isError": False}))
    pipes.send(_init())
    pipes.receive()
    pipes.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    pipes.send(_tool_call(7, arguments={"path": "a.pdf"}))
    pipes.receive()
    pipes.close_input()
    started = time.monotonic()
    pipes.wire.quiet(5.0)
    assert time.monotonic() - started < 1.0 and pipes.wire.ended and not pipes.wire.needed
