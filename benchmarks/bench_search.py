"""Search benchmark: pdfcore (Python API, in-process) and the peer ``pdf-mcp==3.5.0``, side by side.

One run measures:

1. Retrieval quality on the DEV question sets (``splits/gt_filtered/DEV``): page recall@5 (the answer
   page is among the first five results) and MRR@10, with the question text as the query, for
   pdfcore's keyword, semantic and hybrid (``mode="auto"``) search, single-document (the question's
   own PDF) and corpus-wide (``corpus_search`` over the question set's folder, recursive); the
   peer's keyword mode beside them (``pdf_search`` and ``pdf_corpus_search``), and the peer's
   semantic mode probed once (offline it needs a model download: time to fail and what it returns).
2. Latency: warm keyword search on ``pdfjs/freeculture.pdf`` (p50/p95 over varied queries) and the
   first search on a cold document, indexing included (fresh cache directories; each side in a
   fresh interpreter, whose start and imports are not timed; ours 5 times, the peer's twice, as
   it takes about 50 s; medians). The timed phases (warm latency, each side's cold searches)
   start once the machine has settled after the phase before (the 1-minute load average below
   1.0, waiting at most 60 s: the in-process phases before them keep both cores busy).
3. Embedding throughput: the chunks of freeculture.pdf (``chunk_page``) through
   ``SentenceTransformerEmbedder`` against a bare ``SentenceTransformer.encode`` of the same texts,
   in the same process.
4. Corpus: ``corpus_warm`` of the whole corpus (recursive; keyword index, then embeddings for the
   question-set folders and, within ``--embed-budget``, for the rest), then warm corpus keyword
   and hybrid search latency.

Answer pages. UDA fin_qa rows name their evidence page in ``q_uid`` (``page_59.pdf`` = page 59,
1-based: checked against the text). Other UDA rows carry only answers: their answer pages are the
pages whose text (bare pypdfium2, normalised) holds every answer span verbatim; questions whose
answer is yes/no, computed, paraphrased, or found on more than three pages are left out and
counted. The pdf-mcp excerpt queries carry 1-based pages; queries on PDFs absent from the corpus
are left out and counted.

Both sides are called in-process: pdfcore through ``pdfcore.build(...)``, the peer through its tool
functions in its own interpreter (a driver script run by ``$PDFCORE_PEER_PYTHON``, else
``benchmarks/.peer-venv``, created on first use with ``pip install -c constraints.txt
pdf-mcp==3.5.0``), each over its own scratch cache. The corpus is ``$PDFCORE_CORPUS``, else
``../shared/corpus`` beside the repository. Usage::

    python benchmarks/bench_search.py [--quick] [--json PATH] [--no-peer] [--embed-budget SECONDS]
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib.metadata
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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PEER_SPEC = "pdf-mcp==3.5.0"
PEER_VERSION = "3.5.0"
LONG_DOC = "pdfjs/freeculture.pdf"
TOP_K = 10
RECALL_AT = 5
MAX_ANSWER_PAGES = 3
WARM_BUDGET = 300  # seconds per corpus_warm call (the clamp's maximum)

# question set -> (ground-truth file, folder searched by corpus search), relative to the corpus
QUESTION_SETS = {
    "uda": ("splits/gt_filtered/DEV/uda-benchmark/uda_qa.json", "uda-benchmark"),
    "pdf-mcp": ("splits/gt_filtered/DEV/pdf-mcp/sdist/benchmark_data/excerpt_quality_queries.json", "pdf-mcp"),
}
PDF_MCP_BASE = "pdf-mcp/sdist"  # the excerpt queries' paths are relative to the peer's sdist

# Warm single-document latency on freeculture.pdf: words, names, phrases and questions.
LATENCY_QUERIES = [
    "copyright",
    "Disney",
    "piracy",
    "Hollywood",
    "Napster",
    "Kodak",
    "Eldred",
    "Constitution",
    "patent",
    "radio",
    "Jack Valenti",
    "Mickey Mouse",
    "public domain",
    "fair use",
    "Creative Commons",
    "Sonny Bono",
    "Supreme Court",
    "peer-to-peer",
    "Internet Archive",
    "Brewster Kahle",
    '"free culture"',
    '"permission culture"',
    '"intellectual property"',
    '"copyright term"',
    "why did the Supreme Court uphold the copyright term extension",
    "how does peer-to-peer file sharing affect music sales",
    "what happened to Edwin Armstrong and FM radio",
    "who owns the rights to Mickey Mouse",
    "what is the difference between piracy and property",
    "photography",
    "Betamax",
    "Causby",
    "cable television",
    "music industry",
    "Walt Disney",
    "Steamboat Willie",
    '"Sonny Bono Copyright Term Extension Act"',
    "Congress",
    "FM radio",
    "lawyers",
]
QUICK_LATENCY_QUERIES = 30

# Warm corpus search latency over the whole corpus.
CORPUS_QUERIES = [
    "table",
    "invoice",
    "copyright",
    "attention",
    "revenue",
    "interest expense",
    "Oklahoma",
    "router security",
    "hidden text",
    "font",
    "annotation",
    "form field",
    "Unicode",
    "encryption",
    "password",
    "chart",
    "Creative Commons",
    "Supreme Court",
    "named entity recognition",
    "net sales",
    "what is the interest expense in 2009",
    "how many states share a border with oklahoma",
    "login session requirement",
    '"public domain"',
]
QUICK_CORPUS_QUERIES = 20


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def loadavg() -> tuple[float, float, float] | None:
    return os.getloadavg() if hasattr(os, "getloadavg") else None


# ---------------------------------------------------------------------------------------------
# Set-up: corpus, peer interpreter, pdfcore


def corpus_dir() -> Path:
    raw = os.environ.get("PDFCORE_CORPUS")
    path = (Path(raw) if raw else REPO.parent / "shared" / "corpus").resolve()
    needed = [LONG_DOC, *(gt for gt, _ in QUESTION_SETS.values())]
    missing = [rel for rel in needed if not (path / rel).is_file()]
    if missing:
        sys.exit(f"corpus at {path} lacks {', '.join(missing)} (set PDFCORE_CORPUS)")
    return path


def _venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _peer_version(python: Path) -> str | None:
    probe = "import importlib.metadata as m; print(m.version('pdf-mcp'))"
    try:
        out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
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
    except Exception:  # noqa: BLE001 - any failure means "run without URL support"
        return False
    return True


class Workspace:
    """Scratch directories: an empty pdfcore config file, cache dirs for both sides, peer logs."""

    def __init__(self, keep: bool) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="bench-search-"))
        self.keep = keep
        self.config = self.root / "pdfcore.toml"
        self.config.write_text("# defaults only\n")
        self.urls_enabled = url_fetching_available()
        self._n = 0

    def new_dir(self, label: str) -> Path:
        self._n += 1
        path = self.root / f"{self._n:03d}-{label}"
        path.mkdir()
        return path

    @contextlib.contextmanager
    def scratch(self, label: str) -> Iterator[Path]:
        path = self.new_dir(label)
        try:
            yield path
        finally:
            shutil.rmtree(path, ignore_errors=True)

    def build_core(self, cache: Path) -> Any:
        import pdfcore
        from pdfcore.config import load_settings

        env = {"PDFCORE_CACHE_DIR": str(cache)}
        if not self.urls_enabled:
            env["PDFCORE_URLS_ENABLED"] = "0"
        return pdfcore.build(load_settings(str(self.config), env=env))

    def close(self) -> None:
        if self.keep:
            log(f"scratch kept at {self.root}")
        else:
            shutil.rmtree(self.root, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# Questions and their answer pages


@dataclass(frozen=True)
class Question:
    qset: str
    doc: Path  # absolute
    question: str
    pages: tuple[int, ...]  # answer pages, 1-based
    origin: str  # "q_uid", "answer located", "labelled"
    qid: str


@dataclass
class QuestionSets:
    questions: list[Question] = field(default_factory=list)
    excluded: dict[str, dict[str, int]] = field(default_factory=dict)  # qset -> reason -> count
    sanity: dict[str, str] = field(default_factory=dict)

    def exclude(self, qset: str, reason: str) -> None:
        bucket = self.excluded.setdefault(qset, {})
        bucket[reason] = bucket.get(reason, 0) + 1


def _norm(text: str) -> str:
    """Lower case, punctuation to spaces (keeping digits, '.', '%'), single spaces, padded."""
    flat = re.sub(r"[^0-9a-z.%]+", " ", text.lower())
    flat = re.sub(r"\.(\s|$)", r" ", flat)
    return " " + " ".join(flat.split()) + " "


def bare_page_texts(path: Path) -> list[str]:
    """Normalised text per page from bare pypdfium2 (independent of pdfcore's pipeline)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    out = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            out.append(_norm(textpage.get_text_bounded()))
            textpage.close()
            page.close()
    finally:
        doc.close()
    return out


_NON_ANSWERS = {"yes", "no", "unanswerable", "none"}


def _answer_candidates(row: dict[str, Any]) -> list[list[str]]:
    """Alternative answers of a UDA row, each a list of spans that must all occur."""
    cands: list[list[str]] = []
    if isinstance(row.get("answer"), str) and row["answer"].strip():
        try:
            spans = ast.literal_eval(row["answer"])
        except (ValueError, SyntaxError):
            spans = [row["answer"]]
        cands.append([str(s) for s in (spans if isinstance(spans, list) else [spans])])
    for key in ("answer_1", "answer_2", "answer_3", "short_answer"):
        value = row.get(key)
        if isinstance(value, str) and value.strip():
            cands.append([value])
    long_answer = row.get("long_answer")
    if isinstance(long_answer, str) and long_answer.strip():
        cands.append([" ".join(long_answer.split()[:12])])  # the passage's opening words
    return cands


def locate_answer(row: dict[str, Any], texts: list[str]) -> tuple[tuple[int, ...] | None, str]:
    usable = False
    too_many = False
    for spans in _answer_candidates(row):
        normed = [_norm(s) for s in spans]
        if any(len(s.strip()) < 2 or s.strip() in _NON_ANSWERS for s in normed):
            continue
        usable = True
        hits = tuple(i + 1 for i, t in enumerate(texts) if all(s in t for s in normed))
        if 1 <= len(hits) <= MAX_ANSWER_PAGES:
            return hits, "answer located"
        too_many = too_many or len(hits) > MAX_ANSWER_PAGES
    if not usable:
        return None, "yes/no or empty answer"
    if too_many:
        return None, f"answer on more than {MAX_ANSWER_PAGES} pages"
    return None, "answer not in the text verbatim (computed or paraphrased)"


def load_questions(corpus: Path, per_doc: int | None) -> QuestionSets:
    out = QuestionSets()
    # UDA
    gt_file, _folder = QUESTION_SETS["uda"]
    uda = json.loads((corpus / gt_file).read_text(encoding="utf-8"))["docs"]
    for name, entry in uda.items():
        pdf = corpus / entry["pdf"]
        if not pdf.is_file():
            for _ in entry["qa"]:
                out.exclude("uda", "document not in the corpus")
            continue
        texts: list[str] | None = None
        taken = 0
        for row in entry["qa"]:
            if per_doc is not None and taken >= per_doc:
                out.exclude("uda", "--quick: beyond the per-document sample")
                continue
            m = re.search(r"page_(\d+)\.pdf", str(row.get("q_uid", "")))
            if m:
                pages: tuple[int, ...] | None = (int(m.group(1)),)
                origin = "q_uid"
            else:
                texts = texts if texts is not None else bare_page_texts(pdf)
                pages, origin = locate_answer(row, texts)
                if pages is None:
                    out.exclude("uda", f"{row.get('_subset', '?')}: {origin}")
                    continue
            out.questions.append(
                Question("uda", pdf, str(row["question"]).strip(), pages, origin, f"{name}:{row.get('q_uid')}")
            )
            taken += 1
    # pdf-mcp excerpt queries
    gt_file, _folder = QUESTION_SETS["pdf-mcp"]
    data = json.loads((corpus / gt_file).read_text(encoding="utf-8"))["pdfs"]
    checked = found = 0
    for name, entry in data.items():
        pdf = corpus / PDF_MCP_BASE / entry["path"]
        if not pdf.is_file():
            for _ in entry["queries"]:
                out.exclude("pdf-mcp", f"document not in the corpus ({Path(entry['path']).name})")
            continue
        texts = bare_page_texts(pdf)
        for k, row in enumerate(entry["queries"]):
            if per_doc is not None and k >= per_doc:
                out.exclude("pdf-mcp", "--quick: beyond the per-document sample")
                continue
            page = int(row["page"])
            if row.get("answer") and 1 <= page <= len(texts):
                checked += 1
                found += _norm(row["answer"]) in texts[page - 1]
            out.questions.append(Question("pdf-mcp", pdf, row["query"], (page,), "labelled", f"{name}:{row['id']}"))
    out.sanity["pdf-mcp"] = f"answer text found on the labelled page for {found} of {checked} queries"
    return out


# ---------------------------------------------------------------------------------------------
# Scoring


def score_ranking(ranking: Sequence[Any], relevant: set[Any]) -> tuple[float, float]:
    """(hit within the first RECALL_AT, reciprocal rank of the first relevant result within TOP_K)."""
    hit = 1.0 if any(r in relevant for r in ranking[:RECALL_AT]) else 0.0
    rr = 0.0
    for rank, r in enumerate(ranking[:TOP_K], start=1):
        if r in relevant:
            rr = 1.0 / rank
            break
    return hit, rr


def percentile(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


@dataclass
class Runs:
    """Per-question outcomes of one contender: key -> list of records."""

    records: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def add(self, key: str, rec: dict[str, Any]) -> None:
        self.records.setdefault(key, []).append(rec)

    def summary(self, key: str, qset: str | None = None) -> dict[str, Any] | None:
        recs = [r for r in self.records.get(key, []) if qset is None or r["qset"] == qset]
        if not recs:
            return None
        seconds = [r["seconds"] for r in recs if r.get("seconds") is not None]
        return {
            "n": len(recs),
            "recall": 100.0 * statistics.fmean(r["hit"] for r in recs),
            "mrr": statistics.fmean(r["rr"] for r in recs),
            "errors": sum(1 for r in recs if r.get("error")),
            "p50_ms": 1000.0 * statistics.median(seconds) if seconds else None,
        }


# ---------------------------------------------------------------------------------------------
# pdfcore side


def _real(path: str, base: Path) -> str:
    p = Path(path)
    return os.path.realpath(p if p.is_absolute() else base / p)


def ours_single(core: Any, q: Question, mode: str) -> dict[str, Any]:
    from pdfcore.errors import PdfcoreError

    t0 = time.perf_counter()
    try:
        res = core.search(str(q.doc), q.question, mode=mode, max_results=TOP_K)
        ranking = [m.page for m in res.matches]
        error = None
        ran = res.search_mode
    except PdfcoreError as exc:
        ranking, error, ran = [], f"{exc.code}: {exc.message}", None
    seconds = time.perf_counter() - t0
    hit, rr = score_ranking(ranking, set(q.pages))
    return {
        "qset": q.qset,
        "qid": q.qid,
        "ranking": ranking,
        "hit": hit,
        "rr": rr,
        "seconds": seconds,
        "error": error,
        "ran": ran,
    }


def ours_corpus(core: Any, q: Question, folder: Path, mode: str) -> dict[str, Any]:
    from pdfcore.errors import PdfcoreError

    t0 = time.perf_counter()
    try:
        res = core.corpus_search(
            str(folder), q.question, mode=mode, top_k=TOP_K, recursive=True, budget_seconds=WARM_BUDGET
        )
        ranking = [(_real(m.path, folder), m.page) for m in res.matches]
        error = None
        ran = res.search_mode
        extra = {
            "semantic_unprocessed": len(res.semantic_unprocessed or ()),
            "unprocessed": len(res.unprocessed),
            "warmed_this_call": res.warmed_this_call,
        }
    except PdfcoreError as exc:
        ranking, error, ran, extra = [], f"{exc.code}: {exc.message}", None, {}
    seconds = time.perf_counter() - t0
    doc = os.path.realpath(q.doc)
    hit, rr = score_ranking(ranking, {(doc, p) for p in q.pages})
    return {
        "qset": q.qset,
        "qid": q.qid,
        "ranking": [f"{Path(d).name}:{p}" for d, p in ranking],
        "hit": hit,
        "rr": rr,
        "seconds": seconds,
        "error": error,
        "ran": ran,
        **extra,
    }


def warm_until_done(
    core: Any, paths: str, *, embeddings: bool, total_budget: float | None = None, label: str = ""
) -> dict[str, Any]:
    """corpus_warm calls (each WARM_BUDGET s at most) until nothing is left, or total_budget ends."""
    started = time.perf_counter()
    calls = 0
    last_log = [0.0]

    def progress(done: int, total: int, path: str) -> None:
        now = time.perf_counter()
        if done == total or now - last_log[0] > 15:
            last_log[0] = now
            log(f"  {label} warm: {done}/{total} ({now - started:.0f} s) {Path(path).name}")

    warmed = 0
    docs: dict[str, Any] = {}
    first_status: dict[str, str] = {}
    failures: list[dict[str, Any]] = []
    skipped: dict[str, str] = {}
    res = None
    while True:
        remaining = None if total_budget is None else total_budget - (time.perf_counter() - started)
        if remaining is not None and remaining < 1:
            break
        budget = WARM_BUDGET if remaining is None else max(1, min(WARM_BUDGET, int(remaining)))
        res = core.corpus_warm(paths, recursive=True, embeddings=embeddings, budget_seconds=budget, progress=progress)
        calls += 1
        warmed += res.warmed_this_call
        for d in res.docs:
            docs[d.path] = d
            first_status.setdefault(d.path, d.status)
        skipped = {s.path: s.reason for s in res.skipped}
        for path, reason in skipped.items():
            if not any(f["path"] == path and f["reason"] == reason for f in failures):
                failures.append({"call": calls, "path": path, "reason": reason[:300]})
                if not reason.startswith(("password_required", "malformed_pdf")):
                    log(f"  {label} warm: {Path(path).name} failed in call {calls}: {reason[:200]}")
        if not res.unprocessed or calls >= 200:
            break
    seconds = time.perf_counter() - started
    final_skips = {p: r for p, r in skipped.items() if p not in docs}
    reasons: dict[str, int] = {}
    for reason in final_skips.values():
        code = reason.split(":", 1)[0]
        reasons[code] = reasons.get(code, 0) + 1
    recovered = sorted({f["path"] for f in failures if f["path"] in docs})
    # The warm answers name at most 100 documents each: count documents and pages from the
    # cache listing instead (paged; nothing is extracted by it).
    listed_docs = listed_pages = 0
    offset: int | None = 0
    while offset is not None:
        page = core.list_documents(paths, recursive=True, offset=offset, limit=1000)
        for d in page.documents:
            if d.cached and d.indexed:
                listed_docs += 1
                listed_pages += d.pages or 0
        offset = page.next_offset
    return {
        "seconds": seconds,
        "calls": calls,
        "corpus_size": res.corpus_size if res is not None else 0,
        "docs": listed_docs,
        "warmed": warmed,
        "cached": sum(1 for st in first_status.values() if st == "cached"),
        "with_embeddings": sum(1 for d in docs.values() if d.embeddings_cached),
        "pages": listed_pages,
        "pages_with_embeddings": sum(d.pages for d in docs.values() if d.embeddings_cached),
        "skipped": len(final_skips),
        "skipped_by_code": reasons,
        "failed_then_warmed": recovered,
        "failures": failures,
        "unprocessed": res.unprocessed_count if res is not None else None,
        "executor": res.executor if res is not None else None,
    }


def latency_samples(fn: Callable[[str], Any], queries: Sequence[str], passes: int) -> list[float]:
    out = []
    for _ in range(passes):
        for q in queries:
            t0 = time.perf_counter()
            fn(q)
            out.append(time.perf_counter() - t0)
    return out


def summarize_latency(samples: Sequence[float]) -> dict[str, Any]:
    return {
        "n": len(samples),
        "p50_ms": 1000.0 * (percentile(samples, 0.5) or 0.0),
        "p95_ms": 1000.0 * (percentile(samples, 0.95) or 0.0),
        "max_ms": 1000.0 * max(samples) if samples else None,
    }


def embedding_throughput(core: Any, corpus: Path, limit: int | None, runs: int) -> dict[str, Any]:
    """Our embedder vs a bare SentenceTransformer on the same chunk texts, same process."""
    import numpy as np
    from sentence_transformers import SentenceTransformer

    from adapters.sbert_embedder import SentenceTransformerEmbedder
    from pdfcore.services.semantic import chunk_page

    path = str(corpus / LONG_DOC)
    source = core.open(path)
    facts, _ = core.documents.facts(source)
    pages = core.documents.pages(source, list(range(facts.page_count)), facts).pages
    texts = [pages[i].text[s.start : s.end] for i in sorted(pages) for s in chunk_page(pages[i])]
    total_chunks = len(texts)
    if limit is not None:
        texts = texts[:limit]
    ours = SentenceTransformerEmbedder(core.settings.embedding.model)
    ours.warm()
    model_dir = ours._model_dir()  # the same weights the adapter loads
    bare = SentenceTransformer(str(model_dir), device="cpu")
    ours.embed(texts[:8])  # first-call costs outside the timing
    bare.encode(texts[:8], batch_size=32, normalize_embeddings=True)
    import torch

    samples: dict[str, list[float]] = {"ours": [], "bare": []}
    diff = 0.0
    for r in range(runs):
        order = ("ours", "bare") if r % 2 == 0 else ("bare", "ours")
        for who in order:
            log(f"  embedding {len(texts)} chunks: {who} (run {r + 1}/{runs})")
            t0 = time.perf_counter()
            if who == "ours":
                emb = ours.embed(texts)
                ours_vecs = np.frombuffer(emb.data, dtype="<f4").reshape(emb.count, emb.dimension)
            else:
                bare_vecs = bare.encode(texts, batch_size=32, normalize_embeddings=True, show_progress_bar=False)
            samples[who].append(time.perf_counter() - t0)
        diff = max(diff, float(np.max(np.abs(ours_vecs - bare_vecs))))
    chars = sum(len(t) for t in texts)
    med = {who: statistics.median(v) for who, v in samples.items()}
    return {
        "chunks": len(texts),
        "chunks_in_document": total_chunks,
        "chars": chars,
        "runs": runs,
        "samples": samples,
        "seconds": med,
        "chunks_per_second": {who: len(texts) / s for who, s in med.items()},
        "ratio": med["ours"] / med["bare"],
        "max_abs_difference": diff,
        "torch_threads": torch.get_num_threads(),
        "batch_size": ours.batch_size,
    }


# ---------------------------------------------------------------------------------------------
# The peer, driven in its own interpreter

PEER_DRIVER = r"""
import json, sys, time

KEEP = ("search_mode", "semantic_unavailable", "semantic_unavailable_reason", "install_hint", "keyword_match",
        "corpus_size", "warmed_this_call", "budget_exhausted", "warm_complete", "coverage", "semantic_pending",
        "total_matches")


def main():
    job = json.load(open(sys.argv[1], encoding="utf-8"))
    out = open(sys.argv[2], "a", encoding="utf-8")

    def emit(rec):
        out.write(json.dumps(rec, default=str) + "\n")
        out.flush()

    t0 = time.perf_counter()
    from pdf_mcp import server  # noqa: F401  (registers the tools)
    from pdf_mcp.tools import corpus_tools, search

    emit({"op": "import", "seconds": time.perf_counter() - t0})
    for i, op in enumerate(job["ops"]):
        kind = op["op"]
        rec = {"i": i, "op": kind, "tag": op.get("tag")}
        t = time.perf_counter()
        try:
            if kind == "search":
                res = search.pdf_search(
                    op["path"], op["query"], mode=op["mode"], max_results=op.get("max_results", 10))
                rec["pages"] = [m.get("page") for m in res.get("matches", [])]
            elif kind == "corpus_search":
                res = corpus_tools.pdf_corpus_search(
                    op["paths"], op["query"], mode=op["mode"], top_k=op.get("top_k", 10),
                    recursive=op.get("recursive", False), budget_seconds=op.get("budget_seconds", 45))
                rec["hits"] = [[m.get("path"), m.get("page")] for m in res.get("matches", [])]
            elif kind == "corpus_warm":
                calls = 0
                while True:
                    res = corpus_tools.pdf_corpus_warm(
                        op["paths"], budget_seconds=op.get("budget_seconds", 300),
                        recursive=op.get("recursive", False), embeddings=op.get("embeddings", False))
                    calls += 1
                    if res.get("error") or not res.get("unprocessed") or calls >= op.get("max_calls", 50):
                        break
                rec["calls"] = calls
                rec["docs"] = len(res.get("docs", []))
                rec["skipped"] = len(res.get("skipped", []))
                rec["unprocessed"] = len(res.get("unprocessed", []))
            else:
                raise ValueError(kind)
            rec["seconds"] = time.perf_counter() - t
            if isinstance(res, dict):
                rec["error"] = res.get("error")
                rec.update({k: res[k] for k in KEEP if k in res})
                if op.get("full"):
                    rec["result"] = json.dumps(res, default=str)[:3000]
        except BaseException as exc:  # report, keep going
            rec["seconds"] = time.perf_counter() - t
            rec["exception"] = f"{type(exc).__name__}: {exc}"[:2000]
        emit(rec)


if __name__ == "__main__":  # the peer's worker processes re-import this file (spawn)
    main()
"""


#: The first search on a cold document, measured like the peer's: a fresh interpreter over an empty
#: cache; building pdfcore (imports, settings, the engine workers' start) is not timed, the search
#: (opening, extraction, indexing, the query) is.
OURS_COLD_DRIVER = r"""
import json, sys, time

import pdfcore
from pdfcore.config import load_settings

config, cache, doc, query, top_k, urls = sys.argv[1:7]
env = {"PDFCORE_CACHE_DIR": cache}
if urls == "0":
    env["PDFCORE_URLS_ENABLED"] = "0"
core = pdfcore.build(load_settings(config, env=env))
try:
    t0 = time.perf_counter()
    res = core.search(doc, query, mode="keyword", max_results=int(top_k))
    seconds = time.perf_counter() - t0
finally:
    core.close()
print(json.dumps({"seconds": seconds, "pages": [m.page for m in res.matches]}))
"""


def run_ours_cold(ws: Workspace, cache: Path, doc: Path) -> dict[str, Any]:
    """pdfcore's first search on ``doc`` in a fresh interpreter over ``cache`` (as the peer's is)."""
    args = [str(ws.config), str(cache), str(doc), "copyright law", str(TOP_K), "1" if ws.urls_enabled else "0"]
    proc = subprocess.run(
        [sys.executable, "-c", OURS_COLD_DRIVER, *args], capture_output=True, text=True, timeout=600, cwd=REPO
    )
    if proc.returncode != 0:
        raise RuntimeError(f"pdfcore cold search failed: {proc.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def run_peer(ws: Workspace, python: Path, ops: list[dict[str, Any]], label: str, cache: Path) -> list[dict[str, Any]]:
    """Run ``ops`` in one peer process over ``cache``; the records, in order (the import first)."""
    job = ws.root / f"peer-{label}.json"
    out = ws.root / f"peer-{label}.jsonl"
    errlog = ws.root / f"peer-{label}.stderr.log"
    job.write_text(json.dumps({"ops": ops}), encoding="utf-8")
    out.write_text("")
    home = cache / "home"
    home.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PDF_MCP_CACHE_DIR=str(cache / "pdf-mcp"), HOME=str(home))
    driver = ws.root / "peer_driver.py"
    driver.write_text(PEER_DRIVER, encoding="utf-8")
    started = time.perf_counter()
    with open(errlog, "w", encoding="utf-8") as err:
        proc = subprocess.Popen(
            [str(python), str(driver), str(job), str(out)], cwd=str(home), env=env, stdout=err, stderr=err
        )
        last = -1
        while True:
            try:
                proc.wait(timeout=20)
                break
            except subprocess.TimeoutExpired:
                done = max(0, len(out.read_text(encoding="utf-8").splitlines()) - 1)
                if done != last:
                    log(f"  peer {label}: {done}/{len(ops)} ops ({time.perf_counter() - started:.0f} s)")
                    last = done
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]
    if proc.returncode != 0 or len(records) != len(ops) + 1:
        tail = errlog.read_text(encoding="utf-8", errors="replace")[-3000:]
        raise RuntimeError(f"peer run {label} stopped after {len(records) - 1}/{len(ops)} ops; stderr ends:\n{tail}")
    return records


def peer_single_record(q: Question, rec: dict[str, Any]) -> dict[str, Any]:
    ranking = [p for p in rec.get("pages", []) if isinstance(p, int)]
    hit, rr = score_ranking(ranking, set(q.pages))
    return {
        "qset": q.qset,
        "qid": q.qid,
        "ranking": ranking,
        "hit": hit,
        "rr": rr,
        "seconds": rec.get("seconds"),
        "error": rec.get("error") or rec.get("exception"),
        "ran": rec.get("search_mode"),
        "keyword_match": rec.get("keyword_match"),
    }


def peer_corpus_record(q: Question, rec: dict[str, Any], folder: Path) -> dict[str, Any]:
    ranking = [(_real(str(p), folder), int(n)) for p, n in rec.get("hits", []) if p and isinstance(n, int)]
    doc = os.path.realpath(q.doc)
    hit, rr = score_ranking(ranking, {(doc, p) for p in q.pages})
    return {
        "qset": q.qset,
        "qid": q.qid,
        "ranking": [f"{Path(d).name}:{p}" for d, p in ranking],
        "hit": hit,
        "rr": rr,
        "seconds": rec.get("seconds"),
        "error": rec.get("error") or rec.get("exception"),
        "ran": rec.get("search_mode"),
    }


# ---------------------------------------------------------------------------------------------
# The run


@dataclass
class Config:
    quick: bool
    no_peer: bool
    embed_budget: float
    cold_runs: int
    ours_cold_runs: int
    latency_passes: int
    peer_latency_passes: int
    embed_runs: int
    embed_limit: int | None
    per_doc: int | None
    latency_queries: list[str]
    corpus_queries: list[str]
    reuse_cache: Path | None = None


@dataclass
class Outcome:
    env: dict[str, Any] = field(default_factory=dict)
    questions: QuestionSets | None = None
    ours: Runs = field(default_factory=Runs)
    peer: Runs = field(default_factory=Runs)
    facts: dict[str, Any] = field(default_factory=dict)
    phases: dict[str, Any] = field(default_factory=dict)


def phase(out: Outcome, name: str, *, settle: bool = False) -> None:
    """Start a phase; with ``settle``, first wait (at most ``SETTLE_MAX_S``) until the 1-minute
    load average is below ``SETTLE_BELOW`` (the wait and the load are recorded)."""
    waited = 0.0
    if settle and hasattr(os, "getloadavg"):
        t0 = time.perf_counter()
        while os.getloadavg()[0] >= SETTLE_BELOW and time.perf_counter() - t0 < SETTLE_MAX_S:
            time.sleep(2.0)
        waited = time.perf_counter() - t0
    out.phases[name] = {"started": time.strftime("%H:%M:%S"), "loadavg": loadavg(), "settled_seconds": round(waited, 1)}
    log(f"== {name} (load average {loadavg()}{f', after {waited:.0f} s settling' if settle else ''})")


#: Timed phases start once the 1-minute load average is below this (waiting at most SETTLE_MAX_S).
SETTLE_BELOW = 1.0
SETTLE_MAX_S = 60.0


def run_ours(out: Outcome, ws: Workspace, corpus: Path, cfg: Config) -> None:
    assert out.questions is not None
    questions = out.questions.questions
    folders = {name: corpus / folder for name, (_gt, folder) in QUESTION_SETS.items()}
    cache = cfg.reuse_cache or ws.new_dir("ours-main")
    core = ws.build_core(cache)
    try:
        if core.services.semantic_index is None:
            log(f"note: semantic search is unavailable here: {core.services.semantic_problem()}")
        out.facts["ours.backends"] = dict(core.services.backend_names)
        out.facts["ours.backend_problems"] = dict(core.services.backend_problems)

        phase(out, "4a corpus warm, keyword index, whole corpus")
        out.facts["corpus.warm.keyword"] = warm_until_done(core, str(corpus), embeddings=False, label="keyword")
        log(f"  {out.facts['corpus.warm.keyword']}")

        semantic = core.services.semantic_index is not None
        if semantic:
            phase(out, "4b corpus warm, embeddings, question-set folders")
            for name, folder in folders.items():
                res = warm_until_done(core, str(folder), embeddings=True, label=f"embeddings {name}")
                out.facts[f"corpus.warm.embeddings.{name}"] = res
                log(f"  {name}: {res}")

        phase(out, "1 retrieval quality, pdfcore")
        modes = ["keyword", "semantic", "auto"] if semantic else ["keyword", "auto"]
        for n, q in enumerate(questions, start=1):
            for mode in modes:
                out.ours.add(f"single.{mode}", ours_single(core, q, mode))
                out.ours.add(f"corpus.{mode}", ours_corpus(core, q, folders[q.qset], mode))
            if n % 10 == 0 or n == len(questions):
                log(f"  pdfcore questions {n}/{len(questions)}")

        phase(out, "2a warm keyword latency, pdfcore", settle=True)
        doc = str(corpus / LONG_DOC)
        queries = cfg.latency_queries
        latency_samples(lambda q: core.search(doc, q, mode="keyword", max_results=TOP_K), queries, 1)  # warm-up
        samples = latency_samples(
            lambda q: core.search(doc, q, mode="keyword", max_results=TOP_K), queries, cfg.latency_passes
        )
        out.facts["latency.warm.ours"] = {**summarize_latency(samples), "samples": samples}
        if semantic:
            samples = latency_samples(lambda q: core.search(doc, q, mode="auto", max_results=TOP_K), queries[:10], 1)
            out.facts["latency.warm_hybrid_first10.ours"] = {**summarize_latency(samples), "samples": samples}

        phase(out, "4c warm corpus search latency, pdfcore")
        cq = cfg.corpus_queries
        root = str(corpus)

        def corpus_kw(q: str, where: str = root) -> Any:
            return core.corpus_search(where, q, mode="keyword", top_k=TOP_K, recursive=True)

        corpus_kw(cq[0])  # warm-up
        samples = latency_samples(corpus_kw, cq, 1)
        out.facts["corpus.latency.keyword.all"] = {**summarize_latency(samples), "samples": samples}
        if semantic:
            scope = folders["uda"]
            samples = latency_samples(lambda q: corpus_kw(q, str(scope)), cq, 1)
            out.facts["corpus.latency.keyword.uda"] = {**summarize_latency(samples), "samples": samples}

            def corpus_hybrid(q: str, where: str = str(scope)) -> Any:
                res = core.corpus_search(where, q, mode="auto", top_k=TOP_K, recursive=True, budget_seconds=1)
                if res.semantic_unprocessed:
                    raise RuntimeError(f"hybrid latency scope lacks embeddings: {res.semantic_unprocessed[:3]}")
                return res

            corpus_hybrid(cq[0])
            samples = latency_samples(corpus_hybrid, cq, 1)
            out.facts["corpus.latency.hybrid.uda"] = {**summarize_latency(samples), "samples": samples}

        if semantic:
            phase(out, "3 embedding throughput")
            out.facts["embedding"] = embedding_throughput(core, corpus, cfg.embed_limit, cfg.embed_runs)
            shown = {k: v for k, v in out.facts["embedding"].items() if k != "samples"}
            log(f"  {shown}")

        if semantic and cfg.embed_budget > 0:
            phase(out, "4d corpus warm, embeddings, whole corpus (budgeted)")
            res = warm_until_done(
                core, root, embeddings=True, total_budget=cfg.embed_budget, label="embeddings whole corpus"
            )
            out.facts["corpus.warm.embeddings.all"] = {**res, "budget_seconds": cfg.embed_budget}
            log(f"  {res}")
            if res["unprocessed"] == 0:
                corpus_hybrid(cq[0], root)
                samples = latency_samples(lambda q: corpus_hybrid(q, root), cq, 1)
                out.facts["corpus.latency.hybrid.all"] = {**summarize_latency(samples), "samples": samples}
    finally:
        core.close()

    phase(out, "2b cold first search, pdfcore", settle=True)
    cold = []
    for r in range(cfg.ours_cold_runs):
        with ws.scratch("ours-cold") as cold_cache:
            rec = run_ours_cold(ws, cold_cache, corpus / LONG_DOC)
        cold.append(rec["seconds"])
        out.facts["cold.ours.pages"] = rec["pages"]
        log(f"  cold run {r + 1}/{cfg.ours_cold_runs}: {cold[-1]:.2f} s")
    out.facts["cold.ours"] = cold


def run_peer_side(out: Outcome, ws: Workspace, python: Path, corpus: Path, cfg: Config) -> None:
    assert out.questions is not None
    questions = out.questions.questions
    doc = str(corpus / LONG_DOC)

    phase(out, "2 cold first search and warm keyword latency, peer", settle=True)
    cold = []
    warm: list[float] = []
    for r in range(cfg.cold_runs):
        ops: list[dict[str, Any]] = [
            {"op": "search", "path": doc, "query": "copyright law", "mode": "keyword", "tag": "cold"}
        ]
        if r == 0:
            ops += [
                {"op": "search", "path": doc, "query": q, "mode": "keyword", "tag": "warm"}
                for _ in range(cfg.peer_latency_passes)
                for q in cfg.latency_queries
            ]
        with ws.scratch("peer-cold") as cache:
            recs = run_peer(ws, python, ops, f"cold{r + 1}", cache)
        out.facts.setdefault("peer.import_seconds", []).append(recs[0]["seconds"])
        first = recs[1]
        if first.get("error") or first.get("exception"):
            raise RuntimeError(f"peer cold search failed: {first}")
        cold.append(first["seconds"])
        out.facts["cold.peer.pages"] = first.get("pages")
        warm += [rec["seconds"] for rec in recs[2:]]
        log(f"  peer cold run {r + 1}/{cfg.cold_runs}: {cold[-1]:.2f} s")
    out.facts["cold.peer"] = cold
    out.facts["latency.warm.peer"] = {**summarize_latency(warm), "samples": warm}

    phase(out, "1 retrieval quality, peer keyword (and its semantic mode offline)")
    folders = {name: corpus / folder for name, (_gt, folder) in QUESTION_SETS.items()}
    ops = []
    for name, folder in folders.items():
        ops.append(
            {"op": "corpus_warm", "paths": str(folder), "recursive": True, "budget_seconds": 300, "tag": f"warm.{name}"}
        )
    for q in questions:
        ops.append({"op": "search", "path": str(q.doc), "query": q.question, "mode": "keyword", "tag": "single"})
        ops.append(
            {
                "op": "corpus_search",
                "paths": str(folders[q.qset]),
                "query": q.question,
                "mode": "keyword",
                "recursive": True,
                "budget_seconds": 300,
                "tag": "corpus",
            }
        )
    probe_doc = str(questions[0].doc) if questions else doc
    probe_q = questions[0].question if questions else "copyright"
    for mode in ("semantic", "semantic", "auto"):
        ops.append({"op": "search", "path": probe_doc, "query": probe_q, "mode": mode, "tag": "probe", "full": True})
    with ws.scratch("peer-quality") as cache:
        recs = run_peer(ws, python, ops, "quality", cache)[1:]
    k = 0
    for name in folders:
        out.facts[f"peer.warm.{name}"] = recs[k]
        k += 1
    for q in questions:
        out.peer.add("single.keyword", peer_single_record(q, recs[k]))
        out.peer.add("corpus.keyword", peer_corpus_record(q, recs[k + 1], folders[q.qset]))
        k += 2
    out.facts["peer.semantic_probe"] = {
        "document": probe_doc,
        "query": probe_q,
        "calls": [
            {key: rec.get(key) for key in ("tag", "seconds", "error", "exception", "search_mode", "result", "pages")}
            | {"mode": mode}
            for rec, mode in zip(recs[k:], ("semantic", "semantic (again)", "auto"), strict=True)
        ],
    }


# ---------------------------------------------------------------------------------------------
# Report


def _f(value: float | None, spec: str = ".1f", suffix: str = "") -> str:
    return "-" if value is None else f"{value:{spec}}{suffix}"


def verdict(ok: bool | None) -> str:
    return "-" if ok is None else ("met" if ok else "MISSED")


def report(out: Outcome, cfg: Config) -> tuple[str, list[dict[str, Any]]]:
    lines: list[str] = []
    checks: list[dict[str, Any]] = []
    qs = out.questions
    assert qs is not None

    def check(name: str, value: str, target: str, ok: bool | None) -> None:
        checks.append({"check": name, "value": value, "target": target, "result": verdict(ok)})

    # (1) quality
    lines.append("### 1. Retrieval quality (DEV question sets, the question text as the query)")
    lines.append("")
    counts = {name: sum(1 for q in qs.questions if q.qset == name) for name in QUESTION_SETS}
    lines.append(
        f"Recall@{RECALL_AT} = share of questions whose answer page is among the first {RECALL_AT} results "
        f"(corpus: that page of that document); MRR over the first {TOP_K}. p50 = median seconds per call, "
        "warm caches. Questions: "
        + ", ".join(f"{name} {n}" for name, n in counts.items())
        + f" (total {len(qs.questions)})."
    )
    for name, reasons in qs.excluded.items():
        lines.append(f"Left out ({name}): " + "; ".join(f"{r}: {n}" for r, n in sorted(reasons.items())) + ".")
    for name, text in qs.sanity.items():
        lines.append(f"Check ({name}): {text}.")
    lines.append("")
    header = "| search | scope | " + " | ".join(f"{name} R@{RECALL_AT} / MRR" for name in [*QUESTION_SETS, "all"])
    lines.append(header + " | p50 per call | errors |")
    lines.append("|---|---|" + "---|" * (len(QUESTION_SETS) + 1) + "---|---|")
    rows = [
        ("pdfcore keyword", out.ours, "single.keyword", "document"),
        ("pdfcore semantic", out.ours, "single.semantic", "document"),
        ("pdfcore hybrid (auto)", out.ours, "single.auto", "document"),
        ("pdf-mcp keyword", out.peer, "single.keyword", "document"),
        ("pdfcore keyword", out.ours, "corpus.keyword", "folder"),
        ("pdfcore semantic", out.ours, "corpus.semantic", "folder"),
        ("pdfcore hybrid (auto)", out.ours, "corpus.auto", "folder"),
        ("pdf-mcp keyword", out.peer, "corpus.keyword", "folder"),
    ]
    for label, runs, key, scope in rows:
        total = runs.summary(key)
        if total is None:
            continue
        cells = []
        for name in [*QUESTION_SETS, None]:
            s = runs.summary(key, name)
            cells.append("-" if s is None else f"{s['recall']:.1f} / {s['mrr']:.3f}")
        p50 = total["p50_ms"]
        p50_text = "-" if p50 is None else (f"{p50:.0f} ms" if p50 < 10_000 else f"{p50 / 1000:.1f} s")
        lines.append(f"| {label} | {scope} | " + " | ".join(cells) + f" | {p50_text} | {total['errors']} |")
    for scope in ("single", "corpus"):
        kw, hy = out.ours.summary(f"{scope}.keyword"), out.ours.summary(f"{scope}.auto")
        pk = out.peer.summary(f"{scope}.keyword")
        if kw and hy:
            gain = hy["recall"] - kw["recall"]
            check(f"{scope}: pdfcore hybrid R@5 - keyword R@5", f"{gain:+.1f} pts", ">= +5 pts", gain >= 5.0)
        if kw and pk:
            check(
                f"{scope}: pdfcore keyword R@5 vs pdf-mcp keyword",
                f"{kw['recall']:.1f} vs {pk['recall']:.1f}",
                ">=",
                kw["recall"] >= pk["recall"],
            )
        if hy and pk:
            check(
                f"{scope}: pdfcore hybrid R@5 vs pdf-mcp keyword",
                f"{hy['recall']:.1f} vs {pk['recall']:.1f}",
                ">=",
                hy["recall"] >= pk["recall"],
            )
    probe = out.facts.get("peer.semantic_probe")
    if probe:
        lines.append("")
        lines.append(
            f"pdf-mcp semantic mode offline (one document, `{Path(probe['document']).name}`, one question; "
            "not looped over the question set):"
        )
        for call in probe["calls"]:
            what = call.get("error") or call.get("exception")
            if not what:
                what = f"search_mode={call.get('search_mode')}, pages {call.get('pages')}"
            lines.append(f"- `mode={call['mode']}`: {call['seconds']:.1f} s, returned: {str(what)[:300]}")

    # (2) latency
    lines.append("")
    lines.append(f"### 2. Latency on {LONG_DOC}")
    lines.append("")
    lines.append("| measurement | pdfcore API | pdf-mcp (tool function in-process) | pdf-mcp / pdfcore |")
    lines.append("|---|---|---|---|")
    ours_w, peer_w = out.facts.get("latency.warm.ours"), out.facts.get("latency.warm.peer")
    for stat in ("p50_ms", "p95_ms"):
        a = ours_w[stat] if ours_w else None
        b = peer_w[stat] if peer_w and peer_w["n"] else None
        ratio = b / a if a and b else None
        lines.append(
            f"| warm keyword search {stat[:3]} (n={ours_w['n'] if ours_w else 0} / {peer_w['n'] if peer_w else 0}) "
            f"| {_f(a, '.1f', ' ms')} | {_f(b, '.0f', ' ms')} | {_f(ratio, '.0f', 'x')} |"
        )
    hyb = out.facts.get("latency.warm_hybrid_first10.ours")
    if hyb:
        lines.append(f"| warm hybrid search p50 (first 10 queries) | {hyb['p50_ms']:.1f} ms | - | - |")
    cold_o, cold_p = out.facts.get("cold.ours") or [], out.facts.get("cold.peer") or []
    mo = statistics.median(cold_o) if cold_o else None
    mp = statistics.median(cold_p) if cold_p else None
    cold_ratio = mp / mo if mo and mp else None
    lines.append(
        f"| first search on a cold document, indexing included (median of {len(cold_o)} / {len(cold_p)}) "
        f"| {_f(mo, '.2f', ' s')} | {_f(mp, '.1f', ' s')} | {_f(cold_ratio, '.0f', 'x')} |"
    )
    if ours_w:
        check("warm keyword p50 (pdfcore API)", f"{ours_w['p50_ms']:.1f} ms", "<= 10 ms", ours_w["p50_ms"] <= 10.0)
    if cold_ratio is not None:
        check("cold first search, pdf-mcp / pdfcore", f"{cold_ratio:.1f}x", ">= 20x", cold_ratio >= 20.0)

    # (3) embeddings
    emb = out.facts.get("embedding")
    if emb:
        lines.append("")
        lines.append("### 3. Embedding throughput (chunks of freeculture.pdf, same process)")
        lines.append("")
        lines.append("| embedder | seconds (median) | chunks/s |")
        lines.append("|---|---|---|")
        lines.append(
            f"| SentenceTransformerEmbedder.embed | {emb['seconds']['ours']:.1f} | {emb['chunks_per_second']['ours']:.1f} |"
        )
        lines.append(
            f"| bare SentenceTransformer.encode(batch_size=32, normalize_embeddings=True) | "
            f"{emb['seconds']['bare']:.1f} | {emb['chunks_per_second']['bare']:.1f} |"
        )
        lines.append("")
        lines.append(
            f"{emb['chunks']} chunks ({emb['chunks_in_document']} in the document), {emb['chars']} characters, "
            f"{emb['runs']} run(s) each, alternating; torch threads {emb['torch_threads']}; largest difference "
            f"between the two sets of vectors {emb['max_abs_difference']:.2e}."
        )
        check("embedding: ours / bare", f"{emb['ratio']:.2f}x", "<= 1.3x", emb["ratio"] <= 1.3)

    # (4) corpus
    lines.append("")
    lines.append("### 4. Corpus")
    lines.append("")
    lines.append("| warm | docs | pages | warmed | cached | skipped | unprocessed | calls | seconds | executor |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    for key, label in [
        ("corpus.warm.keyword", "keyword index, whole corpus"),
        *[(f"corpus.warm.embeddings.{n}", f"embeddings, {f} folder") for n, (_g, f) in QUESTION_SETS.items()],
        ("corpus.warm.embeddings.all", "embeddings, whole corpus"),
    ]:
        w = out.facts.get(key)
        if not w:
            continue
        budget = f" (budget {w['budget_seconds']:.0f} s)" if "budget_seconds" in w else ""
        pages = w["pages_with_embeddings"] if "embeddings" in key else w["pages"]
        lines.append(
            f"| {label}{budget} | {w['docs']} of {w['corpus_size']} | {pages} | {w['warmed']} | {w['cached']} | "
            f"{w['skipped']} {w['skipped_by_code'] or ''} | {w['unprocessed']} | {w['calls']} | {w['seconds']:.0f} | "
            f"{w['executor']} |"
        )
    for key in [k for k in out.facts if k.startswith("corpus.warm.")]:
        w = out.facts[key]
        if w.get("failed_then_warmed"):
            names = ", ".join(Path(p).name for p in w["failed_then_warmed"])
            first = next(f for f in w["failures"] if f["path"] == w["failed_then_warmed"][0])
            lines.append("")
            lines.append(
                f"{key}: failed in one call, warmed by a later call: {names} (first failure: {first['reason'][:160]})."
            )
    lines.append("")
    lines.append("| warm corpus search | scope | queries | p50 | p95 |")
    lines.append("|---|---|---|---|---|")
    for key, label, scope in [
        ("corpus.latency.keyword.all", "keyword", "whole corpus"),
        ("corpus.latency.keyword.uda", "keyword", "uda-benchmark"),
        ("corpus.latency.hybrid.uda", "hybrid (auto)", "uda-benchmark"),
        ("corpus.latency.hybrid.all", "hybrid (auto)", "whole corpus"),
    ]:
        s = out.facts.get(key)
        if s:
            lines.append(f"| {label} | {scope} | {s['n']} | {s['p50_ms']:.1f} ms | {s['p95_ms']:.1f} ms |")
    peer_corpus = out.peer.summary("corpus.keyword")
    if peer_corpus and peer_corpus["p50_ms"] is not None:
        lines.append(
            f"| pdf-mcp keyword (question set folders, questions as queries) | DEV folders | {peer_corpus['n']} | "
            f"{peer_corpus['p50_ms']:.0f} ms | - |"
        )
    ours_corpus_kw = out.ours.summary("corpus.keyword")
    if ours_corpus_kw and ours_corpus_kw["p50_ms"] is not None:
        lines.append(
            f"| pdfcore keyword (question set folders, questions as queries) | DEV folders | {ours_corpus_kw['n']} | "
            f"{ours_corpus_kw['p50_ms']:.1f} ms | - |"
        )
    kw_all = out.facts.get("corpus.latency.keyword.all")
    if kw_all:
        check("warm corpus keyword p50, whole corpus", f"{kw_all['p50_ms']:.1f} ms", "<= 50 ms", kw_all["p50_ms"] <= 50)

    lines.append("")
    lines.append("### Targets")
    lines.append("")
    lines.append("| check | value | target | result |")
    lines.append("|---|---|---|---|")
    for c in checks:
        lines.append(f"| {c['check']} | {c['value']} | {c['target']} | {c['result']} |")
    return "\n".join(lines), checks


def environment(peer_py: Path | None, cfg: Config) -> dict[str, Any]:
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
        "sentence-transformers": version("sentence-transformers"),
        "torch": version("torch"),
        "peer_python": str(peer_py) if peer_py else None,
        "git_commit": commit.stdout.strip() or None,
        "git_dirty": bool(dirty.stdout.strip()) if dirty.returncode == 0 else None,
        "quick": cfg.quick,
        "loadavg_start": loadavg(),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--quick", action="store_true", help="2 questions per document, 1 cold run, 128 chunks, ...")
    p.add_argument("--json", metavar="PATH", help="write per-question records, samples and summaries to PATH")
    p.add_argument("--no-peer", action="store_true", help="skip pdf-mcp")
    p.add_argument(
        "--embed-budget",
        type=float,
        help="seconds for embedding the whole corpus after the question-set folders (default 1800; --quick 0)",
    )
    p.add_argument(
        "--reuse-cache",
        metavar="DIR",
        help="pdfcore cache directory to use (and keep) for the main pass; warming then measures what is left to do",
    )
    p.add_argument("--keep", action="store_true", help="keep the scratch directory (caches, peer logs)")
    args = p.parse_args(argv)
    quick = args.quick
    cfg = Config(
        quick=quick,
        no_peer=args.no_peer,
        embed_budget=args.embed_budget if args.embed_budget is not None else (0.0 if quick else 1800.0),
        cold_runs=1 if quick else 2,
        ours_cold_runs=1 if quick else 5,
        latency_passes=1 if quick else 3,
        peer_latency_passes=1,
        embed_runs=1 if quick else 2,
        embed_limit=128 if quick else None,
        per_doc=2 if quick else None,
        latency_queries=LATENCY_QUERIES[:QUICK_LATENCY_QUERIES] if quick else list(LATENCY_QUERIES),
        corpus_queries=CORPUS_QUERIES[:QUICK_CORPUS_QUERIES] if quick else list(CORPUS_QUERIES),
        reuse_cache=Path(args.reuse_cache).resolve() if args.reuse_cache else None,
    )

    sys.path.insert(0, str(REPO))  # pdfcore from this checkout, installed or not
    corpus = corpus_dir()
    peer_py = None if args.no_peer else peer_python()
    ws = Workspace(keep=args.keep)
    out = Outcome()
    out.env = environment(peer_py, cfg)
    t_start = time.perf_counter()
    try:
        phase(out, "questions")
        out.questions = load_questions(corpus, cfg.per_doc)
        log(f"  {len(out.questions.questions)} questions; left out: {out.questions.excluded}")
        run_ours(out, ws, corpus, cfg)
        if peer_py is not None:
            run_peer_side(out, ws, peer_py, corpus, cfg)
    except BaseException:
        ws.keep = True
        raise
    finally:
        ws.close()
    out.env["loadavg_end"] = loadavg()
    out.env["wall_seconds"] = round(time.perf_counter() - t_start, 1)

    table, checks = report(out, cfg)
    command = " ".join(["python benchmarks/bench_search.py", *(sys.argv[1:] if argv is None else argv)])
    load = out.env["loadavg_start"]
    load_text = "/".join(f"{x:.2f}" for x in load) if load else "?"
    tree = f"{out.env['git_commit']}{' with uncommitted changes' if out.env['git_dirty'] else ''}"
    print(f"## Search benchmark ({out.env['date']}, {out.env['cpus']} CPUs, load average at start {load_text})")
    print()
    print(f"Command: `{command}`; wall {out.env['wall_seconds']} s; tree {tree}.")
    print(f"pdfcore backends: {', '.join(f'{k}={v}' for k, v in out.facts.get('ours.backends', {}).items())}.")
    print()
    print(table)

    if args.json:
        data = {
            "environment": out.env,
            "config": {k: v for k, v in vars(cfg).items()},
            "questions": [
                {"qset": q.qset, "qid": q.qid, "doc": str(q.doc), "question": q.question, "pages": q.pages}
                | {"origin": q.origin}
                for q in out.questions.questions
            ],
            "excluded": out.questions.excluded,
            "ours": out.ours.records,
            "peer": out.peer.records,
            "summaries": {
                who: {key: runs.summary(key) for key in runs.records}
                for who, runs in (("ours", out.ours), ("peer", out.peer))
            },
            "facts": out.facts,
            "phases": out.phases,
            "checks": checks,
        }
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(data, indent=2, default=str) + "\n")
        log(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
