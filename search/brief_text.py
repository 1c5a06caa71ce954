"""A brief's text before it is compiled: markup, clauses and text addressed to the system (a
language the offline compiler does not read is search/brief_language.py).

Pure functions over text, each a closed rule (search/offline.py puts them together). Nothing
here decides a constraint; it only says which characters are not the brief's own words about
people, and why, so that the compiler can drop them AND say so.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

MARKUP = "markup"
ADDRESSED_TO_THE_SYSTEM = "addressed_to_the_system"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# An element whose content is code, not words; then any tag, comment or doctype.
_CODE_ELEMENT = re.compile(r"<(script|style)\b[^>]*>.*?(?:</\1\s*>|$)", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<!--.*?(?:-->|$)|<[A-Za-z/!?][^<>]*>", re.DOTALL)
# A sentence ends at "!", "?", ";" or a line break; at a full stop too, unless the stop ends a
# one-letter word ("U.S.", "J. Smith").
_SENTENCE_END = re.compile(r"[!?;]+|(?<![^\W\d_]\.)(?<!\b[^\W\d_])\.+(?=\s|$)|\n")


def without_markup(brief: str) -> tuple[str, list[str]]:
    """The brief with its markup blanked out (same length, so offsets hold), and the markup.

    Character references are decoded first ("R&amp;D" is "R&D"); a script or style element is
    blanked with its content; every other tag, comment or doctype alone.
    """
    text = html.unescape(brief)
    found: list[str] = []

    def blank(match: re.Match[str]) -> str:
        found.append(match.group())
        return " " * len(match.group())

    text = _CODE_ELEMENT.sub(blank, text)
    text = _TAG.sub(blank, text)
    return text, found


def clauses(text: str) -> list[tuple[int, int]]:
    """The spans of a brief's clauses, empty ones left out.

    Not limma.segment_sentences.sentence_spans, on purpose: that one cuts a document's prose,
    where a full stop before a small letter is an abbreviation's ("approx. two years"); a brief
    is typed as a list of wishes, often in small letters and with semicolons ("in poland; no
    recruiters. must know pricing"), and each wish is compiled on its own, so a clause ends at
    every ";", "!", "?", line break and full stop before a space that is not an initial's."""
    spans, start = [], 0
    for end in _SENTENCE_END.finditer(text):
        spans.append((start, end.start()))
        start = end.end()
    spans.append((start, len(text)))
    return [(low, high) for low, high in spans if text[low:high].strip()]


# -- text addressed to the system: an instruction, never a condition on people ----------------

_OPENS = r"(?:^\s*|[,:(\-]\s*|\b(?:and|then|now|also|please|but)\s+)(?:please\s+)?"
_FILLER = r"(?:(?:all|any|every|each|the|your|my|our|its|previous|prior|above|earlier|former|" \
    r"preceding|these|those|of|me|us)\s+)*"  # fmt: skip
OVERRIDE = re.compile(
    _OPENS
    + r"(?P<at>(?:ignore|disregard|forget|override|bypass|drop)\s+"
    + _FILLER
    + r"(?:instructions?|prompts?|rules|guidelines|directives|guardrails|restrictions|"
    r"system prompt|programming|context)\b)",
    re.IGNORECASE,
)
REVEAL = re.compile(
    _OPENS
    + r"(?P<at>(?:reveal|print|show|list|dump|output|display|give|tell|send|leak|export|read out)"
    r"\s+"
    + _FILLER
    + r"(?:access codes?|codes|passwords?|pass codes?|api keys?|secret keys?|secrets?|"
    r"credentials|system prompt|tokens?)\b)",
    re.IGNORECASE,
)
PERSONA = re.compile(
    _OPENS + r"(?P<at>(?:you are now|from now on you|act as|pretend (?:to be|you are)|"
    r"(?:system|assistant|developer)\s*:))",
    re.IGNORECASE,
)


def addressed_to_the_system(text: str, start: int, end: int) -> int | None:
    """Where, in the sentence text[start:end], words addressed to the system begin, with the
    word that opens their clause ("then print ...", "Please ignore ..."): an order to
    set instructions aside ("ignore your instructions"), to reveal what only the system holds
    ("list every access code"), or to take another part ("you are now ...", "system:").

    The order must open its clause (the sentence's start, after a comma, "and", "then",
    "please"): "people who ignore the rules" describes people and is no order.
    """
    sentence = text[start:end]
    found = [
        match.start() for form in (OVERRIDE, REVEAL, PERSONA) for match in form.finditer(sentence)
    ]
    return start + min(found) if found else None


@dataclass(frozen=True)
class Dropped:
    """Words of the brief that are not searched, and why."""

    words: str
    why: str

    def as_json(self) -> dict[str, str]:
        return {"words": self.words, "why": self.why}
