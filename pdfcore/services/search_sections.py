"""A document's sections (from its outline, else from headings told by their type size) and
the sections ranked by BM25 over their pages, for section search."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

from attrs import frozen

from pdfcore.models import DocumentFacts, PageText
from pdfcore.results.search import SectionMatch

#: A section's title is cut to this many bytes in a match (``title_truncated``).
MAX_SECTION_TITLE_BYTES = 2048


@frozen
class Section:
    """A run of pages under one title (an outline entry or a heading; None before the first)."""

    title: str | None
    title_source: str | None
    start: int  # 0-based page
    end: int  # 0-based page, inclusive, >= start


def outline_sections(facts: DocumentFacts) -> list[Section]:
    entries = [(e.page - 1, e.title) for e in facts.outline if e.page is not None]
    entries.sort(key=lambda x: x[0])
    out: list[Section] = []
    for k, (start, title) in enumerate(entries):
        nxt = entries[k + 1][0] if k + 1 < len(entries) else facts.page_count
        end = max(start, nxt - 1) if nxt > start else start
        out.append(
            Section(
                title=title.strip() or None,
                title_source="toc" if title.strip() else None,
                start=start,
                end=min(end, facts.page_count - 1),
            )
        )
    if out and out[0].start > 0:
        out.insert(0, Section(title=None, title_source=None, start=0, end=out[0].start - 1))
    return out


_NUMBERED = re.compile(r"^(\d+(\.\d+)*\.?|[IVXLC]+\.|Chapter\s+\w+|Section\s+\w+|Appendix\s+\w+)\s+\S", re.IGNORECASE)


def heading_sections(pages: Sequence[PageText], page_count: int) -> list[Section]:
    """Headings from typography: larger than the body text, short, starting a block; numbered
    headings count more. At most ~2 per page and 60 overall, keeping the strongest tiers, so a
    short paper never gets hundreds of sections."""
    sizes: list[float] = []
    for p in pages:
        for b in p.blocks:
            for ln in b.lines:
                if ln.font_size:
                    sizes.extend([ln.font_size] * max(1, len(ln.text) // 20))
    if not sizes:
        return [Section(title=None, title_source=None, start=0, end=max(0, page_count - 1))]
    sizes.sort()
    body = sizes[len(sizes) // 2]
    candidates: list[tuple[float, int, str]] = []  # (strength, page, title)
    for p in pages:
        for b in p.blocks:
            if not b.lines:
                continue
            first = b.lines[0]
            title = " ".join(ln.text.strip() for ln in b.lines[:2] if abs(ln.font_size - first.font_size) < 0.5)
            if not title or len(title) > 120 or len(b.lines) > 3:
                continue
            ratio = first.font_size / body if body else 1.0
            numbered = bool(_NUMBERED.match(title))
            if ratio >= 1.15 or (numbered and ratio >= 1.0 and len(title) < 80):
                strength = ratio + (0.3 if numbered else 0.0) + (0.1 if title[:1].isupper() else 0.0)
                candidates.append((strength, p.index, title))
    limit = max(3, min(60, 2 * page_count))
    candidates.sort(key=lambda c: -c[0])
    chosen = sorted(candidates[:limit], key=lambda c: c[1])
    sections: list[Section] = []
    for k, (_, page, title) in enumerate(chosen):
        nxt = chosen[k + 1][1] if k + 1 < len(chosen) else page_count
        sections.append(
            Section(
                title=title, title_source="heading_detected", start=page, end=max(page, nxt - 1) if nxt > page else page
            )
        )
    if not sections:
        return [Section(title=None, title_source=None, start=0, end=max(0, page_count - 1))]
    if sections[0].start > 0:
        sections.insert(0, Section(title=None, title_source=None, start=0, end=sections[0].start - 1))
    return sections


def bm25_sections(
    sections: Sequence[Section], per_term: Sequence[Mapping[int, int]], lengths: Sequence[int], *, or_retry: bool
) -> tuple[list[tuple[float, int]], list[list[int]]]:
    """The sections holding every term, by BM25 over their pages (document-local statistics),
    best first as (score, section index); with ``or_retry`` (a 3+ term query), those holding
    any term when none holds every one. ``per_term``: each term's match counts by 0-based page;
    ``lengths``: each section's characters. Also each section's count of each term."""
    avg = (sum(lengths) / len(lengths)) if lengths else 1.0
    n = len(sections)

    def tf(sec: Section, counts: Mapping[int, int]) -> int:
        return sum(counts.get(p, 0) for p in range(sec.start, sec.end + 1))

    tfs = [[tf(s, counts) for counts in per_term] for s in sections]
    hit_idx = [k for k in range(n) if all(t > 0 for t in tfs[k])]
    if not hit_idx and or_retry:
        hit_idx = [k for k in range(n) if any(t > 0 for t in tfs[k])]
    dfs = [sum(1 for k in range(n) if tfs[k][j] > 0) for j in range(len(per_term))]
    scored = []
    for k in hit_idx:
        score = 0.0
        for j, f in enumerate(tfs[k]):
            if f <= 0:
                continue
            idf = math.log(1.0 + (n - dfs[j] + 0.5) / (dfs[j] + 0.5))
            norm = 1.0 - 0.75 + 0.75 * (lengths[k] / avg if avg else 1.0)
            score += idf * f * 2.2 / (f + 1.2 * norm)
        scored.append((score, k))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return scored, tfs


def section_matches(
    sections: Sequence[Section],
    scored: Sequence[tuple[float, int]],
    tfs: Sequence[Sequence[int]],
    *,
    max_results: int,
    max_bytes: int,
) -> tuple[list[SectionMatch], int, int]:
    """The best ``max_results`` of the ``scored`` sections (see :func:`bm25_sections`) as
    matches, each kept while the answer stays within ``max_bytes`` (estimated); with the bytes
    used and the count of matches left out."""
    out_sections: list[SectionMatch] = []
    used = 0
    omitted = 0
    for score, k in scored[:max_results]:
        sec = sections[k]
        title, truncated = _truncate_title(sec.title)
        m = SectionMatch(
            section_id=k,
            title=title,
            title_source=sec.title_source,
            start_page=sec.start + 1,
            end_page=sec.end + 1,
            score=round(score, 4),
            match_count=sum(tfs[k]),
            title_truncated=True if truncated else None,
        )
        size = 160 + len((title or "").encode("utf-8"))
        if used + size > max_bytes:
            omitted += 1
            continue
        used += size
        out_sections.append(m)
    return out_sections, used, omitted


def _truncate_title(title: str | None) -> tuple[str | None, bool]:
    if title is None:
        return None, False
    raw = title.encode("utf-8")
    if len(raw) <= MAX_SECTION_TITLE_BYTES:
        return title, False
    return raw[:MAX_SECTION_TITLE_BYTES].decode("utf-8", "ignore"), True
