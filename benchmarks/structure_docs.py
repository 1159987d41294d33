"""Ground-truth documents for the structure benchmark: known Markdown, typeset twice.

Each document is built from a seed as a list of blocks (headings, paragraphs, lists, tables,
figures, code, footnotes). Its Markdown (the truth) and two independent typesettings are made
from the same blocks: ReportLab (platypus) and LaTeX (``pdflatex``). So a PDF holds exactly
the text of its truth, in the truth's order, and only the layout differs.

Kinds of document (the features each exercises are listed in ``KINDS``):

- ``report``: one column, numbered headings on three levels, bulleted and numbered lists,
  a ruled table with its caption above, a figure with its caption below.
- ``article``: two columns, unnumbered headings, a nested list with wrapped items, a
  rule-less table.
- ``newsletter``: three columns, short sections, lists.
- ``manual``: one column, numbered headings, code blocks, nested numbered lists, footnotes
  (one page: a footnote's truth place is after the body of the page that refers to it, so the
  generator keeps these documents to one page and checks it).
- ``tables``: one column, tables with spanning cells (a header over two columns, a cell over
  two rows), ruled and rule-less, with captions.

Every page but the first carries a running head (the document's short title) and every page a
page number; neither is in the truth. The truth is normalised Markdown: one line per paragraph,
``-`` and ``1.`` list items nested by indentation, GFM pipe tables when a table has no spanning
cell and HTML otherwise, ``![caption](figure)`` for a figure, fenced code, a footnote's text at
the end as ``N text`` (the marker ``N`` right after its word, as printed).

The DEV set uses seeds 1-2 of every kind and the house styles; the held-out set uses other
seeds, other words and styles no DEV document has (other fonts, sizes, capitalised headings).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

GENERATOR_VERSION = "4"

# ---------------------------------------------------------------------------------------------
# Blocks


@dataclass(frozen=True)
class Heading:
    level: int  # 1 = the title
    text: str


@dataclass(frozen=True)
class Para:
    text: str
    note: str = ""  # footnote text; its marker goes after the word at ``note_after``
    note_after: int = 0
    note_number: int = 0


@dataclass(frozen=True)
class Item:
    text: str
    children: tuple[Item, ...] = ()
    ordered_children: bool = False


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Cell:
    text: str
    colspan: int = 1
    rowspan: int = 1


@dataclass(frozen=True)
class Table:
    caption: str
    rows: tuple[tuple[Cell, ...], ...]  # cells covered by a span are left out, as in HTML
    ruled: bool
    width: int  # columns

    @property
    def spans(self) -> bool:
        return any(c.colspan > 1 or c.rowspan > 1 for r in self.rows for c in r)


@dataclass(frozen=True)
class Figure:
    caption: str
    seed: int


@dataclass(frozen=True)
class Code:
    lines: tuple[str, ...]


Block = Heading | Para | ListBlock | Table | Figure | Code


@dataclass(frozen=True)
class Style:
    serif: bool = True
    size: float = 10.0
    caps_headings: bool = False
    latex_font: str = ""  # "" (Computer Modern), "lmodern", "lmsans" (Latin Modern Sans)
    margin_cm: float = 2.2


@dataclass(frozen=True)
class Document:
    name: str
    kind: str
    title: str
    short_title: str
    columns: int
    numbered: bool
    style: Style
    blocks: tuple[Block, ...]
    features: tuple[str, ...]
    one_page: bool = False


# ---------------------------------------------------------------------------------------------
# Words

DEV_WORDS = [
    "account",
    "action",
    "active",
    "adapt",
    "advance",
    "agree",
    "answer",
    "apply",
    "approach",
    "area",
    "argue",
    "arrive",
    "balance",
    "basis",
    "become",
    "begin",
    "belief",
    "benefit",
    "better",
    "border",
    "branch",
    "bridge",
    "bring",
    "budget",
    "build",
    "capture",
    "careful",
    "carry",
    "central",
    "change",
    "choice",
    "circle",
    "claim",
    "clear",
    "collect",
    "common",
    "compare",
    "complete",
    "concern",
    "connect",
    "consider",
    "contain",
    "context",
    "control",
    "convert",
    "correct",
    "country",
    "course",
    "create",
    "current",
    "decide",
    "define",
    "degree",
    "deliver",
    "demand",
    "depend",
    "design",
    "detail",
    "develop",
    "direct",
    "discover",
    "divide",
    "domain",
    "double",
    "early",
    "effect",
    "effort",
    "element",
    "energy",
    "enough",
    "entire",
    "equal",
    "estimate",
    "event",
    "exact",
    "example",
    "expand",
    "expect",
    "explain",
    "factor",
    "family",
    "feature",
    "figure",
    "final",
    "follow",
    "force",
    "format",
    "frame",
    "future",
    "gather",
    "general",
    "gentle",
    "ground",
    "growth",
    "handle",
    "harbor",
    "history",
    "holder",
    "import",
    "improve",
    "include",
    "income",
    "index",
    "inside",
    "island",
    "journey",
    "justice",
    "keeper",
    "kitchen",
    "labour",
    "language",
    "larger",
    "layer",
    "leader",
    "letter",
    "level",
    "limit",
    "listen",
    "little",
    "local",
    "manage",
    "market",
    "measure",
    "member",
    "method",
    "middle",
    "minute",
    "modern",
    "motion",
    "narrow",
    "nature",
    "network",
    "normal",
    "notice",
    "number",
    "object",
    "office",
    "option",
    "order",
    "origin",
    "output",
    "owner",
    "palace",
    "parcel",
    "partner",
    "pattern",
    "people",
    "period",
    "person",
    "place",
    "planet",
    "plenty",
    "policy",
    "portion",
    "power",
    "practice",
    "present",
    "process",
    "produce",
    "program",
    "project",
    "proper",
    "public",
    "purpose",
    "quality",
    "quarter",
    "question",
    "random",
    "reason",
    "record",
    "region",
    "remain",
    "report",
    "result",
    "return",
    "river",
    "safety",
    "sample",
    "season",
    "second",
    "section",
    "select",
    "series",
    "settle",
    "signal",
    "simple",
    "single",
    "source",
    "spring",
    "stable",
    "station",
    "status",
    "stream",
    "street",
    "strong",
    "study",
    "subject",
    "summer",
    "supply",
    "surface",
    "system",
    "target",
    "theory",
    "thread",
    "timber",
    "total",
    "toward",
    "travel",
    "trust",
    "unit",
    "useful",
    "valley",
    "value",
    "vessel",
    "village",
    "volume",
    "water",
    "weight",
    "window",
    "winter",
    "worker",
    "yellow",
]

HELD_OUT_WORDS = [
    "absorb",
    "accord",
    "acid",
    "agent",
    "airfield",
    "almond",
    "amber",
    "anchor",
    "ankle",
    "antenna",
    "apricot",
    "arch",
    "archive",
    "armour",
    "aroma",
    "arrow",
    "ash",
    "atlas",
    "autumn",
    "avenue",
    "badge",
    "bakery",
    "ballot",
    "bamboo",
    "banner",
    "barley",
    "barrel",
    "basin",
    "basket",
    "beacon",
    "beetle",
    "bellow",
    "bench",
    "berry",
    "blanket",
    "blossom",
    "boiler",
    "bonnet",
    "bottle",
    "boulder",
    "bracket",
    "brass",
    "breeze",
    "brick",
    "bristle",
    "bronze",
    "bubble",
    "bucket",
    "buffalo",
    "bundle",
    "burrow",
    "cabin",
    "cable",
    "cactus",
    "candle",
    "canyon",
    "carbon",
    "cargo",
    "carpet",
    "castle",
    "cattle",
    "cedar",
    "cellar",
    "cement",
    "chalk",
    "channel",
    "chapel",
    "cherry",
    "chimney",
    "cider",
    "cinder",
    "citrus",
    "clay",
    "cliff",
    "clover",
    "cobalt",
    "cocoa",
    "comet",
    "copper",
    "coral",
    "cotton",
    "crater",
    "crystal",
    "cushion",
    "dagger",
    "dairy",
    "delta",
    "denim",
    "desert",
    "diesel",
    "dolphin",
    "donkey",
    "dragon",
    "drizzle",
    "dune",
    "eagle",
    "echo",
    "elbow",
    "ember",
    "engine",
    "falcon",
    "fennel",
    "ferry",
    "fiber",
    "fjord",
    "flannel",
    "flint",
    "forest",
    "fossil",
    "fountain",
    "galley",
    "garlic",
    "garnet",
    "geyser",
    "ginger",
    "glacier",
    "granite",
    "gravel",
    "hammer",
    "harvest",
    "hazel",
    "helmet",
    "hermit",
    "hollow",
    "honey",
    "horizon",
    "iceberg",
    "ivory",
    "jasmine",
    "jigsaw",
    "juniper",
    "kernel",
    "kettle",
    "lagoon",
    "lantern",
    "lava",
    "lemon",
    "lichen",
    "linen",
    "lobster",
    "lumber",
    "magnet",
    "maple",
    "marble",
    "meadow",
    "mineral",
    "mirror",
    "mortar",
    "moss",
    "nectar",
    "nickel",
    "nutmeg",
    "oasis",
    "orchard",
    "oyster",
    "paddle",
    "pebble",
    "pepper",
    "pewter",
    "pigment",
    "pillar",
    "pine",
    "plaster",
    "pollen",
    "pottery",
    "prairie",
    "quarry",
    "quartz",
    "quill",
    "radish",
    "rattan",
    "reef",
    "ribbon",
    "saddle",
    "saffron",
    "salmon",
    "sandal",
    "satin",
    "shingle",
    "silver",
    "slate",
    "spruce",
    "summit",
    "talon",
    "thimble",
    "thistle",
    "timberline",
    "tundra",
    "turnip",
    "valve",
    "velvet",
    "walnut",
    "willow",
    "yarn",
    "zinc",
]


class Words:
    def __init__(self, seed: int, words: Sequence[str]) -> None:
        self.rng = random.Random(seed)
        self.words = list(words)

    def phrase(self, lo: int, hi: int) -> str:
        return " ".join(self.rng.choice(self.words) for _ in range(self.rng.randint(lo, hi)))

    def title(self, lo: int = 2, hi: int = 5) -> str:
        return " ".join(
            w.capitalize() if i == 0 or len(w) > 3 else w for i, w in enumerate(self.phrase(lo, hi).split())
        )

    def sentence(self, lo: int = 8, hi: int = 20) -> str:
        text = self.phrase(lo, hi)
        if self.rng.random() < 0.3:  # a comma somewhere inside
            parts = text.split()
            cut = self.rng.randint(2, max(2, len(parts) - 2))
            parts[cut - 1] += ","
            text = " ".join(parts)
        return text[0].upper() + text[1:] + "."

    def paragraph(self, lo: int = 3, hi: int = 6) -> str:
        return " ".join(self.sentence() for _ in range(self.rng.randint(lo, hi)))

    def number(self) -> str:
        kind = self.rng.random()
        if kind < 0.4:
            return str(self.rng.randint(2, 999))
        if kind < 0.8:
            return f"{self.rng.uniform(0, 100):.1f}"
        return f"{self.rng.randint(1, 99)},{self.rng.randint(100, 999)}"


# ---------------------------------------------------------------------------------------------
# Building documents


class _Builder:
    def __init__(self, words: Words, numbered: bool, caps: bool) -> None:
        self.w = words
        self.numbered = numbered
        self.caps = caps
        self.counters = [0, 0, 0]
        self.blocks: list[Block] = []
        self.tables = 0
        self.figures = 0
        self.notes = 0

    def heading(self, level: int) -> None:
        text = self.w.title()
        if self.caps:
            text = text.upper()
        if self.numbered and level >= 2:
            self.counters[level - 1] += 1
            for deeper in range(level, 3):
                self.counters[deeper] = 0
            text = ".".join(str(n) for n in self.counters[1:level]) + " " + text
        self.blocks.append(Heading(level, text))

    def para(self, lo: int = 3, hi: int = 6, note: bool = False) -> None:
        text = self.w.paragraph(lo, hi)
        if not note:
            self.blocks.append(Para(text))
            return
        self.notes += 1
        n_words = len(text.split())
        after = self.w.rng.randint(3, max(3, n_words - 3))
        self.blocks.append(Para(text, note=self.w.sentence(6, 14), note_after=after, note_number=self.notes))

    def bullets(self, ordered: bool, n: int, wrapped: bool = False, nested: bool = False) -> None:
        items = []
        for i in range(n):
            text = self.w.sentence(14, 26) if wrapped and i % 2 == 0 else self.w.sentence(3, 8)
            children: tuple[Item, ...] = ()
            if nested and i == 1:
                children = tuple(Item(self.w.sentence(3, 10)) for _ in range(2))
            items.append(Item(text, children, ordered_children=ordered))
        self.blocks.append(ListBlock(ordered, tuple(items)))

    def table(self, rows: int, cols: int, ruled: bool, spanning: bool = False) -> None:
        self.tables += 1
        caption = f"Table {self.tables}. {self.w.sentence(3, 7)}"
        head = tuple(Cell(self.w.title(1, 2)) for _ in range(cols))
        body: list[tuple[Cell, ...]] = []
        for _ in range(rows):
            body.append((Cell(self.w.title(1, 2)), *(Cell(self.w.number()) for _ in range(cols - 1))))
        if spanning:
            # A group header over the value columns 1..2, then the column names below it; the
            # first column's name spans both header rows.
            group = (Cell(head[0].text, rowspan=2), Cell(self.w.title(1, 2), colspan=2), *head[3:])
            names = (head[1], head[2])
            if cols > 3:
                group = (*group[:2], *(Cell(c.text, rowspan=2) for c in head[3:]))
            rows_all: tuple[tuple[Cell, ...], ...] = (group, names, *body)
        else:
            rows_all = (head, *body)
        self.blocks.append(Table(caption, rows_all, ruled, cols))

    def figure(self) -> None:
        self.figures += 1
        self.blocks.append(Figure(f"Figure {self.figures}. {self.w.sentence(4, 9)}", self.w.rng.randint(0, 10**6)))

    def code(self, n: int) -> None:
        names = [w for w in self.w.words if len(w) > 3]
        lines = []
        for i in range(n):
            a, b, c = (self.w.rng.choice(names) for _ in range(3))
            indent = "    " if 0 < i < n - 1 else ""
            if i == 0:
                lines.append(f"def {a}_{b}({c}, limit=10):")
            elif i == n - 1:
                lines.append(f"    return {a}")
            else:
                lines.append(f"{indent}{a} = {b}({c}, {self.w.rng.randint(1, 99)})")
        self.blocks.append(Code(tuple(lines)))


def build_document(kind: str, seed: int, held_out: bool) -> Document:
    kind_number = sorted(KINDS).index(kind)
    words = Words(
        seed * 7919 + kind_number * 31 + (104729 if held_out else 0), HELD_OUT_WORDS if held_out else DEV_WORDS
    )
    rng = words.rng
    style = _style(kind, rng, held_out)
    spec = KINDS[kind]
    b = _Builder(words, spec["numbered"], style.caps_headings)
    title = words.title(3, 6)
    b.blocks.append(Heading(1, title.upper() if style.caps_headings else title))
    {
        "report": _report,
        "article": _article,
        "newsletter": _newsletter,
        "manual": _manual,
        "tables": _tables,
    }[kind](b)
    name = f"{kind}-{'h' if held_out else 'd'}{seed}"
    short = " ".join(title.split()[:2])
    return Document(
        name=name,
        kind=kind,
        title=b.blocks[0].text,  # type: ignore[union-attr]
        short_title=short,
        columns=spec["columns"],
        numbered=spec["numbered"],
        style=style,
        blocks=tuple(b.blocks),
        features=tuple(spec["features"]),
        one_page=kind == "manual",
    )


def _style(kind: str, rng: random.Random, held_out: bool) -> Style:
    if not held_out:
        return Style(serif=kind != "newsletter", size=10.0 if kind != "newsletter" else 9.0)
    font = rng.choice(["lmodern", "lmsans"])
    return Style(
        serif=font != "lmsans",
        size=rng.choice([9.5, 11.0]) if kind not in ("newsletter", "manual") else 9.0,
        caps_headings=rng.random() < 0.5,
        latex_font=font,
        margin_cm=rng.choice([1.8, 2.6]),
    )


def _report(b: _Builder) -> None:
    b.para(3, 4)
    for section in range(3):
        b.heading(2)
        b.para()
        if section == 0:
            b.bullets(False, 4, wrapped=True)
        b.heading(3)
        b.para()
        if section == 1:
            b.table(5, 4, ruled=True)
            b.para(2, 3)
        if section == 2:
            b.figure()
            b.bullets(True, 3)
        b.heading(3)
        b.para(3, 5)


def _article(b: _Builder) -> None:
    b.para(4, 6)
    for section in range(4):
        b.heading(2)
        b.para(4, 7)
        if section == 1:
            b.bullets(False, 3, wrapped=True, nested=True)
            b.para(2, 4)
        if section == 2:
            b.table(4, 3, ruled=False)
        b.heading(3)
        b.para(3, 6)


def _newsletter(b: _Builder) -> None:
    for section in range(8):
        b.heading(2)
        b.para(3, 5)
        if section % 3 == 0:
            b.bullets(section == 3, 3)
        b.para(2, 4)


def _manual(b: _Builder) -> None:
    b.para(2, 3, note=True)
    b.heading(2)
    b.para(2, 3)
    b.code(4)
    b.heading(3)
    b.bullets(True, 3, wrapped=True, nested=True)
    b.heading(2)
    b.para(2, 3, note=True)
    b.code(3)


def _tables(b: _Builder) -> None:
    b.para(2, 3)
    b.heading(2)
    b.para(2, 3)
    b.table(4, 4, ruled=True, spanning=True)
    b.heading(2)
    b.para(2, 3)
    b.table(5, 3, ruled=False)
    b.heading(2)
    b.para(2, 3)
    b.table(4, 4, ruled=True)
    b.para(2, 3)


KINDS: dict[str, dict] = {  # type: ignore[type-arg]
    "report": {
        "columns": 1,
        "numbered": True,
        "features": ("1-column", "numbered-headings", "lists", "ruled-table", "figure", "running-heads"),
    },
    "article": {
        "columns": 2,
        "numbered": False,
        "features": ("2-column", "unnumbered-headings", "nested-lists", "rule-less-table", "running-heads"),
    },
    "newsletter": {
        "columns": 3,
        "numbered": False,
        "features": ("3-column", "unnumbered-headings", "lists", "running-heads"),
    },
    "manual": {
        "columns": 1,
        "numbered": True,
        "features": ("1-column", "numbered-headings", "code", "nested-lists", "footnotes"),
    },
    "tables": {
        "columns": 1,
        "numbered": False,
        "features": ("1-column", "spanning-table", "ruled-table", "rule-less-table", "running-heads"),
    },
}

DEV_SEEDS = (1, 2)
HELD_OUT_SEEDS = (11,)


def documents(held_out: bool) -> list[Document]:
    seeds = HELD_OUT_SEEDS if held_out else DEV_SEEDS
    return [build_document(kind, seed, held_out) for kind in KINDS for seed in seeds]


# ---------------------------------------------------------------------------------------------
# The truth: Markdown


def _para_text(p: Para, marker: str) -> str:
    if not p.note:
        return p.text
    words = p.text.split()
    words[p.note_after - 1] += marker
    return " ".join(words)


def _md_items(items: Sequence[Item], ordered: bool, indent: str) -> list[str]:
    out = []
    for i, item in enumerate(items, 1):
        bullet = f"{i}. " if ordered else "- "
        out.append(f"{indent}{bullet}{item.text}")
        if item.children:
            out.extend(_md_items(item.children, item.ordered_children, indent + " " * len(bullet)))
    return out


def _md_table(t: Table) -> str:
    if not t.spans:
        header, *body = t.rows
        lines = ["| " + " | ".join(c.text for c in header) + " |", "|" + "---|" * t.width]
        lines += ["| " + " | ".join(c.text for c in row) + " |" for row in body]
        return "\n".join(lines)
    parts = ["<table>"]
    for row in t.rows:
        parts.append("<tr>")
        for c in row:
            attrs = (f' colspan="{c.colspan}"' if c.colspan > 1 else "") + (
                f' rowspan="{c.rowspan}"' if c.rowspan > 1 else ""
            )
            parts.append(f"<td{attrs}>{c.text}</td>")
        parts.append("</tr>")
    parts.append("</table>")
    return "".join(parts)


def to_markdown(doc: Document) -> str:
    out: list[str] = []
    notes: list[str] = []
    for block in doc.blocks:
        if isinstance(block, Heading):
            out.append("#" * block.level + " " + block.text)
        elif isinstance(block, Para):
            out.append(_para_text(block, str(block.note_number)))
            if block.note:
                notes.append(f"{block.note_number} {block.note}")
        elif isinstance(block, ListBlock):
            out.append("\n".join(_md_items(block.items, block.ordered, "")))
        elif isinstance(block, Table):
            out.append(block.caption)
            out.append(_md_table(block))
        elif isinstance(block, Figure):
            out.append(f"![{block.caption}](figure)")
        elif isinstance(block, Code):
            out.append("```\n" + "\n".join(block.lines) + "\n```")
    out.extend(notes)
    return "\n\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# Figures (raster, drawn with PIL)


def figure_png(seed: int, path: Path) -> None:
    from PIL import Image, ImageDraw

    rng = random.Random(seed)
    img = Image.new("RGB", (480, 270), "white")
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, 479, 269), outline=(60, 60, 60), width=2)
    x = 40
    for _ in range(7):
        h = rng.randint(30, 220)
        colour = tuple(rng.randint(40, 200) for _ in range(3))
        draw.rectangle((x, 250 - h, x + 40, 250), fill=colour)  # type: ignore[arg-type]
        x += 60
    draw.line((30, 250, 460, 250), fill=(0, 0, 0), width=2)
    img.save(path)


# ---------------------------------------------------------------------------------------------
# Typesetter 1: ReportLab


def typeset_reportlab(doc: Document, pdf: Path, work: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import cm
    from reportlab.platypus import (
        BaseDocTemplate,
        Frame,
        FrameBreak,
        Image,
        KeepTogether,
        ListFlowable,
        ListItem,
        NextPageTemplate,
        PageTemplate,
        Paragraph,
        Preformatted,
        Spacer,
        TableStyle,
    )
    from reportlab.platypus import Table as RlTable

    st = doc.style
    body_font = "Times-Roman" if st.serif else "Helvetica"
    bold_font = "Times-Bold" if st.serif else "Helvetica-Bold"
    size = st.size
    base = ParagraphStyle(
        "body", fontName=body_font, fontSize=size, leading=size * 1.25, alignment=TA_JUSTIFY, spaceAfter=size * 0.6
    )
    heads = {
        1: ParagraphStyle(
            "h1", fontName=bold_font, fontSize=size * 1.9, leading=size * 2.3, alignment=TA_CENTER, spaceAfter=size
        ),
        2: ParagraphStyle(
            "h2",
            fontName=bold_font,
            fontSize=size * 1.45,
            leading=size * 1.8,
            spaceBefore=size * 0.9,
            spaceAfter=size * 0.5,
        ),
        3: ParagraphStyle(
            "h3",
            fontName=bold_font,
            fontSize=size * 1.15,
            leading=size * 1.45,
            spaceBefore=size * 0.7,
            spaceAfter=size * 0.4,
        ),
    }
    caption = ParagraphStyle("caption", parent=base, fontSize=size * 0.9, alignment=TA_CENTER, spaceBefore=size * 0.3)
    cell = ParagraphStyle("cell", parent=base, alignment=0, spaceAfter=0, fontSize=size * 0.9, leading=size * 1.1)
    code = ParagraphStyle(
        "code", fontName="Courier", fontSize=size * 0.85, leading=size * 1.05, spaceAfter=size * 0.6, leftIndent=size
    )
    note_style = ParagraphStyle("note", parent=base, fontSize=size * 0.8, leading=size * 0.95)

    width, height = A4
    margin = st.margin_cm * cm
    gap = 0.6 * cm
    notes_room = 3 * cm if any(isinstance(b, Para) and b.note for b in doc.blocks) else 0
    col_w = (width - 2 * margin - gap * (doc.columns - 1)) / doc.columns
    title_h = 2.6 * cm

    def columns(top: float, tag: str) -> list[Frame]:
        return [
            Frame(
                margin + i * (col_w + gap),
                margin + notes_room,
                col_w,
                top - margin - notes_room,
                id=f"{tag}{i}",
                leftPadding=0,
                rightPadding=0,
            )
            for i in range(doc.columns)
        ]

    notes = [b for b in doc.blocks if isinstance(b, Para) and b.note]

    def furniture(canvas, template) -> None:  # type: ignore[no-untyped-def]
        canvas.saveState()
        canvas.setFont(body_font, size * 0.85)
        page = canvas.getPageNumber()
        canvas.drawCentredString(width / 2, margin * 0.5, str(page))
        if page > 1:
            canvas.drawString(margin, height - margin * 0.6, doc.short_title)
            canvas.line(margin, height - margin * 0.6 - 3, width - margin, height - margin * 0.6 - 3)
        canvas.restoreState()

    def footnotes(canvas, template) -> None:  # type: ignore[no-untyped-def]
        # Drawn when the page's body is done, as typesetters do (LaTeX's output routine too).
        if notes and canvas.getPageNumber() == 1:  # footnote documents are one page (checked)
            canvas.saveState()
            y = margin + notes_room - 0.4 * cm
            canvas.line(margin, y + 0.2 * cm, margin + 4 * cm, y + 0.2 * cm)
            for p in notes:
                para = Paragraph(f"<super>{p.note_number}</super> {p.note}", note_style)
                _, h = para.wrap(width - 2 * margin, notes_room)
                para.drawOn(canvas, margin, y - h)
                y -= h + 2
            canvas.restoreState()

    top = height - margin
    first = [Frame(margin, top - title_h, width - 2 * margin, title_h, id="title"), *columns(top - title_h, "c")]
    template = BaseDocTemplate(str(pdf), pagesize=A4, title=doc.title, author="pdfcore benchmark")
    template.addPageTemplates(
        [
            PageTemplate(id="first", frames=first, onPage=furniture, onPageEnd=footnotes),
            PageTemplate(id="later", frames=columns(top, "l"), onPage=furniture, onPageEnd=footnotes),
        ]
    )

    def items(its: Sequence[Item], ordered: bool) -> ListFlowable:
        flow = []
        for it in its:
            parts: list = [Paragraph(it.text, base)]  # type: ignore[type-arg]
            if it.children:
                parts.append(items(it.children, it.ordered_children))
            flow.append(ListItem(parts))
        return ListFlowable(
            flow,
            bulletType="1" if ordered else "bullet",
            start=None if ordered else "•",
            bulletFormat="%s." if ordered else None,
            bulletFontName=body_font,
            bulletFontSize=size,
            leftIndent=size * 1.6,
        )

    story: list = [NextPageTemplate("later")]  # type: ignore[type-arg]
    for block in doc.blocks:
        if isinstance(block, Heading):
            story.append(Paragraph(block.text, heads[block.level]))
            if block.level == 1:
                story.append(FrameBreak())
        elif isinstance(block, Para):
            text = _para_text(block, f"<super>{block.note_number}</super>")
            story.append(Paragraph(text, base))
        elif isinstance(block, ListBlock):
            story.append(items(block.items, block.ordered))
            story.append(Spacer(1, size * 0.5))
        elif isinstance(block, Table):
            grid = [[Paragraph(c.text, cell) for c in _full_row(block, r)] for r in range(len(block.rows))]
            style = [("VALIGN", (0, 0), (-1, -1), "TOP")]
            for r, c, cs, rs in _span_positions(block):
                style.append(("SPAN", (c, r), (c + cs - 1, r + rs - 1)))
            if block.ruled:
                style.append(("GRID", (0, 0), (-1, -1), 0.5, colors.black))
            table = RlTable(
                grid, colWidths=[col_w / block.width] * block.width, style=TableStyle(style), hAlign="CENTER"
            )
            story.append(KeepTogether([Paragraph(block.caption, caption), Spacer(1, 3), table]))
            story.append(Spacer(1, size))
        elif isinstance(block, Figure):
            png = work / f"figure-{block.seed}.png"
            figure_png(block.seed, png)
            w = min(col_w, 10 * cm)
            story.append(
                KeepTogether([Image(str(png), width=w, height=w * 270 / 480), Paragraph(block.caption, caption)])
            )
            story.append(Spacer(1, size * 0.5))
        elif isinstance(block, Code):
            story.append(Preformatted("\n".join(block.lines), code))
    template.build(story)


def _full_row(t: Table, r: int) -> list[Cell]:
    """Row ``r`` on the full grid: covered positions hold empty cells."""
    grid = _grid(t)
    return [cell if cell is not None else Cell("") for cell in grid[r]]


def _grid(t: Table) -> list[list[Cell | None]]:
    grid: list[list[Cell | None]] = [[None] * t.width for _ in t.rows]
    taken = [[False] * t.width for _ in t.rows]
    for r, row in enumerate(t.rows):
        c = 0
        for cell in row:
            while taken[r][c]:
                c += 1
            grid[r][c] = cell
            for dr in range(cell.rowspan):
                for dc in range(cell.colspan):
                    taken[r + dr][c + dc] = True
            c += cell.colspan
    return grid


def _span_positions(t: Table) -> Iterator[tuple[int, int, int, int]]:
    for r, row in enumerate(_grid(t)):
        for c, cell in enumerate(row):
            if cell is not None and (cell.colspan > 1 or cell.rowspan > 1):
                yield r, c, cell.colspan, cell.rowspan


# ---------------------------------------------------------------------------------------------
# Typesetter 2: LaTeX


def _tex(text: str) -> str:
    return text  # the generated words, numbers and punctuation need no escaping (checked below)


_TEX_SPECIAL = re.compile(r"[\\{}$&#^_%~]")


def latex_source(doc: Document, work: Path) -> str:
    st = doc.style
    fonts = {
        "": "",
        "lmodern": "\\usepackage{lmodern}",
        "lmsans": "\\usepackage{lmodern}\\renewcommand{\\familydefault}{\\sfdefault}",
    }
    size_opt = "11pt" if st.size >= 10.5 else "10pt"
    lines = [
        f"\\documentclass[{size_opt},a4paper]{{article}}",
        # Type 1 fonts with a ToUnicode map for every glyph (ligatures too), as a TeX distribution
        # with its usual fonts writes them (EC fonts without cm-super would be Type 3 bitmaps).
        "\\input{glyphtounicode}\\pdfgentounicode=1",
        "\\usepackage[T1]{fontenc}" if st.latex_font else "",
        fonts[st.latex_font],
        f"\\usepackage[margin={st.margin_cm}cm]{{geometry}}",
        "\\usepackage{graphicx}",
        "\\usepackage{multicol}",
        "\\usepackage{fancyhdr}",
        "\\pagestyle{fancy}\\fancyhf{}",
        f"\\fancyhead[L]{{\\ifnum\\value{{page}}>1 {doc.short_title}\\fi}}",
        "\\fancyfoot[C]{\\thepage}",
        "\\renewcommand{\\headrulewidth}{0pt}",
        "\\setlength{\\parindent}{0pt}\\setlength{\\parskip}{0.5em}",
        "\\renewcommand{\\labelenumii}{\\arabic{enumii}.}",  # nested items numbered as in the truth
        "\\begin{document}",
        "\\thispagestyle{plain}",
    ]
    body: list[str] = []
    for block in doc.blocks:
        if isinstance(block, Heading):
            if block.level == 1:
                lines.append(f"\\begin{{center}}{{\\LARGE\\bfseries {_tex(block.text)}\\par}}\\end{{center}}")
                if doc.columns > 1:
                    lines.append(f"\\begin{{multicols}}{{{doc.columns}}}")
                continue
            command = "section" if block.level == 2 else "subsection"
            body.append(f"\\{command}*{{{_tex(block.text)}}}")
        elif isinstance(block, Para):
            if block.note:
                body.append(_para_text(block, f"\\footnote{{{_tex(block.note)}}}"))
            else:
                body.append(_tex(block.text))
        elif isinstance(block, ListBlock):
            body.append(_tex_list(block.items, block.ordered))
        elif isinstance(block, Table):
            body.append(_tex_table(block, doc.columns))
        elif isinstance(block, Figure):
            png = work / f"figure-{block.seed}.png"
            figure_png(block.seed, png)
            width = "0.95\\linewidth" if doc.columns > 1 else "0.6\\linewidth"
            body.append(
                f"\\begin{{center}}\\includegraphics[width={width}]{{{png.name}}}\\par\\vspace{{0.3em}}"
                f"{{\\small {_tex(block.caption)}}}\\end{{center}}"
            )
        elif isinstance(block, Code):
            body.append("\\begin{verbatim}\n" + "\n".join(block.lines) + "\n\\end{verbatim}")
    lines.extend(body)
    if doc.columns > 1:
        lines.append("\\end{multicols}")
    lines.append("\\end{document}")
    source = "\n\n".join(line for line in lines if line)
    for block in doc.blocks:  # the content itself never holds a character TeX would read as markup
        for text in _texts(block):
            if _TEX_SPECIAL.search(text):
                raise ValueError(f"{doc.name}: TeX special character in {text!r}")
    return source


def _texts(block: Block) -> Iterator[str]:
    if isinstance(block, Heading | Figure):
        yield block.text if isinstance(block, Heading) else block.caption
    elif isinstance(block, Para):
        yield block.text
        yield block.note
    elif isinstance(block, ListBlock):
        stack = list(block.items)
        while stack:
            item = stack.pop()
            yield item.text
            stack.extend(item.children)
    elif isinstance(block, Table):
        yield block.caption
        for row in block.rows:
            yield from (c.text for c in row)


def _tex_list(items: Sequence[Item], ordered: bool) -> str:
    env = "enumerate" if ordered else "itemize"
    out = [f"\\begin{{{env}}}"]
    for it in items:
        out.append(f"\\item {_tex(it.text)}")
        if it.children:
            out.append(_tex_list(it.children, it.ordered_children))
    out.append(f"\\end{{{env}}}")
    return "\n".join(out)


def _tex_table(t: Table, columns: int) -> str:
    bar = "|" if t.ruled else ""
    width = "0.9\\linewidth" if columns > 1 else "0.8\\linewidth"
    spec = bar + bar.join([f"p{{\\dimexpr {width}/{t.width}-2\\tabcolsep\\relax}}"] * t.width) + bar
    grid = _grid(t)
    rows = []
    for r, row in enumerate(grid):
        cells = []
        c = 0
        while c < t.width:
            cell = row[c]
            if cell is None:  # covered by a cell spanning from above: an empty slot
                cells.append("")
                c += 1
                continue
            text = _tex(cell.text)
            if cell.colspan > 1:
                text = f"\\multicolumn{{{cell.colspan}}}{{{bar}c{bar}}}{{{text}}}"
            cells.append(text)
            c += cell.colspan
        line = " & ".join(cells) + " \\\\"
        if t.ruled:
            # A rule under the row, except below the cells that span further down.
            open_cols = [c for c in range(t.width) if _covers_below(grid, r, c)]
            if open_cols:
                ranges = [c for c in range(t.width) if c not in open_cols]
                line += " " + " ".join(f"\\cline{{{c + 1}-{c + 1}}}" for c in ranges)
            else:
                line += " \\hline"
        rows.append(line)
    top = "\\hline\n" if t.ruled else ""
    return (
        f"\\begin{{center}}{{\\small {_tex(t.caption)}}}\\par\\vspace{{0.4em}}\n"
        f"{{\\small\\begin{{tabular}}{{{spec}}}\n{top}" + "\n".join(rows) + "\n\\end{tabular}}\\end{center}"
    )


def _covers_below(grid: list[list[Cell | None]], r: int, c: int) -> bool:
    """Whether a cell spanning rows covers (r+1, c)."""
    for rr in range(r + 1):
        for cc in range(c + 1):
            cell = grid[rr][cc]
            if cell is not None and rr + cell.rowspan > r + 1 and cc <= c < cc + cell.colspan:
                return True
    return False


def typeset_latex(doc: Document, pdf: Path, work: Path) -> None:
    tex = work / f"{doc.name}.tex"
    tex.write_text(latex_source(doc, work))
    for _ in range(2):  # fancyhdr settles on the second run
        run = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.name],
            cwd=work,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if run.returncode != 0:
            raise RuntimeError(f"pdflatex failed on {doc.name}: {run.stdout[-2000:]}")
    shutil.copyfile(work / f"{doc.name}.pdf", pdf)


# ---------------------------------------------------------------------------------------------
# The set, cached on disk

TYPESETTERS = {"reportlab": typeset_reportlab, "latex": typeset_latex}


@dataclass
class Generated:
    name: str  # kind-seed-typesetter
    kind: str
    typesetter: str
    held_out: bool
    pdf: Path
    truth: str
    features: tuple[str, ...]
    pages: int = 0
    extra: dict[str, str] = field(default_factory=dict)


def _page_count(pdf: Path) -> int:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        return len(document)
    finally:
        document.close()


def latex_available() -> bool:
    return shutil.which("pdflatex") is not None


def generate(cache: Path, *, held_out: bool, typesetters: Sequence[str]) -> list[Generated]:
    """The documents of one set, typeset by each of ``typesetters``; a PDF is made again only
    when its document, its typesetter or this generator changed (the key is a hash of them)."""
    cache.mkdir(parents=True, exist_ok=True)
    out = []
    for doc in documents(held_out):
        truth = to_markdown(doc)
        for name in typesetters:
            key = hashlib.sha256(
                json.dumps([GENERATOR_VERSION, name, asdict(doc)], sort_keys=True, default=str).encode()
            ).hexdigest()[:16]
            pdf = cache / f"{doc.name}-{name}-{key}.pdf"
            if not pdf.exists():
                with tempfile.TemporaryDirectory(prefix="structure-doc-") as tmp:
                    scratch = Path(tmp) / "out.pdf"
                    TYPESETTERS[name](doc, scratch, Path(tmp))
                    shutil.move(str(scratch), pdf)
            pages = _page_count(pdf)
            if doc.one_page and pages != 1:
                raise RuntimeError(f"{pdf.name}: a footnote document must fit on one page (has {pages})")
            (cache / f"{doc.name}.md").write_text(truth)
            out.append(Generated(f"{doc.name}-{name}", doc.kind, name, held_out, pdf, truth, doc.features, pages))
    return out


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Typeset the structure benchmark's ground-truth documents.")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / ".structure-docs")
    parser.add_argument("--held-out", action="store_true")
    parser.add_argument("--typesetter", action="append", choices=sorted(TYPESETTERS))
    args = parser.parse_args()
    for g in generate(args.out, held_out=args.held_out, typesetters=args.typesetter or sorted(TYPESETTERS)):
        print(f"{g.pdf}\t{g.pages} pages\t{','.join(g.features)}")


if __name__ == "__main__":
    main()
