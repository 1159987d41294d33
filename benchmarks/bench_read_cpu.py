"""CPU time of a cold full read, per phase: what the machine's load cannot blur.

Wall-clock ratios on a shared machine move with its load; the CPU a read costs does not (much).
This script reads ``pdfjs/freeculture.pdf`` (352 pages) whole with the documented ``read_all``
loop on a fresh cache, through the Python API or a fresh MCP server, and sums the CPU time of
every process involved, split by phase:

- **engine workers** (the processes that run pdfium): the extraction itself (``extract``; the
  table reader's ``extract_tables`` in Markdown mode), pickling and sending the pages back
  (``send``), receiving the requests (``recv``). A probe loaded into each worker at start-up
  (``sitecustomize`` on ``PYTHONPATH``, written by this script into a scratch directory) times
  each message with the worker's thread CPU clock and writes the sums when the worker exits.
- **the calling process** (API mode), by function, exclusive (a phase inside another is counted
  once, under the inner one), each thread on its own CPU clock: ``transfer`` (a worker call on
  this side: the request pickled, the pages unpickled), ``profile`` (the running-head profile
  learnt), ``finish`` and its parts (control characters, furniture, layout, warnings),
  ``store`` (the pages written to the cache), Markdown (``md_style``, ``md_tables``,
  ``md_structure``, ``md_render``, ``md_document``, ``md_replace``), and the rest of the
  calling thread (``loop``: the read_all loop, headers, seams, the answer) and of the other
  threads (``threads``). ``gc`` (the cyclic collector, in whatever phase it ran) is shown
  beside them.
- **the MCP server** (MCP mode): its whole CPU (all threads) from ``/proc`` during the loop,
  and again once the cache write that follows the loop is done, beside its workers' probe.

Every commit can be measured with the same script: run it with that checkout's interpreter
(``--one``), or let ``--compare`` run one round of each checkout in turn (alternating rounds,
so drifting load meets them alike) and print medians in milliseconds of CPU per page::

    python benchmarks/bench_read_cpu.py --compare /work/wt/old /work/wt/new --rounds 5 \\
        --modes api-text,api-markdown,mcp-text --json /tmp/cpu.json

A checkout is run with ``CHECKOUT/.venv/bin/python`` when it has one (else this interpreter)
from inside the checkout, so it imports its own code. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import inspect
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

DOCUMENT = "pdfjs/freeculture.pdf"
MAX_PAGES = 500
MODES = ("api-text", "api-markdown", "mcp-text", "mcp-markdown")

#: The probe each engine worker loads at start-up (only in a worker: started as ``python -c``).
PROBE = """
import os, sys
if os.environ.get("BENCH_READ_CPU_PROBE") and sys.argv == ["-c"]:
    import atexit, json, time
    from multiprocessing import connection as _c

    _out = os.environ["BENCH_READ_CPU_PROBE"]
    _acc = {}
    _state = {"method": None, "t": 0.0}
    _recv, _send = _c.Connection.recv, _c.Connection.send

    def _add(key, value):
        _acc[key] = _acc.get(key, 0.0) + value

    def recv(self):
        t0 = time.thread_time()
        msg = _recv(self)
        t1 = time.thread_time()
        if isinstance(msg, tuple) and len(msg) == 4 and isinstance(msg[1], str):
            _add("recv", t1 - t0)
            _state["method"], _state["t"] = msg[1], t1
            _add("calls:" + msg[1], 1)
            if msg[1] == "extract":
                _add("pages:extract", len(msg[2][1]))
        return msg

    def send(self, obj):
        t0 = time.thread_time()
        method = _state["method"]
        if method is not None:
            _add(method, t0 - _state["t"])
        _send(self, obj)
        if method is not None:
            _add("send:" + method, time.thread_time() - t0)
            _state["method"] = None

    _c.Connection.recv, _c.Connection.send = recv, send

    import gc as _gc
    _gc_t = [0.0]

    def _gc_cb(phase, info):
        if phase == "start":
            _gc_t[0] = time.thread_time()
        else:
            _add("gc", time.thread_time() - _gc_t[0])

    _gc.callbacks.append(_gc_cb)

    @atexit.register
    def _dump():
        _acc["process"] = time.process_time()
        with open(os.path.join(_out, "worker-%d.json" % os.getpid()), "w") as f:
            json.dump(_acc, f)
