"""Finding a reading model's words in the document itself, by exact offsets.

"Models read, code checks": nothing a reply says is kept unless the same characters stand in
the stored document, so every span here satisfies text[start:end] == words. No folding of
case, accents, spacing or Unicode form: "é" written as e + U+0301 is other characters.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from limma.segment_sentences import sentence_spans

Span = tuple[int, int]


@dataclass(frozen=True)
class Found:
    """Where words were found: inside one of the experience's sentences, or elsewhere."""

    start: int
    end: int
    inside: bool


def occurrences(text: str, words: str) -> Iterator[Span]:
    """Every occurrence of `words` in `text`, overlapping ones included, in text order."""
    if not words:
        return
    at = text.find(words)
    while at != -1:
        yield at, at + len(words)
        at = text.find(words, at + 1)


def locate_sentences(text: str, sentences: Iterable[str]) -> list[tuple[str, Span]]:
    """The sentences found in the text, each at its first occurrence not already taken.

    A sentence the text does not hold is dropped. Outer white space is not the model's
    evidence and is left off; two equal sentences listed twice take two occurrences.
    """
    located: list[tuple[str, Span]] = []
    taken: set[Span] = set()
    for sentence in sentences:
        words = sentence.strip()
        span = next((each for each in occurrences(text, words) if each not in taken), None)
        if span is not None:
            taken.add(span)
            located.append((words, span))
    return located


def locate(text: str, words: str, spans: Iterable[Span]) -> Found | None:
    """Where `words` stand, preferring an occurrence inside ONE of `spans`; None when nowhere."""
    bounds = tuple(spans)
    first: Span | None = None
    for start, end in occurrences(text, words):
        if any(low <= start and end <= high for low, high in bounds):
            return Found(start, end, inside=True)
        first = first or (start, end)
    return None if first is None else Found(first[0], first[1], inside=False)


def containing(spans: Iterable[Span], start: int, end: int) -> Span | None:
    """The first of `spans` that holds start..end whole."""
    return next(((low, high) for low, high in spans if low <= start and end <= high), None)


def sentence_around(text: str, start: int, end: int) -> Span:
    """The whole sentence (or run of sentences) of the text that holds start..end.

    The text's sentences as limma.segment_sentences cuts a text given without parts; words
    that stand between two sentences keep their own edge there.
    """
    spans = sentence_spans(text)
    last = max(end, start + 1) - 1
    low = next((low for low, high in spans if low <= start < high), start)
    high = next((high for low, high in spans if low <= last < high), end)
    return low, max(high, end)
