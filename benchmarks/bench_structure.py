"""Structured Markdown: pdfcore beside opendataloader-pdf, scored with opendataloader-bench's metrics.

Sets (see ``structure_docs.py`` and ``structure_tagged.py``):

- ``dev``: documents typeset from known Markdown by ReportLab and by LaTeX (the truth is the
  Markdown they were typeset from);
- ``held-out``: the same kinds with other seeds, words and styles, reported apart (a guard
  against tuning the engine to the DEV documents);
- ``tagged``: the tagged PDFs of the shared corpus whose structure tree covers their text (the
  tree is the truth for headings and reading order); pdfcore is asked to ignore the tree there
  when it has a knob for it (the run says whether it had one).

Engines, on the same files in the same run:

- ``pdfcore-text``: today's page text (``read_pages``), pages joined by a blank line, taken as
  Markdown (the baseline);
- ``pdfcore-markdown``: ``read_pages(..., format="markdown")``, each page's ``markdown`` joined
  by a blank line (only when the installed pdfcore has the ``format`` argument);
- ``odl``: opendataloader-pdf's local mode (``format=markdown``, ``table_method=cluster``,
  images off, as opendataloader-bench runs it), all files of a set in one ``convert`` call.

Wall time for a whole set: ``pdfcore-mcp`` started fresh (empty cache), every document read
through ``pdf_read_all`` in that one session (markdown when available, else text), from spawn to
the last answer; beside it opendataloader-pdf converting the same files in one call (JVM start
included). Quality figures are per document, then averaged per set, per typesetter and per
feature, so the engine's weak spots show.

opendataloader-pdf runs in its own interpreter: ``$PDFCORE_ODL_PYTHON``, else
``benchmarks/.odl-venv`` (created on first use: ``pip install opendataloader-pdf==2.5.16``; it
needs ``java`` 11+). Usage::

    python benchmarks/bench_structure.py [--sets dev,held-out,tagged] [--no-odl] [--json PATH] [--dump DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import inspect
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
# The checkout this script is in is the pdfcore measured (its own packages before any installed).
sys.path[:0] = [str(REPO / "benchmarks"), str(REPO)]

import structure_docs  # noqa: E402
import structure_metrics  # noqa: E402
import structure_tagged  # noqa: E402

ODL_SPEC = "opendataloader-pdf==2.5.16"
DEFAULT_CACHE = REPO / "benchmarks" / ".structure-docs"
METRICS = ("overall", *structure_metrics.METRICS)
HEADLINE = ("nid", "nid_s", "teds", "teds_s", "mhs", "mhs_s", "mhs_l")
TAGGED_MAX_PAGES = 40
TAGGED_MIN_COVERAGE = 0.8  # truth characters / page-text characters: below, the tree misses text

ODL_DRIVER = """
import json, sys, time
import opendataloader_pdf
files, out = json.loads(sys.argv[1]), sys.argv[2]
t0 = time.perf_counter()
opendataloader_pdf.convert(input_path=files, output_dir=out, format=["markdown"], table_method="cluster",
                           image_output="off", quiet=True)
