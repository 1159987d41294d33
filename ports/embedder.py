"""Embedder: text to unit vectors."""

from __future__ import annotations

from typing import Protocol

from pdfcore.models import Embeddings


class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors.

    Contract:

    - ``model_name`` names the model; ``dimension`` its vector size.
    - ``vector_space`` names what its vectors are: the backend, the model, and the version of
      the backend's graph or numerics. Vectors are stored under it, and vectors of another
      space are never scored against these (two backends of one model differ slightly).
    - ``embed(texts)`` returns one vector per text in order, batched internally.
    - ``embed_query(text)`` returns the vector a search scores the stored vectors against, in
      their space; an adapter whose stored vectors trade precision for speed may make it at full
      precision (one text a search). Query vectors are never stored. By default ``embed([text])``.
    - Loads its model lazily and offline (never from a network hub); ``check()`` raises
      ``backend_unavailable`` naming the fix when the model cannot be loaded.
    - Thread-safe.

    Errors that may escape: ``backend_unavailable``.
    """

    model_name: str
    dimension: int
    vector_space: str

    def check(self) -> None: ...

    def embed(self, texts: list[str]) -> Embeddings: ...

    def embed_query(self, text: str) -> Embeddings:
        return self.embed([text])
