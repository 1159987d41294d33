"""Links, annotations and form fields as the extras results list them: 1-based pages, printed
labels, clips, ISO dates, long strings capped, lists cut to the response budget.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from pdfcore.extras import Annotation, FormField, Link
from pdfcore.geometry import to_clip
from pdfcore.models import DocumentFacts
from pdfcore.results.extras import AnnotationOut, FormFieldOut, LinkOut
from pdfcore.serde import unstructure

#: Longest string of one listed item (values, contents, anchor texts) on the wire.
MAX_ITEM_CHARS = 4000


def pdf_date(value: str | None) -> str | None:
    """A PDF date (``D:YYYYMMDDHHmmSSOHH'mm'``, any prefix of it) as ISO 8601; other text as is."""
    if not value:
        return None
    m = re.match(
        r"^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*([Zz]|[+-]\d{2}'?(?:\d{2})?'?)?", value.strip()
    )
    if not m:
        return value.strip() or None
    year, month, day, hour, minute, second, tz = m.groups()
    out = year + "-" + (month or "01") + "-" + (day or "01")
    if hour:
        out += f"T{hour}:{minute or '00'}:{second or '00'}"
        if tz:
            if tz in ("Z", "z"):
                out += "Z"
            else:
                digits = tz.replace("'", "")
                out += f"{digits[:3]}:{digits[3:5] or '00'}"
    return out


def cap(text: str | None, limit: int = MAX_ITEM_CHARS) -> tuple[str | None, bool]:
    if text is None or len(text) <= limit:
        return text, False
    return text[:limit], True


def page_label(facts: DocumentFacts, index: int) -> str | None:
    if 0 <= index < len(facts.pages):
        label = facts.pages[index].label
        return label if label and label != str(index + 1) else None
    return None


def page_size(facts: DocumentFacts, index: int) -> tuple[float, float]:
    if 0 <= index < len(facts.pages):
        return facts.pages[index].width, facts.pages[index].height
    return 612.0, 792.0


def budgeted(items: Sequence[Any], budget: int) -> tuple[list[Any], bool]:
    """The longest prefix of ``items`` whose JSON fits ``budget`` bytes (at least one item)."""
    out: list[Any] = []
    used = 0
    for item in items:
        size = len(json.dumps(unstructure(item), ensure_ascii=False)) + 1
        if out and used + size > budget:
            return out, True
        used += size
        out.append(item)
    return out, False


def cut_note(omitted: int, kept: Sequence[Any], what: str) -> str:
    last = kept[-1].page if kept else 1
    return (
        f"{omitted} more {what}(s) did not fit the response size; continue with pages='{last + 1}-' "
        f"or ask for fewer pages."
    )


def group_fields(widgets: Sequence[FormField], facts: DocumentFacts) -> list[FormFieldOut]:
    """One entry per field name, in order of first appearance (a radio group's buttons are one
    field: its options are the buttons' export values)."""
    groups: dict[str, list[FormField]] = {}
    for w in widgets:
        groups.setdefault(w.name, []).append(w)
    out: list[FormFieldOut] = []
    for name, ws in groups.items():
        first = ws[0]
        width, height = page_size(facts, first.page)
        value, cut = cap(first.value)
        options: tuple[str, ...] = first.options
        checked: bool | None = first.checked
        export: str | None = first.export_value
        if len(ws) > 1 and first.field_type in ("radio", "checkbox"):
            exports = tuple(dict.fromkeys(w.export_value for w in ws if w.export_value))
            options = exports
            checked = None
            export = None
        out.append(
            FormFieldOut(
                name=name,
                type=first.field_type,
                value=value,
                page=first.page + 1,
                label=page_label(facts, first.page),
                bbox=first.bbox,
                clip=to_clip(first.bbox, width, height),
                options=options or None,
                selected=first.selected or None,
                checked=checked,
                export_value=export,
                description=first.alternate_name,
                read_only=True if first.read_only else None,
                required=True if first.required else None,
                multiline=True if first.multiline else None,
                widgets=len(ws) if len(ws) > 1 else None,
                value_truncated=True if cut else None,
            )
        )
    return out


def link_out(link: Link, facts: DocumentFacts) -> LinkOut:
    width, height = page_size(facts, link.page)
    target = link.target_page
    return LinkOut(
        page=link.page + 1,
        label=page_label(facts, link.page),
        kind=link.kind,
        text=cap(link.text, 500)[0] or "",
        uri=cap(link.uri, 2000)[0],
        target_page=target + 1 if target is not None else None,
        target_label=page_label(facts, target) if target is not None else None,
        file=link.file_path,
        bbox=link.bbox,
        clip=to_clip(link.bbox, width, height),
    )


def annotation_out(a: Annotation, facts: DocumentFacts) -> AnnotationOut:
    width, height = page_size(facts, a.page)
    return AnnotationOut(
        page=a.page + 1,
        label=page_label(facts, a.page),
        subtype=a.subtype,
        author=a.author,
        contents=cap(a.contents)[0],
        subject=a.subject,
        modified=pdf_date(a.modified),
        marked_text=cap(a.marked_text)[0],
        hidden=True if a.hidden else None,
        bbox=a.bbox,
        clip=to_clip(a.bbox, width, height),
    )
