"""The offline part_labeller: topics from a sentence's own noun phrases, broader terms from the
shipped lexicon.

No part-of-speech model: a noun phrase is read as a run of at most three words between function
words and punctuation ("the price list is attached" gives "price list" and "attached"). Runs
holding a word the lexicon lists come first, then longer runs, then the sentence's order.
"""

from __future__ import annotations

import re
from typing import Any

from ideas.offline.lexicon import BROADER, broader_of
from ideas.words import FUNCTION_WORDS, WORD, lemma, stem
from limma.door.shapes import PartLabelRequest
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
    """One to three topics of a sentence, each with its broader term; none when it has no run.

    A run holding every word of a short sentence would restate it: its words are offered one
    by one instead. A topic the lexicon does not place falls under its head word (the run's last).
    """
    found = phrases(sentence)
    every = {word for run in found for word in run}
    if len(found) == 1 and len(found[0]) > 1 and set(found[0]) == every:
        found = [[word] for word in found[0]]
    runs = list({" ".join(run): run for run in found}.values())
    order = {id(run): index for index, run in enumerate(runs)}
    runs.sort(key=lambda run: (not any(stem(w) in BROADER for w in run), -len(run), order[id(run)]))
    return [
        {
            "topic": " ".join(run),
            "broader": broader_of([stem(w) for w in run]) or lemma(run[-1]),
        }
        for run in runs[:MAX_TOPICS]
    ]


def part_labeller(request: PartLabelRequest) -> dict[str, Any]:
    return {
        "parts": [
            {
                "part_id": part.part_id,
                "sentences": [
                    {"sentence_id": sentence.sentence_id, "topics": topics(sentence.text)}
                    for sentence in part.sentences
                ],
            }
            for part in request.parts
        ]
    }
