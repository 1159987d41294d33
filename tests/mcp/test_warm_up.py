"""Start-up work after tools/list: the cache store opens at once, the other engine workers only
once no tool call has run for a moment (a booting worker would compete with the call)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from mcp_adapter import server as server_module
from mcp_adapter.server import _Activity
from tests.pdfgen import simple_document


def test_wait_quiet_waits_for_calls_in_flight_and_then_the_quiet_time() -> None:
    activity = _Activity()
    activity.begin()
    done = threading.Event()

    def waiter() -> None:
        activity.wait_quiet(0.2)
        done.set()

    t = threading.Thread(target=waiter)
    t.start()
    assert not done.wait(0.4)  # a call is in flight: however long, no warm-up
    activity.end()
    ended = time.monotonic()
    assert done.wait(5)
    assert time.monotonic() - ended >= 0.19  # and then the quiet time after it
    t.join()


def test_engines_warm_after_the_first_call_not_during_it(server, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(server_module, "ENGINE_WARM_QUIET_S", 0.3)
    pdf = simple_document(tmp_path / "s.pdf", 2)
    events: list[tuple[str, float]] = []
    warmed = threading.Event()

    def warm(*, store: bool = True, engines: bool = True) -> None:
        events.append(("store" if store else "engines", time.monotonic()))
        if engines:
            warmed.set()

    server._warm = warm
    core: Any = server._core
    render = core.render_pages

    def slow_render(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.6)  # longer than the quiet time
        events.append(("call done", time.monotonic()))
        return render(*args, **kwargs)

    core.render_pages = slow_render

    async def main() -> None:
        async with Client(server) as c:
            await c.list_tools()
            result = await c.call_tool("pdf_render_pages", {"path": str(pdf), "pages": "1", "dpi": 72})
            assert not result.is_error
            await anyio.to_thread.run_sync(warmed.wait, 10)

    anyio.run(main)
    names = [name for name, _ in events]
    assert names == ["store", "call done", "engines"], names
    times = dict(events)
    assert times["engines"] - times["call done"] >= 0.25
