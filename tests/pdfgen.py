"""A tiny PDF writer for tests: pages with text, shapes, images, outlines and page labels.

Only what the tests need, written from the PDF specification so tests do not depend on a PDF
generator. Coordinates given to :class:`Page` methods are PDF user space (bottom-left origin).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from pathlib import Path


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


@dataclass
class Page:
    width: float = 612.0
    height: float = 792.0
    rotate: int = 0
    ops: list[str] = field(default_factory=list)
    images: list[tuple[int, int, bytes]] = field(default_factory=list)
    cropbox: tuple[float, float, float, float] | None = None
    uses_gs: bool = False

    def text(
        self,
        x: float,
        y: float,
        s: str,
        *,
        size: float = 12,
        font: str = "F1",
        mode: int = 0,
        rgb: tuple[float, float, float] = (0, 0, 0),
        alpha: float | None = None,
        hscale: float | None = None,
        scale: float | None = None,
    ) -> Page:
        """Show ``s`` at (x, y). ``font``: F1 Helvetica, F2 Helvetica-Bold, F3 Courier, F4 Wingdings (not
        embedded: its glyphs' text is the letter of their code). With
        ``scale`` the font is set at size 1 and the text matrix scales it (as some producers do)."""
        ops = ["q"]
        if alpha is not None:
            self.uses_gs = True
            ops.append("/GS0 gs" if alpha == 0 else "/GSH gs")
        ops.append(f"{rgb[0]} {rgb[1]} {rgb[2]} rg")
        ops.append(f"BT /{font} {size if scale is None else 1} Tf {mode} Tr")
        if hscale is not None:
            ops.append(f"{hscale} Tz")
        if scale is not None:
            ops.append(f"{scale} 0 0 {scale} {x} {y} Tm ({_esc(s)}) Tj ET Q")
        else:
            ops.append(f"{x} {y} Td ({_esc(s)}) Tj ET Q")
        self.ops.append(" ".join(ops))
        return self

    def lines(self, x: float, y: float, rows: list[str], *, size: float = 11, leading: float | None = None) -> Page:
        lead = leading or size * 1.25
        for i, row in enumerate(rows):
            self.text(x, y - i * lead, row, size=size)
        return self

    def rect(
        self, x: float, y: float, w: float, h: float, *, rgb: tuple[float, float, float] = (0, 0, 0), fill: bool = True
    ) -> Page:
        op = "f" if fill else "S"
        color = f"{rgb[0]} {rgb[1]} {rgb[2]} {'rg' if fill else 'RG'}"
        self.ops.append(f"q {color} {x} {y} {w} {h} re {op} Q")
        return self

    def line(self, x0: float, y0: float, x1: float, y1: float, *, width: float = 1.0) -> Page:
        self.ops.append(f"q {width} w 0 0 0 RG {x0} {y0} m {x1} {y1} l S Q")
        return self

    def grid(
        self,
        left: float,
        top: float,
        row_h: float,
        col_w: float,
        cells: list[list[str]],
        *,
        size: float = 10,
        lift: float = 6,
        band: tuple[float, float, float] | None = None,
    ) -> Page:
        """A ruled table: ``cells`` row by row under ``top``, each text ``lift`` over its row's
        foot and 6 pt in from its column's edge, every other row shaded ``band`` (when given),
        then a rule along every row's and column's edge."""
        width = max(len(row) for row in cells)
        for r, row in enumerate(cells):
            y = top - (r + 1) * row_h
            if band is not None and r % 2:
                self.rect(left, y, width * col_w, row_h, rgb=band)
            for c, text in enumerate(row):
                self.text(left + c * col_w + 6, y + lift, text, size=size)
        for r in range(len(cells) + 1):
            self.line(left, top - r * row_h, left + width * col_w, top - r * row_h, width=0.5)
        for c in range(width + 1):
            self.line(left + c * col_w, top, left + c * col_w, top - len(cells) * row_h, width=0.5)
        return self

    def image(
        self, x: float, y: float, w: float, h: float, *, px: int = 8, gray: int = 128, name: int | None = None
    ) -> Page:
        """Place a px-by-px grey image; ``name`` reuses an image already added to this page."""
        if name is None:
            self.images.append((px, px, bytes([gray]) * (px * px * 3)))
            name = len(self.images) - 1
        self.ops.append(f"q {w} 0 0 {h} {x} {y} cm /Im{name} Do Q")
        return self


@dataclass
class Outline:
    title: str
    page: int  # 0-based
    children: list[Outline] = field(default_factory=list)


def build_pdf(
    pages: list[Page],
    *,
    outline: list[Outline] | None = None,
    labels: list[tuple[int, str, str]] | list[tuple[int, str, str, int]] | None = None,
    info: dict[str, str] | None = None,
) -> bytes:
    """Serialise ``pages``. ``labels`` entries are (start page index, style 'D'/'r'/'R'/'', prefix),
    optionally with the number of the range's first page (default 1)."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # placeholder
    pages_obj = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    font_bold = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    font_mono = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    font_dingbats = add(b"<< /Type /Font /Subtype /TrueType /BaseFont /Wingdings-Regular /Encoding /WinAnsiEncoding >>")
    gs0 = add(b"<< /Type /ExtGState /ca 0 /CA 0 >>")
    gsh = add(b"<< /Type /ExtGState /ca 0.5 /CA 0.5 >>")
    kids: list[int] = []
    for page in pages:
        content = "\n".join(page.ops).encode("latin-1")
        stream = zlib.compress(content)
        content_id = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream")
        xobjs = []
        for i, (w, h, data) in enumerate(page.images):
            comp = zlib.compress(data)
            img_id = add(
                b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
                b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n"
                % (w, h, len(comp))
                + comp
                + b"\nendstream"
            )
            xobjs.append(f"/Im{i} {img_id} 0 R")
        res = f"<< /Font << /F1 {font} 0 R /F2 {font_bold} 0 R /F3 {font_mono} 0 R /F4 {font_dingbats} 0 R >> /ExtGState << /GS0 {gs0} 0 R /GSH {gsh} 0 R >>"
        if xobjs:
            res += " /XObject << " + " ".join(xobjs) + " >>"
        res += " >>"
        extra = f" /Rotate {page.rotate}" if page.rotate else ""
        if page.cropbox:
            extra += " /CropBox [{} {} {} {}]".format(*page.cropbox)
        page_id = add(
            (
                f"<< /Type /Page /Parent {pages_obj} 0 R /MediaBox [0 0 {page.width} {page.height}]{extra} "
                f"/Resources {res} /Contents {content_id} 0 R >>"
            ).encode("latin-1")
        )
        kids.append(page_id)
    objects[pages_obj - 1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>".encode()
    )
    cat = f"<< /Type /Catalog /Pages {pages_obj} 0 R"
    if outline:
        cat += f" /Outlines {_outline(outline, kids, add, objects)} 0 R /PageMode /UseOutlines"
    if labels:
        nums = []
        for start, style, prefix, *first in labels:
            entry = "<<"
            if style:
                entry += f" /S /{style}"
            if prefix:
                entry += f" /P ({_esc(prefix)})"
            if first:
                entry += f" /St {int(first[0])}"
            entry += " >>"
            nums.append(f"{start} {entry}")
        cat += f" /PageLabels << /Nums [{' '.join(nums)}] >>"
    cat += " >>"
    objects[catalog - 1] = cat.encode("latin-1")
    info_id = None
    if info:
        info_id = add(("<< " + " ".join(f"/{k} ({_esc(v)})" for k, v in info.items()) + " >>").encode("latin-1"))

    return assemble(objects, root=catalog, info=info_id)


def assemble(objects: list[bytes], *, root: int, info: int | None = None) -> bytes:
    """A PDF file of ``objects`` (object numbers 1..n in order) with its cross-reference table."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    trailer = f"trailer\n<< /Size {len(objects) + 1} /Root {root} 0 R"
    if info:
        trailer += f" /Info {info} 0 R"
    trailer += f" >>\nstartxref\n{xref}\n%%EOF\n"
    out += trailer.encode("latin-1")
    return bytes(out)


def _outline(items: list[Outline], kids: list[int], add, objects: list[bytes]) -> int:  # type: ignore[no-untyped-def]
    root = add(b"")

    def build(entries: list[Outline], parent: int) -> tuple[int, int, int]:
        ids = [add(b"") for _ in entries]
        total = 0
        for i, (oid, e) in enumerate(zip(ids, entries, strict=True)):
            d = f"<< /Title ({_esc(e.title)}) /Parent {parent} 0 R /Dest [{kids[e.page]} 0 R /Fit]"
            if i > 0:
                d += f" /Prev {ids[i - 1]} 0 R"
            if i + 1 < len(ids):
                d += f" /Next {ids[i + 1]} 0 R"
            if e.children:
                first, last, count = build(e.children, oid)
                d += f" /First {first} 0 R /Last {last} 0 R /Count {count}"
                total += count
            d += " >>"
            objects[oid - 1] = d.encode("latin-1")
            total += 1
        return ids[0], ids[-1], total

    first, last, count = build(items, root)
    objects[root - 1] = f"<< /Type /Outlines /First {first} 0 R /Last {last} 0 R /Count {count} >>".encode()
    return root


def write_pdf(path: Path, pages: list[Page], **kwargs: object) -> Path:
    path.write_bytes(build_pdf(pages, **kwargs))  # type: ignore[arg-type]
    return path


LOREM = (
    "The quick brown fox jumps over the lazy dog near the riverbank while the sun sets slowly",
    "behind the distant hills and a gentle breeze carries the scent of pine across the valley",
    "where farmers gather their harvest before the first frost arrives in the early autumn",
)


def simple_document(path: Path, n_pages: int = 3, *, words: tuple[str, ...] = ()) -> Path:
    """``n_pages`` pages, each with a heading 'Page N heading' and a few lines of body text."""
    pages = []
    for i in range(n_pages):
        p = Page()
        p.text(72, 720, f"Page {i + 1} heading", size=18, font="F2")
        rows = [*LOREM, f"unique marker token{i + 1:03d} appears on this page only"]
        if i < len(words):
            rows.append(words[i])
        p.lines(72, 680, rows)
        pages.append(p)
    return write_pdf(path, pages)


def encrypt(src: Path, dst: Path, password: str) -> Path:
    """Encrypt with pypdf (a test-only dependency): AES-256, user password ``password``."""
    import pypdf

    reader = pypdf.PdfReader(str(src))
    writer = pypdf.PdfWriter()
    for page in reader.pages:
        writer.add_page(page)
    writer.encrypt(user_password=password, owner_password=password + "-owner", algorithm="AES-256")
    with open(dst, "wb") as fh:
        writer.write(fh)
    return dst
