"""The stdio wire, and the first answers given while the MCP SDK is still loading.

Importing the ``mcp`` SDK is most of the server's start (1.2-1.4 s on a 2-core machine). What
the server answers to the first requests of a session (``initialize`` or ``server/discover``,
then ``tools/list``) depends only on the code and the SDK's version, so
``python -m mcp_adapter.catalog`` records those answers, from the real server over the SDK's
stdio transport, for every protocol version the SDK speaks (:func:`mcp_adapter.catalog.record_answers`).

At start :meth:`Wire.claim` takes the process's stdin and stdout for the session (from then on
fd 0 reads the null device and fd 1 writes to stderr, as the SDK's own transport arranges, so a
stray write from a library or an engine worker never reaches the wire) and a thread reads the
wire. Until the SDK asks for its first message, a request the record answers — same protocol
version, no parameters that could change the answer, well-formed client information — is
answered at once from the record (:class:`Answers`), if the record is current (the catalog's
fingerprint). Every message, answered or not, is then handed to the SDK in arrival order: an
answered request goes with a private id and the SDK's answer to it is dropped. So the SDK sees
the whole session (its handshake state, the ``tools/list`` that starts the engine warm-up) and
the client gets each answer exactly once. Anything else (other methods, a cursor, another
protocol version, a malformed message) waits for the SDK and gets the SDK's answer.

Only the standard library is imported here: this runs before anything heavy is loaded.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import sys
import threading
import time
import uuid
from typing import IO, Any

log = logging.getLogger("pdfcore.mcp")

# The keys of the per-request envelope of the stateless protocol versions (checked against the
# SDK's names by a test).
PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities"
CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo"

_REQUEST_KEYS = frozenset({"jsonrpc", "id", "method", "params"})
_INITIALIZE_KEYS = frozenset({"protocolVersion", "capabilities", "clientInfo", "_meta"})


def _is_capabilities(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, dict) for v in value.values())


def _is_client_info(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("name"), str) and isinstance(value.get("version"), str)


def _is_request(message: Any) -> bool:
    if not isinstance(message, dict) or not set(message) <= _REQUEST_KEYS or message.get("jsonrpc") != "2.0":
        return False
    ident = message.get("id")
    params = message.get("params")
    return (
        isinstance(ident, (str, int))
        and not isinstance(ident, bool)
        and isinstance(message.get("method"), str)
        and (params is None or isinstance(params, dict))
    )


class Answers:
    """The recorded results of the first requests of one session (one per wire).

    ``results`` maps ``"<method> <protocol version>"`` to the result the SDK gave; ``tools/list``
    results are stored without their ``tools``, which are ``tools`` (the catalog's listing)."""

    def __init__(self, results: dict[str, dict[str, Any]], tools: list[dict[str, Any]]) -> None:
        self._results = results
        self._tools = tools
        self._mode: str | None = None  # "handshake" or "stateless", set by the first answer
        self._version: str | None = None  # the handshake's protocol version

    @classmethod
    def load(cls, profile: str) -> Answers | None:
        """The catalog's answers for ``profile``, or ``None`` when the catalog is not current."""
        from mcp_adapter.catalog import load_answers

        stored = load_answers(profile)
        return None if stored is None else cls(*stored)

    def result(self, message: Any) -> dict[str, Any] | None:
        """The result the server gives ``message`` (a decoded JSON-RPC message), or ``None`` when
        this is not a request the record answers."""
        if not _is_request(message):
            return None
        method: str = message["method"]
        params: dict[str, Any] = message.get("params") or {}
        meta = params.get("_meta")
        if isinstance(meta, dict) and PROTOCOL_VERSION_KEY in meta:
            return self._stateless(method, params, meta)
        if method == "initialize":
            return self._initialize(params)
        if method == "tools/list" and self._mode == "handshake" and set(params) <= {"_meta"}:
            return self._lookup(f"tools/list {self._version}")
        return None

    def _stateless(self, method: str, params: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any] | None:
        version = meta[PROTOCOL_VERSION_KEY]
        if (
            self._mode == "handshake"
            or method not in ("server/discover", "tools/list")
            or set(params) != {"_meta"}
            or not isinstance(version, str)
            or not _is_capabilities(meta.get(CLIENT_CAPABILITIES_KEY))
            or (CLIENT_INFO_KEY in meta and not _is_client_info(meta[CLIENT_INFO_KEY]))
        ):
            return None
        result = self._lookup(f"{method} {version}")
        if result is not None:
            self._mode = "stateless"
        return result

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any] | None:
        version = params.get("protocolVersion")
        if (
            self._mode is not None
            or not set(params) <= _INITIALIZE_KEYS
            or not isinstance(version, str)
            or not _is_capabilities(params.get("capabilities"))
            or not _is_client_info(params.get("clientInfo"))
        ):
            return None
        result = self._lookup(f"initialize {version}")
        if result is not None:
            self._mode, self._version = "handshake", version
        return result

    @property
    def mode(self) -> str | None:
        """ "handshake" or "stateless" once a first request was answered, else ``None``."""
        return self._mode

    def _lookup(self, key: str) -> dict[str, Any] | None:
        stored = self._results.get(key)
        if stored is None:
            return None
        if key.startswith("tools/list "):
            return {**stored, "tools": self._tools}
        return stored


