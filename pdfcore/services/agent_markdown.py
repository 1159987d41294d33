"""Markdown pieces of the compact surface: table cells, hidden-text marks where the hidden
runs stand, link rows, and the answer with its next calls said for the compact profile."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import PageText
from pdfcore.nextcalls import render
from pdfcore.results.extras import LinkOut
from pdfcore.structure.document import shown_label

__all__ = [
    "HIDDEN_MARKS",
    "HIDDEN_QUOTE_CHARS",
    "first_range",
    "links_markdown",
    "mark_hidden",
    "md_escape_cell",
    "say",
]


def md_escape_cell(text: str) -> str:
    """``text`` for a Markdown table cell: one line, pipes escaped."""
    return " ".join(text.replace("|", "\\|").split())


#: Characters of a hidden run quoted where it is marked, and runs marked per page.
HIDDEN_QUOTE_CHARS = 200
HIDDEN_MARKS = 10


def mark_hidden(body: str, page: PageText) -> str:
    """``body`` (the page's Markdown, which leaves hidden text out) with each hidden run marked
    where it stands: after the paragraph (or table) holding the nearest visible line above it
    in its column, or at the top of the page when none is above it."""
    if not page.hidden:
        return body
    lines = [ln for b in page.blocks for ln in b.lines if ln.text.strip()]
    inserts: list[tuple[int, str]] = []
    for span in page.hidden[:HIDDEN_MARKS]:
        s = span.bbox
        said = " ".join(span.text.split())
        quoted = (said[:HIDDEN_QUOTE_CHARS] + ("…" if len(said) > HIDDEN_QUOTE_CHARS else "")).replace("_", "\\_")
        mark = f'_[hidden text here, invisible to a reader ({", ".join(span.reasons) or "hidden"}): "{quoted}"]_'
        above = [ln for ln in lines if ln.bbox.y1 <= s.y0 + 1 and " ".join(ln.text.split()) not in said]
        column = [ln for ln in above if min(ln.bbox.x1, s.x1) > max(ln.bbox.x0, s.x0)] or above
        at = 0
        for ln in sorted(column, key=lambda ln: -ln.bbox.y1):
            words = " ".join(ln.text.split())
            found = next((body.find(words[:n]) for n in (40, 20) if len(words) >= n and body.find(words[:n]) >= 0), -1)
            if found < 0 and len(words) < 20:
                found = body.find(words) if words else -1
            if found >= 0:
                end = body.find("\n\n", found)
                at = len(body) if end < 0 else end
                break
        inserts.append((at, mark))
    more = len(page.hidden) - HIDDEN_MARKS
    if more > 0:
        inserts.append((len(body), f"_[{more} more runs of hidden text on this page are not marked.]_"))
    # from the end, so that earlier offsets hold; marks at one place keep their order
    for _k, (at, mark) in sorted(enumerate(inserts), key=lambda x: (x[1][0], x[0]), reverse=True):
        if at == 0:
            body = mark + "\n\n" + body
        else:
            body = body[:at] + "\n\n" + mark + body[at:]
    return body


def links_markdown(links: Sequence[LinkOut]) -> list[str]:
    """One row per page and target: the anchor texts (each once) and where the link goes, ``×N``
    when several links of the page go there (a link drawn over two lines, a repeated "see p. 8")."""
    rows: dict[tuple[int, str], list[str]] = {}
    counts: dict[tuple[int, str], int] = {}
    for ln in links:
        if ln.uri:
            target = ln.uri
        elif ln.target_page:
            shown = shown_label(ln.target_page, ln.target_label)
            label = f" (label {shown})" if shown else ""
            target = f"page {ln.target_page}{label}"
        elif ln.file:
            target = f"file {ln.file}"
        else:
            target = f"{ln.kind} (no target)"
        key = (ln.page, target)
        texts = rows.setdefault(key, [])
        counts[key] = counts.get(key, 0) + 1
        text = " ".join(ln.text.split())
        if text and text not in texts:
            texts.append(text)
    out = []
    for (page, target), texts in rows.items():
        shown = " / ".join(f'"{md_escape_cell(t)[:120]}"' for t in texts[:3]) + (" …" if len(texts) > 3 else "")
        times = f" ×{counts[page, target]}" if counts[page, target] > 1 else ""
        out.append(f"- page {page}: {shown or '(no anchor text)'} → {target}{times}")
    return out


def say(text: str) -> str:
    """The compact profile's answer with its next calls said for it."""
    return render(text, "compact")


def first_range(spec: str) -> str:
    """The first range of a page spec ("4-6" of "4-6,9")."""
    return spec.split(",")[0]
