"""Search hits in form values, link targets and annotation texts, labelled with their origin."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import InvalidArgument
from pdfcore.serde import unstructure
from pdfcore.services.extras_search import ORIGINS, search_extras
from tests import extrasgen as g
from tests.fakes.fake_extras import like_extras_document, like_xfa_document
from tests.fakes.fake_text import FakeDocument
from tests.unit.test_extras_service import PAGES, build


@pytest.fixture
def ctx(tmp_path: Path) -> Any:
    core, extras, paths = build(
        tmp_path,
        {"inv.pdf": (PAGES, like_extras_document()), "x.pdf": (FakeDocument([g.PLACEHOLDER]), like_xfa_document())},
    )
    src = core.open(paths["inv.pdf"])
    facts, _ = core.documents.facts(src)
    yield core, extras, src, facts, paths
    core.close()


def test_form_values_are_found(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    (hit,) = core.services.document_search.search_extras(src, facts, "acme")
    assert hit.origin == "form_field" and hit.name == "customer" and hit.page == 1
    assert "ACME Corporation" in hit.excerpt and hit.match_count == 1
    assert hit.bbox is not None and hit.clip is not None and hit.page_rect is not None


def test_password_values_are_never_searchable(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    assert core.services.document_search.search_extras(src, facts, "hunter2") == ()


def test_link_targets_are_found(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    (hit,) = core.services.document_search.search_extras(src, facts, "example.com")
    assert (hit.origin, hit.uri, hit.page) == ("link", g.LINK_URI, 1)
    (goto,) = core.services.document_search.search_extras(src, facts, '"second page"')
    assert goto.origin == "link" and goto.target_page == 2


def test_annotation_texts_are_found_and_hidden_ones_flagged(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    (note,) = core.services.document_search.search_extras(src, facts, "total amount")
    assert note.origin == "annotation" and note.name == "Text" and note.hidden is None
    (hidden,) = core.services.document_search.search_extras(src, facts, "nobody")
    assert hidden.hidden is True
    (mark,) = core.services.document_search.search_extras(src, facts, "thirty days")
    assert mark.name == "Highlight"


def test_every_term_must_match_unless_relaxed(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    assert core.services.document_search.search_extras(src, facts, "acme zebra") == ()
    relaxed = core.services.document_search.search_extras(src, facts, "acme zebra", require_all=False)
    assert [h.name for h in relaxed] == ["customer"]


def test_words_match_at_word_starts(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    assert core.services.document_search.search_extras(src, facts, "corporat")  # a prefix of "Corporation"
    assert core.services.document_search.search_extras(src, facts, "orporation") == ()


def test_regex_mode(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    hits = core.services.document_search.search_extras(src, facts, r"https?://\S+", mode="regex")
    assert [h.origin for h in hits] == ["link"]
    with pytest.raises(InvalidArgument):
        core.services.document_search.search_extras(src, facts, "([", mode="regex")


def test_pages_restrict_the_search(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    assert core.services.document_search.search_extras(src, facts, "delivery", pages=[1])[0].page == 2
    assert core.services.document_search.search_extras(src, facts, "acme", pages=[1]) == ()


def test_xfa_data_values_have_no_page(ctx: Any) -> None:
    core, _, _, _, paths = ctx
    src = core.open(paths["x.pdf"])
    facts, _ = core.documents.facts(src)
    (hit,) = core.services.document_search.search_extras(src, facts, "jane")
    assert hit.origin == "form_field" and hit.page is None and hit.name == "form1.applicant"
    assert unstructure(hit)["page"] is None


def test_matches_are_ranked_and_labelled(ctx: Any) -> None:
    core, _, src, facts, _ = ctx
    hits = search_extras(core.services.extras, src, facts, "reviewer", max_results=10)
    assert hits and all(h.origin in ORIGINS for h in hits)
    assert [h.page for h in hits] == sorted(h.page for h in hits)  # equal scores: page order
