"""Foundation benchmark: bare pypdfium2, the peer ``pdf-mcp==3.5.0`` and pdfcore, side by side.

One run measures, on a long book and a short paper:

1. cold ``pdf_info`` (fresh cache directory and fresh server process),
2. cold full-text read: ``pdf_read_all`` with ``start_page=next_page`` until ``next_page`` is null
   (``max_pages=500``), fresh cache and fresh server,
3. warm read: the same loop again on the same server,
4. page 1 rendered at 150 dpi (``pdf_render_pages``), first call on a fresh server and cache,
   then the same call again,
5. server start: process spawn until ``tools/list`` is answered over stdio, for the peer,
   ``pdfcore-mcp`` and a minimal one-tool ``MCPServer`` run by the same interpreter; and until a
   ``ping`` sent after it is answered (pdfcore answers the handshake and ``tools/list`` while the
   SDK loads, see ``mcp_adapter/early.py``; the ping waits for the SDK, so this is the time until
   every request is served).

Baselines run in this process: bare pypdfium2 (text loop; render to PNG with PIL) and pdfcore's
Python API (``pdfcore.build(...)`` started with ``warm()``, then the ``read_all`` loop,
``info``, ``render_pages``), so the cost of the MCP layer
shows. Every figure is the median of several runs; the minimum is printed beside it.

The peer runs in its own interpreter: ``$PDFCORE_PEER_PYTHON`` when set, else
``benchmarks/.peer-venv`` (created on first use with ``pip install -c constraints.txt
pdf-mcp==3.5.0``). The corpus is ``$PDFCORE_CORPUS``, else ``../shared/corpus`` beside the
repository. Usage::

    python benchmarks/bench_foundation.py [--quick] [--json PATH] [--runs N] [--slow-runs N]
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import importlib.metadata
import io
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PEER_SPEC = "pdf-mcp==3.5.0"
PEER_VERSION = "3.5.0"
DPI = 150
MAX_PAGES = 500
CALL_TIMEOUT_S = 1800.0

# name -> path inside the corpus; the long document comes first.
DOCUMENTS = {
    "freeculture": "pdfjs/freeculture.pdf",
    "paper": "uda-benchmark/paper_docs/1705.07830.pdf",
}
LONG_DOC = "freeculture"

MINIMAL_SERVER = """
from mcp.server.mcpserver import MCPServer

app = MCPServer("minimal")


@app.tool()
def ping() -> str:
    \"\"\"Answer pong.\"\"\"
    return "pong"


app.run("stdio")
"""


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Set-up: corpus, peer interpreter, configuration


def corpus_dir() -> Path:
    raw = os.environ.get("PDFCORE_CORPUS")
    path = Path(raw) if raw else REPO.parent / "shared" / "corpus"
    path = path.resolve()
    missing = [rel for rel in DOCUMENTS.values() if not (path / rel).is_file()]
    if missing:
        sys.exit(f"corpus at {path} lacks {', '.join(missing)} (set PDFCORE_CORPUS)")
    return path


def _venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _peer_version(python: Path) -> str | None:
    probe = "import importlib.metadata as m; print(m.version('pdf-mcp'))"
    try:
        out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=120)
    except OSError:
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def peer_python() -> Path:
    """The interpreter that has the peer, creating benchmarks/.peer-venv when needed."""
    raw = os.environ.get("PDFCORE_PEER_PYTHON")
    if raw:
        python = Path(raw)
        found = _peer_version(python)
        if found != PEER_VERSION:
            sys.exit(f"PDFCORE_PEER_PYTHON={raw} does not have {PEER_SPEC} (found: {found})")
        return python
    venv = REPO / "benchmarks" / ".peer-venv"
    python = _venv_python(venv)
    if python.exists() and _peer_version(python) == PEER_VERSION:
        return python
    if not python.exists():
        log(f"creating {venv} ...")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    log(f"installing {PEER_SPEC} into {venv} ...")
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "-c", str(REPO / "constraints.txt"), PEER_SPEC],
        check=True,
    )
    if _peer_version(python) != PEER_VERSION:
        sys.exit(f"{venv} still lacks {PEER_SPEC}")
    return python


def url_fetching_available() -> bool:
    """Whether pdfcore's default fetcher loads here; if not, the benchmark turns URLs off."""
    from pdfcore.config import Settings
    from pdfcore.registry import load_class

    try:
        load_class("fetcher", Settings().backends.fetcher)
    except Exception:  # noqa: BLE001 - any failure means "start without URL support"
        return False
    return True


