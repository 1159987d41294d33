"""The token estimate (no tokenizer) against real BPE tokenizers on texts of the kinds the
corpus holds (prose, figures, accented Latin, CJK), and its character conversion. Kinds the
corpus barely has are off by more (documented in docs/benchmarks.md: Cyrillic about +70 %,
source code about -30 %)."""

from __future__ import annotations

import pytest

from pdfcore.tokens import chars_for_tokens, estimate_tokens

TEXTS = {
    "english": "The quick brown fox jumps over the lazy dog near the riverbank while the sun sets. " * 20,
    "numbers": "Revenue 2023: 1,234,567.89 USD; 2024: 2,345,678.90 USD (+90.1 %). Table 4.2, p. 117.\n" * 15,
    "cjk": "日本語の文章を読むためのテストです。漢字とひらがなとカタカナが混ざっています。" * 12,
    "accents": "Élève, naïve façade, déjà vu: über Straße, señor, São Paulo — “quoted” – dashes. " * 15,
}


def test_empty_and_tiny_texts() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("a") == 1
    assert estimate_tokens(" ") == 1


@pytest.mark.parametrize("kind", sorted(TEXTS))
def test_within_a_quarter_of_real_tokenizers(kind: str) -> None:
    bpe_openai = pytest.importorskip("bpe_openai")  # the dev extra; its encodings ship in the package
    text = TEXTS[kind]
    truth = [len(bpe_openai.get_encoding(name).encode(text)) for name in ("cl100k_base", "o200k_base")]
    mean = sum(truth) / 2
    assert abs(estimate_tokens(text) - mean) / mean < 0.25, (kind, estimate_tokens(text), truth)


def test_characters_for_a_token_budget() -> None:
    text = TEXTS["english"]
    total = estimate_tokens(text)
    assert chars_for_tokens(text, total) == len(text) == chars_for_tokens(text, total + 10)
    half = chars_for_tokens(text, total // 2)
    assert 0 < half < len(text)
    assert abs(estimate_tokens(text[:half]) - total // 2) <= total * 0.1
    assert chars_for_tokens(text, 0) == 0
