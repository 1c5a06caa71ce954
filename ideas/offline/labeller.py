"""The offline part_labeller: topics from a sentence's own noun phrases, ranked and filed by the
embedded sentence model (ideas/offline/meaning.py).

No part-of-speech model: a noun phrase is read as a run of at most three words between function
words and punctuation ("the price list is attached" gives "price list" and "attached"). The runs
nearest the sentence's meaning are its topics; each is filed under the shipped broader term
(ideas/offline/concepts.py) nearest it read in its sentence, so "double dose" in "Bed 4 was given
a double dose of insulin" falls under "prescription", a word the sentence never uses.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from ideas.offline.meaning import nearest_concepts
from ideas.words import FUNCTION_WORDS, WORD
from limma.door.shapes import PartLabelRequest
from limma.embeddings import texts_embed
from limma.names import fold_accents

MAX_TOPICS = 3
MAX_RUN = 3
BREAK = re.compile(r"[.,;:!?()\[\]{}\"\u201c\u201d/]")


def phrases(sentence: str) -> list[list[str]]:
    """The sentence's runs of content words, each at most three words long."""
    runs: list[list[str]] = []
    for chunk in BREAK.split(fold_accents(sentence)):
        run: list[str] = []
        for word in (w.casefold() for w in WORD.findall(chunk)):
            if word in FUNCTION_WORDS or word.isdigit() or len(word) < 2:
                if run:
                    runs.append(run)
                run = []
                continue
            run.append(word)
            if len(run) == MAX_RUN:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
    return runs


def topics(sentence: str) -> list[dict[str, str]]:
    """One to three topics of a sentence, each with its broader term; none when it has no run."""
    return sentences_topics([sentence])[0]


def sentences_topics(sentences: list[str]) -> list[list[dict[str, str]]]:
    """Each sentence's topics, the sentences and their runs embedded in one batch.

    A run holding every word of a short sentence would restate it: its words are offered one
    by one instead. The runs the model finds nearest the sentence's meaning come first; each
    topic's broader term is the shipped term nearest the topic read in its sentence.
    """
    runs_of = [sentence_runs(sentence) for sentence in sentences]
    texts = [" ".join(run) for runs in runs_of for run in runs]
    vectors = texts_embed([*sentences, *texts]) if texts else None
    found: list[list[dict[str, str]]] = []
    offset = len(sentences)
    for index, runs in enumerate(runs_of):
        if not runs:
            found.append([])
            continue
        sentence_vector = vectors[index]
        run_vectors = vectors[offset : offset + len(runs)]
        offset += len(runs)
        order = np.argsort(-(run_vectors @ sentence_vector), kind="stable")[:MAX_TOPICS]
        read_in_sentence = run_vectors[order] + sentence_vector
        read_in_sentence /= np.linalg.norm(read_in_sentence, axis=1, keepdims=True)
        broaders = nearest_concepts(read_in_sentence, k=1)
        found.append(
            [
                {"topic": " ".join(runs[row]), "broader": broaders[position][0][0]}
                for position, row in enumerate(order)
            ]
        )
    return found


def sentence_runs(sentence: str) -> list[list[str]]:
    """The sentence's distinct runs, a lone run that restates it split into its words."""
    found = phrases(sentence)
    every = {word for run in found for word in run}
    if len(found) == 1 and len(found[0]) > 1 and set(found[0]) == every:
        found = [[word] for word in found[0]]
    return list({" ".join(run): run for run in found}.values())


def part_labeller(request: PartLabelRequest) -> dict[str, Any]:
    sentences = [sentence for part in request.parts for sentence in part.sentences]
    given = dict(
        zip(
            (sentence.sentence_id for sentence in sentences),
            sentences_topics([sentence.text for sentence in sentences]),
            strict=True,
        )
    )
    return {
        "parts": [
            {
                "part_id": part.part_id,
                "sentences": [
                    {"sentence_id": sentence.sentence_id, "topics": given[sentence.sentence_id]}
                    for sentence in part.sentences
                ],
            }
            for part in request.parts
        ]
    }
