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


def best_thresholds(
    scored: list[tuple[np.ndarray, np.ndarray, np.ndarray]], floor: float = 0.6
) -> dict[str, tuple[float, float] | None]:
    """One threshold over every idea of a world, swept: the recall and precision at the best F1,
    and the highest recall whose precision reaches `floor` (None when no threshold does).

    `scored` holds, per idea, each part's score, the planted sentences the part holds for the
    idea and whether it holds any; a part at or above the threshold is matched.
    """
    scores = np.concatenate([s for s, _, _ in scored])
    found = np.concatenate([f for _, f, _ in scored]).astype(np.float64)
    right = np.concatenate([r for _, _, r in scored]).astype(np.float64)
    expected = found.sum()
    order = np.argsort(-scores, kind="stable")
    recall = np.cumsum(found[order]) / expected
    precision = np.cumsum(right[order]) / np.arange(1, len(order) + 1)
    # Only cut where the score changes: a threshold matches every part of equal score.
    ends = np.r_[np.nonzero(np.diff(scores[order]))[0], len(order) - 1]
    recall, precision = recall[ends], precision[ends]
    with np.errstate(invalid="ignore", divide="ignore"):
        f1 = np.where(recall + precision > 0, 2 * recall * precision / (recall + precision), 0)
    best = int(np.argmax(f1))
    reaching = np.nonzero(precision >= floor)[0]
    at_floor = int(reaching[np.argmax(recall[reaching])]) if len(reaching) else None
    return {
        "best_f1": (float(recall[best]), float(precision[best])),
        "at_floor": None
        if at_floor is None
        else (float(recall[at_floor]), float(precision[at_floor])),
    }
