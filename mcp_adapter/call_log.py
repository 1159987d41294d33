"""The server's log records for the client that made a call: MCP log levels, the session a
request belongs to, and :class:`CallLog`, the handler that keeps a call's records so that the
server sends them as ``notifications/message`` before the result."""

from __future__ import annotations

import contextvars
import logging
from typing import Any

__all__ = [
    "CALL_LOG",
    "DEFAULT_CLIENT_LOG_LEVEL",
    "MAX_LOG_LEVEL_SESSIONS",
    "MCP_LEVELS",
    "CallLog",
    "mcp_level",
    "session_key",
]

#: MCP log levels, least severe first, and the Python level each stands for.
MCP_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
#: Sent to a session that has not set a level (logging/setLevel).
DEFAULT_CLIENT_LOG_LEVEL = "warning"
#: Sessions whose level is remembered.
MAX_LOG_LEVEL_SESSIONS = 10_000


def session_key(request_context: Any) -> str:
    """The MCP session a request belongs to: its Mcp-Session-Id over HTTP, "" over stdio."""
    headers = getattr(getattr(request_context, "request", None), "headers", None)
    return str(headers.get("mcp-session-id") or "") if headers is not None else ""


def mcp_level(levelno: int) -> str:
    if levelno >= logging.CRITICAL:
        return "critical"
    if levelno >= logging.ERROR:
        return "error"
    if levelno >= logging.WARNING:
        return "warning"
    if levelno >= logging.INFO:
        return "info"
    return "debug"


class CallLog(logging.Handler):
    """The log records the server writes while a tool call runs (on the event loop or in the
    call's worker thread, which inherits the call's context), kept for the client that made the
    call: :meth:`PdfcoreServer.call_tool` sends them as ``notifications/message`` before the
    result. Records of other threads (the cache writer, the engine workers) are not a call's."""

    current: contextvars.ContextVar[list[logging.LogRecord] | None] = contextvars.ContextVar(
        "pdfcore_call_log", default=None
    )
    #: Most records kept for one call.
    LIMIT = 100

    def emit(self, record: logging.LogRecord) -> None:
        records = self.current.get()
        if records is not None and len(records) < self.LIMIT:
            records.append(record)


CALL_LOG = CallLog()