class Workspace:
    """Scratch directories: an empty pdfcore config file, per-run cache dirs, server stderr logs."""

    def __init__(self, keep: bool) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="bench-foundation-"))
        self.keep = keep
        self.config = self.root / "pdfcore.toml"
        self.config.write_text("# defaults only\n")
        self.neutral_cwd = self.root / "cwd"
        self.neutral_cwd.mkdir()
        self._n = 0
        self.urls_enabled = url_fetching_available()

    @contextlib.contextmanager
    def cache_dir(self, label: str) -> Iterator[Path]:
        self._n += 1
        path = self.root / f"cache-{self._n:03d}-{label}"
        path.mkdir()
        try:
            yield path
        finally:
            shutil.rmtree(path, ignore_errors=True)

    def pdfcore_env(self, cache: Path) -> dict[str, str]:
        env = {"PDFCORE_CONFIG": str(self.config), "PDFCORE_CACHE_DIR": str(cache)}
        if not self.urls_enabled:
            env["PDFCORE_URLS_ENABLED"] = "0"
        return env

    def close(self) -> None:
        if self.keep:
            log(f"scratch kept at {self.root}")
        else:
            shutil.rmtree(self.root, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# In-process baselines


def byte_compile() -> None:
    """Byte-compile pdfcore's packages, as installing a wheel does (an editable install does not,
    and with PYTHONDONTWRITEBYTECODE set nothing else would): the SDK and the peer's modules in
    site-packages were compiled when they were installed, so every server starts from bytecode."""
    import compileall

    for package in ("pdfcore", "ports", "adapters", "mcp_adapter"):
        compileall.compile_dir(str(REPO / package), quiet=1)


def time_it(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def bare_text(path: Path) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    chars = 0
    try:
        for i in range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            chars += len(textpage.get_text_bounded())
            textpage.close()
            page.close()
    finally:
        doc.close()
    return chars


def bare_render(path: Path) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[0]
        buf = io.BytesIO()
        page.render(scale=DPI / 72).to_pil().save(buf, format="PNG")
        page.close()
    finally:
        doc.close()
    return len(buf.getvalue())


def build_core(ws: Workspace, cache: Path) -> Any:
    """pdfcore's Python API over ``cache``, started: its engine workers booted and its cache
    store open (``warm()``), as the server has them by the time it answers a ``ping``; a caller
    that calls at once after ``build()`` waits for that start-up in its first call instead."""
    import pdfcore
    from pdfcore.config import load_settings

    env = ws.pdfcore_env(cache)
    config = env.pop("PDFCORE_CONFIG")
    core = pdfcore.build(load_settings(config, env=env))
    core.warm()
    return core


def api_read_loop(core: Any, path: Path, fmt: str = "text") -> dict[str, int]:
    start: int | None = 1
    calls = pages = nbytes = 0
    total = 0
    while start is not None:
        res = core.read_all(
            str(path), start_page=start, max_pages=MAX_PAGES, **({"format": fmt} if fmt != "text" else {})
        )
        calls += 1
        pages += res.page_count
        nbytes += res.bytes_returned
        total = res.total_pages
        start = res.next_page
    return {"calls": calls, "pages": pages, "bytes": nbytes, "total_pages": total}


# ---------------------------------------------------------------------------------------------
# MCP over stdio


class ServerSpec:
    def __init__(self, name: str, command: str, args: list[str], cwd: Path, env: Callable[[Path], dict[str, str]]):
        self.name = name
        self.command = command
        self.args = args
        self.cwd = cwd
        self.env = env


def server_specs(ws: Workspace, peer_py: Path) -> dict[str, ServerSpec]:
    return {
        "peer": ServerSpec(
            "peer",
            str(peer_py),
            ["-m", "pdf_mcp.server"],
            ws.neutral_cwd,
            lambda cache: {"PDF_MCP_CACHE_DIR": str(cache)},
        ),
        "pdfcore": ServerSpec("pdfcore", sys.executable, ["-m", "mcp_adapter"], REPO, ws.pdfcore_env),
        "minimal": ServerSpec("minimal", sys.executable, ["-c", MINIMAL_SERVER], ws.neutral_cwd, lambda cache: {}),
    }


@contextlib.asynccontextmanager
async def fresh_server(ws: Workspace, spec: ServerSpec, cache: Path) -> Any:
    """A fresh server process, serving: yields (client, seconds from spawn until ``tools/list`` was
    answered, seconds until a ``ping`` sent after it was answered). pdfcore answers
    ``tools/list`` before its SDK has loaded and every other request once it has; waiting for
    the ping means that the calls timed on the yielded client do not include start-up."""
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=spec.command, args=spec.args, env=spec.env(cache), cwd=str(spec.cwd))
    log_path = ws.root / f"{spec.name}.stderr.log"
    with open(log_path, "a", encoding="utf-8") as errlog:
        offset = errlog.tell()
        t0 = time.perf_counter()
        # "legacy" = the initialize handshake for all three servers (the peer predates server/discover).
        client = Client(stdio_client(params, errlog=errlog), mode="legacy", read_timeout_seconds=CALL_TIMEOUT_S)
        try:
            await client.__aenter__()
        except Exception as exc:
            errlog.flush()
            tail = log_path.read_text(encoding="utf-8", errors="replace")[offset:][-3000:]
            raise RuntimeError(f"{spec.name} server did not start; its stderr ends with:\n{tail}") from exc
        try:
            tools = await client.list_tools()
            started = time.perf_counter() - t0
            if not tools.tools:
                raise RuntimeError(f"{spec.name}: tools/list answered with no tools")
            with warnings.catch_warnings():  # ping is deprecated for the stateless protocol only
                warnings.simplefilter("ignore")
                await client.send_ping()
            serving = time.perf_counter() - t0
            yield client, started, serving
        except BaseException as exc:
            await client.__aexit__(type(exc), exc, exc.__traceback__)
            raise
        await client.__aexit__(None, None, None)


def _payload(spec: ServerSpec, tool: str, result: Any) -> dict[str, Any]:
    if result.is_error:
        text = " ".join(getattr(b, "text", "") for b in result.content)
        raise RuntimeError(f"{spec.name} {tool} failed: {text[:500]}")
    data = result.structured_content
    if not data:
        data = json.loads(result.content[0].text)
    if isinstance(data, dict) and "error" in data:
        raise RuntimeError(f"{spec.name} {tool} failed: {data}")
    return dict(data)


async def mcp_info(client: Any, spec: ServerSpec, path: Path) -> dict[str, Any]:
    data = _payload(spec, "pdf_info", await client.call_tool("pdf_info", {"path": str(path)}))
    return {"page_count": data.get("page_count")}


async def mcp_read_loop(client: Any, spec: ServerSpec, path: Path, fmt: str = "text") -> dict[str, int]:
    start: int | None = 1
    calls = pages = nbytes = 0
    total = 0
    while start is not None:
        args: dict[str, Any] = {"path": str(path), "max_pages": MAX_PAGES, "start_page": start}
        if fmt != "text":
            args["format"] = fmt
        data = _payload(spec, "pdf_read_all", await client.call_tool("pdf_read_all", args))
        calls += 1
        pages += int(data["page_count"])
        nbytes += int(data["bytes_returned"])
        total = int(data["total_pages"])
        start = data.get("next_page")
    if pages != total:
        raise RuntimeError(f"{spec.name} read loop covered {pages} of {total} pages")
    return {"calls": calls, "pages": pages, "bytes": nbytes, "total_pages": total}


async def mcp_render(client: Any, spec: ServerSpec, path: Path) -> int:
    args = {"path": str(path), "pages": "1", "dpi": DPI}
    result = await client.call_tool("pdf_render_pages", args)
    if result.is_error:
        _payload(spec, "pdf_render_pages", result)
    images = [b for b in result.content if getattr(b, "type", None) == "image"]
    if len(images) != 1:
        raise RuntimeError(f"{spec.name} pdf_render_pages returned {len(images)} images")
    return len(base64.b64decode(images[0].data))


async def timed(coro: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = await coro
    return time.perf_counter() - t0, out


# ---------------------------------------------------------------------------------------------
# The run


class Results:
    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {}
        self.facts: dict[str, Any] = {}

    def add(self, key: str, seconds: float) -> None:
        self.samples.setdefault(key, []).append(seconds)

    def median(self, key: str) -> float | None:
        values = self.samples.get(key)
        return statistics.median(values) if values else None

    def minimum(self, key: str) -> float | None:
        values = self.samples.get(key)
        return min(values) if values else None


def _with_core(ws: Workspace, fn: Callable[[Any], Any]) -> tuple[float, Any]:
    """Time ``fn(core)`` on a pdfcore built and started over a fresh cache dir (not timed)."""
    with ws.cache_dir("api") as cache:
        core = build_core(ws, cache)
        try:
            return time_it(lambda: fn(core))
        finally:
            core.close()


def _api_info(core: Any, path: Path) -> Any:
    return core.info(str(path))


def _api_render(core: Any, path: Path) -> Any:
    return core.render_pages(str(path), 1, dpi=DPI)


def _api_cold_warm(core: Any, path: Path) -> tuple[float, float, dict[str, int]]:
    cold, out = time_it(lambda: api_read_loop(core, path))
    warm, _ = time_it(lambda: api_read_loop(core, path))
    return cold, warm, out


async def run_all(
    res: Results, ws: Workspace, specs: dict[str, ServerSpec], docs: dict[str, Path], runs: int, slow_runs: int
) -> None:
    """Every repetition is one round over all contenders, so drifting machine load hits them alike."""
    servers = [s for s in ("peer", "pdfcore") if s in specs]

    # (5) start-up
    for i in range(runs):
        for name in [*servers, "minimal"]:
            with ws.cache_dir(f"start-{name}") as cache:
                async with fresh_server(ws, specs[name], cache) as (_client, started, serving):
                    res.add(f"start.{name}", started)
                    res.add(f"serving.{name}", serving)
        log(
            f"start round {i + 1}/{runs}: "
            + ", ".join(
                f"{n} {res.samples[f'start.{n}'][-1]:.3f}s (ping {res.samples[f'serving.{n}'][-1]:.3f}s)"
                for n in [*servers, "minimal"]
            )
        )

    for doc, path in docs.items():
        bare_text(path)  # brings the file into the OS page cache; not timed
        # (2)+(3) cold then warm full read; the peer's cold read of the long book takes minutes,
        # so it gets slow_runs rounds.
        for i in range(runs):
            sec, chars = time_it(functools.partial(bare_text, path))
            res.add(f"{doc}.read_cold.bare", sec)
            res.facts[f"{doc}.bare.chars"] = chars
            with ws.cache_dir("api") as cache:
                core = build_core(ws, cache)
                try:
                    cold, warm, out = _api_cold_warm(core, path)
                finally:
                    core.close()
            res.add(f"{doc}.read_cold.api", cold)
            res.add(f"{doc}.read_warm.api", warm)
            res.facts[f"{doc}.api.read"] = out
            ran = ["bare", "api"]
            for name in servers:
                if name == "peer" and doc == LONG_DOC and i >= slow_runs:
                    continue
                ran.append(name)
                spec = specs[name]
                with ws.cache_dir(f"read-{name}") as cache:
                    async with fresh_server(ws, spec, cache) as (client, _, _):
                        sec, out = await timed(mcp_read_loop(client, spec, path))
                        res.add(f"{doc}.read_cold.{name}", sec)
                        res.facts[f"{doc}.{name}.read"] = out
                        sec, _ = await timed(mcp_read_loop(client, spec, path))
                        res.add(f"{doc}.read_warm.{name}", sec)
            # (2m) the same cold read as Markdown (pdfcore only: the peer has no such format)
            with ws.cache_dir("api-md") as cache:
                core = build_core(ws, cache)
                try:
                    sec, out = time_it(functools.partial(api_read_loop, core, path, "markdown"))
                finally:
                    core.close()
            res.add(f"{doc}.read_md_cold.api", sec)
            res.add(f"{doc}.read_md_cold.bare", res.samples[f"{doc}.read_cold.bare"][-1])
            if "pdfcore" in servers:
                with ws.cache_dir("read-md-pdfcore") as cache:
                    async with fresh_server(ws, specs["pdfcore"], cache) as (client, _, _):
                        sec, out = await timed(mcp_read_loop(client, specs["pdfcore"], path, "markdown"))
                        res.add(f"{doc}.read_md_cold.pdfcore", sec)
                        res.facts[f"{doc}.pdfcore.read_md"] = out
            log(
                f"{doc} read round {i + 1}/{runs}: "
                + ", ".join(f"{who} {res.samples[f'{doc}.read_cold.{who}'][-1]:.3f}s" for who in ran)
                + f"; markdown api {res.samples[f'{doc}.read_md_cold.api'][-1]:.3f}s"
                + (
                    f", pdfcore {res.samples[f'{doc}.read_md_cold.pdfcore'][-1]:.3f}s"
                    if f"{doc}.read_md_cold.pdfcore" in res.samples
                    else ""
                )
            )
        # (1) cold info and (4) render of page 1
        for i in range(runs):
            sec, size = time_it(functools.partial(bare_render, path))
            res.add(f"{doc}.render.bare", sec)
            res.facts[f"{doc}.bare.png_bytes"] = size
            sec, _ = _with_core(ws, functools.partial(_api_info, path=path))
            res.add(f"{doc}.info_cold.api", sec)
            sec, _ = _with_core(ws, functools.partial(_api_render, path=path))
            res.add(f"{doc}.render.api", sec)
            for name in servers:
                spec = specs[name]
                with ws.cache_dir(f"info-{name}") as cache:
                    async with fresh_server(ws, spec, cache) as (client, _, _):
                        sec, out = await timed(mcp_info(client, spec, path))
                        res.add(f"{doc}.info_cold.{name}", sec)
                        res.facts[f"{doc}.{name}.info"] = out
                # first call on a fresh server and cache, then the same call again
                with ws.cache_dir(f"render-{name}") as cache:
                    async with fresh_server(ws, spec, cache) as (client, _, _):
                        sec, size = await timed(mcp_render(client, spec, path))
                        res.add(f"{doc}.render.{name}", sec)
                        res.facts[f"{doc}.{name}.png_bytes"] = size
                        sec, _ = await timed(mcp_render(client, spec, path))
                        res.add(f"{doc}.render_again.{name}", sec)
            log(
                f"{doc} info/render round {i + 1}/{runs}: "
                + ", ".join(
                    f"{who} info {res.samples[f'{doc}.info_cold.{who}'][-1]:.3f}s "
                    f"render {res.samples[f'{doc}.render.{who}'][-1]:.3f}s"
                    for who in ("api", *servers)
                )
            )


# ---------------------------------------------------------------------------------------------
# Report


def fmt(res: Results, key: str) -> str:
    med, low = res.median(key), res.minimum(key)
    if med is None or low is None:
        return "-"
    return f"{low:.3f} / {med:.3f}"


def ratio(res: Results, num: str, den: str) -> float | None:
    a, b = res.median(num), res.median(den)
    if a is None or b is None or b == 0:
        return None
    return a / b


def fmt_ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def verdict(value: float | None, *, at_most: float | None = None, at_least: float | None = None) -> str:
    if value is None:
        return "-"
    ok = (at_most is None or value <= at_most) and (at_least is None or value >= at_least)
    return "met" if ok else "MISSED"


ROWS = [
    # metric key, label
    ("info_cold", "(1) cold pdf_info"),
    ("read_cold", "(2) cold full read"),
    ("read_md_cold", "(2m) cold full read, format=markdown"),
    ("read_warm", "(3) warm full read"),
    ("render", f"(4) render p.1 @{DPI} dpi"),
    ("render_again", f"(4b) render p.1 @{DPI} dpi, same call again"),
]
TARGETS = {
    # metric -> (ours/bare at most, peer/ours at least)
    "read_cold": (2.0, 50.0),
    "read_md_cold": (3.0, None),
    "render": (1.3, None),
}


def report(res: Results, docs: dict[str, Path]) -> tuple[str, list[dict[str, Any]]]:
    lines: list[str] = []
    checks: list[dict[str, Any]] = []
    lines.append("Seconds, min / median. MCP = stdio server driven by the `mcp` client; API = pdfcore in-process.")
    lines.append(
        "Cold = fresh server process and fresh cache dir, so MCP figures include first-use engine loading; "
        "(3) and (4b) reuse that server (pdf-mcp may answer (4b) from its render cache; pdfcore re-renders). "
        "Bare and API run in this process with modules already imported, each API run on a fresh cache dir. "
        "Ratios divide medians; pdf-mcp / pdfcore above 1 means pdfcore is faster."
    )
    for doc in docs:
        pages = res.facts.get(f"{doc}.pdfcore.read", res.facts.get(f"{doc}.api.read", {})).get("total_pages", "?")
        lines.append("")
        lines.append(f"### {doc} ({DOCUMENTS[doc]}, {pages} pages)")
        lines.append("")
        lines.append(
            "| measurement | bare pypdfium2 | pdfcore API | pdfcore MCP | pdf-mcp 3.5.0 MCP | pdfcore MCP / bare | pdf-mcp / pdfcore MCP |"
        )
        lines.append("|---|---|---|---|---|---|---|")
        for metric, label in ROWS:
            key = f"{doc}.{metric}"
            ours_bare = ratio(res, f"{key}.pdfcore", f"{key}.bare")
            peer_ours = ratio(res, f"{key}.peer", f"{key}.pdfcore")
            lines.append(
                f"| {label} | {fmt(res, key + '.bare')} | {fmt(res, key + '.api')} | {fmt(res, key + '.pdfcore')} | "
                f"{fmt(res, key + '.peer')} | {fmt_ratio(ours_bare)} | {fmt_ratio(peer_ours)} |"
            )
            most, least = TARGETS.get(metric, (None, None))
            if most is not None:
                checks.append(
                    _check(
                        f"{doc}: {label}, pdfcore MCP / bare", ours_bare, f"<= {most}", verdict(ours_bare, at_most=most)
                    )
                )
                api_bare = ratio(res, f"{key}.api", f"{key}.bare")
                checks.append(
                    _check(
                        f"{doc}: {label}, pdfcore API / bare", api_bare, f"<= {most}", verdict(api_bare, at_most=most)
                    )
                )
            if least is not None:
                checks.append(
                    _check(
                        f"{doc}: {label}, pdf-mcp / pdfcore MCP",
                        peer_ours,
                        f">= {least}",
                        verdict(peer_ours, at_least=least),
                    )
                )
        out_bytes = {who: res.facts.get(f"{doc}.{who}.read", {}).get("bytes") for who in ("api", "pdfcore", "peer")}
        calls = {who: res.facts.get(f"{doc}.{who}.read", {}).get("calls") for who in ("pdfcore", "peer")}
        lines.append("")
        lines.append(
            f"Full read returned: bare {res.facts.get(f'{doc}.bare.chars', '-')} chars; text bytes pdfcore "
            f"{out_bytes['pdfcore'] or out_bytes['api'] or '-'} in {calls['pdfcore'] or '-'} calls, pdf-mcp "
            f"{out_bytes['peer'] or '-'} in {calls['peer'] or '-'} calls. PNG bytes: bare "
            f"{res.facts.get(f'{doc}.bare.png_bytes', '-')}, pdfcore {res.facts.get(f'{doc}.pdfcore.png_bytes', '-')}, "
            f"pdf-mcp {res.facts.get(f'{doc}.peer.png_bytes', '-')}."
        )

    lines.append("")
    lines.append("### Server start (spawn until `tools/list` answered, stdio)")
    lines.append("")
    lines.append("| server | until `tools/list`, s, min / median | until a `ping` after it, s, min / median |")
    lines.append("|---|---|---|")
    for name, label in (
        ("minimal", "minimal one-tool MCPServer"),
        ("pdfcore", "pdfcore-mcp"),
        ("peer", "pdf-mcp 3.5.0"),
    ):
        lines.append(f"| {label} | {fmt(res, 'start.' + name)} | {fmt(res, 'serving.' + name)} |")
    start_min = ratio(res, "start.pdfcore", "start.minimal")
    start_peer = ratio(res, "start.peer", "start.pdfcore")
    checks.append(_check("start: pdfcore / minimal", start_min, "<= 1.25", verdict(start_min, at_most=1.25)))
    checks.append(_check("start: pdf-mcp / pdfcore", start_peer, ">= 2", verdict(start_peer, at_least=2.0)))
    serving_min = ratio(res, "serving.pdfcore", "serving.minimal")
    serving_peer = ratio(res, "serving.peer", "serving.pdfcore")
    checks.append(_check("serving (ping answered): pdfcore / minimal", serving_min, "(extra)", "-"))
    checks.append(_check("serving (ping answered): pdf-mcp / pdfcore", serving_peer, "(extra)", "-"))

    lines.append("")
    lines.append("### Targets (ratios of medians)")
    lines.append("")
    lines.append("| check | ratio | target | result |")
    lines.append("|---|---|---|---|")
    for c in checks:
        lines.append(f"| {c['check']} | {fmt_ratio(c['ratio'])} | {c['target']} | {c['result']} |")
    return "\n".join(lines), checks


def _check(name: str, value: float | None, target: str, result: str) -> dict[str, Any]:
    return {"check": name, "ratio": value, "target": target, "result": result}


def _pdfcore_backends(ws: Workspace) -> dict[str, Any]:
    from pdfcore.config import load_settings, to_mapping

    env = ws.pdfcore_env(ws.root / "unused")
    backends: dict[str, Any] = to_mapping(load_settings(env.pop("PDFCORE_CONFIG"), env=env))["backends"]
    return backends


def environment(peer_py: Path | None, ws: Workspace, runs: int, slow_runs: int) -> dict[str, Any]:
    def version(dist: str) -> str | None:
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            return None

    commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
    )
    return {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "pdfcore": version("pdfcore"),
        "pypdfium2": version("pypdfium2"),
        "mcp": version("mcp"),
        "peer_python": str(peer_py) if peer_py else None,
        "git_commit": commit.stdout.strip() or None,
        "git_dirty": bool(dirty.stdout.strip()) if dirty.returncode == 0 else None,
        "pdfcore_url_fetching": ws.urls_enabled,
        "pdfcore_backends": _pdfcore_backends(ws),
        "runs": runs,
        "slow_runs": slow_runs,
        "loadavg_start": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--quick", action="store_true", help="fewer repetitions (2 runs, 1 slow run)")
    p.add_argument("--runs", type=int, help="repetitions of each measurement (default 5; --quick 2)")
    p.add_argument(
        "--slow-runs", type=int, help="repetitions of the peer's cold read of the long book (default 3; --quick 1)"
    )
    p.add_argument("--json", metavar="PATH", help="write raw samples, medians and ratios to PATH")
    p.add_argument("--doc", action="append", choices=sorted(DOCUMENTS), help="only this document (repeatable)")
    p.add_argument("--no-peer", action="store_true", help="skip pdf-mcp (pdfcore and baselines only)")
    p.add_argument("--keep", action="store_true", help="keep the scratch directory (server stderr logs)")
    args = p.parse_args(argv)
    runs = args.runs or (2 if args.quick else 5)
    slow_runs = args.slow_runs or (1 if args.quick else 3)

    sys.path.insert(0, str(REPO))  # pdfcore from this checkout, installed or not
    byte_compile()
    corpus = corpus_dir()
    docs = {name: corpus / rel for name, rel in DOCUMENTS.items() if not args.doc or name in args.doc}
    peer_py = None if args.no_peer else peer_python()
    ws = Workspace(keep=args.keep)
    if not ws.urls_enabled:
        log("note: pdfcore's URL fetcher does not load here; pdfcore runs with PDFCORE_URLS_ENABLED=0")
    env = environment(peer_py, ws, runs, slow_runs)
    res = Results()
    t_start = time.perf_counter()
    try:
        specs = server_specs(ws, peer_py or Path(sys.executable))
        if args.no_peer:
            del specs["peer"]
        import anyio

        # The SDK client imports its result validator (jsonschema, ~0.1 s) on its first
        # call_tool of a tool with an output schema: client start-up, loaded here once rather
        # than inside whichever timed call comes first.
        import jsonschema  # noqa: F401

        anyio.run(run_all, res, ws, specs, docs, runs, slow_runs)
    except BaseException:
        ws.keep = True
        raise
    finally:
        ws.close()
    env["loadavg_end"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    env["wall_seconds"] = round(time.perf_counter() - t_start, 1)

    table, checks = report(res, docs)
    command = " ".join(["python benchmarks/bench_foundation.py", *(sys.argv[1:] if argv is None else argv)])
    load = env["loadavg_start"]
    load_text = "/".join(f"{x:.2f}" for x in load) if load else "?"
    print(f"## Foundation benchmark ({env['date']}, {env['cpus']} CPUs, load average at start {load_text})")
    print()
    tree = f"{env['git_commit']}{' with uncommitted changes' if env['git_dirty'] else ''}"
    print(f"Command: `{command}`; runs={runs}, slow runs={slow_runs}; wall {env['wall_seconds']} s; tree {tree}.")
    if not ws.urls_enabled:
        print("pdfcore ran with URL fetching off (its fetcher backend does not load in this checkout).")
    backends = env["pdfcore_backends"]
    print(f"pdfcore backends: {', '.join(f'{k}={v}' for k, v in backends.items())}.")
    print()
    print(table)

    if args.json:
        out = {
            "environment": env,
            "documents": {name: str(path) for name, path in docs.items()},
            "samples": res.samples,
            "medians": {k: res.median(k) for k in res.samples},
            "minimums": {k: res.minimum(k) for k in res.samples},
            "facts": res.facts,
            "checks": checks,
        }
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(out, indent=2, default=str) + "\n")
        log(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
