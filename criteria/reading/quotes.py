"""Finding a reading model's words in the document itself, by exact offsets; reading a count.

"Models read, code checks": nothing a reply says is kept unless the same characters stand in
the stored document, so every span here satisfies text[start:end] == words. No folding of
case, accents, spacing or Unicode form: "é" written as e + U+0301 is other characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date

from limma.segment_sentences import sentence_spans
from limma.text import MONTH_STARTS

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


# A count of years as words write it: "more than 20 years", "20+ years", "about two decades".
# fmt: off
_NUMBERS = {
    word: value
    for value, word in enumerate([
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen",
    ])
} | {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "a": 1, "an": 1}
# fmt: on
_AT_LEAST = ("more than", "over", "at least", "upwards of", "in excess of")
_ABOUT = ("about", "around", "approximately", "roughly", "some", "circa")
_UNBOUNDED = (
    "almost",
    "nearly",
    "close to",
    "up to",
    "under",
    "less than",
    "fewer than",
    "not quite",
    "just under",
)
_NUMBER = (
    r"\d+(?:\.\d+)?|(?:twenty|thirty|forty|fifty)(?:[-\s](?:one|two|three|four|five|six|seven"
    r"|eight|nine))?|" + "|".join(sorted(_NUMBERS, key=len, reverse=True))
)
_COUNT = re.compile(
    rf"(?:\b(?P<qualifier>{'|'.join(_AT_LEAST + _ABOUT + _UNBOUNDED)})\s+)?"
    rf"\b(?P<number>{_NUMBER})\s*(?P<plus>\+)?[\s-]*"
    r"(?P<unit>years?|yrs?|decades?|months?|weeks?|days?)\b",
    re.IGNORECASE,
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_START = rf"(?:(?P<start_month>{_MONTH})\s+)?(?P<start_year>(?:19|20)\d\d)"
_END = (
    rf"(?:(?:(?P<end_month>{_MONTH})\s+)?(?P<end_year>(?:19|20)\d\d)|(?P<open>present|today|now))"
)
_PERIODS = (
    re.compile(rf"\bsince\s+{_START}\b", re.IGNORECASE),
    re.compile(rf"\bbetween\s+{_START}\s+and\s+{_END}\b", re.IGNORECASE),
    re.compile(
        rf"\b{_START}\s*(?:to|until|till|through|-|\u2013|\u2014)\s*{_END}\b", re.IGNORECASE
    ),
)


def count_of(words: str, as_of: date | None) -> tuple[float | None, str | None] | None:
    """(years, bound) the words write, None when they write no time at all.

    A reading aid for a person, never evidence: at_least, exactly, about (two fewer), or period
    (the months between the dates); (None, None) where nothing bounds the count from below.
    """
    match = _COUNT.search(words)
    if match is not None:
        return _counted(match)
    for pattern in _PERIODS:
        match = pattern.search(words)
        if match is not None:
            return _dated(match, as_of)
    return None


def _counted(match: re.Match[str]) -> tuple[float | None, str | None]:
    qualifier = (match["qualifier"] or "").lower()
    unit = match["unit"].lower()
    number = _number(match["number"])
    if number is None or qualifier in _UNBOUNDED or not unit.startswith(("y", "decade")):
        return None, None
    years = number * 10 if unit.startswith("decade") else number
    if qualifier in _AT_LEAST or match["plus"]:
        return years, "at_least"
    if qualifier in _ABOUT:
        return max(years - 2, 0.0), "about"
    return years, "exactly"


def _number(written: str) -> float | None:
    if written[0].isdigit():
        return float(written)
    parts = re.split(r"[-\s]+", written.lower())
    values = [_NUMBERS.get(part) for part in parts]
    return None if None in values else float(sum(value for value in values if value))


def _dated(match: re.Match[str], as_of: date | None) -> tuple[float | None, str | None]:
    """The months between two dates, at least: a bare start year from its December, a bare end
    year from its January; an open end is the document's own date, or bounds nothing."""
    start = int(match["start_year"]) * 12 + _month(match["start_month"], 12)
    groups: Mapping[str, str | None] = match.groupdict()
    if groups.get("end_year"):
        end = int(groups["end_year"] or 0) * 12 + _month(groups.get("end_month"), 1)
    elif as_of is not None:
        end = as_of.year * 12 + as_of.month
    else:
        return None, None
    if end < start:
        return None, None
    return round((end - start) / 12, 2), "period"


def _month(written: str | None, otherwise: int) -> int:
    return otherwise if not written else MONTH_STARTS.index(written[:3].lower()) + 1
