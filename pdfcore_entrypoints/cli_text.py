"""What the command line prints for a result when ``--json`` is not given: one function per
result kind (info, outline, pages, search, chart, quote), plain text for a terminal."""

from __future__ import annotations

from typing import Any


def info(r: Any) -> str:
    lines = [f"pages: {r.page_count}    size: {r.file_size_mb} MB    ~{r.estimated_tokens} tokens"]
    for k, v in r.metadata.items():
        lines.append(f"{k}: {v}")
    s = r.text_coverage.summary
    lines.append(
        f"text: {s.pages_with_text} pages with text, {s.pages_without_text} without, "
        f"{s.pages_likely_scanned} likely scanned"
        + (
            f" (estimated from {r.pages_sampled} sampled pages; --detail reads every page)"
            if r.coverage_sampled
            else ""
        )
    )
    if r.page_labels:
        lines.append(f"labels: {r.page_labels}")
    for q in r.quality:
        lines.append(f"warning {q.code}: pages {q.pages}")
    if r.toc:
        lines.append("outline:")
        lines.extend(toc_line(e) for e in r.toc)
    elif r.toc_truncated:
        lines.append(f"outline: {r.toc_entry_count} entries (pdfcore toc FILE)")
    if r.content_trust is not None:
        ct = r.content_trust
        lines.append(f"hidden text: {'YES' if ct.suspicious else 'none'} (pages {list(ct.pages_flagged)})")
    lines.extend(f"next: {c}" for c in r.next_calls)
    return "\n".join(lines)


def toc(r: Any) -> str:
    if not r.toc:
        return "(no outline)"
    return "\n".join(toc_line(e) for e in r.toc)


def toc_line(e: Any) -> str:
    """An outline entry; one that goes to no page of the document (a web address) says so."""
    at = f" (p. {e.page})" if e.page else " (no page of this document)"
    return f"{'  ' * (e.level - 1)}- {e.title}{at}"


def pages(r: Any) -> str:
    out = []
    for p in r.pages:
        if p.markdown is not None:
            from pdfcore.structure import page_comment

            out.append(page_comment(p.page, p.label) + ("\n\n" + p.markdown if p.markdown else ""))
            continue
        from pdfcore.structure.document import shown_label

        shown = shown_label(p.page, p.label)
        label = f" (label {shown})" if shown else ""
        flags = f"  [{', '.join(p.warnings)}]" if p.warnings else ""
        ocr = ""
        if p.source == "ocr":
            conf = f", confidence {p.ocr_confidence:.2f}" if p.ocr_confidence is not None else ""
            ocr = f"  (OCR{conf})"
        out.append(f"--- page {p.page}{label}{ocr}{flags} ---\n{p.text}")
    report = getattr(r, "ocr", None)
    if report:
        done = list(report.get("pages_recognised") or [])
        cached = list(report.get("pages_from_cache") or [])
        note = f"OCR ({report.get('engine')}, {report.get('languages')}): recognised {done or 'none'}"
        if cached:
            note += f", from cache {cached}"
        if report.get("pages_not_done"):
            note += f"; not done: pages {report['pages_not_done']} ({report.get('reason_not_done')})"
        if report.get("next_call"):
            note += f"; next: {report['next_call']}"
        out.append(note)
    return "\n\n".join(out)


def search(r: Any) -> str:
    if hasattr(r, "sections"):
        lines = [f"{r.total_matches} matching section(s) of {r.total_sections}"]
        lines += [f"p. {s.start_page}-{s.end_page}  {s.title or '(untitled)'}  score {s.score}" for s in r.sections]
        return "\n".join(lines)
    lines = [f"{r.total_matches} matching page(s), {r.search_mode} search of {r.searched_pages} page(s)"]
    if r.relaxed_to_or:
        lines.append("(no page has every term: showing pages with any)")
    for m in r.matches:
        lines.append(f"p. {m.page}  score {m.score}  x{m.match_count}: {m.excerpt[:300]}")
    if r.coverage_note:
        lines.append(f"note: {r.coverage_note}")
    if r.semantic_note:
        lines.append(f"note: {r.semantic_note}")
    if r.pages_not_searched:
        lines.append(f"not searched (time budget): pages {r.pages_not_searched}")
    return "\n".join(lines)


def chart(r: Any) -> str:
    lines = [f"page {r.page}: {r.status}"]
    lines.extend(f"reason: {reason}" for reason in r.reasons)
    for c in r.charts:
        lines.append(f"{c.chart_id} {c.chart_type}" + (f" ({c.decline_reason})" if c.decline_reason else ""))
        for axis_name, axis in (("x", c.x_axis), ("y", c.y_axis), ("y right", c.y_axis_right)):
            if axis is not None:
                span = f" {axis.range[0]}..{axis.range[1]}" if axis.range else ""
                lines.append(f"  {axis_name}: {axis.scale}{span}" + (f" [{axis.title}]" if axis.title else ""))
        for k, s in enumerate(c.series):
            rgb = ", ".join(f"{v:.2f}" for v in s.style.color) if s.style.color else ""
            name = s.label or (f"rgb({rgb})" if rgb else "?")
            head = f"  s{k} {s.kind} {name} axis={s.axis} by={s.resolved_by}"
            data = s.points if s.points is not None else s.bars
            if data is None:
                lines.append(head + (f" (pending {s.pending_question})" if s.pending_question else " (no data)"))
            else:
                lines.append(head)
                lines.extend(f"    {x}\t{y}" for x, y in data)
        lines.extend(f"  note: {n}" for n in c.diagnostics.notes)
    for q in r.questions:
        lines.append(f"question {q.id} ({q.kind}): {' | '.join(q.options)}  [highlight {q.highlight}]")
    return "\n".join(lines)


def quote(r: Any) -> str:
    if r.status == "not_found":
        lines = [f"not found (searched {r.searched_pages} page(s); closest similarity {r.score:.2f})"]
    else:
        label = f" (label {r.label})" if r.label else ""
        lines = [
            f"{r.status}: page {r.page}{label}, characters {r.start}-{r.end}, similarity {r.score:.2f}",
            f"  {r.matched_text!r}",
        ]
        lines.extend(f"also: page {m.page}, characters {m.start}-{m.end}" for m in r.also_found or ())
        lines.extend(f"differs: quote {d.quote!r}, document {d.document!r}" for d in r.differences or ())
    if r.note:
        lines.append(f"note: {r.note}")
    if r.coverage_note:
        lines.append(f"note: {r.coverage_note}")
    return "\n".join(lines)
