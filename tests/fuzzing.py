"""Damaged PDFs for robustness tests: hypothesis strategies that mutate real PDF bytes, and the
loop that runs one mutant through pdfcore.

Mutations, one to three per case: bit flips, truncation, a chunk duplicated or deleted, random
bytes written over a chunk, and damage aimed at the cross-reference machinery (numbers after
``startxref``, ``/Size``, ``/Prev``, ``/Length``, object headers and xref rows rewritten; the
``xref``/``trailer``/``obj`` keywords themselves overwritten or removed). Each case also reads the whole damaged
file in Markdown the way a caller loops on ``read_all`` (``start_page=next_page`` until null):
every page comes back exactly once, or the loop ends with a PdfcoreError. Shared by
``tests/integration/test_fuzz.py`` and ``benchmarks/fuzz_pdfs.py``.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from pdfcore.errors import PdfcoreError
from tests.pdfgen import Outline, Page, write_pdf
from tests.tablegen import aligned_table, prose, prose_page, ruled_table, tables_page, typeset_pages

#: Small corpus files used as seeds (paths inside the corpus), chosen for variety: pdfTeX,
#: LibreOffice, hand-made files with broken xref tables, page labels, a corrupted zlib stream,
#: outlines, and the fuzzer-made samples of pdf.js and pikepdf.
CORPUS_SEEDS = (
    "py-pdf_sample-files/001-trivial/minimal-document.pdf",
    "py-pdf_sample-files/002-trivial-libre-office-writer/002-trivial-libre-office-writer.pdf",
    "pdfjs/xref_command_missing.pdf",
    "pdfjs/PDFBOX-4352-0.pdf",
    "pdfjs/bad-PageLabels.pdf",
    "pdfjs/empty.pdf",
    "pdfjs/rotation.pdf",
    "pdfjs/simpletype3font.pdf",
    "pdfminer/samples/zen_of_python_corrupted.pdf",
    "pikepdf/tests/resources/fuzz/378014596.pdf",
    "pdfjs/PDFBOX-3148-2-fuzzed.pdf",
)
#: Fuzzer-made files of the corpus, also run unmutated (MANIFEST.tsv rows mentioning fuzzing).
CORPUS_FUZZED = (
    "pdfjs/PDFBOX-3148-2-fuzzed.pdf",
    "pikepdf/tests/resources/fuzz/378014596.pdf",
)

#: Where xref/trailer damage is aimed.
_TARGETS = re.compile(
    rb"startxref|xref|trailer|/Size|/Root|/Prev|/Length|/XRefStm|/Type\s*/XRef|/Pages|/Kids|/Count|"
    rb"\d+ \d+ obj|endobj|stream|endstream|\d{10} \d{5} [nf]"
)
_NUMBER = re.compile(rb"-?\d+")
#: The comment line each page of a Markdown ``read_all`` answer starts with.
_PAGE_COMMENT = re.compile(r"(?m)^<!-- page (\d+)(?: \(label [^\n]*\))? -->$")
#: The ``read_all`` loop of a case: a token budget small enough that a seed's pages take several
#: calls (each resuming with pages the engine extracted ahead), under a window wide enough
#: for the lookahead.
READ_ALL_MAX_TOKENS = 1500


def generated_seeds(folder: Path) -> list[tuple[str, bytes]]:
    """Seeds that need no corpus: two small files from tests/pdfgen.py (text, an image, an outline)."""
    folder.mkdir(parents=True, exist_ok=True)
    a = Page().text(72, 720, "Fuzz seed heading", size=18, font="F2").lines(72, 680, ["alpha beta gamma", "delta"])
    a.image(72, 400, 100, 100)
    b = Page(rotate=90).text(72, 720, "second page").rect(100, 100, 50, 50)
    one = write_pdf(folder / "seed-a.pdf", [a, b], outline=[Outline("Start", 0), Outline("Two", 1)])
    two = write_pdf(folder / "seed-b.pdf", [Page().text(72, 700, "single page")], labels=[(0, "r", "")])
    return [("generated/seed-a.pdf", one.read_bytes()), ("generated/seed-b.pdf", two.read_bytes())]


def table_seeds(folder: Path) -> list[tuple[str, bytes]]:
    """Multi-page seeds for the Markdown ``read_all`` loop: ten pages of ruled and text-aligned
    tables between prose, with an outline, page labels and a white (hidden) copy of a table's
    words (tests/tablegen.py); and 64 short pages set with ReportLab, a table on each. A
    document of more than ``SAMPLE_ALL`` (40) pages is not extracted whole for its style before
    the loop, so the loop extracts the rest itself: pages handed to the engine ahead, tables
    read ahead, a page waiting for its tables while the engine extracts on."""
    folder.mkdir(parents=True, exist_ok=True)
    pages: list[Page] = []
    for k in range(10):
        if k % 3 == 0:
            page = tables_page()
        elif k % 3 == 1:
            page = prose_page()
        else:
            page = aligned_table(ruled_table(prose(Page(), 760, 3)))
            page.text(100, 680, "Apples 12 3.50", size=11, rgb=(1, 1, 1))
        pages.append(page)
    one = write_pdf(
        folder / "tables.pdf",
        pages,
        outline=[Outline("Tables", 0), Outline("More", 5)],
        labels=[(0, "r", ""), (2, "D", "")],
    )
    steps: list[list[tuple[str, object]]] = []
    for k in range(64):
        rows = [[f"Row {k}.{r}", f"{(k + r) * 17 % 100}.{r}", f"{r * 3}", "yes" if r % 2 else "no"] for r in range(6)]
        steps.append(
            [("title", f"Section {k + 1}"), ("prose", 2), ("table", ((72, 200, 300, 400), rows)), ("prose", 2)]
        )
    two = typeset_pages(folder / "typeset.pdf", steps)
    return [("generated/tables.pdf", one.read_bytes()), ("generated/typeset.pdf", two.read_bytes())]


def corpus_seeds(corpus: Path, names: Sequence[str] = CORPUS_SEEDS) -> list[tuple[str, bytes]]:
    return [(name, (corpus / name).read_bytes()) for name in names if (corpus / name).is_file()]


@dataclass(frozen=True)
class Mutant:
    seed: str
    data: bytes
    ops: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.seed} [{'; '.join(self.ops)}]"


def _flip(draw: Any, buf: bytearray) -> str:
    n = draw(st.integers(1, 16))
    for _ in range(n):
        pos = draw(st.integers(0, len(buf) - 1))
        buf[pos] ^= 1 << draw(st.integers(0, 7))
    return f"flip {n} bits"


def _truncate(draw: Any, buf: bytearray) -> str:
    keep = draw(st.integers(0, len(buf) - 1))
    del buf[keep:]
    return f"truncate at {keep}"


def _duplicate(draw: Any, buf: bytearray) -> str:
    start = draw(st.integers(0, len(buf) - 1))
    length = draw(st.integers(1, min(4096, len(buf) - start)))
    at = draw(st.integers(0, len(buf)))
    buf[at:at] = buf[start : start + length]
    return f"duplicate {start}+{length} at {at}"


def _delete(draw: Any, buf: bytearray) -> str:
    start = draw(st.integers(0, len(buf) - 1))
    length = draw(st.integers(1, min(4096, len(buf) - start)))
    del buf[start : start + length]
    return f"delete {start}+{length}"


def _overwrite(draw: Any, buf: bytearray) -> str:
    start = draw(st.integers(0, len(buf) - 1))
    junk = draw(st.binary(min_size=1, max_size=64))
    buf[start : start + len(junk)] = junk
    return f"overwrite {len(junk)} bytes at {start}"


def _xref(draw: Any, buf: bytearray) -> str:
    hits = [m.span() for m in _TARGETS.finditer(buf)]
    if not hits:
        return _flip(draw, buf)
    start, end = draw(st.sampled_from(hits))
    word = bytes(buf[start:end])[:20].decode("latin-1")
    how = draw(st.sampled_from(("number", "number", "keyword", "remove")))
    if how == "number":
        m = _NUMBER.search(buf, start, min(len(buf), end + 40))
        if m is not None:
            value = draw(
                st.one_of(
                    st.integers(-1, 10),
                    st.integers(0, len(buf) + 100),
                    st.sampled_from((2**31 - 1, 2**31, 2**32 + 1, 10**12, 10**20)),
                )
            )
            buf[m.start() : m.end()] = str(value).encode()
            return f"number near {word!r} -> {value}"
    if how == "keyword":
        junk = draw(st.binary(min_size=end - start, max_size=end - start))
        buf[start:end] = junk
        return f"overwrite {word!r}"
    del buf[start:end]
    return f"remove {word!r}"


MUTATIONS: dict[str, Callable[[Any, bytearray], str]] = {
    "flip": _flip,
    "truncate": _truncate,
    "duplicate": _duplicate,
    "delete": _delete,
    "overwrite": _overwrite,
    "xref": _xref,
}


@st.composite
def mutants(draw: Any, seeds: Sequence[tuple[str, bytes]]) -> Mutant:
    """A seed with one to three mutations applied (the xref kind weighted double)."""
    name, data = draw(st.sampled_from(list(seeds)))
    buf = bytearray(data)
    ops: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        if not buf:
            break
        kind = draw(st.sampled_from(("flip", "truncate", "duplicate", "delete", "overwrite", "xref", "xref")))
        ops.append(MUTATIONS[kind](draw, buf))
    return Mutant(seed=name, data=bytes(buf), ops=tuple(ops))


@dataclass
class Outcome:
    """What the four steps of one case did: the code of the first failure, or ``None``, and their
    time; and what the Markdown ``read_all`` loop did (run first, see :func:`run_case`)."""

    code: str | None
    step: str | None
    seconds: float
    detail: str = ""
    steps: list[str] = field(default_factory=list)
    #: the loop: the code it ended with (None: every page came back), its calls, its pages, the
    #: page count its first answer gave
    read_all_code: str | None = None
    read_all_total: int | None = None
    read_all_calls: int = 0
    read_all_pages: int = 0
    read_all_seconds: float = 0.0
    read_all_slowest_call: float = 0.0
    read_all_detail: str = ""


def read_all_loop(core: Any, path: str, outcome: Outcome) -> None:
    """Read ``path`` whole in Markdown as a caller does (``start_page=next_page`` until null) and
    check every page comes back exactly once, in order, each after its ``<!-- page N -->`` line
    (the page count is the first answer's ``total_pages``); a PdfcoreError ends the loop and is
    recorded. A broken promise raises AssertionError (``page_out_of_range`` is one: only pages
    the document was said to have are asked for)."""
    t0 = time.perf_counter()
    seen: list[int] = []
    start: int | None = 1
    try:
        while start is not None:
            total = outcome.read_all_total
            assert total is None or outcome.read_all_calls <= total, f"no end after {outcome.read_all_calls} calls"
            outcome.read_all_calls += 1
            t1 = time.perf_counter()
            try:
                got = core.read_all(path, start_page=start, format="markdown", max_tokens=READ_ALL_MAX_TOKENS)
            finally:
                outcome.read_all_slowest_call = max(outcome.read_all_slowest_call, time.perf_counter() - t1)
            total = outcome.read_all_total = got.total_pages if total is None else total
            assert got.start_page == start and got.total_pages == total, (start, got.start_page, got.total_pages, total)
            if total == 0:
                assert got.page_count == 0 and got.next_page is None, got
                break
            assert got.page_count >= 1, f"no page from page {start} of {total}"
            pages = list(range(start, start + got.page_count))
            assert [int(n) for n in _PAGE_COMMENT.findall(got.markdown)] == pages, (pages, got.markdown[:400])
            assert got.next_page == (pages[-1] + 1 if pages[-1] < total else None), (pages, got.next_page)
            seen.extend(pages)
            start = got.next_page
        assert seen == list(range(1, (outcome.read_all_total or 0) + 1)), seen
    except PdfcoreError as exc:
        assert exc.code != "page_out_of_range", (start, outcome.read_all_total, exc.message)
        outcome.read_all_code = exc.code
        outcome.read_all_detail = exc.message
    finally:
        outcome.read_all_pages = len(seen)
        outcome.read_all_seconds = time.perf_counter() - t0


def run_case(core: Any, folder: Path, data: bytes, *, whole: bool = True) -> Outcome:
    """Write ``data`` under ``folder``; with ``whole``, the Markdown ``read_all`` loop over the
    whole file first (:func:`read_all_loop`), while no page of it is extracted yet, so the loop
    hands the engine pages ahead and reads tables ahead as on a document read for the first time
    (``info`` would have the pages of a small document extracted before); then info (the page
    count the loop saw), read of page 1 (text, then Markdown: tables and structure) and render
    of page 1 (72 dpi), stopping at the first failure. Anything but a PdfcoreError propagates (a
    bug), and so does an AssertionError for ``page_out_of_range`` on page 1 of a file ``info``
    gave pages."""
    path = folder / f"{hashlib.sha256(data).hexdigest()[:20]}.pdf"
    path.write_bytes(data)
    steps: list[str] = []
    outcome = Outcome(None, None, 0.0)
    if whole:
        read_all_loop(core, str(path), outcome)
    t0 = time.perf_counter()
    try:
        try:
            info = core.info(str(path))
            steps.append("info")
            assert outcome.read_all_total in (None, info.page_count), (outcome.read_all_total, info.page_count)
            if info.page_count == 0:
                outcome.detail = "no pages"
                return outcome
            read = core.read_pages(str(path), "1")
            assert read.pages[0].page == 1
            steps.append("read")
            structured = core.read_pages(str(path), "1", format="markdown")
            assert isinstance(structured.pages[0].markdown, str)
            steps.append("markdown")
            render = core.render_pages(str(path), "1", dpi=72)
            assert render.pages_rendered == (1,) or render.render_failed_pages or render.render_oversized_pages
            steps.append("render")
        except PdfcoreError as exc:
            step = ("info", "read", "markdown", "render")[len(steps)]
            assert exc.code != "page_out_of_range", f"{step} of page 1: {exc.message}"
            outcome.code, outcome.step, outcome.detail = exc.code, step, exc.message
        return outcome
    finally:
        outcome.seconds = time.perf_counter() - t0
        outcome.steps = steps
        os.unlink(path)
