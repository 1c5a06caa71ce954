"""Whether a question is about anything the directory holds, decided before anything is read.

A question such as "what time is it in Tokyo" or "write me a poem" is said to be outside what
the directory holds at once: no document is read, no model is called, no judgment is written
(docs/pages.md#a-question-about-nothing-the-directory-holds). It is decided from what the
documents hold, never from a list of topics:

- the embedded model's similarity (docs/embeddings.md) between the question and the stored
  vectors of the documents the visitor's key may read, in one query (the vectors are stored
  when the documents are; only the question is embedded);
- the question's words: whether it asks for people ("who", "anyone", "experts", "marketers",
  "how many", "based in").

A question that asks for people is never outside: it is searched, and where nobody fits the
page says so with the search's own count. A question that asks for no people is outside only
when nothing the documents say comes close to it (NEAR), so a niche the documents state in
other words, which comes close to their sentences whatever the words, is always read.
"""

from __future__ import annotations

import logging
import re

from limma.access import readable_documents
from limma.models import ApiKey

logger = logging.getLogger(__name__)

OUTSIDE_STOP = "outside_directory"  # Run.stop of a question answered so, nothing read
OUTSIDE_SENTENCE = (
    "This question is outside what the directory holds: it holds people — where they are "
    "based, the roles they have held and what their documents say. Ask who has done something, "
    "or who is where."
)
# The cosine of the question to the nearest stored part (MiniLM, docs/embeddings.md) a question
# that asks for no people must reach to be read. Measured on the synthetic directory: its
# niches, in the documents' words or others, come to 0.60 to 0.83; questions about nothing it
# holds ("what time is it in Tokyo", "What's the capital of France?") to 0.16 to 0.43.
NEAR = 0.50
ASKS_FOR_PEOPLE = re.compile(
    r"\b(?:who|whom|whose|anyone|anybody|someone|somebody|everyone|everybody|people|persons?|"
    r"experts?|profiles?|candidates?|consultants?|specialists?|professionals?|veterans?|"
    r"colleagues?|managers?|directors?|heads?|leads?|executives?|"
    r"how many|count|list|show|find|based|located|living|lives|works?|worked|working|"
    # who, in the languages a visitor may well type in: the brief says what it cannot search
    r"wer|wen|wem|qui|quién|quiénes|chi|quem|wie|kto|vem|hvem|kdo)\b"
    # a plural noun of people who do something: marketers, sellers, distributors, chemists
    r"|\b[^\W\d_]{3,}(?:ers|ors|ists|ians|ants|ents)\b",
    re.IGNORECASE,
)


def asks_for_people(question: str) -> bool:
    return ASKS_FOR_PEOPLE.search(question) is not None


def nearest_cosine(question: str, *, key: ApiKey) -> float | None:
    """The cosine of the question to the nearest part of a document the key may read; None when
    the key may read none (then nothing is decided here)."""
    import numpy as np

    from limma.embeddings import text_embed
    from limma.services.vectors import part_vectors

    documents = readable_documents(key).values_list("pk", flat=True)
    stored = part_vectors(document_ids=documents)
    if not stored.ids:
        return None
    return float(np.max(stored.matrix @ text_embed(question)))


def outside_the_directory(question: str, *, key: ApiKey) -> bool:
    """Whether the question is about nothing the directory holds (see the module's rules)."""
    if asks_for_people(question):
        return False
    try:
        nearest = nearest_cosine(question, key=key)
    except Exception:  # the embedded model could not run: the question is read as ever
        logger.exception("the directory's likeness to a question could not be measured")
        return False
    return nearest is not None and nearest < NEAR
