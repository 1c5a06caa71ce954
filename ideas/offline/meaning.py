"""What the embedded sentence model tells the offline idea roles: how near a text lies to the
shipped broader terms (ideas/offline/concepts.py) and to an idea.

A cosine alone says little ("surgical staplers" lies nearer "staple guns" than "surgical
stapling devices", docs/embeddings.md), so an idea is weighed against the broader terms, the
map a sentence is placed on: the idea counted as one more term, a sentence discusses it when
the idea is among the terms the sentence lies nearest. The sentence is weighed without the
idea's own words, which a near miss borrows as often as a phrasing means.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ideas.offline.concepts import CONCEPTS
from ideas.words import FUNCTION_WORDS, WORD, content_stems, stem, words
from limma.embeddings import texts_embed

NEAREST_READ = 3  # the broader terms of a sentence the idea is compared with


@cache
def concept_vectors() -> Any:
    """The broader terms' vectors, embedded once a process."""
    return texts_embed(list(CONCEPTS))


def idea_words(idea: str) -> str:
    """The words that name the idea, the question's frame aside ("where do we discuss ...?")."""
    named = [word for word in words(idea) if word not in FUNCTION_WORDS]
    return " ".join(named) or idea


def without_idea_words(sentence: str, idea: str) -> str:
    """The sentence with the idea's own words taken out, so what is left is weighed by its
    meaning alone: "The staff canteen closes at eight." borrows "staff" from staff shortages
    and, without it, lies nowhere near them."""
    named = set(content_stems(idea_words(idea)))
    kept = [word for word in WORD.findall(sentence) if stem(word) not in named]
    return " ".join(kept)


def nearest_concepts(vectors: Any, k: int = NEAREST_READ) -> list[list[tuple[str, float]]]:
    """Each vector's k nearest broader terms with their cosines, nearest first."""
    if len(vectors) == 0:
        return []
    similarity = np.asarray(vectors) @ concept_vectors().T
    order = np.argsort(-similarity, axis=1, kind="stable")[:, :k]
    return [
        [(CONCEPTS[column], float(similarity[row, column])) for column in columns]
        for row, columns in enumerate(order)
    ]


@dataclass(frozen=True)
class Fit:
    """How an idea stands to one sentence, as the model measures it.

    - likeness: the idea's cosine to the sentence without the idea's own words;
    - margin: that likeness less the sentence's cosine to its nearest broader term (0 or more
      when the idea is what the sentence lies nearest);
    - label_likeness: the idea's cosine to the label's own words;
    - shared_rank: how far down the idea's own list of nearest broader terms the first of the
      sentence's three nearest terms comes (0: they lie nearest the same term);
    - own_rank: how many broader terms lie nearer the sentence than the idea does (the idea,
      counted as one more term, is the sentence's nearest at 0);
    - idea_nearest: the idea's cosine to its own nearest broader term (the list holds the idea
      nearly as worded when it is high);
    - whole_margin: the margin of the sentence as written, the idea's own words left in;
    - names_idea: the sentence holds every word that names the idea.
    """

    likeness: float
    margin: float
    label_likeness: float
    shared_rank: int
    own_rank: int = 0
    idea_nearest: float = 1.0
    whole_margin: float = -1.0
    names_idea: bool = False


def fits(idea: str, items: list[tuple[str, str]]) -> list[Fit]:
    """The idea's fit to each (label, example sentence), embedded in one batch."""
    if not items:
        return []
    labels = [label for label, _ in items]
    examples = [without_idea_words(example, idea) or example for _, example in items]
    wholes = [example for _, example in items]
    vectors = texts_embed([idea_words(idea), *labels, *examples, *wholes])
    idea_vector = vectors[0]
    count = len(items)
    label_vectors = vectors[1 : 1 + count]
    example_vectors = vectors[1 + count : 1 + 2 * count]
    whole_vectors = vectors[1 + 2 * count :]
    concepts = concept_vectors()
    to_concepts = example_vectors @ concepts.T
    likeness = example_vectors @ idea_vector
    whole_margin = whole_vectors @ idea_vector - (whole_vectors @ concepts.T).max(axis=1)
    nearest = np.argsort(-to_concepts, axis=1, kind="stable")[:, :NEAREST_READ]
    idea_to_concepts = concepts @ idea_vector
    idea_rank = np.empty(len(concepts), dtype=int)
    idea_rank[np.argsort(-idea_to_concepts, kind="stable")] = np.arange(len(concepts))
    named = set(content_stems(idea_words(idea)))
    return [
        Fit(
            likeness=float(likeness[row]),
            margin=float(likeness[row] - to_concepts[row, nearest[row, 0]]),
            label_likeness=float(label_vectors[row] @ idea_vector),
            shared_rank=int(idea_rank[nearest[row]].min()),
            own_rank=int((to_concepts[row] > likeness[row]).sum()),
            idea_nearest=float(idea_to_concepts.max()),
            whole_margin=float(whole_margin[row]),
            names_idea=bool(named) and named <= set(content_stems(wholes[row])),
        )
        for row in range(count)
    ]
