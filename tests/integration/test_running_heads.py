"""Running heads and feet of a real book are taken out of the page text on every path: pages read
by number, a cold read_all loop, the search index and a corpus warm-up (freeculture.pdf: the
foot ``NN FREE CULTURE`` on even pages, sometimes right after a word broken across the page)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.corpus

BOOK = "pdfjs/freeculture.pdf"
PAGES = 352
#: The running foot of the book's even pages ("22 FREE CULTURE"); the title pages carry the
#: title alone.
FOOT = re.compile(r"\d+\s+FREE CULTURE|FREE CULTURE\s+\d+")
HEADER = re.compile(r"^--- page (\d+)(?: \(label [^)]*\))? ---\n", re.MULTILINE)


def _read_pages(core: Any, path: Path) -> dict[int, str]:
    texts: dict[int, str] = {}
    for first in range(1, PAGES + 1, 20):
        spec = f"{first}-{min(PAGES, first + 19)}"
        for p in core.read_pages(str(path), spec, max_chars=10**7, max_chars_per_page=10**6).pages:
            texts[p.page] = p.text
    return texts


def _read_all(core: Any, path: Path) -> dict[int, str]:
    texts: dict[int, str] = {}
    start: int | None = 1
    while start is not None:
        r = core.read_all(str(path), start_page=start, max_pages=500)
        parts = HEADER.split(r.full_text)
        for k in range(1, len(parts), 2):
            texts[int(parts[k])] = parts[k + 1].rstrip("\n")
        start = r.next_page
    return texts


def _check(texts: dict[int, str], *, joined: bool = False) -> None:
    assert sorted(texts) == list(range(1, PAGES + 1))
    with_foot = [n for n, t in texts.items() if FOOT.search(t)]
    assert with_foot == [], with_foot[:20]
    # p. 36 ends inside a word the content stream continues with the running foot; the pages'
    # own texts keep it broken, a read_all loop writes it whole on p. 36
    if joined:
        assert texts[36].endswith("Steamboat Willie is a direct"), texts[36][-80:]
        assert texts[37].startswith("cartoon parody of Steamboat Bill"), texts[37][:80]
    else:
        assert texts[36].endswith("Steamboat Willie is a di-"), texts[36][-80:]
        assert texts[37].startswith("rect cartoon parody"), texts[37][:80]


def test_pages_read_by_number_have_no_running_foot(core: Any, corpus: Path) -> None:
    _check(_read_pages(core, corpus / BOOK))


def test_a_cold_read_all_loop_has_no_running_foot(core: Any, corpus: Path) -> None:
    texts = _read_all(core, corpus / BOOK)
    _check(texts, joined=True)
    # the same text as pages read by number afterwards (from the cache), but for the word
    # read_all writes whole on the page it starts on
    again = _read_pages(core, corpus / BOOK)
    differ = {n for n in texts if again[n].rstrip() != texts[n].rstrip()}
    assert {36, 37} <= differ and all(n - 1 in differ or n + 1 in differ for n in differ)
    for n in differ:  # the same words, but the broken one moved up
        assert again[n].endswith("-") or texts[n - 1] != again[n - 1], n


# --------------------------------------------------------------------------------------------
# The word and the sentence the break between pp. 36 and 37 cut, on every path

STEAMBOAT = (
    "The coincidence of titles is not coincidental. Steamboat Willie is a direct cartoon parody of "
    "Steamboat Bill, and both are built upon a common song as a source."
)


def test_keyword_search_indexes_without_running_feet_and_across_the_break(core: Any, corpus: Path) -> None:
    path = str(corpus / BOOK)
    r = core.search(path, '"direct cartoon parody"', mode="keyword")
    assert [(m.page, m.end_page) for m in r.matches] == [(36, 37)]
    assert "a direct cartoon parody of Steamboat Bill" in r.matches[0].excerpt
    # the running foot of the even pages is not in the index
    feet = core.search(path, '"FREE CULTURE"', mode="keyword", max_results=100)
    assert feet.total_matches < 100 and "36" not in feet.page_match_counts  # 176 pages carry the foot


def test_the_steamboat_sentence_verifies_exactly_across_the_break(core: Any, corpus: Path) -> None:
    r = core.verify_quote(str(corpus / BOOK), STEAMBOAT)
    assert (r.status, r.page, r.end_page) == ("exact", 36, 37)
    assert r.matched_text.startswith("The coincidence of titles") and r.matched_text.endswith("as a source.")


def test_a_corpus_warm_up_and_search_read_the_book_as_every_other_path(core: Any, corpus: Path, tmp_path: Path) -> None:
    folder = tmp_path / "books"
    folder.mkdir()
    (folder / "freeculture.pdf").write_bytes((corpus / BOOK).read_bytes())
    warmed = core.corpus_warm(str(folder), budget_seconds=600)
    assert warmed.warmed_this_call == 1 and not warmed.unprocessed
    found = core.corpus_search(str(folder), '"direct cartoon parody"', mode="keyword")
    assert [(m.page, m.end_page) for m in found.matches] == [(36, 37)]
    texts = _read_pages(core, folder / "freeculture.pdf")  # from the cache the warm-up filled
    _check(texts)
