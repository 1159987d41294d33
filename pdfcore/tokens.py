"""How many tokens a text costs an LLM, estimated without a tokenizer.

A linear model over counts that take one pass each in C: whitespace-separated chunks, ASCII
characters other than spaces, non-ASCII characters of 2 and of 3+ bytes in UTF-8 (accented and
Cyrillic/Greek/Arabic letters; CJK, typographic quotes and dashes), digits (numbers split into
short runs) and newlines. The weights were fitted by least squares on the relative error against
the mean of two real BPE tokenizers (OpenAI's cl100k_base and o200k_base, from the
``bpe-openai`` package, offline) over every page with text of the corpus
(``benchmarks/bench_tokens.py``; 1,822 pages). On pages of 50 tokens or more the estimate is
within 5.7 % of either tokenizer for half of the pages and within 21 % for nine in ten (the former
``chars / 4``: 17 % and 45 %); see docs/benchmarks.md, "Token estimate". Other tokenizers
(Anthropic's, Gemini's) are not public: expect the same order of error, not the same error.
"""

from __future__ import annotations

import functools

#: Weights of the estimate (benchmarks/bench_tokens.py prints a fresh fit).
W_CHUNK = 0.7228
W_ASCII = 0.0911
W_NONASCII_2 = 0.7457
W_NONASCII_3 = 1.0384
W_DIGIT = 0.6796
W_NEWLINE = 0.9745
_DIGITS = "0123456789"


def features(text: str) -> tuple[int, int, int, int, int, int]:
    """(chunks, ASCII non-space characters, 2-byte and 3+-byte non-ASCII characters, digits,
    newlines) of ``text``."""
    n = len(text)
    if text.isascii():
        ascii_n, two, three = n, 0, 0
    else:
        ascii_n = len(text.encode("ascii", "ignore"))
        extra = len(text.encode("utf-8", "surrogatepass")) - ascii_n  # bytes of the non-ASCII characters
        three = max(0, extra - 2 * (n - ascii_n))
        two = (n - ascii_n) - three
    newlines = text.count("\n")
    spaces = text.count(" ") + newlines + text.count("\t")
    digits = sum(map(text.count, _DIGITS))
    return len(text.split()), ascii_n - spaces, two, three, digits, newlines


@functools.lru_cache(maxsize=16_384)
def estimate_tokens(text: str) -> int:
    """The estimated token count of ``text`` (0 for an empty text). Cached by text: a page read
    again costs a dictionary lookup."""
    if not text:
        return 0
    chunks, ascii_n, two, three, digits, newlines = features(text)
    estimate = (
        W_CHUNK * chunks
        + W_ASCII * ascii_n
        + W_NONASCII_2 * two
        + W_NONASCII_3 * three
        + W_DIGIT * digits
        + W_NEWLINE * newlines
    )
    return max(1, round(estimate))


def chars_for_tokens(text: str, tokens: int) -> int:
    """How many leading characters of ``text`` fit in ``tokens`` (proportionally, at the text's own
    rate)."""
    total = estimate_tokens(text)
    if total <= tokens:
        return len(text)
    return max(0, int(len(text) * tokens / total))
