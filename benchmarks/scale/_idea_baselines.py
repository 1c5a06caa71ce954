"""The two retrieval baselines idea_worlds.py sets beside Limma, at the same number of passages.

- BM25: the `bm25s` package over the parts' words (its English stop words, no stemmer), the
  idea's question as the query.
- The embedded sentence model alone (limma/embeddings.py): all-MiniLM-L6-v2 as int8 ONNX,
  numpy cosine of each passage to the question. Nothing is downloaded.

BM25 is a benchmark dependency (requirements-bench.txt); the model is the application's own.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from limma.embeddings import MiniLm
from limma.embeddings import model as embedded


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


class Embeddings:
    """Cosine similarity of each passage to a query, the passages embedded once."""

    def __init__(self, passages: Sequence[str], model: MiniLm | None = None) -> None:
        self.model = model or embedded()
        self.vectors = self.model.embed(passages)

    def scores(self, query: str) -> np.ndarray:
        return (self.vectors @ self.model.embed([query])[0]).astype(np.float64)
