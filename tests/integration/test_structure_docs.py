"""The structure benchmark's ground-truth documents: each typesetting prints exactly the words of
its Markdown truth, plus the running heads and page numbers the truth leaves out."""

from __future__ import annotations

import re
import shutil
import sys
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import structure_docs as sd
import structure_metrics as sm

TYPESETTERS = [
    "reportlab",
    pytest.param("latex", marks=pytest.mark.skipif(not sd.latex_available(), reason="no pdflatex")),
]


def _words(text: str) -> Counter[str]:
    return Counter(re.findall(r"[A-Za-z]+|\d+", text))


def _truth_words(markdown: str) -> Counter[str]:
    text = re.sub(r"<[^>]+>", " ", sm.prepare(markdown))  # table markup
    text = re.sub(r"^#+ |^```|\|-+", " ", text, flags=re.MULTILINE)  # list numbers are printed
    return _words(text)


@pytest.mark.parametrize("typesetter", TYPESETTERS)
@pytest.mark.parametrize("kind", ["tables", "manual"])
def test_pdf_prints_the_truth(tmp_path: Path, typesetter: str, kind: str) -> None:
    doc = sd.build_document(kind, 1, held_out=False)
    pdf = tmp_path / "doc.pdf"
    sd.TYPESETTERS[typesetter](doc, pdf, tmp_path)
    document = pdfium.PdfDocument(str(pdf))
    pages = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    printed = _words(" ".join(pages))
    truth = _truth_words(sd.to_markdown(doc))
    # Nothing of the truth is missing (footnote markers are printed glued to their word).
    missing = truth - printed
    assert not missing or all(w.isdigit() or w.rstrip("0123456789") in printed for w in missing), missing
    extra = printed - truth
    furniture = _words(doc.short_title) + Counter(str(n) for n in range(1, len(pages) + 1))
    allowed = furniture + Counter({w: 99 for w in printed if w.rstrip("0123456789") in truth})
    assert not (extra - allowed), extra - allowed
    assert kind != "manual" or len(pages) == 1


def test_truth_is_normalised_markdown() -> None:
    doc = sd.build_document("tables", 1, held_out=False)
    md = sd.to_markdown(doc)
    assert md.count("<table>") == 1  # the spanning table; the others are pipe tables
    assert len(re.findall(r"^\|---\|", md, flags=re.MULTILINE)) == 2
    assert [h.level for h in sm.headings(md)] == [1, 2, 2, 2]
    assert sd.to_markdown(sd.build_document("tables", 1, held_out=False)) == md  # reproducible


def test_held_out_documents_differ_from_dev() -> None:
    dev = {sd.to_markdown(d) for d in sd.documents(held_out=False)}
    held = [sd.to_markdown(d) for d in sd.documents(held_out=True)]
    assert not dev & set(held)
    assert not set(sd.DEV_WORDS) & set(sd.HELD_OUT_WORDS)


def test_pdflatex_is_found_when_installed() -> None:
    assert sd.latex_available() == (shutil.which("pdflatex") is not None)


@pytest.mark.corpus
def test_tagged_truth_reads_the_structure_tree(corpus: Path) -> None:
    import structure_tagged as tagged

    path = corpus / "pdfplumber/pdfs/pdf_structure.pdf"
    assert tagged.is_tagged(path)
    assert "pdfplumber/pdfs/pdf_structure.pdf" in tagged.candidates(corpus)
    truth = tagged.read_truth(path)
    assert [(h.level, h.text) for h in sm.headings(truth.markdown)][:2] == [(1, "Titre 1"), (2, "Titre 2")]
    assert truth.tables == 1 and "<table>" in truth.markdown
    assert "Encore du contenu!" in truth.markdown
    lines = truth.markdown.split("\n")
    assert "2. Énumération 2" in lines and "  a) Énumération imbriquée" in lines  # nested under its item
    assert not tagged.is_tagged(corpus / "pdfplumber/pdfs/hello_structure.pdf")


def test_benchmark_reads_and_scores_pdfcore(tmp_path: Path) -> None:
    """The benchmark's pdfcore path on one typeset document: the text baseline, and the Markdown
    as soon as ``format="markdown"`` exists, both scored."""
    import bench_structure as bench

    source = sd.build_document("newsletter", 1, held_out=False)
    pdf = tmp_path / "newsletter.pdf"
    sd.typeset_reportlab(source, pdf, tmp_path)
    pages = len(pdfium.PdfDocument(str(pdf)))
    doc = bench.Doc("dev", source.name, pdf, sd.to_markdown(source), pages, source.features)
    support = bench.markdown_support()
    bench.pdfcore_outputs([doc], support)
    assert set(doc.outputs) == {"pdfcore-text", *(["pdfcore-markdown"] if support["format"] else [])}
    scores = sm.score(doc.truth, doc.outputs["pdfcore-text"])
    assert scores["nid"] is not None and scores["nid"] > 0.9  # 3 columns read in order
    assert scores["mhs"] == 0.0  # plain text has no headings