class Wire:
    """The session's two byte streams: messages in (read by a thread, handed to the SDK as
    :meth:`incoming`) and out (:meth:`outgoing`, and the early answers)."""

    def __init__(self, reader: IO[bytes], writer: IO[bytes], answers: Answers | None) -> None:
        self._reader = reader
        self._writer = writer
        self._answers = answers
        self._write_lock = threading.Lock()
        self._lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._serving = False  # the SDK has asked for a message: no more early answers
        self._token = uuid.uuid4().hex
        self._answered = 0
        self._dropped: dict[str, Any] = {}  # private id -> early result; the SDK's answer is not sent
        self._dropped_lock = threading.Lock()
        self._restore: list[tuple[int, int]] = []
        self._calls: Any = None  # mcp_adapter.early_calls.EarlyCalls, once the core is built
        self._calls_ready = threading.Event()
        self._deferred = False  # a request went to the SDK unanswered: no early tool calls after it
        self._initialized = False  # the client sent notifications/initialized
        self._idle = threading.Event()  # no early tool call running
        self._idle.set()
        self._quiet = threading.Condition()  # told when an early call ends or the SDK is needed
        self._called_early = 0  # tool calls answered early so far
        self._last_early = 0.0  # time.monotonic() when the last one ended
        self._needed = False  # a request went to the SDK (it must load now)
        self.ended = False  # the client closed the wire
        self.early: list[str] = []  # methods answered early, in order (for logs and tests)
        self.mismatches = 0  # early answers the server then answered otherwise (a stale record)

    @classmethod
    def claim(cls, answers: Answers | None) -> Wire:
        """Take fd 0 and fd 1 for the session: the wire is served from duplicates, fd 0 then
        reads the null device and fd 1 writes to stderr until :meth:`release`."""
        sys.stdout.flush()
        wire_in, wire_out = os.dup(0), os.dup(1)  # non-inheritable: no child gets the wire
        null = os.open(os.devnull, os.O_RDONLY)
        try:
            os.dup2(null, 0)
        finally:
            os.close(null)
        os.dup2(2, 1)
        wire = cls(os.fdopen(wire_in, "rb"), os.fdopen(wire_out, "wb"), answers)
        wire._restore = [(wire_in, 0), (wire_out, 1)]
        return wire

    def release(self) -> None:
        """Point fd 0 and fd 1 back at the wire (after :meth:`claim`)."""
        for private, fd in self._restore:
            os.dup2(private, fd)
        self._restore = []

    def serve_calls(self, calls: Any) -> None:
        """Answer the first tool calls with ``calls`` (an :class:`mcp_adapter.early_calls.EarlyCalls`,
        or ``None``: the SDK answers every call) until the SDK serves."""
        self._calls = calls
        self._calls_ready.set()

    def settle(self, timeout: float | None = None) -> None:
        """Wait until no tool call is being answered early (or ``timeout`` seconds): start-up work
        done after this does not take the CPU from the answer the client waits for."""
        self._idle.wait(timeout)

    def quiet(self, seconds: float) -> None:
        """Return once the SDK is worth loading: at once when no tool call was answered early;
        else when a request needs the SDK, or when no tool call has been answered early for
        ``seconds`` (the client is not reading on back to back). A client whose calls all
        come early one after the other is served without the SDK's import taking the CPU."""
        with self._quiet:
            while self._called_early and not self._needed and not self.ended:
                left = self._last_early + seconds - time.monotonic()
                if self._idle.is_set() and left <= 0:
                    return
                self._quiet.wait(max(left, 0.01) if self._idle.is_set() else None)

    @property
    def needed(self) -> bool:
        """Whether a request was left to the SDK."""
        return self._needed

    def _need_sdk(self) -> None:
        with self._quiet:
            self._needed = True
            self._quiet.notify_all()

    def start(self) -> None:
        threading.Thread(target=self._read, name="pdfcore-wire", daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in iter(self._reader.readline, b""):
                line = self._take(raw.decode("utf-8", errors="replace"))
                if line is not None:
                    self._lines.put(line)
        except (OSError, ValueError) as exc:  # the wire closed under the reader
            log.debug("reading the wire stopped: %s", exc)
        finally:
            self._lines.put(None)
            with self._quiet:
                self.ended = True
                self._quiet.notify_all()

    def _take(self, line: str) -> str | None:
        """``line`` as the SDK is to get it, answering it first if the record can; ``None`` for a
        tool call answered early (the SDK would make the call again)."""
        if self._serving or self._answers is None:
            if not self._serving:
                self._need_sdk()
            return line
        try:
            message = json.loads(line)
        except ValueError:
            return line
        result = self._answers.result(message)
        if result is None:
            called = self._call(message)
            if called is not None:
                self._send(
                    json.dumps(
                        {"jsonrpc": "2.0", "id": message["id"], "result": called},
                        ensure_ascii=False,
                        separators=(",", ":"),
                    )
                )
                self.early.append("tools/call")
                log.debug("answered tools/call early")
                return None
            if isinstance(message, dict) and message.get("method") == "notifications/initialized":
                self._initialized = True
            else:
                self._deferred = True
                self._need_sdk()
            return line
        self._answered += 1
        private = f"pdfcore-early-{self._token}-{self._answered}"
        with self._dropped_lock:
            self._dropped[private] = result
        self._send(
            json.dumps(
                {"jsonrpc": "2.0", "id": message["id"], "result": result}, ensure_ascii=False, separators=(",", ":")
            )
        )
        self.early.append(message["method"])
        log.debug("answered %s early", message["method"])
        return json.dumps({**message, "id": private}, ensure_ascii=False, separators=(",", ":")) + "\n"

    def _call(self, message: Any) -> dict[str, Any] | None:
        """The result of a tool call answered before the SDK serves, or ``None``. Only in a
        handshake session whose every earlier request was answered early and that the client
        declared initialized (``notifications/initialized``), and only a call with
        a name and arguments (no ``_meta``: a progress token needs the SDK)."""
        if (
            self._deferred
            or not self._initialized
            or self._answers is None
            or self._answers.mode != "handshake"
            or not _is_request(message)
        ):
            return None
        params = message.get("params")
        if (
            message["method"] != "tools/call"
            or not isinstance(params, dict)
            or not set(params) <= {"name", "arguments"}
        ):
            return None
        self._idle.clear()
        try:
            self._calls_ready.wait()
            calls = self._calls
            if calls is None:
                return None
            result: dict[str, Any] | None = calls.call(params.get("name"), params.get("arguments", {}))
            return result
        finally:
            with self._quiet:
                self._called_early += 1
                self._last_early = time.monotonic()
                self._idle.set()
                self._quiet.notify_all()

    def _send(self, text: str) -> None:
        data = (text if text.endswith("\n") else text + "\n").encode("utf-8")
        with self._write_lock:
            self._writer.write(data)
            self._writer.flush()

    def _is_dropped(self, text: str) -> bool:
        """Whether ``text`` is the SDK's answer to a request already answered early."""
        with self._dropped_lock:
            if not self._dropped or "pdfcore-early-" not in text:
                return False
            try:
                message = json.loads(text)
            except ValueError:
                return False
            ident = message.get("id") if isinstance(message, dict) and "method" not in message else None
            if not isinstance(ident, str) or ident not in self._dropped:
                return False
            early = self._dropped.pop(ident)
        if message.get("result") != early:
            self.mismatches += 1
            log.warning("the early answer to a request differed from the server's: %s", text[:300])
        return True

    def incoming(self) -> _Incoming:
        """The messages for the SDK's stdio transport (its ``stdin``): lines of text."""
        return _Incoming(self)

    def outgoing(self) -> _Outgoing:
        """The SDK's stdio transport's ``stdout``."""
        return _Outgoing(self)


class _Incoming:
    def __init__(self, wire: Wire) -> None:
        self._wire = wire

    def __aiter__(self) -> _Incoming:
        return self

    async def __anext__(self) -> str:
        import anyio.to_thread

        wire = self._wire
        wire._serving = True
        wire._calls_ready.set()
        try:
            line = wire._lines.get_nowait()
        except queue.Empty:
            line = await anyio.to_thread.run_sync(wire._lines.get, abandon_on_cancel=True)
        if line is None:
            wire._lines.put(None)  # the end stays the end for a second reader
            raise StopAsyncIteration
        return line


class _Outgoing:
    def __init__(self, wire: Wire) -> None:
        self._wire = wire

    async def write(self, text: str) -> None:
        import anyio.to_thread

        if not self._wire._is_dropped(text):
            await anyio.to_thread.run_sync(self._wire._send, text)

    async def flush(self) -> None:
        """Each :meth:`write` is flushed."""
