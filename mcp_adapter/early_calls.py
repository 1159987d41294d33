"""The first ``pdf_info`` of a session, answered while the MCP SDK is still loading.

Importing the SDK is most of the server's start; a client that calls ``pdf_info`` right after the
handshake would wait for it. :class:`EarlyCalls` makes that call without the SDK: the same
library call the ``pdf_info`` tool makes (:mod:`mcp_adapter.full`), in the same profile's words
(:func:`pdfcore.nextcalls.answering`), measured the same way (``_meta["pdfcore/stats"]``), and the
same result shape the SDK sends (structured content plus the same data as one JSON text block;
an error as an ``isError`` result with one text block). The engines still run in the engine
workers, so a crash or a hang is contained as in any call.

:class:`mcp_adapter.early.Wire` asks it only for a ``tools/call`` of ``pdf_info`` in a handshake
session whose every earlier request was answered early, with no ``_meta`` (no progress token)
and arguments the tool takes with their types; anything else is the SDK's. A call that logs a
warning (the SDK would send it to the client as a log message) is not answered here: the SDK
makes it again. Imports pdfcore and the standard library only, never the SDK.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from mcp_adapter.runner import error_json, timeout_error
from pdfcore import nextcalls, telemetry
from pdfcore.errors import PdfcoreError

if TYPE_CHECKING:
    from pdfcore.api import Pdfcore

log = logging.getLogger("pdfcore.mcp")

#: The tool answered early, and its arguments with their accepted types.
PDF_INFO_ARGUMENTS: dict[str, tuple[type, ...]] = {
    "path": (str,),
    "detail": (bool,),
    "content_trust": (bool,),
    "password": (str, type(None)),
}


def payload(data: Any) -> tuple[Any, str]:
    """A tool's structured content and its JSON text block (as :func:`mcp_adapter.full._ok`)."""
    from pdfcore.serde import unstructure

    structured = unstructure(data) if not isinstance(data, dict) else data
    return structured, json.dumps(structured, ensure_ascii=False, separators=(",", ":"))


_serialize = telemetry.phased("serialize")(payload)


def _error(exc: PdfcoreError) -> dict[str, Any]:
    """The ``isError`` result of a failed call (as :func:`mcp_adapter.toolset.fail`)."""
    return {"content": [{"type": "text", "text": error_json(exc)}], "isError": True}


class _Warnings(logging.Handler):
    """Whether pdfcore logged a warning from this thread (the call's) while installed."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.thread = threading.get_ident()
        self.seen = False

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            self.seen = True


class EarlyCalls:
    """``pdf_info`` over ``core`` for the wire, before the SDK serves (full profile only)."""

    def __init__(self, core: Pdfcore, *, surface: str, stats: bool, timeout_seconds: float) -> None:
        self._core = core
        self._surface = surface
        self._stats = stats
        self._timeout = timeout_seconds

    def call(self, name: str, arguments: Any) -> dict[str, Any] | None:
        """The ``tools/call`` result of ``name`` with ``arguments`` as the server gives it, or
        ``None`` when the SDK is to answer this call."""
        if name != "pdf_info" or not isinstance(arguments, dict) or "path" not in arguments:
            return None
        for key, value in arguments.items():
            accepted = PDF_INFO_ARGUMENTS.get(key)
            if accepted is None or not isinstance(value, accepted):
                return None
        started = time.perf_counter()
        watch = _Warnings()
        done: dict[str, Any] = {}

        def run() -> None:
            watch.thread = threading.get_ident()
            try:
                with nextcalls.answering(self._surface), telemetry.collect() as stats:
                    done["stats"] = stats
                    done["result"] = self._result(arguments)
            except Exception:  # the SDK makes the call again and reports what fails
                log.warning("the early pdf_info failed; the server makes the call", exc_info=True)

        root = logging.getLogger("pdfcore")
        root.addHandler(watch)
        try:
            # In a thread of its own, so that the call's time limit holds as it does for the
            # SDK's calls (mcp_adapter.runner): past it the call is abandoned and answered so.
            worker = threading.Thread(target=run, name="pdfcore-early-call", daemon=True)
            worker.start()
            worker.join(self._timeout)
            if worker.is_alive():
                result = _error(timeout_error(self._timeout))
            elif "result" not in done or watch.seen:
                return None
            else:
                result = done["result"]
        finally:
            root.removeHandler(watch)
        if self._stats and "stats" in done:
            self._attach_stats(result, done["stats"])
        log.debug("pdf_info answered early in %.1f ms", (time.perf_counter() - started) * 1000)
        return result

    def _result(self, arguments: dict[str, Any]) -> dict[str, Any]:
        try:
            info = self._core.info(
                arguments["path"],
                password=arguments.get("password"),
                detail=arguments.get("detail", False),
                content_trust=arguments.get("content_trust", False),
            )
        except PdfcoreError as exc:
            return _error(exc)
        structured, text = _serialize(info)
        return {"content": [{"type": "text", "text": text}], "structuredContent": structured, "isError": False}

    def _attach_stats(self, result: dict[str, Any], stats: telemetry.CallStats) -> None:
        from mcp_adapter.stats import META_KEY, call_stats

        blocks = [SimpleNamespace(text=block["text"]) for block in result["content"]]
        view = SimpleNamespace(structured_content=result.get("structuredContent"), content=blocks)
        try:
            measured = call_stats(stats, view, dict(self._core.services.backend_names))
        except Exception:  # the statistics never cost a call its answer
            log.warning("the call statistics could not be made", exc_info=True)
            return
        result["_meta"] = {META_KEY: measured}
        log.info(
            "pdf_info (early): %.1f ms (%s), %d page(s) extracted, %d from the cache, %d bytes out",
            measured["wall_ms"],
            ", ".join(f"{k} {v:.1f}" for k, v in measured["phases_ms"].items()) or "no phase",
            measured["pages_extracted"],
            measured["pages_cached"],
            measured["bytes_out"],
        )
