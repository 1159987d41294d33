"""``pdfcore-mcp``: the MCP server, over stdio (the default) or Streamable HTTP (``--transport http``).

Only protocol messages go to stdout; logs go to stderr. Start-up imports the MCP SDK and the
light core only: engines (pdfium, torch, OCR) load on first use. Over stdio the wire is claimed
first and the first requests of a session are answered from the catalog while the SDK loads
(:mod:`mcp_adapter.early`); over HTTP (:mod:`mcp_adapter.http`) the server listens once built.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys
import threading
from typing import Any

#: Seconds start-up waits for a tool call being answered early before it goes on beside it.
EARLY_CALL_SETTLE_S = 1.5
#: After a tool call answered early, the MCP SDK loads once no call has come for this long (or
#: at once when a request needs it): a client reading on back to back is not slowed by it.
EARLY_QUIET_S = 0.25


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="pdfcore-mcp", description="pdfcore MCP server (stdio or Streamable HTTP)")
    p.add_argument("--profile", choices=("full", "compact"), help="tool set to expose (default: config, else full)")
    p.add_argument("--root", action="append", default=[], help="allowed root folder (repeatable)")
    p.add_argument("--config", help="configuration file (default: $PDFCORE_CONFIG or ~/.config/pdfcore/config.toml)")
    p.add_argument("--transport", choices=("stdio", "http"), help="stdio (default: config, else stdio) or http")
    http = p.add_argument_group("HTTP transport (see docs/deployment.md)")
    http.add_argument("--host", help="address to listen on (default: config, else 127.0.0.1)")
    http.add_argument("--port", type=int, help="port to listen on (default: config, else 8765; 0: any free port)")
    http.add_argument("--path", help="the MCP endpoint (default: config, else /mcp)")
    http.add_argument(
        "--token-file",
        help="file whose first line is the bearer token clients must send (else PDFCORE_HTTP_TOKEN or config)",
    )
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from pdfcore.config import load_settings
    from pdfcore.errors import PdfcoreError

    overrides: dict[str, dict[str, object]] = {}
    if args.root:
        overrides["paths"] = {"roots": list(args.root)}
    if args.profile:
        overrides.setdefault("server", {})["profile"] = args.profile
    if args.transport:
        overrides.setdefault("server", {})["transport"] = args.transport
    for key in ("host", "port", "path"):
        if getattr(args, key) is not None:
            overrides.setdefault("http", {})[key] = getattr(args, key)
    try:
        settings = load_settings(args.config, overrides=overrides)
    except PdfcoreError as exc:
        sys.stderr.write(f"pdfcore-mcp: {exc.code}: {exc.message}\n")
        return 2
    # After the settings: the level (file or PDFCORE_LOG_LEVEL) is validated there, by key.
    logging.basicConfig(
        stream=sys.stderr,
        level=settings.server.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if settings.server.transport == "http":
        return _serve_http(settings, args.token_file)
    from mcp_adapter.early import Answers, Wire

    # [server] early_answers = false: no early answers, every request waits for the SDK (the wire
    # is still claimed, so nothing but protocol reaches stdout).
    answers = Answers.load(settings.server.profile) if settings.server.early_answers else None
    wire = Wire.claim(answers)
    wire.start()
    # Start-up (the core, the SDK import) creates long-lived objects and no garbage cycles worth
    # a collection: the cyclic collector waits until the server is built (see _serve).
    gc.disable()
    try:
        return _serve(settings, wire)
    finally:
        gc.enable()
        wire.release()


def _serve(settings: Any, wire: Any) -> int:
    import anyio

    import pdfcore
    from pdfcore.errors import PdfcoreError

    try:
        core = pdfcore.build(settings)
    except PdfcoreError as exc:
        sys.stderr.write(f"pdfcore-mcp: {exc.code}: {exc.message}\n")
        return 2
    # The first pdf_info, pdf_read_pages and pdf_read_all calls of the session are answered before the SDK serves (the engine
    # call still runs in an engine worker): mcp_adapter.early_calls.
    calls = None
    if settings.server.profile == "full":
        from mcp_adapter.early_calls import EarlyCalls

        calls = EarlyCalls(
            core,
            surface="full",
            stats=bool(getattr(settings.server, "stats", False)),
            timeout_seconds=settings.limits.call_timeout_seconds,
        )
    wire.serve_calls(calls)
    # A call being answered early is what the client waits for: the other workers, the store
    # and the SDK import start once it is answered (measured in docs/benchmarks.md, "First
    # calls"), or after EARLY_CALL_SETTLE_S when it takes longer.
    wire.settle(EARLY_CALL_SETTLE_S)
    # build() started one engine worker; the others start now too: they boot while this process
    # imports the MCP SDK (the client has its tool list already, mcp_adapter.early), so the first
    # calls find them ready. All of them load the table engine now (a Markdown read asks it).
    core.services.prestart(None, tables=True)
    # The cache store opens and the code that reads pages loads beside the SDK import too, so
    # the first call does not share the process with them.
    threading.Thread(target=_warm_store, args=(core,), name="pdfcore-early-warm", daemon=True).start()
    # Calls answered early meanwhile make garbage like any call: the collector runs while they do.
    gc.enable()
    wire.quiet(EARLY_QUIET_S)
    gc.disable()
    if wire.ended and not wire.needed:
        # every request was answered early and the client is gone: nothing for the SDK to do
        core.close()
        return 0
    from mcp_adapter.server import create_server

    server = create_server(core)
    # What start-up built (the SDK, its schemas, the tool catalog: several hundred thousand
    # objects that live as long as the process) leaves the cyclic collector's care: its first
    # full collection, in the first call, otherwise walks all of them (~60 ms with the GIL held).
    gc.freeze()
    gc.enable()
    try:
        anyio.run(server.run_stdio_async, wire.incoming(), wire.outgoing())
    finally:
        core.close()
    return 0


def _serve_http(settings: Any, token_file: str | None) -> int:
    """Streamable HTTP until SIGTERM / SIGINT (:mod:`mcp_adapter.http`)."""
    import functools
    import importlib.util

    import anyio

    import pdfcore
    from mcp_adapter.http import bind_socket, check_bind, read_token, serve
    from pdfcore.errors import PdfcoreError

    try:
        token = read_token(settings.http, token_file)
        check_bind(settings.http.host, token)
        sock = bind_socket(settings.http.host, settings.http.port)
    except PdfcoreError as exc:
        sys.stderr.write(f"pdfcore-mcp: {exc.code}: {exc.message}\n")
        return 2
    try:
        core = pdfcore.build(settings)
    except PdfcoreError as exc:
        sock.close()
        sys.stderr.write(f"pdfcore-mcp: {exc.code}: {exc.message}\n")
        return 2
    core.services.prestart(None, tables=True)
    threading.Thread(target=_warm_store, args=(core,), name="pdfcore-early-warm", daemon=True).start()
    from mcp_adapter.server import create_server

    server = create_server(core)
    gc.freeze()
    try:
        # uvloop, when installed, runs the event loop (with httptools parsing HTTP, uvicorn's
        # choice when installed): a warm call answers in about half the time.
        options = {"use_uvloop": True} if importlib.util.find_spec("uvloop") is not None else {}
        anyio.run(functools.partial(serve, server, settings.http, token=token, sock=sock), backend_options=options)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        core.close()
    return 0


def _warm_store(core: Any) -> None:
    try:
        core.warm(engines=False)
    except Exception:  # the first call opens the store again and reports what fails there
        logging.getLogger("mcp_adapter").warning("opening the cache store early failed", exc_info=True)


if __name__ == "__main__":
    sys.exit(main())
