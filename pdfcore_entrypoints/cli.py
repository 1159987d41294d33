"""``pdfcore``: the command line.

    pdfcore serve [--profile full|compact] [--root DIR]   the MCP stdio server
    pdfcore info FILE [--detail] [--content-trust]
    pdfcore toc FILE
    pdfcore read FILE [--pages SPEC] [--all]
    pdfcore render FILE --pages SPEC [--dpi N] [--clip x0,y0,x1,y1] [-o DIR]
    pdfcore chart FILE PAGE [--hints JSON] [--max-points N] [-o DIR]
    pdfcore attachments FILE [--get NAME|N] [-o DIR]      list, print or save embedded files
    pdfcore verify FILE "quote" [--pages SPEC]           is the quote in the document (exit 1 if not)
    pdfcore warm DIR [--budget S] [--embeddings]          extract and index a folder (progress on stderr)

Human-readable output by default, ``--json`` for the exact API result. Errors print
``code: message`` and the recovery on stderr, with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from pdfcore.errors import PdfcoreError
from pdfcore.nextcalls import answering
from pdfcore_entrypoints import cli_text


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the exact JSON result")
    p.add_argument("--password", help="password of an encrypted PDF (or set PDFCORE_PASSWORD)")
    p.add_argument("--config", help="configuration file")
    p.add_argument("--root", action="append", default=[], help="allowed root folder (repeatable)")
    p.add_argument(
        "--stats",
        action="store_true",
        help="print what the call cost to stderr (JSON: wall and phase ms, pages extracted and cached, bytes out)",
    )


class _Counted:
    """stdout, counting the bytes written through it (``--stats``' bytes_out)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.bytes = 0

    def write(self, text: str) -> int:
        self.bytes += len(text.encode("utf-8", "surrogatepass"))
        return int(self.stream.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pdfcore", description="Read, search and render PDFs.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the MCP stdio server")
    serve.add_argument("--profile", choices=("full", "compact"))
    serve.add_argument("--root", action="append", default=[])
    serve.add_argument("--config")

    info = sub.add_parser("info", help="what a PDF is")
    info.add_argument("file")
    info.add_argument("--detail", action="store_true")
    info.add_argument("--content-trust", action="store_true", help="include the hidden-text report")
    _common(info)

    toc = sub.add_parser("toc", help="the full outline")
    toc.add_argument("file")
    _common(toc)

    read = sub.add_parser("read", help="page text")
    read.add_argument("file")
    read.add_argument("--pages", default=None, help="page spec, e.g. 1-5,10 (default: the whole document)")
    read.add_argument(
        "--ocr",
        action="store_true",
        help="recognise pages without usable text with the OCR engine (capped per call: the note names the rest)",
    )
    read.add_argument("--ocr-lang", default=None, help="OCR languages, e.g. eng or eng+fra (default: config)")
    read.add_argument(
        "--format",
        default="text",
        choices=("text", "markdown"),
        help="markdown: the document's structured Markdown (headings, lists, tables and figures in place), "
        "each page after a comment line naming it and its label",
    )
    _common(read)

    search = sub.add_parser("search", help="search one document")
    search.add_argument("file")
    search.add_argument("query")
    search.add_argument("--mode", default="auto", choices=("auto", "keyword", "semantic", "regex"))
    search.add_argument("--granularity", default="page", choices=("page", "section"))
    search.add_argument("--max-results", type=int, default=10)
    search.add_argument("--snippet", action="store_true", help="fixed-width snippets instead of paragraphs")
    search.add_argument("--pages", default=None, help="restrict to these pages")
    search.add_argument(
        "--budget",
        type=float,
        default=20,
        help="semantic mode: seconds to wait for the vectors (0-300; progress on stderr)",
    )
    _common(search)

    warm = sub.add_parser("warm", help="extract and index a folder of PDFs (progress on stderr)")
    warm.add_argument("folder")
    warm.add_argument("--budget", type=float, default=300, help="seconds (1-300)")
    warm.add_argument("--embeddings", action="store_true", help="also compute vectors for semantic search")
    warm.add_argument("--recursive", action="store_true")
    _common(warm)

    corpus = sub.add_parser("corpus-search", help="search every PDF of a folder")
    corpus.add_argument("folder")
    corpus.add_argument("query")
    corpus.add_argument("--mode", default="auto", choices=("auto", "keyword", "semantic"))
    corpus.add_argument("--top-k", type=int, default=10)
    corpus.add_argument("--recursive", action="store_true")
    corpus.add_argument("--budget", type=float, default=45, help="seconds for indexing new documents (1-300)")
    _common(corpus)

    cache = sub.add_parser("cache", help="cache statistics or clearing")
    cache.add_argument("action", choices=("stats", "clear"))
    cache.add_argument("--all", action="store_true", help="clear everything, not only expired entries")
    _common(cache)

    render = sub.add_parser("render", help="pages or a region to PNG files")
    render.add_argument("file")
    render.add_argument("--pages", required=True)
    render.add_argument("--dpi", type=int, default=150)
    render.add_argument("--clip", help="x0,y0,x1,y1 as page fractions")
    render.add_argument("-o", "--out", default=".", help="output folder (default: current)")
    _common(render)

    chart = sub.add_parser("chart", help="data of the vector charts on a page")
    chart.add_argument("file")
    chart.add_argument("page", type=int, help="page number, 1-based")
    chart.add_argument("--hints", help='answers to earlier questions, as JSON, e.g. \'{"p0.s1.axis": "right"}\'')
    chart.add_argument("--max-points", type=int, default=24, help="per-curve sampling cap (default 24)")
    chart.add_argument("-o", "--out", help="also write the renders (PNG) to this folder")
    _common(chart)

    attachments = sub.add_parser("attachments", help="list, print or save the files embedded in a PDF")
    attachments.add_argument("file")
    attachments.add_argument("--get", metavar="NAME|N", help="one attachment, by name or 1-based number")
    attachments.add_argument(
        "-o", "--out", help="save to this folder (all attachments, or the one --get names) instead of printing"
    )
    _common(attachments)

    verify = sub.add_parser(
        "verify",
        help="check that a quote occurs in a PDF (exit status 1 when not found or a number, date or name differs)",
    )
    verify.add_argument("file")
    verify.add_argument("quote")
    verify.add_argument("--pages", default=None, help="only look in these pages")
    _common(verify)
    return parser


def _core(args: argparse.Namespace) -> Any:
    import pdfcore
    from pdfcore.config import load_settings

    overrides: dict[str, dict[str, Any]] = {}
    if getattr(args, "root", None):
        overrides["paths"] = {"roots": list(args.root)}
    return pdfcore.build(load_settings(getattr(args, "config", None), overrides=overrides))


def _password(args: argparse.Namespace) -> str | None:
    return getattr(args, "password", None) or os.environ.get("PDFCORE_PASSWORD") or None


def _emit(args: argparse.Namespace, result: Any, human: Callable[[Any], str]) -> None:
    from pdfcore.serde import unstructure

    if args.json:
        sys.stdout.write(json.dumps(unstructure(result), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(human(result).rstrip("\n") + "\n")


def _cmd_warm(args: argparse.Namespace, core: Any) -> int:
    from pdfcore_entrypoints.progress import WarmProgress

    with WarmProgress() as bar:
        r = core.corpus_warm(
            args.folder,
            budget_seconds=args.budget,
            embeddings=args.embeddings,
            recursive=args.recursive,
            progress=bar.update,
        )

    def human(r: Any) -> str:
        lines = [
            f"{r.corpus_size} PDF(s): {r.warmed_this_call} warmed now, "
            f"{r.status_counts.get('cached', 0)} already cached, {r.skipped_count} skipped"
        ]
        lines += [f"skipped {s.path}: {s.reason}" for s in r.skipped]
        if r.skipped_count > len(r.skipped):
            lines.append(f"... and {r.skipped_count - len(r.skipped)} more skipped")
        if r.unprocessed_count:
            lines.append(f"{r.unprocessed_count} not reached within the budget: run again to continue")
        return "\n".join(lines)

    _emit(args, r, human)
    return 0


def _cmd_read(args: argparse.Namespace, core: Any) -> int:
    pw = _password(args)
    if args.ocr or args.ocr_lang:
        # OCR goes through read_pages (per-call page cap, cached results); the whole document
        # when no pages are named.
        res = core.read_pages(
            args.file, args.pages or "1-", password=pw, ocr=True, ocr_lang=args.ocr_lang, format=args.format
        )
        _emit(args, res, cli_text.pages)
        return 0
    if args.pages or args.json:
        # --json is one shape, pages[], with or without --pages: every page asked for
        _emit(
            args,
            _read_every_page(core, args.file, args.pages or "1-", password=pw, format=args.format),
            cli_text.pages,
        )
        return 0
    start: int | None = 1
    while start is not None:
        r = core.read_all(args.file, start_page=start, max_pages=500, password=pw, format=args.format)
        _emit(args, r, lambda x: x.full_text if x.markdown is None else x.markdown.rstrip("\n"))
        start = r.next_page
    return 0


def _read_every_page(core: Any, file: str, spec: str, **options: Any) -> Any:
    """``read_pages`` over ``spec`` call after call (each call's character budget) as one
    result: every page asked for, a page cut only past the call's whole budget."""
    import attrs

    from pdfcore.defaults import DEFAULT_MAX_CHARS

    parts = []
    todo: str | None = spec
    while todo:
        r = core.read_pages(file, todo, max_chars=DEFAULT_MAX_CHARS, max_chars_per_page=DEFAULT_MAX_CHARS, **options)
        parts.append(r)
        todo = r.next_pages if r.pages and r.next_pages != todo else None
    first = parts[0]
    tables = [r.total_tables for r in parts if r.total_tables is not None]
    return attrs.evolve(
        first,
        pages=tuple(p for r in parts for p in r.pages),
        hidden_text_detected=any(r.hidden_text_detected for r in parts),
        total_chars=sum(r.total_chars for r in parts),
        estimated_tokens=sum(r.estimated_tokens for r in parts),
        cache_hits=sum(r.cache_hits for r in parts),
        total_images=sum(r.total_images for r in parts),
        total_tables=sum(tables) if tables else None,
        truncated=None,
        truncation_note=None,
        next_pages=None,
        notices=tuple(dict.fromkeys(n for r in parts for n in r.notices)),
    )


def _cmd_render(args: argparse.Namespace, core: Any) -> int:
    clip = [float(v) for v in args.clip.split(",")] if args.clip else None
    r = core.render_pages(args.file, args.pages, dpi=args.dpi, clip=clip, password=_password(args))
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.splitext(os.path.basename(args.file))[0]
    written = []
    for im in r.images:
        path = os.path.join(args.out, f"{stem}-p{im.page}-{im.dpi}dpi.png")
        with open(path, "wb") as fh:
            fh.write(im.png)
        written.append(path)
    if args.json:
        from pdfcore.serde import unstructure

        data = unstructure(r)
        data.pop("images", None)
        data["files"] = written
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:
        for path in written:
            sys.stdout.write(path + "\n")
        if r.render_downsampled:
            sys.stdout.write(f"downsampled: {[d.page for d in r.render_downsampled]}\n")
        if r.truncated_render:
            sys.stdout.write(f"not rendered (image cap): pages {r.pages_not_rendered}\n")
        for warning in r.render_warnings or ():
            sys.stdout.write(f"warning: {warning}\n")
    return 0


def _cmd_chart(args: argparse.Namespace, core: Any) -> int:
    from pdfcore.errors import InvalidArgument
    from pdfcore.serde import unstructure

    hints = None
    if args.hints:
        try:
            hints = json.loads(args.hints)
        except ValueError as exc:
            raise InvalidArgument("--hints must be a JSON object.") from exc
    r = core.extract_chart(
        args.file,
        args.page,
        hints=hints,
        max_points=args.max_points,
        include_render=bool(args.out),
        password=_password(args),
    )
    written = []
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        stem = os.path.splitext(os.path.basename(args.file))[0]
        for i, im in enumerate(r.images):
            path = os.path.join(args.out, f"{stem}-p{im.page}-{im.kind}-{im.chart_id or i}.png")
            with open(path, "wb") as fh:
                fh.write(im.png)
            written.append(path)
    if args.json:
        data = unstructure(r)
        data.pop("images", None)
        if written:
            data["files"] = written
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(cli_text.chart(r) + "\n")
        for path in written:
            sys.stdout.write(f"render: {path}\n")
    return 0


def _safe_filename(name: str, number: int) -> str:
    """A file name for an attachment that stays inside the output folder."""
    base = os.path.basename(name.replace("\\", "/")).strip().lstrip(".")
    base = "".join(ch if ch.isprintable() and ch not in '<>:"|?*' else "_" for ch in base)
    return base[:200] or f"attachment-{number}"


def _cmd_attachments(args: argparse.Namespace, core: Any) -> int:
    from pdfcore.serde import unstructure

    pw = _password(args)
    if args.get is None and not args.out:
        listing = core.attachments(args.file, password=pw)

        def human(r: Any) -> str:
            if not r.attachments:
                return "(no embedded files)"
            rows = []
            for a in r.attachments:
                size = f"{a.size} bytes" if a.size is not None else "unreadable"
                where = f", page {a.page}" if a.page is not None else ""
                desc = f" - {a.description}" if a.description else ""
                kind = f"{a.kind}, {a.mime_type}" if a.mime_type else a.kind
                rows.append(f"{a.index}. {a.name} ({size}, {kind}{where}){desc}")
            return "\n".join(rows)

        _emit(args, listing, human)
        return 0
    if args.get is not None and not args.out:
        wanted = int(args.get) if args.get.isdigit() else args.get
        res = core.attachment(args.file, wanted, password=pw)
        if res.text is None:
            from pdfcore.errors import InvalidArgument

            raise InvalidArgument(
                f"Attachment {res.index} ({res.name}) is an image; it is not printed.",
                recovery=f"Save it: pdfcore attachments FILE --get {res.index} -o DIR.",
            )
        if args.json:
            data = unstructure(res)
            data.pop("png", None)
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        else:
            sys.stdout.write(res.text if res.text.endswith("\n") else res.text + "\n")
        return 0
    os.makedirs(args.out, exist_ok=True)
    if args.get is not None:
        targets: list[str | int] = [int(args.get) if args.get.isdigit() else args.get]
    else:
        targets = [a.index for a in core.attachments(args.file, password=pw).attachments]
    written = []
    used: set[str] = set()
    for target in targets:
        entry, data = core.attachment_bytes(args.file, target, password=pw)
        filename = _safe_filename(entry.name, entry.index + 1)
        if filename in used:  # two attachments with one name: keep both
            stem, dot, ext = filename.rpartition(".")
            filename = f"{stem}-{entry.index + 1}{dot}{ext}" if stem else f"{filename}-{entry.index + 1}"
        used.add(filename)
        path = os.path.join(args.out, filename)
        with open(path, "wb") as fh:
            fh.write(data)
        written.append({"attachment": entry.index + 1, "name": entry.name, "size": len(data), "file": path})
    if args.json:
        sys.stdout.write(json.dumps(written, ensure_ascii=False, indent=2) + "\n")
    else:
        for w in written:
            sys.stdout.write(f"{w['file']} ({w['size']} bytes)\n")
    return 0


def _cmd_verify(args: argparse.Namespace, core: Any) -> int:
    r = core.verify_quote(args.file, args.quote, pages=args.pages, password=_password(args))
    _emit(args, r, cli_text.quote)
    # verified: exact, or a similar passage that writes every number, date and name alike
    return 0 if r.status in ("exact", "fuzzy") else 1


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        from mcp_adapter.__main__ import main as serve_main

        serve_args: list[str] = []
        if args.profile:
            serve_args += ["--profile", args.profile]
        for r in args.root:
            serve_args += ["--root", r]
        if args.config:
            serve_args += ["--config", args.config]
        return serve_main(serve_args)
    try:
        with answering("cli"):
            return _run(args)
    except PdfcoreError as exc:
        sys.stderr.write(f"{exc.code}: {exc.message}\n")
        if exc.recovery:
            sys.stderr.write(f"next: {exc.recovery}\n")
        return 2


def _run(args: argparse.Namespace) -> int:
    """Build the core, run the command, report statistics when asked; its exit code."""
    core = _core(args)
    try:
        if not getattr(args, "stats", False):
            return _dispatch(args, core)
        from pdfcore import telemetry

        out = _Counted(sys.stdout)
        sys.stdout = out
        try:
            with telemetry.collect() as stats:
                code = _dispatch(args, core)
        finally:
            sys.stdout = out.stream
        report = telemetry.summary(stats, backend_names=dict(core.services.backend_names), bytes_out=out.bytes)
        sys.stderr.write(json.dumps({"pdfcore/stats": report}) + "\n")
        return code
    finally:
        core.close()


def _dispatch(args: argparse.Namespace, core: Any) -> int:
    """Run the command ``args`` names on ``core``; its exit code."""
    if args.command == "info":
        _emit(
            args,
            core.info(args.file, password=_password(args), detail=args.detail, content_trust=args.content_trust),
            cli_text.info,
        )
        return 0
    if args.command == "toc":
        _emit(args, core.toc(args.file, password=_password(args)), cli_text.toc)
        return 0
    if args.command == "read":
        return _cmd_read(args, core)
    if args.command == "render":
        return _cmd_render(args, core)
    if args.command == "search":
        from pdfcore_entrypoints.progress import WarmProgress

        with WarmProgress(unit="pages", verb="embed") as bar:
            res = core.search(
                args.file,
                args.query,
                mode=args.mode,
                granularity=args.granularity,
                max_results=args.max_results,
                excerpt_style="snippet" if args.snippet else "paragraph",
                pages=args.pages,
                password=_password(args),
                budget_seconds=args.budget,
                progress=lambda done, total: bar.update(done, total, "vectors"),
            )
        _emit(args, res, cli_text.search)
        return 0
    if args.command == "warm":
        return _cmd_warm(args, core)
    if args.command == "corpus-search":
        from pdfcore_entrypoints.progress import WarmProgress

        with WarmProgress(verb="index") as bar:
            res = core.corpus_search(
                args.folder,
                args.query,
                mode=args.mode,
                top_k=args.top_k,
                recursive=args.recursive,
                budget_seconds=args.budget,
                progress=bar.update,
            )

        def human(r: Any) -> str:
            lines = [f"{r.search_mode}: {len(r.matches)} match(es) in {r.coverage['searched']} document(s)"]
            lines += [f"{m.path} p. {m.page}: {m.excerpt[:200]}" for m in r.matches]
            if r.unprocessed_count:
                lines.append(
                    f"not indexed within the budget: {r.unprocessed_count} document(s) (run again, or pdfcore warm)"
                )
            if r.semantic_pending:
                waiting = len(r.semantic_unprocessed or ())
                lines.append(
                    f"vectors being made for {waiting} document(s): "
                    + (
                        "not searched (run again, or pdfcore warm --embeddings)"
                        if r.search_mode == "semantic"
                        else "keyword ranking for them now"
                    )
                )
            return "\n".join(lines)

        _emit(args, res, human)
        return 0
    if args.command == "cache":
        data = core.cache_stats() if args.action == "stats" else core.cache_clear(expired_only=not args.all)
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return 0
    if args.command == "chart":
        return _cmd_chart(args, core)
    if args.command == "attachments":
        return _cmd_attachments(args, core)
    if args.command == "verify":
        return _cmd_verify(args, core)
    return 1


if __name__ == "__main__":
    sys.exit(main())
