"""The order a plan is read in: the documents likeliest to match first, by a cheap proxy.

A read that cannot finish inside its call returns what it judged so far; read in this order,
a partial answer already holds most of the matches. The proxy calls no reading model: how many
of its facets' vocabulary terms a document names (a term under the facet's value: "Europe" is
met by "Germany" or "Deutschland"), how near its sentences come to the conditions' words by the
embedded sentence model (docs/embeddings.md: stored vectors, so only the niche's words are
embedded), and how many of the niche's own words it holds. It decides only the order: every
document of the plan is still read, and each is judged alone, so a complete read finds exactly
what it found in any order — a similarity proposes what to read first, never what matches.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from criteria.types import CONDITION, Facet
from limma.embeddings import texts_embed
from limma.models import Document
from limma.services.vectors import sentence_vectors
from limma.vocabulary import Vocabulary
from limma.vocabulary.folding import fold

WORD = re.compile(r"[^\W\d_]{3,}")
# Words of a niche that say nothing about a document: they are in most of them.
COMMON = frozenset(
    (
        *("and", "the", "for", "with", "from", "into", "over", "under", "than", "that", "this"),
        *("who", "has", "have", "had", "was", "were", "are", "years", "year", "more", "least"),
        *("most", "some", "any", "all", "their", "his", "her", "its", "our", "your", "one"),
    )
)


def niche_words(text: str, facets: Sequence[Facet]) -> frozenset[str]:
    """The niche's words and its facets', folded (no case, no accents), without common ones."""
    also = (name for facet in facets for name in facet.also)
    words = " ".join([text, *(facet.text for facet in facets), *also])
    return frozenset(folded for word in WORD.findall(words) if (folded := fold(word)) not in COMMON)


def proxy_score(
    text: str,
    words: frozenset[str],
    facets: Sequence[Facet],
    vocabulary: Vocabulary,
    folded: dict[str, str] | None = None,
) -> tuple[int, int]:
    """(facets whose vocabulary term the text names, niche words it holds): higher is likelier.

    folded: each word's fold, kept across the documents of a plan (their words repeat)."""
    folded = {} if folded is None else folded
    held = set()
    for word in WORD.findall(text):
        if (each := folded.get(word)) is None:
            each = folded[word] = fold(word)
        held.add(each)
    terms = 0
    for facet in facets:
        if not (facet.value and facet.axis):
            continue
        mentions = vocabulary.find_in(text, axis=facet.axis)
        terms += any(vocabulary.is_under(t, facet.value, axis=facet.axis) for _, _, t in mentions)
    return terms, len(words & held)


def similarity_of(documents: Sequence[Document], facets: Sequence[Facet]) -> dict[int, float]:
    """Per document, how near it comes to the conditions: for each condition the cosine of its
    nearest sentence to the condition's words, averaged over the conditions (rounded to two
    places, so a hair's difference keeps the plan's order)."""
    import numpy as np

    wanted = [facet.core or facet.text for facet in facets if facet.kind == CONDITION]
    if not wanted or len(documents) < 2:
        return {}
    stored = sentence_vectors(document_ids=[document.pk for document in documents])
    if not stored.ids:
        return {}
    cosines = stored.matrix @ texts_embed(wanted).T  # (sentences, conditions)
    rows: dict[int, list[int]] = {}
    for row, document in enumerate(stored.documents):
        rows.setdefault(document, []).append(row)
    return {
        document: round(float(np.mean(cosines[at].max(axis=0))), 2) for document, at in rows.items()
    }


def likeliest_first(
    documents: Sequence[Document],
    *,
    text: str,
    facets: Sequence[Facet],
    vocabulary: Vocabulary,
    similarity: Mapping[int, float] | None = None,
) -> list[Document]:
    """The documents, likeliest to match first; ties keep their order (stable).

    similarity: similarity_of's, where the caller has it (none: the words alone decide)."""
    words = niche_words(text, facets)
    folded: dict[str, str] = {}
    near = similarity or {}
    scores: dict[int, Any] = {}
    for document in documents:
        terms, held = proxy_score(document.text, words, facets, vocabulary, folded)
        scores[document.pk] = (terms, near.get(document.pk, 0.0), held)
    return sorted(documents, key=lambda document: scores[document.pk], reverse=True)
