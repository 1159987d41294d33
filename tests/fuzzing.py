"""Damaged PDFs for robustness tests: hypothesis strategies that mutate real PDF bytes, and the
loop that runs one mutant through pdfcore.

Mutations, one to three per case: bit flips, truncation, a chunk duplicated or deleted, random
bytes written over a chunk, and damage aimed at the cross-reference machinery (numbers after
``startxref``, ``/Size``, ``/Prev``, ``/Length``, object headers and xref rows rewritten; the
``xref``/``trailer``/``obj`` keywords themselves overwritten or removed). Shared by
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


def generated_seeds(folder: Path) -> list[tuple[str, bytes]]:
    """Seeds that need no corpus: two small files from tests/pdfgen.py (text, an image, an outline)."""
    folder.mkdir(parents=True, exist_ok=True)
    a = Page().text(72, 720, "Fuzz seed heading", size=18, font="F2").lines(72, 680, ["alpha beta gamma", "delta"])
    a.image(72, 400, 100, 100)
    b = Page(rotate=90).text(72, 720, "second page").rect(100, 100, 50, 50)
    one = write_pdf(folder / "seed-a.pdf", [a, b], outline=[Outline("Start", 0), Outline("Two", 1)])
    two = write_pdf(folder / "seed-b.pdf", [Page().text(72, 700, "single page")], labels=[(0, "r", "")])
    return [("generated/seed-a.pdf", one.read_bytes()), ("generated/seed-b.pdf", two.read_bytes())]


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
    """What the three steps of one case did: the code of the first failure, or ``None``."""

    code: str | None
    step: str | None
    seconds: float
    detail: str = ""
    steps: list[str] = field(default_factory=list)


def run_case(core: Any, folder: Path, data: bytes) -> Outcome:
    """Write ``data`` under ``folder``, then info, read of page 1 (text, then Markdown: tables
    and structure) and render of page 1 (72 dpi), stopping at the first failure. Anything but a PdfcoreError propagates (a bug)."""
    path = folder / f"{hashlib.sha256(data).hexdigest()[:20]}.pdf"
    path.write_bytes(data)
    t0 = time.perf_counter()
    steps: list[str] = []
    try:
        info = core.info(str(path))
        steps.append("info")
        if info.page_count == 0:
            return Outcome(None, None, time.perf_counter() - t0, "no pages", steps)
        read = core.read_pages(str(path), "1")
        assert read.pages[0].page == 1
        steps.append("read")
        structured = core.read_pages(str(path), "1", format="markdown")
        assert isinstance(structured.pages[0].markdown, str)
        steps.append("markdown")
        render = core.render_pages(str(path), "1", dpi=72)
        assert render.pages_rendered == (1,) or render.render_failed_pages or render.render_oversized_pages
        steps.append("render")
        return Outcome(None, None, time.perf_counter() - t0, "", steps)
    except PdfcoreError as exc:
        step = ("info", "read", "markdown", "render")[len(steps)]
        return Outcome(exc.code, step, time.perf_counter() - t0, exc.message, steps)
    finally:
        os.unlink(path)
