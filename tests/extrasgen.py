"""Test PDFs with what documents carry besides page text: embedded files, AcroForm fields, links,
annotations, and an XFA form whose page is only a viewer placeholder.

Written from the PDF specification (no PDF generator), like :mod:`tests.pdfgen`. What each file
holds is described by module constants so that the fake DocumentExtras and the tests can state
the same expectations.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

PAGE_W, PAGE_H = 612, 792

INVOICE_XML = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">\n'
    b'  <ID>INV-2024-0042</ID>\n  <Total currency="EUR">1234.50</Total>\n</rsm:CrossIndustryInvoice>\n'
)
NOTES_CSV = "name;amount\nK\u00e4se;3,50\nBrot;2,10\n".encode()
BINARY = bytes(range(256)) * 4
NESTED_PDF = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"
NOTE_TXT = b"Attached to page 2."


def png(width: int = 6, height: int = 4) -> bytes:
    raw = b"".join(b"\x00" + b"".join(bytes([(x * 40) % 256, 80, 160]) for x in range(width)) for _ in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


PHOTO_PNG = png()

#: (name, data, mime subtype or None, description or None) of the document-level files, in order.
EMBEDDED = (
    ("invoice.xml", INVOICE_XML, "text/xml", "Factur-X invoice data"),
    ("notes.csv", NOTES_CSV, None, None),
    ("photo.png", PHOTO_PNG, "image/png", None),
    ("blob.bin", BINARY, "application/octet-stream", None),
    ("nested.pdf", NESTED_PDF, "application/pdf", None),
)
#: The file of the file-attachment annotation on page 2 (0-based page 1).
ANNOT_FILE = ("note.txt", NOTE_TXT)

LINK_URI = "https://example.com/terms"
NOTE_AUTHOR = "Reviewer"
NOTE_CONTENTS = "Check the total amount before paying"
NOTE_DATE = "D:20240315103000+01'00'"
HIGHLIGHTED = "Payment due within thirty days"
HIDDEN_CONTENTS = "hidden remark nobody sees"

#: (name, type, value) of the form fields on page 1, in order.
FIELDS = (
    ("customer", "text", "ACME Corporation"),
    ("agree", "checkbox", "Yes"),
    ("country", "combobox", "Germany"),
    ("pin", "text", None),  # a password field: its value is never returned
    ("notes", "text", "Deliver to the back door"),
)
COUNTRY_OPTIONS = ("France", "Germany", "Italy")

PLACEHOLDER = (
    "Please wait... If this message is not eventually replaced by the proper contents of the document, "
    "your PDF viewer may not be able to display this type of document."
)
XFA_DATASETS = (
    '<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1>'
    "<applicant>Jane Roe</applicant><amount>250.00</amount><empty></empty>"
    "</form1></xfa:data></xfa:datasets>"
)


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


class _Writer:
    def __init__(self) -> None:
        self.objects: list[bytes] = []

    def reserve(self) -> int:
        self.objects.append(b"")
        return len(self.objects)

    def add(self, body: bytes | str) -> int:
        self.objects.append(body.encode("latin-1") if isinstance(body, str) else body)
        return len(self.objects)

    def set(self, num: int, body: bytes | str) -> None:
        self.objects[num - 1] = body.encode("latin-1") if isinstance(body, str) else body

    def stream(self, head: str, data: bytes) -> int:
        return self.add(f"<< {head} /Length {len(data)} >>\nstream\n".encode("latin-1") + data + b"\nendstream")

    def serialize(self, root: int) -> bytes:
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for i, body in enumerate(self.objects, start=1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1)
        for off in offsets:
            out += b"%010d 00000 n \n" % off
        out += f"trailer\n<< /Size {len(self.objects) + 1} /Root {root} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
        return bytes(out)


def _content(lines: list[tuple[float, float, str, float]]) -> bytes:
    ops = [f"BT /F1 {size} Tf {x} {y} Td ({_esc(text)}) Tj ET" for x, y, text, size in lines]
    return "\n".join(ops).encode("latin-1")


def extras_document(path: Path) -> Path:
    """Two pages: page 1 has a URI link, a link to page 2, a note, a highlight, a hidden note and
    five form fields; page 2 has a file-attachment annotation; the document embeds five files."""
    w = _Writer()
    catalog = w.reserve()
    pages = w.reserve()
    font = w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    page1 = w.reserve()
    page2 = w.reserve()

    # -- page 1 content: a heading, the linked text, the highlighted line
    content1 = _content(
        [
            (72, 720, "Invoice INV-2024-0042", 18),
            (72, 680, "Read our terms of sale online", 12),
            (72, 650, "Go to the second page", 12),
            (72, 620, HIGHLIGHTED, 12),
        ]
    )
    c1 = w.stream("", content1)
    content2 = _content([(72, 720, "Second page with an attached note", 12)])
    c2 = w.stream("", content2)

    annots1: list[int] = []
    annots1.append(
        w.add(
            f"<< /Type /Annot /Subtype /Link /Rect [70 676 240 694] /Border [0 0 0] "
            f"/A << /S /URI /URI ({LINK_URI}) >> >>"
        )
    )
    annots1.append(
        w.add(f"<< /Type /Annot /Subtype /Link /Rect [70 646 200 664] /Border [0 0 0] /Dest [{page2} 0 R /Fit] >>")
    )
    annots1.append(
        w.add(
            f"<< /Type /Annot /Subtype /Text /Rect [400 700 420 720] /T ({NOTE_AUTHOR}) "
            f"/Contents ({_esc(NOTE_CONTENTS)}) /M ({NOTE_DATE}) /Name /Comment >>"
        )
    )
    # Quad points cover the line drawn at baseline y=620 in 12 pt Helvetica.
    annots1.append(
        w.add(
            "<< /Type /Annot /Subtype /Highlight /Rect [70 615 260 634] /QuadPoints [70 634 260 634 70 615 260 615] "
            f"/T ({NOTE_AUTHOR}) /C [1 1 0] >>"
        )
    )
    annots1.append(
        w.add(f"<< /Type /Annot /Subtype /Text /Rect [500 700 520 720] /F 2 /Contents ({_esc(HIDDEN_CONTENTS)}) >>")
    )

    # -- form fields (each field is its own widget)
    off_ap = w.stream("/Type /XObject /Subtype /Form /BBox [0 0 12 12]", b"")
    on_ap = w.stream("/Type /XObject /Subtype /Form /BBox [0 0 12 12]", b"0 0 12 12 re f")
    fields: list[int] = []
    fields.append(
        w.add(
            f"<< /Type /Annot /Subtype /Widget /FT /Tx /T (customer) /V (ACME Corporation) /Rect [300 560 500 580] "
            f"/P {page1} 0 R /TU (Customer name) /Ff 2 >>"
        )
    )
    fields.append(
        w.add(
            f"<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree) /V /Yes /AS /Yes /Rect [300 530 312 542] "
            f"/P {page1} 0 R /AP << /N << /Yes {on_ap} 0 R /Off {off_ap} 0 R >> >> >>"
        )
    )
    fields.append(
        w.add(
            f"<< /Type /Annot /Subtype /Widget /FT /Ch /Ff {1 << 17} /T (country) /V (Germany) "
            f"/Opt [(France) (Germany) (Italy)] /Rect [300 500 400 520] /P {page1} 0 R >>"
        )
    )
    fields.append(
        w.add(
            f"<< /Type /Annot /Subtype /Widget /FT /Tx /Ff {1 << 13} /T (pin) /V (hunter2) /Rect [300 470 400 490] "
            f"/P {page1} 0 R >>"
        )
    )
    fields.append(
        w.add(
            f"<< /Type /Annot /Subtype /Widget /FT /Tx /Ff {1 | 1 << 12} /T (notes) /V (Deliver to the back door) "
            f"/Rect [300 400 500 460] /P {page1} 0 R >>"
        )
    )

    # -- page 2: a file-attachment annotation
    note_stream = w.stream(f"/Type /EmbeddedFile /Subtype /text#2Fplain /Params << /Size {len(NOTE_TXT)} >>", NOTE_TXT)
    note_spec = w.add(
        f"<< /Type /Filespec /F ({ANNOT_FILE[0]}) /UF ({ANNOT_FILE[0]}) /EF << /F {note_stream} 0 R >> >>"
    )
    annots2 = [
        w.add(
            f"<< /Type /Annot /Subtype /FileAttachment /Rect [72 600 92 620] /FS {note_spec} 0 R "
            f"/T ({NOTE_AUTHOR}) /Contents (Delivery note) /Name /Paperclip >>"
        )
    ]

    w.set(
        page1,
        f"<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] /Resources << /Font << /F1 {font} 0 R >> >> "
        f"/Contents {c1} 0 R /Annots [{' '.join(f'{a} 0 R' for a in annots1 + fields)}] >>",
    )
    w.set(
        page2,
        f"<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] /Resources << /Font << /F1 {font} 0 R >> >> "
        f"/Contents {c2} 0 R /Annots [{' '.join(f'{a} 0 R' for a in annots2)}] >>",
    )
    w.set(pages, f"<< /Type /Pages /Kids [{page1} 0 R {page2} 0 R] /Count 2 >>")

    # -- embedded files (name tree in sorted key order, listed in EMBEDDED order by key prefix)
    names = []
    for k, (name, data, mime, desc) in enumerate(EMBEDDED):
        subtype = f" /Subtype /{mime.replace('/', '#2F')}" if mime else ""
        stream = w.stream(
            f"/Type /EmbeddedFile{subtype} /Params << /Size {len(data)} /ModDate (D:20240301120000Z) >>", data
        )
        spec = f"<< /Type /Filespec /F ({name}) /UF ({name}) /EF << /F {stream} 0 R >>"
        if desc:
            spec += f" /Desc ({_esc(desc)})"
        if name == "invoice.xml":
            spec += " /AFRelationship /Alternative"
        spec += " >>"
        names.append((f"{k:02d}-{name}", w.add(spec)))
    tree = w.add("<< /Names [" + " ".join(f"({key}) {ref} 0 R" for key, ref in names) + "] >>")

    acroform = w.add(f"<< /Fields [{' '.join(f'{f} 0 R' for f in fields)}] /NeedAppearances false >>")
    w.set(
        catalog,
        f"<< /Type /Catalog /Pages {pages} 0 R /AcroForm {acroform} 0 R /Names << /EmbeddedFiles {tree} 0 R >> >>",
    )
    path.write_bytes(w.serialize(catalog))
    return path


def xfa_document(path: Path, *, dynamic: bool = True) -> Path:
    """One page showing only the 'Please wait...' placeholder, with an XFA form (dynamic: the
    catalog's /NeedsRendering is true) whose datasets hold two values."""
    w = _Writer()
    catalog = w.reserve()
    pages = w.reserve()
    font = w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    words = PLACEHOLDER.split()
    lines, row = [], ""
    for word in words:
        if len(row) + len(word) > 70:
            lines.append(row)
            row = word
        else:
            row = f"{row} {word}".strip()
    lines.append(row)
    content = w.stream("", _content([(72, 720 - 16 * k, line, 12) for k, line in enumerate(lines)]))
    page = w.add(
        f"<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] /Resources << /Font << /F1 {font} 0 R >> >> "
        f"/Contents {content} 0 R >>"
    )
    w.set(pages, f"<< /Type /Pages /Kids [{page} 0 R] /Count 1 >>")
    template = w.stream(
        "",
        b'<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1" layout="tb">'
        b'<field name="applicant"/><field name="amount"/></subform></template>',
    )
    datasets = w.stream("", XFA_DATASETS.encode())
    acroform = w.add(f"<< /Fields [] /XFA [(template) {template} 0 R (datasets) {datasets} 0 R] >>")
    needs = " /NeedsRendering true" if dynamic else ""
    w.set(catalog, f"<< /Type /Catalog /Pages {pages} 0 R /AcroForm {acroform} 0 R{needs} >>")
    path.write_bytes(w.serialize(catalog))
    return path
