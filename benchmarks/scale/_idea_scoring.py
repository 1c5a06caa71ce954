"""idea_worlds.py's scoring: what a set of matched parts found of the gold, and the trivial optima.

Passages are the parts the product's own segmenter cuts (limma.segment, a pure function), so
Limma, the trivial optima and the baselines are scored over the same units. A planted sentence
is found when the part holding it is matched; a matched part that holds no sentence gold expects
for the idea is a part matched that holds none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from benchmarks.scale._idea_world import NEAR_MISS, GoldSentence, World

PartKey = tuple[str, int, int]  # file name, start, end

# The words of a question that frame it rather than name its idea.
FRAME_TEXT = (
    "a about an and any are as at be by can discuss discussed discusses do documents does for "
    "from how in is it of on or our talk talks the to we what where which who with"
)
FRAME_WORDS = frozenset(FRAME_TEXT.split())
WORD = re.compile(r"[^\W\d_]+")
SUFFIXES = ("ing", "ed", "es", "s", "e")


@dataclass(frozen=True)
class WorldPart:
    file_name: str
    start: int
    end: int
    text: str

    @property
    def key(self) -> PartKey:
        return (self.file_name, self.start, self.end)


def world_parts(world: World) -> list[WorldPart]:
    """Every part of every document, as the product's segmenter cuts it, in document order."""
    from limma.segment import segment

    return [
        WorldPart(document.file_name, span.start, span.end, document.text[span.start : span.end])
        for document in world.documents
        for span in segment(document.text)
    ]


def stem(word: str) -> str:
    """A crude stem, enough to meet "raising" with "raise" and "prices" with "price"."""
    word = word.casefold()
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def idea_words(question: str) -> set[str]:
    """The stems of the question's own words, framing words aside."""
    return {stem(w) for w in WORD.findall(question) if w.casefold() not in FRAME_WORDS}


def own_words_parts(parts: Iterable[WorldPart], question: str) -> set[PartKey]:
    """The trivial optimum "match the idea's own words": every part holding one of them."""
    wanted = idea_words(question)
    return {part.key for part in parts if wanted & {stem(w) for w in WORD.findall(part.text)}}


def every_part(parts: Iterable[WorldPart]) -> set[PartKey]:
    """The trivial optimum "match every part": recall 1, precision the share of gold parts."""
    return {part.key for part in parts}


@dataclass
class Score:
    """One idea under one reading, for one set of matched parts."""

    expected: int
    found: int
    matched_parts: int
    parts_holding_none: int
    in_possibly: int = 0
    near_misses_matched: int = 0
    missed: list[tuple[str, GoldSentence]] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float | None:
        """None when nothing was matched: no part was claimed, none is wrong or right."""
        if not self.matched_parts:
            return None
        return (self.matched_parts - self.parts_holding_none) / self.matched_parts


def pooled(scores: list[Score]) -> Score:
    """Several ideas' scores as one: their counts added (recall and precision over the pool)."""
    return Score(
        expected=sum(s.expected for s in scores),
        found=sum(s.found for s in scores),
        matched_parts=sum(s.matched_parts for s in scores),
        parts_holding_none=sum(s.parts_holding_none for s in scores),
        in_possibly=sum(s.in_possibly for s in scores),
        near_misses_matched=sum(s.near_misses_matched for s in scores),
        missed=[m for s in scores for m in s.missed],
    )


class Gold:
    """The world's gold, indexed by the part each sentence lies in."""

    def __init__(self, world: World, parts: list[WorldPart]) -> None:
        self.world = world
        self.parts = parts
        by_file: dict[str, list[WorldPart]] = {}
        for part in parts:
            by_file.setdefault(part.file_name, []).append(part)
        self.part_of: dict[tuple[str, int], PartKey] = {}
        self.sentences_in: dict[PartKey, list[GoldSentence]] = {}
        for document in world.documents:
            for sentence in document.sentences:
                part = next(
                    p
                    for p in by_file[document.file_name]
                    if p.start <= sentence.start and sentence.end <= p.end
                )
                self.part_of[(document.file_name, sentence.start)] = part.key
                self.sentences_in.setdefault(part.key, []).append(sentence)

    def expected_parts(self, idea: str, reading: str) -> set[PartKey]:
        return {self.part_of[key] for key in self.world.expected(idea, reading)}

    def score(
        self,
        idea: str,
        reading: str,
        matched: set[PartKey],
        possibly: set[PartKey] = frozenset(),
    ) -> Score:
        expected = self.world.expected(idea, reading)
        found = {key for key in expected if self.part_of[key] in matched}
        in_possibly = {key for key in expected - found if self.part_of[key] in possibly}
        holding_none = [
            part
            for part in matched
            if not any(s.discusses(idea, reading) for s in self.sentences_in.get(part, ()))
        ]
        near_misses = [
            part
            for part in matched
            if any(s.role == NEAR_MISS and s.idea == idea for s in self.sentences_in.get(part, ()))
        ]
        sentences = {
            (document.file_name, sentence.start): sentence
            for document, sentence in self.world.gold()
        }
        return Score(
            expected=len(expected),
            found=len(found),
            matched_parts=len(matched),
            parts_holding_none=len(holding_none),
            in_possibly=len(in_possibly),
            near_misses_matched=len(near_misses),
            missed=[(key[0], sentences[key]) for key in sorted(expected - found)],
        )
