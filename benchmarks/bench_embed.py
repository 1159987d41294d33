"""Embedding backends side by side: the ONNX Runtime path (``[backends] embedder = "onnx"``)
against the torch path (``"sentence-transformers"``), in one process, one run.

1. Throughput on the same chunks: the chunks of ``pdfjs/freeculture.pdf`` (``chunk_page``, as
   search embeds them) through each adapter's ``embed`` with its default settings (the torch
   path: batches of 32 sorted by length, torch threads = CPUs; the ONNX path: each text alone,
   one run per CPU side by side). Rounds alternate; medians. Tokens are counted with the model's
   tokenizer, cut at its 256-token limit (what both backends read). Also reported: the CPU
   seconds of the process per chunk, and how close the two sets of vectors are (cosine).
2. Retrieval quality with each backend: page recall@5 and MRR@10 on the DEV question sets of
   ``benchmarks/bench_search.py`` (the question text as the query, the question's own PDF),
   ``mode="semantic"`` and ``mode="auto"`` (hybrid), each backend on a fresh cache.

Usage::

    python benchmarks/bench_embed.py [--chunks N] [--rounds N] [--no-recall] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

import bench_search  # noqa: E402  (the DEV questions, their scoring, the corpus location)

BACKENDS = ("sentence-transformers", "onnx")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def chunk_texts(corpus: Path, cache: Path) -> list[str]:
    import pdfcore
    from pdfcore.config import load_settings
    from pdfcore.services.semantic import chunk_page

    core = pdfcore.build(load_settings(env={"PDFCORE_CACHE_DIR": str(cache), "PDFCORE_EMBEDDER": "none"}))
    try:
        source = core.open(str(corpus / bench_search.LONG_DOC))
        facts, _ = core.documents.facts(source)
        pages = core.documents.pages(source, list(range(facts.page_count)), facts).pages
        return [pages[i].text[s.start : s.end] for i in sorted(pages) for s in chunk_page(pages[i])]
    finally:
        core.close()


def throughput(texts: list[str], rounds: int, models: Path) -> dict[str, Any]:
    import numpy as np
    from tokenizers import Tokenizer

    from adapters.onnx_embedder import OnnxEmbedder
    from adapters.sbert_embedder import SentenceTransformerEmbedder

    onnx = OnnxEmbedder(cache_dir=models)
    torch = SentenceTransformerEmbedder()
    embedders = {"sentence-transformers": torch, "onnx": onnx}
    t0 = time.perf_counter()
    onnx.warm()
    export_seconds = time.perf_counter() - t0
    torch.warm()
    for e in embedders.values():
        e.embed(texts[:8])  # first-call costs outside the timing
    tokenizer = Tokenizer.from_file(str(onnx._model_dir() / "tokenizer.json"))
    tokenizer.enable_truncation(max_length=256)
    tokens = sum(len(e.ids) for e in tokenizer.encode_batch(texts))
    wall: dict[str, list[float]] = {b: [] for b in BACKENDS}
    cpu: dict[str, list[float]] = {b: [] for b in BACKENDS}
    vectors: dict[str, Any] = {}
    for r in range(rounds):
        for name in BACKENDS if r % 2 == 0 else BACKENDS[::-1]:
            log(f"  {len(texts)} chunks through {name} (round {r + 1}/{rounds})")
            c0, t0 = time.process_time(), time.perf_counter()
            emb = embedders[name].embed(texts)
            wall[name].append(time.perf_counter() - t0)
            cpu[name].append(time.process_time() - c0)
            vectors[name] = np.frombuffer(emb.data, dtype="<f4").reshape(emb.count, emb.dimension)
    cos = (vectors["onnx"] * vectors["sentence-transformers"]).sum(axis=1)
    onnx.close()
    med = {b: statistics.median(v) for b, v in wall.items()}
    return {
        "chunks": len(texts),
        "tokens": tokens,
        "rounds": rounds,
        "wall_seconds": wall,
        "cpu_seconds": cpu,
        "chunks_per_second": {b: len(texts) / s for b, s in med.items()},
        "tokens_per_second": {b: tokens / s for b, s in med.items()},
        "cpu_ms_per_chunk": {b: 1000.0 * statistics.median(v) / len(texts) for b, v in cpu.items()},
        "speedup": med["sentence-transformers"] / med["onnx"],
        "cosine_min": float(cos.min()),
        "cosine_mean": float(cos.mean()),
        "onnx_first_use_seconds": export_seconds,
        "cpus": os.cpu_count(),
    }


def recall(corpus: Path, workdir: Path, models: Path) -> dict[str, Any]:
    import pdfcore
    from pdfcore.config import load_settings

    questions = bench_search.load_questions(corpus, None).questions
    out: dict[str, Any] = {"questions": len(questions)}
    for backend in BACKENDS:
        cache = workdir / f"cache-{backend}"
        env = {"PDFCORE_CACHE_DIR": str(cache), "PDFCORE_EMBEDDER": backend}
        core = pdfcore.build(load_settings(env=env))
        if backend == "onnx":  # the graph written for the throughput phase
            (cache / "models").mkdir(parents=True, exist_ok=True)
            for f in models.glob("*.onnx"):
                os.link(f, cache / "models" / f.name)
        try:
            # Every document's vectors first (auto answers by keyword until they exist).
            for doc in sorted({str(q.doc) for q in questions}):
                t0 = time.perf_counter()
                while core.search(doc, "vectors", mode="semantic", budget_seconds=300).semantic_pending:
                    pass
                log(f"  vectors of {Path(doc).name} ({backend}): {time.perf_counter() - t0:.1f} s")
            for mode in ("semantic", "auto"):
                log(f"  DEV questions, {backend}, mode={mode}")
                recs = [bench_search.ours_single(core, q, mode) for q in questions]
                out[f"{backend}/{mode}"] = {
                    "recall_at_5": 100.0 * statistics.fmean(r["hit"] for r in recs),
                    "mrr_at_10": statistics.fmean(r["rr"] for r in recs),
                    "errors": sum(1 for r in recs if r["error"]),
                    "modes_run": sorted({str(r["ran"]) for r in recs}),
                }
        finally:
            core.close()
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--chunks", type=int, help="the first N chunks only (default: all)")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--no-recall", action="store_true", help="skip the DEV recall phase")
    p.add_argument("--json", metavar="PATH")
    args = p.parse_args(argv)
    load = os.getloadavg()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    corpus = bench_search.corpus_dir()
    with tempfile.TemporaryDirectory(prefix="bench-embed-") as tmp:
        work = Path(tmp)
        models = work / "models"
        texts = chunk_texts(corpus, work / "chunks-cache")
        if args.chunks:
            texts = texts[: args.chunks]
        result: dict[str, Any] = {
            "started": started,
            "commit": commit.strip(),
            "loadavg_start": load,
            "throughput": throughput(texts, args.rounds, models),
        }
        if not args.no_recall:
            result["recall"] = recall(corpus, work, models)
    result["loadavg_end"] = os.getloadavg()
    t = result["throughput"]
    print(f"## Embedding backends ({started}, commit {result['commit']}, load average {load[0]:.2f} at start)")
    print()
    print(f"Command: `python benchmarks/bench_embed.py {' '.join(sys.argv[1:] if argv is None else argv)}`")
    print()
    print("| backend | chunks/s | tokens/s | CPU ms per chunk | wall seconds (rounds) |")
    print("|---|---|---|---|---|")
    for b in BACKENDS:
        rounds = ", ".join(f"{s:.1f}" for s in t["wall_seconds"][b])
        print(
            f"| {b} | {t['chunks_per_second'][b]:.1f} | {t['tokens_per_second'][b]:.0f} | "
            f"{t['cpu_ms_per_chunk'][b]:.0f} | {rounds} |"
        )
    print()
    print(
        f"{t['chunks']} chunks, {t['tokens']} tokens; onnx / torch throughput {t['speedup']:.2f}x; "
        f"cosine of the two backends' vectors: min {t['cosine_min']:.4f}, mean {t['cosine_mean']:.4f}; "
        f"the ONNX path's first use (graph written and loaded) {t['onnx_first_use_seconds']:.1f} s."
    )
    if "recall" in result:
        r = result["recall"]
        print()
        print(f"DEV questions ({r['questions']}), the question's own PDF:")
        print()
        print("| backend | mode | recall@5 | MRR@10 | errors |")
        print("|---|---|---|---|---|")
        for b in BACKENDS:
            for mode in ("semantic", "auto"):
                s = r[f"{b}/{mode}"]
                print(
                    f"| {b} | {mode} ({'/'.join(s['modes_run'])}) | {s['recall_at_5']:.1f} | {s['mrr_at_10']:.3f} | {s['errors']} |"
                )
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