"""


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def corpus_dir() -> Path:
    raw = os.environ.get("PDFCORE_CORPUS")
    here = Path(__file__).resolve().parents[1]
    for path in ([Path(raw)] if raw else []) + [here.parent / "shared" / "corpus", Path("/work/shared/corpus")]:
        if (path / DOCUMENT).is_file():
            return path.resolve()
    sys.exit(f"the corpus ({DOCUMENT}) was not found (set PDFCORE_CORPUS)")


# ---------------------------------------------------------------------------------------------
# CPU accounting in the calling process


class Phases:
    """Exclusive CPU time per phase and thread kind, on each thread's own CPU clock."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.counts: dict[str, int] = {}
        self.gc_s = 0.0
        self._tls = threading.local()
        self._lock = threading.Lock()
        self._gc_start: dict[int, float] = {}

    def reset(self) -> None:
        with self._lock:
            self.seconds.clear()
            self.counts.clear()
            self.gc_s = 0.0

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        phases = self

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            stack = getattr(phases._tls, "stack", None)
            if stack is None:
                stack = phases._tls.stack = []
            t0 = time.thread_time()
            stack.append(0.0)
            try:
                return fn(*args, **kwargs)
            finally:
                spent = time.thread_time() - t0
                inner = stack.pop()
                key = f"{_thread_kind()}.{name}"
                with phases._lock:
                    phases.seconds[key] = phases.seconds.get(key, 0.0) + spent - inner
                    phases.counts[key] = phases.counts.get(key, 0) + 1
                if stack:
                    stack[-1] += spent

        wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
        return wrapper

    def gc_callback(self, phase: str, info: dict[str, Any]) -> None:
        tid = threading.get_ident()
        if phase == "start":
            self._gc_start[tid] = time.thread_time()
        else:
            started = self._gc_start.pop(tid, None)
            if started is not None:
                with self._lock:
                    self.gc_s += time.thread_time() - started


def _thread_kind() -> str:
    name = threading.current_thread().name
    if threading.current_thread() is threading.main_thread():
        return "caller"
    for prefix, kind in (
        ("pdfcore-prefetch", "prefetch"),
        ("pdfcore-isolated", "isolated"),
        ("pdfcore-page", "writer"),
    ):
        if name.startswith(prefix):
            return kind
    return "other"


def _patch(phases: Phases, owner: Any, attr: str, name: str) -> None:
    fn = getattr(owner, attr, None)
    if fn is None or (hasattr(fn, "__wrapped__") and getattr(fn, "_cpu_phase", None)):
        return
    wrapped = phases.wrap(name, fn)
    wrapped._cpu_phase = name  # type: ignore[attr-defined]
    setattr(owner, attr, wrapped)


def install(phases: Phases) -> None:
    """Wrap the functions each phase runs in (those this checkout has)."""
    import importlib

    def module(name: str) -> Any:
        try:
            return importlib.import_module(name)
        except ImportError:
            return None

    workers = module("adapters._workers")
    if workers is not None:
        _patch(phases, workers._Worker, "call", "transfer")
    documents = module("pdfcore.services.documents")
    _patch(phases, documents.DocumentService, "_learn", "profile")
    _patch(phases, documents.DocumentService, "replace_page", "md_replace")
    quality = module("pdfcore.services.quality")
    _patch(phases, quality, "finish_page", "finish")
    _patch(phases, quality, "clean_controls", "finish.controls")
    _patch(phases, quality.furniture, "apply", "finish.furniture")
    _patch(phases, quality, "assemble", "finish.layout")
    _patch(phases, quality, "warnings_for", "finish.warnings")
    store = module("adapters.sqlite_store")
    if store is not None:
        _patch(phases, store.SqliteStore, "save_pages", "store")
    markdown = module("pdfcore.services.markdown")
    if markdown is not None:
        _patch(phases, markdown.MarkdownService, "style", "md_style")
        _patch(phases, markdown.MarkdownService, "document_markdown", "md_document")
        structure = module("pdfcore.structure")
        _patch(phases, structure, "page_structure", "md_structure")
        reading = module("pdfcore.services.reading")
        _patch(phases, reading, "render_page", "md_render")
    tables = module("pdfcore.services.table_reading")
    if tables is not None:
        _patch(phases, tables.TableReader, "page", "md_tables")
    gc.callbacks.append(phases.gc_callback)


