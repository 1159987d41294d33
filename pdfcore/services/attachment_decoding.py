"""What an embedded file is and how its bytes read as text.

An attachment is text (XML, JSON, CSV, TXT...: a Factur-X / ZUGFeRD invoice's XML is the
invoice's data), an image, a PDF or another binary file, judged from its name, its declared
MIME type and, when they are at hand, its first bytes. Text is UTF-8 (with or without a BOM),
UTF-16 with a BOM, or, for files that say they are text, Windows-1252 when nearly all of it is
printable.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.extras import Attachment

# fmt: off
_TEXT_EXTENSIONS = frozenset((
    "txt", "text", "csv", "tsv", "xml", "json", "jsonld", "ndjson", "geojson", "md", "markdown", "html", "htm",
    "xhtml", "yaml", "yml", "toml", "ini", "cfg", "conf", "log", "ics", "vcf", "svg", "xsd", "xsl", "xslt", "xbrl",
    "rdf", "gml", "kml", "sql", "tex", "rst", "properties", "edi", "eml",
))
_TEXT_MIMES = frozenset((
    "application/xml", "application/json", "application/csv", "application/x-yaml", "application/yaml",
    "application/sql", "application/x-tex", "application/rtf", "application/javascript", "application/ld+json",
    "message/rfc822",
))
_IMAGE_EXTENSIONS = frozenset(("png", "jpg", "jpeg", "gif", "bmp", "tif", "tiff", "webp"))
# fmt: on
_IMAGE_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"BM", "image/bmp"),
    (b"II*\x00", "image/tiff"),
    (b"MM\x00*", "image/tiff"),
)


def classify_attachment(name: str, mime_type: str | None, head: bytes = b"") -> str:
    """text | image | pdf | binary, from the name, the declared type and (when given) the first bytes."""
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    mime = (mime_type or "").lower()
    if head:
        if head.startswith(b"%PDF-"):
            return "pdf"
        if _image_type(head):
            return "image"
        if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
            return "image"
    if ext == "pdf" or mime == "application/pdf":
        return "pdf"
    if ext in _IMAGE_EXTENSIONS or (mime.startswith("image/") and mime != "image/svg+xml"):
        return "image"
    if (
        ext in _TEXT_EXTENSIONS
        or mime.startswith("text/")
        or mime in _TEXT_MIMES
        or mime.endswith("+xml")
        or mime.endswith("+json")
    ):
        return "text"
    if head:
        return "text" if decode_text(head, declared_text=False, partial=True) is not None else "binary"
    return "binary"


def _image_type(head: bytes) -> str | None:
    for sig, mime in _IMAGE_SIGNATURES:
        if head.startswith(sig):
            return mime
    return None


def decode_text(data: bytes, *, declared_text: bool, partial: bool = False) -> tuple[str, str] | None:
    """(text, encoding) when ``data`` is text: UTF-8 (with or without BOM), UTF-16 with a BOM,
    or — for files that say they are text — Windows-1252 when nearly all of it is printable."""
    if data.startswith(b"\xef\xbb\xbf"):
        data, bom = data[3:], "utf-8-sig"
    else:
        bom = ""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            return None
    if b"\x00" in data[:8192]:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if partial and exc.start >= len(data) - 3:  # a sample cut inside a character
            text = data[: exc.start].decode("utf-8")
        elif declared_text:
            text = data.decode("cp1252", errors="replace")
            if _control_fraction(text) > 0.02 or text.count("\ufffd") > len(text) // 100:
                return None
            return text, "cp1252"
        else:
            return None
    if _control_fraction(text) > 0.02:
        return None
    return text, bom or "utf-8"


def _control_fraction(text: str) -> float:
    if not text:
        return 0.0
    bad = sum(1 for ch in text[:65536] if ord(ch) < 32 and ch not in "\t\n\r\f")
    return bad / min(len(text), 65536)


def pair_listings(listed: Sequence[Attachment], other: Sequence[Attachment]) -> dict[int, Attachment]:
    """Match two listings of the same document's files: by page, name and occurrence."""

    def keyed(items: Sequence[Attachment]) -> dict[tuple[int | None, str, int], Attachment]:
        seen: dict[tuple[int | None, str], int] = {}
        out: dict[tuple[int | None, str, int], Attachment] = {}
        for a in items:
            n = seen.get((a.page, a.name), 0)
            seen[(a.page, a.name)] = n + 1
            out[(a.page, a.name, n)] = a
        return out

    mine, theirs = keyed(listed), keyed(other)
    return {a.index: theirs[k] for k, a in mine.items() if k in theirs}
