"""The first ``pdf_info``, ``pdf_read_pages`` and ``pdf_read_all`` calls of a session, answered
while the MCP SDK is still loading.

Importing the SDK is most of the server's start; a client that calls ``pdf_info`` (or starts
reading) right after the handshake would wait for it. :class:`EarlyCalls` makes that call without
the SDK: the same library call the tool makes (:mod:`mcp_adapter.full`), in the same profile's words
(:func:`pdfcore.nextcalls.answering`), measured the same way (``_meta["pdfcore/stats"]``), and the
same result shape the SDK sends (structured content plus the same data as one JSON text block;
an error as an ``isError`` result with one text block). The engines still run in the engine
workers, so a crash or a hang is contained as in any call.

:class:`mcp_adapter.early.Wire` asks it only for a ``tools/call`` of those tools in a handshake
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
from pdfcore.defaults import READ_FORMATS
from pdfcore.errors import PdfcoreError

if TYPE_CHECKING:
    from pdfcore.api import Pdfcore

log = logging.getLogger("pdfcore.mcp")

#: The tools answered early: each one's arguments with their accepted types (a value of another
#: type, ``bool`` for an ``int`` included, or an unknown argument leaves the call to the SDK).
PDF_INFO_ARGUMENTS: dict[str, tuple[type, ...]] = {
    "path": (str,),
    "detail": (bool,),
    "content_trust": (bool,),
    "password": (str, type(None)),
}
PDF_READ_ALL_ARGUMENTS: dict[str, tuple[type, ...]] = {
    "path": (str,),
    "max_pages": (int,),
    "start_page": (int,),
    "format": (str,),
    "use_structure_tree": (bool,),
    "max_tokens": (int, type(None)),
    "password": (str, type(None)),
}
PDF_READ_PAGES_ARGUMENTS: dict[str, tuple[type, ...]] = {
    "path": (str,),
    "pages": (str, int, type(None)),
    "max_chars": (int,),
    "max_chars_per_page": (int,),
    "ocr": (bool,),
    "ocr_lang": (str, type(None)),
    "detect_charts": (bool,),
    "format": (str,),
    "use_structure_tree": (bool,),
    "max_tokens": (int, type(None)),
    "password": (str, type(None)),
}
EARLY_TOOLS: dict[str, dict[str, tuple[type, ...]]] = {
    "pdf_info": PDF_INFO_ARGUMENTS,
    "pdf_read_all": PDF_READ_ALL_ARGUMENTS,
    "pdf_read_pages": PDF_READ_PAGES_ARGUMENTS,
}


def _accepted(name: str, arguments: Any) -> bool:
    """Whether the call can be made here: a tool answered early, with its required ``path``
    and only arguments it takes, each of a type the tool's schema accepts as it is."""
    spec = EARLY_TOOLS.get(name)
    if spec is None or not isinstance(arguments, dict) or "path" not in arguments:
        return False
    for key, value in arguments.items():
        accepted = spec.get(key)
        if accepted is None or not isinstance(value, accepted):
            return False
        if isinstance(value, bool) and bool not in accepted:
            return False  # an int argument given true/false: the SDK's validation answers it
    if name == "pdf_info":
        return True
    # A read in a format the tool does not take is the SDK's to refuse; one that recognises
    # scanned pages first (OCR: seconds a page, progress) is the SDK's to make.
    # (The read tools' ``format`` values: the SDK reports any other as an invalid argument.)
    return arguments.get("format", "text") in READ_FORMATS and not arguments.get("ocr", False)


def payload(data: Any) -> tuple[Any, str]:
    """A tool's structured content and its JSON text block (as :func:`mcp_adapter.full_replies.ok`)."""
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
    """``pdf_info``, ``pdf_read_pages`` and ``pdf_read_all`` over ``core`` for the wire, before
    the SDK serves (full profile only)."""

    def __init__(self, core: Pdfcore, *, surface: str, stats: bool, timeout_seconds: float) -> None:
        self._core = core
        self._surface = surface
        self._stats = stats
        self._timeout = timeout_seconds

    def call(self, name: str, arguments: Any) -> dict[str, Any] | None:
        """The ``tools/call`` result of ``name`` with ``arguments`` as the server gives it, or
        ``None`` when the SDK is to answer this call."""
        if not _accepted(name, arguments):
            return None
        started = time.perf_counter()
        watch = _Warnings()
        done: dict[str, Any] = {}

        def run() -> None:
            watch.thread = threading.get_ident()
            try:
                with nextcalls.answering(self._surface), telemetry.collect() as stats:
                    done["stats"] = stats
                    done["result"] = self._result(name, arguments)
            except Exception:  # the SDK makes the call again and reports what fails
                log.warning("the early %s failed; the server makes the call", name, exc_info=True)

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
            self._attach_stats(name, result, done["stats"])
        log.debug("%s answered early in %.1f ms", name, (time.perf_counter() - started) * 1000)
        return result

    def _result(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        try:
            if name == "pdf_info":
                data: Any = self._core.info(
                    arguments["path"],
                    password=arguments.get("password"),
                    detail=arguments.get("detail", False),
                    content_trust=arguments.get("content_trust", False),
                )
            else:
                # the library's defaults are the tool's (tests/unit/test_early_calls.py checks)
                read = self._core.read_pages if name == "pdf_read_pages" else self._core.read_all
                data = read(arguments["path"], **{k: v for k, v in arguments.items() if k != "path"})
        except PdfcoreError as exc:
            return _error(exc)
        structured, text = _serialize(data)
        return {"content": [{"type": "text", "text": text}], "structuredContent": structured, "isError": False}

    def _attach_stats(self, name: str, result: dict[str, Any], stats: telemetry.CallStats) -> None:
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
            "%s (early): %.1f ms (%s), %d page(s) extracted, %d from the cache, %d bytes out",
            name,
            measured["wall_ms"],
            ", ".join(f"{k} {v:.1f}" for k, v in measured["phases_ms"].items()) or "no phase",
            measured["pages_extracted"],
            measured["pages_cached"],
            measured["bytes_out"],
        )
