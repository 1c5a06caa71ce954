"""The retrieval baseline the console runs beside the agent: the top-k passages of the same
documents by BM25 (`bm25s`), and by the embedded sentence model (limma/embeddings.py).

A passage is one stored sentence, with its exact offsets, of the documents the console's key may
read (limma.access.readable_documents: the same documents the agent's tools see). BM25 is not
a product dependency (requirements-bench.txt): without `bm25s` its baseline says so instead of
ranking.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from limma.access import readable_documents
from limma.models import ApiKey, Sentence

BM25, MINILM = "bm25", "minilm"
EMBEDDED_KEPT = 50_000  # vectors kept per process, by the passage's own text
NOT_INSTALLED = "bm25s is not installed (pip install -r requirements-bench.txt)"


@dataclass(frozen=True)
class Passage:
    source_id: str
    char_start: int
    char_end: int
    text: str
    entity_name: str

    def json(self, score: float) -> dict[str, Any]:
        return {
            "source_id": self.source_id,
            "char_start": self.char_start,
            "char_end": self.char_end,
            "text": self.text,
            "entity_name": self.entity_name,
            "score": round(score, 4),
        }


def passages(key: ApiKey) -> list[Passage]:
    """Every sentence of every document `key` may read, in a stable order."""
    sentences = (
        Sentence.objects.filter(document__in=readable_documents(key))
        .select_related("document__entity")
        .order_by("document_id", "char_start")
    )
    found = []
    for sentence in sentences:
        document = sentence.document
        text = document.text[sentence.char_start : sentence.char_end]
        if text.strip():
            name = document.entity.display_name if document.entity else ""
            found.append(
                Passage(document.source_id, sentence.char_start, sentence.char_end, text, name)
            )
    return found


def bm25_top(question: str, corpus: list[Passage], k: int) -> dict[str, Any]:
    """The top-k passages by BM25, or why there are none."""
    try:
        import bm25s
    except ImportError:
        return {"method": BM25, "available": False, "reason": NOT_INSTALLED, "passages": []}
    if not corpus or not question.strip():
        return {"method": BM25, "available": True, "passages": []}
    retriever = bm25s.BM25()
    tokens = bm25s.tokenize([p.text for p in corpus], stopwords="en", show_progress=False)
    retriever.index(tokens, show_progress=False)
    query = bm25s.tokenize([question], stopwords="en", show_progress=False)
    found, scores = retriever.retrieve(query, k=min(k, len(corpus)), show_progress=False)
    ranked = [
        corpus[int(index)].json(float(score))
        for index, score in zip(found[0], scores[0], strict=True)
        if float(score) > 0
    ]
    return {"method": BM25, "available": True, "passages": ranked}


_vectors: dict[str, Any] = {}


def minilm_top(question: str, corpus: list[Passage], k: int) -> dict[str, Any]:
    """The top-k passages by cosine to the question under all-MiniLM-L6-v2."""
    import numpy as np

    from limma.embeddings import model as embedded

    model = embedded()
    if not corpus or not question.strip():
        return {"method": MINILM, "available": True, "passages": []}
    missing = sorted({p.text for p in corpus} - set(_vectors))
    if len(_vectors) + len(missing) > EMBEDDED_KEPT:
        _vectors.clear()
        missing = sorted({p.text for p in corpus})
    _vectors.update(zip(missing, model.embed(missing), strict=True))
    matrix = np.vstack([_vectors[p.text] for p in corpus])
    scores = matrix @ model.embed([question])[0]
    order = np.lexsort((np.arange(len(scores)), -scores))[:k]
    ranked = [corpus[int(i)].json(float(scores[int(i)])) for i in order]
    return {"method": MINILM, "available": True, "passages": ranked}


def baselines(question: str, key: ApiKey, k: int) -> list[dict[str, Any]]:
    """Every baseline, each with its top-k passages: BM25 (or why not), and the embedded
    sentence model."""
    corpus = passages(key)
    return [bm25_top(question, corpus, k), minilm_top(question, corpus, k)]
