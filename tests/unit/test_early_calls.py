"""The first pdf_info answered without the SDK (mcp_adapter.early_calls): which calls it makes,
the result shape, the call's time limit, and the calls it leaves to the SDK."""

from __future__ import annotations

import json
import logging
import time
from typing import Any, cast

from mcp_adapter.early_calls import EarlyCalls
from pdfcore.errors import FileNotFound


class _Core:
    def __init__(self, sleep: float = 0.0, fail: Exception | None = None, warn: bool = False) -> None:
        self.sleep, self.fail, self.warn = sleep, fail, warn
        self.calls: list[dict[str, Any]] = []

    def info(self, path: str, **kwargs: Any) -> dict[str, Any]:
        self.calls.append({"path": path, **kwargs})
        time.sleep(self.sleep)
        if self.warn:
            logging.getLogger("pdfcore.services").warning("a page could not be read")
        if self.fail is not None:
            raise self.fail
        return {"page_count": 3, "title": "é"}


def _calls(core: _Core, timeout: float = 5.0) -> EarlyCalls:
    return EarlyCalls(cast(Any, core), surface="full", stats=False, timeout_seconds=timeout)


def test_pdf_info_is_made_with_the_tool_s_arguments_and_answered_in_the_sdk_s_shape() -> None:
    core = _Core()
    result = _calls(core).call("pdf_info", {"path": "a.pdf", "detail": True})
    assert result == {
        "content": [{"type": "text", "text": '{"page_count":3,"title":"é"}'}],
        "structuredContent": {"page_count": 3, "title": "é"},
        "isError": False,
    }
    assert core.calls == [{"path": "a.pdf", "password": None, "detail": True, "content_trust": False}]


def test_an_error_is_an_is_error_result() -> None:
    result = _calls(_Core(fail=FileNotFound("No such file: a.pdf"))).call("pdf_info", {"path": "a.pdf"})
    assert result is not None and result["isError"] is True and "structuredContent" not in result
    assert json.loads(result["content"][0]["text"])["error"] == "file_not_found"


def test_the_call_s_time_limit_holds() -> None:
    started = time.monotonic()
    result = _calls(_Core(sleep=2.0), timeout=0.2).call("pdf_info", {"path": "a.pdf"})
    assert time.monotonic() - started < 1.5
    assert result is not None and result["isError"] is True
    assert json.loads(result["content"][0]["text"])["error"] == "resource_limit"


def test_calls_left_to_the_sdk() -> None:
    core = _Core()
    calls = _calls(core)
    assert calls.call("pdf_read_all", {"path": "a.pdf"}) is None  # another tool
    assert calls.call("pdf_info", {"path": "a.pdf", "pages": "1"}) is None  # an argument it does not take
    assert calls.call("pdf_info", {"path": "a.pdf", "detail": "yes"}) is None  # a wrong type
    assert calls.call("pdf_info", {"path": "a.pdf", "detail": 1}) is None
    assert calls.call("pdf_info", {}) is None and calls.call("pdf_info", ["a.pdf"]) is None
    assert core.calls == []
    warned = _Core(warn=True)
    assert _calls(warned).call("pdf_info", {"path": "a.pdf"}) is None  # the SDK sends the warning
    assert len(warned.calls) == 1


class _Reader(_Core):
    def read_all(self, path: str, **kwargs: Any) -> dict[str, Any]:
        self.calls.append({"path": path, **kwargs})
        return {"markdown": "# T", "next_page": None}


def test_pdf_read_all_is_made_with_the_tool_s_arguments_and_defaults() -> None:
    core = _Reader()
    result = _calls(core).call("pdf_read_all", {"path": "a.pdf", "format": "markdown", "max_pages": 500})
    assert result is not None and result["structuredContent"] == {"markdown": "# T", "next_page": None}
    assert core.calls == [{"path": "a.pdf", "format": "markdown", "max_pages": 500}]  # the rest: the defaults


def test_the_library_s_defaults_are_the_read_tools_defaults() -> None:
    """The early reads pass the arguments given and leave the others to ``Pdfcore``'s defaults:
    they must be the defaults the tools declare (the recorded catalog's input schemas)."""
    import inspect
    from pathlib import Path

    from mcp_adapter.early_calls import EARLY_TOOLS
    from pdfcore.api import Pdfcore

    catalog = json.loads((Path(__file__).parents[2] / "mcp_adapter" / "tools.json").read_text(encoding="utf-8"))
    tools = {t["name"]: t for t in catalog["profiles"]["full"]}
    for name, method in (("pdf_read_all", Pdfcore.read_all), ("pdf_read_pages", Pdfcore.read_pages)):
        schema = tools[name]["inputSchema"]["properties"]
        params = inspect.signature(method).parameters
        assert set(EARLY_TOOLS[name]) == set(schema), name
        for arg, prop in schema.items():
            if "default" in prop:
                assert params[arg].default == prop["default"], (name, arg)
            else:
                assert arg == "path"


def test_pdf_read_pages_is_made_early_unless_it_recognises_scans() -> None:
    core = _Reader()
    core.read_pages = lambda path, **kwargs: core.calls.append({"path": path, **kwargs}) or {"pages": []}  # type: ignore[attr-defined]
    calls = _calls(core)
    assert calls.call("pdf_read_pages", {"path": "a.pdf", "pages": "1-2", "format": "markdown"}) is not None
    assert calls.call("pdf_read_pages", {"path": "a.pdf", "pages": 3, "ocr": False}) is not None
    assert calls.call("pdf_read_pages", {"path": "a.pdf", "ocr": True}) is None  # OCR: the SDK's
    assert core.calls == [
        {"path": "a.pdf", "pages": "1-2", "format": "markdown"},
        {"path": "a.pdf", "pages": 3, "ocr": False},
    ]


def test_pdf_read_all_arguments_the_sdk_judges() -> None:
    core = _Reader()
    calls = _calls(core)
    for arguments in (
        {"path": "a.pdf", "max_pages": True},  # a bool for an int
        {"path": "a.pdf", "format": "html"},  # not a format the tool takes
        {"path": "a.pdf", "start_page": "2"},
        {"path": "a.pdf", "pages": "1"},  # not an argument of the tool
        {"max_pages": 3},  # no path
    ):
        assert calls.call("pdf_read_all", arguments) is None, arguments
    assert core.calls == []
