"""The experience's start, read by the reader from the sentence that opens it — so the length
rule's check 6 (contradicts_its_start) runs where the reading model reports no period.

The spec's check 6 reads a start only from a period the model reports ("What it cannot see: a
start nobody reported"): "In 2021 she moved to Halden Foods AS to lead … . Anneke has done this
work for more than 20 years." in a reply that lists no period is granted. Here the opening
sentence of the experience (the first of its sentences in the document) is read for the date
its start is written with, in closed forms only:

* "since <date>" — "Since March 2001, she has led …";
* "from <date>" — "From 2009 she ran …", "from 2009 to 2015";
* "in <date>" in a sentence holding a verb of starting (STARTING_VERBS) — "joined Halden Foods
  in 2015", "In 2021 she moved to Halden Foods AS".

A date is one the length rule reads (criteria.rules.lengths.count.DATE: "March 2001", "2001-03",
"03/2001", "2001"). Where the sentence writes several, the earliest is its start. Where the
model reported a start too and the two disagree, the EARLIER is used — the one that allows
more time, so the reader's reading never withholds a length the model's period would grant —
and every length handed on from the experience says which start was used and by whom.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from criteria.rules.lengths.count import DATE, months_of

MODEL, READER = "model", "reader"
STARTING_VERBS = frozenset(
    (
        *("joined", "joins", "join", "joining", "moved", "moves", "started", "starts", "began"),
        *("begun", "became", "becomes", "founded", "co-founded", "cofounded", "arrived"),
        *("came", "appointed", "named", "hired", "promoted", "recruited", "took", "entered"),
        *("established", "launched", "opened", "set", "stepped", "transferred", "relocated"),
    )
)
_SINCE_OR_FROM = re.compile(rf"\b(?:since|from)\s+(?P<date>{DATE})", re.IGNORECASE)
_IN = re.compile(rf"\bin\s+(?P<date>{DATE})", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?")

Span = tuple[int, int]


@dataclass(frozen=True)
class StartUsed:
    """The start check 6 is held to, and where it came from."""

    used: str | None
    by: str | None  # MODEL or READER
    reported: str | None  # the model's period start, as reported
    read: str | None  # the reader's own, from the opening sentence

    def said(self) -> dict[str, Any] | None:
        """What a handed-on length says of it: only where the reader's reading counted — the
        model reported none, or the two disagree."""
        if self.read is None or _same(self.read, self.reported):
            return None
        return {"used": self.used, "by": self.by, "reported": self.reported, "read": self.read}


def start_written(sentence: str) -> str | None:
    """The date the sentence dates a start with, in the closed forms; the earliest of them."""
    found = [match["date"] for match in _SINCE_OR_FROM.finditer(sentence)]
    words = {word.casefold() for word in _WORD.findall(sentence)}
    if words & STARTING_VERBS:
        found += [match["date"] for match in _IN.finditer(sentence)]
    dated = [(months_of(each, start=False), each) for each in found]
    dated = [(months, each) for months, each in dated if months is not None]
    return min(dated)[1] if dated else None


def start_used(text: str, experience: tuple[Span, ...], reported: str | None) -> StartUsed:
    """The start check 6 reads: the model's, the reader's from the opening sentence, or the
    earlier of the two where both are there."""
    opening = min(experience) if experience else None
    read = start_written(text[opening[0] : opening[1]]) if opening else None
    if read is None:
        return StartUsed(reported, MODEL if reported else None, reported, None)
    if reported is None or _earlier(read, reported):
        return StartUsed(read, READER, reported, read)
    return StartUsed(reported, MODEL, reported, read)


def _earlier(first: str, second: str) -> bool:
    one, two = months_of(first, start=False), months_of(second, start=False)
    if two is None:
        return one is not None
    return one is not None and one < two


def _same(first: str, second: str | None) -> bool:
    return second is not None and months_of(first, start=False) == months_of(second, start=False)
