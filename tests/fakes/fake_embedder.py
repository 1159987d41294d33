"""A deterministic Embedder: hashed bag of word stems, L2-normalised (word overlap = similarity)."""

from __future__ import annotations

import math
import re
import threading
import zlib

import numpy as np

from pdfcore.errors import BackendUnavailable
from pdfcore.models import Embeddings
from ports.embedder import Embedder

_WORD = re.compile(r"\w+")
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "in",
        "is",
        "it",
        "of",
        "on",
        "or",
        "the",
        "to",
        "with",
    ]
)


class FakeEmbedder(Embedder):
    name = "fake"

    def __init__(self, dimension: int = 64, *, available: bool = True) -> None:
        self.model_name = "fake-bow"
        self.vector_space = f"fake/{dimension}"
        self.dimension = dimension
        self.available = available
        self.calls = 0
        self.texts_embedded = 0

    def check(self) -> None:
        if not self.available:
            raise BackendUnavailable("the fake embedder is switched off")

    def embed(self, texts: list[str]) -> Embeddings:
        self.check()
        self.calls += 1
        self.texts_embedded += len(texts)
        out = np.zeros((len(texts), self.dimension), dtype="<f4")
        for i, t in enumerate(texts):
            for w in _WORD.findall(t.lower()):
                if w in _STOP:
                    continue
                out[i, zlib.crc32(w[:5].encode()) % self.dimension] += 1.0
            norm = math.sqrt(float((out[i] ** 2).sum()))
            if norm:
                out[i] /= norm
        return Embeddings(dimension=self.dimension, count=len(texts), data=out.tobytes())


class GatedEmbedder(FakeEmbedder):
    """The fake embedder, except that each ``embed`` call of more than one text waits for a
    pass: ``allow(n)`` lets n calls through, ``open()`` lets every call through. Stands for a
    slow model; a query (one text) is not held."""

    def __init__(self, dimension: int = 64) -> None:
        super().__init__(dimension)
        self._passes = threading.Semaphore(0)
        self._open = threading.Event()
        self.waiting = threading.Event()  # a call is waiting for a pass
        self.batches: list[list[str]] = []

    def allow(self, n: int = 1) -> None:
        for _ in range(n):
            self._passes.release()

    def open(self) -> None:
        self._open.set()
        self.allow(1000)

    def embed(self, texts: list[str]) -> Embeddings:
        if len(texts) > 1 and not self._open.is_set():
            self.waiting.set()
            self._passes.acquire()
            self.waiting.clear()
        self.batches.append(list(texts))
        return super().embed(texts)
