"""A BERT sentence encoder as an ONNX graph, written from its safetensors weights (no torch).

The graph is the model sentence-transformers runs for all-MiniLM-L6-v2 and its kin (a BERT
encoder, mean pooling over the tokens, L2 normalisation), built node by node with
``onnx.helper`` from the weights a pip package ships, so exporting needs neither torch nor a
network. Its one input is ``input_ids`` (int64, batch x tokens), each row one whole text and
no padding: the embedder runs each text alone (a batch of texts of equal token counts would
be valid too). With no padding there is no attention mask, so neither the attention nor the
pooling spends work on one. Its output ``embeddings`` (float32, batch x hidden) is unit
length.

Self-attention is ONNX Runtime's fused CPU operator (``com.microsoft`` ``Attention``, which its
dynamic quantisation turns into ``QAttention``); the feed-forward activation is its
``BiasGelu`` (the exact, erf-based GELU). Residual sums and layer norms are the standard
operators (measured: faster here than the fused ``SkipLayerNormalization``). :func:`export`
writes the float graph, quantises its weights to int8 (per output channel), and moves the
result into place atomically.

The float graph matches sentence-transformers' vectors to cosine 0.99999 on real chunks; the
int8 one to about 0.994 (see ``benchmarks/bench_embed.py``). Measured and left out: batches of
texts sorted by length and padded (slower, and the int8 activations are quantised over the
whole batch, so a text's vector would depend on its neighbours), ONNX Runtime's
``MultiHeadAttention`` (no faster), the attention spelt out in standard operators
(slower), the tanh GELU (no faster), and per-tensor weight scales (cosine 0.95).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

#: Bumped when the graph or its quantisation changes: the cached file's name carries it, and so
#: does the name of the vectors made with it (``OnnxEmbedder.vector_space``). 2: no attention
#: mask (one unpadded text per row).
GRAPH_VERSION = 2

_MS = "com.microsoft"


class ExportError(Exception):
    """The weights could not be read or turned into a graph."""


def bert_config(model_dir: Path) -> dict[str, Any]:
    """The model's configuration, after checking it is a model this graph reproduces."""
    try:
        cfg: dict[str, Any] = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ExportError(f"{model_dir} has no readable config.json") from exc
    if cfg.get("model_type") != "bert" or cfg.get("position_embedding_type", "absolute") != "absolute":
        raise ExportError(f"{model_dir} is not a BERT model with absolute positions")
    if cfg.get("hidden_act", "gelu") != "gelu":
        raise ExportError(f"{model_dir} uses the activation {cfg.get('hidden_act')!r}, not gelu")
    pooling = model_dir / "1_Pooling" / "config.json"
    if pooling.exists():
        pool = json.loads(pooling.read_text(encoding="utf-8"))
        others = ("pooling_mode_cls_token", "pooling_mode_max_tokens", "pooling_mode_mean_sqrt_len_tokens")
        if not pool.get("pooling_mode_mean_tokens") or any(pool.get(k) for k in others):
            raise ExportError(f"{model_dir} pools otherwise than by the mean of its tokens")
    return cfg


def max_tokens(model_dir: Path, cfg: dict[str, Any]) -> int:
    """Tokens per text (the rest is cut), as sentence-transformers reads them."""
    limit = int(cfg.get("max_position_embeddings", 512))
    st = model_dir / "sentence_bert_config.json"
    if st.exists():
        limit = min(limit, int(json.loads(st.read_text(encoding="utf-8")).get("max_seq_length", limit)))
    return limit


def _weights(model_dir: Path) -> dict[str, Any]:
    from safetensors.numpy import load_file

    path = model_dir / "model.safetensors"
    if not path.exists():
        raise ExportError(f"{model_dir} has no model.safetensors")
    raw = load_file(str(path))
    # Some checkpoints prefix the encoder's names with "bert."
    return {k.removeprefix("bert."): v for k, v in raw.items()}