# ---------------------------------------------------------------------------------------------
# One round (in the checkout's own interpreter)


def _probe_env(scratch: Path) -> tuple[dict[str, str], Path]:
    probe_dir = scratch / "probe"
    probe_dir.mkdir(exist_ok=True)
    (probe_dir / "sitecustomize.py").write_text(PROBE)
    out = scratch / "workers"
    out.mkdir(exist_ok=True)
    path = os.pathsep.join(p for p in (str(probe_dir), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path, "BENCH_READ_CPU_PROBE": str(out)}, out


def _workers_cpu(out: Path) -> dict[str, Any]:
    total: dict[str, float] = {}
    n = 0
    for f in out.glob("worker-*.json"):
        n += 1
        for k, v in json.loads(f.read_text()).items():
            total[k] = total.get(k, 0.0) + v
    total["workers"] = n
    return total


def _settings(scratch: Path, cache: Path) -> Any:
    from pdfcore.config import load_settings

    config = scratch / "pdfcore.toml"
    config.write_text("# defaults only\n")
    return load_settings(str(config), env={"PDFCORE_CACHE_DIR": str(cache), "PDFCORE_URLS_ENABLED": "0"})


def _read_loop(core: Any, path: Path, fmt: str) -> dict[str, int]:
    start: int | None = 1
    calls = pages = nbytes = 0
    extra = {"format": fmt} if fmt != "text" else {}
    while start is not None:
        res = core.read_all(str(path), start_page=start, max_pages=MAX_PAGES, **extra)
        calls += 1
        pages += res.page_count
        nbytes += res.bytes_returned
        start = res.next_page
    return {"calls": calls, "pages": pages, "bytes": nbytes}


def run_api(path: Path, fmt: str, scratch: Path) -> dict[str, Any]:
    env, out = _probe_env(scratch)
    os.environ.update(env)  # the workers inherit it
    import pdfcore

    if fmt != "text" and "format" not in inspect.signature(pdfcore.Pdfcore.read_all).parameters:
        return {"skipped": "read_all has no format at this commit"}
    cache = scratch / "cache"
    cache.mkdir()
    core = pdfcore.build(_settings(scratch, cache))
    core.warm()
    time.sleep(0.5)  # the workers' start-up is over
    phases = Phases()
    install(phases)
    phases.reset()
    gc.collect()
    cpu0, caller0, t0 = time.process_time(), time.thread_time(), time.perf_counter()
    got = _read_loop(core, path, fmt)
    wall = time.perf_counter() - t0
    cpu1, caller1 = time.process_time(), time.thread_time()
    core.flush()
    cpu2 = time.process_time()
    core.close()
    gc.callbacks.remove(phases.gc_callback)
    workers = _workers_cpu(out)
    seconds = dict(phases.seconds)
    caller = caller1 - caller0
    seconds["caller.loop"] = caller - sum(v for k, v in seconds.items() if k.startswith("caller."))
    threads = (cpu2 - cpu0) - caller - sum(v for k, v in seconds.items() if not k.startswith("caller."))
    seconds["threads.rest"] = threads
    return {
        "read": got,
        "wall_s": wall,
        "main_cpu_s": cpu1 - cpu0,
        "main_cpu_with_store_s": cpu2 - cpu0,
        "phases_s": seconds,
        "calls": dict(phases.counts),
        "gc_s": phases.gc_s,
        "workers": workers,
    }


def _proc_cpu(pid: int) -> float:
    """User + system CPU seconds of a process (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


async def _mcp_round(path: Path, fmt: str, scratch: Path, extra_env: dict[str, str]) -> dict[str, Any]:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    env, out = _probe_env(scratch)
    cache = scratch / "cache"
    cache.mkdir()
    config = scratch / "pdfcore.toml"
    config.write_text("# defaults only\n")
    env.update(
        {"PDFCORE_CONFIG": str(config), "PDFCORE_CACHE_DIR": str(cache), "PDFCORE_URLS_ENABLED": "0", **extra_env}
    )
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_adapter"], env=env, cwd=os.getcwd())
    with open(scratch / "server.stderr.log", "w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy", read_timeout_seconds=1800) as client:
            await client.list_tools()
            with contextlib.suppress(Exception), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # ping is deprecated for the stateless protocol only
                await client.send_ping()
            time.sleep(1.0)  # the workers' start-up is over
            servers = [p for p in _children(os.getpid()) if b"mcp_adapter" in Path(f"/proc/{p}/cmdline").read_bytes()]
            if len(servers) != 1:
                raise RuntimeError(f"expected one server process, found {servers}")
            server = servers[0]
            cpu0, t0 = _proc_cpu(server), time.perf_counter()
            start: int | None = 1
            calls = pages = 0
            while start is not None:
                args: dict[str, Any] = {"path": str(path), "max_pages": MAX_PAGES, "start_page": start}
                if fmt != "text":
                    args["format"] = fmt
                result = await client.call_tool("pdf_read_all", args)
                if result.is_error:
                    raise RuntimeError(" ".join(getattr(b, "text", "") for b in result.content)[:500])
                data = result.structured_content or json.loads(result.content[0].text)
                calls += 1
                pages += int(data["page_count"])
                start = data.get("next_page")
            wall = time.perf_counter() - t0
            cpu1 = _proc_cpu(server)
            time.sleep(2.0)  # the cache write waits for 0.25 s without requests, then runs
            cpu2 = _proc_cpu(server)
    return {
        "read": {"calls": calls, "pages": pages},
        "wall_s": wall,
        "main_cpu_s": cpu1 - cpu0,
        "main_cpu_with_store_s": cpu2 - cpu0,
        "workers": _workers_cpu(out),
    }


def run_mcp(path: Path, fmt: str, scratch: Path, extra_env: dict[str, str]) -> dict[str, Any]:
    import anyio

    if fmt != "text":
        import pdfcore

        if "format" not in inspect.signature(pdfcore.Pdfcore.read_all).parameters:
            return {"skipped": "read_all has no format at this commit"}
    import jsonschema  # noqa: F401 - the client's validator, loaded before the timed calls

    return anyio.run(_mcp_round, path, fmt, scratch, extra_env)


def run_one(mode: str, extra_env: dict[str, str]) -> dict[str, Any]:
    path = corpus_dir() / DOCUMENT
    kind, fmt = mode.split("-", 1)
    scratch = Path(tempfile.mkdtemp(prefix="bench-read-cpu-"))
    try:
        if kind == "api":
            result = run_api(path, fmt, scratch)
        else:
            result = run_mcp(path, fmt, scratch, extra_env)
    except BaseException:
        errlog = scratch / "server.stderr.log"
        if errlog.exists():
            log("server stderr:\n" + errlog.read_text()[-3000:])
        raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return result


# ---------------------------------------------------------------------------------------------
# Comparing checkouts


def _commit(checkout: Path) -> str:
    out = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "-C", str(checkout), "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
    )
    return out.stdout.strip() + ("+" if dirty.stdout.strip() else "")


def _interpreter(checkout: Path) -> str:
    venv = checkout / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def _flatten(result: dict[str, Any]) -> dict[str, float]:
    """Milliseconds of CPU per page by phase (``main.*``, ``workers.*``) and the totals."""
    pages = max(1, int(result["read"]["pages"]))
    ms = 1000.0 / pages
    flat: dict[str, float] = {}
    for key, value in result.get("phases_s", {}).items():
        flat[f"main.{key}"] = value * ms
    w = result["workers"]
    for key, value in w.items():
        if key in ("workers",) or key.startswith(("calls:", "pages:")):
            continue
        flat[f"workers.{key}"] = value * ms
    worker_loop = sum(
        v for k, v in w.items() if k not in ("process", "workers", "gc") and not k.startswith(("calls:", "pages:"))
    )
    worker_loop -= w.get("__warm__", 0.0) + w.get("send:__warm__", 0.0)
    flat["total.workers"] = worker_loop * ms
    flat["total.main"] = result["main_cpu_s"] * ms
    flat["total.main_with_store"] = result["main_cpu_with_store_s"] * ms
    flat["total.all"] = flat["total.workers"] + flat["total.main_with_store"]
    flat["gc"] = result.get("gc_s", 0.0) * ms
    flat["wall_ms_per_page"] = result["wall_s"] * ms
    return flat


def compare(checkouts: list[Path], modes: list[str], rounds: int, extra_env: dict[str, str]) -> dict[str, Any]:
    me = Path(__file__).resolve()
    samples: dict[str, dict[str, dict[str, list[float]]]] = {}
    raw: list[dict[str, Any]] = []
    for r in range(rounds):
        for mode in modes:
            for checkout in checkouts:
                label = str(checkout)
                with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
                    target = Path(tmp.name)
                cmd = [_interpreter(checkout), str(me), "--one", mode, "--json", str(target)]
                env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
                env.update(extra_env)
                proc = subprocess.run(cmd, cwd=checkout, env=env, capture_output=True, text=True)
                if proc.returncode != 0:
                    raise RuntimeError(f"{checkout} {mode} failed:\n{proc.stderr[-3000:]}")
                result = json.loads(target.read_text())
                target.unlink()
                raw.append({"round": r, "mode": mode, "checkout": label, "result": result})
                if "skipped" in result:
                    continue
                for key, value in _flatten(result).items():
                    samples.setdefault(mode, {}).setdefault(label, {}).setdefault(key, []).append(value)
                log(
                    f"round {r + 1}/{rounds} {mode} {checkout.name}: all {_flatten(result)['total.all']:.2f} ms/page "
                    f"(workers {_flatten(result)['total.workers']:.2f}, main {_flatten(result)['total.main_with_store']:.2f}), "
                    f"load {os.getloadavg()[0]:.1f}"
                )
    medians = {
        mode: {label: {k: statistics.median(v) for k, v in keys.items()} for label, keys in by.items()}
        for mode, by in samples.items()
    }
    return {"samples": samples, "medians": medians, "raw": raw}


def table(checkouts: list[Path], medians: dict[str, Any]) -> str:
    lines = []
    labels = [str(c) for c in checkouts]
    heads = [f"{c.name} ({_commit(c)})" for c in checkouts]
    for mode, by in medians.items():
        keys = sorted({k for label in labels for k in by.get(label, {})})
        lines.append(f"\n### {mode}: ms of CPU per page (median of rounds)\n")
        lines.append("| phase | " + " | ".join(heads) + " |")
        lines.append("|---|" + "---|" * len(heads))
        for key in keys:
            cells = [f"{by[label][key]:.3f}" if key in by.get(label, {}) else "-" for label in labels]
            lines.append(f"| {key} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--one", choices=MODES, help="run one round of MODE with this interpreter's pdfcore")
    p.add_argument("--compare", nargs="+", type=Path, metavar="CHECKOUT", help="checkouts to compare")
    p.add_argument("--modes", default="api-text,api-markdown", help=f"comma-separated, of {', '.join(MODES)}")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--env", action="append", default=[], metavar="K=V", help="extra environment for the runs")
    p.add_argument("--json", metavar="PATH")
    args = p.parse_args(argv)
    extra_env = dict(kv.split("=", 1) for kv in args.env)
    if args.one:
        sys.path.insert(0, os.getcwd())
        result = run_one(args.one, extra_env)
        text = json.dumps(result, indent=1)
        if args.json:
            Path(args.json).write_text(text)
        else:
            print(text)
        return 0
    if not args.compare:
        p.error("--one MODE or --compare CHECKOUT...")
    modes = [m for m in args.modes.split(",") if m]
    for m in modes:
        if m not in MODES:
            p.error(f"unknown mode {m}")
    load = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M:%S %z")
    out = compare([c.resolve() for c in args.compare], modes, args.rounds, extra_env)
    print(
        f"## CPU per page of a cold full read of {DOCUMENT} ({started}, load average at start "
        f"{load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}, {args.rounds} rounds)"
    )
    print(table([c.resolve() for c in args.compare], out["medians"]))
    if args.json:
        out["environment"] = {
            "date": started,
            "loadavg_start": load,
            "loadavg_end": os.getloadavg(),
            "commits": {str(c): _commit(c) for c in args.compare},
            "rounds": args.rounds,
            "modes": modes,
        }
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
