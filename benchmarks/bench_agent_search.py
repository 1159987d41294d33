"""Compact ``search_pdf`` against ``pdf_search`` on DEV questions about financial reports and papers.

For each question of ``benchmarks/agent_questions.json`` (the UDA DEV questions on the corpus's
financial reports and papers, with their answer pages), the question text is the query of both:

- ``pdf_search`` (the full profile, ``mode="auto"``: hybrid when an embedder is installed), its
  first five matches;
- compact ``search_pdf``, the pages of its first five rows.

It counts the questions whose answer page is among them, per side: the compact answer must find
it at least as often. With an embedder, each document's vectors are made first (a semantic
search waiting for them: ``auto`` never waits), so both sides rank by the hybrid ranking; with
``--embedder none`` both rank by keyword. Usage::

    python benchmarks/bench_agent_search.py [--embedder none|default] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
QUESTIONS = REPO / "benchmarks" / "agent_questions.json"
FIRST = 5
_ROW = re.compile(r"^\| (\d+) \| (p\d+[ms]\d+) \| (\d+)", re.M)


def compact_pages(markdown: str) -> list[int]:
    """The pages of a compact search answer's rows, in order."""
    return [int(page) for _rank, _ref, page in _ROW.findall(markdown)]


def run(corpus: Path, embedder: str) -> dict[str, Any]:
    import pdfcore
    from pdfcore.config import load_settings

    data = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "c.toml").write_text("")
        env = {"PDFCORE_CONFIG": str(Path(tmp) / "c.toml"), "PDFCORE_CACHE_DIR": str(Path(tmp) / "cache")}
        if embedder == "none":
            env["PDFCORE_EMBEDDER"] = "none"
        core = pdfcore.build(load_settings(env=env))
        rows = []
        try:
            if embedder != "none":
                for pdf in dict.fromkeys(q["pdf"] for q in data["questions"]):
                    core.search(str(corpus / pdf), "warm up", mode="semantic", budget_seconds=300)
            for q in data["questions"]:
                path = str(corpus / q["pdf"])
                start = time.perf_counter()
                full = core.search(path, q["question"], max_results=FIRST)
                full_s = time.perf_counter() - start
                start = time.perf_counter()
                compact = compact_pages(core.search_pdf(path, q["question"]))[:FIRST]
                compact_s = time.perf_counter() - start
                want = set(q["pages"])
                rows.append(
                    {
                        "id": q["id"],
                        "question": q["question"],
                        "answer_pages": q["pages"],
                        "pdf_search_mode": full.search_mode,
                        "pdf_search_top5": [m.page for m in full.matches[:FIRST]],
                        "search_pdf_first5_rows": compact,
                        "pdf_search_hit": bool(want & {m.page for m in full.matches[:FIRST]}),
                        "search_pdf_hit": bool(want & set(compact)),
                        "pdf_search_seconds": round(full_s, 3),
                        "search_pdf_seconds": round(compact_s, 3),
                    }
                )
        finally:
            core.close()
    return {
        "questions": len(rows),
        "pdf_search_hits": sum(r["pdf_search_hit"] for r in rows),
        "search_pdf_hits": sum(r["search_pdf_hit"] for r in rows),
        "embedder": embedder,
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--embedder", choices=("none", "default"), default="default")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    corpus = Path(os.environ.get("PDFCORE_CORPUS", REPO.parent / "shared" / "corpus"))
    report = run(corpus, args.embedder)
    for r in report["rows"]:
        sys.stdout.write(
            f"{r['id']:<40} answer {r['answer_pages']}  pdf_search {r['pdf_search_top5']} "
            f"({'hit' if r['pdf_search_hit'] else 'miss'})  search_pdf {r['search_pdf_first5_rows']} "
            f"({'hit' if r['search_pdf_hit'] else 'miss'})\n"
        )
    sys.stdout.write(
        f"answer page in the first {FIRST}: pdf_search {report['pdf_search_hits']}/{report['questions']}, "
        f"search_pdf {report['search_pdf_hits']}/{report['questions']} (embedder: {args.embedder})\n"
    )
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0 if report["search_pdf_hits"] >= report["pdf_search_hits"] else 1


if __name__ == "__main__":
    sys.exit(main())