print(json.dumps({"seconds": time.perf_counter() - t0}))
"""


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


@dataclass
class Doc:
    set_name: str
    name: str
    pdf: Path
    truth: str
    pages: int
    tags: tuple[str, ...] = ()  # typesetter and features, or "tagged"
    outputs: dict[str, str] = field(default_factory=dict)
    scores: dict[str, dict[str, float | None]] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------------
# Sets


def corpus_dir(raw: str | None) -> Path:
    path = Path(raw or os.environ.get("PDFCORE_CORPUS") or REPO.parent / "shared" / "corpus")
    if not (path / "MANIFEST.tsv").is_file():
        sys.exit(f"no corpus at {path} (set PDFCORE_CORPUS or --corpus)")
    return path.resolve()


def typeset_set(name: str, cache: Path, typesetters: list[str]) -> list[Doc]:
    made = structure_docs.generate(cache, held_out=name == "held-out", typesetters=typesetters)
    return [Doc(name, g.name, g.pdf, g.truth, g.pages, (g.typesetter, *g.features)) for g in made]


def _plain_chars(text: str) -> int:
    return len(re.sub(r"\s|<[^>]+>|^#+|^\s*- ", "", text, flags=re.MULTILINE))


def tagged_set(corpus: Path, max_pages: int, cache: Path, excluded: list[dict[str, Any]]) -> list[Doc]:
    import pypdfium2 as pdfium

    docs = []
    for rel in structure_tagged.candidates(corpus):
        path = corpus / rel
        if not structure_tagged.is_tagged(path):
            excluded.append({"file": rel, "reason": "no /StructTreeRoot or not /Marked"})
            continue
        pdf = pdfium.PdfDocument(str(path))
        try:
            pages = len(pdf)
            if pages > max_pages:
                excluded.append({"file": rel, "reason": f"{pages} pages > --tagged-max-pages {max_pages}"})
                continue
            text = "".join(pdf[i].get_textpage().get_text_range() for i in range(pages))
        finally:
            pdf.close()
        try:
            truth, headings = _tagged_truth(path, cache)
        except Exception as exc:  # noqa: BLE001 - a tree pdfplumber cannot read is no truth
            excluded.append({"file": rel, "reason": f"structure tree unreadable: {type(exc).__name__}"})
            continue
        page_chars = len(re.sub(r"\s", "", text))
        coverage = _plain_chars(truth) / page_chars if page_chars else 0.0
        if page_chars < 200 or coverage < TAGGED_MIN_COVERAGE:
            excluded.append({"file": rel, "reason": f"tree covers {coverage:.0%} of {page_chars} text characters"})
            continue
        tags = ("headings" if headings else "no-headings",)
        docs.append(Doc("tagged", rel, path, truth, pages, tags))
    return docs


def _tagged_truth(path: Path, cache: Path) -> tuple[str, int]:
    """The structure tree's Markdown and heading count, kept under ``cache`` by the file's digest
    and the reader's source (reading a large tree takes a minute)."""
    reader = Path(structure_tagged.__file__).read_bytes()
    key = hashlib.sha256(path.read_bytes() + reader).hexdigest()[:20]
    kept = cache / "tagged" / f"{key}.json"
    if kept.exists():
        data = json.loads(kept.read_text(encoding="utf-8"))
        return str(data["markdown"]), int(data["headings"])
    truth = structure_tagged.read_truth(path)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(json.dumps({"markdown": truth.markdown, "headings": truth.headings}), encoding="utf-8")
    return truth.markdown, truth.headings


# ---------------------------------------------------------------------------------------------
# pdfcore, in process


def markdown_support() -> dict[str, Any]:
    """Whether this pdfcore reads Markdown (per page, and as one document through ``read_all``),
    and its option to ignore the structure tree."""
    from pdfcore.api import Pdfcore

    pages = inspect.signature(Pdfcore.read_pages).parameters
    whole = inspect.signature(Pdfcore.read_all).parameters
    knob = next((k for k in ("use_structure_tree", "structure_tree", "use_struct_tree") if k in pages), None)
    return {"format": "format" in pages, "document_format": "format" in whole, "structure_tree_knob": knob}


def pdfcore_outputs(docs: list[Doc], support: dict[str, Any]) -> None:
    """Each document's text (the baseline) and, when this pdfcore has it, its Markdown: the whole
    document from the ``read_all`` loop (a table continued on the next page is one table there),
    else the pages' ``markdown`` joined by a blank line."""
    import pdfcore
    from pdfcore.config import load_settings

    with tempfile.TemporaryDirectory(prefix="bench-structure-") as tmp:
        config = Path(tmp) / "pdfcore.toml"
        config.write_text("# defaults only\n")
        core = pdfcore.build(load_settings(str(config), env={"PDFCORE_CACHE_DIR": str(Path(tmp) / "cache")}))
        for doc in docs:
            spec = f"1-{doc.pages}"
            t0 = time.perf_counter()
            result = core.read_pages(str(doc.pdf), spec, max_chars=10**9, max_chars_per_page=10**8)
            doc.seconds["pdfcore-text"] = time.perf_counter() - t0
            doc.outputs["pdfcore-text"] = "\n\n".join(p.text for p in result.pages)
            if not support["format"]:
                continue
            kwargs: dict[str, Any] = {"format": "markdown"}
            if doc.set_name == "tagged" and support["structure_tree_knob"]:
                kwargs[support["structure_tree_knob"]] = False
            t0 = time.perf_counter()
            if support["document_format"]:
                parts = []
                start: int | None = 1
                while start is not None:
                    window = core.read_all(str(doc.pdf), start_page=start, max_pages=500, **kwargs)
                    parts.append(window.markdown or "")  # type: ignore[attr-defined]
                    start = window.next_page
                markdown = "\n\n".join(parts)
            else:
                result = core.read_pages(str(doc.pdf), spec, max_chars=10**9, max_chars_per_page=10**8, **kwargs)
                markdown = "\n\n".join(p.markdown or "" for p in result.pages)  # type: ignore[attr-defined]
            doc.seconds["pdfcore-markdown"] = time.perf_counter() - t0
            doc.outputs["pdfcore-markdown"] = markdown
        core.close()  # its store writes behind: done before the directory goes


