"""The table engine builds the one page it reads, from a walk of the page tree made once per
document and only as far as the pages asked for, not every page of the document: the same page
(content, inherited attributes) as pdfplumber's own walk, on nested trees, flat trees and trees
whose counts are wrong, whatever the order the pages are asked in."""

from __future__ import annotations

import zlib
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters._plumber_pages import page_at, page_refs, walk_of
from pdfcore.errors import PageOutOfRange
from tests.pdfgen import assemble

# A page tree as nested lists: an int is a page (its number), a list a /Pages node. A node is
# a (kids, attributes) pair when it carries inheritable attributes.
Tree = list[object]


def _write(
    path: Path,
    tree: Tree,
    *,
    root_attrs: str = "/MediaBox [0 0 300 400]",
    wrong_count: bool = False,
    off_by: dict[int, int] | None = None,
) -> Path:
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")

    def node(kids: Tree, attrs: str, parent: int | None) -> tuple[int, int]:
        me = add(b"")
        refs: list[int] = []
        count = 0
        for kid in kids:
            if isinstance(kid, int):
                text = f"BT /F1 12 Tf 40 300 Td (Page number {kid}) Tj ET".encode()
                stream = zlib.compress(text)
                content = add(
                    b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream"
                )
                refs.append(
                    add(
                        f"<< /Type /Page /Parent {me} 0 R /Resources << /Font << /F1 {font} 0 R >> >> "
                        f"/Contents {content} 0 R >>".encode()
                    )
                )
                count += 1
            else:
                sub, sub_attrs = kid if isinstance(kid, tuple) else (kid, "")
                ref, n = node(sub, sub_attrs, me)
                refs.append(ref)
                count += n
        shown = count + 1 if wrong_count else count + (off_by or {}).get(me, 0)
        up = f" /Parent {parent} 0 R" if parent else ""
        objects[me - 1] = (
            f"<< /Type /Pages{up} /Kids [{' '.join(f'{r} 0 R' for r in refs)}] /Count {shown} {attrs} >>".encode()
        )
        return me, count

    root, _ = node(tree, root_attrs, None)
    catalog = add(f"<< /Type /Catalog /Pages {root} 0 R >>".encode())
    path.write_bytes(assemble(objects, root=catalog))
    return path


NESTED: Tree = [[1, 2], 3, ([[4], 5, 6], "/Rotate 90 /MediaBox [0 0 500 200]"), [[[7]]], 8]


def _same_pages(path: Path, expected: int) -> None:
    with pdfplumber.open(path) as walked, pdfplumber.open(path) as direct:
        assert len(walked.pages) == expected
        for i, want in enumerate(walked.pages):
            got = page_at(direct, i)
            assert got.extract_text() == want.extract_text()
            assert " ".join(got.extract_text().split()) == f"Page number {i + 1}"
            assert (got.width, got.height, got.rotation) == (want.width, want.height, want.rotation)
            assert got.page_obj.pageid == want.page_obj.pageid
        assert "_pages" not in vars(direct)  # no page was built but the ones asked for


def test_pages_of_a_nested_tree_with_inherited_attributes(tmp_path: Path) -> None:
    _same_pages(_write(tmp_path / "nested.pdf", NESTED), 8)
    with pdfplumber.open(tmp_path / "nested.pdf") as pdf:
        assert page_at(pdf, 4).rotation == 90  # inherited from its grandparent
        from pdfminer.pdfpage import PDFPage

        walked = [(p.pageid, p.attrs) for p in PDFPage.create_pages(pdf.doc)]
        assert page_refs(pdf.doc) == walked


def test_the_tree_is_walked_only_as_far_as_the_pages_asked_for(tmp_path: Path) -> None:
    path = _write(tmp_path / "nested.pdf", NESTED)
    with pdfplumber.open(path) as walked, pdfplumber.open(path) as direct:
        want = [p.page_obj.pageid for p in walked.pages]
        assert page_at(direct, 1).page_obj.pageid == want[1]
        walk = walk_of(direct)
        assert walk is not None and len(walk.refs) == 2  # pages 1 and 2: the rest is not read yet
        assert page_at(direct, 5).page_obj.pageid == want[5]
        assert len(walk.refs) == 6
        assert page_at(direct, 0).page_obj.pageid == want[0]  # from the walk made, not walked again
        assert len(walk.refs) == 6
        with pytest.raises(PageOutOfRange) as err:
            page_at(direct, 9)
        assert err.value.details == {"page_count": 8}
        assert [page_at(direct, i).page_obj.pageid for i in range(7, -1, -1)] == want[::-1]


