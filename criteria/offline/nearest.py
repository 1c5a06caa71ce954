"""What the offline reader proposes a profile states for a condition it does not find in the
condition's own words: the phrase of the experience nearest the condition by the embedded
sentence model (docs/embeddings.md).

A proposal is never a quote: the offline reader reports it as what the profile STATES for the
condition with nothing quoted, so the product's code lists the condition `different` with those
words — offered in stated_instead, confirmed only where the caller accepts them as a name
(`also`) and the name's own sentence and the second call agree. Measured here, no cosine tells
"the same thing" from a neighbour ("surgical staplers" ~ "staple guns" 0.74, ~ "surgical
stapling devices" 0.57), so it proposes and never decides.

Cheap by construction: the experience's nearest sentence comes from the document's stored
vectors (embedded at load); only where it is near enough are that sentence's short phrases
embedded, and each phrase once per process.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from criteria.rules.names.rule import AUXILIARIES, THING_VERBS, VERBS_OF_DOING
from limma.embeddings import texts_embed
from limma.text import closed

# The experience's sentences nearest the condition's words are read for a phrase, the three
# nearest at most, each at least this near: a short condition's words come no nearer a whole
# sentence that states it in other words ("public tenders" ~ "He sells surgical staplers
# through public procurement across Austria." is 0.27).
SENTENCE_FLOOR = 0.20
SENTENCES_READ = 3
# A phrase this near is proposed: "public tenders" ~ "public procurement" is 0.47 (and ~ "bank"
# 0.46: a proposal, never a judgment).
PHRASE_FLOOR = 0.45
# A longer phrase holding the nearest one is proposed instead when it is within this of it:
# "linear and circular staplers" (0.74 to "surgical staplers") over "staplers" (0.88) is a name
# a caller can accept whole.
WHOLER = 0.15
MAX_PHRASE_WORDS = 5
PHRASES_KEPT = 50_000  # phrase vectors kept per process

_TOKEN = re.compile(r"[^\W\d_][\w'\u2019-]*|\d+|[^\w\s]")
# A phrase neither opens nor closes on these: it names a thing, not a link to one.
_EDGES = closed(
    """a an the this that these those her his their its our my your she he they it we i you
    and or but nor of for to from in on at with by as into onto across within throughout via
    through over under about after before since until during among between per than then also
    is are was were be been being has have had do does did who which whose whom where when"""
) | (VERBS_OF_DOING | THING_VERBS | AUXILIARIES)  # a verb opens no name: "sells staplers"
# Inside a phrase: a list ("linear and circular staplers"), never a clause.
_INSIDE = closed("and &") | {"-"}

Proposer = Callable[[str, Sequence[Any]], "str | None"]
_kept: dict[str, Any] = {}


def phrases_of(sentence: str) -> list[str]:
    """Every run of one to five words of the sentence that opens and closes on a word naming
    something, with no punctuation inside but a hyphen, and no number."""
    tokens = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(sentence)]
    found: dict[str, None] = {}
    for first in range(len(tokens)):
        for last in range(first, min(first + MAX_PHRASE_WORDS, len(tokens))):
            words = [token.casefold() for token, _, _ in tokens[first : last + 1]]
            inner = words[1:-1]
            if words[0] in _EDGES or words[-1] in _EDGES:
                continue
            if any(not w[0].isalpha() and w not in _INSIDE for w in words):
                break  # punctuation or a number ends every run through it
            if any(w in _EDGES - _INSIDE for w in inner):
                continue
            found[sentence[tokens[first][1] : tokens[last][2]]] = None
    return list(found)


def _vectors_of(phrases: Sequence[str]) -> Any:
    import numpy as np

    missing = [phrase for phrase in dict.fromkeys(phrases) if phrase not in _kept]
    if missing:
        if len(_kept) + len(missing) > PHRASES_KEPT:
            _kept.clear()
        _kept.update(zip(missing, texts_embed(missing), strict=True))
    return np.vstack([_kept[phrase] for phrase in phrases])


def nearest_phrase(
    words: str,
    sentences: Sequence[Any],
    vectors: Mapping[int, Any],
) -> str | None:
    """The phrase of the sentences nearest the words, where one is near enough; else None.

    sentences: the experience's sentences (each with .start and .text); vectors: the stored
    vector of each sentence by its start in the document (a sentence without one is skipped).
    """
    import numpy as np

    held = [sentence for sentence in sentences if sentence.start in vectors]
    if not held or not words.strip():
        return None
    query = _vectors_of([words])[0]
    near = np.array([float(vectors[sentence.start] @ query) for sentence in held])
    read = [
        held[i]
        for i in np.argsort(-near, kind="stable")[:SENTENCES_READ]
        if near[i] >= SENTENCE_FLOOR
    ]
    phrases = list(dict.fromkeys(p for sentence in read for p in phrases_of(sentence.text)))
    if not phrases:
        return None
    cosines = _vectors_of(phrases) @ query
    best = int(np.argmax(cosines))
    if float(cosines[best]) < PHRASE_FLOOR:
        return None
    wholer = [
        index
        for index, phrase in enumerate(phrases)
        if phrases[best] in phrase and cosines[index] >= cosines[best] - WHOLER
    ]
    return phrases[max(wholer, key=lambda index: (len(phrases[index]), cosines[index]))]


def proposer_for(load_vectors: Callable[[], Mapping[int, Any]]) -> Proposer:
    """nearest_phrase over one document's stored vectors (by sentence start), loaded on the
    first proposal only: a document whose conditions all stand in their own words costs no
    query for them."""
    loaded: list[Mapping[int, Any]] = []

    def propose(words: str, sentences: Sequence[Any]) -> str | None:
        if not loaded:
            loaded.append(load_vectors())
        return nearest_phrase(words, sentences, loaded[0])

    return propose