# ---------------------------------------------------------------------------------------------
# pdfcore, one MCP session for a whole set


async def _session(docs: list[Doc], markdown: bool, workdir: Path) -> dict[str, Any]:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    config = workdir / "pdfcore.toml"
    config.write_text("# defaults only\n")
    env = {**os.environ, "PDFCORE_CONFIG": str(config), "PDFCORE_CACHE_DIR": str(workdir / "cache")}
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_adapter"], env=env, cwd=str(REPO))
    calls = 0
    log_path = workdir / "server.stderr.log"
    try:
        with open(log_path, "w", encoding="utf-8") as errlog:
            t0 = time.perf_counter()
            async with Client(stdio_client(params, errlog=errlog), mode="legacy", read_timeout_seconds=1800) as client:
                tools = {t.name: t for t in (await client.list_tools()).tools}
                accepted = set(tools["pdf_read_all"].input_schema.get("properties", {}))
                markdown = markdown and "format" in accepted
                ignore_tree = "use_structure_tree" in accepted
                calls = await _read_set(client, docs, markdown, ignore_tree)
                seconds = time.perf_counter() - t0
    except Exception as exc:
        tail = log_path.read_text(encoding="utf-8", errors="replace")[-3000:]
        raise RuntimeError(f"the pdfcore-mcp session failed; its stderr ends with:\n{tail}") from exc
    return {"seconds": seconds, "calls": calls, "format": "markdown" if markdown else "text"}


async def _read_set(client: Any, docs: list[Doc], markdown: bool, ignore_tree: bool) -> int:
    calls = 0
    for doc in docs:
        start: int | None = 1
        while start is not None:
            args: dict[str, Any] = {"path": str(doc.pdf), "max_pages": 500, "start_page": start}
            if markdown:
                args["format"] = "markdown"
                if ignore_tree and doc.set_name == "tagged":
                    args["use_structure_tree"] = False
            result = await client.call_tool("pdf_read_all", args)
            calls += 1
            if result.is_error:
                text = " ".join(getattr(b, "text", "") for b in result.content)
                raise RuntimeError(f"pdf_read_all failed on {doc.name}: {text[:300]}")
            data = result.structured_content or json.loads(result.content[0].text)
            start = data.get("next_page")
    return calls


def mcp_session(docs: list[Doc], markdown: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-structure-mcp-") as tmp:
        return asyncio.run(_session(docs, markdown, Path(tmp)))


# ---------------------------------------------------------------------------------------------
# opendataloader-pdf


def _venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _odl_version(python: Path) -> str | None:
    probe = "import importlib.metadata as m; print(m.version('opendataloader-pdf'))"
    try:
        out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=120)
    except OSError:
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def odl_python() -> tuple[Path, str]:
    raw = os.environ.get("PDFCORE_ODL_PYTHON")
    if raw:
        version = _odl_version(Path(raw))
        if version is None:
            sys.exit(f"PDFCORE_ODL_PYTHON={raw} has no opendataloader-pdf")
        return Path(raw), version
    venv = REPO / "benchmarks" / ".odl-venv"
    python = _venv_python(venv)
    version = _odl_version(python) if python.exists() else None
    if version is None:
        log(f"creating {venv} with {ODL_SPEC} ...")
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", ODL_SPEC], check=True)
        version = _odl_version(python)
        if version is None:
            sys.exit(f"{venv} still lacks {ODL_SPEC}")
    return python, version


