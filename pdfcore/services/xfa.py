"""XFA forms: the values of a form's data packet, and the placeholder pages viewers show.

A dynamic XFA form is drawn by an XFA processor; its PDF pages often only say "Please wait..."
or "To view the full contents of this document, you need a later version of the PDF viewer".
Such a page holds no content of the form, so a miss there is not evidence of absence.
"""

from __future__ import annotations

from typing import Any

#: Most values read from an XFA datasets packet.
MAX_XFA_VALUES = 5000
#: Page text shorter than this (non-space characters) can be an XFA placeholder page.
PLACEHOLDER_MAX_CHARS = 1500

# Phrases of the pages an XFA form shows to viewers without an XFA processor. A page that holds
# one of them, little else, in a document with an XFA form, is a placeholder and not the form.
_PLACEHOLDER_PHRASES = (
    "to view the full contents of this document, you need a later version of the pdf viewer",
    "the document you are trying to load requires adobe reader",
    "your pdf viewer may not be able to display this type of document",
    "if this message is not eventually replaced by the proper contents of the document",
    "you can upgrade to the latest version of adobe reader",
)
_PLEASE_WAIT = "please wait"


def is_placeholder_text(text: str) -> bool:
    """True when page text is (only) an XFA viewer placeholder message."""
    flat = " ".join(text.split()).lower()
    if not flat or len(flat.replace(" ", "")) > PLACEHOLDER_MAX_CHARS:
        return False
    if any(p in flat for p in _PLACEHOLDER_PHRASES):
        return True
    return _PLEASE_WAIT in flat and ("viewer" in flat or "reader" in flat or len(flat) < 40)


def xfa_values(datasets: str) -> tuple[tuple[str, str], ...] | None:
    """(dotted name, value) of the leaf elements under ``xfa:data``; None when it is not XML."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(datasets)
    except ET.ParseError:
        return None
    data = None
    for el in root.iter():
        if el.tag.rsplit("}", 1)[-1] == "data":
            data = el
            break
    if data is None:
        data = root
    out: list[tuple[str, str]] = []

    def walk(el: Any, path: str, depth: int) -> None:
        if len(out) >= MAX_XFA_VALUES or depth > 64:
            return
        children = list(el)
        if not children:
            value = (el.text or "").strip()
            if value:
                out.append((path, value))
            return
        counts: dict[str, int] = {}
        for child in children:
            tag = child.tag.rsplit("}", 1)[-1] if isinstance(child.tag, str) else ""
            if not tag:
                continue
            n = counts.get(tag, 0)
            counts[tag] = n + 1
            name = tag if n == 0 else f"{tag}[{n}]"
            walk(child, f"{path}.{name}" if path else name, depth + 1)

    walk(data, "", 0)
    return tuple(out)