def test_pages_of_a_flat_tree(tmp_path: Path) -> None:
    _same_pages(_write(tmp_path / "flat.pdf", list(range(1, 13))), 12)


def test_wrong_counts_do_not_matter(tmp_path: Path) -> None:
    path = _write(tmp_path / "wrong.pdf", NESTED, wrong_count=True)
    with pdfplumber.open(path) as walked, pdfplumber.open(path) as direct:
        for i, want in enumerate(walked.pages):
            assert page_at(direct, i).extract_text() == want.extract_text()


def test_counts_left_stale_by_a_removed_page_do_not_shift_the_pages(tmp_path: Path) -> None:
    """A page removed from a subtree whose count (and its parent's) was not lowered: the counts
    agree with each other but not with the pages; the pages after it are still found."""
    path = _write(tmp_path / "stale.pdf", [[1, 2], 3, 4], off_by={2: 1, 3: 1})  # the root, then its first kid
    with pdfplumber.open(path) as walked, pdfplumber.open(path) as direct:
        assert len(walked.pages) == 4
        for i, want in enumerate(walked.pages):
            assert page_at(direct, i).page_obj.pageid == want.page_obj.pageid


def test_a_page_past_the_end_is_out_of_range(tmp_path: Path) -> None:
    path = _write(tmp_path / "nested.pdf", NESTED)
    with pdfplumber.open(path) as pdf:
        assert len(page_refs(pdf.doc) or []) == 8
        with pytest.raises(PageOutOfRange):
            page_at(pdf, 8)


def _numbered(shape: object, start: list[int]) -> Tree:
    """``shape`` (nested lists of None) with its leaves numbered in order from ``start[0]``."""
    out: Tree = []
    for item in shape if isinstance(shape, list) else []:
        if isinstance(item, list):
            out.append(_numbered(item, start))
        else:
            start[0] += 1
            out.append(start[0])
    return out


_SHAPES = st.recursive(
    st.lists(st.none(), min_size=1, max_size=4),
    lambda kids: st.lists(st.none() | kids, min_size=1, max_size=4),
    max_leaves=14,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shape=_SHAPES, errors=st.dictionaries(st.integers(2, 40), st.integers(-2, 2), max_size=3))
def test_any_page_tree_gives_the_page_pdfplumber_walks_to(
    tmp_path: Path, shape: object, errors: dict[int, int]
) -> None:
    """Whatever the tree's shape and whichever counts are wrong, page i is the i-th page of
    pdfplumber's own walk."""
    tree = _numbered(shape, [0])
    if not any(isinstance(t, int) for t in _leaves(tree)):
        return
    path = _write(tmp_path / "t.pdf", tree, off_by=errors)
    with pdfplumber.open(path) as walked, pdfplumber.open(path) as direct, pdfplumber.open(path) as backwards:
        for i, want in enumerate(walked.pages):
            assert page_at(direct, i).page_obj.pageid == want.page_obj.pageid
        with pytest.raises(PageOutOfRange):
            page_at(direct, len(walked.pages))
        n = len(walked.pages)
        for i in [n - 1, *range(n - 2, -1, -1)]:  # the last page first: the whole walk at once
            assert page_at(backwards, i).page_obj.pageid == walked.pages[i].page_obj.pageid


def _leaves(tree: Tree) -> list[object]:
    out: list[object] = []
    for item in tree:
        out.extend(_leaves(item) if isinstance(item, list) else [item])
    return out