def odl_outputs(docs: list[Doc], python: Path) -> dict[str, Any]:
    """Every file of ``docs`` converted in one call; returns the wall time (JVM start included)."""
    if shutil.which("java") is None:
        sys.exit("opendataloader-pdf needs java 11+ on PATH (or run with --no-odl)")
    with tempfile.TemporaryDirectory(prefix="bench-structure-odl-") as tmp:
        inputs = Path(tmp) / "in"
        inputs.mkdir()
        names = {}
        for i, doc in enumerate(docs):  # unique, plain names: the output is named after the input
            link = inputs / f"d{i:03d}.pdf"
            link.symlink_to(doc.pdf.resolve())
            names[doc.name] = link.stem
        out = Path(tmp) / "out"
        files = [str(inputs / f"{names[d.name]}.pdf") for d in docs]
        t0 = time.perf_counter()
        run = subprocess.run(
            [str(python), "-c", ODL_DRIVER, json.dumps(files), str(out)], capture_output=True, text=True, timeout=3600
        )
        wall = time.perf_counter() - t0
        if run.returncode != 0:
            raise RuntimeError(f"opendataloader-pdf failed: {run.stderr[-2000:]}")
        inner = json.loads(run.stdout.strip().splitlines()[-1])["seconds"]
        for doc in docs:
            md = out / f"{names[doc.name]}.md"
            doc.outputs["odl"] = md.read_text(encoding="utf-8") if md.exists() else ""
    return {"seconds": wall, "convert_seconds": inner}


# ---------------------------------------------------------------------------------------------
# Scores and tables