def build_graph(model_dir: Path) -> Any:
    """The float32 ONNX model of the sentence encoder in ``model_dir``."""
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    cfg = bert_config(model_dir)
    w = _weights(model_dir)
    hidden = int(cfg["hidden_size"])
    heads = int(cfg["num_attention_heads"])
    eps = float(cfg.get("layer_norm_eps", 1e-12))

    inits: list[Any] = []
    nodes: list[Any] = []
    typed: list[Any] = []  # the fused operators' outputs, which ONNX shape inference cannot see

    def const(name: str, array: Any) -> str:
        inits.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def weight(key: str) -> Any:
        if key not in w:
            raise ExportError(f"{model_dir} lacks the weight {key}")
        return w[key].astype(np.float32)

    def node(op: str, inputs: list[str], output: str, *, domain: str = "", width: int = 0, **attrs: Any) -> str:
        nodes.append(helper.make_node(op, inputs, [output], name=output, domain=domain or None, **attrs))
        if domain:
            typed.append(helper.make_tensor_value_info(output, TensorProto.FLOAT, ["batch", "tokens", width]))
        return output

    def layer_norm(value: str, prefix: str, name: str) -> str:
        gamma = const(name + "_g", weight(prefix + "LayerNorm.weight"))
        beta = const(name + "_b", weight(prefix + "LayerNorm.bias"))
        return node("LayerNormalization", [value, gamma, beta], name, axis=-1, epsilon=eps)

    def dense(value: str, prefix: str, name: str) -> str:
        product = node("MatMul", [value, const(name + "_w", weight(prefix + "dense.weight").T)], name + "_mm")
        return node("Add", [product, const(name + "_bias", weight(prefix + "dense.bias"))], name)

    # Embeddings: word + position + token type 0 (every text is one segment), then LayerNorm.
    word = node(
        "Gather", [const("word_embeddings", weight("embeddings.word_embeddings.weight")), "input_ids"], "emb_word"
    )
    seq = node("Shape", ["input_ids"], "seq_len", start=1, end=2)
    positions = const("position_embeddings", weight("embeddings.position_embeddings.weight"))
    zero, axis0 = const("zero", np.array([0], dtype=np.int64)), const("axis0", np.array([0], dtype=np.int64))
    pos = node("Slice", [positions, zero, seq, axis0], "emb_pos")
    x = node("Add", [word, pos], "emb_sum")
    x = node("Add", [x, const("segment_embedding", weight("embeddings.token_type_embeddings.weight")[0])], "emb_seg")
    x = layer_norm(x, "embeddings.", "emb_ln")

    for i in range(int(cfg["num_hidden_layers"])):
        p = f"encoder.layer.{i}."
        names = ("query", "key", "value")
        qkv_w = np.concatenate([weight(p + f"attention.self.{n}.weight").T for n in names], axis=1)
        qkv_b = np.concatenate([weight(p + f"attention.self.{n}.bias") for n in names])
        attn = node(
            "Attention",
            [x, const(f"l{i}_qkv_w", qkv_w), const(f"l{i}_qkv_b", qkv_b)],
            f"l{i}_attention",
            domain=_MS,
            width=hidden,
            num_heads=heads,
        )
        attn = dense(attn, p + "attention.output.", f"l{i}_attn_out")
        x = layer_norm(node("Add", [attn, x], f"l{i}_attn_res"), p + "attention.output.", f"l{i}_attn_ln")
        inter = node("MatMul", [x, const(f"l{i}_inter_w", weight(p + "intermediate.dense.weight").T)], f"l{i}_inter")
        inter = node(
            "BiasGelu",
            [inter, const(f"l{i}_inter_b", weight(p + "intermediate.dense.bias"))],
            f"l{i}_gelu",
            domain=_MS,
            width=int(cfg["intermediate_size"]),
        )
        out = dense(inter, p + "output.", f"l{i}_out")
        x = layer_norm(node("Add", [out, x], f"l{i}_out_res"), p + "output.", f"l{i}_out_ln")

    # Mean over the tokens (every one is the text's: no padding), then unit length.
    mean = node("ReduceMean", [x, const("axis1", np.array([1], dtype=np.int64))], "mean", keepdims=0)
    norm = node("ReduceL2", [mean, const("axis1_norm", np.array([1], dtype=np.int64))], "norm", keepdims=1)
    norm = node("Max", [norm, const("tiny_norm", np.array(1e-12, dtype=np.float32))], "norm_min")
    node("Div", [mean, norm], "embeddings")

    graph = helper.make_graph(
        nodes,
        "sentence_encoder",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"]),
        ],
        [helper.make_tensor_value_info("embeddings", TensorProto.FLOAT, ["batch", hidden])],
        inits,
        value_info=typed,
    )
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", 18), helper.make_opsetid(_MS, 1)],
        producer_name="pdfcore",
        producer_version=str(GRAPH_VERSION),
    )
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def export(model_dir: Path, target: Path, *, quantize: bool = True, float_target: Path | None = None) -> Path:
    """Write the encoder of ``model_dir`` to ``target``, its weights int8 unless told otherwise,
    and the float graph it was quantised from to ``float_target`` when given.

    Each file appears whole or not at all (written beside ``target``, then renamed), so a
    process reading the cache never sees half of it."""
    import logging

    import onnx

    model = build_graph(model_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".export-") as tmp:
        float_path = Path(tmp) / "float.onnx"
        onnx.save(model, str(float_path))
        out = float_path
        if quantize:
            from onnxruntime.quantization import QuantType, quantize_dynamic

            out = Path(tmp) / "int8.onnx"
            quiet = logging.getLogger()  # the quantiser logs advice on the root logger
            level = quiet.level
            quiet.setLevel(max(level, logging.ERROR))
            try:
                quantize_dynamic(
                    str(float_path),
                    str(out),
                    op_types_to_quantize=["MatMul", "Attention"],
                    weight_type=QuantType.QInt8,
                    per_channel=True,
                )
            finally:
                quiet.setLevel(level)
        if float_target is not None and out != float_path:
            os.replace(float_path, float_target)
        os.replace(out, target)
    return target


def export_in_child(model_dir: Path, target: Path, *, float_target: Path | None = None, timeout: float = 900.0) -> Path:
    """:func:`export` in a child interpreter: the quantiser is Python-heavy and would hold this
    process's GIL for tens of seconds (the calls being answered meanwhile would crawl). The
    child writes nothing to this process's stdout (the MCP wire); its error comes back as an
    :class:`ExportError`. A child left running when this process exits still finishes the file
    (renamed into place whole), for the next process to load."""
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "adapters._bert_onnx", str(model_dir), str(target)]
    if float_target is not None:
        cmd.append(str(float_target))
    # The child imports this very package, wherever it was imported from here.
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join([here, *filter(None, [env.get("PYTHONPATH")])])
    try:
        done = subprocess.run(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=timeout,
            check=False,
            env=env,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ExportError(f"writing the graph failed ({type(exc).__name__})") from exc
    if done.returncode != 0 or not target.exists() or (float_target is not None and not float_target.exists()):
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ExportError(
            lines[-1].removeprefix("ExportError: ") if lines else f"the exporter exited with {done.returncode}"
        )
    return target


def _main(argv: list[str]) -> int:
    import sys

    try:
        export(Path(argv[0]), Path(argv[1]), float_target=Path(argv[2]) if len(argv) > 2 else None)
    except ExportError as exc:
        sys.stderr.write(f"ExportError: {exc}\n")
        return 2
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(_main(sys.argv[1:]))
