"""A file modified while it is being read answers ``file_changed``; an answer never mixes two
versions of a file, and the next call reads the new version."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import FileChanged
from tests.pdfgen import simple_document


def _v2(n_pages: int, tmp: Path) -> bytes:
    other = simple_document(tmp / "v2-source.pdf", n_pages, words=("CHANGED",) * n_pages)
    return other.read_bytes()


def _rewrite(path: Path, data: bytes) -> None:
    """Rewrite in place (same inode, as an editor saving over it would) with a later mtime."""
    before = path.stat()
    with open(path, "r+b") as fh:
        fh.write(data)
        fh.truncate()
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 2_000_000_000))


@pytest.fixture(params=["process", "none"])
def core(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache"), "PDFCORE_ISOLATION": request.param}
    c = pdfcore.build(load_settings(env=env), fetcher=None)
    yield c
    c.close()


def _facts_only(core: Any, pdf: Path, n_pages: int) -> None:
    """Version 1's facts cached, and the file open in the engine, as an earlier call leaves them
    (no pages yet: pages already cached are of version 1 and are served consistently)."""
    facts, _ = core.documents.facts(core.open(str(pdf)))
    assert facts.page_count == n_pages


def _after_facts(core: Any, action: Any) -> None:
    """Run ``action`` right after the next document-facts lookup (between facts and pages): a
    full lookup, or the cache-only one a first render makes before rendering without facts."""
    documents = core.documents
    originals = {name: getattr(documents, name) for name in ("facts", "known_facts")}

    def wrap(name: str) -> Any:
        def wrapped(source: Any) -> Any:
            out = originals[name](source)
            for n, fn in originals.items():
                setattr(documents, n, fn)
            action()
            return out

        return wrapped

    for name in originals:
        setattr(documents, name, wrap(name))


def test_change_between_facts_and_pages_read(core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "d.pdf", 3)
    _facts_only(core, pdf, 3)
    _after_facts(core, lambda: _rewrite(pdf, _v2(3, tmp_path)))
    with pytest.raises(FileChanged):
        core.read_pages(str(pdf), "2")
    again = core.read_pages(str(pdf), "2")  # the next call reads the new version
    assert "CHANGED" in again.pages[0].text


def test_change_between_facts_and_render(core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "d.pdf", 2)
    assert core.render_pages(str(pdf), "1", dpi=72).pages_rendered == (1,)
    _after_facts(core, lambda: _rewrite(pdf, _v2(2, tmp_path)))
    with pytest.raises(FileChanged):
        core.render_pages(str(pdf), "2", dpi=72)
    assert core.render_pages(str(pdf), "2", dpi=72).pages_rendered == (2,)


def test_change_before_facts(core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "d.pdf", 2)
    source = core.open(str(pdf))
    _rewrite(pdf, _v2(2, tmp_path))
    with pytest.raises(FileChanged):
        core.documents.facts(source)


def test_change_during_a_multi_page_read_never_mixes_versions(core: Any, tmp_path: Path) -> None:
    n = 12
    pdf = simple_document(tmp_path / "d.pdf", n)
    _facts_only(core, pdf, n)
    extractor = core.documents.extractor
    extract = extractor.extract
    v2 = _v2(n, tmp_path)

    def changing(source: Any, pages: Any) -> Iterator[Any]:
        for i, page in enumerate(extract(source, pages)):
            if i == 0:
                _rewrite(pdf, v2)
            yield page

    extractor.extract = changing
    try:
        try:
            result = core.read_pages(str(pdf), f"1-{n}")
        except FileChanged:
            pass
        else:  # pages extracted (in parallel) before the change may all come back: all version 1
            assert not any("CHANGED" in p.text for p in result.pages)
            assert [p.page for p in result.pages] == list(range(1, n + 1))
    finally:
        extractor.extract = extract
    after = core.read_pages(str(pdf), f"1-{n}")
    assert all("CHANGED" in p.text for p in after.pages)


def test_replaced_by_a_different_file(core: Any, tmp_path: Path) -> None:
    """Saving by rename (a new inode at the same path) is a change too."""
    pdf = simple_document(tmp_path / "d.pdf", 2)
    _facts_only(core, pdf, 2)

    def replace() -> None:
        tmp = tmp_path / "new.pdf"
        tmp.write_bytes(_v2(2, tmp_path))
        st = pdf.stat()
        os.utime(tmp, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))
        os.replace(tmp, pdf)

    _after_facts(core, replace)
    with pytest.raises(FileChanged):
        core.read_pages(str(pdf), "1")