def _mean(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.fmean(present) if present else None


def aggregate(docs: list[Doc], engine: str) -> dict[str, Any]:
    out: dict[str, Any] = {m: _mean([d.scores[engine][m] for d in docs if engine in d.scores]) for m in METRICS}
    out["documents"] = sum(engine in d.scores for d in docs)
    out["counts"] = {m: sum(d.scores[engine][m] is not None for d in docs if engine in d.scores) for m in METRICS}
    return out


def fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def results_table(groups: dict[str, list[Doc]], engines: list[str]) -> str:
    lines = [
        "| set | engine | docs | pages | " + " | ".join(m.upper().replace("_", "-") for m in METRICS) + " |",
        "|---|---|---|---|" + "---|" * len(METRICS),
    ]
    for label, docs in groups.items():
        pages = sum(d.pages for d in docs)
        for engine in engines:
            if not any(engine in d.scores for d in docs):
                continue
            agg = aggregate(docs, engine)
            lines.append(
                f"| {label} | {engine} | {agg['documents']} | {pages} | "
                + " | ".join(fmt(agg[m]) for m in METRICS)
                + " |"
            )
    return "\n".join(lines)


def by_tag(docs: list[Doc]) -> dict[str, list[Doc]]:
    groups: dict[str, list[Doc]] = defaultdict(list)
    for d in docs:
        for tag in d.tags:
            groups[f"{d.set_name}: {tag}"].append(d)
    return dict(sorted(groups.items()))


def pdfcore_source() -> dict[str, Any]:
    """Where the imported pdfcore comes from: its checkout's commit, and whether the checkout has
    changes not committed (a run is only reproducible from a clean one)."""
    import pdfcore

    root = Path(pdfcore.__file__).resolve().parents[1]

    def git(*cmd: str) -> str:
        run = subprocess.run(["git", *cmd], cwd=root, capture_output=True, text=True)
        return run.stdout.strip() if run.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = bool(git("status", "--porcelain", "--untracked-files=no"))
    return {"path": str(root), "commit": commit + ("+changes" if dirty else ""), "dirty": dirty}


def dump(docs: list[Doc], folder: Path) -> None:
    """``folder/<set>/<document>.truth.md`` and ``.<engine>.md`` for every document, to diff."""
    for doc in docs:
        stem = re.sub(r"[^A-Za-z0-9._-]+", "_", doc.name)
        where = folder / doc.set_name
        where.mkdir(parents=True, exist_ok=True)
        (where / f"{stem}.truth.md").write_text(doc.truth, encoding="utf-8")
        for engine, text in doc.outputs.items():
            (where / f"{stem}.{engine}.md").write_text(text, encoding="utf-8")
    log(f"wrote the truths and outputs under {folder}")


# ---------------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default="dev,held-out,tagged")
    parser.add_argument("--typesetter", action="append", choices=sorted(structure_docs.TYPESETTERS))
    parser.add_argument(
        "--cache", type=Path, default=DEFAULT_CACHE, help="where typeset PDFs and tagged truths are kept"
    )
    parser.add_argument("--corpus")
    parser.add_argument("--tagged-max-pages", type=int, default=TAGGED_MAX_PAGES)
    parser.add_argument("--no-odl", action="store_true")
    parser.add_argument("--no-session", action="store_true", help="skip the one-session wall times")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--per-document", action="store_true", help="print every document's scores")
    parser.add_argument("--dump", type=Path, help="write each document's truth and every engine's Markdown here")
    args = parser.parse_args()

    sets = [s for s in args.sets.split(",") if s]
    unknown = set(sets) - {"dev", "held-out", "tagged"}
    if unknown:
        sys.exit(f"unknown set(s): {', '.join(sorted(unknown))}")
    typesetters = args.typesetter or sorted(structure_docs.TYPESETTERS)
    if "latex" in typesetters and not structure_docs.latex_available():
        sys.exit("pdflatex is not on PATH: install texlive-latex-base, or pass --typesetter reportlab")

    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    source = pdfcore_source()
    log(f"start {started}, load average {load}, pdfcore from {source['path']} at {source['commit']}")

    docs: list[Doc] = []
    excluded: list[dict[str, Any]] = []
    for name in sets:
        if name == "tagged":
            docs += tagged_set(corpus_dir(args.corpus), args.tagged_max_pages, args.cache, excluded)
        else:
            docs += typeset_set(name, args.cache, typesetters)
    by_set: dict[str, list[Doc]] = {s: [d for d in docs if d.set_name == s] for s in sets}
    log(f"{len(docs)} documents, {sum(d.pages for d in docs)} pages; {len(excluded)} tagged files left out")

    support = markdown_support()
    engines = ["pdfcore-text", *(["pdfcore-markdown"] if support["format"] else []), *([] if args.no_odl else ["odl"])]
    log(f"pdfcore markdown: {support}")
    pdfcore_outputs(docs, support)

    timings: dict[str, dict[str, Any]] = {}
    odl_version = None
    if not args.no_odl:
        python, odl_version = odl_python()
        for name, group in by_set.items():
            if group:
                timings.setdefault(name, {})["odl"] = odl_outputs(group, python)
    if not args.no_session:
        for name, group in by_set.items():
            if group:
                timings.setdefault(name, {})["pdfcore-mcp"] = mcp_session(group, support["format"])

    for doc in docs:
        for engine in engines:
            if engine in doc.outputs:
                doc.scores[engine] = structure_metrics.score(doc.truth, doc.outputs[engine])

    print(f"\nStructure benchmark — {started}, load average {load}, pdfcore {source['commit']}\n")
    print(results_table(by_set, engines))
    print("\nBy typesetter and feature:\n")
    print(results_table(by_tag(docs), engines))
    print("\nWall time for each set (seconds):\n")
    print("| set | docs | pages | pdfcore-mcp, one session | format | odl, one convert call |")
    print("|---|---|---|---|---|---|")
    for name, group in by_set.items():
        t = timings.get(name, {})
        mcp = t.get("pdfcore-mcp", {})
        odl = t.get("odl", {})
        print(
            f"| {name} | {len(group)} | {sum(d.pages for d in group)} | {fmt(mcp.get('seconds'))} | "
            f"{mcp.get('format', '—')} | {fmt(odl.get('seconds'))} |"
        )
    if not support["format"]:
        print("\npdfcore has no format='markdown' yet: only its plain text is scored (as Markdown).")
    elif "tagged" in sets and not support["structure_tree_knob"]:
        print("\npdfcore has no option to ignore the structure tree: the tagged set is scored with it in use.")
    if excluded:
        print(f"\nTagged files left out: {len(excluded)} (see the JSON for each reason)")
    if args.dump:
        dump(docs, args.dump)
    if args.per_document:
        for doc in docs:
            print(doc.set_name, doc.name, {e: {m: fmt(v) for m, v in s.items()} for e, s in doc.scores.items()})

    if args.json:
        payload = {
            "started": started,
            "load_average": load,
            "commit": source["commit"],
            "pdfcore_source": source,
            "python": platform.python_version(),
            "opendataloader_pdf": odl_version,
            "pdfcore_markdown": support,
            "sets": {name: {e: aggregate(group, e) for e in engines} for name, group in by_set.items()},
            "by_tag": {tag: {e: aggregate(group, e) for e in engines} for tag, group in by_tag(docs).items()},
            "timings": timings,
            "excluded_tagged": excluded,
            "documents": [
                {
                    "set": d.set_name,
                    "name": d.name,
                    "pages": d.pages,
                    "tags": d.tags,
                    "scores": d.scores,
                    "seconds_in_process": d.seconds,
                }
                for d in docs
            ],
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(payload, indent=1))
        log(f"wrote {args.json}")


if __name__ == "__main__":
    main()
