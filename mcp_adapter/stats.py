"""``_meta["pdfcore/stats"]`` of a tool result: what the call cost (see docs/tools.md, "Call
statistics"), from the measurements :mod:`pdfcore.telemetry` collected while it ran."""

from __future__ import annotations

from typing import Any

from pdfcore.telemetry import CallStats, summary

META_KEY = "pdfcore/stats"

#: Top-level result fields that say a budget cut the answer short: field -> budget.
_CUT_FIELDS = {
    "next_page": "max_response_bytes",
    "next_pages": "max_chars",
    "truncated_render": "max_render_pages",
    "render_downsampled": "render_byte_budget",
    "budget_exhausted": "budget_seconds",
    "regex_budget_exhausted": "regex_time",
    "lists_truncated": "list_cap",
    "toc_truncated": "toc_inline",
}


def _cuts(structured: Any) -> set[str]:
    """The budgets a structured result says it ran into."""
    if not isinstance(structured, dict):
        return set()
    found = {budget for field, budget in _CUT_FIELDS.items() if structured.get(field)}
    pages = structured.get("pages")
    if isinstance(pages, list) and any(isinstance(p, dict) and p.get("truncated") for p in pages):
        found.add("max_chars_per_page")
    return found


def _bytes_out(result: Any) -> int:
    total = 0
    for block in getattr(result, "content", None) or ():
        text = getattr(block, "text", None)
        if isinstance(text, str):
            total += len(text.encode("utf-8", "surrogatepass"))
        data = getattr(block, "data", None)
        if isinstance(data, str):
            total += len(data)
    return total


def call_stats(stats: CallStats, result: Any, backend_names: dict[str, str]) -> dict[str, Any]:
    """The ``pdfcore/stats`` object for ``result`` (a CallToolResult)."""
    structured = getattr(result, "structured_content", None)
    mode = structured.get("search_mode") if isinstance(structured, dict) else None
    engines = {}
    if isinstance(mode, str) and mode in ("semantic", "hybrid") and "embedder" in backend_names:
        engines["embedder"] = backend_names["embedder"]
    return summary(
        stats, backend_names=backend_names, bytes_out=_bytes_out(result), cuts=_cuts(structured), engines=engines
    )
