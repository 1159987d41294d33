"""Quote verification on real documents: 50 sentences sampled from corpus pages are found exact on
their page; the same sentences with one word changed are fuzzy (not exact), with a number or a
name changed a mismatch; 50 invented sentences are not found."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from pdfcore.services.quote_text import normalize
from pdfcore.services.quotes import FUZZY_THRESHOLD
from tests.conftest import CORPUS, corpus_dir

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

#: Text-rich documents of the corpus: a two-column paper, a paper, a report, an encyclopedia article.
DOCUMENTS = (
    "pdfjs/tracemonkey.pdf",
    "uda-benchmark/paper_docs/1705.07830.pdf",
    "pdf-mcp/sdist/pages/corpus/nist-router-security.pdf",
    "uda-benchmark/wiki_nq_docs/pdfs/Oklahoma.pdf",
)
SAMPLES = 50
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_REPLACEMENTS = ("marmalade", "xylophone", "lantern", "pebble", "velvet", "orchard", "compass", "saffron")
_VOCABULARY = [
    "azure",
    "giraffe",
    "negotiates",
    "seventeen",
    "porcelain",
    "treaties",
    "quietly",
    "beneath",
    "a",
    "sleepy",
    "volcano",
    "while",
    "marmalade",
    "xylophone",
    "lantern",
    "pebble",
    "velvet",
    "orchard",
    "compass",
    "saffron",
    "whispers",
    "umbrella",
]


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, list[tuple[str, int, str]]]]:
    corpus_dir()
    import pdfcore
    from pdfcore.config import load_settings

    tmp = tmp_path_factory.mktemp("quotes")
    cfg = tmp / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(
        load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp / "cache")}), fetcher=None
    )
    candidates: list[tuple[str, int, str]] = []
    for rel in DOCUMENTS:
        path = str(CORPUS / rel)
        src = core.open(path)
        facts, _ = core.documents.facts(src)
        pages = core.documents.pages(src, list(range(facts.page_count)), facts).pages
        normalized = [normalize(pages[i].text) for i in sorted(pages)]
        for i in sorted(pages):
            for sentence in _SENTENCE_END.split(pages[i].text):
                sentence = " ".join(sentence.split())
                words = sentence.split()
                if not 12 <= len(words) <= 35 or any(ch.isdigit() for ch in sentence):
                    continue
                if sum(ch.isalpha() for ch in sentence) < 0.8 * len(sentence):
                    continue
                norm = normalize(sentence)
                # once in the whole document, so "the right page" is well defined
                if sum(n.count(norm) for n in normalized) == 1:
                    candidates.append((path, i + 1, sentence))
    rng = random.Random(20240601)
    chosen = rng.sample(candidates, SAMPLES)
    yield core, chosen
    core.close()


def _pages_of(result: Any) -> set[int]:
    return {result.page, *(m.page for m in result.also_found or ())}


def test_sampled_sentences_are_exact_on_their_page(setup: Any) -> None:
    core, chosen = setup
    assert len({path for path, _, _ in chosen}) >= 3  # the sample spans several documents
    for path, page, sentence in chosen:
        r = core.verify_quote(path, sentence)
        assert r.status == "exact", (path, page, sentence, r.status, r.score)
        assert page in _pages_of(r), (path, page, sentence, r.page)
        assert r.score == 1.0 and r.bbox is not None and r.clip is not None
        text = core.read_pages(path, str(r.page)).pages[0].text
        assert normalize(text[r.start : r.end]) == normalize(sentence)


def test_one_changed_word_is_fuzzy_not_exact(setup: Any) -> None:
    core, chosen = setup
    rng = random.Random(7)
    for path, page, sentence in chosen:
        words = sentence.split()
        # a common word (a changed number or name is a mismatch: the test below)
        spots = [
            k for k, w in enumerate(words) if w.isalpha() and w.islower() and len(w) >= 4 and 2 <= k < len(words) - 2
        ]
        k = rng.choice(spots) if spots else len(words) // 2
        replacement = rng.choice([w for w in _REPLACEMENTS if w != words[k].lower()])
        changed = " ".join([*words[:k], replacement, *words[k + 1 :]])
        r = core.verify_quote(path, changed)
        assert r.status == "fuzzy", (path, page, changed, r.status, r.score)
        assert FUZZY_THRESHOLD <= r.score < 1.0
        assert r.page == page, (path, page, changed, r.page)


def test_a_changed_number_or_name_is_a_mismatch_whatever_the_score(setup: Any) -> None:
    """ "May" for "June", 1929 for 1928, one name for another: one word, a high similarity, yet
    not what the document says."""
    core, chosen = setup
    tried = 0
    for path, page, sentence in chosen:
        words = sentence.split()
        spots = [
            k
            for k, w in enumerate(words)
            if k >= 1
            and (w.isdigit() or (w.isalpha() and w[0].isupper() and len(w) >= 3 and w != "The"))
            and not words[k - 1].endswith((".", ":", "?", "!"))
        ]
        if not spots:
            continue
        k = spots[len(spots) // 2]
        replacement = str(int(words[k]) + 1) if words[k].isdigit() else "Marmaduke"
        changed = " ".join([*words[:k], replacement, *words[k + 1 :]])
        r = core.verify_quote(path, changed)
        tried += 1
        assert r.status == "mismatch", (path, page, changed, r.status, r.score)
        assert r.page == page and r.score >= FUZZY_THRESHOLD and r.matched_text
        assert any(d.quote == replacement for d in r.differences or ()), r.differences
        assert "Not verified" in (r.note or "")
    assert tried >= 15


def test_invented_sentences_are_not_found(setup: Any) -> None:
    core, chosen = setup
    rng = random.Random(11)
    for k in range(SAMPLES):
        path = chosen[k % len(chosen)][0]
        invented = " ".join(rng.choice(_VOCABULARY) for _ in range(rng.randint(10, 20))).capitalize() + "."
        r = core.verify_quote(path, invented)
        assert r.status == "not_found", (path, invented, r.score)
        assert r.score < FUZZY_THRESHOLD and r.page is None
