"""Running blocking library calls from async tools: worker threads, a concurrency cap, a queue
cap (backpressure instead of an endless queue), a per-call time limit, and error mapping.

Every tool result is either the call's value or a :class:`pdfcore.errors.PdfcoreError`; an
unexpected exception becomes ``internal_error`` with the detail logged to stderr only.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from pdfcore.errors import InternalError, PdfcoreError, ResourceLimit

log = logging.getLogger("pdfcore.mcp")

T = TypeVar("T")


class CallRunner:
    def __init__(self, *, max_concurrent: int, max_queued: int, timeout_seconds: float) -> None:
        self.limiter = anyio.CapacityLimiter(max_concurrent)
        self.max_concurrent = max_concurrent
        self.max_queued = max_queued
        self.timeout_seconds = timeout_seconds
        self._waiting = 0

    async def run(self, fn: Callable[[], T], *, heavy: bool = True) -> T:
        """Run ``fn`` in a worker thread within the limits; raise PdfcoreError on any failure."""
        if not heavy:
            return await self._call(fn)
        busy = self.limiter.borrowed_tokens >= self.max_concurrent
        if busy and self._waiting >= self.max_queued:
            raise ResourceLimit(
                f"Too many calls at once: {self.max_concurrent} running and {self._waiting} waiting.",
                recovery="Wait for earlier calls to finish, then call again.",
            )
        self._waiting += 1
        try:
            await self.limiter.acquire()
        finally:
            self._waiting -= 1
        try:
            return await self._call(fn)
        finally:
            self.limiter.release()

    async def _call(self, fn: Callable[[], T]) -> T:
        try:
            with anyio.fail_after(self.timeout_seconds):
                return await anyio.to_thread.run_sync(fn, abandon_on_cancel=True)
        except TimeoutError:
            raise timeout_error(self.timeout_seconds) from None
        except PdfcoreError:
            raise
        except Exception as exc:
            log.exception("unexpected error in a tool call")
            raise InternalError("An unexpected error occurred in the server; the detail is in its log.") from exc


def timeout_error(seconds: float) -> ResourceLimit:
    """What a call abandoned at its time limit answers."""
    return ResourceLimit(
        f"The call took longer than {seconds:g} s and was abandoned.",
        recovery="Ask for less in one call: a narrower page range or fewer pages.",
    )


def error_json(exc: PdfcoreError) -> str:
    return json.dumps(exc.to_dict(), ensure_ascii=False)
