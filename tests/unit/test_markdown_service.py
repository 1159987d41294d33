"""The Markdown service keeps a page's elements for the page and style they were built from: a
read_all loop asks again for pages it read ahead or counted past its cap."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import pdfcore.services.markdown as markdown_module
from tests.fakes import FakeDocument, fake_core


def test_a_pages_elements_are_built_once_per_page_and_style(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["Alpha one.", "Beta two."])})
    built: list[int] = []
    real = markdown_module.structure.page_structure

    def counting(page, *args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(page.index)
        return real(page, *args, **kwargs)

    monkeypatch.setattr(markdown_module.structure, "page_structure", counting)
    md = core.services.markdown
    source = core.open(str(tmp_path / "a.pdf"))
    facts, _ = core.documents.facts(source)
    style = md.style(source, facts)
    first = core.documents.pages(source, [0], facts).pages[0]
    once = md.structure(source, facts, first, style)
    again = md.structure(source, facts, core.documents.pages(source, [0], facts).pages[0], style)
    assert again is once and built == [0]
    # another version of the page (or another style) is built afresh
    newer = attrs.evolve(core.documents.pages(source, [0], facts).pages[0], text="Alpha one, again.")
    md.structure(source, facts, newer, style)
    md.structure(source, facts, newer, md.style(source, facts, use_structure_tree=False))
    assert built == [0, 0, 0]
    assert md.structure(source, facts, core.documents.pages(source, [1], facts).pages[1], style).index == 1
    core.close()