def _objects_parsed(monkeypatch: pytest.MonkeyPatch, pdf: pdfplumber.PDF) -> list[int]:
    """The object numbers pdfminer parses from here on (its cache of parsed objects aside)."""
    parsed: list[int] = []
    doc = pdf.doc
    original = type(doc)._getobj_parse

    def counted(self: object, pos: int, objid: int) -> object:
        parsed.append(objid)
        return original(self, pos, objid)  # type: ignore[arg-type]

    monkeypatch.setattr(type(doc), "_getobj_parse", counted)
    return parsed


def test_the_pages_passed_on_the_way_are_not_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk to page 40 of a flat tree tells the 39 pages before it by their bytes: it parses
    the tree's node and page 40 only, and page 40 is pdfplumber's own; a page told by its bytes
    is parsed when it is asked for, with the attributes it inherits."""
    path = _write(tmp_path / "flat.pdf", list(range(1, 51)), root_attrs="/MediaBox [0 0 300 400] /Rotate 90")
    with pdfplumber.open(path) as walked, pdfplumber.open(path) as direct:
        want = [p.page_obj.pageid for p in walked.pages]
        parsed = _objects_parsed(monkeypatch, direct)
        page = page_at(direct, 39)
        assert page.page_obj.pageid == want[39]
        pages_parsed = [n for n in parsed if n in want]
        assert pages_parsed == [want[39]]
        assert page_at(direct, 3).page_obj.pageid == want[3]
        assert page_at(direct, 3).rotation == 90
        assert " ".join(page_at(direct, 3).extract_text().split()) == "Page number 4"


def test_a_dictionary_is_told_a_page_by_its_own_type_only(tmp_path: Path) -> None:
    """Bytes that name /Type /Page elsewhere than as the dictionary's own type (in a string, a
    comment, a dictionary inside it), or a node with kids, are not told: they are parsed."""
    from adapters._plumber_pages import _told_page

    bodies = [
        b"<< /Type /Page /Parent 9 0 R /MediaBox [0 0 10 10] >>",  # a page: told
        b"<< /Note (/Type /Page) >>",
        b"<< /X << /Type /Page >> >>",
        b"<< /Type /Page % /Type /Page\n>>",
        b"<< /Type /Pages /Kids [] /Count 0 >>",
        b"<< /Type /Page /Kids [] >>",
        b"<< /Type /Page /Id <4142> >>",
        b"[ /Type /Page ]",
    ]
    catalog = b"<< /Type /Catalog /Pages 10 0 R >>"
    objects = [*bodies, catalog, b"<< /Type /Pages /Kids [1 0 R] /Count 1 >>"]
    path = tmp_path / "bodies.pdf"
    path.write_bytes(assemble(objects, root=len(bodies) + 1))
    with pdfplumber.open(path) as pdf:
        told = [_told_page(pdf.doc, n) for n in range(1, len(bodies) + 1)]
    assert told == [True] + [False] * (len(bodies) - 1)


def test_a_page_its_bytes_told_wrong_makes_the_walk_start_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the bytes tell a page that is none (a font among the kids, which pdfplumber's walk
    passes over), asking for it makes the walk start again, parsing every node: from then on
    each page is the one pdfplumber's walk finds."""
    import adapters._plumber_pages as walking

    page = b"<< /Type /Page /Parent 5 0 R /MediaBox [0 0 300 400] >>"
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
    kids = b"<< /Type /Pages /Kids [1 0 R 2 0 R 3 0 R 4 0 R] /Count 3 >>"
    objects = [page, font, page, page, kids, b"<< /Type /Catalog /Pages 5 0 R >>"]
    path = tmp_path / "font_among_kids.pdf"
    path.write_bytes(assemble(objects, root=6))
    real = walking._told_page
    monkeypatch.setattr(walking, "_told_page", lambda doc, objid: objid == 2 or real(doc, objid))
    with pdfplumber.open(path) as walked, pdfplumber.open(path) as direct:
        want = [p.page_obj.pageid for p in walked.pages]
        assert want == [1, 3, 4]
        page_at(direct, 2)  # the font counted as a page on the way
        assert page_at(direct, 1).page_obj.pageid == want[1]  # the font asked for: found out
        assert [page_at(direct, i).page_obj.pageid for i in range(3)] == want
        with pytest.raises(PageOutOfRange):
            page_at(direct, 3)
